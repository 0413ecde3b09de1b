"""`replay --json` of a long log is written on one line by a fast writer: it must say exactly,
byte for byte, what `json.dumps` says of the same object (tests/test_scenarios.py checks it on
every scenario too)."""

import io
import json
import sys
from dataclasses import fields
from enum import IntEnum, StrEnum
from pathlib import Path
from typing import NamedTuple

import pytest

from adjudicator.engine.replay import replay
from adjudicator.json_output import json_text, step_json, to_json, write_json_text
from adjudicator.loading.scenario import parse_scenario
from adjudicator.log.json_steps import StepWriter
from adjudicator.log.outline import LONG_LOG
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.verdict import build_verdict

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from long_log import scenario_text  # noqa: E402 - the benchmark's long game


def dumped(game) -> str:
    return json.dumps(to_json(game), ensure_ascii=False) + "\n"


def test_a_long_log_is_one_line_a_short_one_indented():
    long_game = build_verdict(replay(parse_scenario(scenario_text(30))))
    assert len(long_game.steps) > LONG_LOG
    text = json_text(long_game)
    assert text == dumped(long_game) and text.count("\n") == 1
    assert json.loads(text)["steps"][-1] == step_json(long_game.steps[-1])

    written = io.StringIO()
    write_json_text(long_game, written)  # what `replay --json` does: a chunk at a time
    assert written.getvalue() == text

    short_game = build_verdict(replay(parse_scenario(scenario_text(3))))
    assert json_text(short_game) == json.dumps(to_json(short_game), indent=2, ensure_ascii=False) + "\n"


class Seat(NamedTuple):
    player: str
    seat: int


class Colour(StrEnum):
    RED = "red"


class Level(IntEnum):
    HIGH = 3


def milk() -> Card:
    return Card(name="Milk “fresh”", type=CardType.KEEPER, kind="keeper")


#: A made-up value for each annotation the records use.
SAMPLES = {
    "str": "Alice",
    "str | None": None,
    "int": 2,
    "int | None": 7,
    "bool": True,
    "Card": milk(),
    "tuple[Card, ...]": (milk(), milk()),
    "tuple[str, ...]": ("R01", "é"),
    "tuple[tuple[Card, str | None, str | None], ...]": ((milk(), "hand", None),),
}
RECORDS = [c for c in vars(rec).values() if isinstance(c, type) and issubclass(c, rec.Step) and c is not rec.Step]


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_every_record_class_is_written_as_json_dumps_writes_it(cls):
    step = cls(**{f.name: SAMPLES[str(f.type)] for f in fields(cls)})
    assert StepWriter().steps([step, step]) == json.dumps([step_json(step)] * 2, ensure_ascii=False)


@pytest.mark.parametrize(
    "step",
    [
        rec.Drew(event=1, player="Alice", cards=(milk(),), why="Draw 2", counted=True),
        rec.Drew(event=2, player="Alice", cards=(milk(),), why="Draw 2", counted=False),
        rec.Reshuffled(event=None, count=0, moves=((milk(), "discard", "draw pile"), (milk(), None, "hand"))),
        rec.ChoiceNeeded(event=3, player='Bob\n"Jr"', prompt="pick", options=("a", "é", "\x00")),
        rec.TurnBegan(event=4, player="Carol", rulings=("R01", "B-turn-order")),
        rec.WindowClosed(event=5, card=milk(), landed=True, moves=((milk(), "hand", None),)),
    ],
)
def test_each_value_is_written_as_json_dumps_writes_it(step):
    assert StepWriter().steps([step]) == json.dumps([step_json(step)], ensure_ascii=False)


def test_values_equal_across_types_are_not_confused():
    """1 == True and a list is unhashable: a step remembered for its values must still be
    written with its own (an int field holding a bool, a list, an enum, a named tuple)."""
    steps = [
        rec.Reshuffled(event=1, count=1),
        rec.Reshuffled(event=2, count=True),
        rec.Reshuffled(event=3, count=1.0),
        rec.Reshuffled(event=4, count=Level.HIGH),
        rec.ActionDone(event=5, card=milk(), what=["a", milk()]),
        rec.ActionDone(event=6, card=milk(), what=Colour.RED),
        rec.ActionDone(event=7, card=milk(), what=Seat("Alice", 2)),
        rec.ActionDone(event=8, card=milk(), what=milk()),
    ]
    written = StepWriter().steps(steps)
    assert written == json.dumps([step_json(s) for s in steps], ensure_ascii=False)
    assert [s["data"] for s in json.loads(written)[:3]] == [{"count": 1}, {"count": True}, {"count": 1.0}]


def test_chunks_join_into_the_list_whatever_their_size():
    steps = replay(parse_scenario(scenario_text(5))).steps
    whole = json.dumps([step_json(s) for s in steps], ensure_ascii=False)
    for size in (1, 7, len(steps), len(steps) + 1):
        chunks = list(StepWriter().chunks(steps, size))
        assert "".join(chunks) == whole and len(chunks) == len(steps) // size + 1
    assert list(StepWriter().chunks([])) == ["[]"]
