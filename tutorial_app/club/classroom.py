"""A class: which step the teacher shows, whether its answer is out, and the tally of the learners' answers.

Why a state machine of plain values: the teacher's clicks (reveal, next,
back, finish) arrive from any app instance behind a load balancer; each one
is a pure transition of the stored ``ClassState``, checked here, so a double
click or a stale screen gets a sentence instead of a skipped step. Answers
are opaque keys here (``class_steps`` makes and reads them): the tally only
counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from typing import Literal, NamedTuple

from tutorial_app.club.errors import ClubError
from tutorial_app.rules.text import msg

__all__ = [
    "Phase",
    "ClassState",
    "start_class",
    "reveal",
    "next_step",
    "previous_step",
    "finish",
    "Answered",
    "Bar",
    "Tally",
    "tally",
    "scores",
]

Phase = Literal["asking", "revealed", "over"]


class ClassState(NamedTuple):
    """Where a class is: the lesson, how many steps it has, the step on the wall and its phase.

    ``asking``: learners answer; ``revealed``: the answer is shown and no
    more answers are taken; ``over``: the teacher ended the class.
    """

    lesson_id: str
    steps: int
    step: int = 0
    phase: Phase = "asking"

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def last_step(self) -> bool:
        return self.step + 1 >= self.steps


_OVER = msg("the class is over")


def start_class(lesson_id: str, steps: int) -> ClassState:
    """A class at the lesson's first step."""
    if steps < 1:
        raise ClubError(msg("the lesson has no steps"))
    return ClassState(lesson_id, steps)


def _open(state: ClassState) -> None:
    if state.over:
        raise ClubError(_OVER)


def reveal(state: ClassState) -> ClassState:
    """Show the answer: the step stops taking answers."""
    _open(state)
    if state.phase == "revealed":
        raise ClubError(msg("the answer is already shown"))
    return state._replace(phase="revealed")


def next_step(state: ClassState) -> ClassState:
    """On to the next step (answered or not: the teacher decides)."""
    _open(state)
    if state.last_step:
        raise ClubError(msg("this is the last step: end the class instead"))
    return state._replace(step=state.step + 1, phase="asking")


def previous_step(state: ClassState) -> ClassState:
    """Back one step; its answers stay as they were given, shown with the answer."""
    _open(state)
    if state.step == 0:
        raise ClubError(msg("this is the first step"))
    return state._replace(step=state.step - 1, phase="revealed")


def finish(state: ClassState) -> ClassState:
    """End the class: nobody can join or answer any more."""
    _open(state)
    return state._replace(phase="over")


class Answered(NamedTuple):
    """One learner's first answer to a step: who (a member id), what (a key) and whether it was right."""

    member: str
    key: str
    correct: bool


class Bar(NamedTuple):
    """One answer given and how many gave it; ``correct`` is whether it is a right answer."""

    key: str
    given: int
    correct: bool


class Tally(NamedTuple):
    """The spread of a step's answers: learners in the class, how many answered, how many were right."""

    learners: int
    answered: int
    right: int
    bars: tuple[Bar, ...]

    @property
    def waiting(self) -> int:
        """Learners who have not answered yet."""
        return max(0, self.learners - self.answered)


def tally(
    answers: Iterable[Answered], learners: int, options: Sequence[str] = (), right_keys: Collection[str] = ()
) -> Tally:
    """Count a step's answers.

    ``options`` (a quiz's choices, in the order shown) get a bar even when
    nobody chose them; other answers follow, most given first. A bar is
    right when its key is among ``right_keys`` or its answers were judged right.
    """
    given = list(answers)
    counts = Counter(answer.key for answer in given)
    judged_right = {answer.key for answer in given if answer.correct}
    extra = sorted((key for key in counts if key not in options), key=lambda key: (-counts[key], key))
    bars = tuple(
        Bar(key, counts.get(key, 0), key in right_keys or key in judged_right)
        for key in (*dict.fromkeys(options), *extra)
    )
    right = sum(1 for answer in given if answer.correct)
    return Tally(max(learners, len(given)), len(given), right, bars)


def scores(answers: Iterable[Answered]) -> dict[str, int]:
    """Right first answers per member over the whole class."""
    counted: Counter[str] = Counter()
    for answer in answers:
        counted[answer.member] += 0
        if answer.correct:
            counted[answer.member] += 1
    return dict(counted)
