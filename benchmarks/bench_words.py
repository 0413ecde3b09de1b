"""Print the Word Fluxx speed figures (not a test: timings vary by machine).

- what `adjudicator --help` and a Fluxx 5.0 replay import: never the dictionary;
- the cost of the first word lookup in a fresh process (reading lemminflect's table and the
  shipped lists), of building the index by letters (any order), of the CMU data (rhymes,
  syllables, silent letters) and of the bit sets a search for 10+ letters uses, each the best
  of several fresh processes;
- a win check on a word Goal once the dictionary is loaded: the search itself (no cache) for
  players with 4 to 12 letters, the repeated check that hits the cache, and the engine's whole
  win check in a replayed position.

Run: python benchmarks/bench_words.py
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_LOAD = """
import time, json
start = time.perf_counter()
from adjudicator.words.lexicon import lexicon
index = lexicon()
loaded = time.perf_counter()
index.anagrams("cat")
indexed = time.perf_counter()
from adjudicator.words import sounds
sounds.pronunciations()
cmu = time.perf_counter()
index.spellable("abcdefghijkl", 1, 12)
bits = time.perf_counter()
print(json.dumps([loaded - start, indexed - loaded, cmu - indexed, bits - cmu]))
"""

_IMPORTS = """
import sys, json
{code}
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("adjudicator.words", "numpy", "lemminflect")))))
"""

_HELP = """
from adjudicator.cli import main
sys.argv = ["adjudicator", "--help"]
try:
    main()
except SystemExit:
    pass
"""

_REPLAY_5 = """
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import load_scenario
replay(load_scenario("scenarios/examples/draw3-then-draw2.yaml"))
"""


def fresh(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return out.stdout.strip().splitlines()[-1]


def load_times(repeat: int = 3) -> list[float]:
    runs = [json.loads(fresh(_LOAD)) for _ in range(repeat)]
    return [min(run[i] for run in runs) for i in range(4)]


def win_check_times() -> list[tuple[int, float, float]]:
    from adjudicator.words.lexicon import lexicon
    from adjudicator.words.requirement import Requirement, find

    lexicon().anagrams("a")
    lexicon().spellable("abcdefghijkl", 1, 12)  # builds the bit sets (timed in load_times)
    rng = random.Random(5)
    bag = "EEEEAAAIIIOOOUUNNRRTTLLSSDGBCMPFHVWYKJXQZ"
    goals = [
        Requirement(part_of_speech="verb", min_length=5),
        Requirement(double_letter=True),
        Requirement(palindrome=True),
        Requirement(length=4),
    ]
    results = []
    for size in (4, 6, 8, 10, 12):
        hands = ["".join(rng.sample(bag, size)) for _ in range(50)]
        find.cache_clear()
        start = time.perf_counter()
        for letters in hands:
            for goal in goals:
                find(goal, letters)
        cold = (time.perf_counter() - start) / (len(hands) * len(goals))
        start = time.perf_counter()
        for letters in hands:
            for goal in goals:
                find(goal, letters)
        warm = (time.perf_counter() - start) / (len(hands) * len(goals))
        results.append((size, cold, warm))
    return results


def game_check_time(repeat: int = 2000) -> float:
    """Game.check_win on a replayed Word Fluxx position (two players, each spelling a noun)."""
    from adjudicator.engine.replay import replay
    from adjudicator.loading.scenario import load_scenario

    game = replay(load_scenario(ROOT / "scenarios" / "word" / "goal-played-two-players-meet-it.yaml"))
    start = time.perf_counter()
    for _ in range(repeat):
        game.check_win()
    return (time.perf_counter() - start) / repeat


def main() -> None:
    for label, code in (("adjudicator --help", _HELP), ("a Fluxx 5.0 replay", _REPLAY_5)):
        modules = json.loads(fresh(_IMPORTS.format(code=code)))
        print(f"{label}: word modules / numpy / lemminflect imported: {modules or 'none'}")
    lexicon_s, index_s, cmu_s, bits_s = load_times()
    print(f"first word lookup (lemminflect table + lists): {lexicon_s * 1000:.0f} ms")
    print(f"index by letters, any order (first search):    {index_s * 1000:.0f} ms")
    print(f"CMU pronouncing data (rhyme/silent/syllables): {cmu_s * 1000:.0f} ms")
    print(f"bit sets, for a player with 10+ letters:       {bits_s * 1000:.0f} ms")
    for size, cold, warm in win_check_times():
        print(f"word Goal check, {size:2d} letters: search {cold * 1000:.3f} ms, repeated (cache) {warm * 1e6:.1f} µs")
    print(f"Game.check_win in a Word Fluxx position (2 players, letters unchanged): {game_check_time() * 1e6:.0f} µs")


if __name__ == "__main__":
    main()
