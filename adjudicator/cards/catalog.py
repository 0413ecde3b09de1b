"""The card catalog: every built-in deck file plus a scenario's own cards, by name.

A deck file is data only (`decks/*.yaml`). Each card entry is checked against its
kind's parameters; an entry whose kind is not built yet loads as an unsupported
card, which a scenario may not use ("not supported yet: NAME").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from adjudicator.cards.kinds import REGISTRY, default_kind, is_supported
from adjudicator.cards.model import UNKNOWN, Card, CardType
from adjudicator.errors import ScenarioError
from adjudicator.loading.yaml_lines import LinedDict, line_of
from adjudicator.loading import yaml_lines
from adjudicator.names import normalize, suggest

_CARD_KEYS = {"name", "type", "kind", "slot", "text", "flags"}
_FLAGS = {"free_action", "ends_turn", "compound"}
_SLOTS = ("draw", "play", "hand_limit", "keeper_limit")
DEFAULT_BASIC_RULES = MappingProxyType({"deal": 3, "draw": 1, "play": 1})


@dataclass(frozen=True)
class Deck:
    id: str
    title: str
    cards: tuple[Card, ...]
    basic_rules: Mapping[str, int] | None = None


@dataclass
class Catalog:
    decks: dict[str, Deck]
    by_name: dict[str, Card] = field(default_factory=dict)
    basic_rules: Mapping[str, int] = field(default_factory=lambda: DEFAULT_BASIC_RULES)

    def __post_init__(self) -> None:
        if not self.by_name:
            for deck in self.decks.values():
                for card in deck.cards:
                    self.by_name[normalize(card.name)] = card

    def restricted(self, deck_ids: Iterable[str]) -> "Catalog":
        decks = {d: self.decks[d] for d in deck_ids}
        basic = next((d.basic_rules for d in decks.values() if d.basic_rules), self.basic_rules)
        return Catalog(decks, basic_rules=basic)

    def with_cards(self, cards: Iterable[Card]) -> "Catalog":
        merged = Catalog(dict(self.decks), dict(self.by_name), self.basic_rules)
        for card in cards:
            merged.by_name[normalize(card.name)] = card
        return merged

    def get(self, name: str) -> Card | None:
        """The card of this name or of a table-talk nickname ("gowi", "d3p2"), or None."""
        if name.strip() == "?":
            return UNKNOWN
        key = normalize(name)
        card = self.by_name.get(key)
        if card is None and key:
            card = next((self.by_name[normalize(n)] for n in _nicknames().get(key, ())
                         if normalize(n) in self.by_name), None)
        return card

    def card(self, name: Any, *, path: str | None = None, line: int | None = None) -> Card:
        """The card a scenario names, or a ScenarioError saying what is wrong with the name."""
        if not isinstance(name, str) or not name.strip():
            raise ScenarioError(f"expected a card name, got {name!r}", path=path, line=line)
        card = self.get(name)
        if card is None:
            raise ScenarioError(f"unknown card {name!r}", path=path, line=line,
                                suggestions=suggest(name, (c.name for c in self.by_name.values())))
        if not is_supported(card):
            raise ScenarioError(f"not supported yet: {card.name} ({card.type.label}, kind "
                                f"{card.kind!r} has no behaviour built)", path=path, line=line)
        return card

    def names(self) -> list[str]:
        return [c.name for c in self.by_name.values()]


@lru_cache(maxsize=1)
def _nicknames() -> dict[str, tuple[str, ...]]:
    """normalized nickname -> printed names: the one table `cards show` and search use."""
    from adjudicator.rulings.search import NICKNAMES  # only when a name is not a card's own

    return {normalize(k): v for k, v in NICKNAMES.items()}


def build_card(entry: Any, *, deck: str, path: str, strict: bool) -> Card:
    """Make a Card from a deck-file or scenario entry.

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
    types = [t.value for t in CardType if t is not CardType.UNKNOWN]
    if type_name not in types:
        raise ScenarioError(f"card {name!r}: `type` must be one of {', '.join(types)}", path=path,
                            line=_line(entry, "type"), suggestions=suggest(str(type_name), types, 1))
    slot = entry.get("slot")
    if slot is not None and (type_name != "rule" or slot not in _SLOTS):
        raise ScenarioError(f"card {name!r}: `slot` is for rules and is one of {', '.join(_SLOTS)}",
                            path=path, line=_line(entry, "slot"), suggestions=suggest(str(slot), _SLOTS, 1))
    kind_name = entry.get("kind") or default_kind(type_name, slot)
    if kind_name is not None and not isinstance(kind_name, str):
        raise ScenarioError(f"card {name!r}: `kind` must be the name of a kind, not {kind_name!r}",
                            path=path, line=_line(entry, "kind"))
    if kind_name is None:
        raise ScenarioError(f"card {name!r}: a {type_name} needs a `kind`", path=path, line=line)
    kind = REGISTRY.get(kind_name)
    if kind is None and strict:
        raise ScenarioError(f"card {name!r}: unknown kind {kind_name!r}", path=path, line=_line(entry, "kind"),
                            suggestions=suggest(kind_name, REGISTRY, 2))
    flags = entry.get("flags", [])
    if not isinstance(flags, list) or any(not isinstance(f, str) or f not in _FLAGS for f in flags):
        raise ScenarioError(f"card {name!r}: `flags` is a list of {', '.join(sorted(_FLAGS))}",
                            path=path, line=_line(entry, "flags"))
    params = {k: v for k, v in entry.items() if k not in _CARD_KEYS}
    if kind is not None:
        if kind.card_type.value != type_name:
            raise ScenarioError(f"card {name!r}: kind {kind_name!r} is for {kind.card_type.value} cards, "
                                f"not {type_name}", path=path, line=line)
        for key, value in params.items():
            spec = kind.params.get(key)
            if spec is None:
                allowed = ", ".join(kind.params) or "none"
                raise ScenarioError(f"card {name!r}: kind {kind_name!r} has no parameter {key!r} "
                                    f"(its parameters: {allowed})", path=path, line=_line(entry, key),
                                    suggestions=suggest(key, kind.params, 1))
            if not spec.check(value):
                raise ScenarioError(f"card {name!r}: {key} must be {spec.describe}, not {value!r}",
                                    path=path, line=_line(entry, key))
        for key, spec in kind.params.items():
            if spec.required and key not in params:
                raise ScenarioError(f"card {name!r}: kind {kind_name!r} needs {key!r} ({spec.describe})",
                                    path=path, line=line)
    return Card(name=name.strip(), type=CardType(type_name), kind=kind_name,
                params=MappingProxyType(_freeze(params)), text=str(entry.get("text", "")),
                deck=deck, flags=frozenset(flags))


def _line(entry: Any, key: str) -> int | None:
    return entry.line_of(key) if isinstance(entry, LinedDict) else None


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_freeze(v) for v in value]
    return value


def _load_deck(text: str, path: str) -> Deck:
    data = yaml_lines.load(text, path)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise ScenarioError("a deck file is a mapping with `deck` and `cards`", path=path, line=1)
    deck_id = str(data["deck"])
    cards = tuple(build_card(entry, deck=deck_id, path=path, strict=False) for entry in data["cards"])
    return Deck(deck_id, str(data.get("title", deck_id)), cards, data.get("basic_rules"))


@lru_cache(maxsize=1)
def builtin() -> Catalog:
    """Every deck shipped with the package (loaded once per process)."""
    decks: dict[str, Deck] = {}
    folder = resources.files("adjudicator.cards") / "decks"
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".yaml"):
            deck = _load_deck(item.read_text(encoding="utf-8"), f"adjudicator/cards/decks/{item.name}")
            decks[deck.id] = deck
    basic = decks["fluxx5"].basic_rules if "fluxx5" in decks else DEFAULT_BASIC_RULES
    return Catalog(decks, basic_rules=basic or DEFAULT_BASIC_RULES)
