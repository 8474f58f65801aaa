"""The message catalogs: same keys and placeholders in both languages, every key the app asks for exists."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path
from typing import get_args

import pytest

from tutorial_app.app.compare.stats import STATISTICS
from tutorial_app.app.puzzles.view import MODES
from tutorial_app.app.table.bots import BOT_NAMES, BOTS
from tutorial_app.board.shape import Bend
from tutorial_app.i18n import CATALOGS, ENGLISH, LANGUAGE_NAMES, known_lang, normalise_lang, t
from tutorial_app.language import END_NAMES, LANGS
from tutorial_app.rules.line.referee import RulingStatus
from tutorial_app.rules.line.state import Action
from tutorial_app.rules.tien_gow.bots import TIEN_GOW_BOTS
from tutorial_app.rules.tien_gow.state import Action as TienGowAction

APP = Path(__file__).resolve().parents[2] / "tutorial_app" / "app"
KEY = re.compile(r"[a-z_]+\.[a-z_0-9.]*[a-z0-9]")  # a whole key; a built key's start ends in . or _
PREFIXES = {key.split(".")[0] for key in CATALOGS["en"]}


# Keys the app builds from a value (``tr(f"end.{move.end}")``), with every value the code can put there,
# taken from where those values are defined.
def _page_constant(page: str, name: str) -> tuple[str, ...]:
    """A tuple written at the top of a page module (a page runs Streamlit when imported, so it is read, not run)."""
    tree = ast.parse((APP / "app_pages" / page).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return tuple(str(v) for v in ast.literal_eval(node.value))
    raise AssertionError(f"{page} has no {name}")


DYNAMIC: dict[str, tuple[str, ...]] = {
    "end.": tuple(END_NAMES),
    "bend.": get_args(Bend),
    "status.": get_args(RulingStatus),
    "action.": tuple(a.value for a in Action if a is not Action.PLAY),
    "bot.": tuple(BOTS),
    "level.": tuple(BOT_NAMES),  # a seat's bot level (seat_bots)
    "tg.bot_": tuple(BOTS),
    "tg.opponents_": TIEN_GOW_BOTS,
    "tg.reveal_": tuple(a.value for a in TienGowAction),
    "club.section_": _page_constant("club.py", "SECTIONS"),
    "club.part_": ("player", "watcher"),  # the radio's two parts in club_home.table_form
    "puzzles.mode_": MODES,  # the Puzzles page's three modes (puzzle_view.MODES)
    "compare.stat.": (*(s.key for s in STATISTICS), *(f"{s.key}.why" for s in STATISTICS)),
}
# Built keys the code looks up before it asks (a missing one falls back to other words).
LOOKED_UP = {"lead.you_"}


def _app_trees() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(APP.rglob("*.py"))]


def _built_prefix(arg: ast.expr) -> str | None:
    """The constant start of a key built at run time (an f-string or ``"prefix." + value``), else None."""
    if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
        return str(arg.values[0].value)
    if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add) and isinstance(arg.left, ast.Constant):
        return str(arg.left.value)
    return None


def _built_keys() -> list[tuple[str, str]]:
    """(where, prefix) of every message key the app builds inside a ``t(...)``/``tr(...)`` call or an f-string."""
    found = []
    for path, tree in _app_trees():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call | ast.JoinedStr):
                continue
            arg = (
                node.args[0]
                if isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("t", "tr")
                and node.args
                else node
                if isinstance(node, ast.JoinedStr)
                else None
            )
            prefix = _built_prefix(arg) if arg is not None else None
            if prefix is not None and prefix.split(".")[0] in PREFIXES and "." in prefix:
                found.append((f"{path.name}:{node.lineno}", prefix))
    return found


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_literal_key_in_the_app_exists() -> None:
    """Every string in the app that names a message (in a call, a variable, a table of buttons) is in the catalogs."""
    used = {
        node.value
        for _, tree in _app_trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and KEY.fullmatch(node.value)
        and node.value.split(".")[0] in PREFIXES
        and not node.value.endswith(".py")
    }
    assert len(used) > 100, "the scan should find the app's keys"
    assert sorted(used - set(CATALOGS["en"])) == []


def test_every_built_key_has_a_known_prefix() -> None:
    built = _built_keys()
    assert {prefix for _, prefix in built} >= {"end.", "bend.", "bot."}, "the scan should find the built keys"
    unknown = [(where, prefix) for where, prefix in built if prefix not in DYNAMIC and prefix not in LOOKED_UP]
    assert unknown == [], "add the prefix and the values it takes to DYNAMIC"


@pytest.mark.parametrize("prefix", sorted(DYNAMIC))
def test_every_built_key_exists_for_every_value(prefix: str) -> None:
    missing = [f"{prefix}{value}" for value in DYNAMIC[prefix] if f"{prefix}{value}" not in CATALOGS["en"]]
    assert missing == []


def test_russian_text_is_russian() -> None:
    cyrillic = sum(1 for text in CATALOGS["ru"].values() if re.search("[а-яё]", text, re.IGNORECASE))
    assert cyrillic >= 0.9 * len(CATALOGS["ru"])


@pytest.mark.parametrize(
    ("value", "expected"), [("ru-RU", "ru"), ("ru", "ru"), ("en_GB", "en"), ("de-DE", "en"), (None, "en"), ("", "en")]
)
def test_normalise_lang(value: object, expected: str) -> None:
    assert normalise_lang(value) == expected


def test_t_fills_placeholders_and_falls_back() -> None:
    assert t("play.pips", "ru", n=7) == "очков: 7"
    assert t("play.pips", "de", n=7) == "pips: 7"
    assert t("no.such.key", "en") == "no.such.key"


RUSSIAN_ONLY = re.compile("[ыэъёЫЭЪЁ]")
CYRILLIC = re.compile("[\u0400-\u04ff]")
WORDS = re.compile(r"[^\W\d_]{2,}")


def _words(text: str) -> bool:
    """Whether a message has words to translate once its ``{fields}`` are taken out (not "{seat}: {level}")."""
    return bool(WORDS.search(re.sub(r"\{[^{}]*\}", "", text)))


def test_ukrainian_app_strings_are_ukrainian() -> None:
    """Every app string with words is in Cyrillic, and none has a letter Ukrainian does not write (ы э ъ ё)."""
    uk = CATALOGS["uk"]
    russian = {key: uk[key] for key in ENGLISH if RUSSIAN_ONLY.search(uk[key])}
    assert russian == {}
    assert [key for key, english in ENGLISH.items() if _words(english) and not CYRILLIC.search(uk[key])] == []
    assert sum("і" in text or "ї" in text or "є" in text for text in uk.values()) > 0.5 * len(ENGLISH)


def test_spanish_app_strings_are_spanish() -> None:
    """No Cyrillic letter in any Spanish app string, and each differs from the English but for words both share."""
    es = CATALOGS["es"]
    assert {key: es[key] for key in ENGLISH if CYRILLIC.search(es[key])} == {}
    worded = [key for key, english in ENGLISH.items() if _words(english)]
    same = [key for key in worded if es[key] == ENGLISH[key]]
    assert set(same) <= {"score.total", "compare.csv.bot", "nav.club"}  # Total, Bot, Club
    assert t("controls.draw", "es") != t("controls.draw", "en")
    assert "pozo" in t("controls.draw", "es")
    assert "базар" in t("controls.draw", "uk")


def test_the_language_picker_offers_every_language_by_its_own_name() -> None:
    assert set(LANGUAGE_NAMES) == set(LANGS) >= {"en", "ru", "uk", "es"}
    assert LANGUAGE_NAMES["uk"] == "Українська"
    assert LANGUAGE_NAMES["es"] == "Español"


@pytest.mark.parametrize(
    ("value", "expected"),
    [("uk", "uk"), ("uk-UA", "uk"), ("UK_ua", "uk"), ("es", "es"), ("es-419", "es"), ("es_ES", "es"), ("eu", None)],
)
def test_known_lang_reads_ukrainian_and_spanish_locales(value: str, expected: str | None) -> None:
    assert known_lang(value) == expected
    assert normalise_lang(value) == (expected or "en")
