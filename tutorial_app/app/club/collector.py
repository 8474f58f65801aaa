"""Python's garbage collector on a server that a class of a hundred phones keeps busy: set once per process.

Why: every script run, each phone's one-second poll included, leaves objects behind, and Python's
collector then walks the whole heap now and then (a "full" collection). The heap of a running app is
large (the lessons, plotly, pandas, a session per screen): with 100 phones polling, two full collections
came in every 8 seconds and took 0.6-1.4 s together, holding up every screen's run while they went on
(``benchmarks/club_load.py``, gc callbacks timed on the server; load 4-11 on 2 cores). ``settle``:

- freezes the heap after the process's first full run (``gc.freeze``): the modules and caches that run
  loaded stay for the process's life, so no collection needs to walk them again;
- collects the oldest generation ten times less often (``FULL_EVERY``): what remains for it (the screens'
  sessions) is walked then, and cyclic garbage waits a little longer to be freed; objects without cycles
  are freed at once as before.

With both, the same 8-second windows held 0-1 full collections of ~0.25 s.
"""

from __future__ import annotations

import gc
import threading

__all__ = ["FULL_EVERY", "settle"]

FULL_EVERY = 100
"""Collections of the middle generation between two of the oldest (Python's default: 10)."""
_ONCE = threading.Lock()
_DONE: list[bool] = []


def settle() -> None:
    """Freeze what the process holds now and space out the full collections (once per process; later calls
    return at once)."""
    with _ONCE:
        if _DONE:
            return
        _DONE.append(True)
        young, middle, _old = gc.get_threshold()
        gc.collect()
        gc.freeze()
        gc.set_threshold(young, middle, FULL_EVERY)
