"""Dealing a hand: shuffling with a seeded source, redeals, and who leads.

Why the lead is decided here: every first-lead rule (``FirstLead``: the
lowest or highest double, domino 101's order of doubles, 6-6 must lead, the
highest tile, by lot...) reads the dealt hands (and for 101 the boneyard), so
the deal and the lead are one step; a deal that no lead rule can open is
redealt.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from tutorial_app.rules.line.options import FirstLead, FirstTile, HouseRules, Redeal
from tutorial_app.rules.line.state import EMPTY_TABLE, HandState, Status
from tutorial_app.rules.line.who import seat_who, side_who
from tutorial_app.rules.text import RulesError, Text, msg, msgc, seat_name
from tutorial_app.rules.tiles import ALL_TILES, DOUBLES, FULL_MASK, SUIT_MASK, Tile, tiles_of_mask

__all__ = ["LeadDecision", "decide_first_lead", "lead_orders", "redeal_reason", "deal", "start_hand", "DealError"]


# Enum members as module constants: read once per deal in the simulator's loop.
_DETERMINING, _REDEAL_101, _IN_PLAY = FirstTile.DETERMINING, Redeal.DOMINO101, Status.IN_PLAY


class DealError(RulesError):
    """No playable deal could be made (should not happen with valid rules); ``reason`` in en and ru."""


def _why_words(why: str, tile: Tile | None) -> Text:
    """Why the rule named the leader, as the clause between "Seat 2 leads:" and ", and may lead any tile"."""
    words = {
        "lowest_double": msg("they hold the lowest double, {tile}", tile=tile),
        "lowest_tile": msg("nobody has a double from 1-1 to 6-6 and they hold the lowest tile, {tile}", tile=tile),
        "highest_double": msg("they hold the highest double, {tile}", tile=tile),
        "highest_tile_no_double": msg(
            "nobody has a double from 6-6 to 1-1 and they hold the highest tile, {tile}", tile=tile
        ),
        "holds": msg("they hold {tile}", tile=tile),
        "priority_101": msg("they hold {tile}, the first double in the order 1-1, 2-2 … 6-6, 0-0", tile=tile),
        "donkey": msg("they hold the smallest double from 1-1 up, {tile}", tile=tile),
        "highest_tile": msg("they hold the highest tile, {tile}", tile=tile),
    }
    return words[why]


class LeadDecision(NamedTuple):
    """Who leads, which tiles they may lead, and why (``seat`` None: by lot, not known yet).

    ``why`` names the rule that decided and ``tile`` the determining tile;
    ``reason`` turns them into a sentence only when somebody reads it: who
    leads, because they hold which tile, and what they may lead (said once:
    a page shows no other "any tile" line beside it).
    """

    seat: int | None
    lead_mask: int
    why: str
    tile: Tile | None = None

    @property
    def by_rule(self) -> bool:
        """Whether the first-lead rule named the leader by a tile someone was dealt (a match's first hand;
        not the last winner, not a lot): then the lead is a clue to the hands."""
        return self.seat is not None and self.tile is not None and self.why not in ("winner", "lots")

    @property
    def lead_tiles(self) -> list[Tile]:
        return list(tiles_of_mask(self.lead_mask))

    @property
    def reason(self) -> Text:
        if self.seat is None:
            return msg("The leader is decided by drawing lots.")
        name = seat_name(self.seat)
        if self.why == "lots":
            return msg("{seat:cap} drew the highest tile by lot and leads any tile.", seat=name)
        if self.why == "winner":
            return msg("{seat:cap} leads any tile.", seat=name)
        words = _why_words(self.why, self.tile)
        if self.lead_mask == FULL_MASK:
            return msg("{seat:cap} leads: {words}, and may lead any tile.", seat=name, words=words)
        return msg("{seat:cap} leads: {words}, and must lead that tile.", seat=name, words=words)


_DOUBLE_OF = tuple(Tile(n, n) for n in range(7))
_BY_STRENGTH = sorted(ALL_TILES, key=lambda t: (t.pips, 1 if t.is_double else 0, t.hi))
"""Tiles from the lowest to the highest (larger pip total, then the double, then the larger high half)."""
_LOWEST_FIRST = sorted(ALL_TILES, key=lambda t: (t.pips, 0 if t.is_double else 1, t.hi))
"""Tiles from the lowest: smaller pip total, then the double, then the smaller high half."""
_HIGHEST_FIRST = _BY_STRENGTH[::-1]


def _holder(hands: Sequence[int], tile: Tile) -> int | None:
    bit = tile.bit
    for seat, mask in enumerate(hands):
        if mask & bit:
            return seat
    return None


def _first_held(hands: Sequence[int], order: Sequence[Tile]) -> tuple[int, Tile] | None:
    dealt = 0
    for mask in hands:
        dealt |= mask
    for tile in order:
        if dealt & tile.bit:
            seat = _holder(hands, tile)
            assert seat is not None
            return seat, tile
    return None


def _decision(rules: HouseRules, found: tuple[int, Tile], why: str) -> LeadDecision:
    seat, tile = found
    mask = tile.bit if rules.first_tile is _DETERMINING else FULL_MASK
    return LeadDecision(seat, mask, why, tile)


_ORDERS: dict[FirstLead, tuple[tuple[Tile, ...], str]] = {
    FirstLead.LOWEST_DOUBLE_NOT_BLANK: (tuple(_DOUBLE_OF[1:]), "lowest_double"),
    FirstLead.HIGHEST_DOUBLE: (tuple(_DOUBLE_OF[6:0:-1]), "highest_double"),
    FirstLead.BLANK_THEN_HIGHEST: ((_DOUBLE_OF[0], *_DOUBLE_OF[6:0:-1]), "holds"),
    FirstLead.PRIORITY_101: ((*_DOUBLE_OF[1:], _DOUBLE_OF[0]), "priority_101"),
    FirstLead.DOUBLE_SIX_MUST: ((_DOUBLE_OF[6],), "holds"),
    FirstLead.DONKEY: ((*_DOUBLE_OF[1:], _DOUBLE_OF[0]), "donkey"),
}
_FALLBACKS: dict[FirstLead, tuple[list[Tile], str]] = {
    FirstLead.LOWEST_DOUBLE_NOT_BLANK: (_LOWEST_FIRST, "lowest_tile"),
    FirstLead.HIGHEST_DOUBLE: (_HIGHEST_FIRST, "highest_tile_no_double"),
    FirstLead.BLANK_THEN_HIGHEST: (_HIGHEST_FIRST, "highest_tile_no_double"),
}


def lead_orders(rule: FirstLead) -> tuple[tuple[Tile, ...], tuple[Tile, ...]] | None:
    """The tiles a first-lead rule looks for, in its order, and its fallback order (empty: redeal).

    The first tile of the orders that any hand holds decides the leader; None
    for a rule decided by lot. Why public: the analysis reads the lead as a
    clue (whoever led held the first of these tiles, so nobody held an
    earlier one) and deals its own hands by the same orders.
    """
    if rule in _ORDERS:
        fallback = _FALLBACKS.get(rule)
        return _ORDERS[rule][0], tuple(fallback[0]) if fallback is not None else ()
    if rule is FirstLead.HIGHEST_TILE:
        return tuple(_HIGHEST_FIRST), ()
    return None


def decide_first_lead(rules: HouseRules, hands: Sequence[int], rng: random.Random | None = None) -> LeadDecision | None:
    """The first hand's leader under ``rules.first_lead``; ``None`` means redeal.

    ``draw_lots`` needs ``rng``; without one the leader is unknown (seat None).
    """
    rule = rules.first_lead
    if rule in _ORDERS:
        order, why = _ORDERS[rule]
        found = _first_held(hands, order)
        if found is not None:
            return _decision(rules, found, why)
        if rule not in _FALLBACKS:
            return None
        fallback, why = _FALLBACKS[rule]
        found = _first_held(hands, fallback)
        assert found is not None
        return _decision(rules, found, why)
    if rule is FirstLead.HIGHEST_TILE:
        found = _first_held(hands, _HIGHEST_FIRST)
        assert found is not None
        return _decision(rules, found, "highest_tile")
    # draw lots: each player turns up a tile from the shuffled set; highest leads any tile
    if rng is None:
        return LeadDecision(None, FULL_MASK, "lots")
    return LeadDecision(draw_lots(rules.players, rng), FULL_MASK, "lots")


def _strength(tile: Tile) -> tuple[int, int, int]:
    """Highest tile: larger pip total, then the double, then the larger high half."""
    return (tile.pips, 1 if tile.is_double else 0, tile.hi)


def draw_lots(players: int, rng: random.Random) -> int:
    """Each player turns up one tile of the shuffled set; the highest leads."""
    turned = rng.sample(ALL_TILES, players)
    return max(range(players), key=lambda s: _strength(turned[s]))


def redeal_reason(
    rules: HouseRules, hands: Sequence[int], lead: LeadDecision | None, viewer: int | None = None
) -> Text | None:
    """Why this deal must be dealt again, or ``None``: no tile the lead rule needs, or domino 101's redeals.

    With ``viewer`` (the learner's seat) the reason speaks to the learner:
    "you hold 5 doubles", "your pair has no tile of suit 1".
    """
    if lead is None:
        return msg("No player holds a tile the first-lead rule needs: redeal.")
    if rules.redeal is not _REDEAL_101:
        return None
    for seat, mask in enumerate(hands):
        reason = _hand_redeal_reason(seat, mask, viewer)
        if reason is not None:
            return reason
    return _pairs_redeal_reason(rules, hands, lead, viewer)


def _pairs_redeal_reason(
    rules: HouseRules, hands: Sequence[int], lead: LeadDecision, viewer: int | None
) -> Text | None:
    """Domino 101 for four: the opening double finds the other pair without a tile of its suit."""
    if not rules.in_pairs or lead.seat is None or bin(lead.lead_mask).count("1") != 1:
        return None
    opening = next(tiles_of_mask(lead.lead_mask))
    side = rules.side_of(lead.seat)
    others = 0
    for seat, mask in enumerate(hands):
        if rules.side_of(seat) != side:
            others |= mask
    if not opening.is_double or others & SUIT_MASK[opening.lo]:
        return None
    if viewer is None:
        return msg(
            "The hand opens with {opening} and the other side has no tile of suit {lo}: redeal.",
            opening=opening,
            lo=opening.lo,
        )
    other = side_who(rules, 1 - side, viewer)
    return other.pick(
        msg("The hand opens with {opening} and you have no tile of suit {lo}: redeal.", opening=opening, lo=opening.lo),
        msg(
            "The hand opens with {opening} and {who} has no tile of suit {lo}: redeal.",
            opening=opening,
            who=other.name,
            lo=opening.lo,
        ),
    )


_COUNT = {
    5: msgc("a count, as a sentence writes it", "5"),
    6: msgc("a count, as a sentence writes it", "6"),
    7: msgc("a count, as a sentence writes it", "7"),
}
"""Counts a redeal names: Russian writes them in words («пять дублей»)."""


def _hand_redeal_reason(seat: int, mask: int, viewer: int | None) -> Text | None:
    """Domino 101's redeal conditions on one hand, or None: five or more doubles; six or more tiles
    of one number; five of one number without its double.

    Why the words come last: the simulator deals thousands of hands, and most stand.
    """
    doubles = sum(1 for d in DOUBLES if mask & d.bit)
    if doubles >= 5:
        who = seat_who(seat, viewer)
        return who.pick(
            msg("You hold {count} doubles (5 or more): redeal.", count=_COUNT[doubles]),
            msg("{who:cap} holds {count} doubles (5 or more): redeal.", who=who.name, count=_COUNT[doubles]),
        )
    for n in range(7):
        count = bin(mask & SUIT_MASK[n]).count("1")
        if count >= 6:
            who = seat_who(seat, viewer)
            return who.pick(
                msg("You hold {count} tiles of suit {suit} (6 or more): redeal.", count=_COUNT[count], suit=n),
                msg(
                    "{who:cap} holds {count} tiles of suit {suit} (6 or more): redeal.",
                    who=who.name,
                    count=_COUNT[count],
                    suit=n,
                ),
            )
        if count == 5 and not mask & Tile(n, n).bit:
            who = seat_who(seat, viewer)
            return who.pick(
                msg("You hold 5 tiles of suit {suit} without {suit}-{suit}: redeal.", suit=n),
                msg("{who:cap} holds 5 tiles of suit {suit} without {suit}-{suit}: redeal.", who=who.name, suit=n),
            )
    return None


def start_hand(
    rules: HouseRules,
    hands: Sequence[int],
    boneyard: Sequence[Tile],
    leader: int,
    lead_mask: int = FULL_MASK,
    bank: int = 0,
) -> HandState:
    """A hand ready for its lead."""
    return HandState(
        rules,
        tuple(hands),
        tuple(boneyard),
        EMPTY_TABLE,
        leader,
        leader,
        -1,
        _IN_PLAY,
        -1,
        False,
        bank,
        (0,) * rules.sides,
        None,
        False,
        lead_mask,
    )


class Deal(NamedTuple):
    """A dealt hand and the deals thrown in before it (with their reasons)."""

    state: HandState
    lead: LeadDecision
    redeals: tuple[Text, ...]


def deal(
    rules: HouseRules,
    rng: random.Random,
    leader: int | None = None,
    bank: int = 0,
    max_tries: int = 1000,
    viewer: int | None = None,
) -> Deal:
    """Shuffle and deal until the deal stands; ``leader`` (a later hand) leads any tile.

    With ``viewer`` (the learner's seat) the reasons for deals thrown in speak
    to the learner ("you hold 5 doubles"), as the table labels that seat.
    """
    size = rules.hand_size
    players = rules.players
    redeals: list[Text] = []
    random_key = rng.random
    for _ in range(max_tries):
        tiles = sorted(ALL_TILES, key=lambda _tile: random_key())
        hands = []
        for seat in range(players):
            mask = 0
            for tile in tiles[seat * size : (seat + 1) * size]:
                mask |= tile.bit
            hands.append(mask)
        boneyard = tiles[players * size :]
        lead = decide_first_lead(rules, hands, rng) if leader is None else LeadDecision(leader, FULL_MASK, "winner")
        reason = redeal_reason(rules, hands, lead, viewer)
        if reason is None and lead is not None and lead.seat is not None:
            return Deal(start_hand(rules, hands, boneyard, lead.seat, lead.lead_mask, bank), lead, tuple(redeals))
        redeals.append(reason or msg("redeal"))
    raise DealError(msg("no deal stood after {max_tries} tries", max_tries=max_tries))
