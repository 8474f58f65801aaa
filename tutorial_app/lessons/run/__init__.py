"""Running a lesson: the runs the app drives, the solver, and the courses' teaching figures.

``core`` (what every run shares), ``runner`` (a line game's ``LessonRun``),
``tien_gow`` (``TienGowRun``), ``runs`` (``start_run`` and the solver for
any lesson) and ``stats`` (how well the courses teach, by playing them
through). The top room of ``lessons``: it may import ``format``, ``quiz``
and ``check``.
"""
