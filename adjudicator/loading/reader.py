"""What every part of the scenario loader shares: the file being read, the catalog and players
known so far, the typed readers of small values, and the list of mistakes found.

A mistake does not stop the reading: `note` keeps it and the reader goes on with the next key,
card or event, leaving out what it could not read, so that `parse_scenario` reports every
mistake of a file at once (in the order of their lines). A part that later parts depend on (the
players) stops the reading when it is wrong: what would follow are echoes of one mistake.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from adjudicator.cards.catalog import Catalog, builtin
from adjudicator.loading import mistakes
from adjudicator.loading.keys import EXPECT_KEYS, SETUP_KEYS, TOP_KEYS
from adjudicator.loading.yaml_lines import line_of
from adjudicator.model.cards import Card
from adjudicator.model.errors import ScenarioError
from adjudicator.model.house_rules import HouseRules
from adjudicator.model.names import not_text, player_key, shown_value, suggest

_SECTIONS = {"the scenario": TOP_KEYS, "setup": SETUP_KEYS, "expect": EXPECT_KEYS}  # where a misplaced key belongs
T = TypeVar("T")
#: The reading stops at this many mistakes: enough to fix at one go, and a file of 100,000 wrong
#: events is refused at once, not after 100,000 searches for a nearest name.
MAX_MISTAKES = 100


class TooManyMistakes(Exception):
    """Raised by `note` at MAX_MISTAKES: the reading stops (not a ScenarioError, so that no part
    of the reader takes it for one more mistake)."""


class ReaderBase:
    def __init__(self, path: str, house_rules: Mapping[str, Any] | None = None, text: str | None = None) -> None:
        self.path = path
        self.text = text  # the file's text, when read from text: a mistake's column is found in it
        self.overrides = dict(house_rules or {})
        self.catalog: Catalog = builtin()
        self.players: list[str] = []
        self.joined: list[str] = []  # players who jump in during the events
        self.marked: list[int] = []  # events marked `- disputed: EVENT`
        self.decks: tuple[str, ...] = ()
        self.house_rules = HouseRules()
        self.event_cards: dict[str, Card] = {}  # see event_card
        self.mistakes: list[ScenarioError] = []
        self._lines: list[str] | None = None

    def fail(self, message: str, node: Any = None, key: Any = None, suggestions: Iterable[str] = ()) -> ScenarioError:
        line = line_of(node, key)
        near = key if isinstance(key, str) else node[key] if isinstance(node, list) and isinstance(key, int) else None
        return ScenarioError(
            message, path=self.path, line=line, suggestions=tuple(suggestions), column=self.column(line, near)
        )

    # ------------------------------------------------------------ mistakes
    def note(self, error: ScenarioError, line: int | None = None, near: Any = None) -> None:
        """Keep a mistake and go on reading."""
        error.located(self.path, line)
        if error.column is None:
            error.column = self.column(error.line, near)
        self.mistakes.append(error)
        if len(self.mistakes) >= MAX_MISTAKES:
            self.mistakes.append(
                ScenarioError(
                    f"{MAX_MISTAKES} mistakes: the reading stops here; fix these and run again",
                    path=self.path,
                    line=error.line,
                    column=error.column,
                )
            )
            raise TooManyMistakes

    def attempt(self, read: Callable[[], T], fallback: T, line: int | None = None) -> T:
        """What `read` returns, or `fallback` when it finds a mistake (kept, see `note`)."""
        try:
            return read()
        except ScenarioError as exc:
            self.note(exc, line)
            return fallback

    def stop_if_wrong(self) -> None:
        """Raise the mistakes found so far, when there are any."""
        if self.mistakes:
            raise ScenarioError.of(self.mistakes)

    def column(self, line: int | None, near: Any = None) -> int | None:
        """Where on `line` a mistake starts: at `near` (a key or an item as written) when the line
        shows it, else at the line's first word after a list's dash."""
        if line is None or self.text is None:
            return None
        if self._lines is None:
            self._lines = self.text.split("\n")
        if not 1 <= line <= len(self._lines):
            return None
        text = self._lines[line - 1]
        if isinstance(near, str) and near.strip() and (at := text.find(near.strip())) >= 0:
            return at + 1
        stripped = text.lstrip()
        if stripped.startswith("- "):
            stripped = stripped[2:].lstrip()
        return len(text) - len(stripped) + 1

    # ------------------------------------------------------------- helpers
    def check_keys(self, mapping: dict, allowed: tuple[str, ...], what: str) -> None:
        """Every unknown key of `mapping` is a mistake (noted: the others are still read)."""
        for key in mapping:
            if key not in allowed:
                if (misplaced := mistakes.misplaced_key(str(key), what, _SECTIONS)) is not None:
                    self.note(self.fail(f"unknown key {key!r} in {what}: {misplaced}", mapping, key))
                    continue
                self.note(
                    self.fail(
                        f"unknown key {key!r} in {what}; valid keys: {', '.join(allowed)}",
                        mapping,
                        key,
                        suggest(str(key), allowed, 1),
                    )
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
        """The cards of a list; each unknown name is a mistake of its own (noted, left out)."""
        items = self.as_list(node, key, what)
        found = []
        for i in range(len(items)):
            try:
                found.append(self.card_of_list(items, i))
            except ScenarioError as exc:
                self.note(exc, near=items[i] if isinstance(items[i], str) else None)
        return tuple(found)

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
        """Player -> (the mapping, the key that named the player); an unknown player is noted."""
        value = node.get(key) or {}
        if not isinstance(value, dict):
            hint = mistakes.per_player_hint(key, value, (known or self.players)[0])
            raise self.fail(f"`{key}` must map player names to values{hint}", node, key)
        out: dict[str, tuple[dict, Any]] = {}
        for name in value:
            try:
                player = self.player(name, value, name, known)
                if player in out:
                    first = out[player][1]
                    raise self.fail(f"{player} is listed twice in `{key}` (as {first!r} and as {name!r})", value, name)
            except ScenarioError as exc:
                self.note(exc)
                continue
            out[player] = (value, name)
        return out


def same_player(name: str, players: Iterable[str]) -> str | None:
    """The player of `players` that `name` spells (case and spacing aside), or None."""
    key = player_key(name)
    return next((p for p in players if player_key(p) == key), None)
