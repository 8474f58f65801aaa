"""Around the Tien Gow felt: every seat's label lies whole inside the figure, off the felt, the tiles and the
buttons, on a phone and on a wide screen, in every language; a phone's tiles are a fingertip wide. On the felt:
the sentence in the middle lies whole, clear of the trick's tiles and words."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from board_helpers import trace

from tutorial_app.board.frame import TAP_TILE_PX
from tutorial_app.board.tien_gow_figure import tien_gow_figure
from tutorial_app.board.tien_gow_layout import FELT_H, FELT_W
from tutorial_app.language import LANGS
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.tien_gow.bots import choose_greedy

Box = tuple[float, float, float, float]

LETTER_EM = 0.55
"""A letter's width in font sizes, generously (the board's sans-serif writes Latin and Cyrillic at 0.40-0.45)."""
LINE_EM = 1.3
"""Plotly's line spacing."""

SIZES = {
    "phone": {"width": 358, "narrow": True},  # a 390 px phone's column
    "play page": {"width": 870, "height": 610},
    "wide, width unknown": {"height": 610},  # the figure stretched to a column about 1.4 times as wide as high
    "lesson column": {"width": 550, "height": 560},
}


def _hands(seed: int, banker: int) -> list[tg.HandState]:
    """A few states of a hand greedy bots play: the deal, its middle, its end."""
    state = tg.deal(tg.TienGowRules(), random.Random(seed), banker=banker).state
    seen = [state]
    while not state.is_over:
        state = tg.apply(state, choose_greedy(state, tg.legal_moves(state)))
        seen.append(state)
    return [seen[0], seen[len(seen) // 2], seen[-1]]


def _boxes(figure: Any, name: str) -> list[Box]:
    """The bounding box of each polygon of trace ``name`` (polygons separated by None)."""
    drawn = [t for t in figure.data if t.name == name]
    boxes: list[Box] = []
    for shape in drawn:
        xs: list[float] = []
        ys: list[float] = []
        for x, y in zip([*shape.x, None], [*shape.y, None], strict=True):
            if x is None:
                if xs:
                    boxes.append((min(xs), min(ys), max(xs), max(ys)))
                xs, ys = [], []
            else:
                xs.append(x)
                ys.append(y)
    return boxes


def _px_per_unit(figure: Any) -> float:
    layout = figure.layout
    (x0, x1), (y0, y1) = layout.xaxis.range, layout.yaxis.range
    width = layout.width if layout.width is not None else layout.height
    return float(min(width / (x1 - x0), layout.height / (y1 - y0)))


def _label_boxes(figure: Any, name: str = "labels") -> list[tuple[str, Box]]:
    """Each of a text trace's words (the seats' labels unless told) as a box in the table's units, from its point,
    its anchor and its font size."""
    return [(text, box) for text, box, _ in _words(figure, name)]


def _words(figure: Any, name: str) -> list[tuple[str, Box, float]]:
    """Each of a text trace's words, its box in the table's units and its font size in pixels."""
    labels = trace(figure, name)
    ppu = _px_per_unit(figure)
    size = labels.textfont.size
    count = len(labels.x)
    anchors = labels.textposition if isinstance(labels.textposition, tuple) else [labels.textposition] * count
    sizes = size if isinstance(size, tuple) else [size] * count
    out = []
    for x, y, text, anchor, px in zip(labels.x, labels.y, labels.text, anchors, sizes, strict=True):
        lines = text.split("<br>")
        w = LETTER_EM * px * max(len(line) for line in lines) / ppu
        h = LINE_EM * px * len(lines) / ppu
        if anchor == "top right":
            box = (x, y, x + w, y + h)
        elif anchor == "top left":
            box = (x - w, y, x, y + h)
        else:
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        out.append((text, box, float(px)))
    return out


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - 1e-9 and b[0] < a[2] - 1e-9 and a[1] < b[3] - 1e-9 and b[1] < a[3] - 1e-9


@pytest.mark.parametrize("size", SIZES, ids=str)
@pytest.mark.parametrize(("seed", "banker"), [(1, 0), (2, 1), (3, 3)])
def test_every_seat_label_lies_whole_on_the_wood(size: str, seed: int, banker: int) -> None:
    """A side seat's three lines (four for the banker) were wider than the wood beside the felt: on a phone
    they ran off both edges of the figure, on a wide screen "trick points: 0" ran onto the felt."""
    felt = (-FELT_W / 2, -FELT_H / 2, FELT_W / 2, FELT_H / 2)
    for state in _hands(seed, banker):
        for lang in LANGS:
            figure = tien_gow_figure(state, lang=lang, **SIZES[size])
            (x0, x1), (y0, y1) = figure.layout.xaxis.range, figure.layout.yaxis.range
            tiles = [*_boxes(figure, "tiles"), *_boxes(figure, "backs")]
            buttons = [*_boxes(figure, "button play"), *_boxes(figure, "button discard")]
            labels = _label_boxes(figure)
            assert len(labels) == 4
            for text, box in labels:
                assert x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1, (lang, text, box)
                assert not _overlap(box, felt), (lang, text, box)
                assert not any(_overlap(box, tile) for tile in tiles), (lang, text, box)
                assert not any(_overlap(box, button) for button in buttons), (lang, text, box)
            for (_, a), (_, b) in combinations(labels, 2):
                assert not _overlap(a, b), (lang, a, b)


@pytest.mark.parametrize("screen", [320, 358, 600, 900])
def test_a_narrow_screens_table_has_tiles_and_buttons_a_finger_can_tap(screen: int) -> None:
    """The viewer's tiles and Play and Discard are at least a fingertip (``TAP_TILE_PX``) across, nothing of the
    viewer's hand or the buttons overlaps, and the figure is as high as the table."""
    for state in _hands(4, 0):
        figure = tien_gow_figure(state, width=screen, narrow=True)
        ppu = _px_per_unit(figure)
        assert figure.layout.width == screen
        (x0, x1), (y0, y1) = figure.layout.xaxis.range, figure.layout.yaxis.range
        assert abs(screen / (x1 - x0) - figure.layout.height / (y1 - y0)) < 0.05 * ppu  # no empty wood
        mine = [box for box in _boxes(figure, "tiles") if box[3] < -FELT_H / 2]
        buttons = [*_boxes(figure, "button play"), *_boxes(figure, "button discard")]
        for box in [*mine, *buttons]:
            assert (box[2] - box[0]) * ppu >= TAP_TILE_PX - 0.5 and (box[3] - box[1]) * ppu >= TAP_TILE_PX - 0.5
            assert x0 <= box[0] and box[2] <= x1 and y0 <= box[1]
        for i, a in enumerate([*mine, *buttons]):
            assert not any(_overlap(a, b) for b in [*mine, *buttons][i + 1 :])


def _trick_ends(seed: int, banker: int) -> list[tg.HandState]:
    """Every state of a hand greedy bots play in which a trick was just taken (the last one: the hand is over)."""
    state = tg.deal(tg.TienGowRules(), random.Random(seed), banker=banker).state
    ends = []
    while not state.is_over:
        state = tg.apply(state, choose_greedy(state, tg.legal_moves(state)))
        if state.trick is None:
            ends.append(state)
    return ends


@pytest.mark.parametrize("size", SIZES, ids=str)
@pytest.mark.parametrize(("seed", "banker"), [(1, 0), (207, 3), (360, 0)])  # 207, 360: a trick of four tiles
def test_the_sentence_in_the_middle_of_the_felt_lies_whole_and_clear_of_the_trick(
    size: str, seed: int, banker: int
) -> None:
    """On a phone "Игрок 2 берёт взятку 1: +2" in the middle of the felt was as wide as the room between the side
    seats' tiles and ran over them. The sentence that says who took the trick (the longest the middle shows) lies on
    the felt, clear of every tile and every other word, no smaller than the table's other words; the plays' captions,
    which make way for it, lie on the felt clear of the tiles."""
    felt = (-FELT_W / 2, -FELT_H / 2, FELT_W / 2, FELT_H / 2)
    ends = _trick_ends(seed, banker)
    assert ends[-1].is_over
    assert seed == 1 or any(state.last_trick is not None and state.last_trick.size == 4 for state in ends)
    for state in ends:
        for lang in LANGS:
            figure = tien_gow_figure(state, lang=lang, **SIZES[size])
            on_felt = _words(figure, "felt labels")
            centre = [w for w in on_felt if w[1][0] + w[1][2] == 0 and w[1][1] + w[1][3] == 0]
            assert len(centre) == 1, (lang, on_felt)
            text, box, px = centre[0]
            others = [*_words(figure, "labels"), *(w for w in on_felt if w is not centre[0])]
            tiles = [*_boxes(figure, "tiles"), *_boxes(figure, "backs")]
            for said, words, _ in on_felt:  # the sentence and the plays' captions
                where = (lang, said, words)
                assert felt[0] < words[0] and words[2] < felt[2] and felt[1] < words[1] and words[3] < felt[3], where
                assert not any(_overlap(words, tile) for tile in tiles), where
            assert not [w for w in others if _overlap(box, w[1])], (lang, text, box, others)
            assert px >= max(other for _, _, other in others), (lang, text, px, others)


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_a_selected_tile_rises_clear_of_the_felt(size: str) -> None:
    """A selected tile of the viewer's hand rises; it rose 0.2 units onto the felt's edge."""
    state = tg.deal(tg.TienGowRules(), random.Random(5), banker=0).state
    figure = tien_gow_figure(state, selected=[0], **SIZES[size])
    (felt,) = _boxes(figure, "felt")
    edge = 1.5 / _px_per_unit(figure)  # half the felt's edge line, 3 px wide
    felt = (felt[0] - edge, felt[1] - edge, felt[2] + edge, felt[3] + edge)
    raised = [box for box in _boxes(figure, "tiles") if box[1] < -FELT_H / 2]
    assert len(raised) == len(state.hands[0])
    assert not [box for box in raised if _overlap(box, felt)]
