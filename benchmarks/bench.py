"""Print the speed figures the project promises (not a test: timings vary by machine).

- engine time per scenario: replay only (loading excluded), best of several runs;
- wall time of `adjudicator --help` and of a small replay, as a user sees them (the
  small replay has a `question`, so it also ranks "see also" rulings: once with the
  search index from the on-disk cache, once with the cache turned off).

Run: python benchmarks/bench.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's package, also when run as `python benchmarks/bench.py`
SMALL = ROOT / "scenarios" / "examples" / "draw3-then-draw2.yaml"


def engine_times(repeat: int = 30) -> list[tuple[str, float]]:
    from adjudicator.checking import scenario_files
    from adjudicator.engine.replay import replay
    from adjudicator.loading.scenario import load_scenario

    results = []
    for path in scenario_files([ROOT / "scenarios"]):
        scenario = load_scenario(path)
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            replay(scenario)
            best = min(best, time.perf_counter() - start)
        results.append((str(path.relative_to(ROOT)), best))
    return results


def see_also_times(repeat: int = 10) -> tuple[float, float, float]:
    """In-process: building the search index, loading it from the on-disk cache, and ranking
    the see-also rulings for SMALL's question (best of `repeat`)."""
    from adjudicator.loading.scenario import load_scenario
    from adjudicator.rulings import search
    from adjudicator.rulings.search import index as search_index

    question = load_scenario(SMALL).question
    build = load = rank = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        search_index._build_index()
        build = min(build, time.perf_counter() - start)
        search._index.cache_clear()
        start = time.perf_counter()
        search._index()
        load = min(load, time.perf_counter() - start)
        start = time.perf_counter()
        search.see_also_scored(question, [])
        rank = min(rank, time.perf_counter() - start)
    return build, load, rank


def command_time(args: list[str], repeat: int = 7, env: dict[str, str] | None = None) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, cwd=ROOT, env={**os.environ, **(env or {})})
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    times = engine_times()
    ms = sorted(t * 1000 for _, t in times)
    print(
        f"engine time over {len(times)} scenarios: median {statistics.median(ms):.3f} ms, "
        f"max {ms[-1]:.3f} ms ({max(times, key=lambda x: x[1])[0]})"
    )
    build, load, rank = see_also_times()
    print(
        f"see-also: index built in {build * 1000:.0f} ms, loaded from the cache in {load * 1000:.1f} ms; "
        f"ranking for one question {rank * 1000:.1f} ms"
    )
    exe = [sys.executable, "-m", "adjudicator"]
    print(f"adjudicator --help: {command_time(exe + ['--help']) * 1000:.0f} ms (median wall time)")
    print(
        f"adjudicator replay {SMALL.name}: {command_time(exe + ['replay', str(SMALL)]) * 1000:.0f} ms"
        " (with see-also from the cached search index)"
    )
    uncached = command_time(exe + ["replay", str(SMALL)], env={"ADJUDICATOR_CACHE_DIR": "off"})
    print(f"adjudicator replay {SMALL.name}, search index not cached: {uncached * 1000:.0f} ms")
    print(
        f"adjudicator replay --json {SMALL.name}: {command_time(exe + ['replay', '--json', str(SMALL)]) * 1000:.0f} ms"
    )
    python_alone = command_time([sys.executable, "-c", "pass"])
    print(f"(python start-up alone: {python_alone * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
