"""Which puzzle comes next (near the learner's rating, untried first, by theme and game) and the puzzle of the day."""

from __future__ import annotations

import random
from collections import Counter

from tutorial_app.puzzles.catalog import shipped_puzzles
from tutorial_app.puzzles.glicko import Rating
from tutorial_app.puzzles.trainer import NEAREST, START_RD, daily_puzzle, next_puzzle, placing, puzzle_rating


def test_the_next_puzzle_is_near_the_learners_rating() -> None:
    puzzles = shipped_puzzles()
    ratings = {p.id: Rating(1000 + 25 * i, 80) for i, p in enumerate(sorted(puzzles, key=lambda p: p.id))}
    for target in (1100.0, 1500.0, 1900.0):
        learner = Rating(target, 100)
        gaps = sorted(abs(r.r - target) for r in ratings.values())
        for seed in range(20):
            chosen = next_puzzle(puzzles, ratings, learner, set(), random.Random(seed))
            assert chosen is not None
            assert abs(ratings[chosen.id].r - target) <= gaps[NEAREST - 1]


def test_tried_puzzles_wait_until_every_fitting_one_is_tried() -> None:
    puzzles = shipped_puzzles()
    tried: set[str] = set()
    rng = random.Random(3)
    for _ in range(len(puzzles)):
        chosen = next_puzzle(puzzles, {}, Rating(), tried, rng)
        assert chosen is not None and chosen.id not in tried
        tried.add(chosen.id)
    assert next_puzzle(puzzles, {}, Rating(), tried, rng) is not None  # then tried ones come back


def test_theme_and_game_filters() -> None:
    puzzles = shipped_puzzles()
    theme, count = Counter(p.theme for p in puzzles).most_common(1)[0]
    for seed in range(10):
        chosen = next_puzzle(puzzles, {}, Rating(), set(), random.Random(seed), theme=theme)
        assert chosen is not None and chosen.theme == theme
    preset = puzzles[0].preset
    chosen = next_puzzle(puzzles, {}, Rating(), set(), random.Random(0), preset=preset)
    assert chosen is not None and chosen.preset == preset
    assert next_puzzle(puzzles, {}, Rating(), set(), random.Random(0), preset="no such game") is None
    assert count > 0


def test_a_puzzle_nobody_tried_has_its_mined_rating() -> None:
    puzzle = shipped_puzzles()[0]
    assert puzzle_rating(puzzle, {}) == Rating(puzzle.rating, START_RD)
    moved = Rating(1234.0, 99.0)
    assert puzzle_rating(puzzle, {puzzle.id: moved}) == moved


def test_the_puzzle_of_the_day_is_everybodys_and_changes_with_the_day() -> None:
    puzzles = shipped_puzzles()
    days = [f"2026-12-{d:02d}" for d in range(1, 29)]
    chosen = [daily_puzzle(puzzles, day) for day in days]
    assert all(p is not None for p in chosen)
    assert daily_puzzle(puzzles, days[0]) == chosen[0]
    assert daily_puzzle(list(reversed(puzzles)), days[0]) == chosen[0]  # the order puzzles come in does not matter
    assert len({p.id for p in chosen if p is not None}) > 10


def test_placement_lasts_five_rated_puzzles() -> None:
    assert placing(0) and placing(4) and not placing(5)
