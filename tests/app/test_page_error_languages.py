"""Errors on the pages speak the tab's language: a bad override, a bad position, a bad deal link in Russian.

The expected sentences come from the rules core's own ``reason`` (never
written out here), so the test checks that the page shows what the rules
core says, in the language the learner chose.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from app_runs import MAIN, ok
from streamlit.testing.v1 import AppTest

from tutorial_app.app.compare.comparison import ruling_under
from tutorial_app.app.shell.links import read_deal_link
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.uploads import InputError, read_yaml_text
from tutorial_app.i18n import t
from tutorial_app.rules.line.options import OptionError
from tutorial_app.rules.line.position import PositionError
from tutorial_app.rules.line.variants import UnknownVariantError, find_variant, rules_for
from tutorial_app.rules.text import RulesError, Text

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def _russian_app(page: str, **query: str) -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lang"] = "ru"
    for key, value in query.items():
        at.query_params[key] = value
    ok(at.run())
    return ok(at.switch_page(f"app_pages/{page}.py").run())


def _raised(call: Any) -> RulesError:
    try:
        call()
    except RulesError as exc:
        return exc
    raise AssertionError("the rules core should refuse this")


def _errors(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


def test_a_bad_override_on_the_compare_page_is_explained_in_russian() -> None:
    at = _russian_app("compare")
    preset = at.session_state["cmp1_preset"]
    players = find_variant(preset).default_players
    ok(at.multiselect(key=f"cmp1_changed_{preset}").set_value(["blocked_tie"]).run())
    ok(at.selectbox(key=f"cmp1_{preset}_opt_blocked_tie").set_value("bank").run())
    refusal = _raised(lambda: rules_for(preset, players, {"blocked_tie": "bank"}))
    assert isinstance(refusal, OptionError)
    shown = t("rules.cannot_play", "ru", reason=refusal.reason.ru)
    assert shown in _errors(at)
    assert CYRILLIC.search(refusal.reason.ru) and refusal.reason.en not in "\n".join(_errors(at))


@pytest.mark.parametrize(
    "text",
    [
        'hands: [["7-1"], ["6-6"]]\nchain: []\n',
        'overrides: {colour: red}\nhands: [["6-5"], ["1-1"]]\n',
        'hands: [["6-4"], ["4-6"]]\n',
        'hands: [["6-4", "3-0"], ["1-2"]]\nchain: ["3-5", "5-1"]\nmoves: [{tile: "6-4", end: left}]\n',
    ],
)
def test_a_bad_position_on_the_compare_page_is_explained_in_russian(text: str) -> None:
    at = _russian_app("compare")
    at.session_state["cmp_tab"] = t("compare.tab_referee", "ru")  # only the open tab is drawn
    ok(at.run())
    ok(at.text_area(key="cmp_position").set_value(text).run())
    preset = at.session_state["cmp0_preset"]
    refusal = _raised(lambda: ruling_under(read_yaml_text(text), preset, {}, "ru"))
    assert isinstance(refusal, PositionError)
    assert t("compare.bad_position", "ru", reason=plain(refusal.reason.ru)) in _errors(at)
    assert not any(plain(refusal.reason.en) in e for e in _errors(at))


def test_text_that_is_not_yaml_is_explained_in_russian() -> None:
    at = _russian_app("compare")
    at.session_state["cmp_tab"] = t("compare.tab_referee", "ru")
    ok(at.run())
    text = "hands: [[6-5], [1-1]\n"
    ok(at.text_area(key="cmp_position").set_value(text).run())
    refusal = _raised(lambda: read_yaml_text(text))
    assert isinstance(refusal, InputError)
    assert _errors(at) == [t("compare.bad_position", "ru", reason=plain(refusal.reason.ru))]
    assert "строка 2" in refusal.reason.ru


def test_a_deal_link_with_an_unknown_preset_is_explained_in_russian() -> None:
    at = _russian_app("play", deal="3", rules="шахматы")
    refusal = _raised(lambda: find_variant("шахматы"))
    assert isinstance(refusal, UnknownVariantError)
    assert t("play.bad_link", "ru", reason=plain(refusal.reason.ru)) in [w.value for w in at.warning]
    assert at.session_state["play_page"].table is None


def test_a_deal_link_with_a_bad_seed_or_player_count_says_so_in_russian() -> None:
    at = _russian_app("play", deal="seven")
    reason = read_deal_link({"deal": "seven"})
    assert isinstance(reason, Text) and CYRILLIC.search(reason.ru)
    assert t("play.bad_link", "ru", reason=plain(reason.ru)) in [w.value for w in at.warning]
    at = _russian_app("play", deal="3", rules="international", players="2")
    refusal = _raised(lambda: find_variant("international").rules(None, {"players": "2"}))
    assert t("play.bad_link", "ru", reason=plain(refusal.reason.ru)) in [w.value for w in at.warning]
