"""fairdice: recompute provably-fair dice and say whether they were fair."""

__version__ = "0.1.0"
