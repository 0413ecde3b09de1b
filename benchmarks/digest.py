"""A digest of seeded random games, to show that an engine change keeps every game's events.

For every deck (and the whole default mix, and Solo on 5.0), N random games are played as
`adjudicator simulate` plays them (`simulate.play_game`: the same dealing, the same listing,
the same choice among the listed events), and each game is replayed with a log: the digest is
a hash of every event's text, the steps logged after it and the position reached. One line per
deck, then the hash of all of them: run it before and after a change and compare.

Run: python benchmarks/digest.py [--games N] [--positions]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DECKS: tuple[tuple[str, ...], ...] = (
    ("fluxx5",),
    ("fluxx5", "fluxx4"),
    ("fluxx5", "creeper_pack", "surprises"),
    ("fluxx5", "fun_pack"),
    ("holiday",),
    ("fluxx5", "oz"),
    ("fluxx5", "rick_and_morty"),
    ("star",),
    ("word",),
    ("fluxx5", "meta_rules"),
)


def digest(decks: tuple[str, ...], games: int, players: tuple[str, ...], positions: bool) -> tuple[str, str]:
    """(hash of the games, a summary: endings and events) for `games` seeded games of decks."""
    from adjudicator.engine.game import Game
    from adjudicator.loading.scenario import parse_scenario
    from adjudicator.simulate import Settings, play_game

    settings = Settings(players=players, decks=decks, seed=7)
    whole = hashlib.sha256()
    endings: dict[str, int] = {}
    events = 0
    for index in range(games):
        result = play_game(settings, index, keep_scenario=True)
        endings[result.ending] = endings.get(result.ending, 0) + 1
        events += result.events
        whole.update(f"{result.ending} {result.winner} {result.turns} {result.events}\n".encode())
        assert result.scenario is not None
        scenario = parse_scenario(result.scenario, f"<game {index}>")
        game = Game(scenario, undo=False)
        for event in scenario.events:
            seen = len(game.steps)
            game.push(event)
            whole.update(event.text.encode())
            for step in game.steps[seen:]:
                whole.update(f"{step.kind} {step.event} {step.text} {step.rulings} {step.moves}".encode())
            if positions:
                whole.update(repr(game.position()).encode())
        game.finish()
        whole.update(str(game.winner).encode())
    summary = " ".join(f"{ending}={count}" for ending, count in sorted(endings.items()))
    return whole.hexdigest()[:16], f"{summary} events={events}"


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":  # a position's sets print in hash order: fix it
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per deck")
    parser.add_argument("--positions", action="store_true", help="hash the position after every event too")
    args = parser.parse_args()
    whole = hashlib.sha256()
    runs = [(decks, ("Alice", "Bob")) for decks in DECKS]
    runs += [(("fluxx5",), ("Alice",)), (("fluxx5", "creeper_pack", "surprises"), ("Alice", "Bob", "Carol"))]
    for decks, players in runs:
        value, summary = digest(decks, args.games, players, args.positions)
        whole.update(value.encode())
        print(f"{'+'.join(decks):36} {len(players)}p  {value}  {summary}", flush=True)
    print(f"all: {whole.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
