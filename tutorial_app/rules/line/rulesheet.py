"""Rule sheets in plain words: any house rules, in English and Russian.

Why generated from the options: a preset with a club's overrides is just
another ``HouseRules``, so the sheet, the comparison page's "what differs"
and the glossary all speak from the same sentences, one per option value,
each option's spec's (``option_specs``: label, section, sentence, where it
applies).
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial_app.rules.game import SheetLine, SheetSection
from tutorial_app.rules.house import value_key
from tutorial_app.rules.line.option_specs import SECTIONS
from tutorial_app.rules.line.options import OPTION_NAMES, OPTION_SPECS, HouseRules
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.text import Text

__all__ = [
    "GLOSSARY",
    "OPTION_LABELS",
    "SECTIONS",
    "GlossaryEntry",
    "OptionDifference",
    "SheetLine",
    "SheetSection",
    "describe_option",
    "option_sentence",
    "explain_differences",
    "glossary",
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


def sheet_sections(rules: HouseRules, lang: str = "en", preset: str | None = None) -> list[SheetSection]:
    """The rule sheet as sections of sentences; with ``preset``, overridden options are marked."""
    defaults = _preset_defaults(preset, rules)
    values = rules.as_dict()
    sections = []
    for heading, names in SECTIONS:
        lines = tuple(
            SheetLine(
                name,
                describe_option(name, values[name], lang, rules),
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


# -- glossary ---------------------------------------------------------------------------


class GlossaryEntry(NamedTuple):
    """A game word in both languages, its other names, and what it means."""

    en: str
    ru: str
    also: Text
    meaning: Text

    def term(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


GLOSSARY: tuple[GlossaryEntry, ...] = (
    GlossaryEntry(
        "tile",
        "кость",
        Text("bone, domino", "костяшка, камень, фишка"),
        Text(
            "One of the 28 pieces of a double-six set; each pair of numbers 0 to 6 appears once.",
            "Одна из 28 костей набора «дубль-шесть»; каждая пара чисел от 0 до 6 встречается один раз.",
        ),
    ),
    GlossaryEntry(
        "double",
        "дубль",
        Text("", ""),
        Text(
            "A tile with the same number on both halves, from 0-0 to 6-6.",
            "Кость с одинаковыми числами на обеих половинах, от 0-0 до 6-6.",
        ),
    ),
    GlossaryEntry(
        "suit",
        "серия",
        Text("", "масть"),
        Text(
            "The seven tiles that show a given number, e.g. every tile with a 5.",
            "Семь костей, на которых есть данное число, например все кости с пятёркой.",
        ),
    ),
    GlossaryEntry(
        "pips",
        "очки",
        Text("pip count", "сумма очков"),
        Text(
            "The dots on a tile; a tile's value is the sum of its two halves.",
            "Точки на кости; стоимость кости — сумма двух её половин.",
        ),
    ),
    GlossaryEntry(
        "boneyard",
        "базар",
        Text("stock", ""),
        Text(
            "The tiles left face down after the deal; in draw games you take from it when you cannot play.",
            "Кости, оставшиеся рубашкой вверх после раздачи; в играх с базаром их берут с базара, когда нечем ходить.",
        ),
    ),
    GlossaryEntry(
        "reserve",
        "резерв",
        Text("", ""),
        Text("The last tiles of the boneyard, which nobody may draw.", "Последние кости базара, которые брать нельзя."),
    ),
    GlossaryEntry(
        "lead",
        "заход",
        Text("first move, set", "первый ход"),
        Text(
            "The first tile laid in a hand, and the player who lays it.",
            "Первая кость раздачи; игрока, который её кладёт, называют заходящим.",
        ),
    ),
    GlossaryEntry(
        "open end",
        "открытый конец",
        Text("end", "конец цепочки"),
        Text(
            "A number at the edge of the chain where the next tile may be attached.",
            "Число на краю цепочки, к которому можно приставить следующую кость.",
        ),
    ),
    GlossaryEntry(
        "pass",
        "пас",
        Text("knock", "пропуск хода"),
        Text(
            "Giving up your turn; allowed only when no tile fits and nothing may be drawn.",
            "Пропуск хода; разрешён, только когда ничего не подходит и брать нечего.",
        ),
    ),
    GlossaryEntry(
        "going out",
        "выход",
        Text("domino!", "«Домино!»"),
        Text(
            "Laying your last tile; your side wins the hand at once.",
            "Ход последней костью; ваша сторона сразу выигрывает раздачу.",
        ),
    ),
    GlossaryEntry(
        "blocked hand",
        "рыба",
        Text("fish", ""),
        Text(
            "A hand in which nobody can play and no drawable tile fits; in most games the lowest count decides it.",
            "Раздача, в которой никто не может походить и ни одна доступная кость с базара не подходит; "
            "в большинстве игр исход решает наименьшая сумма очков.",
        ),
    ),
    GlossaryEntry(
        "fish maker",
        "кто сделал рыбу",
        Text("", ""),
        Text("The player whose tile closed the game into a block.", "Игрок, чья кость замкнула игру в рыбу."),
    ),
    GlossaryEntry(
        "tied fish",
        "сека",
        Text("", ""),
        Text(
            "A blocked hand whose lowest counts are equal: nobody wins it.",
            "Рыба, в которой наименьшие суммы очков равны: её не выигрывает никто.",
        ),
    ),
    GlossaryEntry(
        "tie bank",
        "банк секи",
        Text("bank", ""),
        Text(
            "In Domino 101, the points of a tied fish, kept for the winner of the next decided hand.",
            "В «Домино 101» очки секи; их забирает победитель следующей решённой раздачи.",
        ),
    ),
    GlossaryEntry(
        "draft points",
        "черновые очки",
        Text("", ""),
        Text(
            "Points won before a side's score is opened (Domino 101's 13-point rule); they never count.",
            "Очки, набранные до открытия счёта (правило 13 очков в «101»); в счёт они не идут.",
        ),
    ),
    GlossaryEntry(
        "capicú",
        "капику",
        Text("capicua", ""),
        Text(
            "Going out with a tile that fits both ends while the two ends show different numbers.",
            "Выход костью, подходящей к обоим концам, когда на концах разные числа.",
        ),
    ),
    GlossaryEntry(
        "spinner",
        "спиннер",
        Text("", ""),
        Text(
            "The first double in All Fives and Donkey; the chain may grow from all four of its sides.",
            "Первый дубль в «Маггинсе» и «Осле»; цепочка может расти от всех четырёх его сторон.",
        ),
    ),
    GlossaryEntry(
        "Muggins",
        "Маггинс",
        Text("All Fives", "все пятёрки"),
        Text(
            "A call that takes the points for a multiple of 5 that the mover forgot to announce.",
            "Возглас, которым забирают очки за кратную 5 сумму, не объявленные походившим.",
        ),
    ),
    GlossaryEntry(
        "goat",
        "козёл",
        Text("kozel", ""),
        Text(
            "A penalty game: the first side to reach the target loses.",
            "Игра на штрафные очки: первая сторона, набравшая нужное число, проигрывает.",
        ),
    ),
    GlossaryEntry(
        "shutout",
        "сухая",
        Text("", "сухая партия"),
        Text(
            "Winning a match while the other side still has no points.",
            "Победа в игре, когда у другой стороны ноль очков.",
        ),
    ),
    GlossaryEntry(
        "trick",
        "взятка",
        Text("", ""),
        Text(
            "In Chinese dominoes (Tien Gow), one round in which each of the four players lays as many tiles as "
            "were led; the highest set laid face up takes it, and its taker leads the next.",
            "В китайском домино (тянь гоу) — круг, в котором каждый из четырёх игроков кладёт столько же "
            "костей, сколько было в заходе; её забирает старшая открытая комбинация, и взявший заходит "
            "в следующую.",
        ),
    ),
    GlossaryEntry(
        "banker",
        "банкир",
        Text("", ""),
        Text(
            "In Tien Gow, the player who leads the first trick of a hand (by lot at first, then whoever took "
            "the last trick); every payment to or from the banker counts double.",
            "В тянь гоу — игрок, который заходит в первую взятку раздачи (сначала по жребию, потом тот, кто "
            "взял последнюю взятку); все расчёты с банкиром идут вдвойне.",
        ),
    ),
    GlossaryEntry(
        "discard",
        "сброс",
        Text("laying face down", "рубашкой вверх"),
        Text(
            "In Tien Gow, laying as many tiles as were led face down instead of beating: they give the "
            "trick up and nobody sees them.",
            "В тянь гоу — вместо того чтобы бить, положить столько же костей, сколько было в заходе, "
            "рубашкой вверх: взятка отдаётся, и этих костей никто не видит.",
        ),
    ),
    GlossaryEntry(
        "hand", "раздача", Text("deal", "кон"), Text("One deal played to its end.", "Одна раздача, сыгранная до конца.")
    ),
    GlossaryEntry(
        "match",
        "игра",
        Text("game", "матч"),
        Text(
            "Hands played one after another until a side reaches the target.",
            "Раздачи одна за другой, пока какая-то сторона не наберёт нужное число очков.",
        ),
    ),
)
"""Game words in English and Russian, with other names people use."""


def glossary(lang: str = "en") -> list[tuple[str, str]]:
    """(term, meaning) pairs in one language; the other language's word follows in brackets."""
    other = "en" if lang == "ru" else "ru"
    out = []
    for entry in GLOSSARY:
        also = entry.also.in_(lang)
        names = entry.term(lang) + (f", {also}" if also else "")
        out.append((f"{names} ({entry.term(other)})", entry.meaning.in_(lang)))
    return out
