"""A long log's outputs say each distinct step once: a step is remembered by its class and
every field but its event, and only a step alike in all of them is looked up."""

from adjudicator.log.repeats import said_once
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType


def counting_sayer():
    said = []

    def say(step):
        said.append(step)
        return f"{step.kind}: {step.text} {list(step.rulings)}"

    return said, said_once(say)


def test_steps_alike_but_for_their_event_are_said_once():
    said, say = counting_sayer()
    texts = [say(rec.TurnBegan(event=n, player="Alice", rulings=("B-turn-order",))) for n in range(1, 6)]
    assert texts == ["TurnBegan: Alice's turn begins ['B-turn-order']"] * 5 and len(said) == 1


def test_a_different_field_ruling_move_or_class_is_said_again():
    said, say = counting_sayer()
    milk = Card(name="Milk", type=CardType.KEEPER, kind="keeper")
    steps = [
        rec.TurnBegan(event=1, player="Alice"),
        rec.TurnBegan(event=1, player="Bob"),
        rec.TurnBegan(event=1, player="Alice", rulings=("R01",)),
        rec.TurnBegan(event=1, player="Alice", moves=((milk, "hand", None),)),
        rec.PlaysOver(event=1, player="Alice", why="Play 1"),
    ]
    assert [say(s) for s in steps] == [
        "TurnBegan: Alice's turn begins []",
        "TurnBegan: Bob's turn begins []",
        "TurnBegan: Alice's turn begins ['R01']",
        "TurnBegan: Alice's turn begins []",
        "PlaysOver: Alice has no plays left (Play 1); the play phase is over []",
    ]
    assert len(said) == 5


def test_numbers_equal_across_types_and_unhashable_values_are_said_each():
    said, say = counting_sayer()
    steps = [
        rec.Reshuffled(count=1),
        rec.Reshuffled(count=True),
        rec.Reshuffled(count=1.0),
        rec.Reshuffled(count=1),
        rec.Note(what=["a list"]),
        rec.Note(what=["a list"]),
    ]
    assert [say(s) for s in steps][:3] == [
        "Reshuffled: the draw pile is empty: the discard pile (1 card) is shuffled into a new draw pile []",
        "Reshuffled: the draw pile is empty: the discard pile (True card) is shuffled into a new draw pile []",
        "Reshuffled: the draw pile is empty: the discard pile (1.0 card) is shuffled into a new draw pile []",
    ]
    assert len(said) == 5  # the second count=1 is looked up; the lists are said each time
