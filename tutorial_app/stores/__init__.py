"""What the app keeps in a database, below the app: the learners' progress (SQLAlchemy, no Streamlit).

``progress``: a learner's stars, in embedded SQLite by default or a club's
PostgreSQL through ``DATABASE_URL`` (``default_url``), and the progress
file a learner exports and imports. The club room's store is
``tutorial_app.club.store`` (it opens the same database). The app opens
both once per server in ``app/shell/stores.py``.

``sqlite``: how a SQLite writer is opened (``BEGIN IMMEDIATE``), for the club's and the puzzles' stores.
"""
