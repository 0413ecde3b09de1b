"""`adjudicator simulate`: the options checked, the games played in worker processes (`results`),
the summary printed or written as JSON, and the games that went wrong saved as they come."""

from __future__ import annotations

import gc
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from adjudicator.simulate import (
    DEFAULT_NAMES,
    GameResult,
    OptionError,
    Settings,
    check_settings,
    play_game,
)
from adjudicator.simulate_report import (
    Tally,
    comparison,
    problem_file_name,
    render,
    render_comparison,
    render_histogram,
)

# -------------------------------------------------------------- a run
#: Games per task sent to a worker, and tasks waiting per worker: the parent never holds more
#: than a few chunks of results, whatever the number of games.
CHUNK = 16
QUEUED_PER_WORKER = 2
#: How often a worker looks whether the process that started it is still there.
PARENT_CHECK_SECONDS = 0.5


def play_games(settings: Settings, start: int, stop: int) -> list[GameResult]:
    """Games start..stop-1 (one worker task)."""
    return [play_game(settings, index) for index in range(start, stop)]


def _watch_parent(parent: int) -> None:
    """A worker's first act: a thread that ends the worker when the parent process is gone (killed,
    say), so that no worker plays on for nobody."""
    import os
    import threading
    import time

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK_SECONDS)
            if os.getppid() != parent:  # the worker was handed to another process: its parent died
                os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def results(settings: Settings, games: int, workers: int = 1) -> Iterator[GameResult]:
    """Games 0..games-1 in game order, played in `workers` processes. Only a few chunks of games
    are sent ahead, so memory does not grow with the number of games."""
    # What the start-up built (the modules, the decks' cards, the deal's template) outlives the
    # games: set aside from the cycle collector while they play (in the workers too, which start
    # as copies of this process), no full collection walks it again (a 50th of a short run).
    # Objects someone else set aside stay theirs to set back.
    frozen = gc.get_freeze_count() == 0
    if frozen:
        gc.freeze()
    try:
        yield from _played(settings, games, workers)
    finally:
        if frozen:
            gc.unfreeze()


def _played(settings: Settings, games: int, workers: int) -> Iterator[GameResult]:
    if workers <= 1 or games <= 1:
        for index in range(games):
            yield play_game(settings, index)
        return
    import os
    from collections import deque
    from concurrent.futures import Future, ProcessPoolExecutor

    chunk = max(1, min(CHUNK, games // (workers * 4)))
    starts = iter(range(0, games, chunk))
    with ProcessPoolExecutor(max_workers=workers, initializer=_watch_parent, initargs=(os.getpid(),)) as pool:

        def send() -> Future[list[GameResult]] | None:
            start = next(starts, None)
            return None if start is None else pool.submit(play_games, settings, start, min(start + chunk, games))

        queued: deque[Future[list[GameResult]]] = deque()
        for _ in range(workers * QUEUED_PER_WORKER):
            if (future := send()) is not None:
                queued.append(future)
        while queued:
            batch = queued.popleft().result()
            if (future := send()) is not None:
                queued.append(future)
            yield from batch


# ------------------------------------------------------------- command
#: The ranges of the numeric options: each game keeps its own log (so --max-events bounds a
#: game's memory), and each worker is a process with the engine loaded.
MAX_GAMES = 10**9
MAX_EVENTS_CAP = 10_000
MAX_WORKERS = 64


def _in_range(option: str, value: int, least: int, most: int, note: str = "") -> None:
    if not least <= value <= most:
        raise OptionError(f"{option} must be a whole number from {least:,} to {most:,}{note}, not {value}")


def parse_players(value: str) -> tuple[str, ...]:
    """`3` (that many default names) or `Ann,Ben` (the names, in seating order)."""
    value = value.strip()
    if value.lstrip("+-").isdigit():
        count = int(value)
        if not 1 <= count <= len(DEFAULT_NAMES):
            raise OptionError(
                f"--players {value}: between 1 and {len(DEFAULT_NAMES)} players, or a list of names (Ann,Ben,Cy)"
            )
        return DEFAULT_NAMES[:count]
    names = tuple(" ".join(name.split()) for name in value.split(",") if name.strip())
    if not names:
        raise OptionError("--players: give a number or names separated by commas")
    from adjudicator.loading.scenario import read_scenario_data
    from adjudicator.model.errors import ScenarioError

    try:  # the names a scenario file would accept, checked by the loader itself
        read_scenario_data({"title": "players", "players": list(names), "setup": {}, "events": []})
    except ScenarioError as exc:
        raise OptionError(f"--players {value}: {exc.message}", exc.suggestions) from None
    return names


def parse_decks(value: str) -> tuple[str, ...]:
    """`fluxx5,creeper_pack`: known decks, each once."""
    from adjudicator.cards.catalog import builtin
    from adjudicator.model.names import suggest

    decks = tuple(deck.strip() for deck in value.split(",") if deck.strip())
    if not decks:
        raise OptionError("--decks: give one deck or more, separated by commas")
    known = list(builtin().decks)
    for deck in decks:
        if deck not in known:
            raise OptionError(
                f"--decks {value}: unknown deck {deck!r} (decks: {', '.join(known)})", tuple(suggest(deck, known, 1))
            )
        if decks.count(deck) > 1:
            raise OptionError(f"--decks {value}: {deck!r} is named twice")
    return decks


def check_save(save: str) -> Path:
    """The --save folder, made and tried before the first game (a file written and removed), so
    that a folder that cannot be written is an option error and not a report lost at the end."""
    import tempfile

    folder = Path(save)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except FileExistsError:
        raise OptionError(f"--save {save}: not a folder") from None
    except OSError as exc:
        raise OptionError(f"--save {save}: cannot write there: {exc.strerror}") from None
    return folder


def _may_be_terminal(stream: Any) -> bool:
    """False when rich's Console would surely say the stream is no terminal: it is no tty and
    neither TTY_COMPATIBLE nor FORCE_COLOR says otherwise."""
    import os

    if "TTY_COMPATIBLE" in os.environ or "FORCE_COLOR" in os.environ:
        return True
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream: let rich decide
        return True


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished workers (the pool joins them on exit)."""
    import os

    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def command(
    *,
    games: int,
    seed: int,
    players: str,
    decks: str,
    house_rules: Mapping[str, Any],
    compare: Mapping[str, Any],
    max_events: int,
    workers: int | None,
    save: str | None,
    json_output: bool,
    html_output: bool = False,
    plot: str | None = None,
) -> None:
    """`adjudicator simulate`: check every option, run (aggregating as the games come), print the
    report (and the comparison; as JSON, or as an HTML page), draw the figures into `plot`, and
    write the games that went wrong as they come."""
    import json
    import os
    import sys
    import time

    from adjudicator import output

    # Every option is checked before the first game is dealt.
    _in_range("--games", games, 1, MAX_GAMES)
    _in_range("--max-events", max_events, 1, MAX_EVENTS_CAP)
    _in_range("--workers", workers or 0, 0, MAX_WORKERS, " (0: all cores)")
    settings = Settings(parse_players(players), parse_decks(decks), dict(house_rules), max_events, seed)
    folder = check_save(save) if save else None
    plot_file = None
    if plot:
        from adjudicator.simulate_figures import check_plot

        plot_file = check_plot(plot)
    runs = [("base", settings)]
    if compare:
        runs.append(("variant", replace(settings, house_rules={**settings.house_rules, **compare})))
    for _label, run_settings in runs:
        check_settings(run_settings, players, decks)
    workers = workers or os.cpu_count() or 1

    def keep(result: GameResult, label: str) -> None:
        """Write a game that went wrong as soon as it is played."""
        if folder is None or not result.scenario:
            return
        name = problem_file_name(seed, result.index, label if compare else "")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(result.scenario, encoding="utf-8")
        except OSError as exc:
            raise OptionError(f"--save {save}: cannot write {name}: {exc.strerror}") from None

    # The progress bar is drawn only where rich sees a terminal; most runs (piped, --json in a
    # script) are known not to be one without importing rich (a tenth of a short run's start-up).
    err = output.console(stderr=True) if _may_be_terminal(sys.stderr) else None
    reports: list[dict[str, Any]] = []
    timings: list[tuple[float, float]] = []
    for label, run_settings in runs:
        start, cpu_start = time.perf_counter(), _cpu_seconds()
        tally = Tally(run_settings)
        played = results(run_settings, games, workers)
        if err is not None and err.is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            with Progress(
                TextColumn(f"simulate {label}" if compare else "simulate"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=err,
                transient=True,
            ) as bar:
                task = bar.add_task("games", total=games)
                for result in played:
                    tally.add(result)
                    keep(result, label)
                    bar.update(task, completed=tally.games)
        else:
            for result in played:
                tally.add(result)
                keep(result, label)
        timings.append((time.perf_counter() - start, _cpu_seconds() - cpu_start))
        reports.append(tally.report())
    variant = ", ".join(f"{name}={value}" for name, value in compare.items())
    labels = ["base", variant] if compare else ["games"]
    if plot_file is not None:
        from adjudicator.simulate_figures import plot as plot_figures

        plot_figures(reports, labels, plot_file)
    if json_output:
        shown: dict[str, Any] = reports[0]
        if compare:
            shown = {"base": reports[0], "variant": reports[1], "comparison": comparison(reports[0], reports[1])}
        sys.stdout.write(json.dumps(shown, indent=2, ensure_ascii=False) + "\n")
        return
    if html_output:
        from adjudicator.simulate_figures import html_page

        sys.stdout.write(html_page(reports, labels))
        return
    console = output.console()
    for data, (elapsed, cpu) in zip(reports, timings, strict=False):
        render(data, console, elapsed, workers, cpu)
        console.print()
    if compare:
        render_comparison(comparison(reports[0], reports[1]), "base", variant, console)
        render_histogram(reports, labels, console, "Turns per game, both runs (same bins)")
    if plot_file is not None:
        console.print(f"Figures drawn into {plot_file}", markup=False, highlight=False)
    elif not _has_matplotlib():
        from adjudicator.simulate_figures import PLOT_HINT

        console.print(f"(--plot FILE.svg or .png draws these figures: {PLOT_HINT})", markup=False, highlight=False)


def _has_matplotlib() -> bool:
    from importlib.util import find_spec

    return find_spec("matplotlib") is not None
