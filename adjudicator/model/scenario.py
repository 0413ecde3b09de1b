"""What a replay is built from, as plain data: the starting position (`Setup`) and the scenario
(players, settings, events, what must come out). The loader builds these; the engine reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from adjudicator.model.cards import Card
from adjudicator.model.day import Day
from adjudicator.model.events import Event
from adjudicator.model.house_rules import HouseRules


class CardSource(Protocol):
    """What a replay reads of the catalog its cards come from (`cards/catalog.py`'s `Catalog`):
    declared here, so that the model imports no layer above it, not even for a type."""

    @property
    def basic_rules(self) -> Mapping[str, int]:
        """The Basic Rules' numbers (deal / draw / play) as printed."""

    @property
    def holds_copies(self) -> bool:
        """Whether some card name has several copies."""

    @property
    def with_copies(self) -> frozenset[Card]:
        """The cards that have other copies."""

    @property
    def holds_surprises(self) -> bool:
        """Whether some card is a Surprise."""

    @property
    def played_unasked(self) -> frozenset[Card]:
        """The cards a hand plays as they are whenever it may play at all (no kind asked)."""

    def all_cards(self) -> list[Card]:
        """Every card, in catalog order."""

    def copies_of(self, card: Card) -> tuple[Card, ...]:
        """Every copy of card's name (card itself among them)."""


@dataclass(frozen=True)
class Setup:
    """The position the scenario starts from (`setup:`)."""

    turn: str
    phase: str
    drawn: int | None
    played: int
    rules: tuple[Card, ...]
    goals: tuple[Card, ...]
    hands: Mapping[str, tuple[Card, ...]]
    in_play: Mapping[str, tuple[Card, ...]]
    draw_pile: tuple[Card, ...]
    discard: tuple[Card, ...]
    rules_pile: tuple[Card, ...] = ()  # Solo Fluxx: the Rules deck, top first


@dataclass(frozen=True)
class ForcedStep:
    """A step the rules force that the table disputes (`dispute: Bob draws`): the draws of the
    Draw rule in PLAYER's first turn that has any, or the first discard a limit forces on PLAYER."""

    player: str
    what: str  # "draw" or "discard"

    @property
    def text(self) -> str:
        return f"{self.player} {'draws' if self.what == 'draw' else 'discards'}"


@dataclass(frozen=True)
class Scenario:
    """A scenario file, read and checked: what the engine replays and what it must find."""

    path: str
    title: str
    question: str
    players: tuple[str, ...]
    catalog: CardSource
    house_rules: HouseRules
    seed: int
    setup: Setup
    events: tuple[Event, ...]
    expect: Mapping[str, Any] | None = None
    expect_lines: Mapping[str, int] = field(default_factory=dict)
    decks: tuple[str, ...] = ()  # the `decks:` named (Mega Fluxx's Goal slots count them)
    date: Day | None = None  # the day of the game (`date:`), for cards that depend on it
    dispute: tuple[int, ...] = ()  # the disputed events (`dispute:` and `- disputed: EVENT`), in order
    disputed_steps: tuple[ForcedStep, ...] = ()  # forced steps `dispute:` names (`Bob draws`), in order
