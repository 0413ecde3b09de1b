"""The trial of an event that states choices or chance (engine/trial.py): a card it leaves open
to answers is resolved on trial and taken back, unless what comes next would resolve it the same
way at once -- the end of the replay, or a following event that closes the window first thing.
Resolved ahead, it must leave the replay exactly as the following event's push would."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.checking import scenario_files
from adjudicator.engine.game import Game
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.model.scenario import Scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted(scenario_files([ROOT / "scenarios"]))


def _pushed_one_by_one(scenario: Scenario) -> Game:
    """The replay with no event told what follows it: every card left open on trial is taken back,
    and resolved again by the next event (or `finish`)."""
    game = Game(scenario, undo=False)
    for event in scenario.events:
        if game.stopped:
            break
        game.push(event)
    game.finish()
    return game


def _told(game: Game) -> tuple[object, ...]:
    """What a replay tells: every step (its event, words and data), the position, how it ended."""
    steps = tuple((s.event, s.kind, s.text, s.rulings, repr(s.data())) for s in game.steps)
    return steps, game.position(), len(game.move_stack), game.winner, game.ended, game.stopped


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_card_resolved_ahead_leaves_the_replay_as_the_following_event_would(path):
    scenario = load_scenario(path)
    assert _told(replay(scenario)) == _told(_pushed_one_by_one(scenario))


HALTS_AHEAD = """\
title: a card resolved ahead of the following event stops the replay
players: [Alice, Bob]
setup:
  turn: Alice
  rules: [Play 2]
  hands:
    Alice: [Use What You Take, Milk]
    Bob: ["?", "?"]
events:
  - Alice plays Use What You Take -> Bob
  - Alice plays Milk
"""


def test_a_stop_while_the_card_resolves_ahead_is_the_following_events():
    # The play that follows would close the window first, and the replay stops there, that play
    # pushed: the trial takes the card's resolving back and leaves it to that play.
    scenario = parse_scenario(HALTS_AHEAD)
    game = replay(scenario)
    assert game.stopped and "`?` card" in game.stopped
    assert len(game.move_stack) == 2
    assert [s.event for s in game.steps if s.kind == "WindowClosed"] == [2]
    assert _told(game) == _told(_pushed_one_by_one(scenario))
