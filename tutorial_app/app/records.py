"""The game record and the score sheet in words, for the Play and Compare pages.

Pure functions over rules-core values: no Streamlit, so tests read the same
sentences the page shows.
"""

from __future__ import annotations

from tutorial_app.i18n import CATALOGS, t
from tutorial_app.rules.deal import LeadDecision
from tutorial_app.rules.match import MatchState
from tutorial_app.rules.options import HouseRules
from tutorial_app.rules.scoring import HandResult
from tutorial_app.rules.state import Action, HandState, Move
from tutorial_app.rules.tiles import Tile

__all__ = ["seat_label", "side_label", "move_line", "hand_log", "score_rows", "result_reason", "result_lines",
           "tiles_text", "lead_reason"]


def seat_label(seat: int, lang: str, human: int | None = 0) -> str:
    """"You" for the learner's seat, else "Seat 2"."""
    if human is not None and seat == human:
        return t("seat.you", lang)
    return t("seat.n", lang, n=seat)


def side_label(rules: HouseRules, side: int, lang: str, human: int | None = 0) -> str:
    """A side as the score sheet heads it ("You + seat 2" in pairs)."""
    seats = rules.seats_of(side)
    return " + ".join(seat_label(s, lang, human) for s in seats)


def tiles_text(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    """Tiles written high number first, separated by spaces ("—" for none)."""
    return "  ".join(str(x) for x in tiles) if tiles else "—"


def move_line(seat: int, move: Move, drawn: tuple[Tile, ...], points: int, lang: str,
              human: int | None = 0, show_drawn: bool = False) -> str:
    """One line of the game record."""
    who = seat_label(seat, lang, human)
    action = move.action
    if action is Action.PLAY:
        key = "log.lead" if move.end == "lead" else "log.play"
        end = t(f"end.{move.end}", lang)
        line = t(key, lang, who=who, tile=str(move.tile), end=end)
        if move.closed:
            line += " " + t("log.closed", lang)
    elif action is Action.DRAW:
        if show_drawn or seat == human:
            line = t("log.draw_tiles", lang, who=who, tiles=tiles_text(drawn))
        else:
            line = t("log.draw", lang, who=who, n=len(drawn))
    elif action is Action.PASS:
        line = t("log.pass", lang, who=who)
    elif action is Action.END_TURN:
        line = t("log.end_turn", lang, who=who)
    else:
        line = t("log.muggins", lang, who=who)
    if points:
        line += " " + t("log.points", lang, n=points)
    return line


def hand_log(state: HandState, lang: str, human: int | None = 0, show_drawn: bool = False) -> list[str]:
    """The record of the hand so far, one line per move."""
    return [move_line(seat, move, drawn, points, lang, human, show_drawn or state.is_over)
            for seat, move, drawn, points in state.log]


def score_rows(match: MatchState, lang: str, human: int | None = 0) -> list[dict[str, object]]:
    """The score sheet: one row per hand with the points that counted, and a total row."""
    rules = match.rules
    heads = [side_label(rules, side, lang, human) for side in range(rules.sides)]
    rows: list[dict[str, object]] = []
    for number, record in enumerate(match.records, start=1):
        row: dict[str, object] = {t("score.hand", lang): str(number)}
        for side, head in enumerate(heads):
            won = record.result.total(side)
            counted = record.counted[side]
            row[head] = f"{counted}" if counted == won else t("score.draft", lang, n=won)
        rows.append(row)
    total: dict[str, object] = {t("score.hand", lang): t("score.total", lang)}
    for side, head in enumerate(heads):
        total[head] = str(match.scores[side])
    rows.append(total)
    return rows


def result_reason(rules: HouseRules, result: HandResult, lang: str, human: int | None = 0) -> str:
    """How the hand ended, addressing the learner as "you" where the sentence is about them.

    Why not the rules core's sentence as it is: it names seats by number
    ("Seat 0 went out."), as the referee needs, while the page calls the
    learner "You". Sentences about other seats are the rules core's own.
    """
    why = result.why
    kind = why[0] if why else None
    if human is None or kind is None:
        return result.reason.in_(lang)
    if kind == "out" and why[1] == human:
        return t("result.you_out_capicu" if why[2] else "result.you_out", lang)
    if kind == "goat_block" and why[1] == human:
        return t("result.you_fish", lang)
    if kind in ("lowest", "lowest_goat") and isinstance(why[1], tuple) and human in why[1]:
        seats = why[1]
        suffix = "_goat" if kind == "lowest_goat" else ""
        if len(seats) == 1:
            return t(f"result.you_lowest{suffix}", lang, low=why[2])
        side = side_label(rules, rules.side_of(human), lang, human)
        return t(f"result.your_side_lowest{suffix}", lang, side=side, low=why[2])
    return result.reason.in_(lang)


def lead_reason(lead: LeadDecision, lang: str, human: int | None = 0) -> str:
    """Who leads and why, addressing the learner as "you" when they lead.

    Why not the rules core's sentence as it is: it names the leader by seat
    ("Seat 0 leads: lowest double 1-1."), as ``result_reason`` explains for
    results. A lead by another seat, by lot not yet drawn, or for a reason
    the catalogs do not know keeps the rules core's sentence.
    """
    key = f"lead.you_{lead.why}"
    if human is None or lead.seat != human or key not in CATALOGS["en"]:
        return lead.reason.in_(lang)
    return t(key, lang, tile=str(lead.tile))


def result_lines(rules: HouseRules, result: HandResult, lang: str, human: int | None = 0) -> list[str]:
    """The end of a hand worked out: the reason, pips per side, what each side writes."""
    lines = [result_reason(rules, result, lang, human)]
    for side in range(rules.sides):
        name = side_label(rules, side, lang, human)
        lines.append(t("result.side", lang, side=name, pips=result.pips[side], points=result.total(side)))
    if result.capicu:
        lines.append(t("result.capicu", lang, bonus=result.capicu_bonus))
    if any(result.fives):
        lines.append(t("result.fives", lang, points=", ".join(str(p) for p in result.fives)))
    if result.bank_after:
        lines.append(t("result.bank", lang, n=result.bank_after))
    if rules.is_penalty_scoring:
        lines.append(t("result.penalty_note", lang))
    return lines
