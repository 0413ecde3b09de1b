"""Random legal games, as fast as the engine plays them (issue 13's figures; not a test).

Two players, the whole Fluxx 5.0 deck with the Creeper Pack and the Surprises, shuffled per
game; at every step a legal event is picked uniformly at random among `legal.next_events`
and pushed, until someone wins or a cap is hit. One core; times are the process's CPU time,
so other work on the machine does not inflate them. Prints games/s, turns/s, µs per turn,
the share of time spent listing legal events (which includes advancing the game through the
steps the next event forces anyway), and engine-only scenario replays/s,
beside the reference figure quoted in issue 13 for the peer engine fluxx_sim (measured on
this kind of machine: 172 games/s, 10,900 turns/s; its code is not part of this project, so
it is quoted, not re-run here).

Run: python benchmarks/games.py [GAMES]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DECKS = ("fluxx5", "creeper_pack", "surprises")
CAP = 1000  # events per game
PEER = {"games/s": 172, "turns/s": 10_900}


def new_game(seed: int, players: tuple[str, ...] = ("Alice", "Bob")):
    """A shuffled game about to be dealt, and the random source that picks its events."""
    from adjudicator.engine.game import Game
    from adjudicator.simulate import Settings, dealt_scenario

    rng = random.Random(seed)
    return Game(dealt_scenario(Settings(players=players, decks=DECKS), rng)), rng


def play(seed: int) -> tuple[int, float, float, str]:
    """One game: (turns, wall seconds listing events, wall seconds pushing them, how it ended)."""
    from adjudicator.engine.legal import next_events
    from adjudicator.model import records as rec

    game, rng = new_game(seed)
    listing = pushing = 0.0
    ended = "capped"
    for number in range(1, CAP + 1):
        start = time.perf_counter()  # the split is a share: wall time is close enough, and much cheaper to read
        events = next_events(game, number)
        listing += time.perf_counter() - start
        if game.winner:
            ended = "won"
            break
        if not events:
            ended = "stuck"
            break
        start = time.perf_counter()
        game.push(rng.choice(events))
        pushing += time.perf_counter() - start
        if game.winner:
            ended = "won"
            break
    turns = sum(isinstance(step, rec.TurnBegan) for step in game.steps)
    return turns, listing, pushing, ended


def replays_per_second(repeat: int = 5) -> float:
    from adjudicator.checking import scenario_files
    from adjudicator.engine.replay import replay
    from adjudicator.loading.scenario import load_scenario

    scenarios = [load_scenario(path) for path in scenario_files([ROOT / "scenarios"])]
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for scenario in scenarios:
            replay(scenario)
        best = min(best, time.process_time() - start)
    return len(scenarios) / best


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    new_game(0)  # warm the catalog
    start, elapsed = time.process_time(), time.perf_counter()
    results = [play(seed) for seed in range(games)]
    wall = time.process_time() - start  # CPU time (named for what it stands in for: one core's wall time)
    elapsed = time.perf_counter() - elapsed
    turns = sum(r[0] for r in results)
    listing = sum(r[1] for r in results)
    pushing = sum(r[2] for r in results)
    ended = {how: sum(r[3] == how for r in results) for how in ("won", "stuck", "capped")}
    print(f"{games} random legal games (2 players, {' + '.join(DECKS)}), one core: {wall:.2f} s of CPU time")
    print(
        f"  {games / wall:.1f} games/s   {turns / wall:,.0f} turns/s   {wall / turns * 1e6:.0f} µs per turn"
        f"   ({turns / games:.0f} turns per game; {ended['won']} won, {ended['stuck']} stuck, "
        f"{ended['capped']} capped at {CAP} events)"
    )
    print(
        f"  time listing legal events {listing / elapsed:.0%}, pushing events {pushing / elapsed:.0%}, "
        f"the rest (dealing, setup) {1 - (listing + pushing) / elapsed:.0%}"
    )
    print(
        f"  reference, fluxx_sim core (issue 13, same kind of machine): {PEER['games/s']} games/s, "
        f"{PEER['turns/s']:,} turns/s (99 cards, no Creepers, no Surprises)"
    )
    print(f"engine-only scenario replays: {replays_per_second():,.0f} replays/s")


if __name__ == "__main__":
    main()
