"""`adjudicator explore FILE --at N`: what if event N had been something else?

The game is replayed up to event N-1 and the engine's generator (`engine.legal`) lists what
was legal at event N. Each alternative is then replayed with the file's remaining events
(an event that has become illegal is rejected as usual):

- an event of the player who sent event N replaces it (`instead`);
- an event of another player comes before it (`before`): a Surprise slapped down, an answer;
- event N can also be left out (`skip`), unless it answers a choice (an answer cannot be
  left out: the replay would stop);
- with N one past the last event, the alternatives are added at the end (`after`).

Each alternative's verdict is compared with the file's: who wins, whether the replay stops,
which of the file's events are rejected, and the position (rules, goals, hands, Keepers and
Creepers in play). The rulings cited from event N on show why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from adjudicator.model.errors import ScenarioError
from adjudicator.model.events import ANSWERS, Action

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.model.events import Event
    from adjudicator.model.scenario import Scenario
    from adjudicator.model.snapshot import Position


# Every use of the engine goes through these functions (one place to switch to `Game.push`).
def _replay_events(scenario: Scenario, events: Sequence[Event]) -> Game:
    """The game after these events, without the end-of-file steps (the next event may still come)."""
    from adjudicator.engine.replay import play_events

    return play_events(scenario, events)


def _replay(scenario: Scenario) -> Game:
    from adjudicator.engine.replay import replay

    return replay(scenario)


def _continue(game: Game, events: Sequence[Event]) -> Game:
    """A copy of the game with these events pushed, then the end-of-file steps."""
    game = game.copy()
    for event in events:
        if game.stopped:
            break
        game.push(event)
    if not game.stopped:
        game.finish()
    return game


def _legal(game: Game, number: int) -> list[Event]:
    """The events that could come instead: not `P declines`, which lets the game go on as leaving
    out the event does (the alternative "leave out event N" says it)."""
    from adjudicator.engine.legal import explore

    return [event for event in explore(game, number).events if event.action != Action.DECLINE]


# ------------------------------------------------------------- verdicts
@dataclass
class Verdict:
    """The outcome of one replay from event N on: winner, stop, rejected events, final position, rulings."""

    winner: str | None
    winning_goal: str | None
    stopped: str | None
    #: (the file's event number, or None for the alternative itself) -> why it was rejected
    rejected: dict[int | None, str]
    position: dict[str, Any]
    #: rulings cited from event N on, in order of first citation
    rulings: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "winning_goal": self.winning_goal,
            "stopped": self.stopped,
            "rejected": [{"event": number, "reason": reason} for number, reason in self.rejected.items()],
            "position": self.position,
            "rulings": self.rulings,
        }

    def says(self) -> str:
        if self.stopped:
            return "the replay stops"
        if self.winner:
            return f"{self.winner} wins ({self.winning_goal})"
        return "no winner yet"


def _verdict(game: Game, origin: Sequence[int | None], skip_steps: int) -> Verdict:
    """The verdict of a replay whose events came from the file as `origin` says (origin[i] is
    the file's number of the replay's event i+1; None: the alternative). Read from the replay's
    own frozen verdict (`adjudicator.verdict`), as every output is."""
    from adjudicator.verdict import build_verdict

    told = build_verdict(game)
    rejected: dict[int | None, str] = {}
    for step in told.rejections:
        if step.event is not None:
            rejected.setdefault(origin[step.event - 1], step.reason)
    position = {
        "rules": sorted(c.name for c in told.rules),
        "goals": sorted(c.name for c in told.goals),
        "hands": {seat.player: sorted(c.name for c in seat.hand) for seat in told.seats},
        "in_play": {seat.player: sorted(c.name for c in seat.in_play) for seat in told.seats},
    }
    rulings = list(dict.fromkeys(r for step in told.steps[skip_steps:] for r in step.rulings))
    return Verdict(
        told.winner, told.winning_goal.name if told.winning_goal else None, told.stopped, rejected, position, rulings
    )


def _changes(base: Verdict, other: Verdict) -> list[str]:
    """How other differs from base, one line each."""
    changes = []
    if base.winner != other.winner:
        changes.append(f"winner: {base.winner or 'none'} → {other.winner or 'none'}")
    if bool(base.stopped) != bool(other.stopped):
        changes.append(f"the replay {'stops' if other.stopped else 'no longer stops'}")
    for number in sorted(set(base.rejected) | set(other.rejected), key=lambda n: (n is not None, n or 0)):
        label = "the alternative" if number is None else f"event {number}"
        if number in other.rejected and number not in base.rejected:
            changes.append(f"{label} is rejected: {other.rejected[number]}")
        elif number in base.rejected and number not in other.rejected:
            changes.append(f"{label} is no longer rejected")
    for key in ("rules", "goals"):
        if base.position[key] != other.position[key]:
            changes.append(f"{key}: {_cards(base.position[key])} → {_cards(other.position[key])}")
    for key, label in (("hands", "hand"), ("in_play", "in play")):
        for player, cards in other.position[key].items():
            before = base.position[key].get(player, [])
            if Counter(before) != Counter(cards):
                changes.append(f"{label} of {player}: {_cards(before)} → {_cards(cards)}")
    return changes


def _cards(names: Sequence[str]) -> str:
    return "[" + ", ".join(names) + "]"


# --------------------------------------------------------- alternatives
@dataclass
class Alternative:
    """One other way event N could have gone, and how the outcome differs from the real one."""

    how: str  # instead, before, skip, after; chance: the same event with another outcome of chance stated
    event: Event | None  # None: event N left out
    verdict: Verdict
    changes: list[str]
    winner_changed: bool
    new_rulings: list[str]
    #: the line of events replayed, renumbered (the board of `explore --format html` replays it)
    timeline: tuple[Event, ...] = ()

    def describe(self, at: int, actual: Event | None) -> str:
        if self.how == "skip":
            return f"leave out event {at} ({actual.text})" if actual else f"leave out event {at}"
        assert self.event is not None
        if self.how == "instead":
            return f"{self.event.text} at event {at} (instead of {actual.text if actual else '-'})"
        if self.how == "before":
            return f"{self.event.text} at event {at}, before {actual.text if actual else '-'}"
        if self.how == "chance":
            return f"{self.event.text} at event {at} (chance stated)"
        return f"{self.event.text} as event {at}"

    def as_json(self, at: int, actual: Event | None) -> dict[str, Any]:
        from adjudicator.engine.legal import scenario_item

        return {
            "how": self.how,
            "text": self.describe(at, actual),
            "event": self.event.text if self.event else None,
            "player": self.event.player if self.event else (actual.player if actual else None),
            "item": scenario_item(self.event) if self.event else None,
            "winner_changed": self.winner_changed,
            "changes": self.changes,
            "new_rulings": self.new_rulings,
            "verdict": self.verdict.as_json(),
        }


@dataclass
class Exploration:
    """Every alternative tried at event N of a file, beside the real outcome."""

    path: str
    at: int
    player: str | None
    actual: Event | None
    base: Verdict
    alternatives: list[Alternative]

    def player_of(self, alternative: Alternative) -> str | None:
        """Who sends the alternative's event (for `skip`: who sent the event left out)."""
        if alternative.event is not None:
            return alternative.event.player
        return self.actual.player if self.actual else None

    def answer(self) -> str:
        """The one-line answer: could the player(s) have changed who wins at event N? A win is
        stopped only by another player's alternative: the winner's own alternatives (leaving out
        her own winning play) are said apart."""
        who = self.player or "anyone"
        winner = self.base.winner
        # Chance going otherwise is no choice of anyone's: listed, but not an answer to this question.
        choices = [a for a in self.alternatives if a.how != "chance"]
        deciding = [a for a in choices if a.winner_changed]
        own: list[Alternative] = []
        if winner and (self.player is None or self.player != winner):
            question = f"Could {who} have stopped {winner}'s win at event {self.at}?"
            deciding = [a for a in deciding if a.verdict.winner != winner]
            own = [a for a in deciding if self.player_of(a) == winner]
            deciding = [a for a in deciding if self.player_of(a) != winner]
            considered = [a for a in choices if self.player_of(a) != winner]
        else:
            question = f"Could {who} have changed who wins at event {self.at}?"
            considered = choices
        own_text = f" {winner}'s own choice could: {self._first(own)}." if own else ""
        if not deciding:
            count = len(considered)
            others = " of another player" if own or len(considered) < len(choices) else ""
            if count == 0:
                return f"{question} No: no {'event' + others if others else 'other event'} was legal there.{own_text}"
            if count == 1:
                return f"{question} No: the one alternative{others} does not change who wins.{own_text}"
            return f"{question} No: none of {count} alternatives{others} changes who wins.{own_text}"
        return f"{question} Yes: {self._first(deciding)}.{own_text}"

    def _by_winner(self, alternative: Alternative) -> bool:
        """Whether the alternative is the winner's own: it changes her play, it does not stop her."""
        return self.base.winner is not None and self.player_of(alternative) == self.base.winner

    def _first(self, alternatives: list[Alternative]) -> str:
        first = alternatives[0]
        more = f" (and {len(alternatives) - 1} more)" if len(alternatives) > 1 else ""
        return f"{first.describe(self.at, self.actual)} → {first.verdict.says()}{more}"

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.path,
            "at": self.at,
            "player": self.player,
            "event": self.actual.text if self.actual else None,
            "answer": self.answer(),
            "verdict": self.base.as_json(),
            "alternatives": [
                {**a.as_json(self.at, self.actual), "by_winner": self._by_winner(a)} for a in self.alternatives
            ],
        }


def _chance_variants(game: Game, actual: Event | None) -> list[Event]:
    """The actual event with each outcome of chance stated (engine/chance.py): what had happened
    had chance gone otherwise -- the outcomes of the first random step it meets
    (`Game.chance_outcomes`: a card taken or discarded at random, a shuffle by its first card),
    and for a card whose kind lists them, every combination of its random picks."""
    from adjudicator.cards.kinds import REGISTRY, kind_of
    from adjudicator.model.events import one_line
    from adjudicator.model.position import Play

    if actual is None:
        return []
    found: dict[str, Event] = {}
    if actual.action == Action.PLAY and actual.card is not None and actual.card.kind in REGISTRY:
        play = Play(player=actual.player, card=actual.card, event=actual.number, answers=list(actual.choices))
        for choices in kind_of(actual.card).chance_outcomes(game, play):
            text = one_line(actual.player, Action.PLAY, actual.card, tuple(choices))
            found.setdefault(text, replace(actual, choices=tuple(choices), text=text))
    for outcome in game.chance_outcomes(actual):
        found.setdefault(outcome.event.text, replace(outcome.event, line=actual.line))
    return list(found.values())


def _how_it_went(game: Game, skip_steps: int) -> tuple[list[str], Position]:
    """How the game went after its first `skip_steps` steps: its log but the steps saying what
    chance brought (stated or left to the seed, they read otherwise for the same outcome), and
    where it ended, the piles' hidden orders included. An outcome of chance that goes the file's
    way in both is the one the seed picked."""
    from adjudicator.model import records as rec

    return [step.text for step in game.steps[skip_steps:] if type(step) is not rec.Chance], game.position()


def _orders(event: Event) -> tuple[tuple[str, ...], ...]:
    """The orders of shuffles an event states, by name."""
    return tuple(tuple(map(str, order)) for order in event.shuffled)


def _states_what_it_states(variant: Event, actual: Event) -> bool:
    """Whether variant states the outcome actual states: the same event, each shuffle stated by
    the cards actual's order starts with (a shuffle's outcome is stated by its first card)."""
    stated, orders = _orders(variant), _orders(actual)
    return (
        _same(variant, actual)
        and len(stated) == len(orders)
        and all(order[: len(first)] == first for first, order in zip(stated, orders, strict=True))
    )


def _same(a: Event, b: Event) -> bool:
    return (a.player, a.action, a.card, tuple(map(str, a.choices))) == (
        b.player,
        b.action,
        b.card,
        tuple(map(str, b.choices)),
    )


def explore_at(scenario: Scenario, at: int, player: str | None = None) -> Exploration:
    """Every legal alternative at event `at` (of `player`, or of everyone) and its verdict."""
    events = list(scenario.events)
    if not 1 <= at <= len(events) + 1:
        raise ScenarioError(
            f"--at {at}: the file has events 1 to {len(events)} ({len(events) + 1}: an event added after the last)",
            path=scenario.path,
        )
    if player is not None:
        from adjudicator.model.names import suggest

        named = [p for p in scenario.players if p.casefold() == player.strip().casefold()]
        if not named:
            raise ScenarioError(
                f"no player {player!r} (players: {', '.join(scenario.players)})",
                path=scenario.path,
                suggestions=suggest(player, scenario.players, 1),
            )
        player = named[0]
    before = _replay_events(scenario, events[: at - 1])
    if before.stopped:
        raise ScenarioError(f"the replay stops before event {at}: {before.stopped}", path=scenario.path)
    prefix_steps = len(before.steps)
    actual = events[at - 1] if at <= len(events) else None
    replayed = _replay(scenario)
    base = _verdict(replayed, [e.number for e in events], prefix_steps)
    as_filed = _how_it_went(replayed, prefix_steps)

    timelines: list[tuple[str, Event | None, list[Event]]] = []
    for option in _legal(before, at):
        if player is not None and option.player != player:
            continue
        if actual is not None and _same(option, actual):
            continue
        if actual is None:
            timelines.append(("after", option, [*events, option]))
        elif option.player == actual.player:
            timelines.append(("instead", option, [*events[: at - 1], option, *events[at:]]))
        else:
            timelines.append(("before", option, [*events[: at - 1], option, *events[at - 1 :]]))
    if actual is not None and actual.action not in ANSWERS and player in (None, actual.player):
        timelines.append(("skip", None, [*events[: at - 1], *events[at:]]))
    for variant in _chance_variants(before, actual):
        if actual is not None and _states_what_it_states(variant, actual):
            continue  # the outcome the file states itself
        timelines.append(("chance", variant, [*events[: at - 1], variant, *events[at:]]))

    alternatives = []
    for how, tried, timeline in timelines:  # tried: the event put in (None: one left out)
        origin = [None if e is tried else e.number for e in timeline]
        renumbered = tuple(replace(e, number=i) for i, e in enumerate(timeline, 1))
        game = _continue(before, renumbered[at - 1 :])
        if how == "chance" and _how_it_went(game, prefix_steps) == as_filed:
            continue  # it states what the seed picked in the file's own replay: nothing went otherwise
        verdict = _verdict(game, origin, prefix_steps)
        changes = _changes(base, verdict)
        alternatives.append(
            Alternative(
                how,
                tried,
                verdict,
                changes,
                verdict.winner != base.winner,
                [r for r in verdict.rulings if r not in base.rulings],
                renumbered,
            )
        )
    # Those that change who wins first, then those that change the position, in the generator's order.
    alternatives.sort(key=lambda a: (not a.winner_changed, not a.changes))
    return Exploration(scenario.path, at, player, actual, base, alternatives)


# ---------------------------------------------------------------- text
def render(found: Exploration, console: Any) -> None:
    from rich.markup import escape  # names and cards are text, never markup (a player "Al[/]")
    from rich.text import Text

    from adjudicator.output import hanging

    at, actual = found.at, found.actual
    what = f"at event {at} ({actual.text})" if actual else f"the file went on with an event {at}"
    console.print(f"[bold]What if {escape(what)}?[/] The file's verdict: {escape(found.base.says())}.")
    console.print(f"[bold]{escape(found.answer())}[/]")
    chosen = [a for a in found.alternatives if a.how != "chance"]
    groups = (
        ("Changes who wins", [a for a in chosen if a.winner_changed]),
        ("Changes the position", [a for a in chosen if a.changes and not a.winner_changed]),
        ("Had chance gone otherwise", [a for a in found.alternatives if a.how == "chance"]),
    )
    for title, alternatives in groups:
        if not alternatives:
            continue
        console.print(f"\n[bold]{title}[/] ({len(alternatives)}):")
        for alternative in alternatives:
            # (each line's wrapped lines keep its indent on a narrow terminal; the text is never markup)
            console.print(hanging("  • ", Text(f"{alternative.describe(at, actual)} → {alternative.verdict.says()}")))
            for change in alternative.changes:
                console.print(hanging("      ", Text(change)))
            rulings = alternative.new_rulings or alternative.verdict.rulings[:6]
            if rulings:
                console.print(hanging("      ", Text(f"rulings: {', '.join(rulings)}")))
    same = [a for a in chosen if not a.changes]
    if same:
        console.print(
            f"\nSame verdict and position ({len(same)}): " + "; ".join(a.describe(at, actual) for a in same),
            highlight=False,
            markup=False,
        )
    if not found.alternatives:
        console.print("No other event was legal there.")


def command(
    path: str,
    at: int,
    player: str | None,
    json_output: bool,
    page: Callable[[Scenario, Exploration], str] | None = None,
) -> None:
    """Explore event N of the file at `path` and print it: as text, as JSON, or as the page
    `page` draws (`whatif_page.explore_page`, handed in by the CLI: the page reads this
    module's `Exploration`, so this module does not import it)."""
    import json
    import sys

    from adjudicator import output

    scenario = output.read_scenario(path)  # `-`: from stdin
    found = explore_at(scenario, at, player)
    if page is not None:
        sys.stdout.write(page(scenario, found))
        return
    if json_output:
        sys.stdout.write(json.dumps(found.as_json(), indent=2, ensure_ascii=False) + "\n")
        return
    render(found, output.console())
