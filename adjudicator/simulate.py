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
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
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

    return Game(scenario, undo=False, log=False)  # never taken back, and played without a log (`Game.log`)


def _legal(game: Game) -> tuple[list[Event], list[str]]:
    """The legal events of the decision the game rests at (`Game.decision`), and the pending
    choices nobody can answer. Every step the next event forces is taken first, so a win
    decided there is already on the table."""
    events = game.legal_events()
    # A choice left waiting when someone has won is no dead end: the game is over.
    unanswerable = [f"{c.player} must {c.prompt}" for c in game.pending] if not events and not game.winner else []
    return events, unanswerable


def _apply(game: Game, event: Event) -> str | None:
    """Apply a legal event just listed by `_legal`; what went wrong, if the engine stopped or rejected it."""
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


def _clashing(decks: Sequence[str]) -> frozenset[str]:
    """The (normalized) names that two of the decks print on different cards (Holiday's and the
    Fun Pack's Fruitcake): a scenario file writes those as `NAME (DECK)`, as the loader asks."""
    from adjudicator.model.names import normalize

    printers: dict[str, set[tuple[str, str]]] = {}
    for card in _deck_cards(decks):
        printers.setdefault(normalize(card.name), set()).add(card.definition)
    return frozenset(name for name, printed in printers.items() if len(printed) > 1)


def _written(cards: Sequence[Card], decks: Sequence[str]) -> list[str]:
    """The cards' names as a scenario with these decks writes them (`_clashing`)."""
    from adjudicator.model.names import normalize

    clashing = _clashing(decks)
    return [card.qualified if normalize(card.name) in clashing else card.name for card in cards]


def _written_events(events: Sequence[Event], decks: Sequence[str]) -> list[str | dict[str, Any]]:
    """The events as a scenario with these decks writes them: a card whose name two decks print
    is named with its deck, in the event and in its choices (`_clashing`)."""
    from adjudicator.engine.legal import scenario_item
    from adjudicator.model.cards import Card
    from adjudicator.model.events import Assignment, Whose
    from adjudicator.model.names import normalize

    clashing = _clashing(decks)

    def named(thing: Any) -> str:
        if isinstance(thing, Card):
            return thing.qualified if normalize(thing.name) in clashing else thing.name
        if isinstance(thing, Assignment):
            return f"{named(thing.card)} to {thing.player}"
        if isinstance(thing, Whose):
            return f"{named(thing.card)} of {thing.player}"
        return str(thing)

    return [scenario_item(event, named if clashing else str) for event in events]


def _can_be_met(card: Card, cards: Sequence[Card]) -> bool:
    """Whether `card` is a Goal that some game with these cards could see met: a Goal naming the
    Keepers (and Creepers) it needs is met only if the cards hold them all (Fluxx 4.0's partial
    list has its Goals but not their Keepers); other Goals (counts, letters) are taken as met."""
    from adjudicator.cards.kinds import kind_of
    from adjudicator.cards.kinds.goals import match, required_names
    from adjudicator.model.cards import CardType

    if card.type is not CardType.GOAL:
        return False
    if kind_of(card).name != "keepers":
        return True
    holders = [c for c in cards if c.type in (CardType.KEEPER, CardType.CREEPER)]
    return match(required_names(card), holders) is not None


def winnable(decks: Sequence[str]) -> bool:
    """Whether some Goal of the decks can be met with their own Keepers and Creepers."""
    cards = _deck_cards(decks)
    return any(_can_be_met(card, cards) for card in cards)


def deck_names(decks: Sequence[str], solo: bool = False) -> list[str]:
    """The cards of the draw pile: the decks' supported cards but the Meta Rules (`meta_rules`)
    and, in Solo Fluxx, the New Rules (`solo_rules_deck`)."""
    from adjudicator.cards.catalog import builtin
    from adjudicator.model.cards import CardType

    cards = _deck_cards(decks, solo)
    if not any(_can_be_met(card, cards) for card in cards):  # every game would run to the cap
        winnable_alone = [name for name in builtin().decks if winnable([name])]
        if any(card.type is CardType.GOAL for card in cards):
            raise OptionError(
                f"--decks {','.join(decks)}: none of their Goals can be met with their Keepers and Creepers, "
                f"so no game could be won; add a deck whose Goals can ({', '.join(winnable_alone)})"
            )
        raise OptionError(
            f"--decks {','.join(decks)}: no Goal among their cards, so no game could be won;"
            f" add a deck with Goals ({', '.join(winnable_alone)})"
        )
    dealt = [card for card in cards if card.type is not CardType.META and not (solo and card.type is CardType.RULE)]
    return _written(dealt, decks)


def solo_rules_deck(decks: Sequence[str]) -> list[str]:
    """Solo Fluxx: the decks' New Rules, which form the Rules deck of their own (B-solo)."""
    from adjudicator.model.cards import CardType

    return _written([card for card in _deck_cards(decks, solo=True) if card.type is CardType.RULE], decks)


def meta_rules(decks: Sequence[str]) -> list[str]:
    """The decks' Meta Rules: set beside the Basic Rules before the game, never dealt (B-meta-rules)."""
    from adjudicator.model.cards import CardType

    return _written([card for card in _deck_cards(decks) if card.type is CardType.META], decks)


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


def check_settings(settings: Settings, players: str = "", decks: str = "") -> None:
    """Load the run's scenario (the decks before shuffling) before any worker starts. The options
    are checked one by one before this; what the loader still refuses is reported against them
    (OptionError), never against the file the run writes for itself."""
    from adjudicator.model.errors import ScenarioError

    try:
        _template(settings)
    except ScenarioError as exc:
        typed = f"--players {players or ','.join(settings.players)} --decks {decks or ','.join(settings.decks)}"
        for name, value in settings.house_rules.items():
            typed += f" --house-rule {name}={value}"
        raise OptionError(f"{typed}: {exc.message}", exc.suggestions) from None


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
    from adjudicator.loading.scenario import read_scenario_data

    key = (settings.players, settings.decks, repr(sorted(settings.house_rules.items())))
    if key not in _TEMPLATES:
        data = scenario_data(
            settings,
            0,
            deck_names(settings.decks, settings.solo),
            rules_pile=solo_rules_deck(settings.decks) if settings.solo else (),
        )
        # The values as the file would hold them, read without writing the YAML and parsing it
        # back (PyYAML's import, dump and parse were a tenth of a short run).
        _TEMPLATES[key] = read_scenario_data(data, "<simulate>")
    return _TEMPLATES[key]


def play_game(settings: Settings, index: int, keep_scenario: bool = False) -> GameResult:
    """Game `index` of a run: deal, then random legal events until it ends. The game is
    written out as a scenario file for a game that went wrong (`keep_scenario`: for any)."""
    rng = game_rng(settings.seed, index)
    game = _new_game(dealt_scenario(settings, rng))
    events: list[Event] = []
    ending, problem, winner, turns_ahead = "capped", None, None, 0
    try:
        for _ in range(settings.max_events):
            legal, unanswerable = _legal(game)
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
        number = len(game.move_stack) + 1  # the event no event came for
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
    rulings = game.citations()
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
    if ending in PROBLEMS or keep_scenario:
        setup = game.scenario.setup
        data = scenario_data(
            settings,
            game.scenario.seed,
            _written(setup.draw_pile, settings.decks),
            _written_events(events, settings.decks),
            _written(setup.rules_pile, settings.decks),
        )
        data["title"] = f"simulate --seed {settings.seed}: game {index} ({ending})"
        result.scenario = scenario_text(data)
    return result


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


def histogram(values: Sequence[int] | Mapping[int, int], bins: int = 10) -> list[dict[str, int]]:
    """Counts in equal-width bins of whole numbers, from the least value to the greatest."""
    counts = values if isinstance(values, Mapping) else Counter(values)
    present = [v for v, c in counts.items() if c]
    if not present:
        return []
    low, high = min(present), max(present)
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
    _render_histogram(data["histogram"]["turns"], console, played)
    if not solo:  # Solo Fluxx has no winner: its score is the Goals scored
        seats = Table(title="Wins by seat", title_justify="left")
        for column in ("seat", "player", "wins", "share"):
            seats.add_column(column, justify="right" if column != "player" else "left")
        for row in data["wins_by_seat"]:
            seats.add_row(str(row["seat"]), escape(row["player"]), str(row["wins"]), f"{row['share']:.0%}")
        console.print(seats)
    rulings = Table(title="Rulings that decided steps (top 15)", title_justify="left")
    for column in ("ruling", "steps", "games"):
        rulings.add_column(column, justify="right")
    for row in data["rulings"][:15]:
        rulings.add_row(row["id"], str(row["steps"]), f"{row['games']}/{total}")
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


def problem_file_name(seed: int, game: int, label: str = "") -> str:
    return f"simulate-seed{seed}-game{game}{'-' + label if label else ''}.yaml"


def problem_files(data: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(file name, scenario text) for each game that went wrong and is listed in the report."""
    for problem in data["problems"]:
        if problem["scenario"]:
            yield problem_file_name(data["settings"]["seed"], problem["game"]), problem["scenario"]


# ------------------------------------------------------------- command
class OptionError(ValueError):
    """A bad command-line value (exit code 2); the message names the option as the user typed it."""

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.suggestions = suggestions


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
) -> None:
    """`adjudicator simulate`: check every option, run (aggregating as the games come), print the
    report (and the comparison), and write the games that went wrong as they come."""
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
    if json_output:
        shown: dict[str, Any] = reports[0]
        if compare:
            shown = {"base": reports[0], "variant": reports[1], "comparison": comparison(reports[0], reports[1])}
        sys.stdout.write(json.dumps(shown, indent=2, ensure_ascii=False) + "\n")
        return
    console = output.console()
    for data, (elapsed, cpu) in zip(reports, timings, strict=False):
        render(data, console, elapsed, workers, cpu)
        console.print()
    if compare:
        label = ", ".join(f"{name}={value}" for name, value in compare.items())
        render_comparison(comparison(reports[0], reports[1]), "base", label, console)
