"""Every word of an event is used or refused (issue 20, item 2): each bundled scenario's events,
one at a time, get one extra choice word; the replay must refuse that event with a reason,
never take it and drop the word."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from adjudicator.checking import scenario_files
from adjudicator.engine.replay import play_events
from adjudicator.loading.scenario import load_scenario
from adjudicator.model import records as rec

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(scenario_files([ROOT / "scenarios"]))

#: Events that take the extra word by design, with the reason: (path, event number) -> why.
_DIRECTION = "Rotate Hands takes a player, the neighbour the hands pass to; the event gave no direction"
TAKES_IT: dict[tuple[str, int], str] = {
    ("actions/hand-to-hand-nothing-back.yaml", 1): _DIRECTION,
    ("actions/rotate-hands-answered-later.yaml", 1): _DIRECTION,
    ("actions/rotate-hands-direction-missing.yaml", 1): _DIRECTION,
    ("rick_and_morty/hand-to-hand-for-nothing.yaml", 1): _DIRECTION,
    ("actions/rock-paper-scissors-winner-missing.yaml", 1): "the event names no opponent: the word is the opponent",
    ("actions/use-what-you-take-unknown.yaml", 1): "the event names no player: the word is the player to take from",
    ("creepers/war-evicts-peace.yaml", 1): (
        "a play's choices answer, in order, what its resolution asks of its player: the stolen Peace "
        "meets War, and the word answers where Peace goes"
    ),
    ("creepers/war-asks-once.yaml", 1): (
        "a play's choices answer, in order, what its resolution asks of its player: Get On With It! draws War, "
        "and the word answers where Peace goes"
    ),
}


def _extra_word(scenario, event):
    """A word the loader reads (a player's name) that the event's card or choice did not ask for."""
    return scenario.players[-1]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_an_extra_choice_word_is_refused(path: Path):
    scenario = load_scenario(path)
    for index, event in enumerate(scenario.events):
        if event.action not in ("play", "use", "discard", "keep", "choose"):
            continue  # join, drop out and begins take no words (the loader refuses them); spell's are the words
        key = (str(path.relative_to(ROOT / "scenarios")), event.number)
        extra = _extra_word(scenario, event)
        longer = dataclasses.replace(event, choices=(*event.choices, extra), text=f"{event.text} + {extra}")
        game = play_events(scenario, (*scenario.events[:index], longer))
        refused = [s for s in game.steps if s.event == event.number and isinstance(s, (rec.Rejected, rec.Stopped))]
        if key in TAKES_IT:
            assert not refused, f"{key} takes the word ({TAKES_IT[key]}), yet it was refused"
        else:
            assert refused, f"{key}: `{longer.text}` was taken, the extra word dropped"
