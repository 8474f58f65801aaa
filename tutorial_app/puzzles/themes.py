"""A puzzle's theme, read from the strategy engine's own reason for the best move (never set by hand).

The engine explains a best move by the first rule of thumb that holds for it
and not for the runner-up (``strategy.explain.best_reason``): it leaves a
number the next opponent surely cannot answer, it blocks the hand, it keeps a
last tile that fits two ends, and so on. The theme is that reason; where the
reason is that an opponent surely holds no number, what shows it decides
between reading a pass, the lead as a clue and counting the tiles in sight.
A best move no rule of thumb explains, only the playouts and exact play, is
filed as calculation.

The themes follow the strategy course, so each links to its lesson.
"""

from __future__ import annotations

from typing import Literal, get_args

from tutorial_app.rules.line.moves import apply_unchecked
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.text import Text, msg, msgc
from tutorial_app.strategy.explain import Reason
from tutorial_app.strategy.inference import Knowledge
from tutorial_app.strategy.knowledge import ClueKind, clue_kind
from tutorial_app.strategy.view import open_numbers

__all__ = ["Theme", "THEMES", "THEME_NAMES", "THEME_LESSONS", "theme_of", "read_theme"]

Theme = Literal[
    "counting",
    "reading_a_pass",
    "lead_clue",
    "blocking",
    "doubles",
    "last_tile",
    "partnership",
    "scoring",
    "calculation",
]
THEMES: tuple[Theme, ...] = get_args(Theme)
"""Every theme, in the order the trainer lists them (the order of ``Theme``)."""
THEME_NAMES: dict[Theme, Text] = {
    "counting": msg("Counting tiles"),
    "reading_a_pass": msg("Reading a pass"),
    "lead_clue": msg("The lead as a clue"),
    "blocking": msg("Blocking"),
    "doubles": msg("Doubles"),
    "last_tile": msg("The last tile"),
    "partnership": msg("Partnership"),
    "scoring": msgc("puzzles.themes", "Scoring"),
    "calculation": msg("Calculation"),
}
THEME_LESSONS: dict[Theme, str] = {
    "counting": "strategy-01-counting-tiles",
    "reading_a_pass": "strategy-02-what-a-pass-tells",
    "lead_clue": "strategy-03-the-lead-as-a-clue",
    "blocking": "strategy-04-blocking",
    "doubles": "strategy-05-doubles",
    "last_tile": "strategy-06-your-last-tile",
    "partnership": "strategy-07-partnership",
}
"""The strategy lesson that teaches each theme (scoring and calculation have none of their own)."""

_BY_FACT: dict[str, Theme] = {
    "out": "last_tile",
    "last_tile": "last_tile",
    "partner": "partnership",
    "fives": "scoring",
    "double": "doubles",
    "control": "counting",
    "heavy": "counting",
}


def read_theme(value: object) -> Theme:
    """A theme's name as stored (ValueError for anything else)."""
    for theme in THEMES:
        if value == theme:
            return theme
    raise ValueError(f"{value!r} is not a puzzle theme; the themes are: {', '.join(THEMES)}")


def _by_clues(kinds: set[ClueKind]) -> Theme:
    """What showed the numbers missing: a pass or a draw first, then the lead, else the tiles in sight."""
    if kinds & {"pass", "draw"}:
        return "reading_a_pass"
    if "lead" in kinds:
        return "lead_clue"
    return "counting"


def theme_of(reason: Reason, state: HandState, move: Move, knowledge: Knowledge | None) -> Theme:
    """The theme of ``move`` (the best move in ``state``, the position the engine explained) from its reason.

    ``knowledge`` is the inference the explanation read (the analysis's);
    for "blocks" and "stuck" it tells which clue made the numbers certain.
    """
    if not reason.sets_apart or reason.fact in ("played_out", "forced"):
        return "calculation"
    found = _BY_FACT.get(reason.fact)
    if found is not None:
        return found
    if reason.fact == "blocks":
        return "blocking"
    if reason.fact == "stuck":
        after = apply_unchecked(state, move)
        seat = (state.to_move + 1) % state.rules.players
        return _by_clues({clue_kind(knowledge, seat, n) for n in open_numbers(after.table)})
    raise ValueError(f"the engine gave a reason this module does not know: {reason.fact!r}")
