"""The simulate and rules commands: output, JSON, progress bar, and one-line errors."""

from __future__ import annotations

import io

import pytest
from cli_helpers import assert_report_figures, json_out, one_line_error, run_module

from tutorial_app.cli import main
from tutorial_app.commands.progress import ProgressBar
from tutorial_app.rules.line.rulesheet import describe_option
from tutorial_app.rules.line.simulate import simulate_hands
from tutorial_app.rules.line.variants import VARIANTS, rules_for

# -- simulate ------------------------------------------------------------------------------------------


def test_simulate_json_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    report = json_out(capsys, "simulate --rules goat --players 3 --override target=150 --hands 150 --seed 9 --json")
    assert report["preset"] == "kozel"
    assert report["rules"]["players"] == 3 and report["rules"]["target"] == 150
    expected = simulate_hands(rules_for("kozel", 3, {"target": "150"}), 150, seed=9).same_figures()
    assert_report_figures(report, expected)


def test_simulate_same_seed_same_text_but_the_speed(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for _ in range(2):
        assert main(["simulate", "--rules", "101", "--matches", "4", "--seed", "2", "--bot", "greedy"]) == 0
        out = capsys.readouterr().out
        outputs.append([line for line in out.splitlines() if not line.startswith("hands per second")])
    assert outputs[0] == outputs[1]
    labels = {line.split("  ")[0] for line in outputs[0]}
    for label in (
        "matches played",
        "hands per match",
        "match wins by side",
        "hands played",
        "plays per hand",
        "blocked hands",
        "tied hands",
        "points per hand",
        "leader's side wins",
    ):
        assert label in labels


def test_simulate_through_the_module_has_no_progress_bar_off_a_terminal() -> None:
    done = run_module(
        "simulate", "--rules", "block", "--players", "4", "--override", "teams=pairs", "--hands", "3000", "--seed", "1"
    )
    assert done.returncode == 0
    assert done.stderr == ""
    assert "block, 4 players (pairs), random bot, seed 1" in done.stdout
    assert "hands played        3,000" in done.stdout


def test_progress_bar_waits_a_second_then_draws() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream, "hands", delay=3600)
    bar(10, 100)
    bar.close()
    assert stream.getvalue() == ""  # a quick run shows nothing
    stream = io.StringIO()
    bar = ProgressBar(stream, "hands", delay=0)
    bar(50, 100)
    bar(100, 100)
    bar.close()
    text = stream.getvalue()
    assert "\r" in text and "50/100" in text and "100/100" in text and text.endswith("\n")
    assert "#" * 30 in text


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--hands", "10"], "--rules"),
        (["--rules", "chess", "--hands", "10"], "unknown rule set"),
        (["--rules", "block", "--hands", "0"], "--hands"),
        (["--rules", "block", "--hands", "-5"], "--hands"),
        (["--rules", "block", "--hands", "ten"], "--hands"),
        (["--rules", "block", "--hands", "99999999999"], "--hands"),
        (["--rules", "block", "--matches", "0"], "--matches"),
        (["--rules", "block", "--seed", "-1"], "--seed"),
        (["--rules", "block", "--seed", "x"], "--seed"),
        (["--rules", "block", "--players", "5"], "not 5"),
        (["--rules", "block", "--players", "two"], "--players"),
        (["--rules", "international", "--players", "2"], "not 2"),
        (["--rules", "block", "--override", "target"], "target=150"),
        (["--rules", "block", "--override", "=5"], "target=150"),
        (["--rules", "block", "--override", "colour=red"], "unknown option"),
        (["--rules", "block", "--override", "target=lots"], "target"),
        (["--rules", "block", "--override", "teams=pairs"], "pairs"),
        (["--rules", "block", "--override", "target=1", "--override", "target=2"], "twice"),
        (["--rules", "block", "--override", "players=x"], "players"),
        (["--rules", "kozel", "--override", "blocked_tie=bank"], "blocked_tie"),
        (["--rules", "block", "--bot", "clever"], "unknown bot"),
    ],
)
def test_simulate_bad_input(args: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", *args])
    captured = capsys.readouterr()
    one_line_error(code, captured.out, captured.err, "domino-tutor simulate", needle)


def test_simulate_bad_input_through_the_module() -> None:
    done = run_module("simulate", "--rules", "chess", "--hands", "5")
    one_line_error(done.returncode, done.stdout, done.stderr, "domino-tutor simulate", "unknown rule set")


# -- rules --------------------------------------------------------------------------------------------


def test_rules_lists_every_preset_with_aliases_and_title(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for variant in VARIANTS:
        assert f"\n{variant.name} " in out
        assert variant.title.en in out
        assert all(alias in out for alias in variant.aliases)
    assert main(["rules", "--lang", "ru"]) == 0
    ru = capsys.readouterr().out
    assert all(variant.title.ru in ru for variant in VARIANTS)


@pytest.mark.parametrize(("lang", "players"), [("uk", "гравців: "), ("es", "jugadores: ")])
def test_rules_lists_presets_in_ukrainian_and_spanish(
    lang: str, players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert "Presets" not in out and "aliases" not in out
    for variant in VARIANTS:
        counts = ", ".join(str(p) for p in variant.players)
        assert f"{players}{counts}; " in out and all(alias in out for alias in variant.aliases)


def test_rules_prints_a_sheet_with_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "козёл", "--players", "3", "--override", "min_penalty=13", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(next(v.title.ru for v in VARIANTS if v.name == "kozel"))
    assert describe_option("players", 3, "ru")[:-1] in out
    assert describe_option("min_penalty", 13, "ru") + " *" in out


def test_rules_through_the_module() -> None:
    done = run_module("rules", "101")
    assert done.returncode == 0 and done.stderr == ""
    assert describe_option("opening_threshold", 13, "en") in done.stdout
    assert describe_option("blocked_tie", "bank", "en") in done.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["chess"], "unknown rule set"),
        (["block", "--lang", "de"], "--lang"),
        (["block", "--players", "9"], "not 9"),
        (["--players", "3"], "need a preset"),
        (["block", "--override", "nonsense"], "target=150"),
        (["block", "--override", "layout=round"], "layout"),
    ],
)
def test_rules_bad_input(args: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rules", *args])
    captured = capsys.readouterr()
    one_line_error(code, captured.out, captured.err, "domino-tutor rules", needle)


def test_simulate_gives_the_bots_to_the_seats_in_turn(capsys: pytest.CaptureFixture[str]) -> None:
    out = json_out(capsys, "simulate --rules international --bot strong,greedy --hands 6 --seed 5 --json --jobs 1")
    assert out["bot"] == "strong,greedy" and out["hands"] == 6 and len(out["hand_wins"]) == 2
    # a level names its bot: medium is the heuristic bot, not greedy under another name
    medium = json_out(capsys, "simulate --rules block --bot medium --hands 5 --json")
    assert medium["bot"] == "heuristic"
    greedy = json_out(capsys, "simulate --rules block --bot greedy --hands 5 --json")
    assert greedy["bot"] == "greedy"


@pytest.mark.parametrize(
    ("bot", "needle"),
    [("clever", "unknown bot 'clever'"), ("strong,", "separated by commas"), ("strong,,greedy", "separated by commas")],
)
def test_simulate_refuses_unknown_bots(bot: str, needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", "block", "--bot", bot, "--hands", "3"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert captured.err.startswith("domino-tutor simulate: ") and needle in captured.err
