"""The whole position of a game as one frozen, hashable value (`Position`).

The engine keeps its state in objects it changes as it goes (`position.py`: the observed zones
of a `Table`, the `Turn`, the `Play`s being played, `PendingChoice`s waiting for an answer...).
A `Position` is all of it that decides what happens next, as plain data: tuples, strings,
numbers, booleans, None, enums and the frozen records below, so that it can be compared,
hashed (a transposition key, as python-chess keys a board), stored and sent anywhere.
`Game.position()` builds one on demand (`engine/positions.py`); the game never keeps it.

Two games in the same state have equal positions, whichever way they got there: a card is
its `CardId` (name, deck and copy), equal in every copy of a game and distinct for two
copies of one card; a play is its index in `Position.plays`, never the object. What is
*not* in it, on purpose:

- chance: the random generator's state. Chance is not part of the position (OpenSpiel's
  chance player): what a shuffle or a random pick will bring is an outcome the table states
  or the seed fills in, not something a rule reads. The outcomes an event *stated* and the
  engine has not used yet are in it (`stated_shuffles`, ...): they decide what happens next.
- history that no rule reads: the log (the steps and the rulings cited), the events pushed,
  event numbers (the turn keeps only whether the steps of the next event, taken ahead, began
  it), the count of turns begun, the undo stack;
- what is remembered to go faster: the table's clock and journal, what `derived.py` worked
  out, the memos of the win check and of the state-based check; and the trial an event is
  given before it is taken (`trying`, the plays it made).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from adjudicator.model.cards import CardId
from adjudicator.model.events import Action
from adjudicator.model.position import Phase, Then

#: Cards of one zone, top (or first) first.
Cards = tuple[CardId, ...]
#: A zone per player (hands, the cards in front of them, Goals scored), in the table's order.
PerPlayer = tuple[tuple[str, Cards], ...]


class Items(tuple[Any, ...]):
    """A list (a continuation's argument, an answer) as a tuple: equal to the tuple of its items;
    its type says that the game held a list there (`restore` makes one again)."""

    __slots__ = ()


class Members(frozenset[Any]):
    """A set as a frozenset, as `Items` is a list as a tuple."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class PlayRef:
    """A play named inside a continuation's arguments or an answer: its index in `Position.plays`."""

    index: int


@dataclass(frozen=True, slots=True)
class Record:
    """A frozen record that holds cards (`Assignment`, `Whose`, `AtRandom`), its cards made
    plain: the record type's name and its fields, in order."""

    kind: str
    fields: tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class PlayData:
    """One play (`position.Play`) without its event number; `responds_to` is an index in `Position.plays`."""

    player: str
    card: CardId
    answers: tuple[Any, ...] = ()
    from_temp_hand: bool = False
    responds_to: int | None = None
    played_from: str | None = None
    is_use: bool = False
    held: Cards = ()


@dataclass(frozen=True, slots=True)
class TempHandData:
    """A compound Action's temporary hand (`position.TempHand`); `source` is an index in `Position.plays`."""

    player: str
    source: int
    cards: Cards
    drawn: int
    plays_made: int
    basis: str
    announced: tuple[int, int]


@dataclass(frozen=True, slots=True)
class TurnData:
    """The turn (`position.Turn`). `history` holds indexes in `Position.plays`; `begun_ahead`
    says whether the steps the next event forces, taken ahead by a driver (`legal.advance`),
    began it (what `Turn.begun_by` is read for, without the event number)."""

    player: str
    phase: Phase
    drawn: int
    played: int
    free_actions_used: tuple[str, ...]  # sorted: equal sets of names print alike
    history: tuple[int, ...]
    began_empty_handed: bool
    extra_turns: tuple[str, ...]
    granted_by: tuple[str, ...]
    next_up: str | None
    begun_ahead: bool


@dataclass(frozen=True, slots=True)
class ChoiceData:
    """A pending choice (`position.PendingChoice`); its continuation is a `Then` whose
    arguments are plain."""

    player: str
    prompt: str
    options: tuple[Any, ...]
    count: int
    answer_verbs: tuple[Action, ...]
    then: Then
    keep_means_complement: bool
    at_least: int | None
    key: Any
    rulings: tuple[str, ...]  # cited by an answer that does not fit


@dataclass(frozen=True, eq=True)
class Position:
    """The whole state of a game that decides what happens next (see the module's docstring
    for what is left out). Equal positions are the same state; the value is its own
    transposition key (hashable, its hash worked out once)."""

    players: tuple[str, ...]
    # the table, every zone in order
    hands: PerPlayer
    in_play: PerPlayer
    rules: Cards
    goals: Cards
    meta_rules: Cards
    draw_pile: Cards
    discard: Cards
    rules_pile: Cards
    scored: PerPlayer
    skips: tuple[tuple[str, CardId], ...]  # player -> the card making them miss their next turn
    turn: TurnData
    # the stacks: every play the position reaches, the being-played zone first (bottom first);
    # the rest are reached only from the turn's history, the latest free action or a continuation
    plays: tuple[PlayData, ...]
    being_played: int  # how many of `plays` are in the being-played zone
    temp_hands: tuple[TempHandData, ...]
    window: int | None
    responses: tuple[int, ...]
    last_use: int | None
    resolving: int | None
    reopened: int | None
    # what the engine does next, and the choices it waits for
    agenda: tuple[Then, ...]
    pending: tuple[ChoiceData, ...]
    goals_seen: Cards  # the Goals as the last state-based check saw them: a change not yet acted on
    # chance stated by the event being taken, not used yet
    stated_shuffles: tuple[Cards, ...]
    stated_at_random: CardId | None
    at_random_answers: tuple[Any, ...]
    # the outcome
    winner: str | None
    co_winners: tuple[str, ...]
    winning_goal: CardId | None
    stopped: str | None
    ended: str | None

    def __hash__(self) -> int:
        found: int | None = self.__dict__.get("_hash")
        if found is None:
            found = hash(tuple(getattr(self, name) for name in _FIELDS))
            object.__setattr__(self, "_hash", found)  # frozen: a cache, not a field
        return found

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the cached hash: a string's hash differs from one process to the next."""
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state

    @property
    def key(self) -> Position:
        """The transposition key: the position itself (equal keys, equal states)."""
        return self


_FIELDS = tuple(Position.__dataclass_fields__)


def is_plain(value: Any) -> bool:
    """Whether value is plain data: what a position may hold (a check for tests and for `Record`)."""
    if value is None or isinstance(value, (str, int, float, Enum)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(map(is_plain, value))
    if type(value) is Then:  # its function is no part of its value (`Then`)
        return is_plain(value.args)
    params = getattr(type(value), "__dataclass_params__", None)
    if params is not None and params.frozen:
        return all(is_plain(getattr(value, name)) for name in type(value).__dataclass_fields__)
    return False
