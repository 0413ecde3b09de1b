"""Saying each distinct step once: a long game repeats the same steps over and over.

What an output writes for a step (its sentence, its rulings, its data) depends only on the
step's class and its fields other than the event number, so a step's rendering can be
remembered under that key and looked up for every later step alike: a million-step log
then costs one key and one look-up a step. The event number, or the step's number in the
log, is added by the caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

from adjudicator.model import records as rec
from adjudicator.model.records import own_fields

#: Annotations whose values compare equal across types (1 == True == 1.0) but are said
#: differently: the key holds the type of such a field's value too.
_NUMBERS = ("int", "bool", "float")


def key_reader(cls: type[rec.Step]) -> Callable[[rec.Step], tuple[Any, ...]]:
    """What tells two steps of the class apart, read in one call: every field but the event,
    and the type of each number."""
    numbers = [
        f"{f.name}.__class__"
        for f in fields(cls)
        if f.name not in ("event", "rulings", "moves") and any(word in str(f.type) for word in _NUMBERS)
    ]
    # a class is hashable, though mypy does not see it for type[Step] (python/mypy#11470)
    return attrgetter("rulings", "moves", *own_fields(cls), *numbers)  # type: ignore[arg-type]


def said_once(say: Callable[[rec.Step], str]) -> Callable[[rec.Step], str]:
    """`say`, remembered for every step alike (for as long as the function returned lives:
    one output). A step with an unhashable value (a list) is said each time."""
    #: per record class: how to read a step's key, and what the class's steps said
    classes: dict[type, tuple[Callable[[rec.Step], tuple[Any, ...]], dict[tuple[Any, ...], str]]] = {}

    def said(step: rec.Step) -> str:
        entry = classes.get(type(step))
        if entry is None:
            entry = classes[type(step)] = (key_reader(type(step)), {})
        read, remembered = entry
        key = read(step)
        try:
            text = remembered.get(key)
        except TypeError:  # unhashable
            return say(step)
        if text is None:
            text = remembered[key] = say(step)
        return text

    return said
