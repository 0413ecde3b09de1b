"""Print the time and peak memory of the heaviest files `replay` accepts, and the memory of a
million-game `simulate` while it runs (not a test: timings vary by machine and load).

- the largest accepted files of events (100,000 events, the most a file may hold): Jackpot!
  passed back and forth (about ten steps an event, the most of any event we know) and
  `B begins` over and over (most of them rejected), each as text, as `--json` and explored at
  its last event;
- the Word Fluxx files that spell the most words: 499 letter cards (with the Goal, the 500
  cards a file may define) played one by one under Goals no word meets, so that every letter
  played is a search over everything the letters spell;
- a 1 GB junk file where the deck cache is, and an event naming a card of 4 MB;
- `simulate --games 1000000 --workers 2`: the resident memory of the parent and of its
  workers, sampled for a while, then the run is stopped (and its workers must end with it).

Run: python benchmarks/hostile.py [SIMULATE_SECONDS]     (default 60)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
MB = 1024 * 1024


def measured(args: list[str], env: dict[str, str] | None = None) -> tuple[float, float, float, int, int]:
    """Run `python -m adjudicator ARGS`: wall and CPU seconds, peak memory (MB), bytes written, exit code."""
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-m", "adjudicator", *args], stdout=out, stderr=subprocess.DEVNULL, env=env or ENV
        )
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        written = out.seek(0, os.SEEK_END)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, written, os.waitstatus_to_exitcode(status)


def show(label: str, args: list[str], env: dict[str, str] | None = None) -> None:
    wall, cpu, peak, written, code = measured(args, env)
    print(
        f"  {label:<44} {wall:6.1f} s wall {cpu:6.1f} s CPU {peak:6.0f} MB peak {written / MB:7.1f} MB out  exit {code}"
    )


def events_files(folder: Path) -> list[tuple[str, Path]]:
    from long_log import scenario_text
    from test_hostile_input import begins_scenario

    from adjudicator.loading.scenario import MAX_EVENTS

    files = []
    for name, text in (
        (f"{MAX_EVENTS:,} events: Jackpot! back and forth", scenario_text(MAX_EVENTS)),
        (f"{MAX_EVENTS:,} events: B begins", begins_scenario(MAX_EVENTS)),
    ):
        path = folder / f"{len(files)}.yaml"
        path.write_text(text, encoding="utf-8")
        files.append((f"{name} ({path.stat().st_size / MB:.1f} MB)", path))
    return files


def word_files(folder: Path) -> list[tuple[str, Path]]:
    from test_words import word_stress_scenario

    files = []
    for goal in ("rhyme: true, syllables: 9", "silent_letter: true, syllables: 9", "palindrome: true, min_length: 12"):
        path = folder / f"word-{len(files)}.yaml"
        path.write_text(word_stress_scenario(goal, 499), encoding="utf-8")
        files.append((f"499 letters, Goal {{{goal}}}", path))
    return files


def junk_cache(folder: Path) -> dict[str, str]:
    """A cache folder whose deck file is 1 GB of junk (sparse): the environment that uses it."""
    import zlib

    decks_dir = os.path.join(str(ROOT / "adjudicator"), "cards", "decks")  # catalog.DECKS_DIR of this checkout
    cache = folder / "cache" / "adjudicator"
    cache.mkdir(parents=True)
    with open(cache / f"decks-{zlib.crc32(decks_dir.encode()):08x}.marshal", "wb") as junk:
        junk.truncate(1024 * MB)
    return {**ENV, "XDG_CACHE_HOME": str(folder / "cache")}


def long_name_file(folder: Path) -> Path:
    """A file whose one event names a card of 4 MB (the loader looks for the nearest names)."""
    path = folder / "long-name.yaml"
    name = "Milk and Cookies " * (4 * MB // 17)
    path.write_text(f"title: t\nplayers: [Alice, Bob]\nevents:\n  - Alice plays {name}\n", encoding="utf-8")
    return path


def rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, ValueError, IndexError):
                continue
    return found


def simulate_memory(seconds: float) -> None:
    if not os.path.isdir("/proc"):
        print("  (no /proc here: skipped)")
        return
    args = [sys.executable, "-m", "adjudicator", "simulate", "--games", "1000000", "--workers", "2", "--json"]
    run = subprocess.Popen(args, stdout=subprocess.DEVNULL, env=ENV)
    parent_peak = total_peak = 0.0
    workers: set[int] = set()
    started = time.monotonic()
    while time.monotonic() - started < seconds and run.poll() is None:
        kids = children(run.pid)
        workers.update(kids)
        parent = rss_mb(run.pid)
        parent_peak = max(parent_peak, parent)
        total_peak = max(total_peak, parent + sum(map(rss_mb, kids)))
        time.sleep(0.5)
    run.send_signal(signal.SIGKILL)
    run.wait()
    time.sleep(2 * 0.5 + 1)  # the workers look for their parent every half second
    left = [pid for pid in workers if rss_mb(pid)]
    print(
        f"  {seconds:.0f} s of simulate --games 1000000 --workers 2: parent at most {parent_peak:.0f} MB, "
        f"parent and workers together at most {total_peak:.0f} MB; after the parent was killed, "
        f"{len(left)} of {len(workers)} workers left"
    )
    for pid in left:
        os.kill(pid, signal.SIGKILL)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        print("The largest accepted files of events:")
        from adjudicator.loading.scenario import MAX_EVENTS

        for label, path in events_files(folder):
            show(f"{label}, text", ["replay", str(path)])
            show(f"{label}, --json", ["replay", "--json", str(path)])
            show(f"{label}, explore --at {MAX_EVENTS:,}", ["explore", "--at", str(MAX_EVENTS), str(path)])
        print("A 1 GB junk cache file, and a card name of 4 MB:")
        show("cards list over a 1 GB junk deck cache", ["cards", "list"], junk_cache(folder))
        show("replay: an event naming a card of 4 MB", ["replay", str(long_name_file(folder))])
        print("Word Fluxx files that spell the most words:")
        for label, path in word_files(folder):
            show(label, ["replay", "--json", str(path)])
    print("simulate memory:")
    simulate_memory(seconds)


if __name__ == "__main__":
    main()
