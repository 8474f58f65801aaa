"""The theme part of Streamlit's new-session message, built once per config, is the message Streamlit builds."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from streamlit import config
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime import app_session

from tutorial_app.app.shell import run_costs

SECTIONS = ("theme", "theme.light", "theme.dark", "theme.sidebar", "theme.light.sidebar", "theme.dark.sidebar")
OPTIONS = {"theme.light.primaryColor": "#0072B2", "theme.dark.sidebar.textColor": "#EEEEEE", "theme.baseRadius": "4px"}


def _message(populate: Callable[..., None]) -> bytes:
    """A new-session message's theme, section by section, as ``_create_new_session_message`` fills it."""
    msg = ForwardMsg()
    theme = msg.new_session.custom_theme
    targets = (theme, theme.light, theme.dark, theme.sidebar, theme.light.sidebar, theme.dark.sidebar)
    for target, section in zip(targets, SECTIONS, strict=True):
        if section == "theme":
            populate(target)
        else:
            populate(target, section)
    data: bytes = msg.SerializeToString()
    return data


@pytest.fixture
def uncached(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Any]]:
    """Streamlit's own function in place (the app may have wrapped it in this process already), options set."""
    current = app_session._populate_theme_msg
    original = getattr(current, "original", current)
    monkeypatch.setattr(app_session, "_populate_theme_msg", original)
    monkeypatch.setattr(run_costs, "_TRIED", [])  # as in a fresh process
    before = {name: config.get_option(name) for name in OPTIONS}
    for name, value in OPTIONS.items():
        config.set_option(name, value)
    yield original
    for name, value in before.items():
        config.set_option(name, value)


def test_the_cached_theme_message_is_streamlits_own_and_follows_a_new_config(uncached: Callable[..., Any]) -> None:
    expected = _message(uncached)
    assert b"#0072B2" in expected and b"#EEEEEE" in expected  # the options reach the message at all
    run_costs.install()
    cached = app_session._populate_theme_msg
    assert cached is not uncached
    assert _message(cached) == expected
    assert _message(cached) == expected  # the second message, from the kept copy, is the same

    config.set_option("theme.light.primaryColor", "#D55E00")
    config._on_config_parsed.send()  # what Streamlit does after parsing its config again
    changed = _message(cached)
    assert changed == _message(uncached) != expected
    assert b"#D55E00" in changed


def test_install_wraps_once() -> None:
    run_costs.install()
    first = app_session._populate_theme_msg
    run_costs.install()
    assert app_session._populate_theme_msg is first
    assert getattr(first, "cached", False)


def test_another_shape_is_left_alone_with_one_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def renamed(message: Any, part: str = "theme") -> None:
        return None

    monkeypatch.setattr(app_session, "_populate_theme_msg", renamed)
    monkeypatch.setattr(run_costs, "_TRIED", [])
    with caplog.at_level("WARNING", logger="tutorial_app.app"):
        run_costs.install()
        run_costs.install()  # every script run calls it: it looks once
    assert app_session._populate_theme_msg is renamed
    assert [r.getMessage() for r in caplog.records].count(
        "Streamlit's theme message has another shape: left uncached"
    ) == 1
