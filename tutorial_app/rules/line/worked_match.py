"""The score sheet worked out: what a hand adds, the 13-point opening, the target and who wins the match."""

from __future__ import annotations

from tutorial_app.rules.line.match import MatchState, record_hand
from tutorial_app.rules.line.options import HouseRules, MatchGoal
from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.line.who import side_who
from tutorial_app.rules.line.worked import join
from tutorial_app.rules.text import Text, msg

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
                Text(
                    f"{who.en_cap} {who.en_verb('win', 'wins')} {won}, {threshold} or more: "
                    f"{who.en_poss} score opens and the {won} count.",
                    f"{who.ru_cap} {who.ru_verb('выигрываете', 'выигрывает', 'выигрывает')} {won} — "
                    f"{threshold} или больше: счёт открыт, и эти {won} идут в зачёт.",
                )
            )
        else:
            out.append(
                Text(
                    f"{who.en_cap} {who.en_verb('win', 'wins')} {won}, under {threshold}: {who.en_poss} score "
                    f"is not open yet, so these {won} are draft points: noted, but never added to the main score.",
                    f"{who.ru_cap} {who.ru_verb('выигрываете', 'выигрывает', 'выигрывает')} {won} — меньше "
                    f"{threshold}: счёт ещё не открыт, и эти {won} — черновые очки: их отмечают, но в основной "
                    "счёт они не идут.",
                )
            )
    return out


def explain_record(before: MatchState, state: HandState, viewer: int | None = None) -> Text:
    """What a finished hand does to the score sheet ``before`` it: opening, new scores, the target."""
    rules = state.rules
    result = hand_result(state)
    after = record_hand(before, state)
    parts = _opening(rules, before, after, result, viewer) if rules.opening_threshold else []
    en: list[str] = []
    ru: list[str] = []
    for side in range(rules.sides):
        who = side_who(rules, side, viewer)
        added = after.scores[side] - before.scores[side]
        worked = f"{before.scores[side]} + {added} = {after.scores[side]}" if added else str(after.scores[side])
        en.append(f"{who.en} {worked}")
        ru.append(f"{who.ru} — {worked}")
    parts.append(Text(f"Score: {'; '.join(en)}.", f"Счёт: {'; '.join(ru)}."))
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
        return Text(
            f"{rules.target} is reached: {winner.en} {winner.en_verb('win', 'wins')} the match.",
            f"{rules.target} набрано: {winner.ru} {winner.ru_verb('выигрываете', 'выигрывает', 'выигрывает')} матч.",
        )
    winners = ", ".join(side_who(rules, s, viewer).en for s in after.winner_sides)
    winners_ru = ", ".join(side_who(rules, s, viewer).ru for s in after.winner_sides)
    return Text(
        f"{first.en_cap} {first.en_verb('reach', 'reaches')} {rules.target} and {first.en_verb('lose', 'loses')}; "
        f"the fewest points win: {winners}.",
        f"{first.ru_cap} {first.ru_verb('набираете', 'набирает', 'набирает')} {rules.target} и "
        f"{first.ru_verb('проигрываете', 'проигрывает', 'проигрывает')}; выигрывает тот, у кого меньше всех: "
        f"{winners_ru}.",
    )


def explain_sheet(match: MatchState, viewer: int | None = None) -> Text:
    """The score sheet as it stands (no hand being scored): each side's score against the target."""
    rules = match.rules
    en: list[str] = []
    ru: list[str] = []
    for side in range(rules.sides):
        who = side_who(rules, side, viewer)
        en.append(f"{who.en} {match.scores[side]}")
        ru.append(f"{who.ru} — {match.scores[side]}")
    head = Text(
        f"Score: {'; '.join(en)}; the target is {rules.target}.", f"Счёт: {'; '.join(ru)}; играют до {rules.target}."
    )
    if match.over:
        return join(head, _match_end(rules, match, viewer))
    return join(head, msg("Nobody has reached it yet: the match goes on."))
