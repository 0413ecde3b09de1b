"""How random legal games end: won, capped, at a dead end, or crashed (issue 10's figures; not a test).

Each game: 2-6 players, every supported card of Fluxx 5.0, the Creeper Pack and the
Surprises shuffled, the deal, then events picked at random among `legal.explore`'s (seat
changes in half the games, down to one player) until the game is over or CAP events. A dead
end is a game that is not over, once what is open has resolved, and where no event but a
seat change is legal. Prints one line per outcome with a game number to look at.

Run: python benchmarks/dead_ends.py [GAMES] [FIRST]
"""

from __future__ import annotations

import collections
import random
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DECKS = ("fluxx5", "creeper_pack", "surprises")
NAMES = ("Alice", "Bob", "Carol", "Dana", "Eve", "Fay")
CAP = 150
SEATS = ("join", "drop_out")


def play(number: int) -> str:
    import yaml

    from adjudicator.cards.catalog import builtin
    from adjudicator.cards.kinds import is_supported
    from adjudicator.engine.copying import fork
    from adjudicator.engine.game import Game
    from adjudicator.engine.legal import explore
    from adjudicator.loading.scenario import parse_scenario
    from adjudicator.model import records as rec

    rng = random.Random(number)
    players = list(NAMES[: rng.randint(2, len(NAMES))])
    catalog = builtin()
    pile = [c.name for deck in DECKS for c in catalog.decks[deck].cards if is_supported(c)]
    rng.shuffle(pile)
    newcomers = [n for n in (*NAMES, "Gus") if n not in players] if rng.random() < 0.5 else None
    text = yaml.safe_dump(
        {
            "title": "random",
            "players": players,
            "decks": list(DECKS),
            "seed": rng.randint(0, 2**16),
            "setup": {"turn": players[0], "phase": "deal", "draw_pile": pile},
            "events": [],
        }
    )
    game = Game(parse_scenario(text, "<dead-ends>"), undo=False)
    try:
        for event_no in range(1, CAP + 1):
            if game.winner or game.ended:
                return "over"
            events = explore(game, event_no, newcomers=newcomers).events
            moves = [e for e in events if e.action not in SEATS]
            if not moves:
                settled = fork(game)
                settled.finish()
                if settled.winner or settled.ended:
                    return "over (once the last window closes)"
                turn = settled.turn
                return f"dead end: {turn.phase.name}, window {'open' if game.window else 'closed'}"
            event = rng.choice(moves if rng.random() < 0.9 or len(events) == len(moves) else events)
            seen = len(game.steps)
            game.push(event)
            if game.stopped:
                return f"stopped: {game.stopped[:60]}"
            rejected = [s for s in game.steps[seen:] if isinstance(s, rec.Rejected)]
            if rejected:
                return f"legal event rejected: {rejected[0].reason[:60]}"
        return "capped"
    except Exception as exc:  # noqa: BLE001 - a crash is an outcome to count
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return f"crash: {type(exc).__name__} in {Path(where.filename).name}:{where.lineno}"


def main(games: int = 200, first: int = 0) -> None:
    outcomes: collections.Counter[str] = collections.Counter()
    example: dict[str, int] = {}
    for number in range(first, first + games):
        outcome = play(number)
        outcomes[outcome] += 1
        example.setdefault(outcome, number)
    for outcome, count in outcomes.most_common():
        print(f"{count:5d}  {outcome}  (game {example[outcome]})")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
