"""Slow plain-Python rules used as the tests' oracle."""
