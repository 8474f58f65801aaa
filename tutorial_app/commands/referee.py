"""``domino-tutor referee POSITION_FILE [--rules NAME[,NAME...]] [--json] [--lang en|ru]``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TypeVar

from tutorial_app.commands import UserError
from tutorial_app.commands.io import read_data_file
from tutorial_app.language import LANGS
from tutorial_app.rules.line.position import PositionError
from tutorial_app.rules.line.referee import LeadRuling, Ruling, rule_all, rulings_json
from tutorial_app.rules.line.state import Action, Move
from tutorial_app.rules.text import msg

_NO_RULES = msg("--rules needs at least one rule set name")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", metavar="POSITION_FILE")
    parser.add_argument("--rules", help="rule set name(s), comma-separated; overrides the file's 'rules'")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--lang", choices=LANGS, default="en", help="language of sentences and of the error line")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    data = read_data_file(args.position, args.lang)
    names = [n.strip() for n in args.rules.split(",") if n.strip()] if args.rules else None
    if args.rules is not None and not names:
        raise UserError(_NO_RULES.in_(args.lang))
    try:
        rulings = rule_all(data, names, args.lang)
    except PositionError as exc:
        raise UserError(exc.reason.in_(args.lang)) from None
    if args.json:
        json.dump(rulings_json(rulings), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_table(rulings))
    return 0


def _tiles_moves(legal: Sequence[Move]) -> str:
    parts = []
    for move in legal:
        if move.action is Action.PLAY:
            parts.append(f"{move.tile} {move.end}{' closed' if move.closed else ''}")
        else:
            parts.append(move.action.value)
    return ", ".join(parts) or "-"


def _per_side(values: Sequence[object]) -> str:
    return "  ".join(f"{side}: {value}" for side, value in enumerate(values))


def _listed(values: Sequence[object]) -> str:
    return ", ".join(str(v) for v in values) or "-"


Row = tuple[str, list[str]]
_Part = TypeVar("_Part")


def _row(rulings: Sequence[Ruling], label: str, cell: Callable[[Ruling], object]) -> Row:
    return label, [str(cell(r)) for r in rulings]


def _open_ends(ruling: Ruling) -> str:
    return ", ".join(f"{n}={v}" for n, v in zip(ruling.open_end_names, ruling.open_ends, strict=True)) or "-"


def _base_rows(rulings: Sequence[Ruling]) -> list[Row]:
    return [
        _row(rulings, "rules", lambda r: r.rules),
        _row(rulings, "status", lambda r: r.status),
        _row(rulings, "open ends", _open_ends),
        _row(rulings, "to move", lambda r: r.to_move),
        _row(rulings, "legal", lambda r: _tiles_moves(r.legal)),
    ]


def _leader(lead: LeadRuling | None) -> object:
    if lead is None or (lead.leader is None and lead.reason is None):  # no lead at all: the deal is thrown in
        return "-"
    return "by lot" if lead.leader is None else lead.leader


def _lead_rows(rulings: Sequence[Ruling]) -> list[Row]:
    if not any(r.lead is not None for r in rulings):
        return []
    return [
        _row(rulings, "leader", lambda r: _leader(r.lead)),
        _row(rulings, "lead tiles", lambda r: _listed(r.lead.tiles) if r.lead is not None else "-"),
    ]


def _hand_rows(rulings: Sequence[Ruling]) -> list[Row]:
    """A redeal, the points scored by moves, the boneyard and the unseen tiles (each only when some ruling has it)."""
    rows = []
    if any(r.redeal_reason for r in rulings):
        rows.append(_row(rulings, "redeal", lambda r: r.redeal_reason or "-"))
    if any(r.move_points for r in rulings):
        rows.append(_row(rulings, "move points", lambda r: _listed(r.move_points)))
    if any(r.boneyard_count for r in rulings):
        rows.append(_row(rulings, "boneyard", lambda r: r.boneyard_count))
        rows.append(_row(rulings, "unseen", lambda r: r.unseen))
    return rows


def _part_rows(parts: Sequence[_Part | None], reads: Sequence[tuple[str, Callable[[_Part], object]]]) -> list[Row]:
    """Rows of one part of the rulings (the hand's result, the match): none when no ruling has the part, "-" in the
    column of a ruling that lacks it."""
    if all(part is None for part in parts):
        return []
    return [(label, [str(read(part)) if part is not None else "-" for part in parts]) for label, read in reads]


def _result_rows(rulings: Sequence[Ruling]) -> list[Row]:
    return _part_rows(
        [r.result for r in rulings],
        [
            ("winner side", lambda h: ", ".join(str(s) for s in h.winner_sides)),
            ("tie", lambda h: h.tie),
            ("points", lambda h: _per_side(h.points)),
            ("bank after", lambda h: h.bank_after),
            ("capicú", lambda h: h.capicu),
            ("next leader", lambda h: h.next_leader),
            ("why", lambda h: h.reason),
        ],
    )


def _match_rows(rulings: Sequence[Ruling]) -> list[Row]:
    return _part_rows(
        [r.match for r in rulings],
        [
            ("match scores", lambda m: _per_side(m.scores)),
            ("match over", lambda m: m.over),
            ("match winner", lambda m: ", ".join(str(s) for s in m.winner_sides)),
        ],
    )


def format_table(rulings: Sequence[Ruling]) -> str:
    """Rule sets side by side, one row per question."""
    rows = [
        *_base_rows(rulings),
        *_lead_rows(rulings),
        *_hand_rows(rulings),
        *_result_rows(rulings),
        *_match_rows(rulings),
    ]
    label_width = max(len(label) for label, _ in rows)
    widths = [min(max(len(cells[i]) for _, cells in rows), 48) for i in range(len(rulings))]
    lines = []
    for label, cells in rows:
        padded = [c if len(c) <= 48 else c[:45] + "..." for c in cells]
        lines.append(
            "  ".join([label.ljust(label_width), *(c.ljust(w) for c, w in zip(padded, widths, strict=True))]).rstrip()
        )
    return "\n".join(lines) + "\n"
