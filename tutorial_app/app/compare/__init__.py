"""The Compare page's parts: one deal or position under several rule sets, and the simulator's statistics.

``comparison`` (differences, rulings, one deal under several rule sets; no
Streamlit), ``view`` (a ruling side by side), ``link`` (the page's shared
link), ``job`` and ``stats`` (a simulation run and its figures). Imports
``app.shell`` and ``app.table``.
"""
