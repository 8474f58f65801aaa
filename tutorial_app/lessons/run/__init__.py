"""Running a lesson: the runs the app drives, the solver, and the courses' teaching figures.

``core`` (what every run shares: steps, answers, hints, stars), ``runner``
(``LessonRun``, for a lesson of any game, through ``lessons.games``),
``runs`` (``start_run`` and the solver) and ``stats`` (how well the courses
teach, by playing them through). The top room of ``lessons``: it may import
``format``, ``quiz``, ``games`` and ``check``.
"""
