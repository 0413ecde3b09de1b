"""The step log as one line of JSON text, written fast enough for a million steps.

`json.dumps` over a dict per step (`Step.data()`) costs several microseconds a step: a
replay of a hundred thousand events would spend seconds there. Here a record class's JSON
form is known in advance (its kind, its field names and their order), so each class gets a
%-template once; and a step's JSON after its event number is written once per distinct step
(`log/repeats.py`), then looked up.

The text is exactly what `json.dumps(..., ensure_ascii=False)` writes for the step's
`{"event", "kind", "text", "rulings", "data"}` dict (tests/test_json_output.py and
tests/test_scenarios.py compare the two).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from json.encoder import encode_basestring  # the C encoder: a str as a JSON string, non-ASCII kept
from typing import Any

from adjudicator.log.repeats import said_once
from adjudicator.model import records as rec
from adjudicator.model.cards import Card
from adjudicator.model.records import own_fields

_MOVE = '{"card": %s, "from": %s, "to": %s}'


class _Form:
    """One record class's JSON form after the event number: a %-template and the fields it takes."""

    def __init__(self, cls: type[rec.Step]) -> None:
        self.names = own_fields(cls)  # type: ignore[arg-type]  # a class is hashable (python/mypy#11470)
        data = ", ".join(f"{encode_basestring(name)}: %s" for name in self.names)  # field names hold no '%'
        self.template = (
            ', "kind": ' + encode_basestring(cls.__name__) + ', "text": %s, "rulings": %s, "data": {' + data + "%s}}"
        )
        self.moves_key = ', "moves": ' if self.names else '"moves": '


class StepWriter:
    """Writes steps as compact JSON. Remembers each distinct step for as long as it lives:
    one per output."""

    def __init__(self) -> None:
        self._forms: dict[type, _Form] = {}
        self._rest = said_once(self._written_rest)

    def steps(self, steps: Iterable[rec.Step]) -> str:
        """The JSON list of the steps."""
        return "".join(self.chunks(steps))

    def chunks(self, steps: Iterable[rec.Step], size: int = 5_000) -> Iterator[str]:
        """The JSON list of the steps in chunks of `size` steps that join into it: a long log
        is written a megabyte at a time, never held whole (and a chunk stays in the cache)."""
        rest = self._rest
        pieces: list[str] = []
        append = pieces.append
        opening = '[{"event": '
        for step in steps:  # a million times in a long log: a look-up and a concatenation
            event = step.event
            append(opening + ("null" if event is None else int.__repr__(event)) + rest(step))
            opening = ', {"event": '
            if len(pieces) == size:
                yield "".join(pieces)
                pieces.clear()
        yield "".join(pieces) + ("[]" if opening.startswith("[") else "]")

    def value(self, value: Any) -> str:
        """One field's value as JSON: cards by name, tuples as lists (as `Step.data` gives it)."""
        kind = type(value)
        if kind is str:
            return encode_basestring(value)
        if kind is Card:
            return encode_basestring(value.name)
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

    def _written_rest(self, step: rec.Step) -> str:
        """The step's JSON after its event number."""
        form = self._forms.get(type(step)) or self._form(type(step))
        moves = (
            ""
            if not step.moves
            else form.moves_key
            + "["
            + ", ".join(
                _MOVE % (self.value(card), self.value(source), self.value(target))
                for card, source, target in step.moves
            )
            + "]"
        )
        return form.template % (
            encode_basestring(step.text),
            self.value(step.rulings),
            *(self.value(getattr(step, name)) for name in form.names),
            moves,
        )

    def _form(self, cls: type[rec.Step]) -> _Form:
        form = self._forms[cls] = _Form(cls)
        return form
