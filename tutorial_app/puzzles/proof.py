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

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, NamedTuple

import numpy as np

from tutorial_app.lessons.quiz.strategy import CLEAR_FACTOR, MIN_POINTS_LEAD, MIN_WIN_LEAD, QUIZ_PLAYOUTS, QUIZ_SEED
from tutorial_app.rules.line.state import Action, HandState, Move
from tutorial_app.rules.tiles import ALL_TILES, Tile
from tutorial_app.strategy.analysis import Analysis, MoveValue, analyse, candidate_moves, same_outcome
from tutorial_app.strategy.exact import NotExact, SearchTooBig, solve
from tutorial_app.strategy.inference import STOCK, infer
from tutorial_app.strategy.policy import Floats
from tutorial_app.strategy.sampler import DealSampler
from tutorial_app.strategy.view import SeatView

__all__ = [
    "MAX_DEALS",
    "DEAL_NODE_LIMIT",
    "TOTAL_NODE_LIMIT",
    "Deal",
    "Proof",
    "Rejection",
    "RejectKind",
    "prove",
    "consistent_deals",
    "distinct_moves",
    "real_choices",
    "deal_count",
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
    """One way the hidden tiles may lie: every seat's hand (masks, the player's own included) and the boneyard."""

    hands: tuple[int, ...]
    boneyard: tuple[Tile, ...]


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
    the same order), solved with every hand open.
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
        """Ranked move ``index``'s win share and net points averaged over every consistent deal."""
        return float(self.exact_win[index].mean()), float(self.exact_points[index].mean())

    def answers(self) -> tuple[Move, ...]:
        """Every legal move that counts as the answer: the best and its twins (same tile, same ends left)."""
        state = self.view.state
        return tuple(v.move for v in self.analysis.moves if same_outcome(state, v.move, self.best))


def distinct_moves(analysis: Analysis, state: HandState) -> tuple[MoveValue, ...]:
    """The ranked moves less those that lead where a better-ranked one does (``Analysis.distinct``)."""
    return analysis.distinct(state)


def consistent_deals(view: SeatView) -> Iterator[Deal]:
    """Every deal of the hidden tiles that agrees with ``view`` (its passes, draws, lead and counts), each once.

    Why the sampler's tables: it already knows, per hidden tile, the hands it
    may be in and how many tiles each hand takes; walking those choices with
    its completion counts visits every consistent deal and no other. The
    boneyard's tiles come in rising order (the exact search treats its order
    as unknown anyway).
    """
    sampler = DealSampler(infer(view))
    groups = sampler.knowledge.groups
    own = view.hand
    players = len(view.hand_sizes)

    def walk(level: int, caps: tuple[int, ...], placed: list[int]) -> Iterator[Deal]:
        if level == len(sampler.tiles):
            hands = [0] * players
            hands[view.seat] = own
            pile: list[int] = []
            for tile, group in zip(sampler.tiles, placed, strict=True):
                holder = groups[group].holder
                if holder == STOCK:
                    pile.append(tile)
                elif holder >= 0:
                    hands[holder] |= 1 << tile
            yield Deal(tuple(hands), tuple(ALL_TILES[i] for i in sorted(pile)))
            return
        for group in sampler.options[level]:
            if not caps[group]:
                continue
            rest = (*caps[:group], caps[group] - 1, *caps[group + 1 :])
            if sampler.count(level + 1, rest):
                placed.append(group)
                yield from walk(level + 1, rest, placed)
                placed.pop()

    yield from walk(0, sampler.caps, [])


def real_choices(state: HandState) -> list[Move]:
    """The plays that lead to different places (one per group of twins); empty when the move is a forced draw
    or pass."""
    kept: list[Move] = []
    for move in candidate_moves(state):
        if move.action is Action.PLAY and not any(same_outcome(state, move, k) for k in kept):
            kept.append(move)
    return kept


def deal_count(view: SeatView) -> int:
    """How many deals of the hidden tiles agree with ``view`` (counted, not listed)."""
    return DealSampler(infer(view)).total


def _clear(points_first: bool, gap: float, half_width: float) -> bool:
    least = MIN_POINTS_LEAD if points_first else MIN_WIN_LEAD
    return gap >= least and gap >= CLEAR_FACTOR * half_width


def _exact_values(
    view: SeatView, ranked: tuple[MoveValue, ...], deals: list[Deal], node_limit: int
) -> tuple[list[Floats], list[Floats]]:
    """Each ranked move's exact value (win, points) in each deal; SearchTooBig or NotExact when a deal will not solve."""
    wins = [np.empty(len(deals)) for _ in ranked]
    points = [np.empty(len(deals)) for _ in ranked]
    plain = [v.move._replace(claim=None) for v in ranked]
    for column, deal in enumerate(deals):
        state = view.with_tiles(deal.hands, deal.boneyard)
        solved = {move._replace(claim=None): value for move, value in solve(state, node_limit).items()}
        for row, move in enumerate(plain):
            value = solved[move]
            wins[row][column] = value.win
            points[row][column] = value.points
    return wins, points


def prove(
    view: SeatView,
    playouts: int = QUIZ_PLAYOUTS,
    seed: int = QUIZ_SEED,
    max_deals: int = MAX_DEALS,
    node_limit: int = DEAL_NODE_LIMIT,
) -> Proof | Rejection:
    """The proof that the seat to move in ``view`` has one clearly best move, or why there is none.

    Cheap checks first: a real choice (two distinct moves), few enough
    consistent deals, a clear lead in the playouts; only then every deal is
    solved.
    """
    state = view.state
    choices = real_choices(state)
    if not choices:
        return Rejection("forced", "the move is forced (a draw or a pass)")
    if len(choices) < 2:
        return Rejection("one_move", "a single distinct move: nothing to choose")
    total = deal_count(view)
    if total > max_deals:
        return Rejection("too_many_deals", f"{total:,} consistent deals (at most {max_deals:,} are solved)")
    analysis = analyse(view, playouts, seed)
    ranked = distinct_moves(analysis, state)
    points_first = analysis.points_first
    gap, half_width = analysis.lead(ranked[0], ranked[1])
    if not _clear(points_first, gap, half_width):
        return Rejection("playouts", f"the playouts' lead is {gap:.3f} ± {half_width:.3f}")
    deals = list(consistent_deals(view))
    node_limit = min(node_limit, TOTAL_NODE_LIMIT // len(deals))
    try:
        wins, points = _exact_values(view, ranked, deals, node_limit)
    except SearchTooBig:
        return Rejection("too_big", f"a deal needs more than {node_limit:,} positions to solve")
    except NotExact as exc:
        return Rejection("too_big", exc.reason.en)
    measure = points if points_first else wins
    means = [float(m.mean()) for m in measure]
    exact_gap = means[0] - max(means[1:])
    if not _clear(points_first, exact_gap, 0.0):
        return Rejection("exact", f"under exact play the lead is {exact_gap:.3f}")
    return Proof(view, analysis, ranked, tuple(deals), tuple(wins), tuple(points), (gap, half_width), exact_gap)
