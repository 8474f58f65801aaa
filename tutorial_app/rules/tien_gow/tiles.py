"""Chinese dominoes: the 32-tile set, its two suits, tile names and which combination beats which.

This is the part of Tien Gow ("Heaven Nine") every question about a lead and
a reply needs: the tiles and the combinations of a trick (``combination``,
``judge``). The game itself, trick by trick, is ``rules.tien_gow``; the
decisions where the rule pages differ are in ``docs/tien_gow.md``.

Sources, fact by fact (S3 is a Russian rule page on Chinese dominoes and
pagat is pagat.com's Tien Gow page, as listed under "Sources" in
``docs/tien_gow.md``; the Wikipedia Tien Gow article for the triplet rule):

- The set: 32 tiles, no blanks; 11 civil kinds, each twice (the six doubles
  and 1-3, 1-5, 1-6, 4-6, 5-6); 10 military kinds, once each. S3 and pagat agree.
- Pip colours: the 1 and the 4 are red, other pips white; on 6-6 one row of
  three on each half is red. S3.
- Russian names: S3 (земля, скамья, человек, цветок сливы, небо, гусь,
  большеголовая шестёрка, длинноногая семёрка, ширма, топорик). S3 calls 3-3
  «платье»; pagat's "long three" (長三) is used here and «платье» is kept as
  an alias (**disagreement**, reported to the lead). Military tiles are named
  by their total (S3: 1-4 «пятёрка», 3-6 «девятка"); the other military
  names follow that rule.
- English names and the civil order (heaven > earth > man > goose > plum
  flower > long three > bench > axe > red-head ten > long-leg seven >
  big-head six): pagat. S3 gives no order.
- Military order by total (9s > 8s > 7s > 6 > 5s > 3); two military tiles of
  the same total are equal, and an equal reply does not beat the lead: pagat.
- What may be led: one to four tiles (S3 and pagat). Pairs: two identical
  civil tiles; two military tiles of the same total; the Supreme pair 1-2 +
  2-4, the highest military pair; and the four mixed pairs heaven + a nine,
  earth + an eight, man + a seven, goose + a five, in that order (pagat; S3
  names the same four, garbling "heaven — nine" as «небо» 3девять).
  Triplets and quartets exist only within those four families: two civil +
  one military, one civil + two military, two + two (pagat, Wikipedia).
- What beats what: the reply must have as many tiles and be of the same
  kind (a civil single only by a higher civil single, a civil pair only by
  a higher civil pair, a mixed pair only by a higher mixed pair, a two-civil
  triplet only by a higher two-civil triplet ...) and rank strictly higher
  (pagat; S3's example: goose + five is beaten only by man + seven, earth +
  eight or heaven + nine).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import StrEnum
from itertools import combinations as subsets
from typing import NamedTuple

from tutorial_app.rules.text import RulesError, Text, msg, msgn
from tutorial_app.rules.tiles import Tile, TileError, parse_tile

__all__ = [
    "ChineseRulesError",
    "Suit",
    "ComboKind",
    "Combination",
    "Verdict",
    "CIVIL_ORDER",
    "MILITARY_ORDER",
    "CHINESE_KINDS",
    "CHINESE_SET",
    "FAMILIES",
    "chinese_tile",
    "red_on_half",
    "suit_of",
    "copies_in_set",
    "more_than_the_set",
    "tile_name",
    "tile_aliases",
    "civil_rank",
    "military_value",
    "red_pips",
    "white_pips",
    "single_rank",
    "combination",
    "why_not_combination",
    "can_lead",
    "judge",
    "beats",
    "lead_options",
    "kind_text",
]


class ChineseRulesError(RulesError):
    """Tiles that are not Chinese dominoes, or no combination; ``reason`` says why in both languages."""


class Suit(StrEnum):
    """The two suits of Chinese dominoes."""

    CIVIL = "civil"
    MILITARY = "military"


class ComboKind(StrEnum):
    """What a set of tiles played together is; only sets of the same kind can beat each other."""

    CIVIL_SINGLE = "civil_single"
    MILITARY_SINGLE = "military_single"
    CIVIL_PAIR = "civil_pair"
    MILITARY_PAIR = "military_pair"
    MIXED_PAIR = "mixed_pair"
    CIVIL_TRIPLET = "civil_triplet"
    MILITARY_TRIPLET = "military_triplet"
    QUARTET = "quartet"


def _t(text: str) -> Tile:
    return parse_tile(text)


CIVIL_ORDER: tuple[Tile, ...] = tuple(
    _t(x) for x in ("6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1")
)
"""The civil kinds, highest first (pagat)."""

MILITARY_ORDER: tuple[Tile, ...] = tuple(
    _t(x) for x in ("6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-2", "4-1", "3-2", "2-1")
)
"""The military kinds, highest total first; tiles of the same total are equal."""

CHINESE_KINDS: tuple[Tile, ...] = CIVIL_ORDER + MILITARY_ORDER
"""The 21 kinds of tile (every double-six tile without a blank)."""

CHINESE_SET: tuple[Tile, ...] = CIVIL_ORDER + CIVIL_ORDER + MILITARY_ORDER
"""The 32 tiles of a set: each civil kind twice, each military kind once."""

_CIVIL_RANK = {tile: i + 1 for i, tile in enumerate(CIVIL_ORDER)}

_NAMES: dict[Tile, Text] = {
    _t("6-6"): msg("Heaven"),
    _t("1-1"): msg("Earth"),
    _t("4-4"): msg("Man"),
    _t("3-1"): msg("Goose"),
    _t("5-5"): msg("Plum flower"),
    _t("3-3"): msg("Long three"),
    _t("2-2"): msg("Bench"),
    _t("6-5"): msg("Axe"),
    _t("6-4"): msg("Red-head ten"),
    _t("6-1"): msg("Long-leg seven"),
    _t("5-1"): msg("Big-head six"),
}

_ALIASES: dict[Tile, dict[str, tuple[str, ...]]] = {
    _t("3-1"): {"en": ("Harmony",)},
    _t("3-3"): {"en": ("Long",), "ru": ("платье",)},
    _t("2-2"): {"en": ("Board",)},
    _t("6-5"): {"en": ("Hatchet", "Tiger's head")},
    _t("6-4"): {"en": ("Partition",), "ru": ("красноголовая десятка",)},
    _t("5-1"): {"en": ("Red mallet six",), "ru": ("одинокая шестёрка",)},
}

_MILITARY_NAMES: dict[int, Text] = {
    9: msg("Nine"),
    8: msg("Eight"),
    7: msg("Seven"),
    6: msg("Six"),
    5: msg("Five"),
    3: msg("Three"),
}

FAMILIES: tuple[tuple[Tile, int], ...] = (
    (_t("6-6"), 9),
    (_t("1-1"), 8),
    (_t("4-4"), 7),
    (_t("3-1"), 5),
)
"""The four civil + military families, highest first: heaven-nine, earth-eight, man-seven, goose-five."""

_FAMILY_OF_CIVIL = {civil: i for i, (civil, _) in enumerate(FAMILIES)}
_FAMILY_NAMES = (
    msg("heaven with a nine"),
    msg("earth with an eight"),
    msg("man with a seven"),
    msg("goose with a five"),
)
_FAMILY_SHORT = (
    msg("heaven-nine"),
    msg("earth-eight"),
    msg("man-seven"),
    msg("goose-five"),
)
_MILITARY_PAIR: dict[int, Text] = {
    9: msg("the pair of nines"),
    8: msg("the pair of eights"),
    7: msg("the pair of sevens"),
    5: msg("the pair of fives"),
}
_SUPREME = frozenset({_t("2-1"), _t("4-2")})


def chinese_tile(value: object) -> Tile:
    """A tile of the Chinese set from ``6-6``, ``[6, 6]`` or a ``Tile``; ChineseRulesError for anything else."""
    try:
        tile = parse_tile(value)
    except TileError as exc:
        raise ChineseRulesError(exc.reason) from None
    if tile.lo == 0:
        raise ChineseRulesError(msg("{tile} is not a Chinese domino: the Chinese set has no blanks", tile=tile))
    return tile


def suit_of(tile: object) -> Suit:
    """Civil or military."""
    return Suit.CIVIL if chinese_tile(tile) in _CIVIL_RANK else Suit.MILITARY


def copies_in_set(tile: object) -> int:
    """How many tiles of this kind a set holds: 2 for civil, 1 for military."""
    return 2 if suit_of(tile) is Suit.CIVIL else 1


def more_than_the_set(tiles: Iterable[Tile]) -> tuple[Tile, int] | None:
    """The first tile named more often than the set holds it, and how often it is named; None if there is none."""
    for tile, n in Counter(tiles).items():
        if n > copies_in_set(tile):
            return tile, n
    return None


def military_value(tile: object) -> int:
    """A military tile's total, which is its rank (9 highest, 3 lowest)."""
    t = chinese_tile(tile)
    if t in _CIVIL_RANK:
        raise ChineseRulesError(msg("{t} is a civil tile, not a military one", t=t))
    return t.pips


def civil_rank(tile: object) -> int:
    """A civil tile's place in the civil order: 1 for heaven (highest) to 11 for big-head six."""
    t = chinese_tile(tile)
    if t not in _CIVIL_RANK:
        raise ChineseRulesError(msg("{t} is a military tile, not a civil one", t=t))
    return _CIVIL_RANK[t]


def single_rank(tile: object) -> int:
    """A number that orders singles within their suit: higher is stronger (civil 11..1, military = total)."""
    t = chinese_tile(tile)
    return 12 - _CIVIL_RANK[t] if t in _CIVIL_RANK else t.pips


def tile_name(tile: object) -> Text:
    """The tile's name: civil tiles by their own names, military tiles by their total."""
    t = chinese_tile(tile)
    return _NAMES.get(t) or _MILITARY_NAMES[t.pips]


def tile_aliases(tile: object, lang: str) -> tuple[str, ...]:
    """Other names in use for the tile in ``lang`` (S3's «платье» for 3-3, pagat's "hatchet" for 6-5, ...)."""
    return _ALIASES.get(chinese_tile(tile), {}).get(lang, ())


def red_on_half(number: int, on_double_six: bool) -> int:
    """Red pips on one half showing ``number``: all of a 1 or a 4, one row of three of a 6 on 6-6, else none.

    The colour rule's one home: the red-pip count, the worked explanation and
    both drawings of a Chinese tile read it.
    """
    if number in (1, 4):
        return number
    return 3 if number == 6 and on_double_six else 0


def red_pips(tile: object) -> int:
    """Red pips on the tile: every 1 and 4 is red, and one row of three on each half of 6-6 (S3)."""
    t = chinese_tile(tile)
    double_six = t.lo == t.hi == 6
    return red_on_half(t.lo, double_six) + red_on_half(t.hi, double_six)


def white_pips(tile: object) -> int:
    """White pips on the tile."""
    t = chinese_tile(tile)
    return t.pips - red_pips(t)


def _label(tile: Tile) -> Text:
    name = tile_name(tile)
    return msg("{name} ({tile})", name=name, tile=tile)


class Combination(NamedTuple):
    """Tiles played together: what kind of set they are and how strong (higher ``strength`` wins)."""

    kind: ComboKind
    tiles: tuple[Tile, ...]
    strength: int
    name: Text

    @property
    def size(self) -> int:
        return len(self.tiles)


_KIND_TEXT: dict[ComboKind, Text] = {
    ComboKind.CIVIL_SINGLE: msg("civil single"),
    ComboKind.MILITARY_SINGLE: msg("military single"),
    ComboKind.CIVIL_PAIR: msg("civil pair"),
    ComboKind.MILITARY_PAIR: msg("military pair"),
    ComboKind.MIXED_PAIR: msg("mixed pair"),
    ComboKind.CIVIL_TRIPLET: msg("triplet of two civil tiles and one military"),
    ComboKind.MILITARY_TRIPLET: msg("triplet of one civil tile and two military"),
    ComboKind.QUARTET: msg("quartet"),
}


def kind_text(kind: ComboKind) -> Text:
    """The kind of set in words ("a civil pair" / «гражданская пара»)."""
    return _KIND_TEXT[kind]


def _tiles_of(tiles: Iterable[object]) -> tuple[Tile, ...]:
    found = tuple(chinese_tile(t) for t in tiles)
    over = more_than_the_set(found)
    if over is not None:
        tile, n = over
        raise ChineseRulesError(
            msgn(
                "the set has only {n} of {tile}, not {held}",
                "the set has only {n} of {tile}, not {held}",
                copies_in_set(tile),
                tile=tile,
                held=n,
            )
        )
    civil = sorted((t for t in found if t in _CIVIL_RANK), key=_CIVIL_RANK.__getitem__)
    military = sorted((t for t in found if t not in _CIVIL_RANK), key=lambda t: (-t.pips, -t.hi))
    return (*civil, *military)


def _shown(tiles: Sequence[Tile]) -> str:
    return " + ".join(str(t) for t in tiles)


def _named(name: Text, tiles: Sequence[Tile]) -> Text:
    shown = _shown(tiles)
    return msg("{name} ({tiles})", name=name, tiles=shown)


def _no_set(tiles: tuple[Tile, ...], why: Text) -> ChineseRulesError:
    shown = _shown(tiles)
    return ChineseRulesError(msg("{tiles} is not a combination: {why}", tiles=shown, why=why))


def _family(civil: Tile, military: Sequence[Tile]) -> int | None:
    index = _FAMILY_OF_CIVIL.get(civil)
    if index is None or any(m.pips != FAMILIES[index][1] for m in military):
        return None
    return index


_FAMILY_RULE = msg(
    "sets of three or four tiles, and civil + military pairs, exist only as heaven with nines, earth with eights, man with sevens and goose with fives"
)


def combination(tiles: Iterable[object]) -> Combination:
    """What the tiles make when played together; ChineseRulesError (with ``reason``) when they make nothing."""
    ts = _tiles_of(tiles)
    civil = [t for t in ts if t in _CIVIL_RANK]
    military = [t for t in ts if t not in _CIVIL_RANK]
    n = len(ts)
    if n == 0 or n > 4:
        raise ChineseRulesError(msg("a lead is one to four tiles, not {n}", n=n))
    if n == 1:
        tile = ts[0]
        kind = ComboKind.CIVIL_SINGLE if civil else ComboKind.MILITARY_SINGLE
        return Combination(kind, ts, single_rank(tile), _label(tile))
    if n == 2:
        return _pair(ts, civil, military)
    if len(civil) == 0 or len(military) == 0 or len(set(civil)) != 1:
        raise _no_set(ts, _FAMILY_RULE)
    index = _family(civil[0], military)
    if index is None or len(set(military)) != len(military):
        raise _no_set(ts, _FAMILY_RULE)
    strength = len(FAMILIES) - index
    family = _FAMILY_SHORT[index]
    if n == 4:
        if len(civil) != 2:
            raise _no_set(ts, _FAMILY_RULE)
        name = msg("the {family} quartet", family=family)
        return Combination(ComboKind.QUARTET, ts, strength, _named(name, ts))
    kind = ComboKind.CIVIL_TRIPLET if len(civil) == 2 else ComboKind.MILITARY_TRIPLET
    name = msg("the {family} triplet", family=family)
    return Combination(kind, ts, strength, _named(name, ts))


def _pair(ts: tuple[Tile, ...], civil: list[Tile], military: list[Tile]) -> Combination:
    if len(civil) == 2:
        if civil[0] is not civil[1]:
            raise _no_set(
                ts,
                msg("two civil tiles make a pair only when they are the same kind"),
            )
        name = tile_name(civil[0])
        pair_name = msg("the {name} pair", name=name)
        return Combination(ComboKind.CIVIL_PAIR, ts, single_rank(civil[0]), _named(pair_name, ts))
    if len(military) == 2:
        if set(military) == _SUPREME:
            supreme = msg("the Supreme pair")
            return Combination(ComboKind.MILITARY_PAIR, ts, 10, _named(supreme, ts))
        if military[0].pips != military[1].pips:
            raise _no_set(
                ts,
                msg(
                    "two military tiles make a pair only when their totals are equal (or as the Supreme pair 1-2 + 2-4)"
                ),
            )
        pair_name = _MILITARY_PAIR[military[0].pips]
        return Combination(ComboKind.MILITARY_PAIR, ts, military[0].pips, _named(pair_name, ts))
    index = _family(civil[0], military)
    if index is None:
        raise _no_set(ts, _FAMILY_RULE)
    return Combination(ComboKind.MIXED_PAIR, ts, len(FAMILIES) - index, _named(_FAMILY_NAMES[index], ts))


def why_not_combination(tiles: Iterable[object]) -> Text | None:
    """None when the tiles make a combination that may be led; otherwise the reason."""
    try:
        combination(tiles)
    except ChineseRulesError as exc:
        return exc.reason
    return None


def can_lead(tiles: Iterable[object]) -> bool:
    """Whether these tiles may be led together as one set."""
    return why_not_combination(tiles) is None


class Verdict(NamedTuple):
    """Whether a reply beats the set on the table, and why: ``why`` opens with the verdict ("Yes: ..." / "No: ..."),
    ``reason`` is the same sentence without it."""

    beats: bool
    reason: Text

    @property
    def why(self) -> Text:
        return (
            msg("Yes: {reason:low}", reason=self.reason) if self.beats else msg("No: {reason:low}", reason=self.reason)
        )


def _as_combination(value: Combination | Iterable[object]) -> Combination:
    return value if isinstance(value, Combination) else combination(value)


def judge(reply: Combination | Iterable[object], current: Combination | Iterable[object]) -> Verdict:
    """Does ``reply`` beat ``current`` (the highest set so far in the trick)?

    ``current`` must be a combination; a ``reply`` that is none loses (its tiles go face down).
    """
    high = _as_combination(current)
    try:
        challenger = _as_combination(reply)
    except ChineseRulesError as exc:
        return Verdict(False, msg("{reason:cap}, so those tiles can only be thrown away face down.", reason=exc.reason))
    if challenger.size != high.size:
        return Verdict(
            False,
            msg("A reply has as many tiles as the lead ({size}), not {size2}.", size=high.size, size2=challenger.size),
        )
    if challenger.kind is not high.kind:
        ck, hk = kind_text(challenger.kind), kind_text(high.kind)
        return Verdict(
            False,
            msg(
                "{combo:cap} is a {kind}, but the set to beat is a {other}; a set is beaten only by a higher set of "
                "the same kind.",
                combo=challenger.name,
                kind=ck,
                other=hk,
            ),
        )
    if challenger.strength == high.strength:
        return Verdict(
            False,
            msg(
                "{combo:cap} only equals {other}, and an equal set does not beat the one played first.",
                combo=challenger.name,
                other=high.name,
            ),
        )
    named = {"kind": kind_text(high.kind), "combo": challenger.name, "other": high.name}
    if challenger.strength > high.strength:
        return Verdict(True, msg("Both are the same kind of set ({kind}), and {combo} ranks above {other}.", **named))
    return Verdict(False, msg("Both are the same kind of set ({kind}), but {combo} ranks below {other}.", **named))


def beats(reply: Combination | Iterable[object], current: Combination | Iterable[object]) -> bool:
    """True when ``reply`` beats ``current``; ``judge`` gives the reason too."""
    return judge(reply, current).beats


def lead_options(hand: Iterable[object]) -> list[Combination]:
    """Every distinct combination a hand could lead, strongest kinds of each size first."""
    tiles = _tiles_of(hand)
    seen: set[tuple[Tile, ...]] = set()
    found: list[Combination] = []
    for size in range(1, min(4, len(tiles)) + 1):
        for chosen in subsets(tiles, size):
            if chosen in seen:
                continue
            seen.add(chosen)
            try:
                found.append(combination(chosen))
            except ChineseRulesError:
                continue
    return found
