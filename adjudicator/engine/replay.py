"""Replaying a scenario: a new game, then each of its events pushed in turn (`Game.push`),
then what happens when they run out (`Game.finish`). The order of processing lives in the
game itself (engine/event_order.py).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from typing import Any

from adjudicator.engine.game import Game
from adjudicator.model import records as rec
from adjudicator.model.events import Event
from adjudicator.model.scenario import Scenario
from adjudicator.model.snapshot import Position


def replay(scenario: Scenario) -> Game:
    game = _pushed(Game(scenario, undo=False), scenario.events, finishing=True)  # (as `play_events`)
    game.finish()
    return game


def play_events(scenario: Scenario, events: Sequence[Event]) -> Game:
    """A new game of the scenario with these events pushed (up to a stop), and not finished:
    another event may still come (`legal`, `explore`)."""
    return _pushed(Game(scenario, undo=False), events)  # a replay never takes an event back


# --------------------------------------------------------- positions recorded
class PositionLog(list[rec.Step]):
    """A replay's step log that also takes the game's position after each step it writes (the
    boards of an HTML report, a line found by `explore`): `positions[n]` is the position after
    step n (1-based, as the log is numbered), `positions[0]` the one before the first step.
    Only the steps `wanted` says are taken (a long log's first and last ones), ~35 µs each.
    The game writes its log with `append` alone; copies of the game (look-aheads, trials) copy
    the log into a plain list, so they record nothing."""

    def __init__(self, wanted: Callable[[int], bool] = lambda number: True) -> None:
        super().__init__()
        self.wanted = wanted
        self.positions: dict[int, Position] = {}
        #: the plays still owed from each open temporary hand, innermost last, beside each position:
        #: the rules in play decide them (Inflation), which a position holds as cards, not as numbers
        self.owed: dict[int, tuple[int, ...]] = {}
        self.game: Game | None = None

    def start(self, game: Game) -> None:
        self.game = game
        self.take(0)

    def append(self, step: rec.Step) -> None:
        super().append(step)
        self.take(len(self))

    def take(self, number: int) -> None:
        """The position after step `number`, if wanted."""
        game = self.game
        if game is not None and self.wanted(number):
            self.positions[number] = game.position()
            self.owed[number] = tuple(game.plays_owed_from(frame) for frame in game.temp_hands)


class _RecordingGame(Game):
    """A game whose log is a `PositionLog` from before its first step (the deal, the first draw)."""

    __slots__ = ()
    recorder: PositionLog  # set on the class made for one replay (`recorded_replay`), never on a game

    def _begin(self, setup: Any) -> None:
        self.steps = self.recorder
        self.recorder.start(self)
        super()._begin(setup)


def recorded_replay(scenario: Scenario, wanted: Callable[[int], bool] = lambda number: True) -> PositionLog:
    """`replay(scenario)` with the position after each wanted step recorded: the game's log is
    returned, its game (finished) in `.game`. A replay that is not asked for positions pays nothing."""
    log = PositionLog(wanted)
    recording = type("RecordingGame", (_RecordingGame,), {"__slots__": (), "recorder": log})
    game = _pushed(recording(scenario, undo=False), scenario.events, finishing=True)
    game.finish()
    log.take(len(log))  # the last step's board is the game as it ends (a turn's next player set)
    return log


def _pushed(game: Game, events: Sequence[Event], finishing: bool = False) -> Game:
    """The game with the events pushed (up to a stop); `finishing`: it is finished next, so
    that the last event is pushed knowing that none follows, as each other one is pushed knowing
    the one that follows it (`Game.push`)."""
    frozen = False
    last = len(events) if finishing else None
    # Objects someone else set aside stay theirs to set back. Asked of a long replay alone:
    # counting them walks them all, which a short replay in a process that froze its start-up
    # heap would pay every time.
    may_freeze = len(events) >= SETTLE_EVERY and gc.get_freeze_count() == 0
    thresholds = gc.get_threshold()
    try:
        if may_freeze:
            _collect_at_settles_alone(thresholds)
        for number, event in enumerate(events, 1):
            if game.stopped:
                break
            game.push(event, number == last, events[number] if number < len(events) else None)
            if may_freeze and number % SETTLE_EVERY == 0:
                frozen = _settle_the_log() or frozen
    finally:
        if frozen:
            gc.unfreeze()
        gc.set_threshold(*thresholds)
    return game


#: A long replay sets its log aside from the cycle collector every so many events.
SETTLE_EVERY = 5000
#: More objects than a long replay keeps between two settles (about ten records an event).
_YOUNG_AT_MOST = 20 * SETTLE_EVERY


def _collect_at_settles_alone(thresholds: tuple[int, ...]) -> None:
    """From a long replay's first event on (how many events it has is known before it starts),
    the young objects are collected at each settle alone: a replay makes little cyclic garbage
    (the long log: a few hundred objects in 100,000 events), so the collections in between would
    only walk each new record twice (young, then middle-aged) to find nothing (1 % of a
    100,000-event replay). The replay sets them back after."""
    gc.set_threshold(_YOUNG_AT_MOST, *thresholds[1:])


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
