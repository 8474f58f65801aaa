"""The Tien Gow table: geometry (pure), the selection controller, and the Plotly figure."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from board_helpers import trace
from review_positions import earth_led

from tutorial_app.board.chinese_tile import TILE_H, TILE_W, pip_spots, tile_outline
from tutorial_app.board.figure import CLICK_TRACE
from tutorial_app.board.tien_gow_controller import handle_click, press, selected_tiles, selection_hint
from tutorial_app.board.tien_gow_figure import RED_PIP, WHITE_PIP, chinese_tiles_figure, tien_gow_figure
from tutorial_app.board.tien_gow_layout import FELT_H, FELT_W, TileSpot, layout_tien_gow
from tutorial_app.board.tien_gow_room import Sizing
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.tien_gow.bots import choose_greedy
from tutorial_app.rules.tien_gow.tiles import CHINESE_KINDS, red_pips, white_pips
from tutorial_app.rules.tiles import parse_tile


def states(seed: int) -> list[tg.HandState]:
    """Every state of one hand played by greedy and random bots."""
    rng = random.Random(seed)
    state = tg.deal(tg.TienGowRules(), rng).state
    out = [state]
    while not state.is_over:
        moves = tg.legal_moves(state)
        move = choose_greedy(state, moves) if state.to_move % 2 else rng.choice(moves)
        state = tg.apply(state, move)
        out.append(state)
    return out


def rect(spot: TileSpot) -> tuple[float, float, float, float]:
    w, h = spot.size
    return (spot.cx - w / 2, spot.cy - h / 2, spot.cx + w / 2, spot.cy + h / 2)


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] - 1e-9 and b[0] < a[2] - 1e-9 and a[1] < b[3] - 1e-9 and b[1] < a[3] - 1e-9


# -- the tile ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tile", CHINESE_KINDS, ids=str)
@pytest.mark.parametrize("vertical", [True, False])
def test_pips_lie_on_their_half_in_the_rules_colours(tile: object, vertical: bool) -> None:
    t = parse_tile(tile)
    spots = pip_spots(t, 2.0, -1.0, vertical, 1.5)
    assert len(spots) == t.pips
    assert sum(s.red for s in spots) == red_pips(t) and sum(not s.red for s in spots) == white_pips(t)
    xs, ys = tile_outline(2.0, -1.0, vertical, 1.5)
    for s in spots:
        assert min(xs) < s.x < max(xs) and min(ys) < s.y < max(ys)
    lower = spots[: t.lo]  # the lower number is drawn first, on the top (or left) half
    for s in lower:
        assert (s.y > -1.0) if vertical else (s.x < 2.0)
    assert all(s.big == (n == 1) for s, n in zip(spots, [t.lo] * t.lo + [t.hi] * t.hi, strict=True))


def test_heaven_is_half_red_half_white_on_each_half() -> None:
    spots = pip_spots(parse_tile("6-6"), 0.0, 0.0, True)
    for top in (True, False):
        half = [s for s in spots if (s.y > 0) == top]
        assert sorted(s.red for s in half) == [False] * 3 + [True] * 3
        assert {s.x for s in half if s.red} == {min(s.x for s in half)}  # one column of three is red


# -- geometry ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_no_two_tiles_overlap_and_all_lie_in_the_figure(seed: int) -> None:
    for state in states(seed):
        for viewer in (0, 2):
            table = layout_tien_gow(state, viewer_seat=viewer, selected=(0, 1))
            boxes = [rect(s) for s in table.tiles]
            for a, b in combinations(boxes, 2):
                assert not overlaps(a, b)
            (x0, x1), (y0, y1) = table.x_range, table.y_range
            for box in boxes:
                assert x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1
            for button in table.buttons:
                button_box = (
                    button.x - button.w / 2,
                    button.y - button.h / 2,
                    button.x + button.w / 2,
                    button.y + button.h / 2,
                )
                assert not any(overlaps(button_box, box) for box in boxes)


def test_the_viewer_sits_at_the_bottom_face_up_and_the_others_face_down() -> None:
    state = states(3)[0]
    for viewer in range(4):
        table = layout_tien_gow(state, viewer_seat=viewer)
        hands = [s for s in table.tiles if s.place == "hand"]
        mine = [s for s in hands if s.seat == viewer]
        assert [s.tile for s in mine] == list(state.hands[viewer])
        assert all(s.cy < -FELT_H / 2 for s in mine) and all(s.click == f"hand:{s.order}" for s in mine)
        others = [s for s in hands if s.seat != viewer]
        assert len(others) == 24 and all(s.tile is None and s.click is None for s in others)
        assert all(abs(s.cx) > FELT_W / 2 or abs(s.cy) > FELT_H / 2 for s in hands)
        assert table.captions[0].text.en.startswith(("▶ You", "You")) and table.captions[0].text.ru.count("Вы") == 1


def test_reveal_and_the_end_of_a_hand_turn_every_tile_face_up() -> None:
    state = states(1)[0]
    table = layout_tien_gow(state, reveal=True)
    assert all(s.tile is not None for s in table.tiles if s.place == "hand")


def test_the_trick_shows_who_laid_what_and_who_holds_it() -> None:
    state = tg.apply(tg.apply(earth_led(), tg.discard("2-2")), tg.discard("6-5"))
    state = tg.apply(state, tg.discard("3-3"))
    table = layout_tien_gow(state, viewer_seat=0)
    played = [s for s in table.tiles if s.place == "trick"]
    assert [(s.seat, str(s.tile) if s.tile else None, s.mark) for s in played] == [
        (3, "1-1", "winning"),
        (0, None, None),
        (1, None, None),
        (2, None, None),
    ]
    texts = [c.text.en for c in table.captions]
    assert "Seat 3: led" in texts and "You: face down" in texts and "Seat 2: face down" in texts
    # set up later in a hand, the trick has no number
    assert "Seat 3 takes trick: +1" in texts


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "es"])
def test_every_plays_caption_puts_a_colon_after_the_seat_on_one_line_or_two(lang: str) -> None:
    """A phone's felt writes a side's caption on two lines ("Seat 3:<br>face down"), with the colon the top's
    one-line caption has ("Seat 2: face down"): before, the two-line caption had none."""
    state = tg.apply(tg.apply(tg.apply(earth_led(), tg.discard("2-2")), tg.discard("6-5")), tg.discard("3-3"))
    for sizing in (Sizing(), Sizing(3.0, 13.0, True)):
        captions = layout_tien_gow(state, viewer_seat=0, sizing=sizing).captions
        plays = [c.text for c in captions if c.text.en.endswith(("led", "face down"))]
        assert len(plays) == 4 and all(":" in text.in_(lang).split("<br>")[0] for text in plays), plays
        if sizing.narrow:  # the two-line form is among those checked
            assert any("<br>" in text.en for text in plays), plays


def test_tricks_of_a_dealt_hand_are_numbered() -> None:
    hand = states(4)
    after_first = next(s for s in hand if s.tricks and s.trick is None)
    texts = [c.text.en for c in layout_tien_gow(after_first).captions]
    assert any(
        t.endswith(f"take trick 1: +{after_first.tricks[0].size}")
        or t.endswith(f"takes trick 1: +{after_first.tricks[0].size}")
        for t in texts
    )
    opening = [c.text for c in layout_tien_gow(hand[0], viewer_seat=hand[0].to_move).captions]
    assert any(t.en == "Trick 1: your lead" and t.ru == "Взятка 1: заходите вы" for t in opening)


def test_a_beating_play_is_outlined_as_the_one_holding_the_trick() -> None:
    state = tg.apply(earth_led(), tg.play("6-6"))
    table = layout_tien_gow(state, viewer_seat=1)
    marks = {(s.seat, s.mark) for s in table.tiles if s.place == "trick"}
    assert marks == {(3, None), (0, "winning")}  # Heaven holds the trick now, not the Earth led
    texts = [c.text for c in table.captions]
    assert any(t.en == "Seat 0: beat" and t.ru == "Игрок 0: побил" for t in texts)
    assert layout_tien_gow(state, viewer_seat=0).captions  # the viewer's own beat
    mine = [c.text for c in layout_tien_gow(state, viewer_seat=0).captions]
    assert any(t.en == "You: beat" and t.ru == "Вы: побили" for t in mine)


def test_piles_hold_each_seats_trick_points() -> None:
    final = states(2)[-1]
    table = layout_tien_gow(final)
    for seat in range(4):
        assert sum(1 for s in table.tiles if s.place == "pile" and s.seat == seat) == final.taken[seat]
    assert any("wins the hand" in c.text.en for c in table.captions)


def test_selected_tiles_rise_and_buttons_follow_the_rules() -> None:
    state = earth_led()
    flat = {s.order: s.cy for s in layout_tien_gow(state).tiles if s.place == "hand" and s.seat == 0}
    table = layout_tien_gow(state, selected=(0,))
    raised = {s.order: (s.cy, s.mark) for s in table.tiles if s.place == "hand" and s.seat == 0}
    assert raised[0][0] > flat[0] and raised[0][1] == "selected" and raised[1] == (flat[1], None)
    buttons = {b.action: b.enabled for b in table.buttons}
    assert buttons == {tg.Action.PLAY: True, tg.Action.DISCARD: True}  # Heaven beats Earth
    buttons = {b.action: b.enabled for b in layout_tien_gow(state, selected=(2,)).buttons}
    assert buttons == {tg.Action.PLAY: False, tg.Action.DISCARD: True}  # a bench does not
    assert layout_tien_gow(state, viewer_seat=1).buttons == ()  # not seat 1's turn


# -- the controller -------------------------------------------------------------------------------------


def test_clicks_select_deselect_and_replace_a_single() -> None:
    state = earth_led()
    first = handle_click(state, (), "hand:2")
    assert first.selected == (2,) and first.move is None and first.message is None
    assert handle_click(state, first.selected, "hand:0").selected == (0,)  # one tile was led: the new one replaces it
    assert handle_click(state, (0,), "hand:0").selected == ()
    assert handle_click(state, (0,), "hand:99").selected == (0,)
    assert handle_click(state, (0,), "trick:3").selected == (0,)
    assert handle_click(state, (0,), None).selected == (0,)


def _five_tiles_each() -> tg.HandState:
    """Seat 0 to lead with five tiles each (three tricks' points taken): room for a lead of up to four."""
    return tg.start_hand(
        tg.TienGowRules(),
        [
            ["6-6", "6-6", "6-3", "5-4", "2-2"],
            ["1-1", "4-4", "5-2", "6-5", "6-1"],
            ["3-1", "5-5", "3-3", "6-4", "4-2"],
            ["1-1", "4-4", "3-1", "5-5", "2-1"],
        ],
        banker=0,
        leader=0,
        taken=(3, 0, 0, 0),
    )


def test_a_tiles_button_pressed_beside_picks_made_on_the_table_adds_to_them() -> None:
    """``with:0,3|hand:4``: a tile's button under the table pressed while the table held picks of its own (the
    server never heard of them) acts on what the table shows chosen, as a click on that tile would."""
    state = _five_tiles_each()
    assert handle_click(state, (), "with:0,1|hand:4").selected == (0, 1, 4)
    assert handle_click(state, (2,), "with:0,1|hand:1").selected == (0,)  # the table's picks, not the server's
    full = handle_click(state, (), "with:0,1,3,4|hand:2")
    assert full.selected == (0, 1, 3, 4) and full.message is not None and "4 tiles at most" in full.message.en
    assert handle_click(state, (2,), "with:0|with:1|hand:3").selected == (2,)  # never nested
    assert handle_click(state, (), "with:0,1|action:play").move == tg.play("6-6", "6-6")


def test_a_lead_may_select_up_to_four_tiles() -> None:
    state = _five_tiles_each()
    selected: tuple[int, ...] = ()
    assert [str(t) for t in state.hands[0]] == ["6-6", "6-6", "2-2", "6-3", "5-4"]  # the set's order
    for place in (4, 0, 1, 3):
        selected = handle_click(state, selected, f"hand:{place}").selected
    assert selected == (0, 1, 3, 4)
    refused = handle_click(state, selected, "hand:2")
    assert refused.selected == selected and refused.message is not None and "4 tiles at most" in refused.message.en
    hint = selection_hint(state, selected)
    assert hint.can_play and not hint.can_discard and "quartet" in hint.text.en
    played = handle_click(state, selected, "action:play")
    assert played.selected == () and played.move == tg.play("6-6", "6-6", "6-3", "5-4")
    assert selected_tiles(state, (2, 0)) == (parse_tile("6-6"), parse_tile("2-2"))


def test_presses_give_the_move_or_the_reason() -> None:
    state = earth_led()
    beat = press(state, (0,), tg.Action.PLAY)
    assert beat.move == tg.play("6-6") and beat.selected == ()
    low = press(state, (2,), tg.Action.PLAY)
    assert low.move is None and low.selected == (2,) and low.message is not None and "below" in low.message.en
    other = press(state, (4,), tg.Action.PLAY)
    assert other.message is not None and "military single" in other.message.en and "военная" in other.message.ru
    down = handle_click(state, (2,), "action:discard")
    assert down.move == tg.discard("2-2")
    empty = press(state, (), tg.Action.DISCARD)
    assert empty.move is None and empty.message is not None
    waiting = press(state, (0,), tg.Action.PLAY, viewer_seat=1)
    assert waiting.message is not None and "not your turn" in waiting.message.en
    assert handle_click(state, (), "hand:0", viewer_seat=1).message == waiting.message


def test_hints_count_what_is_missing_and_never_name_a_move() -> None:
    hands = [["6-6", "6-6", "6-3"], ["1-1", "1-1", "6-2"], ["4-4", "5-2", "4-3"], ["3-1", "4-1", "3-2"]]
    state = tg.start_hand(tg.TienGowRules(), hands, banker=0, leader=1, taken=(0, 5, 0, 0))
    state = tg.apply(state, tg.play("1-1", "1-1", "6-2"))
    state = tg.apply(tg.apply(state, tg.discard("4-4", "5-2", "4-3")), tg.discard("3-1", "4-1", "3-2"))
    assert "Choose 3 tiles" in selection_hint(state, ()).text.en
    assert selection_hint(state, (0,)).text.ru == "Выберите ещё 2 кости."
    assert selection_hint(state, (0, 1, 2)).can_play
    final = tg.apply(state, tg.play("6-6", "6-6", "6-3"))
    assert final.is_over and handle_click(final, (0,), "hand:0").message is not None
    assert selection_hint(final, ()).text.en == "The hand is over."


# -- the figure ------------------------------------------------------------------------------------------


def _pip_count(pips: Any) -> int:
    """Pips are filled circles, one closed outline each, separated by None."""
    return sum(1 for v in pips.x if v is None)


def test_pips_are_drawn_in_the_tables_units_so_they_scale_with_the_tiles() -> None:
    state = earth_led()
    small, large = (tien_gow_figure(state, width=w, height=h) for w, h in ((360, 260), (900, 680)))
    for name in ("white pips", "red pips"):
        assert trace(small, name).x == trace(large, name).x  # the same circles whatever the size in pixels
    tile_width = layout_tien_gow(state).tiles[0].size[0]
    pips = trace(large, "white pips")
    first = [x for x in pips.x[: pips.x.index(None)]]
    assert max(first) - min(first) < tile_width / 3


def test_the_figure_draws_faces_pips_and_a_click_layer() -> None:
    state = earth_led()
    fig = tien_gow_figure(state, selected=(0,))
    faces = trace(fig, "tiles")
    assert sum(1 for v in faces.x if v is None) == 5 + 1  # the viewer's five and the Earth led
    shown = [parse_tile(t) for t in ("6-6", "6-6", "6-3", "5-3", "2-2", "1-1")]
    red = sum(_pip_count(t) for t in fig.data if t.name.startswith("red"))
    white = sum(_pip_count(t) for t in fig.data if t.name.startswith("white"))
    assert red == sum(red_pips(t) for t in shown) and white == sum(white_pips(t) for t in shown)
    assert {t.fillcolor for t in fig.data if t.name.endswith("pips")} == {RED_PIP, WHITE_PIP}
    clicks = list(trace(fig, CLICK_TRACE).customdata)
    assert [c for c in clicks if c.startswith("hand:")] == [f"hand:{i}" for i in range(5) for _ in range(3)]
    click = trace(fig, CLICK_TRACE)
    for spot in layout_tien_gow(state, selected=(0,)).tiles:  # every clickable tile is covered end to end
        if spot.click is not None:
            ys = [
                y
                for c, x, y in zip(click.customdata, click.x, click.y, strict=True)
                if c == spot.click and abs(x - spot.cx) < 1e-6
            ]
            assert max(ys) - min(ys) >= spot.size[1] * 0.55
    assert {"action:play", "action:discard", "trick:3"} <= set(clicks)
    assert fig.layout.template.layout.to_plotly_json() == {}
    labels = list(trace(fig, "labels").text)
    assert any(label.startswith("▶ You") for label in labels)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_state_of_a_hand_draws_in_both_languages_and_themes(lang: str, theme: str) -> None:
    for state in states(5)[::3]:
        fig = tien_gow_figure(state, lang=lang, theme=theme, width=800, height=600)
        texts = " ".join(str(t) for t in trace(fig, "labels").text)
        assert ("Вы" in texts) == (lang == "ru") and ("You" in texts) == (lang == "en")


def test_a_strip_of_chinese_tiles() -> None:
    tiles = [parse_tile("6-6"), None, parse_tile("2-1")]
    fig = chinese_tiles_figure(tiles, highlight=[2])
    assert sum(1 for v in trace(fig, "tiles").x if v is None) == 2
    assert sum(1 for v in trace(fig, "backs").x if v is None) == 1
    assert list(trace(fig, CLICK_TRACE).customdata) == ["tile:0", "tile:1", "tile:2"]
    assert "hint" in [t.name for t in fig.data]
    assert TILE_H > 2 * TILE_W  # Chinese tiles are longer than Western ones


def test_the_strip_draws_each_tile_with_exactly_its_red_pips() -> None:
    """One drawer for Chinese tiles, the table's: the lesson strip counts red pips as the rules core does."""
    for tile in CHINESE_KINDS:
        fig = chinese_tiles_figure([tile])
        red = sum(_pip_count(t) for t in fig.data if t.name.startswith("red"))
        white = sum(_pip_count(t) for t in fig.data if t.name.startswith("white"))
        assert (red, white) == (red_pips(tile), tile.pips - red_pips(tile)), tile


def test_without_the_turn_the_table_says_neither_who_moves_nor_who_holds_or_took_the_trick() -> None:
    """A question about a seat is on: the turn marker, the outline of the winning set and the taker stay hidden."""
    hands = [["6-6", "4-4"], ["5-5", "6-1"], ["1-1", "2-1"], ["3-2", "5-3"]]
    taken = tg.position(
        tg.TienGowRules(),
        hands,
        2,
        leader=1,
        taken=(0, 3, 1, 2),
        moves=["play 5-5", "discard 2-1", "discard 3-2", "play 4-4"],
    )
    for state in (taken, tg.position(tg.TienGowRules(), hands, 2, leader=1, taken=(0, 3, 1, 2), moves=["play 5-5"])):
        shown = layout_tien_gow(state, show_turn=False)
        words = " ".join(c.text.en for c in shown.captions)
        assert "▶" not in words and "takes" not in words and "leads" not in words
        assert not any(spot.mark == "winning" for spot in shown.tiles)
        full = layout_tien_gow(state)
        assert any(spot.mark == "winning" for spot in full.tiles)
    assert "You take trick" in " ".join(c.text.en for c in layout_tien_gow(taken).captions)


def test_without_crediting_the_trick_the_labels_and_piles_show_the_points_from_before_it() -> None:
    """A lesson asking who takes the trick, or how many points its taker has now, draws the table with
    ``credit_trick`` False: the seats' labels and piles show the points from before the trick on the felt, so
    they do not give the answer away (seat 3 had 1, the trick brings it 1 more); by default they count it."""
    state = tg.apply(tg.apply(tg.apply(earth_led(), tg.discard("2-2")), tg.discard("6-5")), tg.discard("3-3"))
    assert state.trick is None and state.tricks[-1].taker == 3 and state.taken == (0, 1, 1, 2)

    def seat_3(table: Any) -> tuple[str, int]:
        label = next(c.text.en for c in table.captions if "Seat 3" in c.text.en and "trick points" in c.text.en)
        return label, sum(1 for s in table.tiles if s.place == "pile" and s.seat == 3)

    label, pile = seat_3(layout_tien_gow(state, viewer_seat=0))
    assert "trick points: 2" in label and pile == 2
    label, pile = seat_3(layout_tien_gow(state, viewer_seat=0, credit_trick=False))
    assert "trick points: 1" in label and "trick points: 2" not in label and pile == 1
    # an open trick is in no one's points yet: nothing to leave out
    open_trick = tg.apply(earth_led(), tg.play("6-6"))
    assert layout_tien_gow(open_trick, credit_trick=False) == layout_tien_gow(open_trick)
