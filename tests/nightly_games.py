"""The nightly profile's random games: every deck set under every house-rule setting, with one to
six players, at least 20,000 games in all, played by `simulate`'s own `play_game` in worker
processes. It prints one line per game that went wrong (its table, seed and index, enough to
reproduce it with `adjudicator simulate`) and the totals by ending, crashes and stuck games
among them; `test_simulate.py::test_nightly_games` runs it and fails on any fault.

Run: python tests/nightly_games.py [GAMES] [SEED]     (default 20,000 games, a new seed)
"""

from __future__ import annotations

import math
import os
import random
import sys
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudicator import simulate as sim  # noqa: E402  (the checkout's package, run as a script)
from adjudicator.simulate_command import play_games  # noqa: E402

#: Deck sets: the default decks first, each deck that can be won alone, and the combinations
#: that once hid a fault (names two decks print, Meta Rules, small decks that run out).
DECK_SETS: tuple[tuple[str, ...], ...] = (
    sim.DEFAULT_DECKS,
    ("fluxx5",),
    ("creeper_pack",),
    ("holiday",),
    ("star",),
    ("word",),
    ("fluxx5", "creeper_pack"),
    ("fluxx5", "surprises"),
    ("fluxx5", "meta_rules"),
    ("fluxx5", "fun_pack"),
    ("fluxx4", "fluxx5"),
    ("fluxx5", "oz"),
    ("fluxx5", "rick_and_morty"),
    ("fluxx5", "holiday"),
    ("holiday", "creeper_pack", "surprises"),
    ("holiday", "fun_pack"),
    ("star", "surprises"),
    ("word", "surprises"),
    ("fluxx4", "fluxx5", "creeper_pack", "fun_pack", "holiday", "meta_rules", "oz", "rick_and_morty", "star"),
)

#: House-rule settings: the official rules, every switch the engine applies at each value it is
#: not officially, and Keep Going with limits on one's own turn (two switches about the turn's end).
HOUSE_RULES: tuple[Mapping[str, Any], ...] = (
    {},
    {"keep_going": 1},
    {"keep_going": 2},
    {"keep_going": 3},
    {"tie": "shared"},
    {"limits_on_own_turn": True},
    {"simplify_minimum": 0},
    {"simplify_minimum": 1},
    {"surprise_window": "end_of_turn"},
    {"creepers_block_wins": False},
    {"may_discard": True},
    {"starting_hand": 1},
    {"starting_hand": 7},
    {"goals_per_deck": True},
    {"proper_nouns": True, "slang": True},
    {"q2729": "stoppable"},
    {"keep_going": 2, "limits_on_own_turn": True},
)

PLAYERS = range(1, 7)
GAMES = 20_000
#: A game stops at this many events (capped, no fault): long enough for most games to be won.
MAX_EVENTS = 400
#: Games per task sent to a worker.
CHUNK = 8


def tables(seed: int) -> tuple[list[sim.Settings], list[str]]:
    """Every deck set × house-rule setting × number of players that `simulate` accepts, and why
    the others are refused (a Word Fluxx switch on a deck without letters, say)."""
    accepted, refused = [], []
    for decks in DECK_SETS:
        for house_rules in HOUSE_RULES:
            for players in PLAYERS:
                settings = sim.Settings(
                    players=sim.DEFAULT_NAMES[:players],
                    decks=decks,
                    house_rules=dict(house_rules),
                    max_events=MAX_EVENTS,
                    seed=seed,
                )
                try:
                    sim.check_settings(settings)
                except sim.OptionError as refusal:
                    refused.append(str(refusal))
                    continue
                accepted.append(settings)
    return accepted, refused


def _tasks(settings: Sequence[sim.Settings], per_table: int) -> Iterator[tuple[sim.Settings, int, int]]:
    for table in settings:
        for start in range(0, per_table, CHUNK):
            yield table, start, min(start + CHUNK, per_table)


def reproduce(settings: sim.Settings, index: int) -> str:
    """The command that plays game `index` of the table again (`--save DIR` writes its file)."""
    rules = "".join(f" -H {name}={value}" for name, value in settings.house_rules.items())
    return (
        f"adjudicator simulate --players {len(settings.players)} --decks {','.join(settings.decks)}{rules}"
        f" --max-events {settings.max_events} --seed {settings.seed} --games {index + 1}  (game {index})"
    )


def run(games: int = GAMES, seed: int | None = None, workers: int = 0, out: TextIO = sys.stdout) -> Counter[str]:
    """Play at least `games` games spread evenly over the tables; print the faults as they come
    and the totals. Returns the count of each ending (`simulate.ENDINGS`) and `games`, `tables`."""
    seed = random.SystemRandom().randrange(10**9) if seed is None else seed
    accepted, refused = tables(seed)
    per_table = math.ceil(games / len(accepted))
    print(
        f"nightly games: seed {seed}, {len(DECK_SETS)} deck sets x {len(HOUSE_RULES)} house-rule settings x "
        f"1-{PLAYERS[-1]} players: {len(accepted)} tables ({len(refused)} refused), {per_table} games each",
        file=out,
        flush=True,
    )
    counts: Counter[str] = Counter(tables=len(accepted))
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
        futures = {pool.submit(play_games, *task): task[0] for task in _tasks(accepted, per_table)}
        for done, future in enumerate(as_completed(futures), 1):
            table = futures[future]
            for result in future.result():
                counts["games"] += 1
                counts[result.ending] += 1
                if result.ending in sim.PROBLEMS:
                    print(f"  {result.ending}: {result.problem}\n    {reproduce(table, result.index)}", file=out)
            if done % 200 == 0 or done == len(futures):
                print(f"  {summary(counts)}", file=out, flush=True)
    return counts


def summary(counts: Mapping[str, int]) -> str:
    faults = sum(counts.get(ending, 0) for ending in sim.PROBLEMS)
    endings = ", ".join(f"{counts.get(ending, 0):,} {ending}" for ending in sim.ENDINGS)
    return f"{counts.get('games', 0):,} games: {faults:,} faults ({endings})"


if __name__ == "__main__":
    arguments = sys.argv[1:]
    run(int(arguments[0]) if arguments else GAMES, int(arguments[1]) if len(arguments) > 1 else None)
