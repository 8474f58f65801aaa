"""Tien Gow on screen: its trick table, a lesson's Tien Gow step, and the Play page's hand against bots.

``view`` (the trick table and its selection), ``lesson`` (a Tien Gow step in
the lesson player), ``play`` (the Play page's Tien Gow section), ``table``
(a hand or a match against bots as one immutable value, no Streamlit).
Imports ``app.shell`` and ``app.table``. A third game's screens would be a
folder like this one (docs/architecture.md).
"""
