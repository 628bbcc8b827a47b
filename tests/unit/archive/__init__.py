"""Tests of fairdice.archive: one file per module."""
