"""The ``domino-tutor`` command: with no verb it starts the app.

The verbs (``referee``, ``simulate``, ``rules``, ``lessons``, ``analyze``, ``puzzles``)
are modules of ``tutorial_app.commands``, listed with their help in ``VERBS``; each offers
``add_arguments(parser)``, which adds its arguments and sets ``handler``. A user error (``UserError``) is one
line on standard error and exit 2, argparse's own usage errors included;
nothing the user typed can make that line two lines.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import NamedTuple, NoReturn

from tutorial_app.commands import UserError


class Verb(NamedTuple):
    """A verb's line in ``domino-tutor --help`` and the description at the top of its own ``--help``."""

    help: str
    description: str


VERBS: dict[str, Verb] = {
    "referee": Verb(
        "rule on a position under one or several rule sets",
        "Rule on a position (YAML or JSON, '-' for standard input) under one or several rule sets.",
    ),
    "simulate": Verb(
        "play many hands or matches with bots and print statistics",
        "Play N hands (or N whole matches) under a rule set with bots of any level, and print statistics. "
        "The same seed gives the same figures.",
    ),
    "rules": Verb(
        "list the presets, or print one preset's rule sheet",
        "Without NAME, list the presets. With NAME, print its rule sheet "
        "(with --players and --override for a club's house rules).",
    ),
    "lessons": Verb("check lesson files, or write their JSON Schema", "Work with the YAML lessons in lessons/."),
    "analyze": Verb(
        "rank the legal moves of the seat to move in a position",
        "Rank the legal moves of the seat to move in a referee position (YAML or JSON, '-' for standard input): "
        "every move is played out on deals of the tiles that seat cannot see, consistent with what the "
        "position's moves showed. --open knows every hand and solves small positions exactly.",
    ),
    "puzzles": Verb(
        "mine puzzles from strong bots' games, or count the shipped ones",
        "Puzzles: positions where one move is clearly best, proved by playouts and by exact play "
        "of every deal the player's view allows.",
    ),
}
"""The verbs, in the order ``--help`` lists them; each is the module ``tutorial_app.commands.<verb>``, whose
``add_arguments(parser)`` adds its arguments and sets its ``handler``.

Why names, imported when needed: a verb imports only what it uses (``referee`` the rules engine, ``analyze``
numpy and the strategy engine, ``lessons`` the lesson catalog, ``puzzles`` both), and ``domino-tutor referee`` builds only
its own parser, so it never pays for another verb's imports (``benchmarks/cli_start.py`` measures it)."""
DEBUG_ENV = "DOMINO_TUTOR_DEBUG"


def verb_module(name: str) -> ModuleType:
    """The module of a verb (``tutorial_app.commands.<name>``), imported now."""
    return importlib.import_module(f"tutorial_app.commands.{name}")


_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """A message as one line: line breaks and other control characters written as escapes."""
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


class _Parser(argparse.ArgumentParser):
    """argparse with its usage errors as one line (what went wrong and where to look), exit 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: {one_line(message)} (see {self.prog} --help)\n")
        sys.exit(2)


def _port(value: str) -> int:
    if not value.isascii() or not value.isdigit() or len(value) > 5 or not 1 <= int(value) <= 65535:
        raise argparse.ArgumentTypeError(f"{value[:20]!r} is not a port number (1 to 65535)")
    return int(value)


def _add_app_options(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "--port",
        type=_port,
        default=default,
        help="the port to serve on (default: Streamlit's, 8501, or STREAMLIT_SERVER_PORT)",
    )
    parser.add_argument(
        "--address",
        default=default,
        help="the address to listen on, e.g. 0.0.0.0 for every computer on the club's network "
        "(default: Streamlit's, or STREAMLIT_SERVER_ADDRESS)",
    )


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command's parser: every verb, or with ``only`` that verb alone (and ``app``)."""
    parser = _Parser(
        prog="domino-tutor",
        description="Domino Tutor: learn domino variants, rule on positions, simulate house rules. "
        "With no verb, starts the app in your browser (--port and --address as for 'app').",
    )
    _add_app_options(parser, None)
    sub = parser.add_subparsers(dest="verb", metavar="VERB", parser_class=_Parser)
    app = sub.add_parser("app", help="start the app (the default)")
    # SUPPRESS: `domino-tutor --port 8601 app` keeps the port given before the verb
    _add_app_options(app, argparse.SUPPRESS)
    app.set_defaults(handler=_run_app)
    for name, verb in VERBS.items():
        if only is None or name == only:
            verb_module(name).add_arguments(sub.add_parser(name, help=verb.help, description=verb.description))
    if only is None:
        _add_club_server(sub)
    return parser


def _add_club_server(sub: argparse._SubParsersAction[_Parser]) -> None:
    club = sub.add_parser(
        "club-server",
        help="run several app instances on one database behind HAProxy (docs/club-server.md)",
        description="Start INSTANCES app instances on the ports after PORT (this computer only) and HAProxy on "
        "ADDRESS:PORT in front of them, each browser kept on one instance; they share one database "
        "(--database or DATABASE_URL, PostgreSQL for a club). Stops with Ctrl+C.",
    )
    club.add_argument("--instances", type=int, default=3, help="app instances (default 3; one per core is plenty)")
    club.add_argument("--port", type=_port, default=8500, help="the public port (default 8500)")
    club.add_argument("--address", default="0.0.0.0", help="the public address (default 0.0.0.0, every network)")
    club.add_argument("--database", help="the shared database's URL (default: DATABASE_URL)")
    club.add_argument("--folder", help="where the proxy's configuration and the logs go (default: a new temp folder)")
    club.add_argument("--print-config", action="store_true", help="print HAProxy's configuration and stop")
    club.set_defaults(handler=_club_server)


def _club_server(args: argparse.Namespace) -> int:
    from tutorial_app.cluster import haproxy_config, instance_ports, run_cluster

    if args.print_config:
        print(haproxy_config(args.address, args.port, instance_ports(args.port, args.instances)), end="")
        return 0
    folder = Path(args.folder) if args.folder else None
    return run_cluster(args.instances, args.port, args.address, args.database, folder)


def _run_app(args: argparse.Namespace) -> int:
    from tutorial_app.launch import run_app

    return run_app(port=args.port, address=args.address)


def _chosen_verb(argv: Sequence[str]) -> str | None:
    """The verb named on the command line, if it is one (else the whole parser reads it: help, errors)."""
    for word in argv:
        if word in VERBS:
            return word
        if not word.startswith("-") and word != "app" and not word.isdigit():
            return None
    return None


def _unrecognized(args: argparse.Namespace, extra: Sequence[str]) -> str:
    """What was left over on the command line; a rule set's name typed bare, where the verb takes ``--rules``
    (``domino-tutor simulate kozel``), gets the option it needs."""
    said = f"unrecognized arguments: {' '.join(extra)}"
    if hasattr(args, "rules") and args.rules is None and not extra[0].startswith("-"):
        from tutorial_app.commands.args import names_a_rule_set

        if names_a_rule_set(extra[0]):
            return f"{said}; a rule set is named with --rules: --rules {extra[0]}"
    return said


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_chosen_verb(words))
    args, extra = parser.parse_known_args(words)
    verb = f"domino-tutor {args.verb}" if args.verb else "domino-tutor"
    if extra:
        sys.stderr.write(f"{verb}: {one_line(_unrecognized(args, extra))} (see {verb} --help)\n")
        return 2
    handler = getattr(args, "handler", None) or _run_app
    try:
        return int(handler(args) or 0)
    except UserError as exc:
        print(f"{verb}: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        # Why catch everything: a traceback is no answer for a club organiser;
        # the log line (DOMINO_TUTOR_DEBUG=1 shows the traceback) is for us.
        if os.environ.get(DEBUG_ENV) == "1":
            raise
        import logging

        logging.getLogger("tutorial_app").debug("unexpected error", exc_info=True)
        print(
            f"{verb}: unexpected error ({one_line(type(exc).__name__)}: {one_line(str(exc))[:200]}); "
            f"please report it (DOMINO_TUTOR_DEBUG=1 shows the details)",
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":
    sys.exit(main())
