"""What the board component in the browser is sent: the figure, and how to answer the learner's clicks alone.

Pure data, no Streamlit: each game has a small adapter (``browser_line`` for
the line games, ``browser_tien_gow`` for the Tien Gow table) that turns its
position into ``BoardData``; the app's component (``app.table.board_component``)
sends it and the browser draws it with plotly.js.

What the browser gets, and does with it:

- ``figure``: the board now, drawn with ``Plotly.react`` (no new widget, no
  remount); ``key`` names it, so a board already showing it draws nothing.
- ``earlier``: the moves between the board this browser drew last and now
  (the bots' replies, other players' moves), one step each: a layer drawn
  over that board (``replay_from`` names it: the tile leaves its player's
  hand and lies on the table) or a whole figure; the browser plays them one
  by one, ``pace_ms`` apart, then draws ``figure``.
- ``picks``: what a click on a pickable part (a tile of the learner's hand)
  draws at once (overlay shapes: the tile lifted, the targets where it may
  go) and says; ``limit`` picks at once (1: a new pick replaces the old).
- ``moves``: for every move the learner may make from a pick, keyed
  ``"<picks>|<click>"`` (``"hand:6-4|end:left"``): what to draw at once (the
  tile leaving the hand and laid on the table: a small patch of the board
  after it, or the whole figure after it), its step's key (the server's
  first step after the move, which the browser then does not play again)
  and what to report to the server, which checks the move with the rules
  core and runs the page again; a refused move comes back as the old board
  and the reason.
- ``sends``: click names reported to the server as they are (a table tile
  to re-bend the chain at), ``fallback``: a click with no local answer
  reported with the picks (Play with a selection that cannot go: the rules
  core says why), ``notes``: sentences for clicks that change nothing.
- ``picked``: the picks the server holds (chosen with a button under the
  board), and ``spoken``: the page says something of the learner's last
  click (a warning, a refusal). A pick on the board then makes the board's
  picks the only ones: the board reports ``PUT_DOWN`` once, and the server
  puts its selection down and drops what it said of it, so the buttons and
  the page's box never speak of a tile the board no longer holds. Picks on a
  board the page says nothing of are never reported (no run for a pick).

Why layers and patches: a figure is 10-20 KiB of JSON and 2-10 ms to build on the server, and a
Plotly redraw of a board 30-150 ms in the browser; a move's layer is a few shapes, drawn in a few
milliseconds, and a patch holds only the traces that changed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple, TypedDict, TypeVar

from tutorial_app.board.overlay import Shape

__all__ = [
    "Figure",
    "Pick",
    "LocalMove",
    "ReplayStep",
    "Answers",
    "BoardData",
    "Presentation",
    "figure_key",
    "patch",
    "board_data",
    "moves_added",
    "PICK_JOIN",
    "PUT_DOWN",
    "LIT_TWIN",
]

Figure = dict[str, Any]
"""A Plotly figure as plain JSON: ``{"data": [trace, ...], "layout": {...}}``."""

PICK_JOIN = ","
"""Between the names of several picks in a key (``"hand:1,hand:4|action:play"``); picks are sorted."""

PUT_DOWN = "put-down"
"""What the board reports when the learner picks on it while the page holds a selection or says something of one
(``Answers.picked``, ``Answers.spoken``): the server's selection is put down and what the page said of it goes,
the board's picks being the learner's choice now. Why not each pick reported: one run for the change of hands,
none for the picks after it."""

LIT_TWIN = "dt_lit_"
"""Before a twin's key (``Answers.twins``), the key of its lit look: the same button drawn primary, hidden until the
board's own picks light the twin's click (``Pick.lit``); the browser then shows it in the twin's place (board.css
hides it by this prefix, board.js ``lightTwins`` shows it). Why a button of its own: the server, which draws a
button's kind, never hears of those picks, and a button restyled in the browser would only look like Streamlit's
primary one (its theme, its hover, its kind for assistive tools)."""

E = TypeVar("E")


def moves_added(old: Sequence[E], new: Sequence[E]) -> Sequence[E]:
    """The entries of a hand's move record ``new`` after those of ``old``, when ``new`` goes on from ``old`` by one
    move or more; else none (a new deal, an undo, a record that parted from ``old``). Each game's adapter plays
    them from the board the browser drew last."""
    if len(new) <= len(old) or new[: len(old)] != old:
        return ()
    return new[len(old) :]


class Pick(NamedTuple):
    """What one pick (or, in ``Answers.selections``, one whole set of picks) draws and says; ``lit``: the clicks it
    lights (the table's Play, Discard), whose twins under the board then look lit too (``LIT_TWIN``)."""

    layer: tuple[Shape, ...]
    note: str | None = None
    lit: tuple[str, ...] = ()


class LocalMove(NamedTuple):
    """A move the browser answers alone: its layer drawn at once, reported as ``report``, then the figure
    ``after`` it drawn by Plotly (None: the layer stays until the server's board comes). ``key``: the step
    the server will send for this move (see ``ReplayStep``); with a figure, its figure's key."""

    report: str
    layer: tuple[Shape, ...]
    after: Figure | None = None
    key: str | None = None


class ReplayStep(NamedTuple):
    """One move played on the board in the browser: a ``layer`` drawn over the board it started from (with
    the moves before it), or the whole ``figure`` after it."""

    key: str
    layer: tuple[Shape, ...] | None = None
    figure: Figure | None = None


class Answers(NamedTuple):
    """How the browser answers the learner's clicks before the server does (see the module's docstring).

    ``picked``: the picks the server holds (chosen with a button), drawn as if clicked; the board follows them (a
    pick the server no longer holds is put down there too) and leaves what they mean to the page's own box or
    caption, where the button was pressed: a pick's ``note`` is said for picks made on the board, so a sentence
    is on screen once.
    ``spoken``: the page says something of the learner's last click (a box beside or under the board); like a
    held pick, it makes the board's next pick report ``PUT_DOWN``, so what it said goes once it no longer holds.
    ``idle``: said when the learner clicks the board while it is not theirs to play (out of turn).
    ``twins``: the page's buttons (by their Streamlit key) that twin a click on the board (``"action:play"``,
    ``"hand:3"``). Pressed while the board holds picks of its own (never reported), the board answers the press
    with them: a twin of a pick reports ``with:<places>|<click>``, any other twin is answered as that click on
    the board. Why: the server never heard of those picks, and a button that ignored what the board shows chosen
    would refuse ("choose the tiles first") or put them down; the press costs one run either way. A twin keyed
    ``LIT_TWIN`` + key is that key's lit look, shown in its place while the board's own picks light its click.
    """

    picks: Mapping[str, Pick]
    moves: Mapping[str, LocalMove]
    selections: Mapping[str, Pick] = {}
    limit: int = 1
    limit_note: str | None = None
    sends: tuple[str, ...] = ()
    fallback: Mapping[str, str] = {}
    notes: Mapping[str, str] = {}
    picked: tuple[str, ...] = ()
    spoken: bool = False
    idle: str | None = None
    twins: Mapping[str, str] = {}


class BoardData(NamedTuple):
    """Everything the component is sent for one board (``to_json`` gives the JSON it gets)."""

    figure: Figure
    key: str
    earlier: tuple[ReplayStep, ...]
    replay_from: str | None
    answers: Answers | None
    alt: str
    pace_ms: int
    static: bool

    def to_json(self) -> dict[str, Any]:
        """The component's data: the figure, earlier boards and moves as patches of it."""
        answers = self.answers
        data: dict[str, Any] = {
            "figure": self.figure,
            "key": self.key,
            "earlier": [
                {
                    "key": step.key,
                    "layer": list(step.layer) if step.layer is not None else None,
                    "patch": patch(self.figure, step.figure) if step.figure is not None else None,
                }
                for step in self.earlier
            ],
            "from": self.replay_from,
            "alt": self.alt,
            "pace": self.pace_ms,
            "static": self.static,
            "interactive": answers is not None,
        }
        if answers is None:
            return data
        data.update(
            picks={name: _pick_json(pick) for name, pick in answers.picks.items()},
            moves={
                name: {
                    "report": move.report,
                    "layer": list(move.layer),
                    "key": figure_key(move.after) if move.after is not None else move.key,
                    "patch": patch(self.figure, move.after) if move.after is not None else None,
                }
                for name, move in answers.moves.items()
            },
            selections={name: _pick_json(pick) for name, pick in answers.selections.items()},
            limit=answers.limit,
            limitNote=answers.limit_note,
            sends=list(answers.sends),
            fallback=dict(answers.fallback),
            notes=dict(answers.notes),
            picked=list(answers.picked),
            spoken=answers.spoken,
            putDown=PUT_DOWN,
            litTwin=LIT_TWIN,
            idle=answers.idle,
            twins=dict(answers.twins),
        )
        return data


def _pick_json(pick: Pick) -> dict[str, Any]:
    return {"layer": list(pick.layer), "note": pick.note, "lit": list(pick.lit)}


def figure_key(figure: Figure) -> str:
    """A short name for a figure's exact content (two boards drawn alike have the same key)."""
    # Why not sorted: the builders assemble every dict in one fixed order, and sorting doubles the cost.
    text = json.dumps(figure, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def patch(base: Figure, other: Figure) -> dict[str, Any]:
    """``other`` as the traces (by index) and layout that differ from ``base``; the browser rebuilds it."""
    traces = base["data"]
    changed = {
        str(index): trace for index, trace in enumerate(other["data"]) if index >= len(traces) or trace != traces[index]
    }
    found: dict[str, Any] = {"traces": changed, "count": len(other["data"])}
    if other["layout"] != base["layout"]:
        found["layout"] = other["layout"]
    return found


class Presentation(TypedDict, total=False):
    """How a board is presented, whichever game draws it: ``board_data``'s last three keyword options (their
    defaults are there), which each game's adapter (``browser_line.line_board``,
    ``browser_tien_gow.tien_gow_board``) takes and passes on as they are."""

    alt: str
    pace_ms: int
    static: bool


def board_data(
    figure: Figure,
    *,
    earlier: Iterable[Figure] = (),
    steps: Sequence[ReplayStep] = (),
    replay_from: str | None = None,
    answers: Answers | None = None,
    alt: str = "",
    pace_ms: int = 400,
    static: bool = False,
) -> BoardData:
    """The component's data for a board drawn as ``figure``, after the boards ``earlier`` (whole figures,
    oldest first) or the ``steps`` (layers over the board keyed ``replay_from``).

    ``answers`` None: a board nobody plays on now (a picture, or not the learner's turn). ``static``:
    not even hover labels (a picture of a position, as in a hand's review).
    """
    if static:
        figure, earlier, steps = _picture(figure), [], ()
    key = figure_key(figure)
    frames = _distinct([(figure_key(before), before) for before in earlier], key)
    played = tuple(steps) or tuple(ReplayStep(frame_key, figure=before) for frame_key, before in frames)
    return BoardData(figure, key, played, replay_from if steps else None, answers, alt, pace_ms, static)


def _picture(figure: Figure) -> Figure:
    """A board to look at: without the traces that name what a click hits (nothing on it answers a click)."""
    return {**figure, "data": [trace for trace in figure["data"] if "customdata" not in trace]}


def _distinct(frames: Sequence[tuple[str, Figure]], final: str) -> list[tuple[str, Figure]]:
    """The frames without repeats of the one before (a pass that changed nothing drawn) or of the final board."""
    kept: list[tuple[str, Figure]] = []
    for key, figure in frames:
        if key != final and (not kept or kept[-1][0] != key):
            kept.append((key, figure))
    return kept
