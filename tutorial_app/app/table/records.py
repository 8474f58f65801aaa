"""The game record and the score sheet in words, for the Play and Compare pages.

Pure functions over rules-core values: no Streamlit, so tests read the same
sentences the page shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial_app.board.labels import tile_count
from tutorial_app.i18n import CATALOGS, t
from tutorial_app.rules.line.deal import LeadDecision
from tutorial_app.rules.line.match import MatchState
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.line.worked_end import explain_hand_end
from tutorial_app.rules.tiles import FULL_MASK, Tile

__all__ = [
    "seat_label",
    "side_label",
    "partners_line",
    "move_line",
    "hand_log",
    "score_rows",
    "result_reason",
    "result_lines",
    "tiles_text",
    "hand_line",
    "lead_reason",
]


def seat_label(seat: int, lang: str, human: int | None = 0) -> str:
    """ "You" for the learner's seat, else "Seat 2"."""
    if human is not None and seat == human:
        return t("seat.you", lang)
    return t("seat.n", lang, n=seat)


def side_label(rules: HouseRules, side: int, lang: str, human: int | None = 0) -> str:
    """A side as the score sheet heads it ("You + Seat 2" in pairs; "You" first wherever the learner sits)."""
    return " + ".join(seat_label(s, lang, human) for s in _seats(rules, side, human))


def _seats(rules: HouseRules, side: int, human: int | None) -> list[int]:
    """A side's seats, the learner's first."""
    return sorted(rules.seats_of(side), key=lambda seat: seat != human)


def partners_line(rules: HouseRules, human: int, lang: str) -> str:
    """Who plays with whom in a pairs game, from the learner's seat: "Partners: You + Seat 2 against Seat 1 + Seat 3."

    Why not two side labels: after "against" Russian and Ukrainian decline the seats («против Игрока 1 и Игрока 3»,
    «проти Гравця 1 і Гравця 3»), which a score sheet's heading («Игрок 1 + Игрок 3») does not.
    """
    ours = rules.side_of(human)
    you = _seats(rules, ours, human)
    them = [t("play.partners_against", lang, n=seat) for seat in rules.seats_of(1 - ours)]
    return t(
        "play.partners",
        lang,
        you=t(
            "play.partners_pair", lang, first=seat_label(you[0], lang, human), second=seat_label(you[1], lang, human)
        ),
        them=t("play.partners_pair", lang, first=them[0], second=them[1]),
    )


def hand_line(state: HandState, seat: int, lang: str, human: int | None = 0) -> str:
    """A seat's tiles at the hand's end, as every hand is listed: "You: 4-1  3-3 (pips: 7)", "Seat 2: ..."."""
    return (
        f"{seat_label(seat, lang, human)}: {tiles_text(state.hand(seat))} ({t('play.pips', lang, n=state.pips(seat))})"
    )


def tiles_text(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    """Tiles written high number first, separated by spaces ("—" for none)."""
    return "  ".join(str(x) for x in tiles) if tiles else "—"


def move_line(
    seat: int,
    move: Move,
    drawn: tuple[Tile, ...],
    points: int,
    lang: str,
    human: int | None = 0,
    show_drawn: bool = False,
) -> str:
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
            line = t("log.draw", lang, who=who, n=tile_count(len(drawn)).in_(lang))  # "1 tile", not "1"
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
    return [
        move_line(seat, move, drawn, points, lang, human, show_drawn or state.is_over)
        for seat, move, drawn, points in state.log
    ]


def score_rows(
    match: MatchState, lang: str, human: int | None = 0, heads: Sequence[str] | None = None
) -> list[dict[str, object]]:
    """The score sheet: one row per hand with the points that counted, and a total row.

    ``heads`` names the sides' columns (a shared table names its players, as its seat legend does).
    """
    rules = match.rules
    if heads is None:
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


def result_reason(state: HandState, lang: str, human: int | None = 0) -> str:
    """How the hand ended, in the rules core's words, the learner called "you" ("You went out with 6-4.")."""
    return explain_hand_end(state, human).how.in_(lang)


def lead_reason(lead: LeadDecision, lang: str, human: int | None = 0) -> str:
    """Who leads and why, addressing the learner as "you" when they lead.

    Why not the rules core's sentence as it is: it names the leader by seat
    ("Seat 0 leads: they hold the lowest double, 1-1, and may lead any tile."),
    as the referee needs. A lead by
    another seat, by lot not yet drawn, or for a reason the catalogs do not
    know keeps the rules core's sentence.
    """
    key = f"lead.you_{lead.why}"
    if human is None or lead.seat != human or key not in CATALOGS["en"]:
        return lead.reason.in_(lang)
    said = t(key, lang, tile=str(lead.tile))
    if lead.why in ("lots", "winner"):  # a whole sentence: a lot or the last hand, not a tile, named the leader
        return said
    return t("lead.open_any" if lead.lead_mask == FULL_MASK else "lead.open_that", lang, why=said)


def result_lines(state: HandState, lang: str, human: int | None = 0, before: MatchState | None = None) -> list[str]:
    """The end of a hand worked out by the rules core: how it ended, the pips, what each side writes, and with
    ``before`` (the score sheet before the hand: a match goes on) who leads the next hand and the score sheet after
    it. A single hand (``before`` None) says nothing of a next hand: dealing again starts afresh, its lead decided
    by the first-lead rule."""
    worked = explain_hand_end(state, human, before)
    parts = (worked.how, worked.pips, worked.score, worked.next_lead if before is not None else None, worked.match)
    return [part.in_(lang) for part in parts if part is not None and part.en]
