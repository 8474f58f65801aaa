"""Choosing a rule set: a preset, the number of players, and house-rule overrides.

Why one widget for every page: Play, Compare and the Rules page all start
from "which rules?", and the overrides are checked by the rules core's own
validation, whose message is shown in the tab's language (``exc.reason``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import streamlit as st

from tutorial_app.app.shell.house_rules import house_rules_box
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.club.rulesets import ClubRules
from tutorial_app.i18n import t
from tutorial_app.rules import tien_gow as tg
from tutorial_app.rules.line.options import OPTION_NAMES, HouseRules, OptionError, allowed_values
from tutorial_app.rules.line.rulesheet import OPTION_LABELS, describe_option
from tutorial_app.rules.line.variants import VARIANTS, find_variant
from tutorial_app.rules.tien_gow.options import TIEN_GOW_OPTIONS

__all__ = [
    "RuleChoice",
    "TienGowChoice",
    "rules_picker",
    "game_picker",
    "preset_title",
    "option_label",
    "value_label",
    "describe_choice",
]

# players and teams have their own widgets
_OVERRIDABLE = tuple(n for n in OPTION_NAMES if n not in ("players", "teams"))


class RuleChoice(NamedTuple):
    """A chosen rule set: the preset's name, the overrides and the rules they make."""

    preset: str
    players: int
    overrides: Mapping[str, Any]
    rules: HouseRules
    house: ClubRules | None = None
    """The club's rule set this choice is (None: a preset with the overrides chosen here)."""

    def name(self) -> str:
        """The club's title for its rule set, else the preset's name."""
        return self.house.title.in_(lang()) if self.house is not None else self.preset

    def label(self) -> str:
        """A short name such as "block · 4 players · target=150", in the tab's language."""
        parts = [self.name(), tr("rules.n_players", n=self.players)]
        if self.overrides.get("teams") == "pairs":
            parts.append(tr("rules.in_pairs"))
        parts += [f"{k}={v}" for k, v in self.overrides.items() if k != "teams"]
        return " · ".join(parts)


# Why an optional ``current`` language: a widget's ``format_func`` is also
# called outside the script run (Streamlit's AppTest formats values in the
# test process), so the widgets pass the language they were drawn in.


class TienGowChoice(NamedTuple):
    """Tien Gow chosen in the picker: always four seats, its own few house rules."""

    preset: str
    players: int
    overrides: Mapping[str, Any]
    rules: tg.TienGowRules


def preset_title(name: str, current: str | None = None) -> str:
    """A preset's one-line title in the tab's language (Tien Gow's too)."""
    if tg.is_tien_gow(name):
        return tg.TITLE.in_(current or lang())
    return find_variant(name).title.in_(current or lang())


def option_label(name: str, current: str | None = None) -> str:
    """An option's name in plain words (the rule sheet's label)."""
    return OPTION_LABELS[name].in_(current or lang())


def value_label(name: str, value: object, current: str | None = None) -> str:
    """An option's value as the rule sheet says it."""
    try:
        return describe_option(name, value, current or lang())
    except ValueError:
        return str(value)


def _choices(name: str, current: object) -> list[Any] | None:
    if isinstance(current, bool):
        return [False, True]
    text = allowed_values(name)
    if isinstance(current, str):
        return [v.strip() for v in text.split(",")]
    parts = [p.strip() for p in text.split(",")]
    if all(p.isdigit() for p in parts):
        return [int(p) for p in parts]
    return None


def _override_input(prefix: str, name: str, current: object) -> object:
    key = f"{prefix}_opt_{name}"
    label = option_label(name)
    choices = _choices(name, current)
    if choices is not None:
        if key in st.session_state and st.session_state[key] not in choices:
            del st.session_state[key]
        index = choices.index(current) if current in choices else 0
        language = lang()
        return st.selectbox(label, choices, index=index, key=key, format_func=lambda v: value_label(name, v, language))
    value = current if isinstance(current, int) else 0
    return st.number_input(label, min_value=0, max_value=10_000, value=value, step=1, key=key)


def _preset_box(prefix: str, default_preset: str, names: list[str]) -> str:
    language = lang()
    return str(
        st.selectbox(
            tr("rules.preset"),
            names,
            index=names.index(default_preset),
            key=f"{prefix}_preset",
            format_func=lambda n: f"{n} — {preset_title(n, language)}",
        )
    )


def rules_picker(
    prefix: str,
    default_preset: str = "block",
    *,
    show_overrides: bool = True,
    players_choice: bool = True,
    house_rules: bool = True,
) -> RuleChoice | None:
    """Widgets for a rule set; None (with the rules core's message shown) when it cannot be played.

    ``house_rules``: offer the club's own rule sets first (``house_rules``).
    """
    house = _house_choice(prefix) if house_rules else None
    if house is not None:
        return house
    preset = _preset_box(prefix, default_preset, [v.name for v in VARIANTS])
    return _line_choice(prefix, preset, show_overrides, players_choice)


def _house_choice(prefix: str) -> RuleChoice | None:
    """The club's rule set chosen above the presets, if any."""
    house = house_rules_box(prefix)
    if house is None:
        return None
    return RuleChoice(house.preset, house.players, dict(house.overrides), house.rules(), house)


def game_picker(prefix: str, default_preset: str = "block") -> RuleChoice | TienGowChoice | None:
    """``rules_picker`` with Tien Gow among the presets (the Play and Rules pages), the club's rule sets first."""
    house = _house_choice(prefix)
    if house is not None:
        return house
    preset = _preset_box(prefix, default_preset, [v.name for v in VARIANTS] + [tg.NAME])
    if tg.is_tien_gow(preset):
        return _tien_gow_choice(prefix)
    return _line_choice(prefix, preset, True, True)


def _tien_gow_input(prefix: str, name: str, current: object) -> object:
    key = f"{prefix}_tien_gow_opt_{name}"
    label = tr(f"tg.option.{name}")
    language = lang()
    if name == "stake":
        return st.number_input(label, min_value=1, max_value=10_000, value=int(str(current)), step=1, key=key)
    choices: list[object] = [False, True] if name == "banker_double" else [m.value for m in tg.LastTrick]
    return st.selectbox(
        label,
        choices,
        index=choices.index(current),
        key=key,
        format_func=lambda v: t(f"tg.value.{name}.{str(v).lower()}", language),
    )


def _tien_gow_choice(prefix: str) -> TienGowChoice | None:
    """Tien Gow's seats (always four) and its house rules, checked by the engine."""
    st.caption(tr("rules.n_players", n=tg.PLAYERS))
    language = lang()
    base = tg.TienGowRules().as_dict()
    overrides: dict[str, Any] = {}
    with st.expander(tr("rules.overrides")):
        chosen = st.multiselect(
            tr("rules.overrides_pick"),
            list(TIEN_GOW_OPTIONS),
            key=f"{prefix}_changed_tien_gow",
            format_func=lambda n: t(f"tg.option.{n}", language),
        )
        for name in chosen:
            value = _tien_gow_input(prefix, name, base[name])
            if value != base[name]:
                overrides[name] = value
    try:
        rules = tg.TienGowRules().with_overrides(overrides)
    except OptionError as exc:
        st.error(tr("rules.cannot_play", reason=exc.reason.in_(lang())))
        return None
    return TienGowChoice(tg.NAME, tg.PLAYERS, overrides, rules)


def _line_choice(prefix: str, preset: str, show_overrides: bool, players_choice: bool) -> RuleChoice | None:
    """The line game's seats, pairs and house rules for a chosen preset."""
    variant = find_variant(preset)
    language = lang()
    players = variant.default_players
    overrides: dict[str, Any] = {}
    if players_choice and len(variant.players) > 1:
        key = f"{prefix}_players_{preset}"
        players = (
            st.segmented_control(tr("rules.players"), list(variant.players), key=key, default=variant.default_players)
            or variant.default_players
        )
    if variant.pairs_optional and players == 4 and st.checkbox(tr("rules.pairs"), key=f"{prefix}_pairs"):
        overrides["teams"] = "pairs"
    if show_overrides:
        try:
            base = variant.rules(players, overrides).as_dict()
        except OptionError as exc:
            st.error(tr("rules.cannot_play", reason=exc.reason.in_(lang())))
            return None
        with st.expander(tr("rules.overrides")):
            chosen = st.multiselect(
                tr("rules.overrides_pick"),
                _OVERRIDABLE,
                key=f"{prefix}_changed_{preset}",
                format_func=lambda n: option_label(n, language),
            )
            for name in chosen:
                value = _override_input(f"{prefix}_{preset}", name, base[name])
                if value != base[name]:
                    overrides[name] = value
    try:
        rules = variant.rules(players, overrides)
    except OptionError as exc:
        st.error(tr("rules.cannot_play", reason=exc.reason.in_(lang())))
        return None
    return RuleChoice(variant.name, players, overrides, rules)


def describe_choice(choice: RuleChoice) -> str:
    """The choice in a line: preset title, players, changed options."""
    parts = [choice.name() if choice.house else preset_title(choice.preset), tr("rules.n_players", n=choice.players)]
    for name, value in choice.overrides.items():
        parts.append(value_label(name, value))
    return " · ".join(parts)
