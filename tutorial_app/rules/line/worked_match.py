"""The score sheet worked out: what a hand adds, the 13-point opening, the target and who wins the match."""

from __future__ import annotations

from tutorial_app.rules.line.match import MatchState, record_hand
from tutorial_app.rules.line.options import HouseRules, MatchGoal
from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.line.who import side_who
from tutorial_app.rules.line.worked import join
from tutorial_app.rules.text import Text, joined, msg, msgc

__all__ = ["explain_record", "explain_sheet"]


def _opening(
    rules: HouseRules, before: MatchState, after: MatchState, result: HandResult, viewer: int | None
) -> list[Text]:
    out: list[Text] = []
    threshold = rules.opening_threshold
    for side in range(rules.sides):
        won = result.total(side)
        if not won or before.opened[side]:
            continue
        who = side_who(rules, side, viewer)
        if after.opened[side]:
            out.append(
                who.pick(
                    msg(
                        "You win {won}, {threshold} or more: your score opens and the {won} count.",
                        won=won,
                        threshold=threshold,
                    ),
                    msg(
                        "{who:cap} wins {won}, {threshold} or more: {who}'s score opens and the {won} count.",
                        who=who.name,
                        won=won,
                        threshold=threshold,
                    ),
                )
            )
        else:
            out.append(
                who.pick(
                    msg(
                        "You win {won}, under {threshold}: your score is not open yet, so these {won} are draft "
                        "points: noted, but never added to the main score.",
                        won=won,
                        threshold=threshold,
                    ),
                    msg(
                        "{who:cap} wins {won}, under {threshold}: {who}'s score is not open yet, so these {won} are "
                        "draft points: noted, but never added to the main score.",
                        who=who.name,
                        won=won,
                        threshold=threshold,
                    ),
                )
            )
    return out


def explain_record(before: MatchState, state: HandState, viewer: int | None = None) -> Text:
    """What a finished hand does to the score sheet ``before`` it: opening, new scores, the target."""
    rules = state.rules
    result = hand_result(state)
    after = record_hand(before, state)
    parts = _opening(rules, before, after, result, viewer) if rules.opening_threshold else []
    items: list[Text] = []
    for side in range(rules.sides):
        added = after.scores[side] - before.scores[side]
        worked = f"{before.scores[side]} + {added} = {after.scores[side]}" if added else str(after.scores[side])
        items.append(msgc("side total", "{who} {worked}", who=side_who(rules, side, viewer).name, worked=worked))
    parts.append(msg("Score: {items}.", items=joined(items, "; ")))
    if after.over:
        parts.append(_match_end(rules, after, viewer))
    else:
        parts.append(msg("Nobody has reached {target} yet: the match goes on.", target=rules.target))
    return join(*parts)


def _match_end(rules: HouseRules, after: MatchState, viewer: int | None) -> Text:
    reached = [s for s in range(rules.sides) if after.scores[s] >= rules.target]
    first = side_who(rules, reached[0], viewer)
    if rules.match_goal is MatchGoal.REACH_TARGET_WINS:
        winner = side_who(rules, after.winner_sides[0], viewer) if len(after.winner_sides) == 1 else first
        return winner.pick(
            msg("{target} is reached: you win the match.", target=rules.target),
            msg("{target} is reached: {who} wins the match.", target=rules.target, who=winner.name),
        )
    winners = joined([side_who(rules, s, viewer).name for s in after.winner_sides], ", ")
    return first.pick(
        msg("You reach {target} and lose; the fewest points win: {winners}.", target=rules.target, winners=winners),
        msg(
            "{who:cap} reaches {target} and loses; the fewest points win: {winners}.",
            who=first.name,
            target=rules.target,
            winners=winners,
        ),
    )


def explain_sheet(match: MatchState, viewer: int | None = None) -> Text:
    """The score sheet as it stands (no hand being scored): each side's score against the target."""
    rules = match.rules
    items = [
        msgc("side total", "{who} {worked}", who=side_who(rules, side, viewer).name, worked=match.scores[side])
        for side in range(rules.sides)
    ]
    head = msg("Score: {items}; the target is {target}.", items=joined(items, "; "), target=rules.target)
    if match.over:
        return join(head, _match_end(rules, match, viewer))
    return join(head, msg("Nobody has reached it yet: the match goes on."))
