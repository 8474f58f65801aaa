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
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.state import set_widget_value
from tutorial_app.club.rulesets import ClubRules
from tutorial_app.rules.game import AnyGame
from tutorial_app.rules.games import find_game, preset_names
from tutorial_app.rules.house import OptionError, OptionSpec
from tutorial_app.rules.line.game import LINE

__all__ = [
    "RuleChoice",
    "rules_picker",
    "set_choice",
    "game_picker",
    "preset_title",
    "preset_name",
    "option_label",
    "value_label",
    "describe_choice",
]

_OWN_WIDGETS = ("players", "teams")
"""Options with widgets of their own (the seats, the pairs checkbox), not in the list of overrides."""


class RuleChoice(NamedTuple):
    """A chosen rule set of any game: the preset's name, the overrides and the rules they make."""

    preset: str
    players: int
    overrides: Mapping[str, Any]
    rules: Any
    house: ClubRules | None = None
    """The club's rule set this choice is (None: a preset with the overrides chosen here)."""

    @property
    def game(self) -> AnyGame:
        """The game the chosen rule set belongs to (``rules.games``)."""
        return find_game(self.preset)

    def name(self) -> str:
        """The club's title for its rule set, else the preset's name."""
        return self.house.title.in_(lang()) if self.house is not None else self.preset

    def short_name(self) -> str:
        """The club's title for its rule set, else the preset's short name in the tab's language ("Козёл")."""
        return self.house.title.in_(lang()) if self.house is not None else preset_name(self.preset)

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


def preset_title(name: str, current: str | None = None) -> str:
    """A rule set's one-line title in the tab's language (any game's)."""
    return find_game(name).preset_title(name).in_(current or lang())


def preset_name(name: str, current: str | None = None) -> str:
    """A rule set's short name ("Goat (Kozel)"): its title up to the colon."""
    return preset_title(name, current).split(":")[0]


def _spec(name: str, game: AnyGame = LINE) -> OptionSpec:
    return game.option_specs()[name]


def option_label(name: str, current: str | None = None, game: AnyGame = LINE) -> str:
    """An option's name in plain words (its spec's label)."""
    return _spec(name, game).label.in_(current or lang())


def value_label(name: str, value: object, current: str | None = None, game: AnyGame = LINE) -> str:
    """An option's value as a picker names it (the rule sheet's sentence, or a short word where the game has one)."""
    try:
        return _spec(name, game).word(value).in_(current or lang())
    except (KeyError, ValueError):
        return str(value)


def _override_input(prefix: str, spec: OptionSpec, game: AnyGame, current: object) -> object:
    key = f"{prefix}_opt_{spec.name}"
    language = lang()
    label = spec.label.in_(language)
    choices = spec.domain.choices()
    if choices is not None:
        if key in st.session_state and st.session_state[key] not in choices:
            del st.session_state[key]
        index = choices.index(current) if current in choices else 0
        return st.selectbox(
            label, choices, index=index, key=key, format_func=lambda v: value_label(spec.name, v, language, game)
        )
    low, high = spec.domain.bounds() or (0, 10_000)
    value = current if isinstance(current, int) else low
    return st.number_input(label, min_value=low, max_value=high, value=value, step=1, key=key)


def _preset_box(prefix: str, default_preset: str, names: list[str]) -> str:
    language = lang()
    return str(
        st.selectbox(
            tr("rules.preset"),
            names,
            index=names.index(default_preset),
            key=f"{prefix}_preset",
            format_func=lambda n: preset_title(n, language),
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
    """Widgets for a line game's rule set; None (with the rules core's message shown) when it cannot be played.

    ``house_rules``: offer the club's own rule sets first (``house_rules``).
    """
    house = _house_choice(prefix) if house_rules else None
    if house is not None:
        return house
    preset = _preset_box(prefix, default_preset, list(LINE.presets()))
    return _choice(prefix, preset, show_overrides, players_choice)


def set_choice(prefix: str, preset: str, players: int, overrides: dict[str, Any]) -> None:
    """Set the picker ``prefix`` to a rule set (a shared link's), before its widgets are drawn in this run."""
    set_widget_value(f"{prefix}_preset", preset)
    set_widget_value(f"{prefix}_players_{preset}", players)
    set_widget_value(f"{prefix}_pairs", overrides.get("teams") == "pairs")
    changed = [name for name in overrides if name not in _OWN_WIDGETS]
    set_widget_value(f"{prefix}_changed_{preset}", changed)
    for name in changed:
        set_widget_value(f"{prefix}_{preset}_opt_{name}", overrides[name])


def _house_choice(prefix: str) -> RuleChoice | None:
    """The club's rule set chosen above the presets, if any."""
    house = house_rules_box(prefix)
    if house is None:
        return None
    return RuleChoice(house.preset, house.players, dict(house.overrides), house.rules(), house)


def game_picker(prefix: str, default_preset: str = "block") -> RuleChoice | None:
    """``rules_picker`` with every game's rule sets (the Play and Rules pages), the club's rule sets first."""
    house = _house_choice(prefix)
    if house is not None:
        return house
    preset = _preset_box(prefix, default_preset, list(preset_names()))
    return _choice(prefix, preset, True, True)


def _seats(prefix: str, game: AnyGame, preset: str, players_choice: bool) -> int:
    """The number of players: a choice where the rule set allows several, else the one it is played by."""
    counts = game.seat_counts(preset)
    if players_choice and len(counts) > 1:
        return int(
            st.segmented_control(
                tr("rules.players"), sorted(counts), key=f"{prefix}_players_{preset}", default=counts[0], required=True
            )
            or counts[0]
        )
    if len(counts) == 1:
        st.caption(tr("rules.n_players", n=counts[0]))
    return counts[0]


def _choice(prefix: str, preset: str, show_overrides: bool, players_choice: bool) -> RuleChoice | None:
    """A rule set's seats, pairs and house rules, checked by its game's rules core."""
    game = find_game(preset)
    language = lang()
    about = game.about(preset)
    if about is not None:  # a rule set a reader could take for another (the two goats) says how it differs
        st.caption(about.in_(language))
    players = _seats(prefix, game, preset, players_choice)
    overrides: dict[str, Any] = {}
    if game.offers_pairs(preset, players) and st.checkbox(tr("rules.pairs"), key=f"{prefix}_pairs"):
        overrides["teams"] = "pairs"
    if show_overrides:
        try:
            base = game.rules(preset, players, overrides).as_dict()
        except OptionError as exc:
            st.error(tr("rules.cannot_play", reason=exc.reason.in_(lang())))
            return None
        specs = {name: spec for name, spec in game.option_specs().items() if name not in _OWN_WIDGETS}
        with st.expander(tr("rules.overrides")):
            chosen = st.multiselect(
                tr("rules.overrides_pick"),
                list(specs),
                key=f"{prefix}_changed_{preset}",
                placeholder=tr("rules.overrides_placeholder"),  # not Streamlit's English 'Choose options'
                format_func=lambda n: specs[n].label.in_(language),
            )
            for name in chosen:
                value = _override_input(f"{prefix}_{preset}", specs[name], game, base[name])
                if value != base[name]:
                    overrides[name] = value
    try:
        rules = game.rules(preset, players, overrides)
    except OptionError as exc:
        st.error(tr("rules.cannot_play", reason=exc.reason.in_(lang())))
        return None
    return RuleChoice(preset, players, overrides, rules)


def describe_choice(choice: RuleChoice) -> str:
    """The choice in a line (Markdown): the club's title as typed (``plain``) or the preset's, players, changed
    options."""
    title = plain(choice.name(), 120) if choice.house else preset_title(choice.preset)
    parts = [title, tr("rules.n_players", n=choice.players)]
    for name, value in choice.overrides.items():
        parts.append(value_label(name, value, game=choice.game))
    return " · ".join(parts)
