"""Random games played to the end, to see what a deck and a set of house rules do to play.

Each game deals a shuffled draw pile of every supported card of the chosen decks and plays
uniformly random legal events (the engine's own legality, `engine.legal`) until someone wins,
no event is legal (a stuck game: an engine fault), or the event cap is reached. A game's
randomness (the pile, the game's seed, every pick) derives from the run's seed and the game's
index only, so a run gives the same report whatever the number of worker processes, and a
game can be replayed on its own (`play_game`) and written out as a scenario file.

The report: game length in turns and events (percentiles and a histogram, over the games
that ended with a winner), wins by seat, how many steps cited each ruling, and the games that
hit the cap or went wrong, each with its scenario file so it can be reproduced.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.model.cards import Card
    from adjudicator.model.events import Event
    from adjudicator.model.scenario import Scenario

DEFAULT_DECKS = ("fluxx5", "creeper_pack", "surprises")
DEFAULT_NAMES = ("Alice", "Bob", "Carol", "Dana", "Erin", "Frank")
DEFAULT_MAX_EVENTS = 1000
PERCENTILES = (10, 25, 50, 75, 90)
#: How a game ended. `won`, `over` (Solo Fluxx: a deck ran out, the Goals scored are the score)
#: and `capped` are play; the others are engine faults worth a scenario file.
ENDINGS = ("won", "over", "capped", "stuck", "stopped", "rejected", "unanswerable", "crashed")
PROBLEMS = ENDINGS[3:]


@dataclass(frozen=True)
class Settings:
    """How the random games are set up: players, decks, house rules, length limit and seed."""

    players: tuple[str, ...] = DEFAULT_NAMES[:2]
    decks: tuple[str, ...] = DEFAULT_DECKS
    house_rules: Mapping[str, Any] = field(default_factory=dict)
    max_events: int = DEFAULT_MAX_EVENTS
    seed: int = 0

    @property
    def solo(self) -> bool:
        """One player: the games are Solo Fluxx (B-solo)."""
        return len(self.players) == 1

    def as_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "decks": list(self.decks),
            "house_rules": dict(self.house_rules),
            "max_events": self.max_events,
            "seed": self.seed,
        }


@dataclass
class GameResult:
    """How one random game ended, with the rulings it cited (and the game itself when it went wrong)."""

    index: int
    ending: str
    winner: str | None
    turns: int
    events: int
    #: ruling id -> number of steps that cited it
    rulings: dict[str, int]
    problem: str | None = None
    #: Solo Fluxx: the Goals the player scored (None with two players or more)
    scored: int | None = None
    #: the game as a scenario file, kept for the games that went wrong
    scenario: str | None = None


# ------------------------------------------------------------ the engine
# Every use of the engine goes through these few functions, so a faster generator or
# `Game.push` replaces them in one place.
def _new_game(scenario: Scenario) -> Game:
    from adjudicator.engine.game import Game

    return Game(scenario)


def _legal(game: Game, number: int) -> tuple[list[Event], list[str]]:
    """The legal events numbered `number`, and the pending choices nobody can answer. The game
    is first taken through the steps the next event forces whatever it is (`legal.next_events`),
    so a win decided there is already on the table."""
    from adjudicator.engine.legal import next_events

    events = next_events(game, number)
    # A choice left waiting when someone has won is no dead end: the game is over.
    unanswerable = [f"{c.player} must {c.prompt}" for c in game.pending] if not events and not game.winner else []
    return events, unanswerable


def _apply(game: Game, event: Event) -> str | None:
    """Apply a legal event; what went wrong, if the engine stopped or rejected it."""
    from adjudicator.model import records as rec

    seen = len(game.steps)
    game.push(event)
    if game.stopped:
        return f"stopped: {game.stopped}"
    rejected = [s.reason for s in game.steps[seen:] if isinstance(s, rec.Rejected)]
    return f"rejected: {'; '.join(rejected)}" if rejected else None


def _finish(game: Game) -> None:
    """The events have run out: resolve what is still open (the last play's window)."""
    game.finish()


def _ahead(game: Game, number: int) -> list[Game]:
    """The positions an event of each player would meet first (the next turn begun, its draws
    made), on copies: where a game with no legal event stands."""
    from adjudicator.engine.legal import settle

    return [settle(game, number, player, "play") for player in game.players]


def _won_ahead(game: Game, number: int) -> str | None:
    """Who wins in the steps before the next event (the next turn's draw meets a Goal): no event
    can come then, yet the game is decided."""
    return next((ahead.winner for ahead in _ahead(game, number) if ahead.winner), None)


def _why_stuck(game: Game, number: int) -> str:
    for ahead in _ahead(game, number):
        turn = ahead.turn
        if turn.phase == "play" and not ahead.pending:
            hand = ", ".join(c.name for c in ahead.table.hands[turn.player]) or "nothing"
            return f"no legal event and no winner: in {turn.player}'s play phase, {turn.player} holds {hand}"
        if turn.phase == "play_over":
            return (
                f"no legal event and no winner: {turn.player}'s turn is played out without an event of "
                f"{turn.player}'s (forced plays), and no other event may begin it"
            )
    return "no legal event and no winner"


def _crash(error: Exception) -> str:
    """The error and where it was raised (file:line in function), to find it from the report."""
    import traceback

    frame = traceback.extract_tb(error.__traceback__)[-1]
    where = frame.filename.split("adjudicator/")[-1]
    return f"{type(error).__name__}: {error} (at {where}:{frame.lineno} in {frame.name})"


def _turns(game: Game) -> int:
    from adjudicator.model import records as rec

    return sum(isinstance(step, rec.TurnBegan) for step in game.steps)


# ------------------------------------------------------------- one game
def game_rng(seed: int, index: int) -> random.Random:
    """A game's own random source: the same for the same run seed and game index."""
    return random.Random(f"adjudicator simulate {seed} {index}")


def _deck_cards(decks: Sequence[str], solo: bool = False) -> list[Card]:
    """Every supported card of the decks, in catalog order (unsupported ones stay out, and in
    Solo Fluxx those that act on other players: they are set aside, B-solo)."""
    from adjudicator.cards.catalog import builtin
    from adjudicator.cards.kinds import is_supported, kind_of

    catalog = builtin()
    for deck in decks:
        if deck not in catalog.decks:
            raise OptionError(f"unknown deck {deck!r} (decks: {', '.join(catalog.decks)})")
    return [
        card
        for deck in decks
        for card in catalog.decks[deck].cards
        if is_supported(card) and not (solo and kind_of(card).needs_others)
    ]


def deck_names(decks: Sequence[str], solo: bool = False) -> list[str]:
    """The cards of the draw pile: the decks' supported cards but the Meta Rules (`meta_rules`)
    and, in Solo Fluxx, the New Rules (`solo_rules_deck`)."""
    from adjudicator.cards.catalog import builtin
    from adjudicator.model.cards import CardType

    cards = _deck_cards(decks, solo)
    if not any(card.type is CardType.GOAL for card in cards):  # every game would run to the cap
        with_goals = [
            name for name in builtin().decks if any(card.type is CardType.GOAL for card in _deck_cards([name]))
        ]
        raise OptionError(
            f"--decks {','.join(decks)}: no Goal among their cards, so no game could be won;"
            f" add a deck with Goals ({', '.join(with_goals)})"
        )
    return [card.name for card in cards if card.type is not CardType.META and not (solo and card.type is CardType.RULE)]


def solo_rules_deck(decks: Sequence[str]) -> list[str]:
    """Solo Fluxx: the decks' New Rules, which form the Rules deck of their own (B-solo)."""
    from adjudicator.model.cards import CardType

    return [card.name for card in _deck_cards(decks, solo=True) if card.type is CardType.RULE]


def meta_rules(decks: Sequence[str]) -> list[str]:
    """The decks' Meta Rules: set beside the Basic Rules before the game, never dealt (B-meta-rules)."""
    from adjudicator.model.cards import CardType

    return [card.name for card in _deck_cards(decks) if card.type is CardType.META]


def scenario_data(
    settings: Settings, seed: int, pile: Sequence[str], events: Sequence[Any] = (), rules_pile: Sequence[str] = ()
) -> dict[str, Any]:
    """A dealt game as a scenario mapping (events as scenario items; `rules_pile`: Solo Fluxx's
    Rules deck)."""
    data: dict[str, Any] = {
        "title": "A random legal game",
        "players": list(settings.players),
        "decks": list(settings.decks),
        "seed": seed,
    }
    if settings.house_rules:
        data["house_rules"] = dict(settings.house_rules)
    data["setup"] = {"turn": settings.players[0], "phase": "deal", "draw_pile": list(pile)}
    if meta := meta_rules(settings.decks):
        data["setup"]["rules"] = meta
    if rules_pile:
        data["setup"]["rules_pile"] = list(rules_pile)
    data["events"] = list(events)
    return data


def scenario_text(data: Mapping[str, Any]) -> str:
    import yaml

    return yaml.safe_dump(dict(data), sort_keys=False, allow_unicode=True, width=200)


def check_settings(settings: Settings) -> None:
    """Load the run's scenario (the decks before shuffling): a bad deck, player or house rule
    fails here (ScenarioError) before any worker starts."""
    _template(settings)


def dealt_scenario(settings: Settings, rng: random.Random) -> Scenario:
    """A game about to be dealt: the decks' cards shuffled with rng, and a seed drawn from it.
    The same as loading the scenario file `scenario_data` writes for that pile and seed (tested),
    without writing and reading it: the file of the unshuffled decks is read once per run."""
    template = _template(settings)
    pile, rules = list(template.setup.draw_pile), list(template.setup.rules_pile)
    rng.shuffle(pile)  # the same order as shuffling the names: a shuffle only looks at the length
    rng.shuffle(rules)  # Solo Fluxx's Rules deck (empty otherwise: no draw from rng)
    seed = rng.randrange(2**31)
    return replace(template, seed=seed, setup=replace(template.setup, draw_pile=tuple(pile), rules_pile=tuple(rules)))


_TEMPLATES: dict[tuple, Scenario] = {}  # per process: a worker reads the file once


def _template(settings: Settings) -> Scenario:
    from adjudicator.loading.scenario import parse_scenario

    key = (settings.players, settings.decks, repr(sorted(settings.house_rules.items())))
    if key not in _TEMPLATES:
        data = scenario_data(
            settings,
            0,
            deck_names(settings.decks, settings.solo),
            rules_pile=solo_rules_deck(settings.decks) if settings.solo else (),
        )
        _TEMPLATES[key] = parse_scenario(scenario_text(data), "<simulate>")
    return _TEMPLATES[key]


def play_game(settings: Settings, index: int) -> GameResult:
    """Game `index` of a run: deal, then random legal events until it ends."""
    from adjudicator.engine.legal import scenario_item

    rng = game_rng(settings.seed, index)
    game = _new_game(dealt_scenario(settings, rng))
    events: list[Event] = []
    ending, problem, winner, turns_ahead = "capped", None, None, 0
    try:
        for number in range(1, settings.max_events + 1):
            legal, unanswerable = _legal(game, number)
            if unanswerable:
                ending, problem = "unanswerable", "no event can answer: " + "; ".join(unanswerable)
                break
            if not legal:
                ending = "ended"
                break
            event = rng.choice(legal)
            events.append(event)
            problem = _apply(game, event)
            if problem:
                ending = problem.split(":")[0]
                break
        if ending == "ended" and not game.winner and (winner := _won_ahead(game, number)):
            ending, turns_ahead = "won", 1  # decided as the next turn began, before any event could come
        elif ending in ("ended", "capped"):
            _finish(game)  # the last play's window closes: it may win
            winner = game.winner
            if winner:
                ending = "won"
            elif ending == "ended" and game.ended:
                ending = "over"  # Solo Fluxx: a deck ran out
            elif ending == "ended":
                ending, problem = "stuck", f"stopped: {game.stopped}" if game.stopped else _why_stuck(game, number)
            # capped: a choice still waiting at the cap is no fault
    except Exception as error:  # an engine fault: report the game, go on with the others
        ending, problem = "crashed", _crash(error)
    rulings = Counter(ruling for step in game.steps for ruling in step.rulings)
    scored = len(game.table.scored.get(game.players[0], ())) if settings.solo else None
    result = GameResult(
        index,
        ending,
        winner if ending == "won" else None,
        _turns(game) + turns_ahead,
        len(events),
        dict(sorted(rulings.items())),
        problem,
        scored,
    )
    if ending in PROBLEMS:
        setup = game.scenario.setup
        data = scenario_data(
            settings,
            game.scenario.seed,
            [c.name for c in setup.draw_pile],
            [scenario_item(e) for e in events],
            [c.name for c in setup.rules_pile],
        )
        data["title"] = f"simulate --seed {settings.seed}: game {index} ({ending})"
        result.scenario = scenario_text(data)
    return result


# -------------------------------------------------------------- a run
def run(
    settings: Settings, games: int, workers: int = 1, progress: Callable[[int], None] | None = None
) -> list[GameResult]:
    """Play games 0..games-1, in `workers` processes; results in game order. `progress` is
    called with the number of games done after each one."""
    if workers <= 1 or games <= 1:
        results = []
        for index in range(games):
            results.append(play_game(settings, index))
            if progress:
                progress(index + 1)
        return results
    from concurrent.futures import ProcessPoolExecutor, as_completed

    done: dict[int, GameResult] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_game, settings, index) for index in range(games)]
        for future in as_completed(futures):
            result = future.result()
            done[result.index] = result
            if progress:
                progress(len(done))
    return [done[index] for index in range(games)]


def _percentile(ordered: Sequence[int], p: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    if len(ordered) == 1:
        return float(ordered[0])
    position = (len(ordered) - 1) * p / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _distribution(values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {"games": 0}
    ordered = sorted(values)
    stats: dict[str, Any] = {
        "games": len(ordered),
        "min": ordered[0],
        "max": ordered[-1],
        "mean": round(statistics.fmean(ordered), 2),
    }
    for p in PERCENTILES:
        stats["median" if p == 50 else f"p{p}"] = round(_percentile(ordered, p), 2)
    return stats


def histogram(values: Sequence[int], bins: int = 10) -> list[dict[str, int]]:
    """Counts in equal-width bins of whole numbers, from the least value to the greatest."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // bins))
    counts = Counter((v - low) // width for v in values)
    return [
        {"from": low + i * width, "to": low + (i + 1) * width - 1, "games": counts.get(i, 0)}
        for i in range((high - low) // width + 1)
    ]


def report(settings: Settings, results: Sequence[GameResult]) -> dict[str, Any]:
    """The run's summary as data (the `--json` output). Game lengths are those of the games
    played to their end (won; in Solo Fluxx, over), and a Solo run adds the Goals scored."""
    won = [r for r in results if r.ending == "won"]
    wins = Counter(r.winner for r in won)
    played = [r for r in results if r.ending in ("won", "over")]
    steps: Counter[str] = Counter()
    games_citing: Counter[str] = Counter()
    for result in results:
        steps.update(result.rulings)
        games_citing.update(result.rulings.keys())
    total = len(results)
    return {
        "settings": settings.as_json(),
        "games": total,
        "endings": {ending: sum(r.ending == ending for r in results) for ending in ENDINGS},
        "length": {
            "turns": _distribution([r.turns for r in played]),
            "events": _distribution([r.events for r in played]),
        },
        "histogram": {"turns": histogram([r.turns for r in played]), "events": histogram([r.events for r in played])},
        "wins_by_seat": [
            {
                "seat": seat,
                "player": player,
                "wins": wins.get(player, 0),
                "share": round(wins.get(player, 0) / len(won), 3) if won else 0.0,
            }
            for seat, player in enumerate(settings.players, 1)
        ],
        "rulings": [
            {"id": ruling, "steps": count, "games": games_citing[ruling]}
            for ruling, count in sorted(steps.items(), key=lambda item: (-item[1], item[0]))
        ],
        "capped": [r.index for r in results if r.ending == "capped"],
        "problems": [
            {"game": r.index, "ending": r.ending, "problem": r.problem, "events": r.events, "scenario": r.scenario}
            for r in results
            if r.ending in PROBLEMS
        ],
        "per_game": [
            {
                "game": r.index,
                "ending": r.ending,
                "winner": r.winner,
                "turns": r.turns,
                "events": r.events,
                **({"scored": r.scored} if r.scored is not None else {}),
            }
            for r in results
        ],
    } | ({"scored": _distribution([r.scored for r in played if r.scored is not None])} if settings.solo else {})


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
    from rich.table import Table

    settings, total = data["settings"], data["games"]
    house = ", ".join(f"{k}={v}" for k, v in settings["house_rules"].items()) or "none"
    console.print(
        f"[bold]{total} random games[/]: {', '.join(settings['players'])}; decks "
        f"{', '.join(settings['decks'])}; house rules: {house}; seed {settings['seed']}; "
        f"cap {settings['max_events']} events"
    )
    endings = data["endings"]
    console.print(
        "Endings: "
        + ", ".join(f"{name} {count}" for name, count in endings.items() if count or name in ("won", "capped"))
    )
    if elapsed is not None and elapsed > 0:
        turns = sum(g["turns"] for g in data["per_game"])
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
    _render_histogram(data["histogram"]["turns"], console, played)
    if not solo:  # Solo Fluxx has no winner: its score is the Goals scored
        seats = Table(title="Wins by seat", title_justify="left")
        for column in ("seat", "player", "wins", "share"):
            seats.add_column(column, justify="right" if column != "player" else "left")
        for row in data["wins_by_seat"]:
            seats.add_row(str(row["seat"]), row["player"], str(row["wins"]), f"{row['share']:.0%}")
        console.print(seats)
    rulings = Table(title="Rulings that decided steps (top 15)", title_justify="left")
    for column in ("ruling", "steps", "games"):
        rulings.add_column(column, justify="right")
    for row in data["rulings"][:15]:
        rulings.add_row(row["id"], str(row["steps"]), f"{row['games']}/{total}")
    console.print(rulings)
    if data["capped"]:
        console.print(
            f"Games that hit the cap of {settings['max_events']} events: " + ", ".join(map(str, data["capped"]))
        )
    for problem in data["problems"]:
        console.print(
            f"[red]game {problem['game']}: {problem['ending']}[/] after {problem['events']} events: "
            f"{problem['problem']} (reproduce: --seed {settings['seed']}, game {problem['game']}; "
            f"--save DIR writes its scenario file)",
            markup=True,
        )


def _render_histogram(bins: Sequence[Mapping[str, int]], console: Any, played: str, width: int = 40) -> None:
    if not bins:
        return
    console.print(f"Turns per game ({played}):")
    most = max(b["games"] for b in bins) or 1
    label = max(len(f"{b['from']}-{b['to']}") for b in bins)
    for b in bins:
        span = f"{b['from']}-{b['to']}" if b["to"] != b["from"] else str(b["from"])
        bar = "█" * round(width * b["games"] / most)
        console.print(f"  {span:>{label}} │{bar} {b['games']}", markup=False, highlight=False)


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


def problem_files(data: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(file name, scenario text) for each game that went wrong."""
    for problem in data["problems"]:
        if problem["scenario"]:
            yield f"simulate-seed{data['settings']['seed']}-game{problem['game']}.yaml", problem["scenario"]


# ------------------------------------------------------------- command
class OptionError(ValueError):
    """A bad command-line value (exit code 2)."""


def parse_players(value: str) -> tuple[str, ...]:
    """`3` (that many default names) or `Ann,Ben` (the names, in seating order)."""
    value = value.strip()
    if value.isdigit():
        count = int(value)
        if not 1 <= count <= len(DEFAULT_NAMES):
            raise OptionError(f"--players: between 1 and {len(DEFAULT_NAMES)} players, or a list of names")
        return DEFAULT_NAMES[:count]
    names = tuple(name.strip() for name in value.split(",") if name.strip())
    if not names:
        raise OptionError("--players: give a number or names separated by commas")
    return names


def parse_house_rules(items: Sequence[str]) -> dict[str, Any]:
    """NAME=VALUE items; the value is read as YAML (true, 3, text), as in a scenario file."""
    import yaml

    rules: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"house rule {item!r}: write NAME=VALUE")
        rules[name.strip()] = yaml.safe_load(value) if value.strip() else True
    return rules


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
    house_rules: Sequence[str],
    compare: Sequence[str],
    max_events: int,
    workers: int | None,
    save: str | None,
    json_output: bool,
) -> None:
    """`adjudicator simulate`: run, print the report (and the comparison), write problem games."""
    import json
    import os
    import sys
    import time
    from pathlib import Path

    from adjudicator import output

    if games < 1:
        raise OptionError("--games must be at least 1")
    if max_events < 1:
        raise OptionError("--max-events must be at least 1")
    settings = Settings(
        parse_players(players),
        tuple(d.strip() for d in decks.split(",") if d.strip()),
        parse_house_rules(house_rules),
        max_events,
        seed,
    )
    runs = [("base", settings)]
    if compare:
        variant = replace(settings, house_rules={**settings.house_rules, **parse_house_rules(compare)})
        runs.append(("variant", variant))
    for _label, run_settings in runs:
        check_settings(run_settings)  # ScenarioError: the caller reports it
    workers = workers or os.cpu_count() or 1
    err = output.console(stderr=True)
    reports: list[dict[str, Any]] = []
    timings: list[tuple[float, float]] = []
    for label, run_settings in runs:
        start, cpu_start = time.perf_counter(), _cpu_seconds()
        if err.is_terminal:
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
                results = run(run_settings, games, workers, lambda n, task=task: bar.update(task, completed=n))
        else:
            results = run(run_settings, games, workers)
        timings.append((time.perf_counter() - start, _cpu_seconds() - cpu_start))
        reports.append(report(run_settings, results))
    if save:
        folder = Path(save)
        folder.mkdir(parents=True, exist_ok=True)
        for data in reports:
            for name, text in problem_files(data):
                (folder / name).write_text(text, encoding="utf-8")
    if json_output:
        output: dict[str, Any] = reports[0]
        if compare:
            output = {"base": reports[0], "variant": reports[1], "comparison": comparison(reports[0], reports[1])}
        sys.stdout.write(json.dumps(output, indent=2, ensure_ascii=False) + "\n")
        return
    console = output.console()
    for data, (elapsed, cpu) in zip(reports, timings, strict=False):
        render(data, console, elapsed, workers, cpu)
        console.print()
    if compare:
        label = ", ".join(compare)
        render_comparison(comparison(reports[0], reports[1]), "base", label, console)
