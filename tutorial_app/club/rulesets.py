"""The club's own rules: a preset plus overrides under a title in each language, as a file and as a link.

Why a small JSON document: a club writes its house rules down once and
hands them to another club, or to its own other computer, as a file or a
link. Both are read by the one bounded reader (``tutorial_app.source``) under
tight limits, and every option is checked by the rules core, whose reason is
the error shown; nothing a stranger sends is trusted.

Why titles in any of the app's languages, one at least: a club names its rules
in the language it speaks; a language nobody wrote a title in shows the
English one, else the first one written (``LANGS`` order).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import unicodedata
from collections.abc import Mapping
from typing import Any, NamedTuple

from tutorial_app.club.errors import ClubError
from tutorial_app.language import LANGS
from tutorial_app.rules.line.options import HouseRules, OptionError
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.text import Text, msg, reason_of, shown
from tutorial_app.source import Limits, SourceError, decode, parse_json

__all__ = [
    "FORMAT",
    "MAX_TITLE",
    "ClubRules",
    "make_rule_set",
    "slug_of",
    "clean_title",
    "export_text",
    "read_rules_file",
    "link_value",
    "read_link_value",
    "RULES_LIMITS",
]

FORMAT = "domino-tutor-rules"
MAX_TITLE = 80
MAX_LINK = 3000
"""Characters of a shared link's value: a rule set is a few hundred."""
RULES_LIMITS = Limits(max_bytes=20_000, max_depth=4, max_nodes=400, max_aliases=0, max_digits=6)
_SLUG = re.compile(r"[^a-z0-9]+")
_TOO_LONG = {
    "en": msg("the English title is longer than {n} characters", n=MAX_TITLE),
    "ru": msg("the Russian title is longer than {n} characters", n=MAX_TITLE),
    "uk": msg("the Ukrainian title is longer than {n} characters", n=MAX_TITLE),
    "es": msg("the Spanish title is longer than {n} characters", n=MAX_TITLE),
    "club": msg("the club's name is longer than {n} characters", n=MAX_TITLE),
}
_CONTROL = {
    "en": msg("the English title has control characters"),
    "ru": msg("the Russian title has control characters"),
    "uk": msg("the Ukrainian title has control characters"),
    "es": msg("the Spanish title has control characters"),
    "club": msg("the club's name has control characters"),
}
_NO_TITLE = msg("write the rule set's title in at least one language")


class ClubRules(NamedTuple):
    """A named rule set of the club: ``slug`` (its key), the titles as written (language, title; one at least,
    in ``LANGS`` order), the preset, seats, overrides."""

    slug: str
    titles: tuple[tuple[str, str], ...]
    preset: str
    players: int
    overrides: tuple[tuple[str, Any], ...]

    @property
    def title(self) -> Text:
        """The title in every language (where none was written: the English one, else the first written)."""
        return _in_every_language(dict(self.titles))

    def rules(self) -> HouseRules:
        """The house rules this set makes (checked when it was made)."""
        return find_variant(self.preset).rules(self.players, dict(self.overrides))

    def as_data(self, club: str | None = None) -> dict[str, Any]:
        """The set as its file and its link carry it (only the titles written: a language left out falls back
        the same way after the trip)."""
        data: dict[str, Any] = {"format": FORMAT, "version": 1}
        if club:
            data["club"] = club
        data.update(
            {
                "title": dict(self.titles),
                "preset": self.preset,
                "players": self.players,
                "overrides": dict(self.overrides),
            }
        )
        return data


def _in_every_language(titles: Mapping[str, str]) -> Text:
    """A title in each language: the one written in it, else the English one, else the first written.

    Why English next: the app's catalogs fall back to English too, so a page says one language where it can.
    """
    fallback = titles.get("en") or next((titles[lang] for lang in LANGS if titles.get(lang)), "")
    en, ru, uk, es = (titles.get(lang) or fallback for lang in LANGS)
    return Text(en, ru, uk, es)


def clean_title(text: object, lang: str) -> str:
    """A title as kept: NFC, one line, 1 to 80 characters, no control characters; ``lang`` names the title a
    refusal speaks of (``club``: the club's name, kept the same way)."""
    if not isinstance(text, str) or not " ".join(text.split()):
        raise ClubError(_NO_TITLE)
    title = unicodedata.normalize("NFC", " ".join(text.split()))
    if len(title) > MAX_TITLE:
        raise ClubError(_TOO_LONG.get(lang, _TOO_LONG["en"]))
    if any(unicodedata.category(ch).startswith("C") for ch in title):
        raise ClubError(_CONTROL.get(lang, _CONTROL["en"]))
    return title


def _clean_titles(titles: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    """The titles written, cleaned, in ``LANGS`` order: an empty or missing one is left out; none is refused."""
    kept = []
    for lang in LANGS:
        text = titles.get(lang)
        if text is None or (isinstance(text, str) and not text.strip()):
            continue
        if not isinstance(text, str):
            raise ClubError(msg("a rule set's title is text, not {shown}", shown=shown(text)))
        kept.append((lang, clean_title(text, lang)))
    if not kept:
        raise ClubError(_NO_TITLE)
    return tuple(kept)


def slug_of(title: str) -> str:
    """The key of a rule set: its English title in lower-case letters and digits ("Kozel at the Dacha" ->
    "kozel-at-the-dacha")."""
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower()
    return _SLUG.sub("-", ascii_title).strip("-")[:40].strip("-") or "rules"


def make_rule_set(
    titles: Mapping[str, object],
    preset: object,
    players: object,
    overrides: Mapping[str, Any],
    slug: str | None = None,
) -> ClubRules:
    """A rule set checked by the rules core, its ``titles`` by language (one at least); ClubError says what to
    change."""
    written = _clean_titles(titles)
    if not isinstance(preset, str):
        raise ClubError(msg("{shown} is not a preset's name", shown=shown(preset)))
    if isinstance(players, bool) or not isinstance(players, int):
        raise ClubError(msg("the number of players must be a whole number, not {shown}", shown=shown(players)))
    values = {}
    for name, value in overrides.items():
        if name in ("players", "title") or isinstance(value, float | list | dict) or value is None:
            raise ClubError(
                msg(
                    "the override {shown} = {shown2} is not a house-rule option", shown=shown(name), shown2=shown(value)
                )
            )
        values[str(name)] = value
    try:
        variant = find_variant(preset)
        rules = variant.rules(players, values)
    except OptionError as exc:
        raise ClubError(exc.reason) from None
    except ValueError as exc:  # an unknown preset: the rules core's reason
        raise ClubError(reason_of(exc)) from None
    final = rules.as_dict()
    base = variant.rules(players, {"teams": final["teams"]}).as_dict()
    changed = {name: final[name] for name in values if name == "teams" or final[name] != base[name]}
    slug = slug or slug_of(_in_every_language(dict(written)).en)
    return ClubRules(slug, written, variant.name, players, tuple(sorted(changed.items())))


def export_text(rule_set: ClubRules, club: str | None = None) -> str:
    """The rule set as a small JSON file."""
    return json.dumps(rule_set.as_data(club), ensure_ascii=False, indent=2)


def _from_data(data: object) -> tuple[ClubRules, str | None]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ClubError(msg("this is not a rule set saved by Domino Tutor"))
    if data.get("version") != 1:
        raise ClubError(
            msg(
                "rule sets of version {shown} are not known here; save it again with this version of the app",
                shown=shown(data.get("version")),
            )
        )
    title = data.get("title")
    overrides = data.get("overrides", {})
    if not isinstance(title, dict):
        raise ClubError(_NO_TITLE)
    if not isinstance(overrides, dict):
        raise ClubError(msg("the overrides must be a mapping of option to value"))
    club = data.get("club")
    club_name = clean_title(club, "en") if isinstance(club, str) and club.strip() else None
    return make_rule_set(title, data.get("preset"), data.get("players"), overrides), club_name


def read_rules_file(data: bytes | str) -> tuple[ClubRules, str | None]:
    """A rule set from an exported file, and the club it came from; ClubError with the line and column."""
    try:
        text = data if isinstance(data, str) else decode(data, RULES_LIMITS)
        parsed = parse_json(text, "rules.json", RULES_LIMITS)
    except SourceError as exc:
        raise ClubError(msg("not a rule-set file ({where})", where=exc.where())) from None
    return _from_data(parsed)


def link_value(rule_set: ClubRules, club: str | None = None) -> str:
    """The rule set as the value of a link's ``?club_rules=`` (URL-safe base64 of compact JSON)."""
    compact = json.dumps(rule_set.as_data(club), ensure_ascii=False, separators=(",", ":"))
    return base64.urlsafe_b64encode(compact.encode()).decode().rstrip("=")


def read_link_value(value: str) -> tuple[ClubRules, str | None]:
    """A rule set from a shared link's value; ClubError when the link is cut short or changed."""
    if len(value) > MAX_LINK or not re.fullmatch(r"[A-Za-z0-9_-]+", value):
        raise ClubError(msg("the link's rule set is damaged: copy the whole link again"))
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise ClubError(msg("the link's rule set is damaged: copy the whole link again")) from None
    return read_rules_file(raw)
