"""The rules core: one engine per game, and what the engines share.

- ``rules.line``: the line games (a chain with open ends; every house-rules
  preset), its face in ``rules/line/__init__.py``;
- ``rules.tien_gow``: Tien Gow, the Chinese trick-taking game, with its
  32-tile set (``rules.tien_gow.tiles``), its face in
  ``rules/tien_gow/__init__.py``;
- shared by both: ``text`` (bilingual ``Text`` and ``RulesError``),
  ``tiles`` (the interned double-six ``Tile``), ``who`` (naming seats in a
  worked explanation).

Why this module imports nothing: ``import tutorial_app.rules.text`` must stay
light for every caller (the command line starts in a fraction of a second).
"""
