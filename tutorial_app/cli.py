"""The ``domino-tutor`` command: with no verb it starts the app.

Verbs live next to what they drive (``referee``, ``simulate``, ``rules``,
``lessons``, ``analyze``); each module offers ``register(subparsers)`` that adds its parser
and sets ``handler``. A user error is one line on standard error and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

VERB_MODULES: tuple[str, ...] = (
    "tutorial_app.commands.referee",
    "tutorial_app.commands.simulate",
    "tutorial_app.commands.rules",
    "tutorial_app.commands.lessons",
    "tutorial_app.commands.analyze",
)


class UserError(Exception):
    """Bad input from the user: reported as one line, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="domino-tutor",
        description="Domino Tutor: learn domino variants, rule on positions, simulate house rules. "
        "With no verb, starts the app in your browser.",
    )
    sub = parser.add_subparsers(dest="verb", metavar="VERB")
    app = sub.add_parser("app", help="start the app (the default)")
    app.add_argument("--port", type=int, default=8501)
    app.set_defaults(handler=_run_app)
    for name in VERB_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(sub)
    return parser


def _run_app(args: argparse.Namespace) -> int:
    from tutorial_app.launch import run_app

    return run_app(port=args.port)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        return _run_app(argparse.Namespace(port=8501))
    try:
        return int(handler(args) or 0)
    except UserError as exc:
        print(f"domino-tutor {args.verb}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
