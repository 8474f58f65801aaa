"""The gettext catalogs: extract the messages, update each language's ``.po``, compile, check.

Run as ``python -m tutorial_app.i18n.catalogs extract|update|compile|check`` (Babel does the reading,
the writing and the plural rules). Two kinds of message go into one catalog per language:

- the app's strings, by key: ``i18n/en.py`` (and its ``club_en``, ``puzzles_en``) holds the English;
  each becomes a message whose context (msgctxt) is the key and whose id is the English;
- the engine's sentences: every ``msg(...)``, ``msgc(...)`` and ``msgn(...)`` call in ``tutorial_app``
  (``rules.text``), its id the English text with ``{fields}``.

``extract`` writes ``locale/domino_tutor.pot``; ``update`` merges it into every language's ``.po``
(new messages come in empty, gone ones are dropped, translations kept); ``compile`` writes the
``.mo`` files a wheel carries (a source checkout compiles the ``.po`` in memory instead); ``check``
lists every message a language lacks or translates with other ``{fields}`` (the test suite runs it).
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from tutorial_app.i18n import ENGLISH
from tutorial_app.language import DOMAIN, LANGS

__all__ = ["KEYWORDS", "LOCALE", "template", "read_catalog", "problems", "main"]

PACKAGE = Path(__file__).resolve().parent.parent
LOCALE = PACKAGE / "locale"
POT = LOCALE / f"{DOMAIN}.pot"
TRANSLATED: tuple[str, ...] = tuple(lang for lang in LANGS if lang != "en")

KEYWORDS = {"msg": None, "msgc": ((1, "c"), 2), "msgn": (1, 2)}
"""The calls whose first arguments are messages (Babel's keyword spec: ``msgc``'s first is the context)."""

_FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z_0-9]*)(?:[:!][^{}]*)?\}")


def fields(text: str) -> set[str]:
    """The ``{names}`` a message fills in (``{{`` is a literal brace)."""
    return set(_FIELD.findall(text))


def _engine_messages() -> Iterator[tuple[str | tuple[str, ...], str | None, str]]:
    for filename, _lineno, message, _comments, context in extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=(),
        strip_comment_tags=True,
    ):
        yield message, context, f"tutorial_app/{filename}"


def template() -> Catalog:
    """Every message of the app and the engine, as a template (no translations)."""
    pot = Catalog(domain=DOMAIN, project="Domino Tutor", fuzzy=False)
    for key, english in ENGLISH.items():
        pot.add(english, context=key, auto_comments=["app string"])
    for message, context, where in _engine_messages():
        found = pot.get(message if isinstance(message, str) else message[0], context=context)
        if found is not None:
            found.locations.append((where, 0))
            continue
        pot.add(message, context=context, locations=[(where, 0)])
    return pot


def read_catalog(lang: str) -> Catalog:
    """The ``.po`` of ``lang`` (an empty catalog when it does not exist yet)."""
    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project="Domino Tutor")
    with path.open("rb") as stream:
        return read_po(stream, locale=lang, domain=DOMAIN)


_STAMPS = re.compile(
    rb'^"(POT-Creation-Date|PO-Revision-Date|Generated-By|Last-Translator|Report-Msgid-Bugs-To): .*\n', re.M
)


def _write(catalog: Catalog, path: Path) -> None:
    """Write a catalog sorted by message, without line numbers or dates (a change shows only what changed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog.fuzzy = False
    catalog.header_comment = f"# {catalog.locale or 'Template'} messages of Domino Tutor (see docs/translating.md)."
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, sort_output=True, include_lineno=False)
    path.write_bytes(_STAMPS.sub(b"", buffer.getvalue()))


def update() -> None:
    """Write the template and merge it into every language's ``.po``."""
    pot = template()
    _write(pot, POT)
    for lang in TRANSLATED:
        catalog = read_catalog(lang)
        catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        _write(catalog, LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po")


def compile_all() -> list[Path]:
    """Write each language's ``.mo`` beside its ``.po``."""
    written = []
    for lang in TRANSLATED:
        catalog = read_catalog(lang)
        path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        with path.open("wb") as stream:
            write_mo(stream, catalog, use_fuzzy=False)
        written.append(path)
    return written


class Problem(NamedTuple):
    lang: str
    context: str | None
    msgid: str
    what: str

    def __str__(self) -> str:
        where = f"[{self.context}] " if self.context else ""
        return f"{self.lang}: {where}{self.msgid!r}: {self.what}"


def _ids(message: Message) -> tuple[str, ...]:
    return (message.id,) if isinstance(message.id, str) else tuple(message.id)


def _strings(message: Message) -> tuple[str, ...]:
    string = message.string
    if string is None:
        return ("",)
    return (string,) if isinstance(string, str) else tuple(string)


def _belongs(message: Message, under: str | None) -> bool:
    if under is None:
        return True
    if under == "app":
        return "app string" in message.auto_comments
    return any(where.startswith(under) for where, _ in message.locations)


def problems(pot: Catalog | None = None, langs: Sequence[str] = TRANSLATED, under: str | None = None) -> list[Problem]:
    """Every message a language lacks, leaves empty or fuzzy, or fills with other ``{fields}``.

    ``under``: only the messages used in files under that path (``tutorial_app/rules``), or the app's
    keyed strings (``app``).
    """
    pot = pot or template()
    out: list[Problem] = []
    for lang in langs:
        catalog = read_catalog(lang)
        forms = catalog.num_plurals
        for message in pot:
            if not message.id or not _belongs(message, under):
                continue
            ids = _ids(message)
            found = catalog.get(ids[0], context=message.context)
            if found is None or not any(_strings(found)) or found.fuzzy:
                out.append(Problem(lang, message.context, ids[0], "not translated"))
                continue
            strings = _strings(found)
            if len(ids) > 1 and len(strings) != forms:
                out.append(
                    Problem(lang, message.context, ids[0], f"{len(strings)} plural forms, the language has {forms}")
                )
            wanted = set().union(*(fields(i) for i in ids))
            for string in strings:
                if not string:
                    out.append(Problem(lang, message.context, ids[0], "a plural form is empty"))
                elif fields(string) - wanted:
                    out.append(
                        Problem(lang, message.context, ids[0], f"unknown fields {sorted(fields(string) - wanted)}")
                    )
                elif len(ids) == 1 and fields(string) != wanted:
                    out.append(
                        Problem(lang, message.context, ids[0], f"fields {sorted(fields(string))}, not {sorted(wanted)}")
                    )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutorial_app.i18n.catalogs", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["extract", "update", "compile", "check"])
    parser.add_argument("--lang", action="append", choices=TRANSLATED, help="check only these languages")
    parser.add_argument("--under", help="check only messages used under this path (tutorial_app/rules), or 'app'")
    args = parser.parse_args(argv)
    if args.command == "extract":
        _write(template(), POT)
        print(f"wrote {POT}")
    elif args.command == "update":
        update()
        print(f"wrote {POT} and {', '.join(TRANSLATED)}")
    elif args.command == "compile":
        for path in compile_all():
            print(f"wrote {path}")
    else:
        found = problems(langs=args.lang or TRANSLATED, under=args.under)
        for problem in found:
            print(problem)
        print(f"{len(found)} problem(s)")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
