"""The zones of the table, which own every change of a card's place.

A `Zone` is a list of cards that, whatever code changes it, moves its table's `Clock` (so
what is derived from the position is worked out again, `derived.py`) and writes each card
that leaves or arrives in the clock's journal. The game turns the journal into the moves of
the step record it writes next (`Game.step`): every step says which cards went from where to
where, without any card kind having to. Cards between zones -- being played, held by a card
resolving, in a temporary hand -- are outside the table: a move from or to there has `None`
as that end.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal, Self, SupportsIndex

from adjudicator.model.cards import Card

#: One move: the card, the zone it left, the zone it reached (None: outside the table).
Move = tuple[Card, "str | None", "str | None"]


#: How one change to the zones is taken back (`take_back`), kept in `Clock.undo` while a game
#: keeps an undo stack: (ARRIVED, zone, index): the card that arrived at index leaves it;
#: (LEFT, zone, index, card): card goes back to index; (REPLACED, zone, index, card): the card at
#: index is card again; (GREW, zone, length): the cards added past length leave; (CONTENTS, zone,
#: cards): the zone holds cards again (a change of many at once: a shuffle, a sort, a clear);
#: (MAPPED, zones, key, zone): the player's zone is zone again (None: she had none);
#: (LABELLED, zone, label, rules_read): a zone moved to another player has its old label again.
Undo = tuple[Any, ...]
ARRIVED, LEFT, REPLACED, GREW, CONTENTS, MAPPED, LABELLED = range(7)


def take_back(changes: list[Undo]) -> None:
    """Take back the changes, newest first, emptying the list: each zone's cards, in order, and
    each player's zone as they were. The clock's readings and journal are the caller's to set."""
    while changes:
        change = changes.pop()
        what, place = change[0], change[1]
        if what == ARRIVED:
            list.__delitem__(place, change[2])
        elif what == LEFT:
            list.insert(place, change[2], change[3])
        elif what == REPLACED:
            list.__setitem__(place, change[2], change[3])
        elif what == GREW:
            list.__delitem__(place, slice(change[2], None))
        elif what == CONTENTS:
            list.__setitem__(place, slice(None), change[2])
        elif what == MAPPED:
            if change[3] is None:
                dict.pop(place, change[2], None)
            else:
                dict.__setitem__(place, change[2], change[3])
        else:
            place.label, place.rules_read = change[2], change[3]


#: `Zone.rules_read` of the zones whose cards bear on the effective rules one by one, as their
#: kinds say (`Effective.moved`): the cards in front of the players and the Goals. A Keeper
#: or a Goal moving in or out changes them only if its kind has a hook the engine runs over the
#: table (or, for a Goal, looks at the hands).
BY_CARD: Final = "by card"
#: Whether the effective rules are derived from a zone: yes, no, or BY_CARD.
RulesRead = bool | Literal["by card"]


#: The key in `Memo` of the effective rules last made, while only cards in front of the players
#: or Goals have moved since (`Clock.passed_by`): what the New Rules decide in them stands.
STANDING: Final = "standing rules"


class Memo(dict[str | tuple[Any, ...], Any]):
    """What `derived.py` has worked out from the zones the effective rules are derived from:
    (function name, *args) -> value. The clock empties it whenever what it read may have changed
    (a New Rule, the turn; a card in front of a player or a Goal only when it may change a bonus:
    `Effective.moved`), so an answer found in it is true of the position as it stands; while the
    rules are not made (`Clock.effective` None) it holds nothing read from them but `STANDING`
    and what was worked out under those rules that no card moved since changes. The turn
    structure also keeps two answers here, each with what else it read when found, so that it is
    asked again only when that has moved: "plays_left" (the turn's plays made and the size of the
    hand; the Play rule it read stands with the memo), "rested" (the clock's steps and ticks when
    the agenda's `run` last found nothing due: until either moves, nothing is)."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Memo:
        return Memo(self)  # what is worked out is never changed in place: a copy shares the values


class Clock:
    """Counts the changes to a table's zones and keeps the journal of cards in and out.
    `rule_ticks` counts only the changes to the zones the effective rules are derived from
    (New Rules, Goals, Meta Rules, the cards in front of the players): drawing, playing from
    a hand or discarding leaves what is derived from those alone standing (`derived`)."""

    __slots__ = ("ticks", "rule_ticks", "journal", "derived", "steps", "effective", "undo")

    def __init__(self) -> None:
        self.ticks = 0
        self.rule_ticks = 0
        self.steps = 0  # the game's steps taken, written to its log or not (`Game.logged`)
        #: each card in and out of a zone, as a move of its own: (card, zone, None) or (card, None, zone)
        self.journal: list[Move] = []
        self.derived = Memo()
        #: the effective rules of the cards in play (`derived.Effective`): None once a card has
        #: entered or left play, until they are next read. Never changed in place, so shared by
        #: copies. It says itself whether a card moving in or out of play bears on it (`moved`).
        self.effective: Any = None
        #: how to take back every change to the zones since the game's last push, newest last
        #: (`take_back`); None: not kept (a game without an undo stack, a copy)
        self.undo: list[Undo] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Clock:
        clock = memo.get(id(self))
        if clock is None:
            clock = memo[id(self)] = Clock()
            clock.ticks = self.ticks
            clock.rule_ticks = self.rule_ticks
            clock.steps = self.steps
            clock.journal = list(self.journal)
            clock.derived = Memo(self.derived)
            clock.effective = self.effective
        return clock

    def rules_moved(self) -> None:
        """A card entered or left a zone the effective rules are derived from."""
        self.ticks += 1
        self.rule_ticks += 1
        self.derived.clear()
        self.effective = None

    def passed_by(self, card: Card) -> None:
        """One card moved in or out of a zone whose cards bear on the effective rules as their
        kinds say (`BY_CARD`: a Keeper played, a Creeper drawn, a Goal replaced): what it bears on
        is worked out again. (The zone ticks the clock itself, once for all the cards it moves at once.)"""
        derived = self.derived
        effective = self.effective
        if effective is None:  # the rules are made again when next read
            standing = derived.get(STANDING)
            if standing is not None and standing.moved(card)[0]:  # (it may change the bonuses)
                derived.clear()  # (else nothing read from the rules is remembered: `Memo`)
                derived[STANDING] = standing
            return
        moves_bonuses, bears_on = effective.moved(card)
        if moves_bonuses:
            derived.clear()
        if bears_on:  # only a card whose kind has a hook run over the table changes them
            derived[STANDING] = effective  # what the New Rules decide in them stands
            self.effective = None

    def turn_moved(self) -> None:
        """A new turn: what is derived from the turn's player and start is worked out again (the
        per-player Draw, Play and limits); what the cards in play alone decide stands."""
        self.ticks += 1
        self.rule_ticks += 1
        self.derived.clear()

    def moves(self) -> tuple[Move, ...]:
        """The journal since it was last read, as moves (a card leaving and arriving at the same
        place -- a shuffle -- is no move), and a fresh journal."""
        journal = self.journal
        if len(journal) < 2:  # the commonest: one card off the table (played) or onto it (landing)
            return (journal.pop(),) if journal else ()
        if len(journal) == 2:  # the next commonest: one card from one zone to another (a draw, a discard)
            (card, origin, gone_to), (other, came_from, destination) = journal
            if card is other and gone_to is None and came_from is None:
                journal.clear()
                return ((card, origin, destination),) if origin != destination else ()
        # Each card that arrived is a move from where it left (if it left), in the order they
        # arrived; then those that left the table (being played, held by a card resolving).
        left: dict[Card, Move] = {}  # (a card equals itself alone)
        moves: list[Move] = []
        for move in journal:
            card, _, destination = move
            if destination is None:
                left[card] = move
                continue
            departure = left.pop(card, None)
            if departure is None:
                moves.append(move)
            elif departure[1] != destination:
                moves.append((card, departure[1], destination))
        journal.clear()
        return (*moves, *left.values()) if left else tuple(moves)


#: `zone[:]`: every card of the zone.
_WHOLE: Final = slice(None)


class Zone(list[Card]):
    """A list of cards that moves its table's clock, and writes the journal, whenever it changes.
    Made by `Zone.holding(clock, label, cards, rules_read)`: the type itself keeps list's own
    constructor (no `__init__` of its own), so that making one runs no Python call but `holding`'s
    -- and the zones every new table has (one table per game replayed) are made by that constructor
    and given their fields where they are made, with no call of their own (`ZoneMap.holding`,
    `Table`)."""

    __slots__ = ("clock", "label", "rules_read")

    clock: Clock
    label: str
    rules_read: RulesRead  # the effective rules are derived from this zone

    @classmethod
    def holding(cls, clock: Clock, label: str, cards: Iterable[Card] = (), rules_read: RulesRead = False) -> Zone:
        zone = cls(cards)
        zone.clock, zone.label, zone.rules_read = clock, label, rules_read
        return zone

    def _tick(self) -> None:
        if self.rules_read:
            self.clock.rules_moved()
        else:
            self.clock.ticks += 1

    def _tick_many(self, cards: Iterable[Card]) -> None:
        """`_tick` for cards moving into or out of the zone (each by itself in a `BY_CARD` zone). A
        move of one card in or out of a hand or a pile, most of a game's moves, ticks the clock
        itself; in a zone the rules are read from it calls this with its card alone."""
        rules_read, clock = self.rules_read, self.clock
        if not rules_read:  # (a hand or a pile, the commonest: `_tick` without a call of its own)
            clock.ticks += 1
        elif rules_read is BY_CARD:
            clock.ticks += 1
            clock.rule_ticks += 1
            for card in cards:
                clock.passed_by(card)
        else:
            clock.rules_moved()

    # (the journal written by plain loops: a comprehension is a function made and called, which
    # costs more than the few cards a move holds)
    def _arrive(self, cards: Iterable[Card]) -> None:
        cards = tuple(cards)
        self._tick_many(cards)
        label, journal = self.label, self.clock.journal
        for card in cards:
            journal.append((card, None, label))

    def _leave(self, cards: Iterable[Card]) -> None:
        cards = tuple(cards)
        self._tick_many(cards)
        label, journal = self.label, self.clock.journal
        for card in cards:
            journal.append((card, label, None))

    # One card at a time is most of a game's moves: those write the journal directly. Each change
    # also says how it is taken back when the clock keeps an undo journal (`Clock.undo`).
    def append(self, card: Card) -> None:
        clock = self.clock
        if clock.undo is not None:
            clock.undo.append((ARRIVED, self, len(self)))
        if self.rules_read:
            self._tick_many((card,))
        else:
            clock.ticks += 1
        clock.journal.append((card, None, self.label))
        list.append(self, card)

    def extend(self, cards: Iterable[Card]) -> None:
        cards = list(cards)
        clock = self.clock
        if clock.undo is not None:
            clock.undo.append((GREW, self, len(self)))
        # (`_arrive`, written out: a draw extends a hand, a reshuffle the draw pile, each turn)
        if self.rules_read:
            self._tick_many(cards)
        else:
            clock.ticks += 1
        label, journal = self.label, clock.journal
        for card in cards:
            journal.append((card, None, label))
        list.extend(self, cards)

    def __iadd__(self, cards: Iterable[Card]) -> Self:  # type: ignore[override, misc]  # as list's: + takes a list only
        self.extend(cards)
        return self

    def insert(self, index: SupportsIndex, card: Card) -> None:
        clock = self.clock
        if clock.undo is not None:
            at, length = operator.index(index), len(self)  # where list.insert puts it
            clock.undo.append((ARRIVED, self, min(max(at + length, 0) if at < 0 else at, length)))
        if self.rules_read:
            self._tick_many((card,))
        else:
            clock.ticks += 1
        clock.journal.append((card, None, self.label))
        list.insert(self, index, card)

    def remove(self, card: Card) -> None:
        clock = self.clock
        if clock.undo is None:
            list.remove(self, card)
        else:
            index = list.index(self, card)
            list.__delitem__(self, index)
            clock.undo.append((LEFT, self, index, card))
        if self.rules_read:
            self._tick_many((card,))
        else:
            clock.ticks += 1
        clock.journal.append((card, self.label, None))

    def pop(self, index: SupportsIndex = -1) -> Card:
        clock = self.clock
        card = list.pop(self, index)
        if clock.undo is not None:
            at = operator.index(index)
            clock.undo.append((LEFT, self, at if at >= 0 else at + len(self) + 1, card))
        if self.rules_read:
            self._tick_many((card,))
        else:
            clock.ticks += 1
        clock.journal.append((card, self.label, None))
        return card

    def clear(self) -> None:
        self._keep_contents()
        self._leave(list(self))
        list.clear(self)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._keep_contents()
        self._tick()
        list.sort(self, *args, **kwargs)

    def reverse(self) -> None:
        self._keep_contents()
        self._tick()
        list.reverse(self)

    def __setitem__(self, index: Any, value: Any) -> None:
        if not isinstance(index, slice):
            old = self[index]
            if self.clock.undo is not None:
                self.clock.undo.append((REPLACED, self, range(len(self))[index], old))
            self._leave((old,))
            self._arrive((value,))
            list.__setitem__(self, index, value)
            return
        value = list(value)
        self._keep_contents()
        if index == _WHOLE and len(value) == len(self) and set(value) == set(self):
            # the same cards in a new order (a pile shuffled): none moves, as in a sort, and the
            # journal is spared a move out and back of each card that no step would report
            self._tick()
        else:
            old = self[index]
            self._leave(old)
            self._arrive(value)
        list.__setitem__(self, index, value)

    def __delitem__(self, index: Any) -> None:
        old = self[index]
        self._keep_contents()  # (the top cards drawn at once, most often)
        list.__delitem__(self, index)
        self._leave(old if isinstance(index, slice) else (old,))

    def _keep_contents(self) -> None:
        """Before a change of many cards at once (a shuffle, a sort): how to take it back."""
        if self.clock.undo is not None:
            self.clock.undo.append((CONTENTS, self, tuple(self)))

    def __deepcopy__(self, memo: dict[int, Any]) -> Zone:
        return self.copy_onto(self.clock.__deepcopy__(memo), memo)

    def copy_onto(self, clock: Clock, memo: dict[int, Any]) -> Zone:
        """A copy observed by `clock` (the copy of its table's). Cards are identities: never copied."""
        zone = memo[id(self)] = Zone.__new__(Zone)
        list.extend(zone, self)
        zone.clock, zone.label, zone.rules_read = clock, self.label, self.rules_read
        return zone


class ZoneMap(dict[Any, Zone]):
    """Player -> Zone, each labelled `prefix` and the player ("hand of " + "Alice": an f-string,
    cheaper than formatting a template, for the zones every new table makes). Putting a zone under another
    player (Trade Hands swaps two) moves its cards to that player; a plain list put in is made a
    Zone of this table."""

    __slots__ = ("clock", "prefix", "rules_read")

    clock: Clock
    prefix: str
    rules_read: RulesRead

    @classmethod
    def holding(
        cls,
        clock: Clock,
        prefix: str,
        keys: Iterable[Any] = (),
        zones: Mapping[Any, Iterable[Any]] = {},  # noqa: B006
        rules_read: RulesRead = False,
    ) -> ZoneMap:
        """A zone for each key, holding what `zones` gives it (nothing if it gives none). Made with
        dict's own constructor, in C, as `Zone.holding` (the type has no `__init__` of its own),
        from a plain dict filled by a plain loop (a comprehension is a function made and called,
        and `dict.__setitem__` called for each zone costs more than the dict: a table makes two
        of these maps, one table per game replayed). Nothing moves while the map is made."""
        made: dict[Any, Zone] = {}
        for key in keys:
            # (`Zone.holding` without a call of its own: list's constructor, then its three fields)
            zone = made[key] = Zone(zones.get(key, ()))
            zone.clock, zone.label, zone.rules_read = clock, f"{prefix}{key}", rules_read
        mapped = cls(made)
        mapped.clock, mapped.prefix, mapped.rules_read = clock, prefix, rules_read
        return mapped

    def __setitem__(self, key: Any, cards: Iterable[Any]) -> None:
        label = f"{self.prefix}{key}"
        undo = self.clock.undo
        if undo is not None:
            undo.append((MAPPED, self, key, dict.get(self, key)))
        if type(cards) is Zone:
            zone = cards
            if zone.label != label:
                if undo is not None:
                    undo.append((LABELLED, zone, zone.label, zone.rules_read))
                zone._leave(zone)
                zone.label, zone.rules_read = label, self.rules_read
                zone._arrive(zone)
        else:
            zone = Zone.holding(self.clock, label, (), self.rules_read)
            zone.extend(cards)
        dict.__setitem__(self, key, zone)

    def setdefault(self, key: Any, cards: Iterable[Any] = ()) -> Zone:
        if key not in self:
            self[key] = cards
        return self[key]

    def __delitem__(self, key: Any) -> None:
        self.pop(key)

    def pop(self, key: Any, *default: Any) -> Any:
        if key not in self:
            return dict.pop(self, key, *default)
        zone = dict.pop(self, key)
        if self.clock.undo is not None:
            self.clock.undo.append((MAPPED, self, key, zone))
        zone._leave(zone)
        return zone

    def __deepcopy__(self, memo: dict[int, Any]) -> ZoneMap:
        return self.copy_onto(self.clock.__deepcopy__(memo), memo)

    def copy_onto(self, clock: Clock, memo: dict[int, Any]) -> ZoneMap:
        """A copy observed by `clock`, with a copy of each zone."""
        copied = memo[id(self)] = ZoneMap.__new__(ZoneMap)
        for key, zone in self.items():
            known = memo.get(id(zone))  # (an empty zone is falsy: compare with None)
            dict.__setitem__(copied, key, zone.copy_onto(clock, memo) if known is None else known)
        copied.clock, copied.prefix, copied.rules_read = clock, self.prefix, self.rules_read
        return copied
