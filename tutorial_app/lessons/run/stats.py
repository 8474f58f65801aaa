"""How well the courses teach, in figures: decisions, explained answers, review, a capstone per course.

Why run the lessons: "explained" means the feedback a learner gets after
the right answer includes the rules core's worked explanation, so each
lesson is played through by the solver and the feedback itself is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tutorial_app.lessons.check.exact import EXACT_MIN_POINTS_LEAD, EXACT_MIN_WIN_LEAD, exact_check
from tutorial_app.lessons.check.validate import Report
from tutorial_app.lessons.format.courses import course_rank
from tutorial_app.lessons.format.goals import goal_moves
from tutorial_app.lessons.format.model import CapstoneStep, Goal, Lesson, PlayStep, QuizStep
from tutorial_app.lessons.quiz.strategy import learner_analysis, move_key
from tutorial_app.lessons.run.runner import LessonRun
from tutorial_app.lessons.run.runs import Run, solve_move, start_run
from tutorial_app.rules.tiles import Tile
from tutorial_app.strategy.exact_deals import lead_of

__all__ = [
    "LessonStats",
    "BestMove",
    "Target",
    "lesson_stats",
    "best_move_of",
    "totals",
    "targets",
    "FORCED_SHARE",
    "REVIEWED_SHARE",
]

FORCED_SHARE = 0.40
"""At most this share of play steps across the courses may have a single legal move."""
REVIEWED_SHARE = 0.80
"""At least this share of later lessons open with two or more review quizzes."""
OPENING_REVIEWS = 2


class BestMove(NamedTuple):
    """One "which move is best?" (a ``best_move`` quiz, or a play step with ``best: true``): how far its
    answer leads the next move under the playouts, and under exact play on every deal the learner cannot
    tell apart (``exact_check``). Leads are in percentage points of win share, or in points where the
    moves are ranked by points (``unit``)."""

    step: int
    """The step's number in the lesson, from 1."""
    kind: str
    answer: str
    unit: str
    playouts: float
    playouts_half_width: float
    exact: str
    """checked, too_many, too_big or not_exact."""
    exact_lead: float | None
    deals: int
    """The deals that fit what the learner has seen (an upper bound when ``exact`` is too_many and the
    count says "up to")."""
    note: str = ""

    def as_dict(self) -> dict[str, object]:
        return self._asdict()


class LessonStats(NamedTuple):
    """The figures of one lesson."""

    id: str
    course: str
    first_in_course: bool
    steps: int
    play_steps: int
    forced_play_steps: int
    quizzes: int
    explained_quizzes: int
    review_quizzes: int
    opening_reviews: int
    """Review quizzes before the lesson's first other task (the lesson opens with them)."""
    capstone: bool
    viewer_fixed: bool
    wrong_replies: int = 0
    """Play steps that play out and explain "what goes wrong" after a tempting move (``wrong:``)."""
    hints_giving_the_move: int = 0
    """Play steps whose hint names the very tile the goal asks for (a hint should point, not give the move)."""
    best_moves: tuple[BestMove, ...] = ()
    """Every best-move decision with its lead under playouts and under exact play."""

    def as_dict(self) -> dict[str, object]:
        out = self._asdict()
        out["best_moves"] = [b.as_dict() for b in self.best_moves]
        return out


class Target(NamedTuple):
    """One of issue 9's targets, with the figure reached."""

    name: str
    figure: str
    met: bool


def _opening_reviews(lesson: Lesson) -> int:
    count = 0
    for step in lesson.steps:
        if isinstance(step, QuizStep) and step.review is not None:
            count += 1
        elif isinstance(step, (PlayStep, QuizStep, CapstoneStep)):
            break
    return count


def best_move_of(run: LessonRun) -> BestMove | None:
    """The figures of the run's current step when it asks for the best move (None otherwise)."""
    step, scene = run.step, run.scene
    is_best = (isinstance(step, QuizStep) and step.ask == "best_move") or (isinstance(step, PlayStep) and step.best)
    if not is_best or scene is None:
        return None
    viewer = run.viewer
    analysis = learner_analysis(scene, viewer)
    if isinstance(step, PlayStep):
        right = [move for move, _ in goal_moves(scene.state, step.goal)]
    else:
        right = [analysis.best.move]
    played = lead_of(analysis, scene.state, right)
    check = exact_check(scene, viewer)
    scale = 1.0 if analysis.points_first else 100.0
    exact_lead = None
    if check.analysis is not None:
        exact_lead = scale * lead_of(check.analysis, scene.state, right).gap
    return BestMove(
        step=run.index + 1,
        kind=step.kind,
        answer=", ".join(sorted({move_key(m) for m in right})),
        unit="points" if analysis.points_first else "pp",
        playouts=scale * played.gap,
        playouts_half_width=scale * played.half_width,
        exact=check.status,
        exact_lead=exact_lead,
        deals=check.deals,
        note=check.reason,
    )


def _played_through(lesson: Lesson) -> tuple[int, int, bool, tuple[BestMove, ...]]:
    """(forced play steps, explained quizzes, the learner's seat never moved, the best-move figures), from a
    run by the solver."""
    run = start_run(lesson, seed=0)
    forced = explained = 0
    seats = {run.viewer}
    best: list[BestMove] = []
    while True:
        step = run.step
        if isinstance(run, LessonRun):
            figure = best_move_of(run)
            if figure is not None:
                best.append(figure)
        if run.is_forced():
            forced += 1
        if isinstance(step, QuizStep):
            engine = run.engine_explanation()
            feedback = run.answer(run.right_answer)
            if engine is not None and feedback.explanation is not None and engine.en in feedback.explanation.en:
                explained += 1
        else:
            _solve(run)
        seats.add(run.viewer)
        if run.finished or not run.done:
            break
        run.next()
    return forced, explained, len(seats) == 1 and run.finished, tuple(best)


def _solve(run: Run) -> None:
    for _ in range(200):
        if run.done:
            return
        if not solve_move(run):
            return


def _hint_gives_move(step: PlayStep) -> bool:
    """Whether the hint names a tile the goal requires (in either language, either way round)."""
    tiles = _goal_tiles(step.goal)
    texts = (step.hint.en, step.hint.ru)
    return any(f"{t.hi}-{t.lo}" in text or f"{t.lo}-{t.hi}" in text for t in tiles for text in texts)


def _goal_tiles(goal: Goal) -> list[Tile]:
    if goal.played is not None:
        return [goal.played]
    found: list[Tile] = []
    for inner in goal.all_of or []:
        found.extend(_goal_tiles(inner))
    return found


def lesson_stats(report: Report) -> list[LessonStats]:
    """The figures of every valid lesson of a report, courses in their curated order."""
    checked = sorted((c for c in report.files if c.lesson is not None), key=lambda c: (course_rank(c.course), c.file))
    out: list[LessonStats] = []
    seen_courses: set[str] = set()
    for item in checked:
        lesson = item.lesson
        assert lesson is not None
        first = item.course not in seen_courses
        seen_courses.add(item.course)
        forced, explained, fixed, best = _played_through(lesson)
        quizzes = [s for s in lesson.steps if isinstance(s, QuizStep)]
        out.append(
            LessonStats(
                id=lesson.id,
                course=item.course,
                first_in_course=first,
                steps=len(lesson.steps),
                play_steps=sum(1 for s in lesson.steps if isinstance(s, PlayStep)),
                forced_play_steps=forced,
                quizzes=len(quizzes),
                explained_quizzes=explained,
                review_quizzes=sum(1 for s in quizzes if s.review is not None),
                opening_reviews=_opening_reviews(lesson),
                capstone=any(isinstance(s, CapstoneStep) for s in lesson.steps),
                viewer_fixed=fixed,
                wrong_replies=sum(1 for s in lesson.steps if isinstance(s, PlayStep) and s.wrong),
                hints_giving_the_move=sum(1 for s in lesson.steps if isinstance(s, PlayStep) and _hint_gives_move(s)),
                best_moves=best,
            )
        )
    return out


_SUMMED = (
    "steps",
    "play_steps",
    "forced_play_steps",
    "quizzes",
    "explained_quizzes",
    "review_quizzes",
    "wrong_replies",
    "hints_giving_the_move",
)


def totals(stats: Sequence[LessonStats]) -> dict[str, int]:
    """The summed figures, plus lessons, courses and courses with a capstone."""
    out = {name: sum(int(getattr(s, name)) for s in stats) for name in _SUMMED}
    courses = {s.course for s in stats}
    out["lessons"] = len(stats)
    out["courses"] = len(courses)
    out["courses_with_capstone"] = len({s.course for s in stats if s.capstone})
    # a lesson that is only a whole hand (no question, no set move) has nothing to open with a review
    later = [s for s in stats if not s.first_in_course and not (s.capstone and not s.quizzes and not s.play_steps)]
    out["later_lessons"] = len(later)
    out["later_lessons_opening_with_review"] = sum(1 for s in later if s.opening_reviews >= OPENING_REVIEWS)
    out["viewer_fixed"] = sum(1 for s in stats if s.viewer_fixed)
    with_plays = [s for s in stats if s.play_steps]
    out["lessons_with_play_steps"] = len(with_plays)
    out["lessons_with_wrong_reply"] = sum(1 for s in with_plays if s.wrong_replies)
    best = [b for s in stats for b in s.best_moves]
    out["best_moves"] = len(best)
    out["best_moves_checked_exactly"] = sum(1 for b in best if b.exact == "checked")
    out["best_moves_leading_exactly"] = sum(1 for b in best if b.exact == "checked" and _leads_exactly(b))
    return out


def _leads_exactly(figure: BestMove) -> bool:
    least = EXACT_MIN_POINTS_LEAD if figure.unit == "points" else 100 * EXACT_MIN_WIN_LEAD
    return figure.exact_lead is not None and figure.exact_lead >= least - 1e-9


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f} %)" if whole else "0/0"


def targets(stats: Sequence[LessonStats]) -> list[Target]:
    """Issue 9's measurable targets and whether the courses meet them."""
    total = totals(stats)
    plays, forced = total["play_steps"], total["forced_play_steps"]
    later, reviewed = total["later_lessons"], total["later_lessons_opening_with_review"]
    return [
        Target(
            "every quiz explained by the rules core",
            _share(total["explained_quizzes"], total["quizzes"]),
            total["explained_quizzes"] == total["quizzes"],
        ),
        Target(f"forced plays at most {FORCED_SHARE:.0%}", _share(forced, plays), forced <= FORCED_SHARE * plays),
        Target(
            "every course has a capstone",
            _share(total["courses_with_capstone"], total["courses"]),
            total["courses_with_capstone"] == total["courses"],
        ),
        Target(
            f"at least {REVIEWED_SHARE:.0%} of later lessons open with {OPENING_REVIEWS}+ review quizzes",
            _share(reviewed, later),
            reviewed >= REVIEWED_SHARE * later,
        ),
        Target(
            "the learner's seat never moves",
            _share(total["viewer_fixed"], total["lessons"]),
            total["viewer_fixed"] == total["lessons"],
        ),
        Target(
            'every lesson with moves has a "what goes wrong" reply',
            _share(total["lessons_with_wrong_reply"], total["lessons_with_play_steps"]),
            total["lessons_with_wrong_reply"] == total["lessons_with_play_steps"],
        ),
        Target(
            "no hint gives the move away",
            f"{total['hints_giving_the_move']} of {plays} play steps do",
            total["hints_giving_the_move"] == 0,
        ),
        Target(
            "every best move checked under exact play leads there too",
            f"{total['best_moves_leading_exactly']} of {total['best_moves_checked_exactly']} checked lead "
            f"({total['best_moves_checked_exactly']} of {total['best_moves']} best moves have few enough deals to check)",
            total["best_moves_leading_exactly"] == total["best_moves_checked_exactly"],
        ),
    ]
