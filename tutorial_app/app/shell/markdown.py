"""Text a visitor typed, linked or uploaded, shown back as Markdown that renders exactly those characters.

Why: a lesson id from a link, a value in a pasted position, a name in a
progress file are shown back to the learner; rendered as Markdown they could
draw images from anywhere, add links or fake a heading. Every such text goes
through ``plain`` first.
"""

from __future__ import annotations

import re

__all__ = ["plain"]

# What Markdown, HTML, Streamlit's colour, emoji and icon directives (:red[..], :material/..:) or LaTeX
# could read anywhere in a line, and what could start a list, a heading or a rule at its start.
_MARKUP = re.compile(r"([\\`*_\[\]()#!<>~|$:&])")
_LINE_START = re.compile(r"^(?:([-+=])|(\d+)\.)")


# Markdown turns these into links even when escaped; in a code span they stay text.
_AUTOLINK = re.compile(r"(?:[a-zA-Z][a-zA-Z0-9+.-]*://|www\.|[\w.+-]+@[\w-]+\.)\S*")


def plain(text: str, width: int = 300) -> str:
    """Text as Markdown that shows exactly these characters, on one line, shortened past ``width``.

    Markup characters are escaped; an address (``http://...``, ``www...``,
    ``a@b.c``) goes into a code span, where it cannot become a link.
    """
    flat = " ".join(str(text).split())
    if len(flat) > width:
        flat = flat[: width - 1] + "…"
    parts, last = [], 0
    for found in _AUTOLINK.finditer(flat):
        parts.append(_escaped(flat[last : found.start()], at_start=last == 0))
        parts.append(_code(found.group()))
        last = found.end()
    parts.append(_escaped(flat[last:], at_start=last == 0))
    return "".join(parts)


def _escaped(text: str, at_start: bool) -> str:
    escaped = _MARKUP.sub(r"\\\1", text)
    if not at_start:
        return escaped
    return _LINE_START.sub(lambda m: "\\" + m[1] if m[1] else m[2] + "\\.", escaped, count=1)


def _code(text: str) -> str:
    """``text`` as an inline code span, its fence longer than any run of backticks inside."""
    runs = [len(run) for run in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
