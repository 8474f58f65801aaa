"""What the figure shows: tiles and pips, hands face up or down, targets, highlights, labels."""

from __future__ import annotations

import math
from typing import Any

from board_helpers import position, random_hands, tile, trace

from tutorial_app.board.describe import describe_position
from tutorial_app.board.figure import LABEL_ROOM, THEMES, board_figure, label_size, target_ends
from tutorial_app.board.layout import TABLE_HEIGHT, TABLE_WIDTH, layout_table
from tutorial_app.rules.line.moves import apply
from tutorial_app.rules.line.state import play

HANDS = [["6-4", "3-0", "1-2"], ["5-5", "2-2", "6-6"]]
CHAIN = ["3-3", "3-5", "5-1"]


def gap(value: object) -> bool:
    """A break between two polygons or lines (the figure ships them as NaN in numeric arrays)."""
    return value is None or (isinstance(value, float) and math.isnan(value))


def polygons(fig: Any, name: str) -> int:
    found = [t for t in fig.data if t.name == name]
    return sum(1 for v in found[0].x if gap(v)) if found else 0


def test_chain_and_hands_drawn_with_pips() -> None:
    state = position("block", HANDS, CHAIN)
    fig = board_figure(state)
    assert polygons(fig, "tiles") == 3 + 3  # chain and the viewer's hand, face up
    assert polygons(fig, "backs") == 3  # the other hand, face down
    face_up = [tile(t) for t in CHAIN + HANDS[0]]
    assert len(trace(fig, "pips").x) == sum(t.pips for t in face_up)
    assert fig.layout.template.layout.to_plotly_json() == {}  # template "none": no styling to ship
    assert fig.layout.yaxis.scaleanchor == "x"


def test_reveal_turns_every_hand_face_up() -> None:
    state = position("block", HANDS, CHAIN)
    fig = board_figure(state, reveal=True)
    assert polygons(fig, "backs") == 0
    assert polygons(fig, "tiles") == 9


def test_click_layer_names_hand_and_chain_tiles() -> None:
    state = position("block", HANDS, CHAIN)
    names = list(trace(board_figure(state), "click").customdata)
    assert sorted(n for n in names if n.startswith("hand:")) == ["hand:2-1", "hand:3-0", "hand:6-4"]
    assert sorted(n for n in names if n.startswith("chain:")) == ["chain:centre:-1", "chain:left:0", "chain:right:0"]
    opponent = list(trace(board_figure(state, viewer_seat=1), "click").customdata)
    assert sorted(n for n in opponent if n.startswith("hand:")) == ["hand:2-2", "hand:5-5", "hand:6-6"]


def test_targets_at_every_end_the_selected_tile_may_go() -> None:
    # Both ends show 3: a 3 fits on either end, and both are marked.
    state = position("block", [["3-0", "6-4"], ["4-4"]], ["3-5", "5-5", "5-1", "1-3"])
    fig = board_figure(state, selected=tile("3-0"))
    targets = trace(fig, "targets")
    assert sorted(targets.customdata) == ["end:left", "end:right"]
    assert target_ends(state, tile("3-0")) == ["left", "right"]
    board = layout_table(state.table)
    for name, x, y in zip(targets.customdata, targets.x, targets.y, strict=True):
        spot = board.end_spot(name[4:])
        assert spot is not None and (x, y) == spot.target
    assert list(trace(board_figure(state, selected=tile("6-4")), "targets").customdata) == []
    not_my_turn = position("block", [["3-0", "6-4"], ["4-4"]], ["3-5", "5-5", "5-1", "1-3"], to_move=1)
    assert list(trace(board_figure(not_my_turn, selected=tile("3-0")), "targets").customdata) == []


def test_empty_table_offers_the_lead() -> None:
    state = next(iter(random_hands("block", 2, range(1))))[0]
    first = state.log[0][1]
    empty = position(
        "block", [[str(t) for t in state.hand(0)] + [str(first.tile)], [str(t) for t in state.hand(1)]], []
    )
    leader = empty.to_move
    lead_tile = next(t for t in empty.hand(leader) if target_ends(empty, t))
    fig = board_figure(empty, viewer_seat=leader, selected=lead_tile)
    assert list(trace(fig, "targets").customdata) == ["end:lead"]


def test_last_move_selected_and_hints_outlined() -> None:
    state = apply(position("block", HANDS, CHAIN), play(tile("3-0"), "left"))
    fig = board_figure(state, viewer_seat=1, selected=tile("5-5"), highlight=["2-2", "end:right"])
    assert polygons(fig, "last") == 1
    assert polygons(fig, "selected") == 1
    assert polygons(fig, "hint") == 1
    assert len(trace(fig, "hint_ends").x) == 1
    last = trace(fig, "last")
    board = layout_table(state.table)
    placed = next(p for p in board.placements if p.tile is tile("3-0"))
    xs = [x for x in last.x if not gap(x)]
    assert min(xs) == placed.rect.x0 and max(xs) == placed.rect.x1


def test_labels_in_both_languages_and_themes() -> None:
    state = position("draw", HANDS, CHAIN)
    en = list(trace(board_figure(state), "labels").text)
    ru = list(trace(board_figure(state, lang="ru"), "labels").text)
    assert any(t.startswith("Boneyard: ") for t in en)
    assert any(t.startswith("Базар: ") for t in ru)
    assert any("3 tiles" in t for t in en) and any("3 кости" in t for t in ru)
    dark = board_figure(state, theme="dark")
    assert trace(dark, "felt").fillcolor == THEMES["dark"].felt != THEMES["light"].felt
    no_boneyard = list(trace(board_figure(position("block", HANDS, CHAIN)), "labels").text)
    assert not any("Boneyard" in t for t in no_boneyard)


def test_labels_in_ukrainian_and_spanish_name_seats_and_people() -> None:
    """Every seat's label in the page's language (the catalog's plural of the tile count); a person's name
    in place of "Seat N" whatever the language, written out as text (no Plotly markup), the viewer still "You"."""
    state = position("draw", HANDS, CHAIN, to_move=1)
    uk = list(trace(board_figure(state, lang="uk"), "labels").text)
    es = list(trace(board_figure(state, lang="es"), "labels").text)
    assert "Ви · 3 кістки" in uk and "▶ Гравець 1 · 3 кістки" in uk and any(t.startswith("Базар: ") for t in uk)
    assert "Tú · 3 fichas" in es and "▶ Jugador 1 · 3 fichas" in es
    for lang, tiles in (("en", "3 tiles"), ("ru", "3 кости"), ("uk", "3 кістки"), ("es", "3 fichas")):
        named = list(trace(board_figure(state, lang=lang, names={0: "Ann", 1: "<b>Oleh</b>"}), "labels").text)
        assert f"▶ &lt;b&gt;Oleh&lt;/b&gt; · {tiles}" in named, (lang, named)
        assert not any("Ann" in t for t in named), named  # the viewer is "You", not their name


def test_the_boneyard_count_can_be_left_off_where_it_would_answer_a_question() -> None:
    state = position("draw", HANDS, CHAIN)
    hidden = list(trace(board_figure(state, show_boneyard=False), "labels").text)
    assert not any("Boneyard" in t for t in hidden) and any("3 tiles" in t for t in hidden)
    words = describe_position(state, viewer_seat=0, show_boneyard=False)
    assert "Boneyard" not in words.en and "базар" not in words.ru.lower()
    assert "Boneyard" in describe_position(state, viewer_seat=0).en


def test_a_presenters_words_grow_only_as_far_as_the_wood_leaves_them_room() -> None:
    """A presenter asks for 24 px words: on a wide board they are that large; on a board in a narrow column (the
    class's wall beside the teacher's panel: 548 px for a four-seat table) they stay within ``LABEL_ROOM`` of a
    unit, so no seat's label is cut at the figure's edge; never smaller than an ordinary board's."""
    four = position("block", [["6-6", "5-5"], ["4-4", "3-3"], ["2-2", "1-1"], ["0-0", "6-5"]], ["6-4"])
    for width, wanted in ((1221, 24.0), (548, None)):
        figure = board_figure(four, height=620, width=width, label_px=24.0)
        units = float(figure.layout.xaxis.range[1] - figure.layout.xaxis.range[0])
        ppu = min(620 / float(figure.layout.yaxis.range[1] - figure.layout.yaxis.range[0]), width / units)
        size = trace(figure, "labels").textfont.size
        assert size == (wanted or math.floor(ppu * LABEL_ROOM * 10) / 10) and size <= max(13.0, ppu * LABEL_ROOM), (
            width,
            ppu,
        )
        assert size >= trace(board_figure(four, height=620, width=width), "labels").textfont.size
    assert label_size(10.0, 24.0) == 13.0 and label_size(40.0) == 22.0 and label_size(40.0, 24.0) == 24.0


def test_full_table_figure_is_small() -> None:
    """A played-out four-seat hand stays within the 20 KiB the issue sets for the figure JSON."""
    for states in random_hands("block", 4, range(5)):
        state = states[-1]
        fig = board_figure(state, viewer_seat=state.to_move)
        assert len(fig.to_json().encode()) <= 20 * 1024
        assert len(fig.data) <= 14


def _px_per_unit(fig: Any) -> float:
    """Pixels per half-tile unit of a figure drawn at a fixed width and height."""
    x0, x1 = fig.layout.xaxis.range
    y0, y1 = fig.layout.yaxis.range
    return float(min(fig.layout.height / (y1 - y0), fig.layout.width / (x1 - x0)))


def test_tiles_get_smaller_only_when_the_table_grows() -> None:
    """Within a hand (kept shape, as the app draws it) the chain's tiles keep their size on
    screen until the felt grows, and then they shrink; they never grow back mid-hand."""
    for variant, players in [("block", 2), ("draw", 4), ("all_fives", 3)]:
        for states in random_hands(variant, players, range(6)):
            shape = None
            before: tuple[float, float, float] | None = None
            for state in states:
                board = layout_table(state.table, shape)
                shape = board.shape
                ppu = _px_per_unit(board_figure(state, layout=board, width=940, height=560))
                if before is not None:
                    width, height, old_ppu = before
                    if (board.width, board.height) == (width, height):
                        assert ppu == old_ppu
                    else:
                        assert ppu < old_ppu
                before = (board.width, board.height, ppu)


def test_opening_tiles_are_drawn_large() -> None:
    """At the app's size, a two-tile table draws its tiles 1.5 times as large as the full table
    would, and the viewer's hand tiles stay large (60 px or more) on the full table too."""
    state = position("block", HANDS, ["3-3", "3-5"])
    small = board_figure(state, width=940, height=560)
    full = board_figure(
        state, layout=layout_table(state.table, width=TABLE_WIDTH, height=TABLE_HEIGHT), width=940, height=560
    )
    assert _px_per_unit(small) >= 1.5 * _px_per_unit(full)
    assert _hand_tile_px(full) >= 60 and _hand_tile_px(small) >= 60


def _hand_tile_px(fig) -> float:  # type: ignore[no-untyped-def]
    """The on-screen length of the viewer's first hand tile (the first face-up polygon below the felt)."""
    tiles = trace(fig, "tiles")
    felt_bottom = min(v for v in trace(fig, "felt").y if not gap(v))
    xs: list[float] = []
    ys: list[float] = []
    for x, y in zip(tiles.x, tiles.y, strict=True):
        if gap(x):
            if ys and max(ys) < felt_bottom:
                return (max(ys) - min(ys)) * _px_per_unit(fig)
            xs, ys = [], []
        else:
            xs.append(x)
            ys.append(y)
    raise AssertionError("no hand tile below the felt")


def test_turn_marker_can_be_hidden_and_fitting_tiles_are_outlined() -> None:
    state = position("block", HANDS, CHAIN)  # seat 0 to move: 3-0 fits the 3, 2-1 the 1; 6-4 fits nothing
    labels = list(trace(board_figure(state), "labels").text)
    assert any(label.startswith("▶ You") for label in labels)
    hidden = list(trace(board_figure(state, show_turn=False), "labels").text)
    assert not any("▶" in label for label in hidden) and any(label.startswith("You") for label in hidden)
    assert polygons(board_figure(state), "fit") == 0
    assert polygons(board_figure(state, show_fits=True), "fit") == 2
    waiting = position("block", HANDS, CHAIN, to_move=1)
    assert polygons(board_figure(waiting, show_fits=True), "fit") == 0  # only on the viewer's turn
    russian = list(trace(board_figure(waiting, lang="ru"), "labels").text)
    assert any(label.startswith("▶ Игрок 1") for label in russian)


def _luminance(colour: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_seat_labels_read_on_the_wood_in_both_themes() -> None:
    """Seat and boneyard labels are drawn on the wood around the felt: WCAG's 4.5:1 for text, each theme."""
    for name, theme in THEMES.items():
        light, dark = sorted((_luminance(theme.text), _luminance(theme.wood)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, name
