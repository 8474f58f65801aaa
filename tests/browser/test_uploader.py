"""The file boxes (lesson workshop, progress, club rule sets) in the page's language, not Streamlit's English.

Streamlit draws its own "Upload" and "1MB per file • YAML, YML" on every ``st.file_uploader``;
``app.shell.uploader.file_box`` covers both with the page's words. What the learner sees is the style's text:
the test reads what Chromium computed for the box.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import open_app

from tutorial_app.i18n import t

pytestmark = pytest.mark.browser

BOX = '[data-testid="stFileUploaderDropzone"]'
SHOWN = """(el) => {
  const own = getComputedStyle(el).fontSize, after = getComputedStyle(el, '::after');
  return {own, after: after.content, size: after.fontSize};
}"""
"""An element's own text size (0px: hidden) and the text its ``::after`` shows instead."""


@pytest.mark.parametrize("lang", ["ru", "uk", "es", "en"])
def test_the_lesson_workshops_file_box_speaks_the_pages_language(screen_page: Any, app_url: str, lang: str) -> None:
    page = screen_page(viewport={"width": 1400, "height": 1000}, locale="en-US")
    open_app(page, f"{app_url}/workshop?lang={lang}")
    box = page.locator(BOX).first
    box.wait_for(timeout=30_000)
    button = box.locator('button [data-testid="stMarkdownContainer"] p').evaluate(SHOWN)
    assert button == {"own": "0px", "after": f'"{t("upload.button", lang)}"', "size": "14px"}
    limit = box.locator('[data-testid="stFileUploaderDropzoneInstructions"] span').evaluate(SHOWN)
    assert limit["own"] == "0px" and limit["size"] == "14px"
    assert limit["after"] == f'"{t("upload.limit", lang, mb=1, types="YAML, YML")}"'
    if lang != "en":
        assert "Upload" not in limit["after"] + button["after"]
