"""The Play page's parts: a line game's hand or match against bots, and the bots chosen seat by seat.

``table`` (``PlayTable``, one immutable value, no Streamlit), ``seat_bots``
(the opponents per seat). Imports ``app.shell`` and ``app.table``.
"""
