"""What the exact-play check costs ``lessons validate``: every course validated with and without it, in one run.

Run: ``python3 benchmarks/lessons_speed.py [--paths lessons/strategy ...]``

Both runs validate the same files in the same process, each from cold caches (the validator keeps the
analyses of a position for the run, and so do the exact checks). The reference run has the exact checks
switched off (the best move's lead under exact play and the claims about hidden tiles); the ratio says what
they add. CPU time is printed beside the wall clock, since other processes share the machine; the load
average is printed too.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from measure import benchmark_parser

from tutorial_app.lessons.catalog import lessons_root
from tutorial_app.lessons.check import semantics
from tutorial_app.lessons.check.validate import check_paths
from tutorial_app.lessons.quiz import strategy as strategy_quiz
from tutorial_app.strategy import exact_deals


def _clear() -> None:
    """Cold caches: every analysis, every list of deals and every exact check computed afresh."""
    for cached in (
        strategy_quiz._analysis,
        strategy_quiz._certainty_of,
        exact_deals.every_deal,
        exact_deals.exact_check,
    ):
        cached.cache_clear()


@contextmanager
def _without_exact_checks() -> Iterator[None]:
    """The validator as it was before the exact checks: no lead under exact play, no claims proved."""
    names = ("lead_problem", "claim_problem")  # what the validator's semantic pass calls for them
    saved = {name: getattr(semantics, name) for name in names}
    for name in names:
        setattr(semantics, name, lambda *_args: None)
    try:
        yield
    finally:
        for name, function in saved.items():
            setattr(semantics, name, function)


def _timed(run: Callable[[], object]) -> tuple[float, float]:
    _clear()
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--paths", nargs="*", type=Path, default=[lessons_root()], help="lesson files or folders")
    args = parser.parse_args()
    paths: list[Path] = args.paths
    with _without_exact_checks():
        base_wall, base_cpu = _timed(lambda: check_paths(paths))
    wall, cpu = _timed(lambda: check_paths(paths))
    report = check_paths(paths)
    print(f"files: {', '.join(str(p) for p in paths)} ({report.summary()})")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"without the exact checks: {base_cpu:6.1f} s CPU ({base_wall:.1f} s wall)")
    print(f"with the exact checks:    {cpu:6.1f} s CPU ({wall:.1f} s wall)")
    print(f"ratio (CPU): {cpu / base_cpu:.2f}; the exact checks add {cpu - base_cpu:.1f} s CPU")


if __name__ == "__main__":
    main()
