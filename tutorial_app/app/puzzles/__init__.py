"""The Puzzles page's parts (their core, without Streamlit, is ``tutorial_app.puzzles``).

``round`` (the question as one value, judged without Streamlit), ``view`` (serving a round, the board, the
verdict and the refuting line), ``quiz`` (a missed lesson question played again), ``standing`` (the rating,
the days in a row, the history chart, the club's board). The learner's store and the two doors into the
mistakes queue are in ``shell.puzzle_memory``, below the rooms that call them.
"""
