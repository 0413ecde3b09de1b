"""How the objects of a position are copied: structurally, each object once, sharing what
cannot change (names, numbers, cards, frozen records). A copy of a game (`engine/copying.py`)
and an undo record (`engine/undoing.py`) are made by these functions; the position's classes
(`position.py`) derive from `Copied`.
"""

from __future__ import annotations

import copy
import dataclasses
import operator
import types
import typing
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from typing import Any

from adjudicator.model.cards import Card


class Copied:
    """Copied field by field (by `copy.deepcopy`, or `copying.fork` with the whole game),
    sharing what cannot change -- names, numbers, cards, immutable records -- and copying the
    rest with the same memo, so an object reached twice (a `Play` in the being-played zone and
    in a continuation) is copied once. A new field needs nothing here: it is copied by its
    declared type (a dataclass's, `_declared_copier`), or else by the type of what it holds."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        cls = type(self)
        return (_COPIERS.get(cls) or _copier_for(cls))(self, memo)


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
        copier: Callable[[Any, dict[int, Any]], Any] = _copy_copied if params is None else _declared_copier(cls)
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


def _shared_type(declared: Any) -> bool:
    """Whether a field declared so holds only values that cannot change: names, numbers, cards,
    enums, None, and tuples or unions of these."""
    if isinstance(declared, type) and (declared in ATOMS or issubclass(declared, Enum)):
        return True
    origin = typing.get_origin(declared)
    if origin is tuple or origin is frozenset or origin is types.UnionType or origin is typing.Union:
        return all(arg is Ellipsis or _shared_type(arg) for arg in typing.get_args(declared))
    return False


#: How a value declared as a list, a set or a deque is copied (`{0}`): an empty one made new without a call.
_CONTAINER = {
    list: "_copy_list({0}, memo) if {0} else []",
    set: "_copy_set({0}, memo) if {0} else set()",
    deque: "_copy_deque({0}, memo) if {0} else deque((), {0}.maxlen)",
}


def _declared_copier(cls: type) -> Callable[[Any, dict[int, Any]], Any]:
    """The copier of a `Copied` dataclass, written from its fields' declared types: the copy of
    its dict shares every value, and only the fields that may hold something that changes are
    looked at -- most of an object of the position is names, numbers and cards, and a look at
    each field by the type it holds (`_copy_copied`) is most of what copying it costs. A field
    is copied as `_copying` writes it from its declared type. A field set beside the declared
    ones (a memo the object keeps) is copied by its type."""
    hints = typing.get_type_hints(cls)
    declared = [field.name for field in dataclasses.fields(cls)]
    _WRITING.add(cls)  # (its fields may declare its own class: written once)
    name = _written_name(cls)
    _WRITTEN[f"{name}_declared"] = frozenset(declared)
    lines = [
        f"def {name}(value, memo):",
        "    key = id(value)",
        "    copied = memo.get(key)",
        "    if copied is None:",
        f"        copied = memo[key] = new({name}_cls)",
        "        fields = value.__dict__",
        "        copied.__dict__ = copy = fields.copy()",
        f"        if len(copy) != {len(declared)}:",
        f"            _copy_in_place(copy, fields.items(), memo, {name}_declared)",
    ]
    for field_name in declared:
        copying = _copying(hints[field_name], "item")
        if copying is None:
            continue
        lines.append(f"        item = copy[{field_name!r}]")
        if copying == _BY_TYPE.format("item"):  # (an atom held, most often: the dict's copy keeps it)
            lines.append(f"        if type(item) not in atoms: copy[{field_name!r}] = duplicate(item, memo)")
        else:
            lines.append(f"        copy[{field_name!r}] = {copying}")
    lines.append("    return copied")
    _WRITING.discard(cls)
    copier: Callable[[Any, dict[int, Any]], Any] = _write(name, "\n".join(lines))
    return copier


def fields_copier(kept: Sequence[str], declared: Mapping[str, Any]) -> Callable[[Any, dict[int, Any]], list[Any]]:
    """What reads the fields of an object (slots, read as a statement reads them: no look-up by
    name at each call), in a new list: the `kept` ones as they are, then the `declared` ones
    copied as their declared types say, written out field by field (`_copying`): a field that
    holds only what cannot change is taken as it is, None and an empty container without a call."""
    for hint in declared.values():
        _prepare(hint)
    reads = [f"obj.{name}" for name in kept]
    assigns = []  # each field copied read once, into a local
    for at, (name, hint) in enumerate(declared.items()):
        item = f"v{at}"
        copying = _copying(hint, item)
        if copying is None:
            reads.append(f"obj.{name}")
        else:
            assigns.append(f"    {item} = obj.{name}\n")
            reads.append(copying)
    body = "".join(f"        {read},\n" for read in reads)
    assert all(name.isidentifier() for name in (*kept, *declared))
    source = f"def copy_fields(obj, memo):\n{''.join(assigns)}    return [\n{body}    ]\n"
    copier: Callable[[Any, dict[int, Any]], list[Any]] = _write("copy_fields", source)
    return copier


def _copying(hint: Any, item: str) -> str | None:
    """The expression that copies `item`, a value declared `hint` (None: it is shared as it is).
    A `Copied` dataclass (or None) by its own written copier, when it is of that very class; a
    list of them by a written list copier; any other list, set or deque by `_CONTAINER`; any
    other value by the type of what it holds (`duplicate`)."""
    if _shared_type(hint):
        return None
    origin = typing.get_origin(hint) or hint
    if origin is list:
        (of,) = typing.get_args(hint) or (Any,)
        if _written_class(of) is not None:
            return f"{_list_copier(of)}({item}, memo) if {item} else []"
    container = _CONTAINER.get(origin)
    if container is not None:
        return container.format(item)
    cls = _written_class(hint)
    if cls is not None:
        name = _written_name(cls)
        copy = f"{name}({item}, memo) if type({item}) is {name}_cls else duplicate({item}, memo)"
        return copy if typing.get_origin(hint) is None else f"{item} if {item} is None else ({copy})"
    return _BY_TYPE.format(item)


#: How a value declared as anything else is copied: by the type of what it holds.
_BY_TYPE = "{0} if {0} is None else duplicate({0}, memo)"


def _written_class(hint: Any) -> type | None:
    """The `Copied` dataclass a field declared `hint` holds, as itself or as an optional one."""
    args = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if typing.get_origin(hint) in (types.UnionType, typing.Union) and len(args) == 1:
        hint = args[0]
    is_written = isinstance(hint, type) and issubclass(hint, Copied) and dataclasses.is_dataclass(hint)
    return hint if is_written and getattr(hint, "__deepcopy__", None) is Copied.__deepcopy__ else None


def _written_name(cls: type) -> str:
    """The name a written copier of cls goes by among `_WRITTEN` (its class beside it, `..._cls`)."""
    name = _NAMES.get(cls)
    if name is None:
        name = _NAMES[cls] = f"copy_{len(_NAMES)}_{cls.__name__}"
        _WRITTEN[f"{name}_cls"] = cls
    if cls not in _COPIERS and cls not in _WRITING:
        _copier_for(cls)  # written before anything that calls it runs
    return name


def _list_copier(cls: type) -> str:
    """The name of the written copier of a list of cls's objects (not empty: the caller makes an
    empty one new), each object by cls's own copier, the list once (the memo)."""
    name = f"{_written_name(cls)}_list"
    if name not in _WRITTEN:
        one = _written_name(cls)
        _write(
            name,
            f"def {name}(value, memo):\n"
            "    key = id(value)\n"
            "    copied = memo.get(key)\n"
            "    if copied is None:\n"
            "        copied = memo[key] = []\n"
            "        append = copied.append\n"
            "        for item in value:\n"
            f"            append({one}(item, memo) if type(item) is {one}_cls else duplicate(item, memo))\n"
            "    return copied\n",
        )
    return name


def _write(name: str, source: str) -> Any:
    """Define the function `name` from its source, among the copiers written (their names are one
    another's: a copier calls those of the classes its fields declare, written or not yet)."""
    exec(source, _WRITTEN)  # noqa: S102 - written from class and field names alone
    return _WRITTEN[name]


def _prepare(declared: Any) -> None:
    """Write the copiers of the `Copied` classes a type declared names, and of those their fields
    name, now (at import): not while the first game is copied, which would pay for writing them."""
    if typing.get_origin(declared) is None and isinstance(declared, type) and issubclass(declared, Copied):
        if declared not in _COPIERS:
            _copier_for(declared)
            if dataclasses.is_dataclass(declared):
                for hint in typing.get_type_hints(declared).values():
                    _prepare(hint)
    else:
        for arg in typing.get_args(declared):
            _prepare(arg)


#: The names of the written copiers (`_written_name`), and the classes whose copier is being written.
_NAMES: dict[type, str] = {}
_WRITING: set[type] = set()
#: What the copiers written out call, and the copiers written (the globals of each).
_WRITTEN: dict[str, Any] = {
    **{"duplicate": duplicate, "deque": deque, "_copy_in_place": _copy_in_place, "new": object.__new__},
    **{"_copy_list": _copy_list, "_copy_set": _copy_set, "_copy_deque": _copy_deque, "atoms": ATOMS},
}
