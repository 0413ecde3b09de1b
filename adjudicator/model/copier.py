"""How the objects of a position are copied: structurally, each object once, sharing what
cannot change (names, numbers, cards, frozen records). A copy of a game (`engine/copying.py`)
and an undo record (`engine/undoing.py`) are made by these functions; the position's classes
(`position.py`) derive from `Copied`.
"""

from __future__ import annotations

import copy
import operator
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from typing import Any

from adjudicator.model.cards import Card


class Copied:
    """Copied field by field (by `copy.deepcopy`, or `copying.fork` with the whole game),
    sharing what cannot change -- names, numbers, cards, immutable records -- and copying the
    rest with the same memo, so an object reached twice (a `Play` in the being-played zone and
    in a continuation) is copied once. A new field needs nothing here: it is copied by its type."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        copied = memo[id(self)] = object.__new__(type(self))
        copied.__dict__ = copy_fields(self.__dict__, memo)
        return copied


def _copy_copied(value: Copied, memo: dict[int, Any]) -> Any:
    """`Copied.__deepcopy__` for `duplicate`, which looks in the memo first itself."""
    key = id(value)
    copied = memo.get(key)
    if copied is None:
        copied = memo[key] = object.__new__(type(value))
        fields = value.__dict__
        copied.__dict__ = copy = fields.copy()
        _copy_in_place(copy, fields.items(), memo)
    return copied


#: The types whose values cannot change: a copy of a game shares them with the original.
#: Enums and other immutable types join as they are first met (`_copier_for`).
ATOMS: set[type] = {str, int, float, bool, complex, bytes, type(None), Card}


def duplicate(value: Any, memo: dict[int, Any]) -> Any:
    """value as an independent copy of a game holds it: immutable values shared, containers and
    objects of the position copied once each (`memo`: id of an original -> its copy), the same
    way `copy.deepcopy` would, only much faster for the types a position is made of."""
    cls = type(value)
    if cls in ATOMS:
        return value
    copier = _COPIERS.get(cls) or _copier_for(cls)
    return copier(value, memo)


def copy_fields(fields: dict[str, Any], memo: dict[int, Any], skip: Any = ()) -> dict[str, Any]:
    """An object's fields (its `__dict__`) for its copy, each value copied by `duplicate`
    except those named in `skip` (left as they are, for the caller)."""
    copied = fields.copy()
    _copy_in_place(copied, fields.items(), memo, skip)
    return copied


def copy_items(items: Sequence[Any], memo: dict[int, Any]) -> list[Any]:
    """The items of a list (or an object's fields read as a tuple) as its copy holds them, in a
    new list: each by `duplicate`."""
    copied = list(items)
    if not ATOMS.issuperset(map(type, copied)):
        _copy_in_place(copied, enumerate(items), memo)
    return copied


def _copy_in_place(copied: Any, pairs: Iterable[tuple[Any, Any]], memo: dict[int, Any], skip: Any = ()) -> None:
    """Each value of `copied` (a dict or a list, a copy of the original's: `pairs` are the
    original's keys and values) replaced by its copy, as `duplicate` makes it, but those whose
    key is in `skip`. Atoms, lists and tuples of atoms are most of a position: they are handled
    here, without a call per value."""
    atoms, copiers = ATOMS, _COPIERS
    for key, value in pairs:
        cls = type(value)
        if cls in atoms or key in skip:
            continue
        if cls is list:
            if not value:
                copied[key] = []  # (`_copy_list`)
                continue
            ident = id(value)
            copy = memo.get(ident)
            if copy is None:
                copy = memo[ident] = copy_items(value, memo)
            copied[key] = copy
        elif cls is not tuple or value and not atoms.issuperset(map(type, value)):
            copied[key] = (copiers.get(cls) or _copier_for(cls))(value, memo)  # (`duplicate`, not an atom)


def _copy_tuple(value: tuple[Any, ...], memo: dict[int, Any]) -> tuple[Any, ...]:
    atoms = ATOMS
    for item in value:  # most tuples hold only atoms, or tuples of atoms (signatures): shared
        cls = type(item)
        if cls not in atoms and not (cls is tuple and atoms.issuperset(map(type, item))):
            break
    else:
        return value
    items = tuple([duplicate(item, memo) for item in value])
    return value if all(map(operator.is_, items, value)) else items


def _copy_frozenset(value: frozenset[Any], memo: dict[int, Any]) -> frozenset[Any]:
    if ATOMS.issuperset(map(type, value)):
        return value
    return frozenset(duplicate(item, memo) for item in value)


def _copy_list(value: list[Any], memo: dict[int, Any]) -> list[Any]:
    if not value:
        # Most lists of a position are empty, and none is shared by two holders while it is: each
        # holder makes its own (a play's answers, a temporary hand's cards, ...). A new one, without
        # the memo, which costs more than the copy.
        return []
    key = id(value)
    copied = memo.get(key)
    if copied is None:
        copied = memo[key] = copy_items(value, memo)
    return copied


def _copy_dict(value: dict[Any, Any], memo: dict[int, Any]) -> dict[Any, Any]:
    copied = memo.get(id(value))
    if copied is None:
        copied = memo[id(value)] = {}
        for key, item in value.items():
            copied[duplicate(key, memo)] = duplicate(item, memo)
    return copied


def _copy_set(value: set[Any], memo: dict[int, Any]) -> set[Any]:
    if not value:
        return set()  # (as an empty list: `_copy_list`)
    copied = memo.get(id(value))
    if copied is None:
        # most sets hold only atoms (the free actions used this turn, by name)
        atoms_only = ATOMS.issuperset(map(type, value))
        copied = memo[id(value)] = value.copy() if atoms_only else {duplicate(item, memo) for item in value}
    return copied


def _copy_deque(value: deque[Any], memo: dict[int, Any]) -> deque[Any]:
    if not value:
        return deque((), value.maxlen)  # (as an empty list: `_copy_list`)
    copied = memo.get(id(value))
    if copied is None:
        copied = memo[id(value)] = deque(copy_items(value, memo), value.maxlen)
    return copied


def _copy_own_way(value: Any, memo: dict[int, Any]) -> Any:
    """An object that knows how to copy itself (`__deepcopy__`: `Copied`, the zones)."""
    copied = memo.get(id(value))
    if copied is None:
        copied = memo.setdefault(id(value), value.__deepcopy__(memo))
    return copied


def _copy_frozen(value: Any, memo: dict[int, Any]) -> Any:
    """A frozen dataclass (`Then`, an answer): shared unless a field holds something mutable."""
    fields = value.__dict__
    if ATOMS.issuperset(map(type, fields.values())):  # most answers: a card, a player
        return value
    copied = {name: duplicate(item, memo) for name, item in fields.items()}
    if all(copied[name] is item for name, item in fields.items()):
        return value
    clone = object.__new__(type(value))
    clone.__dict__.update(copied)
    return clone


def _copy_other(value: Any, memo: dict[int, Any]) -> Any:
    return copy.deepcopy(value, memo)


_COPIERS: dict[type, Callable[[Any, dict[int, Any]], Any]] = {
    tuple: _copy_tuple,
    frozenset: _copy_frozenset,
    list: _copy_list,
    dict: _copy_dict,
    set: _copy_set,
    deque: _copy_deque,
}


def _copier_for(cls: type) -> Callable[[Any, dict[int, Any]], Any]:
    """How values of a type met for the first time are copied (remembered per type)."""
    if issubclass(cls, Enum):
        ATOMS.add(cls)
        return _share
    params = getattr(cls, "__dataclass_params__", None)
    if getattr(cls, "__deepcopy__", None) is Copied.__deepcopy__:
        copier: Callable[[Any, dict[int, Any]], Any] = _copy_copied
    elif hasattr(cls, "__deepcopy__"):
        copier = _copy_own_way
    elif params is not None and params.frozen and not hasattr(cls, "__slots__"):
        copier = _copy_frozen
    else:
        copier = _copy_other  # whatever else: copy.deepcopy's own way
    _COPIERS[cls] = copier
    return copier


def _share(value: Any, memo: dict[int, Any]) -> Any:
    return value
