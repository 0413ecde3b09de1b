"""How long one copy of a game takes (`Game.copy`), at the positions where the legal-event
generator really copies (not a test).

Plays random legal games as benchmarks/games.py does (its `play`, the whole deck) (`Game.decision`), keeping each
position that `legal.py` copies on the way; then times copying all those positions again,
several rounds, and prints the best round's µs per copy (CPU time) and the copies per game.

Run: python benchmarks/copying.py [GAMES]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

ROUNDS = 9


def main(games: int = 20) -> None:
    from games import play

    from adjudicator.engine.game import Game

    copy = Game.copy
    positions: list[Game] = []

    def keeping(game: Game) -> Game:
        positions.append(copy(game))  # the position as it is copied (a copy of it: it moves on)
        return copy(game)

    Game.copy = keeping  # type: ignore[method-assign]
    try:
        for seed in range(games):
            play(seed)
    finally:
        Game.copy = copy  # type: ignore[method-assign]
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.process_time()
        for game in positions:
            game.copy()
        best = min(best, time.process_time() - start)
    print(
        f"{len(positions):,} positions copied by legal.py in {games} random games "
        f"({len(positions) / games:.0f} per game): {best / len(positions) * 1e6:.1f} µs per copy "
        f"(best of {ROUNDS} rounds, CPU time)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
