"""Event forms and determinism added with the 5.0 New Rules (the behaviour is in scenarios/rules/)."""

from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model.cards import NO_CHOICE

FIRST_PLAY_RANDOM = """\
title: t
players: [Alice, Bob]
seed: {seed}
setup:
  turn: Alice
  rules: [Play 2, First Play Random]
  hands: {{Alice: [Milk, Cookies, Bread, Time, Money, Love]}}
events: []
"""


def test_none_is_an_explicit_empty_choice():
    text = """\
title: t
players: [Alice, Bob]
setup: {turn: Alice, hands: {Alice: [Let's Simplify]}}
events:
  - Alice plays Let's Simplify -> none
  - {player: Alice, action: choose, choices: [none]}
"""
    events = parse_scenario(text).events
    assert events[0].choices == (NO_CHOICE,)
    assert events[1].choices == (NO_CHOICE,)
    assert str(NO_CHOICE) == "none"


def _first_pick(seed: int) -> str:
    game = replay(parse_scenario(FIRST_PLAY_RANDOM.format(seed=seed)))
    (card,) = game.table.in_play["Alice"]
    return card.name


def test_first_play_random_is_fixed_by_the_seed():
    assert _first_pick(7) == _first_pick(7)
    assert len({_first_pick(seed) for seed in range(12)}) > 1
