"""Unit tests of the pure core (`shared/fairdice`)."""
