"""What the board component is sent: the figure, the boards in between, and the answers to the learner's clicks.

The browser draws what it is sent; these tests hold the data to the rules
core: a pick for every tile of the learner's hand, a move for exactly the
legal plays, each reported in a form the controller turns back into that
move and drawn where the board after it lays the tile, each patch
rebuilding exactly the figure it stands for, and the move the browser drew
ahead being the first step of the next run (so it is not played twice).
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from board_helpers import PRESETS, position, random_hands, tile

from tutorial_app.board.browser import PICK_JOIN, PUT_DOWN, patch
from tutorial_app.board.browser_line import (
    BoardSize,
    LinePlay,
    LineView,
    Played,
    line_board,
    line_layout,
    line_picture,
    played_between,
    replayed,
    step_key,
)
from tutorial_app.board.browser_tien_gow import TablePlay, TableView, replayed_tricks, table_picture, tien_gow_board
from tutorial_app.board.controller import handle_click
from tutorial_app.board.figure import placed_part, target_ends
from tutorial_app.board.tien_gow_controller import handle_click as tien_gow_click
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.state import Action
from tutorial_app.rules.line.variants import rules_for

VIEW = LineView(size=BoardSize(680, 900))


def rebuilt(figure: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """What the browser rebuilds from a figure and a patch of it (board.js ``patched``)."""
    traces = change["traces"]
    data = [traces[str(i)] if str(i) in traces else figure["data"][i] for i in range(change["count"])]
    return {"data": data, "layout": change.get("layout", figure["layout"])}


def learner_turns(variant: str, players: int, seed: int) -> list[Any]:
    """States of one random hand where seat 0 is to move."""
    (states,) = random_hands(variant, players, range(seed, seed + 1))
    return [s for s in states if s.to_move == 0 and not s.is_over]


@pytest.mark.parametrize(("variant", "players"), PRESETS[::3])
def test_every_legal_play_is_answered_in_the_browser_and_reported_as_that_move(variant: str, players: int) -> None:
    checked = 0
    for state in learner_turns(variant, players, 3)[:4]:
        data, layout = line_board(state, VIEW, moves=LinePlay())
        sent = data.to_json()
        json.dumps(sent)  # the component's data is plain JSON
        assert set(sent["picks"]) == {f"hand:{t}" for t in state.hand(0)}
        plays = {m for m in legal_moves(state) if m.action is Action.PLAY and not m.closed}
        keyed = {f"hand:{m.tile}|end:{m.end}": m for m in plays}
        assert set(sent["moves"]) == set(keyed)
        for key, move in keyed.items():
            local = sent["moves"][key]
            outcome = handle_click(state, None, local["report"])
            assert outcome.move == move  # the controller reads the report back as the very move
            after = apply(state, move)
            assert local["key"] == step_key(Played(0, move, after)) and local["patch"] is None
            placement = next(p for p in line_layout(after, layout.shape, VIEW.size).placements if p.tile is move.tile)
            drawn = placed_part(placement, VIEW.theme, 0).shapes[0]
            # the tile is drawn where the board after the move lays it (its body, as the figure draws it)
            assert any(shape["x"] == drawn["x"] and shape["y"] == drawn["y"] for shape in local["layer"])
            checked += 1
        for name, pick in sent["picks"].items():
            rings = [shape["name"] for shape in pick["layer"] if shape["kind"] == "ring"]
            assert rings == [f"end:{end}" for end in target_ends(state, tile(name[5:]))]
            assert (pick["note"] is None) == bool(rings)  # a tile with nowhere to go says why instead
    assert checked > 0


def test_a_tile_that_fits_nowhere_says_why_in_the_learners_language() -> None:
    # Ends 3 (left) and 1 (right); 6-4 fits nowhere.
    state = position("block", [["6-4", "3-0", "1-2"], ["5-5", "2-2", "6-6"]], ["3-3", "3-5", "5-1"])
    for lang in ("en", "ru"):
        sent = line_board(state, VIEW._replace(lang=lang), moves=LinePlay())[0].to_json()
        said = handle_click(state, None, "hand:6-4").message
        assert said is not None and sent["picks"]["hand:6-4"]["note"] == said.in_(lang)


def test_a_pick_on_the_board_puts_down_what_the_page_holds_or_says_and_nothing_else() -> None:
    """The board is told when the page holds a selection (a button's) or says something of the last click (a warning):
    its next pick then reports ``PUT_DOWN`` once, and the controllers take that report for no move at all."""
    state = position("block", [["6-4", "3-0", "1-2"], ["5-5", "2-2", "6-6"]], ["3-3", "3-5", "5-1"])
    for play_, held, spoken in (
        (LinePlay(), [], False),
        (LinePlay(picked=tile("6-4")), ["hand:6-4"], False),
        (LinePlay(spoken=True), [], True),
    ):
        sent = line_board(state, VIEW, moves=play_)[0].to_json()
        assert (sent["picked"], sent["spoken"], sent["putDown"]) == (held, spoken, PUT_DOWN)
    assert handle_click(state, tile("6-4"), PUT_DOWN) == handle_click(state, tile("6-4"), None)
    turn = tien_gow_turns(1)[0]
    for table_play, spoken in ((TablePlay((0,)), False), (TablePlay(spoken=True), True)):
        sent = tien_gow_board(turn, TableView(), play=table_play).to_json()
        assert (sent["spoken"], sent["putDown"]) == (spoken, PUT_DOWN)
    assert tien_gow_click(turn, (0,), PUT_DOWN).move is None


def test_the_move_drawn_ahead_is_the_first_step_of_the_next_run() -> None:
    rules = rules_for("block", 4)
    state = deal(rules, random.Random(5)).state
    while state.to_move != 0:
        state = apply(state, legal_moves(state)[0])
    first, layout = line_board(state, VIEW, moves=LinePlay())
    move = next(m for m in legal_moves(state) if m.action is Action.PLAY)
    ahead = first.to_json()["moves"][f"hand:{move.tile}|end:{move.end}"]["key"]
    now = apply(state, move)
    while not now.is_over and now.to_move != 0:  # the bots reply
        now = apply(now, legal_moves(now)[0])
    second, _ = line_board(now, VIEW, shape=layout.shape, since=(state, layout), moves=LinePlay())
    steps = second.to_json()
    assert steps["from"] == first.key  # drawn over the board the browser shows
    keys = [step["key"] for step in steps["earlier"]]
    # the browser already drew the learner's move: it plays the bots' moves from there, the last one with the board
    assert keys[0] == ahead
    assert keys == [step_key(p) for p in played_between(state, now)[:-1] if p.move.action is Action.PLAY]
    assert len(replayed(state, now)) == len(now.log) - len(state.log) - 1


def test_boards_in_between_only_for_a_hand_that_grew_by_moves() -> None:
    rules = rules_for("block", 2)
    start = deal(rules, random.Random(2)).state
    later = apply(apply(start, legal_moves(start)[0]), legal_moves(apply(start, legal_moves(start)[0]))[0])
    assert [s.log for s in replayed(start, later)] == [apply(start, legal_moves(start)[0]).log]
    assert replayed(later, start) == ()  # an undo: no replay
    assert replayed(None, later) == ()
    other = deal(rules, random.Random(3)).state
    assert replayed(other, later) == ()  # a new deal


def test_out_of_turn_and_pictures_answer_nothing() -> None:
    state = position("block", [["6-4", "3-0"], ["5-5", "2-2"]], ["3-3", "3-5", "5-1"], to_move=1)
    sent = line_board(state, VIEW, moves=LinePlay())[0].to_json()
    assert sent["picks"] == {} and sent["moves"] == {}
    assert sent["idle"] == handle_click(state, None, "hand:6-4").message.in_("en")  # type: ignore[union-attr]
    picture = line_board(state, VIEW, static=True)[0].to_json()
    assert not picture["interactive"] and picture["static"]
    assert all("customdata" not in trace for trace in picture["figure"]["data"])  # nothing to click on a picture


def test_a_patch_holds_only_the_traces_that_changed() -> None:
    state = position("block", [["6-4", "3-0", "1-2"], ["5-5", "2-2", "6-6"]], ["3-3", "3-5", "5-1"])
    base = line_picture(state, VIEW, line_layout(state, None, VIEW.size)).figure
    assert patch(base, base) == {"traces": {}, "count": len(base["data"])}
    other = {**base, "data": [*base["data"][:-1], {**base["data"][-1], "x": [0.0]}]}
    change = patch(base, other)
    assert list(change["traces"]) == [str(len(base["data"]) - 1)] and rebuilt(base, change) == other


@pytest.mark.parametrize(("variant", "players"), [("block", 2), ("block", 4), ("all_fives", 2)])
def test_a_presenter_board_in_a_narrow_column_shows_no_empty_wood_above_and_below(variant: str, players: int) -> None:
    """The class's wall: the presenter's 620 px board in a 548 px column. Fitted (``BoardSize.fit``), the figure
    is as tall as the board is at that width, the words as large as before; unfitted, it kept bands of wood."""
    seen = 0
    for states in random_hands(variant, players, range(3)):
        for state in states[:: max(1, len(states) // 4)]:
            pictures = []
            for fit in (False, True):
                size = BoardSize(620, 548, label_px=24, fit=fit)
                view = LineView(size=size)
                pictures.append(line_picture(state, view, line_layout(state, None, size)))
            loose, fitted = (p.figure["layout"] for p in pictures)
            x_span = fitted["xaxis"]["range"][1] - fitted["xaxis"]["range"][0]
            y_span = fitted["yaxis"]["range"][1] - fitted["yaxis"]["range"][0]
            assert loose["height"] == 620 and 548 * y_span / x_span < 600, "the old board had bands of wood"
            assert fitted["height"] == math.ceil(548 * y_span / x_span), "as tall as the board at 548 px"
            assert pictures[1].px_per_unit == pytest.approx(pictures[0].px_per_unit)
            seen += 1
    assert seen >= 12


# -- Tien Gow ----------------------------------------------------------------------------------------


def tien_gow_turns(seed: int) -> list[tg.HandState]:
    rng = random.Random(seed)
    state = tg.deal(tg.TienGowRules(), rng).state
    found = []
    while not state.is_over:
        if state.to_move == 0:
            found.append(state)
        state = tg.apply(state, rng.choice(tg.legal_moves(state)))
    return found


@pytest.mark.parametrize("seed", [1, 2])
def test_the_tien_gow_table_answers_every_legal_move_and_reports_it_back(seed: int) -> None:
    view = TableView()
    for state in tien_gow_turns(seed)[:4]:
        sent = tien_gow_board(state, view, play=TablePlay()).to_json()
        json.dumps(sent)
        hand = state.hands[0]
        assert set(sent["picks"]) == {f"hand:{i}" for i in range(len(hand))}
        legal = set(tg.legal_moves(state))
        for key, local in sent["moves"].items():
            picks, _, press = key.partition("|")
            places = tuple(sorted(int(name[5:]) for name in picks.split(PICK_JOIN)))
            outcome = tien_gow_click(state, places, press)
            assert outcome.move is not None and tg.normalize(outcome.move) in legal
            reported = tien_gow_click(state, (), local["report"])
            assert reported.move == outcome.move  # the report is the same move
            if local["patch"] is not None:
                after = table_picture(tg.apply(state, outcome.move), view)
                assert rebuilt(sent["figure"], local["patch"]) == after.figure
        # every legal move's tiles can be picked and pressed on the board
        for move in legal:
            names = []
            used: set[int] = set()
            for t in move.tiles:
                place = next(i for i, h in enumerate(hand) if h == t and i not in used)
                used.add(place)
                names.append(f"hand:{place}")
            assert f"{PICK_JOIN.join(sorted(names))}|action:{move.action.value}" in sent["moves"]
        # every set of picks lights Play or Discard (on the table, and their twins under it) as the rules let it go
        for picks, whole in sent["selections"].items():
            tiles = tuple(hand[int(name[5:])] for name in picks.split(PICK_JOIN))
            assert whole["lit"] == [f"action:{a.value}" for a in tg.Action if tg.normalize(tg.Move(a, tiles)) in legal]


def test_tien_gow_boards_in_between() -> None:
    state = tien_gow_turns(3)[0]
    later = state
    for _ in range(3):
        later = tg.apply(later, tg.legal_moves(later)[0])
    between = replayed_tricks(state, later)
    assert len(between) == 2 and between[0] == tg.apply(state, tg.legal_moves(state)[0])
    assert replayed_tricks(later, state) == ()


def test_a_board_sent_to_the_browser_leaves_the_boneyard_count_off_when_asked() -> None:
    """A lesson's how-many-to-draw question: the count is neither drawn nor said to a screen reader."""
    state = deal(rules_for("draw", 2), random.Random(3)).state
    shown = json.dumps(line_board(state, VIEW, moves=LinePlay())[0].to_json())
    hidden = json.dumps(line_board(state, VIEW._replace(show_boneyard=False), moves=LinePlay())[0].to_json())
    assert "Boneyard" in shown
    assert "Boneyard" not in hidden


def test_a_board_after_another_tables_board_is_drawn_afresh() -> None:
    """The same board showing another table (the next puzzle: four players after two, the learner at seat 3)
    draws the new table; it does not replay moves from the old one."""
    two = deal(rules_for("block", 2), random.Random(1)).state
    four = deal(rules_for("block", 4), random.Random(2)).state
    _data, layout = line_board(two, VIEW, moves=LinePlay())
    data, _layout = line_board(four, VIEW._replace(seat=3), since=(two, layout), moves=LinePlay())
    sent = data.to_json()
    assert sent["earlier"] == [] and sent["from"] is None
