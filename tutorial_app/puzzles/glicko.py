"""Glicko-2 ratings for learners and puzzles (Glickman, "Example of the Glicko-2 system", 2013).

A learner solving a puzzle is a game between two rated players: the learner
wins when the answer is right, the puzzle wins when it is wrong, and both
ratings move (each attempt is one rating period for both, as puzzle sites do).

Why our own ~100 lines and not the PyPI ``glicko2`` package (2.1.0, MIT, last
release 2024-01): its volatility step uses the rating where the formula has the
deviation (``_f`` squares ``__rating`` instead of ``__rd``), so a rating far from
1500 gets a wrong volatility; it keeps state in a mutable class with no types.
The functions here follow the paper's steps one by one, and the tests check
them against the paper's worked example (1464.06, 151.52, 0.05999).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

__all__ = [
    "Rating",
    "Result",
    "DEFAULT",
    "TAU",
    "SCALE",
    "MAX_RD",
    "MIN_RD",
    "expected",
    "update",
    "idle",
    "game",
]

SCALE = 173.7178
"""Glicko-2's internal scale: (r - 1500) / SCALE."""
TAU = 0.5
"""The system constant: how much the volatility may change (the paper's example uses 0.5)."""
MAX_RD = 350.0
"""An unrated player's deviation, and the most it may grow to while idle."""
MIN_RD = 45.0
"""The least deviation: a rating keeps following a learner who improves (puzzle sites keep a floor too)."""
_EPSILON = 0.000001


class Rating(NamedTuple):
    """A rating ``r``, its deviation ``rd`` (both on the familiar 1500 scale) and its volatility."""

    r: float = 1500.0
    rd: float = MAX_RD
    vol: float = 0.06

    def low(self) -> float:
        """The rating less two deviations: the value it is 95 % sure to lie above."""
        return self.r - 2 * self.rd


DEFAULT = Rating()
"""A new player: 1500, deviation 350, volatility 0.06."""


class Result(NamedTuple):
    """One game of a rating period: the opponent's rating and the score (1 win, 0 loss, 0.5 draw)."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (the chance to solve a puzzle)."""
    return _e((player.r - 1500.0) / SCALE, (opponent.r - 1500.0) / SCALE, opponent.rd / SCALE)


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, the root of f found by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def _clamped(r: float, rd: float, vol: float, floor: bool) -> Rating:
    return Rating(r, min(MAX_RD, max(MIN_RD, rd) if floor else rd), vol)


def update(player: Rating, results: Sequence[Result], tau: float = TAU, floor: bool = True) -> Rating:
    """``player``'s rating after a rating period with these games (none: ``idle``).

    ``floor``: keep the deviation at least ``MIN_RD`` (off to reproduce the paper's figures exactly).
    """
    if not results:
        return idle(player)
    mu, phi = (player.r - 1500.0) / SCALE, player.rd / SCALE
    terms = []
    for result in results:
        mu_j, phi_j = (result.opponent.r - 1500.0) / SCALE, result.opponent.rd / SCALE
        terms.append((_g(phi_j), _e(mu, mu_j, phi_j), result.score))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)
    gained = sum(g * (s - e) for g, e, s in terms)
    delta = v * gained
    sigma = _volatility(phi, player.vol, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gained
    return _clamped(SCALE * mu_new + 1500.0, SCALE * phi_new, sigma, floor)


def idle(player: Rating) -> Rating:
    """Step 6 alone: a period without games widens the deviation (at most to ``MAX_RD``)."""
    phi = player.rd / SCALE
    return Rating(player.r, min(MAX_RD, SCALE * math.sqrt(phi * phi + player.vol * player.vol)), player.vol)


def game(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """One attempt as a game: the learner's and the puzzle's ratings after it (the learner scores 1 when right)."""
    score = 1.0 if solved else 0.0
    return update(learner, [Result(puzzle, score)]), update(puzzle, [Result(learner, 1.0 - score)])
