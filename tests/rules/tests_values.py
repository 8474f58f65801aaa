"""Every value of every option, for tests that go through them all."""

from __future__ import annotations

from tutorial_app.rules.line.options import OPTION_NAMES, option_domain

NUMBERS: dict[str, list[int]] = {
    "players": [2, 3, 4],
    "hand_size": [2, 5, 7],
    "reserve": [0, 1, 2],
    "opening_threshold": [0, 13],
    "capicu_bonus": [0, 25, 30],
    "target": [50, 100, 101, 200],
    "min_penalty": [0, 13],
}
"""Values people write for the options that take a range of whole numbers (their domain lists no choices)."""


def every_value() -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for name in OPTION_NAMES:
        choices = option_domain(name).choices()
        out += [(name, value) for value in (choices if choices is not None else NUMBERS[name])]
    return out
