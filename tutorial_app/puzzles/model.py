"""A puzzle as stored: the position in the referee's notation, the answer, the figures, the theme and the words.

Everything a page needs to pose, judge and explain a puzzle is here, worked
out once when it was mined; the page only reads the position back
(``read_puzzle_position``) to draw it and to play a refutation line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutorial_app.puzzles.positions import Position, read_puzzle_position
from tutorial_app.puzzles.themes import Theme, read_theme
from tutorial_app.rules.line.notation import parse_move
from tutorial_app.rules.line.state import HandState, Move
from tutorial_app.rules.text import Text
from tutorial_app.rules.tiles import parse_tile

__all__ = ["RankedMove", "Refutation", "Puzzle", "move_key", "FORMAT"]

FORMAT = "domino-tutor-puzzles"


def move_key(move: Move) -> str:
    """A move as an answer is stored: ``"6-4 left"``, ``"3-3 right closed"`` (announced points left out)."""
    return str(move._replace(claim=None))


@dataclass(frozen=True)
class RankedMove:
    """One distinct move and what it is worth: in the playouts (``win``, ``points``) and averaged over every
    consistent deal solved exactly (``exact_win``, ``exact_points``)."""

    move: str
    win: float
    points: float
    exact_win: float
    exact_points: float

    def as_json(self) -> dict[str, object]:
        return {
            "move": self.move,
            "win": round(self.win, 4),
            "points": round(self.points, 2),
            "exact_win": round(self.exact_win, 4),
            "exact_points": round(self.exact_points, 2),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RankedMove:
        return cls(
            str(data["move"]),
            float(data["win"]),
            float(data["points"]),
            float(data["exact_win"]),
            float(data["exact_points"]),
        )


@dataclass(frozen=True)
class Refutation:
    """Why a wrong move loses: one consistent deal (every hand at the puzzle's position, the boneyard top first)
    and the line played on it, the wrong move first (referee notation)."""

    move: str
    hands: tuple[tuple[str, ...], ...]
    boneyard: tuple[str, ...]
    line: tuple[Mapping[str, Any], ...]

    def as_json(self) -> dict[str, object]:
        return {
            "move": self.move,
            "hands": [list(h) for h in self.hands],
            "boneyard": list(self.boneyard),
            "line": [dict(m) for m in self.line],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Refutation:
        return cls(
            str(data["move"]),
            tuple(tuple(str(t) for t in hand) for hand in data["hands"]),
            tuple(str(t) for t in data["boneyard"]),
            tuple(dict(m) for m in data["line"]),
        )

    def on(self, state: HandState) -> HandState:
        """The puzzle's position ``state`` with this deal's hidden tiles in place."""
        hands = tuple(sum(parse_tile(t).bit for t in hand) for hand in self.hands)
        return state._replace(hands=hands, boneyard=tuple(parse_tile(t) for t in self.boneyard))

    def moves(self) -> tuple[Move, ...]:
        return tuple(parse_move(m) for m in self.line)


@dataclass(frozen=True)
class Puzzle:
    """One mined puzzle (see the module's docstring).

    ``position`` is the hand from its deal to the puzzle's moment; ``seat``
    is the player to move there (the learner takes that seat); ``answers``
    every move that counts as right (the best and its twins); ``ranked`` the
    distinct moves, best first; ``lead`` the playouts' lead over the
    runner-up with its 95 % half-width, ``exact_lead`` the lead under exact
    play of all ``deals``; ``fact`` the engine's reason (``theme`` is read
    from it); ``rating`` the puzzle's starting rating.
    """

    id: str
    preset: str
    players: int
    pairs: bool
    position: Mapping[str, Any]
    seat: int
    answers: tuple[str, ...]
    ranked: tuple[RankedMove, ...]
    points_first: bool
    playouts: int
    deals: int
    lead: float
    lead_ci: float
    exact_lead: float
    theme: Theme
    fact: str
    explanation: Text
    refutations: tuple[Refutation, ...]
    rating: float
    _read: list[Position] = field(default_factory=list, compare=False, repr=False)

    @property
    def best(self) -> str:
        return self.ranked[0].move

    @property
    def config(self) -> str:
        """The table it comes from: ``block-2``, ``block-4-pairs``."""
        return f"{self.preset}-{self.players}" + ("-pairs" if self.pairs else "")

    def read(self) -> Position:
        """The position read back through the rules core (once per puzzle object)."""
        if not self._read:
            self._read.append(read_puzzle_position(self.position))
        return self._read[0]

    def is_answer(self, move: Move) -> bool:
        return move_key(move) in self.answers

    def refutation_of(self, move: Move) -> Refutation | None:
        """The line for a wrong move (None for a right one, or a move the puzzle has no line for)."""
        key = move_key(move)
        ranked = next((r for r in self.ranked if r.move == key), None)
        target = ranked.move if ranked is not None else key
        return next((r for r in self.refutations if r.move == target), None)

    def as_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "preset": self.preset,
            "players": self.players,
            "pairs": self.pairs,
            "position": dict(self.position),
            "seat": self.seat,
            "answers": list(self.answers),
            "ranked": [r.as_json() for r in self.ranked],
            "points_first": self.points_first,
            "playouts": self.playouts,
            "deals": self.deals,
            "lead": round(self.lead, 4),
            "lead_ci": round(self.lead_ci, 4),
            "exact_lead": round(self.exact_lead, 4),
            "theme": self.theme,
            "fact": self.fact,
            "explanation": self.explanation.to_json(),
            "refutations": [r.as_json() for r in self.refutations],
            "rating": round(self.rating),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Puzzle:
        return cls(
            id=str(data["id"]),
            preset=str(data["preset"]),
            players=int(data["players"]),
            pairs=bool(data["pairs"]),
            position=dict(data["position"]),
            seat=int(data["seat"]),
            answers=tuple(str(a) for a in data["answers"]),
            ranked=tuple(RankedMove.from_json(r) for r in data["ranked"]),
            points_first=bool(data["points_first"]),
            playouts=int(data["playouts"]),
            deals=int(data["deals"]),
            lead=float(data["lead"]),
            lead_ci=float(data["lead_ci"]),
            exact_lead=float(data["exact_lead"]),
            theme=read_theme(data["theme"]),
            fact=str(data["fact"]),
            explanation=Text.from_json(data["explanation"]),
            refutations=tuple(Refutation.from_json(r) for r in data["refutations"]),
            rating=float(data["rating"]),
        )
