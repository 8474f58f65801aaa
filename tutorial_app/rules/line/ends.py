"""The ends of the chain (and the lead) named in a sentence, as messages in every form a sentence needs.

Why forms and not one word: Russian and Ukrainian decline the end after a
preposition («подходит к левому концу», «підходить до лівого кінця», «на
левом конце»), and a short form follows a number ("4 (left)"). Each form is
its own message, told apart by a context, so every language's catalog gives
the form its own sentences need: ``end, dative`` is the form after "fits
the" (ru «к …», uk «до …», es with its article), ``end, locative`` after
"on the" (ru/uk «на …»), ``end, short`` after a number, ``end, where`` after
a tile ("6-4 on the left").
"""

from __future__ import annotations

from collections.abc import Mapping

from tutorial_app.rules.text import Text, msgc

__all__ = ["end_noun", "end_dative", "end_locative", "end_short", "end_where"]

_NOUN: Mapping[str, Text] = {
    "lead": msgc("end", "lead"),
    "left": msgc("end", "left end"),
    "right": msgc("end", "right end"),
    "up": msgc("end", "upper end"),
    "down": msgc("end", "lower end"),
    "": msgc("end", "end"),
}
_DATIVE: Mapping[str, Text] = {
    "lead": msgc("end, dative", "lead"),
    "left": msgc("end, dative", "left end"),
    "right": msgc("end, dative", "right end"),
    "up": msgc("end, dative", "upper end"),
    "down": msgc("end, dative", "lower end"),
    "": msgc("end, dative", "end"),
}
_LOCATIVE: Mapping[str, Text] = {
    "lead": msgc("end, locative", "lead"),
    "left": msgc("end, locative", "left end"),
    "right": msgc("end, locative", "right end"),
    "up": msgc("end, locative", "upper end"),
    "down": msgc("end, locative", "lower end"),
    "": msgc("end, locative", "end"),
}
_SHORT: Mapping[str, Text] = {
    "lead": msgc("end, short", "lead"),
    "left": msgc("end, short", "left"),
    "right": msgc("end, short", "right"),
    "up": msgc("end, short", "upper"),
    "down": msgc("end, short", "lower"),
    "": msgc("end, short", "end"),
}
_WHERE: Mapping[str, Text] = {
    "lead": msgc("end, where", "as the lead"),
    "left": msgc("end, where", "on the left"),
    "right": msgc("end, where", "on the right"),
    "up": msgc("end, where", "at the top"),
    "down": msgc("end, where", "at the bottom"),
    "": msgc("end, where", "at an end"),
}


def end_noun(end: str | None) -> Text:
    """The end as a noun: "left end" / «левый конец» (a neutral "end" for None or an unknown name)."""
    return _NOUN.get(end or "", _NOUN[""])


def end_dative(end: str | None) -> Text:
    """The end after "fits the …": «к левому концу» in Russian, «до лівого кінця» in Ukrainian."""
    return _DATIVE.get(end or "", _DATIVE[""])


def end_locative(end: str | None) -> Text:
    """The end after "on the …": «на левом конце»."""
    return _LOCATIVE.get(end or "", _LOCATIVE[""])


def end_short(end: str | None) -> Text:
    """The end after a number: "4 (left)"."""
    return _SHORT.get(end or "", _SHORT[""])


def end_where(end: str | None) -> Text:
    """The end after a tile: "6-4 on the left"."""
    return _WHERE.get(end or "", _WHERE[""])
