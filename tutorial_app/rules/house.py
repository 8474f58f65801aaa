"""House-rule options as data: one ``OptionSpec`` per option, read by the rules core, the rule sheet and the pickers.

Why one spec per option: an option's allowed values (its ``Domain``), its
label, where the rule sheet puts it and the sentence it reads there were
once written in nine tables of two modules, and a page read the values back
out of a help sentence. Now a game's rules model declares each option once
(``field(default=..., metadata=SPEC.meta)``); the model checks values
through the spec's domain, the rule sheet speaks its sentences, and a picker
asks ``domain.choices()`` for the values to offer. Both engines (``rules.line``,
``rules.tien_gow``) declare their options this way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from tutorial_app.rules.text import RulesError, Text, msg, verbatim

__all__ = [
    "OptionError",
    "Domain",
    "Named",
    "YesNo",
    "OneOf",
    "Whole",
    "OptionSpec",
    "Sentence",
    "option_int",
    "specs_of",
    "value_key",
]


class OptionError(RulesError):
    """A house-rules option or value that does not exist or cannot be played; ``reason`` in en and ru."""


def _not_whole(name: str, value: object) -> OptionError:
    return OptionError(msg("option {name}: {value!r} is not a whole number", name=name, value=value))


def option_int(name: str, value: object) -> int:
    """A whole-number option's value from an int or its digits ("150"); OptionError naming ``name`` otherwise."""
    if isinstance(value, bool):
        raise _not_whole(name, value)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    raise _not_whole(name, value)


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class Domain:
    """The values an option accepts: how a written value is read, and what a picker offers."""

    def coerce(self, name: str, value: object) -> object:
        """The value in the option's type ("150" -> 150, "Pairs" -> Teams.PAIRS); OptionError saying what is allowed."""
        raise NotImplementedError

    def choices(self) -> tuple[object, ...] | None:
        """Every value a picker offers, in order; None for a range of whole numbers (``bounds``)."""
        raise NotImplementedError

    def bounds(self) -> tuple[int, int] | None:
        """The lowest and the highest whole number for a range (None for a list of choices)."""
        return None

    def accepts(self) -> Text:
        """What the option accepts, in words (help lines and error messages)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Named(Domain):
    """One of an enumeration's values, written by name in any case ("Pairs", "pairs", "first-lead-rule")."""

    enum: type[StrEnum]

    def coerce(self, name: str, value: object) -> object:
        if isinstance(value, self.enum):
            return value
        text = str(value).strip().lower().replace("-", "_")
        try:
            return self.enum(text)
        except ValueError:
            allowed = self.accepts().en
            raise OptionError(
                msg(
                    "option {name}: {value!r} is not allowed; use one of: {allowed}",
                    name=name,
                    value=value,
                    allowed=allowed,
                )
            ) from None

    def choices(self) -> tuple[object, ...]:
        return tuple(member.value for member in self.enum)

    def accepts(self) -> Text:
        return verbatim(", ".join(member.value for member in self.enum))


@dataclass(frozen=True)
class YesNo(Domain):
    """True or false (also written yes/no, on/off, 1/0)."""

    def coerce(self, name: str, value: object) -> object:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise OptionError(msg("option {name}: {value!r} is not allowed; use true or false", name=name, value=value))

    def choices(self) -> tuple[object, ...]:
        return (False, True)

    def accepts(self) -> Text:
        return msg("true, false")


@dataclass(frozen=True)
class OneOf(Domain):
    """One of a few whole numbers (the value of 0-0: 0 or 10)."""

    values: tuple[int, ...]

    def coerce(self, name: str, value: object) -> object:
        number = option_int(name, value)
        if number not in self.values:
            raise OptionError(
                msg(
                    "option {name}: {value!r} is not allowed; use {choices}", name=name, value=value, choices=self._or()
                )
            )
        return number

    def choices(self) -> tuple[object, ...]:
        return self.values

    def accepts(self) -> Text:
        return verbatim(", ".join(str(c) for c in self.values))

    def _or(self) -> Text:
        """``0 or 10`` / «0 или 10»."""
        choices: Text = verbatim(str(self.values[0]))
        for value in self.values[1:]:
            choices = msg("{first} or {other}", first=choices, other=str(value))
        return choices


@dataclass(frozen=True)
class Whole(Domain):
    """A whole number from ``low`` to ``high``; ``usual`` says what people write (the help and the errors)."""

    low: int
    high: int
    usual: Text

    def coerce(self, name: str, value: object) -> object:
        number = option_int(name, value)
        if not self.low <= number <= self.high:
            raise OptionError(
                msg("option {name}: {value!r} is not allowed; use {usual}", name=name, value=value, usual=self.usual)
            )
        return number

    def choices(self) -> None:
        return None

    def bounds(self) -> tuple[int, int]:
        return self.low, self.high

    def accepts(self) -> Text:
        return self.usual


Sentence = Text | Callable[[object], Text] | Mapping[str, "Text | Callable[[object], Text]"]
"""What an option's value reads as on a rule sheet: one sentence, one made from the value, or one per value."""


class OptionSpec(NamedTuple):
    """Everything about one house-rule option: its name, values, label, sheet section and sentence.

    ``in_context`` gives a sentence that reads better at a table where a
    clause cannot apply (all 28 tiles dealt, no partners), or None;
    ``applies`` says whether the option matters under some rules at all (a
    sheet leaves it out when not); ``words`` are short names of the values
    for a picker where the sheet's sentences are long.
    """

    name: str
    domain: Domain
    label: Text
    section: Text
    sentence: Sentence
    in_context: Callable[[object, Any], Text | None] | None = None
    applies: Callable[[Any], bool] | None = None
    words: Mapping[str, Text] | None = None

    def read(self, value: object) -> Text:
        """The sentence of one value (``ValueError`` for a value the sheet has no sentence for)."""
        entry = self.sentence
        if isinstance(entry, Text):
            return entry
        if callable(entry):
            return entry(value)
        found = entry.get(value_key(value))
        if found is None:
            raise ValueError(f"option {self.name}: no description for {value!r}; the values are: {', '.join(entry)}")
        return found(value) if callable(found) else found

    @property
    def meta(self) -> Mapping[str, OptionSpec]:
        """The metadata that declares a rules model's field by this spec: ``field(default=..., metadata=SPEC.meta)``."""
        return {"option": self}

    def word(self, value: object) -> Text:
        """A value as a picker names it: its short word where there is one, else its sentence."""
        if self.words is not None and value_key(value) in self.words:
            return self.words[value_key(value)]
        return self.read(value)


def value_key(value: object) -> str:
    """A value as the sentences are keyed: true/false for a flag, the enum's value, the number's digits."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def specs_of(model: type) -> dict[str, OptionSpec]:
    """The specs of a rules model's options, in the order of its fields."""
    return {f.name: f.metadata["option"] for f in dataclasses.fields(model) if "option" in f.metadata}
