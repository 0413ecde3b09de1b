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
    """The option the table stated: the card itself, else a copy of it among the options. An
    event names a card by name and is bound to the copy nearest its player (engine/copies.py)
    before its chance is drawn, so the copy a random step reaches may be another; copies are
    alike in every way, so stating one states any."""
    if any(stated is option for option in options):
        return stated
    return next((option for option in options if option.qualified == stated.qualified), None)


def names(cards: Sequence[Any]) -> str:
    return ", ".join(map(str, cards)) or "nothing"


SHUFFLED_HOW = "`; shuffled CARD, CARD, ...` after the event (first card first; the cards not named follow at random)"
