"""``domino-tutor lessons validate [PATH ...]``, ``lessons stats [PATH ...] [--json] [--check]`` and
``lessons schema [--write | --check]``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tutorial_app.commands import UserError

if TYPE_CHECKING:
    from tutorial_app.lessons.run.stats import BestMove, LessonStats, Target

# Why the lesson modules are imported in the handlers: every verb's parser is built at start-up, and the
# lesson catalog (pydantic models, the validator) is the heaviest import of all; only this verb needs it.
SCHEMA_FILE = "lesson.schema.json"
"""``lessons.format.schema.SCHEMA_FILE`` (a test holds them equal), named here for the help text."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    verbs = parser.add_subparsers(dest="lessons_verb", metavar="ACTION", required=True)
    validate = verbs.add_parser(
        "validate",
        help="check lesson files (default: every file in lessons/)",
        description="Check lesson files: structure, then every position, move and "
        "quiz answer through the rules core. Exit 2 on any problem.",
    )
    validate.add_argument("paths", nargs="*", metavar="PATH", help="lesson files or folders")
    validate.set_defaults(handler=run_validate)
    stats = verbs.add_parser(
        "stats",
        help="how well the courses teach: decisions, explanations, review, capstones",
        description="Play every lesson through and count, per lesson: steps, play steps, "
        "forced plays (a single legal move), quizzes, quizzes the rules core explains, review "
        "quizzes, a capstone, and whether the learner's seat stays fixed; then the totals and "
        "issue 9's targets.",
    )
    stats.add_argument("paths", nargs="*", metavar="PATH", help="lesson files or folders (default: lessons/)")
    stats.add_argument("--json", action="store_true", help="one JSON object: lessons, totals, targets")
    stats.add_argument("--check", action="store_true", help="exit 2 when a target is not met")
    stats.set_defaults(handler=run_stats)
    schema = verbs.add_parser("schema", help="print (or write, or check) lessons/lesson.schema.json")
    mode = schema.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help=f"write lessons/{SCHEMA_FILE}")
    mode.add_argument("--check", action="store_true", help=f"exit 2 when lessons/{SCHEMA_FILE} is not current")
    schema.set_defaults(handler=run_schema)


def run_validate(args: argparse.Namespace) -> int:
    from tutorial_app.lessons.catalog import lessons_root
    from tutorial_app.lessons.check.validate import check_paths, lesson_files

    root = lessons_root()
    paths = [Path(p) for p in args.paths] or [root]
    for path in paths:
        if not path.exists():
            raise UserError(f"{path}: no such file or folder")
    if not lesson_files(paths):
        raise UserError(f"no lesson files (*.yaml) in {', '.join(str(p) for p in paths)}")
    report = check_paths(paths, base=Path.cwd())
    for issue in report.issues:
        print(issue, file=sys.stderr)
    if report.issues:
        print(report.summary(), file=sys.stderr)
        return 2
    print(report.summary())
    return 0


def run_stats(args: argparse.Namespace) -> int:
    from tutorial_app.lessons.catalog import lessons_root
    from tutorial_app.lessons.check.validate import check_paths
    from tutorial_app.lessons.run.stats import lesson_stats, targets, totals

    paths = [Path(p) for p in args.paths] or [lessons_root()]
    for path in paths:
        if not path.exists():
            raise UserError(f"{path}: no such file or folder")
    report = check_paths(paths, base=Path.cwd())
    if report.issues:
        for issue in report.issues:
            print(issue, file=sys.stderr)
        print(f"{report.summary()}; figures are for the valid lessons only", file=sys.stderr)
    figures = lesson_stats(report)
    goals = targets(figures)
    if args.json:
        print(
            json.dumps(
                {
                    "lessons": [s.as_dict() for s in figures],
                    "totals": totals(figures),
                    "targets": [g._asdict() for g in goals],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        print(stats_table(figures, goals))
    return 2 if args.check and not all(g.met for g in goals) else 0


_COLUMNS = (
    ("id", "lesson"),
    ("steps", "steps"),
    ("play_steps", "plays"),
    ("forced_play_steps", "forced"),
    ("quizzes", "quizzes"),
    ("explained_quizzes", "explained"),
    ("review_quizzes", "review"),
    ("opening_reviews", "opens"),
    ("wrong_replies", "wrong"),
    ("hints_giving_the_move", "hint=move"),
    ("capstone", "capstone"),
    ("viewer_fixed", "seat"),
)


def _cell(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def stats_table(figures: list[LessonStats], goals: list[Target]) -> str:
    """The figures as a readable table, course by course, then the totals and the targets."""
    from tutorial_app.lessons.run.stats import totals

    rows = [[heading for _, heading in _COLUMNS]]
    course = None
    for item in figures:
        if item.course != course:
            course = item.course
            rows.append([f"[{course}]", *([""] * (len(_COLUMNS) - 1))])
        rows.append([_cell(getattr(item, name)) for name, _ in _COLUMNS])
    summed = totals(figures)
    rows.append(["total", *(_cell(summed.get(name, "")) for name, _ in _COLUMNS[1:])])
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = [
        "  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row)).rstrip()
        for row in rows
    ]
    lines.extend(best_moves_table(figures))
    lines.append("")
    lines.extend(f"{'met    ' if goal.met else 'NOT MET'}  {goal.name}: {goal.figure}" for goal in goals)
    return "\n".join(lines)


def _lead(value: float, unit: str) -> str:
    return f"{value:+.1f} {unit}"


def _exact_cell(figure: BestMove) -> str:
    if figure.exact == "checked" and figure.exact_lead is not None:
        return f"{_lead(figure.exact_lead, figure.unit)} on {figure.deals:,} deals"
    return f"not checked: {figure.note}"


def best_moves_table(figures: list[LessonStats]) -> list[str]:
    """Every best-move decision: the answer's lead over the next move under playouts and under exact play."""
    rows = [["best move", "answer", "playouts (± 95 %)", "exact play"]]
    for item in figures:
        for figure in item.best_moves:
            playouts = f"{_lead(figure.playouts, figure.unit)} (± {figure.playouts_half_width:.1f})"
            rows.append([f"{item.id} #{figure.step} {figure.kind}", figure.answer, playouts, _exact_cell(figure)])
    if len(rows) == 1:
        return []
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    return [
        "",
        "Best moves: the answer's lead over the next move (pp: percentage points of win share)",
        *("  ".join([*(cell.ljust(widths[i]) for i, cell in enumerate(row[:3])), row[3]]).rstrip() for row in rows),
    ]


def run_schema(args: argparse.Namespace) -> int:
    from tutorial_app.lessons.catalog import lessons_root
    from tutorial_app.lessons.format.schema import schema_text

    target = lessons_root() / SCHEMA_FILE
    text = schema_text()
    if args.write:
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target}")
        return 0
    if args.check:
        current = target.read_text(encoding="utf-8") if target.is_file() else ""
        if current != text:
            raise UserError(f"{target} is not current: run domino-tutor lessons schema --write")
        print(f"{target} is current")
        return 0
    sys.stdout.write(text)
    return 0
