"""The courses as package data.

Why an empty package here: the courses live in the repository's top-level
``lessons/`` folder; pyproject maps that folder onto this package when a
wheel is built (``package-dir``), so an installed copy finds every course in
``tutorial_app/courses/``. A source checkout reads ``lessons/`` itself
(``tutorial_app.lessons.catalog.lessons_root``).
"""
