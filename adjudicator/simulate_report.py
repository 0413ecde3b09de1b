"""A run's summary: game lengths (percentiles and a histogram), wins by seat, the rulings cited
and the games that went wrong, gathered one game at a time (`Tally`); two runs side by side
(`comparison`), and the summary printed for people (`render`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from adjudicator.simulate import ENDINGS, PERCENTILES, PROBLEMS, GameResult, Settings


def _value_at(counts: Mapping[int, int], rank: int) -> int:
    """The value at a rank (0 = the least) of the values counted."""
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if rank < seen:
            return value
    raise IndexError(rank)


def _percentile(counts: Mapping[int, int], p: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    total = sum(counts.values())
    position = (total - 1) * p / 100
    low = int(position)
    high = min(low + 1, total - 1)
    below, above = _value_at(counts, low), _value_at(counts, high)
    return below + (above - below) * (position - low)


def _distribution(values: Sequence[int] | Mapping[int, int]) -> dict[str, Any]:
    """Least, greatest, mean and percentiles of whole numbers, given as a list or as counts by value."""
    counts = values if isinstance(values, Mapping) else Counter(values)
    total = sum(counts.values())
    if not total:
        return {"games": 0}
    stats: dict[str, Any] = {
        "games": total,
        "min": min(v for v, c in counts.items() if c),
        "max": max(v for v, c in counts.items() if c),
        "mean": round(sum(v * c for v, c in counts.items()) / total, 2),
    }
    for p in PERCENTILES:
        stats["median" if p == 50 else f"p{p}"] = round(_percentile(counts, p), 2)
    return stats


def histogram(
    values: Sequence[int] | Mapping[int, int], bins: int = 10, span: tuple[int, int] | None = None
) -> list[dict[str, int]]:
    """Counts in equal-width bins of whole numbers, from the least value to the greatest (or
    over `span`, least and greatest, so that several runs share their bins)."""
    counts = values if isinstance(values, Mapping) else Counter(values)
    present = [v for v, c in counts.items() if c]
    if not present and span is None:
        return []
    low, high = span or (min(present), max(present))
    width = max(1, -(-(high - low + 1) // bins))
    binned: Counter[int] = Counter()
    for value, count in counts.items():
        binned[(value - low) // width] += count
    return [
        {"from": low + i * width, "to": low + (i + 1) * width - 1, "games": binned.get(i, 0)}
        for i in range((high - low) // width + 1)
    ]


#: The report lists the numbers of the first capped games and the first games that went wrong
#: (with their scenario files); the endings count them all.
LISTED_CAPPED = 100
LISTED_PROBLEMS = 20


class Tally:
    """A run's figures, gathered one game at a time: its memory does not grow with the number of
    games (lengths are counted by value, which the event cap bounds; only the first capped and
    faulty games are listed)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.games = 0
        self.endings: Counter[str] = Counter()
        self.turns: Counter[int] = Counter()  # games played to their end, by length
        self.events: Counter[int] = Counter()
        self.scored: Counter[int] = Counter()
        self.all_turns = 0  # every game's, for the speed line
        self.wins: Counter[str] = Counter()
        self.steps: Counter[str] = Counter()
        self.games_citing: Counter[str] = Counter()
        self.capped: list[int] = []
        self.problems: list[dict[str, Any]] = []

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.endings[result.ending] += 1
        self.all_turns += result.turns
        if result.ending == "won":
            self.wins[result.winner or ""] += 1
        if result.ending in ("won", "over"):
            self.turns[result.turns] += 1
            self.events[result.events] += 1
            if result.scored is not None:
                self.scored[result.scored] += 1
        self.steps.update(result.rulings)
        self.games_citing.update(result.rulings.keys())
        if result.ending == "capped" and len(self.capped) < LISTED_CAPPED:
            self.capped.append(result.index)
        if result.ending in PROBLEMS and len(self.problems) < LISTED_PROBLEMS:
            self.problems.append(
                {
                    "game": result.index,
                    "ending": result.ending,
                    "problem": result.problem,
                    "events": result.events,
                    "scenario": result.scenario,
                }
            )

    def report(self) -> dict[str, Any]:
        """The run's summary as data (the `--json` output). Game lengths are those of the games
        played to their end (won; in Solo Fluxx, over), and a Solo run adds the Goals scored."""
        won = sum(self.wins.values())
        data = {
            "settings": self.settings.as_json(),
            "games": self.games,
            "endings": {ending: self.endings.get(ending, 0) for ending in ENDINGS},
            "length": {"turns": _distribution(self.turns), "events": _distribution(self.events)},
            "histogram": {"turns": histogram(self.turns), "events": histogram(self.events)},
            # games by their length in turns, [[turns, games], ...]: what the figures bin afresh
            # to set two runs in the same bins
            "turns_counted": [[turns, games] for turns, games in sorted(self.turns.items())],
            "wins_by_seat": [
                {
                    "seat": seat,
                    "player": player,
                    "wins": self.wins.get(player, 0),
                    "share": round(self.wins.get(player, 0) / won, 3) if won else 0.0,
                }
                for seat, player in enumerate(self.settings.players, 1)
            ],
            "rulings": [
                {"id": ruling, "steps": count, "games": self.games_citing[ruling]}
                for ruling, count in sorted(self.steps.items(), key=lambda item: (-item[1], item[0]))
            ],
            "capped": list(self.capped),
            "problems": list(self.problems),
            "turns_played": self.all_turns,
        }
        if self.settings.solo:
            data["scored"] = _distribution(self.scored)
            data["scored_counted"] = [[goals, games] for goals, games in sorted(self.scored.items())]
        return data


def report(settings: Settings, results: Iterable[GameResult]) -> dict[str, Any]:
    """The summary of these games (`Tally`)."""
    tally = Tally(settings)
    for result in results:
        tally.add(result)
    return tally.report()


#: The figures set side by side by `--compare`.
COMPARED = (
    ("median turns", ("length", "turns", "median")),
    ("mean turns", ("length", "turns", "mean")),
    ("p90 turns", ("length", "turns", "p90")),
    ("median events", ("length", "events", "median")),
    ("mean events", ("length", "events", "mean")),
    ("games won", ("endings", "won")),
    ("games capped", ("endings", "capped")),
    ("mean Goals scored", ("scored", "mean")),
)


def comparison(base: Mapping[str, Any], variant: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The main figures of two runs, side by side."""

    def pick(data: Mapping[str, Any], path: tuple[str, ...]) -> Any:
        for key in path:
            data = data.get(key, {}) if isinstance(data, Mapping) else {}
        return data if not isinstance(data, Mapping) else None

    rows = []
    for label, path in COMPARED:
        a, b = pick(base, path), pick(variant, path)
        if a is None and b is None:
            continue  # a figure neither run has (the Goals scored of a game with several players)
        change = round(b - a, 2) if isinstance(a, (int, float)) and isinstance(b, (int, float)) else None
        rows.append({"figure": label, "base": a, "variant": b, "change": change})
    return rows


# ---------------------------------------------------------------- text
def render(
    data: Mapping[str, Any],
    console: Any,
    elapsed: float | None = None,
    workers: int | None = None,
    cpu: float | None = None,
) -> None:
    """The report for people (rich); `elapsed` wall and `cpu` seconds (all processes) give the speed."""
    from rich.markup import escape  # player names and problems are text, never markup (a player "Al[/]")
    from rich.table import Table

    settings, total = data["settings"], data["games"]
    house = ", ".join(f"{k}={v}" for k, v in settings["house_rules"].items()) or "none"
    console.print(
        f"[bold]{total} random games[/]: {escape(', '.join(settings['players']))}; decks "
        f"{', '.join(settings['decks'])}; house rules: {house}; seed {settings['seed']}; "
        f"cap {settings['max_events']} events"
    )
    endings = data["endings"]
    console.print(
        "Endings: "
        + ", ".join(f"{name} {count}" for name, count in endings.items() if count or name in ("won", "capped"))
    )
    if elapsed is not None and elapsed > 0:
        turns = data["turns_played"]
        line = (
            f"Speed: {total / elapsed:.2f} games/s, {turns / elapsed:.0f} turns/s "
            f"({elapsed:.1f} s, {workers} worker{'s' if workers != 1 else ''}"
        )
        if cpu:
            line += f"; per CPU second: {total / cpu:.2f} games, {turns / cpu:.0f} turns"
        console.print(line + ")")
    solo = "scored" in data
    played = "games played to their end" if solo else "games with a winner"
    lengths = Table(title=f"Game length ({played})", title_justify="left")
    lengths.add_column("")
    keys = ["min", "p10", "p25", "median", "p75", "p90", "max", "mean"]
    for key in keys:
        lengths.add_column(key, justify="right")
    rows = [(what, data["length"][what]) for what in ("turns", "events")]
    for what, stats in [*rows, *([("Goals scored", data["scored"])] if solo else [])]:
        lengths.add_row(what, *(str(stats.get(key, "-")) for key in keys))
    console.print(lengths)
    render_histogram([data], [""], console, f"Turns per game ({played})")
    if not solo:  # Solo Fluxx has no winner: its score is the Goals scored
        seats = Table(title="Wins by seat", title_justify="left")
        for column in ("seat", "player", "wins", "share", ""):
            seats.add_column(column, justify="right" if column not in ("player", "") else "left")
        for row in data["wins_by_seat"]:
            seats.add_row(
                str(row["seat"]), escape(row["player"]), str(row["wins"]), f"{row['share']:.0%}", _bar(row["share"], 1)
            )
        console.print(seats)
    rulings = Table(title=f"Rulings that decided steps (top {TOP_RULINGS})", title_justify="left")
    for column in ("ruling", "steps", "games", ""):
        rulings.add_column(column, justify="right" if column else "left")
    most = max((row["steps"] for row in data["rulings"]), default=1)
    for row in data["rulings"][:TOP_RULINGS]:
        rulings.add_row(row["id"], str(row["steps"]), f"{row['games']}/{total}", _bar(row["steps"], most))
    console.print(rulings)
    if data["capped"]:
        more = endings["capped"] - len(data["capped"])
        console.print(
            f"Games that hit the cap of {settings['max_events']} events: "
            + ", ".join(map(str, data["capped"]))
            + (f" and {more} more" if more > 0 else "")
        )
    for problem in data["problems"]:
        console.print(
            f"[red]game {problem['game']}: {problem['ending']}[/] after {problem['events']} events: "
            f"{escape(problem['problem'])} (reproduce: --seed {settings['seed']}, game {problem['game']}; "
            f"--save DIR writes its scenario file)",
            markup=True,
        )
    unlisted = sum(endings[ending] for ending in PROBLEMS) - len(data["problems"])
    if unlisted > 0:
        console.print(f"[red]and {unlisted} more games that went wrong[/] (--save DIR writes them all)", markup=True)


#: The rulings listed (and drawn) by the report for people.
TOP_RULINGS = 15
#: The colours of the runs in every figure: the base run, then the one with --compare's rules.
RUN_COLOURS = ("#1f62c4", "#e07b00")
BAR_WIDTH = 30


def _bar(value: float, most: float, colour: str = RUN_COLOURS[0]) -> Any:
    from rich.bar import Bar

    return Bar(size=most or 1, begin=0, end=value, width=BAR_WIDTH, color=colour)


def shared_histogram(runs: Sequence[Mapping[str, Any]], bins: int = 10) -> list[dict[str, Any]]:
    """Turns per game of each run in the same bins: [{"from", "to", "games": [one count per run]}]."""
    counts = [{turns: games for turns, games in run.get("turns_counted", [])} for run in runs]
    present = [turns for run in counts for turns, games in run.items() if games]
    if not present:
        return []
    span = (min(present), max(present))
    binned = [histogram(run, bins, span) for run in counts]
    return [
        {"from": row["from"], "to": row["to"], "games": [run[i]["games"] for run in binned]}
        for i, row in enumerate(binned[0])
    ]


def render_histogram(runs: Sequence[Mapping[str, Any]], labels: Sequence[str], console: Any, title: str) -> None:
    """Turns per game as bars (rich), the runs side by side in the same bins, each in its colour."""
    from rich.table import Table

    rows = shared_histogram(runs)
    if not rows:
        return
    most = max(max(row["games"]) for row in rows) or 1
    table = Table(title=title, title_justify="left", box=None, pad_edge=False)
    table.add_column("turns", justify="right")
    for label in labels:
        table.add_column(label or "games", justify="left")
    for row in rows:
        span = f"{row['from']}-{row['to']}" if row["to"] != row["from"] else str(row["from"])
        cells = []
        for i, games in enumerate(row["games"]):
            cells.append(_bar_with_count(games, most, RUN_COLOURS[i % len(RUN_COLOURS)]))
        table.add_row(span, *cells)
    console.print(table)


def _bar_with_count(value: int, most: int, colour: str) -> Any:
    from rich.table import Table

    grid = Table.grid(padding=(0, 1))
    grid.add_row(_bar(value, most, colour), str(value))
    return grid


def render_comparison(rows: Sequence[Mapping[str, Any]], base_label: str, variant_label: str, console: Any) -> None:
    from rich.table import Table

    table = Table(title="Comparison (same seed, same deals)", title_justify="left")
    table.add_column("figure")
    table.add_column(base_label, justify="right")
    table.add_column(variant_label, justify="right")
    table.add_column("change", justify="right")
    for row in rows:
        change = row["change"]
        table.add_row(row["figure"], str(row["base"]), str(row["variant"]), "" if change is None else f"{change:+g}")
    console.print(table)


def problem_file_name(seed: int, game: int, label: str = "") -> str:
    return f"simulate-seed{seed}-game{game}{'-' + label if label else ''}.yaml"


def problem_files(data: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(file name, scenario text) for each game that went wrong and is listed in the report."""
    for problem in data["problems"]:
        if problem["scenario"]:
            yield problem_file_name(data["settings"]["seed"], problem["game"]), problem["scenario"]
