"""The lesson validator: structure first (pydantic), then meaning (the rules core).

Every problem becomes an ``Issue`` with file, line and column and a message
that says what to write instead. All problems of a file are reported at
once: a step that is broken does not hide the problems of the others.
"""

from __future__ import annotations

import difflib
import re
import typing
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from tutorial_app.lessons.goals import goal_moves, satisfies
from tutorial_app.lessons.model import Lesson, MoveSpec, PlayStep, QuizStep, RememberStep, Step
from tutorial_app.lessons.quizzes import (
    NO_POSITION_KINDS,
    QuizError,
    Scene,
    correct_answer,
    default_choices,
    normalize_answer,
)
from tutorial_app.lessons.scenes import position_mapping, scene_of
from tutorial_app.lessons.source import Mark, Path_, Source, SourceError, read_source
from tutorial_app.rules.moves import apply, apply_unchecked, legal_moves, why_illegal
from tutorial_app.rules.options import HouseRules
from tutorial_app.rules.position import PositionError
from tutorial_app.rules.state import HandState, Status
from tutorial_app.rules.variants import find_variant

__all__ = ["Issue", "Checked", "Report", "check_source", "check_file", "check_paths", "lesson_files"]

_STEP: TypeAdapter[Step] = TypeAdapter(Step)


class Issue(NamedTuple):
    """One problem in a lesson file."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class Checked(NamedTuple):
    """A checked file: the lesson when it is valid, and every problem found."""

    file: str
    lesson: Lesson | None
    issues: list[Issue]


class Report(NamedTuple):
    """The result of checking several files."""

    files: list[Checked]

    @property
    def issues(self) -> list[Issue]:
        return [issue for checked in self.files for issue in checked.issues]

    @property
    def lessons(self) -> list[Lesson]:
        return [c.lesson for c in self.files if c.lesson is not None]

    def summary(self) -> str:
        """One line: how many lessons, steps and quizzes, and whether all are valid."""
        lessons = self.lessons
        steps = sum(len(lesson.steps) for lesson in lessons)
        quizzes = sum(1 for lesson in lessons for s in lesson.steps if s.kind == "quiz")
        plays = sum(1 for lesson in lessons for s in lesson.steps if s.kind == "play")
        counts = f"{len(lessons)} lessons, {steps} steps, {plays} play steps, {quizzes} quizzes"
        if not self.issues:
            return f"{counts}: all valid"
        bad = sum(1 for c in self.files if c.issues)
        problems = "1 problem" if len(self.issues) == 1 else f"{len(self.issues)} problems"
        return f"{problems} in {bad} of {len(self.files)} files ({counts} valid)"


def lesson_files(paths: Iterable[Path]) -> list[Path]:
    """Lesson files under the given files and folders (``*.yaml``/``*.yml``, sorted)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()))
        else:
            found.append(path)
    return found


def check_paths(paths: Sequence[Path], base: Path | None = None) -> Report:
    """Check every lesson file under ``paths``; ids must be unique across them."""
    checked = [check_file(path, _shown(path, base)) for path in lesson_files(paths)]
    seen: dict[str, str] = {}
    for item in checked:
        if item.lesson is None:
            continue
        first = seen.setdefault(item.lesson.id, item.file)
        if first != item.file:
            item.issues.append(Issue(item.file, 1, 1, f"id {item.lesson.id!r} is already used by {first}; ids are unique"))
    return Report(checked)


def _shown(path: Path, base: Path | None) -> str:
    if base is not None:
        try:
            return str(path.resolve().relative_to(base.resolve()))
        except ValueError:
            pass
    return str(path)


def check_file(path: Path, shown: str | None = None) -> Checked:
    """Check one lesson file."""
    name = shown or str(path)
    try:
        source = read_source(path, name)
    except SourceError as exc:
        mark = exc.mark or Mark(1, 1)
        return Checked(name, None, [Issue(name, mark.line, mark.column, exc.message)])
    return check_source(source, path.stem)


def check_source(source: Source, stem: str | None = None) -> Checked:
    """Check a parsed lesson: structure, then meaning through the rules core."""
    checker = _Checker(source)
    lesson = checker.run(stem)
    issues = sorted(set(checker.issues), key=lambda i: (i.line, i.column, i.message))
    return Checked(source.name, lesson if not issues else None, issues)


class _Checker:
    def __init__(self, source: Source) -> None:
        self.source = source
        self.issues: list[Issue] = []

    def error(self, path: Path_, message: str, *, key: bool = False) -> None:
        mark = self.source.mark(path, key=key)
        self.issues.append(Issue(self.source.name, mark.line, mark.column, message))

    # -- structure ---------------------------------------------------------

    def run(self, stem: str | None) -> Lesson | None:
        data = self.source.data
        if not isinstance(data, dict):
            self.error((), "a lesson is a mapping with id:, title:, summary:, rules: and steps:")
            return None
        lesson: Lesson | None = None
        try:
            lesson = Lesson.model_validate(data)
        except ValidationError as exc:
            self.structural(exc.errors(), ())
        if stem is not None and isinstance(data.get("id"), str) and data["id"] != stem:
            self.error(("id",), f"id {data['id']!r} does not match the file name: write id: {stem}")
        steps = data.get("steps")
        if isinstance(steps, list) and steps:
            last = steps[-1]
            if not (isinstance(last, dict) and last.get("kind") == "remember"):
                self.error(("steps", len(steps) - 1), "a lesson ends with its takeaway: add a last step with kind: remember")
        self.semantics(data, lesson)
        return lesson

    def structural(self, errors: list[ErrorDetails], prefix: Path_) -> None:
        grouped: dict[tuple[Path_, bool], list[ErrorDetails]] = {}
        for err in errors:
            path = _data_path(self.source.data, (*prefix, *err["loc"]))
            is_type = err["type"] in _TYPE_WORDS
            grouped.setdefault((path, is_type), []).append(err)
        for (path, merged), errs in grouped.items():
            if merged and len(errs) > 1:
                wanted = sorted({_TYPE_WORDS.get(e["type"], e["type"]) for e in errs})
                self.error(path, f"expected {' or '.join(wanted)}, not {_shown_value(errs[0]['input'])}")
                continue
            for err in errs:
                message, at_key = _message(err, (*prefix, *err["loc"]))
                self.error(path, message, key=at_key)

    # -- meaning -----------------------------------------------------------

    def semantics(self, data: dict[str, Any], lesson: Lesson | None) -> None:
        rules_name = data.get("rules")
        overrides = data.get("overrides") or {}
        players = data.get("players")
        lesson_rules: HouseRules | None = None
        if isinstance(rules_name, str) and isinstance(overrides, dict):
            try:
                lesson_rules = find_variant(rules_name).rules(players if isinstance(players, int) else None, overrides)
            except ValueError as exc:
                where = ("rules",) if "unknown rule set" in str(exc) else ("overrides",)
                self.error(where, f"{exc}")
        raw_steps = data.get("steps")
        if not isinstance(raw_steps, list):
            return
        steps: list[Step | None] = []
        for i, raw in enumerate(raw_steps):
            if lesson is not None:
                steps.append(lesson.steps[i])
                continue
            try:
                steps.append(_STEP.validate_python(raw))
            except ValidationError:
                steps.append(None)
        _SemanticPass(self, rules_name if lesson_rules else None, overrides, lesson_rules,
                      players if isinstance(players, int) else None).run(steps)


class _SemanticPass:
    def __init__(self, checker: _Checker, rules: str | None, overrides: dict[str, Any],
                 lesson_rules: HouseRules | None, players: int | None) -> None:
        self.checker = checker
        self.rules = rules
        self.overrides = overrides
        self.lesson_rules = lesson_rules
        self.players = players

    def error(self, path: Path_, message: str) -> None:
        self.checker.error(path, message)

    def run(self, steps: list[Step | None]) -> None:
        previous: Scene | None = None
        previous_note = ""
        broken = False
        for i, step in enumerate(steps):
            at: Path_ = ("steps", i)
            if step is None:
                previous, broken = None, True
                continue
            if isinstance(step, RememberStep):
                previous, previous_note, broken = None, "a remember step shows no position", False
                continue
            scene: Scene | None = None
            unreadable = False
            if step.position is not None:
                scene, unreadable = self.read(at, step)
            elif step.from_previous:
                if i == 0:
                    self.error((*at, "from_previous"), "the first step has no previous position: write position:")
                elif previous is None and not broken:
                    self.error((*at, "from_previous"), f"nothing to continue from: {previous_note}; write position:")
                scene = previous
                unreadable = previous is None
            if scene is not None and step.you is not None and step.you >= scene.rules.players:
                self.error((*at, "you"), f"seat {step.you} does not exist: this position has seats 0 to {scene.rules.players - 1}")
            previous, previous_note, broken = scene, "the previous step shows no position", unreadable
            if isinstance(step, PlayStep):
                previous, previous_note = self.play(at, step, scene) if scene is not None else (None, "")
            elif isinstance(step, QuizStep) and not unreadable:
                self.quiz(at, step, scene)

    def read(self, at: Path_, step: Any) -> tuple[Scene | None, bool]:
        spec = step.position
        if spec.rules is None and self.rules is None:
            return None, True  # the lesson's rule set is already reported
        mapping = position_mapping(self.rules or "", self.overrides, spec)
        try:
            scene = scene_of(mapping)
        except PositionError as exc:
            text = str(exc)
            label = "" if text.startswith("unknown rule set") else "impossible position: "
            self.error(_position_path(at, spec, text), f"{label}{text}")
            return None, True
        if self.players is not None and scene.rules.players != self.players:
            self.error((*at, "position", "hands"),
                       f"this lesson is for {self.players} players, but the position has {scene.rules.players} hands")
        return scene, False

    def play(self, at: Path_, step: PlayStep, scene: Scene) -> tuple[Scene | None, str]:
        state = scene.state
        where = (*at, "position") if step.position is not None else (*at, "from_previous")
        if scene.redeal is not None:
            self.error(where, f"this deal must be redealt ({scene.redeal.en}): nothing can be played")
            return None, ""
        if state.status is not Status.IN_PLAY:
            self.error(where, f"the hand is already over here ({state.status.value}): nothing to play")
            return None, ""
        found = goal_moves(state, step.goal)
        if not found:
            legal = ", ".join(str(m) for m in legal_moves(state)) or "none"
            self.error((*at, "goal"), f"no legal move reaches this goal; seat {state.to_move} may play: {legal}")
        reported: set[int] = set()
        ends: list[HandState] = []
        for move, after in found:
            end = self.replies((*at, "replies"), step.replies, after, f"after the right move {move}", reported)
            if end is not None:
                ends.append(end)
        for k, wrong in enumerate(step.wrong):
            self.wrong((*at, "wrong", k), step, wrong.move, wrong.replies, state)
        if len(found) == 1 and ends:
            return scene._replace(state=ends[0]), ""
        return None, f"the step before has {len(found)} right moves, so where it ends is not known"

    def replies(self, at: Path_, replies: list[MoveSpec], state: HandState, context: str,
                reported: set[int]) -> HandState | None:
        for j, spec in enumerate(replies):
            move = spec.to_move()
            reason = why_illegal(state, move)
            if reason is not None:
                if j not in reported:
                    reported.add(j)
                    self.error((*at, j), f"illegal reply {move} by seat {state.to_move} {context}: {reason.en.rstrip('.')}")
                return None
            state = apply_unchecked(state, move)
        return state

    def wrong(self, at: Path_, step: PlayStep, spec: MoveSpec, replies: list[MoveSpec], state: HandState) -> None:
        move = spec.to_move()
        reason = why_illegal(state, move)
        if reason is not None:
            self.error((*at, "move"), f"{move} is illegal here ({reason.en.rstrip('.')}); the rules core explains illegal moves "
                       "itself: list only legal moves under wrong:")
            return
        after = apply(state, move)
        if satisfies(step.goal, state, move, after):
            self.error((*at, "move"), f"{move} reaches the goal, so it is not a wrong move: remove it or change the goal")
            return
        self.replies((*at, "replies"), replies, after, f"after the wrong move {move}", set())

    def quiz(self, at: Path_, step: QuizStep, scene: Scene | None) -> None:
        if scene is None and step.ask not in NO_POSITION_KINDS:
            if step.position is None and not step.from_previous:
                self.error((*at, "ask"), f"ask: {step.ask} is about a position: add position: (or from_previous: true)")
            return
        rules = scene.rules if scene is not None else self.lesson_rules
        if rules is None:
            return
        try:
            right = correct_answer(step, scene, rules)
        except QuizError as exc:
            self.error((*at, "ask"), str(exc))
            return
        if step.answer is not None:
            try:
                given = normalize_answer(step.ask, step.answer)
            except ValueError as exc:
                self.error((*at, "answer"), f"an answer to {step.ask} is {exc}, not {step.answer!r}")
            else:
                if given != right:
                    self.error((*at, "answer"), f"the rules core answers {_answer_text(right)}, not "
                               f"{_answer_text(given)}: fix answer: (or the position)")
        if step.choices is not None:
            options: list[object] = []
            for k, value in enumerate(step.choices):
                try:
                    option = normalize_answer(step.ask, value)
                except ValueError as exc:
                    self.error((*at, "choices", k), f"a choice for {step.ask} is {exc}, not {value!r}")
                    continue
                if option in options:
                    self.error((*at, "choices", k), f"{_answer_text(option)} is offered twice")
                options.append(option)
            if right not in options and len(options) == len(step.choices):
                self.error((*at, "choices"), f"the right answer, {_answer_text(right)}, is not among the choices: add it")
        else:
            default_choices(step, scene, right)


def _answer_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_POSITION_PARTS = (
    (re.compile(r"hands\[(\d+)\]\[(\d+)\]"), lambda m: ("hands", int(m[1]), int(m[2]))),
    (re.compile(r"(chain|boneyard)\[(\d+)\]"), lambda m: (m[1], int(m[2]))),
    (re.compile(r"chain\.arms\.(\w+)\[(\d+)\]"), lambda m: ("chain", "arms", m[1], int(m[2]))),
    (re.compile(r"^move (\d+)"), lambda m: ("moves", int(m[1]) - 1)),
    (re.compile(r"are nowhere"), lambda m: ("boneyard",)),
    (re.compile(r"(to_move|last_move_by|bank|match|overrides)\b"), lambda m: (m[1],)),
    (re.compile(r"unknown rule set"), lambda m: ("rules",)),
    (re.compile(r"'hands'|seats"), lambda m: ("hands",)),
    (re.compile(r"broken chain|chain"), lambda m: ("chain",)),
)


def _position_path(at: Path_, spec: Any, message: str) -> Path_:
    for pattern, parts in _POSITION_PARTS:
        found = pattern.search(message)
        if found:
            path: tuple[str | int, ...] = parts(found)
            if path == ("rules",) and spec.rules is None:
                return ("rules",)
            return (*at, "position", *path)
    return (*at, "position")


# -- turning pydantic errors into sentences -----------------------------------

_TYPE_WORDS = {
    "string_type": "text",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "literal_error": "one of the listed words",
    "float_type": "a number",
}


def _shown_value(value: object) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _data_path(data: Any, loc: tuple[int | str, ...]) -> Path_:
    """The path in the file's data that a pydantic location points at (union member names skipped)."""
    path: list[str | int] = []
    node = data
    for part in loc:
        in_mapping = isinstance(node, dict) and isinstance(part, str) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if in_mapping or in_list:
            node = node[part]
            path.append(part)
    return tuple(path)


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found: list[type[BaseModel]] = []
    for arg in typing.get_args(annotation):
        found.extend(_models_in(arg))
    return found


def _model_at(loc: tuple[int | str, ...]) -> type[BaseModel] | None:
    """The model whose keys are allowed at a location (for "did you mean")."""
    current: list[type[BaseModel]] = [Lesson]
    for part in loc:
        if isinstance(part, int):
            continue
        nxt: list[type[BaseModel]] = []
        for model in current:
            field = _field(model, part)
            if field is not None:
                nxt.extend(_models_in(field.annotation))
        if nxt:
            current = nxt
            continue
        tagged = [m for m in current if _kind_of(m) == part or m.__name__ == part]
        if tagged:
            current = tagged
    return current[0] if len(current) == 1 else None


def _field(model: type[BaseModel], name: str) -> Any:
    for field_name, info in model.model_fields.items():
        if (info.alias or field_name) == name:
            return info
    return None


def _kind_of(model: type[BaseModel]) -> str | None:
    field = model.model_fields.get("kind")
    if field is None:
        return None
    args = typing.get_args(field.annotation)
    return str(args[0]) if args else None


def _keys_of(model: type[BaseModel]) -> list[str]:
    return [info.alias or name for name, info in model.model_fields.items()]


def _message(err: ErrorDetails, loc: tuple[int | str, ...]) -> tuple[str, bool]:
    """A sentence for one pydantic error, and whether it points at a key rather than a value."""
    kind = err["type"]
    ctx: dict[str, Any] = dict(err.get("ctx") or {})
    value = err.get("input")
    if kind == "extra_forbidden":
        key = str(loc[-1])
        model = _model_at(loc[:-1])
        if model is None:
            return f"unknown key {key!r}", True
        keys = _keys_of(model)
        close = difflib.get_close_matches(key, keys, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        return f"unknown key {key!r}; {hint}the keys here are: {', '.join(keys)}", True
    if kind == "missing":
        key = str(loc[-1])
        if key in ("en", "ru"):
            return f"missing the {key} text: every learner-facing text has both en: and ru:", False
        model = _model_at(loc[:-1])
        field = _field(model, key) if model is not None else None
        about = f" ({field.description})" if field is not None and field.description else ""
        return f"missing key {key!r}{about}: add {key}:", False
    if kind == "union_tag_invalid":
        return f"unknown step kind {ctx.get('tag')!r}; use one of: {ctx.get('expected_tags')}", False
    if kind == "union_tag_not_found":
        return "a step needs kind: explain, play, quiz or remember", False
    if kind == "literal_error":
        return f"{_shown_value(value)} is not allowed here; use one of: {ctx.get('expected')}", False
    if kind == "value_error":
        return str(ctx.get("error", err["msg"])), False
    if kind == "string_pattern_mismatch":
        return f"{_shown_value(value)} is not a valid id: use lowercase words and numbers joined by dashes, like core-01-the-set", False
    if kind == "string_too_short":
        return "this text is empty: write something", False
    if kind == "too_short":
        least = ctx.get("min_length")
        return f"needs at least {'one entry' if least == 1 else f'{least} entries'}", False
    if kind == "greater_than_equal":
        return f"must be {ctx.get('ge')} or more, not {_shown_value(value)}", False
    if kind == "less_than_equal":
        return f"must be {ctx.get('le')} or less, not {_shown_value(value)}", False
    if kind in _TYPE_WORDS:
        return f"expected {_TYPE_WORDS[kind]}, not {_shown_value(value)}", False
    return err["msg"], False
