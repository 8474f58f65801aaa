"""Worked explanations of who leads a fresh deal and whether it is redealt.

Why apart from ``deal``: the deal decides in a few bit operations (the
simulator deals thousands of hands); a learner needs the comparison spelt
out ("doubles dealt: you 4-4, seat 1 1-1; the lowest is 1-1"), which only a
lesson or the referee asks for.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial_app.rules.line.deal import LeadDecision, redeal_reason
from tutorial_app.rules.line.options import HouseRules, Redeal
from tutorial_app.rules.line.who import seat_who
from tutorial_app.rules.text import EMPTY, Text, joined, msg, msgc
from tutorial_app.rules.tiles import DOUBLES, FULL_MASK, tiles_of_mask

__all__ = ["explain_lead", "explain_redeal"]

_RULE: dict[str, Text] = {
    "lowest_double": msg("The lowest double from 1-1 up leads (0-0 does not count)."),
    "lowest_tile": msg("Nobody holds a double from 1-1 to 6-6, so the lowest tile leads."),
    "highest_double": msg("The highest double leads: 6-6 first, then 5-5 and down to 1-1."),
    "highest_tile_no_double": msg("Nobody holds a double from 6-6 to 1-1, so the highest tile leads."),
    "priority_101": msg("Doubles lead in the order 1-1, 2-2, 3-3, 4-4, 5-5, 6-6, 0-0."),
    "donkey": msg("1-1 leads; without it the smallest double from 2-2 up, 0-0 last."),
    "highest_tile": msg("The highest tile dealt leads."),
}
_HOLDS: dict[str, Text] = {
    "blank_then_highest": msg("0-0 leads; without it the highest double from 6-6 down."),
    "double_six_must": msg("The holder of 6-6 leads with it."),
}
_ABOUT_DOUBLES = frozenset({"lowest_double", "highest_double", "priority_101", "donkey", "holds"})


def _rule_sentence(rules: HouseRules, lead: LeadDecision) -> Text:
    if lead.why == "holds":
        return _HOLDS.get(rules.first_lead.value, EMPTY)
    return _RULE.get(lead.why, EMPTY)


_LOW_FIRST_BLANK_LAST = (*DOUBLES[1:], DOUBLES[0])
_ORDERS = {
    "lowest_double": _LOW_FIRST_BLANK_LAST,
    "priority_101": _LOW_FIRST_BLANK_LAST,
    "donkey": _LOW_FIRST_BLANK_LAST,
}
"""The order a rule reads the doubles in, where it is not 0-0 up: from 1-1 up with 0-0 last (101's order; the lowest
double from 1-1; donkey's), from 6-6 down for the highest double."""


def _doubles_dealt(hands: Sequence[int], viewer: int | None, why: str) -> Text:
    """Every double in the hands, seat by seat, in the order the rule ``why`` reads them: "Doubles dealt: you 4-4;
    seat 1 1-1, 5-5."."""
    order = _ORDERS.get(why, DOUBLES[::-1] if why == "highest_double" else DOUBLES)
    items: list[Text] = []
    for seat, mask in enumerate(hands):
        held = [str(d) for d in order if mask & d.bit]
        if held:
            items.append(
                msgc("left in hand", "{who} {worked}", who=seat_who(seat, viewer).name, worked=", ".join(held))
            )
    if not items:
        return msg("Nobody holds a double.")
    return msg("Doubles dealt: {hands}.", hands=joined(items, "; "))


def explain_lead(rules: HouseRules, hands: Sequence[int], lead: LeadDecision | None, viewer: int | None = None) -> Text:
    """Who leads this deal, with the comparison that decides it."""
    if lead is None:
        return msg("Nobody holds a tile the first-lead rule needs, so the tiles are dealt again.")
    if lead.seat is None:
        return msg("The leader is drawn by lot: the hands do not tell who it is.")
    who = seat_who(lead.seat, viewer)
    if lead.why == "winner" or lead.tile is None:
        return who.pick(
            msg("A later hand: the previous hand's winner leads, so you lead with any tile."),
            msg("A later hand: the previous hand's winner leads, so {who} leads with any tile.", who=who.name),
        )
    if lead.why == "lots":
        return lead.reason
    with_what = msg("with {tile}", tile=lead.tile) if lead.lead_mask != FULL_MASK else msg("with any tile")
    rule = _rule_sentence(rules, lead)
    doubles = _doubles_dealt(hands, viewer, lead.why) if lead.why in _ABOUT_DOUBLES else None
    tile = lead.tile
    if tile.is_double:  # Russian and Ukrainian: «он» for a double, «она» for a tile
        decides = who.pick(
            msgc(
                "lead, a double", "{tile} decides: you hold it and lead, {with_what}.", tile=tile, with_what=with_what
            ),
            msgc(
                "lead, a double",
                "{tile} decides: {who} holds it and leads, {with_what}.",
                tile=tile,
                who=who.name,
                with_what=with_what,
            ),
        )
    else:
        decides = who.pick(
            msgc("lead, a tile", "{tile} decides: you hold it and lead, {with_what}.", tile=tile, with_what=with_what),
            msgc(
                "lead, a tile",
                "{tile} decides: {who} holds it and leads, {with_what}.",
                tile=tile,
                who=who.name,
                with_what=with_what,
            ),
        )
    return joined([rule, doubles, decides], " ")


def explain_redeal(
    rules: HouseRules, hands: Sequence[int], lead: LeadDecision | None, reason: Text | None, viewer: int | None = None
) -> Text:
    """Whether this deal is dealt again, and the condition that says so (or that none does)."""
    if reason is not None:
        reason = redeal_reason(rules, hands, lead, viewer) or reason
        return msg("Yes: {reason:low}", reason=reason)
    holder = EMPTY
    if lead is not None and lead.seat is not None and lead.tile is not None:
        who = seat_who(lead.seat, viewer)
        holder = who.pick(
            msg("You hold {tile}, so the deal can be led.", tile=lead.tile),
            msg("{who:cap} holds {tile}, so the deal can be led.", who=who.name, tile=lead.tile),
        )
    if rules.redeal is not Redeal.DOMINO101:
        return joined([msg("No: under these rules a deal stands unless no one can lead it."), holder], " ")
    most = max((sum(1 for d in DOUBLES if mask & d.bit) for mask in hands), default=0)
    longest = max((sum(1 for t in tiles_of_mask(mask) if t.has(n)) for mask in hands for n in range(7)), default=0)
    if rules.in_pairs and lead is not None and lead.tile is not None:
        counts = msg(
            "No: the most doubles in one hand is {most} (5 would redeal), the longest suit {longest} tiles (6, or 5 "
            "without its double, would redeal); the other pair holds a tile of suit {suit}.",
            most=most,
            longest=longest,
            suit=lead.tile.lo,
        )
    else:
        counts = msg(
            "No: the most doubles in one hand is {most} (5 would redeal), the longest suit {longest} tiles (6, or 5 "
            "without its double, would redeal).",
            most=most,
            longest=longest,
        )
    return joined([counts, holder], " ")
