"""Copies of a game that run on their own (`fork`), for trying what an event would do.

The position is plain data: zones, the turn, the being-played zone, and continuations as
`Then` records (never closures), so a structural copy is a faithful one. Cards, kinds and the
scenario are identities shared by every copy; the step log is copied as a list of frozen
records; the random generator continues from the same state.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from adjudicator.engine.game import Game


def fork(game: Game) -> Game:
    """An independent copy of the game: whatever runs on the copy leaves `game` alone."""
    memo: dict[int, Any] = {id(game.scenario): game.scenario,
                            id(game.steps): list(game.steps),  # step records are frozen: shared
                            id(game.move_stack): list(game.move_stack)}  # so are the events pushed
    rng = random.Random()
    rng.setstate(game.rng.getstate())  # much faster than deepcopy's walk through the state tuple
    memo[id(game.rng)] = rng
    return copy.deepcopy(game, memo)
