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
from tutorial_app.rules.text import Text, declined, msgc

__all__ = ["Who", "seat_who", "side_who"]

Person = Literal["you", "he", "she"]


class Who(NamedTuple):
    """A seat or a side named for a sentence, as a message in the cases a sentence needs.

    ``person`` drives verb agreement: "you" (you hold / вы пишете), "he" (a
    seat: holds / пишет, вышел), "she" (a pair, «пара»: пишет, вышла). A
    sentence is two messages, one for "you" and one with a ``{who}`` field
    (``pick``), so that every language makes its verb agree; ``name`` fills
    that field, and a translation asks for the case its sentence needs
    (``{who:gen}``: «у игрока 2»; ``{who:dat}``, ``{who:ins}``).
    """

    person: Person
    name: Text
    """The name as a message field: "seat 2", «игрок 2», "your pair (0 + 2)"; declined (``rules.text.declined``),
    so a translation writes ``{who:gen}`` for «у игрока 2»."""

    def pick(self, you: Text, other: Text) -> Text:
        """``you`` when this is the learner, else ``other`` (the sentence with a ``{who}`` field)."""
        return you if self.you else other

    @property
    def you(self) -> bool:
        return self.person == "you"


_YOU = Who(
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
            "she",
            declined(
                msgc("pair", "your pair ({seats})", seats=joined),
                msgc("pair, genitive", "your pair ({seats})", seats=joined),
                msgc("pair, dative", "your pair ({seats})", seats=joined),
                msgc("pair, instrumental", "your pair ({seats})", seats=joined),
            ),
        )
    return Who(
        "she",
        declined(
            msgc("pair", "the pair of seats {seats}", seats=joined),
            msgc("pair, genitive", "the pair of seats {seats}", seats=joined),
            msgc("pair, dative", "the pair of seats {seats}", seats=joined),
            msgc("pair, instrumental", "the pair of seats {seats}", seats=joined),
        ),
    )
