"""Rank a seat's legal moves: sample the deals it cannot see, play every move out many times, compare.

Every move is played out on the same sampled deals (so the comparison is
between moves, not between lucky and unlucky deals), by the kernel with a
rollout policy for every seat after the move. A move's ``win`` is the mean
share of the hand its side gets (a tied fish counts as a share), ``points``
the mean of its side's points less the other sides' average from this
position on (All Fives move points included; under goat scoring, penalties
count against), each with a 95 % confidence half-width.

With every hand open (``analyse_open``) the position is solved exactly when
the search fits its node limit (block games, and draw games averaged over the
boneyard's unknown order); otherwise the open hands are played out on
sampled boneyard orders, and the analysis says so.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Literal

import numpy as np

from tutorial_app.rules.line.moves import apply_unchecked, legal_moves
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.text import Text
from tutorial_app.strategy.exact import DEFAULT_NODE_LIMIT, NotExact, SearchTooBig, solve
from tutorial_app.strategy.inference import Knowledge, infer
from tutorial_app.strategy.kernel import batch_from_template, code_of
from tutorial_app.strategy.outcome import score_batch
from tutorial_app.strategy.playout import play_batch
from tutorial_app.strategy.policy import Floats, Policy
from tutorial_app.strategy.sampler import DealSampler, Worlds
from tutorial_app.strategy.view import SeatView

__all__ = [
    "DEFAULT_PLAYOUTS",
    "ROLLOUT_POLICY",
    "MoveValue",
    "Analysis",
    "Method",
    "analyse",
    "analyse_open",
    "candidate_moves",
    "same_outcome",
    "ranks_by_points",
    "rank_values",
]

DEFAULT_PLAYOUTS = 1000
"""Sampled deals per move for a hint."""
ROLLOUT_POLICY = Policy(0.25)
"""How every seat plays after the analysed move: the heaviest tile, one move in four at random."""
_CHUNK_ROWS = 8192
_Z95 = 1.96

Method = Literal["sampling", "exact", "sampling_open", "every_deal"]


@dataclass(frozen=True)
class MoveValue:
    """One legal move and what it is worth for the mover's side.

    ``wins`` and ``nets`` hold the outcome of every playout (one per sampled
    deal, in the same deal order for every move, so two moves can be
    compared deal by deal); they are empty for an exact value.
    """

    move: Move
    win: float
    points: float
    ci: float
    points_ci: float
    wins: Floats
    nets: Floats

    def as_dict(self) -> dict[str, object]:
        """The JSON of ``domino-tutor analyze``."""
        return {
            "move": self.move.as_dict(),
            "win": round(self.win, 4),
            "points": round(self.points, 2),
            "ci": round(self.ci, 4),
            "points_ci": round(self.points_ci, 2),
        }


@dataclass(frozen=True)
class Analysis:
    """Every legal move of ``seat`` ranked, best first: by win share, then points (All Fives: by points,
    then win share; see ``ranks_by_points``), also when solved exactly.

    ``method``: "sampling" (the seat's view), "exact" (open hands, solved),
    "sampling_open" (open hands, too big to solve: played out) or "every_deal"
    (the seat's view, every deal it allows solved exactly: ``exact_deals``);
    ``playouts`` is the number of sampled deals per move (0 when exact; the
    number of deals averaged for "every_deal");
    ``note`` says in both languages why an open position was not solved,
    or that the record contradicted itself; ``knowledge`` is the inference
    the samples were drawn from (None with open hands).
    """

    seat: int
    side: int
    moves: tuple[MoveValue, ...]
    playouts: int
    method: Method
    note: Text | None
    knowledge: Knowledge | None
    points_first: bool = False
    """Ranked by points first (All Fives), not by win share."""

    @property
    def best(self) -> MoveValue:
        return self.moves[0]

    def value_of(self, move: Move) -> MoveValue:
        """The value of one of the ranked moves (a claim on the move is ignored)."""
        plain = move._replace(claim=None)
        for value in self.moves:
            if value.move._replace(claim=None) == plain:
                return value
        raise KeyError(f"{move} is not a legal move here")

    def most_wins(self) -> MoveValue:
        """The move with the highest win share (the best move, unless All Fives ranks by points)."""
        return max(self.moves, key=lambda v: (v.win, v.points))

    def loss(self, move: Move) -> tuple[float, float]:
        """How much win share ``move`` gives up against ``most_wins()``, and the 95 % half-width of that
        difference (deal by deal, so it is narrower than the two intervals added; 0 when solved exactly)."""
        top, chosen = self.most_wins(), self.value_of(move)
        lost = top.win - chosen.win
        if not len(top.wins) or chosen is top:
            return lost, 0.0
        return lost, _half_width(top.wins - chosen.wins)

    def margin(self, state: HandState | None = None) -> tuple[float, float]:
        """How far the best move is ahead of the runner-up, in the ranking's first measure (win share, or
        points in All Fives), and the 95 % half-width of that lead, deal by deal.

        With ``state`` (the position analysed) the runner-up is the best move that leads somewhere else:
        the same tile on another end that leaves the same ends open is the same move (``distinct``).

        Why: a quiz "which move is best?" should only be asked when the answer is not noise, that is
        when the lead is clearly larger than its half-width.
        """
        ranked = self.moves if state is None else self.distinct(state)
        if len(ranked) < 2:
            return math.inf, 0.0
        return self.lead(ranked[0], ranked[1])

    def lead(self, first: MoveValue, second: MoveValue) -> tuple[float, float]:
        """How far ``first`` is ahead of ``second`` in the ranking's first measure, and the 95 % half-width
        of that lead, deal by deal (0 when solved exactly)."""
        if self.points_first:
            gap, samples = first.points - second.points, first.nets - second.nets
        else:
            gap, samples = first.win - second.win, first.wins - second.wins
        return gap, _half_width(samples) if len(samples) else 0.0

    def distinct(self, state: HandState) -> tuple[MoveValue, ...]:
        """The ranked moves less those that lead to the same place as a better-ranked one (``same_outcome``):
        with 3 on both ends, 3-5 on the left and 3-5 on the right are one choice."""
        kept: list[MoveValue] = []
        for value in self.moves:
            if not any(same_outcome(state, value.move, k.move) for k in kept):
                kept.append(value)
        return tuple(kept)

    def as_dict(self) -> dict[str, object]:
        """The JSON of ``domino-tutor analyze``."""
        out: dict[str, object] = {
            "view": "open" if self.method != "sampling" else f"seat {self.seat}",
            "playouts": self.playouts,
            "method": self.method,
            "moves": [m.as_dict() for m in self.moves],
        }
        if self.note is not None:
            out["note"] = self.note.en
        return out


def _half_width(samples: Floats) -> float:
    if len(samples) < 2:
        return 0.0
    return float(_Z95 * samples.std(ddof=1) / np.sqrt(len(samples)))


def _open_ends(state: HandState) -> tuple[tuple[tuple[int, bool], ...], int]:
    """The open ends as a multiset (number, a double at that end), and how many arms hold tiles."""
    table = state.table
    ends = sorted((n, table.end_tile_is_double(i)) for i, n in enumerate(table.ends) if n >= 0)
    return tuple(ends), sum(1 for arm in table.arms if arm)


def same_outcome(state: HandState, a: Move, b: Move) -> bool:
    """Whether two plays of the same tile leave the same ends open (the same numbers, doubles alike) and
    score alike: then nothing but the chain's drawing tells them apart."""
    if a.tile is None or a.tile != b.tile or a.closed != b.closed:
        return a._replace(claim=None) == b._replace(claim=None)
    one, two = apply_unchecked(state, a._replace(claim=None)), apply_unchecked(state, b._replace(claim=None))
    return _open_ends(one) == _open_ends(two) and one.fives == two.fives


def candidate_moves(state: HandState) -> list[Move]:
    """The moves the analysis ranks: every legal move but a Muggins call (always worth making at once)."""
    return [m for m in legal_moves(state) if m.action is not Action.MUGGINS]


def ranks_by_points(rules: HouseRules) -> bool:
    """Whether moves are ranked by points first: in All Fives the points a move scores decide a match
    more than who wins the hand; everywhere else the hand's winner takes the points, so win share comes first."""
    return rules.fives_scoring


def rank_values(values: list[MoveValue], by_points: bool) -> tuple[MoveValue, ...]:
    """Best first: by win share, then points (``by_points``: points first, as All Fives ranks)."""
    if by_points:
        return tuple(sorted(values, key=lambda v: (-v.points, -v.win)))
    return tuple(sorted(values, key=lambda v: (-v.win, -v.points)))


def play_out_moves(
    state: HandState, moves: list[Move], worlds: Worlds, policy: Policy, rng: np.random.Generator
) -> list[MoveValue]:
    """Play each move out on every sampled deal (the same deals for every move)."""
    deals = len(worlds.hands)
    side = state.rules.side_of(state.to_move)
    codes = np.repeat(np.array([code_of(m) for m in moves], dtype=np.int64), deals)
    hands = np.tile(worlds.hands, (len(moves), 1))
    boneyards = np.tile(worlds.boneyards, (len(moves), 1))
    wins = np.empty(len(codes))
    nets = np.empty(len(codes))
    already = _net_now(state, side)
    for start in range(0, len(codes), _CHUNK_ROWS):
        part = slice(start, start + _CHUNK_ROWS)
        batch = batch_from_template(state, hands[part], boneyards[part])
        scores = score_batch(play_batch(batch, policy, rng, first=codes[part]))
        wins[part] = scores.share[:, side]
        nets[part] = scores.net(side) - already
    values = []
    for i, move in enumerate(moves):
        w, n = wins[i * deals : (i + 1) * deals], nets[i * deals : (i + 1) * deals]
        values.append(MoveValue(move, float(w.mean()), float(n.mean()), _half_width(w), _half_width(n), w, n))
    return values


def _net_now(state: HandState, side: int) -> float:
    """The net points already scored this hand (All Fives), so that values count from here on."""
    fives = state.fives or (0,) * state.rules.sides
    sides = len(fives)
    others = (sum(fives) - fives[side]) / max(sides - 1, 1)
    return float(fives[side] - others)


def analyse(
    view: SeatView, playouts: int = DEFAULT_PLAYOUTS, seed: int = 0, policy: Policy = ROLLOUT_POLICY
) -> Analysis:
    """Rank the legal moves of the seat to move, from its own view (``view.seat`` must be to move)."""
    state = view.state
    if view.seat != state.to_move:
        raise ValueError(f"seat {view.seat} is not to move (seat {state.to_move} is)")
    moves = candidate_moves(state)
    if not moves:
        raise ValueError("the hand is over: there is no move to analyse")
    knowledge = infer(view)
    sampler = DealSampler(knowledge)
    rng = random.Random(f"analysis/{seed}")
    worlds = sampler.sample(playouts, rng)
    values = play_out_moves(state, moves, worlds, policy, np.random.default_rng(rng.getrandbits(64)))
    note = (
        Text(
            "What was played cannot all be true; the analysis ignores what the passes showed.",
            "Записанные ходы противоречат друг другу; анализ не учитывает, что показали пасы.",
        )
        if sampler.relaxed
        else None
    )
    by_points = ranks_by_points(state.rules)
    return Analysis(
        view.seat,
        state.rules.side_of(state.to_move),
        rank_values(values, by_points),
        playouts,
        "sampling",
        note,
        sampler.knowledge,
        by_points,
    )


def _shuffled_boneyards(state: HandState, deals: int, rng: random.Random) -> Worlds:
    hands = np.tile(np.array(state.hands, dtype=np.int64), (deals, 1))
    pile = [t.index for t in state.boneyard]
    boneyards = np.zeros((deals, len(pile)), dtype=np.int64)
    for row in range(deals):
        rng.shuffle(pile)
        boneyards[row] = pile
    return Worlds(hands, boneyards)


def analyse_open(
    state: HandState,
    playouts: int = DEFAULT_PLAYOUTS,
    seed: int = 0,
    policy: Policy = ROLLOUT_POLICY,
    node_limit: int = DEFAULT_NODE_LIMIT,
) -> Analysis:
    """Rank the moves of the seat to move with every hand known (the boneyard's order is not)."""
    moves = candidate_moves(state)
    if not moves:
        raise ValueError("the hand is over: there is no move to analyse")
    side = state.rules.side_of(state.to_move)
    empty = np.zeros(0)
    try:
        solved = solve(state, node_limit)
    except SearchTooBig:
        note = Text(
            f"Too many lines to solve exactly (more than {node_limit:,} positions): played out instead.",
            f"Слишком много вариантов для точного решения (больше {node_limit:,} позиций): "
            "вместо этого ходы разыграны.",
        )
    except NotExact as exc:
        note = Text(
            f"Not solved exactly: {exc.reason.en}; played out instead.",
            f"Точного решения нет: {exc.reason.ru}; вместо этого ходы разыграны.",
        )
    else:
        exact = [MoveValue(m, v.win, v.points, 0.0, 0.0, empty, empty) for m, v in solved.items()]
        by_points = ranks_by_points(state.rules)
        return Analysis(state.to_move, side, rank_values(exact, by_points), 0, "exact", None, None, by_points)
    rng = random.Random(f"analysis-open/{seed}")
    worlds = _shuffled_boneyards(state, playouts, rng)
    values = play_out_moves(state, moves, worlds, policy, np.random.default_rng(rng.getrandbits(64)))
    by_points = ranks_by_points(state.rules)
    return Analysis(
        state.to_move, side, rank_values(values, by_points), playouts, "sampling_open", note, None, by_points
    )
