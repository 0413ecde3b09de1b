"""Replaying a scenario: a new game, then each of its events pushed in turn (`Game.push`),
then what happens when they run out (`Game.finish`). The order of processing lives in the
game itself (engine/event_order.py).
"""

from __future__ import annotations

import gc
from collections.abc import Sequence

from adjudicator.engine.game import Game
from adjudicator.model.events import Event
from adjudicator.model.scenario import Scenario


def replay(scenario: Scenario) -> Game:
    game = play_events(scenario, scenario.events)
    game.finish()
    return game


def play_events(scenario: Scenario, events: Sequence[Event]) -> Game:
    """A new game of the scenario with these events pushed (up to a stop), and not finished:
    another event may still come (`legal`, `explore`)."""
    game = Game(scenario, undo=False)  # a replay never takes an event back
    frozen = False
    # Objects someone else set aside stay theirs to set back. Asked at the first settle only:
    # counting them walks them all, which a short replay in a process that froze its start-up
    # heap would pay every time.
    may_freeze: bool | None = None
    try:
        for number, event in enumerate(events, 1):
            if game.stopped:
                break
            game.push(event)
            if number % SETTLE_EVERY == 0:
                if may_freeze is None:
                    may_freeze = gc.get_freeze_count() == 0
                if may_freeze:
                    frozen = _settle_the_log() or frozen
    finally:
        if frozen:
            gc.unfreeze()
    return game


#: A long replay sets its log aside from the cycle collector every so many events.
SETTLE_EVERY = 5000


def _settle_the_log() -> bool:
    """Set what the replay has kept so far -- a long log: records by the hundred thousand, none
    of them garbage -- aside from the cycle collector (`gc.freeze`), which would otherwise walk
    them all at each full collection (an eighth of a 100,000-event replay). The young garbage
    is collected first, so that none is set aside with them; the replay sets them back after."""
    if not gc.isenabled():
        return False
    gc.collect(1)
    gc.freeze()
    return True
