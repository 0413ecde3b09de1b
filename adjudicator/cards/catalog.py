"""The card catalog: every built-in deck file plus a scenario's own cards, by name.

A deck file is data only (`decks/*.yaml`). Each card entry is checked against its
kind's parameters; an entry whose kind is not built yet loads as an unsupported
card, which a scenario may not use ("not supported yet: NAME").

A deck is a set: its own cards (`cards:`, each with `copies:` when the deck holds
more than one) and the cards it shares with other editions, listed by reference
(`shares: {fluxx5: [Play 4, ...]}`): a shared card is one object in every deck that
lists it. Names can clash between editions (Holiday's Fruitcake Keeper, the Fun
Pack's Fruitcake Creeper): `Fruitcake (holiday)` names one, and a bare name that
fits two cards is an error listing both.

The built-in decks are read from their files once, then kept between processes in the
on-disk cache (cache.py, keyed by the deck files and the code that reads them):
a replay that starts from the cache makes the cards without parsing YAML.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any

from adjudicator.cards.kinds import REGISTRY, default_kind, is_supported
from adjudicator.cards.kinds.base import plays_unasked
from adjudicator.loading import yaml_lines
from adjudicator.loading.yaml_lines import LinedDict, line_of
from adjudicator.model.cards import UNKNOWN, Card, CardType
from adjudicator.model.errors import ScenarioError
from adjudicator.model.names import normalize, not_text, suggest

_CARD_KEYS = {"name", "type", "kind", "slot", "text", "flags", "copies"}
_FLAGS = {"free_action", "ends_turn", "compound"}
_SLOTS = ("draw", "play", "hand_limit", "keeper_limit")
#: Card types a file may write, with the type each stands for (a Problem is Rick and Morty's Creeper).
TYPE_ALIASES = {"problem": CardType.CREEPER}
DEFAULT_BASIC_RULES = MappingProxyType({"deal": 3, "draw": 1, "play": 1})
_QUALIFIED = re.compile(r"^(?P<name>.*\S)\s*\((?P<deck>[^()]+)\)\s*$")
_TYPES = [t.value for t in CardType if t is not CardType.UNKNOWN]  # the types a card may have
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: A plain path (not importlib.resources): the cache fingerprints the deck files by path.
DECKS_DIR = os.path.join(_PACKAGE, "cards", "decks")


@dataclass(frozen=True)
class Deck:
    """One deck file: an edition or expansion, its own cards and those it shares."""

    id: str
    title: str
    cards: tuple[Card, ...]  # its own cards, every copy
    basic_rules: Mapping[str, int] | None = None
    shared: tuple[Card, ...] = ()  # cards of other decks that this deck holds too

    @property
    def members(self) -> tuple[Card, ...]:
        """Every card that may appear when a scenario plays with this deck."""
        return (*self.cards, *self.shared)

    @cached_property
    def played_unasked(self) -> frozenset[Card]:
        """Its cards a hand plays as they are (`plays_unasked`), worked out once per deck."""
        return frozenset(card for card in self.members if plays_unasked(card))


@dataclass
class Catalog:
    """The cards a scenario may name, by name: the decks in play and the scenario's own cards."""

    decks: dict[str, Deck]
    extra: tuple[Card, ...] = ()  # the scenario's own cards (`cards:`)
    basic_rules: Mapping[str, int] = field(default_factory=lambda: DEFAULT_BASIC_RULES)
    left_out: Mapping[str, Deck] = field(default_factory=dict)  # built-in decks `decks:` leaves out
    _index: dict[str, list[Card]] = field(default_factory=dict, init=False, repr=False)
    _copies: dict[Card, tuple[Card, ...]] = field(default_factory=dict, init=False, repr=False)  # copies_of, remembered

    def __post_init__(self) -> None:
        seen: set[int] = set()
        for card in [c for deck in self.decks.values() for c in deck.members]:
            if id(card) not in seen:
                seen.add(id(card))
                self._index.setdefault(normalize(card.name), []).append(card)
        for card in self.extra:  # a scenario's card takes the place of a built-in one not supported yet
            same = self._index.setdefault(normalize(card.name), [])
            same[:] = [c for c in same if is_supported(c) or c.deck == card.deck]
            same.append(card)

    def restricted(self, deck_ids: Iterable[str]) -> Catalog:
        decks = {d: self.decks[d] for d in deck_ids}
        basic = next((d.basic_rules for d in decks.values() if d.basic_rules), self.basic_rules)
        left_out = {**self.left_out, **{d: deck for d, deck in self.decks.items() if d not in decks}}
        return Catalog(decks, self.extra, basic_rules=basic, left_out=left_out)

    def with_cards(self, cards: Iterable[Card]) -> Catalog:
        return Catalog(dict(self.decks), (*self.extra, *cards), self.basic_rules, self.left_out)

    def all_cards(self) -> list[Card]:
        """Every card object of the catalog, each copy once."""
        return [card for cards in self._index.values() for card in cards]

    @cached_property
    def holds_copies(self) -> bool:
        """Whether some card has several copies (if not, no event needs its copies bound)."""
        return any(card.copy > 1 for card in self.all_cards())

    @cached_property
    def played_unasked(self) -> frozenset[Card]:
        """The cards a hand plays as they are, whenever it may play at all (`plays_unasked`): a
        hand of these alone is listed whole (the decks' sets, kept by each deck, joined)."""
        extra = (card for card in self.extra if plays_unasked(card))
        return frozenset().union(*(deck.played_unasked for deck in self.decks.values()), extra)

    @cached_property
    def with_copies(self) -> frozenset[Card]:
        """The cards that have other copies (`copies_of` gives more than one): an event naming none
        of them has no copy to bind (asked of every event, read in C)."""
        return frozenset(card for card in self.all_cards() if len(self.copies_of(card)) > 1)

    @cached_property
    def holds_surprises(self) -> bool:
        """Whether some card is a Surprise (if not, no play is ever read as an answer to the chain)."""
        return any(card.type is CardType.SURPRISE for card in self.all_cards())

    def copies_of(self, card: Card) -> tuple[Card, ...]:
        """Every copy of card's definition, the first copy first (asked before every event)."""
        copies = self._copies.get(card)
        if copies is None:
            copies = self._copies[card] = tuple(
                c for c in self._index.get(normalize(card.name), ()) if c.definition == card.definition
            ) or (card,)
        return copies

    def definitions(self, name: str) -> list[Card]:
        """The first copy of each card a name can mean: one card, several (a clash), or none.
        `NAME (DECK)` picks the card that deck prints, unless NAME (DECK) is itself a card name."""
        found = self._index.get(normalize(name), [])
        if not found:
            qualified = _QUALIFIED.match(name.strip())
            if qualified:
                deck = normalize(qualified["deck"])
                found = [c for c in self._index.get(normalize(qualified["name"]), []) if normalize(c.deck) == deck]
        firsts: dict[tuple[str, str], Card] = {}
        for card in found:
            firsts.setdefault(card.definition, card)
        return list(firsts.values())

    def get(self, name: str) -> Card | None:
        """The card a name (or nickname) means, for display: the first of a clash. Scenarios use `resolve`."""
        if name.strip() == "?":
            return UNKNOWN
        found = self.definitions(name) or next(
            (self.definitions(n) for n in _nicknames().get(normalize(name), ()) if self.definitions(n)), []
        )
        return found[0] if found else None

    def resolve(self, name: str, *, path: str | None = None, line: int | None = None) -> Card | None:
        """The card a name (or a table-talk nickname: "gowi", "d3p2") means -- its first copy --,
        None when no card has the name, and a ScenarioError when the name fits cards of two editions."""
        if name.strip() == "?":
            return UNKNOWN
        found = self.definitions(name)
        if not found:
            found = next(
                (self.definitions(n) for n in _nicknames().get(normalize(name), ()) if self.definitions(n)), []
            )
        if len(found) > 1:
            options = " and ".join(f"{c.qualified} (a {c.type.label})" for c in found)
            raise ScenarioError(
                f"card name {name!r} is ambiguous: it fits {options}; write the one meant, with its deck",
                path=path,
                line=line,
                suggestions=tuple(c.qualified for c in found),
            )
        return found[0] if found else None

    def card(self, name: Any, *, path: str | None = None, line: int | None = None) -> Card:
        """The card a scenario names, or a ScenarioError saying what is wrong with the name."""
        if not isinstance(name, str):
            raise ScenarioError(f"a card name must be text, not {not_text(name)}", path=path, line=line)
        if not name.strip():
            raise ScenarioError("expected a card name, got ''", path=path, line=line)
        card = self.resolve(name, path=path, line=line)
        if card is None:
            elsewhere = self.decks_left_out_with(name)
            if elsewhere:
                raise ScenarioError(self._left_out_message(name, elsewhere), path=path, line=line)
            raise ScenarioError(f"unknown card {name!r}", path=path, line=line, suggestions=suggest(name, self.names()))
        if not is_supported(card):
            raise ScenarioError(
                f"not supported yet: {card.name} ({card.type.label}, kind {card.kind!r} has no behaviour built)",
                path=path,
                line=line,
            )
        return card

    def decks_left_out_with(self, name: str) -> list[Deck]:
        """The built-in decks that `decks:` leaves out and that have a card of this name."""
        key = normalize(name)
        wanted = {key, *(normalize(n) for n in _nicknames().get(key, ()))}
        return [deck for deck in self.left_out.values() if any(normalize(c.name) in wanted for c in deck.members)]

    def _left_out_message(self, name: str, elsewhere: list[Deck]) -> str:
        in_use = ", ".join(self.decks)
        named = [f"{deck.id} ({deck.title})" for deck in elsewhere]
        having = " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)
        verb = "has" if len(elsewhere) == 1 else "have"
        return (
            f"unknown card {name!r}: the decks in use ({in_use}) do not have it; {having} {verb} it: "
            f"add {'it' if len(elsewhere) == 1 else 'one'} to the scenario's decks, "
            f"`decks: [{in_use}, {elsewhere[0].id}]`"
        )

    def names(self) -> list[str]:
        """Every name a scenario may write: plain, or with the deck where two editions clash."""
        out: list[str] = []
        for cards in self._index.values():
            definitions = {c.definition: c for c in cards}
            out += [c.qualified if len(definitions) > 1 else c.name for c in definitions.values()]
        return out


def build_cards(entry: Any, *, deck: str, path: str, strict: bool) -> list[Card]:
    """Every copy of the card a deck-file or scenario entry describes (`copies:`, default 1)."""
    card = build_card(entry, deck=deck, path=path, strict=strict)
    copies = entry.get("copies", 1)
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 100:
        raise ScenarioError(
            f"card {card.name!r}: `copies` must be a whole number from 1 to 100, not {copies!r}",
            path=path,
            line=_line(entry, "copies"),
        )
    return [card] + [dataclasses.replace(card, copy=n) for n in range(2, copies + 1)]


@lru_cache(maxsize=1)
def _nicknames() -> dict[str, tuple[str, ...]]:
    """normalized nickname -> printed names: the one table `cards show` and search use."""
    from adjudicator.cards.nicknames import NICKNAMES  # only when a name is not a card's own

    return {normalize(k): v for k, v in NICKNAMES.items()}


def build_card(entry: Any, *, deck: str, path: str, strict: bool) -> Card:
    """Make a Card (its first copy) from a deck-file or scenario entry.

    strict (scenario cards): the kind must be built and every key known.
    Deck files may name kinds not built yet: such cards load as unsupported.
    """
    line = line_of(entry)
    if not isinstance(entry, dict):
        raise ScenarioError("a card is a mapping like {name: ..., type: ...}", path=path, line=line)
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ScenarioError("a card needs a `name`", path=path, line=line)
    type_name = entry.get("type")
    if isinstance(type_name, str) and type_name in TYPE_ALIASES:
        type_name = TYPE_ALIASES[type_name].value
    if type_name not in _TYPES:
        raise ScenarioError(
            f"card {name!r}: `type` must be one of {', '.join(_TYPES)}",
            path=path,
            line=_line(entry, "type"),
            suggestions=suggest(str(type_name), _TYPES, 1),
        )
    slot = entry.get("slot")
    if slot is not None and (type_name != "rule" or slot not in _SLOTS):
        raise ScenarioError(
            f"card {name!r}: `slot` is for rules and is one of {', '.join(_SLOTS)}",
            path=path,
            line=_line(entry, "slot"),
            suggestions=suggest(str(slot), _SLOTS, 1),
        )
    kind_name = entry.get("kind") or default_kind(type_name, slot)
    if kind_name is not None and not isinstance(kind_name, str):
        raise ScenarioError(
            f"card {name!r}: `kind` must be the name of a kind, not {kind_name!r}", path=path, line=_line(entry, "kind")
        )
    if kind_name is None:
        raise ScenarioError(f"card {name!r}: a {type_name} needs a `kind`", path=path, line=line)
    kind = REGISTRY.get(kind_name)
    if kind is None and strict:
        raise ScenarioError(
            f"card {name!r}: unknown kind {kind_name!r}",
            path=path,
            line=_line(entry, "kind"),
            suggestions=suggest(kind_name, REGISTRY, 2),
        )
    flags = entry.get("flags", [])
    if not isinstance(flags, list) or any(not isinstance(f, str) or f not in _FLAGS for f in flags):
        raise ScenarioError(
            f"card {name!r}: `flags` is a list of {', '.join(sorted(_FLAGS))}", path=path, line=_line(entry, "flags")
        )
    params = {k: v for k, v in entry.items() if k not in _CARD_KEYS}
    if kind is not None:
        if kind.card_type.value != type_name:
            raise ScenarioError(
                f"card {name!r}: kind {kind_name!r} is for {kind.card_type.value} cards, not {type_name}",
                path=path,
                line=line,
            )
        for key, value in params.items():
            spec = kind.params.get(key)
            if spec is None:
                allowed = ", ".join(kind.params) or "none"
                raise ScenarioError(
                    f"card {name!r}: kind {kind_name!r} has no parameter {key!r} (its parameters: {allowed})",
                    path=path,
                    line=_line(entry, key),
                    suggestions=suggest(key, kind.params, 1),
                )
            if not spec.check(value):
                raise ScenarioError(
                    f"card {name!r}: {key} must be {spec.describe}, not {value!r}", path=path, line=_line(entry, key)
                )
        for key, spec in kind.params.items():
            if spec.required and key not in params:
                raise ScenarioError(
                    f"card {name!r}: kind {kind_name!r} needs {key!r} ({spec.describe})", path=path, line=line
                )
    return Card(
        name=name.strip(),
        type=CardType(type_name),
        kind=kind_name,
        params=MappingProxyType(_freeze(params)),
        text=str(entry.get("text", "")),
        deck=deck,
        flags=frozenset(flags),
    )


def _line(entry: Any, key: str) -> int | None:
    return entry.line_of(key) if isinstance(entry, LinedDict) else None


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_freeze(v) for v in value]
    return value


def _load_deck(text: str, path: str) -> tuple[Deck, Any]:
    """The deck with its own cards, and its `shares` entry (resolved once every deck is loaded)."""
    data = yaml_lines.load(text, path)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise ScenarioError("a deck file is a mapping with `deck` and `cards`", path=path, line=1)
    deck_id = str(data["deck"])
    cards = tuple(c for entry in data["cards"] for c in build_cards(entry, deck=deck_id, path=path, strict=False))
    return Deck(deck_id, str(data.get("title", deck_id)), cards, data.get("basic_rules")), data.get("shares")


def _shared(deck: Deck, shares: Any, decks: Mapping[str, Deck], path: str) -> tuple[Card, ...]:
    """The cards `shares: {DECK: [NAME, ...]}` names: every copy of each, as its own deck holds them."""
    if shares is None:
        return ()
    if not isinstance(shares, dict):
        raise ScenarioError(
            "`shares` maps a deck id to the names of its cards this deck holds too", path=path, line=line_of(shares)
        )
    out: list[Card] = []
    for other, names in shares.items():
        if other not in decks or other == deck.id or not isinstance(names, list):
            raise ScenarioError(
                f"`shares` of {deck.id}: {other!r} is not another deck with a list of names",
                path=path,
                line=line_of(shares, other),
                suggestions=suggest(str(other), decks, 1),
            )
        for i, name in enumerate(names):
            found = [c for c in decks[other].cards if isinstance(name, str) and normalize(c.name) == normalize(name)]
            if not found:
                raise ScenarioError(
                    f"`shares` of {deck.id}: {other} has no card {name!r}",
                    path=path,
                    line=line_of(names, i),
                    suggestions=suggest(str(name), (c.name for c in decks[other].cards), 1),
                )
            out += found
    return tuple(out)


@lru_cache(maxsize=1)
def builtin() -> Catalog:
    """Every deck shipped with the package (loaded once per process, from the cache when it can)."""
    decks = built_in_decks()
    basic = decks["fluxx5"].basic_rules if "fluxx5" in decks else DEFAULT_BASIC_RULES
    return Catalog(decks, basic_rules=basic or DEFAULT_BASIC_RULES)


def built_in_decks() -> dict[str, Deck]:
    """The decks of DECKS_DIR by id: from the cache, else read from their files (and cached)."""
    from adjudicator.cache import load_or_build

    return load_or_build("decks", DECKS_DIR, _deck_sources(), _read_decks, _dump_decks, _undump_decks)


def _deck_files() -> list[str]:
    return sorted(entry.path for entry in os.scandir(DECKS_DIR) if entry.name.endswith(".yaml"))


def _deck_sources() -> list[str]:
    """The cache key: the deck files and the code that turns them into cards (a kind's parameters
    decide whether an entry is valid, and the kinds' module decides a card's default kind)."""
    code = [
        os.path.join(_PACKAGE, *parts)
        for parts in (
            ("cards", "catalog.py"),
            ("model", "cards.py"),
            ("loading", "yaml_lines.py"),
            ("model", "names.py"),
        )
    ]
    kinds = [entry.path for entry in os.scandir(os.path.join(_PACKAGE, "cards", "kinds")) if entry.name.endswith(".py")]
    return [*_deck_files(), *code, *kinds]


def _read_decks() -> dict[str, Deck]:
    """Every deck, read from its file: any problem is a ScenarioError naming the file and line."""
    loaded: dict[str, tuple[Deck, Any, str]] = {}
    for file in _deck_files():
        path = f"adjudicator/cards/decks/{os.path.basename(file)}"
        with open(file, encoding="utf-8") as stream:
            deck, shares = _load_deck(stream.read(), path)
        loaded[deck.id] = (deck, shares, path)
    own = {deck_id: deck for deck_id, (deck, _s, _p) in loaded.items()}
    return {
        deck_id: dataclasses.replace(deck, shared=_shared(deck, shares, own, path))
        for deck_id, (deck, shares, path) in loaded.items()
    }


def _dump_decks(decks: Mapping[str, Deck]) -> list[tuple]:
    """The decks as plain values for the cache; a shared card is (its deck, its place there)."""
    place = {id(card): (deck.id, i) for deck in decks.values() for i, card in enumerate(deck.cards)}
    return [
        (
            deck.id,
            deck.title,
            None if deck.basic_rules is None else dict(deck.basic_rules),
            [(c.name, c.type.value, c.kind, dict(c.params), c.text, sorted(c.flags), c.copy) for c in deck.cards],
            [place[id(c)] for c in deck.shared],
        )
        for deck in decks.values()
    ]


def _undump_decks(data: list[tuple]) -> dict[str, Deck]:
    """The decks `_dump_decks` stored, every card made again as it was built (checked then)."""
    own = {
        deck_id: tuple(
            Card(name, CardType(type_name), kind, MappingProxyType(params), text, deck_id, frozenset(flags), copy)
            for name, type_name, kind, params, text, flags, copy in cards
        )
        for deck_id, _title, _basic, cards, _shared in data
    }
    return {
        deck_id: Deck(deck_id, title, own[deck_id], basic, tuple(own[d][i] for d, i in shared))
        for deck_id, title, basic, _cards, shared in data
    }
