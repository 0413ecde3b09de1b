"""How fast `solve` searches (not a test): positions per second, the time to solve a typical
5.0 turn, and the largest position solved under 10 s.

- positions per second: every puzzle of scenarios/solve/, solved one after the other (CPU time);
- a typical 5.0 turn: 2 players, Play 3, a hand of 7 dealt at random from the 5.0 deck (Bob 3
  cards and 2 Keepers, a Goal, a draw pile of 10), solved to the end; the median and the worst
  CPU time over `TURNS` deals (the target: under 1 s);
- the largest position: deals with a larger hand and Play rule (hand 7 with Play 3, then 8, 9 and
  10 with Play 4), `DEALS` of each: how many are solved under 10 s, and the largest of them.

Run: python benchmarks/solve.py [TURNS]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TURNS = 20
#: The bound on positions for the largest positions tried (a random step sampled 100 times, each
#: searched on, can take minutes: it is reported as not finished).
LARGEST_LIMIT = 15_000
#: Deals tried for each size of the largest positions.
DEALS = 4
PUZZLES = ROOT / "scenarios" / "solve"


def deal(seed: int, hand: int, rule: str) -> str:
    """A scenario of a random 5.0 turn: Alice to play under `rule` (Play 3), `hand` cards in her hand."""
    from adjudicator.cards.catalog import builtin
    from adjudicator.cards.kinds import is_supported
    from adjudicator.model.cards import CardType

    cards = [c for c in builtin().decks["fluxx5"].cards if is_supported(c)]
    rng = random.Random(seed)
    keepers = [c.name for c in cards if c.type is CardType.KEEPER]
    goals = [c.name for c in cards if c.type is CardType.GOAL]
    playable = [c.name for c in cards if c.type in (CardType.KEEPER, CardType.ACTION, CardType.RULE, CardType.GOAL)]
    playable = [name for name in playable if not name.startswith(("Play ", "Draw "))]
    goal = rng.choice(goals)
    rng.shuffle(playable)
    alice = playable[:hand]
    rest = [name for name in keepers if name not in alice]
    rng.shuffle(rest)
    bob_play, bob_hand, pile = rest[:2], rest[2:5], rest[5:15]
    setup = {
        "turn": "Alice",
        "rules": [rule],
        "goals": [goal] if goal not in alice else [],
        "hands": {"Alice": alice, "Bob": bob_hand},
        "in_play": {"Bob": bob_play},
        "draw_pile": pile,
    }
    return json.dumps(
        {
            "title": f"typical turn {seed}",
            "players": ["Alice", "Bob"],
            "decks": ["fluxx5"],
            "setup": setup,
            "events": [],
        }
    )


def solve_text(text: str, limit: int = 10**7) -> tuple[float, int, bool]:
    """CPU seconds, positions, finished."""
    from adjudicator.engine.replay import play_events
    from adjudicator.loading.scenario import parse_scenario
    from adjudicator.solving.search import Limits
    from adjudicator.solving.solve import solve

    scenario = parse_scenario(text, "benchmark.yaml")
    game = play_events(scenario, scenario.events)
    start = time.process_time()
    solution = solve(game, limits=Limits(positions=limit), hidden=False)
    return time.process_time() - start, solution.stats.positions, solution.finished


def main(turns: int = TURNS) -> None:
    from adjudicator.engine.replay import play_events
    from adjudicator.loading.scenario import load_scenario
    from adjudicator.solving.solve import solve

    total_time = total_positions = 0.0
    for path in sorted(PUZZLES.glob("*.yaml")):
        scenario = load_scenario(path)
        game = play_events(scenario, scenario.events[:1] if path.stem.startswith("25") else scenario.events)
        start = time.process_time()
        solution = solve(game)
        total_time += time.process_time() - start
        total_positions += solution.stats.positions
    print(
        f"puzzles: {int(total_positions):,} positions in {total_time:.2f} s CPU: "
        f"{total_positions / total_time:,.0f} positions per second"
    )
    times, sizes = [], []
    for seed in range(turns):
        seconds, positions, _ = solve_text(deal(seed, 7, "Play 3"))
        times.append(seconds)
        sizes.append(positions)
    print(
        f"a typical 5.0 turn (2 players, Play 3, a hand of 7; {turns} random deals): median "
        f"{statistics.median(times):.2f} s CPU ({statistics.median(sizes):,.0f} positions), worst {max(times):.2f} s "
        f"({max(sizes):,} positions); target under 1 s"
    )
    largest: tuple[int, str, int, int, float] | None = None
    for hand, rule in ((7, "Play 3"), (8, "Play 4"), (9, "Play 4"), (10, "Play 4")):
        solved = []
        for seed in range(DEALS):
            seconds, positions, finished = solve_text(deal(seed, hand, rule), limit=LARGEST_LIMIT)
            if finished and seconds < 10:
                solved.append((positions, seconds, seed))
        best = max(solved, default=None)
        shown = f", the largest {best[0]:,} positions in {best[1]:.2f} s CPU" if best else ""
        print(f"  a hand of {hand}, {rule}: {len(solved)} of {DEALS} deals solved under 10 s{shown}")
        if best is not None and (largest is None or best[0] > largest[2]):
            largest = (hand, rule, best[2], best[0], best[1])
    if largest is not None:
        hand, rule, seed, positions, seconds = largest
        print(
            f"the largest position solved under 10 s: {positions:,} positions, {seconds:.2f} s CPU "
            f"(a hand of {hand} under {rule}, deal {seed})"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else TURNS)
