"""Compare house rules: what differs, a referee ruling, one deal and simulated statistics, side by side."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import streamlit as st

from tutorial_app.app.compare.comparison import (
    EXAMPLES,
    deal_facts,
    difference_rows,
    differs,
    example_for,
    hands_in,
    judged_under,
    parting_move,
    parting_tile,
    ruling_facts,
    same_deal,
)
from tutorial_app.app.compare.job import ComparisonJob
from tutorial_app.app.compare.link import MAX_HANDS, MAX_MATCHES, compare_params, read_compare_link
from tutorial_app.app.compare.page import ComparePage
from tutorial_app.app.compare.stats import statistic_rows, stats_csv
from tutorial_app.app.compare.view import marked, show_deal, show_ruling, small_board
from tutorial_app.app.shell.charts import PNG_NAME, PNG_WIDTH, ChartRow, statistics_figure
from tutorial_app.app.shell.guard import report
from tutorial_app.app.shell.links import MAX_SEED
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.rules_picker import (
    RuleChoice,
    describe_choice,
    preset_name,
    rules_picker,
    set_choice,
)
from tutorial_app.app.shell.session import LEARNER_KEY, lang, tr
from tutorial_app.app.shell.state import default_widget_value, page_state, set_widget_value
from tutorial_app.app.shell.uploads import InputError, read_yaml_text
from tutorial_app.app.table.board_component import preload_board
from tutorial_app.app.table.bots import BOTS
from tutorial_app.i18n import t
from tutorial_app.rules.line.position import PositionError
from tutorial_app.rules.text import Text

DEFAULTS = ("block", "kozel", "domino101", "draw")
# Widgets of the tabs and their first values. Why kept by hand: only the open tab is drawn, and Streamlit
# forgets the value of a widget that a run did not draw. (A comment, not a string: a bare string on a page
# is drawn as text.)
KEPT = {
    "cmp_seed": 7,
    "cmp_deal_bot": "greedy",
    "cmp_hands": 500,
    "cmp_matches": 30,
    "cmp_stats_bot": "greedy",
    "cmp_build_seats": 2,
    "cmp_build_to_move": 0,
    "cmp_build_chain": "",
    **{f"cmp_build_hand{seat}": "" for seat in range(4)},
}


def _page() -> ComparePage:
    return page_state("cmp_page", ComparePage)


def _keep_tab_widgets() -> None:
    state = st.session_state
    for key, first in KEPT.items():
        state[key] = state.get(key, first)
    if "cmp_position" in state:
        state["cmp_position"] = state["cmp_position"]


def _apply_link(current: str) -> None:
    """Set the widgets from a shared link the first time the page sees it; a bad link gets one sentence."""
    asked = {key: st.query_params[key] for key in st.query_params if key not in ("lang", LEARNER_KEY)}
    seen = tuple(sorted(asked.items()))
    page = _page()
    if seen == page.link_seen:
        return
    page.link_seen = seen
    link = read_compare_link(asked)
    if link is None:
        return
    if isinstance(link, Text):
        st.warning(tr("compare.bad_link", reason=plain(link.in_(current))))
        return
    set_widget_value("cmp_count", len(link.sets))
    for index, linked in enumerate(link.sets):
        set_choice(f"cmp{index}", linked.preset, linked.players, dict(linked.overrides))
    for name, key in (("seed", "cmp_seed"), ("hands", "cmp_hands"), ("matches", "cmp_matches")):
        if name in link.settings:
            set_widget_value(key, link.settings[name])
    for bot, key in ((link.bot, "cmp_stats_bot"), (link.deal_bot, "cmp_deal_bot")):
        if bot is not None:
            set_widget_value(key, bot)


def _legend_name(index: int, choice: RuleChoice) -> str:
    """ "2. Goat (Kozel) · 4 players": the preset's name before its colon, the players, changed options."""
    name = preset_name(choice.preset)
    extra = f" · +{len(choice.overrides)}" if choice.overrides else ""
    return f"{index + 1}. {name} · {tr('rules.n_players', n=choice.players)}{extra}"


def _grid(count: int) -> list[Any]:
    """``count`` bordered boxes, two to a row: wide enough for a preset's full name and a readable board."""
    boxes: list[Any] = []
    for start in range(0, count, 2):
        columns = st.columns(2)
        boxes += [column.container(border=True) for column in columns[: count - start]]
    return boxes


def _pickers() -> list[RuleChoice] | None:
    default_widget_value("cmp_count", 2)
    count = st.segmented_control(tr("compare.how_many"), [2, 3, 4], key="cmp_count", required=True) or 2
    picked: list[RuleChoice | None] = []
    for index, box in enumerate(_grid(count)):
        with box:
            st.markdown(f"#### {tr('compare.set', n=index + 1)}")
            choice = rules_picker(f"cmp{index}", DEFAULTS[index])
            if choice is not None:
                st.caption(describe_choice(choice))
            picked.append(choice)
    choices = [c for c in picked if c is not None]
    return choices if len(choices) == len(picked) else None


def _differences(choices: list[RuleChoice], labels: list[str], current: str) -> None:
    rows = difference_rows([c.rules for c in choices], current)
    if not rows:
        st.success(tr("compare.same_rules"))
    else:
        st.table([{tr("compare.option"): label, **dict(zip(labels, values, strict=True))} for label, values in rows])


def _build_position() -> None:
    seats = int(st.session_state.get("cmp_build_seats", 2))
    hands = [st.session_state.get(f"cmp_build_hand{s}", "").split() for s in range(seats)]
    chain = st.session_state.get("cmp_build_chain", "").split()
    lines = ["hands:"] + [f"  - [{', '.join(repr(x) for x in hand)}]" for hand in hands]
    lines.append(f"chain: [{', '.join(repr(x) for x in chain)}]")
    lines.append(f"to_move: {int(st.session_state.get('cmp_build_to_move', 0))}")
    st.session_state["cmp_position"] = "\n".join(lines) + "\n"


def _position_box(choices: list[RuleChoice], current: str) -> dict[str, Any] | None:
    """The position typed or built (the example for the rule sets' number of players until it is edited)."""
    if st.session_state.get("cmp_position") in (None, *EXAMPLES.values()):
        st.session_state["cmp_position"] = example_for([c.players for c in choices], current)
    with st.expander(tr("compare.build")):
        seats = st.number_input(tr("compare.build_seats"), min_value=2, max_value=4, key="cmp_build_seats")
        for seat in range(int(seats)):
            st.text_input(tr("compare.build_hand", seat=seat), key=f"cmp_build_hand{seat}", placeholder="6-5 3-2")
        st.text_input(tr("compare.build_chain"), key="cmp_build_chain", placeholder="1-2 2-4")
        st.number_input(tr("compare.build_to_move"), min_value=0, max_value=3, key="cmp_build_to_move")
        st.button(tr("compare.build_button"), on_click=_build_position)
    text = st.text_area(tr("compare.position"), key="cmp_position", height=230)
    try:
        position = read_yaml_text(text)
    except InputError as exc:
        st.error(tr("compare.bad_position", reason=plain(exc.reason.in_(current))))
        return None
    if not isinstance(position, dict):
        st.error(tr("compare.bad_position", reason=tr("compare.not_mapping")))
        return None
    return position


def _referee(choices: list[RuleChoice], labels: list[str], current: str) -> None:
    st.markdown(tr("compare.referee_intro"))
    position = _position_box(choices, current)
    if position is None:
        return
    judged: list[Any] = []
    for choice in choices:
        try:
            judged.append(judged_under(position, choice.preset, choice.overrides, current))
        except PositionError as exc:
            judged.append(exc)
    refused = {answer.reason.en: answer for answer in judged if isinstance(answer, PositionError)}
    if len(refused) == 1 and len(judged) == sum(isinstance(answer, PositionError) for answer in judged):
        # wrong under every rule set for the same reason (a tile 7-1, a tile twice): said once, above the sets
        st.error(tr("compare.bad_position", reason=plain(next(iter(refused.values())).reason.in_(current))))
        return
    facts = [ruling_facts(ruling) for _, ruling in (j for j in judged if isinstance(j, tuple))]
    disagree = {name: differs([f[name] for f in facts]) for name in facts[0]} if facts else {}
    if any(disagree.values()):
        st.markdown(marked(tr("compare.marked_note"), True))
    hands = hands_in(position)
    for index, (label, choice, answer, box) in enumerate(
        zip(labels, choices, judged, _grid(len(choices)), strict=True)
    ):
        with box:
            st.markdown(f"**{label}**")
            if hands is not None and hands != choice.players:
                st.info(
                    tr("compare.hands_mismatch", hands=hands, players=choice.players, preset=plain(choice.short_name()))
                )
            if isinstance(answer, PositionError):
                st.error(tr("compare.bad_position", reason=plain(answer.reason.in_(current))))
                continue
            state, ruling = answer
            small_board(state, key=f"cmp_ref_board_{index}")
            show_ruling(ruling, disagree)


def _one_deal(choices: list[RuleChoice], labels: list[str], current: str) -> None:
    st.markdown(tr("compare.deal_intro"))
    left, right = st.columns(2)
    seed = int(left.number_input(tr("play.seed"), min_value=0, max_value=MAX_SEED, key="cmp_seed"))
    bot = right.radio(
        tr("play.bot"), BOTS, key="cmp_deal_bot", format_func=lambda b: t(f"bot.{b}", current), horizontal=True
    )
    outcomes = [same_deal(c.rules, seed, bot) for c in choices]
    parted = parting_move(outcomes)
    st.info(tr("compare.parted_at", n=parted) if parted else tr("compare.never_parted"))
    facts = [deal_facts(o) for o in outcomes]
    disagree = {name: differs([f[name] for f in facts]) for name in facts[0]}
    for index, (label, outcome, box) in enumerate(zip(labels, outcomes, _grid(len(choices)), strict=True)):
        with box:
            st.markdown(f"**{label}**")
            tile = parting_tile(outcome, parted)
            small_board(outcome.final, key=f"cmp_deal_board_{index}", highlight=(tile,) if tile else ())
            show_deal(outcome, disagree)


def _start_job(choices: list[RuleChoice], names: list[str], hands: int, matches: int, bot: Any) -> None:
    page = _page()
    if page.job is not None:
        page.job.stop()
    page.job = ComparisonJob(names, [c.rules for c in choices], hands, matches, bot).start()


def _stop_job() -> None:
    job = _page().job
    if job is not None:
        job.stop()


def _results(job: ComparisonJob, current: str) -> None:
    assert job.runs is not None
    rows = statistic_rows(job.runs)
    figure = statistics_figure(
        tuple(ChartRow(stat.title(current), tuple(values), stat.percent) for stat, values in rows), job.names
    )
    st.plotly_chart(
        figure,
        key="cmp_stats_chart",
        width="stretch",
        config={
            "displaylogo": False,
            "displayModeBar": True,
            "modeBarButtons": [["toImage"]],
            # a fixed size: the picture does not depend on the screen it was saved from (a phone cut the legend)
            "toImageButtonOptions": {
                "format": "png",
                "filename": PNG_NAME,
                "scale": 2,
                "width": PNG_WIDTH,
                "height": figure.layout.height,
            },
        },
    )
    st.caption(tr("compare.stats_note", hands=job.hands, seconds=f"{job.seconds:.1f}"))
    st.markdown("\n".join(f"- **{stat.title(current)}**: {stat.meaning(current)}" for stat, _ in rows))
    left, right = st.columns(2)
    left.download_button(
        tr("compare.csv"),
        stats_csv(job.names, job.runs, current),
        file_name=f"{PNG_NAME}.csv",
        mime="text/csv",
        key="cmp_csv",
        icon=":material/download:",
    )
    right.caption(tr("compare.png_hint"))


def _panel(signature: tuple[object, ...], polling: bool, current: str) -> None:
    """The run's progress while the bots play, then its charts (a fragment: only this part reruns meanwhile)."""
    job = _page().job
    if job is None:
        return
    if job.running:
        st.progress(job.fraction, text=tr("compare.running", done=job.done, total=job.total))
        st.button(tr("compare.stop"), key="cmp_stop", on_click=_stop_job)
        return
    if polling:  # just finished: draw the whole page again, without the polling
        st.rerun()
    if job.failed is not None:
        report(job.failed, "the comparison")
        _page().job = None
        st.error(tr("app.unexpected"))
    elif job.runs is None:
        st.info(tr("compare.stopped"))
    elif job.signature != signature:
        st.info(tr("compare.stale"))
    else:
        _results(job, current)


def _statistics(choices: list[RuleChoice], names: list[str], current: str) -> None:
    st.markdown(tr("compare.stats_intro"))
    left, middle, right = st.columns(3)
    hands = int(left.number_input(tr("compare.hands"), min_value=10, max_value=MAX_HANDS, step=100, key="cmp_hands"))
    matches = int(
        middle.number_input(tr("compare.matches"), min_value=0, max_value=MAX_MATCHES, step=10, key="cmp_matches")
    )
    bot = right.radio(
        tr("play.bot"), BOTS, key="cmp_stats_bot", format_func=lambda b: t(f"bot.{b}", current), horizontal=True
    )
    # Why not on_click: a callback gets the arguments of the last run, before this click's changes
    if st.button(tr("compare.run"), type="primary", key="cmp_run"):
        _start_job(choices, names, hands, matches, bot)
    job = _page().job
    polling = job is not None and job.running
    signature = (tuple(c.rules for c in choices), hands, matches, bot, 1)
    st.fragment(_panel, run_every=0.5 if polling else None)(signature, polling, current)


def _share(choices: list[RuleChoice], settings: dict[str, int], bots: tuple[str, str], current: str) -> None:
    """Keep the address bar on this comparison and show the link to copy."""
    params = compare_params([(c.preset, c.players, c.overrides) for c in choices], settings, *bots)
    _page().link_seen = tuple(sorted(params.items()))
    wanted = {"lang": current, **params}
    if {key: st.query_params[key] for key in st.query_params if key != LEARNER_KEY} != wanted:
        st.query_params.from_dict(wanted)  # the learner's name, bound to its box, stays in the address
    base = st.context.url or ""
    with st.expander(tr("compare.share"), icon=":material/link:"):
        st.caption(tr("compare.share_hint"))
        st.code(f"{base}?{urlencode(wanted)}", language=None, wrap_lines=True)


preload_board()  # plotly.js loads while the rest of the page runs
current = lang()
st.title(tr("compare.title"))
st.markdown(tr("compare.intro"))
_apply_link(current)
chosen = _pickers()
if chosen is None:
    st.stop()
assert chosen is not None
labels = [_legend_name(i, c) for i, c in enumerate(chosen)]

# Why only the open tab is drawn: the boards and charts of the others cost the page switch seconds
TABS = (
    ("compare.tab_differ", _differences),
    ("compare.tab_referee", _referee),
    ("compare.tab_deal", _one_deal),
    ("compare.tab_stats", _statistics),
)
tabs = st.tabs([tr(key) for key, _ in TABS], key="cmp_tab", on_change="rerun")
_keep_tab_widgets()
for tab, (_, draw) in zip(tabs, TABS, strict=True):
    if tab.open:
        with tab:
            draw(chosen, labels, current)
state = st.session_state
_share(
    chosen,
    {name: int(state[f"cmp_{name}"]) for name in ("seed", "hands", "matches")},
    (str(state["cmp_stats_bot"]), str(state["cmp_deal_bot"])),
    current,
)
