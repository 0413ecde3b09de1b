"""Where a turn of `simulate` goes, subsystem by subsystem (not a test: the shares are a profile's).

Plays random games as `simulate` plays them (`simulate.play_game`: no log, `Game.decision`,
`Game.push`), once timed (CPU time per turn) and once under cProfile. Each function's own time
(tottime) is put in the subsystem of the file it is in; the shares are scaled to the unprofiled
CPU time per turn, since the profiler itself inflates every call alike. Also the Python calls
per turn (the profile's count).

Run: python benchmarks/per_turn.py [GAMES] [DECKS]     (default 60 games of fluxx5)
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: (subsystem, the path fragments of its files), first match wins.
SUBSYSTEMS = (
    (
        "listing legal events (engine/legal.py, listing.py, deciding.py)",
        ("engine/legal.py", "engine/listing.py", "engine/deciding.py"),
    ),
    ("forced steps taken ahead (engine/advancing.py)", ("engine/advancing.py",)),
    ("copies of a game (copying, state copies, copy module)", ("engine/copying.py", "model/position.py", "copy.py")),
    ("effective rules (engine/derived.py)", ("engine/derived.py",)),
    ("response chain and windows (engine/chain.py)", ("engine/chain.py",)),
    ("event order (engine/event_order.py)", ("engine/event_order.py", "engine/copies.py")),
    ("zones and the clock (model/zones.py)", ("model/zones.py",)),
    (
        "the game: turn, checks, draws, plays (engine/game.py and its subsystems)",
        (
            "engine/game.py",
            "engine/agenda.py",
            "engine/turns.py",
            "engine/goals.py",
            "engine/playing.py",
            "engine/solo.py",
        ),
    ),
    ("card kinds (cards/kinds)", ("cards/kinds", "model/cards.py", "model/choices.py")),
    ("step records (model/records.py, log/)", ("model/records.py", "log/")),
    ("events (model/events.py, loading/)", ("model/events.py", "loading/")),
    ("the driver (simulate.py)", ("simulate.py",)),
)


def subsystem(filename: str) -> str:
    for name, fragments in SUBSYSTEMS:
        if any(fragment in filename for fragment in fragments):
            return name
    return "Python built-ins and the rest"


def play(settings, games: int) -> int:  # noqa: ANN001 - a simulate.Settings
    from adjudicator import simulate as sim

    return sum(sim.play_game(settings, index).turns for index in range(games))


def main() -> None:
    from adjudicator import simulate as sim

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    decks = tuple(sys.argv[2].split(",")) if len(sys.argv) > 2 else ("fluxx5",)
    settings = sim.Settings(players=("Alice", "Bob"), decks=decks)
    play(settings, 1)  # warm the catalog and the caches
    start = time.process_time()
    turns = play(settings, games)
    per_turn = (time.process_time() - start) / turns
    profile = cProfile.Profile()
    profile.enable()
    play(settings, games)
    profile.disable()
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    own: Counter[str] = Counter()
    calls = 0
    for (filename, _line, _name), (_primitive, total_calls, tottime, _cumtime, _callers) in stats.items():
        own[subsystem(filename)] += tottime
        calls += total_calls
    whole = sum(own.values())
    print(f"{games} games of {'+'.join(decks)}, 2 players: {per_turn * 1e6:,.0f} µs of CPU per turn (unprofiled)")
    print(f"  Python calls per turn: {calls / turns:,.0f}")
    for name, seconds in own.most_common():
        print(f"  {seconds / whole * per_turn * 1e6:7,.0f} µs  {seconds / whole:4.0%}  {name}")


if __name__ == "__main__":
    main()
