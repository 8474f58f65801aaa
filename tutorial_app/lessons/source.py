"""Reading a lesson file safely while remembering where every value was written.

Why our own composer walk: ``yaml.safe_load`` forgets line numbers, and the
validator must point at the line and column of every mistake. We let
PyYAML's safe composer build the node tree, then turn nodes into plain
values ourselves, accepting only the plain YAML types (no tags that build
objects), refusing duplicate keys and capping size and alias expansion.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import yaml

__all__ = ["MAX_LESSON_BYTES", "Mark", "Source", "SourceError", "read_source", "parse_source"]

MAX_LESSON_BYTES = 200_000
MAX_NODES = 50_000

_PLAIN_TAGS = {
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:str",
}
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"

Path_ = tuple[str | int, ...]


class Mark(NamedTuple):
    """A place in a file: 1-based line and column."""

    line: int
    column: int


class SourceError(ValueError):
    """A file that cannot be read as a lesson at all; ``mark`` says where, when known."""

    def __init__(self, message: str, mark: Mark | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark


class Source(NamedTuple):
    """A parsed file: its data and the marks of every value and every key, by path."""

    name: str
    data: Any
    values: dict[Path_, Mark]
    keys: dict[Path_, Mark]

    def mark(self, path: Path_, *, key: bool = False) -> Mark:
        """The mark of a value (or of its key) at ``path``, or of the nearest enclosing value."""
        if key and path in self.keys:
            return self.keys[path]
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, Mark(1, 1))


def _mark(node: yaml.Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


def read_source(path: Path, name: str | None = None) -> Source:
    """Read and parse a lesson file; raises SourceError for unreadable, huge or unsafe files."""
    shown = name or str(path)
    try:
        size = path.stat().st_size
    except OSError:
        raise SourceError("no such file") from None
    if size > MAX_LESSON_BYTES:
        raise SourceError(
            f"the file is {size // 1000} kB; a lesson may be at most {MAX_LESSON_BYTES // 1000} kB "
            "(split it into several lessons)"
        )
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise SourceError("not a UTF-8 text file; save it as UTF-8") from None
    return parse_source(text, shown)


def parse_source(text: str, name: str = "<lesson>") -> Source:
    """Parse YAML text into plain values with marks; raises SourceError."""
    if len(text.encode("utf-8")) > MAX_LESSON_BYTES:
        raise SourceError(f"more than {MAX_LESSON_BYTES // 1000} kB; a lesson may be at most that (split it)")
    if not text.strip():
        raise SourceError("the file is empty; a lesson starts with id:, title:, summary:, rules: and steps:")
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Mark(mark.line + 1, mark.column + 1) if mark is not None else None
        raise SourceError(f"not valid YAML: {exc.problem or exc.context}", where) from None
    except yaml.YAMLError as exc:
        raise SourceError(f"not valid YAML: {exc}") from None
    finally:
        loader.dispose()
    if node is None:
        raise SourceError("the file is empty; a lesson starts with id:, title:, summary:, rules: and steps:")
    walker = _Walker(loader)
    data = walker.value(node, ())
    return Source(name, data, walker.values, walker.keys)


class _Walker:
    def __init__(self, loader: yaml.SafeLoader) -> None:
        self.loader = loader
        self.values: dict[Path_, Mark] = {}
        self.keys: dict[Path_, Mark] = {}
        self.count = 0

    def value(self, node: yaml.Node, path: Path_) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise SourceError(f"more than {MAX_NODES} values (are aliases expanding too much?)", _mark(node))
        self.values.setdefault(path, _mark(node))
        if isinstance(node, yaml.MappingNode):
            if node.tag != _MAP_TAG:
                raise self._tag_error(node)
            out: dict[str, Any] = {}
            self.loader.flatten_mapping(node)
            for key_node, value_node in node.value:
                key = self.value(key_node, (*path, "\0key"))
                if isinstance(key, bool) or not isinstance(key, (str, int)):
                    raise SourceError(f"a key must be a name, not {key!r}", _mark(key_node))
                key_text = str(key)
                if key_text in out:
                    raise SourceError(f"key {key_text!r} appears twice here; keep one", _mark(key_node))
                self.keys[(*path, key_text)] = _mark(key_node)
                out[key_text] = self.value(value_node, (*path, key_text))
            self.values.pop((*path, "\0key"), None)
            return out
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ_TAG:
                raise self._tag_error(node)
            return [self.value(item, (*path, i)) for i, item in enumerate(node.value)]
        if node.tag not in _PLAIN_TAGS:
            raise self._tag_error(node)
        return self.loader.construct_object(node, deep=True)

    @staticmethod
    def _tag_error(node: yaml.Node) -> SourceError:
        tag = str(node.tag).replace("tag:yaml.org,2002:", "!!")
        return SourceError(
            f"the tag {tag} is not allowed in a lesson; write plain text, numbers, lists and mappings "
            "(quote the value if it is text)",
            _mark(node),
        )
