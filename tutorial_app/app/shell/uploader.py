"""A file box in the learner's language.

Why: Streamlit writes its own English on ``st.file_uploader`` (the button's "Upload" and the line "1MB per file •
JSON") and offers no way to change it. The box is drawn by Streamlit as usual; a style scoped to its key hides
those two texts and shows ours in their place (the screen reader keeps the label we give, which is ours).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

import streamlit as st

from tutorial_app.app.shell.session import tr

__all__ = ["file_box"]


def file_box(label: str, types: Sequence[str], key: str, on_change: Callable[[], None]) -> None:
    """``st.file_uploader`` for one file of ``types``, its button and its size line in the page's language."""
    limit = tr("upload.limit", mb=st.get_option("server.maxUploadSize"), types=", ".join(t.upper() for t in types))
    # json.dumps: a CSS string is quoted, and escapes quotes and backslashes, as a JSON one does
    button, limit = (json.dumps(text, ensure_ascii=False) for text in (tr("upload.button"), limit))
    box = f".st-key-{key} [data-testid='stFileUploaderDropzone']"
    button_text = f"{box} button [data-testid='stMarkdownContainer'] p"
    limit_text = f"{box} [data-testid='stFileUploaderDropzoneInstructions'] span"
    st.html(
        f"<style>{button_text}, {limit_text} {{font-size:0}}"
        f"{button_text}::after {{content:{button}; font-size:0.875rem}}"
        f"{limit_text}::after {{content:{limit}; font-size:0.875rem}}</style>"
    )
    st.file_uploader(label, type=list(types), key=key, on_change=on_change)
