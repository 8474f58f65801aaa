"""The validator: a lesson file is read, checked against its model, then proved through the rules core.

``validate`` (the passes and their report), ``semantics`` (the line games'
second pass), ``tien_gow`` (Tien Gow's second pass), ``claims`` and
``tien_gow_claims`` (what a lesson's text says about seats), ``table``
(whether a step's position could be on a real table). Imports
``lessons.format`` and ``lessons.quiz``.
"""
