"""Every value of every option, for tests that go through them all."""

from __future__ import annotations

from tutorial_app.rules.line.options import _BOOL_OPTIONS, _CHOICES, _ENUM_TYPES, OPTION_NAMES

NUMBERS: dict[str, list[int]] = {
    "players": [2, 3, 4],
    "hand_size": [2, 5, 7],
    "reserve": [0, 1, 2],
    "opening_threshold": [0, 13],
    "capicu_bonus": [0, 25, 30],
    "target": [50, 100, 101, 200],
    "min_penalty": [0, 13],
}


def every_value() -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for name in OPTION_NAMES:
        if name in _ENUM_TYPES:
            out += [(name, member.value) for member in _ENUM_TYPES[name]]
        elif name in _BOOL_OPTIONS:
            out += [(name, True), (name, False)]
        elif name in _CHOICES:
            out += [(name, value) for value in _CHOICES[name]]
        else:
            out += [(name, value) for value in NUMBERS[name]]
    return out
