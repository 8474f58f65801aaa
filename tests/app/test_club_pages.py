"""The club's pages through AppTest: a silent database, the admin's gate, Play's secret deals.

The faults of the review (finding 8: Streamlit's raw error box once a second on every screen while the
database was away) are played by breaking the page's own store, then mending it.
"""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from app_runs import MAIN
from streamlit.testing.v1 import AppTest

from tutorial_app.app.club import room
from tutorial_app.app.club.home import find_lesson
from tutorial_app.app.shell.links import MAX_SEED
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.stores import club_store
from tutorial_app.club.codes import new_secret
from tutorial_app.club.errors import ClubError
from tutorial_app.club.rulesets import link_value, make_rule_set
from tutorial_app.club.shared_hand import make_setup
from tutorial_app.club.store import THIS_COMPUTER, ClubStore, clock
from tutorial_app.i18n import t
from tutorial_app.rules.text import msg, msgn

LESSON = "core-02-placing-on-the-ends"
CALM = {"en": "the club's database is not answering just now", "ru": "база клуба сейчас не отвечает"}


def _store() -> ClubStore:
    found = club_store()
    assert isinstance(found, ClubStore), found
    return found


def _in_room(code: str, token: str, lang: str = "en") -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lang"] = lang
    at.session_state["club_room"] = room.RoomTab(code=code, token=token)
    at.switch_page("app_pages/club.py").run()
    assert not at.exception, at.exception
    return at


def _texts(at: AppTest) -> str:
    parts = [e.value for e in (*at.warning, *at.caption, *at.markdown, *at.error, *at.info)]
    return "\n".join(str(p) for p in parts)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_finding_8_a_silent_database_shows_one_calm_line(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    code, teacher = _store().open_class(LESSON, 11, "Teacher", 40, clock())
    at = _in_room(code, teacher, lang)
    store = _store()

    def silent(*_args: Any, **_kwargs: Any) -> None:
        raise sa.exc.OperationalError("SELECT 1", {}, Exception("server closed the connection"))

    monkeypatch.setattr(store, "version", silent)  # the poll's one read fails
    at.run()
    assert not at.exception and not at.error
    assert CALM[lang] in _texts(at)
    working = store._reader
    store._reader = sa.create_engine("sqlite:////nonexistent-folder/x.db")
    at.run()  # the page's own reads fail too: one calm line instead of the page
    assert not at.exception and not at.error
    assert _texts(at).count(CALM[lang]) == 1
    store._reader = working
    monkeypatch.undo()
    at.run()
    assert CALM[lang] not in _texts(at)
    assert t("club.finish", lang) in [b.label for b in at.button]


def test_finding_8_a_click_while_the_database_is_away_is_refused_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    code, teacher = _store().open_class(LESSON, 11, "Teacher", 40, clock())
    at = _in_room(code, teacher)
    store = _store()
    working = store._writer
    store._writer = sa.create_engine("sqlite:////nonexistent-folder/x.db")
    at.button(key="club_next").click().run()
    store._writer = working
    assert not at.exception
    assert "your click was not applied" in _texts(at)
    assert store.room(code, clock()).step == 0


def _rules_section(at: AppTest) -> AppTest:
    at.switch_page("app_pages/club.py").run()
    at.segmented_control(key="club_section").set_value("rules").run()
    assert not at.exception, at.exception
    return at


def test_finding_4_a_phone_reads_the_rule_book_and_the_admin_edits_it(monkeypatch: pytest.MonkeyPatch) -> None:
    at = _rules_section(AppTest.from_file(MAIN, default_timeout=60))
    assert [w.key for w in at.text_input if w.key == "club_name_field"] == ["club_name_field"]  # this computer
    monkeypatch.setattr(room, "client_address", lambda: "192.0.2.7")
    phone = _rules_section(AppTest.from_file(MAIN, default_timeout=60))
    assert not [w for w in phone.text_input if w.key == "club_name_field"]
    assert t("club.admin_only", "en") in _texts(phone)
    assert not [w for w in phone.text_input if w.key == "club_admin_pin_field"]  # no PIN set: nothing to type
    book = _store().book
    book.set_pin(book.admit(THIS_COMPUTER, None, clock()), "dacha-2026")
    phone.run()
    phone.text_input(key="club_admin_pin_field").set_value("not-the-pin")
    phone.form_submit_button[0].click().run()
    assert "Wrong admin PIN" in _texts(phone)
    assert not [w for w in phone.text_input if w.key == "club_name_field"]
    phone.text_input(key="club_admin_pin_field").set_value("dacha-2026")
    phone.form_submit_button[0].click().run()
    assert [w.key for w in phone.text_input if w.key == "club_name_field"] == ["club_name_field"]
    phone.text_input(key="club_name_field").set_value("Dacha Club").run()
    assert book.club_name() == "Dacha Club"


def test_play_deals_a_secret_deal_unless_a_number_is_typed() -> None:
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.switch_page("app_pages/play.py").run()
    next(b for b in at.button if b.label == t("play.deal", "en")).click().run()
    seed = at.session_state["play_page"].table.seed
    assert seed > MAX_SEED  # 128 random bits, never shown
    shown = "\n".join(str(e.value) for e in (*at.markdown, *at.caption, *at.title, *at.subheader))
    assert str(seed) not in shown
    at.number_input(key="play_seed").set_value(42).run()
    next(b for b in at.button if b.label == t("play.deal", "en")).click().run()
    assert at.session_state["play_page"].table.seed == 42


def test_finding_5_a_new_key_ends_every_copy_of_the_teachers_link() -> None:
    code, teacher = _store().open_class(LESSON, 11, "Teacher", 40, clock())
    at = _in_room(code, teacher)
    at.button(key="club_new_key").click().run()
    assert not at.exception
    assert t("club.key_renewed", "en") in [s.value for s in at.success]
    fresh = at.session_state["club_room"].token
    assert fresh != teacher and "me" not in at.query_params
    with pytest.raises(ClubError, match="does not belong"):
        _store().teach(code, teacher, "next", clock())  # the copied link's token: dead
    at.button(key="club_next").click().run()  # this screen leads on with its new key
    assert _store().room(code, clock()).step == 1


def test_a_large_class_lists_its_learners_in_one_picker_and_the_teacher_removes_the_one_chosen() -> None:
    store = _store()
    code, teacher = store.open_class(LESSON, 11, "Teacher", 40, clock())
    names = [f"Learner {n:02d}" for n in range(14)]
    for name in names:
        store.join(code, name, clock())
    at = _in_room(code, teacher)
    picker = at.selectbox(key="club_remove_whom")
    assert picker.label == t("club.pick_person", "en") and picker.placeholder == t("club.pick_person_placeholder", "en")
    assert list(picker.options) == names  # sorted, every learner once, no row of buttons per learner
    assert not [b for b in at.button if str(b.key).startswith("club_remove_") and b.key != "club_remove_chosen"]
    picker.set_value("Learner 07").run()
    at.button(key="club_remove_chosen").click().run()
    assert not at.exception, at.exception
    left = {m.name for m in store.members(code) if m.role not in ("removed",) and not m.host}
    assert left == set(names) - {"Learner 07"}


def _refusal_page() -> None:
    """A page that keeps one refusal, as the table's end button does, and shows it at the room's version."""
    import streamlit as st

    from tutorial_app.app.club.room import refusal, say_refusal
    from tutorial_app.rules.text import msg

    if st.session_state.get("refuse"):
        st.session_state["refuse"] = False
        refusal(msg("it is seat {to_move}'s turn, not yours (you hold seat {seat})", to_move=2, seat=1))
    say_refusal("en", st.session_state.get("version"))


def test_a_refusal_at_a_table_outlives_a_run_cut_short() -> None:
    """A player's refused move is explained on their screen even when the run that drew the refusal is replaced
    by the next one at once, and until the room changes.

    Why: in a loaded run the stale screen's refusal was drawn and gone within 0.3 s, its warning never seen.
    The run that drew it was followed at once by one the page itself asked for (the board's width probe
    reported 0 while the page was redrawn, then its width again), and a refusal was shown once
    only. Moved here from tests/browser/test_club_table.py: it needs no browser."""
    said = "not yours \\(you hold seat 1\\)"  # as Markdown: the brackets escaped (``plain``)
    at = AppTest.from_function(_refusal_page, default_timeout=30)
    at.session_state["version"] = 7
    at.session_state["refuse"] = True
    at.run()
    assert [said in str(w.value) for w in at.warning] == [True]
    at.run()  # the run the page asks for at once, which replaces the one above
    assert [said in str(w.value) for w in at.warning] == [True]
    at.session_state["version"] = 8  # the room changed (the next move): what was refused is history
    at.run()
    assert not at.warning
    at.session_state["version"] = None  # a page without a room's version (the club's front door): shown once
    at.session_state["refuse"] = True
    at.run()
    assert len(at.warning) == 1
    at.run()
    assert not at.warning


def test_a_class_loads_only_its_lessons_course(monkeypatch: pytest.MonkeyPatch) -> None:
    """``find_lesson`` (every run of a class's page, on every instance) loads the lesson's own course only; a
    Chinese-tile lesson is no class lesson, and a name that is no lesson file finds nothing."""
    from tutorial_app.app.club import home
    from tutorial_app.lessons import load_course

    loaded: list[str] = []
    real = load_course

    def recording(name: str, *args: Any, **kwargs: Any) -> Any:
        loaded.append(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(home, "load_course", recording)
    home.find_lesson.clear()  # once per server: an earlier test's page may have found it
    lesson = home.find_lesson(LESSON)
    assert lesson is not None and lesson.id == LESSON and loaded == ["core"]
    assert home.find_lesson("chinese-01-the-tiles") is None and loaded[-1] == "chinese"
    assert home.find_lesson("../core/" + LESSON) is None and home.find_lesson("") is None
    assert len(loaded) == 2
    assert home.find_lesson(LESSON) is lesson and len(loaded) == 2  # found again without loading


def _boards_drawn(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every board a class's page draws from now on: the keywords ``show_board`` was given (through the lesson
    step's board, ``table.lesson.step_board``, which the lesson player draws with too)."""
    from tutorial_app.app.table import lesson

    drawn: list[dict[str, Any]] = []
    monkeypatch.setattr(lesson, "show_board", lambda state, **options: drawn.append(options))
    return drawn


def test_a_class_board_hides_the_boneyard_count_a_question_asks_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the wall and the phones, a step asking how many tiles lie on the boneyard does not show their count on
    the board (the lesson player hides it too: it is the answer); the next step shows it again."""
    lesson = "all-fives-02-counting-the-ends"
    store = _store()
    code, teacher = store.open_class(lesson, 11, "Teacher", 40, clock())
    learner = store.join(code, "Anna", clock())
    drawn = _boards_drawn(monkeypatch)
    _in_room(code, teacher)
    _in_room(code, learner)
    assert len(drawn) == 2 and [options["show_boneyard"] for options in drawn] == [False, False]
    store.teach(code, teacher, "next", clock())
    drawn.clear()
    _in_room(code, teacher)
    assert drawn and all(options["show_boneyard"] for options in drawn)


def test_a_class_board_draws_the_chain_bent_as_its_step_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step with ``bends`` shows the chain re-bent on the class's board, as in the lesson player; the steps
    without any draw the chain's own shape."""
    lesson = "core-08-the-chain-bends"
    store = _store()
    code, teacher = store.open_class(lesson, 11, "Teacher", 40, clock())
    drawn = _boards_drawn(monkeypatch)
    for step in range(6):
        drawn.clear()
        _in_room(code, teacher)
        shapes = [options["shape"] for options in drawn]
        assert shapes and all((shape is not None) is (step == 5) for shape in shapes), (step, shapes)
        store.teach(code, teacher, "next", clock())


@pytest.mark.parametrize(
    ("lesson", "step"),
    [("all-fives-04-muggins", 3), ("donkey-04-closing-an-arm", 5)],
    ids=["a claim of points", "a double laid face down"],
)
def test_a_phone_makes_the_moves_a_step_wants_with_its_claim_or_face_down(lesson: str, step: int) -> None:
    """A class's phone offers what the lesson player does where the rules have it: the box for the points an All
    Fives play announces, the box to lay a double face down in donkey. The right move, found by the rules core
    (claim and face down included), made with the phone's boxes and buttons, is counted right."""
    from tutorial_app.club.class_steps import run_at
    from tutorial_app.lessons import solve

    store = _store()
    found = find_lesson(lesson)
    assert found is not None
    code, teacher = store.open_class(lesson, len(found.steps), "Teacher", 40, clock())
    learner = store.join(code, "Anna", clock())
    for _ in range(step):
        store.teach(code, teacher, "next", clock())
    seed = int(store.find(code, clock(), THIS_COMPUTER).class_data()["seed"])
    right = solve(run_at(found, step, seed))
    assert right is not None and (right.claim or right.closed)
    phone = _in_room(code, learner)
    if right.claim:
        phone.number_input(key="club_board_claim").set_value(right.claim)
    if right.closed:
        phone.checkbox(key="club_board_closed").check()
    phone.button(key=f"club_board_tile_{right.tile}").click().run()
    end = f"club_board_end_{right.end}"
    if any(button.key == end for button in phone.button):  # asked only where the tile fits more than one end
        phone.button(key=end).click().run()
    assert not phone.exception, phone.exception
    answered = [answer for _step, answer in store.answers(code, step)]
    assert len(answered) == 1 and answered[0].correct, _texts(phone)


def test_a_shared_table_announces_the_points_typed_in_its_claim_box() -> None:
    """At an All Fives table that wants claims, the points typed in the phone's claim box go with the play (the
    same box, under the same rules, as Play's and the lesson player's): the player's side scores them."""
    from tutorial_app.club.codes import new_secret
    from tutorial_app.club.shared_hand import make_setup
    from tutorial_app.rules.line.moves import legal_moves, with_claim
    from tutorial_app.rules.line.state import Action

    store = _store()
    setup = make_setup("all_fives", 2, {"fives_claim": "must_claim"}, "greedy", new_secret(), False, 300)
    for _ in range(40):  # secret deals: find one where the host's first move can score
        code, host = store.open_table(setup, "Host", "player", clock(), seat=0)
        game = store.deal(code, host, clock())
        state = game.state
        scoring = [m for m in legal_moves(state) if m.action is Action.PLAY and with_claim(state, m).claim]
        if state.to_move == 0 and scoring:
            break
        store.close(code, host, clock())  # a browser keeps at most ROOMS_PER_CLIENT rooms open
    else:
        pytest.fail("no deal of 40 let the host score at once")
    right = with_claim(state, scoring[0])
    assert right.claim
    phone = _in_room(code, host)
    phone.number_input(key="club_table_claim").set_value(right.claim)
    phone.button(key=f"club_table_tile_{right.tile}").click().run()
    end = f"club_table_end_{right.end}"
    if any(button.key == end for button in phone.button):
        phone.button(key=end).click().run()
    assert not phone.exception, phone.exception
    _room, after = store.game(code, clock())
    assert after is not None and after.state.fives[0] == right.claim, _texts(phone)


@pytest.mark.parametrize("right", [True, False], ids=["somebody right", "nobody right"])
def test_the_wall_shows_the_count_of_right_answers_green_only_when_somebody_was_right(right: bool) -> None:
    """At the reveal the teacher's wall says how many answered right: a success when somebody did, a plain note
    for "0 of 1 answered right"."""
    from tutorial_app.club.class_steps import judge, run_at
    from tutorial_app.lessons import solve

    store = _store()
    found = find_lesson(LESSON)
    assert found is not None
    code, teacher = store.open_class(LESSON, len(found.steps), "Teacher", 40, clock())
    learner = store.join(code, "Anna", clock())
    seed = int(store.find(code, clock(), THIS_COMPUTER).class_data()["seed"])
    step = next(i for i, s in enumerate(found.steps) if s.kind == "quiz")
    for _ in range(step):
        store.teach(code, teacher, "next", clock())
    run = run_at(found, step, seed)
    answer = solve(run)
    assert answer is not None
    choices = run.choices("en")
    wrong = next(v for v, _label in choices if v != answer) if choices else int(answer) + 1
    judged = judge(found, step, seed, answer if right else wrong)
    assert judged.correct is right
    store.answer(code, learner, step, judged, clock())
    store.teach(code, teacher, "reveal", clock())
    wall = _in_room(code, teacher)
    said = t("club.right_count", "en", right=int(right), answered=1)
    assert [s.value for s in wall.success if s.value == said] == ([said] if right else [])
    assert [i.value for i in wall.info if i.value == said] == ([] if right else [said])


def test_a_players_tiles_do_not_say_click_while_another_seat_moves() -> None:
    """At a shared table the player's tile buttons are shown all the time; while another seat is to move their
    caption does not ask for a click."""
    from tutorial_app.club.codes import new_secret
    from tutorial_app.club.shared_hand import make_setup
    from tutorial_app.rules.line.moves import legal_moves

    store = _store()
    setup = make_setup("block", 2, {}, "greedy", new_secret(), False, 300)
    code, host = store.open_table(setup, "Host", "player", clock(), seat=0)
    guest = store.join(code, "Guest", clock(), seat=1)
    game = store.deal(code, host, clock())
    if game.state.to_move == 0:
        game = store.play(code, host, legal_moves(game.state)[0], clock())
    assert game.state.to_move == 1
    waiting = _in_room(code, host)
    captions = [c.value for c in waiting.caption]
    assert t("controls.your_hand_waiting", "en") in captions and t("controls.your_hand", "en") not in captions
    moving = _in_room(code, guest)
    assert t("controls.your_hand", "en") in [c.value for c in moving.caption]


def _house_options(at: AppTest, key: str) -> list[str]:
    return [str(option) for option in at.selectbox(key=key).options]


def _page(page: str, lang: str, **chosen: str) -> AppTest:
    """A page in ``lang`` with widgets ``chosen`` before the first run (their labels are in ``lang``, which
    AppTest's ``set_value`` formats in the test's process, in English)."""
    at = AppTest.from_file(MAIN, default_timeout=60)
    at.query_params["lang"] = lang
    for key, value in chosen.items():
        at.session_state[key] = value
    at.switch_page(f"app_pages/{page}.py").run()
    assert not at.exception, at.exception
    return at


def test_a_club_rule_set_is_named_in_the_pages_language_and_shown_in_it_everywhere() -> None:
    """In Ukrainian the form asks for the Ukrainian title first, the other three optional; the set is shown by
    its title in the page's language on the card, in the pickers of Play, Compare and a table, and at the
    table; a language without a title shows the English one, else the first written."""
    ukrainian, spanish = "Козел *на* дачі", "Kozel en la dacha"
    at = _page("club", "uk", club_section="rules")
    boxes = [w for w in at.text_input if str(w.key).startswith("club_book_title_")]
    assert [(w.key, w.label) for w in boxes] == [
        ("club_book_title_uk", t("club.title_uk", "uk")),
        ("club_book_title_en", t("club.title_en", "uk")),
        ("club_book_title_ru", t("club.title_ru", "uk")),
        ("club_book_title_es", t("club.title_es", "uk")),
    ]
    assert all(w.max_chars == 80 for w in boxes)
    at.button(key="club_book_save").click().run()  # no title at all: said under the button, in sight on a phone
    [form] = [e for e in at.expander if e.label == t("club.new_rules", "uk")]
    assert [str(w.value) for w in form.warning] == ["Напишіть назву набору правил хоча б однією мовою"]
    at.text_input(key="club_book_title_uk").set_value(ukrainian)
    at.text_input(key="club_book_title_es").set_value(spanish)
    at.button(key="club_book_save").click().run()
    assert not at.exception, at.exception
    [kept] = _store().book.rule_sets()
    assert kept.titles == (("uk", ukrainian), ("es", spanish))
    assert "**Козел \\*на\\* дачі**" in _texts(at)  # the card, as plain text
    assert at.text_input(key="club_book_title_uk").value == ""
    for lang, shown in (("uk", ukrainian), ("es", spanish), ("en", ukrainian), ("ru", ukrainian)):
        assert shown in _house_options(_page("play", lang), "play_house"), lang
    assert spanish in _house_options(_page("compare", "es"), "cmp0_house")
    assert spanish in _house_options(_page("club", "es", club_section="table"), "club_table_house")
    setup = make_setup("block", 4, dict(kept.overrides), "greedy", new_secret(), False, 60, kept.title)
    code, host = _store().open_table(setup, "Ana", "watcher", clock())
    for lang, shown in (("es", "Kozel en la dacha"), ("uk", "Козел \\*на\\* дачі")):
        assert shown in [str(e.value) for e in _in_room(code, host, lang).subheader], lang


def test_a_club_rule_sets_title_is_plain_text_in_compares_caption_and_plays_header() -> None:
    """The title is typed by a person: Compare's line under the picker and Play's header show its characters,
    never its Markdown."""
    book = _store().book
    admin = book.admit(THIS_COMPUTER, None, clock())
    kept = book.save(make_rule_set({"uk": "Козел *на* дачі"}, "block", 4, {}), clock(), admin)
    compare = _page("compare", "uk", cmp0_house=kept.slug)
    captions = [str(e.value) for e in compare.caption]
    assert any("Козел \\*на\\* дачі" in c for c in captions) and not any("Козел *на*" in c for c in captions)
    two_hands = 'hands: [["6-5"], ["1-1"]]\nchain: []\n'
    referee = _page(
        "compare", "uk", cmp0_house=kept.slug, cmp_tab=t("compare.tab_referee", "uk"), cmp_position=two_hands
    )
    notes = [str(e.value) for e in referee.info if "дачі" in str(e.value)]  # two hands for a four-player set
    assert notes and all("Козел \\*на\\* дачі" in n for n in notes), notes
    play = _page("play", "uk", play_house=kept.slug)
    next(b for b in play.button if b.label == t("play.deal", "uk")).click().run()
    header = [str(e.value) for e in play.caption if "Козел" in str(e.value)]
    assert header and all("Козел \\*на\\* дачі" in c for c in header), header


def test_plays_header_names_a_club_rule_set_in_the_pages_language_when_it_changes_mid_hand() -> None:
    """The table keeps the rule set's name as a string (its title in the language it was dealt in); switched to
    another language mid-hand, the header names a club's set in the new one, as it does a preset."""
    book = _store().book
    admin = book.admit(THIS_COMPUTER, None, clock())
    titles = {"uk": "Козел на дачі", "es": "Kozel en la dacha", "en": "Goat at the dacha"}
    kept = book.save(make_rule_set(titles, "block", 4, {}), clock(), admin)
    play = _page("play", "uk", play_house=kept.slug)
    next(b for b in play.button if b.label == t("play.deal", "uk")).click().run()
    for lang in ("es", "en", "ru", "uk"):
        play.radio(key="lang").set_value(lang).run()
        assert not play.exception, play.exception
        [header] = [str(e.value) for e in play.caption if str(e.value).startswith(t("play.header", lang)[:6])]
        shown = titles.get(lang, titles["en"])  # a language without a title: the English one
        assert shown in header and all(other not in header for other in titles.values() if other != shown), (
            lang,
            header,
        )


def _said_under(block: Any, key: str) -> str | None:
    """The warning right after the widget keyed ``key``, in the same box (None: something else comes next, or
    nothing)."""
    children = [block.children[index] for index in sorted(block.children)]
    shown = [child for child in children if getattr(child, "type", None) != "html"]  # file_box's style sheet
    for place, child in enumerate(shown):
        if hasattr(child, "children"):
            found = _said_under(child, key)
            if found is not None:
                return found
        elif getattr(child, "key", None) == key:
            after = shown[place + 1] if place + 1 < len(shown) else None
            return str(after.value) if after is not None and getattr(after, "type", None) == "warning" else None
    return None


def test_a_refused_import_or_shared_link_is_said_under_its_control(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule set's file the club refuses (not JSON; the club's limit) and a shared link it refuses to keep are
    said under the file box and under the Keep button, where a phone's screen is when they are used, and
    nowhere else (not at the page's top, as the club's other refusals are)."""
    from tutorial_app.club import rule_book

    at = _page("club", "es", club_section="rules")
    at.file_uploader(key="club_rules_upload").upload("reglas.json", b'{"format": ', "application/json").run()
    assert not at.exception, at.exception
    said = _said_under(at.main, "club_rules_upload")
    assert said is not None and "línea 1, columna 12" in said, [str(w.value) for w in at.warning]
    assert [str(w.value) for w in at.warning] == [said]
    at.run()  # said once
    assert not at.warning
    book = _store().book
    admin = book.admit(THIS_COMPUTER, None, clock())
    book.save(make_rule_set({"es": "Bloque de la casa"}, "block", 4, {}), clock(), admin)
    monkeypatch.setattr(rule_book, "MAX_RULE_SETS", 1)
    shared = make_rule_set({"es": "Kozel en la dacha"}, "block", 4, {})
    link = AppTest.from_file(MAIN, default_timeout=60)
    link.query_params["lang"] = "es"
    link.query_params["club_rules"] = link_value(shared, "Club del parque")
    link.switch_page("app_pages/club.py").run()
    link.button(key="club_keep_shared").click().run()
    assert not link.exception, link.exception
    limit = msgn(
        "the club keeps at most {n} rule set: delete it first",
        "the club keeps at most {n} rule sets: delete one first",
        1,
    )
    assert "como mucho 1 conjunto de reglas" in limit.in_("es"), "one rule set, not «1 conjuntos»"
    assert _said_under(link.main, "club_keep_shared") == plain(limit.form("cap", "es"), 600)
    assert [str(w.value) for w in link.warning] == [plain(limit.form("cap", "es"), 600)]


def _warnings(at: AppTest) -> list[str]:
    return [str(w.value) for w in at.warning]


def test_a_wrong_admin_pin_is_said_under_the_pin_form_not_at_the_top(monkeypatch: pytest.MonkeyPatch) -> None:
    """A phone's wrong PIN is said in the PIN's form, under its button, and nowhere else (it was said at the
    page's top, off a phone's screen)."""
    book = _store().book
    book.set_pin(book.admit(THIS_COMPUTER, None, clock()), "dacha-2026")
    monkeypatch.setattr(room, "client_address", lambda: "192.0.2.7")
    phone = _page("club", "uk", club_section="rules")
    phone.text_input(key="club_admin_pin_field").set_value("not-the-pin")
    phone.form_submit_button[0].click().run()
    assert not phone.exception, phone.exception
    wrong = plain(msg("wrong admin PIN").form("cap", "uk"), 600)
    form = _boxes_to(phone.main, "club_admin_pin_field")[-1]
    assert _warnings_in(form) == [wrong]
    assert _said_under(phone.main, "club_admin_enter") == wrong
    assert _warnings(phone) == [wrong]
    phone.run()  # said once
    assert not phone.warning


def test_a_refused_new_pin_is_said_under_its_save_button_not_at_the_top() -> None:
    at = _page("club", "es", club_section="rules")
    at.text_input(key="club_admin_new_pin").set_value("1111")
    at.button(key="club_admin_save_pin").click().run()
    assert not at.exception, at.exception
    short = plain(
        msg("an admin PIN has at least {MIN_PIN} characters, not all alike", MIN_PIN=8).form("cap", "es"), 600
    )
    assert _said_under(at.main, "club_admin_save_pin") == short
    assert _warnings(at) == [short]


def test_a_refused_club_name_is_said_under_its_box_not_at_the_top() -> None:
    at = _page("club", "es", club_section="rules")
    at.text_input(key="club_name_field").set_value("Club\u200bdel parque").run()
    assert not at.exception, at.exception
    with pytest.raises(ClubError) as refused:
        _store().book.name_club("Club\u200bdel parque", _store().book.admit(THIS_COMPUTER, None, clock()))
    said = plain(refused.value.reason.form("cap", "es"), 600)
    assert _said_under(at.main, "club_name_field") == said
    assert _warnings(at) == [said]
    assert _store().book.club_name() is None


def _boxes_to(block: Any, key: str) -> list[Any]:
    """The boxes from ``block`` down to the one that holds the widget keyed ``key`` (empty: no such widget)."""
    for child in block.children.values():
        if getattr(child, "key", None) == key and not hasattr(child, "children"):
            return [block]
        if hasattr(child, "children"):
            inner = _boxes_to(child, key)
            if inner:
                return [block, *inner]
    return []


def _warnings_in(block: Any) -> list[str]:
    found: list[str] = []
    for child in block.children.values():
        if hasattr(child, "children"):
            found += _warnings_in(child)
        elif getattr(child, "type", None) == "warning":
            found.append(str(child.value))
    return found


def test_a_refused_delete_is_said_in_its_rule_sets_card_not_at_the_top() -> None:
    """A rule set's Delete the database did not apply is said in that set's card (under its buttons), not in
    another set's card, nor at the page's top."""
    book = _store().book
    admin = book.admit(THIS_COMPUTER, None, clock())
    kept = [book.save(make_rule_set({"uk": title}, "block", 4, {}), clock(), admin) for title in ("Дача", "Парк")]
    at = _page("club", "uk", club_section="rules")
    working = book._writer
    book._writer = sa.create_engine("sqlite:////nonexistent-folder/x.db")
    try:
        at.button(key=f"club_delete_{kept[1].slug}").click().run()
    finally:
        book._writer = working
    assert not at.exception, at.exception
    assert len(book.rule_sets()) == 2
    said = _warnings(at)
    assert said == [plain(room._NOT_APPLIED.form("cap", "uk"), 600)], said
    # a card holds its buttons' row, the row its columns, a column its button
    pressed, other = (_boxes_to(at.main, f"club_delete_{rule_set.slug}")[-3] for rule_set in reversed(kept))
    assert _warnings_in(pressed) == said
    assert _warnings_in(other) == []
    at.run()  # said once
    assert not at.warning


def test_a_refusal_for_a_tab_no_longer_the_admin_is_said_in_the_pin_form(monkeypatch: pytest.MonkeyPatch) -> None:
    """The PIN changed on another screen: this phone's rename is refused and its name box is gone, so the
    refusal is said in the PIN's form, where the phone is asked for the PIN again (not at the page's top)."""
    book = _store().book
    admin = book.admit(THIS_COMPUTER, None, clock())
    book.set_pin(admin, "dacha-2026")
    monkeypatch.setattr(room, "client_address", lambda: "192.0.2.7")
    phone = _page("club", "es", club_section="rules")
    phone.text_input(key="club_admin_pin_field").set_value("dacha-2026")
    phone.form_submit_button[0].click().run()
    book.set_pin(book.admit(THIS_COMPUTER, None, clock()), "parque-2027")
    phone.text_input(key="club_name_field").set_value("Club del parque").run()
    assert not phone.exception, phone.exception
    assert book.club_name() is None
    with pytest.raises(ClubError) as refused:
        book.name_club("Club del parque", None)
    said = plain(refused.value.reason.form("cap", "es"), 600)
    assert _warnings_in(_boxes_to(phone.main, "club_admin_pin_field")[-1]) == [said]
    assert _warnings(phone) == [said]


@pytest.mark.parametrize(
    ("section", "button", "method", "lang"),
    [
        ("join", "club_join", "find", "es"),
        ("teach", "club_start_class", "open_class", "uk"),
        ("table", "club_open_table", "open_table", "es"),
    ],
)
def test_a_refused_join_class_or_table_is_said_under_its_button_not_at_the_top(
    section: str, button: str, method: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Joining, starting a class and opening a table refused by the club are said under their buttons, at the
    end of their forms where a phone's screen is, and nowhere else (they were said at the page's top)."""
    reason = msg("this table is closed")  # any reason the club gives

    def refused(*_args: Any, **_kwargs: Any) -> None:
        raise ClubError(reason)

    from tutorial_app.app.club import home

    # the form's labels in ``lang`` in this process too, where AppTest formats the table's choices to send them
    monkeypatch.setattr(home, "tr", lambda key, /, **values: t(key, lang, **values))
    at = _page("club", lang, club_section=section)
    monkeypatch.setattr(_store(), method, refused)
    at.button(key=button).click().run()
    assert not at.exception, at.exception
    said = plain(reason.form("cap", lang), 600)
    assert _said_under(at.main, button) == said
    assert _warnings(at) == [said]
    at.run()  # said once
    assert not at.warning


def test_a_watchers_refused_hint_is_said_under_the_hint_form_and_the_text_is_kept() -> None:
    """A hint sent empty, or to a player who left meanwhile, is refused right under the hint form (it was said
    at the page's top, repeated until the room changed); what the teacher typed stays in the box."""
    setup = make_setup("block", 2, {}, "greedy", new_secret(), False, 60)
    store = _store()
    code, teacher = store.open_table(setup, "Olena", "watcher", clock())
    anna = store.join(code, "Anna", clock())
    store.join(code, "Boris", clock())
    store.deal(code, teacher, clock())
    at = _in_room(code, teacher)  # in English: AppTest formats the seat picker's choice in English on a click
    at.button(key="club_send_hint").click().run()
    assert not at.exception, at.exception
    empty = plain(msg("write the hint first").form("cap", "en"), 600)
    assert _said_after_hint_form(at) == empty and [str(w.value) for w in at.warning] == [empty]
    at.run()  # said once
    assert not at.warning
    assert at.selectbox(key="club_hint_seat").value == 0  # Anna's seat
    store.leave(code, anna, clock())  # Anna left after the page was drawn: a bot plays her seat
    at.text_area(key="club_hint_text").input("lead the double")
    at.button(key="club_send_hint").click().run()
    assert not at.exception, at.exception
    gone = plain(msg("nobody sits at seat {seat}: a bot plays it", seat=0).form("cap", "en"), 600)
    assert _said_after_hint_form(at) == gone and [str(w.value) for w in at.warning] == [gone]
    assert at.text_area(key="club_hint_text").value == "lead the double"


def _said_after_hint_form(at: AppTest) -> str | None:
    """The warning right after the bordered box that holds the hint's text (the hint form), in its column."""

    def find(block: Any) -> str | None:
        children = [block.children[index] for index in sorted(block.children)]
        for place, child in enumerate(children):
            if not hasattr(child, "children"):
                continue
            if any(getattr(inner, "key", None) == "club_hint_text" for inner in child.children.values()):
                after = children[place + 1] if place + 1 < len(children) else None
                return str(after.value) if after is not None and getattr(after, "type", None) == "warning" else None
            found = find(child)
            if found is not None:
                return found
        return None

    return find(at.main)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_watcher_tells_two_bots_apart_and_the_hint_buttons_fit(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two bots at one table are named by their seats on the board, the score sheet and the turn line (both read
    "Bot" before); the hint form's two buttons stand one under the other with short labels (side by side in the
    panel they were cut: "Enviar l…"); an empty hint is refused in a sentence of its own ("Write…")."""
    from tutorial_app.app.club import watch

    drawn: list[dict[str, Any]] = []
    monkeypatch.setattr(watch, "show_board", lambda state, **options: drawn.append(options))
    # the seat picker's labels in ``lang`` in this process too, where AppTest formats the choice it sends on a click
    monkeypatch.setattr(watch, "tr", lambda key, /, **values: t(key, lang, **values))
    setup = make_setup("block", 3, {}, "greedy", new_secret(), False, 60)
    store = _store()
    code, teacher = store.open_table(setup, "Olena", "watcher", clock())
    store.join(code, "Anna", clock())
    store.deal(code, teacher, clock())
    at = _in_room(code, teacher, lang)
    bots = [t("club.bot_at_seat", lang, seat=seat) for seat in (1, 2)]
    assert bots[0] != bots[1] and all(bot.endswith(("1)", "2)")) for bot in bots)
    assert drawn and drawn[-1]["names"] == {0: "Anna", 1: bots[0], 2: bots[1]}
    heads = set(at.table[0].value.columns)  # Markdown: a name's brackets escaped
    assert {plain(bot, 40) for bot in bots} <= heads, heads
    turns = {t("club.turn_of", lang, who=who) for who in ("Anna", *bots)}
    assert any(str(m.value) in turns for m in at.markdown), [m.value for m in at.markdown]
    # the hint form: both buttons in its box, one under the other, each label short enough for a quarter page
    box = next(
        block
        for block in [at.main, *_all_under(at.main)]
        if any(getattr(inner, "key", None) == "club_hint_text" for inner in getattr(block, "children", {}).values())
    )
    buttons = [inner.key for inner in box.children.values() if getattr(inner, "type", None) == "button"]
    assert buttons == ["club_send_hint", "club_send_advice"], buttons  # the box's own: in no columns
    for key in ("club.send_hint", "club.send_advice"):
        for each in ("en", "ru", "uk", "es"):
            assert len(t(key, each)) <= 20, (key, each, t(key, each))
    at.button(key="club_send_hint").click().run()
    said = _said_after_hint_form(at)
    assert said is not None and said == plain(msg("write the hint first").form("cap", lang), 600) and said[0].isupper()


def _all_under(block: Any) -> list[Any]:
    """Every element and block inside ``block``, depth first."""
    found: list[Any] = []
    for index in sorted(getattr(block, "children", {})):
        child = block.children[index]
        found.append(child)
        found.extend(_all_under(child))
    return found
