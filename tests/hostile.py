"""Hostile and malformed input, shared by the fuzz tests and ``benchmarks/fuzz_inputs.py``.

Why one catalogue: the reliability review tried the same kinds of values on
every surface (a referee position, a lesson, a pasted text, a link, a
progress file); keeping them here lets the suite's bounded hypothesis tests
and the harness that counts outcomes throw the same things.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

# Values a hostile or careless user puts where a tile, a seat, a number or a name is expected.
HOSTILE_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    -7,
    3,
    99,
    10**30,
    10**4400,
    1.5,
    2.0,
    float("inf"),
    float("-inf"),
    float("nan"),
    "",
    " ",
    "a\nb\nc",
    "a\n\n# HEADING",
    "²",
    "٣",
    "9" * 50,
    "9" * 5000,
    "-1",
    "1e3",
    "6-4",
    "4-6",
    "7-1",
    "6/4",
    "6:4",
    "0-0",
    "x-y",
    "6-4-1",
    "left",
    "right",
    "lead",
    "up",
    "draw",
    "pass",
    "block",
    "kozel",
    "chess",
    "![b](http://127.0.0.1:8702/x)",
    "**bold** [click](http://example.invalid)",
    "<b>html</b>",
    ":red[x]",
    "$x^2$",
    "\x00",
    "\x01",
    "\ud800",
    "\u202e",
    "🁫",
    "козёл",
    "'; DROP TABLE x;--",
    "../../etc/passwd",
    "x" * 10_000,
    [],
    {},
    [[]],
    [6, 4],
    [6, 4, 1],
    ["6-4"],
    [[6, 4]],
    {"a": 1},
    {"tile": "6-4"},
    {"tile": "6-4", "end": "left"},
    {"action": "draw"},
    {"spinner": "5-5"},
    [None],
    [[[[[[[[[[[]]]]]]]]]]],
]

# Characters and fragments that break parsers: control characters, unbalanced brackets, aliases, tags, tabs.
HOSTILE_FRAGMENTS: list[str] = [
    "\x00",
    "\x01",
    "\x1b[31m",
    "\t",
    "\r",
    "\ud800",
    "\ufeff",
    "\u2028",
    "[",
    "]",
    "{",
    "}",
    ": ",
    "- ",
    "&a ",
    "*a",
    "&s [*s]",
    "!!python/object/apply:os.system ['ls']",
    "!!binary aGk=",
    "!!set {a}",
    "? ",
    "|",
    ">",
    "'",
    '"',
    "%YAML 1.1\n",
    "---\n",
    "...\n",
    "#",
    "9" * 5000,
    "[" * 3000,
    "]" * 3000,
    "1e999",
    ".inf",
    ".nan",
    "0x1F",
    "0o17",
    "1_000",
    "<<: *a",
    "~",
    "null",
    "yes",
    "no",
    "on",
    "2001-12-14",
    "\\",
    "\n  \n",
    "@",
    "`",
    "\u00a0",
]


def seeded(seed: int) -> random.Random:
    return random.Random(seed)


# -- structured mutations (positions, progress files, parsed lessons) ---------------------------------


def paths_of(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a nested structure of dicts and lists (the root is ``()``)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths_of(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths_of(item, (*prefix, index))


def _parent(root: Any, path: tuple[Any, ...]) -> Any:
    for step in path[:-1]:
        root = root[step]
    return root


def mutate_value(data: Any, rng: random.Random) -> Any:
    """A copy of ``data`` with one hostile change: a value replaced, a key dropped or added, an item doubled."""
    out = copy.deepcopy(data)
    paths = [p for p in paths_of(out) if p]
    if not paths:
        return rng.choice(HOSTILE_VALUES)
    path = rng.choice(paths)
    parent = _parent(out, path)
    kind = rng.randrange(5)
    if kind == 0 and isinstance(parent, dict):
        del parent[path[-1]]
    elif kind == 1 and isinstance(parent, dict):
        parent[rng.choice(["extra", "Rules", "hands ", "to_move", "hand", "last_end", "boneyard"])] = copy.deepcopy(
            rng.choice(HOSTILE_VALUES)
        )
    elif kind == 2 and isinstance(parent, list):
        parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
    else:
        parent[path[-1]] = copy.deepcopy(rng.choice(HOSTILE_VALUES))
    return out


def mutants(base: list[Any], count: int, seed: int, rounds: int = 2) -> Iterator[Any]:
    """``count`` mutants of the base documents, each with one to ``rounds`` hostile changes."""
    return _repeat(base, count, seed, rounds, mutate_value)


def _repeat(
    base: list[Any], count: int, seed: int, rounds: int, mutate: Callable[[Any, random.Random], Any]
) -> Iterator[Any]:
    rng = seeded(seed)
    for _ in range(count):
        value = rng.choice(base)
        for _ in range(rng.randint(1, rounds)):
            value = mutate(value, rng)
        yield value


# -- text mutations (lessons, pasted positions) -------------------------------------------------------


def mutate_text(text: str, rng: random.Random) -> str:
    """Text with one hostile edit: a fragment inserted, a line dropped, doubled, nested or cut short."""
    lines = text.split("\n")
    kind = rng.randrange(7)
    index = rng.randrange(len(lines))
    if kind == 0:
        at = rng.randrange(len(text) + 1)
        return text[:at] + rng.choice(HOSTILE_FRAGMENTS) + text[at:]
    if kind == 1 and len(lines) > 1:
        del lines[index]
    elif kind == 2:
        lines.insert(index, lines[index])
    elif kind == 3:
        depth = rng.choice([5, 100, 3000])
        lines.insert(index, "x: " + "[" * depth + "]" * depth)
    elif kind == 4:
        return text[: rng.randrange(len(text) + 1)]
    elif kind == 5:
        line = lines[index]
        head, _, _ = line.partition(":")
        lines[index] = f"{head}: {rng.choice(HOSTILE_FRAGMENTS)}" if head.strip() else line
    else:
        lines[index] = " " * rng.randrange(1, 9) + lines[index]
    return "\n".join(lines)


def text_mutants(base: list[str], count: int, seed: int, rounds: int = 2) -> Iterator[str]:
    """``count`` mutants of the base texts, each with one to ``rounds`` hostile edits."""
    return _repeat(base, count, seed, rounds, mutate_text)


def docs_positions() -> list[dict[str, Any]]:
    """Every position written out in docs/referee.md (a ```yaml block that starts with ``rules:``)."""
    import yaml

    text = (ROOT / "docs" / "referee.md").read_text(encoding="utf-8")
    found = []
    for chunk in text.split("```yaml\n")[1:]:
        body = chunk.partition("```")[0]
        if body.startswith("rules:"):
            found.append(yaml.safe_load(body))
    return found


# -- the review's reproductions, as data ------------------------------------------------------------

REVIEW_POSITIONS: dict[str, str] = {
    "bank with 4301 digits": "rules: block\nhands: [[6-4], [1-1]]\nchain: [4-4]\nbank: " + "9" * 4301 + "\n",
    "bank with 5000 digits": "rules: block\nhands: [[6-4], [1-1]]\nchain: [4-4]\nbank: " + "9" * 5000 + "\n",
    "an infinite side in match scores": "rules: block\nhands: [[6-4], [1-1]]\nchain: [4-4]\nmatch: {scores: {.inf: 3}}\n",
    "5000-deep lists": "rules: block\nhands: " + "[" * 5000 + "]" * 5000 + "\n",
    "a three-line closed value": "rules: block\nhands: [[6-4, 3-3], [1-1]]\nchain: [4-4]\n"
    'moves: [{tile: 6-4, end: left, closed: "a\\nb\\nc"}]\n',
    "a heading in a move": "rules: block\nhands: [[6-4, 3-3], [1-1]]\nchain: [2-2]\n"
    'moves: [{tile: 6-4, end: left, closed: "a\\n\\n# HEADING"}]\n',
    "last_move_by -7 on an empty chain": "rules: block\nhands: [[6-4, 3-0], [5-5, 2-2]]\nchain: []\nlast_move_by: -7\n",
    "last_move_by 99 on an empty chain": "rules: block\nhands: [[6-4, 3-0], [5-5, 2-2]]\nchain: []\nlast_move_by: 99\n",
    "last_move_by 10^30 on an empty chain": "rules: block\nhands: [[6-4, 3-0], [5-5, 2-2]]\nchain: []\n"
    "last_move_by: 1000000000000000000000000000000\n",
    "a NUL after the rules": "rules: block\x00\nhands: [[6-4], [1-1]]\n",
    "an alias that contains itself": "rules: block\nhands: &s [*s]\n",
}

REVIEW_LESSON_TEXTS: dict[str, str] = {
    "a NUL after the id": "id: x\x00\n",
    "a control character after the id": "id: x\x01\n",
    "an alias that contains itself": "id: x\nsteps: &s [*s]",
    "3000 brackets deep": "id: x\nsteps: " + "[" * 3000 + "]" * 3000 + "\n",
    "3000 brackets on the next line": "id: x\nsteps:\n" + "[" * 3000 + "]" * 3000 + "\n",
    "5000 nines": "id: x\nplayers: " + "9" * 5000 + "\n",
}

REVIEW_PROGRESS_FILES: dict[str, bytes] = {
    "5000 nines of stars": b'{"format":"domino-tutor-progress","stars":{"a":' + b"9" * 5000 + b"}}",
    "a lone surrogate lesson id": b'{"format":"domino-tutor-progress","stars":{"\\ud800":3}}',
    "5000-deep arrays": b"[" * 5000 + b"]" * 5000,
    "made-up lesson ids": b'{"format":"domino-tutor-progress","stars":{"made-up-lesson":3}}',
}

# Deep links the review tried: (page, query parameters).
REVIEW_LINKS: list[tuple[str, dict[str, str]]] = [
    ("play", {"deal": "²", "rules": "block", "players": "2"}),
    ("play", {"deal": "9" * 4301, "rules": "block", "players": "2"}),
    ("play", {"deal": "1", "rules": "block", "players": "²"}),
    ("play", {"deal": "1", "rules": "block", "players": "9" * 5000}),
    ("play", {"deal": "-1"}),
    ("play", {"deal": "![b](http://127.0.0.1:8702/x)"}),
    ("play", {"deal": "1", "rules": "![b](http://127.0.0.1:8702/x)"}),
    ("learn", {"lesson": "![b](http://127.0.0.1:8702/x)"}),
    ("learn", {"lesson": "**bold** [click](http://example.invalid)"}),
    ("learn", {"lang": "xx"}),
]
