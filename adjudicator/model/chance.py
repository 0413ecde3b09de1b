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


def names(cards: Sequence[Any]) -> str:
    return ", ".join(map(str, cards)) or "nothing"


SHUFFLED_HOW = "`; shuffled CARD, CARD, ...` after the event (first card first; the cards not named follow at random)"
