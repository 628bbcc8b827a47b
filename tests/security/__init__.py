"""Hostile input, faults, abuse and least privilege (issue 5)."""
