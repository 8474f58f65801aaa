"""The club room on screen (its core, without Streamlit, is ``tutorial_app.club``).

``room`` (this device's place in a room, the join card, following changes),
``home`` (join, start a class, open a table), ``class_view`` (the teacher's
wall and the learners' phones), ``table`` and ``watch`` (a shared table and
its spectators), ``book`` (the club's rule book editor). The top room of
``app`` below the pages: it may import every other folder.
"""
