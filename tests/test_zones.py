"""The zones own every change of place: each step records the cards it moved, and following
those moves leads every card to where the game says it is."""

import pytest
from conftest import SCENARIOS

from adjudicator.checking import scenario_files
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import load_scenario, parse_scenario

FILES = list(scenario_files([SCENARIOS]))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_the_last_move_of_each_card_ends_where_it_is(path):
    game = replay(load_scenario(path))
    last: dict[int, str | None] = {}
    for step in game.steps:
        for card, source, target in step.moves:
            if card.is_unknown:
                continue  # every `?` is the same object: it cannot be followed
            assert source != target
            last[id(card)] = target
    where = {id(card): zone for zone, cards in game.zones().items() for card in cards}
    for key, target in last.items():
        if target is not None:
            assert where.get(key) == target


def test_trade_hands_moves_each_card_to_the_other_hand():
    game = replay(
        parse_scenario("""
title: t
players: [Alice, Bob]
setup:
  turn: Alice
  hands: {Alice: [Trade Hands, Milk], Bob: [Bread, Cookies]}
events: [Alice plays Trade Hands -> Bob]
""")
    )
    traded = next(s for s in game.steps if s.kind == "ActionDone")
    assert sorted((str(c), a, b) for c, a, b in traded.moves) == [
        ("Bread", "hand of Bob", "hand of Alice"),
        ("Cookies", "hand of Bob", "hand of Alice"),
        ("Milk", "hand of Alice", "hand of Bob"),
    ]


def test_a_shuffle_moves_no_card():
    """The reshuffled pile moves from the discard pile to the draw pile once (the Reshuffled
    step); shuffling it there moves nothing, however many swaps the order took."""
    game = replay(load_scenario(SCENARIOS / "chance" / "reshuffle-left-to-chance.yaml"))
    reshuffled = next(s for s in game.steps if s.kind == "Reshuffled")
    assert sorted((str(c), a, b) for c, a, b in reshuffled.moves) == [
        (name, "discard", "draw pile") for name in ("Bread", "Money", "The Sun", "Time")
    ]
    shuffled = next(s for s in game.steps if s.kind == "Chance" and "the order of" in s.text)
    assert shuffled.moves == ()
