"""Engine cost as instructions executed, a figure that stays the same on a busy machine.

Wall and CPU times on a shared machine vary by 20 % or more from run to run, too much to see
a 3 % change. valgrind's callgrind counts the instructions a run executes, which does not
depend on what else the machine is doing. Each workload runs twice under callgrind, once empty
and once full, so the difference is the workload alone (start-up and imports cancel out),
with string hashing fixed (PYTHONHASHSEED=0):

- `games`: the six recorded random games in benchmarks/recorded/ (5.0 + Creeper Pack +
  Surprises, 2 players; 658 events), played as `simulate` plays them (no log): before each
  recorded event, `Game.decision` lists the legal events, then the event listed is pushed. Per event.
- `pushes`: the same events pushed alone, nothing listed (the forced steps run inside push):
  `games` minus `pushes` is what listing costs.
- `scenarios`: every bundled scenario replayed (engine only). Per replay.
- `long`: the Jackpot! passed back and forth (benchmarks/long_log.py), 1,000 events. Per event.

The recorded games are fixed files, so two versions of the engine are compared on the same
events even when their generators would pick differently.

Run: python benchmarks/instructions.py [games|scenarios|long ...]   (needs valgrind)
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORDED = sorted((ROOT / "benchmarks" / "recorded").glob("game-*.yaml"))
LONG_EVENTS = 1000


def run_workload(name: str, full: bool) -> int:
    """Run a workload in this process (empty: only its set-up); return how many units it ran."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from adjudicator.engine.game import Game
    from adjudicator.engine.replay import replay
    from adjudicator.loading.scenario import load_scenario, parse_scenario

    if name in ("games", "pushes"):
        games = [load_scenario(path) for path in RECORDED]
        events = 0
        for scenario in games if full else ():
            game = Game(dataclasses.replace(scenario, events=()), undo=False, log=False)  # as simulate plays
            for event in scenario.events:
                if name == "games":  # the decision listed, and the listed event pushed, as simulate does
                    listed = game.decision().events
                    event = next((e for e in listed if e.text == event.text), event)  # noqa: PLW2901
                game.push(event)
                events += 1
        return events
    if name == "scenarios":
        from adjudicator.checking import scenario_files

        scenarios = [load_scenario(path) for path in scenario_files([ROOT / "scenarios"])]
        for scenario in scenarios:
            replay(scenario)  # both runs: what a first replay loads once (the Word Fluxx lexicon) cancels out
        for scenario in scenarios if full else ():
            replay(scenario)
        return len(scenarios)
    from long_log import scenario_text

    scenario = parse_scenario(scenario_text(LONG_EVENTS), "long.yaml")
    if full:
        replay(scenario)
    return LONG_EVENTS


def instructions(name: str, full: bool) -> tuple[int, int]:
    """(instructions, units) of a run of the workload in a process of its own under callgrind."""
    python = Path(sys.executable).resolve()  # the interpreter itself: valgrind would count a shim script
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={folder}/out",
                str(python),
                __file__,
                "--run",
                name,
                "full" if full else "empty",
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )  # string hashing varies the count a little otherwise
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1)), int(done.stdout.split()[-1])


def main() -> None:
    if sys.argv[1:2] == ["--run"]:
        print(run_workload(sys.argv[2], sys.argv[3] == "full"))
        return
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: this benchmark counts instructions with callgrind")
        return
    units = {
        "games": "event (list the legal events, then push)",
        "pushes": "event (pushed alone)",
        "scenarios": "scenario replay",
        "long": "event of the long log",
    }
    for name in sys.argv[1:] or list(units):
        # Set up once outside valgrind: a tree that has not built the on-disk deck cache yet would
        # build it in whichever of the two counted runs comes first, and skew the difference.
        subprocess.run([sys.executable, __file__, "--run", name, "empty"], capture_output=True, check=True)
        full, count = instructions(name, True)
        empty, _ = instructions(name, False)
        print(
            f"{name:<10} {(full - empty) / count / 1000:8,.0f} thousand instructions per {units[name]}"
            f"  ({count:,} in all)"
        )


if __name__ == "__main__":
    main()
