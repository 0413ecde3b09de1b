"""Events as plain data: one line of a scenario's `events:` (or one the engine lists as legal),
the choice forms a line may carry, and the one-line form each event is written in.

The loader reads these from YAML; the engine takes them and never reads YAML itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from adjudicator.model.cards import AtRandom, Card


class Action(StrEnum):
    """What an event does. The engine has one handler for each (engine/actions.py); a value is
    the word a scenario's mapping form writes (`action: play`), and compares equal to it."""

    PLAY = "play"  # play a card from the hand (or answer a window with a Surprise)
    USE = "use"  # use the free action of a card in play
    DISCARD = "discard"  # answer a choice by naming what goes (or discard at will, a house rule)
    KEEP = "keep"  # answer a discard choice by naming what stays
    CHOOSE = "choose"  # answer any other choice
    JOIN = "join"  # a player joins the game
    DROP_OUT = "drop_out"  # a player leaves it
    SPELL = "spell"  # Word Fluxx: claim that words meet a Goal
    BEGIN_TURN = "begin_turn"  # begin one's turn (its forced steps)
    DECLINE = "decline"  # let the game go on where it waits: a window closes, a forced play, the turn ends


#: The actions that answer a pending choice (`PendingChoice.answer_verbs` holds some of them).
ANSWERS = frozenset({Action.DISCARD, Action.KEEP, Action.CHOOSE})
#: The actions that name a card (and may state its choices after `->`).
CARD_ACTIONS = frozenset({Action.PLAY, Action.USE})
#: The actions that name neither a card nor choices.
BARE_ACTIONS = frozenset({Action.JOIN, Action.DROP_OUT, Action.BEGIN_TURN, Action.DECLINE})

VERBS = {
    "plays": Action.PLAY,
    "uses": Action.USE,
    "discards": Action.DISCARD,
    "keeps": Action.KEEP,
    "chooses": Action.CHOOSE,
    "joins": Action.JOIN,
    "drops out": Action.DROP_OUT,
    "spells": Action.SPELL,
    "begins": Action.BEGIN_TURN,
    "declines": Action.DECLINE,
}
VERB_OF = {action: verb for verb, action in VERBS.items()}  # the verb that writes each action


@dataclass(frozen=True)
class Assignment:
    """`CARD to PLAYER` in a choice list (Everybody Gets 1)."""

    card: Card
    player: str

    def __str__(self) -> str:
        return f"{self.card} to {self.player}"


@dataclass(frozen=True)
class Whose:
    """`CARD of PLAYER` in a choice list: the copy of a card that player holds or has in play
    (when a deck holds several copies, `Trash a Keeper -> E of Bob`). The engine binds it to
    that card before the event is applied (engine/copies.py)."""

    card: Card
    player: str

    def __str__(self) -> str:
        return f"{self.card} of {self.player}"


@dataclass(frozen=True)
class Event:
    """One line of `events:`, read: who does what, with which card and choices. An event made
    in code (`Event.made`: the legal events) is said in the one-line form when first asked."""

    number: int
    line: int | None
    player: str
    action: Action
    card: Card | None = None
    choices: tuple[Any, ...] = ()  # Card, player name (str), Assignment, Whose, Word or AtRandom
    text: str = field(default_factory=str)  # a made event has none until asked (`_SaidOnce`, set on the class below)
    #: `P plays CARD at random`: the card a rule picks at random for P's play (First Play Random).
    at_random: bool = False
    #: `; shuffled A, B`: the order of each pile the event shuffles, in turn (engine/chance.py).
    shuffled: tuple[tuple[Card, ...], ...] = ()

    @classmethod
    def made(
        cls, number: int, player: str, action: Action, card: Card | None = None, choices: tuple[Any, ...] = ()
    ) -> Event:
        """An event made in code rather than read: most are listed and never shown, so its text
        is left to `_SaidOnce`. The fields are set directly, faster than the frozen __init__."""
        event = object.__new__(cls)
        fields = event.__dict__  # (one store a field: faster than `update` with keywords)
        fields["number"] = number
        fields["line"] = None
        fields["player"] = player
        fields["action"] = action
        fields["card"] = card
        fields["choices"] = choices
        return event

    @classmethod
    def made_alike(cls, number: int, player: str, action: Action, varying: str, values: Iterable[Any]) -> list[Event]:
        """`made` for each of values: events alike but in one field (`varying`: "card" or "choices"),
        the fields they share set at once. Every field is stored in the order `made` stores them
        (the varying one overwritten): the events' dicts then share their keys, made and read faster."""
        shared = {"number": number, "line": None, "player": player, "action": action, "card": None, "choices": ()}
        new = object.__new__
        events = []
        for value in values:
            event = new(cls)
            fields = event.__dict__
            fields.update(shared)
            fields[varying] = value
            events.append(event)
        return events

    @property
    def states_chance(self) -> bool:
        """Whether the event says what some random step brought (engine/chance.py)."""
        choices = self.choices  # (most events state none: no generator made for them)
        return (
            self.at_random or bool(self.shuffled) or (bool(choices) and any(isinstance(c, AtRandom) for c in choices))
        )

    def renumbered(self, number: int, line: int | None) -> Event:
        """The same event at another place in the list (a long game repeats its lines: each
        distinct line is read once). A copy of the fields, faster than the frozen __init__."""
        event = object.__new__(Event)
        event.__dict__.update(self.__dict__, number=number, line=line)
        return event


class _SaidOnce:
    """`Event.text` where the event has none yet (one made in code): its one-line form, kept in
    the event once said. A descriptor on the class rather than `__getattr__`, which would slow
    down every read of every event's fields (Python gives up its fast attribute path for a class
    that defines one)."""

    def __get__(self, event: Event | None, owner: type[Event]) -> Any:
        if event is None:
            return self
        fields = event.__dict__
        text = fields["text"] = one_line(
            event.player, event.action, event.card, event.choices, event.at_random, event.shuffled
        )
        return text


Event.text = _SaidOnce()  # type: ignore[assignment]  # (after the dataclass is made: not its default)


def one_line(
    player: str,
    action: Action,
    card: Card | str | None,
    choices: tuple[Any, ...],
    at_random: bool = False,
    shuffled: tuple[tuple[Card | str, ...], ...] = (),
) -> str:
    """The one-line form of an event, as `read_event_text` reads it back."""
    listed = ", ".join(map(str, choices)) if choices else ""
    clauses = "".join(f"; shuffled {', '.join(map(str, order))}" for order in shuffled) if shuffled else ""
    if action in CARD_ACTIONS:
        return (
            f"{player} {VERB_OF[action]}"
            + (f" {card}" if card is not None else "")  # a play that names no card is refused: said as written
            + (" at random" if at_random else "")
            + (f" -> {listed}" if choices else "")
            + clauses
        )
    if action in BARE_ACTIONS:
        return f"{player} {VERB_OF[action]}{clauses}"
    return f"{player} {VERB_OF[action]} {listed}{clauses}"
