"""What a YAML or JSON parser said about text it could not read, as our own sentence at its place.

Why our own words: PyYAML's and the json module's are English only, and PyYAML's name the parser's states
("while parsing a block mapping", "expected <block end>") rather than what to write instead. Each sentence
says what is wrong where the learner looks (the [ that was never closed, the quote that starts the text) and
what to write; what is not recognised gets a general sentence. ``tutorial_app.source`` calls these when a
text fails to parse.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, NamedTuple

import yaml

from tutorial_app.rules.text import Text, msg
from tutorial_app.source.place import Mark

__all__ = ["yaml_problem", "json_problem"]


class _Complaint(NamedTuple):
    """What PyYAML said, one line each, with its two places and the text, for our own sentence about it."""

    problem: str
    context: str
    at: Mark | None
    opened: Mark | None
    """Where the thing being read began (the [ of a list, the quote of a text, the key of a line)."""
    text: str

    def found(self) -> str:
        """The character or token PyYAML names (``'\\t'``, ``'<stream end>'``, an alias's name), unquoted."""
        match = _FOUND.search(self.problem)
        return match.group(2) if match else ""

    def line(self, number: int) -> str:
        lines = self.text.splitlines()
        return lines[number - 1] if 0 < number <= len(lines) else ""


_FOUND = re.compile(r"(?:found|got) (?:character |undefined alias |duplicate anchor )?(['\"])(.*?)\1")
_CLOSING = {"[": "]", "{": "}"}
_OPENING = {"]": "[", "}": "{"}
Explained = tuple[Text, Mark | None]


def _unclosed_flow(c: _Complaint) -> Explained:
    opening = "[" if "sequence" in c.context else "{"
    closing = _CLOSING[opening]
    if c.opened is not None and (c.found() == "<stream end>" or c.at is None or c.at.line > c.opened.line):
        return msg(
            "the {opening} at line {line}, column {column} is not closed before this place: close it with {closing}, "
            "and separate the items inside with commas",
            opening=opening,
            closing=closing,
            line=c.opened.line,
            column=c.opened.column,
        ), c.at
    return msg(
        "inside {opening} {closing} a comma or {closing} is missing before this place; text holding ?, :, # or , "
        "goes in double quotes: {example}",
        opening=opening,
        closing=closing,
        example='["6-4", "Why?"]' if opening == "[" else '{en: "Why?", ru: "Почему?"}',
    ), c.at


def _bad_character(c: _Complaint) -> Explained:
    char = c.found()
    if char == "\\t":
        return msg("a tab: YAML indents with spaces only; replace the tab with spaces"), c.at
    return msg("{char} cannot start a value: put the value in double quotes", char=char), c.at


_KEY_WITHOUT_COLON = re.compile(r"[A-Za-z_]\w* +[^\s#:]+")


def _missing_colon(c: _Complaint) -> Explained:
    return msg(
        "this line has no colon after its key: write the key, a colon and a space, then the value (to_move: 0)"
    ), c.opened or c.at


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _line_above(c: _Complaint, number: int) -> int:
    """The number of the nearest line above ``number`` that holds something besides a comment (0: none)."""
    for above in range(number - 1, 0, -1):
        if c.line(above).strip() and not c.line(above).lstrip().startswith("#"):
            return above
    return 0


def _stray_colon(c: _Complaint) -> Explained:
    """``: `` where no key can start: a value holding it, a line indented under a finished one, a key above without
    its colon."""
    if c.at is None:
        return _YAML_UNREADABLE, None
    here = c.line(c.at.line)
    if ": " in here[: c.at.column - 1]:
        return msg(
            "a second ': ' on this line: a value holding ': ' must be in double quotes (title: \"Note: this\")"
        ), c.at
    above = _line_above(c, c.at.line)
    if above:
        key, colon, value = c.line(above).partition(":")
        if not colon and _KEY_WITHOUT_COLON.fullmatch(key.strip()):
            return _missing_colon(c._replace(opened=Mark(above, _indent(key) + 1)))
        if value.strip() and _indent(here) > _indent(c.line(above)):
            return msg(
                "this line is indented more than line {line}, which already has its value: line it up with the keys "
                "above",
                line=above,
            ), c.at
    return msg(
        "a ': ' where none can stand: check this line's indentation, and put a value holding ': ' in double quotes"
    ), c.at


def _block_end(c: _Complaint) -> Explained:
    found = c.found()
    if found in _OPENING:
        return msg(
            "{closing} closes nothing here: remove it, or add the {opening} it closes",
            closing=found,
            opening=_OPENING[found],
        ), c.at
    return msg(
        "this line's indentation does not fit the lines above: line up the keys of one mapping, and the - items of "
        "one list, in the same column"
    ), c.at


def _missing_value(c: _Complaint) -> Explained:
    found = c.found()
    if found == ",":
        return msg("nothing between two commas (or after [ or {{): write the value, or remove the comma"), c.at
    if found == "-":
        return msg("inside [ ] items are separated by commas, without a - before each"), c.at
    return msg("a value is missing here"), c.at


def _open_quote(c: _Complaint) -> Explained:
    if "escape" in c.problem:
        return msg(
            "a backslash in double quotes starts an escape such as \\n: write \\\\ for a backslash itself, or use "
            "single quotes"
        ), c.at
    mark = c.opened or c.at
    quote = c.line(mark.line)[mark.column - 1 : mark.column] if mark is not None else ""
    quote = quote if quote in ("'", '"') else '"'
    return msg("the text in quotes that starts here has no closing {quote}: end it with {quote}", quote=quote), mark


def _fixed(sentence: Text, opened: bool = False) -> Callable[[_Complaint], Explained]:
    """An explainer that always says ``sentence``, at the problem (or at where the thing began)."""
    return lambda c: (sentence, (c.opened or c.at) if opened else (c.at or c.opened))


_YAML_UNREADABLE = msg("YAML cannot read the text here: check the quotes, brackets and indentation around this place")

_YAML_PROBLEMS: tuple[tuple[str, Callable[[_Complaint], Explained]], ...] = (
    # a piece of PyYAML's words (its context or its problem), and our sentence about it; the first that matches
    ("quoted scalar", _open_quote),
    (
        "block scalar",
        _fixed(
            msg(
                "after | or > only a digit from 1 to 9, + or - may follow: put text starting with | or > in double quotes"
            )
        ),
    ),
    (
        "while scanning an anchor",
        _fixed(msg("& starts an anchor, named with letters and digits: put text starting with & in double quotes")),
    ),
    (
        "while scanning an alias",
        _fixed(msg("* starts an alias, named with letters and digits: put text starting with * in double quotes")),
    ),
    (
        "directive",
        _fixed(
            msg("a line starting with % is a YAML directive: remove it, or put text starting with % in double quotes")
        ),
    ),
    ("tag", _fixed(msg("! starts a tag, which is not used here: put text starting with ! in double quotes"))),
    ("flow sequence", _unclosed_flow),
    ("flow mapping", _unclosed_flow),
    ("cannot start any token", _bad_character),
    ("could not find expected ':'", _missing_colon),
    ("mapping values are not allowed here", _stray_colon),
    ("expected <block end>", _block_end),
    ("expected the node content", _missing_value),
    (
        "sequence entries are not allowed here",
        _fixed(
            msg(
                "a - list item where no list can start: check this line's indentation, or put text starting with - in double quotes"
            )
        ),
    ),
    (
        "mapping keys are not allowed here",
        _fixed(msg("? starts a complex key: put text starting with ? in double quotes")),
    ),
    ("single document", _fixed(msg("a second document starts here (after a line ---): keep one document in the text"))),
    (
        "undefined alias",
        lambda c: (
            msg(
                "*{name} names no anchor: mark a value above with &{name}, or put text starting with * in double quotes",
                name=c.found(),
            ),
            c.at,
        ),
    ),
    (
        "duplicate anchor",
        lambda c: (msg("the anchor &{name} appears twice: give each anchor its own name", name=c.found()), c.at),
    ),
)


def yaml_problem(exc: yaml.YAMLError, text: str) -> tuple[Text, Mark | None]:
    """PyYAML's complaint about ``text`` as our own sentence, in every language, and the place it speaks of."""
    if not isinstance(exc, yaml.MarkedYAMLError):
        return _YAML_UNREADABLE, None
    complaint = _Complaint(
        " ".join(str(exc.problem or "").split()),
        " ".join(str(exc.context or "").split()),
        _yaml_mark(exc.problem_mark),
        _yaml_mark(exc.context_mark),
        text,
    )
    return next(
        (
            explain(complaint)
            for words, explain in _YAML_PROBLEMS
            if words in complaint.context or words in complaint.problem
        ),
        (_YAML_UNREADABLE, complaint.at or complaint.opened),
    )


def _yaml_mark(mark: Any) -> Mark | None:
    return Mark(mark.line + 1, mark.column + 1) if mark is not None else None


_JSON_PROBLEMS = (
    # the start of the json module's words, and our sentence about them; the first that matches
    ("Expecting ':'", msg('a key needs a colon after it: "to_move": 0')),
    ("Expecting property name", msg('a key in JSON is text in double quotes: "rules": "block"')),
    (
        "Unterminated string",
        msg("the text in quotes that starts here has no closing {quote}: end it with {quote}", quote='"'),
    ),
    ("Invalid control character", msg("a line break or a tab inside double quotes: write \\n or \\t instead")),
    ("Invalid \\", msg("a backslash in double quotes starts an escape such as \\n: write \\\\ for a backslash itself")),
    ("Extra data", msg("more text after the end: a JSON text is one value; put the values in one [ ] or {{ }}")),
)
_JSON_UNREADABLE = msg("JSON cannot read the text here: check the quotes, brackets and commas around this place")


def json_problem(exc: json.JSONDecodeError) -> Text:
    """The json module's complaint as our own sentence: what is wrong at its place and what to write instead."""
    before = exc.doc[: exc.pos].rstrip()
    here = exc.doc[exc.pos : exc.pos + 1]
    if exc.pos >= len(exc.doc.rstrip()) and exc.msg.startswith("Expecting"):
        return msg("the text ends too soon: close every [ with ] and every {{ with }}")
    if before.endswith(",") and here in ("]", "}"):
        return msg("a comma before {closing}: JSON allows none after the last item; remove it", closing=here)
    if exc.msg.startswith("Expecting ','"):
        return msg("a comma is missing before this place, or the bracket that closes the list or mapping")
    if exc.msg.startswith("Expecting value"):
        return msg("a value is missing here: a number, text in double quotes, true, false, null, [ ] or {{ }}")
    return next((sentence for words, sentence in _JSON_PROBLEMS if exc.msg.startswith(words)), _JSON_UNREADABLE)
