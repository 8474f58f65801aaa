"""The kernel's legal moves as masks, and the rollout policies that choose among them.

A row's legal plays are one mask per arm (the tiles of the mover's hand that
fit that end; for a lead, column 0 holds the tiles that may be led). A move
code is ``tile * 10 + arm * 2 + closed`` (arm 4 is the lead), or
``END_CODE`` to end a run of doubles.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tutorial_app.strategy.tables import (
    DOUBLES_MASK,
    SUIT_OF_END,
    TILE_BIT,
    TILE_DOUBLE,
    TILE_HI,
    TILE_LO,
    TILE_PIPS,
    heaviest,
    kth_bit,
    popcount,
)

__all__ = [
    "any_of",
    "Int64s",
    "Bools",
    "Floats",
    "LEAD_ARM",
    "END_CODE",
    "NO_MOVE",
    "Legal",
    "Policy",
    "random_codes",
    "greedy_codes",
    "ROLLOUT_POLICY",
    "CHECK_POLICY",
    "BOT_WEIGHTS",
    "BOT_POLICY",
    "Scene",
    "Weights",
    "HeuristicPolicy",
    "SidePolicies",
]

Int64s = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]

LEAD_ARM = 4
"""The arm number of a lead in a move code (arms 0-3 are left, right, up, down)."""
END_CODE = 302
"""End a run of doubles (``END_TURN``)."""
NO_MOVE = -1


def any_of(masks: Int64s) -> Int64s:
    """The union of each row's masks (columns OR-ed; faster than a reduce over a short axis)."""
    out = masks[:, 0].copy()
    for column in range(1, masks.shape[1]):
        out |= masks[:, column]
    return out


@dataclass
class Legal:
    """The legal plays of every row as masks per arm (``lead`` rows: column 0 holds the tiles to lead).

    ``closed``: a double may also be laid face down; ``run``: the row may
    end its turn instead (after a double, in games with several doubles a turn).
    """

    per_arm: Int64s
    lead: Bools
    run: Bools
    closed: bool

    def codes(self, row: int) -> list[int]:
        """The move codes of one row, in the rules core's order (tile, then end, open before face down),
        then END_CODE when the row may end its turn. Why: the tests hold them against ``legal_moves``."""
        out = []
        for tile in range(28):
            bit = 1 << tile
            for arm in range(self.per_arm.shape[1]):
                if self.per_arm[row, arm] & bit:
                    code = tile * 10 + (LEAD_ARM if self.lead[row] else arm) * 2
                    out.append(code)
                    if self.closed and bit & DOUBLES_MASK and not self.lead[row]:
                        out.append(code + 1)
        if self.run[row]:
            out.append(END_CODE)
        return out

    def any_play(self) -> Bools:
        """Rows with at least one play."""
        rows: Bools = any_of(self.per_arm) != 0
        return rows


def _arm_code(legal: Legal, arm: Int64s) -> Int64s:
    return np.where(legal.lead, LEAD_ARM, arm)


def _columns(legal: Legal) -> list[tuple[Int64s, int, bool]]:
    """Each row's plays as columns of (tiles, arm, face down), in a fixed order."""
    arms = legal.per_arm.shape[1]
    columns = [(legal.per_arm[:, a], a, False) for a in range(arms)]
    if legal.closed:
        doubles = np.where(legal.lead, 0, DOUBLES_MASK)
        columns += [(legal.per_arm[:, a] & doubles, a, True) for a in range(arms)]
    return columns


def random_codes(legal: Legal, u: Floats) -> Int64s:
    """A uniformly random legal move per row, as the rules core's random bot picks from ``legal_moves``.

    ``u`` is one uniform number from [0, 1) per row. Rows with no move get ``NO_MOVE``.
    """
    columns = _columns(legal)
    counts = [popcount(mask) for mask, _, _ in columns]
    total = sum(counts, legal.run.astype(np.int64))
    remaining = (u * total).astype(np.int64)
    size = len(u)
    found = np.zeros(size, dtype=bool)
    mask = np.zeros(size, dtype=np.int64)
    k = np.zeros(size, dtype=np.int64)
    arm = np.zeros(size, dtype=np.int64)
    closed = np.zeros(size, dtype=bool)
    for (column, column_arm, column_closed), count in zip(columns, counts, strict=True):
        here = ~found & (remaining < count)
        mask = np.where(here, column, mask)
        k = np.where(here, remaining, k)
        if column_arm:
            arm = np.where(here, column_arm, arm)
        if column_closed:
            closed |= here
        found |= here
        remaining = remaining - count
    codes = kth_bit(mask, k) * 10 + _arm_code(legal, arm) * 2 + closed
    return np.where(found, codes, np.where(total > 0, END_CODE, NO_MOVE))


def greedy_codes(legal: Legal) -> Int64s:
    """The heaviest playable tile on the first end it fits (the rules core's greedy bot); END_CODE when none."""
    playable = any_of(legal.per_arm)
    tile = heaviest(playable)
    bit = TILE_BIT[np.maximum(tile, 0)]
    arm = np.argmax((legal.per_arm & bit[:, None]) != 0, axis=1)
    codes = tile * 10 + _arm_code(legal, arm) * 2
    none = np.where(legal.run, END_CODE, NO_MOVE)
    return np.where(tile < 0, none, codes)


@dataclass
class Scene:
    """What the mover of every row sees when it picks (a policy that reads more than the legal moves gets it):
    its ``hand``, the open number of each arm (``ends``, -1 where nothing may be laid), the tiles on the
    ``table``, and its ``side``."""

    hand: Int64s
    ends: Int64s
    table: Int64s
    side: Int64s


class Policy:
    """How the kernel picks a move: greedy with probability ``1 - epsilon``, else uniformly at random.

    ``epsilon=1`` is the rules core's random bot and ``epsilon=0`` its greedy
    bot; the analysis plays its rollouts in between, because opponents who
    always dump their heaviest tile are too easy to predict and opponents who
    play at random are too weak to learn from.
    """

    reads_scene = False
    """Whether ``choose`` needs the ``Scene`` (the kernel builds one only for such policies)."""

    def __init__(self, epsilon: float) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be from 0 to 1, not {epsilon}")
        self.epsilon = epsilon

    def __repr__(self) -> str:
        return f"Policy(epsilon={self.epsilon})"

    def choose(self, legal: Legal, rng: np.random.Generator, scene: Scene | None = None) -> Int64s:
        """A move code per row (``NO_MOVE`` where there is none)."""
        if self.epsilon <= 0.0:
            return self.best_codes(legal, scene)
        u = rng.random(len(legal.lead))
        if self.epsilon >= 1.0:
            return random_codes(legal, u)
        explore = u < self.epsilon
        picked = random_codes(legal, np.minimum(u / self.epsilon, 1.0 - 1e-12))
        return np.where(explore, picked, self.best_codes(legal, scene))

    def best_codes(self, legal: Legal, scene: Scene | None) -> Int64s:
        """The move the policy prefers in every row (the heaviest tile)."""
        return greedy_codes(legal)


@dataclass(frozen=True)
class Weights:
    """What a heuristic player values in a play, per point of each feature (see ``HeuristicPolicy``)."""

    pips: float = 1.0
    double: float = 3.0
    follow: float = 2.0
    known: float = 0.5
    keep: float = 0.0


class HeuristicPolicy(Policy):
    """A player with a few rules of thumb, from what the mover sees (its hand and the table; never another
    hand): each legal play is scored and the best is played (one move in ``1 / epsilon`` at random).

    The score adds, with ``Weights``: the tile's pips (heavy tiles cost most in a fish), whether it is a
    double (a double fits only its own number, so it is hard to place later), ``follow``: how many of the
    mover's other tiles fit the ends after the play (a hand that can keep playing does not pass),
    ``known``: how many tiles of the number it opens the mover can see (in hand or on the table: the fewer
    are hidden, the likelier the others must pass on it), and ``keep``: how many of the mover's tiles show
    that number (control of it).
    """

    reads_scene = True

    def __init__(self, epsilon: float, weights: Weights = Weights()) -> None:
        super().__init__(epsilon)
        self.weights = weights

    def __repr__(self) -> str:
        return f"HeuristicPolicy(epsilon={self.epsilon}, {self.weights})"

    def best_codes(self, legal: Legal, scene: Scene | None) -> Int64s:
        assert scene is not None
        w = self.weights
        hand = scene.hand
        rows = len(hand)
        per_arm = legal.per_arm
        arms = per_arm.shape[1]
        ends = scene.ends
        suit_of = SUIT_OF_END[ends + 1]
        fit_others = np.empty_like(per_arm)
        for a in range(arms):
            others = np.zeros(rows, dtype=np.int64)
            for b in range(arms):
                if b != a:
                    others |= suit_of[:, b]
            fit_others[:, a] = others
        seen = scene.table | hand
        playable = any_of(per_arm)
        count = popcount(playable)
        best_score = np.full(rows, -np.inf)
        best_code = np.full(rows, NO_MOVE, dtype=np.int64)
        lead = legal.lead
        for k in range(int(count.max(initial=0))):  # the playable tiles only: a few, even in a long hand
            has = count > k
            tile = kth_bit(np.where(has, playable, 1), np.where(has, k, 0))
            bit = TILE_BIT[tile]
            after = hand & ~bit
            pips = TILE_PIPS[tile]
            base = w.pips * pips + w.double * TILE_DOUBLE[tile]
            for a in range(arms):
                ok = has & ((per_arm[:, a] & bit) != 0)
                if not ok.any():
                    continue
                opened = np.where(ok, np.where(lead, TILE_HI[tile], pips - ends[:, a]), -1)
                new_suit = SUIT_OF_END[opened + 1]
                fit = np.where(lead, SUIT_OF_END[TILE_LO[tile] + 1] | new_suit, fit_others[:, a] | new_suit)
                score = (
                    base
                    + w.follow * popcount(after & fit)
                    + w.known * popcount(seen & new_suit)
                    + w.keep * popcount(after & new_suit)
                )
                better = ok & (score > best_score)
                best_score = np.where(better, score, best_score)
                code = tile * 10 + np.where(lead, LEAD_ARM, a) * 2
                best_code = np.where(better, code, best_code)
        none = np.where(legal.run, END_CODE, NO_MOVE)
        return np.where(best_code >= 0, best_code, none)


class SidePolicies(Policy):
    """One policy per side (the mover's side picks): for matches between policies in the kernel."""

    reads_scene = True

    def __init__(self, policies: tuple[Policy, ...]) -> None:
        super().__init__(0.0)
        self.policies = policies

    def __repr__(self) -> str:
        return f"SidePolicies{self.policies}"

    def choose(self, legal: Legal, rng: np.random.Generator, scene: Scene | None = None) -> Int64s:
        assert scene is not None
        out = np.full(len(legal.lead), NO_MOVE, dtype=np.int64)
        for side, policy in enumerate(self.policies):
            codes = policy.choose(legal, rng, scene)
            out = np.where(scene.side == side, codes, out)
        return out


BOT_WEIGHTS = Weights(pips=0.05, double=10.5, follow=1.125, known=1.875, keep=1.0)
"""The heuristic's weights, tuned by matches against the greedy player on six presets (``benchmarks/policy_tuning.py``);
the pips only break ties (doubles first, then what keeps the hand playing and the numbers the others lack)."""
BOT_POLICY = HeuristicPolicy(0.0, BOT_WEIGHTS)
"""The medium bot: the heuristic's best play, always."""
ROLLOUT_POLICY: Policy = HeuristicPolicy(0.25, BOT_WEIGHTS)
"""How every seat plays after the analysed move: the heuristic's best play, one move in four at random.
Chosen by agreement with the exact truth above the crossover (``benchmarks/policy_truth.py``: in block for two
and for four in pairs its best move was the exact best in 25/30 and 24/30 positions, against 22/30 for the old
rollouts, 23/30 at one move in ten at random and 22/30 always playing its best)."""
CHECK_POLICY: Policy = Policy(0.25)
"""The second opinion: the heaviest tile, one move in four at random (the rollouts before the heuristic).
Its disagreement with ``ROLLOUT_POLICY`` widens the interval a move shows."""
