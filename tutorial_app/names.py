"""The rule for a person's name as the app keeps it: a learner's stars and a club room's members share it.

Why a module of its own: the progress store (``tutorial_app.stores.progress``)
and the club room (``tutorial_app.club``) both accept names typed by people,
and the club's core must not import the Streamlit app to do so.
"""

from __future__ import annotations

import unicodedata

from tutorial_app.rules.text import Text

__all__ = ["MAX_NAME", "name_problem", "normal_name"]

MAX_NAME = 60


def normal_name(name: str) -> str:
    """A name as stored: NFC, trimmed, inner spaces kept (check it with ``name_problem`` first)."""
    return unicodedata.normalize("NFC", name).strip()


def name_problem(name: str) -> Text | None:
    """What is wrong with a typed name (empty, too long, control characters), or None when it may be kept."""
    text = normal_name(name)
    if not text:
        return Text("empty name", "пустое имя")
    if len(text) > MAX_NAME:
        return Text(f"name longer than {MAX_NAME} characters", f"имя длиннее {MAX_NAME} символов")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        return Text("name with control characters", "в имени есть управляющие символы")
    return None
