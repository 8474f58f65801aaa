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
from pathlib import Path
from typing import IO, Any, NamedTuple

import yaml

from tutorial_app.rules.text import Text, msg, shown, verbatim
from tutorial_app.source.complaints import json_problem, yaml_problem
from tutorial_app.source.place import Mark

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


def _yaml_error(exc: yaml.YAMLError, text: str) -> SourceError:
    detail, mark = yaml_problem(exc, text)
    return SourceError(msg("not valid YAML: {detail}", detail=detail), mark)


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
        detail = json_problem(exc)
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
