"""The whole position as a value (`Game.position()`, `model/snapshot.py`): plain data, hashable,
equal for two games in the same state and different for any change a rule could notice;
asking for the legal events, copying, and a push taken back leave it equal; and a game set to a
position (`Game.set_position`) stands there, and goes on from it exactly as the game it was
taken from. Positions come from random legal games of every deck (as in test_legal_events.py)
and from every event of the scenario files."""

import random
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest
from test_copying import fingerprint
from test_copying import positions as copying_positions
from test_legal_events import tables

from adjudicator.cards.catalog import builtin
from adjudicator.checking import scenario_files
from adjudicator.engine.copying import fields_of
from adjudicator.engine.game import Game
from adjudicator.engine.legal import legal_events
from adjudicator.engine.view import GAME_FIELDS, GameView
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.model import records as rec
from adjudicator.model.cards import UNKNOWN, CardId
from adjudicator.model.position import PendingChoice, Phase, Play, TempHand, Turn
from adjudicator.model.snapshot import ChoiceData, PlayData, Position, TempHandData, TurnData, is_plain
from adjudicator.simulate import Settings, dealt_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def walk(decks: tuple[str, ...], events: int = 50) -> Iterator[tuple[Game, int, list]]:
    """The positions of a random legal game of these decks, each with the events it offers."""
    seed = len("".join(decks))
    rng = random.Random(seed)
    game = Game(dealt_scenario(Settings(players=("Alice", "Bob", "Carol")[: 2 + seed % 2], decks=decks), rng))
    for number in range(1, events + 1):
        offered = game.legal_events()
        if game.winner or game.ended or not offered:
            return
        yield game, number, offered
        game.push(rng.choice(offered))


def restored(game: Game, position: Position) -> Game:
    """A new game of game's scenario set to position, drawing what game would draw, at the same
    event number and with the same log (neither is part of the position: a rejection may quote
    the log, "dropped out at event 1")."""
    other = Game(game.scenario)
    other.event_no, other.steps = game.event_no, list(game.steps)
    other.set_position(position)
    other.rng.setstate(game.rng.getstate())
    return other


def goes_on_alike(game: Game, other: Game, event) -> None:
    """The same event pushed on a copy of each: the same position after, and the same steps --
    but for a win check the restored game makes again (what the game remembered of its last
    check is not the position: a restored game says "nobody meets it" once more)."""
    first, second = game.copy(), other.copy()
    seen_first, seen_second = len(first.steps), len(second.steps)
    first.push(event)
    second.push(event)
    assert second.position() == first.position(), event.text
    assert said(second, seen_second) == said(first, seen_first), event.text


def said(game: Game, seen: int) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in game.steps[seen:] if not isinstance(s, rec.WinChecked)]


def check_position(game: Game, number: int, offered: list) -> Position:
    """At one position of a random game: plain and hashable; equal in a copy, after the legal
    events are listed, after a push taken back, and in a game set to it, which goes on alike."""
    position = game.position()
    assert all(is_plain(getattr(position, f.name)) for f in fields(position)), position
    assert hash(position) == hash(game.position())
    assert game.copy().position() == position
    legal_events(game, number)
    assert game.position() == position, "asking for the legal events changed the position"
    event = offered[number % len(offered)]
    game.push(event)
    # `P begins` may find her turn begun already, by the steps that listing the events took
    assert game.position() != position or event.action == "begin_turn", f"{event.text!r} changed nothing"
    game.pop()
    assert game.position() == position, f"pop after {event.text!r} did not restore the position"
    other = restored(game, position)
    assert other.position() == position
    goes_on_alike(game, other, offered[(number * 7) % len(offered)])
    return position


@pytest.mark.parametrize("decks", tables(), ids=lambda decks: "+".join(decks))
def test_the_position_of_random_games(decks):
    seen: dict[Position, int] = {}
    for game, number, offered in walk(decks):
        seen[check_position(game, number, offered)] = number  # usable as a dict key
    assert len(seen) > 5


def test_the_position_of_windows_choices_and_temporary_hands():
    """Random games of the whole 5.0 deck with the Creeper Pack and the Surprises (test_copying's
    walks), which meet every part of the position that holds plays and continuations."""
    met = {"window": 0, "pending": 0, "agenda": 0, "temp hand": 0, "being played": 0, "begun ahead": 0}
    for seed in range(4):
        for game, number, offered, _rng in copying_positions(seed, 80):
            position = check_position(game, number, offered)
            met["window"] += position.window is not None
            met["pending"] += bool(position.pending)
            met["agenda"] += bool(position.agenda)
            met["temp hand"] += bool(position.temp_hands)
            met["being played"] += position.being_played > 0
            met["begun ahead"] += position.turn.begun_ahead
    assert all(met.values()), f"the walks never met some parts of the position: {met}"


def test_the_position_at_every_event_of_the_scenario_files():
    """Solo Fluxx, Word Fluxx, house rules and the decks random games seldom meet: at every
    event, the copy's position is the game's, and a game set to it goes on alike."""
    checked = chains = 0
    for path in scenario_files([SCENARIOS]):
        scenario = load_scenario(path)
        game = Game(scenario)
        for event in scenario.events:
            if game.stopped:
                break
            position = game.position()
            assert game.copy().position() == position, path.name
            other = restored(game, position)
            assert other.position() == position, path.name
            goes_on_alike(game, other, event)
            game.push(event)
            checked += 1
            chains += bool(position.responses)
    assert checked > 500 and chains > 5


def test_equal_positions_however_reached():
    """Two games of one scenario, a copy, a game set to another's position: equal positions;
    and still equal when the games differ only in what the position leaves out -- the log,
    the random generator, the event number."""
    game = new_game()
    twin = new_game()
    assert game is not twin and game.position() == twin.position()
    twin.rng.random()  # chance is not part of the position
    twin.steps.clear()  # nor is the log
    twin.event_no = 7
    assert twin.position() == game.position()
    other = Game(game.scenario)
    other.turn.played = 1
    assert other.position() != game.position()
    other.set_position(game.position())
    assert len({game.position(), twin.position(), game.copy().position(), other.position()}) == 1


TEXT = """
title: t
players: [Alice, Bob]
setup:
  turn: Alice
  phase: play
  hands: {Alice: [Trade Hands, Milk, Draw 2], Bob: [Bread]}
  in_play: {Bob: [Cookies]}
  goals: [Milk and Cookies]
  draw_pile: [Sleep, Time, The Sun]
events: []
"""


def new_game() -> Game:
    return Game(parse_scenario(TEXT))


def test_any_change_a_rule_could_notice_changes_the_position():
    game = new_game()
    start = game.position()
    changes = {}

    drawn = game.copy()
    drawn.draw("Alice", 1, why="a test", rulings=())
    changes["a card drawn"] = drawn

    moved = game.copy()
    moved.turn.phase = Phase.PLAY_OVER
    changes["the phase"] = moved

    counted = game.copy()
    counted.turn.played += 1
    changes["a play counted"] = counted

    asked = game.copy()
    asked.ask("Bob", "pick one", ["Alice", "Bob"], 1, asked.then("_pass_turn"))
    changes["a choice pending"] = asked

    reordered = game.copy()
    pile = reordered.table.draw_pile
    pile[0], pile[1] = pile[1], pile[0]
    changes["the draw pile's order"] = reordered

    used = game.copy()
    used.turn.free_actions_used.add("Recycling")
    changes["a free action used"] = used

    won = game.copy()
    won.winner = "Bob"
    changes["the winner"] = won

    positions = {name: changed.position() for name, changed in changes.items()}
    for name, position in positions.items():
        assert position != start and hash(position) != hash(start), name
    assert len(set(positions.values())) == len(positions), "two different changes gave one position"
    assert game.position() == start, "the changes were made on copies"


def test_a_position_pickles_and_sets_a_game_in_another_process():
    """Plain data: a position survives pickling (its hash worked out again where it lands) and
    sets a game in a new process as it sets one here."""
    import pickle
    import subprocess
    import sys

    game = new_game()
    game.push(next(e for e in game.legal_events() if e.card is not None and e.card.name == "Trade Hands"))
    position = game.position()
    assert position.pending or position.window is not None
    assert pickle.loads(pickle.dumps(position)) == position
    code = (
        "import pickle, sys\n"
        "from adjudicator.engine.game import Game\n"
        "from adjudicator.loading.scenario import parse_scenario\n"
        "position, text = pickle.loads(sys.stdin.buffer.read())\n"
        "game = Game(parse_scenario(text))\n"
        "game.set_position(position)\n"
        "assert game.position() == position and hash(game.position()) == hash(position)\n"
        "sys.stdout.buffer.write(pickle.dumps(game.position()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input=pickle.dumps((position, TEXT)), capture_output=True, check=True
    )
    assert pickle.loads(done.stdout) == position


def test_a_play_is_named_by_its_index():
    """The open window, the response chain and the plays of the turn's history name plays by
    their index in `plays`, the being-played zone first; the cards by their ids."""
    game = new_game()
    game.push(next(e for e in game.legal_events() if e.card is not None and e.card.name == "Milk"))
    position = game.position()
    assert position.being_played == 1 and position.window == 0
    assert position.plays[0].card == "Milk (fluxx5)" and type(position.plays[0].card) is CardId
    assert position.turn.history == (0,)
    assert dict(position.hands)["Alice"] == ("Trade Hands (fluxx5)", "Draw 2 (fluxx5)")


def test_card_ids_tell_every_card_of_every_deck_apart():
    """A card's id is its name, its deck and its copy: distinct for every card object of every
    deck, copies of one card included (Word Fluxx's letters), and the same in every game."""
    cards = [*builtin().all_cards(), UNKNOWN]
    assert len({card.ident for card in cards}) == len({id(card) for card in cards})
    letters = [card for card in cards if card.copy > 1]
    assert letters and all(card.ident.endswith(f" #{card.copy}") for card in letters)


def test_building_the_position_changes_nothing():
    for game, _number, _offered in walk(("fluxx5",), 30):
        before = fingerprint(game)
        game.position()
        assert fingerprint(game) == before


#: What of the game is not its position, and why (see model/snapshot.py): fixed for the whole
#: game; the log and the events pushed; chance; event numbers and the count of turns; the trial
#: of an event; memos. A field added to `Game` must join the position or this list.
LEFT_OUT = {
    "scenario",
    "house_rules",
    "steps",
    "cited",
    "move_stack",
    "undo",
    "_decided",
    "_rng",
    "event_no",
    "turns_begun",
    "trying",
    "chance_refused",
    "event_plays",
    "unread_at_end",
    "_win_signature",
    "_win_stamp",
    "_state_checked",
}
#: The fields of the game's parts that are not in their plain records: event numbers (the turn
#: keeps whether the next event, taken ahead, began it: `begun_ahead`), and the clock of the table.
LEFT_OUT_OF_PARTS = {"Play": {"event"}, "Turn": {"begun_by"}, "Table": {"clock"}}


def test_the_game_keeps_its_declared_fields_alone():
    """`Game` holds its fields in slots (`GAME_FIELDS`), each declared for its parts (`GameView`)
    and set by a new game: reading them all raises nothing, and no other can be set by mistake."""
    game = new_game()
    assert not hasattr(game, "__dict__")
    assert set(GAME_FIELDS) == set(GameView.__annotations__) - {"turn"}  # (a property over `_turn`)
    assert len(fields_of(game)) == len(GAME_FIELDS)
    with pytest.raises(AttributeError):
        game.winnner = "Alice"  # type: ignore[attr-defined]  # a misspelt field


def test_every_field_of_the_game_is_in_the_position_or_left_out_on_purpose():
    game = new_game()
    in_position = {"table", "_turn", "being_played", "temp_hands", "window", "responses", "last_use", "resolving"}
    in_position |= {"reopened", "agenda", "pending", "_goals_seen", "stated_shuffles", "stated_at_random"}
    in_position |= {"at_random_answers", "winner", "co_winners", "winning_goal", "stopped", "ended"}
    assert set(fields_of(game)) == in_position | LEFT_OUT
    position_fields = {f.name for f in fields(Position)}
    table_fields = set(vars(game.table)) - LEFT_OUT_OF_PARTS["Table"]
    assert table_fields <= position_fields, table_fields - position_fields
    for part, record in ((Play, PlayData), (Turn, TurnData), (TempHand, TempHandData), (PendingChoice, ChoiceData)):
        held = {f.name for f in fields(record)} | LEFT_OUT_OF_PARTS.get(part.__name__, set())
        missing = {f.name for f in fields(part)} - held
        assert not missing, f"{part.__name__} fields neither in {record.__name__} nor left out: {missing}"


def test_a_position_that_cannot_be_set_out_leaves_the_game_as_it_was():
    """A card id this process does not know, met late in the restore: the game keeps its own
    position whole, not a table of the new one with the turn of the old."""
    from dataclasses import replace

    game = Game(load_scenario(SCENARIOS / "house_rules" / "keep-going-2.yaml"))
    for event in game.scenario.events[:2]:
        game.push(event)
    before, table = game.position(), game.table
    unknown = replace(
        before, turn=replace(before.turn, drawn=before.turn.drawn + 5), winning_goal=CardId("Nowhere (x)")
    )
    with pytest.raises(KeyError):
        game.set_position(unknown)
    assert game.table is table
    assert game.position() == before
