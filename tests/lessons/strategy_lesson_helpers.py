"""Shared by the strategy-lesson tests: a one-lesson YAML text around a few steps, a quiz step on a position, the
validator's verdict on it and a position's scene (imported by bare name: pytest puts this folder on the path)."""

from __future__ import annotations

import textwrap

import yaml

from tutorial_app.lessons.check.validate import Checked, check_source
from tutorial_app.lessons.format.scenes import Scene, scene_of
from tutorial_app.source import parse_source

__all__ = ["PASSED", "EVEN", "strategy_lesson", "quiz_step", "checked", "issues_of", "block_scene"]

# block for two: seat 1 passed with 2 and 5 open; 5-5 on the right keeps both (the analysis: 82% against 72%)
PASSED = """\
    hands:
      - ["5-5", "6-2", "5-1", "4-2"]
      - ["3-3", "6-3", "0-1", "4-4"]
    chain: ["2-1", "1-1", "1-6", "6-6", "6-4", "4-5"]
    to_move: 1
    moves: [{action: pass}]"""


# block for four: 4-3 and 2-0 are worth the same to the analysis (37% each): no question can be asked here
EVEN = """\
    real: true
    hands:
      - ["5-3", "4-3", "2-0", "0-0", "6-2"]
      - ["3-0", "3-1", "4-0", "6-0", "1-0", "3-3"]
      - ["6-5", "4-2", "3-2", "5-2", "5-0", "5-1"]
      - ["6-3", "2-2", "5-5", "4-1", "4-4"]
    chain: ["2-1", "1-1", "1-6", "6-6", "6-4", "4-5"]
    to_move: 1
    moves: [{action: pass}, {tile: "5-6", end: right}, {tile: "6-3", end: right}]"""


def strategy_lesson(steps: str, players: int = 2) -> str:
    """A block lesson ``strategy-test`` made of ``steps`` (YAML list items) and a closing remember step."""
    return (
        textwrap.dedent(f"""\
        id: strategy-test
        title: {{en: T, ru: Т, uk: Т, es: T}}
        summary: {{en: S, ru: С, uk: С, es: S}}
        rules: block
        players: {players}
        steps:
        """)
        + textwrap.indent(textwrap.dedent(steps), "  ")
        + "  - kind: remember\n    points: [{en: P, ru: П, uk: П, es: P}]\n"
    )


def quiz_step(
    position: str, extra: str = "", *, ask: str = "best_move", text: str = "{en: Q, ru: В, uk: П, es: P}"
) -> str:
    """A quiz step asking ``ask`` about ``position`` (the position's YAML); ``extra``: more keys of the step."""
    return (
        f"- kind: quiz\n  text: {text}\n  ask: {ask}\n{extra}  hint: {{en: H, ru: П, uk: П, es: P}}\n"
        f"  position:\n{textwrap.indent(textwrap.dedent(position), '    ')}\n"
    )


def checked(text: str) -> Checked:
    """The validator's verdict on a lesson text read as ``strategy-test.yaml``."""
    return check_source(parse_source(text, "strategy-test.yaml"), "strategy-test")


def issues_of(text: str) -> list[str]:
    """The validator's messages on a lesson text, each with its file and line."""
    return [str(issue) for issue in checked(text).issues]


def block_scene(position: str) -> Scene:
    """The scene of a position's YAML under block rules (``real`` is the validator's key, not the referee's)."""
    data = yaml.safe_load(textwrap.dedent(position))
    assert isinstance(data, dict)
    data.pop("real", None)
    return scene_of({"rules": "block", **data})
