"""``domino-tutor lessons validate [PATH ...]`` and ``domino-tutor lessons schema [--write | --check]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tutorial_app.cli import UserError
from tutorial_app.lessons.catalog import lessons_root
from tutorial_app.lessons.schema import SCHEMA_FILE, schema_text
from tutorial_app.lessons.validate import check_paths, lesson_files


def register(sub: Any) -> None:
    parser = sub.add_parser("lessons", help="check lesson files, or write their JSON Schema",
                            description="Work with the YAML lessons in lessons/.")
    verbs = parser.add_subparsers(dest="lessons_verb", metavar="ACTION", required=True)
    validate = verbs.add_parser("validate", help="check lesson files (default: every file in lessons/)",
                                description="Check lesson files: structure, then every position, move and "
                                "quiz answer through the rules core. Exit 2 on any problem.")
    validate.add_argument("paths", nargs="*", metavar="PATH", help="lesson files or folders")
    validate.set_defaults(handler=run_validate)
    schema = verbs.add_parser("schema", help="print (or write, or check) lessons/lesson.schema.json")
    mode = schema.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help=f"write lessons/{SCHEMA_FILE}")
    mode.add_argument("--check", action="store_true", help=f"exit 2 when lessons/{SCHEMA_FILE} is not current")
    schema.set_defaults(handler=run_schema)


def run_validate(args: argparse.Namespace) -> int:
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


def run_schema(args: argparse.Namespace) -> int:
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
