"""Scenario files (format 1, see SCENARIO_FORMAT.md) into a validated `Scenario`.

Every problem becomes a `ScenarioError` naming the file, the line, what is
wrong and, for names, the nearest valid ones. Nothing here raises anything else
for any input (tests/test_hostile_input.py fuzzes it). Only regular files of at most
MAX_FILE_BYTES are read: a named pipe would block and /dev/zero never ends.

Names: a card may be written by its printed name in any case and punctuation, or by a
table-talk nickname ("gowi", "d3p2", "swap plays": the table `cards show` uses, in
cards/nicknames.py). Player names are any text, compared ignoring case and spacing only,
so "Zoë" and "Zoé" are two players.

Addition to the event forms: the choice `none` (`Alice plays Let's Simplify -> none`,
`Alice chooses none`) is an explicit choice of nothing, for choices that allow zero.
It becomes `NO_CHOICE` in `Event.choices` (a player or card named "none" still wins),
which is different from giving no choice, after which the engine asks.
"""

from __future__ import annotations

import dataclasses
import re
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from adjudicator.cards.catalog import Catalog, build_cards, builtin
from adjudicator.cards.kinds import REGISTRY, Kind, choice_words, is_supported, kind_of, word_choice
from adjudicator.loading import mistakes, yaml_lines
from adjudicator.loading.keys import DISPUTED, EVENT_KEYS, EXPECT_KEYS, PHASES, SETUP_KEYS, TOP_KEYS
from adjudicator.loading.yaml_lines import line_of
from adjudicator.model.cards import NO_CHOICE, AtRandom, Card, CardType
from adjudicator.model.day import read_day
from adjudicator.model.errors import ScenarioError
from adjudicator.model.events import VERB_OF, Assignment, Event, Whose, one_line
from adjudicator.model.events import VERBS as _VERBS
from adjudicator.model.house_rules import HouseRuleError, HouseRules
from adjudicator.model.names import normalize, not_text, player_key, shown_value, suggest
from adjudicator.model.scenario import Scenario, Setup

ACTIONS = ("play", "use", "discard", "keep", "choose", "join", "drop_out", "spell", "begin_turn")
_SECTIONS = {"the scenario": TOP_KEYS, "setup": SETUP_KEYS, "expect": EXPECT_KEYS}  # where a misplaced key belongs
MAX_FILE_BYTES = 5 * 1024 * 1024  # a scenario is a few KB; 5 MB is room for 100,000 events
#: A replay keeps every step of every event (about ten a played card): this many events keep a
#: replay under about 1 GB and a few seconds a ten thousand events, whatever the file holds
#: (docs/scenario-format.md gives the figures `benchmarks/hostile.py` measures).
MAX_EVENTS = 100_000
#: The cards a scenario may add (`cards:`, copies counted), beside the decks' few hundred.
MAX_CUSTOM_CARDS = 500
RULING_ID = re.compile(r"^(R\d{2}|Q\d+|Q-tag-[a-z0-9-]+|B-[a-z0-9-]+|H-[a-z0-9_]+)$", re.IGNORECASE)
#: `P begins` may say what begins: `P begins her turn` (his, their) reads the same.
_TURN_WORDS = ("", "turn", "her turn", "his turn", "their turn")
_EVENT_RE = re.compile(
    r"^(?P<player>.+?)\s+(?P<verb>plays|uses|discards|keeps|chooses|joins|drops out|spells|begins)"
    r"(?=\s|$)(?P<rest>.*)$",
    re.S,
)


def load_scenario(path: str | Path, house_rules: Mapping[str, Any] | None = None) -> Scenario:
    """Read a scenario file; `house_rules` (switch -> value) override the file's own."""
    path = Path(path)
    return parse_scenario(decode(read_bytes(path), str(path)), str(path), house_rules)


def read_bytes(path: Path) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES; anything else is a ScenarioError."""
    shown = str(path)
    try:
        info = path.stat()  # stat, not open: opening a named pipe blocks until a writer comes
        if stat.S_ISDIR(info.st_mode):
            raise ScenarioError("is a directory, not a scenario file", path=shown)
        if not stat.S_ISREG(info.st_mode):
            raise ScenarioError(
                "not a regular file (a pipe, device or socket): scenarios are read only from regular files", path=shown
            )
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise ScenarioError("no such file", path=shown) from None
    except OSError as exc:
        raise ScenarioError(f"cannot read: {exc.strerror or exc}", path=shown) from None
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioError(
            f"the file is larger than {MAX_FILE_BYTES // 2**20} MB, the most a scenario file may be", path=shown
        )
    return data


def decode(data: bytes, path: str) -> str:
    """UTF-8 text (a byte-order mark is allowed); a bad byte is named with its offset and line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ScenarioError(
            f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start} "
            f"({exc.reason}); save the file as UTF-8",
            path=path,
            line=line,
        ) from None


#: An unknown card name longer than this is not read for the mistakes people make (a card and its
#: choices joined by something else than `->`): no card and its choices are this long.
GUESSED_WITHIN = 2000


def parse_scenario(text: str, path: str = "<scenario>", house_rules: Mapping[str, Any] | None = None) -> Scenario:
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError(f"the scenario is larger than {MAX_FILE_BYTES // 2**20} MB, the most it may be", path=path)
    with yaml_lines.collection_paused():
        data = yaml_lines.load(text, path, explain=mistakes.yaml_problem)
        try:
            return _Reader(path, house_rules).read(data)
        except ScenarioError as exc:
            raise exc.located(path) from None
        except RecursionError:
            raise ScenarioError("the file is nested too deeply", path=path) from None


def read_scenario_data(
    data: Mapping[str, Any], path: str = "<scenario>", house_rules: Mapping[str, Any] | None = None
) -> Scenario:
    """A scenario from plain values (dicts, lists, text, numbers), read as `parse_scenario` reads
    the same values from YAML text, without writing and parsing the text (its errors have no line)."""
    try:
        return _Reader(path, house_rules).read(data)
    except ScenarioError as exc:
        raise exc.located(path) from None


class _Reader:
    def __init__(self, path: str, house_rules: Mapping[str, Any] | None = None) -> None:
        self.path = path
        self.overrides = dict(house_rules or {})
        self.catalog: Catalog = builtin()
        self.players: list[str] = []
        self.joined: list[str] = []  # players who jump in during the events
        self.marked: list[int] = []  # events marked `- disputed: EVENT`
        self.decks: tuple[str, ...] = ()
        self.house_rules = HouseRules()
        self.event_cards: dict[str, Card] = {}  # see event_card

    def fail(self, message: str, node: Any = None, key: Any = None, suggestions: Iterable[str] = ()) -> ScenarioError:
        return ScenarioError(message, path=self.path, line=line_of(node, key), suggestions=tuple(suggestions))

    # ------------------------------------------------------------- helpers
    def ruling_id(self, rid: Any, items: list, i: int) -> str:
        """An `expect.rulings` id as its record spells it (`r20` is R20), or an error naming the
        nearest ids: an id no record has could never be cited, so the check could never pass."""
        if not isinstance(rid, str) or not RULING_ID.match(rid.strip()):
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

    def check_keys(self, mapping: dict, allowed: tuple[str, ...], what: str) -> None:
        for key in mapping:
            if key not in allowed:
                if (misplaced := mistakes.misplaced_key(str(key), what, _SECTIONS)) is not None:
                    raise self.fail(f"unknown key {key!r} in {what}: {misplaced}", mapping, key)
                raise self.fail(
                    f"unknown key {key!r} in {what}; valid keys: {', '.join(allowed)}",
                    mapping,
                    key,
                    suggest(str(key), allowed, 1),
                )

    def as_list(self, node: dict, key: str, what: str) -> list:
        value = node.get(key, [])
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(f"`{what}` must be a list{mistakes.list_hint(value)}", node, key)
        return value

    def as_count(self, node: dict, key: str, what: str) -> int:
        value = node[key]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise self.fail(f"`{what}` must be a whole number of 0 or more, not {shown_value(value)}", node, key)
        return value

    def card(self, name: Any, node: Any, key: Any) -> Card:
        return self.catalog.card(name, path=self.path, line=line_of(node, key))

    def cards(self, node: dict, key: str, what: str) -> tuple[Card, ...]:
        items = self.as_list(node, key, what)
        return tuple(self.card_of_list(items, i) for i in range(len(items)))

    def card_of_list(self, items: list, index: int) -> Card:
        try:
            return self.card(items[index], items, index)
        except ScenarioError as exc:
            whole = mistakes.comma_cut(items, index, self.is_card) if exc.message.startswith("unknown card") else None
            if whole is None:
                raise
            raise self.fail(
                f'unknown card {items[index]!r}: a comma separates list items; write "{whole}" in quotes',
                items,
                index,
            ) from None

    def is_card(self, name: str) -> bool:
        try:
            return self.catalog.resolve(name) is not None
        except ScenarioError:  # an ambiguous name is still a card's
            return True

    def player(self, name: Any, node: Any, key: Any, known: Iterable[str] | None = None) -> str:
        known = list(self.players if known is None else known)
        if not isinstance(name, str):
            raise self.fail(f"a player name must be text, not {not_text(name)}", node, key)
        found = same_player(name, known)
        if found is None:
            raise self.fail(
                f"unknown player {name!r} (players: {', '.join(known)})", node, key, suggest(str(name), known, 1)
            )
        return found

    def per_player(self, node: dict, key: str, known: list[str] | None = None) -> dict[str, tuple[dict, Any]]:
        value = node.get(key) or {}
        if not isinstance(value, dict):
            hint = mistakes.per_player_hint(key, value, (known or self.players)[0])
            raise self.fail(f"`{key}` must map player names to values{hint}", node, key)
        out: dict[str, tuple[dict, Any]] = {}  # player -> (the mapping, the key that named the player)
        for name in value:
            player = self.player(name, value, name, known)
            if player in out:
                first = out[player][1]
                raise self.fail(f"{player} is listed twice in `{key}` (as {first!r} and as {name!r})", value, name)
            out[player] = (value, name)
        return out

    # --------------------------------------------------------------- parts
    def read(self, data: Any) -> Scenario:
        if not isinstance(data, dict):
            kind = "empty" if data is None else "a list" if isinstance(data, list) else f"the single value {data!r:.40}"
            raise ScenarioError(
                f"a scenario file is a YAML mapping (title, players, setup, events, ...), but this one is {kind}",
                path=self.path,
                line=line_of(data) or 1,
            )
        self.check_keys(data, TOP_KEYS, "the scenario")
        for key in ("title", "players", "setup", "events"):
            if key not in data:
                if (nested := mistakes.nested_key(key, data)) is not None:
                    name, node = nested
                    raise self.fail(
                        f"missing required key `{key}`: it is indented under `{name}`; "
                        "a top-level key starts at the left edge",
                        node,
                        key,
                    )
                raise self.fail(f"missing required key `{key}`", data)
        fmt = data.get("format", 1)
        if fmt != 1:
            raise self.fail(f"format {fmt!r} is not supported (this program reads format 1)", data, "format")
        title = data["title"]
        if not isinstance(title, str) or not title.strip():
            raise self.fail("`title` must be a line of text", data, "title")
        question = data.get("question") or ""
        if not isinstance(question, str):
            raise self.fail("`question` must be text", data, "question")
        self.read_players(data)
        self.read_decks(data)
        self.read_cards(data)
        house_rules = self.read_house_rules(data)
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise self.fail(f"`seed` must be a whole number, not {shown_value(seed)}", data, "seed")
        setup_node = data["setup"] if data["setup"] is not None else {}
        if not isinstance(setup_node, dict):
            raise self.fail("`setup` must be a mapping", data, "setup")
        date = read_day(data["date"], data, "date", self.fail, self.player) if "date" in data else None
        setup = self.read_setup(setup_node)
        events = self.read_events(data)
        dispute = self.read_dispute(data, len(events))
        expect_node = data.get("expect")
        if expect_node is not None and not isinstance(expect_node, dict):
            raise self.fail("`expect` must be a mapping", data, "expect")
        expect = self.read_expect(expect_node, len(events)) if expect_node is not None else None
        return Scenario(
            self.path,
            title.strip(),
            question.strip(),
            tuple(self.players),
            self.catalog,
            house_rules,
            seed,
            setup,
            events,
            expect,
            dict(expect_node.key_lines) if isinstance(expect_node, yaml_lines.LinedDict) else {},
            self.decks,
            date,
            dispute,
        )

    def read_dispute(self, data: dict, event_count: int) -> tuple[int, ...]:
        """`dispute: N` or `dispute: [N, M]`, with the events marked `- disputed: EVENT`."""
        numbers = set(self.marked)
        if "dispute" in data:
            value = data["dispute"]
            items = value if isinstance(value, list) else [value]
            for i, n in enumerate(items):
                if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= event_count:
                    where = (items, i) if isinstance(value, list) else (data, "dispute")
                    raise self.fail(
                        f"`dispute` names event numbers from 1 to {event_count} (the disputed events), not {n!r}"
                        if event_count
                        else "`dispute` names a disputed event, but the file has no events",
                        *where,
                    )
            numbers.update(items)
        return tuple(sorted(numbers))

    def read_players(self, data: dict) -> None:
        players = data["players"]
        if not isinstance(players, list) or not players:
            raise self.fail(
                f"`players` must be a list of names in seating order{mistakes.list_hint(players)}", data, "players"
            )
        for i, name in enumerate(players):
            if not isinstance(name, str) or not name.strip():
                raise self.fail(f"a player name must be text, not {not_text(name)}", players, i)
            name = " ".join(name.split())
            if (problem := player_name_problem(name, self.players)) is not None:
                raise self.fail(problem, players, i)
            self.players.append(name)

    def read_decks(self, data: dict) -> None:
        if "decks" not in data:
            return
        ids = self.as_list(data, "decks", "decks")
        known = list(self.catalog.decks)
        for i, deck in enumerate(ids):
            if deck not in known:
                raise self.fail(
                    f"unknown deck {deck!r} (decks: {', '.join(known)})", ids, i, suggest(str(deck), known, 1)
                )
        self.catalog = self.catalog.restricted(ids)
        self.decks = tuple(ids)

    def read_cards(self, data: dict) -> None:
        entries = self.as_list(data, "cards", "cards")
        custom: list[Card] = []
        declared: dict[tuple[str, str], Card] = {}  # definition -> its first copy, looked up, not searched
        for i, entry in enumerate(entries):
            try:
                cards = build_cards(entry, deck="custom", path=self.path, strict=True)
            except ScenarioError as exc:
                raise exc.located(self.path, line_of(entries, i)) from None
            same = self.catalog.definitions(cards[0].name)  # its own name, not a nickname
            existing = same[0] if same else declared.get(cards[0].definition)
            if existing is not None and (existing.deck == "custom" or is_supported(existing)):
                raise self.fail(f"a card named {cards[0].name!r} already exists ({existing.deck})", entry)
            declared.setdefault(cards[0].definition, cards[0])
            custom += cards
            if len(custom) > MAX_CUSTOM_CARDS:
                # Every card on the table is looked at when the position changes: a bounded
                # table keeps the cost of an event bounded.
                raise self.fail(
                    f"`cards` declares more than {MAX_CUSTOM_CARDS:,} cards (copies counted), the most a scenario may declare",
                    entry,
                )
        if custom:
            self.catalog = self.catalog.with_cards(custom)

    def read_house_rules(self, data: dict) -> HouseRules:
        rules = data.get("house_rules") or {}
        if not isinstance(rules, dict):
            raise self.fail("`house_rules` must map house-rule names to values", data, "house_rules")
        house = HouseRules()
        for name, value in rules.items():  # one at a time, so an error names its own line
            try:
                house = house.with_values({name: value})
            except HouseRuleError as exc:
                raise self.fail(exc.message, rules, name, exc.suggestions) from None
        try:
            house = house.with_values(self.overrides)
        except HouseRuleError as exc:
            raise ScenarioError(f"--house-rule: {exc.message}", suggestions=exc.suggestions) from None
        self.house_rules = house
        return house

    def read_setup(self, node: dict) -> Setup:
        self.check_keys(node, SETUP_KEYS, "setup")
        turn = self.player(node["turn"], node, "turn") if "turn" in node else self.players[0]
        phase = node.get("phase", "play")
        if phase not in PHASES:
            raise self.fail(
                f"`phase` must be one of {', '.join(PHASES)}, not {shown_value(phase)}",
                node,
                "phase",
                suggest(str(phase), PHASES, 1),
            )
        drawn = self.as_count(node, "drawn", "drawn") if "drawn" in node else None
        played = self.as_count(node, "played", "played") if "played" in node else 0
        zones: list[tuple[str, tuple[Card, ...], Any]] = []

        dealt: dict[tuple[str, str], int] = {}  # copies of each card placed so far

        def zone(label: str, container: dict, key: Any) -> tuple[Card, ...]:
            items = container.get(key)
            cards = self.cards(container, key, label) if items is not None else ()
            cards = tuple(self.next_copy(card, dealt, items, i) for i, card in enumerate(cards))
            zones.append((label, cards, items))
            return cards

        rules = zone("rules", node, "rules")
        goals = zone("goals", node, "goals")
        hands = {p: zone(f"hands of {p}", *where) for p, where in self.per_player(node, "hands").items()}
        in_play = {p: zone(f"in_play of {p}", *where) for p, where in self.per_player(node, "in_play").items()}
        draw_pile = zone("draw_pile", node, "draw_pile")
        discard = zone("discard", node, "discard")
        rules_pile = zone("rules_pile", node, "rules_pile")
        if rules_pile and len(self.players) != 1:
            raise self.fail(
                "`rules_pile` is the Rules deck of Solo Fluxx: it needs exactly one player", node, "rules_pile"
            )
        self.check_position(zones)
        return Setup(turn, phase, drawn, played, rules, goals, hands, in_play, draw_pile, discard, rules_pile)

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

    # --------------------------------------------------------------- events
    def read_events(self, data: dict) -> tuple[Event, ...]:
        items = data["events"]
        if items is None:
            items = []
        if not isinstance(items, list):
            raise self.fail(f"`events` must be a list{mistakes.events_hint(items)}", data, "events")
        if len(items) > MAX_EVENTS:
            raise self.fail(
                f"{len(items):,} events; a scenario may have at most {MAX_EVENTS:,} (split the game into several files)",
                data,
                "events",
            )
        roster = _Roster(self.players)
        lines = items.item_lines if isinstance(items, yaml_lines.LinedList) else [None] * len(items)
        read: dict[str, Event] = {}  # each distinct line, read once while the roster stays the same
        events = []
        for number, (item, line) in enumerate(zip(items, lines, strict=False), 1):
            if isinstance(item, dict) and DISPUTED in item:
                item = self.disputed_event(item, number, line)
            event = read.get(item) if type(item) is str else None
            if event is not None:
                events.append(event.renumbered(number, line))
                continue
            event = self.read_event(item, number, line, roster)
            if type(item) is str:
                read[item] = event
            if event.action == "join" and event.player not in roster.names:
                roster = _Roster([*roster.names, event.player])
                self.joined.append(event.player)
                read.clear()  # a line may name the newcomer now
            events.append(event)
        return tuple(events)

    def disputed_event(self, item: dict, number: int, line: int | None) -> Any:
        """`- disputed: Alice plays Canceled Plans`: the event, marked as the one the table disputes."""
        if len(item) != 1:
            raise ScenarioError(
                f"event {number}: `disputed:` marks one event written as a line "
                "(`- disputed: Alice plays Canceled Plans`); it takes no other keys",
                path=self.path,
                line=line,
            )
        self.marked.append(number)
        return item[DISPUTED]

    def read_event(self, item: Any, number: int, line: int | None, roster: _Roster) -> Event:
        try:
            if isinstance(item, str):
                return self.read_event_text(item, number, line, roster)
            if isinstance(item, dict):
                return self.read_event_mapping(item, number, line, roster)
        except ScenarioError as exc:
            exc.message = f"event {number}: {mistakes.clip_long_quotes(exc.message)}"
            raise exc.located(self.path, line) from None
        raise ScenarioError(
            f"event {number}: an event is a line like 'Alice plays Milk' or a mapping "
            f"with player/action/card/choices, not {mistakes.event_shape(item)}",
            path=self.path,
            line=line,
        )

    def read_event_text(self, text: str, number: int, line: int | None, roster: _Roster) -> Event:
        text = " ".join(text.split())  # a tab or a double space is one space
        event_text, *clauses = text.split(";")
        shuffled = [self.shuffled_clause(clause, text) for clause in clauses]
        event = self.read_event_words(event_text.strip(), number, line, roster)
        if not shuffled:
            return event
        return dataclasses.replace(event, shuffled=tuple(tuple(self.shuffled_cards(o)) for o in shuffled), text=text)

    def shuffled_clause(self, clause: str, text: str) -> list[Any]:
        """`; shuffled A, B` (or `shuffled: A, B` in a quoted line): the stated order of a pile the
        event shuffles, first card first (the names, read as cards later)."""
        found = re.fullmatch(r"\s*shuffled\s*:?\s*(.*)", clause, re.IGNORECASE | re.S)
        if found is None:
            raise ScenarioError(
                f"cannot read {clause.strip()!r} in {text!r}: after `;` an event states chance as "
                "`shuffled CARD, CARD, ...` (the new order of a pile it shuffles, first card first)"
            )
        return [name.strip() for name in found[1].split(",") if name.strip()]

    def read_event_words(self, text: str, number: int, line: int | None, roster: _Roster) -> Event:
        words = text.split(" ")
        match = None
        for size, names in roster.by_size:
            if len(words) > size and (name := names.get(player_key(" ".join(words[:size])))) is not None:
                match = (name, " ".join(words[size:]))
                break
        known = roster.names
        if match is None:
            found = _EVENT_RE.match(text)
            if not found:
                raise ScenarioError(f"cannot read {text!r}: expected {_FORMS}")
            name, verb, rest = found["player"].strip(), _VERBS[found["verb"]], found["rest"].strip()
            if verb != "join":
                raise ScenarioError(
                    f"unknown player {name!r} in {text!r} (players: {', '.join(known)})",
                    suggestions=suggest(name, known, 1),
                )
            player, action = name, verb
        else:
            player, rest = match
            lowered = rest.lower() + " "
            phrase = next((v for v in _VERBS if lowered.startswith(v + " ")), None)
            if phrase is None:
                said, _, after = rest.partition(" ")
                seat = known.index(player) if player in known else 0
                if (why := mistakes.not_an_event(said, player, known[(seat + 1) % len(known)], after)) is not None:
                    raise ScenarioError(f"unknown verb {said!r} in {text!r}: {why}")
                raise ScenarioError(
                    f"unknown verb {said!r} in {text!r}; the verbs are {', '.join(_VERBS)}",
                    suggestions=self.verb_for(player, said, after),
                )
            action, rest = _VERBS[phrase], rest[len(phrase) :].strip()
        if action in ("play", "use"):
            card_text, _, choice_text = rest.partition("->")
            choices = [c for c in choice_text.split(",") if c.strip()] if choice_text.strip() else []
            card_text, at_random = _at_random(card_text)
            return self.make_event(number, line, player, action, card_text, choices, text, roster, at_random=at_random)
        items = [c for c in rest.split(",") if c.strip()]
        return self.make_event(number, line, player, action, None, items, text, roster)

    def verb_for(self, player: str, said: str, after: str) -> tuple[str, ...]:
        """What an unknown verb most likely meant: a near spelling ("plyas"), else, when a card
        follows, the verb for that card ("Alice swaps Milk": 'Alice plays Milk')."""
        near = suggest(said, _VERBS, 1, cutoff=65)  # short words: 60 would take "dances" for "uses"
        if near:
            return near
        card = self.catalog.get(after.partition("->")[0]) if after else None
        if card is None or card.is_unknown:
            return ()
        grants_use = type(kind_of(card)).use is not Kind.use if is_supported(card) else False
        return (f"{player} {'uses' if grants_use else 'plays'} {after}",)

    def read_event_mapping(self, item: dict, number: int, line: int | None, roster: _Roster) -> Event:
        written = mistakes.mapping_event(item) if not any(key in EVENT_KEYS for key in item) else None
        if written is not None:  # `- Alice plays: Cookies`
            as_line, without_colon, with_arrow = written
            suggestions: tuple[str, ...] = ()
            fix = "put the whole event in quotes"
            for candidate, how in ((without_colon, "leave out the colon"), (with_arrow, "choices follow '->'")):
                try:
                    self.read_event_text(candidate, number, line, roster)
                except ScenarioError:
                    continue
                fix, suggestions = how, (candidate,)
                break
            raise ScenarioError(f"{as_line!r} reads as a mapping because of its ': '; {fix}", suggestions=suggestions)
        if "action" not in item and (verb := mistakes.verb_key(item)) is not None:
            key, form = verb
            raise self.fail(
                f"unknown key {key!r} in event {number}: in the mapping form the verb is the `action`; write {form}",
                item,
                key,
            )
        self.check_keys(item, EVENT_KEYS, f"event {number}")
        action = item.get("action")
        if action not in ACTIONS:
            raise self.fail(
                f"`action` must be one of {', '.join(ACTIONS)}, not {shown_value(action)}",
                item,
                "action",
                suggest(str(action), ACTIONS, 1),
            )
        name = item.get("player")
        if action == "join" and isinstance(name, str) and name.strip():
            player = name.strip()
        else:
            player = self.player(name, item, "player", roster.names)
        choices = item.get("choices") or []
        if not isinstance(choices, list):
            choices = [choices]
        at_random = item.get("at_random", False)
        if not isinstance(at_random, bool):
            raise self.fail("`at_random` must be true or false", item, "at_random")
        shuffled = item.get("shuffled") or []
        if not isinstance(shuffled, list):
            raise self.fail(
                "`shuffled` is a list of cards (or a list of such lists, one per shuffle)", item, "shuffled"
            )
        orders = shuffled if shuffled and all(isinstance(o, list) for o in shuffled) else [shuffled] if shuffled else []
        # Said as the one-line form says it ("Bob plays Cookies"), whichever form the file used.
        text = one_line(player, action, item.get("card"), tuple(choices), at_random, tuple(map(tuple, orders)))
        event = self.make_event(
            number, line, player, action, item.get("card"), choices, text, roster, at_random=at_random
        )
        if not orders:
            return event
        return dataclasses.replace(event, shuffled=tuple(tuple(self.shuffled_cards(o)) for o in orders))

    def make_event(
        self,
        number: int,
        line: int | None,
        player: str,
        action: str,
        card_name: Any,
        choice_names: list[Any],
        text: str,
        roster: _Roster,
        *,
        at_random: bool = False,
    ) -> Event:
        if at_random and action != "play":
            raise ScenarioError(f"'{text}': only a play is made at random (`P plays CARD at random`)")
        if action == "begin_turn":
            if card_name or " ".join(str(c).strip().lower() for c in choice_names) not in _TURN_WORDS:
                raise ScenarioError(
                    f"'{text}': 'begins' takes no card or choices (write '{player} begins' "
                    f"or '{player} begins her turn')"
                )
            return Event(number, line, player, action, text=f"{player} begins")
        if action in ("join", "drop_out"):
            if card_name or choice_names:
                raise ScenarioError(f"'{action.replace('_', ' ')}' takes no card or choices")
            return Event(number, line, player, action, text=text)
        if action == "spell":  # Word Fluxx: the words a player claims, tested against the Goal
            return Event(
                number, line, player, action, choices=_spelled([card_name, *choice_names], text), text=text.strip()
            )
        card = None
        if action in ("play", "use"):
            if not isinstance(card_name, str) or not card_name.strip():
                raise ScenarioError(f"'{text}' does not name a card")
            if card_name.strip() == "?":
                raise ScenarioError("a `?` card cannot be played: name the card in the setup")
            try:
                card = self.event_card(card_name)
            except ScenarioError as exc:
                raise self.unknown_event_card(exc, player, action, card_name, choice_names, roster) from None
        elif not choice_names and card_name is None:
            raise ScenarioError(f"'{text}' names nothing to {action}")
        if card_name is not None and action not in ("play", "use"):
            choice_names = [card_name, *choice_names]
        names = [str(c).strip() if not isinstance(c, str) else c.strip() for c in choice_names]
        choices = []
        for i, name in enumerate(names):
            try:
                choices.append(self.choice(name, roster))
            except ScenarioError as exc:
                whole = mistakes.comma_cut(names, i, self.is_card) if exc.message.startswith("unknown") else None
                if whole is None:
                    raise
                raise ScenarioError(
                    f"unknown choice {name!r}: commas separate choices, so they cut the card {whole!r} in two; "
                    "write its name without the comma",
                    suggestions=(_rewritten(text, whole),),
                ) from None
        return Event(number, line, player, action, card, tuple(choices), text.strip(), at_random=at_random)

    def unknown_event_card(
        self, error: ScenarioError, player: str, action: str, card_name: str, choices: list[Any], roster: _Roster
    ) -> ScenarioError:
        """An unknown card in `P plays ...`: often a card and its choices joined by something
        else than `->` (`Trade Hands => Bob`, `Trade Hands to Bob`)."""
        if not error.message.startswith("unknown card") or len(card_name) > GUESSED_WITHIN:
            return error  # (a hostile name of megabytes: each guess below reads all of it, several times)
        _head, dash, tail = card_name.partition(" - ")
        next_event = _EVENT_RE.match(tail.strip()) if dash else None
        if next_event is not None and roster.find(next_event["player"]):
            return ScenarioError(
                f"unknown card {card_name.strip()!r}: the next event ('{tail.strip()}') runs into this one; "
                "start each event on a line of its own with '- ', the dashes in one column"
            )

        def reads_as_choices(text: str) -> bool:
            try:
                return all(self.choice(part.strip(), roster) is not None for part in text.split(",") if part.strip())
            except ScenarioError:
                return False

        cards = [part.strip() for part in card_name.split(",")]
        if len(cards) > 1 and all(self.is_card(name) for name in cards):
            return ScenarioError(
                f"unknown card {card_name.strip()!r}: an event plays one card; write one event per card "
                f"('{player} {VERB_OF[action]} {cards[0]}', then '{player} {VERB_OF[action]} {cards[1]}')"
            )
        fixed = mistakes.arrow_fix(card_name, self.is_card, reads_as_choices)
        if fixed is None:
            return error
        more = ", ".join(str(c).strip() for c in choices)
        fixed += f", {more}" if more else ""
        return ScenarioError(
            f"unknown card {card_name.strip()!r}: the choices of a card follow '->'",
            suggestions=(f"{player} {VERB_OF[action]} {fixed}",),
        )

    def shuffled_cards(self, names: list[Any]) -> list[Card]:
        """The cards of a stated order (`shuffled:`), each a card name."""
        if not names:
            raise ScenarioError("`shuffled:` names no card: state the new order, first card first")
        cards = []
        for name in names:
            if not isinstance(name, str) or not name.strip() or name.strip() == "?":
                raise ScenarioError(f"`shuffled:` lists card names, not {name!r}")
            cards.append(self.event_card(name.strip()))
        return cards

    def event_card(self, name: str) -> Card:
        """The card an event names, looked up once per name (the catalog is final by then)."""
        card = self.event_cards.get(name)
        if card is None:
            card = self.event_cards[name] = self.catalog.card(name)
        return card

    def choice(self, name: str, roster: _Roster) -> Any:
        known = roster.names
        stated, at_random = _at_random(name)
        if at_random:  # `CARD at random`: the card chance picked
            if stated == "?" or not stated:
                raise ScenarioError(f"{name!r}: name the card that came up at random")
            return AtRandom(self.catalog.card(stated))
        player = roster.find(name)
        if player is not None:
            return player
        card = self.catalog.resolve(name)
        if card is None and normalize(name) == "none":
            return NO_CHOICE
        if card is None and " to " in name:
            left, _, right = name.rpartition(" to ")
            target = roster.find(right)
            if target is not None:
                return Assignment(self.catalog.card(left.strip()), target)
        if card is None and " of " in name:
            left, _, right = name.rpartition(" of ")
            owner = next((p for p in known if normalize(p) == normalize(right)), None)
            if owner is not None:
                return Whose(self.catalog.card(left.strip()), owner)
        if card is None and (word := word_choice(name)) is not None:
            return word  # a keyword a card kind takes (a direction, Today's Special!'s occasion)
        if card is None:
            raise ScenarioError(
                f"unknown choice {name!r}: not a player or a card",
                suggestions=suggest(name, [*known, *self.catalog.names(), *choice_words()], 2),
            )
        return self.catalog.card(name)

    # --------------------------------------------------------------- expect
    def read_expect(self, node: Any, event_count: int) -> dict[str, Any]:
        if not isinstance(node, dict):
            raise self.fail("`expect` must be a mapping", node)
        self.check_keys(node, EXPECT_KEYS, "expect")
        everyone = self.players + self.joined
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "winner" and isinstance(value, list):  # a shared win (house rule tie: shared)
                out[key] = tuple(self.player(v, value, i, everyone) for i, v in enumerate(value))
            elif key == "winner":
                out[key] = (
                    None if value in (None, "none", "None", "nobody") else self.player(value, node, key, everyone)
                )
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
                    p: self.as_count(*where, f"{key} of {p}")
                    for p, where in self.per_player(node, key, everyone).items()
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
        return out


_AT_RANDOM = re.compile(r"\s+at\s+random$", re.IGNORECASE)


def _at_random(text: Any) -> tuple[Any, bool]:
    """`CARD at random` read: (CARD, True); anything else as it is, and False."""
    if not isinstance(text, str):
        return text, False
    found = _AT_RANDOM.search(text.strip())
    return (text.strip()[: found.start()], True) if found else (text.strip(), False)


def _rewritten(text: str, name: str) -> str:
    """The event line with a comma-cut card name written without its comma."""
    return text.replace(name, name.replace(",", ""))


def _known_ruling_ids() -> dict[str, str]:
    """Every id and alias a ruling record answers to, by its case-folded spelling (made once per
    alias table: `check` asks for it for every id of every file)."""
    from adjudicator.rulings.store import aliases  # the records are read only when a file expects rulings

    table = aliases()
    if _KNOWN_IDS[0] is not table:
        _KNOWN_IDS[:] = [table, {rid.casefold(): rid for rid in table}]
    return _KNOWN_IDS[1]


_KNOWN_IDS: list[Any] = [None, {}]  # the alias table last seen, and its ids by case-folded spelling


def _spelled(items: list[Any], text: str) -> tuple[str, ...]:
    """The claimed words of `P spells CAT` (two for a rhyme: `P spells CAT, HAT`), upper case."""
    # Checked as written, before upper-casing: Python's upper() turns the ligature ﬁ into FI, the
    # long s ſ into S and ß into SS, none of which is a letter card (docs/words.md).
    words = tuple(str(w).strip() for w in items if w is not None and str(w).strip())
    if not words:
        raise ScenarioError(f"'{text}' names no word to spell")
    for word in words:
        stranger = next((ch for ch in word if ch not in _CARD_LETTERS), None)
        if stranger is not None:
            raise ScenarioError(
                f"'{text}': {word!r} has {stranger!r} (U+{ord(stranger):04X}), which is no letter card; "
                "a word is spelled with the letter cards, A to Z"
            )
        if len(word) > 30:
            raise ScenarioError(f"'{text}': {word!r} has {len(word)} letters (at most 30)")
    return tuple(word.upper() for word in words)


#: What a letter card may be (the `letter` of `kind: letter`): one of A to Z, in either case.
_CARD_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


_FORMS = (
    "'PLAYER plays CARD', 'PLAYER uses CARD', 'PLAYER discards A, B', 'PLAYER keeps ...', "
    "'PLAYER chooses ...', 'PLAYER joins', 'PLAYER drops out', 'PLAYER spells WORD' or 'PLAYER begins'"
)


class _Roster:
    """The players events may name, with their folded names worked out once (again when one
    joins), not for every event: a long game has 100,000 events."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = list(names)
        self.by_key: dict[str, str] = {}
        by_size: dict[int, dict[str, str]] = {}
        for name in self.names:  # the first of two names that fold alike wins, as in same_player
            key = player_key(name)
            self.by_key.setdefault(key, name)
            by_size.setdefault(name.count(" ") + 1, {}).setdefault(key, name)
        #: (words in a name, folded name -> name), longest first: "Ann Lee" before "Ann".
        self.by_size = sorted(by_size.items(), reverse=True)

    def find(self, name: str) -> str | None:
        """The player `name` spells (case and spacing aside), or None: `same_player`, by look-up."""
        return self.by_key.get(player_key(name))


def player_name_problem(name: str, earlier: Iterable[str]) -> str | None:
    """Why `name` cannot name the next player after `earlier` (None: it can). The one rule for
    the `players:` of a file and `new --players`: an event line must read back unambiguously."""
    if same_player(name, earlier) is not None:
        return f"player {name!r} is listed twice"
    if _VERB_IN_NAME.search(f" {name} "):
        return f"player name {name!r} contains an event verb"
    if "," in name or "->" in name:
        return f"player name {name!r} contains ',' or '->', which separate choices"
    return None


def same_player(name: str, players: Iterable[str]) -> str | None:
    """The player of `players` that `name` spells (case and spacing aside), or None."""
    key = player_key(name)
    return next((p for p in players if player_key(p) == key), None)


_VERB_IN_NAME = re.compile(r"\s(plays|uses|discards|keeps|chooses|joins|drops out|spells|begins)\s")
