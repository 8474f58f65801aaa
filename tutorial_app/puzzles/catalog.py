"""The shipped puzzles: one JSON file per table in ``data/``, written by ``domino-tutor puzzles mine --json``.

A file is the miner's output as it stands (its header names the command that
wrote it), one puzzle per line so a re-mined file shows what changed, less
any position a file before it (in name order) already ships: a middlegame's
search and an endgame's over the same seed's games can stop at the same turn,
and a position ships once (the header's ``shipped_elsewhere`` names each
puzzle left out and the one that ships its position). The files are package data, so an installed wheel
carries them.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from tutorial_app.puzzles.model import FORMAT, Puzzle
from tutorial_app.puzzles.themes import THEMES

__all__ = [
    "FORMAT_VERSION",
    "shipped_puzzles",
    "read_puzzle_file",
    "puzzle_file",
    "counts",
    "shipped_counts",
    "puzzle_stats",
    "by_id",
]

FORMAT_VERSION = 1


class PuzzleFileError(ValueError):
    """A puzzle file that is not one this version writes."""


def read_puzzle_file(text: str, name: str = "puzzles") -> tuple[Mapping[str, Any], tuple[Puzzle, ...]]:
    """A puzzle file's header and its puzzles (PuzzleFileError for anything else)."""
    try:
        doc = json.loads(text)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != FORMAT_VERSION:
            raise PuzzleFileError(f"{name} is not a puzzle file of version {FORMAT_VERSION}")
        puzzles = tuple(Puzzle.from_json(p) for p in doc["puzzles"])
    except (ValueError, KeyError, TypeError) as exc:
        raise PuzzleFileError(f"{name} does not read as puzzles: {exc}") from None
    header = {k: v for k, v in doc.items() if k != "puzzles"}
    return header, puzzles


def puzzle_file(header: Mapping[str, Any], puzzles: Sequence[Puzzle]) -> str:
    """The file's text: the header's fields, then the puzzles one per line (compact, keys in a fixed order)."""
    head = {"format": FORMAT, "version": FORMAT_VERSION, **header}
    lines = [json.dumps(p.as_json(), ensure_ascii=False, separators=(",", ":")) for p in puzzles]
    opening = json.dumps(head, ensure_ascii=False)[:-1]
    body = ",\n".join(lines)
    return f'{opening}, "puzzles": [\n{body}\n]}}\n'


@lru_cache(maxsize=1)
def shipped_puzzles() -> tuple[Puzzle, ...]:
    """Every puzzle shipped with the package, file by file in name order (read once per process)."""
    folder = resources.files("tutorial_app.puzzles") / "data"
    out: list[Puzzle] = []
    if not folder.is_dir():
        return ()
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            out.extend(read_puzzle_file(entry.read_text(encoding="utf-8"), entry.name)[1])
    return tuple(out)


@lru_cache(maxsize=1)
def _index() -> dict[str, Puzzle]:
    return {p.id: p for p in shipped_puzzles()}


def by_id(puzzle_id: str) -> Puzzle | None:
    """A shipped puzzle by its id."""
    return _index().get(puzzle_id)


def counts(puzzles: Iterable[Puzzle]) -> tuple[Counter[str], Counter[str]]:
    """How many puzzles there are per theme and per preset."""
    listed = list(puzzles)
    return Counter(p.theme for p in listed), Counter(p.preset for p in listed)


@lru_cache(maxsize=1)
def shipped_counts() -> tuple[Counter[str], Counter[str]]:
    """``counts`` of the shipped puzzles, once per process (the Puzzles page's pickers show them on every run)."""
    return counts(shipped_puzzles())


def puzzle_stats(puzzles: Iterable[Puzzle]) -> dict[str, object]:
    """How many puzzles there are, per preset and per theme (every theme listed, also with none)."""
    listed = list(puzzles)
    by_theme, by_preset = counts(listed)
    return {
        "total": len(listed),
        "by_preset": dict(sorted(by_preset.items())),
        "by_theme": {theme: by_theme.get(theme, 0) for theme in THEMES},
    }
