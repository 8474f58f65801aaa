"""The proof a puzzle needs: from the player's own view, one move leads every other by a clear margin, both in
playouts and under exact play of every deal of the hidden tiles that agrees with what the player saw.

Two measures, because each alone can mislead: playouts are noisy and biased
by their rollout policy (the strategy review found a hint confidently wrong
in small endgames), and solving each deal with every hand open is optimistic
(a player cannot see the hands). A position where both name the same move,
each by a clear lead, has an answer no reasonable measure disputes.

The lead needed is the lessons' best-move quiz rule (``CLEAR_FACTOR`` times
the 95 % half-width and at least ``MIN_WIN_LEAD`` of win share, or
``MIN_POINTS_LEAD`` points where All Fives ranks by points); under exact
play, which has no sampling error, the lead must reach the same minimum.

``prove`` is the one place the puzzles ask this question.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, NamedTuple

import numpy as np

from tutorial_app.lessons.quiz.strategy import CLEAR_FACTOR, MIN_POINTS_LEAD, MIN_WIN_LEAD, QUIZ_PLAYOUTS, QUIZ_SEED
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.tiles import Tile
from tutorial_app.strategy.analysis import (
    Analysis,
    MoveValue,
    analyse,
    distinct_candidates,
    same_outcome,
)
from tutorial_app.strategy.deals import Deals
from tutorial_app.strategy.deals import consistent_deals as listed_deals
from tutorial_app.strategy.exact import NotExact, SearchTooBig, solve_deals
from tutorial_app.strategy.explain import Reason, best_reason
from tutorial_app.strategy.policy import Floats
from tutorial_app.strategy.sampler import worlds_of
from tutorial_app.strategy.view import SeatView, view_since

__all__ = [
    "MAX_DEALS",
    "DEAL_NODE_LIMIT",
    "TOTAL_NODE_LIMIT",
    "Deal",
    "Proof",
    "Rejection",
    "RejectKind",
    "prove",
    "engine_reason",
    "consistent_deals",
    "distinct_moves",
    "real_choices",
]

MAX_DEALS = 3000
"""The most consistent deals a position may have to be solved one by one (beyond that: not proved)."""
DEAL_NODE_LIMIT = 30_000
"""The exact search's node limit per deal: a deal that needs more is too big to prove."""
TOTAL_NODE_LIMIT = 600_000
"""The node limit over all the deals of one position (each deal gets its share): a proof stays within some
seconds of CPU however many deals it has, and the limit, unlike a clock, gives the same answer every run."""

RejectKind = Literal["one_move", "forced", "too_many_deals", "playouts", "too_big", "exact"]


class Deal(NamedTuple):
    """One way the hidden tiles may lie: every seat's hand (masks, the player's own included), the boneyard, and
    how many shuffles lead to it (``weight``: 1 without draws; ``strategy.deals``)."""

    hands: tuple[int, ...]
    boneyard: tuple[Tile, ...]
    weight: int = 1


class Rejection(NamedTuple):
    """Why a position is no puzzle: ``kind`` for the mining's statistics, ``detail`` for a person."""

    kind: RejectKind
    detail: str


@dataclass(frozen=True)
class Proof:
    """A position with a clear best move, and the figures that show it.

    ``ranked`` are the distinct moves (the same tile leaving the same ends
    counts once), best first, by the playouts; ``exact_win``/``exact_points``
    hold, per ranked move, its value in every consistent deal (``deals``, in
    the same order), solved with every hand open; the means weigh each deal
    by its ``weight``.
    """

    view: SeatView
    analysis: Analysis
    ranked: tuple[MoveValue, ...]
    deals: tuple[Deal, ...]
    exact_win: tuple[Floats, ...]
    exact_points: tuple[Floats, ...]
    playout_lead: tuple[float, float]
    exact_lead: float

    @property
    def best(self) -> Move:
        return self.ranked[0].move

    @property
    def points_first(self) -> bool:
        return self.analysis.points_first

    def exact_mean(self, index: int) -> tuple[float, float]:
        """Ranked move ``index``'s win share and net points averaged over every consistent deal (weighted)."""
        weights = self.weights()
        return (
            float(np.average(self.exact_win[index], weights=weights)),
            float(np.average(self.exact_points[index], weights=weights)),
        )

    def weights(self) -> Floats:
        return np.array([deal.weight for deal in self.deals], dtype=float)

    def exact_order(self) -> Analysis:
        """The analysis with the best move first and the others by their exact value over every consistent deal.

        Why: where two wrong moves are close, which one the playouts rank
        second follows the rollout policy's numbers; the exact values do
        not. The best move itself is the one both measures agree on.
        """
        state = self.view.state
        means = [self.exact_mean(i) for i in range(len(self.ranked))]

        def key(item: tuple[int, MoveValue]) -> tuple[bool, float, float, int]:
            position, value = item
            index = next(i for i, r in enumerate(self.ranked) if same_outcome(state, value.move, r.move))
            win, points = means[index]
            first, second = (points, win) if self.points_first else (win, points)
            return index != 0, -first, -second, position

        moves = tuple(v for _, v in sorted(enumerate(self.analysis.moves), key=key))
        return replace(self.analysis, moves=moves)

    def answers(self) -> tuple[Move, ...]:
        """Every legal move that counts as the answer: the best and its twins (same tile, same ends left)."""
        state = self.view.state
        return tuple(v.move for v in self.analysis.moves if same_outcome(state, v.move, self.best))


def engine_reason(proof: Proof) -> Reason:
    """The strategy engine's reason for the proved best move (``explain.best_reason``), set apart from the
    runner-up under exact play (``Proof.exact_order``), so the same under any rollout policy that still ranks
    the best move first."""
    reason = best_reason(proof.exact_order(), proof.view.state)
    assert reason is not None  # a play was ranked best, so the engine has a sentence for it
    return reason


def distinct_moves(analysis: Analysis, state: HandState) -> tuple[MoveValue, ...]:
    """The ranked moves less those that lead where a better-ranked one does (``Analysis.distinct``)."""
    return analysis.distinct(state)


def consistent_deals(start: HandState, state: HandState, seat: int, first_hand: bool, limit: int = MAX_DEALS) -> Deals:
    """Every deal of the hidden tiles that agrees with what ``seat`` saw from ``start`` to ``state`` (its passes,
    draws, the hand sizes and, in a match's first hand, the first-lead rule), each with its weight, when there
    are at most ``limit``: ``strategy.deals``, the lessons' exact check's list (each deal proved by replaying
    the record through the rules core)."""
    return listed_deals(start, state, seat, first_hand=first_hand, limit=limit)


def real_choices(state: HandState) -> list[Move]:
    """The plays that lead to different places (one per group of twins); empty when the move is a forced draw
    or pass."""
    return [move for move in distinct_candidates(state) if move.action is Action.PLAY]


def _clear(points_first: bool, gap: float, half_width: float) -> bool:
    least = MIN_POINTS_LEAD if points_first else MIN_WIN_LEAD
    return gap >= least and gap >= CLEAR_FACTOR * half_width


def _exact_values(
    view: SeatView, ranked: tuple[MoveValue, ...], deals: list[Deal], node_limit: int
) -> tuple[list[Floats], list[Floats]]:
    """Each ranked move's exact value (win, points) in each deal (``exact.solve_deals``, the engine's one path
    for a deal's exact value); SearchTooBig or NotExact when a deal will not solve."""
    worlds = worlds_of([d.hands for d in deals], [d.boneyard for d in deals])
    wins, points = solve_deals(view, worlds, [v.move for v in ranked], node_limit)
    return list(wins), list(points)


def prove(
    start: HandState,
    state: HandState,
    seat: int,
    first_hand: bool,
    playouts: int = QUIZ_PLAYOUTS,
    seed: int = QUIZ_SEED,
    max_deals: int = MAX_DEALS,
    node_limit: int = DEAL_NODE_LIMIT,
) -> Proof | Rejection:
    """The proof that ``seat``, to move in ``state`` (reached from ``start``; ``first_hand``: a match's fresh
    first deal, so the first lead is a clue), has one clearly best move from its own view, or why there is none.

    Cheap checks first: a real choice (two distinct moves), few enough
    consistent deals, a clear lead in the playouts; only then every deal is
    solved.
    """
    choices = real_choices(state)
    if not choices:
        return Rejection("forced", "the move is forced (a draw or a pass)")
    if len(choices) < 2:
        return Rejection("one_move", "a single distinct move: nothing to choose")
    listed = consistent_deals(start, state, seat, first_hand, max_deals)
    if not listed.listed:
        bound = "" if listed.counted else "up to "
        return Rejection(
            "too_many_deals", f"{bound}{listed.count:,} consistent deals (at most {max_deals:,} are solved)"
        )
    view = view_since(start, state, seat)
    analysis = analyse(view, playouts, seed)
    ranked = distinct_moves(analysis, view.state)
    points_first = analysis.points_first
    gap, half_width = analysis.lead(ranked[0], ranked[1])
    if not _clear(points_first, gap, half_width):
        return Rejection("playouts", f"the playouts' lead is {gap:.3f} ± {half_width:.3f}")
    deals = [Deal(d.hands, d.boneyard, d.weight) for d in listed.deals]
    node_limit = min(node_limit, TOTAL_NODE_LIMIT // len(deals))
    try:
        wins, points = _exact_values(view, ranked, deals, node_limit)
    except SearchTooBig:
        return Rejection("too_big", f"a deal needs more than {node_limit:,} positions to solve")
    except NotExact as exc:
        return Rejection("too_big", exc.reason.en)
    weights = np.array([d.weight for d in deals], dtype=float)
    measure = points if points_first else wins
    means = [float(np.average(m, weights=weights)) for m in measure]
    exact_gap = means[0] - max(means[1:])
    if not _clear(points_first, exact_gap, 0.0):
        return Rejection("exact", f"under exact play the lead is {exact_gap:.3f}")
    return Proof(view, analysis, ranked, tuple(deals), tuple(wins), tuple(points), (gap, half_width), exact_gap)
