"""Step records: frozen, keyword-only, and strict about their fields (one shared __init__)."""

import dataclasses

import pytest

from adjudicator.log import records as rec


def test_a_record_keeps_its_fields_and_defaults():
    step = rec.Drew(player="Alice", cards=(), why="draw phase (Draw 1)", counted=True, into="hand")
    assert (step.event, step.rulings, step.moves) == (None, (), ())
    assert step.text == "Alice draws nothing — draw phase (Draw 1) (counts toward the Draw rule)"
    assert [f.name for f in dataclasses.fields(step)][:3] == ["event", "rulings", "moves"]


def test_a_record_is_never_changed():
    step = rec.TurnBegan(player="Alice", rulings=("B-turn-order",))
    with pytest.raises(dataclasses.FrozenInstanceError, match="never changed"):
        step.player = "Bob"
    with pytest.raises(dataclasses.FrozenInstanceError):
        del step.player
    assert step.player == "Alice"


def test_a_record_refuses_unknown_and_missing_fields():
    with pytest.raises(TypeError, match="Drew: missing field 'cards'; missing field 'why'"):
        rec.Drew(player="Alice", counted=True, into="hand")
    with pytest.raises(TypeError, match="TurnBegan: unknown field 'card'"):
        rec.TurnBegan(player="Alice", card=None)


def test_dataclasses_replace_makes_a_new_record():
    step = rec.TurnBegan(player="Alice")
    other = dataclasses.replace(step, player="Bob")
    assert (step.player, other.player, type(other)) == ("Alice", "Bob", rec.TurnBegan)
