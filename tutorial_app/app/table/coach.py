"""The coach beside a hand, as plain values: the hint's ranked moves with their bars, and What we know.

Pure: no Streamlit. The Play page and the capstone of a lesson draw these
values (``hint_panel``); the tests read the same rows and HTML. Every figure
comes from ``tutorial_app.strategy``, from the learner's own view: the hint
never peeks at a hidden tile.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from html import escape

from tutorial_app.i18n import t
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.text import Text
from tutorial_app.strategy.analysis import DEFAULT_PLAYOUTS, Analysis, analyse
from tutorial_app.strategy.explain import move_name, why_best
from tutorial_app.strategy.knowledge import WhatWeKnow, and_list, what_we_know
from tutorial_app.strategy.view import SeatView, view_of_state, view_since

__all__ = [
    "HintRow",
    "Hint",
    "make_hint",
    "hint_from",
    "points_matter",
    "hint_html",
    "knowledge_lines",
    "unseen_html",
    "unseen_caption",
    "what_we_know_of",
    "seat_view",
    "HINT_SEED",
]

HINT_SEED = 0
"""The hint's playouts are seeded, so the same position always gets the same hint."""


def points_matter(rules: HouseRules) -> bool:
    """Whether the hint shows points beside the win share.

    Why not always: where the hand's winner simply takes the points (block,
    draw, international...) points follow the win share and a second bar only
    repeats it; in All Fives the points a move scores decide the match, and in
    penalty games (goat, donkey) how much you lose by matters as much as losing.
    """
    return rules.fives_scoring or rules.is_penalty_scoring


@dataclass(frozen=True)
class HintRow:
    """One legal move in the hint: its name, its win share and points with their 95 % half-widths; ``tied``
    when its gap to the best move is within the 95 % half-width of that gap (as good, as far as the playouts
    can tell)."""

    move: Move
    name: Text
    win: float
    win_ci: float
    points: float
    points_ci: float
    best: bool
    tied: bool = False


@dataclass(frozen=True)
class Hint:
    """The moves of ``seat`` ranked (one row per distinct choice), the sentence why the first is best,
    and how the figures were got (``playouts``: deals per move, ``seconds`` of thinking, ``basis``)."""

    seat: int
    rows: tuple[HintRow, ...]
    why: Text | None
    points_first: bool
    show_points: bool
    playouts: int
    note: Text | None
    seconds: float
    basis: Text | None = None
    """What the figures rest on and what ± covers (``Analysis.basis``)."""

    @property
    def tied(self) -> tuple[HintRow, ...]:
        """The best move and every move as good as it as far as the engine can tell (just the best when none)."""
        return tuple(r for r in self.rows if r.best or r.tied)

    @property
    def top_points(self) -> float:
        """The largest points figure in size, the scale of the points bars (at least 1)."""
        return max([1.0, *(abs(r.points) for r in self.rows)])


def hint_from(analysis: Analysis, state: HandState, seconds: float = 0.0) -> Hint:
    """The hint an analysis gives in ``state`` (the position analysed, or the seat's view of it)."""
    distinct = analysis.distinct(state)
    tiles = [v.move.tile for v in distinct]
    rows = tuple(
        HintRow(
            v.move,
            move_name(v.move, tiles.count(v.move.tile) > 1),
            v.win,
            v.ci,
            v.points,
            v.points_ci,
            i == 0,
            i > 0 and _within(analysis.lead(distinct[0], v)),
        )
        for i, v in enumerate(distinct)
    )
    return Hint(
        analysis.seat,
        rows,
        why_best(analysis, state),
        analysis.points_first,
        points_matter(state.rules),
        analysis.playouts,
        analysis.note,
        seconds,
        analysis.basis(),
    )


def seat_view(state: HandState, seat: int, start: HandState | None = None, first_hand: bool = False) -> SeatView:
    """What ``seat`` knows of ``state``: read from ``start`` (where the hand's record begins) and the moves
    since, or from the state's own record when ``start`` is not given; ``first_hand`` when the first-lead rule
    named the leader (``LeadDecision.by_rule``), so the lead is a clue."""
    if start is None:
        return view_of_state(state, seat, first_hand)
    return view_since(start, state, seat, first_hand)


def _within(lead: tuple[float, float]) -> bool:
    gap, half_width = lead
    return gap <= half_width


def make_hint(
    state: HandState,
    seat: int,
    start: HandState | None = None,
    playouts: int = DEFAULT_PLAYOUTS,
    seed: int = HINT_SEED,
    first_hand: bool = False,
) -> Hint:
    """Rank the legal moves of ``seat`` (to move in ``state``) from what it can see (``seat_view``)."""
    started = time.perf_counter()
    view = seat_view(state, seat, start, first_hand)
    analysis = analyse(view, playouts, seed)
    return hint_from(analysis, view.state, time.perf_counter() - started)


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _signed(value: float) -> str:
    return f"{value:+.1f}".replace("-", "−")


def _win_cell(row: HintRow, lang: str) -> str:
    width = max(0.0, min(100.0, 100 * row.win))
    label = t("hint.win_value", lang, win=_percent(row.win), ci=f"{100 * row.win_ci:.0f}")
    return (
        f'<div class="dt-bar"><div class="dt-fill dt-win" style="width:{width:.1f}%"></div></div>'
        f'<span class="dt-num">{escape(label)}</span>'
    )


def _points_cell(row: HintRow, top: float, lang: str) -> str:
    half = 50 * min(1.0, abs(row.points) / top)
    side = "left:50%" if row.points >= 0 else f"left:{50 - half:.1f}%"
    kind = "dt-plus" if row.points >= 0 else "dt-minus"
    label = t("hint.points_value", lang, points=_signed(row.points), ci=f"{row.points_ci:.1f}")
    return (
        f'<div class="dt-bar dt-diverging"><div class="dt-fill {kind}" style="{side};width:{half:.1f}%">'
        f'</div></div><span class="dt-num">{escape(label)}</span>'
    )


HINT_CSS = """<style>
.dt-hint {border-collapse:collapse; font-size:0.92rem}
.dt-hint th {text-align:left; padding-right:12px}
.dt-hint td {padding:3px 6px 3px 0; vertical-align:middle}
.dt-hint .dt-move {white-space:nowrap; font-weight:600}
.dt-hint tr.dt-best .dt-move::before {content:"★ "; color:#c28a00}
.dt-hint tr.dt-tied .dt-move::before {content:"≈ "; color:#777}
.dt-bar {position:relative; display:inline-block; width:min(160px, 30vw); height:0.8rem; background:#e7e2d6;
  border-radius:3px; vertical-align:middle; margin-right:6px; overflow:hidden}
.dt-fill {position:absolute; top:0; bottom:0; left:0; border-radius:3px}
.dt-win {background:#2e7d32}
.dt-plus {background:#1565c0}
.dt-minus {background:#c62828}
.dt-diverging::after {content:""; position:absolute; left:50%; top:0; bottom:0; border-left:1px solid #777}
.dt-num {white-space:nowrap; font-variant-numeric:tabular-nums}
.dt-unseen {border-collapse:collapse; font-variant-numeric:tabular-nums}
.dt-unseen td, .dt-unseen th {border:1px solid #d0c9b8; padding:2px 8px; text-align:center}
</style>"""
"""The look of the hint's bars (plain HTML: the rows stay text a screen reader and a test can read)."""


def hint_html(hint: Hint, lang: str) -> str:
    """The ranked moves as a table of bars: win share for every move, points beside it where they matter."""
    head = [t("hint.move", lang), t("hint.win", lang)]
    if hint.show_points:
        head.append(t("hint.points", lang))
    if hint.points_first:
        head[1], head[2] = head[2], head[1]
    lines = [
        f'<table class="dt-hint" aria-label="{escape(t("hint.title", lang))}"><thead><tr>',
        *(f"<th>{escape(h)}</th>" for h in head),
        "</tr></thead><tbody>",
    ]
    for row in hint.rows:
        cells = [f'<td class="dt-move">{escape(row.name.in_(lang))}</td>', f"<td>{_win_cell(row, lang)}</td>"]
        if hint.show_points:
            cells.append(f"<td>{_points_cell(row, hint.top_points, lang)}</td>")
        if hint.points_first:
            cells[1], cells[2] = cells[2], cells[1]
        kind = "dt-best" if row.best else "dt-tied" if row.tied else "dt-other"
        lines.append(f'<tr class="{kind}">{"".join(cells)}</tr>')
    lines.append("</tbody></table>")
    return HINT_CSS + "".join(lines)


def knowledge_lines(known: WhatWeKnow, lang: str) -> list[str]:
    """One line per other seat: how many tiles it holds, the numbers it cannot hold and why."""
    lines = []
    for facts in known.others:
        who = t("seat.n", lang, n=facts.seat) + (f" ({t('know.partner', lang)})" if facts.partner else "")
        tiles = t("know.tiles", lang, n=facts.tiles)
        lead = facts.lead.in_(lang) if facts.lead is not None else None
        if not facts.cannot_hold:
            if lead is not None:
                lines.append(t("know.holds", lang, who=who, tiles=tiles, fact=lead))
            else:
                lines.append(t("know.nothing", lang, who=who, tiles=tiles))
            continue
        numbers = and_list([str(n) for n in facts.cannot_hold], t("know.and", lang))
        why = "; ".join([*(r.in_(lang) for r in facts.reasons), *([lead] if lead is not None else [])])
        lines.append(t("know.cannot", lang, who=who, tiles=tiles, numbers=numbers, why=why))
    return lines


def unseen_caption(known: WhatWeKnow, lang: str, state: HandState) -> str:
    """Where the unseen tiles are: the other hands, and the boneyard in a game with one, or the tiles nobody
    was dealt in a block game that leaves some out (for two or three players)."""
    if state.rules.has_boneyard:
        stock = t("know.stock", lang, n=known.boneyard)
    elif known.boneyard:
        stock = t("know.asleep", lang, n=known.boneyard)
    else:
        stock = ""
    return t("know.unseen_caption", lang, stock=stock)


def unseen_html(known: WhatWeKnow, lang: str, caption: str) -> str:
    """The count a good player keeps in their head: per number 0-6, how many of its tiles are still unseen."""
    numbers = "".join(f"<th>{n}</th>" for n in range(7))
    counts = "".join(f"<td>{c}</td>" for c in known.unseen)
    caption = escape(caption)
    return (
        f'{HINT_CSS}<table class="dt-unseen" aria-label="{caption}"><tr><th>{escape(t("know.number", lang))}'
        f"</th>{numbers}</tr><tr><th>{escape(t('know.unseen', lang))}</th>{counts}</tr></table>"
    )


def what_we_know_of(
    state: HandState, seat: int, start: HandState | None = None, first_hand: bool = False
) -> WhatWeKnow:
    """What ``seat`` knows of ``state`` (``seat_view``): the What we know panel."""
    return what_we_know(seat_view(state, seat, start, first_hand))
