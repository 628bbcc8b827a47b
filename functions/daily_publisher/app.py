"""Placeholder replaced by the verify API work (issue 3)."""
