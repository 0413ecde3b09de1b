"""Random legal games side by side with the peer engine, and engine-only replays (not a test).

1. CPU per turn of a whole `adjudicator simulate --players 2 --workers 1` process (start-up,
   dealing, listing legal events, pushing them, the report), on the 99-card Fluxx 5.0 deck and
   on the whole deck (5.0 + Creeper Pack + Surprises). Beside it, when the peer engine
   fluxx_sim is checked out (`--peer DIR`, default /tmp/fluxx_sim, or $FLUXX_SIM), the same
   figure for a whole process of the peer playing uniformly random legal actions on its 5.0
   deck, and the ratio. Runs are interleaved (ours, the peer's, ours on the whole deck, again)
   so the machine's load falls on both alike; CPU time (user + system of the child process),
   so other work on a busy machine does not count. The best round of each is printed.
   The peer's code is not part of this project: it is run from its own checkout, driven by the
   small loop `_peer_process` below (its legal actions read off its phase stack, as its own
   action mask does).
2. In this process: the share of time of the forced steps the decisions take (up to where
   someone must decide), of reading the legal events off the game at rest, and of pushing them,
   per deck.
3. Engine-only scenario replays per second (every bundled scenario).

The 100,000-event replay without rendering is benchmarks/long_log.py.

Run: python benchmarks/games.py [--games N] [--rounds R] [--peer DIR]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WHOLE = ("fluxx5", "creeper_pack", "surprises")
CAP = 1000  # events per game, as simulate's default


# ------------------------------------------------------------ whole processes
def _child_cpu(command: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    """Run a command to its end; (CPU seconds it used, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout


def ours(decks: tuple[str, ...], games: int) -> tuple[float, int]:
    """(CPU seconds, turns) of one `simulate` process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "adjudicator", "simulate", "--players", "2", "--workers", "1"]
    command += ["--decks", ",".join(decks), "--games", str(games), "--json"]
    cpu, out = _child_cpu(command, env)
    return cpu, json.loads(out)["turns_played"]


def peer(folder: Path, games: int) -> tuple[float, int]:
    """(CPU seconds, turns) of one process of the peer engine playing random games."""
    command = [sys.executable, __file__, "--peer-process", str(folder), str(games)]
    cpu, out = _child_cpu(command)
    return cpu, int(out.split()[-1])


def _peer_process(folder: str, games: int) -> None:
    """Random legal games on the peer engine (runs in a process of its own); prints the turns.
    The legal actions of each phase are those its action mask lets through."""
    sys.path.insert(0, folder)
    from src.game.cards import card_lists
    from src.game.FluxxEnums import CardType
    from src.game.FluxxEnums import GamePhaseType as T
    from src.game.Game import Game

    rng = random.Random(0)
    game = Game(2, card_lists.base_deck, disable_game_messages=True)
    game.rng.seed(0)

    def options() -> list[str]:
        phase = game.stack[-1]
        kind, me = phase.type, phase.acting_player
        hand = [c.name for c in game.players[me].hand]
        mine = [c.name for c in game.players[me].keepers]
        theirs = [c.name for p in game.players if p.id != me for c in p.keepers]
        if kind in (T.PLAY_CARD_FOR_TURN, T.DISCARD_CARD_FROM_HAND):
            return hand
        if kind in (T.DISCARD_KEEPER, T.DISCARD_OWN_KEEPER_IN_PLAY):
            return mine
        if kind is T.SELECT_PLAYER_KEEPER_FOR_EXCHANGE:
            return [k for k in mine if k != phase.labelled_card.name]
        if kind in (T.SELECT_KEEPER_TO_STEAL, T.SELECT_OPPONENT_KEEPER_FOR_EXCHANGE):
            return theirs
        if kind is T.DISCARD_KEEPER_IN_PLAY:
            return mine + theirs
        if kind is T.DISCARD_RULE_IN_PLAY:
            return [c.name for c in game.rules]
        if kind is T.DISCARD_GOAL_IN_PLAY:
            return [c.name for c in game.goals]
        if kind is T.ADD_CARD_IN_PLAY_TO_HAND:
            return mine + theirs + [c.name for c in game.rules + game.goals]
        if kind is T.PLAY_ACTION_OR_RULE_FROM_DISCARD_PILE:
            return [c.name for c in game.discard_pile if c.card_type in (CardType.ACTION, CardType.RULE)]
        if kind is T.ACTIVATE_FREE_ACTION:
            return [*game.get_available_free_actions(), "no_free_action"]
        if kind is T.DISCARD_VARIABLE_CARDS_FROM_HAND:
            return [c.name for c in game.players[me].hand if c.card_type in phase.card_types] + ["no_free_action"]
        return [c.name for c in phase.latent_space]  # the phases that offer the cards set aside

    turns = 0
    for _ in range(games):
        game.reset()
        for _event in range(CAP):
            if game.winner is not None:
                break
            game.step(rng.choice(options()))
        turns += game.turn_count + 1  # the turns begun, the last one unfinished
    print(turns)


# ------------------------------------------------------------ in this process
def play(seed: int, decks: tuple[str, ...] = WHOLE) -> tuple[int, float, float, float]:
    """One random game played here as simulate plays (no log, `Game.decision`, `Game.push`): (turns,
    wall seconds of the forced steps the decisions took, wall seconds reading the legal events off
    the game at rest, wall seconds pushing them). The forced steps are timed by wrapping
    `deciding.come_to_rest` (a benchmark's instrument, not the engine's)."""
    from adjudicator.engine import deciding
    from adjudicator.engine.game import Game
    from adjudicator.model import records as rec
    from adjudicator.simulate import Settings, dealt_scenario

    rng = random.Random(seed)
    game = Game(dealt_scenario(Settings(players=("Alice", "Bob"), decks=decks), rng), undo=False, log=False)
    forced = [0.0]
    come_to_rest = deciding.come_to_rest

    def timed(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - passed through as they are
        mark = time.perf_counter()
        try:
            return come_to_rest(*args, **kwargs)
        finally:
            forced[0] += time.perf_counter() - mark

    deciding.come_to_rest = timed  # type: ignore[assignment]
    listing = pushing = 0.0
    try:
        for _ in range(1, CAP + 1):
            mark = time.perf_counter()  # a share: wall time is close enough, and cheaper to read
            events = game.legal_events()
            listing += time.perf_counter() - mark
            if game.winner or not events:
                break
            mark = time.perf_counter()
            game.push(rng.choice(events))
            pushing += time.perf_counter() - mark
            if game.winner:
                break
    finally:
        deciding.come_to_rest = come_to_rest  # type: ignore[assignment]
    turns = sum(isinstance(step, rec.TurnBegan) for step in game.steps)
    return turns, forced[0], listing - forced[0], pushing


def split(decks: tuple[str, ...], games: int) -> tuple[float, float, float, float, int]:
    """(CPU seconds, share of forced steps, share reading the legal events, share pushing, turns) of
    random games played here."""
    start_cpu, start = time.process_time(), time.perf_counter()
    results = [play(seed, decks) for seed in range(games)]
    elapsed = time.perf_counter() - start
    turns = sum(r[0] for r in results)
    forced, reading, pushing = (sum(r[i] for r in results) / elapsed for i in (1, 2, 3))
    return time.process_time() - start_cpu, forced, reading, pushing, turns


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per simulate process")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (the best is printed)")
    parser.add_argument("--peer", type=Path, default=Path(os.environ.get("FLUXX_SIM", "/tmp/fluxx_sim")))
    args = parser.parse_args()
    has_peer = (args.peer / "src" / "game" / "Game.py").is_file()
    # Both processes start from compiled bytecode, as an installed package does: where Python may
    # not write it (PYTHONDONTWRITEBYTECODE) each would otherwise compile its sources every start.
    compileall.compile_dir(ROOT / "adjudicator", quiet=1)
    if has_peer:
        compileall.compile_dir(args.peer / "src", quiet=1)
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        runs = [("fluxx5", lambda: ours(("fluxx5",), args.games)), ("whole", lambda: ours(WHOLE, args.games))]
        if has_peer:
            runs.insert(1, ("peer", lambda: peer(args.peer, args.games)))
        for label, run in runs:
            cpu, turns = run()
            best[label] = min(best.get(label, float("inf")), cpu / turns * 1e6)
    print(f"CPU per turn, whole process, 2 players, {args.games} games, best of {args.rounds} interleaved rounds:")
    print(f"  adjudicator simulate --decks fluxx5            {best['fluxx5']:7,.0f} µs")
    if has_peer:
        print(f"  peer fluxx_sim, its 5.0 deck                   {best['peer']:7,.0f} µs")
        print(f"  ratio (ours / peer)                            {best['fluxx5'] / best['peer']:7.2f}x")
    print(f"  adjudicator simulate, whole deck (+ Creepers, Surprises) {best['whole']:,.0f} µs", end="")
    print(f"  ({best['whole'] / best['peer']:.2f}x the peer's 5.0)" if has_peer else "")
    if not has_peer:
        print(f"  (peer not found at {args.peer}: fetch sudo-pel/fluxx_sim there or pass --peer)")
    for label, decks in (("fluxx5", ("fluxx5",)), ("whole deck", WHOLE)):
        cpu, forced, reading, pushing, turns = split(decks, args.games)
        print(
            f"in process, {label}: {cpu / turns * 1e6:,.0f} µs per turn; the decisions' forced steps {forced:.0%}, "
            f"reading the legal events {reading:.0%}, pushing {pushing:.0%}, "
            f"the rest (dealing) {1 - forced - reading - pushing:.0%}"
        )
    print(f"engine-only scenario replays: {replays_per_second():,.0f} replays/s")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--peer-process"]:
        _peer_process(sys.argv[2], int(sys.argv[3]))
    else:
        main()
