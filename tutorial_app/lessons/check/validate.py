"""The lesson validator: structure first (pydantic), then meaning (the rules core).

Every problem becomes an ``Issue`` with file, line and column and a message
that says what to write instead. All problems of a file are reported at
once: a step that is broken does not hide the problems of the others.
"""

from __future__ import annotations

import difflib
import typing
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from tutorial_app.lessons.check.games import pass_for
from tutorial_app.lessons.check.semantics import either
from tutorial_app.lessons.check.vocabulary import GLOSSARY_NAME, GlossaryError, source_slips
from tutorial_app.lessons.format.courses import COURSES, course_rank
from tutorial_app.lessons.format.model import ID_PATTERN, Lesson, QuizStep, Step
from tutorial_app.rules.text import Text, msg, msgc, msgn, reason_of, shown, verbatim
from tutorial_app.source import Mark, Path_, Source, SourceError, read_source

__all__ = ["Issue", "Checked", "Report", "check_source", "check_file", "check_paths", "lesson_files", "REQUIRED_ABOUT"]

_STEP: TypeAdapter[Step] = TypeAdapter(Step)


class Issue(NamedTuple):
    """One problem in a lesson file; ``message`` says it in every language (``str(issue)`` in English).

    Why a ``Text``: the command line prints the English, the Workshop the page's language.
    """

    file: str
    line: int
    column: int
    message: Text

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message.en}"


class Checked(NamedTuple):
    """A checked file: the lesson when it is valid, and every problem found."""

    file: str
    lesson: Lesson | None
    issues: list[Issue]
    source: Source | None = None
    course: str = ""
    """The course folder the file is in (its parent folder's name)."""


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
            found.extend(
                sorted(
                    p
                    for p in path.rglob("*")
                    if p.suffix in (".yaml", ".yml") and p.is_file() and p.name != GLOSSARY_NAME
                )
            )
        else:
            found.append(path)
    return found


def check_paths(paths: Sequence[Path], base: Path | None = None) -> Report:
    """Check every lesson file under ``paths``; ids must be unique across them, reviews point back."""
    files = lesson_files(paths)
    checked = [check_file(path, _shown(path, base))._replace(course=path.parent.name) for path in files]
    seen: dict[str, str] = {}
    for item in checked:
        if item.lesson is None:
            continue
        first = seen.setdefault(item.lesson.id, item.file)
        if first != item.file:
            item.issues.append(
                Issue(
                    item.file,
                    1,
                    1,
                    msg("id {id} is already used by {file}; ids are unique", id=shown(item.lesson.id), file=first),
                )
            )
    _check_reviews(checked)
    return Report(checked)


def _check_reviews(checked: list[Checked]) -> None:
    """A review quiz names an earlier lesson of its own course or of the core course."""
    ordered = sorted((c for c in checked if c.lesson is not None), key=lambda c: (course_rank(c.course), c.file))
    place = {c.lesson.id: (i, c.course) for i, c in enumerate(ordered) if c.lesson is not None}
    for item in ordered:
        assert item.lesson is not None and item.source is not None
        here, course = place[item.lesson.id]
        for i, step in enumerate(item.lesson.steps):
            if not isinstance(step, QuizStep) or step.review is None:
                continue
            problem = _review_problem(step.review, item.lesson.id, here, course, place)
            if problem is not None:
                mark = item.source.mark(("steps", i, "review"))
                item.issues.append(Issue(item.file, mark.line, mark.column, problem))


def _review_problem(target: str, own: str, here: int, course: str, place: dict[str, tuple[int, str]]) -> Text | None:
    if target == own:
        return msg(
            "review: {target} is this lesson: name the earlier lesson whose idea the question reviews", target=target
        )
    if target not in place:
        return msg(
            "review: no lesson {target} was checked with this one: write the id of an earlier lesson",
            target=shown(target),
        )
    there, target_course = place[target]
    if target_course not in (course, COURSES[0].folder):
        return msg(
            "review: {target} is in the {target_course} course; a review comes from this course "
            "({course}) or from the core course",
            target=target,
            target_course=target_course,
            course=course,
        )
    if there >= here:
        return msg("review: {target} comes after this lesson: a review quiz repeats an earlier lesson", target=target)
    return None


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
        return Checked(name, None, [Issue(name, mark.line, mark.column, exc.reason)])
    return check_source(source, path.stem)


def check_source(source: Source, stem: str | None = None) -> Checked:
    """Check a parsed lesson: structure, then meaning through the rules core."""
    checker = _Checker(source)
    lesson = checker.run(stem)
    issues = sorted(set(checker.issues), key=lambda i: (i.line, i.column, i.message.en))
    return Checked(source.name, lesson if not issues else None, issues, source)


class _Checker:
    def __init__(self, source: Source) -> None:
        self.source = source
        self.issues: list[Issue] = []

    def error(self, path: Path_, message: Text, *, key: bool = False) -> None:
        mark = self.source.mark(path, key=key)
        self.issues.append(Issue(self.source.name, mark.line, mark.column, message))

    # -- structure ---------------------------------------------------------

    def run(self, stem: str | None) -> Lesson | None:
        data = self.source.data
        if not isinstance(data, dict):
            self.error((), msg("a lesson is a mapping with id:, title:, summary:, rules: and steps:"))
            return None
        lesson: Lesson | None = None
        try:
            lesson = Lesson.model_validate(data)
        except ValidationError as exc:
            self.structural(exc.errors(), ())
        if stem is not None and isinstance(data.get("id"), str) and data["id"] != stem:
            self.error(
                ("id",),
                msg("id {id} does not match the file name: write id: {stem}", id=shown(data["id"]), stem=stem),
            )
        steps = data.get("steps")
        if isinstance(steps, list) and steps:
            last = steps[-1]
            if not (isinstance(last, dict) and last.get("kind") == "remember"):
                self.error(
                    ("steps", len(steps) - 1),
                    msg("a lesson ends with its takeaway: add a last step with kind: remember"),
                )
        self.semantics(data, lesson)
        self.vocabulary()
        return lesson

    def vocabulary(self) -> None:
        """Every text uses the glossary's words (lessons/glossary.yaml): each avoided variant, at its word."""
        try:
            found = source_slips(self.source)
        except GlossaryError as exc:
            self.issues.append(
                Issue(self.source.name, 1, 1, msg("the glossary cannot be read: {error}", error=verbatim(str(exc))))
            )
            return
        for mark, slip in found:
            self.issues.append(Issue(self.source.name, mark.line, mark.column, slip.message()))

    def structural(self, errors: list[ErrorDetails], prefix: Path_) -> None:
        grouped: dict[tuple[Path_, bool], list[ErrorDetails]] = {}
        for err in errors:
            path = _data_path(self.source.data, (*prefix, *err["loc"]))
            is_type = err["type"] in _TYPE_WORDS
            grouped.setdefault((path, is_type), []).append(err)
        for (path, merged), errs in grouped.items():
            if merged and len(errs) > 1:
                wanted = sorted({_type_word(e["type"]) for e in errs}, key=lambda word: word.en)
                self.error(
                    path,
                    msg("expected {kind}, not {value}", kind=either(wanted), value=_shown_value(errs[0]["input"])),
                )
                continue
            for err in errs:
                message, at_key = _message(err, (*prefix, *err["loc"]))
                self.error(path, message, key=at_key)

    # -- meaning -----------------------------------------------------------

    def semantics(self, data: dict[str, Any], lesson: Lesson | None) -> None:
        """The lesson's rule set read by its game's pass, then every step through the rules core."""
        game_pass = pass_for(data.get("rules"))
        frame = game_pass.frame_of(data, self.error, _viewer(data))
        steps = _steps(data, lesson)
        if steps is not None:
            game_pass(self.error, frame).run(steps)


def _viewer(data: dict[str, Any]) -> int:
    viewer = data.get("viewer", 0)
    return viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else 0


def _steps(data: dict[str, Any], lesson: Lesson | None) -> list[Step | None] | None:
    """The lesson's steps as models (None where a step does not parse); None without a list of steps."""
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list):
        return None
    if lesson is not None:
        return list(lesson.steps)
    steps: list[Step | None] = []
    for raw in raw_steps:
        try:
            steps.append(_STEP.validate_python(raw))
        except ValidationError:
            steps.append(None)
    return steps


# -- turning pydantic errors into sentences -----------------------------------

_TYPE_WORDS: dict[str, Text] = {
    "string_type": msgc("lesson validator, expected", "text"),
    "int_type": msgc("lesson validator, expected", "a whole number"),
    "int_parsing": msgc("lesson validator, expected", "a whole number"),
    "int_from_float": msgc("lesson validator, expected", "a whole number"),
    "bool_type": msgc("lesson validator, expected", "true or false"),
    "bool_parsing": msgc("lesson validator, expected", "true or false"),
    "list_type": msgc("lesson validator, expected", "a list"),
    "dict_type": msgc("lesson validator, expected", "a mapping"),
    "model_type": msgc("lesson validator, expected", "a mapping"),
    "model_attributes_type": msgc("lesson validator, expected", "a mapping"),
    "literal_error": msgc("lesson validator, expected", "one of the listed words"),
    "float_type": msgc("lesson validator, expected", "a number"),
}
"""What a value of each pydantic type is called in a message ("expected a whole number, not 'x'")."""


def _type_word(kind: str) -> Text:
    return _TYPE_WORDS.get(kind, verbatim(kind))


def _shown_value(value: object) -> Text:
    if isinstance(value, dict):
        return msgc("lesson validator, given", "a mapping")
    if isinstance(value, list):
        return msgc("lesson validator, given", "a list")
    if value is None:
        return msgc("lesson validator, given", "nothing")
    if isinstance(value, bool):
        return verbatim("true" if value else "false")
    return verbatim(shown(value))


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
        tagged = [m for m in current if _kind_of(m) == part or m.__name__ == part]
        if tagged and len(current) > 1:  # a step's kind (pydantic's tag), before a field of that name
            current = tagged
            continue
        nxt: list[type[BaseModel]] = []
        for model in current:
            field = _field(model, part)
            if field is not None:
                nxt.extend(_models_in(field.annotation))
        if nxt:
            current = nxt
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


def _unknown_key(loc: tuple[int | str, ...]) -> Text:
    """Why a key is not allowed where it is written: a near spelling, or the mapping it belongs in."""
    key = str(loc[-1])
    model = _model_at(loc[:-1])
    if model is None:
        return msg("unknown key {key}", key=shown(key))
    keys = _keys_of(model)
    close = difflib.get_close_matches(key, keys, n=1)
    if set(keys) == {"en", "ru", "uk", "es"} and not close:
        # {en: Play it, then pass, ru: …}: the comma ended the English text and "then pass" became a key.
        return msg(
            "unknown key {key}: a comma inside {{en: …, ru: …, uk: …, es: …}} ends the text there; "
            'put the text in quotes, like en: "…, {text} …"',
            key=shown(key),
            text=key,
        )
    home = next(
        (name for name in keys if any(key in _keys_of(inner) for inner in _models_in(_field(model, name).annotation))),
        None,
    )
    if home is not None and not close:
        return msg("{key}: is not a key here; it belongs inside {home}: (write it under {home}:)", key=key, home=home)
    if close:
        return msg(
            "unknown key {key}; did you mean {close}? the keys here are: {keys}",
            key=shown(key),
            close=shown(close[0]),
            keys=", ".join(keys),
        )
    return msg("unknown key {key}; the keys here are: {keys}", key=shown(key), keys=", ".join(keys))


REQUIRED_ABOUT = {
    about.en: about
    for about in (
        msg("numbers from 0 to 6"),
        msg("a tile of the chain (not the first tile of the hand) where the tail turns"),
        msg("which way the tail goes on from that tile"),
        msg("one list of tiles per seat, seat 0 first"),
        msg("the course's badge, earned by finishing this hand (like 'Block player')"),
        msg("the file name without .yaml, like core-01-the-set"),
        msg("a preset name or alias, like block, draw, domino101, kozel; or tien_gow"),
    )
}
"""A required field's description (the model's English, also the JSON schema's) in every language, by its
English; a test keeps every required field's description here."""


def _missing(loc: tuple[int | str, ...]) -> Text:
    key = str(loc[-1])
    if key in ("en", "ru", "uk", "es"):
        return msg("missing the {lang} text: every learner-facing text has en:, ru:, uk: and es:", lang=key)
    model = _model_at(loc[:-1])
    field = _field(model, key) if model is not None else None
    if field is not None and field.description:
        about = REQUIRED_ABOUT.get(field.description, verbatim(field.description))
        return msg("missing key {key} ({about}): add {name}:", key=shown(key), about=about, name=key)
    return msg("missing key {key}: add {name}:", key=shown(key), name=key)


def _bound(kind: str, ctx: dict[str, Any], value: object) -> Text:
    if kind == "too_short":
        least = ctx.get("min_length")
        if least == 1:
            return msg("needs at least one entry")
        return msgn("needs at least {n} entry", "needs at least {n} entries", int(least or 0))
    if kind == "greater_than_equal":
        return msg("must be {least} or more, not {value}", least=ctx.get("ge"), value=_shown_value(value))
    return msg("must be {most} or less, not {value}", most=ctx.get("le"), value=_shown_value(value))


def _message(err: ErrorDetails, loc: tuple[int | str, ...]) -> tuple[Text, bool]:
    """A sentence for one pydantic error, and whether it points at a key rather than a value."""
    kind = err["type"]
    ctx: dict[str, Any] = dict(err.get("ctx") or {})
    value = err.get("input")
    if kind == "extra_forbidden":
        return _unknown_key(loc), True
    if kind == "missing":
        return _missing(loc), False
    if kind == "union_tag_invalid":
        return msg(
            "unknown step kind {kind}; use one of: {kinds}",
            kind=shown(ctx.get("tag")),
            kinds=str(ctx.get("expected_tags")),
        ), False
    if kind == "union_tag_not_found":
        return msg("a step needs kind: explain, play, quiz, remember or capstone"), False
    if kind == "literal_error":
        return msg(
            "{value} is not allowed here; use one of: {words}",
            value=_shown_value(value),
            words=str(ctx.get("expected")),
        ), False
    if kind == "value_error":
        error = ctx.get("error")
        return (reason_of(error) if isinstance(error, BaseException) else verbatim(str(error or err["msg"]))), False
    if kind == "string_pattern_mismatch" and ctx.get("pattern") == ID_PATTERN:
        return msg(
            "{value} is not a valid id: use lowercase words and numbers joined by dashes, like core-01-the-set",
            value=_shown_value(value),
        ), False
    if kind == "string_pattern_mismatch":  # the one other pattern: a move written as text
        return msg(
            "{value} is not a move: write a tile and an end, like 5-1 right (the ends: lead, left, right, up, down)",
            value=_shown_value(value),
        ), False
    if kind == "string_too_short":
        return msg("this text is empty: write something"), False
    if kind in ("too_short", "greater_than_equal", "less_than_equal"):
        return _bound(kind, ctx, value), False
    if kind in _TYPE_WORDS:
        return msg("expected {kind}, not {value}", kind=_TYPE_WORDS[kind], value=_shown_value(value)), False
    return verbatim(err["msg"]), False
