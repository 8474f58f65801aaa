"""A line game's table on screen, shared by the Learn, Play and Club pages: the board, the controls, the coach.

``board_view`` (the Plotly board with its clicks), ``screen`` (a narrow
screen's width), ``controls`` (tile and end buttons), ``coach`` and
``hint_panel`` (the hint's ranked moves, What we know), ``hand_review`` and
``review_rows`` (a played hand reviewed), ``records`` (the game record and
score sheet in words), ``bots`` (the app's opponents). Imports only
``app.shell`` from the app.
"""
