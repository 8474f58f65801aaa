"""Compare house rules: what differs, a referee ruling, one deal and simulated statistics, side by side."""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutorial_app.app.bots import BOTS
from tutorial_app.app.charts import bar_chart
from tutorial_app.app.comparison import difference_rows, parting_move, ruling_under, same_deal
from tutorial_app.app.markdown import plain
from tutorial_app.app.records import hand_log, result_lines, seat_label, tiles_text
from tutorial_app.app.rules_picker import RuleChoice, describe_choice, rules_picker
from tutorial_app.app.session import lang, tr
from tutorial_app.app.uploads import InputError, read_yaml_text
from tutorial_app.i18n import t
from tutorial_app.rules.position import PositionError
from tutorial_app.rules.referee import Ruling
from tutorial_app.rules.simulate import SimulationStats, simulate_hands, simulate_matches

EXAMPLE_POSITION = """\
# Seat 1 lays its last tile, 4-1, which fits both ends: who scores what?
hands:
  - ["6-5", "3-2"]
  - ["4-1"]
chain: ["1-2", "2-4"]
to_move: 1
moves:
  - {tile: "4-1", end: left}
"""
DEFAULTS = ("block", "kozel", "domino101", "draw")

st.session_state.setdefault("cmp_position", EXAMPLE_POSITION)
st.session_state.setdefault("cmp_stats", None)


def _build_position() -> None:
    seats = int(st.session_state.get("cmp_build_seats", 2))
    hands = [st.session_state.get(f"cmp_build_hand{s}", "").split() for s in range(seats)]
    chain = st.session_state.get("cmp_build_chain", "").split()
    lines = ["hands:"] + [f"  - [{', '.join(repr(x) for x in hand)}]" for hand in hands]
    lines.append(f"chain: [{', '.join(repr(x) for x in chain)}]")
    lines.append(f"to_move: {int(st.session_state.get('cmp_build_to_move', 0))}")
    st.session_state["cmp_position"] = "\n".join(lines) + "\n"


def _show_ruling(ruling: Ruling, current: str) -> None:
    st.markdown(f"**{tr('compare.status')}:** {tr('status.' + ruling.status)}")
    if ruling.open_ends:
        st.markdown(f"**{tr('compare.open_ends')}:** {', '.join(str(n) for n in ruling.open_ends)}")
    if ruling.status == "in_play":
        legal = [f"{m.tile} → {tr('end.' + str(m.end))}" if m.tile is not None else tr("action." + m.action.value)
                 for m in ruling.legal]
        st.markdown(f"**{tr('compare.legal', seat=seat_label(ruling.to_move, current, None))}:** "
                    + ("; ".join(legal) or "—"))
    if ruling.lead is not None and ruling.lead.reason:
        st.markdown(ruling.lead.reason)
    if ruling.redeal_reason:
        st.markdown(ruling.redeal_reason)
    result = ruling.result
    if result is not None:
        st.markdown(result.reason)
        points = ", ".join(f"{tr('compare.side', n=side)}: {p}" for side, p in enumerate(result.points))
        st.markdown(f"**{tr('compare.points')}:** {points}")
        if result.next_leader is not None:
            st.markdown(f"**{tr('compare.next_leader')}:** {seat_label(result.next_leader, current, None)}")


def _run_stats(choices: list[RuleChoice], hands: int, matches: int, bot: Any) -> None:
    bar = st.progress(0.0, text=tr("compare.running"))
    total = len(choices) * (hands + matches)
    done_before = 0

    def progress(done: int, _total: int) -> None:
        bar.progress(min(1.0, (done_before + done) / total), text=tr("compare.running"))

    results: list[tuple[SimulationStats, SimulationStats | None]] = []
    for choice in choices:
        by_hand = simulate_hands(choice.rules, hands, seed=1, bot=bot, progress=progress)
        done_before += hands
        by_match = simulate_matches(choice.rules, matches, seed=1, bot=bot, progress=progress) if matches else None
        done_before += matches
        results.append((by_hand, by_match))
    bar.empty()
    st.session_state["cmp_stats"] = ([c.label() for c in choices], results)


current = lang()
st.title(tr("compare.title"))
st.markdown(tr("compare.intro"))
count = st.segmented_control(tr("compare.how_many"), [2, 3, 4], default=2, key="cmp_count") or 2
picked: list[RuleChoice | None] = []
for index, column in enumerate(st.columns(count)):
    with column:
        st.markdown(f"#### {tr('compare.set', n=index + 1)}")
        picked.append(rules_picker(f"cmp{index}", DEFAULTS[index]))
choices = [c for c in picked if c is not None]
if len(choices) < len(picked):
    st.stop()
labels = [f"{i + 1}. {c.label()}" for i, c in enumerate(choices)]

differ, referee, one_deal, statistics = st.tabs(
    [tr("compare.tab_differ"), tr("compare.tab_referee"), tr("compare.tab_deal"), tr("compare.tab_stats")])

with differ:
    rows = difference_rows([c.rules for c in choices], current)
    if not rows:
        st.success(tr("compare.same_rules"))
    else:
        st.table([{tr("compare.option"): label, **dict(zip(labels, values, strict=True))} for label, values in rows])

with referee:
    st.markdown(tr("compare.referee_intro"))
    with st.expander(tr("compare.build")):
        seats = st.number_input(tr("compare.build_seats"), min_value=2, max_value=4, value=2, key="cmp_build_seats")
        for seat in range(int(seats)):
            st.text_input(tr("compare.build_hand", seat=seat), key=f"cmp_build_hand{seat}", placeholder="6-5 3-2")
        st.text_input(tr("compare.build_chain"), key="cmp_build_chain", placeholder="1-2 2-4")
        st.number_input(tr("compare.build_to_move"), min_value=0, max_value=3, value=0, key="cmp_build_to_move")
        st.button(tr("compare.build_button"), on_click=_build_position)
    text = st.text_area(tr("compare.position"), key="cmp_position", height=200)
    try:
        position = read_yaml_text(text)
    except InputError as exc:
        st.error(tr("compare.bad_position", reason=plain(exc.reason.in_(current))))
        position = None
    if position is not None and not isinstance(position, dict):
        st.error(tr("compare.bad_position", reason=tr("compare.not_mapping")))
        position = None
    if position is not None:
        for label, choice, column in zip(labels, choices, st.columns(len(choices)), strict=True):
            with column:
                st.markdown(f"**{label}**")
                try:
                    _show_ruling(ruling_under(position, choice.preset, choice.overrides, current), current)
                except PositionError as exc:
                    st.error(tr("compare.bad_position", reason=plain(exc.reason.in_(current))))

with one_deal:
    st.markdown(tr("compare.deal_intro"))
    left, right = st.columns(2)
    seed = int(left.number_input(tr("play.seed"), min_value=0, max_value=999_999, value=7, key="cmp_seed"))
    bot = right.radio(tr("play.bot"), BOTS, index=1, key="cmp_deal_bot", format_func=lambda b: t(f"bot.{b}", current))
    outcomes = [same_deal(c.rules, seed, bot) for c in choices]
    parted = parting_move(outcomes)
    st.info(tr("compare.parted_at", n=parted) if parted else tr("compare.never_parted"))
    for label, outcome, column in zip(labels, outcomes, st.columns(len(choices)), strict=True):
        with column:
            st.markdown(f"**{label}**")
            st.caption(outcome.lead_reason.in_(current))
            for seat in range(outcome.start.rules.players):
                st.markdown(f"- {seat_label(seat, current, None)}: {tiles_text(outcome.start.hand(seat))}")
            for line in result_lines(outcome.final, current, None):
                st.markdown(f"> {line}")
            with st.expander(tr("play.record")):
                st.markdown("\n".join(f"{i}. {line}" for i, line in
                                      enumerate(hand_log(outcome.final, current, None), start=1)))

with statistics:
    st.markdown(tr("compare.stats_intro"))
    left, middle, right = st.columns(3)
    hands = int(left.number_input(tr("compare.hands"), min_value=10, max_value=20_000, value=500, step=100,
                                  key="cmp_hands"))
    matches = int(middle.number_input(tr("compare.matches"), min_value=0, max_value=500, value=30, step=10,
                                      key="cmp_matches"))
    stats_bot = right.radio(tr("play.bot"), BOTS, index=1, key="cmp_stats_bot",
                            format_func=lambda b: t(f"bot.{b}", current))
    if st.button(tr("compare.run"), type="primary", key="cmp_run"):
        _run_stats(choices, hands, matches, stats_bot)
    stored = st.session_state["cmp_stats"]
    if stored is not None:
        names, results = stored
        short = [f"{i + 1}. {name.split(' · ')[0]}" for i, name in enumerate(names)]
        st.caption(" | ".join(f"{i + 1}. {n}" for i, n in enumerate(names)))
        charts = [
            bar_chart(tr("compare.chart_blocked"), short, [h.blocked_rate for h, _ in results], percent=True),
            bar_chart(tr("compare.chart_points"), short, [h.points_per_hand for h, _ in results]),
            bar_chart(tr("compare.chart_leader"), short, [h.leader_side_wins for h, _ in results], percent=True),
        ]
        if all(m is not None and m.hands_per_match is not None for _, m in results):
            charts.append(bar_chart(tr("compare.chart_match"), short,
                                    [m.hands_per_match or 0.0 for _, m in results if m is not None]))
        for start in range(0, len(charts), 2):
            for offset, (column, chart) in enumerate(zip(st.columns(2), charts[start:start + 2], strict=False)):
                column.plotly_chart(chart, width="stretch", config={"displayModeBar": False},
                                    key=f"cmp_chart_{start + offset}")
        st.caption(tr("compare.stats_note", hands=results[0][0].hands))

st.caption(" · ".join(describe_choice(c) for c in choices))
