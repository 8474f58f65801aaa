"""The club's rule book in the database: its name and its named rule sets, read by every page.

Why in the database: the Play, Compare and Rules pages of every app instance
offer the club's rules, so they live where every instance reads them.
"""

from __future__ import annotations

import json

import sqlalchemy as sa

from tutorial_app.club.errors import ClubError
from tutorial_app.club.rulesets import ClubRules, clean_title, make_rule_set
from tutorial_app.club.tables import rule_sets_table, settings_table
from tutorial_app.rules.text import Text

__all__ = ["RuleBook", "MAX_RULE_SETS"]

MAX_RULE_SETS = 50


class RuleBook:
    """The club's name and rule sets (``ClubStore.book``)."""

    def __init__(self, reader: sa.Engine, writer: sa.Engine) -> None:
        self._reader, self._writer = reader, writer

    def club_name(self) -> str | None:
        """The club's name, or None when nobody has named it yet."""
        with self._reader.connect() as conn:
            found = conn.execute(sa.select(settings_table.c.value).where(settings_table.c.name == "club_name")).scalar()
        return str(found) if found else None

    def name_club(self, name: str) -> str:
        """Name the club (an empty name forgets it); the name as kept."""
        with self._writer.begin() as conn:
            conn.execute(settings_table.delete().where(settings_table.c.name == "club_name"))
            if not name.strip():
                return ""
            kept = clean_title(name, "en")
            conn.execute(settings_table.insert().values(name="club_name", value=kept))
            return kept

    def rule_sets(self) -> list[ClubRules]:
        """The club's rule sets, by English title."""
        with self._reader.connect() as conn:
            rows = conn.execute(sa.select(rule_sets_table).order_by(rule_sets_table.c.title_en))
            found = []
            for row in rows:
                try:
                    found.append(
                        make_rule_set(
                            row.title_en,
                            row.title_ru,
                            row.preset,
                            row.players,
                            json.loads(row.overrides),
                            slug=row.slug,
                        )
                    )
                except ClubError:  # a row the rules core no longer accepts is left out, not shown broken
                    continue
            return found

    def find(self, slug: str) -> ClubRules | None:
        """One rule set by its key."""
        return next((rule_set for rule_set in self.rule_sets() if rule_set.slug == slug), None)

    def save(self, rule_set: ClubRules, now: float, replace: bool = False) -> ClubRules:
        """Keep a rule set; a new one whose key is taken gets a free key ("kozel-2"), unless ``replace``."""
        with self._writer.begin() as conn:
            taken = set(conn.execute(sa.select(rule_sets_table.c.slug)).scalars())
            if not replace and len(taken) >= MAX_RULE_SETS:
                raise ClubError(
                    Text(
                        f"the club keeps at most {MAX_RULE_SETS} rule sets: delete one first",
                        f"у клуба может быть не больше {MAX_RULE_SETS} наборов правил: сначала удалите один",
                    )
                )
            slug = rule_set.slug
            if not replace:
                number = 2
                while slug in taken:
                    slug = f"{rule_set.slug[:36]}-{number}"
                    number += 1
            conn.execute(rule_sets_table.delete().where(rule_sets_table.c.slug == slug))
            conn.execute(
                rule_sets_table.insert().values(
                    slug=slug,
                    title_en=rule_set.title.en,
                    title_ru=rule_set.title.ru,
                    preset=rule_set.preset,
                    players=rule_set.players,
                    overrides=json.dumps(dict(rule_set.overrides)),
                    updated=now,
                )
            )
        return rule_set._replace(slug=slug)

    def delete(self, slug: str) -> None:
        """Forget a rule set."""
        with self._writer.begin() as conn:
            conn.execute(rule_sets_table.delete().where(rule_sets_table.c.slug == slug))
