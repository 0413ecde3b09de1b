"""Chance stated by the table, as plain data: the card an answer states as chance's pick, and the
words the log and `legal` use for a random step (engine/chance.py does the picking)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudicator.model.cards import AtRandom, Card


def stated_card(answer: Any) -> Card | None:
    """The card an answer states as chance's pick (`CARD` or `CARD at random`), or None."""
    if isinstance(answer, AtRandom):
        return answer.card
    return answer if isinstance(answer, Card) else None


def the_copy(stated: Card, options: Sequence[Card]) -> Card | None:
    """The option the table stated: the first of its copies among the options (the card itself
    when it is the only one). An event names a card by name, not which copy of it came up;
    copies are alike in every way but their place (in a hand, the order a later pick at random
    reads), so a stated card takes the first place it can, and so does the seed's own pick
    (engine/chance.pick): stating the outcome never moves a card to another place."""
    return next((option for option in options if option is stated or option.qualified == stated.qualified), None)


def first_copies(cards: list[Card], copies: bool = True) -> list[Card]:
    """The cards, each copy after the first of a card left out: copies in one place are one
    choice, the first copy (the one an event naming the card binds to, `the_copy`), so a game
    listed and written out replays with its cards in the same places. `copies`: whether the
    decks hold any (without, the cards as they are)."""
    if not copies:
        return cards
    first: dict[str, Card] = {}
    for card in cards:
        first.setdefault(card.qualified, card)
    return list(first.values())  # (in the order the cards come: a dict keeps its keys' order)


def names(cards: Sequence[Any]) -> str:
    return ", ".join(map(str, cards)) or "nothing"


def forced_play_how(player: str) -> str:
    """How a play a rule picks at random for player (First Play Random) is stated."""
    return f"`{player} plays CARD at random`"


SHUFFLED_HOW = "`; shuffled CARD, CARD, ...` after the event (first card first; the cards not named follow at random)"
