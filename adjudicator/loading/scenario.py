"""Scenario files (format 1, see SCENARIO_FORMAT.md) into a validated `Scenario`.

Every problem becomes a `ScenarioError` naming the file, the line, what is
wrong and, for names, the nearest valid ones; a file's mistakes are all reported at once
(`ScenarioError.mistakes`, see reader.py). Nothing here raises anything else
for any input (tests/test_hostile_input.py fuzzes it). Only regular files of at most
MAX_FILE_BYTES are read: a named pipe would block and /dev/zero never ends.

Names: a card may be written by its printed name in any case and punctuation, or by a
table-talk nickname ("gowi", "d3p2", "swap plays": the table `cards show` uses, in
cards/nicknames.py). Player names are any text, compared ignoring case and spacing only,
so "Zoë" and "Zoé" are two players.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from adjudicator.cards.catalog import build_cards
from adjudicator.cards.kinds import is_supported
from adjudicator.loading import mistakes, yaml_lines
from adjudicator.loading.card_library import library_cards
from adjudicator.loading.event_reader import ACTIONS, MAX_EVENTS, EventReader
from adjudicator.loading.files import MAX_FILE_BYTES, decode, read_bytes
from adjudicator.loading.keys import EVENT_KEYS, EXPECT_KEYS, PHASES, SETUP_KEYS, TOP_KEYS
from adjudicator.loading.reader import TooManyMistakes, same_player
from adjudicator.loading.setup_reader import SetupReader
from adjudicator.loading.yaml_lines import line_of
from adjudicator.model.cards import Card
from adjudicator.model.day import read_day
from adjudicator.model.errors import ScenarioError
from adjudicator.model.events import Event
from adjudicator.model.house_rules import HouseRuleError, HouseRules
from adjudicator.model.names import not_text, shown_value, suggest
from adjudicator.model.scenario import ForcedStep, Scenario

__all__ = [
    "ACTIONS",
    "EVENT_KEYS",
    "EXPECT_KEYS",
    "MAX_EVENTS",
    "PHASES",
    "SETUP_KEYS",
    "TOP_KEYS",
    "MAX_FILE_BYTES",
    "Event",
    "Scenario",
    "decode",
    "load_scenario",
    "parse_scenario",
    "player_name_problem",
    "read_bytes",
    "read_scenario_data",
    "same_player",
]

#: The cards a scenario may add (`cards:`, copies counted), beside the decks' few hundred.
MAX_CUSTOM_CARDS = 500


def load_scenario(
    path: str | Path, house_rules: Mapping[str, Any] | None = None, card_files: Iterable[str | Path] = ()
) -> Scenario:
    """Read a scenario file; `house_rules` (switch -> value) override the file's own, `card_files`
    are house-card libraries added to its own `cards:`."""
    path = Path(path)
    return parse_scenario(decode(read_bytes(path), str(path)), str(path), house_rules, card_files)


def parse_scenario(
    text: str,
    path: str = "<scenario>",
    house_rules: Mapping[str, Any] | None = None,
    card_files: Iterable[str | Path] = (),
) -> Scenario:
    """A scenario from its YAML text; `card_files` are house-card libraries added to the file's
    own `cards:` (`--cards FILE`). Raises the file's first mistake, carrying the others."""
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError(f"the scenario is larger than {MAX_FILE_BYTES // 2**20} MB, the most it may be", path=path)
    with yaml_lines.collection_paused():
        data = yaml_lines.load(text, path, explain=mistakes.yaml_problem)
        try:
            return _Reader(path, house_rules, text, card_files).read(data)
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


class _Reader(SetupReader, EventReader):
    def __init__(
        self,
        path: str,
        house_rules: Mapping[str, Any] | None = None,
        text: str | None = None,
        card_files: Iterable[str | Path] = (),
    ) -> None:
        super().__init__(path, house_rules, text)
        self.card_files = [Path(f) for f in card_files]
        self.disputed_steps: list[ForcedStep] = []

    def read(self, data: Any) -> Scenario:
        try:
            return self.read_all(data)
        except TooManyMistakes:
            raise ScenarioError.of(self.mistakes) from None

    def read_all(self, data: Any) -> Scenario:
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
                self.missing_key(data, key)
        title = self.attempt(lambda: self.read_title(data), "")
        question = self.attempt(lambda: self.read_question(data), "")
        self.attempt(lambda: self.read_players(data), None)
        if not self.players:  # every later part names players: what it would say echoes this mistake
            self.stop_if_wrong()
        self.attempt(lambda: self.read_decks(data), None)
        self.attempt(lambda: self.read_cards(data), None)
        house_rules = self.attempt(lambda: self.read_house_rules(data), HouseRules())
        seed = self.attempt(lambda: self.read_seed(data), 0)
        setup_node = data.get("setup") or {}
        if not isinstance(setup_node, dict):
            self.note(self.fail("`setup` must be a mapping", data, "setup"))
            setup_node = {}
        date = None
        if "date" in data:
            date = self.attempt(lambda: read_day(data["date"], data, "date", self.fail, self.player), None)
        setup = self.read_setup(setup_node)
        no_events: tuple[Event, ...] = ()
        events = self.attempt(lambda: self.read_events(data), no_events)
        event_count = len(data["events"]) if isinstance(data.get("events"), list) else len(events)
        no_dispute: tuple[int, ...] = ()
        dispute = self.attempt(lambda: self.read_dispute(data, event_count), no_dispute)
        expect_node = data.get("expect")
        expect = None
        if expect_node is not None and not isinstance(expect_node, dict):
            self.note(self.fail("`expect` must be a mapping", data, "expect"))
        elif expect_node is not None:
            expect = self.read_expect(expect_node, event_count)
        self.stop_if_wrong()
        return Scenario(
            self.path,
            title,
            question,
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
            tuple(self.disputed_steps),
        )

    def missing_key(self, data: dict, key: str) -> None:
        if any(key in m.suggestions for m in self.mistakes):
            return  # said already: a misspelt key's message names it
        if (nested := mistakes.nested_key(key, data)) is not None:
            name, node = nested
            self.note(
                self.fail(
                    f"missing required key `{key}`: it is indented under `{name}`; "
                    "a top-level key starts at the left edge",
                    node,
                    key,
                )
            )
            return
        self.note(self.fail(f"missing required key `{key}`", data))

    def read_title(self, data: dict) -> str:
        fmt = data.get("format", 1)
        if fmt != 1:
            raise self.fail(f"format {fmt!r} is not supported (this program reads format 1)", data, "format")
        title = data.get("title")
        if "title" in data and (not isinstance(title, str) or not title.strip()):
            raise self.fail("`title` must be a line of text", data, "title")
        return title.strip() if isinstance(title, str) else ""

    def read_question(self, data: dict) -> str:
        question = data.get("question") or ""
        if not isinstance(question, str):
            raise self.fail("`question` must be text", data, "question")
        return question.strip()

    def read_seed(self, data: dict) -> int:
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise self.fail(f"`seed` must be a whole number, not {shown_value(seed)}", data, "seed")
        return seed

    def read_dispute(self, data: dict, event_count: int) -> tuple[int, ...]:
        """`dispute: N` or `dispute: [N, M]`, with the events marked `- disputed: EVENT`; a forced
        step (`Bob draws`, `Bob discards`) goes to `self.disputed_steps`."""
        numbers = set(self.marked)
        if "dispute" in data:
            value = data["dispute"]
            items = value if isinstance(value, list) else [value]
            for i, n in enumerate(items):
                where = (items, i) if isinstance(value, list) else (data, "dispute")
                if isinstance(n, str):
                    self.disputed_steps.append(self.forced_step(n, *where))
                    continue
                if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= event_count:
                    raise self.fail(
                        f"`dispute` names event numbers from 1 to {event_count} (the disputed events), not {n!r}"
                        if event_count
                        else "`dispute` names a disputed event, but the file has no events",
                        *where,
                    )
            numbers.update(n for n in items if not isinstance(n, str))
        return tuple(sorted(numbers))

    def forced_step(self, text: str, node: Any, key: Any) -> ForcedStep:
        """`PLAYER draws` or `PLAYER discards`: a step the rules force, disputed."""
        words = text.strip().rsplit(" ", 1)
        what = {"draws": "draw", "discards": "discard"}.get(words[-1].lower()) if len(words) == 2 else None
        if what is None:
            raise self.fail(
                f"`dispute` names an event by its number, or a step the rules force as 'PLAYER draws' or "
                f"'PLAYER discards', not {text!r}",
                node,
                key,
            )
        return ForcedStep(self.player(words[0], node, key, self.players + self.joined), what)

    def read_players(self, data: dict) -> None:
        if "players" not in data:
            return  # said as a missing key
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
        """`cards:` (inline cards, and house-card libraries named by their file) and `--cards`."""
        entries: list[tuple[Any, str, Any, int]] = []  # (entry, its file, its list, its index)
        written = self.as_list(data, "cards", "cards")
        for i, entry in enumerate(written):
            if isinstance(entry, str):  # a library: a path relative to the scenario
                entries += self.attempt(partial(library_cards, entry, self.path, written, i), [])
            else:
                entries.append((entry, self.path, written, i))
        for file in self.card_files:  # `--cards FILE`: relative to the working folder
            entries += self.attempt(partial(library_cards, str(file), None, None, 0), [])
        custom: list[Card] = []
        declared: dict[tuple[str, str], Card] = {}  # definition -> its first copy, looked up, not searched
        for entry, path, items, i in entries:
            try:
                cards = self.custom_cards(entry, path, declared)
            except ScenarioError as exc:
                self.note(exc.located(path, line_of(items, i)))
                continue
            custom += cards
            if len(custom) > MAX_CUSTOM_CARDS:
                # Every card on the table is looked at when the position changes: a bounded
                # table keeps the cost of an event bounded.
                raise ScenarioError(
                    f"`cards` declares more than {MAX_CUSTOM_CARDS:,} cards (copies counted), the most a scenario may declare",
                    path=path,
                    line=line_of(entry),
                )
        if custom:
            self.catalog = self.catalog.with_cards(custom)

    def custom_cards(self, entry: Any, path: str, declared: dict[tuple[str, str], Card]) -> list[Card]:
        """Every copy of one custom card, unless its name is taken."""
        cards = build_cards(entry, deck="custom", path=path, strict=True)
        same = self.catalog.definitions(cards[0].name)  # its own name, not a nickname
        existing = same[0] if same else declared.get(cards[0].definition)
        if existing is not None and (existing.deck == "custom" or is_supported(existing)):
            raise ScenarioError(
                f"a card named {cards[0].name!r} already exists ({existing.deck})", path=path, line=line_of(entry)
            )
        declared.setdefault(cards[0].definition, cards[0])
        return cards

    def read_house_rules(self, data: dict) -> HouseRules:
        rules = data.get("house_rules") or {}
        if not isinstance(rules, dict):
            raise self.fail("`house_rules` must map house-rule names to values", data, "house_rules")
        house = HouseRules()
        for name, value in rules.items():  # one at a time, so an error names its own line
            try:
                house = house.with_values({name: value})
            except HouseRuleError as exc:
                self.note(self.fail(exc.message, rules, name, exc.suggestions))
        try:
            house = house.with_values(self.overrides)
        except HouseRuleError as exc:
            raise ScenarioError(f"--house-rule: {exc.message}", suggestions=exc.suggestions) from None
        self.house_rules = house
        return house


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


_VERB_IN_NAME = re.compile(r"\s(plays|uses|discards|keeps|chooses|joins|drops out|spells|begins|declines)\s")
