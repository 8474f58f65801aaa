"""The one error of the club room: an action that cannot be taken now, with the reason in en and ru."""

from __future__ import annotations

from tutorial_app.rules.text import Text

__all__ = ["ClubError"]


class ClubError(ValueError):
    """A join, an answer, a move or a teacher's click refused; ``reason`` says why in en and ru.

    Why one class: every refusal reaches a page the same way and is shown in
    the reader's language, never as a traceback.
    """

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.en)
        self.reason = reason
