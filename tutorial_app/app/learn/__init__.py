"""The Learn page's parts: the lesson player and the step parts a club's class shows too.

``lesson_player`` (a lesson run on screen: steps, board, quiz, feedback,
capstone), ``step_parts`` (a step's tiles, notes and answer text, shared
with ``app.club.class_view``). Imports ``app.shell``, ``app.table`` and
``app.tien_gow``.
"""
