"""Compound Actions follow the rules at once (issue 28, item 1; Q51): a temporary hand's draws and
plays are read from its card through the rules in play whenever they are needed, never kept, so
a rule that enters or leaves while the Action is under way changes what is left to do."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from adjudicator.engine.replay import play_events, replay
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model import records as rec
from adjudicator.model.events import Action, Event
from adjudicator.model.position import TempHand
from adjudicator.verdict import build_verdict

TEXT = """title: t
players: [Alice, Bob]
setup:
  turn: Alice
  hands: {Alice: ["Draw 3, Play 2 of Them", Milk]}
  draw_pile: [Inflation, Trash a New Rule, Cookies, Bread, Time, Money, Love]
events:
  - Alice plays Draw 3, Play 2 of Them
  - Alice plays Inflation
  - Alice plays Trash a New Rule -> Inflation
  - Alice plays Cookies
"""


def _after(n: int):
    scenario = parse_scenario(TEXT, "compound.yaml")
    game = play_events(scenario, scenario.events[:n])
    game.close_window()
    return game


def test_a_temporary_hand_keeps_no_numbers_of_its_own():
    fields = {f.name for f in dataclasses.fields(TempHand)}
    assert not fields & {"plays_allowed", "draws", "plays"}, "the numbers are read from the card (Q51)"


def test_inflation_entering_raises_the_action_and_draws_the_missing_card_into_it():
    game = _after(2)
    (frame,) = game.temp_hands
    assert game.compound_terms(frame) == (4, 3)
    assert [c.name for c in frame.cards] == ["Trash a New Rule", "Cookies", "Bread"]  # Bread: the missing card
    assert game.plays_owed_from(frame) == 2
    hand = build_verdict(game).temp_hands[0]
    assert (hand.plays_allowed, hand.plays_made, hand.plays_owed) == (3, 1, 2)
    drawn = [s for s in game.steps if isinstance(s, rec.Drew) and "Q51" in s.rulings]
    assert [c.name for c in drawn[0].cards] == ["Bread"]


def test_inflation_leaving_shrinks_what_is_left_and_undoes_nothing():
    """Trash a New Rule, play 2 of Draw 4, Play 3, discards Inflation: Draw 3, Play 2 again, with 2
    plays made, so the Action is done there and then; the four cards drawn stay drawn."""
    game = replay(parse_scenario(TEXT, "compound.yaml"))
    assert not game.temp_hands
    notes = [s.what for s in game.steps if isinstance(s, rec.Note) and "Q51" in s.rulings]
    assert notes[-1].startswith("Draw 3, Play 2 of Them now counts as draw 3, play 2 (it was draw 4, play 3)")
    assert notes[-1].endswith("nothing drawn or played is undone")
    (closed,) = [s for s in game.steps if isinstance(s, rec.TempHandClosed)]
    assert [c.name for c in closed.discarded] == ["Cookies", "Bread"]
    assert [s.event for s in game.steps if isinstance(s, rec.Rejected)] == [4]  # Cookies went with the leftovers


NESTED = Path(__file__).parents[1] / "scenarios/rulings/Q51-rules-reset-leaves-a-nested-temporary-hand-no-plays.yaml"


def _listed_and_replayed(scenario, n: int) -> list[str]:
    """The events listed after the first n (`Game.legal_events`), each checked on a game that
    never listed anything (the plain push a saved game's replay takes): all must be accepted."""
    listed = play_events(scenario, scenario.events[:n]).legal_events()
    for event in listed:
        game = play_events(scenario, scenario.events[:n])
        seen = len(game.steps)
        game.push(event)
        refused = [s.reason for s in game.steps[seen:] if isinstance(s, rec.Rejected)]
        assert not refused and not game.stopped, (event.text, refused, game.stopped)
    return [e.text for e in listed]


def test_a_nested_temporary_hand_left_no_plays_is_gone_for_generator_and_replay_alike():
    """Rules Reset, play 2 of the inflated Draw 3, Play 2 of Them nested in Draw 2 and Use 'Em,
    leaves it no plays (Q51, read the other way: Q334): it is finished at once and its leftovers,
    It's A Trap! among them, are discarded. The generator no longer offers that Surprise, and
    every event it lists is one a replay accepts."""
    from adjudicator.loading.scenario import load_scenario

    scenario = load_scenario(NESTED)
    assert sorted(_listed_and_replayed(scenario, 4)) == ["Carol plays Milk", "Carol plays Money"]


def test_a_surprise_in_a_temporary_hand_still_owed_a_play_counters_for_generator_and_replay_alike():
    """Bob answers the Rules Reset with Stop That!: the Action is not shrunk yet (Rules Reset may
    never work), so the temporary hand is still open and Carol may counter from it (R55)."""
    text = NESTED.read_text().replace("Love]}", "Love], Bob: [Stop That!]}")
    text = text.replace("  - Carol plays It's A Trap!", "  - Bob plays Stop That!")
    scenario = parse_scenario(text, "nested.yaml")
    # The window on Bob's answer: Carol counters it, or lets it be (`Carol declines`) and plays on
    assert _listed_and_replayed(scenario, 5) == ["Carol plays It's A Trap!", "Carol declines"]
    declines = Event.made(6, "Carol", Action.DECLINE, None, ())
    after = play_events(scenario, [*scenario.events[:5], declines]).legal_events()
    assert "Carol plays Bread" in [e.text for e in after]
