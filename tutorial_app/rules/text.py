"""A sentence the rules core says, as a message id and values that the language layer writes out.

Why message ids: the rules core explains its own rulings (why a move is
illegal, how a hand was scored) in every language the app speaks, and must
not hold the translations or import UI code. A ``Text`` carries the
message's id, which is its English text with ``{name}`` fields (gettext's
convention: translators read English), and the values for those fields
(numbers, tiles, other ``Text``s); ``Text.in_(lang)`` asks
``tutorial_app.language`` to look it up in that language's catalog and fill
it in. The catalogs (``tutorial_app/locale``) are built from the ``msg``,
``msgc`` and ``msgn`` calls of the source by ``python -m tutorial_app.i18n.catalogs``.

Write a sentence as ``msg("{tile} does not fit the {end}.", tile=tile, end=end)``,
never by gluing translated pieces together: a language may need another word
order. Grammar that changes with a value (a Russian verb after "You" or after
"seat 2") is two messages, told apart by ``msgc`` contexts or by their English.
``Text(en, ru, uk, es)`` holds finished strings an author wrote in each
language (a lesson's YAML); the engine's old ``Text(en, ru)``, still read while
it moves to message ids, has no Ukrainian or Spanish and shows the English there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from tutorial_app.language import listing, render

__all__ = [
    "Text",
    "msg",
    "msgc",
    "msgn",
    "verbatim",
    "joined",
    "listed",
    "capitalized",
    "declined",
    "EMPTY",
    "RulesError",
    "reason_of",
    "shown",
    "seat_name",
    "seat_genitive",
]

_PAIR: Final = 0
_MESSAGE: Final = 1
_VERBATIM: Final = 2
_JOINED: Final = 3
_LISTED: Final = 4
_CAPITAL: Final = 5
_DECLINED: Final = 6
_CASES: Final = ("gen", "dat", "ins")


def _frozen(value: object) -> object:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


class Text:
    """One sentence (or a piece of one) in every language the app speaks; immutable and hashable.

    Made by ``msg``/``msgc``/``msgn`` (a message), ``verbatim`` (the same in every language: a tile, a
    name someone typed), ``joined``/``listed`` (pieces one after another, or "a, b and c"), or the old
    ``Text(en, ru)``. ``in_(lang)`` writes it out; ``str(text)`` is the English.
    """

    __slots__ = ("_kind", "_id", "_ru", "_values", "_context", "_plural", "_count", "_parts")

    def __init__(self, en: str, ru: str, /, uk: str = "", es: str = "") -> None:
        self._kind = _PAIR
        self._id = en
        self._ru = ru
        # a text written in each language by its author (a lesson's YAML): Ukrainian and Spanish when given
        self._values: tuple[tuple[str, object], ...] = tuple((k, v) for k, v in (("es", es), ("uk", uk)) if v)
        self._context: str | None = None
        self._plural: str | None = None
        self._count: int | None = None
        self._parts: tuple[Text, ...] = ()

    @classmethod
    def _make(
        cls,
        kind: int,
        msgid: str,
        values: Mapping[str, object] | None = None,
        *,
        context: str | None = None,
        plural: str | None = None,
        count: int | None = None,
        parts: Iterable[Text] = (),
    ) -> Text:
        text = cls.__new__(cls)
        text._kind = kind
        text._id = msgid
        text._ru = ""
        text._values = tuple(sorted((k, _frozen(v)) for k, v in (values or {}).items()))
        text._context = context
        text._plural = plural
        text._count = count
        # a list names each item once: "every 3 is in sight" is one reason, whichever seats it holds for
        text._parts = tuple(dict.fromkeys(parts)) if kind == _LISTED else tuple(parts)
        return text

    # -- reading ------------------------------------------------------------------------------

    def in_(self, lang: str) -> str:
        """The sentence in ``lang`` (English for a language the catalogs do not have)."""
        kind = self._kind
        if kind == _MESSAGE:
            return render(
                self._id,
                lang,
                dict(self._values),
                context=self._context,
                plural=self._plural,
                count=self._count,
            )
        if kind == _VERBATIM:
            return self._id
        if kind == _JOINED:
            return self._id.join(t for t in (p.in_(lang) for p in self._parts) if t)
        if kind == _LISTED:
            return listing([p.in_(lang) for p in self._parts], lang)
        if kind == _CAPITAL:
            inner = self._parts[0].in_(lang)
            return inner[:1].upper() + inner[1:]
        if kind == _DECLINED:
            return self._parts[0].in_(lang)
        if lang == "ru":
            return self._ru
        if self._values and lang in ("uk", "es"):
            return str(dict(self._values).get(lang, self._id))
        return self._id

    def form(self, spec: str, lang: str) -> str:
        """The text as a translation's field asks for it: ``gen``, ``dat``, ``ins`` (a ``declined`` name in that
        case; any other text as it is), ``cap`` (a capital first letter), ``low`` (a small one) or ``clause`` (a sentence inside another: small first
        letter, no full stop), comma-separated."""
        wanted = spec.split(",")
        if self._kind == _CAPITAL:
            return self._parts[0].form(f"{spec},cap", lang)
        part: Text = self
        if self._kind == _DECLINED:
            for case in wanted:
                if case in _CASES:
                    part = self._parts[1 + _CASES.index(case)]
        text = part.in_(lang)
        if "clause" in wanted:
            if text[:1].isupper() and text[1:2].islower():
                text = text[0].lower() + text[1:]
            return text.removesuffix(".")
        if "cap" in wanted:
            return text[:1].upper() + text[1:]
        return text[:1].lower() + text[1:] if "low" in wanted else text

    @property
    def en(self) -> str:
        return self.in_("en")

    @property
    def ru(self) -> str:
        return self.in_("ru")

    @property
    def uk(self) -> str:
        return self.in_("uk")

    @property
    def es(self) -> str:
        return self.in_("es")

    @property
    def msgid(self) -> str:
        """The message id (its English text with ``{fields}``); the English itself for other kinds."""
        return self._id if self._kind == _MESSAGE else self.en

    def __str__(self) -> str:
        return self.in_("en")

    def __repr__(self) -> str:
        if self._kind == _MESSAGE:
            values = ", ".join(f"{k}={v!r}" for k, v in self._values)
            return f"msg({self._id!r}{', ' + values if values else ''})"
        if self._kind == _PAIR:
            return f"Text({self._id!r}, {self._ru!r})"
        return f"Text<{self.en!r}>"

    def _key(self) -> tuple[object, ...]:
        return (self._kind, self._id, self._ru, self._values, self._context, self._plural, self._count, self._parts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    # -- storing ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON value that ``Text.from_json`` reads back (stored explanations stay translatable)."""
        if self._kind == _PAIR:
            return {"en": self._id, "ru": self._ru, **dict(self._values)}
        if self._kind == _VERBATIM:
            return {"verbatim": self._id}
        if self._kind in (_JOINED, _LISTED):
            key = "joined" if self._kind == _JOINED else "listed"
            return {key: [p.to_json() for p in self._parts], "sep": self._id}
        if self._kind == _CAPITAL:
            return {"capital": self._parts[0].to_json()}
        if self._kind == _DECLINED:
            return {"declined": [p.to_json() for p in self._parts]}
        out: dict[str, Any] = {"id": self._id}
        if self._context is not None:
            out["context"] = self._context
        if self._plural is not None:
            out["plural"] = self._plural
            out["count"] = self._count
        if self._values:
            out["values"] = {k: v.to_json() if isinstance(v, Text) else v for k, v in self._values}
        return out

    @classmethod
    def from_json(cls, data: object) -> Text:
        """The ``Text`` that ``to_json`` wrote (or an older ``[en, ru]`` pair); a ``ValueError`` for anything else."""
        if isinstance(data, (list, tuple)) and len(data) == 2:
            return cls(str(data[0]), str(data[1]))
        if not isinstance(data, Mapping):
            raise ValueError(f"not a stored text: {shown(data)}")
        if "id" in data:
            values = {
                str(k): cls.from_json(v) if isinstance(v, Mapping) else v
                for k, v in dict(data.get("values", {})).items()
            }
            return cls._make(
                _MESSAGE,
                str(data["id"]),
                values,
                context=data.get("context"),
                plural=data.get("plural"),
                count=data.get("count"),
            )
        if "verbatim" in data:
            return verbatim(str(data["verbatim"]))
        if "declined" in data:
            nominative, genitive, dative, instrumental = (cls.from_json(p) for p in data["declined"])
            return declined(nominative, genitive, dative, instrumental)
        if "capital" in data:
            return capitalized(cls.from_json(data["capital"]))
        if "joined" in data or "listed" in data:
            kind = _JOINED if "joined" in data else _LISTED
            parts = [cls.from_json(p) for p in data["joined" if kind == _JOINED else "listed"]]
            return cls._make(kind, str(data.get("sep", " ")), parts=parts)
        if "en" in data and "ru" in data:
            return cls(str(data["en"]), str(data["ru"]), str(data.get("uk", "")), str(data.get("es", "")))
        raise ValueError(f"not a stored text: {shown(sorted(data))}")


def msg(msgid: str, /, **values: object) -> Text:
    """A message: its English text with ``{name}`` fields, and the values that fill them."""
    return Text._make(_MESSAGE, msgid, values)


def msgc(context: str, msgid: str, /, **values: object) -> Text:
    """A message told apart from another with the same English by ``context`` (gettext's msgctxt)."""
    return Text._make(_MESSAGE, msgid, values, context=context)


def msgn(singular: str, plural: str, count: int, /, **values: object) -> Text:
    """A message whose form follows ``count`` (``{n}`` is the count unless ``values`` says otherwise)."""
    return Text._make(_MESSAGE, singular, {"n": count, **values}, plural=plural, count=count)


def verbatim(text: str) -> Text:
    """Text that reads the same in every language (a tile, a number, a name someone typed)."""
    return Text._make(_VERBATIM, text)


def joined(parts: Iterable[Text | None], sep: str = " ") -> Text:
    """Pieces one after another, separated by ``sep``; None and empty pieces left out."""
    return Text._make(_JOINED, sep, parts=[p for p in parts if p is not None])


def listed(parts: Iterable[Text]) -> Text:
    """Items as a list reads in each language: "a, b and c", «a, b и c»; an item given twice is named once."""
    return Text._make(_LISTED, ", ", parts=list(parts))


def capitalized(text: Text) -> Text:
    """``text`` with its first letter upper-case in every language (a name that starts a sentence)."""
    return Text._make(_CAPITAL, "", parts=[text])


def declined(nominative: Text, genitive: Text, dative: Text, instrumental: Text) -> Text:
    """A name in the cases a translation may ask for: it reads as ``nominative``; a translation writes
    ``{who:gen}``, ``{who:dat}`` or ``{who:ins}`` for another case (Russian «у игрока 2», «игроку 2», «за игроком
    2»), so one English sentence with ``{who}`` serves every language's grammar."""
    return Text._make(_DECLINED, "", parts=[nominative, genitive, dative, instrumental])


EMPTY: Final = verbatim("")
"""Nothing to say (``joined`` leaves it out)."""


class RulesError(ValueError):
    """Bad input refused by the rules core; ``reason`` says why in en and ru.

    ``str(exc)`` stays the English sentence (the command line, the lesson
    validator and many tests read it); a page in Russian shows
    ``exc.reason.in_(lang)``.
    Why one base class: every refusal of the rules core carries both
    languages the same way, so callers catch one type and pick a language.
    """

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason


def reason_of(exc: BaseException) -> Text:
    """What an error says in both languages (its own words in both for an error without a ``reason``)."""
    reason = getattr(exc, "reason", None)
    if isinstance(reason, Text):
        return reason
    return verbatim(str(exc))


def shown(value: object, width: int = 40) -> str:
    """A value as a message quotes it: one line, quoted like Python (``'6-4'``), shortened when long.

    Why: a value a user typed may hold line breaks, control characters or
    thousands of digits; a message that quotes it must stay one readable line.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"~10^{int(value.bit_length() * 0.30103)}"
    if isinstance(value, str) and len(value) > width:
        value = value[: width - 1] + "…"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a list holding a number too long to write, or nested without end
        text = f"<{type(value).__name__}>"
    return text if len(text) <= width + 2 else text[: width - 1] + "…"


def seat_name(seat: int) -> Text:
    """How the rules core names a seat: 0-based, as in the referee's JSON."""
    return msgc("seat", "seat {seat}", seat=seat)


def seat_genitive(seat: int) -> Text:
    """A seat named after "of"/"у" (the Russian and Ukrainian in the genitive)."""
    return msgc("seat, genitive", "seat {seat}", seat=seat)
