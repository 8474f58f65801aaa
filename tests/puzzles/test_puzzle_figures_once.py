"""A puzzle's explanation states each figure once: the reason's quoted figures are not listed again, and
playouts that agree with the exact solve are said in one sentence with the exact one (QA: a Spanish block
puzzle said "5-4 gana el 7%" three times)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

from tutorial_app.puzzles.catalog import shipped_puzzles
from tutorial_app.puzzles.model import RankedMove
from tutorial_app.puzzles.words import figures_explanation
from tutorial_app.rules.line.state import Action, End, Move
from tutorial_app.rules.text import msg
from tutorial_app.rules.tiles import Tile
from tutorial_app.strategy.explain import Reason

_FIGURE_OF = {"move": ("win", "points", "mine"), "other": ("other_win", "theirs")}
"""In a message that states figures, the value that holds each named move's figure."""


def _figure(value: Any) -> str:
    """A figure as it reads, whatever the message: "7%", or points to one decimal with their sign."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):  # a signed number: {"id": "{sign}{value:.1f}", "values": {"sign", "value"}}
        sign = -1 if value["values"]["sign"] == "−" else 1
        return f"{sign * value['values']['value']:+.1f}"
    return f"{float(value):+.1f}"


def stated_figures(node: Any) -> Iterator[tuple[str, str]]:
    """Every (move, figure) a stored explanation states, read from its messages: the reason's and the lists'.
    Every language renders the same messages, so a figure stated twice here is stated twice in each."""
    if isinstance(node, list):
        for item in node:
            yield from stated_figures(item)
        return
    if not isinstance(node, dict):
        return
    values = node.get("values")
    if isinstance(values, dict):
        for name, figures in _FIGURE_OF.items():
            held = next((values[f] for f in figures if f in values), None)
            if name in values and held is not None:
                yield json.dumps(values[name], sort_keys=True), _figure(held)
    for child in node.values():
        yield from stated_figures(child)


def test_no_shipped_explanation_states_a_moves_figure_twice() -> None:
    repeated = {}
    for puzzle in shipped_puzzles():
        counts = Counter(stated_figures(puzzle.explanation.to_json()))
        twice = [pair for pair, n in counts.items() if n > 1]
        if twice:
            repeated[puzzle.id] = twice
    assert not repeated, f"{len(repeated)} explanations repeat a figure, e.g. {next(iter(repeated.items()))}"


def test_the_qa_puzzle_says_its_figures_once_in_every_language() -> None:
    puzzle = next(p for p in shipped_puzzles() if p.id == "block-2-end-s11-g19")
    for lang in ("en", "ru", "uk", "es"):
        text = puzzle.explanation.in_(lang)
        assert text.count("7%") == 1 and text.count("0%") == 1, (lang, text)
        assert text.count("15") == 3, (lang, text)  # the possible deals, the playouts, the deals solved


def _play(tile: str, end: End = "left") -> Move:
    high, low = (int(n) for n in tile.split("-"))
    return Move(Action.PLAY, Tile(high, low), end)


def test_a_reason_quoting_the_shares_is_not_followed_by_them_again() -> None:
    best, runner, third = _play("5-4"), _play("6-4"), _play("3-2")
    reason = Reason(
        "played_out",
        False,
        msg("No simple rule shows it, but solved exactly, {figures}", figures=msg("5-4 wins 7%, 6-4 0%")),
        (best, runner),
    )
    ranked = [RankedMove("5-4 left", 0.07, -3.0, 0.07, -3.0), RankedMove("6-4 left", 0.0, -9.0, 0.0, -9.0)]
    text = figures_explanation(reason, [best, runner], ranked, 15, 15, False).en
    assert text == (
        "No simple rule shows it, but solved exactly, 5-4 wins 7%, 6-4 0%. "
        "From what you can see, the hidden tiles can lie in 15 ways. "
        "Played out 15 times on deals drawn from them and solved exactly in every one of the 15 deals, "
        "each hand played as well as it can be, with the figures above both ways."
    )
    # a third move the reason does not quote is listed, once
    ranked.append(RankedMove("3-2 left", 0.02, -5.0, 0.02, -5.0))
    text = figures_explanation(reason, [best, runner, third], ranked, 15, 15, False).en
    assert text.endswith("with the same figures both ways: besides the figures above, 3-2 wins 2%.")
    # playouts that differ from the exact solve: the quoted playout figures are not listed; the exact ones are,
    # but for a move whose exact figure reads as its playout one
    ranked = [RankedMove("5-4 left", 0.07, -3.0, 0.07, -3.0), RankedMove("6-4 left", 0.0, -9.0, 0.05, -8.0)]
    text = figures_explanation(reason, [best, runner], ranked, 1000, 15, False).en
    assert text.endswith(
        "Played out 1000 times on deals drawn from them. Solved exactly in every one of the 15 deals, "
        "each hand played as well as it can be: 5-4 the same; 6-4 5%."
    )
