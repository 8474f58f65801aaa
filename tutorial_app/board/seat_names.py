"""Players' names on the board instead of "Seat 2": for a shared table, where seats are people.

The board names seats as the rules core does ("Seat 2 · 7 tiles"), which
every lesson and the Play page want; a shared table's screens see people,
so ``figure.board_picture`` writes their names in place of "Seat N".
"""

from __future__ import annotations

__all__ = ["named_label", "plotly_text"]


def plotly_text(text: str) -> str:
    """Text Plotly shows as it is: its tags (``<b>``, ``<a href>``) and entities are written out."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def named_label(label: str, seat: int, name: str, lang: str) -> str:
    """A seat's label with a person's ``name`` in place of "Seat N" (the viewer stays "You")."""
    word = f"Seat {seat}" if lang != "ru" else f"Игрок {seat}"
    return label.replace(word, plotly_text(name), 1)
