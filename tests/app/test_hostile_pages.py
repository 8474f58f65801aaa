"""The pages against hostile links, pastes and a broken database: one readable message, the page goes on.

Also the page guard: an error nobody foresaw, in a page's script or in a
button's callback, becomes the short message in the learner's language,
never Streamlit's exception box.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from app_runs import MAIN
from hostile import (
    HOSTILE_FRAGMENTS,
    HOSTILE_VALUES,
    REVIEW_LESSON_TEXTS,
    REVIEW_LINKS,
    REVIEW_POSITIONS,
    docs_positions,
    mutate_text,
    seeded,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tutorial_app.app.compare.comparison import ruling_under
from tutorial_app.app.shell.links import DealLink, read_deal_link
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.uploads import read_yaml_text
from tutorial_app.i18n import t
from tutorial_app.language import LANGS
from tutorial_app.rules.text import RulesError, Text

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MARKUP = set("\\`*_[]()#!<>~|$:&")


def _page(page: str, lang: str = "en", **query: str) -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lang"] = lang
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    if page != "learn":
        at.switch_page(f"app_pages/{page}.py").run()
    assert not at.exception, at.exception
    return at


def _texts(at: AppTest) -> list[str]:
    return [e.value for kind in (at.warning, at.error, at.info, at.markdown, at.success) for e in kind]


def _unescaped_markup(text: str) -> set[str]:
    return _read_markdown(text)[1]


def _read_markdown(text: str) -> tuple[str, set[str]]:
    """What inline Markdown of escapes and code spans shows, and the markup characters left unescaped outside them."""
    shown, found, i = [], set(), 0
    while i < len(text):
        char = text[i]
        if char == "\\" and i + 1 < len(text):
            shown.append(text[i + 1])
            i += 2
        elif char == "`":
            fence = re.match(r"`+", text[i:]).group()  # type: ignore[union-attr]
            end = re.compile(rf"(?<!`){fence}(?!`)").search(text, i + len(fence))
            assert end is not None, f"an open code span in {text!r}"
            content = text[i + len(fence) : end.start()]
            if len(content) > 1 and content[0] == " " and content[-1] == " ":
                content = content[1:-1]
            shown.append(content)
            i = end.end()
        else:
            found |= {char} & MARKUP
            shown.append(char)
            i += 1
    return "".join(shown), found


# -- plain ----------------------------------------------------------------------------------------------


@FUZZ
@given(
    st.lists(
        st.sampled_from([*HOSTILE_FRAGMENTS, "http://x.y/", "www.", "a@b.c", "`"]) | st.text(max_size=8), max_size=30
    ).map("".join)
)
def test_plain_shows_exactly_the_characters_on_one_line(text: str) -> None:
    shown = plain(text, width=len(text) + 1)
    assert "\n" not in shown and "\r" not in shown
    seen, left = _read_markdown(shown)
    assert not left, shown
    assert seen == " ".join(text.split())


@pytest.mark.parametrize("text", ["- a list", "1. a list", "+ a list", "# a heading", "> a quote", "=== rule"])
def test_plain_never_starts_a_block(text: str) -> None:
    shown = plain(text)
    assert re.match(r"\\|\d+\\[.)]", shown), shown  # the marker is escaped: the text stays a paragraph


# -- deep links -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("page", "query"), REVIEW_LINKS, ids=lambda v: str(v)[:40])
def test_the_reviews_links_give_a_message_and_no_markup(page: str, query: dict[str, str]) -> None:
    at = _page(page, **query)
    texts = _texts(at)
    for value in query.values():
        if value and any(c in value for c in "![*"):
            assert not any(value in text for text in texts), f"{value!r} shown as Markdown"
    assert at.warning or at.info, "a bad link is explained"


def test_a_link_in_an_unknown_language_says_so_once() -> None:
    at = _page("learn", lang="xx")
    assert [i.value for i in at.info].count(t("app.unknown_lang", "en", lang="'xx'".strip("'"))) == 1
    at.run()
    assert not [i for i in at.info if "xx" in i.value]


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(["deal", "rules", "players", "lang", "x"]),
        st.sampled_from([v for v in HOSTILE_VALUES if isinstance(v, str)]) | st.text(max_size=12),
        max_size=4,
    )
)
def test_any_deal_link_is_a_deal_a_reason_or_nothing(params: dict[str, str]) -> None:
    answer = read_deal_link(params)
    if "deal" not in params:
        assert answer is None
    elif isinstance(answer, Text):
        assert "\n" not in answer.en and "\n" not in answer.ru and len(answer.en) < 400
    else:
        assert isinstance(answer, DealLink) and 0 <= answer.seed <= 999_999


# -- pastes -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(REVIEW_LESSON_TEXTS))
def test_the_workshop_takes_the_reviews_lessons_with_a_located_message(case: str) -> None:
    at = _page("workshop")
    at.text_area(key="ws_text").set_value(REVIEW_LESSON_TEXTS[case])
    at.button[0].click().run()
    assert not at.exception, at.exception
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "line" in errors[0], errors


@pytest.mark.parametrize("case", sorted(REVIEW_POSITIONS))
def test_the_compare_box_takes_the_reviews_positions_with_one_message(case: str) -> None:
    at = _page("compare", lang="ru")
    at.session_state["cmp_tab"] = t("compare.tab_referee", "ru")  # only the open tab is drawn
    at.run()
    at.text_area(key="cmp_position").set_value(REVIEW_POSITIONS[case]).run()
    assert not at.exception, at.exception
    errors = [e.value for e in at.error]
    prefix = t("compare.bad_position", "ru", reason="")
    assert errors and all(e.startswith(prefix) for e in errors), errors
    assert not any(_unescaped_markup(e[len(prefix) :]) or "\n" in e for e in errors), errors


POSITION_TEXTS = [*REVIEW_POSITIONS.values(), *(yaml.safe_dump(d) for d in docs_positions())]


@FUZZ
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from(["block", "kozel", "all_fives", "domino101"]))
def test_the_position_box_reads_any_paste_into_a_ruling_or_one_line(seed: int, preset: str) -> None:
    rng = seeded(seed)
    text = rng.choice(POSITION_TEXTS)
    for _ in range(rng.randint(1, 3)):
        text = mutate_text(text, rng)
    try:
        position = read_yaml_text(text)
        if not isinstance(position, dict):
            return
        ruling_under(position, preset, {}, rng.choice(["en", "ru"]))
    except RulesError as exc:
        for sentence in (exc.reason.in_(lang) for lang in LANGS):
            assert sentence and "\n" not in sentence and len(sentence) < 2000, sentence


# -- a broken progress database ------------------------------------------------------------------------------


def test_a_broken_database_is_said_once_and_the_lessons_go_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    corrupt = tmp_path / "corrupt.sqlite3"
    corrupt.write_bytes(b"not a database" * 100)
    monkeypatch.setenv("DOMINO_TUTOR_PROGRESS_DB", str(corrupt))
    at = _page("learn")
    said = [w.value for w in at.sidebar.warning]
    assert len(said) == 1 and said[0].startswith("progress database unreadable: stars are not saved"), said
    assert "SELECT" not in said[0] and "sqlite" not in said[0]
    at.sidebar.text_input(key="learner_name").set_value("Anna").run()
    assert not at.exception and not at.sidebar.warning, "said once"
    at.button(key="learn_start_core-01-the-set").click().run()
    assert not at.exception, at.exception


# -- the guard -------------------------------------------------------------------------------------------------


def _boom(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError("an error nobody foresaw, with /secret/paths and SELECT * FROM lesson_progress")


def test_an_error_in_a_callback_is_one_short_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutorial_app.lessons.check.validate.check_source", _boom)
    at = _page("workshop", lang="ru")
    at.button[0].click().run()
    assert not at.exception
    assert [e.value for e in at.error] == [t("app.unexpected", "ru")]
    assert "secret" not in " ".join(_texts(at))
    at.run()
    assert not at.error, "the message is for the click that failed"


def test_an_error_in_a_page_script_is_one_short_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutorial_app.app.shell.links.read_deal_link", _boom)
    at = _page("play", deal="3")
    assert [e.value for e in at.error] == [t("app.unexpected", "en")]
    assert at.sidebar.text_input(key="learner_name") is not None, "the sidebar is still there"
