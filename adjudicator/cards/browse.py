"""Browsing the built-in cards: every card with the decks that hold it, filtered by deck, type,
kind and words of its text (`cards list`), or ranked against a phrase that may name the card,
its deck, its type or words of its text (`cards search`, and `cards show` when no card has the
name asked for: "Pickle Rick" finds the Rick and Morty cards)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.cards.catalog import TYPE_ALIASES, Catalog
from adjudicator.cards.kinds import is_supported
from adjudicator.model.cards import Card, CardType
from adjudicator.model.names import normalize, suggest

_WORD = re.compile(r"[a-z0-9]+")
#: Words that say nothing about which card is meant.
_STOP = frozenset("a an and the of to in on for with card cards is it its my your that this".split())
#: What a word found in each part of a card is worth: a card is named, then known by its deck.
#: `deck` is the deck that prints the card, `decks` another deck that shares it.
_WEIGHTS = {"name": 3.0, "deck": 2.0, "decks": 1.8, "type": 1.5, "kind": 1.5, "text": 1.0}
_NEAR = 0.75  # a misspelt word (Damerau-Levenshtein similarity at least this) counts, scaled down


class BrowseError(Exception):
    """A filter value no card has: the message names the valid values."""

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.message, self.suggestions = message, suggestions


@dataclass(frozen=True)
class Entry:
    """One card of the catalog (its first copy) with the decks that hold it."""

    card: Card
    decks: tuple[str, ...]
    copies: int

    @property
    def supported(self) -> bool:
        return is_supported(self.card)

    def to_json(self) -> dict[str, object]:
        card = self.card
        return {
            "name": card.name,
            "type": card.type.value,
            "type_label": card.type.label,
            "kind": card.kind,
            "deck": card.deck,
            "decks": list(self.decks),
            "copies": self.copies,
            "supported": self.supported,
            "text": " ".join(card.text.split()),
        }


@dataclass(frozen=True)
class Match:
    entry: Entry
    score: float
    found_in: tuple[str, ...]  # the parts of the card the query's words were found in


def entries(catalog: Catalog) -> list[Entry]:
    """Every card definition, by name then deck, with the decks that hold it."""
    holders: dict[tuple[str, str], list[str]] = {}
    firsts: dict[tuple[str, str], Card] = {}
    copies: dict[tuple[str, str], int] = {}
    for deck in catalog.decks.values():
        for card in deck.members:
            holders.setdefault(card.definition, [])
            if deck.id not in holders[card.definition]:
                holders[card.definition].append(deck.id)
            firsts.setdefault(card.definition, card)
            if deck.id == card.deck:
                copies[card.definition] = max(copies.get(card.definition, 0), card.copy)
    return sorted(
        (Entry(card, tuple(holders[key]), copies.get(key, 1)) for key, card in firsts.items()),
        key=lambda e: (e.card.name.lower(), e.card.deck),
    )


def card_type(value: str) -> CardType:
    """A --type value: a type as scenario files write it, its label ("New Rule"), or `problem`."""
    key = normalize(value)
    for card_type in CardType:
        if card_type is not CardType.UNKNOWN and key in (normalize(card_type.value), normalize(card_type.label)):
            return card_type
    if key in TYPE_ALIASES:
        return TYPE_ALIASES[key]
    names = [t.value for t in CardType if t is not CardType.UNKNOWN]
    raise BrowseError(
        f"unknown card type {value!r} (types: {', '.join(names)}; a problem is a creeper)", suggest(value, names, 1)
    )


def select(
    catalog: Catalog,
    *,
    deck: str | None = None,
    type: str | None = None,
    kind: str | None = None,
    text: str | None = None,
) -> list[Entry]:
    """The cards that pass every filter given: held by the deck, of the type, of the kind, and
    whose name or text has every word of `text`."""
    found = entries(catalog)
    if deck is not None:
        deck_id = _deck_id(catalog, deck)
        found = [e for e in found if deck_id in e.decks]
    if type is not None:
        wanted = card_type(type)
        found = [e for e in found if e.card.type is wanted]
    if kind is not None:
        kinds = sorted({e.card.kind for e in entries(catalog)})
        key = kind.strip().lower().replace("-", "_").replace(" ", "_")
        if key not in kinds:
            raise BrowseError(f"unknown card kind {kind!r}", suggest(kind, kinds, 2))
        found = [e for e in found if e.card.kind == key]
    if text is not None:
        words = _words(text)
        found = [e for e in found if words <= _words(f"{e.card.name} {e.card.text}")]
    return found


def search(catalog: Catalog, query: str) -> list[Match]:
    """The cards the query's words point to, best first: a word in a card's name counts most,
    then the deck's name, the type or kind, the text; a misspelt word counts a little less."""
    words = [w for w in _WORD.findall(query.lower()) if w not in _STOP] or _WORD.findall(query.lower())
    decks = {deck.id: _words(f"{deck.id.replace('_', ' ')} {deck.title}") for deck in catalog.decks.values()}
    whole = normalize(query)
    cards = []
    for entry in entries(catalog):
        card = entry.card
        parts = {
            "name": _words(card.name),
            "deck": decks.get(card.deck, set()),
            "decks": set().union(*(decks[d] for d in entry.decks if d != card.deck)),
            "type": _words(card.type.label) | {card.type.value},
            "kind": _words(card.kind.replace("_", " ")),
            "text": _words(card.text),
        }
        cards.append((entry, parts))
    # A word some card has is taken as written ("rick" is not a misspelt "rich"); only the others
    # are compared with near spellings.
    known = set().union(*(vocab for _entry, parts in cards for vocab in parts.values()))
    matches = []
    for entry, parts in cards:
        score, found_in = 0.0, []
        for word in words:
            best, where = max(
                (_WEIGHTS[part] * _likeness(word, vocab, word in known), part) for part, vocab in parts.items()
            )
            if best > 0:
                score += best
                found_in.append(where)
        if whole and whole in normalize(entry.card.name):
            score += 2 * _WEIGHTS["name"]
            found_in.append("name")
        if score > 0:
            matches.append(Match(entry, score, tuple(dict.fromkeys(found_in))))
    # Between equals, the card with the fewest other words in its name: "milk" means Milk first.
    return sorted(matches, key=lambda m: (-m.score, len(_words(m.entry.card.name)), m.entry.card.name.lower()))


def _deck_id(catalog: Catalog, deck: str) -> str:
    known = list(catalog.decks)
    key = normalize(deck)
    for deck_id, found in catalog.decks.items():
        if key in (normalize(deck_id), normalize(found.title)):
            return deck_id
    raise BrowseError(f"unknown deck {deck!r} (decks: {', '.join(known)})", suggest(deck, known, 1))


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def _likeness(word: str, vocabulary: set[str], exact_only: bool) -> float:
    """1 when the word is in the vocabulary, less for a near spelling of one of its words, else 0."""
    if word in vocabulary:
        return 1.0
    if exact_only or len(word) < 4:
        return 0.0
    from rapidfuzz.distance import DamerauLevenshtein

    best = max((DamerauLevenshtein.normalized_similarity(word, other) for other in vocabulary), default=0.0)
    return best * best if best >= _NEAR else 0.0
