"""Every app test gets its own progress database and a fresh resource cache."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st


@pytest.fixture(autouse=True)
def _own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("DOMINO_TUTOR_PROGRESS_DB", str(tmp_path / "progress.sqlite3"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    st.cache_resource.clear()
    yield
    st.cache_resource.clear()
