"""The board: pure chain geometry (``layout``), the Plotly figure (``figure``), clicks (``controller``).

Data flows one way: ``rules`` <- ``board`` <- ``app``; nothing here imports Streamlit.
"""
