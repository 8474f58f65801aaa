"""Puzzles: positions mined from strong bots' games, rated, by theme, and the learner's own mistakes coming back.

No Streamlit here; the Puzzles page and ``domino-tutor puzzles`` use these modules:

- ``proof``: the check a position must pass (one move clearly best, in playouts and under exact play of every
  deal the player's view allows).
- ``mine``: strong bots play hands; the first proved decision of each hand becomes a puzzle (``themes`` reads
  the engine's reason, ``words`` writes the explanation, ``refute`` the line that beats a wrong answer).
- ``model``, ``positions``, ``catalog``: a puzzle as stored (the referee's notation) and the shipped set.
- ``glicko``: Glicko-2 ratings for learners and puzzles; ``trainer``: which puzzle next, the daily puzzle.
- ``schedule``: when a mistake comes back (1, 3, 7, 21 days, until right twice); ``store``: ratings,
  attempts and the mistakes queue in the progress database.
"""
