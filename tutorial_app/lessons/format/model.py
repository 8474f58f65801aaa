"""The lesson format: what a lesson file may say, as pydantic models.

Why strict models (``extra="forbid"``): a misspelt key in a hand-written
lesson must be an error that points at the line, not a silently ignored
setting. The JSON Schema in ``lessons/lesson.schema.json`` is generated from
these models so an editor can complete keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    WithJsonSchema,
    model_validator,
)

from tutorial_app.lessons.format.quizzes import QUIZ_KINDS, kinds_about
from tutorial_app.rules.bot_names import BotName
from tutorial_app.rules.line.state import ACTION_MOVES, Action, End, Move, play
from tutorial_app.rules.text import RulesError, Text, msg, shown
from tutorial_app.rules.tien_gow.state import Action as TrickAction
from tutorial_app.rules.tien_gow.state import parse_move as parse_trick_move
from tutorial_app.rules.tiles import Tile, TileError, parse_tile

__all__ = [
    "TileValue",
    "LText",
    "MoveSpec",
    "TrickMoveText",
    "line_move",
    "Goal",
    "WrongMove",
    "ChainBend",
    "PositionSpec",
    "ExplainStep",
    "PlayStep",
    "QuizStep",
    "RememberStep",
    "CapstoneStep",
    "PositionStep",
    "Step",
    "Lesson",
    "QUIZ_KINDS",
    "GOAL_KEYS",
    "TRICK_GOAL_KEYS",
    "TRICK_QUIZ_KINDS",
    "Answer",
    "Claim",
    "CLAIM_KEYS",
    "SeatAfter",
    "SeatNumbers",
    "shows_every_hand",
]

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"


def _to_tile(value: object) -> Tile:
    try:
        return parse_tile(value)
    except TileError as exc:
        raise RulesError(exc.reason) from None


TileValue = Annotated[
    Tile,
    PlainValidator(_to_tile),
    PlainSerializer(str, return_type=str),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "pattern": r"^\s*[0-6]\s*[-/:|]\s*[0-6]\s*$", "examples": ["6-4"]},
                {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 0, "maximum": 6},
                    "minItems": 2,
                    "maxItems": 2,
                },
            ],
            "description": "a tile: 6-4, 6/4, 6:4 or [6, 4]",
        }
    ),
]
"""A tile as written in a lesson (``6-4``, ``6/4``, ``6:4`` or ``[6, 4]``), read into a ``Tile``."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class LText(_Strict):
    """A learner-facing text in every language of the course."""

    en: str = Field(min_length=1, description="English")
    ru: str = Field(min_length=1, description="Russian")
    uk: str = Field(min_length=1, description="Ukrainian")
    es: str = Field(min_length=1, description="Spanish")

    def text(self) -> Text:
        return Text(self.en, self.ru, self.uk, self.es)

    def in_(self, lang: str) -> str:
        """The text in ``lang`` (English for an unknown language)."""
        if lang == "ru":
            return self.ru
        if lang == "uk":
            return self.uk
        if lang == "es":
            return self.es
        return self.en


if TYPE_CHECKING:
    ActionName = str
    GoalAction = str
else:
    ActionName = Literal[tuple(action.value for action in Action)]
    """A move's ``action:``, a value of the engine's ``Action`` (pydantic checks it and lists it in the schema)."""
    GoalAction = Literal[tuple(dict.fromkeys((*ActionName.__args__, *(a.value for a in TrickAction))))]
    """A goal's ``action:``: a line game's or Tien Gow's (play face up, discard face down)."""


class MoveSpec(_Strict):
    """A move in the referee's notation: ``{tile: 6-4, end: left}`` or ``{action: draw}``."""

    tile: TileValue | None = None
    end: End | None = None
    action: ActionName | None = None
    closed: bool = False
    claim: int | None = Field(default=None, ge=0, description="points announced with the play (All Fives)")

    @model_validator(mode="after")
    def _tile_or_action(self) -> MoveSpec:
        if self.tile is None and self.action in (None, "play"):
            raise RulesError(msg("a move names a tile (like {{tile: 6-4, end: left}}) or an action (draw, pass)"))
        if self.tile is not None and self.action not in (None, "play"):
            raise RulesError(msg("a {action} names no tile: write {{action: {action}}}", action=self.action))
        return self

    def to_move(self) -> Move:
        """The engine's ``Move``."""
        if self.tile is not None:
            return play(self.tile, self.end or "lead", self.closed, self.claim)
        return ACTION_MOVES[self.action or "pass"]


def _trick_move(value: str) -> str:
    try:
        parse_trick_move(value)
    except RulesError as exc:
        raise RulesError(exc.reason) from None
    return " ".join(value.replace("+", " ").split())


TrickMoveText = Annotated[
    str,
    AfterValidator(_trick_move),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": r"^\s*(play|discard)\s+[1-6]",
            "examples": ["play 6-6 6-3", "discard 2-1"],
            "description": "a Tien Gow move: play (face up) or discard (face down) and the tiles",
        }
    ),
]
"""A Tien Gow move written as text: ``play 6-6 6-3`` (face up) or ``discard 2-1`` (face down)."""


def line_move(spec: MoveSpec | str) -> Move:
    """The line games' ``Move`` of a move spec; ValueError for a Tien Gow move written as text."""
    if isinstance(spec, str):
        raise RulesError(
            msg(
                "{move} is a Tien Gow move; here write a move like {{tile: 6-4, end: left}} or {{action: draw}}",
                move=shown(spec),
            )
        )
    return spec.to_move()


GOAL_KEYS = (
    "played",
    "on_end",
    "action",
    "ends_sum",
    "ends_sum_multiple_of",
    "went_out",
    "capicu",
    "blocked",
    "closed",
    "claimed_right",
    "any_legal",
    "all_of",
    "any_of",
    "not",
    "keeps",
    "set_size",
    "takes_trick",
    "wins_hand",
)
TRICK_GOAL_KEYS = frozenset(
    {"action", "played", "keeps", "set_size", "takes_trick", "wins_hand", "any_legal", "all_of", "any_of", "not"}
)
"""The goals a Tien Gow play step may use (``lessons/format/tien_gow_scene.py``); the others are the line games'."""


class Goal(_Strict):
    """What the learner's move must do: exactly one predicate, combined with all_of / any_of / not."""

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra={"minProperties": 1, "maxProperties": 1})

    played: TileValue | None = Field(default=None, description="the move plays this tile (face up)")
    on_end: End | None = Field(default=None, description="the move plays on this end")
    action: GoalAction | None = Field(
        default=None, description="the kind of move (Tien Gow: play face up or discard face down)"
    )
    ends_sum: int | None = Field(default=None, ge=0, description="after the move the open ends add up to this")
    ends_sum_multiple_of: int | None = Field(
        default=None, ge=1, description="after the move the open ends add up to a positive multiple of this"
    )
    went_out: bool | None = Field(default=None, description="the move plays the last tile in hand")
    capicu: bool | None = Field(default=None, description="the move goes out with a capicú")
    blocked: bool | None = Field(default=None, description="the move blocks the hand (makes the fish)")
    closed: bool | None = Field(default=None, description="the move lays a double face down, closing its arm (Donkey)")
    claimed_right: bool | None = Field(
        default=None, description="the play announces exactly the All Fives points it makes (none when it makes none)"
    )
    any_legal: bool | None = Field(default=None, description="any legal move will do")
    keeps: TileValue | None = Field(
        default=None, description="Tien Gow: after the move the mover still holds this tile"
    )
    set_size: int | None = Field(default=None, ge=1, le=4, description="Tien Gow: the move lays this many tiles")
    takes_trick: bool | None = Field(
        default=None, description="Tien Gow: the mover takes this trick whatever the seats still to play do"
    )
    wins_hand: bool | None = Field(
        default=None, description="Tien Gow: the mover takes the last trick (and the hand) whatever the others do"
    )
    all_of: list[Goal] | None = Field(default=None, min_length=1)
    any_of: list[Goal] | None = Field(default=None, min_length=1)
    not_: Goal | None = Field(default=None, alias="not")

    @model_validator(mode="after")
    def _exactly_one(self) -> Goal:
        given = [name for name in self.model_fields_set]
        if len(given) != 1:
            keys = ", ".join(GOAL_KEYS)
            if not given:
                raise RulesError(msg("a goal needs one of: {keys}", keys=keys))
            written = ", ".join(("not" if g == "not_" else g) for g in sorted(given))
            raise RulesError(
                msg("a goal has exactly one key, not {keys}; combine goals with all_of: [...]", keys=written)
            )
        return self

    @property
    def key(self) -> str:
        """The one predicate this goal uses."""
        name = next(iter(self.model_fields_set))
        return "not" if name == "not_" else name


_MOVE_TEXT = r"^\s*[0-6]\s*-\s*[0-6]\s+(lead|left|right|up|down)\s*$"


class SeatNumbers(_Strict):
    """A seat and some numbers: ``{seat: 1, numbers: [2, 5]}``."""

    seat: int = Field(ge=0, le=3)
    numbers: list[int] = Field(min_length=1, description="numbers from 0 to 6")

    @model_validator(mode="after")
    def _in_range(self) -> SeatNumbers:
        for number in self.numbers:
            if not 0 <= number <= 6:
                raise RulesError(
                    msg("{number} is not a number on a tile: write numbers from 0 to 6", number=str(number))
                )
        return self


class SeatAfter(_Strict):
    """A seat, after one of the learner's moves (``after`` left out: as the position stands)."""

    seat: int = Field(ge=0, le=3)
    after: str | None = Field(default=None, pattern=_MOVE_TEXT, description="a move like 3-1 right")


class Claim(_Strict):
    """One fact a step's text states about tiles the learner may not see, proved by the validator on every
    deal the learner cannot tell apart (on the real deal alone where every hand is face up). Exactly one key."""

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra={"minProperties": 1, "maxProperties": 1})

    blocks: str | None = Field(
        default=None, pattern=_MOVE_TEXT, description="this move of the learner blocks the hand in every such deal"
    )
    may_block: str | None = Field(
        default=None, pattern=_MOVE_TEXT, description="this move blocks the hand in some of them ('could block')"
    )
    no_answer: SeatAfter | None = Field(
        default=None, description="the seat holds no tile that fits the open ends (after the move) in every deal"
    )
    holds_none: SeatNumbers | None = Field(default=None, description="the seat holds no tile with these numbers")
    fewer_pips_than: int | None = Field(
        default=None, ge=0, le=3, description="the learner holds fewer pips than this seat in every deal"
    )

    @model_validator(mode="after")
    def _exactly_one(self) -> Claim:
        given = sorted(self.model_fields_set)
        if len(given) != 1:
            keys = ", ".join(CLAIM_KEYS)
            if given:
                raise RulesError(
                    msg("a claim has exactly one of: {keys}, not {given}", keys=keys, given=", ".join(given))
                )
            raise RulesError(msg("a claim has exactly one of: {keys}", keys=keys))
        return self

    @property
    def key(self) -> str:
        """The one fact this claim states."""
        return next(iter(self.model_fields_set))


CLAIM_KEYS = ("blocks", "may_block", "no_answer", "holds_none", "fewer_pips_than")
_CLAIMS: Any = Field(
    default_factory=list,
    description="facts the text states about hidden tiles, proved on every deal the learner cannot tell apart",
)
_HINT_ANSWER: Any = Field(
    default=None,
    description="a two-level hint: hint: asks a question, and this answers it on a second press of Hint",
)


class WrongMove(_Strict):
    """A tempting wrong move: when the learner plays it, ``replies`` are played out and ``text`` explains."""

    move: MoveSpec | TrickMoveText
    replies: list[MoveSpec | TrickMoveText] = Field(
        default_factory=list, description="the other seats' answer that refutes it"
    )
    text: LText


Answer = int | bool | str


class ChainBend(_Strict):
    """Re-bend the chain on the board at one tile ("правка цепи"): how the tiles lie, never a move."""

    at: TileValue = Field(description="a tile of the chain (not the first tile of the hand) where the tail turns")
    bend: Literal["straight", "left", "right"] = Field(description="which way the tail goes on from that tile")


_BENDS: Any = Field(
    default_factory=list,
    description="re-bend the chain on the board at these tiles, in order (a tail adjustment: the tiles, their order "
    "and the open ends stay the same)",
)


class PositionSpec(_Strict):
    """A position in the referee's notation (docs/referee.md); ``rules``/``overrides`` default to the lesson's.

    ``real: true`` says the position could be on a real table: the validator
    then checks its tile counts against the deal (hand size, boneyard).
    ``sketch: true`` says it places only the tiles that matter; where every
    tile is dealt, a position says one or the other.
    """

    rules: str | None = None
    overrides: dict[str, Any] | None = None
    hands: list[list[Any]] = Field(min_length=1, description="one list of tiles per seat, seat 0 first")
    chain: list[Any] | dict[str, Any] = Field(default_factory=list)
    boneyard: list[Any] | int | None = None
    hand: Literal["first", "later"] | None = Field(
        default=None,
        description="with an empty chain: 'first' (default) for a match's first deal, where the first-lead rule names "
        "the leader; 'later' for a later hand, led by the previous hand's winner (to_move) with any tile",
    )
    to_move: int | None = None
    last_move_by: int | None = None
    last_end: str | None = None
    bank: int | None = None
    moves: list[dict[str, Any] | TrickMoveText] | None = None
    match: dict[str, Any] | None = None
    banker: int | None = Field(default=None, ge=0, le=3, description="Tien Gow: the banker (default: the leader)")
    leader: int | None = Field(
        default=None,
        ge=0,
        le=3,
        description="Tien Gow: who leads the position's first trick (default: the banker); later in a hand, whoever "
        "took the trick before",
    )
    taken: list[int] | None = Field(
        default=None, description="Tien Gow: trick points each seat took before the position (later in a hand)"
    )
    real: bool = Field(
        default=False,
        description="the position could happen at a real table: hand sizes and the boneyard are checked against the deal",
    )
    sketch: bool = Field(
        default=False,
        description="a simplified picture: only the tiles that matter are placed (the board says so); a position in "
        "a game that deals all 28 tiles is either real: true or sketch: true",
    )


if TYPE_CHECKING:
    QuizKind = str
else:
    QuizKind = Literal[QUIZ_KINDS]
    """A quiz step's ``ask:``: one of the kinds of ``quizzes.QUIZ_SPECS`` (pydantic checks it and lists it in the
    schema; to the type checker it is a string)."""
TRICK_QUIZ_KINDS = kinds_about("tien_gow")
"""Questions about a Tien Gow position (a ``rules: tien_gow`` lesson asks these and the chinese_* ones)."""

Highlight = list[TileValue]


ShowHands = Literal["all", "mine"]
_SHOW_HANDS = Field(
    default=None,
    description="whose tiles are face up: 'all' or only the learner's ('mine'); default: all on explain and quiz "
    "steps (a question about the deal needs the hands), the learner's only on play steps and on questions about "
    "what the learner cannot see",
)


def _check_position(step: ExplainStep | PlayStep | QuizStep, required: bool) -> None:
    if step.position is not None and step.from_previous:
        raise RulesError(msg("write either position: or from_previous: true, not both"))
    if required and step.position is None and not step.from_previous:
        raise RulesError(msg("a play step needs a position: (or from_previous: true)"))


class ExplainStep(_Strict):
    """Text to read, optionally with a position or some tiles on show."""

    kind: Literal["explain"]
    title: LText | None = None
    text: LText
    position: PositionSpec | None = None
    from_previous: bool = Field(default=False, description="show the position the previous step ended with")
    tiles: list[TileValue] = Field(default_factory=list, description="tiles shown on their own, outside a position")
    highlight: Highlight = Field(default_factory=list)
    bends: list[ChainBend] = _BENDS
    show_hands: ShowHands | None = _SHOW_HANDS
    claims: list[Claim] = _CLAIMS

    @model_validator(mode="after")
    def _position(self) -> ExplainStep:
        _check_position(self, required=False)
        return self


class PlayStep(_Strict):
    """The learner moves; the goal says which moves count as right."""

    kind: Literal["play"]
    title: LText | None = None
    text: LText
    position: PositionSpec | None = None
    from_previous: bool = Field(default=False, description="start from the position the previous step ended with")
    goal: Goal
    hint: LText
    hint_answer: LText | None = _HINT_ANSWER
    success: LText | None = Field(default=None, description="said after a right move")
    replies: list[MoveSpec | TrickMoveText] = Field(
        default_factory=list, description="the other seats' moves after a right move"
    )
    wrong: list[WrongMove] = Field(default_factory=list)
    highlight: Highlight = Field(default_factory=list)
    forced: bool = Field(
        default=False,
        description="the learner has a single legal move here (shown on purpose, not a decision); "
        "the validator checks it both ways",
    )
    best: bool = Field(
        default=False,
        description="the goal is the best move: the analysis (from the learner's view, fixed seed and budget) must "
        "rank every move reaching it clearly above every other, and the feedback shows its ranking and why",
    )
    show_hands: ShowHands | None = _SHOW_HANDS
    claims: list[Claim] = _CLAIMS

    @model_validator(mode="after")
    def _position(self) -> PlayStep:
        _check_position(self, required=True)
        return self


class QuizStep(_Strict):
    """A question whose right answer the rules core computes from the position."""

    kind: Literal["quiz"]
    title: LText | None = None
    text: LText
    ask: QuizKind
    position: PositionSpec | None = None
    from_previous: bool = Field(default=False, description="ask about the position the previous step ended with")
    tile: TileValue | None = None
    suit: int | None = Field(default=None, ge=0, le=6)
    seat: int | None = Field(default=None, ge=0, le=3)
    side: int | None = Field(default=None, ge=0, le=3)
    move: MoveSpec | TrickMoveText | None = None
    doubles: bool | None = None
    answer: bool | int | str | None = Field(default=None, description="the author's answer; must agree with the engine")
    choices: list[bool | int | str] | None = Field(
        default=None, description="the options offered; without them the learner types a number or picks from defaults"
    )
    hint: LText
    hint_answer: LText | None = _HINT_ANSWER
    explain: LText | None = Field(default=None, description="said after the question is answered")
    tiles: list[TileValue] = Field(default_factory=list)
    against: list[TileValue] | None = Field(
        default=None, description="Chinese dominoes: the set on the table that tiles: must beat (ask: chinese_beats)"
    )
    highlight: Highlight = Field(default_factory=list)
    bends: list[ChainBend] = _BENDS
    review: str | None = Field(
        default=None,
        pattern=ID_PATTERN,
        description="this question reviews an earlier lesson: its id (the same course, or the core course)",
    )
    show_hands: ShowHands | None = _SHOW_HANDS
    claims: list[Claim] = _CLAIMS

    @model_validator(mode="after")
    def _position(self) -> QuizStep:
        _check_position(self, required=False)
        return self


class RememberStep(_Strict):
    """The lesson's takeaway points."""

    kind: Literal["remember"]
    title: LText | None = None
    points: list[LText] = Field(min_length=1)


class CapstoneStep(_Strict):
    """A whole hand against bots under the lesson's rules, on the real board; finishing it earns the badge."""

    kind: Literal["capstone"]
    title: LText | None = None
    text: LText
    badge: LText = Field(description="the course's badge, earned by finishing this hand (like 'Block player')")
    bot: BotName = Field(
        default="greedy",
        description="how the other seats play: random, greedy, heuristic (medium), strong or expert (the analysis)",
    )
    seed: int | None = Field(default=None, ge=0, description="deal this hand every time (default: a new deal each run)")
    hints: bool = Field(
        default=False,
        description="show the Hint button and What we know during the hand, and the review of the hand after it",
    )


PositionStep = ExplainStep | PlayStep | QuizStep
"""A step that may show a position."""

Step = Annotated[ExplainStep | PlayStep | QuizStep | RememberStep | CapstoneStep, Field(discriminator="kind")]


class Lesson(_Strict):
    """One lesson: an id, titles, the rule set it uses and its steps in order."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="Domino Tutor lesson")

    id: str = Field(pattern=ID_PATTERN, description="the file name without .yaml, like core-01-the-set")
    title: LText
    summary: LText
    rules: str = Field(description="a preset name or alias, like block, draw, domino101, kozel; or tien_gow")
    overrides: dict[str, Any] = Field(default_factory=dict, description="house-rule options changed for this lesson")
    players: int | None = Field(default=None, ge=2, le=4, description="seats in every position (default: any)")
    viewer: int = Field(
        default=0,
        ge=0,
        le=3,
        description="the learner's seat for the whole lesson: drawn at the bottom and called 'you'",
    )
    tile_set: Literal["double_six", "chinese"] = Field(
        default="double_six",
        description="the tiles the lesson shows: the double-six set, or Chinese dominoes (no blanks)",
    )
    sources: list[LText | str] = Field(
        default_factory=list,
        description="where the facts come from (shown in a small Sources box, never in the learner's text)",
    )
    steps: list[Step] = Field(min_length=1)


_ABOUT_HIDDEN_TILES = frozenset({"unseen_in_suit", "best_move", "may_hold"})
"""Questions about what the learner cannot see (or must weigh without seeing): the other hands stay face down."""


def shows_every_hand(step: Step) -> bool:
    """Whether a step (not a capstone's hand) draws every hand face up: its ``show_hands`` decides; by
    default a question or an explanation shows every hand (a question about the deal needs them), while a
    move and a question about what the learner cannot see show only the learner's own tiles."""
    if isinstance(step, (CapstoneStep, RememberStep)):
        return False
    if step.show_hands is not None:
        return step.show_hands == "all"
    if isinstance(step, PlayStep):
        return False
    return not (isinstance(step, QuizStep) and step.ask in _ABOUT_HIDDEN_TILES)
