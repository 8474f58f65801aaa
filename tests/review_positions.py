"""Positions more than one test folder reads (imported by bare name: tests/ is on the path)."""

from __future__ import annotations

from tutorial_app.rules import tien_gow as tg

__all__ = ["H734", "earth_led"]

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


def earth_led() -> tg.HandState:
    """Tien Gow: seat 3 leads Earth (1-1); seat 0 (the viewer) holds two Heavens, a nine, an eight and more."""
    hands = [
        ["6-6", "6-6", "6-3", "5-3", "2-2"],
        ["1-1", "4-4", "5-2", "6-5", "6-1"],
        ["3-1", "5-5", "3-3", "6-4", "4-2"],
        ["1-1", "4-4", "3-1", "5-5", "2-1"],
    ]
    return tg.position(tg.TienGowRules(), hands, banker=3, leader=3, taken=(0, 1, 1, 1), moves=["play 1-1"])
