"""Domino Tutor: an interactive rules tutorial for dominoes."""

__version__ = "0.1.0"
