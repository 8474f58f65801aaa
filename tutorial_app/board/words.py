"""How much room words take on a board: one estimate of a line's height and a letter's width for every game's
labels (pure, no plotly).

Why an estimate and not a measurement: the figure is built on the server, which has no fonts; the browser
draws the words later. The estimate is generous, so words estimated to fit do.
"""

from __future__ import annotations

import math

from tutorial_app.language import LANGS
from tutorial_app.rules.text import Text

__all__ = ["LINE_EM", "LETTER_EM", "lines_of", "text_width", "line_count", "wrapped", "wrap_words"]

LINE_EM = 1.3
"""The height of a line of words, in font sizes (Plotly's line spacing in a text of several lines)."""
LETTER_EM = 0.55
"""A letter's width, in font sizes: generous (the figure's sans-serif writes Latin and Cyrillic words at about
0.40-0.53), so a label estimated to fit does."""


def lines_of(text: Text) -> list[str]:
    """Every line of ``text`` (Plotly's ``<br>`` between two) in every language the app speaks."""
    return [line for lang in LANGS for line in text.in_(lang).split("<br>")]


def text_width(text: Text, letter: float) -> float:
    """The widest line of ``text`` in any language the app speaks, in units (``letter``: a letter's width).

    Why every language: a table is laid out once for all of them, so a learner who switches language sees
    the same table."""
    return letter * max(len(line) for line in lines_of(text))


def line_count(text: Text) -> int:
    """How many lines ``text`` takes in the language that writes it on the most."""
    return max(text.in_(lang).count("<br>") + 1 for lang in LANGS)


def wrapped(text: Text, width: float, letter: float) -> Text:
    """``text`` as written where no line of it is wider than ``width`` in any language, else each language's
    words on the fewest lines that are not (a word wider than that alone on its line), as even as they can be.

    Why each language on its own: a sentence breaks between its words, and the words are the language's."""
    if text_width(text, letter) <= width:
        return text
    most = max(1, math.floor(width / letter))
    en, ru, uk, es = (wrap_words(text.in_(lang).replace("<br>", " ").split(), most) for lang in LANGS)
    return Text(en, ru, uk, es)


def wrap_words(words: list[str], most: int) -> str:
    """``words`` on the fewest lines of at most ``most`` letters, as even as they can be, ``<br>`` between."""

    def lines(limit: int) -> list[str]:
        out: list[str] = []
        for word in words:
            if out and len(out[-1]) + 1 + len(word) <= limit:
                out[-1] += " " + word
            else:
                out.append(word)
        return out

    longest = max(len(word) for word in words)
    fewest = len(lines(max(most, longest)))
    even = next(limit for limit in range(longest, max(most, longest) + 1) if len(lines(limit)) <= fewest)
    return "<br>".join(lines(even))
