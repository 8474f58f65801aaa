"""How much the analysis thinks by default: a module with no numpy, so the command line can name the budget in
its help without importing the engine (``domino-tutor referee`` should not pay for the analysis's start-up)."""

from __future__ import annotations

__all__ = ["DEFAULT_PLAYOUTS"]

DEFAULT_PLAYOUTS = 1000
"""Sampled deals per move for a hint (a fifth as many are solved exactly once few tiles are left)."""
