"""House rules: named switches that change an official rule, each with its official value.

One typed model (like pokerkit's `Mode` or python-chess's variants): `SWITCHES` describes
every switch (allowed values, official value, meaning, the official rulings it overrides),
and `HouseRules` is the set in force for one game, a frozen value with one typed attribute
per switch. The engine reads `game.house_rules.<switch>` where the rule is applied, and a
step decided by a switch that is not at its official value cites `H-<switch>` (`cite`)
beside the ruling it overrides.

Values are checked here; `parse` raises `HouseRuleError` with the allowed values or the
nearest switch name, which the loader turns into FILE:LINE messages and the CLI into exit 2.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from adjudicator.model.names import suggest


class HouseRuleError(ValueError):
    """A house-rule name or value that is not allowed."""

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.suggestions = suggestions


# ------------------------------------------------------------ value parsers
# Each takes the YAML value (or the text after `=` on the command line) and returns the typed
# value, or raises ValueError with what is wrong; the switch adds its allowed values.

_TRUE = {"true", "yes", "on"}
_FALSE = {"false", "no", "off"}


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise ValueError(f"{value!r} is not true or false")


def _count(value: Any, least: int) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and least <= value <= 1000:
        return value
    raise ValueError(f"{value!r} is not a whole number from {least} to 1000")


def _false_or_count(value: Any) -> int | None:
    """`false` (the switch is off) or a number of Goals."""
    if value is False or (isinstance(value, str) and value.strip().lower() in _FALSE):
        return None
    return _count(value, 1)


def _one_of(*allowed: str) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        text = str(value).strip().lower() if isinstance(value, (str, int)) and not isinstance(value, bool) else None
        if text in allowed:
            return text
        raise ValueError(f"{value!r} is not allowed")

    return parse


def _minimum(value: Any) -> int:
    number = _count(value, 0)
    if number not in (0, 1):
        raise ValueError(f"{value!r} is not 0 or 1")
    return number


def _words(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [w for w in value.split(",") if w.strip()]
    # A word is spelled with letter cards, A to Z (docs/words.md): no é, ß or ligature.
    if isinstance(value, list) and all(isinstance(w, str) and re.fullmatch(r"[A-Za-z]+", w.strip()) for w in value):
        return tuple(sorted({w.strip().lower() for w in value}))
    raise ValueError(f"{value!r} is not a list of single words of the letters A to Z")


@dataclass(frozen=True)
class Switch:
    """One house rule: how its values are written, the official one, what it changes."""

    name: str
    values: str  # the allowed values, as a reader writes them
    official: Any  # the typed official value
    official_text: str  # the official value as written (or what "official" means)
    meaning: str  # one line: what the other values do
    overrides: tuple[str, ...]  # the official rulings it sets aside
    parse: Callable[[Any], Any] = field(repr=False, compare=False)
    applied: bool = True  # False: validated and shown, but no built card reads it yet

    @property
    def ruling_id(self) -> str:
        return f"H-{self.name}"

    def read(self, value: Any) -> Any:
        try:
            return self.parse(value)
        except ValueError as exc:
            raise HouseRuleError(f"house rule `{self.name}`: {exc} (allowed: {self.values})") from None

    def show(self, value: Any) -> str:
        """A typed value as it is written in a scenario file."""
        if value is None:
            return "false" if self.name == "keep_going" else self.official_text
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, tuple):
            return "[" + ", ".join(value) + "]"
        return str(value)


SWITCHES: dict[str, Switch] = {
    s.name: s
    for s in (
        Switch(
            "keep_going",
            "false | N (Goals that end the game, 1 or more)",
            None,
            "false",
            "Keep Going: meeting a Goal claims it (the Goal card is kept), the cards used to meet it are "
            "discarded and the turn ends; whoever holds N claimed Goals wins",
            ("B-instant-win",),
            _false_or_count,
        ),
        Switch(
            "tie",
            "continue | shared",
            "continue",
            "continue",
            "shared: when several players meet the Goal at once, they all win instead of playing on",
            ("B-tie-continues",),
            _one_of("continue", "shared"),
        ),
        Switch(
            "limits_on_own_turn",
            "false | true",
            False,
            "false",
            "true: the Hand and Keeper Limits bind the active player at once, not only at the end of her turn",
            ("B-limits-end-of-turn",),
            _bool,
        ),
        Switch(
            "simplify_minimum",
            "0 | 1",
            None,
            "each card's own (Let's Simplify 0, Keep It Simple 1)",
            "the fewest New Rules Let's Simplify and Keep It Simple must discard, for both cards",
            ("R30", "B-keep-it-simple"),
            _minimum,
        ),
        Switch(
            "surprise_window",
            "official | end_of_turn",
            "official",
            "official",
            "end_of_turn: a Surprise may answer a card played earlier this turn, while that card is "
            "still where its play put it, until the turn ends",
            ("R44", "R11"),
            _one_of("official", "end_of_turn"),
        ),
        Switch(
            "creepers_block_wins",
            "true | false",
            True,
            "true",
            "false: a Creeper in front of a player does not stop her from winning",
            ("R04", "R59"),
            _bool,
        ),
        Switch(
            "may_discard",
            "false | true",
            False,
            "false",
            "true: on her own turn a player may discard cards from her hand (`Alice discards CARD`)",
            ("B-no-voluntary-discard",),
            _bool,
        ),
        Switch(
            "starting_hand",
            "N (1 or more; official 3)",
            3,
            "3",
            "the number of cards dealt to each player at the start and to a player who jumps in",
            ("B-deal", "B-jump-in"),
            lambda v: _count(v, 1),
        ),
        Switch(
            "goals_per_deck",
            "false | true",
            False,
            "false",
            "Mega Fluxx: one Goal slot per deck in the game, and a player also wins with two half-Goals "
            "(one of the two cards each of two two-card Goals requires)",
            ("B-goal-replaces", "B-instant-win"),
            _bool,
        ),
        Switch(
            "proper_nouns",
            "false | true",
            False,
            "false",
            "Word Fluxx: proper nouns count as words",
            ("B-word-valid",),
            _bool,
        ),
        Switch("slang", "false | true", False, "false", "Word Fluxx: slang counts as words", ("B-word-valid",), _bool),
        Switch(
            "allowed_words",
            "[list of words]",
            (),
            "[]",
            "Word Fluxx: words the table accepts although the dictionary does not",
            ("B-word-valid",),
            _words,
        ),
        Switch(
            "banned_words",
            "[list of words]",
            (),
            "[]",
            "Word Fluxx: words the table refuses although the dictionary has them",
            ("B-word-valid",),
            _words,
        ),
        Switch(
            "q2729",
            "not_stoppable | stoppable",
            "not_stoppable",
            "not_stoppable",
            "which published answer to Q2729 applies: stoppable = Stop That! may cancel a use of the Action "
            "held by Let's Keep Doing That (which then cannot be used again that turn)",
            ("Q2729", "R23"),
            _one_of("not_stoppable", "stoppable"),
            applied=False,
        ),
        Switch(
            "double_agenda_twin",
            "replaces | rechoose",
            "replaces",
            "replaces (the publisher has not ruled)",
            "rechoose: a second copy of Double Agenda played over the first lets its player pick the one "
            "Goal that stays, as when Double Agenda leaves, and the second slot opens again",
            ("Q2219",),
            _one_of("replaces", "rechoose"),
        ),
    )
}


@dataclass(frozen=True)
class HouseRules:
    """The house rules in force: one typed attribute per switch, official unless given."""

    keep_going: int | None = None
    tie: str = "continue"
    limits_on_own_turn: bool = False
    simplify_minimum: int | None = None
    surprise_window: str = "official"
    creepers_block_wins: bool = True
    may_discard: bool = False
    starting_hand: int = 3
    goals_per_deck: bool = False
    proper_nouns: bool = False
    slang: bool = False
    allowed_words: tuple[str, ...] = ()
    banned_words: tuple[str, ...] = ()
    q2729: str = "not_stoppable"
    double_agenda_twin: str = "replaces"
    #: The switches the table named (a value equal to the official one is still "in force").
    given: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, values: Mapping[str, Any]) -> HouseRules:
        """From a mapping of switch name to value; raises HouseRuleError."""
        return cls().with_values(values)

    def with_values(self, values: Mapping[str, Any]) -> HouseRules:
        """A copy with these switches set (later values win: the command line over the file)."""
        typed = {}
        for name, value in values.items():
            switch = switch_named(name)
            typed[switch.name] = switch.read(value)
        return replace(self, given=self.given | set(typed), **typed)

    def is_set(self, name: str) -> bool:
        """Whether the switch differs from the official rule (and so must be cited)."""
        return name in self.given and getattr(self, name) != SWITCHES[name].official

    def cite(self, name: str) -> tuple[str, ...]:
        """`(H-name,)` when the switch decides the step, else nothing."""
        return (SWITCHES[name].ruling_id,) if self.is_set(name) else ()

    def in_force(self) -> dict[str, str]:
        """The switches the table named, with their values as written."""
        return {f.name: SWITCHES[f.name].show(getattr(self, f.name)) for f in fields(self) if f.name in self.given}

    def describe(self) -> str:
        """One line for the top of a replay."""
        shown = self.in_force()
        return ", ".join(f"{k}: {v}" for k, v in shown.items()) if shown else "none (official rules)"


OFFICIAL = HouseRules()


def switch_named(name: Any) -> Switch:
    """The switch called name; raises HouseRuleError with the nearest names."""
    if isinstance(name, str) and name in SWITCHES:
        return SWITCHES[name]
    return _unknown(name)


def _unknown(name: Any) -> Switch:
    raise HouseRuleError(
        f"unknown house rule {name!r} (house rules: {', '.join(SWITCHES)})", suggest(str(name), list(SWITCHES), 1)
    )


def parse_assignments(texts: Iterable[str], option: str = "--house-rule") -> dict[str, Any]:
    """`NAME=VALUE` texts (the `--house-rule` option of every command, and `simulate --compare`) into
    a mapping of switch name to the value as written; list values are comma-separated."""
    values: dict[str, Any] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise HouseRuleError(f"{option} takes NAME=VALUE, not {text!r}")
        switch = switch_named(name.strip())
        switch.read(value.strip())  # checked now, so the message names the option
        values[switch.name] = value.strip()
    return values
