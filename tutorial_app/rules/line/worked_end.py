"""The end of a hand worked out: how it ended, the pips, what each side writes, who leads next.

Every kind of ending has its own small function (going out, capicú, the
fish and its scorings, the сека and its bank, goat penalties, All Fives
rounding and move points, the 13-point opening, the match target), so each
sentence states the arithmetic the engine used ("27 rounds to 25, minus
your 6: 19").
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial_app.rules.line.match import MatchState
from tutorial_app.rules.line.options import BlockedNextLead, BlockedTie, HouseRules, Scoring
from tutorial_app.rules.line.scoring import HandResult, hand_result, round_to_five
from tutorial_app.rules.line.state import Action, HandState, Status
from tutorial_app.rules.line.who import Who, seat_who, side_who
from tutorial_app.rules.line.worked import ends_text, hand_sum, join, sum_expr
from tutorial_app.rules.line.worked_match import explain_record
from tutorial_app.rules.text import EMPTY, Text, joined, msg, msgc, verbatim

__all__ = ["WorkedEnd", "explain_hand_end", "FOCUS"]

FOCUS = ("how", "score", "next_lead", "match")
"""The parts of a worked end, in the order they are told unless one is asked about first."""


class WorkedEnd(NamedTuple):
    """A finished hand explained part by part (each part one or more sentences)."""

    how: Text
    """How the hand ended: who went out (capicú) or who made the fish and why nobody can play."""
    pips: Text
    """What is left in every hand, worked out tile by tile."""
    score: Text
    """Who wins and what each side writes, with the arithmetic (bonus, bank, rounding, move points)."""
    next_lead: Text
    match: Text | None = None
    """The score sheet after the hand, when the match is known (13-point opening, target)."""
    verdict: Text = EMPTY
    """Who wins a fish (or escapes it, or that nobody does), said without the points; empty when someone went
    out (``how`` says who)."""

    def verdict_text(self) -> Text:
        """How the hand ended, the pips and who wins, without what anyone writes: the answer to "who wins?"
        when a question about the points may follow."""
        return join(self.how, self.pips, self.verdict)

    def text(self, first: str | None = None) -> Text:
        """Every part as one explanation; ``first`` ("how", "score", "next_lead", "match") is told first."""
        order = list(FOCUS)
        if first in order:
            order.remove(first)
            order.insert(0, first)
        parts = {
            "how": join(self.how, self.pips),
            "score": self.score,
            "next_lead": self.next_lead,
            "match": self.match,
        }
        return join(*(parts[name] for name in order))


def _last_tile(state: HandState) -> str:
    for _seat, move, _drawn, _points in reversed(state.log):
        if move.action is Action.PLAY and move.tile is not None:
            return str(move.tile)
    return ""


# -- how it ended --------------------------------------------------------------------------


def _how_out(state: HandState, viewer: int | None) -> Text:
    who = seat_who(state.out_seat, viewer)
    tile = _last_tile(state)
    if tile:
        went = who.pick(
            msg("You went out with {tile}.", tile=tile), msg("{who:cap} went out with {tile}.", who=who.name, tile=tile)
        )
    else:
        went = who.pick(msg("You went out."), msg("{who:cap} went out.", who=who.name))
    if not state.capicu or state.rules.is_penalty_scoring:
        # in goat the winner writes nothing, so how the last tile fitted changes nothing
        return went
    free = not state.rules.capicu_bonus
    capicu = (
        msg(
            "{tile} fitted both ends, which showed different numbers: a capicú (these rules pay nothing extra for it).",
            tile=tile,
        )
        if free
        else msg("{tile} fitted both ends, which showed different numbers: a capicú.", tile=tile)
    )
    return join(went, capicu)


def _nothing_to_draw(state: HandState) -> Text:
    rules = state.rules
    if not rules.has_boneyard:
        return EMPTY
    if state.drawable() == 0:
        if rules.draw_out:
            return msg("The boneyard has been drawn out, and only then is it a fish.")
        return msg("Nothing is left to draw.")
    return msg("None of the tiles still in the boneyard fits either.")


def _how_blocked(state: HandState, viewer: int | None) -> Text:
    fish = state.fish_maker
    tile = _last_tile(state)
    ends = ends_text(state.table)
    numbers = sorted({n for _, n in state.table.open_ends()})
    all_out = len(numbers) == 1 and sum(1 for t in state.table.tiles() if t.has(numbers[0])) == 7
    stuck = (
        msg(
            "Now {ends} and all seven {suit}s are on the table: nobody holds a tile that fits.",
            ends=ends,
            suit=numbers[0],
        )
        if all_out
        else msg("Now {ends}: nobody holds a tile that fits.", ends=ends)
    )
    made = EMPTY
    if fish is not None:
        who = seat_who(fish, viewer)
        if tile:
            made = who.pick(
                msg("You made the fish with {tile}.", tile=tile),
                msg("{who:cap} made the fish with {tile}.", who=who.name, tile=tile),
            )
        else:
            made = who.pick(msg("You made the fish."), msg("{who:cap} made the fish.", who=who.name))
    return join(made, stuck, _nothing_to_draw(state))


def _pips(state: HandState, viewer: int | None) -> Text:
    rules = state.rules
    hands: list[Text] = []
    for seat in range(rules.players):
        worked, _ = hand_sum(state, seat)
        hands.append(msgc("left in hand", "{who} {worked}", who=seat_who(seat, viewer).name, worked=worked))
    line = msg("Left in hand: {hands}.", hands=joined(hands, "; "))
    if rules.sides == rules.players:
        return line
    pairs: list[Text] = []
    for side in range(rules.sides):
        values = [state.pips(s) for s in rules.seats_of(side)]
        pairs.append(
            msgc("by pairs", "{who}: {sum_expr}", who=side_who(rules, side, viewer).name, sum_expr=sum_expr(values))
        )
    return join(line, msg("By pairs: {pairs}.", pairs=joined(pairs, "; ")))


# -- what each side writes ---------------------------------------------------------------------


def _others(rules: HouseRules, winner: int, pips: tuple[int, ...], own_too: bool) -> list[int]:
    return [pips[s] for s in range(rules.sides) if own_too or s != winner]


def _opponents(rules: HouseRules, winner: int, viewer: int | None) -> Text:
    """Whose pips the winner takes, from the learner's seat ("your pips" when they are the learner's)."""
    loser_is_you = viewer is not None and rules.sides == 2 and rules.side_of(viewer) != winner
    if rules.sides < rules.players:
        return msg("your pair's pips") if loser_is_you else msg("the other pair's pips")
    if rules.sides == 2:
        return msg("your pips") if loser_is_you else msg("the opponent's pips")
    return msg("the other players' pips")


def _rounded(total: int) -> Text:
    """``27 rounds to 25`` (where fives score)."""
    rounded = round_to_five(total)
    if rounded == total:
        return msg("{total} (already a multiple of 5)", total=total)
    return msg("{total} rounds to {rounded}", total=total, rounded=rounded)


def _winner_takes(state: HandState, result: HandResult, winner: int, viewer: int | None) -> Text:
    """Going out (or a fish scored like it) under winner-takes scoring: the pips taken, rounded, plus extras."""
    rules = state.rules
    who = side_who(rules, winner, viewer)
    all_hands = rules.scoring is Scoring.WINNER_TAKES_ALL_HANDS
    values = _others(rules, winner, result.pips, all_hands)
    total = sum(values)
    whose = msg("every pip left in hand") if all_hands else _opponents(rules, winner, viewer)
    arithmetic = verbatim(sum_expr(values) if len(values) > 1 else str(total))
    if rules.fives_scoring:
        arithmetic = joined([arithmetic, _rounded(total)], "; ") if len(values) > 1 else _rounded(total)
    head = who.pick(
        msg("You score {whose}: {arithmetic}.", whose=whose, arithmetic=arithmetic),
        msg("{who:cap} scores {whose}: {arithmetic}.", who=who.name, whose=whose, arithmetic=arithmetic),
    )
    return join(head, _extras(state, result, winner, viewer))


def _extras(state: HandState, result: HandResult, winner: int, viewer: int | None) -> Text | None:
    """Capicú bonus and the tie bank on top of the hand's points, with the sum."""
    rules = state.rules
    terms: list[Text] = []
    if result.capicu_bonus:
        terms.append(msg("{points} for the capicú", points=result.capicu_bonus))
    if state.bank and not rules.is_penalty_scoring:
        terms.append(msg("the bank of {bank}", bank=state.bank))
    if not terms:
        return None
    who = side_who(rules, winner, viewer)
    base = result.points[winner] - result.capicu_bonus - (state.bank if not rules.is_penalty_scoring else 0)
    worked = f"{base} + {' + '.join(str(v) for v in _extra_values(state, result))} = {result.points[winner]}"
    return who.pick(
        msg("On top: {terms}, so you write {worked}.", terms=joined(terms, ", "), worked=worked),
        msg("On top: {terms}, so {who} writes {worked}.", terms=joined(terms, ", "), who=who.name, worked=worked),
    )


def _extra_values(state: HandState, result: HandResult) -> list[int]:
    values = [result.capicu_bonus] if result.capicu_bonus else []
    if state.bank and not state.rules.is_penalty_scoring:
        values.append(state.bank)
    return values


def _penalties(state: HandState, result: HandResult, free: int, viewer: int | None) -> Text:
    """Goat: every side but ``free`` writes its own pips (small penalties dropped where the rules say)."""
    rules = state.rules
    items: list[Text] = []
    for side in range(rules.sides):
        if side == free:
            continue
        who = side_who(rules, side, viewer)
        pips = result.pips[side]
        if result.points[side] != pips:
            items.append(msg("{who} {pips}, under {least}: nothing", who=who.name, pips=pips, least=rules.min_penalty))
        else:
            items.append(
                who.pick(msg("you write {pips}", pips=pips), msg("{who} writes {pips}", who=who.name, pips=pips))
            )
    return msg("Points are penalties: the others write their own pips — {items}.", items=joined(items, "; "))


def _score_out(state: HandState, result: HandResult, viewer: int | None) -> Text:
    winner = result.winner_sides[0]
    if state.rules.is_penalty_scoring:
        who = side_who(state.rules, winner, viewer)
        return join(_writes_nothing(who), _penalties(state, result, winner, viewer))
    return _winner_takes(state, result, winner, viewer)


def _writes_nothing(who: Who) -> Text:
    return who.pick(msg("You write nothing."), msg("{who:cap} writes nothing.", who=who.name))


def _lowest_sentence(rules: HouseRules, winner: int, low: int, viewer: int | None) -> Text:
    who = side_who(rules, winner, viewer)
    if rules.is_penalty_scoring:
        return who.pick(
            msg("You have the fewest pips ({low}) and escape the fish.", low=low),
            msg("{who:cap} has the fewest pips ({low}) and escapes the fish.", who=who.name, low=low),
        )
    return who.pick(
        msg("You have the fewest pips ({low}) and win the fish.", low=low),
        msg("{who:cap} has the fewest pips ({low}) and wins the fish.", who=who.name, low=low),
    )


def _score_lowest(state: HandState, result: HandResult, viewer: int | None) -> Text:
    rules = state.rules
    winner = result.winner_sides[0]
    low = result.pips[winner]
    head = _lowest_sentence(rules, winner, low, viewer)
    if rules.is_penalty_scoring:
        who = side_who(rules, winner, viewer)
        return join(head, _writes_nothing(who), _penalties(state, result, winner, viewer))
    if rules.blocked_scoring.value == "lowest_minus_own":
        return join(head, _minus_own(state, result, winner, viewer))
    return join(
        head,
        msg("It is scored as for going out."),
        _winner_takes(state, result, winner, viewer),
    )


def _minus_own(state: HandState, result: HandResult, winner: int, viewer: int | None) -> Text:
    """The classic / All Fives fish: the others' pips (rounded where fives score) minus the winner's own."""
    rules = state.rules
    who = side_who(rules, winner, viewer)
    values = _others(rules, winner, result.pips, False)
    total = sum(values)
    rounded = round_to_five(total) if rules.fives_scoring else total
    own = result.pips[winner]
    base = result.points[winner] - (state.bank if not rules.is_penalty_scoring else 0)
    held = _held_by_others(rules, winner, values, viewer)
    worked = f"{rounded} − {own} = {base}"
    floor = msg(" (never less than 0)") if base == 0 and rounded - own < 0 else EMPTY
    parts = {"held": held, "own": own, "worked": worked, "floor": floor}
    if rules.fives_scoring and rounded != total:
        sentence = who.pick(
            msg(
                "You score the difference: {held}, which rounds to {rounded}; minus your own {own}: {worked}{floor}.",
                rounded=rounded,
                **parts,
            ),
            msg(
                "{who:cap} scores the difference: {held}, which rounds to {rounded}; minus {who}'s own {own}: "
                "{worked}{floor}.",
                who=who.name,
                rounded=rounded,
                **parts,
            ),
        )
    else:
        sentence = who.pick(
            msg("You score the difference: {held}; minus your own {own}: {worked}{floor}.", **parts),
            msg(
                "{who:cap} scores the difference: {held}; minus {who}'s own {own}: {worked}{floor}.",
                who=who.name,
                **parts,
            ),
        )
    return join(sentence, _extras(state, result, winner, viewer))


def _held_by_others(rules: HouseRules, winner: int, values: list[int], viewer: int | None) -> Text:
    """ "you hold 8" when one other side is left, else "the others hold 4 + 8 = 12"."""
    if len(values) == 1:
        other = side_who(rules, 1 - winner, viewer)
        return other.pick(
            msg("you hold {pips}", pips=values[0]), msg("{who} holds {pips}", who=other.name, pips=values[0])
        )
    return msg("the others hold {sum_expr}", sum_expr=sum_expr(values))


def _score_goat_block(state: HandState, result: HandResult, viewer: int | None) -> Text:
    rules = state.rules
    fish = result.fish_maker
    assert fish is not None
    who = seat_who(fish, viewer)
    free = who.pick(
        msg("You made the fish and write nothing."),
        msg("{who:cap} made the fish and writes nothing.", who=who.name),
    )
    return join(free, _penalties(state, result, rules.side_of(fish), viewer))


def _tie_name(rules: HouseRules) -> Text:
    """What a tied fish is called: a seka («сека») where its pips go to the bank (Domino 101, seed S0), else a tie.

    Why not seka everywhere: the word comes with the tie bank; the pages
    of the other games call the same fish a tie («ничья»).
    """
    if rules.blocked_tie is BlockedTie.BANK:
        return msg("a tied fish (a seka)")
    return msg("a tied fish")


def _score_tie(state: HandState, result: HandResult, viewer: int | None) -> Text:
    low = min(result.pips)
    name = _tie_name(state.rules)
    head = msg("The fewest pips are level ({low} each): {name}, and nobody wins it.", low=low, name=name)
    if result.bank_after == state.bank:
        return join(head, msg("Nobody scores."))
    added = result.bank_after - state.bank
    values = list(result.pips)
    bank = msg(
        "Nobody scores now: everything left in hand goes to the tie bank, {sum_expr}; the bank {bank} + {added} = {bank_after} goes to the winner of the next decided hand.",
        sum_expr=sum_expr(values),
        bank=state.bank,
        added=added,
        bank_after=result.bank_after,
    )
    return join(head, bank)


def _fives_moves(state: HandState, result: HandResult, viewer: int | None) -> Text | None:
    """All Fives: points scored by moves during the hand, and each side's total."""
    if not any(result.fives):
        return None
    rules = state.rules
    items: list[Text] = []
    for side in range(rules.sides):
        if result.fives[side] or result.points[side]:
            worked = (
                f"{result.fives[side]} + {result.points[side]} = {result.total(side)}"
                if result.fives[side] and result.points[side]
                else str(result.total(side))
            )
            items.append(msgc("side total", "{who} {worked}", who=side_who(rules, side, viewer).name, worked=worked))
    return msg("With the points scored by moves during the hand: {items}.", items=joined(items, "; "))


_SCORERS = {
    "out": _score_out,
    "lowest": _score_lowest,
    "lowest_goat": _score_lowest,
    "goat_block": _score_goat_block,
    "tie": _score_tie,
    "tie_bank": _score_tie,
}


# -- who leads next ------------------------------------------------------------------------------


def _next_lead(state: HandState, result: HandResult, viewer: int | None) -> Text:
    rules = state.rules
    leader = result.next_leader
    if leader is None:
        return msg("The next hand's leader is found again by the first-lead rule.")
    who = seat_who(leader, viewer)
    leads = who.pick(msg("you lead the next hand"), msg("{who} leads the next hand", who=who.name))
    if result.status is Status.WON:  # a won hand has a next leader only when the winner leads
        return msg("The winner leads next: {leads}.", leads=leads)
    if result.tie:
        after = msg("a seka") if rules.blocked_tie is BlockedTie.BANK else msgc("rules.line.worked_end", "a tied fish")
        return msg("After {after} the player who made the fish leads: {leads}.", after=after, leads=leads)
    why = {
        BlockedNextLead.FISH_MAKER: msg("After a fish the player who made it leads"),
        BlockedNextLead.WINNER: msg("The winner leads next, after a fish too"),
        BlockedNextLead.LOWEST_HAND: msg("After a fish the lowest hand leads"),
    }.get(rules.blocked_next_lead, msg("Next"))
    return msg("{why}: {leads}.", why=why, leads=leads)


def explain_hand_end(state: HandState, viewer: int | None = None, match: MatchState | None = None) -> WorkedEnd:
    """A finished hand worked out; ``viewer`` is called "you", ``match`` (the sheet before it) adds the score."""
    if state.status is Status.IN_PLAY:
        raise ValueError("the hand is still in play")
    result = hand_result(state)
    how = _how_out(state, viewer) if state.status is Status.WON else _how_blocked(state, viewer)
    score = _SCORERS[str(result.why[0])](state, result, viewer)
    score = join(score, _fives_moves(state, result, viewer))
    return WorkedEnd(
        how,
        _pips(state, viewer),
        score,
        _next_lead(state, result, viewer),
        explain_record(match, state, viewer) if match is not None else None,
        _verdict(state, result, viewer),
    )


def _verdict(state: HandState, result: HandResult, viewer: int | None) -> Text:
    """The first sentence of the score, the one that names who wins a fish (nothing when someone went out)."""
    why = str(result.why[0])
    if why == "out" and state.rules.sides < state.rules.players:
        pair = side_who(state.rules, result.winner_sides[0], viewer)
        return pair.pick(msg("So you win the hand."), msg("So {who} wins the hand.", who=pair.name))
    if why in ("lowest", "lowest_goat"):
        winner = result.winner_sides[0]
        return _lowest_sentence(state.rules, winner, result.pips[winner], viewer)
    if why == "goat_block" and result.fish_maker is not None:
        who = seat_who(result.fish_maker, viewer)
        return who.pick(
            msg("You made the fish and escape it."), msg("{who:cap} made the fish and escapes it.", who=who.name)
        )
    if why in ("tie", "tie_bank"):
        low = min(result.pips)
        name = _tie_name(state.rules)
        return msg("The fewest pips are level ({low} each): {name}, and nobody wins it.", low=low, name=name)
    return EMPTY
