"""The parameters a kind takes (`Kind.params`): what values each accepts, and the ones many
kinds share (a count, a list of card names, a choice among words)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Param:
    """One parameter of a kind: what values it takes and whether a card must give it."""

    describe: str
    check: Callable[[Any], bool]
    required: bool = False
    default: Any = None
    numeral: bool = False  # a printed number (Inflation raises these)


def is_count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 1000


def _is_name(v: Any) -> bool:
    return isinstance(v, str) and bool(v.strip())


def _is_names(v: Any) -> bool:
    return isinstance(v, list) and all(_is_name(x) for x in v)


def _is_requirements(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(_is_name(x) or (_is_names(x) and x) for x in v)


COUNT = "a whole number from 0 to 1000"
COUNT_PARAM = Param(COUNT, is_count, required=True, numeral=True)
NAMES_PARAM = Param("a list of card names", _is_names, default=())
BOOL_PARAM = Param("true or false", lambda v: isinstance(v, bool), default=True)


def requirements_param() -> Param:
    return Param("a list of card names (a nested list means any one of them)", _is_requirements, required=True)


def name_param(required: bool = True) -> Param:
    return Param("a card name", _is_name, required=required)


def choice_param(*values: str, required: bool = True, default: Any = None) -> Param:
    return Param("one of " + ", ".join(values), lambda v: v in values, required=required, default=default)
