""" "What we know": per other seat the numbers it cannot hold (and why), per number the tiles still unseen.

The count a good player keeps in their head, computed exactly from the
seat's view: a number is "cannot hold" when no deal consistent with the
record gives that seat a tile of it (because it passed or drew on it, or
because every such tile is already in sight).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tutorial_app.rules.text import Text, joined, listed, msg, msgc, seat_genitive, seat_name, verbatim
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, Tile
from tutorial_app.strategy.inference import Knowledge, infer
from tutorial_app.strategy.sampler import DealSampler
from tutorial_app.strategy.view import SeatView

__all__ = [
    "ClueKind",
    "clue_kind",
    "SeatFacts",
    "WhatWeKnow",
    "what_we_know",
    "none_reasons",
    "lead_fact",
    "lead_rules_out",
    "and_list",
    "numbers_and",
    "numbers_or",
    "Certainty",
    "certainty",
]


@dataclass(frozen=True)
class Certainty:
    """Exact chances over the deals a seat's record allows: ``chance[tile][holder]`` (holder: seat or STOCK)."""

    knowledge: Knowledge
    chance: dict[int, dict[int, float]]

    def holds_none(self, seat: int, number: int) -> bool:
        """Whether ``seat`` surely has no unseen tile showing ``number``."""
        return all(self.chance.get(t.index, {}).get(seat, 0.0) == 0.0 for t in ALL_TILES if t.has(number))

    def sure_tiles(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` surely holds."""
        return tuple(ALL_TILES[i] for i, shares in self.chance.items() if shares.get(seat, 0.0) >= 1.0 - 1e-12)


def certainty(knowledge: Knowledge) -> Certainty:
    """The exact chances of every hidden tile's whereabouts."""
    sampler = DealSampler(knowledge)
    return Certainty(sampler.knowledge, sampler.marginals())


def and_list(items: Sequence[str], word: str) -> str:
    """ "2, 3 and 5" ("2, 3 и 5" with ``word="и"``)."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


def numbers_and(items: Sequence[object]) -> Text:
    """ "2, 3 and 5" in every language (numbers or tiles, each written as it is)."""
    return listed([verbatim(str(i)) for i in items])


def numbers_or(items: Sequence[object]) -> Text:
    """ "2, 3 or 5" (the Russian and Ukrainian of "nobody was dealt 1-1 or 2-2" join them with «и»/«і»)."""
    parts = [verbatim(str(i)) for i in items]
    if len(parts) == 1:
        return parts[0]
    return msgc("list, after a negation", "{items} or {last}", items=joined(parts[:-1], ", "), last=parts[-1])


ClueKind = Literal["none", "in_sight", "pass", "draw", "lead", "elsewhere"]


def clue_kind(knowledge: Knowledge | None, seat: int, number: int) -> ClueKind:
    """What shows that ``seat`` holds no ``number``: its own hand ("none", every hand open), every such tile in
    sight, its pass or draw on it, the lead, or the counts ("elsewhere"). The puzzles' themes read it."""
    if knowledge is None:
        return "none"
    if not knowledge.unseen & SUIT_MASK[number]:
        return "in_sight"
    void = knowledge.latest_void(seat, number)
    if void is not None:
        return "draw" if void.event.kind == "draw" else "pass"
    if knowledge.unseen & SUIT_MASK[number] & ~knowledge.lead_forbidden == 0:
        return "lead"
    return "elsewhere"


def none_reasons(knowledge: Knowledge | None, seat: int, numbers: Sequence[int]) -> list[Text]:
    """Why ``seat`` holds none of ``numbers``: the passes and draws that showed it, numbers grouped by the
    seat and the kind of event ("seat 1 passed on 2 and 5"); numbers all in sight; numbers whose hidden
    tiles are surely elsewhere (the counts or the lead show it). Without ``knowledge`` (every hand open)
    the hand itself is the reason."""
    grouped: dict[tuple[str, int], list[int]] = {}
    for number in numbers:
        grouped.setdefault((clue_kind(knowledge, seat, number), seat), []).append(number)
    out = []
    for (kind, who), group in grouped.items():
        if kind == "lead" and knowledge is not None:
            out.append(_lead_reason(knowledge, group))
        else:
            out.append(_reason(kind, who, numbers_and(group)))
    return out


def _lead_reason(knowledge: Knowledge, numbers: list[int]) -> Text:
    """ "the lead of 4-4 shows nobody was dealt 1-1": the hidden tiles of ``numbers`` the lead rules out."""
    mask = 0
    for n in numbers:
        mask |= SUIT_MASK[n]
    return lead_rules_out(
        knowledge, [t for t in ALL_TILES if t.bit & mask & knowledge.unseen & knowledge.lead_forbidden]
    )


def lead_rules_out(knowledge: Knowledge, tiles: Sequence[Tile]) -> Text:
    """Why nobody was dealt ``tiles``: "the lead of 4-4 shows nobody was dealt 1-1" when the rule named the
    lead tile, "seat 1 led by the first-lead rule, so nobody was dealt 1-1" when any tile could be led."""
    names = numbers_or(tiles)
    view = knowledge.view
    if view.lead_named:
        return msg("the lead of {tile} shows nobody was dealt {tiles}", tile=str(view.lead_tile), tiles=names)
    return msg(
        "{seat} led by the first-lead rule, so nobody was dealt {tiles}", seat=seat_name(knowledge.leader), tiles=names
    )


def _reason(kind: str, seat: int, numbers: Text) -> Text:
    name = seat_name(seat)
    if kind == "draw":
        return msg("{seat} drew on {numbers}", seat=name, numbers=numbers)
    if kind == "pass":
        return msg("{seat} passed on {numbers}", seat=name, numbers=numbers)
    if kind == "in_sight":
        return msg("every {numbers} is in sight", numbers=numbers)
    if kind == "elsewhere":
        return msg("every hidden {numbers} is surely elsewhere", numbers=numbers)
    return msg("{seat} holds no {numbers}", seat=seat_genitive(seat), numbers=numbers)


def lead_fact(knowledge: Knowledge, sure: Certainty, seat: int) -> Text | None:
    """ "seat 0 led, so seat 0 holds 1-1": in a first hand, the tile that surely gave ``seat`` the lead and
    that it still holds, or None."""
    tile = knowledge.lead_tile_held()
    if tile is None or knowledge.leader != seat or tile not in sure.sure_tiles(seat):
        return None
    return msg("{seat} led, so {holder} holds {tile}", seat=seat_name(seat), holder=seat_genitive(seat), tile=str(tile))


@dataclass(frozen=True)
class SeatFacts:
    """What one other seat cannot hold: ``cannot_hold`` numbers and the ``reasons`` (the passes and draws
    that showed it, numbers grouped: ``none_reasons``); ``tiles`` how many it holds;
    ``sure`` tiles it surely holds; ``partner`` when it plays on the viewer's side; ``lead`` the first
    lead's clue when it shows a tile the seat holds (``lead_fact``)."""

    seat: int
    partner: bool
    tiles: int
    cannot_hold: tuple[int, ...]
    reasons: tuple[Text, ...]
    sure: tuple[Tile, ...]
    lead: Text | None = None


@dataclass(frozen=True)
class WhatWeKnow:
    """The "What we know" panel for one seat (see the module's docstring).

    ``unseen`` is, per number 0-6, how many tiles showing it the seat has not
    seen; ``boneyard`` the boneyard's size.
    """

    seat: int
    others: tuple[SeatFacts, ...]
    unseen: tuple[int, ...]
    boneyard: int

    def lines(self, lang: str = "en") -> list[str]:
        """The panel as short lines of text."""
        out = []
        for facts in self.others:
            who = msg("{seat} (partner)", seat=seat_name(facts.seat)) if facts.partner else seat_name(facts.seat)
            if facts.cannot_hold:
                numbers = ", ".join(str(n) for n in facts.cannot_hold)
                out.append(msg("{who}: no {numbers}", who=who, numbers=numbers).in_(lang))
            elif facts.lead is None:
                out.append(msg("{who}: nothing known yet", who=who).in_(lang))
            if facts.lead is not None:
                out.append(facts.lead.in_(lang))
        counts = ", ".join(f"{n}: {c}" for n, c in enumerate(self.unseen))
        out.append(msg("unseen tiles by number — {counts}", counts=counts).in_(lang))
        return out


def what_we_know(view: SeatView, knowledge: Knowledge | None = None) -> WhatWeKnow:
    """The panel for ``view.seat``."""
    knowledge = knowledge or infer(view)
    sure = certainty(knowledge)
    rules = view.rules
    unseen = view.unseen()
    others = []
    for seat in range(rules.players):
        if seat == view.seat:
            continue
        # a number with nothing unseen is left out: nobody can hold it, and the count per number says so once
        numbers = [n for n in range(7) if unseen & SUIT_MASK[n] and sure.holds_none(seat, n)]
        reasons = none_reasons(sure.knowledge, seat, numbers)
        partner = rules.side_of(seat) == rules.side_of(view.seat)
        lead = lead_fact(sure.knowledge, sure, seat)
        others.append(
            SeatFacts(seat, partner, view.hand_sizes[seat], tuple(numbers), tuple(reasons), sure.sure_tiles(seat), lead)
        )
    counts = tuple(bin(unseen & SUIT_MASK[n]).count("1") for n in range(7))
    return WhatWeKnow(view.seat, tuple(others), counts, view.boneyard_size)
