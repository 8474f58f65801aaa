"""The best move on a refutation's own deal: how the hand ends after the wrong move and after the best, and the
difference from the learner's side, with the arithmetic.

A refutation (``refute``) shows one deal the learner's view allows, the wrong
move played on it with every seat at its best. "You lose 12 here" only judges;
the comparison says what the best move would have made of the same tiles. Both
moves are played on by ``refute.played_on``, the miner's own way of playing a
line (so the wrong move's line is the one shown, move for move), to the hand's
end, and both ends are scored by the rules core (``hand_result``).

Why to the hand's end even where the line shown stops sooner (``MAX_LINE``):
a hand's result is only known at its end. Why the line's result and not the
exact search's value: in a draw game the search averages over the boneyard's
order, the line draws the tiles as they lie, and the learner reads the line.
"""

from __future__ import annotations

from typing import NamedTuple

from tutorial_app.lessons.quiz.strategy import move_text
from tutorial_app.puzzles.model import Puzzle, Refutation, move_key
from tutorial_app.puzzles.refute import played_on, side_net
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.scoring import HandResult, hand_result
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.line.who import side_who
from tutorial_app.rules.line.worked_end import explain_hand_end
from tutorial_app.rules.text import Text, joined, listed, msg, msgn

__all__ = ["SameDeal", "same_deal"]


class SameDeal(NamedTuple):
    """The wrong and the best move played on one deal to the hand's end (``wrong_end``, ``best_end``), seen from
    ``seat``; ``position`` is the puzzle's position (the moves are named from it); ``shown_to_end``: the wrong
    move's line as the page shows it already reaches the end."""

    position: HandState
    seat: int
    wrong: Move
    best: Move
    wrong_end: HandState
    best_end: HandState
    shown_to_end: bool

    @property
    def wrong_net(self) -> float:
        return side_net(self.wrong_end, self.seat)

    @property
    def best_net(self) -> float:
        return side_net(self.best_end, self.seat)

    @property
    def difference(self) -> float:
        """What the best move gains over the wrong one on this deal, in the learner's side's net points."""
        return self.best_net - self.wrong_net

    def text(self) -> Text:
        """Both hands' ends and the difference, as the learner reads them after the line."""
        played = move_text(move_key(self.wrong), self.position)
        best = move_text(move_key(self.best), self.position)
        wrong_outcome = _outcome(self.wrong_end, self.seat)
        if self.shown_to_end:
            wrong_said = msg("So after {played}, {outcome}.", played=played, outcome=wrong_outcome)
        else:
            wrong_said = joined(
                [
                    msg(
                        "Played on past the moves shown, to the hand's end: after {played}, {outcome}.",
                        played=played,
                        outcome=wrong_outcome,
                    ),
                    explain_hand_end(self.wrong_end, self.seat).how,
                ]
            )
        best_said = msg(
            "On this same deal, after the best move, {best}, each side again playing its best, {outcome}.",
            best=best,
            outcome=_outcome(self.best_end, self.seat),
        )
        return joined(
            [wrong_said, best_said, explain_hand_end(self.best_end, self.seat).how, self._difference_said(played)]
        )

    def _difference_said(self, played: Text) -> Text:
        rules = self.position.rules
        who = side_who(rules, rules.side_of(self.seat), self.seat)
        best_net = _net_worked(self.best_end, self.seat)
        wrong_net = _net_worked(self.wrong_end, self.seat)
        difference = self.difference
        if difference > 0:
            worked = f"{_number(self.best_net)} − {_bracketed(self.wrong_net)} = {_number(difference)}"
            n = round(difference)
            return who.pick(
                msgn(
                    "For you: {best_net} instead of {wrong_net}, so the best move is worth {worked} point more on "
                    "this deal.",
                    "For you: {best_net} instead of {wrong_net}, so the best move is worth {worked} points more on "
                    "this deal.",
                    n,
                    best_net=best_net,
                    wrong_net=wrong_net,
                    worked=worked,
                ),
                msgn(
                    "For {who}: {best_net} instead of {wrong_net}, so the best move is worth {worked} point more on "
                    "this deal.",
                    "For {who}: {best_net} instead of {wrong_net}, so the best move is worth {worked} points more on "
                    "this deal.",
                    n,
                    who=who.name,
                    best_net=best_net,
                    wrong_net=wrong_net,
                    worked=worked,
                ),
            )
        if difference == 0:
            return who.pick(
                msg("For you: {net} after either move; on this deal the two come to the same.", net=best_net),
                msg(
                    "For {who}: {net} after either move; on this deal the two come to the same.",
                    who=who.name,
                    net=best_net,
                ),
            )
        # a draw game: the line draws the boneyard's tiles as they lie, and they may favour the wrong move; the
        # miner takes a deal where they do not whenever the proof has one (refute._chosen_deal)
        worked = f"{_number(self.wrong_net)} − {_bracketed(self.best_net)} = {_number(-difference)}"
        n = round(-difference)
        return who.pick(
            msgn(
                "For you: {best_net} instead of {wrong_net}: on this deal {played} happens to come out {worked} "
                "point ahead. The best move is the best on average over every way the hidden tiles may lie, not on each one.",
                "For you: {best_net} instead of {wrong_net}: on this deal {played} happens to come out {worked} "
                "points ahead. The best move is the best on average over every way the hidden tiles may lie, not on each one.",
                n,
                best_net=best_net,
                wrong_net=wrong_net,
                played=played,
                worked=worked,
            ),
            msgn(
                "For {who}: {best_net} instead of {wrong_net}: on this deal {played} happens to come out {worked} "
                "point ahead. The best move is the best on average over every way the hidden tiles may lie, not on each one.",
                "For {who}: {best_net} instead of {wrong_net}: on this deal {played} happens to come out {worked} "
                "points ahead. The best move is the best on average over every way the hidden tiles may lie, not on each one.",
                n,
                who=who.name,
                best_net=best_net,
                wrong_net=wrong_net,
                played=played,
                worked=worked,
            ),
        )


def same_deal(puzzle: Puzzle, refutation: Refutation) -> SameDeal | None:
    """The wrong move of ``refutation`` and the puzzle's best move played on the refutation's deal to the hand's
    end (None where exact play cannot reach the end: a position beyond the node limit)."""
    position = puzzle.read().state
    dealt = refutation.on(position)
    wrong_line = refutation.moves()
    best = next((m for m in legal_moves(dealt) if move_key(m) == puzzle.best), None)
    if best is None:
        return None
    wrong_end = _played(dealt, wrong_line)
    shown_to_end = wrong_end.is_over
    if not shown_to_end:
        wrong_end = _played(wrong_end, played_on(wrong_end))
    after_best = apply(dealt, best)
    best_end = _played(after_best, played_on(after_best))
    if not (wrong_end.is_over and best_end.is_over):
        return None
    return SameDeal(position, puzzle.seat, wrong_line[0], best, wrong_end, best_end, shown_to_end)


def _played(state: HandState, moves: tuple[Move, ...]) -> HandState:
    for move in moves:
        state = apply(state, move)
    return state


def _totals(result: HandResult, rules: HouseRules) -> list[int]:
    return [result.total(side) for side in range(rules.sides)]


def _outcome(end: HandState, seat: int) -> Text:
    """Who wins the hand and what each side writes: "your pair (0 + 2) wins the hand and writes 13"."""
    rules = end.rules
    result = hand_result(end)
    totals = _totals(result, rules)
    side = rules.side_of(seat)
    writers = [s for s in (side, *(s for s in range(rules.sides) if s != side)) if totals[s]]
    winner = None if result.tie or not result.winner_sides else result.winner_sides[0]
    if winner is not None and writers == [winner] and not rules.is_penalty_scoring:
        who = side_who(rules, winner, seat)
        points = totals[winner]
        return who.pick(
            msg("you win the hand and write {points}", points=points),
            msg("{who} wins the hand and writes {points}", who=who.name, points=points),
        )
    if winner is None:
        won = msg("nobody wins the hand")
    else:
        who = side_who(rules, winner, seat)
        won = who.pick(msg("you win the hand"), msg("{who} wins the hand", who=who.name))
    if not writers:
        return joined([won, msg("nobody writes anything")], "; ")
    return joined([won, listed(_writes(rules, s, totals[s], seat) for s in writers)], "; ")


def _writes(rules: HouseRules, side: int, points: int, seat: int) -> Text:
    who = side_who(rules, side, seat)
    if rules.is_penalty_scoring:
        return who.pick(
            msgn("you write {n} penalty point", "you write {n} penalty points", points),
            msgn("{who} writes {n} penalty point", "{who} writes {n} penalty points", points, who=who.name),
        )
    return who.pick(
        msg("you write {points}", points=points),
        msg("{who} writes {points}", who=who.name, points=points),
    )


def _net_worked(end: HandState, seat: int) -> str:
    """The side's net with its arithmetic where there is some (both sides wrote something, or the others are
    averaged): ``40 − 15 = +25``, ``0 − (21 + 0) / 2 = −10.5``; else only the net, ``−16``."""
    rules = end.rules
    totals = _totals(hand_result(end), rules)
    side = rules.side_of(seat)
    others = [totals[s] for s in range(rules.sides) if s != side]
    net = _signed(side_net(end, seat))
    if len(others) == 1 and not (totals[side] and others[0]):
        return net
    theirs = str(others[0]) if len(others) == 1 else f"({' + '.join(str(o) for o in others)}) / {len(others)}"
    if rules.is_penalty_scoring:
        return f"{theirs} − {totals[side]} = {net}"
    return f"{totals[side]} − {theirs} = {net}"


def _number(value: float) -> str:
    """A number as the worked sums write it: a whole number plain, else one decimal; a true minus sign."""
    text = str(round(value)) if value == round(value) else f"{value:.1f}"
    return text.replace("-", "−")


def _signed(value: float) -> str:
    return f"+{_number(value)}" if value > 0 else _number(value)


def _bracketed(value: float) -> str:
    return f"({_number(value)})" if value < 0 else _number(value)
