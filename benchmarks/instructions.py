"""Engine cost as instructions executed, a figure that stays the same on a busy machine.

Wall and CPU times on a shared machine vary by 20 % or more from run to run, too much to see
a 3 % change. valgrind's callgrind counts the instructions a run executes, which does not
depend on what else the machine is doing. Each workload runs twice under callgrind, once empty
and once full, so the difference is the workload alone (start-up and imports cancel out),
with string hashing fixed (PYTHONHASHSEED=0):

- `games`: the six recorded random games in benchmarks/recorded/ (5.0 + Creeper Pack +
  Surprises, 2 players; 1,028 events; `--record` writes them anew with this engine's `simulate`,
  so that every recorded event is one the decision lists), played as
  `simulate` plays them (no log): before each recorded event, `Game.decision` lists the legal
  events, then the event listed is pushed, read off the decision by its index as simulate's
  random pick reads it (so only that event is made). Per event.
- `pushes`: the same events pushed alone, nothing listed (the forced steps run inside push):
  `games` minus `pushes` is what listing costs.
- `scenarios`: every bundled scenario replayed (engine only). Per replay.
- `long`: the Jackpot! passed back and forth (benchmarks/long_log.py), 1,000 events. Per event.
- `share`: listing's share of a random turn, as issue 27 measures it: the games of the `process`
  run below (the same 30 fluxx5 games, recorded) played as `games` and as `pushes`; what listing
  costs them, per turn, over the whole process's instructions per turn (start-up, dealing and the
  report included, as when the issue found 45 %). `games` minus `pushes` over `games` above is the
  stricter engine-only share (no start-up, dealing or report in it).
- `process` and `peer`: the issue's figure in instructions: a whole `adjudicator simulate
  --decks fluxx5 --players 2 --workers 1` process (start-up, dealing, listing, pushing, the
  report), and a whole process of the peer engine fluxx_sim playing random legal games on its
  5.0 deck (benchmarks/games.py's loop; `--peer DIR`, default /tmp/fluxx_sim or $FLUXX_SIM),
  the same number of games each. Per turn, counted whole (nothing subtracted), then the ratio.

The recorded games are fixed files, so two versions of the engine are compared on the same
events even when their generators would pick differently.

Run: python benchmarks/instructions.py [games|pushes|scenarios|long|process|share ...]   (needs valgrind)
     python benchmarks/instructions.py --record     (write benchmarks/recorded/ anew)
"""

from __future__ import annotations

import compileall
import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.model.events import Event
    from adjudicator.model.scenario import Scenario

ROOT = Path(__file__).resolve().parents[1]
RECORDED = sorted((ROOT / "benchmarks" / "recorded").glob("game-*.yaml"))
LONG_EVENTS = 1000
PROCESS_GAMES = 30  # games per whole process (`process`): about 1,000 turns


def run_workload(name: str, full: bool, folder: Path | None = None) -> int:
    """Run a workload in this process (empty: only its set-up); return how many units it ran.
    `folder`: the games `games` and `pushes` play (default: benchmarks/recorded/)."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from adjudicator.engine.game import Game
    from adjudicator.engine.replay import replay
    from adjudicator.loading.scenario import load_scenario, parse_scenario
    from adjudicator.model.decision import past_chance

    if name in ("games", "pushes"):
        games = [load_scenario(path) for path in (sorted(folder.glob("game-*.yaml")) if folder else RECORDED)]

        def played(scenario: Scenario) -> Game:
            return Game(dataclasses.replace(scenario, events=()), undo=False, log=False)  # as simulate plays

        # Where each recorded event stands among the events listed before it, found in both runs
        # (so its cost cancels out): the full run then reads the one event simulate's pick reads.
        picks = [_picks(played(scenario), scenario.events) for scenario in games] if name == "games" else []
        events = 0
        for at, scenario in enumerate(games if full else ()):
            game = played(scenario)
            for number, event in enumerate(scenario.events[: len(picks[at]) if name == "games" else None]):
                if name == "games":  # the decision listed, and the listed event pushed, as simulate does
                    index = picks[at][number]
                    event = past_chance(game).events[index] if index is not None else event  # noqa: PLW2901
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


def _picks(game: Game, events: Sequence[Event]) -> list[int | None]:
    """For each event, its index among the events the decision before it lists (None: not listed)."""
    from adjudicator.model.decision import past_chance

    picks: list[int | None] = []
    for event in events:
        decision = past_chance(game)  # (chance picks first, as `simulate` lets it)
        if decision.is_over:
            break  # (`P begins` whose steps end the game, last in a file: the decision took them)
        listed = list(decision.events)
        found = next((i for i, e in enumerate(listed) if e.text == event.text), None)
        picks.append(found)
        game.push(listed[found] if found is not None else event)
    return picks


def callgrind(command: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    """(instructions, stdout) of a command run to its end under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out", *command],
            capture_output=True,
            text=True,
            check=True,
            env={**(env or os.environ), "PYTHONHASHSEED": "0"},
        )  # string hashing varies the count a little otherwise
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1)), done.stdout


def instructions(name: str, full: bool, folder: Path | None = None) -> tuple[int, int]:
    """(instructions, units) of a run of the workload in a process of its own under callgrind."""
    python = str(Path(sys.executable).resolve())  # the interpreter itself: valgrind would count a shim script
    where = [str(folder)] if folder else []
    count, out = callgrind([python, __file__, "--run", name, "full" if full else "empty", *where])
    return count, int(out.split()[-1])


def record_process_games(folder: Path) -> int:
    """Write the games a `process` run plays (`simulate --decks fluxx5 --players 2`, its seed 0, the
    first PROCESS_GAMES) into folder as scenario files; return how many turns they took."""
    from adjudicator import simulate as sim

    settings = sim.Settings(players=("Alice", "Bob"), decks=("fluxx5",))
    turns = 0
    for index in range(PROCESS_GAMES):
        result = sim.play_game(settings, index, keep_scenario=True)
        assert result.scenario is not None
        (folder / f"game-{index:02d}.yaml").write_text(result.scenario)
        turns += result.turns
    return turns


def listing_share(process_per_turn: float) -> None:
    """What listing costs a turn of the `process` run's own games, and its share of the whole
    process's instructions per turn (see the module's doc, `share`)."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        turns = int(
            subprocess.run(
                [sys.executable, __file__, "--record-process", name], capture_output=True, text=True, check=True
            ).stdout.split()[-1]
        )
        cost = {}
        for workload in ("games", "pushes"):
            subprocess.run(
                [sys.executable, __file__, "--run", workload, "empty", name], capture_output=True, check=True
            )
            full, _ = instructions(workload, True, folder)
            empty, _ = instructions(workload, False, folder)
            cost[workload] = full - empty
    listing = (cost["games"] - cost["pushes"]) / turns
    print(
        f"share      {listing / 1000:8,.0f} thousand instructions per turn listing the legal events, "
        f"{listing / process_per_turn:.1%} of a whole simulate turn ({process_per_turn / 1000:,.0f} thousand)"
    )


def whole_processes(peer_folder: Path) -> float:
    """Instructions per turn of a whole `simulate` process and of a whole peer process, and the
    ratio; returns ours."""
    python = str(Path(sys.executable).resolve())
    command = [python, "-m", "adjudicator", "simulate", "--players", "2", "--workers", "1", "--decks", "fluxx5"]
    ours, out = callgrind([*command, "--games", str(PROCESS_GAMES), "--json"], {**os.environ, "PYTHONPATH": str(ROOT)})
    per_turn = ours / json.loads(out)["turns_played"]
    print(f"process    {per_turn / 1000:8,.0f} thousand instructions per turn, whole simulate process, fluxx5")
    if not (peer_folder / "src" / "game" / "Game.py").is_file():
        print(f"  (peer not found at {peer_folder}: fetch sudo-pel/fluxx_sim there or pass --peer)")
        return per_turn
    compileall.compile_dir(peer_folder / "src", quiet=1)
    theirs, out = callgrind(
        [python, str(ROOT / "benchmarks" / "games.py"), "--peer-process", str(peer_folder), str(PROCESS_GAMES)]
    )
    peer_per_turn = theirs / int(out.split()[-1])
    print(
        f"peer       {peer_per_turn / 1000:8,.0f} thousand instructions per turn, whole fluxx_sim process, its 5.0 deck"
    )
    print(f"ratio      {per_turn / peer_per_turn:8.2f}x (ours / peer)")
    return per_turn


def record() -> None:
    """Write benchmarks/recorded/ anew: six random games of this engine's `simulate` (seeds 0, 1 and
    4-7: seed 2's game is capped at 1,000 events and seed 3's has 841, most of the sample alone)."""
    sys.path.insert(0, str(ROOT))
    import yaml

    from adjudicator import simulate as sim

    for file, seed in enumerate((0, 1, 4, 5, 6, 7)):
        settings = sim.Settings(players=("Alice", "Bob"), decks=("fluxx5", "creeper_pack", "surprises"), seed=seed)
        text = sim.play_game(settings, 0, keep_scenario=True).scenario
        assert text is not None
        data = {"title": f"A recorded random legal game (benchmarks/instructions.py), seed {seed}"}
        data |= {key: value for key, value in yaml.safe_load(text).items() if key != "title"}
        (ROOT / "benchmarks" / "recorded" / f"game-{file}.yaml").write_text(sim.scenario_text(data))


def main() -> None:
    if sys.argv[1:2] == ["--run"]:
        print(run_workload(sys.argv[2], sys.argv[3] == "full", Path(sys.argv[4]) if sys.argv[4:] else None))
        return
    if sys.argv[1:2] == ["--record-process"]:
        sys.path.insert(0, str(ROOT))
        print(record_process_games(Path(sys.argv[2])))
        return
    if sys.argv[1:2] == ["--record"]:
        record()
        return
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: this benchmark counts instructions with callgrind")
        return
    arguments = sys.argv[1:]
    peer_folder = Path(os.environ.get("FLUXX_SIM", "/tmp/fluxx_sim"))
    if "--peer" in arguments:
        at = arguments.index("--peer")
        peer_folder = Path(arguments[at + 1])
        del arguments[at : at + 2]
    units = {
        "games": "event (list the legal events, then push)",
        "pushes": "event (pushed alone)",
        "scenarios": "scenario replay",
        "long": "event of the long log",
    }
    # Both runs start from compiled bytecode: where Python may not write it (PYTHONDONTWRITEBYTECODE),
    # the full run would also count compiling the modules only it imports.
    unknown = [name for name in arguments if name not in (*units, "process", "share")]
    if unknown:
        every = " | ".join([*units, "process", "share"])
        print(f"usage: {Path(__file__).name} [{every} ...] [--peer DIR]; unknown: {unknown[0]}")
        sys.exit(2)
    compileall.compile_dir(ROOT / "adjudicator", quiet=1)
    compileall.compile_dir(ROOT / "benchmarks", quiet=1, maxlevels=0)
    process_per_turn = None
    for name in arguments or [*units, "process", "share"]:
        if name == "process":
            process_per_turn = whole_processes(peer_folder)
            continue
        if name == "share":
            listing_share(process_per_turn or whole_processes(peer_folder))
            continue
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
