"""The line games' engine (block, draw, All Fives, Kozel, Domino 101, …): one ``HouseRules`` model, many presets.

A chain of tiles with open ends, played under a house-rules model: an
immutable ``HandState``, ``legal_moves`` in a fixed order,
``apply``/``apply_unchecked``, ``why_illegal`` in English and Russian, a
seeded ``deal``, ``hand_result`` and a match; the presets are ``VARIANTS``.
The same shape as ``rules.tien_gow``.

Modules: ``options`` (``HouseRules``), ``variants`` (the presets), ``state``,
``moves``, ``deal``, ``scoring``, ``match``, ``simulate``, ``position`` and
``notation`` (reading a position), ``referee``, ``rulesheet``, and the worked
explanations ``worked*`` with ``who`` (naming seats and sides in them). The names below are the ones a lesson runner or a
page needs.
"""

from __future__ import annotations

from tutorial_app.rules.line.deal import DealError, LeadDecision, deal, start_hand
from tutorial_app.rules.line.match import HandRecord, MatchState, new_match, next_deal, record_hand, replay
from tutorial_app.rules.line.moves import (
    IllegalMoveError,
    apply,
    apply_unchecked,
    is_legal,
    legal_moves,
    legal_sequence,
    why_illegal,
)
from tutorial_app.rules.line.options import OPTION_NAMES, HouseRules, OptionError
from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.state import DRAW, PASS, Action, HandState, Move, Status, play
from tutorial_app.rules.line.variants import VARIANTS, UnknownVariantError, Variant, find_variant, rules_for

__all__ = [
    "OPTION_NAMES",
    "HouseRules",
    "OptionError",
    "VARIANTS",
    "UnknownVariantError",
    "Variant",
    "find_variant",
    "rules_for",
    "DRAW",
    "PASS",
    "Action",
    "HandState",
    "Move",
    "Status",
    "play",
    "IllegalMoveError",
    "apply",
    "apply_unchecked",
    "is_legal",
    "legal_moves",
    "legal_sequence",
    "why_illegal",
    "DealError",
    "LeadDecision",
    "deal",
    "start_hand",
    "HandResult",
    "hand_result",
    "HandRecord",
    "MatchState",
    "new_match",
    "next_deal",
    "record_hand",
    "replay",
]
