"""Copies of a game that run on their own (`fork`), for trying what an event would do.

The position is plain data: zones, the turn, the being-played zone, and continuations as
`Then` records (never closures), so a structural copy is a faithful one (`state.duplicate`:
each object of the position copied once, whatever shares it). What is fixed for the whole
game -- the scenario, its house rules, the cards -- is shared by every copy; the step log and
the move stack are copied as lists of frozen records; what `derived.py` remembered for the
position stays true in the copy (its own `__deepcopy__`); the random generator goes on from
the same state, read only when a game draws (`ForkedRandom`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable

from adjudicator.engine.state import ATOMS, duplicate

if TYPE_CHECKING:
    from adjudicator.engine.game import Game


class Snapshot:
    """The state of a game's generator when the game was copied, shared by the games copied
    from there until each first draws. It is read from the old generator -- which no game draws
    from any more -- only when one of them does (most copies never draw)."""

    __slots__ = ("source", "_state")

    def __init__(self, source: random.Random) -> None:
        self.source = source
        self._state: tuple[Any, ...] | None = None

    @property
    def state(self) -> tuple[Any, ...]:
        if self._state is None:
            self._state = self.source.getstate()
        return self._state


class ForkedRandom(random.Random):
    """The generator of a game copied (or of the game it was copied from) before it draws
    again: it takes the snapshot's state at its first draw and is a plain `random.Random`
    from then on, drawing exactly what the game's generator would have. Every draw of
    `random.Random` goes through `random` or `getrandbits`, the two taken over here."""

    def __new__(cls, snapshot: Snapshot) -> "ForkedRandom":
        return super().__new__(cls)  # not seeded: the state is the snapshot's

    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot

    # A bound method may outlive the switch (`_randbelow` holds `self.getrandbits` through a
    # loop): each override works on either class.
    def random(self) -> float:
        _resume(self)
        return random.Random.random(self)

    def getrandbits(self, k: int) -> int:
        _resume(self)
        return random.Random.getrandbits(self, k)

    def getstate(self) -> tuple[Any, ...]:
        return self.snapshot.state if type(self) is ForkedRandom else random.Random.getstate(self)

    def setstate(self, state: tuple[Any, ...]) -> None:
        _resume(self)
        random.Random.setstate(self, state)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        _resume(self)
        random.Random.seed(self, *args, **kwargs)

    def __reduce__(self) -> tuple[Any, ...]:
        return random.Random, (), self.getstate()


def _resume(rng: random.Random) -> None:
    """Make a `ForkedRandom` that has not drawn yet a plain generator in its snapshot's state."""
    if type(rng) is ForkedRandom:
        state = rng.snapshot.state
        del rng.snapshot
        rng.__class__ = random.Random  # the same layout: allowed
        random.Random.setstate(rng, state)


def _fork_generator(game: Game, name: str, rng: random.Random) -> random.Random:
    """The copy's generator (the game's field `name`), going on from the game's state without
    reading that state (625 numbers) now: both games get a `ForkedRandom` of one snapshot,
    equal to the game's generator, which neither draws from again (game code reaches the
    generator through the game each time it draws, never keeping it)."""
    if type(rng) is ForkedRandom:  # it has not drawn since the last copy: one more shares it
        return ForkedRandom(rng.snapshot)
    snapshot = Snapshot(rng)
    game.__dict__[name] = ForkedRandom(snapshot)
    return ForkedRandom(snapshot)


def _share(value: Any) -> Any:
    return value


#: Fields of a game copied their own way; any other is copied by its type (`duplicate`), a
#: random generator lazily (`_fork_generator`).
FIELDS: dict[str, Callable[[Any], Any]] = {
    "scenario": _share,        # never changed by play
    "house_rules": _share,     # frozen
    "steps": list,             # step records are frozen: the list is new, the records shared
    "move_stack": list,        # so are the events pushed
}
_GENERATORS = (random.Random, ForkedRandom)


def fork(game: Game) -> Game:
    """An independent copy of the game: whatever runs on the copy leaves `game` alone."""
    clone = object.__new__(type(game))
    memo: dict[int, Any] = {id(game): clone}
    fields = clone.__dict__
    atoms, special = ATOMS, FIELDS
    for name, value in game.__dict__.items():
        cls = type(value)
        if cls in atoms:
            fields[name] = value
        elif name in special:
            fields[name] = special[name](value)
        elif cls in _GENERATORS:
            fields[name] = _fork_generator(game, name, value)
        else:
            fields[name] = duplicate(value, memo)
    return clone
