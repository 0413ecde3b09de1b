"""What taking an event back costs (not a test): `Game.push` + `Game.pop` per event with the
undo record (engine/undoing.py), with a copy of the game kept before the push (as `pop` was
before the record: the copy's fields became the game's), and `push` alone on a game that keeps
no undo stack; and the memory the undo stack holds per event, both ways.

Random games (the default decks, 2 and 4 players) are walked through the driver's protocol; at
each position every listed event (at most `PER_POSITION`) is pushed and popped each way, and
pushed on a copy that keeps no undo stack (made outside the timing); interleaved, best of
`ROUNDS`. Memory: a random
game played with an undo stack of each kind and without one (`tracemalloc`), the difference
per event pushed.

Run: python benchmarks/undo.py [GAMES]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PER_POSITION = 6
ROUNDS = 3
MAX_EVENTS = 150


def main(games: int = 12) -> None:
    positions = _positions(games)
    events = sum(len(tried) for _game, tried in positions)
    best = dict.fromkeys(("record", "copy", "alone"), float("inf"))
    for _ in range(ROUNDS):
        spent = dict.fromkeys(best, 0.0)
        for game, tried in positions:
            for event in tried:
                plain = game.copy()  # keeps no undo stack
                game._decided = None  # push takes its own path (no listing's copy adopted)
                start = time.process_time()
                game.push(event)
                game.pop()
                spent["record"] += time.process_time() - start
                start = time.process_time()
                _copy_push_pop(game, event)
                spent["copy"] += time.process_time() - start
                start = time.process_time()
                plain.push(event)
                spent["alone"] += time.process_time() - start
        best = {name: min(best[name], spent[name]) for name in best}
    record, copy, alone = (best[name] / events * 1e6 for name in ("record", "copy", "alone"))
    print(f"{events:,} events pushed and popped in {games} random games (default decks, 2 and 4 players),")
    print(f"CPU time per event, best of {ROUNDS} rounds:")
    print(f"  push alone, no undo stack      {alone:6.1f} µs")
    print(f"  push + pop, the undo record    {record:6.1f} µs  (the undo's share {record - alone:5.1f} µs)")
    print(f"  push + pop, a copy of the game {copy:6.1f} µs  (the undo's share {copy - alone:5.1f} µs)")
    sizes = {True: [], False: []}
    for seed in range(games):
        for copying in (False, True):
            size, pushed = _stack_size(seed, copying)
            sizes[copying].append(size / pushed)
    for copying, name in ((False, "the undo record"), (True, "a copy of the game")):
        print(
            f"  memory per event on the undo stack, {name}: median {statistics.median(sizes[copying]) / 1024:.1f} KiB "
            f"(max {max(sizes[copying]) / 1024:.1f} KiB)"
        )


def _copy_push_pop(game: Any, event: Any) -> None:
    """Push and pop as they were before the undo record: a copy of the game kept before the
    push, whose fields become the game's again."""
    from adjudicator.engine.copying import fields_of, set_fields

    stack, game.undo = game.undo, None
    kept = game.copy()
    game.push(event)
    set_fields(game, fields_of(kept))
    game.undo = stack


def _positions(games: int) -> list[tuple[Any, list[Any]]]:
    """The positions of random games, each a game of its own keeping an undo stack, with the
    events tried there (the first listed)."""
    from adjudicator.engine.game import Game
    from adjudicator.simulate import DEFAULT_NAMES, Settings, dealt_scenario

    found = []
    for seed in range(games):
        rng = random.Random(seed)
        players = DEFAULT_NAMES[: 2 if seed % 2 == 0 else 4]
        game = Game(dealt_scenario(Settings(players=players), rng), undo=False)
        for _ in range(MAX_EVENTS):
            decision = game.decision()
            if game.is_over or not decision.events:
                break
            here = game.copy()
            here.undo = []
            found.append((here, list(decision.events[:PER_POSITION])))
            game.push(rng.choice(decision.events))
    return found


def _stack_size(seed: int, copying: bool) -> tuple[int, int]:
    """Bytes an undo stack holds per event: one random game played on a game that keeps an undo
    stack and on one that keeps none (`tracemalloc`, each game alive at the end), the difference
    per event; and the events. `copying`: the stack holds a copy of the game per event instead."""
    from adjudicator.engine.game import Game
    from adjudicator.simulate import Settings, dealt_scenario

    held = []
    for undo in (True, False):
        rng = random.Random(seed)
        tracemalloc.start()
        game = Game(dealt_scenario(Settings(), rng), undo=undo and not copying)
        copies = []  # the stack of copies, kept alive to the end
        for _ in range(MAX_EVENTS):
            decision = game.decision()
            if game.is_over or not decision.events:
                break
            game._decided = None  # push's own way: no listing's copy taken on (which keeps the old table)
            if undo and copying:
                copies.append(game.copy())
            game.push(rng.choice(decision.events))
        held.append(tracemalloc.get_traced_memory()[0])
        tracemalloc.stop()
        del copies
    return held[0] - held[1], len(game.move_stack)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
