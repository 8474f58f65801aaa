"""Glicko-2 against the worked example of Glickman's paper, and the properties a puzzle trainer leans on."""

from __future__ import annotations

import math

import pytest

from tutorial_app.puzzles.glicko import (
    DEFAULT,
    MAX_RD,
    MIN_RD,
    SCALE,
    Rating,
    Result,
    _volatility,
    expected,
    game,
    idle,
    update,
)

# "Example of the Glicko-2 system" (Glickman, 2013): a 1500 player (RD 200, volatility 0.06, tau 0.5) beats a
# 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300).
PLAYER = Rating(1500, 200, 0.06)
GAMES = [Result(Rating(1400, 30), 1.0), Result(Rating(1550, 100), 0.0), Result(Rating(1700, 300), 0.0)]


def test_the_papers_example() -> None:
    after = update(PLAYER, GAMES, tau=0.5, floor=False)
    # the paper's own units, to the digits it prints: mu' = -0.2069, phi' = 0.8722
    assert round((after.r - 1500) / SCALE, 4) == -0.2069
    assert round(after.rd / SCALE, 4) == 0.8722
    # r' = 1464.06 and RD' = 151.52 in the paper come from those rounded values; unrounded they differ by < 0.01
    assert after.r == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.vol == pytest.approx(0.05999, abs=0.00001)


def test_the_papers_intermediate_values() -> None:
    # step 3 and 4 of the paper: v = 1.7785, delta = -0.4834; step 5 from them: sigma' = 0.05999
    phi = 200 / SCALE
    assert phi == pytest.approx(1.1513, abs=0.00005)
    sigma = _volatility(phi, 0.06, -0.4834, 1.7785, 0.5)
    assert sigma == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = idle(PLAYER)
    assert after.r == PLAYER.r
    # step 6: phi* = sqrt(phi^2 + sigma^2) (1.152862 in the paper, from its rounded phi 1.1513 and sigma' 0.05999)
    assert after.rd / SCALE == pytest.approx(math.sqrt((200 / SCALE) ** 2 + 0.06**2), abs=1e-12)
    assert after.rd / SCALE == pytest.approx(1.152862, abs=0.00001)
    assert update(PLAYER, []) == after
    assert idle(Rating(1500, MAX_RD)).rd == MAX_RD


def test_a_win_raises_and_a_loss_lowers_by_the_surprise() -> None:
    puzzle = Rating(1500, 80)
    won, lost = update(DEFAULT, [Result(puzzle, 1.0)]), update(DEFAULT, [Result(puzzle, 0.0)])
    assert won.r > 1500 > lost.r
    assert won.r - 1500 == pytest.approx(1500 - lost.r, rel=1e-6)
    # beating a much stronger puzzle moves a rating further than beating a much weaker one
    assert update(DEFAULT, [Result(Rating(1900, 80), 1.0)]).r > update(DEFAULT, [Result(Rating(1100, 80), 1.0)]).r
    assert won.rd < DEFAULT.rd


def test_the_expected_score_is_a_chance_that_falls_with_the_puzzles_rating() -> None:
    learner = Rating(1600, 60)
    chances = [expected(learner, Rating(r, 60)) for r in (1200, 1400, 1600, 1800, 2000)]
    assert chances == sorted(chances, reverse=True)
    assert chances[2] == pytest.approx(0.5)
    assert all(0 < c < 1 for c in chances)
    # the formula E = 1 / (1 + exp(-g(phi_j) (mu - mu_j)))
    g = 1 / math.sqrt(1 + 3 * (60 / SCALE) ** 2 / math.pi**2)
    assert chances[0] == pytest.approx(1 / (1 + math.exp(-g * 400 / SCALE)))


def test_an_attempt_moves_the_learner_and_the_puzzle_in_opposite_directions() -> None:
    learner, puzzle = Rating(1500, 200), Rating(1500, 200)
    solved = game(learner, puzzle, solved=True)
    missed = game(learner, puzzle, solved=False)
    assert solved[0].r > 1500 > solved[1].r
    assert missed[0].r < 1500 < missed[1].r


def test_the_deviation_keeps_a_floor_so_a_rating_follows_a_learner_who_improves() -> None:
    rating = Rating(1500, MIN_RD)
    for _ in range(50):
        rating = update(rating, [Result(Rating(1500, 60), 1.0)])
    assert rating.rd >= MIN_RD
    assert rating.r > 1700
