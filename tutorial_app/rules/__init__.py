"""The rules core: one engine per game, and what the engines share.

- ``rules.line``: the line games (a chain with open ends; every house-rules
  preset), its face in ``rules/line/__init__.py``;
- ``rules.tien_gow``: Tien Gow, the Chinese trick-taking game, with its
  32-tile set (``rules.tien_gow.tiles``), its face in
  ``rules/tien_gow/__init__.py``;
- shared by both: ``text`` (bilingual ``Text`` and ``RulesError``) and
  ``tiles`` (the interned double-six ``Tile``). Tien Gow borrows a few
  pieces of the line engine too (``Status``, option helpers, ``who``).

Why this module imports nothing: ``import tutorial_app.rules.text`` must stay
light for every caller (the command line starts in a fraction of a second).
"""
