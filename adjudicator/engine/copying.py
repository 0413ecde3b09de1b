"""Copies of a game that run on their own (`fork`), for trying what an event would do.

The position is plain data: zones, the turn, the being-played zone, and continuations as
`Then` records (never closures), so a structural copy is a faithful one (`copier.copy_fields`:
each object of the position copied once, whatever shares it). What is fixed for the whole
game -- the scenario, its house rules, the cards -- is shared by every copy; the step log and
the move stack are copied as lists of frozen records; what `derived.py` remembered for the
position stays true in the copy (its own `__deepcopy__`); the random generator goes on from
the same state, read only when a game draws (`ForkedRandom`). `chance_aside` lets a look at
the game itself draw at random without moving its generator, where a copy would cost more.
"""

from __future__ import annotations

import operator
import random
from typing import TYPE_CHECKING, Any, TypeVar

from adjudicator.engine.view import GAME_FIELDS
from adjudicator.model.copier import copy_fields

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from adjudicator.engine.view import GameView

#: The game copied, and its copy: the same class (`Game`).
G = TypeVar("G", bound="GameView")


class Snapshot:
    """The state of a game's generator when the game was copied, shared by the games copied
    from there until each first draws. It is read from the old generator -- which no game draws
    from any more -- only when one of them does (most copies never draw)."""

    __slots__ = ("source", "_state", "lent")

    def __init__(self, source: random.Random) -> None:
        self.source = source
        self._state: tuple[Any, ...] | None = None
        self.lent = False  # a copy of the game waits on it (`ForkedRandom.__deepcopy__`)

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

    def __new__(cls, snapshot: Snapshot) -> ForkedRandom:
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

    def __deepcopy__(self, memo: dict[int, Any]) -> ForkedRandom:
        """One more generator of the snapshot (it has not drawn since: it would be a Random)."""
        self.snapshot.lent = True
        return ForkedRandom(self.snapshot)

    def __reduce__(self) -> tuple[Any, ...]:
        return random.Random, (), self.getstate()


def _resume(rng: random.Random) -> None:
    """Make a `ForkedRandom` that has not drawn yet a plain generator in its snapshot's state."""
    if type(rng) is ForkedRandom:
        state = rng.snapshot.state
        del rng.snapshot
        rng.__class__ = random.Random  # type: ignore[assignment]  # the same layout: allowed, and the point
        random.Random.setstate(rng, state)


def field_reader(names: Sequence[str]) -> Callable[[GameView], tuple[Any, ...]]:
    """What reads the named fields of a game (two at least) at once, as a tuple in that order."""
    return operator.attrgetter(*names)


def field_setter(names: Sequence[str]) -> Callable[[GameView, Sequence[Any]], None]:
    """What sets the named fields of a game (two at least) at once from a sequence in that order
    (a `field_reader`'s tuple): one assignment to them all, written from their names -- each set
    as a statement sets a slot, where `setattr` would look each one up (an undo record sets three
    dozen)."""
    assert all(name.isidentifier() for name in names)
    targets = ", ".join(f"game.{name}" for name in names)
    namespace: dict[str, Any] = {}
    exec(f"def set_fields(game, values):\n    {targets} = values\n", namespace)  # noqa: S102 - the fields' names alone
    setter: Callable[[GameView, Sequence[Any]], None] = namespace["set_fields"]
    return setter


_read_fields = field_reader(GAME_FIELDS)


def fields_of(game: GameView) -> dict[str, Any]:
    """The game's fields by name, as a new dict (the game keeps them in slots, `GAME_FIELDS`)."""
    return dict(zip(GAME_FIELDS, _read_fields(game), strict=True))


def set_fields(game: GameView, fields: Mapping[str, Any]) -> None:
    """Set the game's fields from a dict (one of `fields_of`'s, or a copy of it)."""
    for name, value in fields.items():
        setattr(game, name, value)


#: Fields of a game that its copies share, being fixed for the whole game.
SHARED = frozenset({"scenario", "house_rules"})
#: Fields of a game that hold lists of frozen records (the step log, the events pushed): the
#: list is new, the records shared. Any other field is copied by its type (`copier.copy_fields`).
RECORDS = frozenset({"steps", "move_stack"})
#: Fields a copy does not take: the undo stack (a copy keeps none, `Game.pop`), the decision
#: listed (its copies are the game's own, `engine/deciding.py`).
LEFT = frozenset({"undo", "_decided"})
_KEPT = SHARED | RECORDS | LEFT


def fork(game: G, *, history: bool = True) -> G:
    """An independent copy of the game: whatever runs on the copy leaves `game` alone. Of the
    game itself only its random generator changes, for an equal one (it draws the same).
    Without `history`, the copy starts with no log and no events pushed, and writes only the
    landmarks (as a game made with `log=False`): for a trial that looks only at what it does
    itself, a copy that costs the same after 10 events or 100,000 (no rule reads either list)."""
    rng = game._rng
    if type(rng) is random.Random:
        # Its state is not read now (625 numbers): the game gets a generator equal to it, which
        # the copy copies in turn (`ForkedRandom.__deepcopy__`); neither draws from the old one
        # again (game code reaches the generator through the game each time, never keeping it).
        game._rng = ForkedRandom(Snapshot(rng))
    clone = object.__new__(type(game))
    memo: dict[int, Any] = {id(game): clone}
    fields = copy_fields(fields_of(game), memo, skip=_KEPT)
    for name in RECORDS:
        fields[name] = list(fields[name]) if history else []
    if not history:
        fields["cited"] = {}
    for name in LEFT:
        fields[name] = None
    set_fields(clone, fields)
    return clone


class chance_aside:  # noqa: N801 -- used as a context manager, like contextlib's
    """`with chance_aside(game):` a look at the game that may draw at random (a rule picking the
    card it would force) leaves the game's random generator where it was: the draws come from
    a fork of it, or from a generator made meanwhile (made lazily), unmade afterwards. Where the
    look drew nothing, the game gets its own generator back (no snapshot for its next draw to
    read), the state read first for the copies of the game made meanwhile that wait on it."""

    def __init__(self, game: GameView) -> None:
        self.game = game

    def __enter__(self) -> None:
        game = self.game
        rng: Any = game._rng
        self.own = rng
        cls = type(rng)
        self.snapshot: Snapshot | None = None  # (another generator, a trial's: drawn from as it is)
        if cls is random.Random:
            self.snapshot = Snapshot(rng)
            game._rng = ForkedRandom(self.snapshot)
        elif cls is ForkedRandom:
            self.snapshot = rng.snapshot

    def __exit__(self, *exception: object) -> None:
        game, snapshot, own = self.game, self.snapshot, self.own
        if snapshot is None:
            if own is None:
                game._rng = None  # made meanwhile, if it was: unmade (it is made again the same)
        elif type(game._rng) is not ForkedRandom:  # it drew: a fresh fork of the same state (read)
            game._rng = ForkedRandom(snapshot)
        elif type(own) is random.Random:  # never drawn from since it was set aside
            if snapshot.lent:
                snapshot.state  # noqa: B018 -- read now: the copies' draws start from it
            game._rng = own
