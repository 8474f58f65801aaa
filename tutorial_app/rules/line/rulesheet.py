"""Rule sheets in plain words: any house rules, in English and Russian.

Why generated from the options: a preset with a club's overrides is just
another ``HouseRules``, so the sheet, the comparison page's "what differs"
and the glossary all speak from the same sentences, one per option value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from tutorial_app.language import en_count, ru_count
from tutorial_app.rules.line.options import OPTION_NAMES, HouseRules, Teams
from tutorial_app.rules.line.variants import find_variant
from tutorial_app.rules.text import Text
from tutorial_app.rules.tiles import ALL_TILES

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


def _points(n: int) -> Text:
    return Text(en_count(n, "point", "points"), ru_count(n, "очко", "очка", "очков"))


# -- one sentence per option value -------------------------------------------------


def _players(n: object) -> Text:
    count = int(str(n))
    return Text(f"The game is for {count} players.", f"Играют {ru_count(count, 'игрок', 'игрока', 'игроков')}.")


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
        "what it wins before that are draft points, and they never count.",
        f"Счёт стороны открывается, только когда она выиграет раздачу на {_points(count).ru} или больше; "
        "всё, что набрано до этого, — черновые очки, они в счёт не идут.",
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
        f"Игра идёт до {ru_count(int(str(n)), 'очка', 'очков', 'очков')}.",
    )


_Sentence = Text | Callable[[object], Text]

_SENTENCES: dict[str, dict[str, _Sentence] | Callable[[object], Text]] = {
    "players": _players,
    "teams": {
        "none": Text("Everyone plays for themselves.", "Каждый играет сам за себя."),
        "pairs": Text(
            "Four players form two pairs: seats 0 and 2 against seats 1 and 3; partners' tiles count together.",
            "Четверо играют парами: места 0 и 2 против мест 1 и 3; кости партнёров считаются вместе.",
        ),
    },
    "hand_size": _hand_size,
    "redeal": {
        "none": Text(
            "A deal stands as dealt, unless nobody holds the tile the first-lead rule needs.",
            "Раздача остаётся в силе; пересдают, только когда ни у кого нет кости, нужной для первого хода.",
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
    "boneyard": {
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
    "draw_rule": {
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
    "reserve": _reserve,
    "block_with_boneyard": {
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
    "must_play_drawn": {
        "true": Text(
            "The tile that ends a draw must be played at once.",
            "Кость, на которой закончился добор, нужно сразу поставить.",
        ),
        "false": Text(
            "After drawing, you may play any tile that fits, not only the one you drew.",
            "После добора можно сходить любой подходящей костью, не только взятой.",
        ),
    },
    "first_lead": {
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
    },
    "first_tile": {
        "determining": Text(
            "The first lead must be the very tile that decided who leads.",
            "Первым ходом выкладывают ту самую кость, по которой определили заходящего.",
        ),
        "any": Text("The first leader may lead any tile.", "Заходящий может начать с любой кости."),
    },
    "next_lead": {
        "winner": Text(
            "After a hand that someone wins, the winner leads the next one with any tile.",
            "После выигранной раздачи следующую начинает победитель, любой костью.",
        ),
        "first_lead_rule": Text(
            "Every hand's leader is found again by the first-lead rule.",
            "Заходящего в каждой раздаче определяют заново, по правилу первого хода.",
        ),
    },
    "blocked_next_lead": {
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
    "layout": {
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
    "multiple_doubles": {
        "true": Text(
            "In one turn you may lay several doubles one after another, each where it fits, "
            "and then one ordinary tile.",
            "За один ход можно выложить несколько дублей подряд, каждый туда, где он подходит, "
            "а затем ещё одну обычную кость.",
        ),
        "false": Text("One tile is laid per turn.", "За ход кладут одну кость."),
    },
    "branch_blocking": {
        "true": Text(
            "A double may be laid face down to close its arm: nothing can be attached to it any more.",
            "Дубль можно положить рубашкой вверх и закрыть ветку: к нему больше ничего не приставить.",
        ),
        "false": Text(
            "Every tile is laid face up; no arm can be closed on purpose.",
            "Все кости кладут лицом вверх; закрыть ветку нарочно нельзя.",
        ),
    },
    "scoring": {
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
    "blocked_scoring": {
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
    "blocked_tie": {
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
    "blank_double_value": _blank_double,
    "opening_threshold": _opening,
    "capicu_bonus": _capicu,
    "fives_scoring": {
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
    "fives_claim": {
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
    "lone_blank_double": _lone_blank,
    "min_penalty": _min_penalty,
    "target": _target,
    "match_goal": {
        "reach_target_wins": Text(
            "The first side to reach the target wins the match.",
            "Первая сторона, набравшая нужное число очков, выигрывает игру.",
        ),
        "reach_target_loses": Text(
            "When a side reaches the target, the match ends: that side loses, and the side with the fewest "
            "points wins.",
            "Когда сторона набирает нужное число очков, игра кончается: эта сторона проиграла, "
            "а выигрывает сторона с наименьшим счётом.",
        ),
    },
}

OPTION_LABELS: dict[str, Text] = {
    "players": Text("Players", "Игроки"),
    "teams": Text("Teams", "Команды"),
    "hand_size": Text("Tiles per hand", "Костей на руку"),
    "redeal": Text("Redeal", "Пересдача"),
    "boneyard": Text("Boneyard", "Базар"),
    "draw_rule": Text("How to draw", "Как брать с базара"),
    "reserve": Text("Reserve", "Резерв"),
    "block_with_boneyard": Text("A fish with a boneyard", "Рыба при базаре"),
    "must_play_drawn": Text("Playing the drawn tile", "Ход взятой костью"),
    "first_lead": Text("First lead", "Первый заход"),
    "first_tile": Text("First tile", "Первая кость"),
    "next_lead": Text("Next lead", "Следующий заход"),
    "blocked_next_lead": Text("Lead after a fish", "Заход после рыбы"),
    "layout": Text("Layout", "Раскладка"),
    "multiple_doubles": Text("Several doubles a turn", "Несколько дублей за ход"),
    "branch_blocking": Text("Closing an arm", "Закрытие ветки"),
    "scoring": Text("Scoring", "Подсчёт очков"),
    "blocked_scoring": Text("Scoring a fish", "Подсчёт рыбы"),
    "blocked_tie": Text("Tied fish", "Рыба поровну"),
    "blank_double_value": Text("Value of 0-0", "Стоимость 0-0"),
    "opening_threshold": Text("Opening the score", "Открытие счёта"),
    "capicu_bonus": Text("Capicú bonus", "Бонус за капику"),
    "fives_scoring": Text("Multiples of 5", "Кратные пяти"),
    "fives_claim": Text("Announcing fives", "Объявление пятёрок"),
    "lone_blank_double": Text("A lone 0-0", "Одинокий 0-0"),
    "min_penalty": Text("Smallest penalty", "Наименьший штраф"),
    "target": Text("Target", "До скольких очков"),
    "match_goal": Text("Match goal", "Цель игры"),
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
        return Text("A deal stands as dealt.", "Раздача остаётся в силе, как сдали.")
    return None


def _first_lead_in_context(value: object, rules: HouseRules) -> Text | None:
    if value == "double_six_must" and _all_dealt(rules):
        return Text(
            "The holder of 6-6 leads the first hand with it (all 28 tiles are dealt, so someone has it).",
            "Первую раздачу начинает владелец 6-6, с него же (все 28 костей розданы, так что 6-6 у кого-то есть).",
        )
    if value == "donkey" and not _all_dealt(rules):
        base = _sentence("first_lead", value)
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
    if value == "winner_takes_all_hands" and rules.teams is Teams.NONE:
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


_IN_CONTEXT: dict[str, Callable[[object, HouseRules], Text | None]] = {
    "redeal": _redeal_in_context,
    "blocked_scoring": _blocked_scoring_in_context,
    "first_lead": _first_lead_in_context,
    "boneyard": _boneyard_in_context,
    "scoring": _scoring_in_context,
}


def _value_key(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def describe_option(name: str, value: object, lang: str = "en", rules: HouseRules | None = None) -> str:
    """One plain sentence for an option's value (``ValueError`` for an unknown option or value).

    With ``rules`` (the whole rule set the value belongs to) the sentence
    leaves out clauses that cannot apply there.
    """
    return option_sentence(name, value, rules).in_(lang)


def option_sentence(name: str, value: object, rules: HouseRules | None = None) -> Text:
    """``describe_option`` in both languages."""
    in_context = _IN_CONTEXT.get(name)
    if rules is not None and in_context is not None:
        found = in_context(_value_key(value), rules)
        if found is not None:
            return found
    return _sentence(name, value)


def _sentence(name: str, value: object) -> Text:
    if name not in _SENTENCES:
        raise ValueError(f"unknown option {name!r}; the options are: {', '.join(OPTION_NAMES)}")
    entry = _SENTENCES[name]
    if callable(entry):
        return entry(value)
    found = entry.get(_value_key(value))
    if found is None:
        raise ValueError(f"option {name}: no description for {value!r}; the values are: {', '.join(entry)}")
    return found(value) if callable(found) else found


# -- the sheet ----------------------------------------------------------------------


class SheetLine(NamedTuple):
    """One line of a rule sheet: the option it comes from and its sentence."""

    option: str
    text: str
    house_rule: bool
    """True when the value differs from the preset's own (a club's override)."""


class SheetSection(NamedTuple):
    """A heading and its lines."""

    heading: str
    lines: tuple[SheetLine, ...]


SECTIONS: tuple[tuple[Text, tuple[str, ...]], ...] = (
    (Text("Players and the deal", "Игроки и раздача"), ("players", "teams", "hand_size", "redeal")),
    (Text("Who leads", "Кто заходит"), ("first_lead", "first_tile", "next_lead", "blocked_next_lead")),
    (
        Text("Moves and drawing", "Ходы и базар"),
        ("layout", "multiple_doubles", "branch_blocking", "boneyard", "draw_rule", "reserve", "must_play_drawn"),
    ),
    (Text("End of the hand", "Конец раздачи"), ("block_with_boneyard", "blocked_scoring", "blocked_tie")),
    (
        Text("Scoring", "Очки"),
        (
            "scoring",
            "blank_double_value",
            "lone_blank_double",
            "min_penalty",
            "capicu_bonus",
            "fives_scoring",
            "fives_claim",
        ),
    ),
    (Text("The match", "Вся игра"), ("target", "match_goal", "opening_threshold")),
)
"""Section headings and the options each one explains, in order."""


def _applies(rules: HouseRules, name: str) -> bool:
    """Whether an option matters under these rules (a sheet leaves out the ones that cannot)."""
    if name in ("draw_rule", "reserve", "block_with_boneyard"):
        return rules.has_boneyard
    if name == "must_play_drawn":
        # Drawing one at a time stops at the first tile that fits, and nothing else fitted before,
        # so "any tile that fits" can only differ from "the drawn tile" when tiles come in pairs
        # (which the engine never restricts to the drawn tile).
        return rules.has_boneyard and rules.must_play_drawn is not rules.pairs_draw
    if name == "blocked_tie":
        return rules.blocked_scoring.value != "goat_block"
    if name == "teams":
        return rules.players == 4
    if name in ("multiple_doubles", "branch_blocking"):
        return rules.spinner_layout or bool(getattr(rules, name))
    if name == "capicu_bonus":
        # in goat the winner writes nothing, so a bonus would have nowhere to go
        return not rules.spinner_layout and not rules.is_penalty_scoring
    if name == "fives_claim":
        return rules.fives_scoring
    if name == "min_penalty":
        return rules.is_penalty_scoring
    if name == "lone_blank_double":
        return rules.is_penalty_scoring or rules.lone_blank_double != 0
    return True


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
