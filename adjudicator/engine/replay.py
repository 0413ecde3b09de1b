"""Replaying a scenario: a new game, then each of its events pushed in turn (`Game.push`),
then what happens when they run out (`Game.finish`). The order of processing lives in the
game itself (engine/event_order.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.engine.game import Game
from adjudicator.loading.scenario import Event, Scenario


def replay(scenario: Scenario) -> Game:
    game = play_events(scenario, scenario.events)
    game.finish()
    return game


def play_events(scenario: Scenario, events: Sequence[Event]) -> Game:
    """A new game of the scenario with these events pushed (up to a stop), and not finished:
    another event may still come (`legal`, `explore`)."""
    game = Game(scenario)
    for event in events:
        if game.stopped:
            break
        game.push(event)
    return game
