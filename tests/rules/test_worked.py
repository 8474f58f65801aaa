"""Worked explanations: the arithmetic the rules core states agrees with what it scores, in both languages."""

from __future__ import annotations

import random
import re

import pytest
from rules_helpers import position, run

from tutorial_app.rules.line.deal import deal, decide_first_lead, redeal_reason
from tutorial_app.rules.line.match import new_match
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.scoring import hand_result
from tutorial_app.rules.line.state import DRAW
from tutorial_app.rules.line.variants import VARIANTS, rules_for
from tutorial_app.rules.line.who import seat_who, side_who
from tutorial_app.rules.line.worked import explain_ends_sum, explain_fives_points, explain_pips, explain_tile_value
from tutorial_app.rules.line.worked_end import explain_hand_end
from tutorial_app.rules.line.worked_lead import explain_lead, explain_redeal
from tutorial_app.rules.line.worked_moves import explain_draw_count, explain_move, explain_to_move, explain_what_to_do
from tutorial_app.rules.tien_gow.worked_tiles import chinese_half_colours, explain_chinese_red_pips
from tutorial_app.rules.tiles import Tile, parse_tile

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
LATIN = re.compile(r"\b(the|and|you|seat|hand|pips|scores?)\b", re.IGNORECASE)


def test_goat_going_out_counts_the_loser_tile_by_tile() -> None:
    # kozel: you go out, the opponent holds 6-5 and 2-3: goat records 16 against the opponent
    pos = position("kozel", [["4-1"], ["6-5", "3-2"]], ["1-3", "3-3", "3-4"], to_move=0)
    worked = explain_hand_end(run(pos.state, "4-1 right"), viewer=0).text()
    assert "3-2 (5) + 6-5 (11) = 16" in worked.en and "3-2 (5) + 6-5 (11) = 16" in worked.ru
    assert "seat 1 writes 16" in worked.en and "игрок 1 пишет 16" in worked.ru
    assert "You write nothing" in worked.en and "Вы ничего не пишете" in worked.ru


def test_winner_takes_the_same_hand_for_sixteen() -> None:
    pos = position("block", [["4-1"], ["6-5", "3-2"]], ["1-3", "3-3", "3-4"], to_move=0)
    final = run(pos.state, "4-1 right")
    score = explain_hand_end(final, viewer=0).score
    assert (score.en, score.ru) == (
        "You score the opponent's pips: 16.",
        "Вы записываете себе очки соперника: 16.",
    )
    assert explain_hand_end(final, viewer=1).score.en == "Seat 0 scores your pips: 16."


def test_ends_four_and_six_make_ten() -> None:
    pos = position("all_fives", [["6-2", "1-1"], ["3-3"]], ["4-2"], to_move=0)  # ends 4 and 2
    after = run(pos.state, "6-2 right")
    assert sorted(n for _, n in after.table.open_ends()) == [4, 6]
    assert (
        explain_fives_points(after.table, seat_who(0, 0)).en
        == "The ends count 4 + 6 = 10, a multiple of 5: you score 10."
    )
    assert explain_ends_sum(after.table, after.rules).en == "The ends count 4 + 6 = 10."


def test_a_fives_fish_rounds_the_others_then_takes_off_your_own() -> None:
    # others 27 -> 25, minus your 6: 19 (S3's "others rounded minus own", which can only be a fish)
    chain = ["6-6", "6-0", "0-2", "2-6", "6-1", "1-3", "3-6", "6-4", "4-5"]
    pos = position(
        "classic", [["5-6", "4-2"], ["5-5", "4-4", "3-3", "2-1"]], chain, to_move=0, overrides={"fives_scoring": True}
    )
    state = run(pos.state, "6-5 right")
    assert state.is_over and hand_result(state).points == (19, 0)
    worked = explain_hand_end(state, viewer=0).score
    assert worked.en.endswith("seat 1 holds 27, which rounds to 25; minus your own 6: 25 − 6 = 19.")
    assert "у игрока 1 27, округляем до 25; минус свои 6: 25 − 6 = 19" in worked.ru


def test_classic_fish_difference_spelled_out() -> None:
    chain = ["6-6", "6-0", "0-2", "2-6", "6-1", "1-3", "3-6", "6-4", "4-5"]
    pos = position("classic", [["5-6", "4-4"], ["1-1"]], chain, to_move=0)
    worked = explain_hand_end(run(pos.state, "6-5 right"), viewer=0)
    assert "you hold 8; minus seat 1's own 2: 8 − 2 = 6" in worked.score.en
    assert "у вас 8; минус свои 2: 8 − 2 = 6" in worked.score.ru
    assert worked.next_lead.en == "The winner leads next, after a fish too: seat 1 leads the next hand."
    assert "all seven 6s are on the table" in worked.how.en


def test_drawn_out_fish_says_so() -> None:
    chain = ["6-6", "6-0", "0-2", "2-6", "6-1", "1-3", "3-6", "6-4", "4-5"]
    pos = position("international_two", [["5-6", "0-0"], ["1-1", "2-2"]], chain, to_move=0)
    state = run(pos.state, "6-5 right", *["draw"] * 15)
    worked = explain_hand_end(state, viewer=1)
    assert "drawn out" in worked.how.en and "выбран до конца" in worked.how.ru
    assert "you 17 tiles, 90 pips" in worked.pips.en


def test_tie_bank_arithmetic_and_capicu_bonus() -> None:
    tie = position("domino101", [["4-0"], ["3-0"], ["1-0"], ["6-2", "1-1"]], ["6-3", "3-2"], to_move=3, bank=7)
    worked = explain_hand_end(run(tie.state, "6-2 right"), viewer=0)
    assert "seka" in worked.score.en and "5 + 5 = 10" in worked.score.en and "7 + 10 = 17" in worked.score.en
    assert "банк 7 + 10 = 17" in worked.score.ru
    capicu = position(
        "international", [["1-5"], ["6-5"], ["2-2"], ["3-3"]], ["5-2", "2-1"], to_move=0, overrides={"capicu_bonus": 25}
    )
    worked = explain_hand_end(run(capicu.state, "5-1 right"), viewer=0)
    assert "capicú" in worked.how.en and "21 + 25 = 46" in worked.score.en


def test_a_tied_fish_is_a_seka_only_where_its_pips_go_to_the_bank() -> None:
    hands = [["4-0"], ["3-0"], ["1-0"], ["6-2", "1-1"]]
    pairs = position("international", hands, ["6-3", "3-2"], to_move=3)  # 4 + 1 against 3 + 2
    alone = position("classic", [["5-0"], ["6-2", "4-1"]], ["6-3", "3-2"], to_move=1, boneyard=[])  # 5 against 5
    for tie in (pairs, alone):
        final = run(tie.state, "6-2 right")
        assert hand_result(final).tie
        worked = explain_hand_end(final, viewer=0)
        said = worked.text()
        assert "a tied fish, and nobody wins it" in said.en and "ничья, раздачу не выигрывает никто" in said.ru
        assert not CYRILLIC.search(said.en) and "сек" not in said.ru
        assert "After a tied fish the player who made the fish leads" in worked.next_lead.en
        assert worked.next_lead.ru.startswith("После рыбы вничью заходит тот, кто сделал рыбу")
    seka = explain_hand_end(run(position("domino101", hands, ["6-3", "3-2"], to_move=3).state, "6-2 right"), viewer=0)
    assert "(a seka)" in seka.score.en and "(по 5): сека" in seka.score.ru and "После секи" in seka.next_lead.ru


def test_goat_going_out_on_both_ends_says_nothing_of_a_capicu() -> None:
    # the goat winner writes nothing, so how the last tile fitted changes nothing (the same hand in block says it)
    goat = run(position("kozel", [["2-4"], ["6-6", "5-5"]], ["2-3", "3-4"], to_move=0).state, "2-4 right")
    assert goat.capicu
    how = explain_hand_end(goat, viewer=0).how
    assert (how.en, how.ru) == ("You went out with 4-2.", "Вы вышли костью 4-2.")
    assert "capicú" not in hand_result(goat).reason.en and "капику" not in hand_result(goat).reason.ru
    block = run(position("block", [["2-4"], ["6-6", "5-5"]], ["2-3", "3-4"], to_move=0).state, "2-4 right")
    assert "a capicú (these rules pay nothing extra for it)" in explain_hand_end(block, viewer=0).how.en


def test_a_hand_that_meets_no_end_is_named_as_a_tile_or_as_tiles() -> None:
    one = position("block", [["4-2"], ["6-6"]], ["5-3", "3-1"], to_move=0).state
    assert explain_what_to_do(one, 0).en == (
        "Nothing fits: the ends show 5 and 1, and 4-2 has neither number; this game has no boneyard: pass."
    )
    assert "и на 4-2 нет ни одного из этих чисел" in explain_what_to_do(one, 0).ru
    both = position("block", [["4-2", "6-5"], ["6-6"]], ["3-5", "5-5", "5-1", "1-3"], to_move=0).state
    assert "both ends show 3, and none of 4-2, 6-5 has a 3" in explain_what_to_do(both, 0).en
    assert "ни на одной из костей 4-2, 6-5 нет числа 3" in explain_what_to_do(both, 0).ru


def test_thirteen_point_opening_and_target() -> None:
    pos = position("domino101", [["1-4"], ["6-5"]], ["4-2", "2-2"], to_move=0)
    state = run(pos.state, "4-1 left")
    worked = explain_hand_end(state, viewer=0, match=new_match(state.rules))
    assert worked.match is not None
    assert "under 13" in worked.match.en and "draft points" in worked.match.en and "черновые" in worked.match.ru
    goat = position("kozel", [["4-1"], ["6-5", "3-2"]], ["1-3", "3-3", "3-4"], to_move=0)
    state = run(goat.state, "4-1 right")
    worked = explain_hand_end(state, viewer=1, match=new_match(state.rules, (0, 90)))
    assert worked.match is not None and "You reach 101 and lose" in worked.match.en


def test_goat_small_penalties_are_dropped_by_name() -> None:
    pos = position(
        "kozel",
        [["4-1"], ["6-5", "3-2"], ["1-1"], ["2-0"]],
        ["1-3", "3-3", "3-4"],
        to_move=0,
        overrides={"min_penalty": 13},
    )
    worked = explain_hand_end(run(pos.state, "4-1 right"), viewer=0).score
    assert "seat 2 2, under 13: nothing" in worked.en and "игрок 2 — 2, меньше 13: ничего" in worked.ru


@pytest.mark.parametrize(
    ("preset", "listed"),
    [
        ("domino101", "2-2, 6-6, 0-0"),
        ("block", "2-2, 6-6, 0-0"),
        ("classic", "6-6, 2-2, 0-0"),
        ("kozel", "0-0, 2-2, 6-6"),
    ],
)
def test_the_doubles_dealt_are_listed_in_the_order_the_lead_rule_reads_them(preset: str, listed: str) -> None:
    """101 counts 1-1 up to 6-6, then 0-0; block's lowest double starts at 1-1; classic looks for the highest;
    goat's 0-0 comes first."""
    rules = rules_for(preset, 2)
    hands = position(preset, [["0-0", "2-2", "6-6"], ["5-3", "4-1"]]).state.hands
    worked = explain_lead(rules, hands, decide_first_lead(rules, hands), viewer=1)
    assert f"Doubles dealt: seat 0 {listed}." in worked.en, worked.en


def test_leads_redeals_and_moves_name_the_deciding_tile() -> None:
    rules = rules_for("block")
    hands = position("block", [["4-4", "6-0"], ["1-1", "5-2"]]).state.hands
    lead = decide_first_lead(rules, hands)
    worked = explain_lead(rules, hands, lead, viewer=0)
    assert "Doubles dealt: you 4-4; seat 1 1-1." in worked.en and "1-1 decides: seat 1 holds it" in worked.en
    assert explain_redeal(rules, hands, lead, None, 0).en.startswith("No: ")
    pos = position("block", [["3-0", "6-4"], ["1-2", "2-5"]], ["3-5", "5-1"], to_move=0)
    assert explain_move(pos.state, legal_moves(pos.state)[0]).en == "Yes: 3-0 has a 3, and the left end shows 3."
    assert explain_what_to_do(pos.state, 0).en.startswith("3-0 fits the left end (3)")
    after = run(pos.state, "3-0 left")
    assert "so seat 1 is next" in explain_to_move(after, 0).en


def test_a_101_redeal_speaks_to_the_learner() -> None:
    rules = rules_for("domino101", 2)
    hands = position(
        "domino101",
        [["1-1", "2-2", "3-3", "4-4", "5-5", "6-1", "2-0"], ["6-6", "6-5", "6-4", "6-3", "5-2", "0-0", "4-1"]],
    ).state.hands
    lead = decide_first_lead(rules, hands)
    reason = redeal_reason(rules, hands, lead)
    assert reason is not None and reason.en == "Seat 0 holds 5 doubles (5 or more): redeal."  # the referee's voice
    as_learner = explain_redeal(rules, hands, lead, reason, 0)
    assert as_learner.en == "Yes: you hold 5 doubles (5 or more): redeal."
    assert as_learner.ru == "Да: у вас пять дублей: при пяти и больше — пересдача."
    assert explain_redeal(rules, hands, lead, reason, 1).ru.startswith("Да: у игрока 0 пять дублей")
    pairs = rules_for("domino101", 4)
    hands4 = position(
        "domino101",
        [
            ["3-2", "4-2", "5-2", "6-2", "4-3", "5-3", "6-3"],
            ["1-1", "1-0", "2-1", "3-1", "2-2", "3-3", "4-0"],
            ["4-4", "5-4", "6-4", "5-5", "6-5", "6-6", "0-0"],
            ["4-1", "5-1", "6-1", "2-0", "3-0", "5-0", "6-0"],
        ],
    ).state.hands
    lead4 = decide_first_lead(pairs, hands4)
    worked = explain_redeal(pairs, hands4, lead4, redeal_reason(pairs, hands4, lead4), 0)
    assert "your pair (0 + 2) has no tile of suit 1" in worked.en and "у вашей пары (0 + 2) нет" in worked.ru


def test_draw_count_names_every_tile_drawn() -> None:
    state = position("draw", [["4-4"], ["6-6"]], ["2-3"], to_move=0, boneyard=None).state
    probe, drawn = state, list[Tile]()
    while legal_moves(probe) == [DRAW]:
        probe = apply(probe, DRAW)
        drawn.extend(probe.log[-1][2])
    worked = explain_draw_count(state, 0)
    assert all(str(t) in worked.en for t in drawn)
    assert worked.en.endswith(f": {len(drawn)} tile." if len(drawn) == 1 else f": {len(drawn)} tiles.")


def test_pips_and_values_with_the_blank_worth_ten() -> None:
    pos = position("domino101", [[], ["0-0", "3-0"]], ["2-2", "2-5", "5-6"])
    assert explain_pips(pos.state, 1, 0).en == "Seat 1 holds 0-0 (10) + 3-0 (3) = 13 (0-0 counts 10 under these rules)."
    assert "10" in explain_tile_value(parse_tile("0-0"), pos.rules).en


def test_chinese_red_pips_half_by_half() -> None:
    assert chinese_half_colours("4-1") == ((1, 0), (4, 0))
    assert chinese_half_colours("6-6") == ((3, 3), (3, 3))
    assert explain_chinese_red_pips("4-1").en.startswith("The 1 and the 4 are red: 4-1 has 4 + 1 = 5 red pips")


def test_pairs_are_named_from_the_learner_seat() -> None:
    rules = rules_for("international")
    assert side_who(rules, 0, 2).name.en == "your pair (0 + 2)" and side_who(rules, 1, 2).name.ru == "пара 1 + 3"


@pytest.mark.parametrize("variant", [v.name for v in VARIANTS])
def test_every_ending_is_worked_out_in_both_languages(variant: str) -> None:
    """Random hands under every preset: the points the engine writes appear in the explanation, and the
    Russian has no English words."""
    preset = next(v for v in VARIANTS if v.name == variant)
    for players in preset.players:
        rules = rules_for(variant, players=players)
        rng = random.Random(players)
        for _ in range(15):
            state = deal(rules, rng).state
            while not state.is_over:
                state = apply(state, rng.choice(legal_moves(state)))
            result = hand_result(state)
            for viewer in (None, 0):
                worked = explain_hand_end(state, viewer, new_match(rules)).text()
                for side in range(rules.sides):
                    if result.points[side]:
                        assert str(result.points[side]) in worked.en and str(result.points[side]) in worked.ru
                assert not LATIN.search(worked.ru), worked.ru
                assert worked.en and worked.ru


def test_the_referee_rules_with_the_worked_end() -> None:
    from tutorial_app.rules.line.referee import rule

    ruling = rule(
        {
            "rules": "kozel",
            "hands": [["4-1"], ["6-5", "3-2"]],
            "chain": ["1-3", "3-3", "3-4"],
            "to_move": 0,
            "moves": [{"tile": "4-1", "end": "right"}],
        },
        lang="ru",
    ).as_json()
    assert "3-2 (5) + 6-5 (11) = 16" in ruling["result"]["worked"] and "игрок 1 пишет 16" in ruling["result"]["worked"]


def test_who_wins_is_said_without_the_points_a_later_question_asks_for() -> None:
    """The answer to "who wins the fish?" names the winner and the pips, not what anyone writes."""
    fish = run(position("block", [["1-0", "4-0"], ["6-2", "5-5"]], ["6-3", "3-2"], to_move=1).state, "6-2 right")
    worked = explain_hand_end(fish, viewer=0)
    verdict = worked.verdict_text()
    assert "You have the fewest pips (5) and win the fish." in verdict.en
    assert "У вас меньше всех очков (5): рыба за вами." in verdict.ru
    assert "10" not in verdict.en.split("Left in hand")[0] and "score" not in verdict.en
    assert "You score the opponent's pips: 10." in worked.text().en
    pairs = run(position("international", [["2-0"], ["1-1"], ["3-3"], ["5-0"]], ["6-3"], to_move=2).state, "3-3 right")
    assert explain_hand_end(pairs, viewer=0).verdict_text().en.endswith("So your pair (0 + 2) wins the hand.")


def test_one_seats_draws_in_a_row_are_told_as_one_clause() -> None:
    """One seat's draws in a row are one clause, "seat 1 draws 3 tiles", not the same clause three times; the
    learner's own draws name the tiles; another seat's move between two draws keeps them apart."""
    from tutorial_app.rules.line.state import PASS, play
    from tutorial_app.rules.line.worked_moves import describe_moves

    tiles = [parse_tile(t) for t in ("5-5", "3-1", "6-2")]
    hidden = describe_moves([(1, DRAW, (tile,)) for tile in tiles] + [(1, play(tiles[2], "left"), ())], viewer=0)
    assert hidden.en == "Then seat 1 draws 3 tiles; seat 1 plays 6-2 on the left end.", hidden.en
    mine = describe_moves([(0, DRAW, (tile,)) for tile in tiles], viewer=0)
    assert mine.en == "Then you draw 5-5, 3-1, 6-2.", mine.en
    counted = describe_moves([(2, DRAW, ()), (2, DRAW, ()), (3, PASS, ()), (2, DRAW, ())], viewer=0)
    assert counted.en == "Then seat 2 draws 2 tiles; seat 3 passes; seat 2 draws 1 tile.", counted.en
    assert "3" in describe_moves([(1, DRAW, ())] * 3, viewer=0).ru
