""""What we know": per other seat the numbers it cannot hold (and why), per number the tiles still unseen.

The count a good player keeps in their head, computed exactly from the
seat's view: a number is "cannot hold" when no deal consistent with the
record gives that seat a tile of it (because it passed or drew on it, or
because every such tile is already in sight).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial_app.rules.text import Text, seat_name
from tutorial_app.rules.tiles import ALL_TILES, SUIT_MASK, Tile
from tutorial_app.strategy.inference import Knowledge, Void, infer
from tutorial_app.strategy.sampler import DealSampler
from tutorial_app.strategy.view import SeatView

__all__ = ["SeatFacts", "WhatWeKnow", "what_we_know", "void_reason", "Certainty", "certainty"]


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


def void_reason(void: Void) -> Text:
    """"seat 1 passed on 2" (or drew on 2)."""
    name = seat_name(void.seat)
    if void.event.kind == "draw":
        return Text(f"{name.en} drew on {void.number}", f"{name.ru} брал с базара на {void.number}")
    return Text(f"{name.en} passed on {void.number}", f"{name.ru} спасовал на {void.number}")


def _all_seen(number: int) -> Text:
    return Text(f"every {number} is in sight", f"все кости с {number} уже видны")


@dataclass(frozen=True)
class SeatFacts:
    """What one other seat cannot hold: ``cannot_hold`` numbers, each with its reason; ``tiles`` it holds;
    ``sure`` tiles it surely holds; ``partner`` when it plays on the viewer's side."""

    seat: int
    partner: bool
    tiles: int
    cannot_hold: tuple[int, ...]
    reasons: tuple[Text, ...]
    sure: tuple[Tile, ...]


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
        ru = lang == "ru"
        out = []
        for facts in self.others:
            who = seat_name(facts.seat).in_(lang)
            if facts.partner:
                who += " (партнёр)" if ru else " (partner)"
            if facts.cannot_hold:
                numbers = ", ".join(str(n) for n in facts.cannot_hold)
                out.append(f"{who}: нет {numbers}" if ru else f"{who}: no {numbers}")
            else:
                out.append(f"{who}: ничего не известно" if ru else f"{who}: nothing known yet")
        counts = ", ".join(f"{n}: {c}" for n, c in enumerate(self.unseen))
        out.append(f"не видно костей по числам — {counts}" if ru else f"unseen tiles by number — {counts}")
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
        numbers, reasons = [], []
        for n in range(7):
            if not unseen & SUIT_MASK[n]:
                continue  # nobody can hold it: the count per number says so once
            if sure.holds_none(seat, n):
                numbers.append(n)
                void = sure.knowledge.latest_void(seat, n)
                reasons.append(void_reason(void) if void is not None else _all_seen(n))
        partner = rules.side_of(seat) == rules.side_of(view.seat)
        others.append(SeatFacts(seat, partner, view.hand_sizes[seat], tuple(numbers), tuple(reasons),
                                sure.sure_tiles(seat)))
    counts = tuple(bin(unseen & SUIT_MASK[n]).count("1") for n in range(7))
    return WhatWeKnow(view.seat, tuple(others), counts, view.boneyard_size)

