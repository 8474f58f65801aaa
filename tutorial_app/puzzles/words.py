"""A puzzle's worked explanation in English and Russian: the engine's reason, then the figures that prove it.

The reason is the strategy engine's sentence (``strategy.explain``); the
figures are the proof's own: how many deals of the hidden tiles agree with
what the player sees, how each move fared in the playouts, and how it fared
when every one of those deals was solved exactly.
"""

from __future__ import annotations

from tutorial_app.language import ru_plural
from tutorial_app.puzzles.proof import Proof
from tutorial_app.rules.text import Text
from tutorial_app.strategy.explain import Reason, move_name

__all__ = ["SHOWN_MOVES", "worked_explanation", "sentence"]

SHOWN_MOVES = 4
"""The most moves the figures list (the best first); the rest add little."""


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _names(proof: Proof) -> list[Text]:
    tiles = [v.move.tile for v in proof.ranked]
    return [move_name(v.move, tiles.count(v.move.tile) > 1) for v in proof.ranked[:SHOWN_MOVES]]


def _percent(value: float) -> str:
    return f"{round(100 * value)}%"


def _points(value: float, lang: str) -> str:
    shown = f"{value:+.1f}".replace("-", "−")
    return shown.replace(".", ",") if lang == "ru" else shown


def _playouts(proof: Proof, names: list[Text]) -> Text:
    values = proof.ranked[: len(names)]
    if proof.points_first:
        en = "; ".join(f"{n.en} {_points(v.points, 'en')} points" for n, v in zip(names, values, strict=True))
        ru = "; ".join(f"{n.ru} {_points(v.points, 'ru')} очка" for n, v in zip(names, values, strict=True))
    else:
        en = "; ".join(f"{n.en} wins {_percent(v.win)}" for n, v in zip(names, values, strict=True))
        ru = "; ".join(f"{n.ru} выигрывает {_percent(v.win)}" for n, v in zip(names, values, strict=True))
    playouts = proof.analysis.playouts
    return Text(
        f"Played out {playouts} times on deals drawn from them: {en}.",
        f"Разыграно {playouts} {ru_plural(playouts, 'раз', 'раза', 'раз')} на таких раскладах: {ru}.",
    )


def _exact(proof: Proof, names: list[Text]) -> Text:
    parts_en, parts_ru = [], []
    for index, name in enumerate(names):
        win, points = proof.exact_mean(index)
        if proof.points_first:
            parts_en.append(f"{name.en} {_points(points, 'en')} points")
            parts_ru.append(f"{name.ru} {_points(points, 'ru')} очка")
        else:
            parts_en.append(f"{name.en} {_percent(win)}")
            parts_ru.append(f"{name.ru} — {_percent(win)}")
    deals = len(proof.deals)
    return Text(
        f"Solved exactly in every one of the {deals} deals, each hand played as well as it can be: "
        + "; ".join(parts_en)
        + ".",
        f"Точный расчёт каждого из {deals} {ru_plural(deals, 'расклада', 'раскладов', 'раскладов')} "
        "при лучшей игре всех сторон: " + "; ".join(parts_ru) + ".",
    )


def worked_explanation(proof: Proof, reason: Reason) -> Text:
    """The explanation shown after an answer: the reason, the number of possible deals, both sets of figures."""
    names = _names(proof)
    deals = len(proof.deals)
    count = Text(
        f"From what you can see, the hidden tiles can lie in {deals} {'way' if deals == 1 else 'ways'}.",
        f"По тому, что вам видно, скрытые кости могут лежать {deals} "
        f"{ru_plural(deals, 'способом', 'способами', 'способами')}.",
    )
    parts = [Text(sentence(reason.text.en), sentence(reason.text.ru)), count, _playouts(proof, names)]
    parts.append(_exact(proof, names))
    return Text(" ".join(p.en for p in parts), " ".join(p.ru for p in parts))
