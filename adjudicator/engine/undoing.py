"""Taking an event back (`Game.pop`) without a copy of the game.

`Game.push` keeps one `Record` per event on the undo stack: what the push may change, in the
form that is cheapest to put back.

- The zones, most of a position, are not copied: while the record is the newest, the table's
  clock keeps an undo journal (`Clock.undo`), each change to a zone saying how it is taken back
  (`zones.take_back`: a card put back at its index, a shuffled pile's old order, ...).
- The log and the events pushed only grow: their lengths are kept, and cut back to.
- The clock's readings (its ticks, the derived rules worked out, the moves not logged yet), the
  table's players and missed turns: small, kept as they were.
- The random generator: not read (625 numbers) unless the push draws. The game goes on with a
  generator waiting for its first draw to take the old one's state (`copying.ForkedRandom`); the
  record keeps that snapshot.
- The fields that hold values replaced, never changed in place -- numbers, names, cards, the
  memos of the checks -- are kept as they are.
- Every other field of the game -- the turn, the plays being played, the window and the chain,
  the agenda, the pending choices, the temporary hands -- is small, and some of its objects are
  changed in place: a structural copy of them is kept (`copier.fields_copier`, each object
  once), and becomes the game's again.

Anything a push changes is in one of these, so `pop` leaves the game as it was before the
push: its position, its log and its generator (tests/test_undo.py pushes and pops every legal
event of random games and compares all three).
"""

from __future__ import annotations

import random
import types
import typing
from collections import deque
from typing import TYPE_CHECKING, Any

from adjudicator.engine.copying import ForkedRandom, Snapshot, field_setter
from adjudicator.engine.view import GAME_FIELDS, GameView
from adjudicator.model import position, zones
from adjudicator.model.copier import fields_copier

if TYPE_CHECKING:
    from adjudicator.model.zones import Undo

#: Fields put back as the very objects they held: set right in place where a push changes them
#: (the table; the log and the events pushed, cut back to their lengths), or values that are
#: replaced, never changed in place, and hold no object of the position: numbers, names, cards,
#: flags, a refusal, the memos of the checks (clock readings, card ids, choice keys, names), the
#: decision listed (kept without the copies its listing took). The table first, then the log and
#: the events pushed.
_KEPT = (
    *("table", "steps", "move_stack", "turns_begun", "event_no", "winner", "co_winners", "winning_goal"),
    *("stopped", "ended", "stated_at_random", "trying", "chance_refused", "_decided", "_win_signature"),
    *("_win_stamp", "_state_checked", "_goals_seen"),
)
#: Fields fixed for the whole game, or set right in place, never put back.
_FIXED = frozenset({"scenario", "house_rules", "undo"})
#: Fields put back their own way: the counts of the citations (copied when there are), the
#: generator (`_chance`).
_OWN_WAY = frozenset({"cited", "_rng"})
#: Every other field: a structural copy of it is kept.
_COPIED = tuple(name for name in GAME_FIELDS if name not in {*_KEPT, *_OWN_WAY, *_FIXED})
#: The copied fields' types as engine/view.py declares them (in the names of the position's classes): the
#: copy is written from them, not from a look at the type of what each field holds (`copier.fields_copier`).
_COPIED_TYPES = typing.get_type_hints(
    types.SimpleNamespace(__annotations__={name: GameView.__annotations__[name] for name in _COPIED}),
    globalns={**vars(position), "deque": deque},
)
#: The fields of `_KEPT` as they are, then those of `_COPIED` copied (each object of the position
#: outside the table once); and what sets them all back.
_record_fields = fields_copier(_KEPT, {name: _COPIED_TYPES[name] for name in _COPIED})
_set_fields = field_setter((*_KEPT, *_COPIED))


class Record:
    """What `pop` needs to take back one push (see the module's doc)."""

    __slots__ = ("fields", "table", "clock", "changes", "logged", "moves", "cited", "chance")

    def __init__(self, game: GameView) -> None:
        table = game.table
        clock = table.clock
        #: the game's fields: those of `_KEPT` as they are, those of `_COPIED` copied
        self.fields = _record_fields(game, {})
        #: the table's fields (a missed turn's dict copied: changed in place), and its players
        self.table = (table.__dict__.copy(), table.skips.copy(), tuple(table.players))
        self.clock = (
            clock.ticks,
            clock.rule_ticks,
            clock.steps,
            zones.Memo(clock.derived),
            clock.effective,
            clock.journal[:],
        )
        #: how to take back the zones' changes from here: the clock writes it (`Clock.undo`)
        self.changes: list[Undo] = []
        clock.undo = self.changes
        self.logged = len(game.steps)
        self.moves = len(game.move_stack)
        cited = game.cited
        self.cited = None if cited is None else cited.copy()
        self.chance = _chance(game)

    def take_back(self, game: GameView) -> None:
        """Set game as it was when the record was made."""
        zones.take_back(self.changes)  # on the table of the record: a listing's copy taken since is dropped
        fields = self.fields
        table, steps, move_stack = fields[:3]
        table_fields, skips, players = self.table
        table.__dict__.update(table_fields)
        table.skips = skips
        list.__setitem__(table.players, slice(None), players)
        clock = table.clock
        clock.ticks, clock.rule_ticks, clock.steps, clock.derived, clock.effective, journal = self.clock
        clock.journal[:] = journal
        del steps[self.logged :]
        del move_stack[self.moves :]
        rng = game._rng  # the generator as the push left it
        _set_fields(game, fields)
        game.cited = self.cited
        chance = self.chance
        if isinstance(chance, Snapshot):
            drew = type(rng) is not ForkedRandom or rng.snapshot is not chance  # its state is gone
            game._rng = ForkedRandom(chance) if drew else rng
        else:
            game._rng = chance


def _chance(game: GameView) -> Any:
    """The generator as the record keeps it: the snapshot of its state that the game's generator
    now waits on (None: not made yet, made from the seed again when needed)."""
    rng: Any = game._rng  # (a `ForkedRandom` by its exact type below)
    if rng is None:
        return None
    cls = type(rng)
    if cls is ForkedRandom:
        return rng.snapshot  # it has not drawn since: the state it waits for is the one to keep
    if cls is random.Random:
        snapshot = Snapshot(rng)  # the old generator is not drawn from again: read when needed
        game._rng = ForkedRandom(snapshot)
        return snapshot
    # another generator (a trial's, which keeps no undo stack): its state
    copied = random.Random()
    copied.setstate(rng.getstate())
    return copied


def previous_changes(game: GameView) -> list[Undo] | None:
    """The undo journal the table's clock goes on with once the newest record is taken back: the
    record before it, if it was made on this table (a push may go on on a listing's copy)."""
    stack = game.undo
    if not stack:
        return None
    record = stack[-1]
    assert isinstance(record, Record)
    return record.changes if record.table[0]["clock"] is game.table.clock else None
