"""Compound Actions follow the rules at once (issue 28, item 1; Q51): a temporary hand's draws and
plays are read from its card through the rules in play whenever they are needed, never kept, so
a rule that enters or leaves while the Action is under way changes what is left to do."""

from __future__ import annotations

import dataclasses

from adjudicator.engine.replay import play_events, replay
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model import records as rec
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
