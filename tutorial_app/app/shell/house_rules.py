"""The club's rule sets as a choice on every page that picks rules.

Why through the shared rules picker: Play, Compare, the Rules page and a
shared table all start from "which rules?", so the club's rule sets appear
in all of them through that one widget (``rules_picker`` shows this box
first). The rule book's editor is ``app.club.book``.
"""

from __future__ import annotations

import streamlit as st

from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.stores import rule_book
from tutorial_app.club.rulesets import ClubRules
from tutorial_app.rules.line.rulesheet import describe_option
from tutorial_app.rules.line.variants import find_variant

__all__ = ["house_rules_box", "describe_rule_set", "house_heading"]

_NONE = ""


def describe_rule_set(rule_set: ClubRules, current: str) -> str:
    """The set in a line: the preset, the seats and every changed option in plain words."""
    parts = [find_variant(rule_set.preset).title.in_(current), tr("rules.n_players", n=rule_set.players)]
    parts += [describe_option(name, value, current) for name, value in rule_set.overrides]
    return " · ".join(parts)


def house_rules_box(prefix: str) -> ClubRules | None:
    """The club's rule sets as a choice above the presets (nothing shown while the club has none)."""
    book = rule_book()
    sets = book.rule_sets() if book is not None else []
    if not sets:
        return None
    current = lang()
    by_slug = {rule_set.slug: rule_set for rule_set in sets}
    club = book.club_name() if book is not None else None
    label = tr("club.house_rules_of", club=plain(club, 80)) if club else tr("club.house_rules")
    chosen = st.selectbox(
        label,
        [_NONE, *by_slug],
        key=f"{prefix}_house",
        format_func=lambda slug: by_slug[slug].title.in_(current) if slug else tr("club.house_none"),
    )
    if not chosen or chosen not in by_slug:
        return None
    st.caption(plain(describe_rule_set(by_slug[chosen], current), 600))
    return by_slug[chosen]


def house_heading(rule_set: ClubRules | None) -> str | None:
    """The heading of a printed sheet of the club's rules: "Dacha Club: Kozel our way" (None for a preset)."""
    if rule_set is None:
        return None
    book = rule_book()
    club = book.club_name() if book is not None else None
    title = rule_set.title.in_(lang())
    return tr("club.sheet_header", club=club, title=title) if club else title
