"""What `adjudicator cards kinds` says of each card kind: its card type, what it does (the first
sentence of its class's docstring, and a built-in card of the kind with its text), its parameters and an example line for a scenario's or a
house-card library's `cards:`, so that writing a custom card needs no source reading.

The example is a built-in card of the kind, renamed ("My Milk"), or else the first custom card
of the kind in the bundled scenarios: data that is tested to load, never written here by hand."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from adjudicator.cards.catalog import builtin, default_kind
from adjudicator.cards.kinds import REGISTRY
from adjudicator.model.cards import Card

_FIRST_SENTENCE = re.compile(r"^(.*?[.!?:;])(\s|$)", re.S)


@dataclass(frozen=True)
class ParamDoc:
    name: str
    describe: str
    required: bool
    default: Any

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "takes": self.describe, "required": self.required, "default": _plain(self.default)}


@dataclass(frozen=True)
class KindDoc:
    name: str
    card_type: str
    summary: str
    params: tuple[ParamDoc, ...]
    example: str  # one flow-style YAML mapping
    implied: str  # when `kind:` may be left out (the type's or the slot's default), else ""
    like: str  # a built-in card of the kind and its text, else ""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.name,
            "type": self.card_type,
            "summary": self.summary,
            "parameters": [p.to_json() for p in self.params],
            "example": self.example,
            "implied_by": self.implied or None,
            "like": self.like or None,
        }


def kind_docs() -> list[KindDoc]:
    """Every kind, by card type, then by name."""
    built: dict[str, Card] = {}
    for card in builtin().all_cards():
        built.setdefault(card.kind, card)
    docs = [_doc(name, kind, built.get(name)) for name, kind in REGISTRY.items()]
    return sorted(docs, key=lambda d: (d.card_type, d.name))


def _doc(name: str, kind: Any, card: Card | None) -> KindDoc:
    params = tuple(ParamDoc(key, spec.describe, spec.required, spec.default) for key, spec in kind.params.items())
    card_type = kind.card_type.value
    example = _card_line(card) if card is not None else _scenario_example(name)
    implied = ""
    if default_kind(card_type, None) == name:
        implied = f"any {card_type} without a `kind`"
    else:
        slot = card.params.get("slot") if card is not None else None
        slot = slot or getattr(kind, "slot", None)
        if card_type == "rule" and slot and default_kind(card_type, slot) == name:
            implied = f"a rule with `slot: {slot}` and no `kind`"
    like = f"{card.name}: {card.text}" if card is not None and card.text else ""
    return KindDoc(name, card_type, _summary(kind), params, example, implied, like)


def _summary(kind: Any) -> str:
    text = " ".join((type(kind).__doc__ or "").split())
    found = _FIRST_SENTENCE.match(text)
    sentence = (found[1] if found else text).rstrip(":;")
    return sentence if len(sentence.split()) >= 4 else ""  # not a card's name alone: `like` says more


def _card_line(card: Card) -> str:
    """A built-in card as a custom card's mapping, renamed so that it clashes with none."""
    fields: dict[str, Any] = {"name": f"My {card.name}", "type": card.type.value, "kind": card.kind}
    if card.flags:
        fields["flags"] = sorted(card.flags)
    fields.update({key: _plain(value) for key, value in card.params.items()})
    return _flow(fields)


def _scenario_example(name: str) -> str:
    """The first custom card of kind `name` in the bundled scenarios ("" when there is none)."""
    from adjudicator.bundled import bundled

    suite = bundled("scenarios")
    pattern = re.compile(r"^\s*-\s*(\{.*\bkind:\s*" + re.escape(name) + r"\b.*\})\s*$", re.M)
    for path in sorted(suite.rglob("*.yaml")) if suite is not None else ():
        found = pattern.search(path.read_text(encoding="utf-8"))
        if found:
            return found[1]
    return ""


def _plain(value: Any) -> Any:
    """Frozen parameter values (tuples, mapping proxies) as plain lists and dicts."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "items"):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _flow(value: Any) -> str:
    """One line of flow-style YAML."""
    import yaml

    return yaml.safe_dump(value, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10_000).strip()
