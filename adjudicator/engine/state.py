"""The position: where every card is, whose turn it is, and what is being resolved.

Nothing here stores a rule's value: effective Draw/Play/limits are derived from
the cards in play (see `derived.py`) whenever they are asked for.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, SupportsIndex

from adjudicator.cards.model import Card

if TYPE_CHECKING:
    from adjudicator.engine.choices import ChoiceSpec


_SHARED = (str, int, float, bool, type(None), Card, tuple, frozenset)


class Copied:
    """Copied field by field (`copy.deepcopy`), sharing what cannot change -- names, numbers,
    cards, tuples -- and copying the rest with the same memo, so an object reached twice (a
    `Play` in the being-played zone and in a continuation) is copied once. Much faster than
    deepcopy's generic path for the objects of a position."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        copied = object.__new__(type(self))
        memo[id(self)] = copied
        fields = copied.__dict__
        for name, value in self.__dict__.items():
            fields[name] = value if isinstance(value, _SHARED) else copy.deepcopy(value, memo)
        return copied


class Phase(StrEnum):
    START = "start"          # the turn token has passed; start-of-turn events and draws are due
    PLAY = "play"            # plays are being made
    PLAY_OVER = "play_over"  # no plays left; only optional free actions before end-of-turn events
    ENDING = "ending"        # end-of-turn events under way (limits)
    OVER = "over"            # the turn has ended; the next one has not begun


class Clock:
    """Counts the changes to a table's zones: whatever is derived from the position (the
    effective rules, `derived.py`) is recomputed only after the clock has moved."""

    __slots__ = ("ticks",)

    def __init__(self) -> None:
        self.ticks = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> "Clock":
        clock = memo.get(id(self))
        if clock is None:
            clock = memo[id(self)] = Clock()
            clock.ticks = self.ticks
        return clock


class Zone(list):
    """A list of cards that moves its table's clock whenever it changes, whoever changes it."""

    __slots__ = ("clock",)

    def __init__(self, clock: Clock, cards: Iterable[Card] = ()) -> None:
        super().__init__(cards)
        self.clock = clock

    def append(self, card: Card) -> None:
        self.clock.ticks += 1
        list.append(self, card)

    def extend(self, cards: Iterable[Card]) -> None:
        self.clock.ticks += 1
        list.extend(self, cards)

    def insert(self, index: SupportsIndex, card: Card) -> None:
        self.clock.ticks += 1
        list.insert(self, index, card)

    def remove(self, card: Card) -> None:
        self.clock.ticks += 1
        list.remove(self, card)

    def pop(self, index: SupportsIndex = -1) -> Card:
        self.clock.ticks += 1
        return list.pop(self, index)

    def clear(self) -> None:
        self.clock.ticks += 1
        list.clear(self)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self.clock.ticks += 1
        list.sort(self, *args, **kwargs)

    def reverse(self) -> None:
        self.clock.ticks += 1
        list.reverse(self)

    def __setitem__(self, index: Any, value: Any) -> None:
        self.clock.ticks += 1
        list.__setitem__(self, index, value)

    def __delitem__(self, index: Any) -> None:
        self.clock.ticks += 1
        list.__delitem__(self, index)

    def __deepcopy__(self, memo: dict[int, Any]) -> "Zone":
        # Cards are identities (never copied); only the list and its clock are new.
        return Zone(copy.deepcopy(self.clock, memo), self)

    def __iadd__(self, cards: Iterable[Card]) -> "Zone":  # type: ignore[override]
        self.clock.ticks += 1
        list.extend(self, cards)
        return self


class ZoneMap(dict):
    """Player -> Zone. Replacing a player's zone (Trade Hands swaps two) moves the clock too;
    a plain list put in is made a Zone of this table."""

    __slots__ = ("clock",)

    def __init__(self, clock: Clock, zones: Mapping[Any, Iterable[Any]] = {}) -> None:  # noqa: B006 - read only
        super().__init__((key, Zone(clock, cards)) for key, cards in zones.items())
        self.clock = clock

    def __deepcopy__(self, memo: dict[int, Any]) -> "ZoneMap":
        copied = ZoneMap(copy.deepcopy(self.clock, memo))
        for key, zone in self.items():
            dict.__setitem__(copied, key, copy.deepcopy(zone, memo))
        return copied

    def __setitem__(self, key: Any, cards: Iterable[Any]) -> None:
        self.clock.ticks += 1
        dict.__setitem__(self, key, cards if type(cards) is Zone else Zone(self.clock, cards))

    def __delitem__(self, key: Any) -> None:
        self.clock.ticks += 1
        dict.__delitem__(self, key)

    def pop(self, key: Any, *default: Any) -> Any:
        self.clock.ticks += 1
        return dict.pop(self, key, *default)


class Table(Copied):
    """All the zones of the game. Draw pile and discard pile are top card first. Every zone
    is observed: any change moves `clock`."""

    def __init__(self, players: list[str], hands: Mapping[str, Iterable[Card]],
                 in_play: Mapping[str, Iterable[Card]], rules: Iterable[Card], goals: Iterable[Card],
                 draw_pile: Iterable[Card], discard: Iterable[Card], meta_rules: Iterable[Card] = (),
                 rules_pile: Iterable[Card] = ()) -> None:
        self.clock = clock = Clock()
        self.players = players
        self.hands = ZoneMap(clock, hands)
        self.in_play = ZoneMap(clock, in_play)  # Keepers and Creepers in front of each player
        self.rules = Zone(clock, rules)
        self.goals = Zone(clock, goals)
        self.draw_pile = Zone(clock, draw_pile)
        self.discard = Zone(clock, discard)
        self.scored = ZoneMap(clock)  # Goals claimed (Keep Going, Solo)
        self.skips: dict[str, Card] = {}  # player -> the card making them miss their next turn
        # Meta Rules agreed for the whole game (Keep Going): beside the Basic Rules, out of reach of
        # the cards that discard New Rules (B-meta-rules)
        self.meta_rules = Zone(clock, meta_rules)
        self.rules_pile = Zone(clock, rules_pile)  # Solo Fluxx: the Rules deck, top first

    def all_cards(self) -> list[Card]:
        cards = [*self.rules, *self.meta_rules, *self.goals, *self.draw_pile, *self.discard, *self.rules_pile]
        for player in self.players:
            cards += self.hands[player] + self.in_play[player]
        return cards


@dataclass
class Turn(Copied):
    player: str
    phase: Phase
    drawn: int = 0    # cards drawn this turn that count toward the Draw rule
    played: int = 0   # plays made this turn (a compound Action is one)
    free_actions_used: set[str] = field(default_factory=set)
    history: list["Play"] = field(default_factory=list)  # cards played this turn, oldest first (R44)
    began_empty_handed: bool = False  # the hand was empty when the turn began (Play All But 1)
    # Extra turns (Take Another Turn): the cards that owe this player a turn right after this one,
    # in order, and the cards whose extra turns led to this one in an unbroken run of the same player.
    extra_turns: list[str] = field(default_factory=list)
    granted_by: tuple[str, ...] = ()
    next_up: str | None = None  # set when the turn ends: who plays next, after any missed turns


@dataclass
class Play(Copied):
    """A card on its way into play: it sits in the being-played zone until it resolves."""

    player: str
    card: Card
    event: int | None
    answers: list[Any] = field(default_factory=list)  # choices given with the event, consumed in order
    from_temp_hand: bool = False
    responds_to: "Play | None" = None  # set for a Surprise answering another card out of turn
    played_from: str | None = None  # where a card played at once came from (a flip, the discard pile)
    is_use: bool = False  # the free action of a card in play, not a card being played
    held: list[Card] = field(default_factory=list)  # cards the play holds between zones while it resolves

    @property
    def aimed_at(self) -> str | None:
        """The player whose card this response would cancel."""
        return self.responds_to.player if self.responds_to else None


@dataclass
class TempHand(Copied):
    """A compound Action's temporary hand: the real hand is set aside meanwhile."""

    player: str
    source: Play
    cards: list[Card]
    plays_allowed: int
    plays_made: int = 0

    @property
    def done(self) -> bool:
        return self.plays_made >= self.plays_allowed or not self.cards


@dataclass(frozen=True)
class Then:
    """A continuation as data: what the engine does next, or with a choice once it is made.

    `owner` is a kind's name (the method is the kind's, called with the game first) or "game"
    (a method of the game). A choice's answer is passed after `args`. Being plain data, a
    game's agenda and pending choices copy with the rest of the position (`Game.copy`)."""

    owner: str
    method: str
    args: tuple[Any, ...] = ()


@dataclass
class PendingChoice(Copied):
    """A choice the rules need from a player; the replay waits for an event that gives it."""

    player: str
    prompt: str
    options: list[Any]          # cards or player names
    count: int                  # how many options must be picked
    answer_verbs: tuple[str, ...]  # which event actions answer it: discard / keep / choose
    then: Then  # called with the chosen options once the choice is made
    keep_means_complement: bool = False  # "keeps X" answers a discard choice by naming what stays
    rulings: tuple[str, ...] = ()
    key: Any = None  # identifies what the choice is for, so a check never asks twice
    at_least: int | None = None  # set: `count` is a maximum and any number from at_least up is an answer

    @property
    def spec(self) -> "ChoiceSpec":
        """The choice as the validator and the legal-event generator see it."""
        from adjudicator.engine.choices import ChoiceSpec

        return ChoiceSpec(self.player, self.prompt, tuple(self.options), self.count, self.at_least, self.rulings)
