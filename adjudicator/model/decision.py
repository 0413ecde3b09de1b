"""Where a game rests, as data, and what a driver may use of a game.

A driver -- `simulate`, `solve`, the benchmarks, a test that plays a game -- never needs the
whole `Game`: it asks who must decide now and from what (`decision`), reads the legal events
off that decision (`legal_events`), pushes one (`push`), takes it back (`pop`), and reads the
position and whether the game is over. That is `Driver`, declared here so that a driver
imports this module, not the engine (the engine's `Game` satisfies it; `python -m mypy`
checks that, see `engine/deciding.py`). It follows OpenSpiel's `State`: the current player (or
chance, or nobody), the legal actions, apply, undo, terminal, returns, chance outcomes.

Chance comes with an event: a random step (a card taken at random, a random discard, a
shuffle) happens while the event that causes it is taken, and the event may state its outcome
(`Alice plays Canceled Plans -> Milk`, `...; shuffled Bread, Milk`). So the outcomes of chance
are the same event with each outcome stated (`chance_outcomes(event)`): a driver that explores
chance pushes those, and what the table stated and what a search tries are the same events.
Where a random step has an event of its own and nobody may act before it -- a play a rule
picks at random (First Play Random) -- the game rests at it: chance decides
(`DecisionKind.CHANCE`), its outcomes are the events stating it, with their probabilities, and
a driver pushes one or lets the seed pick (`let_chance`), as pokerkit's state waits for the
cards dealt unless dealing is automated.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol, overload

from adjudicator.model.events import ANSWERS, Action, Event

if TYPE_CHECKING:
    from adjudicator.model.cards import Card
    from adjudicator.model.snapshot import Position


class DecisionKind(StrEnum):
    """What sort of decision the game rests at."""

    #: the active player plays a card from her hand, or someone uses a card in play (a free action);
    #: where a rule forces her play, or her plays are done, she may decline her free actions
    PLAY = "play"
    #: a player answers a choice the rules ask (which card, which player, ...)
    ANSWER = "answer"
    #: a player over a hand or Keeper limit discards down to it
    LIMIT = "limit"
    #: a card was played and Surprises may answer it: a player who holds one may, or the window
    #: closes unanswered (`P declines`; in a file, any other event closes it too)
    RESPOND = "respond"
    #: a turn has begun and its player's first event comes next (`P begins`, or any event of hers)
    BEGIN_TURN = "begin_turn"
    #: chance decides: a rule makes a play picked at random (First Play Random) and nobody may act
    #: first. The events are its outcomes, each stating one (`P plays CARD at random`), with their
    #: `probabilities`; a driver pushes one, or lets the seed pick (`Driver.let_chance`)
    CHANCE = "chance"
    #: the game is over (a win, Solo Fluxx's deck run out, a replay stopped): nobody decides
    OVER = "over"
    #: nobody can decide, and the game is not over: an engine fault a driver reports
    STUCK = "stuck"


#: Events alike but for one thing, as a decision lists them: the player, the action, and what
#: varies from one to the next -- the cards played or used, the picks that answer (`ANSWERS`), or
#: `BARE` for one event that names neither (`P begins`, `P declines`).
Group = tuple[str, Action, Sequence[Any]]
BARE: tuple[None] = (None,)
#: `object.__new__`, read once (`LegalEvents.grouped` and `Decision.made` make one at every decision)
_new = object.__new__


class LegalEvents(Sequence[Event]):
    """A decision's legal events, in their order, each made the first time it is read: a driver
    reads one of them (`simulate` picks one at random), so the others are never made. Read, it is
    the tuple of its events: indexed, sliced and iterated as that tuple, and equal to any tuple or
    list of the same events; an event read twice is the same object (push knows it by identity)."""

    __slots__ = ("_number", "_groups", "_length", "_made", "_complete", "last")

    def __init__(self, events: Iterable[Event] = ()) -> None:
        """Events made already (a listing that found them as events)."""
        made = list(events)
        self._number = 0
        self._groups: Sequence[Group] = ()
        self._length: int | None = len(made)
        #: each event read so far, by its index from 0 (a dict: `handed_out` looks at those alone)
        self._made: dict[int, Event] = dict(enumerate(made))
        self._complete = True  # every event made
        #: the event read last by its index (`handed_out` in place: a driver pushes the one it read)
        self.last: Event | None = None

    @classmethod
    def grouped(cls, number: int, groups: Sequence[Group]) -> LegalEvents:
        """The events of groups, in their order, numbered `number`."""
        events = _new(cls)  # (the fields set here: `__init__` takes made events)
        events._number = number
        events._groups = groups
        events._length = None  # counted when asked (a driver that reads one event by its index need not)
        events._made = {}
        events._complete = False
        events.last = None
        return events

    def __len__(self) -> int:
        length = self._length
        if length is None:
            length = 0
            for _, _, values in self._groups:
                length += len(values)
            self._length = length
        return length

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple([self[at] for at in range(*index.indices(len(self)))])
        if index < 0:  # (from the end, as a tuple's: an IndexError before the first)
            index += len(self)
            if index < 0:
                raise IndexError("LegalEvents index out of range")
        made = self._made
        if made:  # (most often none is read yet: a driver reads one event a decision)
            event = made.get(index)
            if event is not None:
                self.last = event
                return event
        at = index  # made from its group, at `at` within it (read in place: a driver reads one at every decision)
        for player, action, values in self._groups:
            if at < len(values):
                if action in ANSWERS:
                    event = made[index] = Event.made(self._number, player, action, None, values[at])
                else:
                    event = made[index] = Event.made(self._number, player, action, values[at], ())
                self.last = event
                return event
            at -= len(values)
        raise IndexError("LegalEvents index out of range")

    def __iter__(self) -> Iterator[Event]:
        """Every event, those not read yet made now at once (a reader that goes through them all:
        a listing for people, a test, a benchmark matching events by their text)."""
        made = self._made
        if not self._complete:
            every: list[Event] = []
            for player, action, values in self._groups:
                varying = "choices" if action in ANSWERS else "card"
                every += Event.made_alike(self._number, player, action, varying, values)
            for at, read in made.items():  # those read already stay the very objects handed out
                every[at] = read
            made = self._made = dict(enumerate(every))
            self._length = len(every)
            self._complete = True
        return iter(made.values())

    def handed_out(self, event: Event) -> bool:
        """Whether event is one of these as read (the very object: one never read was never made)."""
        for read in self._made.values():  # (a loop: asked on every push, cheaper than `any`)
            if read is event:
                return True
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalEvents | tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LegalEvents({list(self)!r})"


@dataclass(frozen=True)
class Decision:
    """Who must decide now, what sort of decision, from which cards, and the events that decide."""

    kind: DecisionKind
    #: the legal events, each pushable as it is (each made when first read)
    events: LegalEvents
    #: what is asked, for an answer or a limit (the pending choices' prompts)
    prompts: tuple[str, ...] = ()
    #: the options of the choices asked, for an answer or a limit
    options: tuple[Any, ...] = ()
    #: for chance: how likely each event's outcome is, in the events' order (they add up to 1)
    probabilities: tuple[float, ...] = ()

    @classmethod
    def made(
        cls,
        kind: DecisionKind,
        events: LegalEvents,
        prompts: tuple[str, ...] = (),
        options: tuple[Any, ...] = (),
        probabilities: tuple[float, ...] = (),
    ) -> Decision:
        """A decision as the engine reads it off a game, one a listing (`engine/deciding.py`): the
        fields set directly, faster than the frozen __init__ (one store a field, as `Event.made`);
        a field left at its default is not stored, read off the class (most decisions ask nothing)."""
        decision = _new(cls)
        fields = decision.__dict__
        fields["kind"] = kind
        fields["events"] = events
        if prompts:
            fields["prompts"] = prompts
        if options:
            fields["options"] = options
        if probabilities:
            fields["probabilities"] = probabilities
        return decision

    @functools.cached_property
    def players(self) -> tuple[str, ...]:
        """The players who may send the next event (empty: nobody, the game is over or stuck)."""
        return tuple(dict.fromkeys(event.player for event in self.events))

    @functools.cached_property
    def cards(self) -> tuple[Card, ...]:
        """The cards the decision is made from: a choice's options, or those the events name."""
        if self.prompts:
            return tuple(option for option in dict.fromkeys(self.options) if not isinstance(option, str))
        return tuple(dict.fromkeys(event.card for event in self.events if event.card is not None))

    @property
    def is_over(self) -> bool:
        return self.kind is DecisionKind.OVER

    @property
    def is_chance(self) -> bool:
        """Whether chance decides here (its outcomes are the events), not a player."""
        return self.kind is DecisionKind.CHANCE


@dataclass(frozen=True)
class ChanceOutcome:
    """One outcome of the first random step an event meets: the event stating it, its chance."""

    event: Event
    probability: float
    #: what is picked or ordered, and the outcome (`the card Bob discards at random: Milk`)
    what: str


class Driver(Protocol):
    """What a driver may use of a game (the engine's `Game` is one)."""

    winner: str | None

    def decision(self) -> Decision:
        """Where the game rests: everything forced has run (the window closed when nobody may
        answer it, the turn ended and the next one begun when nothing else may come first)."""
        ...

    def legal_events(self) -> Sequence[Event]:
        """The events of `decision()`, each one pushable as it is."""
        ...

    def let_chance(self) -> None:
        """Where chance decides (`DecisionKind.CHANCE`): let the game's seeded generator pick the
        outcome, as a replay does when no event states it; the game then rests at the next
        decision. No event is pushed: the next one is numbered as before."""
        ...

    def push(self, event: Event) -> None:
        """Take one event: a listed one is applied as listed; any other one is judged first, where
        the last push left the game (the steps `decision` took are taken back first; a game that
        keeps no undo stack refuses it with a ValueError). A refused event is logged as rejected
        and changes nothing."""
        ...

    def pop(self) -> Event:
        """Take back the last event pushed (a game made with `undo=True`)."""
        ...

    def position(self) -> Position:
        """The whole state as one frozen, hashable value."""
        ...

    @property
    def is_over(self) -> bool:
        """A win, the end of a Solo game, or a replay that cannot go on."""
        ...

    def chance_outcomes(self, event: Event) -> list[ChanceOutcome]:
        """The outcomes of the first random step that event meets, each as the event stating it
        (none: the event meets no random step the table could state)."""
        ...


_CHANCE = DecisionKind.CHANCE  # (read once: an Enum member read off its class is a lookup each time)


def past_chance(game: Driver) -> Decision:
    """The decision game rests at once chance has decided where it decides first, the seed picking
    (`let_chance`), as a replay of events that state no chance has it: what a driver that leaves
    chance to the seed (`simulate`, `solve`'s adapter) reads before every event."""
    decision = game.decision()
    while decision.kind is _CHANCE:
        game.let_chance()
        decision = game.decision()
    return decision
