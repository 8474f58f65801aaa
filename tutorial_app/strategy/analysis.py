"""Rank a seat's legal moves: sample the deals it cannot see, value every move on each, compare.

Every move is valued on the same sampled deals (so the comparison is between
moves, not between lucky and unlucky deals). Once few tiles are left
(``exact.exact_pays``) each deal is solved exactly with every hand open
(``method: "exact_deals"``; every deal that fits the record when there are
few enough, so the value has no sampling error at all); before that each deal
is played out by the kernel with a rollout policy for every seat after the
move (``method: "sampling"``), and again with a second policy, so that the
interval shows how much two reasonable ways of playing the hand out disagree,
not only how many deals were drawn.

A move's ``win`` is the mean share of the hand its side gets (a tied fish
counts as a share), ``points`` the mean of its side's points less the other
sides' average from this position on (All Fives move points included; under
goat scoring, penalties count against). ``ci`` and ``points_ci`` are the
half-widths of the interval shown: the 95 % sampling half-width plus
``spread``, the disagreement between the two rollout policies (0 for exact
values). What the interval does not cover is said by ``Analysis.basis``.

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

from tutorial_app.rules.line.moves import apply_unchecked
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.text import Text, msg
from tutorial_app.strategy.budgets import DEFAULT_PLAYOUTS
from tutorial_app.strategy.exact import (
    DEFAULT_NODE_LIMIT,
    NotExact,
    SearchTooBig,
    candidate_moves,
    exact_pays,
    solve,
    solve_deals,
)
from tutorial_app.strategy.inference import Knowledge, infer
from tutorial_app.strategy.kernel import batch_from_template, code_of
from tutorial_app.strategy.opponents import OpponentModel, has_choices, model_deals
from tutorial_app.strategy.outcome import score_batch
from tutorial_app.strategy.playout import play_batch
from tutorial_app.strategy.policy import CHECK_POLICY, ROLLOUT_POLICY, Floats, Policy
from tutorial_app.strategy.sampler import DealSampler, Worlds
from tutorial_app.strategy.view import SeatView

__all__ = [
    "DEFAULT_PLAYOUTS",
    "ROLLOUT_POLICY",
    "CHECK_POLICY",
    "MoveValue",
    "Analysis",
    "Method",
    "analyse",
    "analyse_open",
    "analyse_deals",
    "candidate_moves",
    "exact_deals_for",
    "same_outcome",
    "distinct_candidates",
    "ranks_by_points",
    "rank_values",
]

_CHUNK_ROWS = 8192
_Z95 = 1.96
_EVERY_FACTOR = 2
"""Solve every deal that fits the record when there are at most this many times the deals the budget allows:
no sampling error for a little more time."""
_SMALL_TILES = 8
_EVERY_SMALL_FACTOR = 16
"""...and this many times, when at most ``_SMALL_TILES`` tiles are in all hands: a deal that small is solved
in a few tenths of a millisecond (``benchmarks/exact_crossover.py``), so 3,200 deals take about as long as
the hint's playouts."""

Method = Literal["sampling", "exact_deals", "exact", "sampling_open"]


def exact_deals_for(playouts: int) -> int:
    """How many deals are solved exactly for a budget of ``playouts`` deals played out per move.

    Why a fifth: a deal solved exactly near the crossover costs about as much as five playouts of every
    move, and its value has no policy bias (``benchmarks/exact_crossover.py`` measures both).
    """
    return max(16, playouts // 5)


@dataclass(frozen=True)
class MoveValue:
    """One legal move and what it is worth for the mover's side.

    ``wins`` and ``nets`` hold the outcome of every deal (one per sampled
    deal, in the same deal order for every move, so two moves can be
    compared deal by deal); they are empty for an open position solved
    exactly. ``ci`` and ``points_ci`` are the half-widths of the interval
    shown (sampling error plus ``spread``); ``check_win`` and
    ``check_points`` are the second rollout policy's figures (equal to
    ``win`` and ``points`` where there is none), ``spread`` and
    ``points_spread`` how far they are from the main ones.
    """

    move: Move
    win: float
    points: float
    ci: float
    points_ci: float
    wins: Floats
    nets: Floats
    check_win: float = math.nan
    check_points: float = math.nan

    @property
    def spread(self) -> float:
        """How far the second rollout policy's win share is from the main one (0 without one)."""
        return 0.0 if math.isnan(self.check_win) else abs(self.win - self.check_win)

    @property
    def points_spread(self) -> float:
        return 0.0 if math.isnan(self.check_points) else abs(self.points - self.check_points)

    def as_dict(self) -> dict[str, object]:
        """The JSON of ``domino-tutor analyze`` (``ci`` is the whole interval, ``spread`` its policies' part)."""
        return {
            "move": self.move.as_dict(),
            "win": round(self.win, 4),
            "points": round(self.points, 2),
            "ci": round(self.ci, 4),
            "points_ci": round(self.points_ci, 2),
            "spread": round(self.spread, 4),
            "points_spread": round(self.points_spread, 2),
        }


@dataclass(frozen=True)
class Analysis:
    """Every legal move of ``seat`` ranked, best first: by win share, then points (All Fives: by points,
    then win share; see ``ranks_by_points``), also when solved exactly.

    ``method``: "sampling" (the seat's view, played out), "exact_deals" (the
    seat's view, each deal solved exactly), "exact" (open hands, solved) or
    "sampling_open" (open hands, too big to solve: played out);
    ``playouts`` is the number of deals per move (0 for an open position
    solved exactly); ``every``: they are every deal that fits the record
    (``deals_total`` of them); ``note`` says in both languages why an open
    position was not solved, or that the record contradicted itself;
    ``knowledge`` is the inference the deals were drawn from (None with
    open hands).
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
    every: bool = False
    deals_total: int = 0

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
        """How far ``move`` is behind the best move in the ranking's first measure (win share, or points in All
        Fives: the review's loss, as the hint's rows rank them), and the half-width of what is not known about
        that difference (``lead``: deal by deal, plus how far the second rollout policy would shrink it)."""
        top, chosen = self.best, self.value_of(move)
        if chosen is top:
            return 0.0, 0.0
        return self.lead(top, chosen)

    def margin(self, state: HandState | None = None) -> tuple[float, float]:
        """How far the best move is ahead of the runner-up, in the ranking's first measure (win share, or
        points in All Fives), and the half-width of that lead (as ``loss``: deal by deal, policies' spread).

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
        """How far ``first`` is ahead of ``second`` in the ranking's first measure, and the half-width of what
        is not known about that lead (deal by deal sampling, plus how far the second rollout policy would shrink
        it: ``_disagreement``)."""
        if self.points_first:
            gap, samples = first.points - second.points, first.nets - second.nets
            check = first.check_points - second.check_points
        else:
            gap, samples = first.win - second.win, first.wins - second.wins
            check = first.check_win - second.check_win
        return gap, self._width(samples) + _disagreement(check, gap)

    def _width(self, samples: Floats) -> float:
        return 0.0 if self.every or not len(samples) else _half_width(samples)

    def distinct(self, state: HandState) -> tuple[MoveValue, ...]:
        """The ranked moves less those that lead to the same place as a better-ranked one (``same_outcome``):
        with 3 on both ends, 3-5 on the left and 3-5 on the right are one choice."""
        kept: list[MoveValue] = []
        for value in self.moves:
            if not any(same_outcome(state, value.move, k.move) for k in kept):
                kept.append(value)
        return tuple(kept)

    def basis(self) -> Text:
        """What the figures rest on and what their "±" covers, in one sentence (en and ru)."""
        if self.method == "exact":
            return msg("Solved exactly with every hand open.")
        if self.method == "exact_deals" and self.every:
            return msg(
                "Every one of the {deals_total:,} deals that fit what you have seen was solved exactly, as if all hands were open after the move: there is no sampling error.",
                deals_total=self.deals_total,
            )
        if self.method == "exact_deals":
            return msg(
                "{playouts:,} of the {deals_total:,} deals that fit what you have seen were solved exactly, as if all hands were open after the move; ± is only the sampling error of the deals.",
                playouts=self.playouts,
                deals_total=self.deals_total,
            )
        if any(not math.isnan(v.check_win) for v in self.moves):
            return msg(
                "Played out on {playouts:,} deals per move, twice, by two styles of play; ± covers the sampling error and how much the two styles disagree, not how a perfect player would do.",
                playouts=self.playouts,
            )
        return msg(
            "Played out on {playouts:,} deals per move; ± is only the sampling error of the playouts.",
            playouts=self.playouts,
        )

    def as_dict(self) -> dict[str, object]:
        """The JSON of ``domino-tutor analyze``."""
        out: dict[str, object] = {
            "view": "open" if self.method in ("exact", "sampling_open") else f"seat {self.seat}",
            "playouts": self.playouts,
            "method": self.method,
            "every_deal": self.every,
            "deals_total": self.deals_total,
            "basis": self.basis().en,
            "moves": [m.as_dict() for m in self.moves],
        }
        if self.note is not None:
            out["note"] = self.note.en
        return out


def _disagreement(check_gap: float, gap: float) -> float:
    """How far the second policy's figure for a gap would shrink the main one's towards nothing or past it (0
    without a second policy). Why one-sided: a gap is doubted when another style of play finds it smaller or of
    the other sign; one that finds the same difference larger is no reason to call it noise."""
    if math.isnan(check_gap) or (gap * check_gap > 0 and abs(check_gap) >= abs(gap)):
        return 0.0
    return abs(gap - check_gap)


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


def distinct_candidates(state: HandState) -> list[Move]:
    """The moves to choose from, one per place they lead to (``same_outcome``): on a lone double, or with the
    same number on two ends, the same tile on either end is one choice. More than one: a real choice."""
    kept: list[Move] = []
    for move in candidate_moves(state):
        if not any(same_outcome(state, move, k) for k in kept):
            kept.append(move)
    return kept


def ranks_by_points(rules: HouseRules) -> bool:
    """Whether moves are ranked by points first: in All Fives the points a move scores decide a match
    more than who wins the hand; everywhere else the hand's winner takes the points, so win share comes first."""
    return rules.fives_scoring


def rank_values(values: list[MoveValue], by_points: bool) -> tuple[MoveValue, ...]:
    """Best first: by win share, then points (``by_points``: points first, as All Fives ranks)."""
    if by_points:
        return tuple(sorted(values, key=lambda v: (-v.points, -v.win)))
    return tuple(sorted(values, key=lambda v: (-v.win, -v.points)))


def play_out(
    state: HandState, moves: list[Move], worlds: Worlds, policy: Policy, rng: np.random.Generator
) -> tuple[Floats, Floats]:
    """Play each move out on every sampled deal (the same deals for every move): (wins, nets), each
    (moves, deals)."""
    deals = len(worlds.hands)
    side = state.rules.side_of(state.to_move)
    codes = np.repeat(np.array([code_of(m) for m in moves], dtype=np.int64), deals)
    hands = np.tile(worlds.hands, (len(moves), 1))
    boneyards = np.tile(worlds.boneyards, (len(moves), 1))
    greedy = np.tile(worlds.greedy, len(moves)) if worlds.greedy is not None else None
    wins = np.empty(len(codes))
    nets = np.empty(len(codes))
    already = _net_now(state, side)
    for start in range(0, len(codes), _CHUNK_ROWS):
        part = slice(start, start + _CHUNK_ROWS)
        batch = batch_from_template(state, hands[part], boneyards[part])
        if greedy is not None:
            batch.greedy = greedy[part]
        scores = score_batch(play_batch(batch, policy, rng, first=codes[part]))
        wins[part] = scores.share[:, side]
        nets[part] = scores.net(side) - already
    return wins.reshape(len(moves), deals), nets.reshape(len(moves), deals)


def _values(
    moves: list[Move],
    wins: Floats,
    nets: Floats,
    every: bool = False,
    check: tuple[Floats, Floats] | None = None,
    weights: Floats | None = None,
) -> list[MoveValue]:
    """MoveValues from per-deal outcomes (rows in ``moves`` order); ``check``: the second policy's outcomes;
    ``weights``: how likely each deal is (None: all alike)."""
    out = []
    for row, move in enumerate(moves):
        w, n = wins[row], nets[row]
        win, points = float(np.average(w, weights=weights)), float(np.average(n, weights=weights))
        ci = 0.0 if every else _half_width(w)
        points_ci = 0.0 if every else _half_width(n)
        check_win = check_points = math.nan
        if check is not None:
            check_win, check_points = float(check[0][row].mean()), float(check[1][row].mean())
            ci += abs(win - check_win)
            points_ci += abs(points - check_points)
        out.append(MoveValue(move, win, points, ci, points_ci, w, n, check_win, check_points))
    return out


def play_out_moves(
    state: HandState, moves: list[Move], worlds: Worlds, policy: Policy, rng: np.random.Generator
) -> list[MoveValue]:
    """Play each move out on every sampled deal (the same deals for every move), as MoveValues."""
    wins, nets = play_out(state, moves, worlds, policy, rng)
    return _values(moves, wins, nets)


def _net_now(state: HandState, side: int) -> float:
    """The net points already scored this hand (All Fives), so that values count from here on."""
    fives = state.fives or (0,) * state.rules.sides
    sides = len(fives)
    others = (sum(fives) - fives[side]) / max(sides - 1, 1)
    return float(fives[side] - others)


_CONTRADICTION = msg("What was played cannot all be true; the analysis ignores what the passes showed.")


def analyse(
    view: SeatView,
    playouts: int = DEFAULT_PLAYOUTS,
    seed: int = 0,
    policy: Policy = ROLLOUT_POLICY,
    check: Policy | None = CHECK_POLICY,
    exact: bool | None = None,
    model: OpponentModel | None = None,
    deals: int | None = None,
    max_deals: int | None = None,
) -> Analysis:
    """Rank the legal moves of the seat to move, from its own view (``view.seat`` must be to move).

    ``playouts`` deals per move are played out by ``policy`` (and by ``check``, the second policy whose
    disagreement widens the interval; None: one policy, the interval is sampling error only), or, where
    ``exact`` (default: ``exact.exact_pays``), ``deals`` (default ``exact_deals_for(playouts)``) are solved exactly,
    every deal that fits the record when there are not many more. With ``model`` (the bots) the deals are
    drawn again in proportion to how likely they made the others play as they did (``opponents``); the hint
    and the review keep every fitting deal equally likely. ``max_deals`` (the strong bots): while the best solved move's lead over the runner-up is within twice its standard error,
    solve as many deals again, up to ``max_deals`` (``_close``).
    """
    state = view.state
    if view.seat != state.to_move:
        raise ValueError(f"seat {view.seat} is not to move (seat {state.to_move} is)")
    moves = candidate_moves(state)
    if not moves:
        raise ValueError("the hand is over: there is no move to analyse")
    knowledge = infer(view)
    sampler = DealSampler(knowledge)
    rng = random.Random(f"analysis/{seed}")
    note = _CONTRADICTION if sampler.relaxed else None
    by_points = ranks_by_points(state.rules)
    side = state.rules.side_of(state.to_move)
    if exact is None:
        exact = exact_pays(view)
    if exact and len(moves) > 1:
        first = deals or exact_deals_for(playouts)
        worlds, every = _deals(view, sampler, first, rng, model)
        try:
            if max_deals and not every:
                return _adaptive(view, moves, worlds, first, max_deals, sampler, rng, model, note)
            return analyse_deals(
                view, moves, worlds, every=every, total=sampler.total, knowledge=sampler.knowledge, note=note
            )
        except (SearchTooBig, NotExact):
            pass  # a deal too big to solve exactly: played out below
    worlds, _ = _deals(view, sampler, playouts, rng, model)
    wins, nets = play_out(state, moves, worlds, policy, np.random.default_rng(rng.getrandbits(64)))
    checked = None
    if check is not None and len(moves) > 1:
        checked = play_out(state, moves, worlds, check, np.random.default_rng(rng.getrandbits(64)))
    values = _values(moves, wins, nets, check=checked)
    return Analysis(
        view.seat,
        side,
        rank_values(values, by_points),
        playouts,
        "sampling",
        note,
        sampler.knowledge,
        by_points,
        deals_total=sampler.total,
    )


def _adaptive(
    view: SeatView,
    moves: list[Move],
    worlds: Worlds,
    step: int,
    max_deals: int,
    sampler: DealSampler,
    rng: random.Random,
    model: OpponentModel | None,
    note: Text | None,
) -> Analysis:
    """The deals solved in rounds of ``step``: another round while the decision is close (``_close``), up to
    ``max_deals``. Raises as ``exact.solve_deals``."""
    wins, nets = solve_deals(view, worlds, moves)
    while wins.shape[1] + step <= max_deals and _close(wins, nets, ranks_by_points(view.state.rules)):
        more, _ = _deals(view, sampler, step, rng, model)
        more_wins, more_nets = solve_deals(view, more, moves)
        wins, nets = np.hstack([wins, more_wins]), np.hstack([nets, more_nets])
    return _solved(view, moves, wins, nets, every=False, total=sampler.total, knowledge=sampler.knowledge, note=note)


def _close(wins: Floats, nets: Floats, by_points: bool) -> bool:
    """Whether the best move's lead over the runner-up (deal by deal, win share first: points when the win
    shares lead nowhere) is within twice its standard error."""
    keys = nets * _KEY_WEIGHT + wins if by_points else wins * _KEY_WEIGHT + nets
    order = np.argsort(-keys.mean(axis=1), kind="stable")
    first, second = order[0], order[1]
    for row in (nets, wins) if by_points else (wins, nets):
        lead = row[first] - row[second]
        spread = float(lead.std(ddof=1))
        if spread > 0:
            return float(lead.mean()) < 2 * spread / math.sqrt(len(lead))
    return False  # the two moves are worth the same in every deal


_KEY_WEIGHT = 10_000.0


_MODEL_FACTOR = 4
"""With an opponent model, draw this many times the deals needed, weigh them, and keep the budget's worth."""


def _deals(
    view: SeatView, sampler: DealSampler, budget: int, rng: random.Random, model: OpponentModel | None
) -> tuple[Worlds, bool]:
    """The deals to value: ``budget`` drawn uniformly (every deal when there are at most twice as many:
    ``True``), or, with ``model``, drawn again in proportion to the others' choices."""
    if model is None or not has_choices(view):
        factor = _EVERY_SMALL_FACTOR if sum(view.hand_sizes) <= _SMALL_TILES else _EVERY_FACTOR
        every = sampler.total <= factor * budget
        return (sampler.every(rng) if every else sampler.sample(budget, rng)), every
    return model_deals(view, sampler, budget, _MODEL_FACTOR * budget, rng, model), False


def analyse_deals(
    view: SeatView,
    moves: list[Move],
    worlds: Worlds,
    weights: Floats | None = None,
    *,
    every: bool,
    total: int,
    knowledge: Knowledge | None = None,
    note: Text | None = None,
    node_limit: int = DEFAULT_NODE_LIMIT,
) -> Analysis:
    """``moves`` of the seat to move ranked by their exact value on each deal of ``worlds``, averaged (by
    ``weights`` when the deals are not equally likely): ``method: "exact_deals"``.

    The one way a seat's view is valued deal by deal: the hint and the review (``analyse``, once few tiles are
    left), the strong bots, and the exact check of lessons and puzzles (``exact_deals.analyse_every_deal``,
    every deal proved by the rules core). ``every``: the deals are all that fit (``total`` of them), so there
    is no sampling error. Raises ``exact.SearchTooBig`` or ``exact.NotExact`` (see ``exact.solve_deals``).
    """
    wins, nets = solve_deals(view, worlds, moves, node_limit)
    return _solved(view, moves, wins, nets, weights, every=every, total=total, knowledge=knowledge, note=note)


def _solved(
    view: SeatView,
    moves: list[Move],
    wins: Floats,
    nets: Floats,
    weights: Floats | None = None,
    *,
    every: bool,
    total: int,
    knowledge: Knowledge | None,
    note: Text | None,
) -> Analysis:
    """The analysis of ``moves`` from their exact values on each solved deal (``wins``, ``nets``: moves x deals)."""
    state = view.state
    values = _values(moves, wins, nets, every, weights=weights)
    by_points = ranks_by_points(state.rules)
    return Analysis(
        view.seat,
        state.rules.side_of(state.to_move),
        rank_values(values, by_points),
        wins.shape[1],
        "exact_deals",
        note,
        knowledge,
        by_points,
        every,
        total,
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
        note = msg(
            "Too many lines to solve exactly (more than {node_limit:,} positions): played out instead.",
            node_limit=node_limit,
        )
    except NotExact as exc:
        note = msg("Not solved exactly: {reason}; played out instead.", reason=exc.reason)
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
