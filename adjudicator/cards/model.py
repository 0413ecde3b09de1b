"""What a card is: a name, a type, a kind and the kind's parameters."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any


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


@dataclass(frozen=True, eq=False)
class Card:
    """One card definition. Zones hold these objects; a deck has one copy of each name.

    Identity is the object: two cards are the same card only if they are the same object.
    """

    name: str
    type: CardType
    kind: str
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    text: str = ""
    deck: str = "custom"
    flags: frozenset[str] = frozenset()

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    def __copy__(self) -> "Card":
        return self  # a card is an identity: copies of a game share their cards

    def __deepcopy__(self, memo: dict[int, Any]) -> "Card":
        return self

    def param(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)

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

    def __deepcopy__(self, memo: dict[int, Any]) -> "_NoChoice":
        return self  # compared by identity


NO_CHOICE = _NoChoice()
