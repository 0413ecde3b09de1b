"""Which copy an event means, when a deck holds several copies of a card.

A scenario names cards by name (`Alice plays E`); the loader gives every name the
card's first copy. Before an event is applied, each card it names that has other
copies is bound to the copy the event can act on: the copies are tried nearest
first (the player's temporary hand and hand, the options of a choice waiting for
her, her cards in play, other players' cards in play, the rules and Goals, the
piles; in a zone, its first copy first), and the first binding the engine accepts
(`verify_*`, which changes nothing) is used: which copy the event's card object is
plays no part, so one line acts on one place in the zone whether it was read or
listed (hand order decides a later pick at random). Copies of one card are alike in
every way, so when several fit, any of them does the same; where whose copy matters
(`Trash a Keeper -> E` with an E in front of two players), write `E of Bob`. A name
given twice in one event is two different copies.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from adjudicator.engine.actions import accepted
from adjudicator.model.cards import Card
from adjudicator.model.errors import Illegal
from adjudicator.model.events import Whose

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView
    from adjudicator.model.events import Event

_MOST_TRIED = 256  # bindings tried per event; beyond, the nearest copies are used as they are


def bind_copies(game: GameView, event: Event, strict: bool = True) -> Event:
    """The event with each card bound to the copy it means (the event itself when no card it
    names has copies). `CARD of PLAYER` choices become that player's copy; when the player has
    none: Illegal, or (not `strict`: the window before the event has not closed yet, so the
    card may still be on its way) the event as it is."""
    if not names_copies(game, event):
        return event
    catalog = game.scenario.catalog
    slots = _card_slots(event)
    options = []
    for card, owner in slots:
        copies: Sequence[Card] = catalog.copies_of(card)
        if owner is not None:
            copies = [c for c in copies if _belongs(game, c, owner)]
            if not copies and not strict:
                return event
            if not copies:
                raise Illegal("not_theirs", f"{owner} has no {card} in hand or in play", ("B-in-play",))
        options.append(copies)
    if all(len(copies) == 1 for copies in options) and all(owner is None for _card, owner in slots):
        return event
    if (
        all(owner is None for _card, owner in slots)
        and len({id(c) for c, _o in slots}) == len(slots)
        and all(_first_where_it_lies(game, event, card) for card, _o in slots)
        and accepted(game, event)
    ):
        return event  # the copies it names already fit (an event built from the game itself, or bound)
    ranked = [sorted(copies, key=lambda c: _distance(game, event, c)) for copies in options]
    nearest = _rebuild(event, _nearest_distinct(ranked))
    if accepted(game, nearest):
        return nearest  # the usual case, and the only one tried quickly when a long answer repeats names
    first: Event | None = None
    for binding in itertools.islice(itertools.product(*ranked), _MOST_TRIED):
        if len(set(map(id, binding))) != len(binding):
            continue  # a name given twice is two copies
        bound = _rebuild(event, list(binding))
        first = first or bound
        if accepted(game, bound):
            return bound
    return first or nearest


def names_copies(game: GameView, event: Event) -> bool:
    """Whether `bind_copies` has something to do for the event: a card of it has other copies, or
    a `CARD of PLAYER` needs checking (else it is bound as it is, wherever the game stands).
    Asked of each card the event names, as `bind_copies` would find it: most events of a deck
    holding copies (Word Fluxx's letters) name none of them."""
    copied = game.scenario.catalog.with_copies  # (empty for most decks)
    if event.card in copied:
        return True
    choices = event.choices
    if not choices:  # the commonest event of a long game: one card, the only copy of its name
        return False
    if not copied:
        return any(isinstance(choice, Whose) for choice in choices)
    return any(owner is not None or named in copied for named, owner in _card_slots(event))


def _nearest_distinct(ranked: list[list[Card]]) -> list[Card]:
    """For each slot the nearest copy not taken by an earlier slot (a name given twice is two copies)."""
    taken: set[int] = set()
    chosen = []
    for copies in ranked:
        card = next((c for c in copies if id(c) not in taken), copies[0])
        taken.add(id(card))
        chosen.append(card)
    return chosen


def _belongs(game: GameView, card: Card, player: str) -> bool:
    frames = [f.cards for f in game.temp_hands if f.player == player]
    return (
        card in game.table.hands.get(player, ())
        or card in game.table.in_play.get(player, ())
        or any(card in cards for cards in frames)
    )


def _card_slots(event: Event) -> list[tuple[Card, str | None]]:
    """Each card the event names, with the player a `CARD of PLAYER` choice gives."""
    slots: list[tuple[Card, str | None]] = [(event.card, None)] if event.card is not None else []
    for choice in event.choices:
        if isinstance(choice, Card):
            slots.append((choice, None))
        elif isinstance(choice, Whose):
            slots.append((choice.card, choice.player))
        elif isinstance(getattr(choice, "card", None), Card):
            slots.append((choice.card, None))  # `CARD to PLAYER`
    return slots


def _rebuild(event: Event, cards: list[Card]) -> Event:
    it = iter(cards)
    card = next(it) if event.card is not None else None
    choices: list[Any] = []
    for choice in event.choices:
        if isinstance(choice, (Card, Whose)):
            choices.append(next(it))
        elif isinstance(getattr(choice, "card", None), Card):
            choices.append(dataclasses.replace(choice, card=next(it)))
        else:
            choices.append(choice)
    return dataclasses.replace(event, card=card, choices=tuple(choices))


def _distance(game: GameView, event: Event, card: Card) -> tuple[int, int]:
    """How near the copy is to the event's player, then its place in that zone: the first copy
    a zone holds is the one meant, whichever copy the event's card object is (a listed event
    holds one, a read event the first), so that one line acts on one place however it was made."""
    table, player = game.table, event.player
    if game.temp_hands and game.temp_hands[-1].player == player and card in game.temp_hands[-1].cards:
        return 0, _place(game.temp_hands[-1].cards, card)
    if card in table.hands.get(player, ()):
        return 1, _place(table.hands[player], card)
    for choice in game.pending:
        if choice.player == player and card in choice.options:
            return 1, _place(choice.options, card)
    if card in table.in_play.get(player, ()):
        return 2, _place(table.in_play[player], card)
    for cards in table.in_play.values():
        if card in cards:
            return 3, _place(cards, card)
    if card in table.rules or card in table.goals:
        return 4, _place(table.rules, card) if card in table.rules else _place(table.goals, card)
    return (5, _place(table.discard, card)) if card in table.discard else (6, _place(table.draw_pile, card))


def _first_where_it_lies(game: GameView, event: Event, card: Card) -> bool:
    """Whether no other copy of the card lies before it in the zone that holds it (the options of a
    choice are no zone: they list copies from several): a copy the event already names is kept then
    (`E of Bob`, bound once, stays Bob's), never for its identity alone."""
    zones = (
        *(f.cards for f in game.temp_hands),
        *game.table.hands.values(),
        *game.table.in_play.values(),
        game.table.rules,
        game.table.goals,
        game.table.discard,
        game.table.draw_pile,
    )
    zone = next((cards for cards in zones if any(c is card for c in cards)), ())
    return next((c for c in zone if c.qualified == card.qualified), card) is card


def _place(cards: Sequence[Any], card: Card) -> int:
    try:
        return cards.index(card)  # (a card is equal to itself alone: its own place)
    except ValueError:
        return len(cards)
