"""The rule sheet of Tien Gow in plain words, in English and Russian.

Why built from the rules core's data: the tile order, the names and the
settlement numbers are read from ``rules.tien_gow.tiles`` and ``scoring``, and the
house rules' sentences from their specs (``options``), so the sheet cannot drift from
what the engine does. The sections are every game's ``SheetSection``/``SheetLine``
(``rules.game``), so the Rules page shows both alike.
"""

from __future__ import annotations

from tutorial_app.rules.game import SheetLine, SheetSection
from tutorial_app.rules.text import Text, joined, msg
from tutorial_app.rules.tien_gow.options import (
    BANKER_DOUBLE,
    HAND_SIZE,
    LAST_TRICK,
    PLAYERS,
    STAKE,
    TIEN_GOW_SPECS,
    TITLE,
    TienGowRules,
)
from tutorial_app.rules.tien_gow.scoring import EVEN_POINTS, NO_TRICK_PAYS
from tutorial_app.rules.tien_gow.tiles import CIVIL_ORDER, MILITARY_ORDER, tile_name
from tutorial_app.rules.tiles import Tile

__all__ = ["tien_gow_sections", "tien_gow_sheet"]


def _civil_list() -> Text:
    return joined([msg("{name:low} {tile}", name=tile_name(t), tile=t) for t in CIVIL_ORDER], ", ")


def _military_list() -> Text:
    groups: dict[int, list[Tile]] = {}
    for tile in MILITARY_ORDER:
        groups.setdefault(tile.pips, []).append(tile)
    return joined(
        [
            msg("{name:low} ({tiles})", name=tile_name(tiles[0]), tiles=", ".join(map(str, tiles)))
            for tiles in groups.values()
        ],
        ", ",
    )


def _tiles() -> tuple[tuple[str, Text], ...]:
    return (
        (
            "set",
            msg("32 tiles without blanks: 11 civil kinds, two of each, and 10 military tiles, one of each."),
        ),
        (
            "civil",
            msg("Civil tiles, highest first: {tiles}.", tiles=_civil_list()),
        ),
        (
            "military",
            msg(
                "Military tiles rank by their total, highest first: {tiles}. Two military tiles with the same total "
                "are equal.",
                tiles=_military_list(),
            ),
        ),
    )


_DEAL = (
    (
        "deal",
        msg(
            "{PLAYERS} players; the 32 tiles are shuffled and each player gets {HAND_SIZE}.",
            PLAYERS=PLAYERS,
            HAND_SIZE=HAND_SIZE,
        ),
    ),
    (
        "banker",
        msg(
            "The first banker is chosen by lot; after that, whoever took the last trick of a hand is the banker of the next one."
        ),
    ),
    (
        "first_lead",
        msg("The banker leads the first trick; the turn passes from seat to seat in one direction."),
    ),
)

_LEADS = (
    (
        "singles",
        msg("A lead is one tile or one combination of two, three or four tiles."),
    ),
    (
        "pairs",
        msg(
            "Pairs: two identical civil tiles; two military tiles with the same total; the Supreme pair 1-2 + 2-4, the highest military pair; and the mixed pairs heaven + a nine, earth + an eight, man + a seven, goose + a five, in that order."
        ),
    ),
    (
        "sets",
        msg(
            "Three or four tiles exist only within those four families: two civil tiles and a military one, one civil tile and two military, or two and two."
        ),
    ),
)

_FOLLOWS = (
    (
        "follow",
        msg("The others play in turn, each laying as many tiles as were led. Nobody has to beat or to follow suit."),
    ),
    (
        "beat",
        msg(
            "To beat, lay face up a set of the same kind that ranks strictly higher than the set winning so far: civil never beats military nor the other way round, a pair of two civil tiles is beaten only by a higher civil pair, a set of two civil and one military tile only by a higher set of that make-up, and an equal set does not beat."
        ),
    ),
    (
        "discard",
        msg("Who does not beat lays the same number of tiles face down; nobody sees them."),
    ),
)

_TRICKS = (
    (
        "take",
        msg("The highest face-up set takes the trick, and its player leads the next one."),
    ),
    (
        "points",
        msg(
            "A trick is worth as many trick points as each player laid tiles in it: 1 for single tiles, 2 for pairs, and so on; the eight tiles of a hand make eight trick points in all."
        ),
    ),
    (
        "last",
        msg("The trick that plays everyone's last tiles is the last trick: whoever takes it wins the hand."),
    ),
)


def _scoring(rules: TienGowRules) -> tuple[tuple[str, Text], ...]:
    lines = [
        (
            "settle",
            msg(
                "Each other player settles with the winner: with no trick point they pay {NO_TRICK_PAYS} chips; otherwise {EVEN_POINTS} minus their trick points, and if that is below zero the winner pays them the difference.",
                NO_TRICK_PAYS=NO_TRICK_PAYS,
                EVEN_POINTS=EVEN_POINTS,
            ),
        )
    ]
    lines.append(("banker_double", BANKER_DOUBLE.read(rules.banker_double)))
    return tuple(lines)


def _match(rules: TienGowRules) -> tuple[tuple[str, Text], ...]:
    return (("stake", STAKE.read(rules.stake)),)


def tien_gow_sections(rules: TienGowRules | None = None, lang: str = "en") -> list[SheetSection]:
    """The rule sheet as sections of sentences; options that differ from the defaults are marked as house rules."""
    rules = rules or TienGowRules()
    default = TienGowRules()
    house = {name: getattr(rules, name) != getattr(default, name) for name in TIEN_GOW_SPECS}
    parts: tuple[tuple[Text, tuple[tuple[str, Text], ...]], ...] = (
        (msg("The tiles"), _tiles()),
        (msg("The deal and the banker"), _DEAL),
        (msg("Leading"), _LEADS),
        (msg("Following"), _FOLLOWS),
        (msg("Tricks"), (*_TRICKS, ("last_trick", LAST_TRICK.read(rules.last_trick.value)))),
        (msg("Scoring"), _scoring(rules)),
        (msg("The match"), _match(rules)),
    )
    return [
        SheetSection(
            heading.in_(lang), tuple(SheetLine(key, text.in_(lang), house.get(key, False)) for key, text in lines)
        )
        for heading, lines in parts
    ]


def tien_gow_sheet(rules: TienGowRules | None = None, lang: str = "en") -> str:
    """The rule sheet as plain text, in the line games' format (title, sections, * for house rules)."""
    sections = tien_gow_sections(rules, lang)
    title = TITLE.in_(lang)
    out = [title, "=" * len(title), ""]
    for section in sections:
        out.append(section.heading)
        out.extend(f"  - {line.text}{' *' if line.house_rule else ''}" for line in section.lines)
        out.append("")
    if any(line.house_rule for s in sections for line in s.lines):
        out.append(
            "* "
            + (
                "a house rule: differs from the usual game"
                if lang != "ru"
                else "домашнее правило: не как в обычной игре"
            )
        )
    return "\n".join(out).rstrip() + "\n"
