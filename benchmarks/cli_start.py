"""How fast the command line starts: each verb against a bare import of the engine it needs, in the same run.

Run: ``python3 benchmarks/cli_start.py [--rounds N]``.

Each round runs, one after the other (so the machine's load falls on all alike), three verbs on inputs that
need almost no work (``referee`` and ``analyze --open`` on a two-tile endgame: the same imports as any
analysis, one solve of a few positions; ``rules`` listing the presets) and
the references: ``python3 -c "import tutorial_app.rules.line.referee"`` (the rules engine with its referee:
what ``referee`` and ``rules`` need), the same with numpy (what ``analyze`` needs besides the strategy
engine), and the literal ``import tutorial_app.rules`` and ``import numpy, tutorial_app.rules`` of issue 23.
Since the rules package was split into folders, ``tutorial_app.rules`` imports nothing at all (it is the
interpreter's own start-up), so the engine's face is the fair reference; both ratios are printed.

Times are the processes' CPU time (user + system; the median over the rounds), which the other processes
on a shared machine disturb far less than wall-clock time; the wall-clock medians are printed beside them.
The figure: ``CLI start ratio: X``, the worst verb's CPU time over its engine's (goal, issue 23: <= 1.5).
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from measure import benchmark_parser, load_average

GOAL = 1.5
POSITION = """rules: block
hands: [["4-2", "6-6"], ["5-5", "1-1"]]
chain: ["4-3", "3-2"]
to_move: 0
"""


def run_once(command: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.decode()[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main(argv: list[str] | None = None) -> int:
    parser = benchmark_parser(__doc__)
    parser.add_argument("--rounds", type=int, default=11)
    args = parser.parse_args(argv)
    python = sys.executable
    with tempfile.TemporaryDirectory() as folder:
        position = Path(folder) / "endgame.yaml"
        position.write_text(POSITION, encoding="utf-8")
        commands: dict[str, list[str]] = {
            "engine: rules": [python, "-c", "import tutorial_app.rules.line.referee"],
            "engine: numpy + rules": [python, "-c", "import numpy, tutorial_app.rules.line.referee"],
            "issue: import tutorial_app.rules": [python, "-c", "import tutorial_app.rules"],
            "issue: numpy + tutorial_app.rules": [python, "-c", "import numpy, tutorial_app.rules"],
            "referee": [python, "-m", "tutorial_app", "referee", str(position)],
            "rules": [python, "-m", "tutorial_app", "rules"],
            "analyze": [python, "-m", "tutorial_app", "analyze", "--open", str(position)],
        }
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        wall: dict[str, list[float]] = {name: [] for name in commands}
        for command in commands.values():
            run_once(command)  # warm the file cache and the byte code
        for _ in range(args.rounds):
            for name, command in commands.items():
                spent, took = run_once(command)
                cpu[name].append(spent)
                wall[name].append(took)
    print(f"median of {args.rounds} rounds, load average {load_average():.1f}")
    for name in commands:
        print(
            f"  {name:36s} CPU {1000 * statistics.median(cpu[name]):6.0f} ms   wall {1000 * statistics.median(wall[name]):6.0f} ms"
        )
    needs = {"referee": "engine: rules", "rules": "engine: rules", "analyze": "engine: numpy + rules"}
    literal = {
        "referee": "issue: import tutorial_app.rules",
        "rules": "issue: import tutorial_app.rules",
        "analyze": "issue: numpy + tutorial_app.rules",
    }
    ratios = {}
    for verb, reference in needs.items():
        ratio = statistics.median(cpu[verb]) / statistics.median(cpu[reference])
        plain = statistics.median(cpu[verb]) / statistics.median(cpu[literal[verb]])
        walls = statistics.median(wall[verb]) / statistics.median(wall[reference])
        ratios[verb] = ratio
        print(f"  {verb:8s} {ratio:.2f}x its engine (wall {walls:.2f}x); {plain:.2f}x issue 23's literal reference")
    worst = max(ratios, key=lambda v: ratios[v])
    verdict = "met" if ratios[worst] <= GOAL else "NOT met"
    print(f"CLI start ratio: {ratios[worst]:.2f} ({worst}; goal {GOAL}: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
