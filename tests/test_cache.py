"""The app's cache folder (``tutorial_app.cache``): used only where this user alone can write."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tutorial_app.cache import cache_folder, owned_only_by_me


@pytest.fixture
def homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A cache home and a temporary folder of the test's own."""
    home, temporary = tmp_path / "cache", tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.setattr("tempfile.tempdir", str(temporary))
    return home, temporary


def test_the_folder_is_made_in_the_cache_home_for_this_user_alone(homes: tuple[Path, Path]) -> None:
    home, _temporary = homes
    folder = cache_folder("lessons")
    assert folder == home / "domino-tutor" / "lessons" and folder.is_dir()
    assert owned_only_by_me(folder) and owned_only_by_me(folder.parent)
    assert cache_folder("lessons") == folder  # found again


def test_a_folder_an_older_version_left_open_is_closed_again(homes: tuple[Path, Path]) -> None:
    home, _temporary = homes
    (home / "domino-tutor").mkdir(parents=True)
    os.chmod(home / "domino-tutor", 0o777)
    folder = cache_folder("plotly")
    assert folder == home / "domino-tutor" / "plotly"
    assert (home / "domino-tutor").stat().st_mode & 0o777 == 0o700


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root to make another's folder")
def test_a_folder_another_user_made_first_is_not_used(homes: tuple[Path, Path]) -> None:
    """Where another user owns the app's folder in the cache home (a file there could be served as plotly.js or
    read as lessons), the temporary folder is used; where it is theirs there too, none."""
    home, temporary = homes
    for base in (home, temporary):
        (base / "domino-tutor").mkdir(parents=True, exist_ok=True)
        os.chown(base / "domino-tutor", 12345, 12345)
        if base == home:
            assert cache_folder("lessons") == temporary / "domino-tutor" / "lessons"
    assert cache_folder("lessons") is None


def test_no_folder_where_neither_can_be_written(homes: tuple[Path, Path]) -> None:
    home, temporary = homes
    home.write_text("a file where the folder should be")
    (temporary / "domino-tutor").write_text("and here too")
    assert cache_folder("lessons") is None
