"""What a card is: a name, a type, a kind and the kind's parameters."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from adjudicator.model.names import normalize


class CardType(StrEnum):
    KEEPER = "keeper"
    CREEPER = "creeper"
    GOAL = "goal"
    RULE = "rule"
    ACTION = "action"
    SURPRISE = "surprise"
    META = "meta"
    UNKNOWN = "unknown"

    @property
    def label(self) -> str:
        return "New Rule" if self is CardType.RULE else self.value.capitalize()


class CardId(str):
    """A card as plain data (`Card.ident`): its name and deck, and its copy when it is not the
    first, `Milk (fluxx5)`, `E (letters) #2`. Equal in every copy of a game; a str, told apart
    from a player's name or a word by its type."""

    __slots__ = ()


@dataclass(frozen=True, eq=False, repr=False)  # its own __repr__: none generated to be thrown away
class Card:
    """One physical card. Zones hold these objects.

    Identity is the object: two cards are the same card only if they are the same object.
    A deck may hold several copies of a card (`copies:` in its data): each copy is its own
    object, numbered by `copy`, and copies share name, deck and everything else. Two
    editions may print cards of the same name; `deck` tells them apart (`qualified`).
    """

    name: str
    type: CardType
    kind: str
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    text: str = ""
    deck: str = "custom"
    flags: frozenset[str] = frozenset()
    copy: int = 1

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    def __copy__(self) -> Card:
        return self  # a card is an identity: copies of a game share their cards

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def param(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)

    @property
    def definition(self) -> tuple[str, str]:
        """What copies of one card share: the deck that prints it and its name."""
        return self.deck, self.name

    @property
    def qualified(self) -> str:
        """The name with its deck, as scenario files may write it: `Fruitcake (holiday)`."""
        return f"{self.name} ({self.deck})"

    def is_called(self, ref: str) -> bool:
        """Whether a name that a Goal or another card gives means this card: its own name, with or
        without its deck (`Fruitcake (holiday)`), or a card it counts as (`counts_as`: Mrs. Claus
        counts as Santa Claus, Fruitcake as Dessert and as The Gift)."""
        return normalize(ref) in self.names_called

    @functools.cached_property
    def names_called(self) -> frozenset[str]:
        """Every folded name this card answers to (see `is_called`)."""
        return frozenset(
            {normalize(self.name), normalize(self.qualified), *map(normalize, self.params.get("counts_as", ()))}
        )

    @functools.cached_property
    def ident(self) -> CardId:
        """This card as plain data (`model/snapshot.py`: a position holds cards so)."""
        return CardId(f"{self.qualified} #{self.copy}" if self.copy > 1 else self.qualified)

    @property
    def is_unknown(self) -> bool:
        return self.type is CardType.UNKNOWN


#: The `?` of scenario files: a card that does not matter (never a Creeper, never playable).
UNKNOWN = Card("?", CardType.UNKNOWN, "unknown", text="an unknown card that does not matter", deck="-")


class _NoChoice:
    """The answer `none` (`-> none`, `P chooses none`): a choice of nothing, for choices that allow
    zero (Let's Simplify). Distinct from giving no answer at all, which makes the engine ask."""

    def __repr__(self) -> str:
        return "none"

    __str__ = __repr__

    def __deepcopy__(self, memo: dict[int, Any]) -> _NoChoice:
        return self  # compared by identity


NO_CHOICE = _NoChoice()


@dataclass(frozen=True)
class AtRandom:
    """`CARD at random` among an event's choices: the card that chance picked, as the table
    states it (the card taken from a hand, discarded at random, ...). The engine uses it where
    the rules pick at random instead of drawing from the seed (engine/chance.py)."""

    card: Card

    def __str__(self) -> str:
        return f"{self.card} at random"
