"""Print where the time goes when `replay` meets a very long game (not a test: timings vary).

The game: two players pass one Jackpot! back and forth (each plays it, the discard pile is
reshuffled into the draw pile, the other draws it), N events, about ten steps each.

Run: python benchmarks/long_log.py [EVENTS] [--engine]   (default 100000; --engine: load and
replay only, no rendering)
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's package


def scenario_text(events: int) -> str:
    lines = [
        "title: Jackpot! passed back and forth",
        "players: [Alice, Bob]",
        "setup:",
        "  turn: Alice",
        "  hands: {Alice: [Jackpot!]}",
        "events:",
    ]
    lines += [f"  - {'Alice' if i % 2 == 0 else 'Bob'} plays Jackpot!" for i in range(events)]
    return "\n".join(lines) + "\n"


def timed(label: str, action):  # noqa: ANN001, ANN201 - a thunk and its result
    start = time.process_time()
    result = action()
    print(f"  {label:<38} {time.process_time() - start:6.2f} s")
    return result


def main() -> None:
    from rich.console import Console

    from adjudicator import report
    from adjudicator.answer import build_answer
    from adjudicator.cards.catalog import builtin
    from adjudicator.engine.replay import replay
    from adjudicator.json_output import json_text, write_json_text
    from adjudicator.loading.scenario import load_scenario
    from adjudicator.log.render import render_replay
    from adjudicator.verdict import build_verdict

    numbers = [arg for arg in sys.argv[1:] if arg.isdigit()]
    events = int(numbers[0]) if numbers else 100_000
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.yaml"
        path.write_text(scenario_text(events), encoding="utf-8")
        print(f"{events:,} events (CPU seconds):")
        timed("built-in decks (once per process)", builtin)
        scenario = timed("load the file", lambda: load_scenario(path))
        game = timed("replay (engine)", lambda: replay(scenario))
        print(f"  {'steps':<38} {len(game.steps):,}")
        if "--engine" in sys.argv:
            return
        verdict = timed("verdict (read once from the game)", lambda: build_verdict(game))
        timed("answer", lambda: build_answer(verdict))
        quiet = lambda: Console(file=io.StringIO(), highlight=False)  # noqa: E731
        timed("text (first, last 60 steps; answer)", lambda: render_replay(verdict, quiet()))
        timed("text --full", lambda: render_replay(verdict, quiet(), full=True))
        timed("markdown", lambda: report.to_markdown(verdict))
        timed("html", lambda: report.to_html(verdict))
        timed("json (one line past 200 steps)", lambda: json_text(verdict))
        with open(os.devnull, "w", encoding="utf-8") as devnull:
            timed("replay --json to /dev/null", lambda: write_json_text(verdict, devnull))


if __name__ == "__main__":
    main()
