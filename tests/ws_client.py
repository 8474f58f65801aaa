"""A Streamlit websocket client: one ``Tab`` is one browser tab (one server session), with no browser.

It speaks the browser's own protocol (protobuf BackMsg/ForwardMsg on ``/_stcore/stream``), so the server
does for it exactly the work it does for a phone: script runs, and the poll fragment's runs every second
once ``start_polling`` is called. Used by the club's attack tests (a script that opens a new tab per
guess, a click that arrives before the page was drawn) and by ``benchmarks/club_load.py`` (a hundred
phones). After the review's probe kit (``stclient.py``), typed and trimmed.

A test runs its tabs with ``run_apart`` (not ``asyncio.run``): see there why.
"""

from __future__ import annotations

import asyncio
import re
import time
import weakref
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar
from urllib.parse import parse_qs

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.typing import Subprotocol

__all__ = ["Tab", "element_texts", "run_apart"]

_WIDGET_ID = re.compile(r"\$\$ID-[0-9a-f]+-(.*)$")
Listener = Callable[["Tab", Any, str, float], None]
T = TypeVar("T")
_CONNECTED: weakref.WeakSet[Tab] = weakref.WeakSet()
"""Every tab that connected and has not been closed (``run_apart`` closes those of its loop)."""


def run_apart(scenario: Coroutine[Any, Any, T]) -> T:
    """Run a scenario of tabs to its end on an event loop of its own, in a thread of its own, and close every
    tab it left open (it failed half way, or did not close them); its result, or its exception.

    Why not ``asyncio.run`` in the caller's thread: that thread may run an event loop already, and
    ``asyncio.run`` refuses to start another (Playwright's sync API keeps one running in the main thread
    once a browser test has run in the process: the club's wire tests failed so after the browser tests in
    one serial run). Why close the tabs: an open tab is a device still in its room, and the next test must
    find the server as if this one had never run.
    """

    async def closing() -> T:
        try:
            return await scenario
        finally:
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(tab.close() for tab in list(_CONNECTED) if tab.loop is loop))

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="ws-scenario") as pool:
        return pool.submit(asyncio.run, closing()).result()


def element_texts(element: Any) -> list[str]:
    """Every string inside an element's protobuf message, depth first."""
    found: list[str] = []

    def walk(message: Any) -> None:
        for field, value in message.ListFields():
            if field.type == field.TYPE_STRING:
                found.extend(value if field.is_repeated else [value])
            elif field.type == field.TYPE_MESSAGE:
                for item in value if field.is_repeated else [value]:
                    walk(item)

    walk(element)
    return found


class Tab:
    """One browser tab: connect, run the page with widget values and clicks, read what it drew."""

    def __init__(self, url: str, name: str = "tab", headers: dict[str, str] | None = None) -> None:
        self.url = url.replace("http://", "ws://").rstrip("/") + "/_stcore/stream"
        self.name = name
        self.headers = headers or {}
        self.ws: Any = None
        self.loop: asyncio.AbstractEventLoop | None = None  # the event loop it connected on
        self.query = ""
        self.page = ""
        self.page_hash = ""
        self.widgets: dict[str, str] = {}  # the widget's key -> its id
        self.kinds: dict[str, str] = {}  # the widget's key -> its element type
        self.values: dict[str, Any] = {}
        self.texts: list[str] = []  # the texts of the last finished run
        self.elements: list[tuple[str, list[str]]] = []  # (element type, texts) of the last finished run
        self.protos: list[Any] = []  # every element received (protobuf messages), for the sink checks
        self.blocks: list[Any] = []  # every block received (expanders, popovers: their labels)
        self._run_texts: list[str] = []
        self._run_elements: list[tuple[str, list[str]]] = []
        self.finished = asyncio.Event()
        self.auto: dict[str, float] = {}  # fragment id -> interval
        self.exceptions: list[str] = []
        self.runs = 0
        self.listeners: list[Listener] = []
        self.light = False  # a load generator's phone: widget ids only, no texts (reading them costs)
        self._tasks: list[asyncio.Task[None]] = []

    async def connect(self) -> None:
        self.ws = await websockets.connect(
            self.url,
            subprotocols=[Subprotocol("streamlit")],
            max_size=None,
            open_timeout=120,
            additional_headers=self.headers,
        )
        self.loop = asyncio.get_running_loop()
        _CONNECTED.add(self)
        self._tasks.append(asyncio.create_task(self._read()))

    async def close(self) -> None:
        _CONNECTED.discard(self)
        for task in self._tasks:
            task.cancel()
        if self.ws is not None:
            await self.ws.close()

    def _element(self, element: Any) -> None:
        kind = element.WhichOneof("type")
        inner = getattr(element, kind)
        widget_id = getattr(inner, "id", "") if kind != "exception" else ""
        if isinstance(widget_id, str) and widget_id:
            found = _WIDGET_ID.match(widget_id)
            key = found.group(1) if found else widget_id
            self.widgets[key], self.kinds[key] = widget_id, kind
        if self.light and kind != "exception":
            return
        self.protos.append(element)
        texts = element_texts(element)
        self._run_texts.extend(texts)
        self._run_elements.append((kind, texts))
        if kind == "exception":
            self.exceptions.append(" | ".join(texts)[:500])

    async def _read(self) -> None:
        try:
            async for data in self.ws:
                now = time.time()
                message = ForwardMsg()
                message.ParseFromString(data)
                kind = message.WhichOneof("type")
                if kind == "new_session":
                    self._run_texts, self._run_elements = [], []
                elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                    self._element(message.delta.new_element)
                elif kind == "delta" and message.delta.WhichOneof("type") == "add_block" and not self.light:
                    texts = element_texts(message.delta.add_block)
                    self._run_texts.extend(texts)
                    self._run_elements.append(("block", texts))
                    self.blocks.append(message.delta.add_block)
                elif kind == "navigation":
                    self.page_hash = message.navigation.page_script_hash or self.page_hash
                elif kind == "page_info_changed":
                    self.query = message.page_info_changed.query_string
                elif kind == "auto_rerun":
                    self.auto[message.auto_rerun.fragment_id] = message.auto_rerun.interval
                elif kind == "script_finished":
                    self.runs += 1
                    self.texts, self.elements = list(self._run_texts), list(self._run_elements)
                    self.finished.set()
                for listener in self.listeners:
                    listener(self, message, kind or "", now)
        except (websockets.ConnectionClosed, asyncio.CancelledError):
            return

    def set(self, key: str, **value: Any) -> None:
        """Give a widget a value (``string_value=...``, ``int_value=...``) for the next run."""
        self.values[key] = WidgetState(id=self.widgets[key], **value)

    def _message(self, fragment: str, states: list[Any], auto: bool) -> bytes:
        message = BackMsg()
        rerun = message.rerun_script
        rerun.query_string = self.query
        rerun.page_name = self.page
        rerun.page_script_hash = self.page_hash
        rerun.fragment_id = fragment
        rerun.is_auto_rerun = auto
        rerun.widget_states.widgets.extend(states)
        return bytes(message.SerializeToString())

    async def run(
        self,
        query: str | None = None,
        page: str | None = None,
        click: str | None = None,
        click_id: str | None = None,
        timeout: float = 120,
        **values: dict[str, Any],
    ) -> float:
        """One run of the page: widget values (key=WidgetState fields), optionally a button's click (by key,
        or by its id when this session has not drawn it yet); the seconds until the run finished."""
        if query is not None:
            self.query = query
        if page is not None:
            self.page, self.page_hash = page, ""
        for key, value in values.items():
            self.set(key, **value)
        states = list(self.values.values())
        if click is not None or click_id is not None:
            clicked = click_id if click_id is not None else self.widgets[str(click)]
            states = [s for s in states if s.id != clicked] + [WidgetState(id=clicked, trigger_value=True)]
        self._run_texts, self._run_elements = [], []
        self.finished.clear()
        started = time.monotonic()
        await self.ws.send(self._message("", states, False))
        await asyncio.wait_for(self.finished.wait(), timeout)
        return time.monotonic() - started

    def start_polling(self) -> None:
        """Send the fragments' automatic reruns as a browser does (each at its interval)."""

        async def poll(fragment: str, every: float) -> None:
            while fragment in self.auto:
                await asyncio.sleep(every)
                try:
                    await self.ws.send(self._message(fragment, list(self.values.values()), True))
                except websockets.ConnectionClosed:
                    return

        async def watch() -> None:
            started: set[str] = set()
            while True:
                for fragment, every in list(self.auto.items()):
                    if fragment not in started:
                        started.add(fragment)
                        self._tasks.append(asyncio.create_task(poll(fragment, every)))
                await asyncio.sleep(0.2)

        self._tasks.append(asyncio.create_task(watch()))

    def params(self) -> dict[str, str]:
        """The page's query string as the server last set it."""
        return {key: values[0] for key, values in parse_qs(self.query).items()}

    def text(self) -> str:
        return "\n".join(self.texts)
