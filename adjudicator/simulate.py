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

This module plays one game (`play_game`) and deals it; `simulate_report` sums up a run's games and
prints the summary, `simulate_command` runs the games (in worker processes) and is the command.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

# At the top: `_apply` reads it once an event, and an import inside a function is paid at each call.
from adjudicator.model import records as rec
from adjudicator.model.decision import past_chance

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.engine.view import GameView
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


class OptionError(ValueError):
    """A bad command-line value (exit code 2); the message names the option as the user typed it."""

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.suggestions = suggestions


# ------------------------------------------------------------ the engine
# Every use of the engine goes through these few functions, so a faster generator or
# `Game.push` replaces them in one place.
def _new_game(scenario: Scenario) -> Game:
    from adjudicator.engine.game import Game

    return Game(scenario, undo=False, log=False)  # never taken back, and played without a log (`Game.log`)


def _legal(game: Game) -> tuple[Sequence[Event], list[str]]:
    """The legal events of the decision the game rests at (`Game.decision`), and the pending
    choices nobody can answer. Every step the next event forces is taken first, so a win
    decided there is already on the table."""
    events = past_chance(game).events  # the seed picks where chance decides, as a table's game has it
    # A choice left waiting when someone has won is no dead end: the game is over.
    unanswerable = [f"{c.player} must {c.prompt}" for c in game.pending] if not events and not game.winner else []
    return events, unanswerable


def _apply(game: Game, event: Event) -> str | None:
    """Apply a legal event just listed by `_legal`; what went wrong, if the engine stopped or rejected it."""
    seen = len(game.steps)
    game.push(event)
    if game.stopped:
        return f"stopped: {game.stopped}"
    rejected = [s.reason for s in game.steps[seen:] if isinstance(s, rec.Rejected)]
    return f"rejected: {'; '.join(rejected)}" if rejected else None


def _finish(game: Game) -> None:
    """The events have run out: resolve what is still open (the last play's window)."""
    game.finish()


def _ahead(game: Game, number: int) -> list[GameView]:
    """The positions an event of each player would meet first (the next turn begun, its draws
    made), on copies: where a game with no legal event stands."""
    from adjudicator.engine.legal import settle

    return [settle(game, number, player, "play") for player in game.players]


def _won_ahead(game: Game, number: int) -> tuple[str, str] | None:
    """Who wins in the steps before the next event (the next turn's draw meets a Goal): no event
    can come then, yet the game is decided. With the player whose event takes those steps."""
    return next(
        (
            (ahead.winner, player)
            for player, ahead in zip(game.players, _ahead(game, number), strict=True)
            if ahead.winner
        ),
        None,
    )


def _begin_event(number: int, player: str) -> Event:
    from adjudicator.engine.legal import make_event
    from adjudicator.model.events import Action

    return make_event(number, player, Action.BEGIN_TURN)


def _begins(game: Game, seen: int, number: int) -> list[Event]:
    """The events that take the steps a driver's advance took before the game ended without one
    (a win as the next turn begins, a Solo deck running out): `P begins` for each run of one
    player's turns begun since step `seen`, so that a saved game holds the events that lead to its
    end. One event a run: hers goes on into her next turn where this one played out at its start
    (`Game.push`), as a decision lists one `P begins` for them (`deciding._beginner`)."""
    began = [step.player for step in game.steps[seen:] if isinstance(step, rec.TurnBegan)]
    runs = [player for k, player in enumerate(began) if k == 0 or began[k - 1] != player]
    return [_begin_event(number + k, player) for k, player in enumerate(runs)]


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
            seen = len(game.steps)
            legal, unanswerable = _legal(game)
            if unanswerable:
                ending, problem = "unanswerable", "no event can answer: " + "; ".join(unanswerable)
                break
            if not legal:
                ending = "ended"
                if game.winner or game.ended:
                    events += _begins(game, seen, len(game.move_stack) + 1)  # the advance itself ended the game
                break
            event = rng.choice(legal)
            events.append(event)
            problem = _apply(game, event)
            if problem:
                ending = problem.split(":")[0]
                break
        number = len(game.move_stack) + 1  # the event no event came for
        if ending == "ended" and not game.winner and (won := _won_ahead(game, number)):
            # decided as the next turn began, before any event could come: `P begins` takes those steps
            (winner, player), ending, turns_ahead = won, "won", 1
            events.append(_begin_event(number, player))
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
