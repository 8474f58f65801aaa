"""The Compare page: shared links, statistics per kind of game, background runs, boards and what differs."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

import pytest
import yaml
from app_runs import MAIN
from hostile import HOSTILE_VALUES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tutorial_app.app.compare.comparison import EXAMPLES, differs, hands_in, judged_under, ruling_facts
from tutorial_app.app.compare.job import ComparisonJob
from tutorial_app.app.compare.link import CompareLink, compare_params, read_compare_link
from tutorial_app.app.compare.stats import RuleSetRun, statistic_rows, stats_csv
from tutorial_app.app.shell.markdown import plain
from tutorial_app.i18n import t
from tutorial_app.rules.line.simulate import simulate_hands, simulate_matches
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.rules.text import Text


def _compare(tab: str | None = None, **query: str) -> AppTest:
    """The Compare page opened by a link, with ``tab`` ("compare.tab_referee") open (only the open tab is drawn)."""
    at = AppTest.from_file(MAIN, default_timeout=120)
    lang = query.pop("lang", "en")
    at.query_params["lang"] = lang
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    at.switch_page("app_pages/compare.py").run()
    if tab is not None:
        at.session_state["cmp_tab"] = t(tab, lang)
        at.run()
    assert not at.exception, at.exception
    return at


# -- links ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sets",
    [
        [("block", 4, {"teams": "pairs"}), ("kozel", 4, {"target": 150})],
        [("draw", 3, {}), ("all_fives", 2, {"capicu_bonus": 25}), ("donkey", 4, {})],
    ],
)
def test_a_link_gives_back_the_comparison_it_was_made_from(sets: list[tuple[str, int, Mapping[str, Any]]]) -> None:
    params = compare_params(sets, {"seed": 12, "hands": 3000, "matches": 40}, "random", "greedy")
    link = read_compare_link(params)
    assert isinstance(link, CompareLink)
    assert [s.rules for s in link.sets] == [rules_for(name, players, over) for name, players, over in sets]
    assert link.settings == {"seed": 12, "hands": 3000, "matches": 40}
    assert (link.bot, link.deal_bot) == ("random", "greedy")


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"r1": "block"}, "two rule sets"),
        ({"r1": "block", "r2": "chess"}, "chess"),
        ({"r1": "block", "r2": "kozel", "p2": "9"}, "players"),
        ({"r1": "block", "r2": "kozel", "o2": "target"}, "name:value"),
        ({"r1": "block", "r2": "kozel", "o2": "teams:pairs"}, "pairs"),
        ({"r1": "block", "r2": "kozel", "hands": "10" * 9}, "hands"),
        ({"r1": "block", "r2": "kozel", "bot": "strong"}, "bot"),
    ],
)
def test_a_bad_link_says_what_is_wrong(params: dict[str, str], words: str) -> None:
    answer = read_compare_link(params)
    assert isinstance(answer, Text) and words in answer.en


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(
        st.sampled_from(["r1", "p1", "o1", "r2", "p2", "o2", "r3", "seed", "hands", "matches", "bot", "deal_bot"]),
        st.sampled_from([v for v in HOSTILE_VALUES if isinstance(v, str)] + ["kozel", "4", "target:150"])
        | st.text(max_size=12),
        max_size=8,
    )
)
def test_any_compare_link_is_a_comparison_a_reason_or_nothing(params: dict[str, str]) -> None:
    answer = read_compare_link({"r1": "block", **params} if "r2" in params else params)
    if isinstance(answer, Text):
        assert "\n" not in answer.en and "\n" not in answer.ru and len(answer.en) < 600  # the core lists the options
    elif answer is not None:
        assert 2 <= len(answer.sets) <= 4


def test_a_link_sets_the_pickers_and_a_bad_one_gets_one_sentence() -> None:
    at = _compare(r1="kozel", p1="4", r2="block", p2="4", o2="teams:pairs", seed="5", hands="2000")
    assert at.session_state["cmp0_preset"] == "kozel" and at.session_state["cmp1_pairs"] is True
    assert at.session_state["cmp_seed"] == 5 and at.session_state["cmp_hands"] == 2000
    assert not at.warning
    # the address bar follows the page
    assert at.query_params["r1"] == "kozel" and at.query_params["o2"] == "teams:pairs"
    bad = _compare(lang="ru", r1="block", r2="![x](http://e.invalid)")
    assert len(bad.warning) == 1 and bad.warning[0].value.startswith(t("compare.bad_link", "ru", reason="")[:20])
    assert bad.session_state["cmp1_preset"] == "kozel"  # the defaults stay


# -- the referee's position -------------------------------------------------------------------------------


def test_the_example_has_as_many_hands_as_the_rule_sets_have_players() -> None:
    at = _compare("compare.tab_referee", r1="kozel", p1="4", r2="donkey", p2="4")
    text = at.text_area(key="cmp_position").value
    assert text == EXAMPLES[("en", 4)] and hands_in(yaml.safe_load(text)) == 4
    assert not [i for i in at.info if "hands" in i.value]
    mixed = _compare("compare.tab_referee", r1="block", p1="2", r2="kozel", p2="4")
    notes = [i.value for i in mixed.info if i.value.startswith("This position has")]
    assert notes == [t("compare.hands_mismatch", "en", hands=2, players=4, preset=plain("Goat (Kozel)"))]


def test_the_facts_on_which_the_rule_sets_part_are_found() -> None:
    position = yaml.safe_load(EXAMPLES[("en", 4)])
    facts = [ruling_facts(judged_under(position, name, {}, "en")[1]) for name in ("kozel", "block")]
    assert not differs([f["status"] for f in facts]) and not differs([f["winner"] for f in facts])
    assert differs([f["points"] for f in facts])  # the goat's penalties against block's win
    at = _compare("compare.tab_referee", r1="kozel", p1="4", r2="block", p2="4")
    marked = [m.value for m in at.markdown if m.value.startswith(":orange-background[≠")]
    assert any(t("compare.points", "en") in m for m in marked)
    assert not any(t("compare.status", "en") in m for m in marked)


# -- statistics ---------------------------------------------------------------------------------------------


def _runs(names: tuple[str, ...]) -> list[RuleSetRun]:
    return [
        RuleSetRun(
            rules_for(n, 4),
            simulate_hands(rules_for(n, 4), 60, seed=1, bot="greedy"),
            simulate_matches(rules_for(n, 4), 3, seed=1, bot="greedy"),
        )
        for n in names
    ]


def test_penalty_games_get_penalty_statistics_and_the_others_do_not() -> None:
    runs = _runs(("block", "kozel"))
    rows = {stat.key: values for stat, values in statistic_rows(runs)}
    block, kozel = runs
    assert rows["leader"] == [block.hands.leader_side_wins, None]
    assert rows["points"] == [block.hands.points_per_hand, None]
    assert rows["penalty"] == [None, kozel.hands.points_per_side]
    assert rows["goat"] == [None, kozel.matches.first_leader_loses]  # type: ignore[union-attr]
    assert rows["blocked"] == [block.hands.blocked_rate, kozel.hands.blocked_rate]
    assert "goat" not in {stat.key for stat, _ in statistic_rows(_runs(("block", "draw")))}


def test_the_csv_has_a_row_per_rule_set_with_the_simulators_figures() -> None:
    runs = _runs(("block", "donkey"))
    table = list(csv.reader(io.StringIO(stats_csv(["1. Block", "2. Donkey"], runs, "ru"))))
    assert table[0][0] == t("compare.csv.rule_set", "ru") and [row[0] for row in table[1:]] == ["1. Block", "2. Donkey"]
    column = table[0].index(t("compare.stat.penalty", "ru"))
    assert table[1][column] == "" and float(table[2][column]) == pytest.approx(runs[1].hands.points_per_side, abs=0.01)


def test_a_run_in_the_background_reports_progress_and_can_be_stopped() -> None:
    rules = [rules_for("block"), rules_for("kozel", 4)]
    job = ComparisonJob(["a", "b"], rules, 40, 2, "greedy").start()
    job.wait(120)
    assert job.runs is not None and job.done == job.total == 2 * 42 and job.fraction == 1
    assert job.runs[1].hands.same_figures() == simulate_hands(rules[1], 40, 1, "greedy").same_figures()
    long = ComparisonJob(["a", "b"], rules, 20_000, 0, "greedy").start()
    long.stop()
    long.wait(120)
    assert long.runs is None and long.stopped and long.done < long.total


def test_the_page_runs_a_comparison_without_waiting_for_it() -> None:
    at = _compare("compare.tab_stats", r1="block", p1="4", r2="kozel", p2="4", hands="40", matches="2")
    at.button(key="cmp_run").click().run()
    job = at.session_state["cmp_page"].job
    job.wait(120)
    at.run()
    assert job.runs is not None
    assert any(f"- **{t('compare.stat.goat', 'en')}**" in m.value for m in at.markdown)
    assert [getattr(b, "label", None) for b in at.get("download_button")] == [t("compare.csv", "en")]
    # a changed setting does not show the old figures as if they were the new ones
    at.number_input(key="cmp_hands").set_value(60).run()
    assert t("compare.stale", "en") in [i.value for i in at.info]
    # the other tabs and back: the settings stay
    at.session_state["cmp_tab"] = t("compare.tab_deal", "en")
    at.run()
    at.number_input(key="cmp_seed").set_value(11).run()
    at.session_state["cmp_tab"] = t("compare.tab_stats", "en")
    at.run()
    assert at.number_input(key="cmp_hands").value == 60 and at.query_params["seed"] == "11"
