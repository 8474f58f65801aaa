"""``domino-tutor analyze POSITION [--open] [--playouts N] [--seed S] [--json] [--lang en|ru]``.

Ranks the legal moves of the seat to move in a referee position (``docs/referee.md``):
from that seat's view (what it holds, the table, and what the position's
``moves`` showed about the others), or with ``--open`` every hand known.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from tutorial_app.commands import UserError
from tutorial_app.commands.args import MAX_SEED, whole_number
from tutorial_app.commands.io import read_data_file
from tutorial_app.language import LANGS
from tutorial_app.rules.line.position import Position, PositionError, read_position
from tutorial_app.rules.text import msg, msgc, seat_genitive
from tutorial_app.strategy.budgets import DEFAULT_PLAYOUTS

if TYPE_CHECKING:
    from tutorial_app.strategy.analysis import Analysis

# Why the engine is imported in the handler: every verb's parser is built at start-up, and numpy with the
# playout kernel is a quarter of a second that ``referee`` and ``rules`` should not pay.

MAX_PLAYOUTS = 100_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", metavar="POSITION_FILE")
    parser.add_argument("--open", action="store_true", help="every hand is known (the boneyard's order is not)")
    parser.add_argument(
        "--playouts",
        metavar="N",
        default=str(DEFAULT_PLAYOUTS),
        help=f"sampled deals per move (default {DEFAULT_PLAYOUTS})",
    )
    parser.add_argument(
        "--seed", metavar="S", default="0", help="random seed (default 0): the same seed, the same figures"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--lang", choices=LANGS, default="en", help="language of sentences and of the error line")
    parser.set_defaults(handler=run)


def _position(path: str, lang: str) -> Position:
    data = read_data_file(path)
    try:
        position = read_position(data)
    except PositionError as exc:
        raise UserError(exc.reason.in_(lang)) from None
    if position.redeal is not None:
        raise UserError(
            msg("this deal must be redealt ({why}): there is no move to analyse", why=position.redeal).in_(lang)
        )
    if position.state.is_over:
        raise UserError(msg("the hand is over: there is no move to analyse").in_(lang))
    return position


def analysis_of(position: Position, open_hands: bool, playouts: int, seed: int) -> Analysis:
    """The analysis the command prints."""
    from tutorial_app.strategy.analysis import analyse, analyse_open
    from tutorial_app.strategy.view import view_of

    state = position.state
    if open_hands:
        return analyse_open(state, playouts, seed)
    first_hand = position.lead is not None and position.lead.by_rule
    view = view_of(position.start, [entry[1] for entry in state.log], state.to_move, first_hand)
    return analyse(view, playouts, seed)


def run(args: argparse.Namespace) -> int:
    from tutorial_app.strategy.explain import why_best

    lang = args.lang
    playouts = whole_number(args.playouts, "--playouts", 1, MAX_PLAYOUTS, lang)
    seed = whole_number(args.seed, "--seed", 0, MAX_SEED, lang)
    position = _position(args.position, lang)
    analysis = analysis_of(position, args.open, playouts, seed)
    why = why_best(analysis, position.state)
    if args.json:
        out = analysis.as_dict()
        out["rules"] = position.rules_name
        out["to_move"] = position.state.to_move
        out["why"] = why.in_(lang) if why is not None else None
        json.dump(out, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_table(analysis, position, why.in_(lang) if why is not None else None, lang))
    return 0


def _percent(value: float) -> str:
    return f"{100 * value:5.1f}%"


def format_table(analysis: Analysis, position: Position, why: str | None, lang: str) -> str:
    """The ranked moves as aligned lines of text."""
    view = (
        msg("every hand open")
        if analysis.method in ("exact", "sampling_open")
        else msg("{seat}'s view", seat=seat_genitive(analysis.seat))
    )
    if analysis.method == "exact":
        how = msg("solved exactly")
    elif analysis.method == "exact_deals":
        how = msg("{playouts:,} deals solved exactly", playouts=analysis.playouts)
    else:
        how = msg("{playouts:,} playouts per move", playouts=analysis.playouts)
    lines = [f"{position.rules_name}, {view.in_(lang)}, {how.in_(lang)}"]
    if analysis.method != "exact":
        lines.append(analysis.basis().in_(lang))
    if analysis.note is not None:
        lines.append(analysis.note.in_(lang))
    header = (
        msgc("table heading", "move").in_(lang),
        msgc("table heading", "win").in_(lang),
        "±",
        msgc("table heading", "points").in_(lang),
        "±",
    )
    rows = [header]
    for value in analysis.moves:
        move = value.move
        text = (
            f"{move.tile} {move.end}{' closed' if move.closed else ''}" if move.tile is not None else move.action.value
        )
        rows.append(
            (text, _percent(value.win), _percent(value.ci).strip(), f"{value.points:+.1f}", f"{value.points_ci:.1f}")
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for row in rows:
        lines.append(
            "  ".join(
                cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
        )
    if why:
        lines.append(msg("Why: {why}", why=why).in_(lang))
    return "\n".join(lines) + "\n"
