"""``domino-tutor lessons validate``: a one-line summary and exit 0, or every error and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial_app.cli import main
from tutorial_app.lessons import lessons_root
from tutorial_app.lessons.validate import check_paths

BAD = Path(__file__).resolve().parent / "bad"


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
