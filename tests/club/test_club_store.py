"""The club room's store on SQLite: a class's answers and tally, a table's seats and moves, the refusals.

Every answer given here and whether it is right comes from the rules core
(``solve``, ``judge``); every move from ``legal_moves`` of the hand as the
store replays it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from tutorial_app.club import rooms
from tutorial_app.club.class_steps import judge, option_keys, right_keys, run_at
from tutorial_app.club.classroom import tally
from tutorial_app.club.codes import ALPHABET, CODE_LENGTH, new_code, read_code
from tutorial_app.club.errors import ClubError
from tutorial_app.club.shared_hand import make_setup, replay, seat_view
from tutorial_app.club.store import ROOM_HOURS, ClubStore, Room
from tutorial_app.lessons import load_course, solve
from tutorial_app.lessons.format.model import Lesson
from tutorial_app.rules.line.moves import legal_moves
from tutorial_app.rules.line.state import Move
from tutorial_app.rules.text import Text
from tutorial_app.rules.tiles import mask_of

LESSON = "core-02-placing-on-the-ends"
NOW = 1_000_000.0


@pytest.fixture()
def store(tmp_path: Path) -> ClubStore:
    return ClubStore(f"sqlite:///{tmp_path / 'club.sqlite3'}", started=0.0)


def secret(number: int) -> str:
    """A fixed deal secret for a repeatable test (a real table draws ``new_secret()``)."""
    return f"{number:032x}"


def _lesson() -> Lesson:
    return next(lesson for lesson in load_course("core") if lesson.id == LESSON)


def _wrong(lesson: Lesson, right: object) -> object:
    run = run_at(lesson, 0, 7)
    choices = run.choices("en")
    assert choices is not None
    return next(value for value, _label in choices if value != right)


def test_codes_are_random_typeable_and_read_back() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200  # 31^8 codes: 200 draws never repeat in practice
    assert all(len(code) == CODE_LENGTH and set(code) <= set(ALPHABET) for code in codes)
    assert not set(ALPHABET) & set("0O1IL")
    assert read_code("k7m2 qx9p") == "K7M2QX9P"
    assert read_code("K7M2-QX9P") == "K7M2QX9P"
    assert read_code("K7M2QX90") is None and read_code("K7M2QX9") is None and read_code(123) is None


def test_a_class_counts_first_answers_and_the_tally_matches(store: ClubStore) -> None:
    lesson = _lesson()
    code, teacher = store.open_class(lesson.id, len(lesson.steps), "Teacher", 4, NOW, seed=7)
    tokens = [store.join(code, name, NOW + 1) for name in ("Anna", "Борис", "Vera")]
    run = run_at(lesson, 0, 7)
    right = solve(run)
    assert right is not None
    wrong = _wrong(lesson, right)
    for token, action in zip(tokens, (right, wrong, right), strict=True):
        store.answer(code, token, 0, judge(lesson, 0, 7, action), NOW + 2)
    with pytest.raises(ClubError, match="first answer counts"):
        store.answer(code, tokens[1], 0, judge(lesson, 0, 7, right), NOW + 3)
    with pytest.raises(ClubError, match="only learners"):
        store.answer(code, teacher, 0, judge(lesson, 0, 7, right), NOW + 3)
    counted = tally([a for _s, a in store.answers(code, 0)], 3, option_keys(run), right_keys(run))
    assert (counted.learners, counted.answered, counted.right) == (3, 3, 2)
    given = {bar.key: bar.given for bar in counted.bars if bar.given}
    assert given == {judge(lesson, 0, 7, right).key: 2, judge(lesson, 0, 7, wrong).key: 1}
    assert store.teach(code, teacher, "reveal", NOW + 4).phase == "revealed"
    late = store.join(code, "Gleb", NOW + 5)
    with pytest.raises(ClubError, match="answers are closed"):
        store.answer(code, late, 0, judge(lesson, 0, 7, right), NOW + 5)
    state = store.teach(code, teacher, "next", NOW + 6)
    assert (state.step, state.phase) == (1, "asking")
    with pytest.raises(ClubError, match="moved on"):
        store.answer(code, tokens[0], 0, judge(lesson, 0, 7, right), NOW + 7)
    with pytest.raises(ClubError, match="only the teacher"):
        store.teach(code, tokens[0], "next", NOW + 7)


def test_a_class_is_bounded_names_are_unique_and_codes_expire(store: ClubStore) -> None:
    code, _teacher = store.open_class(LESSON, 5, "T", 2, NOW)
    store.join(code, "Anna", NOW)
    with pytest.raises(ClubError, match="already called"):
        store.join(code, "  ANNA ", NOW)
    store.join(code, "Boris", NOW)
    with pytest.raises(ClubError, match="class is full"):
        store.join(code, "Vera", NOW)
    with pytest.raises(ClubError, match="expired"):
        store.room(code, NOW + ROOM_HOURS * 3600 + 1)
    with pytest.raises(ClubError, match="no room with this code"):
        store.find("ABCDEFGH" if code != "ABCDEFGH" else "ABCDEFGJ", NOW)
    with pytest.raises(ClubError, match="8 letters"):
        store.find("12", NOW)
    with pytest.raises(ClubError, match="does not belong"):
        store.me(code, "x" * 24, NOW)
    with pytest.raises(ClubError, match="write your name"):
        store.join(code, "   ", NOW)


def _play_out(store: ClubStore, code: str, tokens: dict[int, str], now: float) -> int:
    """Every present seat plays its first legal move until the hand ends; the number of human moves."""
    for played in range(200):
        _room, game = store.game(code, now)
        assert game is not None
        if game.state.is_over:
            return played
        seat = game.state.to_move
        store.play(code, tokens[seat], legal_moves(game.state)[0], now)
    raise AssertionError("the hand did not end")


def test_four_players_play_a_hand_and_no_seat_moves_for_another(store: ClubStore) -> None:
    setup = make_setup("block", 4, {}, "greedy", secret(11), False, 60)
    code, host = store.open_table(setup, "Anna", "player", NOW, seat=0)
    tokens = {0: host}
    for seat, name in ((1, "Boris"), (2, "Vera"), (3, "Gleb")):
        tokens[seat] = store.join(code, name, NOW, seat=seat)
    with pytest.raises(ClubError, match="full"):
        store.join(code, "Dasha", NOW)
    with pytest.raises(ClubError, match="only the host"):
        store.deal(code, tokens[1], NOW)
    store.deal(code, host, NOW + 1)
    _room, game = store.game(code, NOW + 1)
    assert game is not None
    mover = game.state.to_move
    other = (mover + 1) % 4
    with pytest.raises(ClubError, match="not yours"):
        store.play(code, tokens[other], legal_moves(game.state)[0], NOW + 1)
    with pytest.raises(ClubError, match="does not belong"):
        store.play(code, "A" * 24, legal_moves(game.state)[0], NOW + 1)
    assert store.game(code, NOW + 1)[1] == game  # nothing was recorded by the refused moves
    assert _play_out(store, code, tokens, NOW + 2) > 4
    _room, over = store.game(code, NOW + 2)
    assert over is not None and over.state.is_over and over.sheet.hands_played == 1


def test_bots_fill_empty_seats_and_take_over_a_player_who_left(store: ClubStore) -> None:
    setup = make_setup("block", 3, {}, "random", secret(5), False, 30)
    code, host = store.open_table(setup, "Anna", "player", NOW, seat=0)
    guest = store.join(code, "Boris", NOW, seat=1)
    store.deal(code, host, NOW)
    _room, game = store.game(code, NOW)
    assert game is not None and game.state.to_move in (0, 1)  # seat 2 (a bot) never waits for anybody
    store.leave(code, guest, NOW + 1)
    _room, game = store.game(code, NOW + 1)
    assert game is not None and not game.state.is_over and game.state.to_move == 0  # bots played up to Anna
    # Anna goes quiet: once the table's timeout has passed, a poll lets a bot play her seat to the end
    assert not store.bots_due(code, NOW + 10)
    assert store.bots_due(code, NOW + 31)
    store.run_bots(code, NOW + 31)
    _room, game = store.game(code, NOW + 31)
    assert game is not None and game.state.is_over


def test_a_seat_is_sent_only_its_own_tiles() -> None:
    """The view of a seat depends on its own hand, the table and the counts only: shuffle every hidden tile
    (the other hand against the boneyard) and the view does not change, so it cannot carry a hidden tile."""
    setup = make_setup("draw", 2, {}, "greedy", secret(3), False, 60)
    state = replay(setup, 0, [[]]).state
    for seat in range(2):
        other = 1 - seat
        theirs, pile = state.hand(other), list(state.boneyard)
        swapped = state._replace(
            hands=tuple(mask if s != other else mask_of([pile[0], *theirs[1:]]) for s, mask in enumerate(state.hands)),
            boneyard=(theirs[0], *pile[1:]),
        )
        view = seat_view(state, seat)
        assert view == seat_view(swapped, seat)
        assert view.hands[seat] == state.hands[seat]
        assert len(view.hand(other)) == len(theirs) and len(view.boneyard) == len(pile)


def test_a_watcher_hints_one_player_and_the_host_closes(store: ClubStore) -> None:
    setup = make_setup("block", 2, {}, "greedy", secret(9), False, 60)
    code, teacher = store.open_table(setup, "Teacher", "watcher", NOW)
    anna = store.join(code, "Anna", NOW)
    store.deal(code, teacher, NOW)
    store.hint(code, teacher, 0, Text("lead the double", "ходи дублем"), NOW)
    mine = store.me(code, anna, NOW)
    assert mine.seat == 0 and mine.hint is not None and mine.hint.en == "lead the double"
    with pytest.raises(ClubError, match="a bot plays it"):
        store.hint(code, teacher, 1, Text("x", "x"), NOW)
    with pytest.raises(ClubError, match="only the watching teacher"):
        store.hint(code, anna, 0, Text("x", "x"), NOW)
    _room, game = store.game(code, NOW)
    assert game is not None
    with pytest.raises(ClubError, match="hold no seat"):
        store.play(code, teacher, Move(legal_moves(game.state)[0].action), NOW)
    store.close(code, teacher, NOW)
    with pytest.raises(ClubError, match="closed"):
        store.join(code, "Boris", NOW)


def test_the_screens_of_a_class_share_one_read_per_version_and_see_every_change(
    store: ClubStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rooms, "VERSION_FRESH", 0.0)  # every call reads the version: no timing in this test
    monkeypatch.setattr(rooms, "ROWS_FRESH", 3600.0)
    code, teacher = store.open_class(LESSON, 5, "Teacher", 100, NOW)
    tokens = [store.join(code, f"Learner {n}", NOW) for n in range(30)]
    read: list[str] = []
    sa.event.listen(store._reader, "before_cursor_execute", lambda *args: read.append(args[2]))
    pages = [
        (
            store.room(code, NOW, shared=True),
            store.me(code, token, NOW, shared=True),
            store.answers(code, 0, shared=True),
        )
        for token in tokens
    ]
    rows = [query for query in read if not query.startswith("SELECT club_rooms.version")]
    assert len(rows) == 3  # the room, its members, the step's answers: one read each for 30 screens
    assert [me.name for _room, me, _answers in pages] == [f"Learner {n}" for n in range(30)]
    store.teach(code, teacher, "next", NOW + 1)  # a change made here is seen at once
    assert store.room(code, NOW + 1, shared=True).step == 1
    other = ClubStore(f"sqlite:///{tmp_path / 'club.sqlite3'}", started=0.0)  # another app instance
    other.teach(code, teacher, "next", NOW + 2)
    assert store.room(code, NOW + 2, shared=True).step == 2  # a new version: the rows are read again
    other.remove(code, teacher, "Learner 3", NOW + 3)
    with pytest.raises(ClubError, match="removed you"):
        store.me(code, tokens[3], NOW + 3, shared=True)
    fresh = other.rotate(code, tokens[4], NOW + 4)
    with pytest.raises(ClubError, match="does not belong"):
        store.me(code, tokens[4], NOW + 4, shared=True)  # a rotated token is refused on every instance
    assert store.me(code, fresh, NOW + 4, shared=True).name == "Learner 4"


class _Clock:
    """``time`` for the store's caches, at a time the test sets (``monotonic``); ``time`` as ever."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now

    @staticmethod
    def time() -> float:
        return NOW


def test_reads_held_up_across_a_join_do_not_put_back_the_room_from_before_it(
    store: ClubStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two screens' threads held up (a loaded server) between a read and keeping it, while a learner joins here
    and a page reads the room: one had read the members before the join, the other the version. Kept after the
    join, they made that page, at the new version, take its members from before it: the teacher saw no learner,
    and the poll, at the new version, saw nothing to redraw (a browser test once waited 30 s for "Remove")."""
    clock = _Clock()
    monkeypatch.setattr(rooms, "time", clock)
    code, _teacher = store.open_class(LESSON, 5, "Teacher", 100, NOW)
    hooks: list[str] = []
    pages: list[Room] = []

    def held_up(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if statement.startswith("SELECT club_members") and not hooks:
            hooks.append("members read")  # the first screen has read the members; the second now reads the version
            clock.now += 1.0
            store.version(code)
        elif statement.startswith("SELECT club_rooms.version") and hooks == ["members read"]:
            hooks.append("version read")  # ... and is held up too: the learner joins, a page reads the room
            store.join(code, "Anna", NOW)
            pages.append(store.room(code, NOW, shared=True))

    sa.event.listen(store._reader, "after_cursor_execute", held_up)
    assert [m.name for m in store.members(code, NOW, shared=True)] == ["Teacher"]  # read before the join
    sa.event.remove(store._reader, "after_cursor_execute", held_up)
    assert [room.version for room in pages] == [2]
    assert {m.name for m in store.members(code, NOW, shared=True)} == {"Teacher", "Anna"}  # the page goes on


def test_a_double_laid_face_down_is_another_answer_than_the_same_double_face_up() -> None:
    """Donkey's closing step: the right answer lays 3-3 face down; the same 3-3 face up is wrong. The two are told
    apart on the teacher's spread and on the phones (the label says "face down"), not shown as one answer."""
    from tutorial_app.club.class_steps import key_label

    lesson = next(found for found in load_course("donkey") if found.id == "donkey-04-closing-an-arm")
    step = next(i for i, s in enumerate(lesson.steps) if s.kind == "play" and "closed" in str(s.goal))
    run = run_at(lesson, step, 7)
    right = solve(run)
    assert isinstance(right, Move) and right.closed
    up = judge(lesson, step, 7, right._replace(closed=False))
    down = judge(lesson, step, 7, right)
    assert down.correct and not up.correct and up.key != down.key
    assert up.key is not None and down.key is not None
    labels = {lang: (key_label(up.key, run, lang), key_label(down.key, run, lang)) for lang in ("en", "ru", "uk", "es")}
    assert all(face_up != face_down for face_up, face_down in labels.values()), labels
    assert labels["en"][1].endswith(", face down") and labels["ru"][1].endswith(", рубашкой вверх")
