"""Positions more than one test folder reads (imported by bare name: tests/ is on the path)."""

from __future__ import annotations

__all__ = ["H734"]

H734 = {
    "rules": "block",
    "hands": [["4-0", "6-0", "2-2", "4-2", "4-3"], ["0-0", "2-0", "3-2", "3-3"]],
    "chain": ["3-1", "1-1", "1-6", "6-4", "4-5"],
    "to_move": 0,
    "moves": [{"tile": "4-3", "end": "left"}, {"action": "pass"}],
}
"""The review's h734, 2-player block: seat 0 to move after seat 1 passed with 4 and 5 on the ends. Few tiles are
left: solved over all 210 deals that fit, 4-2 on the left wins 55.2 % and 4-0 on the left 46.7 %, while the
playouts rank 4-0 first."""
