"""People's names on the board: written as Plotly shows them, for a shared table where seats are people.

``labels.seat_label`` puts a person's name in place of "Seat N" ("Anna · 7 tiles"); the name is someone's
own text, so its tags and entities are written out, never read as Plotly markup.
"""

from __future__ import annotations

__all__ = ["plotly_text"]


def plotly_text(text: str) -> str:
    """Text Plotly shows as it is: its tags (``<b>``, ``<a href>``) and entities are written out."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
