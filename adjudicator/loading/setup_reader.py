"""The position before the events (`setup:`) and after them (`expect:`), read into a `Setup`
and the `expect` comparison's values; each wrong key, card or player is a mistake of its own."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from adjudicator.cards.kinds import REGISTRY, kind_of
from adjudicator.loading.keys import EXPECT_KEYS, PHASES, SETUP_KEYS
from adjudicator.loading.reader import ReaderBase
from adjudicator.model.cards import Card, CardType
from adjudicator.model.names import shown_value, suggest
from adjudicator.model.scenario import Setup

#: Compiled when an `expect.rulings` is first read (re keeps it): a scenario without one never needs it.
RULING_ID = r"(?i)^(R\d{2}|Q\d+|Q-tag-[a-z0-9-]+|B-[a-z0-9-]+|H-[a-z0-9_]+)$"


class SetupReader(ReaderBase):
    def read_setup(self, node: dict) -> Setup:
        self.check_keys(node, SETUP_KEYS, "setup")
        before = len(self.mistakes)
        first = self.players[0]
        turn = self.attempt(lambda: self.player(node["turn"], node, "turn"), first) if "turn" in node else first
        phase = self.attempt(lambda: self.phase(node), "play")
        drawn = self.attempt(lambda: self.as_count(node, "drawn", "drawn"), None) if "drawn" in node else None
        played = self.attempt(lambda: self.as_count(node, "played", "played"), 0) if "played" in node else 0
        zones: list[tuple[str, tuple[Card, ...], Any]] = []

        dealt: dict[tuple[str, str], int] = {}  # copies of each card placed so far

        no_cards: tuple[Card, ...] = ()

        def zone(label: str, container: dict, key: Any) -> tuple[Card, ...]:
            items = container.get(key)
            listed = self.attempt(lambda: self.cards(container, key, label), no_cards) if items is not None else ()
            if isinstance(items, list) and len(listed) != len(items):  # a card left out: its mistake is said
                zones.append((label, listed, items))
                return listed
            cards = self.attempt(
                lambda: tuple(self.next_copy(c, dealt, items, i) for i, c in enumerate(listed)), no_cards
            )
            zones.append((label, cards, items))
            return cards

        def per_player(key: str) -> dict[str, tuple[dict, Any]]:
            return self.attempt(lambda: self.per_player(node, key), {})

        rules = zone("rules", node, "rules")
        goals = zone("goals", node, "goals")
        hands = {p: zone(f"hands of {p}", *where) for p, where in per_player("hands").items()}
        in_play = {p: zone(f"in_play of {p}", *where) for p, where in per_player("in_play").items()}
        draw_pile = zone("draw_pile", node, "draw_pile")
        discard = zone("discard", node, "discard")
        rules_pile = zone("rules_pile", node, "rules_pile")
        if rules_pile and len(self.players) != 1:
            self.note(
                self.fail(
                    "`rules_pile` is the Rules deck of Solo Fluxx: it needs exactly one player", node, "rules_pile"
                )
            )
        if len(self.mistakes) == before:  # a position with a card left out would say it wrongly
            self.attempt(lambda: self.check_position(zones), None)
        return Setup(turn, phase, drawn, played, rules, goals, hands, in_play, draw_pile, discard, rules_pile)

    def phase(self, node: dict) -> str:
        phase = node.get("phase", "play")
        if phase not in PHASES:
            raise self.fail(
                f"`phase` must be one of {', '.join(PHASES)}, not {shown_value(phase)}",
                node,
                "phase",
                suggest(str(phase), PHASES, 1),
            )
        return str(phase)

    def next_copy(self, card: Card, dealt: dict[tuple[str, str], int], items: Any, index: int) -> Card:
        """Each mention of a card in the setup is the next copy of it. A card with one copy is
        returned again (check_position says where it is listed twice)."""
        if card.is_unknown:
            return card
        copies = self.catalog.copies_of(card)
        n = dealt.get(card.definition, 0)
        dealt[card.definition] = n + 1
        if n >= len(copies) > 1:
            raise self.fail(
                f"{card} is named {n + 1} times in the setup, but the deck has {len(copies)} copies", items, index
            )
        return copies[min(n, len(copies) - 1)]

    def check_position(self, zones: list[tuple[str, tuple[Card, ...], Any]]) -> None:
        """Refuse positions that cannot exist."""
        slots: dict[str, Card] = {}
        goal_count = 0
        goal_slots = max(1, len(self.decks)) if self.house_rules.goals_per_deck else 1
        seen: dict[int, str] = {}
        for label, cards, items in zones:
            for index, card in enumerate(cards):
                where = (items, index)
                if card.is_unknown:
                    if label in ("rules", "goals", "rules_pile") or label.startswith("in_play"):
                        raise self.fail(f"`?` stands only for cards in hands and piles, not in {label}", *where)
                    continue
                if label == "rules":
                    if card.type not in (CardType.RULE, CardType.META):
                        raise self.fail(f"{card} is a {card.type.label}, not a New Rule", *where)
                    slot = getattr(kind_of(card), "slot", None)
                    if slot and slot in slots:
                        raise self.fail(
                            f"{slots[slot]} and {card} cannot both be in play: a rule replaces "
                            f"the rule in its slot (B-new-rule-replaces)",
                            *where,
                        )
                    if slot:
                        slots[slot] = card
                    goal_slots += kind_of(card).goal_slots(None, card)  # type: ignore[arg-type]  # no game yet: read from the card
                elif label == "goals":
                    if card.type is not CardType.GOAL:
                        raise self.fail(f"{card} is a {card.type.label}, not a Goal", *where)
                    goal_count += 1
                    if goal_count > goal_slots:
                        why = "" if goal_slots > 1 else " without Double Agenda"
                        raise self.fail(f"{goal_count} Goals cannot be in play{why} (at most {goal_slots})", *where)
                elif label == "rules_pile" and card.type is not CardType.RULE:
                    raise self.fail(f"{card} is a {card.type.label}: the Rules deck holds only New Rules", *where)
                if len(self.players) == 1 and card.kind in REGISTRY and kind_of(card).needs_others:
                    raise self.fail(
                        f"{card} is set aside in Solo Fluxx (one player): it acts on other players (B-solo)", *where
                    )
                if label == "draw_pile" and card.type is CardType.RULE and len(self.players) == 1:
                    raise self.fail(
                        f"{card} is a New Rule: in Solo Fluxx (one player) the New Rules form the Rules "
                        "deck (`rules_pile`), not the Main deck (B-solo)",
                        *where,
                    )
                elif label.startswith("hands") and card.type is CardType.CREEPER:
                    raise self.fail(
                        f"{card} is a Creeper: it can never be held in hand, it goes in front of "
                        f"its player (B-creeper-placement)",
                        *where,
                    )
                elif label.startswith("in_play") and card.type not in (CardType.KEEPER, CardType.CREEPER):
                    raise self.fail(
                        f"{card} is a {card.type.label}: only Keepers and Creepers are in front of a player", *where
                    )
                if id(card) in seen:
                    place = "twice in " + label if seen[id(card)] == label else f"in {seen[id(card)]} and in {label}"
                    copies = len(self.catalog.copies_of(card))
                    have = "one copy" if copies == 1 else f"{copies} copies"
                    raise self.fail(f"{card} is listed {place}, but the deck has {have}", *where)
                seen[id(card)] = label

    def read_expect(self, node: Any, event_count: int) -> dict[str, Any]:
        if not isinstance(node, dict):
            raise self.fail("`expect` must be a mapping", node)
        self.check_keys(node, EXPECT_KEYS, "expect")
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in EXPECT_KEYS:
                self.attempt(partial(self.expect_value, node, key, value, event_count, out), None)
        return out

    def expect_value(self, node: dict, key: str, value: Any, event_count: int, out: dict[str, Any]) -> None:
        """Read one `expect` key into `out`."""
        everyone = self.players + self.joined
        if key == "winner" and isinstance(value, list):  # a shared win (house rule tie: shared)
            out[key] = tuple(self.player(v, value, i, everyone) for i, v in enumerate(value))
        elif key == "winner":
            out[key] = None if value in (None, "none", "None", "nobody") else self.player(value, node, key, everyone)
        elif key == "turn":
            out[key] = self.player(value, node, key, everyone)
        elif key in ("turn_over", "stopped"):
            if not isinstance(value, bool):
                raise self.fail(f"`{key}` must be true or false", node, key)
            out[key] = value
        elif key in ("plays_left", "draw_pile_size"):
            out[key] = self.as_count(node, key, key)
        elif key in ("hands", "in_play"):
            out[key] = {
                p: self.cards(*where, f"{key} of {p}") if where[0][where[1]] is not None else ()
                for p, where in self.per_player(node, key, everyone).items()
            }
        elif key in ("hand_sizes", "in_play_sizes", "goals_won"):
            out[key] = {
                p: self.as_count(*where, f"{key} of {p}") for p, where in self.per_player(node, key, everyone).items()
            }
        elif key in ("rules", "goals", "discard_has"):
            out[key] = self.cards(node, key, key)
        elif key == "rejected":
            items = self.as_list(node, key, key)
            for i, n in enumerate(items):
                if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= event_count:
                    raise self.fail(f"`rejected` lists event numbers from 1 to {event_count}, not {n!r}", items, i)
            out[key] = sorted(set(items))
        elif key == "summary":
            if not isinstance(value, str) or not value.strip():
                raise self.fail("`summary` must be the sentence that opens the answer", node, key)
            out[key] = " ".join(value.split())
        elif key == "rulings":
            items = self.as_list(node, key, key)
            out[key] = [self.ruling_id(rid, items, i) for i, rid in enumerate(items)]

    def ruling_id(self, rid: Any, items: list, i: int) -> str:
        """An `expect.rulings` id as its record spells it (`r20` is R20), or an error naming the
        nearest ids: an id no record has could never be cited, so the check could never pass."""
        if not isinstance(rid, str) or not re.match(RULING_ID, rid.strip()):
            raise self.fail(f"{rid!r} is not a ruling id (R01-R65, Q<n>, Q-tag-<name>, B-<name>)", items, i)
        known = _known_ruling_ids()
        found = known.get(rid.strip().casefold())
        if found is None:
            near = suggest(rid, known.values(), 3)
            raise self.fail(
                f"{rid!r} is not the id of any ruling",
                items,
                i,
                near,
            )
        return found


def _known_ruling_ids() -> dict[str, str]:
    """Every id and alias a ruling record answers to, by its case-folded spelling (made once per
    alias table: `check` asks for it for every id of every file)."""
    from adjudicator.rulings.store import aliases  # the records are read only when a file expects rulings

    table = aliases()
    if _KNOWN_IDS[0] is not table:
        _KNOWN_IDS[:] = [table, {rid.casefold(): rid for rid in table}]
    return _KNOWN_IDS[1]


_KNOWN_IDS: list[Any] = [None, {}]  # the alias table last seen, and its ids by case-folded spelling
