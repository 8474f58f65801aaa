"""The board on a page: one ``st.components.v2`` component that draws it with plotly.js and answers clicks.

Every board of the app goes through ``show_board_data`` (Learn, Play, the
club's tables and classes, Compare, the reviews, Tien Gow): the server
sends what a game's adapter (``board.browser_line``, ``board.browser_tien_gow``)
made of the position, the browser draws it with ``Plotly.react`` into one
plot that is never remounted, answers a tile click at once and draws a
move before the server has it (``board_assets/board.js``). A move, or any
click the browser does not answer alone, comes back as ``on_click(name)``
in the component's callback, like a button's; the page then runs again.

plotly.js ships beside the component, never from the internet (a club
without internet works): ``plotly-basic.min.js``, plotly.js's own partial
bundle with the scatter and bar traces (a board draws only scatter traces,
shapes and annotations), of the version the installed ``plotly`` package
was built with when it was added (``PLOTLY_JS_VERSION``). Why not the
package's full ``plotly.min.js``: the browser spent about a second of this
machine's main thread running its 4.8 MB on a page's first load, where the
1.2 MB partial bundle takes about a quarter of that (``benchmarks/app_speed.py``'s
first load). It is gzipped once into a cache folder (Streamlit's server
would gzip it again for every page load) and served, like the component's
own files, by Streamlit's route for component assets. The browser keeps it.
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import streamlit as st
from streamlit.components.v2.get_bidi_component_manager import get_bidi_component_manager
from streamlit.components.v2.manifest_scanner import ComponentConfig, ComponentManifest

from tutorial_app.board.browser import BoardData, board_data
from tutorial_app.cache import cache_folder

__all__ = [
    "show_board_data",
    "show_board_json",
    "board_json",
    "board_ahead",
    "announce_count",
    "keep_in_sight",
    "show_picture",
    "figure_json",
    "follow_board",
    "preload_board",
    "BOT_PACE_MS",
    "packed_plotly",
    "plotly_source",
    "PLOTLY_JS_VERSION",
    "BOARD_COMPONENT",
    "ASSETS",
]

BOARD_COMPONENT = "domino_tutor.board"
_PACKED = "domino_tutor_plotly.packed"
ASSETS = Path(__file__).parent / "board_assets"
"""The component's own JavaScript and CSS, and plotly.js's basic bundle (package data)."""
_BUNDLE = "plotly-basic.min.js"
PLOTLY_JS_VERSION = "4.1.1"
"""The version of plotly.js in ``board_assets`` (npm ``plotly.js-basic-dist-min``, MIT licence)."""


def _pace() -> int:
    try:
        return max(0, int(os.environ.get("DOMINO_TUTOR_BOT_PACE_MS", "400")))
    except ValueError:
        return 400


BOT_PACE_MS = _pace()
"""Milliseconds between the bots' moves played on the board (``DOMINO_TUTOR_BOT_PACE_MS``, default 400)."""


def plotly_source() -> Path:
    """plotly.js's basic bundle, shipped beside the component."""
    return ASSETS / _BUNDLE


@lru_cache(maxsize=1)
def packed_plotly() -> Path:
    """The folder holding the gzipped bundle, made once per bundle (in the app's cache folder, ``cache``).
    Written under another name and renamed, so servers starting at once agree."""
    source = plotly_source()
    stamp = f"plotly-basic-{PLOTLY_JS_VERSION}-{source.stat().st_size}"
    folder = cache_folder(stamp)
    if folder is None:
        raise RuntimeError(
            "no folder of this user's own for plotly.js (tried the cache folder and the temporary folder)"
        )
    packed = folder / f"{_BUNDLE}.gz"
    if not (packed.is_file() and packed.stat().st_size > 0):
        partial = folder / f".plotly.{os.getpid()}.part"
        partial.write_bytes(gzip.compress(source.read_bytes(), compresslevel=6, mtime=0))
        os.replace(partial, packed)
    return folder


@lru_cache(maxsize=8)
def _component(manager: Any) -> Any:
    """The board component on this runtime's component manager (a test's runtime is a new one).

    Why register folders by hand: Streamlit finds a component's ``asset_dir`` in an installed package's
    ``pyproject.toml`` only for a wheel install; this works for an editable install too, and serves the
    gzipped plotly.js from a folder outside the package.
    """
    packed = packed_plotly()
    manager.register_from_manifest(
        ComponentManifest("domino_tutor", "1", [ComponentConfig("board", ASSETS.name)]), ASSETS.parent
    )
    manager.register_from_manifest(
        ComponentManifest("domino_tutor_plotly", "1", [ComponentConfig("packed", packed.name)]), packed.parent
    )
    return st.components.v2.component(BOARD_COMPONENT, js="board.js", css="board.css", isolate_styles=False)


_PLOTLY_PATHS = {"packed": f"{_PACKED}/{_BUNDLE}.gz", "plain": f"{BOARD_COMPONENT}/{_BUNDLE}"}


def preload_board() -> None:
    """Start loading plotly.js at once (call it at the top of a page that draws boards).

    Why: the browser then reads the 1.2 MB library while the server runs the rest of the page, instead of
    after the board's place on the page has come; the board draws as soon as it is there.
    """
    data = json.dumps({"preload": True, "plotly": _PLOTLY_PATHS})
    _component(get_bidi_component_manager())(key="board_preload", data=data, width="content")


def _clicked(result: object) -> str | None:
    """The click name the browser reported (``{"name": ..., "seq": ...}``), if any."""
    value = result.get("clicked") if isinstance(result, Mapping) else getattr(result, "clicked", None)
    name = value.get("name") if isinstance(value, Mapping) else None
    return name if isinstance(name, str) else None


def show_board_data(data: BoardData, *, name: str, on_click: Callable[[str], None] | None = None) -> None:
    """Draw board ``name`` from ``data``; a move or a click the browser reports calls ``on_click(name)``."""
    show_board_json(board_json(data), name=name, on_click=on_click)


def board_json(data: BoardData) -> str:
    """The board's data as the JSON text the component is sent (without this page's own fields).

    Why a JSON string: Streamlit writes a dict out twice (once sorted, for the element's identity); a string it
    only quotes, which saves the server a few milliseconds per board (the browser parses it once either way).
    """
    return json.dumps(data.to_json(), separators=(",", ":"))


def show_board_json(text: str, *, name: str, on_click: Callable[[str], None] | None = None) -> None:
    """Draw board ``name`` from its ``board_json`` text (which screens showing the same board can share).

    The component's key is the board's name, so the browser keeps one plot per board across runs.
    ``ack`` counts the reports the server has answered: a board waiting for its answer knows it came.
    """
    ack_key = f"_board_ack_{name}"
    widget = f"board_{name}"
    own = {"ack": int(st.session_state.get(ack_key, 0)), "name": name, "plotly": _PLOTLY_PATHS}
    if not text.startswith("{") or not text.endswith("}"):
        raise ValueError("a board's data is a JSON object")
    body = text[1:-1]
    payload = "{" + body + ("," if body else "") + json.dumps(own, separators=(",", ":"))[1:]

    def clicked() -> None:
        st.session_state[ack_key] = int(st.session_state.get(ack_key, 0)) + 1
        reported = _clicked(st.session_state.get(widget))
        if reported is not None and on_click is not None:
            on_click(reported)

    _component(get_bidi_component_manager())(key=widget, data=payload, on_clicked_change=clicked)


def board_ahead(text: str, *, name: str, button: str) -> None:
    """Give the browser board ``name``'s next figure (from its ``board_json`` text) to show as soon as the button
    with key ``button`` is pressed, before the server's answer comes (which then finds it drawn).

    Only the figure and its words for a screen reader go (what the board will show anyway: no moves, no answers).
    The browser draws it out of sight while the page is idle, so the press only brings it into sight; it forgets
    it when a run no longer draws this (the button's page moved on) or once it is shown.
    """
    data = json.loads(text)
    ahead = {"board": name, "button": button, "key": data["key"], "figure": data["figure"], "alt": data.get("alt", "")}
    payload = json.dumps({"ahead": ahead, "plotly": _PLOTLY_PATHS}, separators=(",", ":"))
    _component(get_bidi_component_manager())(key=f"board_ahead_{name}", data=payload, width="content")


def announce_count(name: str, count: int) -> None:
    """Tell the browser a count the page keeps (the Puzzles page's answers recorded on this tab): when it changed
    since the page last saw it, what follows ``name`` (``follow_board(name)``) runs again once this run is over.
    Takes no room."""
    payload = json.dumps({"announce": {"name": name, "n": count}}, separators=(",", ":"))
    _component(get_bidi_component_manager())(key=f"dt_hidden_announce_{name}", data=payload, width="content")


def keep_in_sight(key: str, count: int) -> None:
    """Scroll the page's element keyed ``key`` (an ``st.container(key=...)``) into sight, under the page's header,
    once this run is over, when ``count`` changed since the page last saw it (a new sentence in that box). Takes no
    room; a box already wholly in sight is left where it is.

    Why: on a phone the columns stack, and a verdict said in a box above the buttons just tapped (a lesson's
    panel, Play's warning) would appear above the screen's top, where the learner does not look; on a desktop the
    box is beside or under the board, in sight, and nothing moves.
    """
    payload = json.dumps({"sight": {"target": key, "n": count}}, separators=(",", ":"))
    _component(get_bidi_component_manager())(key=f"dt_hidden_sight_{key}", data=payload, width="content")


def show_picture(figure: Any, *, name: str, alt: str = "") -> None:
    """A board or a row of tiles only to look at (a ``go.Figure`` or figure JSON), through the same component."""
    plain = figure_json(figure) if hasattr(figure, "to_plotly_json") else figure
    show_board_data(board_data(plain, alt=alt, static=True), name=name)


def figure_json(figure: Any) -> dict[str, Any]:
    """A ``go.Figure`` as the plain JSON the board component draws."""
    plain: dict[str, Any] = _plain(figure.to_plotly_json())
    return plain


def _plain(value: Any) -> Any:
    """Figure JSON with arrays as lists (what ``to_plotly_json`` leaves as numpy arrays)."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if hasattr(value, "tolist"):
        return _plain(value.tolist())
    if isinstance(value, float) and value != value:  # NaN: a gap, which JSON writes as null
        return None
    return value


_FOLLOW_JS = """
export default function ({ data, setTriggerValue }) {
  const handler = (event) => {
    if (event.detail === data.board) setTriggerValue('answered', event.timeStamp);
  };
  // One listener per board, however often this is drawn again.
  const registry = (window.__dominoFollow = window.__dominoFollow || {});
  if (registry[data.board]) window.removeEventListener('domino-board-answered', registry[data.board]);
  registry[data.board] = handler;
  window.addEventListener('domino-board-answered', handler);
  return () => {
    window.removeEventListener('domino-board-answered', handler);
    if (registry[data.board] === handler) delete registry[data.board];
  };
}
"""

_FOLLOW = st.components.v2.component("domino_tutor.follow", js=_FOLLOW_JS, isolate_styles=False)


def follow_board(name: str) -> None:
    """Run the fragment this is called in again once board ``name`` (drawn in a fragment of its own) has had
    the server's answer to a move: the rest of the page follows the board.

    Why: a move on the board then reruns only the board's fragment (the move checked, the bots' replies
    sent back, the board drawn: quick), and the page's other parts (buttons, record, score sheet) follow
    in a second run instead of holding the board's answer back.
    """
    _FOLLOW(key=f"follow_{name}", data={"board": name}, on_answered_change=lambda: None, width="content")
