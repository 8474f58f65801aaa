"""What a step's text states about tiles the learner cannot see, proved on every deal the learner cannot
tell apart.

Why: "3-1 would block the hand" is a lie when it blocks in 65 % of the deals that fit what the learner has
seen; the learner would be taught to trust a certainty they cannot have. Two checks keep the texts honest:

- ``claims:`` on a step states a fact in a form the validator proves (``claim_problem``): ``blocks: 3-1
  right`` must hold in every such deal, ``may_block`` in at least one, ``no_answer``, ``holds_none`` and
  ``fewer_pips_than`` in every one. Where every hand is face up the learner sees the real deal, and the
  claim is proved on it alone.
- In a best-move step (the learner decides without seeing the other hands) a sentence that states such a
  fact as certain ("would block", "cannot answer", "has no 3", "you are lighter"; «запрёт», «не сможет»,
  «нет троек», «вы легче») needs a claim that proves it (``certainty_problems``); a sentence that hedges
  ("could", "if", "likely", a question; «может», «если», «скорее всего») states nothing certain.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from tutorial_app.lessons.check.exact import learner_deals
from tutorial_app.lessons.format.model import Claim, LText, SeatNumbers
from tutorial_app.lessons.format.scenes import Scene
from tutorial_app.lessons.quiz.strategy import learner_certainty, parse_move_key
from tutorial_app.rules.line.moves import apply_unchecked, why_illegal
from tutorial_app.rules.line.state import HandState, Move, Status, play
from tutorial_app.rules.text import Text, msg, msgc, shown
from tutorial_app.rules.tiles import SUIT_MASK, parse_tile
from tutorial_app.source import Path_
from tutorial_app.strategy.deals import EXACT_MAX_DEALS

__all__ = ["claim_problem", "certainty_problems", "Certain", "CERTAIN_FACTS"]


_HEDGES = "'could', 'if', «может», «если»"
"""The words that hedge a statement, as an English and a Russian text write them (the only texts read)."""


class Certain(NamedTuple):
    """A kind of certain statement: its words in each language, and the claims that can prove it."""

    name: Text
    en: re.Pattern[str]
    ru: re.Pattern[str]
    proved_by: frozenset[str]
    example: str


CERTAIN_FACTS = (
    Certain(
        msgc("certain fact", "a block"),
        re.compile(r"\b(?:would|will) (?:block|close|make the fish)|\bblocks the (?:hand|game)", re.I),
        re.compile(r"\bзапер(?:ла|ло|ли)? бы\b|\bзапрёт\b|\bзапира(?:ет|ют) игру|\bсделал[аи]? бы рыбу", re.I),
        frozenset({"blocks"}),
        'blocks: "3-1 right"',
    ),
    Certain(
        msgc("certain fact", "no answer"),
        re.compile(
            r"\b(?:cannot|can't|can not) (?:play|answer|follow|move|go)\b|\b(?:must|has to|will) pass\b"
            r"|\bnobody can play\b",
            re.I,
        ),
        re.compile(
            r"\bне смож(?:ет|ешь|ут) (?:сходить|ходить|ответить|поставить)|\bнечем (?:ходить|ответить|сходить)"
            r"|\b(?:придётся|должен|должна) (?:пасовать|спасовать)|\bспасует\b",
            re.I,
        ),
        frozenset({"no_answer", "blocks", "holds_none"}),
        "no_answer: {seat: 1, after: 6-4 left}",
    ),
    Certain(
        msgc("certain fact", "a missing number"),
        re.compile(r"\b(?:has|holds) no (?:tiles? (?:with|showing) )?(?:a )?[0-6]s?\b", re.I),
        re.compile(
            r"\bнет (?:ни одной )?(?:кост\w+ с )?(?:[0-6]|пуст\w+|единиц\w*|двой\w+|трой\w+|четвёр\w+|пятёр\w+|шестёр\w+)",
            re.I,
        ),
        frozenset({"holds_none"}),
        "holds_none: {seat: 1, numbers: [3]}",
    ),
    Certain(
        msgc("certain fact", "being lighter"),
        re.compile(r"\byou(?:'re| are) (?:the )?lighter\b", re.I),
        re.compile(r"\bвы легче\b", re.I),
        frozenset({"fewer_pips_than"}),
        "fewer_pips_than: 1",
    ),
)
"""The certain statements the validator reads in best-move steps, and the claims that prove each."""

_HEDGE = {
    "en": re.compile(r"\b(?:could|may|might|if|likely|probably|perhaps|unless|whether|chance|usually)\b|\?", re.I),
    "ru": re.compile(
        r"\b(?:мож\w*|мог\w*|если|вероятно|скорее|возможно|наверн\w*|ли|шанс\w*|обычно|бывает)\b|\?", re.I
    ),
}
_CLAUSE = re.compile(r"[^.!;:]+[.!;:]?")
_YOU = {
    "en": re.compile(r"\byou\W+(?:\w+\W+){0,3}$", re.I),
    "ru": re.compile(r"\b(?:вам|вы|у вас|вас)\W+(?:\w+\W+){0,3}$", re.I),
}
"""A statement about the learner's own hand ("you cannot play", «вам нечем ходить»): the learner sees it."""


def certainty_problems(texts: Sequence[tuple[Path_, LText]], claims: Sequence[Claim]) -> list[tuple[Path_, Text]]:
    """Sentences that state as certain what the learner cannot see, with no claim on the step to prove it."""
    declared = {claim.key for claim in claims}
    problems: list[tuple[Path_, Text]] = []
    for path, text in texts:
        for lang in ("en", "ru"):
            for clause in _CLAUSE.findall(getattr(text, lang)):
                if _HEDGE[lang].search(clause):
                    continue
                for fact in CERTAIN_FACTS:
                    found = (fact.en if lang == "en" else fact.ru).search(clause)
                    if found and _YOU[lang].search(clause[: found.start()]):
                        continue
                    if found and not fact.proved_by & declared:
                        problems.append(
                            (
                                (*path, lang),
                                msg(
                                    "{found} states {fact} as certain, but the learner cannot see the other hands "
                                    "here: add a claim the validator proves on every deal the learner cannot tell "
                                    "apart (claims: [{{{example}}}]), or hedge it ({hedges})",
                                    found=shown(found[0]),
                                    fact=fact.name,
                                    example=fact.example,
                                    hedges=_HEDGES,
                                ),
                            )
                        )
    return problems


def claim_problem(claim: Claim, scene: Scene, viewer: int, every_hand_shown: bool) -> Text | None:
    """Why ``claim`` does not hold on every deal the learner cannot tell apart (None: it does)."""
    if not every_hand_shown and _sure_everywhere(claim, scene, viewer):
        return None
    states = _deals(scene, viewer, every_hand_shown)
    if isinstance(states, Text):
        return states
    state = scene.state
    try:
        check = _CHECKS[claim.key](claim, state, viewer, every_hand_shown)
    except _Refused as exc:
        return exc.reason
    holding = [(s, w) for s, w in states if check(s)]
    total = sum(w for _, w in states)
    share = sum(w for _, w in holding) / total if total else 0.0
    if claim.key == "may_block":
        if holding:
            return None
        if every_hand_shown:
            return msg("{move} blocks the hand in none of the real deal (every hand is face up)", move=claim.may_block)
        return msg(
            "{move} blocks the hand in none of the {count:,} deals the learner cannot tell apart",
            move=claim.may_block,
            count=len(states),
        )
    if len(holding) == len(states):
        return None
    where = (
        msg("on the real deal")
        if every_hand_shown
        else msg(
            "in {held} of the {count:,} deals the learner cannot tell apart ({share:.0f}%)",
            held=len(holding),
            count=len(states),
            share=100 * share,
        )
    )
    return msg(
        "the claim {claim} holds only {where}, not in all: {remedy}",
        claim=_claim_text(claim),
        where=where,
        remedy=_REMEDY[claim.key],
    )


_Check = Callable[[HandState], bool]


def _sure_everywhere(claim: Claim, scene: Scene, viewer: int) -> bool:
    """Whether the exact chances of the tiles' whereabouts prove a "holds none" claim without listing the deals
    (they count a superset of the deals, so a number they never give the seat is surely not there)."""
    asked = claim.holds_none or claim.no_answer
    if asked is None or asked.seat == viewer or asked.seat >= scene.rules.players:
        return False
    if isinstance(asked, SeatNumbers):
        numbers = list(asked.numbers)
    else:
        state = scene.state
        if asked.after is not None:
            if state.to_move != viewer:
                return False
            tile, end = parse_move_key(asked.after).split()
            move = play(parse_tile(tile), end)  # type: ignore[arg-type]
            if why_illegal(state, move) is not None:
                return False
            state = apply_unchecked(state, move)
            if state.is_over:
                return False  # how it ended depends on the hidden hands: the deals decide
        numbers = [n for n in state.table.ends if n >= 0]
    sure = learner_certainty(scene, viewer)
    return all(sure.holds_none(asked.seat, n) for n in numbers)


class _Refused(ValueError):
    """A claim that cannot be asked of this position (said to the author)."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason


def _deals(scene: Scene, viewer: int, every_hand_shown: bool) -> list[tuple[HandState, int]] | Text:
    if every_hand_shown:
        return [(scene.state, 1)]
    deals = learner_deals(scene, viewer)
    if not deals.listed:
        return msg(
            "the claim cannot be proved: {count:,} deals fit what the learner has seen (more than {most:,}); state "
            "it in a position with fewer hidden tiles, or hedge the text",
            count=deals.count,
            most=EXACT_MAX_DEALS,
        )
    return deals.states()


def _move(text: str, state: HandState, viewer: int, every_hand_shown: bool) -> Move:
    tile, end = parse_move_key(text).split()
    move = play(parse_tile(tile), end)  # type: ignore[arg-type]
    if not every_hand_shown and state.to_move != viewer:
        raise _Refused(
            msg(
                "the claim names a move ({move}) but seat {seat} is to move, and the learner cannot see that hand: "
                "claim moves of the learner's own",
                move=text,
                seat=state.to_move,
            )
        )
    reason = why_illegal(state, move)
    if reason is not None:
        raise _Refused(msg("the claim's move {move} is illegal here: {reason:clause}", move=text, reason=reason))
    return move


def _blocks(claim: Claim, state: HandState, viewer: int, shown: bool) -> _Check:
    move = _move(claim.blocks or claim.may_block or "", state, viewer, shown)
    return lambda s: apply_unchecked(s, move).status is Status.BLOCKED


def _no_answer(claim: Claim, state: HandState, viewer: int, shown: bool) -> _Check:
    asked = claim.no_answer
    assert asked is not None
    _other_seat(asked.seat, state, viewer)
    move = _move(asked.after, state, viewer, shown) if asked.after is not None else None

    def check(s: HandState) -> bool:
        after = apply_unchecked(s, move) if move is not None else s
        return after.is_over or not after.hands[asked.seat] & after.table.fit

    return check


def _holds_none(claim: Claim, state: HandState, viewer: int, _shown: bool) -> _Check:
    asked = claim.holds_none
    assert asked is not None
    _other_seat(asked.seat, state, viewer)
    mask = 0
    for number in asked.numbers:
        mask |= SUIT_MASK[number]
    return lambda s: not s.hands[asked.seat] & mask


def _fewer_pips(claim: Claim, state: HandState, viewer: int, _shown: bool) -> _Check:
    seat = claim.fewer_pips_than
    assert seat is not None
    _other_seat(seat, state, viewer)
    return lambda s: s.pips(viewer) < s.pips(seat)


def _other_seat(seat: int, state: HandState, viewer: int) -> None:
    if seat == viewer or seat >= state.rules.players:
        raise _Refused(
            msg(
                "the claim is about another seat: write a seat from 0 to {last}, not the learner's {viewer}",
                last=state.rules.players - 1,
                viewer=viewer,
            )
        )


_CHECKS: dict[str, Callable[[Claim, HandState, int, bool], _Check]] = {
    "blocks": _blocks,
    "may_block": _blocks,
    "no_answer": _no_answer,
    "holds_none": _holds_none,
    "fewer_pips_than": _fewer_pips,
}
_REMEDY = {
    "blocks": msg("say it could block (claims: may_block), or change the position so it surely blocks"),
    "no_answer": msg("say the seat may have no answer, or change the position"),
    "holds_none": msg("say the seat may hold none, or change the position"),
    "fewer_pips_than": msg("say you are likely lighter, or change the position"),
}


def _claim_text(claim: Claim) -> str:
    value = claim.model_dump(exclude_none=True)
    key, inner = next(iter(value.items()))
    return f"{key}: {inner}"
