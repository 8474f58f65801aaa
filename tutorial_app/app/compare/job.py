"""A long comparison run in the background: the page stays usable and shows how far the bots are.

Why a thread and not the page's script: Streamlit runs a page's script to
its end before it answers the next click, so 10,000 hands per rule set in the
script would freeze every widget for half a minute. The thread only calls
the rules core's simulator and writes its progress here; the page polls it
from a fragment. Why in this process (``jobs=1``): forking a server that
runs threads may copy a held lock into the child.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from tutorial_app.app.compare.stats import RuleSetRun
from tutorial_app.rules.line.options import HouseRules
from tutorial_app.rules.line.simulate import Bot, simulate_hands, simulate_matches

__all__ = ["ComparisonJob", "Stopped"]


class Stopped(Exception):
    """Raised inside the simulation when the page asked the job to stop."""


class ComparisonJob:
    """Simulate ``hands`` hands and ``matches`` matches under each rule set, one after another."""

    def __init__(
        self, names: Sequence[str], rules: Sequence[HouseRules], hands: int, matches: int, bot: Bot, seed: int = 1
    ) -> None:
        self.names = tuple(names)
        self.rules = tuple(rules)
        self.hands, self.matches, self.bot, self.seed = hands, matches, bot, seed
        self.total = len(self.rules) * (hands + matches)
        self.done = 0
        self.runs: list[RuleSetRun] | None = None
        self.failed: BaseException | None = None
        self.seconds = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="domino-compare", daemon=True)

    @property
    def signature(self) -> tuple[object, ...]:
        """What the figures depend on: a page whose choices differ does not show them."""
        return self.rules, self.hands, self.matches, self.bot, self.seed

    @property
    def fraction(self) -> float:
        return min(1.0, self.done / self.total) if self.total else 1.0

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    def start(self) -> ComparisonJob:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Ask the job to stop at its next progress report (a few hundredths of the run)."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def _run(self) -> None:
        started = time.perf_counter()
        try:
            self.runs = [self._one(rules) for rules in self.rules]
        except Stopped:
            self.runs = None
        except Exception as exc:  # shown by the page as one sentence; the page logs it
            self.failed = exc
        self.seconds = time.perf_counter() - started

    def _one(self, rules: HouseRules) -> RuleSetRun:
        before = self.done

        def progress(done: int, _total: int) -> None:
            if self._stop.is_set():
                raise Stopped
            self.done = before + done

        hands = simulate_hands(rules, self.hands, self.seed, self.bot, progress)
        before = self.done
        matches = simulate_matches(rules, self.matches, self.seed, self.bot, progress) if self.matches else None
        self.done = before + self.matches
        return RuleSetRun(rules, hands, matches)
