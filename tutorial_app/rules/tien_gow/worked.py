"""Worked explanations of a Tien Gow position, naming the learner "you" (``rules.line.who``).

Why in the rules core: a lesson's answer, a wrong move played out and the
Play page's record must say what happened and why in the engine's own terms
(who led what, who beat it, who laid tiles face down, who takes the trick,
who may take the last one, who pays what, with the arithmetic). Callers pass
the learner's seat (``viewer``); without it seats are named by number.

Tiles laid face down by another seat are never named: nobody at the table
sees them. The learner's own are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tutorial_app.rules.line.who import seat_who
from tutorial_app.rules.line.worked import join, tiles_count
from tutorial_app.rules.text import Text, msg, msgn, verbatim
from tutorial_app.rules.tien_gow.moves import apply_unchecked, combo_of, normalize, why_illegal
from tutorial_app.rules.tien_gow.options import LastTrick
from tutorial_app.rules.tien_gow.scoring import hand_result, trick_points_text, trick_sentence
from tutorial_app.rules.tien_gow.state import Action, HandState, Move, Play, Trick
from tutorial_app.rules.tien_gow.tiles import judge

__all__ = [
    "namer",
    "play_text",
    "describe_plays",
    "explain_trick",
    "explain_legal",
    "explain_next_leader",
    "explain_may_take_last",
    "explain_trick_points",
    "explain_settlement",
]


def namer(viewer: int | None) -> Callable[[int], Text]:
    """Names for ``scoring``'s sentences: "you"/«вы» for the learner, "seat 2"/«игрок 2» for the others."""

    def name(seat: int) -> Text:
        return seat_who(seat, viewer).name

    return name


def play_text(play: Play, lead: bool, viewer: int | None) -> Text:
    """One seat's part of a trick in a sentence: a lead, a beat, or tiles laid face down (unnamed unless yours)."""
    who = seat_who(play.seat, viewer)
    combo = play.combo
    if combo is not None and lead:
        return who.pick(
            msg("You lead {combo}.", combo=combo.name), msg("{who:cap} leads {combo}.", who=who.name, combo=combo.name)
        )
    if combo is not None:
        return who.pick(
            msg("You beat it with {combo}.", combo=combo.name),
            msg("{who:cap} beats it with {combo}.", who=who.name, combo=combo.name),
        )
    count = len(play.tiles)
    # the count is the verb's object, a case of its own in Russian and Ukrainian («кладе 1 кістку»): a sentence
    # per count rather than ``tiles_count``'s nominative «1 кістка»
    return who.pick(
        msg("You lay {tiles} face down.", tiles=verbatim(" + ".join(map(str, play.tiles)))),
        msgn("{who:cap} lays {n} tile face down.", "{who:cap} lays {n} tiles face down.", count, who=who.name),
    )


def explain_trick(trick: Trick, viewer: int | None) -> Text:
    """A finished trick play by play, then who takes it and why."""
    plays = [play_text(p, i == 0, viewer) for i, p in enumerate(trick.plays)]
    return join(*plays, trick_sentence(trick, namer(viewer)))


def describe_plays(before: HandState, moves: Sequence[tuple[int, Move]], viewer: int | None) -> Text:
    """Moves made from ``before`` in words, with who took each trick they finished."""
    state = before
    said: list[Text] = []
    for seat, move in moves:
        lead = state.trick is None
        normal = normalize(move)
        combo = combo_of(normal.tiles) if normal.action is Action.PLAY else None
        said.append(play_text(Play(seat, normal.tiles, combo), lead, viewer))
        state = apply_unchecked(state, normal)
        if state.trick is None and state.last_trick is not None:
            said.append(trick_sentence(state.last_trick, namer(viewer)))
    return join(*said)


def explain_legal(state: HandState, move: Move, viewer: int | None) -> Text:
    """Whether a move is legal, and why: the rules core's reason, or which rule allows it."""
    reason = why_illegal(state, move)
    if reason is not None:
        return msg("No: {reason}", reason=reason)
    normal = normalize(move)
    trick = state.trick
    if normal.action is Action.DISCARD:
        return msg("Yes: nobody has to beat; any {tiles} may be laid face down.", tiles=tiles_count(len(normal.tiles)))
    combo = combo_of(normal.tiles)
    assert combo is not None
    if trick is None:
        return msg("Yes: {combo} is a set, and a lead may be any single tile or set.", combo=combo.name)
    high = trick.winning
    assert high.combo is not None
    holder = seat_who(high.seat, viewer)
    verdict = judge(normal.tiles, high.combo)
    return msg(
        "The set winning the trick so far is {combo}, laid by {who}. {why}",
        combo=high.combo.name,
        who=holder.name,
        why=verdict.why,
    )


def explain_next_leader(state: HandState, viewer: int | None) -> Text:
    """Who leads next and why: the banker first, then whoever took the trick before; after the hand, its winner banks."""
    name = namer(viewer)
    if state.is_over:
        result = hand_result(state)
        who = seat_who(result.winner, viewer)
        return join(
            explain_trick(result.last_trick, viewer),
            msg(
                "Whoever takes the last trick wins the hand and is the banker of the next one, leading its first "
                "trick: {who}.",
                who=who.name,
            ),
        )
    last = state.last_trick
    who = seat_who(state.to_move, viewer)
    if state.trick is not None or last is None:
        banker = name(state.banker)
        return msg("The banker leads the first trick: {banker}.", banker=banker)
    return join(
        explain_trick(last, viewer),
        msg("Whoever takes a trick leads the next one: {who}.", who=who.name),
    )


def explain_may_take_last(state: HandState, seat: int, viewer: int | None) -> Text:
    """Whether ``seat`` may take the open last trick, from its trick points and the size of the lead."""
    trick = state.trick
    assert trick is not None
    who = seat_who(seat, viewer)
    rule = state.rules.last_trick
    points = state.taken[seat]
    if rule is LastTrick.OPEN:
        return msg("Under these house rules anyone may take the last trick.")
    if points:
        taken = trick_points_text(points)
        return who.pick(
            msg("You have taken {taken} already, so you may take the last trick.", taken=taken),
            msg("{who:cap} has taken {taken} already, so {who} may take the last trick.", who=who.name, taken=taken),
        )
    if rule is LastTrick.ALWAYS:
        return who.pick(
            msg(
                "You have taken no trick, and under these house rules a player without a trick may not take the "
                "last trick at all: only face down."
            ),
            msg(
                "{who:cap} has taken no trick, and under these house rules a player without a trick may not take the "
                "last trick at all: only face down.",
                who=who.name,
            ),
        )
    if trick.size == 1:
        return who.pick(
            msg(
                "You have taken no trick yet, and the last trick was led with one tile: a player without a trick "
                "may only lay a tile face down in it."
            ),
            msg(
                "{who:cap} has taken no trick yet, and the last trick was led with one tile: a player without a "
                "trick may only lay a tile face down in it.",
                who=who.name,
            ),
        )
    return who.pick(
        msg(
            "You have taken no trick yet, but the last trick was led with {n} tiles, and a last trick of two or "
            "more tiles is open to everyone.",
            n=trick.size,
        ),
        msg(
            "{who:cap} has taken no trick yet, but the last trick was led with {n} tiles, and a last trick of two "
            "or more tiles is open to everyone.",
            who=who.name,
            n=trick.size,
        ),
    )


def explain_trick_points(state: HandState, seat: int, viewer: int | None) -> Text:
    """A seat's trick points added up: points from before the position, then each trick it took, by its size."""
    who = seat_who(seat, viewer)
    total = state.taken[seat]
    if total == 0:
        return who.pick(
            msg("You have taken no trick: 0 trick points."),
            msg("{who:cap} has taken no trick: 0 trick points.", who=who.name),
        )
    sizes = [t.size for t in state.tricks if t.taker == seat]
    earlier = total - sum(sizes)
    terms = ([earlier] if earlier else []) + sizes
    worked = " + ".join(map(str, terms)) + (f" = {total}" if len(terms) > 1 else "")
    points = trick_points_text(total)
    return join(
        msg("A trick is worth as many trick points as tiles each player laid in it (1 for singles, 2 for pairs...)."),
        who.pick(
            msg("You have {worked}: {points}.", worked=worked, points=points),
            msg("{who:cap} has {worked}: {points}.", who=who.name, worked=worked, points=points),
        ),
    )


def explain_settlement(final: HandState, viewer: int | None) -> Text:
    """The end of a finished hand: who took the last trick, what each seat pays, what the winner collects."""
    return join(*hand_result(final).sentences(namer(viewer)))
