"""Every house-rule option of the line games, declared once: its values, label, sheet section and sentence.

Why one declaration per option (``rules.house.OptionSpec``): ``HouseRules``
checks a value through the spec's domain, the rule sheet (``rulesheet``)
reads its label, section and sentence, the comparison page and the rules
picker read the same; a new option is one spec here and one field of
``HouseRules`` (``options``). ``SPECS`` lists them in the rule sheet's order.

What each value means at the table is said here in plain words, in English
and Russian, one sentence per value (some read differently at a table where
a clause can never apply: ``in_context``).
"""

from __future__ import annotations

from typing import Protocol

import tutorial_app.rules.line.option_values as values
from tutorial_app.language import en_count, ru_count
from tutorial_app.rules.house import Named, OneOf, OptionSpec, Whole, YesNo
from tutorial_app.rules.text import Text
from tutorial_app.rules.tiles import ALL_TILES


class HouseRules(Protocol):
    """What the sentences and ``applies`` read of the whole rule set, a ``rules.line.options.HouseRules`` (which
    declares its fields by these specs, so it is not imported here)."""

    @property
    def players(self) -> int: ...

    @property
    def dealt(self) -> int: ...

    @property
    def has_boneyard(self) -> bool: ...

    @property
    def must_play_drawn(self) -> bool: ...

    @property
    def pairs_draw(self) -> bool: ...

    @property
    def spinner_layout(self) -> bool: ...

    @property
    def multiple_doubles(self) -> bool: ...

    @property
    def branch_blocking(self) -> bool: ...

    @property
    def fives_scoring(self) -> bool: ...

    @property
    def is_penalty_scoring(self) -> bool: ...

    @property
    def lone_blank_double(self) -> int: ...

    @property
    def first_lead(self) -> values.FirstLead: ...

    @property
    def teams(self) -> values.Teams: ...

    @property
    def blocked_scoring(self) -> values.BlockedScoring: ...


__all__ = ["SPECS", "SECTIONS", "players_of_preset"]


def _points(n: int) -> Text:
    return Text(en_count(n, "point", "points"), ru_count(n, "очко", "очка", "очков"))


# -- one sentence per option value -------------------------------------------------


def _players(n: object) -> Text:
    count = int(str(n))
    return Text(f"Players at the table: {count}.", f"Игроков за столом: {count}.")


_RU_HOW_MANY = {2: "вдвоём", 3: "втроём", 4: "вчетвером"}


def players_of_preset(count: int, allowed: tuple[int, ...]) -> Text:
    """The sheet's player count, and the counts the game allows (so "2 players" does not read as a limit)."""
    base = _players(count)
    if len(allowed) < 2:
        return base
    en = ", ".join(str(n) for n in allowed[:-1]) + f" or {allowed[-1]}"
    ru = ", ".join(_RU_HOW_MANY[n] for n in allowed[:-1]) + f" или {_RU_HOW_MANY[allowed[-1]]}"
    return Text(
        f"{base.en[:-1]} (this game is played by {en}).",
        f"{base.ru[:-1]} (в эту игру играют {ru}).",
    )


def _hand_size(n: object) -> Text:
    count = int(str(n))
    return Text(
        f"Each player is dealt {en_count(count, 'tile', 'tiles')}.",
        f"Каждому сдают {ru_count(count, 'кость', 'кости', 'костей')}.",
    )


def _reserve(n: object) -> Text:
    count = int(str(n))
    if count == 0:
        return Text(
            "The boneyard may be drawn to the last tile.",
            "С базара можно брать до последней кости.",
        )
    if count == 1:
        return Text(
            "The last tile of the boneyard is a reserve: nobody may draw it.",
            "Последняя кость базара — резерв: её брать нельзя.",
        )
    return Text(
        f"The last {count} tiles of the boneyard are a reserve: nobody may draw them.",
        f"Последние {ru_count(count, 'кость', 'кости', 'костей')} базара — резерв: их брать нельзя.",
    )


def _opening(n: object) -> Text:
    count = int(str(n))
    if count == 0:
        return Text("Every point counts from the first hand on.", "Все очки идут в счёт с первой раздачи.")
    return Text(
        f"A side's score opens only when it wins one hand worth {_points(count).en} or more; "
        "what it wins before that is noted as draft points and never added to the main score.",
        f"Счёт стороны открывается, только когда она выиграет раздачу на {_points(count).ru} или больше; "
        "всё, что набрано до этого, отмечают как черновые очки, но в основной счёт они не идут.",
    )


def _capicu(n: object) -> Text:
    count = int(str(n))
    if count == 0:
        return Text("Going out with a capicú earns nothing extra.", "За выход капику ничего сверху не дают.")
    return Text(
        f"Going out with a capicú (the last tile fits both ends, and the ends showed different numbers) "
        f"earns {_points(count).en} more.",
        f"Выход капику (последняя кость подходит к обоим концам, а на концах были разные числа) "
        f"приносит ещё {_points(count).ru}.",
    )


def _blank_double(n: object) -> Text:
    if int(str(n)) == 0:
        return Text("A 0-0 left in hand counts nothing.", "Оставшийся на руке дубль 0-0 ничего не стоит.")
    return Text(
        f"A 0-0 left in hand counts {_points(int(str(n))).en}.",
        f"Оставшийся на руке дубль 0-0 стоит {_points(int(str(n))).ru}.",
    )


def _lone_blank(n: object) -> Text:
    if int(str(n)) == 0:
        return Text(
            "A hand left with nothing but 0-0 counts like any other.",
            "Рука, на которой остался один 0-0, считается как обычно.",
        )
    return Text(
        f"A hand left with nothing but 0-0 counts {_points(int(str(n))).en}.",
        f"Рука, на которой остался один 0-0, стоит {_points(int(str(n))).ru}.",
    )


def _min_penalty(n: object) -> Text:
    if int(str(n)) == 0:
        return Text("Every penalty is written down, however small.", "Записывается любой штраф, даже самый маленький.")
    return Text(
        f"A penalty under {_points(int(str(n))).en} is not written down.",
        f"Штраф меньше {ru_count(int(str(n)), 'очка', 'очков', 'очков')} не записывается.",
    )


def _target(n: object) -> Text:
    return Text(
        f"The match is played to {_points(int(str(n))).en}.",
        f"Матч идёт до {ru_count(int(str(n)), 'очка', 'очков', 'очков')}.",
    )


_FIRST_LEAD_SENTENCES = {
    "lowest_double_not_blank": Text(
        "The first hand is led by the holder of the lowest double from 1-1 up (0-0 does not count); "
        "if nobody has one, by the holder of the lowest tile.",
        "Первую раздачу начинает владелец младшего дубля, начиная с 1-1 (0-0 не в счёт); "
        "если таких дублей ни у кого нет — владелец самой младшей кости.",
    ),
    "highest_double": Text(
        "The first hand is led by the holder of the highest double, 6-6 first and then down to 1-1; "
        "if nobody has one, by the holder of the highest tile.",
        "Первую раздачу начинает владелец старшего дубля: сначала 6-6, потом ниже, до 1-1; "
        "если таких дублей ни у кого нет — владелец самой старшей кости.",
    ),
    "blank_then_highest": Text(
        "The holder of 0-0 leads the first hand; without it, the holder of the highest double from 6-6 down; "
        "with no doubles at all, the holder of the highest tile.",
        "Первую раздачу начинает тот, у кого 0-0; если его нет — владелец старшего дубля от 6-6 вниз; "
        "если дублей нет совсем — владелец самой старшей кости.",
    ),
    "priority_101": Text(
        "The first hand is led by whoever holds the first double in the order 1-1, 2-2, 3-3, 4-4, 5-5, "
        "6-6, 0-0 (doubles left in the boneyard are skipped); if no double was dealt, the tiles are dealt again.",
        "Первую раздачу начинает владелец первого дубля в порядке 1-1, 2-2, 3-3, 4-4, 5-5, 6-6, 0-0 "
        "(дубли на базаре пропускаются); если дублей ни у кого нет, кости пересдают.",
    ),
    "double_six_must": Text(
        "The holder of 6-6 leads the first hand; if 6-6 was not dealt, the tiles are dealt again.",
        "Первую раздачу начинает владелец 6-6; если 6-6 никому не попал, кости пересдают.",
    ),
    "draw_lots": Text(
        "Before the first deal everyone turns up one tile of the shuffled set; the highest tile wins "
        "the lead, and the tiles go back before dealing.",
        "Перед первой раздачей каждый открывает по одной кости из перемешанного набора; у кого кость старше, "
        "тот и заходит, а кости возвращают перед раздачей.",
    ),
    "highest_tile": Text(
        "The holder of the highest tile leads the first hand.",
        "Первую раздачу начинает владелец самой старшей кости.",
    ),
    "donkey": Text(
        "The holder of 1-1 leads the first hand; without it, the holder of the smallest double from 2-2 "
        "up to 6-6, with 0-0 last.",
        "Первую раздачу начинает тот, у кого 1-1; если его нет — владелец наименьшего дубля "
        "от 2-2 до 6-6, а 0-0 — в последнюю очередь.",
    ),
}


# -- sentences that depend on the rest of the rules --------------------------------------
# Why: some values read differently at a table where a clause can never apply (all 28 tiles
# dealt, two players without partners); the sheet then says only what can happen.


def _all_dealt(rules: HouseRules) -> bool:
    return rules.dealt >= len(ALL_TILES)


def _lead_can_fail(rules: HouseRules) -> bool:
    """Whether a deal can leave nobody holding the tile the first-lead rule needs."""
    always = ("lowest_double_not_blank", "highest_double", "blank_then_highest", "highest_tile", "draw_lots")
    return rules.first_lead.value not in always and not _all_dealt(rules)


def _redeal_in_context(value: object, rules: HouseRules) -> Text | None:
    if value == "none" and not _lead_can_fail(rules):
        return Text("The tiles are never dealt again.", "Кости не пересдают.")
    return None


def _first_lead_in_context(value: object, rules: HouseRules) -> Text | None:
    if value == "double_six_must" and _all_dealt(rules):
        return Text(
            "The holder of 6-6 leads the first hand with it (all 28 tiles are dealt, so someone has it).",
            "Первую раздачу начинает владелец 6-6, с него же (все 28 костей розданы, так что 6-6 у кого-то есть).",
        )
    if value == "donkey" and not _all_dealt(rules):
        base = _FIRST_LEAD_SENTENCES[str(value)]
        return Text(
            base.en + " If no double was dealt, the tiles are dealt again.",
            base.ru + " Если дублей ни у кого нет, кости пересдают.",
        )
    return None


def _boneyard_in_context(value: object, rules: HouseRules) -> Text | None:
    if value == "none" and _all_dealt(rules):
        return Text(
            "All 28 tiles are dealt, so there is no boneyard: a player who cannot play passes.",
            "Все 28 костей розданы, базара нет: кому нечем ходить, тот пасует.",
        )
    return None


def _scoring_in_context(value: object, rules: HouseRules) -> Text | None:
    if value == "winner_takes_all_hands" and rules.teams is values.Teams.NONE:
        return Text(
            "The player who goes out scores the pips left in every hand; when a fish is won, the winner's "
            "own pips count too.",
            "Вышедший записывает себе все очки, оставшиеся на руках; если выиграна рыба, в счёт идут и "
            "очки самого победителя.",
        )
    return None


def _blocked_scoring_in_context(value: object, rules: HouseRules) -> Text | None:
    if value == "lowest_wins" and rules.is_penalty_scoring:
        return Text(
            "In a blocked hand the side with the fewest pips writes nothing, and every other side writes down its "
            "own pips.",
            "В рыбе сторона с наименьшей суммой очков ничего не пишет, а каждая другая сторона записывает свои очки.",
        )
    return None


# -- where an option matters (a sheet leaves out the options that cannot apply) -----------


def _has_boneyard(rules: HouseRules) -> bool:
    return rules.has_boneyard


def _drawn_tile_matters(rules: HouseRules) -> bool:
    # Drawing one at a time stops at the first tile that fits, and nothing else fitted before,
    # so "any tile that fits" can only differ from "the drawn tile" when tiles come in pairs
    # (which the engine never restricts to the drawn tile).
    return rules.has_boneyard and rules.must_play_drawn is not rules.pairs_draw


def _tie_can_happen(rules: HouseRules) -> bool:
    return rules.blocked_scoring.value != "goat_block"


def _four_players(rules: HouseRules) -> bool:
    return rules.players == 4


def _several_doubles(rules: HouseRules) -> bool:
    return rules.spinner_layout or rules.multiple_doubles


def _closing_arms(rules: HouseRules) -> bool:
    return rules.spinner_layout or rules.branch_blocking


def _capicu_counts(rules: HouseRules) -> bool:
    # in goat the winner writes nothing, so a bonus would have nowhere to go
    return not rules.spinner_layout and not rules.is_penalty_scoring


def _fives_scored(rules: HouseRules) -> bool:
    return rules.fives_scoring


def _penalties(rules: HouseRules) -> bool:
    return rules.is_penalty_scoring


def _lone_blank_counts(rules: HouseRules) -> bool:
    return rules.is_penalty_scoring or rules.lone_blank_double != 0


# -- the options, in the rule sheet's order ------------------------------------------------

_DEAL = Text("Players and the deal", "Игроки и раздача")
_LEAD = Text("Who leads", "Кто заходит")
_MOVES = Text("Moves and drawing", "Ходы и базар")
_END = Text("End of the hand", "Конец раздачи")
_SCORING = Text("Scoring", "Очки")
_MATCH = Text("The match", "Матч")

PLAYERS = OptionSpec(
    "players",
    Whole(2, 4, Text("2, 3 or 4", "2, 3 или 4")),
    Text("Players", "Игроки"),
    _DEAL,
    _players,
)
TEAMS = OptionSpec(
    "teams",
    Named(values.Teams),
    Text("Teams", "Команды"),
    _DEAL,
    {
        "none": Text("Everyone plays for themselves.", "Каждый играет сам за себя."),
        "pairs": Text(
            "Four players form two pairs: seats 0 and 2 against seats 1 and 3; partners' tiles count together.",
            "Четверо играют парами: места 0 и 2 против мест 1 и 3; кости партнёров считаются вместе.",
        ),
    },
    applies=_four_players,
)
HAND_SIZE = OptionSpec(
    "hand_size",
    Whole(
        2,
        14,
        Text(
            "a whole number from 2 up, such that every hand can be dealt",
            "целое число от 2, при котором хватает костей на все руки",
        ),
    ),
    Text("Tiles per hand", "Костей на руку"),
    _DEAL,
    _hand_size,
)
REDEAL = OptionSpec(
    "redeal",
    Named(values.Redeal),
    Text("Redeal", "Пересдача"),
    _DEAL,
    {
        "none": Text(
            "The tiles are dealt again only when nobody holds the tile the first-lead rule needs.",
            "Кости пересдают, только когда ни у кого нет кости, нужной для первого хода.",
        ),
        "domino101": Text(
            "The tiles are dealt again when a hand holds 5 or more doubles, 6 or more tiles of one suit, "
            "or 5 of one suit without that suit's double; with four players, also when the opening double's "
            "suit is missing from the other pair's hands.",
            "Кости пересдают, если у кого-то 5 и больше дублей, 6 и больше костей одной серии "
            "или 5 костей одной серии без её дубля; вчетвером — ещё и когда у другой пары нет ни одной "
            "кости серии дубля, с которого начинают.",
        ),
    },
    in_context=_redeal_in_context,
)
FIRST_LEAD = OptionSpec(
    "first_lead",
    Named(values.FirstLead),
    Text("First lead", "Первый заход"),
    _LEAD,
    _FIRST_LEAD_SENTENCES,
    in_context=_first_lead_in_context,
)
FIRST_TILE = OptionSpec(
    "first_tile",
    Named(values.FirstTile),
    Text("First tile", "Первая кость"),
    _LEAD,
    {
        "determining": Text(
            "The first lead must be the very tile that decided who leads.",
            "Первым ходом выкладывают ту самую кость, по которой определили заходящего.",
        ),
        "any": Text("The first leader may lead any tile.", "Заходящий может начать с любой кости."),
    },
)
NEXT_LEAD = OptionSpec(
    "next_lead",
    Named(values.NextLead),
    Text("Next lead", "Следующий заход"),
    _LEAD,
    {
        "winner": Text(
            "After a hand that someone wins, the winner leads the next one with any tile.",
            "После выигранной раздачи следующую начинает победитель, любой костью.",
        ),
        "first_lead_rule": Text(
            "Every hand's leader is found again by the first-lead rule.",
            "Заходящего в каждой раздаче определяют заново, по правилу первого хода.",
        ),
    },
)
BLOCKED_NEXT_LEAD = OptionSpec(
    "blocked_next_lead",
    Named(values.BlockedNextLead),
    Text("Lead after a fish", "Заход после рыбы"),
    _LEAD,
    {
        "fish_maker": Text(
            "After a blocked hand, the player who made the fish leads the next one.",
            "После рыбы следующую раздачу начинает тот, кто её сделал.",
        ),
        "winner": Text(
            "After a blocked hand, its winner leads the next one too (in pairs, the winning pair's player with "
            "the fewest pips); after a tied fish, the player who made it.",
            "После рыбы следующую раздачу тоже начинает её победитель (в парах — игрок выигравшей пары, у которого "
            "меньше очков); после рыбы вничью — тот, кто сделал рыбу.",
        ),
        "lowest_hand": Text(
            "After a blocked hand, the player with the fewest pips at the table leads the next one; after a tied "
            "fish, the player who made it.",
            "После рыбы следующую раздачу начинает игрок, у которого меньше всех очков на руке; после рыбы вничью — "
            "тот, кто сделал рыбу.",
        ),
        "first_lead_rule": Text(
            "After a blocked hand, the leader is found again by the first-lead rule.",
            "После рыбы заходящего определяют заново, по правилу первого хода.",
        ),
    },
)
LAYOUT = OptionSpec(
    "layout",
    Named(values.Layout),
    Text("Layout", "Раскладка"),
    _MOVES,
    {
        "line": Text(
            "The tiles form one line with two open ends; a double is laid across but is otherwise an ordinary tile.",
            "Кости выкладывают в одну цепочку с двумя открытыми концами; дубль кладут поперёк, "
            "в остальном это обычная кость.",
        ),
        "spinner": Text(
            "The first double becomes the spinner: the line grows from its left and right sides, and once "
            "both hold a tile, its upper and lower sides open too, so there can be four open ends.",
            "Первый дубль становится спиннером: цепочка растёт от его левой и правой стороны, "
            "а когда к обеим приставлено по кости, открываются верх и низ — концов может стать четыре.",
        ),
    },
)
MULTIPLE_DOUBLES = OptionSpec(
    "multiple_doubles",
    YesNo(),
    Text("Several doubles a turn", "Несколько дублей за ход"),
    _MOVES,
    {
        "true": Text(
            "In one turn you may lay several doubles one after another, each where it fits, "
            "and then one ordinary tile.",
            "За один ход можно выложить несколько дублей подряд, каждый туда, где он подходит, "
            "а затем ещё одну обычную кость.",
        ),
        "false": Text("One tile is laid per turn.", "За ход кладут одну кость."),
    },
    applies=_several_doubles,
)
BRANCH_BLOCKING = OptionSpec(
    "branch_blocking",
    YesNo(),
    Text("Closing an arm", "Закрытие ветки"),
    _MOVES,
    {
        "true": Text(
            "A double may be laid face down to close its arm: nothing can be attached to it any more.",
            "Дубль можно положить рубашкой вверх и закрыть ветку: к нему больше ничего не приставить.",
        ),
        "false": Text(
            "Every tile is laid face up; no arm can be closed on purpose.",
            "Все кости кладут очками вверх; закрыть ветку нарочно нельзя.",
        ),
    },
    applies=_closing_arms,
)
BONEYARD = OptionSpec(
    "boneyard",
    Named(values.Boneyard),
    Text("Boneyard", "Базар"),
    _MOVES,
    {
        "none": Text(
            "Nobody draws: a player who cannot play passes, and any tiles not dealt stay face down out of play.",
            "С базара не берут: кому нечем ходить, тот пасует, а нерозданные кости, если они есть, "
            "лежат рубашкой вверх и в игре не участвуют.",
        ),
        "draw": Text(
            "Tiles that are not dealt form the boneyard: a player who cannot play draws from it.",
            "Нерозданные кости образуют базар: кому нечем ходить, тот берёт с него.",
        ),
    },
    in_context=_boneyard_in_context,
)
DRAW_RULE = OptionSpec(
    "draw_rule",
    Named(values.DrawRule),
    Text("How to draw", "Как брать с базара"),
    _MOVES,
    {
        "until_playable": Text(
            "Draw one tile at a time and stop as soon as one fits; pass only when nothing more may be drawn.",
            "С базара берут по одной кости, пока не попадётся подходящая; пас — только когда брать больше нельзя.",
        ),
        "pairs": Text(
            "Draw two tiles at a time, even when the first one fits, and again while nothing fits; "
            "when only one drawable tile is left, take that one.",
            "С базара берут сразу по две кости, даже если первая подходит, и снова, пока ходить нечем; "
            "если взять можно только одну, берут одну.",
        ),
    },
    applies=_has_boneyard,
)
RESERVE = OptionSpec(
    "reserve",
    Whole(0, 2, Text("0, 1 or 2", "0, 1 или 2")),
    Text("Reserve", "Резерв"),
    _MOVES,
    _reserve,
    applies=_has_boneyard,
)
MUST_PLAY_DRAWN = OptionSpec(
    "must_play_drawn",
    YesNo(),
    Text("Playing the drawn tile", "Ход взятой костью"),
    _MOVES,
    {
        "true": Text(
            "The tile that ends a draw must be played at once.",
            "Кость, на которой закончился добор, нужно сразу поставить.",
        ),
        "false": Text(
            "After drawing, you may play any tile that fits, not only the one you drew.",
            "После добора можно сходить любой подходящей костью, не только взятой.",
        ),
    },
    applies=_drawn_tile_matters,
)
BLOCK_WITH_BONEYARD = OptionSpec(
    "block_with_boneyard",
    Named(values.BlockWithBoneyard),
    Text("A fish with a boneyard", "Рыба при базаре"),
    _END,
    {
        "at_once": Text(
            "A hand is blocked (a fish) as soon as nobody can play and no tile left to draw could fit, even "
            "while tiles remain in the boneyard.",
            "Рыба наступает, как только никто не может сходить и ни одна кость, которую ещё можно взять, "
            "не подойдёт, — даже если на базаре остались кости.",
        ),
        "draw_out": Text(
            "A hand is blocked (a fish) only when nothing more may be drawn: a player with no fitting tile "
            "keeps drawing until the boneyard allows no more, and the drawn tiles count at the end.",
            "Рыба бывает, только когда брать больше нельзя: игрок, которому нечем ходить, берёт с базара, "
            "пока можно, и взятые кости потом идут в счёт.",
        ),
    },
    applies=_has_boneyard,
)
BLOCKED_SCORING = OptionSpec(
    "blocked_scoring",
    Named(values.BlockedScoring),
    Text("Scoring a fish", "Подсчёт рыбы"),
    _END,
    {
        "lowest_wins": Text(
            "In a blocked hand the side with the fewest pips counts as the winner, and the hand is scored "
            "as if it had gone out.",
            "В рыбе побеждает сторона с наименьшей суммой очков, и очки считают так же, как при выходе.",
        ),
        "lowest_minus_own": Text(
            "In a blocked hand the side with the fewest pips scores everyone else's pips minus its own.",
            "В рыбе сторона с наименьшей суммой очков записывает очки остальных за вычетом своих.",
        ),
        "goat_block": Text(
            "In a blocked hand the player who made the fish writes nothing, and every other side writes "
            "down its own pips.",
            "В рыбе тому, кто её сделал, ничего не пишут, а каждая другая сторона записывает свои очки.",
        ),
    },
    in_context=_blocked_scoring_in_context,
)
BLOCKED_TIE = OptionSpec(
    "blocked_tie",
    Named(values.BlockedTie),
    Text("Tied fish", "Рыба поровну"),
    _END,
    {
        "nobody": Text(
            "When a blocked hand ends with the lowest counts tied, nobody scores.",
            "Если в рыбе наименьшие суммы равны, никто ничего не записывает.",
        ),
        "bank": Text(
            "When a blocked hand ends with the lowest counts tied, nobody scores and all the pips go to the "
            "tie bank; the winner of the next decided hand takes the bank on top, and ties in a row make it grow.",
            "Если в рыбе наименьшие суммы равны, никто не записывает, а все очки уходят в банк секи; "
            "победитель следующей решённой раздачи забирает банк сверху, и сека за секой банк растёт.",
        ),
    },
    applies=_tie_can_happen,
)
SCORING = OptionSpec(
    "scoring",
    Named(values.Scoring),
    Text("Scoring", "Подсчёт очков"),
    _SCORING,
    {
        "winner_takes_opponents": Text(
            "The side that goes out scores the pips left in its opponents' hands.",
            "Вышедшая сторона записывает себе очки, оставшиеся на руках у соперников.",
        ),
        "winner_takes_all_hands": Text(
            "The side that goes out scores every pip still in hand, its own partner's included.",
            "Вышедшая сторона записывает себе все очки, оставшиеся на руках, включая кости партнёра.",
        ),
        "goat": Text(
            "Points are penalties: when someone goes out, every other side writes down the pips left in its own hands.",
            "Очки штрафные: когда кто-то вышел, каждая другая сторона записывает себе очки со своих оставшихся костей.",
        ),
    },
    in_context=_scoring_in_context,
)
BLANK_DOUBLE_VALUE = OptionSpec(
    "blank_double_value",
    OneOf((0, 10)),
    Text("Value of 0-0", "Стоимость 0-0"),
    _SCORING,
    _blank_double,
)
LONE_BLANK_DOUBLE = OptionSpec(
    "lone_blank_double",
    OneOf((0, 25)),
    Text("A lone 0-0", "Одинокий 0-0"),
    _SCORING,
    _lone_blank,
    applies=_lone_blank_counts,
)
MIN_PENALTY = OptionSpec(
    "min_penalty",
    Whole(0, 100, Text("0 (off) or 13", "0 (выключено) или 13")),
    Text("Smallest penalty", "Наименьший штраф"),
    _SCORING,
    _min_penalty,
    applies=_penalties,
)
CAPICU_BONUS = OptionSpec(
    "capicu_bonus",
    Whole(0, 100, Text("0 (off), 25 or 30", "0 (выключено), 25 или 30")),
    Text("Capicú bonus", "Бонус за капику"),
    _SCORING,
    _capicu,
    applies=_capicu_counts,
)
FIVES_SCORING = OptionSpec(
    "fives_scoring",
    YesNo(),
    Text("Multiples of 5", "Кратные пяти"),
    _SCORING,
    {
        "true": Text(
            "After every move the open ends are added up; when the sum is a positive multiple of 5, the mover "
            "scores it at once. Points at the end of a hand are rounded to the nearest 5.",
            "После каждого хода складывают числа на открытых концах; если сумма больше нуля и кратна 5, "
            "походивший сразу записывает её. Очки в конце раздачи округляют до ближайшего числа, кратного 5.",
        ),
        "false": Text(
            "Moves score nothing by themselves: points are written only at the end of a hand.",
            "Сами ходы очков не приносят: очки записывают только в конце раздачи.",
        ),
    },
)
FIVES_CLAIM = OptionSpec(
    "fives_claim",
    Named(values.FivesClaim),
    Text("Announcing fives", "Объявление пятёрок"),
    _SCORING,
    {
        "automatic": Text(
            "Points for a multiple of 5 are written down without being announced.",
            "Очки за кратную 5 сумму записываются без объявления.",
        ),
        "must_claim": Text(
            "The mover must announce the points for a multiple of 5; points left unannounced may be taken by "
            'an opponent who calls "Muggins!".',
            "Походивший должен сам объявить очки за кратную 5 сумму; необъявленные очки может забрать "
            "соперник, крикнув «Маггинс!».",
        ),
    },
    applies=_fives_scored,
)
TARGET = OptionSpec(
    "target",
    Whole(
        1,
        10_000,
        Text(
            "a positive whole number such as 50, 100, 101, 150, 200 or 500",
            "целое число больше нуля, например 50, 100, 101, 150, 200 или 500",
        ),
    ),
    Text("Target", "До скольких очков"),
    _MATCH,
    _target,
)
MATCH_GOAL = OptionSpec(
    "match_goal",
    Named(values.MatchGoal),
    Text("Match goal", "Цель матча"),
    _MATCH,
    {
        "reach_target_wins": Text(
            "The first side to reach the target wins the match.",
            "Первая сторона, набравшая нужное число очков, выигрывает матч.",
        ),
        "reach_target_loses": Text(
            "When a side reaches the target, the match ends: that side loses, and the side with the fewest "
            "points wins.",
            "Когда сторона набирает нужное число очков, матч кончается: эта сторона проиграла, "
            "а выигрывает сторона с наименьшим счётом.",
        ),
    },
)
OPENING_THRESHOLD = OptionSpec(
    "opening_threshold",
    Whole(0, 100, Text("0 (off) or 13", "0 (выключено) или 13")),
    Text("Opening the score", "Открытие счёта"),
    _MATCH,
    _opening,
)

SPECS: tuple[OptionSpec, ...] = (
    PLAYERS,
    TEAMS,
    HAND_SIZE,
    REDEAL,
    FIRST_LEAD,
    FIRST_TILE,
    NEXT_LEAD,
    BLOCKED_NEXT_LEAD,
    LAYOUT,
    MULTIPLE_DOUBLES,
    BRANCH_BLOCKING,
    BONEYARD,
    DRAW_RULE,
    RESERVE,
    MUST_PLAY_DRAWN,
    BLOCK_WITH_BONEYARD,
    BLOCKED_SCORING,
    BLOCKED_TIE,
    SCORING,
    BLANK_DOUBLE_VALUE,
    LONE_BLANK_DOUBLE,
    MIN_PENALTY,
    CAPICU_BONUS,
    FIVES_SCORING,
    FIVES_CLAIM,
    TARGET,
    MATCH_GOAL,
    OPENING_THRESHOLD,
)
"""Every option, in the rule sheet's order."""

SECTIONS: tuple[tuple[Text, tuple[str, ...]], ...] = tuple(
    (heading, tuple(spec.name for spec in SPECS if spec.section is heading))
    for heading in dict.fromkeys(spec.section for spec in SPECS)
)
"""Section headings and the options each one explains, in order (read off ``SPECS``)."""
