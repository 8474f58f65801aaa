"""``simulate --rules tien_gow`` and ``rules tien_gow``: aliases, output, JSON, the library's figures, errors."""

from __future__ import annotations

import re

import pytest
from cli_helpers import assert_report_figures, json_out, one_line_error, run_module

from tutorial_app.cli import main
from tutorial_app.rules.tien_gow import ALIASES, TITLE, LastTrick, TienGowRules
from tutorial_app.rules.tien_gow.sheet import tien_gow_sections
from tutorial_app.rules.tien_gow.simulate import parse_bots, simulate_tien_gow, simulate_tien_gow_matches


@pytest.mark.parametrize("name", ["tien_gow", "chinese", "Китайское домино", "тянь гоу", "Tien-Gow"])
def test_simulate_200_hands_under_any_alias(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", name, "--hands", "200", "--seed", "5", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("rules ") and "tien_gow, 4 players, random bot, seed 5" in out
    assert re.search(r"^hands played\s+200$", out, re.M)
    wins = re.search(r"^hand wins by seat\s+(.*)$", out, re.M)
    assert wins is not None and len(re.findall(r"\d+: [\d.]+%", wins.group(1))) == 4
    assert re.search(r"^hands per second\s+[\d,]+$", out, re.M)


def test_simulate_json_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    command = (
        "simulate --rules tien_gow --hands 120 --seed 9 --bot greedy,random,greedy,random"
        " --override last_trick=always --json --jobs 2"
    )
    report = json_out(capsys, command)
    assert report["preset"] == "tien_gow" and report["rules"]["last_trick"] == "always"
    rules = TienGowRules(last_trick=LastTrick.ALWAYS)
    expected = simulate_tien_gow(rules, 120, 9, parse_bots("greedy,random,greedy,random")).same_figures()
    assert_report_figures(report, expected)
    assert abs(sum(report["hand_wins"]) - 1) < 1e-9


def test_the_figures_of_a_seed_do_not_depend_on_the_processes() -> None:
    one = simulate_tien_gow_matches(TienGowRules(stake=10), 30, 4, parse_bots("greedy"), jobs=1)
    two = simulate_tien_gow_matches(TienGowRules(stake=10), 30, 4, parse_bots("greedy"), jobs=2)
    assert one.same_figures() == two.same_figures()
    assert one.matches == 30 and one.unfinished_matches == 0 and one.hands_per_match is not None
    assert one.match_wins is not None and abs(sum(one.match_wins) - 1) < 1e-9


def test_simulate_matches_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", "chinese", "--matches", "5", "--seed", "2", "--bot", "greedy"]) == 0
    out = capsys.readouterr().out
    for label in (
        "matches played",
        "hands per match",
        "match wins by seat",
        "hands played",
        "tricks per hand",
        "combination leads",
        "sat out last trick",
        "chips per hand",
        "banker wins",
    ):
        assert re.search(rf"^{label}\s", out, re.M), label


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--players", "3"], "played by 4 players, not 3"),
        (["--override", "players=2"], "not 2"),
        (["--override", "stake=0"], "stake"),
        (["--override", "target=100"], "its options are"),
        (["--override", "last_trick=never"], "single, always, open"),
        (["--bot", "clever"], "unknown bot"),
        (["--bot", "greedy,random"], "one per seat (4), not 2"),
        (["--hands", "0"], "--hands"),
        (["--seed", "x"], "--seed"),
    ],
)
def test_simulate_bad_input(args: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--rules", "tien_gow", *args])
    captured = capsys.readouterr()
    one_line_error(code, captured.out, captured.err, "domino-tutor simulate", needle)


def test_rules_sheet_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "тянь гоу"]) == 0
    en = capsys.readouterr().out
    assert en.startswith(TITLE.en) and "pay 5 chips" in en and "4 minus their trick points" in en
    assert main(["rules", "tien_gow", "--lang", "ru"]) == 0
    ru = capsys.readouterr().out
    assert ru.startswith(TITLE.ru) and "платят 5 жетонов" in ru
    for section in tien_gow_sections(lang="ru"):
        assert section.heading in ru and all(line.text in ru for line in section.lines)


def test_rules_sheet_marks_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "chinese", "--override", "banker_double=false", "--override", "last_trick=open"]) == 0
    out = capsys.readouterr().out
    assert "The banker pays and is paid like everyone else. *" in out
    assert "Anyone may take the last trick" in out and out.rstrip().endswith("differs from the usual game")
    assert main(["rules", "chinese", "--players", "5"]) == 2


def test_rules_lists_tien_gow_with_its_aliases(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "\ntien_gow " in out and TITLE.ru in out and all(alias in out for alias in ALIASES)


def test_simulate_through_the_module() -> None:
    done = run_module("simulate", "--rules", "китайское домино", "--hands", "200", "--seed", "1")
    assert done.returncode == 0 and done.stderr == ""
    assert "hands played        200" in done.stdout
    bad = run_module("simulate", "--rules", "tien_gow", "--players", "2")
    one_line_error(bad.returncode, bad.stdout, bad.stderr, "domino-tutor simulate", "not 2")
