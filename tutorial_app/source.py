"""The one bounded reader for the YAML and JSON that users hand us, with line numbers.

Why one reader: lessons (files, the Workshop), referee positions (the
command line, the Compare page) and progress files all come from strangers.
Each is read here under the same guards: a size limit read as bytes (at most
the limit + 1 is ever read), regular files only, strict UTF-8, no control
characters, a nesting depth, a number of values and of aliases, and integers
of a sane length. Every refusal is a ``SourceError`` that says where (line
and column) and what to do, in English and Russian.

Why our own composer walk for YAML: ``yaml.safe_load`` forgets line numbers,
and the validator must point at the line and column of every mistake. We let
PyYAML's safe composer build the node tree, then turn nodes into plain
values ourselves, accepting only the plain YAML types (no tags that build
objects) and refusing duplicate keys.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, NamedTuple

import yaml

from tutorial_app.rules.text import Text, msg, shown, verbatim

__all__ = [
    "MAX_LESSON_BYTES",
    "MAX_NODES",
    "LESSON_LIMITS",
    "Limits",
    "Mark",
    "Source",
    "SourceError",
    "read_source",
    "read_text",
    "read_stream",
    "decode",
    "parse_source",
    "parse_json",
    "parse_data",
]

MAX_LESSON_BYTES = 200_000
MAX_NODES = 50_000


class Limits(NamedTuple):
    """How much a reader accepts: bytes, nesting levels, values, aliases and digits of an integer."""

    max_bytes: int = MAX_LESSON_BYTES
    max_depth: int = 64
    max_nodes: int = MAX_NODES
    max_aliases: int = 100
    max_digits: int = 18


LESSON_LIMITS = Limits()

_PLAIN_TAGS = {
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:str",
}
_INT_TAG = "tag:yaml.org,2002:int"
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
# What YAML itself allows in a text (tab, line breaks, printable Unicode); the
# rest (control characters, lone surrogates) is refused before parsing.
_FORBIDDEN = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

Path_ = tuple[str | int, ...]


class Mark(NamedTuple):
    """A place in a file: 1-based line and column."""

    line: int
    column: int


class SourceError(ValueError):
    """Text that cannot be read at all; ``mark`` says where when known, ``reason`` says what in en and ru.

    ``message`` (and ``str(exc)``) is the English sentence without the place,
    as the lesson validator reports it beside its own line and column.
    """

    def __init__(self, reason: Text | str, mark: Mark | None = None) -> None:
        self.reason = reason if isinstance(reason, Text) else verbatim(reason)
        super().__init__(self.reason.en)
        self.message = self.reason.en
        self.mark = mark

    def located(self, lang: str = "en") -> str:
        """The sentence with its place first: ``line 3, column 7: ...`` (just the sentence when unknown)."""
        return self.where().in_(lang)

    def where(self) -> Text:
        """``located`` in every language: the place and the sentence, as one message."""
        if self.mark is None:
            return self.reason
        return msg(
            "line {line}, column {column}: {sentence}",
            line=self.mark.line,
            column=self.mark.column,
            sentence=self.reason,
        )


class Source(NamedTuple):
    """A parsed file: its data and the marks of every value and every key, by path."""

    name: str
    data: Any
    values: dict[Path_, Mark]
    keys: dict[Path_, Mark]
    text: str = ""
    """The text the data was read from (YAML), to place a word inside a value; empty for JSON."""

    def mark(self, path: Path_, *, key: bool = False) -> Mark:
        """The mark of a value (or of its key) at ``path``, or of the nearest enclosing value."""
        if key and path in self.keys:
            return self.keys[path]
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, Mark(1, 1))


def _mark(node: yaml.Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


def _mark_at(text: str, index: int) -> Mark:
    """The line and column of a character offset."""
    line = text.count("\n", 0, index) + 1
    return Mark(line, index - (text.rfind("\n", 0, index) + 1) + 1)


def _kb(limit: int) -> int:
    return max(1, limit // 1000)


def _too_large(limits: Limits, mark: Mark | None = None, size: int | None = None) -> SourceError:
    kb = _kb(limits.max_bytes)
    if size is not None:
        n = _kb(size)
        return SourceError(
            msg("the file is {n} kB; at most {kb} kB is allowed (split it into smaller files)", n=n, kb=kb),
            mark,
        )
    return SourceError(
        msg("larger than {kb} kB; at most {kb} kB is allowed (split it into smaller files)", kb=kb),
        mark,
    )


def _empty() -> SourceError:
    return SourceError(msg("the text is empty"), Mark(1, 1))


# -- bytes in -------------------------------------------------------------------


def read_text(path: Path, limits: Limits = LESSON_LIMITS) -> str:
    """A regular file's text; at most ``max_bytes + 1`` bytes are read. Raises SourceError.

    Why open before checking: a FIFO would block ``open`` and a device would
    never end, so the file is opened without blocking and checked as opened.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise SourceError(msg("no such file")) from None
    except IsADirectoryError:
        raise _not_a_file() from None
    except OSError as exc:
        raise SourceError(msg("cannot be opened ({strerror})", strerror=exc.strerror)) from None
    status = os.fstat(descriptor)
    if not stat.S_ISREG(status.st_mode):
        os.close(descriptor)
        raise _not_a_file()
    with os.fdopen(descriptor, "rb") as file:
        if status.st_size > limits.max_bytes:
            raise _too_large(limits, size=status.st_size)
        try:
            data = file.read(limits.max_bytes + 1)
        except OSError as exc:
            raise SourceError(msg("cannot be read ({strerror})", strerror=exc.strerror)) from None
    return decode(data, limits)


def _not_a_file() -> SourceError:
    return SourceError(msg("not a regular file (a folder, a device or a pipe); name a text file"))


def read_stream(stream: IO[bytes], limits: Limits = LESSON_LIMITS) -> str:
    """A byte stream's text (standard input); at most ``max_bytes + 1`` bytes are read."""
    return decode(stream.read(limits.max_bytes + 1), limits)


def decode(data: bytes, limits: Limits = LESSON_LIMITS) -> str:
    """Bytes as strict UTF-8 text within the size limit (a leading byte-order mark is dropped)."""
    if len(data) > limits.max_bytes:
        raise _too_large(limits)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        mark = _mark_at(data[: exc.start].decode("utf-8", "replace"), exc.start)
        byte = data[exc.start]
        raise SourceError(
            msg("not UTF-8 text (byte 0x{byte:02x}); save it as UTF-8", byte=byte),
            mark,
        ) from None
    return text.removeprefix("\ufeff")


def _check_text(text: str, limits: Limits) -> None:
    if len(text) > limits.max_bytes or len(text.encode("utf-8", "surrogatepass")) > limits.max_bytes:
        raise _too_large(limits, _mark_at(text, _byte_limit_index(text, limits.max_bytes)))
    bad = _FORBIDDEN.search(text)
    if bad is not None:
        raise _control_character(bad.group(), _mark_at(text, bad.start()))
    if not text.strip():
        raise _empty()


def _byte_limit_index(text: str, limit: int) -> int:
    """The character where the text passes ``limit`` bytes."""
    return len(text.encode("utf-8", "surrogatepass")[:limit].decode("utf-8", "ignore"))


def _control_character(char: str, mark: Mark | None) -> SourceError:
    code = f"U+{ord(char):04X}"
    if 0xD800 <= ord(char) <= 0xDFFF:
        return SourceError(
            msg("{code} is half of a character pair and cannot stand alone; remove it", code=code),
            mark,
        )
    return SourceError(
        msg("control character {code}; remove it (write plain text)", code=code),
        mark,
    )


# -- YAML -----------------------------------------------------------------------


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader that stops at a nesting depth and a number of aliases while composing."""

    def __init__(self, text: str, limits: Limits) -> None:
        super().__init__(text)
        self.limits = limits
        self.depth = 0
        self.aliases = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            self.aliases += 1
            if self.aliases > self.limits.max_aliases:
                raise _too_many_aliases(self.limits, self._event_mark())
        self.depth += 1
        try:
            if self.depth > self.limits.max_depth:
                raise _too_deep(self.limits, self._event_mark())
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def _event_mark(self) -> Mark | None:
        mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
        return Mark(mark.line + 1, mark.column + 1) if mark is not None else None


def _too_deep(limits: Limits, mark: Mark | None) -> SourceError:
    n = limits.max_depth
    return SourceError(
        msg("nested too deeply (more than {n} levels of lists and mappings)", n=n),
        mark,
    )


def _too_many_aliases(limits: Limits, mark: Mark | None) -> SourceError:
    n = limits.max_aliases
    return SourceError(
        msg("more than {n} aliases (*name); write the values out", n=n),
        mark,
    )


def _too_long_number(limits: Limits, mark: Mark | None) -> SourceError:
    n = limits.max_digits
    return SourceError(msg("number too large (more than {n} digits)", n=n), mark)


def parse_source(text: str, name: str = "<lesson>", limits: Limits = LESSON_LIMITS) -> Source:
    """Parse YAML text into plain values with marks; raises SourceError."""
    _check_text(text, limits)
    try:
        loader = _BoundedLoader(text, limits)
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, text) from None
    try:
        node = loader.get_single_node()
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, text) from None
    finally:
        loader.dispose()
    if node is None:
        raise _empty()
    walker = _Walker(loader, limits)
    data = walker.value(node, ())
    return Source(name, data, walker.values, walker.keys, text)


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


def _yaml_error(exc: yaml.YAMLError, text: str) -> SourceError:
    """PyYAML's complaint as our own sentence, in every language, at its place.

    Why not PyYAML's words: they are English only, and they name the parser's states ("while parsing a block
    mapping", "expected <block end>") rather than what to write instead.
    """
    if not isinstance(exc, yaml.MarkedYAMLError):
        return SourceError(msg("not valid YAML: {detail}", detail=_YAML_UNREADABLE))
    complaint = _Complaint(
        " ".join(str(exc.problem or "").split()),
        " ".join(str(exc.context or "").split()),
        _yaml_mark(exc.problem_mark),
        _yaml_mark(exc.context_mark),
        text,
    )
    detail, mark = next(
        (
            explain(complaint)
            for words, explain in _YAML_PROBLEMS
            if words in complaint.context or words in complaint.problem
        ),
        (_YAML_UNREADABLE, complaint.at or complaint.opened),
    )
    return SourceError(msg("not valid YAML: {detail}", detail=detail), mark)


def _yaml_mark(mark: Any) -> Mark | None:
    return Mark(mark.line + 1, mark.column + 1) if mark is not None else None


class _Walker:
    def __init__(self, loader: yaml.SafeLoader, limits: Limits) -> None:
        self.loader = loader
        self.limits = limits
        self.values: dict[Path_, Mark] = {}
        self.keys: dict[Path_, Mark] = {}
        self.count = 0
        self.open: set[int] = set()

    def value(self, node: yaml.Node, path: Path_) -> Any:
        self.count += 1
        if self.count > self.limits.max_nodes:
            raise SourceError(
                msg("more than {max_nodes} values (are aliases expanding too much?)", max_nodes=self.limits.max_nodes),
                _mark(node),
            )
        self.values.setdefault(path, _mark(node))
        if isinstance(node, yaml.MappingNode | yaml.SequenceNode):
            return self._collection(node, path)
        if node.tag not in _PLAIN_TAGS:
            raise self._tag_error(node)
        if node.tag == _INT_TAG and len(node.value.lstrip("+-").replace("_", "")) > self.limits.max_digits:
            raise _too_long_number(self.limits, _mark(node))
        value = self.loader.construct_object(node, deep=True)
        if isinstance(value, str):
            bad = _FORBIDDEN.search(value)
            if bad is not None:
                raise _control_character(bad.group(), _mark(node))
        return value

    def _collection(self, node: yaml.MappingNode | yaml.SequenceNode, path: Path_) -> Any:
        """A list or a mapping, refusing one that contains itself (``&a [*a]``) or nests too deeply."""
        if id(node) in self.open:
            raise SourceError(
                msg("an alias (*name) points at a value that contains it; write the value out"),
                _mark(node),
            )
        if len(self.open) >= self.limits.max_depth:
            raise _too_deep(self.limits, _mark(node))
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self._mapping(node, path)
            if node.tag != _SEQ_TAG:
                raise self._tag_error(node)
            return [self.value(item, (*path, i)) for i, item in enumerate(node.value)]
        finally:
            self.open.discard(id(node))

    def _mapping(self, node: yaml.MappingNode, path: Path_) -> dict[str, Any]:
        if node.tag != _MAP_TAG:
            raise self._tag_error(node)
        out: dict[str, Any] = {}
        self.loader.flatten_mapping(node)
        for key_node, value_node in node.value:
            key = self.value(key_node, (*path, "\0key"))
            if isinstance(key, bool) or not isinstance(key, str | int):
                raise SourceError(
                    msg("a key must be a name, not {shown}", shown=shown(key)),
                    _mark(key_node),
                )
            key_text = str(key)
            if key_text in out:
                raise SourceError(
                    msg("key {shown} appears twice here; keep one", shown=shown(key_text)),
                    _mark(key_node),
                )
            self.keys[(*path, key_text)] = _mark(key_node)
            out[key_text] = self.value(value_node, (*path, key_text))
        self.values.pop((*path, "\0key"), None)
        return out

    @staticmethod
    def _tag_error(node: yaml.Node) -> SourceError:
        tag = str(node.tag).replace("tag:yaml.org,2002:", "!!")
        tag = tag if len(tag) <= 60 else tag[:59] + "…"
        return SourceError(
            msg(
                "the tag {tag} is not allowed here; write plain text, numbers, lists and mappings (quote the value if it is text)",
                tag=tag,
            ),
            _mark(node),
        )


# -- JSON -----------------------------------------------------------------------

_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?')


class _NumberTooLong(Exception):
    pass


def _json_int(digits: str, limits: Limits) -> int:
    if len(digits.lstrip("-")) > limits.max_digits:
        raise _NumberTooLong
    return int(digits)


def _json_constant(name: str) -> Any:
    raise ValueError(name)


def parse_json(text: str, name: str = "<json>", limits: Limits = LESSON_LIMITS) -> Any:
    """Parse JSON text under the limits; raises SourceError with the line and column of the problem."""
    _check_text(text, limits)
    try:
        data = json.loads(text, parse_int=lambda digits: _json_int(digits, limits), parse_constant=_json_constant)
    except json.JSONDecodeError as exc:
        detail = _json_problem(exc)
        raise SourceError(msg("not valid JSON: {detail}", detail=detail), Mark(exc.lineno, exc.colno)) from None
    except _NumberTooLong:
        _first_json_problem(text, limits)
        raise _too_long_number(limits, None) from None
    except RecursionError:
        _first_json_problem(text, limits)
        raise _too_deep(limits, None) from None
    except ValueError as exc:
        raise SourceError(msg("{exc} is not a number JSON allows; write a number", exc=exc)) from None
    _check_json_values(data, text, limits, 0)
    return data


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


def _json_problem(exc: json.JSONDecodeError) -> Text:
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


def _check_json_values(value: Any, text: str, limits: Limits, depth: int) -> None:
    """Depth and characters of a parsed document; a problem is located by scanning the text."""
    if depth > limits.max_depth:
        _first_json_problem(text, limits)
        raise _too_deep(limits, None)
    if isinstance(value, str):
        bad = _FORBIDDEN.search(value)
        if bad is not None:
            _first_json_problem(text, limits)
            raise _control_character(bad.group(), None)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_json_values(key, text, limits, depth + 1)
            _check_json_values(item, text, limits, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_json_values(item, text, limits, depth + 1)


def _first_json_problem(text: str, limits: Limits) -> None:
    """Raise, with its place, the first problem a scan of the text finds (too deep, a long number, a control character)."""
    depth = 0
    for token in _JSON_TOKEN.finditer(text):
        kind = token.group()[0]
        if kind in "[{":
            depth += 1
            if depth > limits.max_depth:
                raise _too_deep(limits, _mark_at(text, token.start()))
        elif kind in "]}":
            depth -= 1
        elif kind == '"':
            _check_json_string(token, text)
        elif token.group().lstrip("-").isdigit() and len(token.group().lstrip("-")) > limits.max_digits:
            raise _too_long_number(limits, _mark_at(text, token.start()))


def _check_json_string(token: re.Match[str], text: str) -> None:
    if "\\u" not in token.group():
        return
    try:
        value = json.loads(token.group())
    except ValueError:
        return
    bad = _FORBIDDEN.search(value)
    if bad is not None:
        raise _control_character(bad.group(), _mark_at(text, token.start()))


# -- either ---------------------------------------------------------------------


def parse_data(text: str, name: str, limits: Limits, *, as_json: bool = False) -> Any:
    """Plain data from YAML (or JSON when ``as_json``) under the limits; raises SourceError."""
    if as_json:
        return parse_json(text, name, limits)
    return parse_source(text, name, limits).data


def read_source(path: Path, name: str | None = None, limits: Limits = LESSON_LIMITS) -> Source:
    """Read and parse a lesson file; raises SourceError for unreadable, huge or unsafe files."""
    return parse_source(read_text(path, limits), name or str(path), limits)
