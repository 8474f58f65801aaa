"""Real positions (docs/referee.md): a counted or partial boneyard, ``hand: first | later``, ``last_end``, and fuzz.

Expected values come from the rules core itself (a dealt hand's lead
decision, a played-out hand's result), never typed by hand alone.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hostile import docs_positions, mutate_value, seeded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial_app.language import LANGS
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.options import FirstTile, Layout
from tutorial_app.rules.line.position import PositionError, read_position
from tutorial_app.rules.line.referee import rule, rule_all, rulings_json
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.simulate import play_out
from tutorial_app.rules.line.state import Action, Status
from tutorial_app.rules.line.variants import VARIANTS, rules_for
from tutorial_app.rules.tiles import ALL_TILES, tiles_of_mask

ROOT = Path(__file__).resolve().parents[2]

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def refused(data: dict[str, Any]) -> PositionError:
    with pytest.raises(PositionError) as caught:
        read_position(data)
    return caught.value


# -- hand: first | later (the peers' bug 1) -----------------------------------------------------------

PEERS = {
    "rules": "international",
    "hands": [["1-0", "2-0"], ["6-6", "1-1"], ["3-0", "4-0"], ["5-0", "6-0"]],
    "chain": [],
}


def test_a_first_hand_refuses_a_to_move_that_is_not_the_leader_and_names_the_leader() -> None:
    refusal = refused({**PEERS, "to_move": 0})
    assert refusal.reason.en.startswith("to_move is 0, but this is a first hand: Seat 1 leads")
    assert "to_move: 1" in refusal.reason.en and "hand: later" in refusal.reason.en
    assert "to_move: 1" in refusal.reason.ru and "hand: later" in refusal.reason.ru


FIVE_DOUBLES = {
    "rules": "domino101",
    "hands": [["0-0", "1-1", "2-2", "3-3", "4-4", "6-5", "2-1"], ["3-2", "6-0", "5-1", "4-1", "3-0", "6-1", "5-0"]],
    "chain": [],
}


@pytest.mark.parametrize("to_move", [0, 1, None])
def test_a_first_hand_to_be_redealt_is_ruled_a_redeal_whatever_its_to_move(to_move: int | None) -> None:
    """Seat 0 holds 1-1 and five doubles: the deal is thrown in, so it has no leader to contradict."""
    data = FIVE_DOUBLES if to_move is None else {**FIVE_DOUBLES, "to_move": to_move}
    ruling = rule(data).as_json()
    assert ruling["status"] == "redeal" and ruling["legal"] == []
    assert ruling["leader"] is None and ruling["lead_tiles"] == []
    assert "5 doubles" in ruling["redeal_reason"]
    assert ruling["to_move"] == (0 if to_move is None else to_move)


def test_a_first_hand_that_stands_still_refuses_another_leader() -> None:
    """Four doubles are no redeal: the first-lead rule names seat 0 (1-1), and to_move: 1 is refused."""
    hands = [["0-0", "1-1", "2-2", "3-3", "5-4", "6-5", "2-1"], FIVE_DOUBLES["hands"][1]]
    refusal = refused({**FIVE_DOUBLES, "hands": hands, "to_move": 1})
    assert refusal.reason.en.startswith("to_move is 1, but this is a first hand")


def test_a_later_hand_led_by_the_winner_may_open_with_any_tile() -> None:
    ruling = rule({**PEERS, "hand": "later", "to_move": 1}).as_json()
    assert ruling["leader"] == 1 and set(ruling["lead_tiles"]) == {"6-6", "1-1"}
    after = rule({**PEERS, "hand": "later", "to_move": 1, "moves": [{"tile": "1-1", "end": "lead"}]}).as_json()
    assert after["open_ends"] == [1, 1] and after["to_move"] == 2


def _determining_presets() -> list[str]:
    return [v.name for v in VARIANTS if rules_for(v.name).first_tile is FirstTile.DETERMINING]


@pytest.mark.parametrize("preset", _determining_presets())
def test_every_preset_with_a_determining_tile_reads_a_later_hand(preset: str) -> None:
    rules = rules_for(preset)
    for seed in range(40):
        dealt = deal(rules, random.Random(seed))
        leader = dealt.lead.seat
        assert leader is not None  # a determining tile always names the leader
        other = (leader + 1) % rules.players
        hands = [[str(t) for t in dealt.state.hand(s)] for s in range(rules.players)]
        data = {"rules": preset, "hands": hands, "chain": [], "boneyard": [str(t) for t in dealt.state.boneyard]}
        first = rule(data).as_json()
        assert first["leader"] == leader
        assert first["lead_tiles"] == [str(t) for t in tiles_of_mask(dealt.lead.lead_mask)]
        later = rule({**data, "hand": "later", "to_move": other}).as_json()
        if later["status"] == "redeal":
            continue
        assert later["leader"] == other
        assert sorted(later["lead_tiles"]) == sorted(hands[other])
        with pytest.raises(PositionError):
            read_position({**data, "to_move": other})
        return
    pytest.fail("no standing deal in 40 seeds")


@pytest.mark.parametrize("value", ["second", 1, True, None, ["later"]])
def test_hand_is_first_or_later(value: object) -> None:
    if value is None:
        assert rule({**PEERS}).as_json()["leader"] == 1
        return
    assert "'hand' must be first or later" in str(refused({**PEERS, "hand": value}))


def test_hand_later_needs_to_move() -> None:
    assert "needs to_move" in str(refused({**PEERS, "hand": "later"}))


@pytest.mark.parametrize("seat", [-7, 4, 99, 10**17, "1", 1.0, True])
def test_last_move_by_out_of_range_is_bad_input_on_an_empty_chain_too(seat: object) -> None:
    assert "last_move_by must be a seat number from 0 to 3" in str(refused({**PEERS, "last_move_by": seat}))
    chain = {**PEERS, "hands": [["1-0", "2-0"], ["1-1"], ["3-0", "4-0"], ["5-0"]], "chain": ["6-6"]}
    assert "last_move_by" in str(refused({**chain, "last_move_by": seat}))


# -- last_end: a capicú written without moves (the peers' bug 2) ---------------------------------------


def _finished_line_hands(count: int) -> list[tuple[str, Any]]:
    """Hands played out to someone going out in line games, with a capicú bonus on."""
    found: list[tuple[str, Any]] = []
    for preset in ("block", "draw", "international", "domino101"):
        rules = rules_for(preset, None, {"capicu_bonus": 25})
        if rules.layout is not Layout.LINE:
            continue
        rng = random.Random(preset)
        while sum(1 for p, _ in found if p == preset) < count:
            final = play_out(deal(rules, rng).state, rng)
            if final.status is Status.WON:
                found.append((preset, final))
    return found


def _as_written(preset: str, final: Any) -> dict[str, Any]:
    """The finished hand as a club organiser writes it: hands, chain, where the last tile went; no moves."""
    line = final.table.line()
    last_move = final.log[-1][1] if final.log[-1][1].action is Action.PLAY else None
    assert last_move is not None
    return {
        "rules": preset,
        "overrides": {"capicu_bonus": 25},
        "hands": [[str(t) for t in final.hand(s)] for s in range(final.rules.players)],
        "chain": [f"{a}-{b}" for _, a, b in line],
        "boneyard": [str(t) for t in final.boneyard],
        "last_end": last_move.end if last_move.end in ("left", "right") else "right",
    }


def test_a_final_position_with_last_end_scores_as_the_hand_played_out() -> None:
    capicus = 0
    for preset, final in _finished_line_hands(30):
        written = _as_written(preset, final)
        if len(written["chain"]) < 2:
            continue
        expected = hand_result(final)
        result = rule(written).as_json()["result"]
        assert result["capicu"] == expected.capicu, written
        assert result["points"] == {str(s): p for s, p in enumerate(expected.points)}, written
        capicus += expected.capicu
        if expected.capicu:
            without = rule({k: v for k, v in written.items() if k != "last_end"}).as_json()["result"]
            assert not without["capicu"] and without["points"] != result["points"]
    assert capicus >= 3, "the sample should hold some capicús"


def test_last_end_is_checked() -> None:
    out = {"rules": "block", "hands": [["6-5"], []], "chain": ["1-2", "2-4", "4-1"]}
    assert "'last_end' must be one of left, right" in str(refused({**out, "last_end": "up"}))
    assert "without moves" in str(
        refused({**out, "hands": [["6-5"], ["3-3"]], "last_end": "left", "moves": [{"tile": "3-3", "end": "left"}]})
    )
    assert "chain is empty" in str(refused({**out, "chain": [], "last_end": "left"}))


# -- the boneyard: a number, a partial list ------------------------------------------------------------

DRAW_GAME = {"rules": "draw", "hands": [["6-5", "3-2"], ["4-4", "0-1"]], "chain": ["1-2", "2-4"], "to_move": 0}


def test_a_counted_boneyard_needs_named_draws_and_counts_the_unseen() -> None:
    position = read_position({**DRAW_GAME, "boneyard": 5, "moves": [{"action": "draw", "tiles": ["0-0"]}]})
    assert len(position.state.boneyard) == 4 and position.hidden == 4
    assert position.unseen == len(ALL_TILES) - 4 - 2 - 1
    assert "0-0" in [str(t) for t in position.state.hand(0)]
    assert "say what was drawn" in str(refused({**DRAW_GAME, "boneyard": 5, "moves": [{"action": "draw"}]}))


@pytest.mark.parametrize(
    ("boneyard", "needle"),
    [
        (-1, "cannot hold -1"),
        (30, "only 22 tiles are not in a hand or the chain"),
        ("5", "a list of tiles"),
        (True, "a list of tiles"),
        (0.5, "a list of tiles"),
    ],
)
def test_a_counted_boneyard_is_checked(boneyard: object, needle: str) -> None:
    assert needle in str(refused({**DRAW_GAME, "boneyard": boneyard}))


def test_named_draws_from_a_listed_pile_must_be_its_top() -> None:
    data = {**DRAW_GAME, "boneyard": ["0-0", "5-4"], "moves": [{"action": "draw", "tiles": ["5-4"]}]}
    assert "takes 0-0 from the top of the boneyard, not 5-4" in str(refused(data))
    ok = read_position({**data, "moves": [{"action": "draw", "tiles": ["0-0"]}]})
    assert ok.state.boneyard == ok.start.boneyard[1:]


def test_a_partial_pile_leaves_the_rest_out_of_play() -> None:
    position = read_position({**DRAW_GAME, "boneyard": ["0-0"]})
    assert [str(t) for t in position.state.boneyard] == ["0-0"] and position.unseen == len(ALL_TILES) - 7
    ruling = rule({**DRAW_GAME, "boneyard": ["0-0"]}).as_json()
    assert ruling["boneyard_count"] == 1 and ruling["unseen"] == len(ALL_TILES) - 7


def test_a_face_down_pile_blocks_only_when_no_unseen_tile_could_fit() -> None:
    # every 1 and every 4 is on the table or in a hand: nothing in the pile can fit
    hands = [["6-6", "3-3"], ["5-5", "0-0"]]
    chain = ["4-1", "1-1", "1-0", "0-4", "4-4", "4-2", "2-1", "1-5", "5-4", "4-3", "3-1", "1-6", "6-4"]
    blocked = rule({"rules": "draw", "hands": hands, "chain": chain, "boneyard": 3, "to_move": 0}).as_json()
    assert blocked["status"] == "blocked"
    open_chain = chain[:-2]  # 3-1 ... ends 4 and 1: 6-4 and 1-6 are unseen and could be in the pile
    live = rule({"rules": "draw", "hands": hands, "chain": open_chain, "boneyard": 3, "to_move": 0}).as_json()
    assert live["status"] == "in_play" and live["legal"] == [{"action": "draw"}]


def test_an_empty_chain_with_an_empty_hand_is_refused() -> None:
    # found by the fuzz (seed 289): a later hand whose leader holds nothing had no legal move
    data = {
        "rules": "international",
        "hands": [["1-0", "2-0"], [], ["3-0", "4-0"], ["5-0", "6-0"]],
        "chain": [],
        "hand": "later",
        "to_move": 1,
    }
    with pytest.raises(PositionError) as refused:
        rule(data)
    assert "seat 1 holds no tiles" in refused.value.reason.en
    assert "места 1 нет костей" in refused.value.reason.ru


# -- fuzz: the API takes anything and answers a ruling or one line -------------------------------------


BASES = docs_positions()


@FUZZ
@given(
    st.integers(min_value=0, max_value=10**9),
    st.integers(min_value=1, max_value=3),
    st.sampled_from([None, "block", "kozel", "all_fives", "donkey", "domino101"]),
)
def test_the_referee_api_answers_any_mutation_with_a_ruling_or_one_line(
    seed: int, rounds: int, rules: str | None
) -> None:
    rng = seeded(seed)
    data = rng.choice(BASES)
    for _ in range(rounds):
        data = mutate_value(data, rng)
    try:
        rulings = rule_all(data, [rules] if rules else None, rng.choice(["en", "ru"]))
    except PositionError as exc:
        for text in (exc.reason.in_(lang) for lang in LANGS):
            assert text and "\n" not in text and len(text) < 2000, text
        return
    json.dumps(rulings_json(rulings))
    for ruling in rulings_json(rulings)["rulings"]:
        if ruling["status"] == "in_play":
            assert ruling["legal"] or ruling.get("redeal_reason")


def test_the_fuzz_reaches_rulings_and_refusals() -> None:
    rng = seeded(7)
    outcomes = {"ruling": 0, "refused": 0}
    for _ in range(300):
        data = mutate_value(rng.choice(BASES), rng)
        try:
            rule_all(data)
            outcomes["ruling"] += 1
        except PositionError:
            outcomes["refused"] += 1
    assert outcomes["ruling"] > 10 and outcomes["refused"] > 100, outcomes


def test_legal_moves_of_a_ruling_are_the_engines() -> None:
    position = read_position({**DRAW_GAME, "boneyard": 5})
    assert rule({**DRAW_GAME, "boneyard": 5}).as_json()["legal"] == [m.as_dict() for m in legal_moves(position.state)]
