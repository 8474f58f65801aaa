"""``domino-tutor referee POSITION_FILE [--rules NAME[,NAME...]] [--json] [--lang en|ru]``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tutorial_app.cli import UserError
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


def format_table(rulings: list[dict[str, Any]]) -> str:
    """Rule sets side by side, one row per question."""
    rows: list[tuple[str, list[str]]] = []

    def row(label: str, cell: Any) -> None:
        rows.append((label, [str(cell(r)) for r in rulings]))

    row("rules", lambda r: r["rules"])
    row("status", lambda r: r["status"])
    row("open ends", lambda r: ", ".join(f"{n}={v}" for n, v in zip(r["open_end_names"], r["open_ends"], strict=True)) or "-")
    row("to move", lambda r: r["to_move"])
    row("legal", lambda r: _tiles_moves(r["legal"]))
    if any("leader" in r for r in rulings):
        row("leader", lambda r: "by lot" if r.get("leader", "x") is None else r.get("leader", "-"))
        row("lead tiles", lambda r: ", ".join(r.get("lead_tiles", [])) or "-")
    if any(r["redeal_reason"] for r in rulings):
        row("redeal", lambda r: r["redeal_reason"] or "-")
    if any(r["move_points"] for r in rulings):
        row("move points", lambda r: ", ".join(str(p) for p in r["move_points"]) or "-")
    if any("result" in r for r in rulings):

        def res(r: dict[str, Any], key: str) -> Any:
            return r["result"][key] if "result" in r else "-"

        row("winner side", lambda r: ", ".join(str(s) for s in res(r, "winner_sides")) if "result" in r else "-")
        row("tie", lambda r: res(r, "tie"))
        row("points", lambda r: _per_side(r["result"]["points"]) if "result" in r else "-")
        row("bank after", lambda r: res(r, "bank_after"))
        row("capicú", lambda r: res(r, "capicu"))
        row("next leader", lambda r: res(r, "next_leader"))
        row("why", lambda r: res(r, "reason"))
    if any("match" in r for r in rulings):
        row("match scores", lambda r: _per_side(r["match"]["scores"]) if "match" in r else "-")
        row("match over", lambda r: r["match"]["over"] if "match" in r else "-")
        row("match winner", lambda r: ", ".join(str(s) for s in r["match"]["winner_sides"]) if "match" in r else "-")
    label_width = max(len(label) for label, _ in rows)
    widths = [max(len(cells[i]) for _, cells in rows) for i in range(len(rulings))]
    widths = [min(w, 48) for w in widths]
    lines = []
    for label, cells in rows:
        padded = [c if len(c) <= 48 else c[:45] + "..." for c in cells]
        lines.append("  ".join([label.ljust(label_width), *(c.ljust(w) for c, w in zip(padded, widths, strict=True))]).rstrip())
    return "\n".join(lines) + "\n"
