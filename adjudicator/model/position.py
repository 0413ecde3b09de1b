"""The position: where every card is, whose turn it is, and what is being resolved.

Nothing here stores a rule's value: effective Draw/Play/limits are derived from
the cards in play (see `derived.py`) whenever they are asked for.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from adjudicator.model.cards import Card, CardType
from adjudicator.model.choices import ChoiceSpec
from adjudicator.model.copier import ATOMS, Copied, duplicate
from adjudicator.model.events import Action
from adjudicator.model.zones import BY_CARD, Clock, Zone, ZoneMap

# Read once (an Enum member read off its class is a lookup): asked of every answer listed, and
# of each card in play where a listing asks whether a player has a Keeper (Recycling).
_KEEP, _KEEPER, _CREEPER = Action.KEEP, CardType.KEEPER, CardType.CREEPER


class Phase(StrEnum):
    START = "start"  # the turn token has passed; start-of-turn events and draws are due
    PLAY = "play"  # plays are being made
    PLAY_OVER = "play_over"  # no plays left; only optional free actions before end-of-turn events
    ENDING = "ending"  # end-of-turn events under way (limits)
    OVER = "over"  # the turn has ended; the next one has not begun


class Table(Copied):
    """All the zones of the game. Draw pile and discard pile are top card first. Every zone
    is observed (`zones.Zone`): any change moves `clock` and is written in its journal."""

    def __init__(
        self,
        players: list[str],
        hands: Mapping[str, Iterable[Card]],
        in_play: Mapping[str, Iterable[Card]],
        rules: Iterable[Card],
        goals: Iterable[Card],
        draw_pile: Iterable[Card],
        discard: Iterable[Card],
        meta_rules: Iterable[Card] = (),
        rules_pile: Iterable[Card] = (),
    ) -> None:
        self.clock = clock = Clock()
        self.players = players
        # (a player given no cards has none)
        zones = ZoneMap.holding
        self.hands = zones(clock, "hand of ", players, hands)
        self.in_play = zones(
            clock, "in play of ", players, in_play, BY_CARD
        )  # Keepers and Creepers in front of each player
        # One table per game replayed: each zone every table has is made by list's own constructor
        # and given its fields here (`Zone.holding`, without a call for each).
        self.rules = zone = Zone(rules)
        zone.clock, zone.label, zone.rules_read = clock, "rules", True
        self.goals = zone = Zone(goals)
        zone.clock, zone.label, zone.rules_read = clock, "goals", BY_CARD
        self.draw_pile = zone = Zone(draw_pile)
        zone.clock, zone.label, zone.rules_read = clock, "draw pile", False
        self.discard = zone = Zone(discard)
        zone.clock, zone.label, zone.rules_read = clock, "discard", False
        self.skips: dict[str, Card] = {}  # player -> the card making them miss their next turn
        if meta_rules:
            self.meta_rules = Zone.holding(clock, label="meta rules", cards=meta_rules, rules_read=True)
        if rules_pile:
            self.rules_pile = Zone.holding(clock, label="rules pile", cards=rules_pile)

    # The zones of a few games alone -- Keep Going's Meta Rules, Solo Fluxx's Rules deck and the
    # Goals scored -- are made when first read, unless given cards: a table is made for every game
    # replayed, and most never read them. (Once made, a zone is an entry of the table's `__dict__`
    # like any other, found there before the class is looked at: no call to read it.)
    # (each label passed by keyword: `holding(x, "name")` is how a hook is run over the table, and
    # tests/test_architecture.py reads it so)
    @functools.cached_property
    def meta_rules(self) -> Zone:
        """Meta Rules agreed for the whole game (Keep Going): beside the Basic Rules, out of reach
        of the cards that discard New Rules (B-meta-rules)."""
        return Zone.holding(self.clock, label="meta rules", rules_read=True)

    @functools.cached_property
    def rules_pile(self) -> Zone:
        """Solo Fluxx: the Rules deck, top first."""
        return Zone.holding(self.clock, label="rules pile")

    @functools.cached_property
    def scored(self) -> ZoneMap:
        """Goals claimed (Keep Going, Solo)."""
        return ZoneMap.holding(self.clock, prefix="scored by ")

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """Field by field like any `Copied`, the zones (most of a table) straight onto the new clock."""
        copied = memo[id(self)] = object.__new__(Table)
        clock = self.clock.__deepcopy__(memo)
        fields = copied.__dict__ = self.__dict__.copy()
        for name, value in fields.items():
            cls = type(value)
            if cls is Zone or cls is ZoneMap:
                known = memo.get(id(value))
                fields[name] = value.copy_onto(clock, memo) if known is None else known
            elif cls not in ATOMS:
                fields[name] = duplicate(value, memo)
        return copied

    def zones(self) -> dict[str, list[Card]]:
        """Every zone of the table by its label ("hand of Alice", "draw pile", ...), as lists."""
        zones = [
            self.draw_pile,
            self.discard,
            self.rules,
            self.goals,
            self.meta_rules,
            *(zone for player in self.players for zone in (self.hands[player], self.in_play[player])),
            *self.scored.values(),
            self.rules_pile,
        ]
        return {zone.label: list(zone) for zone in zones}

    def all_cards(self) -> list[Card]:
        cards = [*self.rules, *self.meta_rules, *self.goals, *self.draw_pile, *self.discard, *self.rules_pile]
        for player in self.players:
            cards += self.hands[player] + self.in_play[player]
        return cards

    # -- what the table shows: read by the engine and by card kinds alike -------------------------
    # (loops, not comprehensions, in the two below: a comprehension is a function made and called
    # each time, and they are asked at every win check and listing, of cards by the handful)
    def keepers_of(self, player: str) -> list[Card]:
        """The Keepers in front of player."""
        keepers = []
        for card in self.in_play[player]:
            if card.type is _KEEPER:
                keepers.append(card)
        return keepers

    def creepers_of(self, player: str) -> list[Card]:
        """The Creepers in front of player."""
        creepers = []
        for card in self.in_play[player]:
            if card.type is _CREEPER:
                creepers.append(card)
        return creepers

    def owner_of(self, card: Card) -> str | None:
        """The player with card in front of her, if any."""
        in_play = self.in_play
        for player in self.players:
            if card in in_play[player]:
                return player
        return None

    def cards_in_play(self) -> Iterator[tuple[str | None, Card]]:
        """Every card on the table with its owner (None for the New Rules and the Goals)."""
        for card in self.rules:
            yield None, card
        for card in self.goals:
            yield None, card
        for player in self.players:
            for card in self.in_play[player]:
                yield player, card


@dataclass
class Turn(Copied):
    """The current turn: whose it is, its phase, and what has been drawn and played in it so far."""

    player: str
    phase: Phase
    drawn: int = 0  # cards drawn this turn that count toward the Draw rule
    played: int = 0  # plays made this turn (a compound Action is one)
    free_actions_used: set[str] = field(default_factory=set)
    history: list[Play] = field(default_factory=list)  # cards played this turn, oldest first (R44)
    began_empty_handed: bool = False  # the hand was empty when the turn began (Play All But 1)
    # Extra turns (Take Another Turn): the cards that owe this player a turn right after this one,
    # in order, and the cards whose extra turns led to this one in an unbroken run of the same player.
    extra_turns: list[str] = field(default_factory=list)
    granted_by: tuple[str, ...] = ()
    next_up: str | None = None  # set when the turn ends: who plays next, after any missed turns
    begun_by: int | None = None  # the number of the event that began this turn (`P begins` or any other)


@dataclass
class Play(Copied):
    """A card on its way into play: it sits in the being-played zone until it resolves."""

    player: str
    card: Card
    event: int | None
    answers: list[Any] = field(default_factory=list)  # choices given with the event, consumed in order
    from_temp_hand: bool = False
    responds_to: Play | None = None  # set for a Surprise answering another card out of turn
    played_from: str | None = None  # where a card played at once came from (a flip, the discard pile)
    is_use: bool = False  # the free action of a card in play, not a card being played
    held: list[Card] = field(default_factory=list)  # cards the play holds between zones while it resolves

    @property
    def aimed_at(self) -> str | None:
        """The player whose card this response would cancel."""
        return self.responds_to.player if self.responds_to else None


@dataclass
class TempHand(Copied):
    """A compound Action's temporary hand: the real hand is set aside meanwhile.

    How many cards it draws and how many plays it makes are not kept here: they are read
    from its card through the rules in play whenever they are needed (`derived.compound_terms`),
    so a rule that enters or leaves while it is under way changes what is left to do (Q51).
    `basis` is how the card was read when it started (Today's Special!: the day); `drawn` the
    cards asked for so far (an exhausted pile gives fewer); `announced` the numbers the log
    last gave, so that a change is said once."""

    player: str
    source: Play
    cards: list[Card]
    drawn: int = 0
    plays_made: int = 0
    basis: str = ""
    announced: tuple[int, int] = (0, 0)


class Then:
    """A continuation as data: what the engine does next, or with a choice once it is made.

    `owner` is a kind's name (the method is the kind's) or "game" (a method of the game); the
    game is passed first, then `args`, then a choice's answer. `function` is the callable that
    (owner, method) names, recorded when the kind was registered or `Game` defined and handed
    in by whoever makes the continuation (`Game.then`, `Kind.then`): carrying it out
    (`Game.call`) looks nothing up. It is no part of the value -- equality, hashing and the
    words (`repr`) are those of (owner, method, args) -- so a continuation is plain data that
    copies with the rest of the position (`Game.copy`). Never changed once made; slotted,
    since the engine makes a few for every card played."""

    __slots__ = ("owner", "method", "args", "function")

    owner: str
    method: str
    args: tuple[Any, ...]
    function: Callable[..., None]

    def __init__(self, owner: str, method: str, args: tuple[Any, ...], function: Callable[..., None]) -> None:
        self.owner = owner
        self.method = method
        self.args = args
        self.function = function

    def with_args(self, args: tuple[Any, ...]) -> Then:
        """The same continuation with other arguments (a position's plain copies of them)."""
        return Then(self.owner, self.method, args, self.function)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Then:
            return NotImplemented
        return self.owner == other.owner and self.method == other.method and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.owner, self.method, self.args))

    def __repr__(self) -> str:
        return f"Then(owner={self.owner!r}, method={self.method!r}, args={self.args!r})"

    def __deepcopy__(self, memo: dict[int, Any]) -> Then:
        args = duplicate(self.args, memo)
        return self if args is self.args else Then(self.owner, self.method, args, self.function)


@dataclass
class PendingChoice(Copied):
    """A choice the rules need from a player; the replay waits for an event that gives it."""

    player: str
    prompt: str
    options: list[Any]  # cards or player names
    count: int  # how many options must be picked
    answer_verbs: tuple[Action, ...]  # which event actions answer it: discard / keep / choose
    then: Then  # called with the chosen options once the choice is made
    keep_means_complement: bool = False  # "keeps X" answers a discard choice by naming what stays
    rulings: tuple[str, ...] = ()
    key: Any = None  # identifies what the choice is for, so a check never asks twice
    at_least: int | None = None  # set: `count` is a maximum and any number from at_least up is an answer

    @property
    def spec(self) -> ChoiceSpec:
        """The choice as the validator and the legal-event generator see it (made once: a pending
        choice is never changed, only answered; kept by hand, as 3.11's `cached_property` takes
        a lock on every first read, and the listing reads it of every choice asked)."""
        spec: ChoiceSpec | None = self.__dict__.get("_spec")
        if spec is None:
            spec = self.__dict__["_spec"] = ChoiceSpec.made(
                self.player, self.prompt, tuple(self.options), self.count, self.at_least, self.rulings
            )
        return spec

    def names_what_stays(self, verb: Action) -> bool:
        """Whether an answer with this verb names the options that stay ("keeps X"), not those taken."""
        return self.keep_means_complement and verb == _KEEP

    @property
    def kept_spec(self) -> ChoiceSpec:
        """What a "keeps X" answer names: as many options as are not taken (made once, as `spec`)."""
        spec: ChoiceSpec | None = self.__dict__.get("_kept_spec")
        if spec is None:
            spec = self.__dict__["_kept_spec"] = ChoiceSpec.made(
                self.player, self.prompt, tuple(self.options), len(self.options) - self.count, None, self.rulings
            )
        return spec

    def spec_for(self, verb: Action) -> ChoiceSpec:
        """The spec an answer with this verb is checked against, and its picks listed from."""
        return self.kept_spec if self.keep_means_complement and verb == _KEEP else self.spec  # (`names_what_stays`)
