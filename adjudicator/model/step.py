"""What every step record is: `Step`, its fields (the event, the rulings, the cards moved) and
how a record class is declared (`record`) and made quickly: drafted by its `of` (`Game.step`
writes `rec.X.of(...)`) and made of the draft by its `made`, both written when its first record
is made; or by its own __init__, likewise written. The record classes are in `records.py`.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, fields
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar, dataclass_transform

from adjudicator.model.cards import Card

#: How every record is declared: keyword fields in slots (a long log holds a million records: no
#: __dict__ each), and no generated method at import -- no __eq__ or __repr__ (a record is read by
#: its fields and said by `.text`), no __match_args__ (it would be empty: no field is positional),
#: one shared __setattr__ (`Step`), and an __init__, `of` and `made` written for each class only
#: when its first record is made (`_own_init`, `_own_drafter`, `_own_maker`): records are made ten
#: times an event and this module is imported by every command, so both must be quick.
_RECORD = dataclass(init=False, kw_only=True, eq=False, repr=False, match_args=False, slots=True)
_Record = TypeVar("_Record")
_Value = TypeVar("_Value")


@dataclass_transform(kw_only_default=True, eq_default=False)  # a type checker reads records as dataclasses
def record(cls: type[_Record]) -> type[_Record]:
    return _RECORD(cls)


#: The default of a required field in a class's own __init__: the field was not given.
_REQUIRED: Any = object()


def _first_record(self: Step, **values: Any) -> None:
    """Every record class's __init__ until its first record: the class gets its own, which
    makes this record and every later one. A class with subclasses (`Step`) keeps this one,
    which they would inherit; a record class is never the base of another."""
    init = _own_init(type(self))
    if not type(self).__subclasses__():
        type(self).__init__ = init  # type: ignore[method-assign]  # replacing a method is the point
    init(self, **values)


def _first_of(cls: type, **values: Any) -> Draft:
    """Every record class's `of` until its first draft: the class gets its own (`_own_drafter`);
    a class with subclasses (`Step`) keeps this one, as with `_first_record`."""
    of = _own_drafter(cls)
    if not cls.__subclasses__():
        # a plain function: read off the class it is itself (a staticmethod costs a call to unwrap)
        cls.of = of  # type: ignore[attr-defined]  # replacing a method is the point
    return of(**values)


def _first_made(cls: type, event: int | None, moves: tuple[Any, ...], keep: bool, draft: Draft) -> Any:
    """Every record class's `made` until its first record made so: the class gets its own
    (`_own_maker`); a class with subclasses (`Step`) keeps this one."""
    made = _own_maker(cls)
    if not cls.__subclasses__():
        cls.made = made  # type: ignore[attr-defined]  # replacing a method is the point
    return made(event, moves, keep, draft)


def _own_init(cls: type) -> Callable[..., None]:
    """A record class's __init__, written for its fields: each a keyword argument with its default
    (`_REQUIRED` if it has none), so that one test finds a field missing or unknown (`_refusal`);
    the values go straight into the record's slots (each slot's own setter), past the frozen
    __setattr__. What a long log repeats is made anew at each step and kept once (`_kept_once`)."""
    declared = fields(cls)
    names = [f.name for f in declared]
    source = (
        f"def __init__(self, *, {', '.join(names)}, **_unknown):\n"  # no field's name starts with _
        f"    if _unknown{_any_required(declared)}:\n"
        "        raise _refusal(type(self), _unknown, locals())\n"
        + _kept_once(declared)
        + "".join(f"    _set_{name}(self, {name})\n" for name in names)
    )
    namespace = _namespace()
    namespace.update((f"_set_{name}", getattr(cls, name).__set__) for name in names)  # the slots' descriptors
    init = _written(source, "__init__", namespace)
    init.__kwdefaults__ = {f.name: _default(f) for f in declared}
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _own_drafter(cls: type) -> Callable[..., Draft]:
    """`of` for a record class: the draft of the record of these fields -- its class, then the
    fields in order -- each a keyword parameter of its own (a call passes them without a dict,
    and Python itself refuses a field missing or unknown). A game without a log reads only the
    draft's rulings; one with a log has the record made of it (`made`). The function is the
    template for its number of fields with the fields' names put in (`_template`)."""
    names = _drafted(cls)
    of = _renamed(_template("of", len(names)), names, f"{cls.__qualname__}.of", {"_cls": cls})
    of.__kwdefaults__ = {f.name: f.default for f in fields(cls) if f.name in names and f.default is not MISSING}
    return of


def _own_maker(cls: type) -> Callable[[int | None, tuple[Any, ...], bool, Draft], Any]:
    """`made` for a record class: the record of a draft (`of`), of this event, with these moves.
    The fields go into an open twin of the class (the same slots, the plain __setattr__), which
    then becomes the class itself, frozen (`_open_twin`); `keep`: what a long log repeats is
    kept once (`_kept_once`)."""
    names = _drafted(cls)
    namespace: dict[str, Any] = {"_cls": cls, "_Open": _open_twin(cls)}

    def first_keep_once(record: Any) -> None:  # written when a long log first needs it
        kept = _kept_once([f for f in fields(cls) if f.name != "event"], owner="record.")
        keep_once = namespace["_keep_once"] = _written(
            f"def keep_once(record):\n{kept or '    pass'}\n", "keep_once", _namespace()
        )
        keep_once(record)

    namespace["_keep_once"] = first_keep_once
    return _renamed(_template("made", len(names)), names, f"{cls.__qualname__}.made", namespace)


def _drafted(cls: type) -> tuple[str, ...]:
    """The fields a draft holds, in order: all but the event and the moves (the game's to give)."""
    return tuple(f.name for f in fields(cls) if f.name not in ("event", "moves"))


def _renamed(template: CodeType, names: tuple[str, ...], qualname: str, namespace: dict[str, Any]) -> FunctionType:
    """The function of the template's code with the fields' names in place of its placeholders."""
    placeholders = {f"field{i}": name for i, name in enumerate(names)}
    code = template.replace(
        co_varnames=tuple(placeholders.get(n, n) for n in template.co_varnames),
        co_names=tuple(placeholders.get(n, n) for n in template.co_names),
        co_qualname=qualname,
    )
    return FunctionType(code, namespace, code.co_name)


@functools.cache
def _template(name: str, count: int) -> CodeType:
    """The code of `of` or `made` for a record class of `count` drafted fields, by placeholder
    names. Compiled once for each number of fields, then renamed for each class (`_renamed`):
    compiling source for each class would cost fifty times more, at its first record."""
    placeholders = [f"field{i}" for i in range(count)]
    if name == "of":
        source = f"def of(*, {', '.join(placeholders)}):\n    return _cls, {', '.join(placeholders)}\n"
    else:
        source = (
            "def made(event, moves, keep, draft):\n"
            "    record = _Open()\n"
            "    record.event = event\n"
            "    record.moves = moves\n"
            f"    _, {', '.join(f'record.{p}' for p in placeholders)} = draft\n"
            "    if keep:\n"
            "        _keep_once(record)\n"
            "    record.__class__ = _cls\n"
            "    return record\n"
        )
    return _written(source, name, {}).__code__


def _open_twin(cls: type) -> type:
    """A class with the slots of the record class cls and the plain __setattr__ (its fields are
    stored as fast as any object's), whose objects may be made cls: `made` fills one, then
    makes it a record, frozen from then on. Never seen outside `made`."""
    twin: type = type(
        cls.__name__,
        (Step,),
        {
            "__slots__": cls.__dict__["__slots__"],
            "__setattr__": object.__setattr__,
            "__init__": object.__init__,  # made by calling it (`_Open()`, quicker than object.__new__): none of Step's
            "__delattr__": object.__delattr__,
            "__module__": __name__,
        },
    )
    return twin


def _any_required(declared: Iterable[Field[Any]]) -> str:
    """` or NAME is _REQUIRED` for each field without a default: a condition's tail."""
    return "".join(f" or {f.name} is _REQUIRED" for f in declared if f.default is MISSING)


def _default(f: Field[Any]) -> Any:
    return _REQUIRED if f.default is MISSING else f.default


def _kept_once(declared: Iterable[Field[Any]], indent: str = "    ", owner: str = "") -> str:
    """The lines that keep once what a long log repeats, made anew at each step: a text field's
    string is interned (why a card is drawn, how a play counts), and the rulings, the moves and
    the cards are the tuple equal to them that records share (`share`)."""
    declared = list(declared)
    # a str subclass (CardId) stays as it is; a player's name is the scenario's own string already
    texts = [f.name for f in declared if f.type == "str" and not f.name.endswith("player")]
    tuples = [f.name for f in declared if f.name in ("rulings", "moves") or f.type == "tuple[Card, ...]"]
    texts = [owner + name for name in texts]
    tuples = [owner + name for name in tuples]
    return "".join(
        f"{indent}if type({name}) is str:\n{indent}    {name} = _intern({name})\n" for name in texts
    ) + "".join(
        f"{indent}if {name} and type({name}) is tuple:\n{indent}    {name} = _get({name}) or _share({name})\n"
        for name in tuples
    )


def _namespace() -> dict[str, Any]:
    return {
        "_REQUIRED": _REQUIRED,
        "_refusal": _refusal,
        "_intern": sys.intern,
        "_get": SHARED.get,
        "_share": share,
    }


def _written(source: str, name: str, namespace: dict[str, Any]) -> FunctionType:
    exec(source, namespace)  # noqa: S102 - the source is made of the class's field names alone
    function: FunctionType = namespace[name]
    return function


def _refusal(cls: type, unknown: dict[str, Any], given: dict[str, Any]) -> TypeError:
    """The error for a record made with fields its class does not have, or without required ones
    (`given`: each field's value, `_REQUIRED` if it was not given)."""
    missing = [name for name, value in given.items() if value is _REQUIRED]
    return TypeError(
        f"{cls.__name__}: "
        + "; ".join(
            [*(f"unknown field {n!r}" for n in sorted(unknown)), *(f"missing field {n!r}" for n in sorted(missing))]
        )
    )


#: The rulings and moves tuples the records of a log share (`share`): a long log repeats a few of
#: them a million times. A process that replays game after game (simulate, the tests) starts it
#: again once it holds SHARED_AT_MOST of them.
SHARED: dict[Any, Any] = {}
SHARED_AT_MOST = 4096


def share(value: _Value) -> _Value:
    """The value equal to `value` that records share (`value` itself the first time): a
    tuple of plain values and cards, which nothing changes."""
    if len(SHARED) >= SHARED_AT_MOST:
        SHARED.clear()
    shared: _Value = SHARED.setdefault(value, value)
    return shared


def names(cards: tuple[Card, ...] | list[Card]) -> str:
    return ", ".join(c.name for c in cards) if cards else "nothing"


@record
class Step:
    """One change the engine made: the event it belongs to, the rulings behind it, the cards it moved."""

    event: int | None = None
    rulings: tuple[str, ...] = ()
    #: The cards that changed place with this step: (card, from zone, to zone), None for a place
    #: off the table (being played, a temporary hand). Written by the zones (model/zones.py).
    moves: tuple[tuple[Card, str | None, str | None], ...] = ()
    #: Steps that only mark structure (windows opening) render quietly.
    quiet: ClassVar[bool] = False

    if TYPE_CHECKING:  # what a type checker is told: fields by keyword (the real one is written per class)

        def __init__(self, **values: Any) -> None: ...

    else:
        __init__ = _first_record

    if TYPE_CHECKING:

        @classmethod
        def of(cls, **values: Any) -> Draft:
            """The draft of the record of these fields, for `Game.step` to write: each field by
            keyword, as __init__ takes them (the event and the moves are the game's to give)."""

        @classmethod
        def made(cls, event: int | None, moves: tuple[Any, ...], keep: bool, draft: Draft) -> Self:
            """The record drafted, of this event, with these moves; `keep`: what a long log
            repeats is kept once (`_kept_once`)."""

    else:
        of = classmethod(_first_of)
        made = classmethod(_first_made)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"a step record is never changed (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"a step record is never changed (cannot delete {name!r})")

    @property
    def kind(self) -> str:
        return type(self).__name__

    @property
    def text(self) -> str:  # pragma: no cover - every subclass says itself
        raise NotImplementedError

    def data(self) -> dict[str, Any]:
        """The record's own fields as JSON data (cards by name, tuples as lists): who, which
        cards, from where and to where, beside the sentence."""
        # a class is hashable, though mypy does not see it for type(self) (python/mypy#11470)
        data = {name: _plain(getattr(self, name)) for name in own_fields(type(self))}  # type: ignore[arg-type]
        if self.moves:
            data["moves"] = [{"card": str(card), "from": source, "to": target} for card, source, target in self.moves]
        return data


#: A record being written (`Step.of`): its class, then the rulings and its own fields in order
#: (`Game.step` gives the event and the moves).
Draft = tuple[Any, ...]


@functools.cache
def own_fields(cls: type) -> tuple[str, ...]:
    """A record class's own field names (a long log asks once per class, not once per step)."""
    return tuple(f.name for f in fields(cls) if f.name not in ("event", "rulings", "moves"))


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)  # a card (its name), a keyword choice, an assignment
