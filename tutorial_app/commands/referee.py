"""``domino-tutor referee POSITION_FILE [--rules NAME[,NAME...]] [--json] [--lang en|ru]``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from tutorial_app.commands import UserError
from tutorial_app.commands.io import read_data_file
from tutorial_app.rules.position import PositionError
from tutorial_app.rules.referee import rule_all
from tutorial_app.rules.text import Text

_NO_RULES = Text("--rules needs at least one rule set name", "после --rules нужно хотя бы одно название набора правил")


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "referee",
        help="rule on a position under one or several rule sets",
        description="Rule on a position (YAML or JSON, '-' for standard input) under one or several rule sets.",
    )
    parser.add_argument("position", metavar="POSITION_FILE")
    parser.add_argument("--rules", help="rule set name(s), comma-separated; overrides the file's 'rules'")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--lang", choices=("en", "ru"), default="en",
                        help="language of sentences and of the error line")
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
        json.dump(rulings, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_table(rulings["rulings"]))
    return 0


def _tiles_moves(legal: list[dict[str, Any]]) -> str:
    parts = []
    for move in legal:
        if "tile" in move:
            closed = " closed" if move.get("closed") else ""
            parts.append(f"{move['tile']} {move['end']}{closed}")
        else:
            parts.append(str(move["action"]))
    return ", ".join(parts) or "-"


def _per_side(values: dict[str, Any]) -> str:
    return "  ".join(f"{side}: {value}" for side, value in values.items())


Row = tuple[str, list[str]]
Ruling = dict[str, Any]


def _row(rulings: list[Ruling], label: str, cell: Callable[[Ruling], object]) -> Row:
    return label, [str(cell(r)) for r in rulings]


def _open_ends(ruling: Ruling) -> str:
    return ", ".join(f"{n}={v}" for n, v in zip(ruling["open_end_names"], ruling["open_ends"], strict=True)) or "-"


def _base_rows(rulings: list[Ruling]) -> list[Row]:
    return [_row(rulings, "rules", lambda r: r["rules"]), _row(rulings, "status", lambda r: r["status"]),
            _row(rulings, "open ends", _open_ends), _row(rulings, "to move", lambda r: r["to_move"]),
            _row(rulings, "legal", lambda r: _tiles_moves(r["legal"]))]


def _lead_rows(rulings: list[Ruling]) -> list[Row]:
    if not any("leader" in r for r in rulings):
        return []
    return [_row(rulings, "leader", lambda r: "by lot" if r.get("leader", "x") is None else r.get("leader", "-")),
            _row(rulings, "lead tiles", lambda r: ", ".join(r.get("lead_tiles", [])) or "-")]


def _hand_rows(rulings: list[Ruling]) -> list[Row]:
    """A redeal, the points scored by moves, the boneyard and the unseen tiles (each only when some ruling has it)."""
    rows = []
    if any(r["redeal_reason"] for r in rulings):
        rows.append(_row(rulings, "redeal", lambda r: r["redeal_reason"] or "-"))
    if any(r["move_points"] for r in rulings):
        rows.append(_row(rulings, "move points", lambda r: ", ".join(str(p) for p in r["move_points"]) or "-"))
    if any(r.get("boneyard_count") for r in rulings):
        rows.append(_row(rulings, "boneyard", lambda r: r.get("boneyard_count", "-")))
        rows.append(_row(rulings, "unseen", lambda r: r.get("unseen", "-")))
    return rows


def _result(ruling: Ruling, key: str) -> object:
    return ruling["result"][key] if "result" in ruling else "-"


def _result_rows(rulings: list[Ruling]) -> list[Row]:
    if not any("result" in r for r in rulings):
        return []
    return [
        _row(rulings, "winner side",
             lambda r: ", ".join(str(s) for s in r["result"]["winner_sides"]) if "result" in r else "-"),
        _row(rulings, "tie", lambda r: _result(r, "tie")),
        _row(rulings, "points", lambda r: _per_side(r["result"]["points"]) if "result" in r else "-"),
        _row(rulings, "bank after", lambda r: _result(r, "bank_after")),
        _row(rulings, "capicú", lambda r: _result(r, "capicu")),
        _row(rulings, "next leader", lambda r: _result(r, "next_leader")),
        _row(rulings, "why", lambda r: _result(r, "reason")),
    ]


def _match_rows(rulings: list[Ruling]) -> list[Row]:
    if not any("match" in r for r in rulings):
        return []
    return [
        _row(rulings, "match scores", lambda r: _per_side(r["match"]["scores"]) if "match" in r else "-"),
        _row(rulings, "match over", lambda r: r["match"]["over"] if "match" in r else "-"),
        _row(rulings, "match winner",
             lambda r: ", ".join(str(s) for s in r["match"]["winner_sides"]) if "match" in r else "-"),
    ]


def format_table(rulings: list[Ruling]) -> str:
    """Rule sets side by side, one row per question."""
    rows = [*_base_rows(rulings), *_lead_rows(rulings), *_hand_rows(rulings), *_result_rows(rulings),
            *_match_rows(rulings)]
    label_width = max(len(label) for label, _ in rows)
    widths = [min(max(len(cells[i]) for _, cells in rows), 48) for i in range(len(rulings))]
    lines = []
    for label, cells in rows:
        padded = [c if len(c) <= 48 else c[:45] + "..." for c in cells]
        lines.append("  ".join([label.ljust(label_width), *(c.ljust(w) for c, w in zip(padded, widths, strict=True))]).rstrip())
    return "\n".join(lines) + "\n"
