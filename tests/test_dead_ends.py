"""`P begins` (docs/dead-ends.md): how it is written, when it is legal, what a rejection says."""

from __future__ import annotations

import dataclasses

import pytest

from adjudicator.engine import replay as rp
from adjudicator.engine.game import Game
from adjudicator.engine.legal import explore
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model import records as rec
from adjudicator.model.errors import ScenarioError

HEAD = """
title: t
players: [Alice, Bob, Carol]
setup:
  turn: Alice
  hands: {Alice: [Milk], Bob: [Canceled Plans]}
  draw_pile: [Cookies, Bread]
"""


@pytest.mark.parametrize(
    "line", ["Bob begins", "Bob begins his turn", "bob  begins\tturn", "{player: Bob, action: begin_turn}"]
)
def test_the_ways_to_write_it(line: str) -> None:
    event = parse_scenario(
        HEAD + f"events: [{line}]\n" if line.startswith("{") else HEAD + f"events: ['{line}']\n"
    ).events[0]
    assert (event.player, event.action, event.card, event.choices) == ("Bob", "begin_turn", None, ())


def test_it_takes_no_card() -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(HEAD + "events: [Bob begins Milk]\n")
    assert "'begins' takes no card or choices (write 'Bob begins' or 'Bob begins her turn')" in str(caught.value)


def test_offered_to_the_next_player_holding_only_surprises() -> None:
    """Alice's last play is open to answers: Bob's Surprise would answer it (and cannot), so
    `Bob begins` is the one event that begins his turn."""
    game = Game(parse_scenario(HEAD + "events: []\n"))
    game.push(next(e for e in explore(game, 1).events if e.text == "Alice plays Milk"))
    texts = [e.text for e in explore(game, 2).events]
    assert "Bob begins" in texts and "Bob plays Canceled Plans" not in texts and "Carol begins" not in texts
    game.push(next(e for e in explore(game, 2).events if e.text == "Bob begins"))
    assert game.turn.player == "Bob" and [c.name for c in game.table.hands["Bob"]] == ["Canceled Plans", "Cookies"]
    assert "Bob begins" not in [e.text for e in explore(game, 3).events]  # begun already


def test_rejections_say_why() -> None:
    scenario = parse_scenario(
        HEAD.replace("turn: Alice", "turn: Alice\n  rules: [Play 2]").replace("[Milk]", "[Milk, Time]")
        + """events:
  - Alice plays Milk
  - Bob begins
  - Alice plays Time
  - Carol begins
  - Bob begins
  - Bob begins
"""
    )
    game = rp.replay(scenario)
    reasons = [(s.event, s.code, s.reason, s.rulings) for s in game.steps if isinstance(s, rec.Rejected)]
    assert reasons == [
        (
            2,
            "turn_under_way",
            "Alice's turn is still under way (1 play left under Play 2): the next turn begins once it is over",
            ("B-turn-order", "B-play-rule"),
        ),
        (4, "not_your_turn", "it is not Carol's turn: Bob plays next", ("B-turn-order",)),
        (6, "turn_begun", "Bob's turn has already begun", ("B-turn-order",)),
    ]
    assert game.turn.player == "Bob" and not game.stopped


def test_a_choice_its_start_asks_waits_for_its_answer() -> None:
    """Death asks at the start of Alice's turn: `Alice begins` leaves the choice waiting (the
    replay does not stop on it), and her answer comes next."""
    text = """
title: t
players: [Alice, Bob]
setup:
  turn: Bob
  phase: end
  in_play: {Alice: [Death, Milk, Cookies]}
  draw_pile: [Bread]
events: [Alice begins, Alice discards Cookies]
"""
    scenario = parse_scenario(text)
    game = Game(dataclasses.replace(scenario, events=()))
    game.push(scenario.events[0])
    assert not game.stopped and game.pending and game.pending[0].player == "Alice"
    game.push(scenario.events[1])
    assert [c.name for c in game.table.in_play["Alice"]] == ["Death", "Milk"]
    assert [c.name for c in game.table.hands["Alice"]] == ["Bread"]
