"""Copies of a game (`Game.copy`, `engine/copying.py`): a copy and its original, pushed the same
events, take the same steps; pushing on one leaves the other exactly as it was; and no mutable
object of the position is shared between them (a guard for a field added later and forgotten).
Positions come from random legal games (`Game.legal_events`), which meet windows, pending
choices, temporary hands and continuations waiting on the agenda."""

import random
from collections import deque
from collections.abc import Iterator
from enum import Enum
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.cards.catalog import builtin
from adjudicator.cards.kinds import is_supported
from adjudicator.checking import scenario_files
from adjudicator.engine import advancing, deciding
from adjudicator.engine.copying import Snapshot, chance_aside
from adjudicator.engine.derived import Effective
from adjudicator.engine.game import Game
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.model import records as rec
from adjudicator.model.cards import Card
from adjudicator.model.events import Event
from adjudicator.model.house_rules import HouseRules
from adjudicator.model.position import Then
from adjudicator.model.scenario import Scenario
from adjudicator.model.zones import Memo

DECKS = ("fluxx5", "creeper_pack", "surprises")
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def new_game(seed: int, players: list[str]) -> Game:
    catalog = builtin()
    deck = [card.name for name in DECKS for card in catalog.decks[name].cards if is_supported(card)]
    random.Random(seed).shuffle(deck)
    text = yaml.safe_dump(
        {
            "title": "t",
            "players": players,
            "decks": list(DECKS),
            "seed": seed,
            "setup": {"turn": players[0], "phase": "deal", "draw_pile": deck},
            "events": [],
        }
    )
    return Game(parse_scenario(text))


def positions(seed: int, events: int = 120) -> Iterator[tuple[Game, int, list[Event], random.Random]]:
    """The positions of a random legal game, each with the legal events it offers: the caller
    may look at (or copy) the game; the walk then pushes one of the events, chosen by `rng`."""
    game = new_game(seed, ["Alice", "Bob", "Carol"][: 2 + seed % 2])
    rng = random.Random(seed)
    for number in range(1, events + 1):
        offered = game.legal_events()
        if game.winner or game.ended or not offered:
            return
        yield game, number, offered, rng
        game.push(rng.choice(offered))


def fingerprint(value: Any, seen: dict[int, int] | None = None) -> Any:
    """Everything a game holds, as nested tuples: equal fingerprints mean equal states, with the
    same objects reached twice (`("again", n)`: the n-th object met) in the same places."""
    seen = {} if seen is None else seen
    if isinstance(value, (str, int, float, bool, type(None), Enum)):
        return value
    if isinstance(value, Card):
        return "card", id(value)  # a copy shares its cards
    if isinstance(value, (Scenario, HouseRules)):
        return type(value).__name__  # fixed for the whole game, shared
    if isinstance(value, rec.Step):
        return "step", value.kind, value.event  # frozen (the new ones' texts are compared in `journal`)
    if isinstance(value, Event):
        return "event", value.number, value.text
    if isinstance(value, random.Random):
        return "rng", value.getstate()
    if id(value) in seen:
        return "again", seen[id(value)]
    seen[id(value)] = len(seen)
    if isinstance(value, dict):
        return type(value).__name__, tuple((fingerprint(k, seen), fingerprint(v, seen)) for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return type(value).__name__, tuple(sorted(map(repr, (fingerprint(v, seen) for v in value))))
    if isinstance(value, (list, tuple, deque)):
        return type(value).__name__, tuple(fingerprint(v, seen) for v in value)
    slots = [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]
    # what is made when first read (a table's rarer zones) is part of the state, read or not yet
    lazy = [name for cls in type(value).__mro__ for name, kind in vars(cls).items() if type(kind) is cached_property]
    fields = {
        **{name: getattr(value, name) for name in slots if hasattr(value, name)},
        **{name: getattr(value, name) for name in lazy},
        **getattr(value, "__dict__", {}),
    }
    fields.pop("undo", None)  # the positions before the events pushed: history, not the position (`Game.pop`)
    fields.pop("_decided", None)  # the decision read off the position: worked out again when asked
    return type(value).__name__, tuple((name, fingerprint(v, seen)) for name, v in fields.items())


def journal(game: Game, seen: int) -> list[tuple]:
    return [(s.kind, s.text, s.event) for s in game.steps[seen:]]


#: Random games walked: enough to meet every kind of position (a temporary hand is the rarest).
SEEDS = 4


def test_a_copy_steps_like_its_original_and_never_touches_it():
    met = {"window": 0, "pending": 0, "agenda": 0, "temp hand": 0, "being played": 0}
    for seed in range(SEEDS):
        walk_copying(seed, met)
    assert all(met.values()), f"the walks never met some kinds of positions: {met}"


def walk_copying(seed: int, met: dict[str, int]) -> None:
    """One random game, checking a copy against its original at every event."""
    game = new_game(seed, ["Alice", "Bob", "Carol"][: 2 + seed % 2])
    rng = random.Random(seed)
    offered = game.legal_events()
    for _ in range(120):
        if game.winner or game.ended or not offered:
            break
        event = rng.choice(offered)
        before = fingerprint(game)
        assert {"table", "_turn", "agenda"} <= {name for name, _ in before[1]}, "the fingerprint misses the position"
        copy = game.copy()
        assert fingerprint(copy) == before
        seen = len(copy.steps)
        copy.push(event)
        assert fingerprint(game) == before, f"pushing {event.text!r} on a copy changed the original"
        met["window"] += copy.window is not None
        met["pending"] += bool(copy.pending)
        met["agenda"] += bool(copy.agenda)
        met["temp hand"] += bool(copy.temp_hands)
        met["being played"] += bool(copy.being_played)
        pushed = fingerprint(copy)
        game.push(event)
        assert fingerprint(copy) == pushed, f"pushing {event.text!r} on the original changed its copy"
        assert journal(game, seen) == journal(copy, seen), event.text
        assert fingerprint(game) == pushed, event.text
        # Listing the next events advances a game in place: alike, and still apart.
        again = game.copy()
        offered = copy.legal_events()  # (the walk goes on from the copy, with its own events)
        assert [e.text for e in game.legal_events()] == [e.text for e in offered]
        assert fingerprint(again) == pushed and fingerprint(copy) == fingerprint(game)
        game = copy  # the walk goes on from the copy: copies of copies play on alike


@pytest.mark.parametrize("seed", range(3))
def test_copies_of_copies_draw_what_the_original_would_have(seed):
    """The random generator goes on from the same state in every copy, whichever draws first,
    even when the first draw is a shuffle (which holds the generator's method through a loop)."""
    game = new_game(seed, ["Alice", "Bob"])
    expected = random.Random()
    expected.setstate(game.rng.getstate())
    first = game.copy()
    second, third = first.copy(), game.copy()

    def draws(rng: random.Random) -> tuple[list[int], float, int]:
        cards = list(range(50))
        rng.shuffle(cards)
        return cards, rng.random(), rng.randrange(1000)

    wanted = draws(expected)
    assert wanted[0] != list(range(50))
    for copied in (second, game, third, first):
        assert draws(copied.rng) == wanted
        assert type(copied.rng) is random.Random  # a plain generator once it has drawn
    fourth = game.copy()
    fifth = fourth.copy()
    assert fourth.rng.getstate() == game.rng.getstate() == expected.getstate()
    assert [fifth.rng.random(), game.rng.random(), fourth.rng.random()] == [expected.random()] * 3


#: Objects that a copy shares with its original by design: fixed for the whole game, or frozen;
#: and the state their generators had when copied, which neither draws from (`ForkedRandom`).
SHARED = (Card, Scenario, HouseRules, Event, rec.Step, str, int, float, bool, type(None), Enum, Snapshot)


def mutable_objects(game: Game) -> dict[int, str]:
    """Every object reachable from game that could change, by id, with the path to it."""
    found: dict[int, str] = {}
    stack: list[tuple[Any, str]] = [(game, "game")]
    visited: set[int] = set()
    while stack:
        value, path = stack.pop()
        if isinstance(value, SHARED) or id(value) in visited:
            continue
        if isinstance(value, Effective):
            continue  # the effective rules of the cards in play: never changed once made, shared by copies
        visited.add(id(value))
        if isinstance(value, (tuple, frozenset)):
            stack += [(v, f"{path}[{i}]") for i, v in enumerate(value)]
            continue
        if isinstance(value, Then):  # never changed once made; its function is the class's or kind's
            stack.append((value.args, f"{path}.args"))
            continue
        frozen = getattr(getattr(type(value), "__dataclass_params__", None), "frozen", False)
        if not frozen:
            found[id(value)] = path
        if isinstance(value, Memo):
            continue  # what is worked out is never changed in place: copies share the values
        if isinstance(value, dict):
            stack += [(v, f"{path}[{k!r}]") for k, v in value.items()]
            stack += [(k, f"{path}.key") for k in value]
        elif isinstance(value, (list, deque, set)):
            stack += [(v, f"{path}[{i}]") for i, v in enumerate(value)]
        slots = [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]
        stack += [(getattr(value, name), f"{path}.{name}") for name in slots if hasattr(value, name)]
        stack += [(v, f"{path}.{name}") for name, v in getattr(value, "__dict__", {}).items()]
    return found


@pytest.mark.parametrize("seed", range(3))
def test_a_copy_shares_no_mutable_object_with_its_original(seed):
    """A field added to the position later, mutable and forgotten by the copy, fails here."""
    for game, _number, _offered, _rng in positions(seed, 80):
        copy = game.copy()
        original, copied = mutable_objects(game), mutable_objects(copy)
        # The walk must reach the position itself, or finding nothing shared proves nothing.
        assert id(game.table.hands[game.players[0]]) in original and id(copy.agenda) in copied
        shared = [original[key] for key in original.keys() & copied.keys()]
        assert not shared, f"shared between a game and its copy: {sorted(shared)[:5]}"


def test_chance_set_aside_leaves_the_generator_where_it_was():
    """A look that draws at random (`copying.chance_aside`) leaves the game drawing what it would
    have: whether its generator was not made yet, had drawn, or was a fork not drawn from."""
    game = new_game(0, ["Alice", "Bob"])
    fresh = game.copy()
    with chance_aside(game):
        game.rng.shuffle(list(range(20)))
    assert game.rng.random() == fresh.rng.random()  # made lazily meanwhile: made again the same
    other = game.copy()  # both are forks now, not drawn from; then plain generators that have drawn
    for _ in range(3):
        with chance_aside(game):
            game.rng.random()
        assert game.rng.random() == other.rng.random()


def test_chance_set_aside_gives_the_generator_back():
    """A look that draws nothing gives the game its own generator back (no snapshot for its next
    draw to read); a copy made during the look, which waits on the generator's state, still
    draws what the game would have, however much the game draws first."""
    game = new_game(0, ["Alice", "Bob"])
    game.rng.random()  # made and drawn from: a plain generator
    own = game.rng
    with chance_aside(game):
        assert game.rng is not own
    assert game.rng is own
    with chance_aside(game):
        copy = game.copy()
    assert game.rng is own
    expected = [game.rng.random() for _ in range(3)]
    assert [copy.rng.random() for _ in range(3)] == expected


def test_no_copy_is_skipped_where_a_forced_play_is_due():
    """The listings ask whether a forced play (First Play Random) is due without a copy; wherever it
    says none is, making the forced plays on a copy changes nothing."""
    checked = []
    asked = advancing.forced_play_due

    def checking(game: Game) -> bool:
        due = asked(game)
        if not due:
            trial = game.copy()
            before = fingerprint(trial)
            trial.make_forced_plays()
            assert fingerprint(trial) == before
            checked.append(game)
        return due

    advancing.forced_play_due = deciding.forced_play_due = checking
    try:
        for seed in range(6):
            for _game, _number, _offered, _rng in positions(seed, 200):
                pass
    finally:
        advancing.forced_play_due = deciding.forced_play_due = asked
    assert len(checked) > 10


def test_a_copy_steps_like_its_original_in_every_scenario_file():
    """The same check at every event of the scenario files: Solo Fluxx, Word Fluxx, house rules,
    the Holiday and Rick and Morty decks, which random games of the 5.0 deck never meet."""
    checked = 0
    for path in scenario_files([SCENARIOS]):
        scenario = load_scenario(path)
        game = Game(scenario)
        for event in scenario.events:
            if game.stopped:
                break
            before = fingerprint(game)
            copy = game.copy()
            seen = len(copy.steps)
            copy.push(event)
            assert fingerprint(game) == before, f"{path.name}: pushing {event.text!r} on a copy changed the original"
            pushed = fingerprint(copy)
            game.push(event)
            assert fingerprint(copy) == pushed, f"{path.name}: pushing {event.text!r} changed its copy"
            assert journal(game, seen) == journal(copy, seen), f"{path.name}: {event.text}"
            assert fingerprint(game) == pushed, f"{path.name}: {event.text}"
            checked += 1
        finished = game.copy()
        finished.finish()
        game.finish()
        assert journal(finished, 0) == journal(game, 0), path.name
    assert checked > 500


def test_an_object_reached_twice_is_one_object_in_the_copy():
    """A Play in the being-played zone and in a continuation waiting for a choice (or on the
    agenda) stays one object in the copy, so that what the continuation does to it shows there."""
    met = 0
    for seed in range(4):
        for game, _number, _offered, _rng in positions(seed):
            thens = [choice.then for choice in game.pending] + list(game.agenda)
            for t, then in enumerate(thens):
                for a, arg in enumerate(then.args):
                    if any(arg is play for play in game.being_played):
                        copy = game.copy()
                        copied = ([choice.then for choice in copy.pending] + list(copy.agenda))[t].args[a]
                        assert copied is not arg
                        assert any(copied is play for play in copy.being_played)
                        met += 1
    assert met > 0


@pytest.mark.parametrize("seed", range(3))
def test_pop_restores_the_position_before_the_event(seed):
    """`Game.pop` restores the position from the undo stack, log and random generator included:
    the game is as it was before the push, and pushing the same event again does the same."""
    game = new_game(seed, ["Alice", "Bob", "Carol"][: 2 + seed % 2])
    rng = random.Random(seed)
    for number in range(1, 61):
        offered = game.legal_events()
        if game.winner or game.ended or not offered:
            break
        before, seen = fingerprint(game), len(game.steps)
        event = rng.choice(offered)
        game.push(event)
        after, steps = fingerprint(game), journal(game, seen)
        assert game.pop() is event
        assert fingerprint(game) == before, event.text
        assert len(game.steps) == seen and len(game.move_stack) == number - 1
        game.push(event)
        assert fingerprint(game) == after and journal(game, seen) == steps, event.text
    assert number > 15  # the game went on long enough to meet windows and choices


def test_pop_needs_an_undo_stack():
    game = new_game(0, ["Alice", "Bob"])
    with pytest.raises(IndexError, match="pop from an empty move stack"):
        game.pop()
    event = game.legal_events()[0]
    copy = game.copy()
    copy.push(event)
    with pytest.raises(ValueError, match="this game keeps no undo stack"):
        copy.pop()
