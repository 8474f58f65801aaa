"""Click sequences through the pure controller: select, switch, deselect, place, refuse."""

from __future__ import annotations

import random

import pytest
from board_helpers import PRESETS, position, tile

from tutorial_app.board.controller import handle_click, parse_click
from tutorial_app.board.figure import board_figure
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.state import Action, play
from tutorial_app.rules.line.variants import rules_for

# Ends 3 (left) and 1 (right); seat 0 holds 6-4 (fits nothing), 3-0 (left), 2-1 (right).
HANDS = [["6-4", "3-0", "1-2"], ["5-5", "2-2", "6-6"]]
CHAIN = ["3-3", "3-5", "5-1"]


@pytest.fixture
def state():  # type: ignore[no-untyped-def]
    return position("block", HANDS, CHAIN)


def test_select_then_click_again_deselects(state) -> None:  # type: ignore[no-untyped-def]
    first = handle_click(state, None, "hand:3-0")
    assert first.selected is tile("3-0") and first.move is None and first.message is None
    again = handle_click(state, first.selected, "hand:3-0")
    assert again.selected is None and again.move is None


def test_selecting_another_tile_switches(state) -> None:  # type: ignore[no-untyped-def]
    assert handle_click(state, tile("3-0"), "hand:2-1").selected is tile("2-1")


def test_select_then_end_gives_the_move(state) -> None:  # type: ignore[no-untyped-def]
    outcome = handle_click(state, tile("3-0"), "end:left")
    assert outcome.move == play(tile("3-0"), "left")
    assert outcome.selected is None
    after = apply(state, outcome.move)
    assert after.table.ends[0] == 0


def test_wrong_end_keeps_selection_explains_and_reports_the_attempt(state) -> None:  # type: ignore[no-untyped-def]
    outcome = handle_click(state, tile("3-0"), "end:right")
    assert outcome.move is None and outcome.selected is tile("3-0")
    # where it does fit, in both languages (the newcomer's review: "does not fit" for a tile that fits the other end)
    assert outcome.message is not None
    assert outcome.message.en == "3-0 fits the left end (3), not the right end (1)."
    assert outcome.message.ru == "3-0 подходит к левому концу (3), а не к правому концу (1)."
    assert outcome.attempt == play(tile("3-0"), "right")


def test_a_move_the_board_drew_is_one_click(state) -> None:  # type: ignore[no-untyped-def]
    # the board component answers the tile and the target itself and reports the whole move
    outcome = handle_click(state, None, "play:3-0:left")
    assert outcome.move == play(tile("3-0"), "left") and outcome.selected is None
    refused = handle_click(state, None, "play:3-0:right")
    assert refused.move is None and refused.attempt == play(tile("3-0"), "right")
    assert refused.message is not None and "left end (3)" in refused.message.en
    assert handle_click(state, None, "play:9-9:left").move is None  # not a tile: nothing happens
    assert handle_click(state, None, "play:6-6:left").move is None  # not in the hand


def test_end_without_a_tile_asks_for_one(state) -> None:  # type: ignore[no-untyped-def]
    outcome = handle_click(state, None, "end:left")
    assert outcome.move is None and outcome.selected is None and outcome.message is not None


def test_tile_with_nowhere_to_go_is_selected_and_explained(state) -> None:  # type: ignore[no-untyped-def]
    # choosing a tile is never a mistake: it rises, and the message says it fits nowhere
    outcome = handle_click(state, tile("3-0"), "hand:6-4")
    assert outcome.selected is tile("6-4") and outcome.move is None and outcome.attempt is None
    assert outcome.message is not None and "6-4" in outcome.message.en and "6-4" in outcome.message.ru
    placed = handle_click(state, outcome.selected, "end:left")
    assert placed.move is None and placed.attempt == play(tile("6-4"), "left")


def test_not_your_turn() -> None:
    state = position("block", HANDS, CHAIN, to_move=1)
    outcome = handle_click(state, None, "hand:3-0", viewer_seat=0)
    assert outcome.selected is None and outcome.move is None and outcome.message is not None


def test_other_clicks_change_nothing(state) -> None:  # type: ignore[no-untyped-def]
    for name in (None, "felt", "hand:9-9", "hand:5-5", "end:sideways"):
        assert handle_click(state, tile("3-0"), name).selected is tile("3-0")
    chain = handle_click(state, tile("3-0"), "chain:right:1")
    assert chain.selected is tile("3-0") and chain.chain == ("right", 1)
    assert parse_click("hand:6-4") == ("hand", "6-4")
    assert parse_click("nonsense") == ("", "nonsense")


def test_a_tile_with_one_place_is_selected_not_played(state) -> None:  # type: ignore[no-untyped-def]
    # one click model in Learn and Play: a tile, then the end, even when there is only one end
    outcome = handle_click(state, None, "hand:2-1")
    assert outcome.move is None and outcome.selected is tile("2-1")


def test_over_hand_deselects() -> None:
    state = position("block", [["3-0"], ["5-5", "2-2"]], CHAIN)
    state = apply(state, play(tile("3-0"), "left"))
    assert state.is_over
    outcome = handle_click(state, tile("5-5"), "hand:5-5", viewer_seat=1)
    assert outcome.selected is None and outcome.message is not None


@pytest.mark.parametrize(("variant", "players"), PRESETS)
def test_random_hands_played_by_clicks(variant: str, players: int) -> None:
    """Every play of a random hand made by clicking the tile's point, then its target on the figure."""
    for seed in range(2):
        rng = random.Random(seed)
        state = deal(rules_for(variant, players=players), rng).state
        while not state.is_over:
            move = rng.choice(legal_moves(state))
            if move.action is Action.PLAY and not move.closed and not move.claim:
                seat = state.to_move
                fig = board_figure(state, viewer_seat=seat)
                names = set(next(t for t in fig.data if t.name == "click").customdata)
                hand_point = f"hand:{move.tile}"
                assert hand_point in names
                chosen = handle_click(state, None, hand_point, viewer_seat=seat)
                assert chosen.selected is move.tile
                fig = board_figure(state, viewer_seat=seat, selected=chosen.selected)
                targets = set(next(t for t in fig.data if t.name == "targets").customdata)
                assert f"end:{move.end}" in targets
                placed = handle_click(state, chosen.selected, f"end:{move.end}", viewer_seat=seat)
                assert placed.move == move._replace(claim=None) and placed.selected is None
            state = apply(state, move)
