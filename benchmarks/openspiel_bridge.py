"""A bridge to an independent peer: OpenSpiel's IS-MCTS on its Python block dominoes game.

Not part of the project's runtime: ``pip install open_spiel`` (the ``bench`` extra names it). The project's
rules core referees every game; an OpenSpiel state is kept in step with it, so that IS-MCTS searches the
same position. OpenSpiel's player 0 is the hand's leader (its game lets player 0 lead any tile; the
project's block names the leader by its first-lead rule, as in a first hand).

Changes to the peer, all about the game and none about the algorithm (the review that first ran this match
made the same ones):

- returns are the share of the hand, +1 / 0 / -1 (a win, a tied fish, a loss), and going out always wins,
  as in the project's rules (OpenSpiel's game pays pips and calls going out with 0-0 left by the other a tie);
- a resampler for IS-MCTS draws the hidden hand uniformly among the hands that fit the record: the other
  player's tiles never show a number that was open when it could not play (its current hand is part of
  the hand it held then, so the rule binds tile by tile);
- ``clone`` copies the few lists a state holds instead of a deep copy (the same state, faster).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.games import block_dominoes as osb

from tutorial_app.rules.line.state import Action, HandState, Move, play
from tutorial_app.rules.tiles import Tile

__all__ = ["PeerGame", "PeerTable", "ismcts_bot"]

OsTile = tuple[float, float]

_TYPE = pyspiel.GameType(
    short_name="domino_tutor_block_win_share",
    long_name="Block dominoes, returns as win share (Domino Tutor's bridge)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=True,
)
_INFO = pyspiel.GameInfo(
    num_distinct_actions=len(osb._ACTIONS),
    max_chance_outcomes=len(osb._DECK),
    min_utility=-1.0,
    max_utility=1.0,
    num_players=2,
    max_game_length=osb._MAX_GAME_LENGTH,
    utility_sum=0.0,
)


class PeerState(osb.BlockDominoesState):  # type: ignore[misc]
    """OpenSpiel's block dominoes state, returning the share of the hand (see the module's docstring)."""

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        for player in (0, 1):
            if not self.hands[player]:
                return [1.0, -1.0] if player == 0 else [-1.0, 1.0]
        mine = sum(a + b for a, b in self.hands[0])
        theirs = sum(a + b for a, b in self.hands[1])
        if mine == theirs:
            return [0.0, 0.0]
        return [1.0, -1.0] if mine < theirs else [-1.0, 1.0]

    def clone(self) -> PeerState:
        other = copy.copy(self)
        pyspiel.State.__init__(other, self.get_game())
        other.actions_history = list(self.actions_history)
        other.open_edges = list(self.open_edges)
        other.hands = [list(self.hands[0]), list(self.hands[1])]
        other.deck = list(self.deck)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> PeerState:
        return self.clone()


class PeerGame(osb.BlockDominoesGame):  # type: ignore[misc]
    """The game IS-MCTS searches: OpenSpiel's block dominoes with win-share returns."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        pyspiel.Game.__init__(self, _TYPE, _INFO, params or {})

    def new_initial_state(self) -> PeerState:
        return PeerState(self)


pyspiel.register_game(_TYPE, PeerGame)


def _os_tile(tile: Tile) -> OsTile:
    return (float(tile.lo), float(tile.hi))


def dealt_state(game: PeerGame, first: Sequence[Tile], second: Sequence[Tile]) -> PeerState:
    """A new OpenSpiel state with player 0 dealt ``first`` and player 1 ``second`` (OpenSpiel deals player 0's
    seven tiles first)."""
    state = game.new_initial_state()
    for tile in (*first, *second):
        state.apply_action(osb._DECK.index(_os_tile(tile)))
    return state


def os_action(player: int, move: Move, state: HandState) -> int:
    """The OpenSpiel action of a rules-core play by OpenSpiel ``player``."""
    assert move.action is Action.PLAY and move.tile is not None
    tile = _os_tile(move.tile)
    if move.end == "lead":
        edge: float | None = None
    else:
        edge = float(state.table.ends[0] if move.end == "left" else state.table.ends[1])
    index: int = osb._ACTIONS_STR.index(str(osb.Action(player, tile, edge)))
    return index


def core_move(action: int, state: HandState) -> Move:
    """The rules-core play of an OpenSpiel action (on the end that shows its number)."""
    chosen = osb._ACTIONS[action]
    lo, hi = int(chosen.tile[0]), int(chosen.tile[1])
    tile = Tile(lo, hi)
    if chosen.edge is None:
        return play(tile, "lead")
    return play(tile, "left" if state.table.ends[0] == int(chosen.edge) else "right")


class Resampler:
    """Deals of the hidden hand that fit what ``player`` saw, uniformly (see the module's docstring)."""

    def __init__(self, game: PeerGame, rng: random.Random) -> None:
        self.game = game
        self.rng = rng

    def __call__(self, state: PeerState, player: int) -> PeerState:
        other = 1 - player
        mine = list(state.hands[player])
        played: dict[int, list[OsTile]] = {0: [], 1: []}
        void: set[float] = set()
        edges: list[float] = []
        mover = 0
        for action in state.actions_history:
            if action.player != mover and mover == other:  # the other could not play: nothing for these numbers
                void.update(edges)
            played[action.player].append(action.tile)
            if not edges:
                edges = list(action.tile)
            else:
                edges.remove(action.edge)
                edges.append(action.tile[0] if action.tile[0] != action.edge else action.tile[1])
            mover = 1 - action.player
        if state.actions_history and mover == other and state.current_player() == player:
            void.update(edges)  # it is the player's turn again: the other has just been skipped
        seen = set(mine) | set(played[0]) | set(played[1])
        allowed = [t for t in osb._DECK if t not in seen and t[0] not in void and t[1] not in void]
        hidden = self.rng.sample(allowed, len(state.hands[other]))
        hands = {player: sorted(mine + played[player]), other: sorted(hidden + played[other])}
        fresh = self.game.new_initial_state()
        for tile in (*hands[0], *hands[1]):
            fresh.apply_action(osb._DECK.index(tile))
        for action in state.actions_history:
            fresh.apply_action(osb._ACTIONS_STR.index(str(action)))
        return fresh


def ismcts_bot(game: PeerGame, simulations: int, seed: int, uct_c: float = 2.0) -> ismcts.ISMCTSBot:
    """IS-MCTS with random rollouts (UCT, the child visited most is played), and the uniform resampler."""
    state = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, state),
        uct_c,
        simulations,
        random_state=state,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    bot.set_resampler(Resampler(game, random.Random(seed)))
    return bot


class PeerTable:
    """One game kept in step: the rules core's state and OpenSpiel's, ``leader`` being OpenSpiel's player 0."""

    def __init__(self, game: PeerGame, start: HandState) -> None:
        self.leader = start.to_move
        first = [t for t in start.hand(self.leader)]
        second = [t for t in start.hand(1 - self.leader)]
        self.state = dealt_state(game, first, second)

    def player(self, seat: int) -> int:
        return (seat - self.leader) % 2

    def follow(self, core: HandState, move: Move) -> None:
        """Apply a rules-core move made in ``core`` (a pass is implicit in OpenSpiel's game)."""
        if move.action is Action.PLAY:
            self.state.apply_action(os_action(self.player(core.to_move), move, core))
