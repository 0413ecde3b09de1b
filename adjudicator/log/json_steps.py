"""The step log as one line of JSON text, written fast enough for a million steps.

`json.dumps` over a dict per step (`Step.data()`) costs several microseconds a step: a
replay of a hundred thousand events would spend seconds there. Two things make it cheap:

- a record class's JSON form is known in advance (its kind, its field names and their
  order), so each class gets a %-template once;
- a step's JSON after its event number depends only on its class and field values (its
  sentence is said from them), and a long game repeats the same steps over and over, so
  that text is written once per distinct step and then looked up. Values are told apart by
  equality, and by type where a field is declared a number (1 == True, written 1 and true).

The text is exactly what `json.dumps(..., ensure_ascii=False)` writes for the step's
`{"event", "kind", "text", "rulings", "data"}` dict (tests/test_json_output.py compares the
two on every scenario).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import fields
from json.encoder import encode_basestring  # the C encoder: a str as a JSON string, non-ASCII kept
from operator import attrgetter
from typing import Any

from adjudicator.cards.model import Card
from adjudicator.log import records as rec

#: Fields every record has, written outside its "data" (moves inside it, after the others).
_COMMON = ("event", "rulings", "moves")
_MOVE = '{"card": %s, "from": %s, "to": %s}'
#: Annotations whose values compare equal across types (1 == True == 1.0) but are written
#: differently: a step with such a field is remembered by its values' types too.
_NUMBERS = ("int", "bool", "float")


class _Form:
    """One record class's JSON form after the event number: a %-template and how to read
    the values it takes."""

    def __init__(self, cls: type[rec.Step]) -> None:
        own = [f for f in fields(cls) if f.name not in _COMMON]
        names = [f.name for f in own]
        data = ", ".join(f"{encode_basestring(name)}: %s" for name in names)  # field names hold no '%'
        self.template = (', "kind": ' + encode_basestring(cls.__name__)
                         + ', "text": %s, "rulings": %s, "data": {' + data + "%s}}")
        self.moves_key = ', "moves": ' if names else '"moves": '
        numbers = [f.name for f in own if any(word in str(f.type) for word in _NUMBERS)]
        #: What tells apart steps whose values are equal but written differently (True and 1)
        self.number_types = (None if not numbers else
                             (lambda step, name=numbers[0]: type(getattr(step, name))) if len(numbers) == 1 else
                             (lambda step, get=attrgetter(*numbers): tuple(map(type, get(step)))))
        # attrgetter of several names gives a tuple, of one a bare value: always make it a tuple
        self.values = (attrgetter(*names) if len(names) > 1 else
                       (lambda step, name=names[0]: (getattr(step, name),)) if names else
                       (lambda step: ()))


class StepWriter:
    """Writes steps as compact JSON. Remembers what repeats in a long log (a step but for
    its event, a card's name) for as long as it lives: one per output."""

    def __init__(self) -> None:
        self._forms: dict[type, _Form] = {}
        self._written: dict[tuple[Any, ...], str] = {}  # (class, rulings, moves, values) -> JSON after the event
        self._cards: dict[Card, str] = {}

    def steps(self, steps: Iterable[rec.Step]) -> str:
        """The JSON list of the steps."""
        forms, written, rest_of = self._forms, self._written, self._rest
        texts = []
        for step in steps:  # a million times in a long log: locals only, one dict look-up per step
            cls = type(step)
            form = forms.get(cls) or self._form(cls)
            values = form.values(step)
            key = (cls, step.rulings, step.moves, values, form.number_types(step)) if form.number_types else \
                  (cls, step.rulings, step.moves, values)
            try:
                rest = written.get(key)
            except TypeError:  # an unhashable value (a list): written each time
                rest = rest_of(form, step, values)
            else:
                if rest is None:
                    rest = written[key] = rest_of(form, step, values)
            event = step.event
            texts.append(('{"event": null' if event is None else '{"event": ' + int.__repr__(event)) + rest)
        return "[" + ", ".join(texts) + "]"

    def value(self, value: Any) -> str:
        """One field's value as JSON: cards by name, tuples as lists (as `Step.data` gives it)."""
        kind = type(value)
        if kind is str:
            return encode_basestring(value)
        if kind is Card:
            return self._cards.get(value) or self._remember_card(value)
        if kind is tuple or kind is list:
            return "[" + ", ".join(map(self.value, value)) + "]"
        if value is None:
            return "null"
        if kind is bool:
            return "true" if value else "false"
        if kind is int:
            return int.__repr__(value)
        if isinstance(value, (tuple, list)):  # a named tuple
            return "[" + ", ".join(map(self.value, value)) + "]"
        # a str or number subclass (an enum) as json writes it, anything else by its name
        return json.dumps(value if isinstance(value, (str, int, float)) else str(value), ensure_ascii=False)

    def _rest(self, form: _Form, step: rec.Step, values: tuple[Any, ...]) -> str:
        moves = "" if not step.moves else form.moves_key + "[" + ", ".join(
            _MOVE % (self.value(card), self.value(source), self.value(target))
            for card, source, target in step.moves) + "]"
        return form.template % (encode_basestring(step.text), self.value(step.rulings),
                                *map(self.value, values), moves)

    def _form(self, cls: type[rec.Step]) -> _Form:
        form = self._forms[cls] = _Form(cls)
        return form

    def _remember_card(self, card: Card) -> str:
        text = self._cards[card] = encode_basestring(str(card))
        return text
