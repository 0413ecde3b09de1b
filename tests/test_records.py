"""Step records: frozen, keyword-only, strict about their fields (an __init__ each class writes at
its first record); a long log kept out of the cycle collector while it grows."""

import dataclasses

import pytest

from adjudicator.model import records as rec


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


def test_a_record_class_writes_its_own_init_at_its_first_record():
    @rec.record
    class Tried(rec.Step):
        player: str
        count: int = 0

    assert Tried.__init__ is rec.Step.__init__
    first = Tried(player="Alice", rulings=("B-turn-order",))
    assert Tried.__init__ is not rec.Step.__init__
    second = Tried(player="Bob", count=2)
    assert [(r.player, r.count, r.rulings, r.event) for r in (first, second)] == [
        ("Alice", 0, ("B-turn-order",), None),
        ("Bob", 2, (), None),
    ]
    with pytest.raises(TypeError, match="Tried: unknown field 'card'; missing field 'player'"):
        Tried(card=None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        second.count = 3
    base = rec.Step.__init__
    assert rec.Step(event=1).event == 1 and rec.Step.__init__ is base  # kept: every record class inherits it


def test_dataclasses_replace_makes_a_new_record():
    step = rec.TurnBegan(player="Alice")
    other = dataclasses.replace(step, player="Bob")
    assert (step.player, other.player, type(other)) == ("Alice", "Bob", rec.TurnBegan)


def test_a_long_replay_sets_its_log_aside_from_the_collector_and_back():
    import gc

    from adjudicator.engine import replay as rp
    from adjudicator.loading.scenario import parse_scenario

    lines = ["title: t", "players: [Alice, Bob]", "setup: {turn: Alice, hands: {Alice: [Jackpot!]}}", "events:"]
    lines += [f"  - {'Alice' if i % 2 == 0 else 'Bob'} plays Jackpot!" for i in range(rp.SETTLE_EVERY + 3)]
    scenario = parse_scenario("\n".join(lines) + "\n", "long.yaml")
    assert gc.get_freeze_count() == 0
    thresholds = gc.get_threshold()
    game = rp.replay(scenario)
    assert len(game.move_stack) == rp.SETTLE_EVERY + 3 and not game.stopped
    assert gc.get_freeze_count() == 0  # set back once the replay is over
    assert gc.get_threshold() == thresholds  # collected as often as before it, too


def test_a_long_log_keeps_each_record_small_and_shares_what_repeats():
    from adjudicator.engine.game import KEPT_ONCE_FROM
    from adjudicator.engine.replay import replay
    from adjudicator.loading.scenario import parse_scenario
    from adjudicator.model import step as step_module

    lines = ["title: t", "players: [Alice, Bob]", "setup: {turn: Alice, hands: {Alice: [Jackpot!]}}", "events:"]
    lines += [f"  - {'Alice' if i % 2 == 0 else 'Bob'} plays Jackpot!" for i in range(KEPT_ONCE_FROM // 10 + 6)]
    steps = replay(parse_scenario("\n".join(lines) + "\n", "long.yaml")).steps
    assert not any(hasattr(step, "__dict__") for step in steps)  # slots only
    played = [step for step in steps[KEPT_ONCE_FROM:] if isinstance(step, rec.Played)]
    drew = [step for step in steps[KEPT_ONCE_FROM:] if isinstance(step, rec.Drew) and step.counted]
    assert len(played) >= 4 and played[1].counted == played[3].counted
    assert played[1].counted is played[3].counted and played[1].rulings is played[3].rulings
    assert drew[0].why is drew[2].why and drew[0].moves is drew[2].moves  # Bob draws the Jackpot! each time
    assert len(step_module.SHARED) <= step_module.SHARED_AT_MOST


def test_made_is_a_record_as_its_init_makes_it():
    why = "".join(["draw phase ", "(Draw 1)"])  # a string made anew, as a step's text is
    draft = rec.Drew.of(player="Alice", cards=(), why=why, rulings=("Q129",))
    assert draft == (rec.Drew, ("Q129",), "Alice", (), why, False, "hand")  # its class, then its fields
    made = rec.Drew.made(4, (), True, draft)
    again = rec.Drew.made(
        5, (), True, rec.Drew.of(player="Bob", cards=(), why="draw phase (Draw 1)", rulings=("Q129",))
    )
    assert type(made) is rec.Drew and not hasattr(made, "__dict__")
    assert (made.event, made.player, made.counted, made.into, made.rulings) == (4, "Alice", False, "hand", ("Q129",))
    assert made.why is again.why and made.rulings is again.rulings  # kept once, as __init__ keeps them
    short = rec.Drew.made(6, (), False, rec.Drew.of(player="Bob", cards=(), why=why))  # a short log's: as given
    assert short.why is why and (short.counted, short.into, short.rulings) == (False, "hand", ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.player = "Bob"
    with pytest.raises(TypeError, match=r"Drew\.of\(\) missing 1 required keyword-only argument: 'why'"):
        rec.Drew.of(player="Alice", cards=())
    with pytest.raises(TypeError, match=r"Drew\.of\(\) got an unexpected keyword argument 'card'"):
        rec.Drew.of(player="Alice", card=None, cards=(), why="x")
    with pytest.raises(TypeError, match=r"TurnBegan\.of\(\) got an unexpected keyword argument 'card'"):
        rec.TurnBegan.of(player="Alice", card=None)
    base = rec.Step.of
    assert rec.Step.of(rulings=("R1",)) == (rec.Step, ("R1",))
    assert rec.Step.of == base and rec.Played.of(player="A", card=None, counted="")[0] is rec.Played  # not inherited
