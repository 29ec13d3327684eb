"""Hypothesis strategies for differential tests of ports against the reference."""
