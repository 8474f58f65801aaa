"""Quizzes: every question's right answer and its worked explanation, computed by the rules core.

``answers`` (one function per quiz kind), ``explain`` (the worked
explanation per kind), ``strategy`` (questions answered from the learner's
view by the strategy engine), ``chinese`` (questions about the 32 Chinese
tiles) and ``tien_gow`` (questions about a Tien Gow position). Imports
only ``lessons.format`` from its own package.
"""
