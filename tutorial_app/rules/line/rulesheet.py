"""Rule sheets in plain words: any house rules, in English and Russian.

Why generated from the options: a preset with a club's overrides is just
another ``HouseRules``, so the sheet, the comparison page's "what differs"
speak from the same sentences, one per option value, each option's spec's
(``option_specs``: label, section, sentence, where it applies). (The glossary
of game words lives in ``lessons/glossary.yaml``, read by
``lessons.check.vocabulary``.)
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial_app.rules.game import SheetLine, SheetSection
from tutorial_app.rules.house import value_key
from tutorial_app.rules.line.option_specs import SECTIONS, players_of_preset
from tutorial_app.rules.line.options import OPTION_NAMES, OPTION_SPECS, HouseRules
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.text import Text

__all__ = [
    "OPTION_LABELS",
    "SECTIONS",
    "OptionDifference",
    "SheetLine",
    "SheetSection",
    "describe_option",
    "option_sentence",
    "explain_differences",
    "rule_sheet",
    "sheet_sections",
]


OPTION_LABELS: dict[str, Text] = {name: spec.label for name, spec in OPTION_SPECS.items()}
"""Every option's label (its spec's), by name."""


def describe_option(name: str, value: object, lang: str = "en", rules: HouseRules | None = None) -> str:
    """One plain sentence for an option's value (``ValueError`` for an unknown option or value).

    With ``rules`` (the whole rule set the value belongs to) the sentence
    leaves out clauses that cannot apply there.
    """
    return option_sentence(name, value, rules).in_(lang)


def option_sentence(name: str, value: object, rules: HouseRules | None = None) -> Text:
    """``describe_option`` in both languages."""
    spec = OPTION_SPECS.get(name)
    if spec is None:
        raise ValueError(f"unknown option {name!r}; the options are: {', '.join(OPTION_NAMES)}")
    if rules is not None and spec.in_context is not None:
        found = spec.in_context(value_key(value), rules)
        if found is not None:
            return found
    return spec.read(value)


# -- the sheet ----------------------------------------------------------------------


def _applies(rules: HouseRules, name: str) -> bool:
    """Whether an option matters under these rules (a sheet leaves out the ones that cannot)."""
    applies = OPTION_SPECS[name].applies
    return applies is None or applies(rules)


def _preset_defaults(preset: str | None, rules: HouseRules) -> dict[str, object]:
    if preset is None:
        return {}
    try:
        return find_variant(preset).rules(rules.players).as_dict()
    except ValueError:
        return {}


def _sheet_sentence(name: str, rules: HouseRules, lang: str, preset: str | None) -> str:
    """One option's line on a sheet; with ``preset``, the player count also names the counts it allows."""
    if name == "players" and preset is not None:
        try:
            allowed = find_variant(preset).players
        except ValueError:
            allowed = ()
        return players_of_preset(rules.players, allowed).in_(lang)
    return describe_option(name, rules.as_dict()[name], lang, rules)


def sheet_sections(rules: HouseRules, lang: str = "en", preset: str | None = None) -> list[SheetSection]:
    """The rule sheet as sections of sentences; with ``preset``, overridden options are marked."""
    defaults = _preset_defaults(preset, rules)
    values = rules.as_dict()
    sections = []
    for heading, names in SECTIONS:
        lines = tuple(
            SheetLine(
                name,
                _sheet_sentence(name, rules, lang, preset),
                bool(defaults) and defaults[name] != values[name],
            )
            for name in names
            if _applies(rules, name)
        )
        sections.append(SheetSection(heading.in_(lang), lines))
    return sections


def rule_sheet(rules: HouseRules, lang: str = "en", preset: str | None = None) -> str:
    """A readable rule sheet as plain text; with ``preset``, its title and the house rules on top."""
    out: list[str] = []
    if preset is not None:
        variant = find_variant(preset)
        out.append(variant.title.in_(lang))
        out.append("=" * len(out[0]))
        if variant.about is not None:
            out.append(variant.about.in_(lang))
        changed = (
            [n for n, _ in rules.differences(variant.rules(rules.players)).items()]
            if rules.players in variant.players
            else []
        )
        if changed:
            label = "House rules (changed from the preset)" if lang != "ru" else "Домашние правила (отличия от набора)"
            out.append(f"{label}: {', '.join(OPTION_LABELS[n].in_(lang) for n in changed)}")
        out.append("")
    mark = " *" if preset is not None else ""
    for section in sheet_sections(rules, lang, preset):
        if not section.lines:
            continue
        out.append(section.heading)
        for line in section.lines:
            out.append(f"  - {line.text}{mark if line.house_rule else ''}")
        out.append("")
    if preset is not None and any(line.house_rule for s in sheet_sections(rules, lang, preset) for line in s.lines):
        out.append(
            "* " + ("a house rule: differs from the preset" if lang != "ru" else "домашнее правило: не как в наборе")
        )
    return "\n".join(out).rstrip() + "\n"


# -- comparing two rule sets -------------------------------------------------------------


class OptionDifference(NamedTuple):
    """One option on which two rule sets differ, in plain words."""

    option: str
    label: str
    first: str
    second: str

    def __str__(self) -> str:
        return f"{self.label}: {self.first} / {self.second}"


def explain_differences(rules_a: HouseRules, rules_b: HouseRules, lang: str = "en") -> list[OptionDifference]:
    """Every option where two rule sets differ, each side's value as a sentence (sheet order)."""
    diffs = rules_a.differences(rules_b)
    order = [name for _, names in SECTIONS for name in names]
    out = []
    for name in order:
        if name in diffs:
            first, second = diffs[name]
            out.append(
                OptionDifference(
                    name,
                    OPTION_LABELS[name].in_(lang),
                    describe_option(name, first, lang, rules_a),
                    describe_option(name, second, lang, rules_b),
                )
            )
    return out
