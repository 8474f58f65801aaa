"""Every quiz kind, declared once: ``QUIZ_SPECS``, from which the format's ``QuizKind`` is derived.

Why one registry: a question kind's name, the form of its answer (yes or
no, a seat, a side, a word, a tile, a move, a number), the words a word
answer may be, whether it needs a position and which lessons may ask it were
once spread over six tables. Now the lesson format (``model.QuizKind``), the
answers' forms and word labels (``quiz.answers``), the Chinese and Tien Gow
sets of kinds and the validator all read this list. What each kind's answer
and worked explanation are is code: one function each per game, in
``quiz.answers``/``quiz.explain`` (the line games and the Chinese tiles) and
``quiz.tien_gow``, keyed by these kinds (``tests/lessons/test_format.py``
checks that every kind has both).

A new kind: one ``QuizSpec`` below (in the order the lesson schema lists
them), its answer and its explanation.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, NamedTuple

from tutorial_app.rules.text import Text, msg

__all__ = [
    "Form",
    "About",
    "QuizSpec",
    "QUIZ_SPECS",
    "QUIZ_SPEC",
    "QUIZ_KINDS",
    "kinds_about",
    "kinds_without_position",
]

Form = Literal["bool", "number", "tile", "seat", "side", "word", "move"]
"""How an answer is written: yes or no, a whole number, a tile, a seat, a side, a word, a move."""
About = Literal["line", "chinese", "tien_gow"]
"""What a kind asks about: a line game's position, Chinese tiles and sets, or a Tien Gow position."""


class QuizSpec(NamedTuple):
    """One quiz kind: its name, its answer's form, what it is about, whether it needs a position, and for a word
    answer the words it may be (with the learner's labels; a side's answer may also be the word ``tie``)."""

    kind: str
    form: Form
    about: About = "line"
    position: bool = True
    words: Mapping[str, Text] = MappingProxyType({})


QUIZ_SPECS: tuple[QuizSpec, ...] = (
    QuizSpec("who_leads", "seat"),
    QuizSpec("lead_tile", "tile"),
    QuizSpec("must_redeal", "bool"),
    QuizSpec("fitting_tile", "tile"),
    QuizSpec("who_moves", "seat"),
    QuizSpec("is_legal", "bool"),
    QuizSpec(
        "what_to_do",
        "word",
        words={
            "play": msg("Play a tile"),
            "draw": msg("Draw from the boneyard"),
            "pass": msg("Pass"),
        },
    ),
    QuizSpec("draw_count", "number"),
    QuizSpec("drawable", "number"),
    QuizSpec("ends_sum", "number"),
    QuizSpec("fives_points", "number"),
    QuizSpec("tiles_left_in_suit", "number"),
    QuizSpec("unseen_in_suit", "number"),
    QuizSpec("pip_count", "number"),
    QuizSpec("tile_value", "number", position=False),
    QuizSpec("count_tiles", "number", position=False),
    QuizSpec("is_double", "bool", position=False),
    QuizSpec(
        "hand_status",
        "word",
        words={
            "in_play": msg("Still in play"),
            "won": msg("Someone went out"),
            "blocked": msg("Blocked (a fish)"),
        },
    ),
    QuizSpec("winner", "side", words={"tie": msg("A tie")}),
    QuizSpec("points", "number"),
    QuizSpec("fish_maker", "seat"),
    QuizSpec("next_leader", "seat"),
    QuizSpec("bank_after", "number"),
    QuizSpec("capicu", "bool"),
    QuizSpec("match_over", "bool"),
    QuizSpec("match_winner", "side"),
    QuizSpec("match_score", "number"),
    # strategy (quiz/strategy.py): answered from the learner's view by the analysis / inference
    QuizSpec("best_move", "move"),
    QuizSpec("may_hold", "bool"),
    # Chinese dominoes (quiz/chinese.py): about tiles and sets, no position
    QuizSpec(
        "chinese_suit",
        "word",
        "chinese",
        position=False,
        words={"civil": msg("Civil"), "military": msg("Military")},
    ),
    QuizSpec("chinese_copies", "number", "chinese", position=False),
    QuizSpec("chinese_red_pips", "number", "chinese", position=False),
    QuizSpec("chinese_can_lead", "bool", "chinese", position=False),
    QuizSpec("chinese_beats", "bool", "chinese", position=False),
    # Tien Gow positions (quiz/tien_gow.py): tricks, the last trick, the settlement
    QuizSpec("trick_taker", "seat", "tien_gow"),
    QuizSpec("trick_legal", "bool", "tien_gow"),
    QuizSpec("trick_next_leader", "seat", "tien_gow"),
    QuizSpec("trick_may_take_last", "bool", "tien_gow"),
    QuizSpec("trick_points", "number", "tien_gow"),
    QuizSpec("trick_hand_winner", "seat", "tien_gow"),
    QuizSpec("trick_pays", "number", "tien_gow"),
    QuizSpec("trick_collects", "number", "tien_gow"),
)
"""Every quiz kind, in the order the lesson schema lists them."""

QUIZ_SPEC: dict[str, QuizSpec] = {spec.kind: spec for spec in QUIZ_SPECS}
QUIZ_KINDS: tuple[str, ...] = tuple(QUIZ_SPEC)


def kinds_about(*about: About) -> frozenset[str]:
    """The kinds that ask about these things (``kinds_about("tien_gow")``: the trick_* kinds)."""
    return frozenset(spec.kind for spec in QUIZ_SPECS if spec.about in about)


def kinds_without_position() -> frozenset[str]:
    """The kinds answered without a position (about tiles and the set)."""
    return frozenset(spec.kind for spec in QUIZ_SPECS if not spec.position)
