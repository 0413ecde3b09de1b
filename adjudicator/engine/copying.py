"""Copies of a game that run on their own (`fork`), for trying what an event would do.

The position is plain data: zones, the turn, the being-played zone, and continuations as
`Then` records (never closures), so a structural copy is a faithful one (`state.duplicate`:
each object of the position copied once, whatever shares it). What is fixed for the whole
game -- the scenario, its house rules, the cards -- is shared by every copy; the step log and
the move stack are copied as lists of frozen records; what `derived.py` remembered for the
position stays true in the copy; the random generator continues from the same state.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable

from adjudicator.engine.state import ATOMS, duplicate

if TYPE_CHECKING:
    from adjudicator.engine.game import Game


def _copy_rng(rng: random.Random) -> random.Random:
    copied = random.Random.__new__(random.Random)  # not seeded: its state is set at once
    copied.setstate(rng.getstate())
    return copied


def _share(value: Any) -> Any:
    return value


#: Fields of a game copied their own way; any other is copied by its type (`duplicate`).
FIELDS: dict[str, Callable[[Any], Any]] = {
    "scenario": _share,        # never changed by play
    "house_rules": _share,     # frozen
    "steps": list,             # step records are frozen: the list is new, the records shared
    "move_stack": list,        # so are the events pushed
    "derived_memo": dict,      # its values are immutable and true of the copy's position too
    "rng": _copy_rng,          # much faster than deepcopy's walk through the state tuple
}


def fork(game: Game) -> Game:
    """An independent copy of the game: whatever runs on the copy leaves `game` alone."""
    clone = object.__new__(type(game))
    memo: dict[int, Any] = {id(game): clone}
    fields = clone.__dict__
    atoms, special = ATOMS, FIELDS
    for name, value in game.__dict__.items():
        if type(value) in atoms:
            fields[name] = value
        elif name in special:
            fields[name] = special[name](value)
        else:
            fields[name] = duplicate(value, memo)
    return clone
