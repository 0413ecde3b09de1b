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

from adjudicator.log import records as rec

#: Annotations whose values compare equal across types (1 == True == 1.0) but are said
#: differently: the key holds the type of such a field's value too.
_NUMBERS = ("int", "bool", "float")


def own_fields(cls: type[rec.Step]) -> list[str]:
    """A record class's own field names, in order: all but event, rulings and moves."""
    return [f.name for f in fields(cls) if f.name not in ("event", "rulings", "moves")]


def key_reader(cls: type[rec.Step]) -> Callable[[rec.Step], tuple[Any, ...]]:
    """What tells two steps of the class apart, read in one call: every field but the event,
    and the type of each number."""
    numbers = [f"{f.name}.__class__" for f in fields(cls)
               if f.name not in ("event", "rulings", "moves") and any(word in str(f.type) for word in _NUMBERS)]
    return attrgetter("rulings", "moves", *own_fields(cls), *numbers)


class SaidOnce:
    """`say(step)`, remembered for every step alike (for as long as this object lives: one
    output). A step with an unhashable value (a list) is said each time."""

    def __init__(self, say: Callable[[rec.Step], str]) -> None:
        self._say = say
        #: per record class: how to read a step's key, and what the class's steps said
        self._classes: dict[type, tuple[Callable[[rec.Step], tuple[Any, ...]], dict[tuple[Any, ...], str]]] = {}

    def __call__(self, step: rec.Step) -> str:
        read, said = self._classes.get(type(step)) or self._add(type(step))
        key = read(step)
        try:
            text = said.get(key)
        except TypeError:  # unhashable
            return self._say(step)
        if text is None:
            text = said[key] = self._say(step)
        return text

    def _add(self, cls: type[rec.Step]) -> tuple[Callable[[rec.Step], tuple[Any, ...]], dict[tuple[Any, ...], str]]:
        entry = self._classes[cls] = (key_reader(cls), {})
        return entry
