"""Every registered game passes the same random-play checks (``rules.games.GAMES``), as OpenSpiel's random_sim_test.

For every rule set of every game, at every number of seats it allows, hands
are dealt and played with random legal moves. After every move: every tile
is still somewhere; every move ``legal_moves`` lists is legal by
``why_illegal``, and every move a player could try is refused exactly when
``legal_moves`` does not list it (with a reason in both languages, which
``apply`` raises); ``apply`` changes nothing it was given and gives the same
state twice. At the end: each seat's verdict agrees with the hand's result,
the end is worked out in both languages, and the match records the hand. A
third game added to ``GAMES`` is checked here with no new test.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tutorial_app.rules.game import AnyGame
from tutorial_app.rules.games import GAMES, find_game, game_named, preset_names
from tutorial_app.rules.text import RulesError

HANDS = 4
"""Hands per rule set and seat count: enough to reach blocked hands, draws and last tricks across the presets."""

CASES = [
    pytest.param(game, name, players, id=f"{game.name}-{name}-{players}")
    for game in GAMES
    for name in game.presets()
    for players in game.seat_counts(name)
]


def _check_move_space(game: AnyGame, state: Any) -> None:
    legal = list(game.legal_moves(state))
    for move in legal:
        assert game.why_illegal(state, move) is None, f"listed as legal but refused: {move}"
    tried = 0
    for move in game.moves_to_try(state):
        tried += 1
        listed = any(game.same_move(move, other) for other in legal)
        reason = game.why_illegal(state, move)
        assert (reason is None) is listed, (
            f"{move}: why_illegal says {reason}, legal_moves {'lists' if listed else 'does not list'} it"
        )
        if reason is not None:
            assert reason.en and reason.ru
            with pytest.raises(RulesError) as refused:
                game.apply(state, move)
            assert getattr(refused.value, "reason", None) == reason
    assert tried, "a player to move always has something to try"
    for move in legal:
        assert any(game.same_move(move, other) for other in game.moves_to_try(state)), f"{move} cannot be tried"


def _check_apply(game: AnyGame, state: Any, move: Any) -> Any:
    kept = copy.deepcopy(state)
    after = game.apply(state, move)
    assert state == kept, "apply changed the state it was given"
    assert game.apply(state, move) == after, "apply gave two different states"
    assert game.apply_unchecked(state, move) == after
    assert game.tiles_in_play(after) == game.tile_count
    assert game.moves_made(after) == game.moves_made(state) + 1
    return after


def _check_end(game: AnyGame, start: Any, final: Any, rules: Any) -> None:
    players = game.players(rules)
    verdicts = [game.verdict(final, seat) for seat in range(players)]
    assert set(verdicts) <= {"won", "lost", "tie"}
    if "tie" in verdicts:
        assert set(verdicts) == {"tie"}, f"a tie for some seats only: {verdicts}"
    else:
        assert "won" in verdicts and "lost" in verdicts, verdicts
    assert game.hand_result(final) == game.hand_result(final)
    worked = game.explain_end(final, 0)
    assert worked.en and worked.ru
    match = game.record_hand(game.new_match(rules), final, start)
    assert match.hands_played == 1


@pytest.mark.parametrize(("game", "name", "players"), CASES)
def test_random_play_keeps_every_promise(game: AnyGame, name: str, players: int) -> None:
    rng = random.Random(f"conformance/{game.name}/{name}/{players}")
    rules = game.rules(name, players)
    assert game.players(rules) == players
    for _ in range(HANDS):
        dealt = game.deal(rules, rng, viewer=0)
        state = dealt.state
        assert dealt.opening.en and dealt.opening.ru
        assert game.tiles_in_play(state) == game.tile_count
        assert game.moves_made(state) == 0
        made: list[tuple[int, Any]] = []
        while not state.is_over:
            _check_move_space(game, state)
            move = rng.choice(list(game.legal_moves(state)))
            made.append((state.to_move, move))
            state = _check_apply(game, state, move)
        assert not list(game.legal_moves(state))
        said = game.describe(dealt.state, made, 0)
        assert said.en and said.ru
        _check_end(game, dealt.state, state, rules)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_match_goes_on_hand_after_hand(game: AnyGame) -> None:
    rules = game.rules(game.presets()[0])
    rng = random.Random(f"conformance/match/{game.name}")
    match = game.new_match(rules)
    for number in range(3):
        dealt = game.next_deal(match, rng, 0)
        state = dealt.state
        while not state.is_over:
            state = game.apply_unchecked(state, game.bot_move(state, "greedy", rng))
        match = game.record_hand(match, state, dealt.state)
        assert match.hands_played == number + 1
        if match.over:
            break


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_the_rules_core_plays_the_simple_bots_of_every_game(game: AnyGame) -> None:
    rules = game.rules(game.presets()[0])
    for bot in ("random", "greedy"):
        assert bot in game.bots
        state = game.deal(rules, random.Random(bot)).state
        move = game.bot_move(state, bot, random.Random(1))
        assert game.why_illegal(state, move) is None
    with pytest.raises(ValueError, match="bot"):
        game.bot_move(state, "no such bot", random.Random(1))


def test_every_rule_set_name_belongs_to_exactly_one_game() -> None:
    for name in preset_names():
        owners = [game.name for game in GAMES if game.knows(name)]
        assert owners == [find_game(name).name], f"{name} is known by {owners}"
        assert find_game(name).preset_title(name).ru
    assert find_game("козёл").name == "line"
    assert find_game("китайское домино").name == "tien_gow"
    assert game_named("tien_gow") is find_game("tien gow")


def test_an_unknown_rule_set_names_every_preset_in_both_languages() -> None:
    with pytest.raises(RulesError) as refused:
        find_game("checkers")
    reason = refused.value.reason
    assert "'checkers'" in reason.en and "block" in reason.en and "tien_gow" in reason.en
    assert "неизвестный набор правил" in reason.ru
