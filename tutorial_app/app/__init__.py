"""The Streamlit app: ``main.py`` (the router), the page files in ``app_pages/``, and the pages' parts by feature.

Folders, each importing only those before it: ``shell`` (what every page
stands on), ``table`` (a line game's table), ``tien_gow`` (Tien Gow's
table), ``play``, ``compare``, ``learn``, ``club``; then the page files.
See docs/architecture.md.
"""
