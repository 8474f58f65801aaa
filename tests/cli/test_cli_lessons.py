"""``domino-tutor lessons``: validate (a one-line summary and exit 0, or every error and exit 2), stats, schema."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from tutorial_app.cli import main
from tutorial_app.lessons import lessons_root
from tutorial_app.lessons.check import validate
from tutorial_app.lessons.check.validate import Report, check_paths
from tutorial_app.lessons.run import stats
from tutorial_app.lessons.run.stats import LessonStats, targets, totals

BAD = Path(__file__).resolve().parents[1] / "lessons" / "bad"


def test_validate_core_course_prints_one_summary_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "validate", str(lessons_root() / "core")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [check_paths([lessons_root() / "core"]).summary()]
    assert out[0].endswith(": all valid")


def test_validate_bad_file_lists_every_error_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    path = BAD / "semantics.yaml"
    assert main(["lessons", "validate", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    expected = (BAD / "semantics.errors").read_text(encoding="utf-8").splitlines()
    assert len(err) == len(expected) + 1
    assert all(line.split(":", 1)[1] == want.split(":", 1)[1] for line, want in zip(err, expected, strict=False))
    assert err[-1].startswith(f"{len(expected)} problems in 1 of 1 files")


def test_missing_path_is_one_line_user_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "validate", "no/such/place.yaml"]) == 2
    assert capsys.readouterr().err.strip() == "domino-tutor lessons: no/such/place.yaml: no such file or folder"


def test_schema_check_command_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "schema", "--check"]) == 0
    assert "is current" in capsys.readouterr().out


def test_validate_refuses_a_device_and_a_pipe_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "lesson.yaml"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):
        assert main(["lessons", "validate", path]) == 2
        err = capsys.readouterr().err.splitlines()
        assert err[0] == f"{path}:1:1: not a regular file (a folder, a device or a pipe); name a text file"
        assert "Traceback" not in "\n".join(err)


def test_lessons_stats_as_json_as_a_table_and_as_a_check(
    lessons_report: Report,
    lessons_figures: list[LessonStats],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The command checks the shipped lessons (the folder, named from the working directory) and prints the
    library's figures of that check in its three outputs (JSON, the table, --check).

    Why the check is the session's (``lessons_report``, ``lessons_figures``): the command asks for the same
    ``check_paths`` and ``lesson_stats`` the fixtures ran (asserted: its arguments), and each costs ~10 s of CPU;
    the figures themselves are held to the rules core in tests/lessons."""
    figures = lessons_figures
    checks: list[tuple[tuple[Path, ...], Path | None]] = []
    computed: list[Report] = []

    def check_once(paths: Sequence[Path], base: Path | None = None) -> Report:
        checks.append((tuple(paths), base))
        assert (tuple(paths), base) == ((lessons_root(),), Path.cwd())  # the shipped lessons, as the fixture
        return lessons_report

    def stats_once(report: Report) -> list[LessonStats]:
        computed.append(report)
        assert report is lessons_report  # the figures of the check the command made
        return lessons_figures

    monkeypatch.setattr(validate, "check_paths", check_once)
    monkeypatch.setattr(stats, "lesson_stats", stats_once)
    assert main(["lessons", "stats", "--json"]) == 0
    assert len(checks) == len(computed) == 1
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"lessons", "totals", "targets"}
    assert [lesson["id"] for lesson in data["lessons"]] == [f.id for f in figures]
    assert set(data["lessons"][0]) == set(LessonStats._fields)  # every figure of a lesson, and nothing else
    assert data["totals"] == totals(figures)
    best = [b for f in figures for b in f.best_moves]
    assert [b["answer"] for lesson in data["lessons"] for b in lesson["best_moves"]] == [b.answer for b in best]
    assert main(["lessons", "stats"]) == 0
    table = capsys.readouterr().out
    assert table.splitlines()[0].split()[:3] == ["lesson", "steps", "plays"] and "[core]" in table
    lesson_of = {b: f.id for f in figures for b in f.best_moves}
    for figure in best:  # every best move, with its lead under playouts and under exact play or why not
        row = next(line for line in table.splitlines() if line.startswith(f"{lesson_of[figure]} #{figure.step} "))
        assert f"{figure.playouts:+.1f} {figure.unit}" in row
        if figure.exact == "checked":
            assert f"{figure.exact_lead:+.1f} {figure.unit} on {figure.deals:,} deals" in row
        else:
            assert f"not checked: {figure.note}" in row
    assert any(b.exact == "checked" for b in best) and any(b.exact == "too_many" for b in best)
    met = all(t.met for t in targets(figures))
    assert main(["lessons", "stats", "--check"]) == (0 if met else 2)
    assert len(checks) == len(computed) == 3  # each output checks the lessons itself
