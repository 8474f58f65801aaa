"""Mining puzzles: strong bots play whole hands, and every decision with a real choice is put to the proof.

Game ``g`` of a run is dealt and played from a random source named by the
table, the seed and ``g`` alone, so the same command with the same seed
gives the same puzzles, in the same order, however many processes share the
games. In each game the decisions are tried in order (the seat to move,
from its own view) and the first one ``proof.prove`` accepts becomes the
game's puzzle; one puzzle per game keeps the set varied.

A puzzle's starting rating is the rating a 1500 learner would have an even
chance against, read from how often three simple players find its answer:
a guess among the distinct moves, the heaviest tile (the greedy bot), and a
quick look (the strong bot on a small budget, eight times). The ratings then
follow the learners' real attempts (``glicko``).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace

from tutorial_app.puzzles.model import Puzzle, RankedMove, Refutation, move_key
from tutorial_app.puzzles.positions import is_first_hand, position_data, rules_spec
from tutorial_app.puzzles.proof import Deal, Proof, Rejection, engine_reason, prove, real_choices
from tutorial_app.puzzles.refute import refutation
from tutorial_app.puzzles.themes import theme_of
from tutorial_app.puzzles.words import worked_explanation
from tutorial_app.rules.game import AnyGame
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.game import LINE
from tutorial_app.rules.line.moves import apply_unchecked, legal_moves
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.simulate import choose_greedy
from tutorial_app.rules.line.state import HandState, Move, Status
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.rules.tiles import ALL_TILES
from tutorial_app.strategy.analysis import analyse
from tutorial_app.strategy.bots import StrongBot
from tutorial_app.strategy.opponents import BOT_MODEL
from tutorial_app.strategy.view import view_of

__all__ = [
    "MINED_GAMES",
    "QUICK_LOOK_PLAYOUTS",
    "QUICK_LOOKS",
    "MAX_GAMES_PER_PUZZLE",
    "MineStats",
    "Mined",
    "table_name",
    "mine_game",
    "puzzle_id",
    "game_start",
    "played_game",
    "mine",
    "starting_rating",
    "engine_fingerprint",
    "MINING_MODEL",
    "MINING_BOT",
]

MINED_GAMES: tuple[AnyGame, ...] = (LINE,)
"""The games puzzles are mined from (a position, its proof and its words are a line game's)."""
QUICK_LOOK_PLAYOUTS = 8
QUICK_LOOKS = 8
MAX_GAMES_PER_PUZZLE = 200
"""A run gives up when this many games in a row (times the puzzles asked for) yield nothing: rules whose
positions never pass the proof must not mine for ever."""
_BLOCK = 8


@dataclass
class MineStats:
    """What a run looked at: ``games`` played, ``candidates`` (decisions with a real choice) put to the proof,
    ``kept`` puzzles, the other candidates by why they were turned down, and the CPU seconds spent."""

    games: int = 0
    candidates: int = 0
    kept: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    cpu_seconds: float = 0.0

    def add(self, other: MineStats) -> None:
        self.games += other.games
        self.candidates += other.candidates
        self.kept += other.kept
        self.rejected.update(other.rejected)
        self.cpu_seconds += other.cpu_seconds

    @property
    def kept_share(self) -> float:
        return self.kept / self.candidates if self.candidates else 0.0

    @property
    def per_cpu_minute(self) -> float:
        return 60.0 * self.kept / self.cpu_seconds if self.cpu_seconds else 0.0

    def as_dict(self) -> dict[str, object]:
        return {
            "games": self.games,
            "candidates": self.candidates,
            "kept": self.kept,
            "kept_share": round(self.kept_share, 4),
            "rejected": dict(sorted(self.rejected.items())),
            "cpu_seconds": round(self.cpu_seconds, 2),
            "per_cpu_minute": round(self.per_cpu_minute, 2),
        }


@dataclass(frozen=True)
class Mined:
    """A run's puzzles in game order, and its statistics."""

    puzzles: tuple[Puzzle, ...]
    stats: MineStats


def table_name(rules: HouseRules) -> str:
    """The table a puzzle comes from, as ids and file names spell it: ``block-2``, ``block-4-pairs``."""
    return f"{rules_spec(rules).preset}-{rules.players}" + ("-pairs" if rules.in_pairs else "")


def _game_rng(rules: HouseRules, seed: int, game: int) -> random.Random:
    return random.Random(f"puzzles/{table_name(rules)}/{seed}/{game}")


def game_start(rules: HouseRules, seed: int, game: int) -> HandState:
    """The deal of game ``game`` of the run with ``seed`` (the hand as it starts, before the strong bots play it)."""
    return deal(rules, _game_rng(rules, seed, game)).state


MINING_MODEL = replace(BOT_MODEL, sharp=False)
"""How the miner's strong bots read the others' choices: as the strong bots did when the shipped set was mined,
without the sharp reading of a heaviest-tile player (``OpponentModel.sharp``).

The miner's bots also solve a fixed number of deals (``StrongBot(max_deals=None)``), as they did then, not
more while a decision is close as the Play bots do since.

Why pinned: that reading and those extra deals make other choices, so the bots would play other games and the
shipped files would no longer be what their headers' commands print. The games are only where candidate
positions come from; every puzzle is proved from scratch (``proof.prove``), whichever bot played the game to it.
"""
MINING_BOT = StrongBot(model=MINING_MODEL, max_deals=None)
"""The strong bot pinned so (``MINING_MODEL``): it plays the games; on a small budget it takes the quick look."""


def played_game(rules: HouseRules, seed: int, game: int) -> tuple[HandState, list[Move]]:
    """Game ``game`` of the run with ``seed`` as the strong bots play it: its start and its moves."""
    return _play(rules, _game_rng(rules, seed, game))


def _play(rules: HouseRules, rng: random.Random) -> tuple[HandState, list[Move]]:
    """A hand dealt and played to its end by strong bots at every seat: its start and its moves."""
    start = deal(rules, rng).state
    bot = MINING_BOT
    state, moves = start, []
    while state.status is Status.IN_PLAY:
        move = bot(state, rng)
        moves.append(move)
        state = apply_unchecked(state, move)
    return start, moves


def _quick_share(state: HandState, answers: set[str], puzzle_id: str) -> float:
    """How often the strong bot on a small budget finds an answer from the mover's view."""
    bot = replace(MINING_BOT, playouts=QUICK_LOOK_PLAYOUTS)
    found = 0
    for look in range(QUICK_LOOKS):
        if move_key(bot(state, random.Random(f"{puzzle_id}/look/{look}"))) in answers:
            found += 1
    return found / QUICK_LOOKS


def starting_rating(choices: int, greedy_right: bool, quick_share: float) -> float:
    """The rating at which a 1500 learner has the chance ``p`` the three simple players average to solve it:
    ``1500 + 400 log10((1 - p) / p)``, ``p`` kept within 5-95 %."""
    p = (1.0 / choices + (1.0 if greedy_right else 0.0) + quick_share) / 3.0
    p = min(0.95, max(0.05, p))
    return 1500.0 + 400.0 * math.log10((1.0 - p) / p)


def _ranked(proof: Proof) -> tuple[RankedMove, ...]:
    out = []
    for index, value in enumerate(proof.ranked):
        exact_win, exact_points = proof.exact_mean(index)
        out.append(RankedMove(move_key(value.move), value.win, value.points, exact_win, exact_points))
    return tuple(out)


def _refutations(proof: Proof, actual: Deal) -> tuple[Refutation, ...]:
    out = []
    for index in range(1, len(proof.ranked)):
        line = refutation(proof, index, actual)
        out.append(
            Refutation(
                move_key(proof.ranked[index].move),
                tuple(tuple(str(t) for t in ALL_TILES if t.bit & mask) for mask in line.deal.hands),
                tuple(str(t) for t in line.deal.boneyard),
                tuple(m.as_dict() for m in line.moves),
            )
        )
    return tuple(out)


def _puzzle(proof: Proof, state: HandState, start: HandState, moves: list[Move], puzzle_id: str) -> Puzzle:
    """The puzzle of a proved position (``state``, reached from ``start`` by ``moves``)."""
    rules = state.rules
    reason = engine_reason(proof)
    answers = {move_key(m) for m in proof.answers()}
    greedy_right = move_key(choose_greedy(legal_moves(state))) in answers
    actual = Deal(state.hands, tuple(sorted(state.boneyard, key=lambda t: t.index)))
    return Puzzle(
        id=puzzle_id,
        preset=rules_spec(rules).preset,
        players=rules.players,
        pairs=rules.in_pairs,
        position=position_data(start, moves),
        seat=state.to_move,
        answers=tuple(sorted(answers)),
        ranked=_ranked(proof),
        points_first=proof.points_first,
        playouts=proof.analysis.playouts,
        deals=len(proof.deals),
        lead=proof.playout_lead[0],
        lead_ci=proof.playout_lead[1],
        exact_lead=proof.exact_lead,
        theme=theme_of(reason, proof.view.state, proof.best, proof.analysis.knowledge),
        fact=reason.fact,
        explanation=worked_explanation(proof, reason),
        refutations=_refutations(proof, actual),
        rating=starting_rating(len(proof.ranked), greedy_right, _quick_share(state, answers, puzzle_id)),
    )


def engine_fingerprint() -> str:
    """A short name for what the engine the miner runs on does: a hash of a fixed block hand played by the strong
    bots (2 players) and of the playouts' figures for the first move of a fixed hand in pairs.

    Why: a puzzle file is exactly what its header's command printed on the
    engine it was mined with; another rollout policy or bot plays other hands
    and other figures. The file's header keeps this name, so a test can tell
    "this engine mines that file again" from "this engine is another one"
    (then only the proofs are checked again, not the file's every figure).
    """
    rng = random.Random("puzzles/engine")
    _start, moves = _play(rules_for("block", 2), rng)
    pairs = deal(rules_for("block", 4, {"teams": "pairs"}), rng).state
    analysis = analyse(view_of(pairs, [], pairs.to_move), playouts=200, seed=1)
    record = {"hand": [m.as_dict() for m in moves], "pairs": [v.as_dict() for v in analysis.moves]}
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]


def mine_game(rules: HouseRules, seed: int, game: int, endgame: bool = False) -> tuple[Puzzle | None, MineStats]:
    """Game ``game`` of the run with ``seed``: its puzzle (None if no decision passed the proof) and what it took.

    The hand's decisions are tried from its first (``endgame`` False) or from its last back (True: the last
    tiles, where keeping the right one and reading the passes decide; such puzzles' ids say ``-end``).
    """
    started = time.process_time()
    stats = MineStats(games=1)
    start, moves = played_game(rules, seed, game)
    states = [start]
    for move in moves:
        states.append(apply_unchecked(states[-1], move))
    order = range(len(moves) - 1, -1, -1) if endgame else range(len(moves))
    first_hand = is_first_hand(start)
    found: Puzzle | None = None
    for index in order:
        state = states[index]
        if len(real_choices(state)) >= 2:
            stats.candidates += 1
            proof = prove(start, state, state.to_move, first_hand)
            if isinstance(proof, Rejection):
                stats.rejected[proof.kind] += 1
            else:
                stats.kept = 1
                found = _puzzle(proof, state, start, moves[:index], puzzle_id(rules, seed, game, endgame))
                break
    stats.cpu_seconds = time.process_time() - started
    return found, stats


def puzzle_id(rules: HouseRules, seed: int, game: int, endgame: bool = False) -> str:
    """The id of game ``game``'s puzzle in the run with ``seed``: ``block-2-s1-g0``, ``block-2-end-s2-g0``."""
    return f"{table_name(rules)}{'-end' if endgame else ''}-s{seed}-g{game}"


def _mine_block(job: tuple[HouseRules, int, int, int, bool]) -> list[tuple[Puzzle | None, MineStats]]:
    rules, seed, first, count, endgame = job
    return [mine_game(rules, seed, game, endgame) for game in range(first, first + count)]


def _blocks(rules: HouseRules, seed: int, jobs: int, endgame: bool) -> Iterator[list[tuple[Puzzle | None, MineStats]]]:
    """Games in blocks, in game order (in parallel when ``jobs`` > 1; the order never depends on it)."""
    first = 0
    if jobs <= 1:
        while True:
            yield _mine_block((rules, seed, first, _BLOCK, endgame))
            first += _BLOCK
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        while True:
            batch = [(rules, seed, first + i * _BLOCK, _BLOCK, endgame) for i in range(jobs)]
            first += jobs * _BLOCK
            yield from pool.map(_mine_block, batch)


def mine(
    rules: HouseRules,
    count: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    endgame: bool = False,
) -> Mined:
    """The first ``count`` puzzles of the run with ``seed`` (fewer if the rules yield none for too long).

    The figures count the games up to the last one the run needed, but the CPU seconds are those of every game
    mined in the blocks read (the rest of the last block too): games are mined ``_BLOCK`` at a time, and a
    count of one puzzle found in a block's first game still cost the whole block.
    """
    puzzles: list[Puzzle] = []
    stats = MineStats()
    barren = 0
    spent = 0.0
    for block in _blocks(rules, seed, jobs, endgame):
        spent += sum(game_stats.cpu_seconds for _puzzle, game_stats in block)
        for puzzle, game_stats in block:
            stats.add(game_stats)
            barren = 0 if puzzle is not None else barren + 1
            if puzzle is not None:
                puzzles.append(puzzle)
                if progress is not None:
                    progress(len(puzzles), count)
            if len(puzzles) >= count or barren >= MAX_GAMES_PER_PUZZLE:
                stats.kept = len(puzzles)
                stats.cpu_seconds = spent  # every game mined, not only those counted above
                return Mined(tuple(puzzles), stats)
    raise AssertionError("unreachable: the blocks never end")
