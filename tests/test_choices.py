"""ChoiceSpec: every pick it enumerates is one its own check accepts (the generator relies on it)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.model.cards import NO_CHOICE
from adjudicator.model.choices import ChoiceSpec
from adjudicator.model.errors import Illegal


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.integers(0, 6), st.integers(0, 6), st.one_of(st.none(), st.integers(0, 6)))
def test_every_selection_passes_the_check(size, count, at_least):
    options = tuple(f"option {i}" for i in range(size))
    count = min(count, size)
    at_least = None if at_least is None else min(at_least, count)
    spec = ChoiceSpec("Alice", "pick", options, count, at_least)
    picks = list(spec.selections())
    assert picks, "a spec always has at least one selection"
    for pick in picks:
        spec.check(pick)  # raises Illegal if the spec made a pick it refuses


def test_a_pick_outside_the_selections_is_refused():
    spec = ChoiceSpec("Alice", "pick", ("a", "b", "c"), 2)
    assert list(spec.selections()) == [("a", "b"), ("a", "c"), ("b", "c")]
    for wrong in (("a",), ("a", "a"), ("a", "d"), (NO_CHOICE,)):
        try:
            spec.check(wrong)
        except Illegal:
            continue
        raise AssertionError(f"{wrong} was accepted")
