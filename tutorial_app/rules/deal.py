"""Dealing a hand: shuffling with a seeded source, redeals, and who leads.

Why the lead is decided here: every first-lead rule of RULES.md section 4
reads the dealt hands (and for 101 the boneyard), so the deal and the lead
are one step; a deal that no lead rule can open is redealt.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from tutorial_app.rules.options import FirstLead, FirstTile, HouseRules, Redeal, Teams
from tutorial_app.rules.state import EMPTY_TABLE, HandState
from tutorial_app.rules.text import Text, seat_name
from tutorial_app.rules.tiles import ALL_TILES, DOUBLES, FULL_MASK, SUIT_MASK, Tile, tiles_of_mask

__all__ = ["LeadDecision", "decide_first_lead", "redeal_reason", "deal", "start_hand", "DealError"]


class DealError(ValueError):
    """No playable deal could be made (should not happen with valid rules)."""


class LeadDecision(NamedTuple):
    """Who leads, which tiles they may lead, and why (``seat`` None: by lot, unknown)."""

    seat: int | None
    lead_mask: int
    reason: Text

    @property
    def lead_tiles(self) -> list[Tile]:
        return list(tiles_of_mask(self.lead_mask))


def _holder(hands: Sequence[int], tile: Tile) -> int | None:
    for seat, mask in enumerate(hands):
        if mask & tile.bit:
            return seat
    return None


def _strength(tile: Tile) -> tuple[int, int, int]:
    """Highest tile: larger pip total, then the double, then the larger high half."""
    return (tile.pips, 1 if tile.is_double else 0, tile.hi)


def _extreme_tile(hands: Sequence[int], highest: bool) -> tuple[int, Tile]:
    best: tuple[int, Tile] | None = None
    for seat, mask in enumerate(hands):
        for tile in tiles_of_mask(mask):
            if best is None:
                best = (seat, tile)
                continue
            better = _strength(tile) > _strength(best[1]) if highest else _low_key(tile) < _low_key(best[1])
            if better:
                best = (seat, tile)
    assert best is not None
    return best


def _low_key(tile: Tile) -> tuple[int, int, int]:
    """Lowest tile: smaller pip total, then the double, then the smaller high half."""
    return (tile.pips, 0 if tile.is_double else 1, tile.hi)


def _by_double_order(
    rules: HouseRules, hands: Sequence[int], order: Sequence[int], why_en: str, why_ru: str
) -> LeadDecision | None:
    for number in order:
        double = Tile(number, number)
        seat = _holder(hands, double)
        if seat is not None:
            return _decision(rules, seat, double, f"{why_en} {double}", f"{why_ru} {double}")
    return None


def _decision(rules: HouseRules, seat: int, tile: Tile, why_en: str, why_ru: str) -> LeadDecision:
    mask = tile.bit if rules.first_tile is FirstTile.DETERMINING else FULL_MASK
    name = seat_name(seat)
    return LeadDecision(seat, mask, Text(f"{name.en.capitalize()} leads: {why_en}.", f"{name.ru.capitalize()} ходит первым: {why_ru}."))


def decide_first_lead(rules: HouseRules, hands: Sequence[int], rng: random.Random | None = None) -> LeadDecision | None:
    """The first hand's leader under ``rules.first_lead``; ``None`` means redeal.

    ``draw_lots`` needs ``rng``; without one the leader is unknown (seat None).
    """
    rule = rules.first_lead
    if rule is FirstLead.LOWEST_DOUBLE_NOT_BLANK:
        found = _by_double_order(rules, hands, range(1, 7), "lowest double", "младший дубль")
        if found:
            return found
        seat, tile = _extreme_tile(hands, highest=False)
        return _decision(rules, seat, tile, f"nobody has a double from 1-1 to 6-6, lowest tile {tile}", f"ни у кого нет дублей от 1-1 до 6-6, младшая кость {tile}")
    if rule is FirstLead.HIGHEST_DOUBLE:
        found = _by_double_order(rules, hands, range(6, 0, -1), "highest double", "старший дубль")
        if found:
            return found
        seat, tile = _extreme_tile(hands, highest=True)
        return _decision(rules, seat, tile, f"no doubles, highest tile {tile}", f"дублей нет, старшая кость {tile}")
    if rule is FirstLead.BLANK_THEN_HIGHEST:
        found = _by_double_order(rules, hands, (0, 6, 5, 4, 3, 2, 1), "holds", "у него")
        if found:
            return found
        seat, tile = _extreme_tile(hands, highest=True)
        return _decision(rules, seat, tile, f"no doubles, highest tile {tile}", f"дублей нет, старшая кость {tile}")
    if rule is FirstLead.PRIORITY_101:
        return _by_double_order(rules, hands, (1, 2, 3, 4, 5, 6, 0), "first double by priority 1-1, 2-2 … 6-6, 0-0:", "первый дубль по порядку 1-1, 2-2 … 6-6, 0-0:")
    if rule is FirstLead.DOUBLE_SIX_MUST:
        return _by_double_order(rules, hands, (6,), "holds", "у него")
    if rule is FirstLead.DONKEY:
        return _by_double_order(rules, hands, (1, 2, 3, 4, 5, 6, 0), "smallest double from 1-1 up:", "наименьший дубль начиная с 1-1:")
    if rule is FirstLead.HIGHEST_TILE:
        seat, tile = _extreme_tile(hands, highest=True)
        return _decision(rules, seat, tile, f"highest tile {tile}", f"старшая кость {tile}")
    # draw lots: each player turns up a tile from the shuffled set; highest leads any tile
    if rng is None:
        return LeadDecision(None, FULL_MASK, Text("The leader is decided by drawing lots.", "Первый ход разыгрывается по жребию."))
    seat = draw_lots(rules.players, rng)
    return LeadDecision(seat, FULL_MASK, Text(
        f"{seat_name(seat).en.capitalize()} drew the highest tile and leads any tile.",
        f"{seat_name(seat).ru.capitalize()} вытянул старшую кость и заходит любой.",
    ))


def draw_lots(players: int, rng: random.Random) -> int:
    """Each player turns up one tile of the shuffled set; the highest leads."""
    turned = rng.sample(ALL_TILES, players)
    return max(range(players), key=lambda s: _strength(turned[s]))


def redeal_reason(rules: HouseRules, hands: Sequence[int], lead: LeadDecision | None) -> Text | None:
    """Why this deal must be dealt again, or ``None`` (RULES.md section 5 and the lead rules)."""
    if lead is None:
        return Text("No player holds a tile the first-lead rule needs: redeal.", "Ни у кого нет кости, нужной для первого хода: пересдача.")
    if rules.redeal is not Redeal.DOMINO101:
        return None
    for seat, mask in enumerate(hands):
        doubles = sum(1 for d in DOUBLES if mask & d.bit)
        if doubles >= 5:
            return Text(
                f"{seat_name(seat).en.capitalize()} holds {doubles} doubles (5 or more): redeal.",
                f"У игрока на месте {seat} {doubles} дублей (5 и больше): пересдача.",
            )
        for n in range(7):
            count = bin(mask & SUIT_MASK[n]).count("1")
            has_double = bool(mask & Tile(n, n).bit)
            if count >= 6 or (count == 5 and not has_double):
                return Text(
                    f"{seat_name(seat).en.capitalize()} holds {count} tiles of suit {n}: redeal.",
                    f"У игрока на месте {seat} {count} костей серии {n}: пересдача.",
                )
    if rules.teams is Teams.PAIRS and lead.seat is not None and bin(lead.lead_mask).count("1") == 1:
        opening = next(tiles_of_mask(lead.lead_mask))
        if opening.is_double:
            side = rules.side_of(lead.seat)
            others = 0
            for seat, mask in enumerate(hands):
                if rules.side_of(seat) != side:
                    others |= mask
            if not others & SUIT_MASK[opening.lo]:
                return Text(
                    f"The hand opens with {opening} and the other side has no tile of suit {opening.lo}: redeal.",
                    f"Раздача открывается {opening}, а у другой стороны нет ни одной кости серии {opening.lo}: пересдача.",
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
        rules=rules,
        hands=tuple(hands),
        boneyard=tuple(boneyard),
        table=EMPTY_TABLE,
        to_move=leader,
        leader=leader,
        bank=bank,
        fives=(0,) * rules.sides,
        lead_mask=lead_mask,
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
) -> Deal:
    """Shuffle and deal until the deal stands; ``leader`` (a later hand) leads any tile."""
    tiles = list(ALL_TILES)
    size = rules.hand_size
    redeals: list[Text] = []
    for _ in range(max_tries):
        rng.shuffle(tiles)
        hands = [0] * rules.players
        for seat in range(rules.players):
            for tile in tiles[seat * size:(seat + 1) * size]:
                hands[seat] |= tile.bit
        boneyard = tiles[rules.players * size:]
        if leader is None:
            lead = decide_first_lead(rules, hands, rng)
        else:
            lead = LeadDecision(leader, FULL_MASK, Text(
                f"{seat_name(leader).en.capitalize()} leads any tile.",
                f"{seat_name(leader).ru.capitalize()} заходит любой костью.",
            ))
        reason = redeal_reason(rules, hands, lead)
        if reason is None and lead is not None and lead.seat is not None:
            return Deal(start_hand(rules, hands, boneyard, lead.seat, lead.lead_mask, bank), lead, tuple(redeals))
        redeals.append(reason or Text("redeal", "пересдача"))
    raise DealError(f"no deal stood after {max_tries} tries")
