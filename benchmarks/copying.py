"""How long one copy of a game takes (`Game.copy`), on positions of random legal games (not a test).

Walks a few random games (`legal.next_events`, as benchmarks/games.py does) and times copying
the game at each position, many times over. Prints µs per copy (mean over all positions).

Run: python benchmarks/copying.py [GAMES]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

REPEAT = 20


def main(games: int = 10) -> None:
    from games import new_game

    from adjudicator.engine.legal import next_events

    copies = 0
    seconds = 0.0
    for seed in range(games):
        game, rng = new_game(seed)
        for number in range(1, 1001):
            events = next_events(game, number)
            if game.winner or not events:
                break
            start = time.process_time()
            for _ in range(REPEAT):
                game.copy()
            seconds += time.process_time() - start
            copies += REPEAT
            game.push(rng.choice(events))
    print(f"{copies:,} copies over {games} random games: {seconds / copies * 1e6:.1f} µs per copy")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
