"""The simulator: same seed same figures, sane statistics, bots, progress, matches."""

from __future__ import annotations

import random

import pytest

from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.simulate import block_rng, choose_greedy, play_out, simulate_hands, simulate_matches
from tutorial_app.rules.line.state import DRAW, PASS, Action, Status
from tutorial_app.rules.line.variants import VARIANTS, rules_for


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_same_seed_same_figures(bot: str) -> None:
    rules = rules_for("domino101", 3)
    first = simulate_hands(rules, 200, seed=11, bot=bot)  # type: ignore[arg-type]
    second = simulate_hands(rules, 200, seed=11, bot=bot)  # type: ignore[arg-type]
    assert first.same_figures() == second.same_figures()
    other = simulate_hands(rules, 200, seed=12, bot=bot)  # type: ignore[arg-type]
    assert other.same_figures() != first.same_figures()


def test_matches_same_seed_same_figures() -> None:
    rules = rules_for("kozel", 3)
    assert simulate_matches(rules, 5, seed=3).same_figures() == simulate_matches(rules, 5, seed=3).same_figures()


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_statistics_are_consistent_for_every_preset(variant: object) -> None:
    from tutorial_app.rules.line.variants import Variant

    assert isinstance(variant, Variant)
    for players in variant.players:
        rules = variant.rules(players)
        stats = simulate_hands(rules, 120, seed=5)
        assert stats.hands == 120
        assert 0 <= stats.blocked_rate <= 1 and 0 <= stats.tie_rate <= stats.blocked_rate
        assert 0 <= stats.leader_side_wins <= 1
        assert len(stats.hand_wins) == rules.sides
        assert sum(stats.hand_wins) == pytest.approx(1 - stats.tie_rate)
        # every hand lays at least the lead and no more than all the tiles
        assert 1 <= stats.plays_per_hand <= 28
        assert stats.moves_per_hand >= stats.plays_per_hand
        assert stats.points_per_hand > 0
        assert stats.hands_per_second > 0


def test_matches_report_hands_per_match_and_wins() -> None:
    rules = rules_for("block", 4, {"teams": "pairs"})
    stats = simulate_matches(rules, 8, seed=2, bot="greedy")
    assert stats.matches == 8 and stats.unfinished_matches == 0
    assert stats.match_wins is not None and len(stats.match_wins) == 2
    assert sum(stats.match_wins) == pytest.approx(1)
    assert stats.hands_per_match == pytest.approx(stats.hands / 8)
    # a side needs 100 points and a hand gives at most the other side's tiles
    assert stats.hands_per_match is not None and stats.hands_per_match >= 2


def test_progress_is_reported_up_to_the_total() -> None:
    calls: list[tuple[int, int]] = []
    simulate_hands(rules_for("draw"), 450, seed=1, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (450, 450)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert all(total == 450 for _, total in calls)
    match_calls: list[tuple[int, int]] = []
    simulate_matches(rules_for("draw"), 3, seed=1, progress=lambda d, t: match_calls.append((d, t)))
    assert match_calls[-1] == (3, 3)


def test_greedy_plays_the_heaviest_tile() -> None:
    rules = rules_for("block", 2)
    for seed in range(30):
        state = deal(rules, random.Random(seed)).state
        while state.status is Status.IN_PLAY:
            moves = legal_moves(state)
            chosen = choose_greedy(moves)
            plays = [m for m in moves if m.action is Action.PLAY]
            if plays:
                assert chosen.tile is not None
                assert chosen.tile.pips == max(m.tile.pips for m in plays if m.tile is not None)
            else:
                assert chosen in (DRAW, PASS)
            state = apply(state, chosen)


def test_play_out_finishes_every_preset() -> None:
    for variant in VARIANTS:
        for players in variant.players:
            final = play_out(deal(variant.rules(players), random.Random(1)).state, random.Random(2), "greedy")
            assert final.is_over


@pytest.mark.parametrize(("count", "bot"), [(0, "random"), (-3, "random"), (5, "clever")])
def test_bad_counts_and_bots_are_refused(count: int, bot: str) -> None:
    with pytest.raises(ValueError):
        simulate_hands(rules_for("block"), count, seed=1, bot=bot)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        simulate_matches(rules_for("block"), count, seed=1, bot=bot)  # type: ignore[arg-type]


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_one_hand_figures_match_the_hand_itself(bot: str) -> None:
    from tutorial_app.rules.line.scoring import hand_result

    rules = rules_for("all_fives", 3)
    rng = block_rng(21, 0)  # a one-hand run is one block
    final = play_out(deal(rules, rng).state, rng, bot)  # type: ignore[arg-type]
    result = hand_result(final)
    stats = simulate_hands(rules, 1, seed=21, bot=bot)  # type: ignore[arg-type]
    assert stats.moves_per_hand == len(final.log)
    assert stats.plays_per_hand == sum(1 for entry in final.log if entry[1].action is Action.PLAY)
    assert stats.points_per_hand == sum(result.points) + sum(result.fives)
    assert stats.blocked_rate == (1.0 if final.status is Status.BLOCKED else 0.0)


def test_figures_do_not_depend_on_the_number_of_processes() -> None:
    rules = rules_for("draw", 3)
    alone = simulate_hands(rules, 600, seed=4)
    shared = simulate_hands(rules, 600, seed=4, jobs=2)
    assert alone.same_figures() == shared.same_figures()
    assert alone.hands == shared.hands == 600
    matches_alone = simulate_matches(rules, 6, seed=4, bot="greedy")
    matches_shared = simulate_matches(rules, 6, seed=4, bot="greedy", jobs=2)
    assert matches_alone.same_figures() == matches_shared.same_figures()


@pytest.mark.parametrize(("name", "players"), [("kozel", 4), ("donkey", 3), ("block", 2)])
def test_the_first_leaders_side_is_followed_through_each_match(name: str, players: int) -> None:
    """Each one-match run is replayed here with the public match functions and the same random source."""
    from tutorial_app.rules.line.match import new_match, next_deal, record_hand

    rules = rules_for(name, players)
    for seed in range(6):
        stats = simulate_matches(rules, 1, seed=seed, bot="greedy")
        rng = block_rng(seed, 0)
        match = new_match(rules)
        first = None
        while not match.over:
            start = next_deal(match, rng).state
            first = rules.side_of(start.leader) if first is None else first
            match = record_hand(match, play_out(start, rng, "greedy"), start)
        assert stats.first_leader_loses == (1.0 if first in match.loser_sides else 0.0)
        won = 1 / len(match.winner_sides) if first in match.winner_sides else 0.0
        assert stats.first_leader_wins == pytest.approx(won)
        assert stats.points_per_side == pytest.approx(stats.points_per_hand / rules.sides)
