"""`Game.pop` takes a push back from what the push recorded it changed (engine/undoing.py): in
random games of every deck set, under house rules, with 1 to 6 players, every event listed at a
position (a sample of them where there are many) is pushed and popped, and the game must be as
it was -- its position, its log (the very records), its random generator, its counters and the
memos of its checks -- and go on as a copy made before the push does."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import replace
from typing import Any

import pytest
from nightly_games import DECK_SETS, HOUSE_RULES

from adjudicator import simulate as sim
from adjudicator.engine.copying import fields_of
from adjudicator.engine.game import Game
from adjudicator.model.cards import Card, CardType
from adjudicator.model.zones import BY_CARD, Clock, Zone, ZoneMap, take_back

#: Events pushed and popped at each position (the first listed and a random sample).
PER_POSITION = 5
#: Events of each game walked.
EVENTS = 150


def _settings() -> list[tuple[sim.Settings, bool]]:
    """Every deck set, each with a house-rule setting and a number of players in turn (those
    `simulate` accepts), a game without a log every third time."""
    found = []
    for index, decks in enumerate(DECK_SETS):
        for shift in range(len(HOUSE_RULES)):
            rules = HOUSE_RULES[(index * 5 + shift) % len(HOUSE_RULES)]
            players = sim.DEFAULT_NAMES[: 1 + (index + shift) % 6]
            settings = sim.Settings(players=players, decks=decks, house_rules=dict(rules), seed=index)
            try:
                sim.check_settings(settings)
            except sim.OptionError:
                continue
            found.append((settings, index % 3 != 2))
            break
    return found


SETTINGS = _settings()


def state(game: Game) -> dict[str, Any]:
    """All a pop must put back: the position, the log and the events (the very records), the
    generator's state, and every other field of the game compared as a copy of it would be."""
    clock = game.table.clock
    rng = game._rng
    return {
        "position": game.position(),
        "steps": [id(step) for step in game.steps],
        "move_stack": [id(event) for event in game.move_stack],
        "rng": None if rng is None else rng.getstate(),
        "cited": None if game.cited is None else dict(game.cited),
        "clock": (
            clock.ticks,
            clock.rule_ticks,
            clock.steps,
            dict(clock.derived),
            clock.effective,
            list(clock.journal),
        ),
        "zones": {label: list(cards) for label, cards in game.zones().items()},
        "labels": {key: (zone.label, zone.rules_read) for key, zone in game.table.hands.items()},
        "fields": {
            name: shape(value)
            for name, value in fields_of(game).items()
            if name not in ("table", "steps", "move_stack", "_rng", "undo", "_decided", "scenario")
        },
    }


def shape(value: Any, inside: tuple[int, ...] = ()) -> Any:
    """value as plain data to compare: containers by their items (a set by its members, not their
    order), an object of the position by its type and fields."""
    if id(value) in inside:
        return "(itself)"
    inside = (*inside, id(value))
    if isinstance(value, (list, tuple, deque)):
        return (type(value).__name__, tuple(shape(item, inside) for item in value))
    if isinstance(value, (set, frozenset)):
        return frozenset(shape(item, inside) for item in value)
    if isinstance(value, dict):
        return frozenset((shape(key, inside), shape(item, inside)) for key, item in value.items())
    if type(value).__module__.startswith("adjudicator.model.position"):
        slots = getattr(type(value), "__slots__", None)  # (a `Then`)
        fields = vars(value) if slots is None else {name: getattr(value, name) for name in slots}
        return (type(value).__name__, shape(fields, inside))
    return value


def said(steps: list[Any]) -> list[tuple[Any, ...]]:
    return [(step.kind, step.text, step.rulings, step.event, step.moves) for step in steps]


def no_zone_outside_the_table(game: Game) -> None:
    """The record copies the game's fields but the table: none may hold a zone of the table."""
    seen: set[int] = set()

    def walk(value: Any) -> None:
        if id(value) in seen or isinstance(value, (str, int, float, type(None))):
            return
        seen.add(id(value))
        assert not isinstance(value, (Zone, ZoneMap)), value
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple, set, frozenset)) or type(value).__name__ == "deque":
            for item in value:
                walk(item)
        elif hasattr(value, "__dict__") and type(value).__module__.startswith("adjudicator.model.position"):
            for item in vars(value).values():
                walk(item)

    for name, value in fields_of(game).items():
        if name not in ("table", "scenario", "house_rules", "undo", "_decided", "steps", "move_stack"):
            walk(value)


@pytest.mark.parametrize(
    ("settings", "log"), SETTINGS, ids=[f"{'+'.join(s.decks)}-{len(s.players)}p" for s, _ in SETTINGS]
)
def test_pop_takes_back_every_event_of_random_games(settings: sim.Settings, log: bool) -> None:
    rng = random.Random(f"undo {settings.decks} {settings.seed}")
    game = Game(sim.dealt_scenario(settings, rng), log=log)
    pushed = state(game)  # where the last push left the game (none yet: as dealt)
    game.decision()  # (listing numbers the next event: `event_no`)
    start = state(game)
    for _ in range(EVENTS):
        decision = game.decision()
        if game.is_over or not decision.events:
            break
        no_zone_outside_the_table(game)
        events = list(decision.events)
        tried = [0, *rng.sample(range(len(events)), min(len(events), PER_POSITION - 1))]
        for number, index in enumerate(tried):
            event = game.decision().events[index]  # (read again after an event judged apart: the steps taken again)
            before = state(game)
            if number % 2:
                # An event the decision did not list (one of a file): judged where the last push
                # left the game, the steps the decision took taken back first; popped, the game is there.
                event, before = replace(event), pushed
            game.push(event)
            game.pop()
            assert state(game) == before, event.text
        events = list(game.decision().events)
        chosen = rng.choice(events)
        twin = game.copy()
        game.push(chosen)
        twin.push(chosen)  # the popped game goes on as a copy made before
        assert game.position() == twin.position(), chosen.text
        assert said(game.steps[-8:]) == said(twin.steps[-8:]), chosen.text
        pushed = state(game)
    while game.move_stack:  # and back to the start, one event at a time
        game.pop()
    assert state(game) == start


def _cards(*names: str) -> list[Card]:
    return [Card(name, CardType.KEEPER, "keeper") for name in names]


#: Every way a zone or a player's zone changes, each taken back alone.
CHANGES = {
    "append": lambda pile, zones, card: pile.append(card),
    "insert before the last two": lambda pile, zones, card: pile.insert(-2, card),
    "insert before the start": lambda pile, zones, card: pile.insert(-9, card),
    "insert past the end": lambda pile, zones, card: pile.insert(9, card),
    "extend": lambda pile, zones, card: pile.extend([card, card]),
    "remove": lambda pile, zones, card: pile.remove(pile[2]),
    "pop": lambda pile, zones, card: pile.pop(),
    "pop the third from the end": lambda pile, zones, card: pile.pop(-3),
    "pop the second": lambda pile, zones, card: pile.pop(1),
    "clear": lambda pile, zones, card: pile.clear(),
    "sort": lambda pile, zones, card: pile.sort(key=str),
    "reverse": lambda pile, zones, card: pile.reverse(),
    "replace the last": lambda pile, zones, card: pile.__setitem__(-1, card),
    "replace a slice": lambda pile, zones, card: pile.__setitem__(slice(1, 3), [card]),
    "delete one": lambda pile, zones, card: pile.__delitem__(1),
    "delete a slice": lambda pile, zones, card: pile.__delitem__(slice(0, 2)),
    "trade hands": lambda pile, zones, card: zones.__setitem__("Alice", zones["Bob"]),
    "jump in": lambda pile, zones, card: zones.__setitem__("Carol", [card]),
    "drop out": lambda pile, zones, card: zones.pop("Bob"),
    "setdefault": lambda pile, zones, card: zones.setdefault("Carol", []).append(card),
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_every_change_to_a_zone_is_taken_back(change):
    clock = Clock()
    pile = Zone.holding(clock, "draw pile", _cards("D", "B", "E", "A", "C"))
    in_play = {"Alice": _cards("F"), "Bob": _cards("G", "H")}
    zones = ZoneMap.holding(clock, "in play of ", in_play, in_play, rules_read=BY_CARD)
    before = (list(pile), {key: (zone, list(zone), zone.label, zone.rules_read) for key, zone in zones.items()})
    clock.undo = []
    change(pile, zones, _cards("X")[0])
    take_back(clock.undo)
    assert clock.undo == []
    assert (list(pile), {key: (zone, list(zone), zone.label, zone.rules_read) for key, zone in zones.items()}) == before
