"""What the lesson player hides or adds around the board: the boneyard's count, the turn marker, the sketch note."""

from __future__ import annotations

from tutorial_app.app.learn.step_parts import choice_columns, counts_boneyard, is_sketch, reveals_answer
from tutorial_app.lessons import lessons_root, load_lesson


def test_a_how_many_to_draw_question_hides_the_boneyard_count_and_no_other_step_does() -> None:
    lesson = load_lesson(lessons_root() / "all_fives" / "all-fives-02-counting-the-ends.yaml")
    hidden = [i for i, step in enumerate(lesson.steps) if counts_boneyard(step)]
    assert hidden == [0]  # the warm-up: "how many tiles lie on the boneyard?"


def test_a_sketch_is_marked_on_its_own_step_and_on_the_steps_that_continue_it() -> None:
    lesson = load_lesson(lessons_root() / "international" / "international-04-capicu.yaml")
    marked = [i for i in range(len(lesson.steps)) if is_sketch(lesson, i)]
    positions = [i for i, step in enumerate(lesson.steps) if getattr(step, "position", None) is not None]
    assert set(positions) <= set(marked)
    assert all(getattr(lesson.steps[i], "from_previous", False) for i in set(marked) - set(positions))
    real = load_lesson(lessons_root() / "international" / "international-01-partners.yaml")
    assert not is_sketch(real, 2)  # rebuilt as a full table: real: true


def test_long_answer_labels_get_the_width_to_be_read_whole() -> None:
    """Four short answers stand in a row; the narrow answer panel gives longer ones two columns or a row each (three
    buttons in a row cut «Сходить костью» to «Сходить ко…»)."""
    assert choice_columns(["Yes", "No"]) == 2
    assert choice_columns(["1", "2", "3", "4", "5"]) == 4
    assert choice_columns(["Игрок 1", "Игрок 2", "Игрок 3"]) == 3
    assert choice_columns(["Сходить костью", "Взять с базара", "Пас"]) == 2
    assert choice_columns(["The player who made the fish", "Seat 2"]) == 1
    assert choice_columns([]) == 1


def test_the_turn_marker_is_hidden_where_it_tells_who_leads_or_with_what() -> None:
    """A "who leads?" and a "which tile opens this deal?" hide the ▶ marker: at donkey-02's second step it stood at
    seat 1, which left seat 1's two doubles of the four choices; "is 1-6 legal on top?" keeps it."""
    lesson = load_lesson(lessons_root() / "donkey" / "donkey-02-four-arms.yaml")
    hidden = [getattr(step, "ask", None) for step in lesson.steps if reveals_answer(step)]
    assert hidden == ["who_leads", "lead_tile"]
