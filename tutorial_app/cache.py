"""The app's own cache folder: ``domino-tutor`` in the user's cache folder, else in the temporary folder.

What is kept there is made again from the package when it is missing (the packed plotly.js, the checked
courses), so it may be deleted at any time. A folder is used only if this user alone can write in it: a
file the app reads back (a script it serves, lessons it shows) must not be one another user of a shared
machine could have put there first.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["cache_folder", "owned_only_by_me"]


def cache_folder(name: str) -> Path | None:
    """The folder ``domino-tutor/<name>`` of the cache, made if need be (``XDG_CACHE_HOME``, else ``~/.cache``,
    else the temporary folder: the first this user alone can write in); None where there is none."""
    home = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    for base in (Path(home), Path(tempfile.gettempdir())):
        ours = base / "domino-tutor"
        try:
            base.mkdir(parents=True, exist_ok=True)
            for folder in (ours, ours / name):
                folder.mkdir(mode=0o700, exist_ok=True)
                if _mine(folder) and folder.stat().st_mode & 0o022:
                    folder.chmod(0o700)  # made by an older version under a looser umask
            if owned_only_by_me(ours) and owned_only_by_me(ours / name) and os.access(ours / name, os.W_OK):
                return ours / name
        except OSError:
            continue
    return None


def _mine(folder: Path) -> bool:
    uid = getattr(os, "getuid", None)
    return uid is None or folder.stat().st_uid == uid()


def owned_only_by_me(folder: Path) -> bool:
    """Whether ``folder`` belongs to this user and nobody else may write in it (no group or world write)."""
    return _mine(folder) and not folder.stat().st_mode & 0o022
