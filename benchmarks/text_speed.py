"""What writing the engine's sentences out costs, in each language (issue 22: message ids and catalogs).

Run: ``python3 benchmarks/text_speed.py [--hands N] [--rounds R]``.

Plays N random 2-player block hands to their end, then, in interleaved rounds (so a busy machine slows
all alike), times (a) the engine building each hand's worked explanation (``explain_hand_end``: message
ids and values, nothing written yet) and (b) writing every sentence of it out in English, Russian,
Ukrainian and Spanish (``Text.in_``: a catalog lookup, the fields formatted in the language). Prints
the best round's microseconds per hand and each language's cost as a ratio of building the text, with
the characters written (the same text each round).
"""

from __future__ import annotations

import random
import time

from measure import benchmark_parser, load_average

from tutorial_app.language import LANGS
from tutorial_app.rules.line.deal import deal
from tutorial_app.rules.line.moves import apply, legal_moves
from tutorial_app.rules.line.state import HandState
from tutorial_app.rules.line.variants import rules_for
from tutorial_app.rules.line.worked_end import WorkedEnd, explain_hand_end
from tutorial_app.rules.text import Text


def finished_hands(count: int, seed: int) -> list[HandState]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        state = deal(rules_for("block", 2), rng).state
        while not state.is_over:
            state = apply(state, rng.choice(legal_moves(state)))
        out.append(state)
    return out


def texts_of(worked: WorkedEnd) -> list[Text]:
    return [field for field in worked if isinstance(field, Text)]


def main() -> None:
    parser = benchmark_parser(__doc__, seed=7)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    states = finished_hands(args.hands, args.seed)
    explained = [explain_hand_end(s, viewer=0) for s in states]
    for lang in LANGS:  # load each catalog once before timing
        explained[0].how.in_(lang)
    build: list[float] = []
    write: dict[str, list[float]] = {lang: [] for lang in LANGS}
    chars: dict[str, int] = {}
    for _ in range(args.rounds):
        start = time.process_time()
        for state in states:
            explain_hand_end(state, viewer=0)
        build.append(time.process_time() - start)
        for lang in LANGS:
            start = time.process_time()
            written = sum(len(text.in_(lang)) for worked in explained for text in texts_of(worked))
            write[lang].append(time.process_time() - start)
            chars[lang] = written
    per_hand = 1e6 / len(states)
    base = min(build)
    print(f"{len(states)} finished block hands, best of {args.rounds} rounds, load {load_average():.1f}")
    print(f"  build the worked hand end (message ids + values): {base * per_hand:8.1f} us per hand")
    for lang in LANGS:
        best = min(write[lang])
        print(
            f"  write it out in {lang}: {best * per_hand:8.1f} us per hand, {best / base:5.2f} x building it,"
            f" {chars[lang] / len(states):6.0f} characters per hand"
        )


if __name__ == "__main__":
    main()
