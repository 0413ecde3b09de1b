"""The scenario's `date:`: the day the game is played, for cards that depend on it.

    date: 2026-12-25                       # just the day
    date: {day: 2026-07-04, holiday: Independence Day, birthdays: [Alice]}

Christmas Bonus reads the day (Christmas Day is 25 December); Today's Special! reads the
occasion: a player's birthday, a holiday (Christmas Day, or the one the table names: any
real holiday counts, and the table agrees on it before the game, Q1074), or otherwise an
ordinary day. A scenario without `date:` says nothing about the day: Today's Special! then
takes the occasion as a choice, and Christmas Bonus treats the day as not Christmas.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_KEYS = ("day", "holiday", "birthdays")


@dataclass(frozen=True)
class Day:
    """The day of the game as `date:` gives it (every part may be missing)."""

    day: datetime.date | None = None
    holiday: str | None = None
    birthdays: tuple[str, ...] = ()

    @property
    def is_christmas(self) -> bool:
        return self.day is not None and (self.day.month, self.day.day) == (12, 25)

    def occasion(self, player: str) -> str:
        """`birthday`, `holiday` or `otherwise`: what Today's Special! asks of this day."""
        if player in self.birthdays:
            return "birthday"
        if self.holiday or self.is_christmas:
            return "holiday"
        return "otherwise"

    def describe(self, player: str) -> str:
        if player in self.birthdays:
            return f"{player}'s birthday"
        if self.holiday:
            return f"{self.holiday} ({self.day})" if self.day else self.holiday
        if self.is_christmas:
            return f"Christmas Day ({self.day})"
        return f"an ordinary day ({self.day})" if self.day else "an ordinary day"


def read_day(
    node: Any, where: Any, key: str, fail: Callable[..., Exception], player: Callable[[Any, Any, Any], str]
) -> Day:
    """`date:` as written (a date, or a mapping of day / holiday / birthdays) into a Day.
    `fail(message, node, key)` makes the loader's error; `player(name, node, key)` checks a name."""
    if not isinstance(node, dict):
        return Day(day=_date(node, where, key, fail))
    for k in node:
        if k not in _KEYS:
            raise fail(f"unknown key {k!r} in `date` (keys: {', '.join(_KEYS)})", node, k)
    day = _date(node["day"], node, "day", fail) if "day" in node else None
    holiday = node.get("holiday")
    if holiday is not None and (not isinstance(holiday, str) or not holiday.strip()):
        raise fail("`holiday` names the holiday the table agreed on, as text", node, "holiday")
    names = node.get("birthdays") or []
    if not isinstance(names, list):
        raise fail("`birthdays` is a list of players", node, "birthdays")
    return Day(day, holiday.strip() if holiday else None, tuple(player(n, names, i) for i, n in enumerate(names)))


def _date(value: Any, node: Any, key: str, fail: Callable[..., Exception]) -> datetime.date:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise fail(f"`{key}` must be a date written YEAR-MONTH-DAY (2026-12-25), not {value!r}", node, key)
