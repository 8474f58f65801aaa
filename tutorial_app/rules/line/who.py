"""Naming seats and sides in a worked explanation, from the learner's seat.

Why a small grammar: an explanation speaks to the learner ("you hold 6-5",
«у вас 6-5») and about the others ("seat 1 holds", «у игрока 1»), and
Russian needs the case and the verb to agree. The rules core stays free of
UI code: the caller only says which seat the learner is (or none, for the
referee's neutral voice).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.text import EMPTY, Text, declined, msgc

__all__ = ["Who", "seat_who", "side_who"]

Person = Literal["you", "he", "she"]


class Who(NamedTuple):
    """A seat or a side named for a sentence: as messages in the cases a sentence needs, and (the old form, for
    callers not yet on messages) as English and Russian strings.

    ``person`` drives verb agreement: "you" (you hold / вы пишете), "he" (a
    seat: holds / пишет, вышел), "she" (a pair, «пара»: пишет, вышла). A
    sentence is two messages, one for "you" and one with a ``{who}`` field
    (``pick``), so that every language makes its verb agree; ``name`` fills
    that field, and a translation asks for the case its sentence needs
    (``{who:gen}``: «у игрока 2»; ``{who:dat}``, ``{who:ins}``).
    """

    en: str
    en_poss: str
    ru: str
    ru_gen: str
    ru_dat: str
    ru_ins: str
    person: Person
    name: Text = EMPTY
    """The name as a message field: "seat 2", «игрок 2», "your pair (0 + 2)"; declined (``rules.text.declined``),
    so a translation writes ``{who:gen}`` for «у игрока 2»."""

    def pick(self, you: Text, other: Text) -> Text:
        """``you`` when this is the learner, else ``other`` (the sentence with a ``{who}`` field)."""
        return you if self.you else other

    @property
    def you(self) -> bool:
        return self.person == "you"

    @property
    def en_cap(self) -> str:
        return self.en[:1].upper() + self.en[1:]

    @property
    def ru_cap(self) -> str:
        return self.ru[:1].upper() + self.ru[1:]

    def en_verb(self, you_form: str, other_form: str) -> str:
        """The English verb for this subject: ``hold`` for "you", ``holds`` otherwise."""
        return you_form if self.you else other_form

    def ru_verb(self, you_form: str, he_form: str, she_form: str | None = None) -> str:
        """The Russian verb for this subject (вы пишете / игрок пишет / пара пишет)."""
        if self.you:
            return you_form
        if self.person == "she" and she_form is not None:
            return she_form
        return he_form


_YOU = Who(
    "you",
    "your",
    "вы",
    "вас",
    "вам",
    "вами",
    "you",
    declined(
        msgc("who", "you"),
        msgc("who, genitive", "you"),
        msgc("who, dative", "you"),
        msgc("who, instrumental", "you"),
    ),
)


def seat_who(seat: int, viewer: int | None = None) -> Who:
    """A seat: "you" when it is the learner's, else "seat 2" / «игрок 2»."""
    if viewer is not None and seat == viewer:
        return _YOU
    return Who(
        f"seat {seat}",
        f"seat {seat}'s",
        f"игрок {seat}",
        f"игрока {seat}",
        f"игроку {seat}",
        f"игроком {seat}",
        "he",
        declined(
            msgc("seat", "seat {seat}", seat=seat),
            msgc("seat, genitive", "seat {seat}", seat=seat),
            msgc("seat, dative", "seat {seat}", seat=seat),
            msgc("seat, instrumental", "seat {seat}", seat=seat),
        ),
    )


def side_who(rules: HouseRules, side: int, viewer: int | None = None) -> Who:
    """A side: a seat when everyone plays alone, else a pair ("your pair", "seats 1 + 3")."""
    seats = rules.seats_of(side)
    if len(seats) == 1:
        return seat_who(seats[0], viewer)
    joined = " + ".join(str(s) for s in seats)
    if viewer is not None and viewer in seats:
        return Who(
            f"your pair ({joined})",
            "your pair's",
            f"ваша пара ({joined})",
            f"вашей пары ({joined})",
            f"вашей паре ({joined})",
            f"вашей парой ({joined})",
            "she",
            declined(
                msgc("pair", "your pair ({seats})", seats=joined),
                msgc("pair, genitive", "your pair ({seats})", seats=joined),
                msgc("pair, dative", "your pair ({seats})", seats=joined),
                msgc("pair, instrumental", "your pair ({seats})", seats=joined),
            ),
        )
    return Who(
        f"the pair of seats {joined}",
        f"the pair of seats {joined}'s",
        f"пара {joined}",
        f"пары {joined}",
        f"паре {joined}",
        f"парой {joined}",
        "she",
        declined(
            msgc("pair", "the pair of seats {seats}", seats=joined),
            msgc("pair, genitive", "the pair of seats {seats}", seats=joined),
            msgc("pair, dative", "the pair of seats {seats}", seats=joined),
            msgc("pair, instrumental", "the pair of seats {seats}", seats=joined),
        ),
    )
