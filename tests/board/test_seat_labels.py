"""The words around a line game's felt on a phone and on a desktop: every seat's label and the boneyard's count
inside the figure, none over another or over a tile, in every language.

A label's box is measured with the estimate the layout itself uses (``board.words``: a letter ``LETTER_EM`` and
a line ``LINE_EM`` of the words' size), from the figure as built: its labels trace, its axes and its tiles.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tutorial_app.board.browser_line import BoardSize, LineView, line_layout, line_picture
from tutorial_app.board.geometry import Rect
from tutorial_app.board.words import LETTER_EM, LINE_EM
from tutorial_app.language import LANGS
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.line.variants import rules_for

PHONE = BoardSize(screen=358)
"""A 390 px phone's column (the Play page's and a lesson's)."""
SIZES = {
    "phone": PHONE,
    "small phone": BoardSize(screen=320),
    "desktop": BoardSize(680, 940),
    "presenter": BoardSize(620, 548, label_px=24.0, fit=True),
}
TABLES = [("draw", 2), ("domino101", 3), ("draw", 4), ("kozel", 4)]


def _hands(variant: str, players: int) -> list[HandState]:
    """A dealt hand and the hand after a few moves, with each seat to move in turn (its label marked)."""
    rng = random.Random(7)
    state = deal(rules_for(variant, players=players), rng).state
    states = [state]
    while len(states) < players + 2 and not state.is_over:
        state = apply(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states


def _polygons(trace: dict[str, Any]) -> list[Rect]:
    """The bounding boxes of a filled trace's shapes (None between two)."""
    boxes: list[Rect] = []
    xs: list[float] = []
    ys: list[float] = []
    for x, y in [*zip(trace["x"], trace["y"], strict=True), (None, None)]:
        if x is None or y is None:
            if xs:
                boxes.append(Rect(min(xs), min(ys), max(xs), max(ys)))
            xs, ys = [], []
        else:
            xs.append(x)
            ys.append(y)
    return boxes


def _boxes(figure: dict[str, Any], ppu: float) -> list[tuple[str, Rect]]:
    """Each label of the figure and the box its words take (centred on its point, as Plotly draws them)."""
    labels = next(t for t in figure["data"] if t["name"] == "labels")
    size = labels["textfont"]["size"]
    out = []
    for x, y, text in zip(labels["x"], labels["y"], labels["text"], strict=True):
        lines = text.split("<br>")
        w = LETTER_EM * size / ppu * max(len(line) for line in lines)
        h = LINE_EM * size / ppu * len(lines)
        out.append((text, Rect(x - w / 2, y - h / 2, x + w / 2, y + h / 2)))
    return out


def _words_problems(state: HandState, view: LineView) -> list[str]:
    picture = line_picture(state, view, line_layout(state, None, view.size))
    figure = picture.figure
    x0, x1 = figure["layout"]["xaxis"]["range"]
    y0, y1 = figure["layout"]["yaxis"]["range"]
    shown = Rect(x0, y0, x1, y1)
    tiles = [box for t in figure["data"] if t["name"] in ("tiles", "backs") for box in _polygons(t)]
    boxes = _boxes(figure, picture.px_per_unit)
    problems = []
    for index, (text, box) in enumerate(boxes):
        if not box.inside(shown):
            problems.append(f"{text!r} runs off the figure: {box} outside {shown}")
        problems.extend(f"{text!r} overlaps {other!r}" for other, near in boxes[index + 1 :] if box.overlaps(near))
        if any(box.overlaps(tile) for tile in tiles):
            problems.append(f"{text!r} lies over a tile")
    return problems


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_every_label_fits_inside_the_figure_apart_from_the_rest(variant: str, players: int, size: str) -> None:
    """Ukrainian "Гравець 3" on a four-seat phone's board lost a letter at the figure's edge, and "Вы · 7 костей"
    ran into "Базар: 7" under a three-seat phone's hand; in every language, each seat to move in turn (its label
    marked ▶), none does, nor lies over another or over a tile."""
    for state in _hands(variant, players):
        for lang in LANGS:
            problems = _words_problems(state, LineView(lang=lang, size=SIZES[size]))
            assert not problems, (variant, players, size, lang, state.to_move, problems)


def test_a_long_name_wraps_beside_the_felt_instead_of_running_off_it() -> None:
    """A club table's people are named (up to 60 letters); a long name on a phone takes more lines, not the felt."""
    state = _hands("draw", 4)[0]
    names = ((1, "Oleksandra Kovalenko-Petrenko"), (2, "Ann"), (3, "Maria José García de la Fuente"))
    for lang in LANGS:
        assert not _words_problems(state, LineView(lang=lang, size=PHONE, names=names)), lang
