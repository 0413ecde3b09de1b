"""Frozen dataclass instances the engine makes by the thousand (the specs of the choices it asks):
their fields set at once, faster than the frozen `__init__`, which stores each field through
`object.__setattr__`. (`Event.made` and `Decision.made`, made more often than any, store their
fields one by one, quicker still than a dict of keywords.)"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def with_fields(cls: type[T], **fields: Any) -> T:
    """An instance of the frozen dataclass cls holding fields: every field the class declares
    must be given (nothing fills in a default or checks a type: the callers are the engine's)."""
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance
