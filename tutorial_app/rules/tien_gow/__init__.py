"""Tien Gow ("Heaven Nine"), the Chinese trick-taking domino game, as a rules engine.

The same shape as the line games' engine (``rules.line``): an immutable
``HandState``, ``legal_moves`` in a fixed order, ``apply``/``apply_unchecked``,
``why_illegal`` in English and Russian, a seeded ``deal``, ``hand_result``
and a match. The 32 tiles, their names and which set beats which are in
``tiles`` (their worked explanations in ``worked_tiles``); the decisions
where the rule pages differ are in ``docs/tien_gow.md``.

Modules: ``options`` (name, aliases, house rules), ``state``, ``moves``,
``deal``, ``scoring``, ``match``, ``bots``, ``simulate``, ``sheet``, ``worked``.
The names below are the ones a lesson runner or a page needs.
"""

from __future__ import annotations

from tutorial_app.rules.tien_gow.deal import TienGowDeal, TienGowError, deal, position, start_hand
from tutorial_app.rules.tien_gow.match import (
    HandRecord,
    TienGowMatch,
    match_reason,
    new_match,
    next_deal,
    record_hand,
    replay,
)
from tutorial_app.rules.tien_gow.moves import (
    IllegalMoveError,
    apply,
    apply_unchecked,
    combo_of,
    is_legal,
    legal_moves,
    legal_sequence,
    normalize,
    why_illegal,
)
from tutorial_app.rules.tien_gow.options import (
    ALIASES,
    HAND_SIZE,
    NAME,
    PLAYERS,
    TITLE,
    LastTrick,
    TienGowRules,
    is_tien_gow,
)
from tutorial_app.rules.tien_gow.scoring import HandResult, Settlement, hand_result, settle, trick_sentence
from tutorial_app.rules.tien_gow.state import (
    Action,
    HandState,
    Move,
    Play,
    Trick,
    discard,
    parse_move,
    play,
    sort_tiles,
)

__all__ = [
    "ALIASES",
    "HAND_SIZE",
    "NAME",
    "PLAYERS",
    "TITLE",
    "LastTrick",
    "TienGowRules",
    "is_tien_gow",
    "Action",
    "HandState",
    "Move",
    "Play",
    "Trick",
    "discard",
    "parse_move",
    "play",
    "sort_tiles",
    "IllegalMoveError",
    "apply",
    "apply_unchecked",
    "combo_of",
    "is_legal",
    "legal_moves",
    "legal_sequence",
    "normalize",
    "why_illegal",
    "TienGowDeal",
    "TienGowError",
    "deal",
    "position",
    "start_hand",
    "HandResult",
    "Settlement",
    "hand_result",
    "settle",
    "trick_sentence",
    "HandRecord",
    "TienGowMatch",
    "match_reason",
    "new_match",
    "next_deal",
    "record_hand",
    "replay",
]
