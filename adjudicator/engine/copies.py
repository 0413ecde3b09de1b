"""Which copy an event means, when a deck holds several copies of a card.

A scenario names cards by name (`Alice plays E`); the loader gives every name the
card's first copy. Before an event is applied, each card it names that has other
copies is bound to the copy the event can act on: the copies are tried nearest
first (the player's temporary hand and hand, the options of a choice waiting for
her, her cards in play, other players' cards in play, the rules and Goals, the
piles), and the first binding the engine accepts (`verify_*`, which changes
nothing) is used; copies that already fit are kept. Copies of one card are alike in every way, so when several fit,
any of them is the same card to the rules. A name given twice in one event is two
different copies.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import TYPE_CHECKING, Any

from adjudicator.cards.model import Card
from adjudicator.errors import Illegal

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.loading.scenario import Event

_MOST_TRIED = 256  # bindings tried per event; beyond, the nearest copies are used as they are


def bind_copies(game: "Game", event: "Event") -> "Event":
    """The event with each card bound to the copy it means (the event itself when no card it
    names has copies)."""
    catalog = game.scenario.catalog
    slots = _card_slots(event)
    options = [catalog.copies_of(card) for card in slots]
    if all(len(copies) == 1 for copies in options):
        return event
    if len(set(map(id, slots))) == len(slots) and _accepted(game, event):
        return event  # the copies it names already fit (an event built from the game itself)
    ranked = [sorted(copies, key=lambda c: _distance(game, event, c)) for copies in options]
    first: "Event | None" = None
    for binding in itertools.islice(itertools.product(*ranked), _MOST_TRIED):
        if len(set(map(id, binding))) != len(binding):
            continue  # a name given twice is two copies
        bound = _rebuild(event, list(binding))
        first = first or bound
        if _accepted(game, bound):
            return bound
    return first or event


def _card_slots(event: "Event") -> list[Card]:
    cards = [event.card] if event.card is not None else []
    for choice in event.choices:
        if isinstance(choice, Card):
            cards.append(choice)
        elif isinstance(getattr(choice, "card", None), Card):
            cards.append(choice.card)  # `CARD to PLAYER`
    return cards


def _rebuild(event: "Event", cards: list[Card]) -> "Event":
    it = iter(cards)
    card = next(it) if event.card is not None else None
    choices: list[Any] = []
    for choice in event.choices:
        if isinstance(choice, Card):
            choices.append(next(it))
        elif isinstance(getattr(choice, "card", None), Card):
            choices.append(dataclasses.replace(choice, card=next(it)))
        else:
            choices.append(choice)
    return dataclasses.replace(event, card=card, choices=tuple(choices))


def _distance(game: "Game", event: "Event", card: Card) -> int:
    table, player = game.table, event.player
    if game.temp_hands and game.temp_hands[-1].player == player and card in game.temp_hands[-1].cards:
        return 0
    if card in table.hands.get(player, ()):
        return 1
    if any(c.player == player and card in c.options for c in game.pending):
        return 1
    if card in table.in_play.get(player, ()):
        return 2
    if any(card in cards for cards in table.in_play.values()):
        return 3
    if card in table.rules or card in table.goals:
        return 4
    return 5 if card in table.discard else 6


def _accepted(game: "Game", event: "Event") -> bool:
    try:
        if event.action == "play" and event.card is not None:
            if game.is_response(event.player, event.card):
                game.verify_respond(event.player, event.card, event.choices)
            else:
                game.verify_play(event.player, event.card, event.choices)
        elif event.action == "use" and event.card is not None:
            game.verify_use(event.player, event.card, event.choices)
        elif event.action in ("discard", "keep", "choose"):
            game.verify_answer(event)
    except Illegal:
        return False
    return True
