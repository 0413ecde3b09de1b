"""Where a game rests (`Game.decision`), the driver's protocol (`model.decision.Driver`) and the
outcomes of chance an event meets (`Game.chance_outcomes`)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import ROOT

from adjudicator.engine.game import Game
from adjudicator.loading.scenario import load_scenario
from adjudicator.model.decision import Decision, DecisionKind, Driver
from adjudicator.model.events import Action, Event
from adjudicator.simulate import Settings, dealt_scenario

#: every bundled scenario
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))


def _drive(game: Driver, rng: random.Random, limit: int = 400) -> list[Decision]:
    """A random game through the driver's protocol alone."""
    seen = []
    for _ in range(limit):
        decision = game.decision()
        seen.append(decision)
        if decision.kind in (DecisionKind.OVER, DecisionKind.STUCK):
            break
        assert game.legal_events() == list(decision.events)
        game.push(rng.choice(decision.events))
    return seen


@pytest.mark.parametrize("decks", [("fluxx5",), ("fluxx5", "creeper_pack", "surprises")])
def test_a_random_game_rests_at_a_decision_after_every_event(decks):
    kinds = set()
    for seed in range(3):
        rng = random.Random(seed)
        game = Game(dealt_scenario(Settings(decks=decks), rng), undo=False, log=False)
        decisions = _drive(game, rng)
        assert decisions[-1].kind is DecisionKind.OVER and game.is_over and game.winner
        for decision in decisions[:-1]:
            kinds.add(decision.kind)
            assert decision.players and set(decision.players) == {e.player for e in decision.events}
            if decision.kind in (DecisionKind.ANSWER, DecisionKind.LIMIT):
                # (`P begins`, where her turn began on the way, takes the steps that raised the choice)
                assert decision.prompts and all(
                    e.action in ("discard", "keep", "choose", "begin_turn") for e in decision.events
                )
    assert {DecisionKind.PLAY, DecisionKind.LIMIT} <= kinds


def test_pop_takes_back_a_listed_event_to_the_decision_it_was_listed_at():
    rng = random.Random(5)
    game = Game(dealt_scenario(Settings(decks=("fluxx5",)), rng))
    for _ in range(30):
        decision = game.decision()
        before = game.position()
        game.push(rng.choice(decision.events))
        after = game.position()
        game.pop()
        assert game.position() == before
        game.push(decision.events[0])
        game.pop()
        game.push(rng.choice(game.decision().events))
        assert game.position() != before or after == before


def _verdict(game: Game) -> tuple[object, ...]:
    """What a replay decides, read where the game rests: the position, the events refused, the winner."""
    game.decision()
    return game.position(), [step.event for step in game.steps if step.kind == "rejected"], game.winner


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(path.relative_to(ROOT / "scenarios")) for path in SCENARIOS])
def test_reading_the_decision_before_each_event_changes_no_verdict(path):
    """The decision's forced steps are taken to read it, not as a push: an event of the file is
    still judged where the last push left the game (a Surprise too late stays too late, an order
    stated for a reshuffle those steps would make is still the event's to state)."""
    scenario = load_scenario(path)
    plain, read = Game(replace(scenario, events=())), Game(replace(scenario, events=()))
    for event in scenario.events:
        plain.push(event)
        if not read.is_over:
            read.decision()
        read.push(event)
    assert _verdict(read) == _verdict(plain)


def test_a_game_without_an_undo_stack_refuses_an_event_its_decision_did_not_list():
    scenario = load_scenario(ROOT / "scenarios/chance/reshuffle-stated-where-the-log-puts-it.yaml")
    game = Game(replace(scenario, events=()), undo=False)
    game.push(scenario.events[0])
    game.decision()  # Draw 3 resolves: the pile is reshuffled to read what comes next
    with pytest.raises(ValueError, match="make the game with undo=True"):
        game.push(scenario.events[1])
    kept = Game(replace(scenario, events=()))
    kept.push(scenario.events[0])
    kept.decision()
    kept.push(scenario.events[1])  # the order it states is used: the reshuffle is taken again
    assert [card.name for card in kept.table.hands["Alice"]] == ["Bread", "Time"] and not any(
        s.kind == "rejected" for s in kept.steps
    )


def _at(path: str, events: int) -> Game:
    scenario = load_scenario(ROOT / path)
    game = Game(replace(scenario, events=()))
    for event in scenario.events[:events]:
        game.push(event)
    return game


def test_a_random_discard_lists_every_card_it_may_take_stated():
    game = _at("scenarios/chance/random-discard-left-to-chance.yaml", 1)
    decision = game.decision()
    assert decision.kind is DecisionKind.ANSWER and decision.players == ("Bob",)
    random_discard = next(e for e in decision.events if e.text == "Bob discards random")
    outcomes = game.chance_outcomes(random_discard)
    assert [o.event.text for o in outcomes] == [
        "Bob discards Day Dreams at random",
        "Bob discards Milk at random",
        "Bob discards Cookies at random",
    ]
    assert sum(o.probability for o in outcomes) == pytest.approx(1)
    for outcome in outcomes:  # each is taken as stated
        trial = game.copy()
        trial.push(outcome.event)
        assert outcome.event.choices[0].card not in trial.table.hands["Bob"]


def test_canceled_plans_lists_the_card_each_player_loses_at_random():
    game = _at("scenarios/chance/random-discard-left-to-chance.yaml", 0)
    play = next(e for e in game.decision().events if e.card is not None and e.card.name == "Canceled Plans")
    assert sorted(o.event.text for o in game.chance_outcomes(play)) == [
        "Alice plays Canceled Plans -> Bread",
        "Alice plays Canceled Plans -> Sleep",
    ]


def test_a_shuffle_lists_its_outcomes_by_the_card_that_comes_first():
    game = _at("scenarios/chance/empty-the-trash-stated.yaml", 0)
    play = next(e for e in game.decision().events if e.card is not None and e.card.name == "Empty the Trash")
    outcomes = game.chance_outcomes(play)
    assert [o.event.text for o in outcomes] == [
        "Alice plays Empty the Trash; shuffled Bread",
        "Alice plays Empty the Trash; shuffled Time",
        "Alice plays Empty the Trash; shuffled Money",
        "Alice plays Empty the Trash; shuffled The Sun",
    ]
    assert [o.probability for o in outcomes] == [0.25] * 4


def test_a_reshuffle_the_steps_before_an_event_make_is_that_events_to_state():
    """Draw 3 resolves as the next event closes its window, and its draw reshuffles the discard
    pile: the log puts the reshuffle under the next event, which states its order (`; shuffled`).
    So its outcomes are that event's, stating each card that may come first."""
    path = "scenarios/chance/reshuffle-stated-where-the-log-puts-it.yaml"
    game, events = _at(path, 1), load_scenario(ROOT / path).events
    outcomes = game.chance_outcomes(events[1])
    assert sorted(o.event.text for o in outcomes) == [
        f"Alice plays Milk; shuffled {name}" for name in ("Money", "The Sun", "Time")
    ]
    assert [o.probability for o in outcomes] == [pytest.approx(1 / 3)] * 3
    for outcome in outcomes:  # each taken as stated: the card it names comes first, and she draws it
        trial = game.copy()
        trial.push(outcome.event)
        first = outcome.event.shuffled[0][0]
        assert not any(s.kind == "rejected" for s in trial.steps) and first in trial.table.hands["Alice"]


def test_chance_decides_a_play_a_rule_picks_at_random_when_nobody_may_act_first():
    """First Play Random and Play 2, Alice with nothing to use first: the game rests where chance
    picks her first play. Its outcomes are the events stating each pick, with their chances; a
    driver pushes one, or lets the seed pick (`let_chance`): the pick the replay makes itself."""
    path = "scenarios/chance/first-play-random-as-his-turn-begins.yaml"
    game = _at(path, 0)
    decision = game.decision()
    assert decision.kind is DecisionKind.CHANCE and decision.is_chance and decision.players == ("Alice",)
    assert [e.text for e in decision.events] == ["Alice plays Bread at random", "Alice plays Dreams at random"]
    assert decision.probabilities == (0.5, 0.5)
    stated = game.copy()
    stated.push(decision.events[1])  # chance's outcome as the table states it
    assert stated.window is not None and stated.window.card.name == "Dreams"
    game.let_chance()  # the seed's pick: the card the replay of `Alice begins` plays
    replayed = _at(path, 0)
    replayed.push(Event.made(1, "Alice", Action.BEGIN_TURN))
    assert game.table.in_play["Alice"] == replayed.table.in_play["Alice"]
    assert game.decision().kind is DecisionKind.PLAY  # then she decides: her second play
    with pytest.raises(ValueError, match="chance decides nothing now"):
        game.let_chance()


def test_letting_chance_pick_is_taken_back_like_any_step_of_the_decision():
    """With an undo stack: popped, the event pushed after chance picked goes back to where chance
    had picked; an event the decision did not list is judged where the last push left the game
    (the seed's pick taken back first, and made again by push: the same pick)."""
    game = _at("scenarios/chance/first-play-random-as-his-turn-begins.yaml", 0)
    assert game.decision().is_chance
    game.let_chance()
    picked = game.position()
    listed = game.decision().events[0]
    game.push(listed)
    after = game.position()
    game.pop()
    assert game.position() == picked
    game.push(replace(listed))  # an equal event, not the decision's own
    assert game.position() == after


def test_chance_decides_the_forced_play_of_a_turn_begun_on_the_way():
    """Bob's turn begins once Alice's ends: he draws, and chance picks his first play from his
    hand (each card as likely); a pick stated begins his turn and plays the card."""
    path = "scenarios/chance/first-play-random-as-his-turn-begins.yaml"
    game = _at(path, 2)
    decision = game.decision()
    assert decision.is_chance
    assert [e.text for e in decision.events] == [
        f"Bob plays {n} at random" for n in ("Milk", "Cookies", "Time", "Money")
    ]
    assert decision.probabilities == (0.25,) * 4
    assert {o.event.text for o in _at(path, 2).chance_outcomes(load_scenario(ROOT / path).events[2])} == {
        e.text for e in decision.events
    }
    game.push(decision.events[0])
    assert game.window is not None and game.window.card.name == "Milk" and game.turn.player == "Bob"


def test_first_play_random_lists_each_card_of_the_hand_it_may_pick():
    """The forced play a rule picks at random: `Bob begins` leaves it to chance, and each card of
    his hand after his draw is an outcome, stated by `Bob plays CARD at random` in its place; a
    stated pick has the other cards of the hand as its outcomes."""
    path = "scenarios/chance/first-play-random-as-his-turn-begins.yaml"
    game, events = _at(path, 2), load_scenario(ROOT / path).events
    outcomes = game.chance_outcomes(events[2])  # `Bob begins`, as `explore --at 3` asks
    assert [o.event.text for o in outcomes] == [
        f"Bob plays {n} at random" for n in ("Milk", "Cookies", "Time", "Money")
    ]
    assert [o.probability for o in outcomes] == [0.25] * 4
    for outcome in outcomes:  # each is taken as stated: the card it names is played (its window open)
        trial = game.copy()
        trial.push(outcome.event)
        assert trial.window is not None and trial.window.card is outcome.event.card
    assert {o.event.text for o in _at(path, 0).chance_outcomes(events[0])} == {
        "Alice plays Dreams at random",
        "Alice plays Bread at random",
    }


def test_an_event_with_no_random_step_has_no_chance_outcomes():
    game = _at("scenarios/chance/empty-the-trash-stated.yaml", 0)
    game.push(game.decision().events[0])
    jackpot = next(e for e in game.decision().events if e.card is not None and e.card.name == "Jackpot!")
    assert game.chance_outcomes(jackpot) == []  # the new pile holds enough: no reshuffle


def test_a_game_over_is_a_decision_of_nobody():
    rng = random.Random(2)
    game = Game(dealt_scenario(Settings(decks=("fluxx5",)), rng), undo=False, log=False)
    _drive(game, rng)
    decision = game.decision()
    assert decision == Decision(DecisionKind.OVER, ()) and decision.is_over and game.legal_events() == []


@pytest.mark.parametrize("decks", [("fluxx5",), ("fluxx5", "creeper_pack", "surprises"), ("fluxx5", "fun_pack")])
def test_nothing_runs_after_a_win_but_the_cards_in_motion_landing(decks):
    """The game-over gate (`Agenda.run`): once someone has won, no task, draw, turn end or turn
    passing follows; a card still resolving and a temporary hand land in the discard pile, so
    that no card is lost (and the game rests at a decision of nobody)."""
    from adjudicator.model import records as rec

    landing = {"Won", "Note", "TempHandClosed"}
    won = 0
    for seed in range(25):
        rng = random.Random(seed)
        game = Game(dealt_scenario(Settings(decks=decks), rng), undo=False)
        _drive(game, rng, 1000)
        first = next((i for i, step in enumerate(game.steps) if isinstance(step, rec.Won)), None)
        if first is None:
            continue
        won += 1
        assert {step.kind for step in game.steps[first:]} <= landing, seed
        assert not game.being_played and not game.temp_hands and not game.agenda
        assert game.decision().kind is DecisionKind.OVER
    assert won >= 20


@pytest.mark.parametrize(
    ("path", "at", "expected"),
    [
        (
            "scenarios/chance/random-discard-left-to-chance.yaml",
            2,
            # (Milk: the seed's own pick, the file's replay itself)
            {"Bob discards Day Dreams at random", "Bob discards Cookies at random"},
        ),
        (
            "scenarios/chance/random-discard-left-to-chance.yaml",
            1,
            # (Bread is the seed's pick too, but stated it leaves the generator undrawn: Bob's own
            # random discard after it comes out otherwise, so that line is not the file's replay)
            {"Alice plays Canceled Plans -> Bread", "Alice plays Canceled Plans -> Sleep"},
        ),
        (
            "scenarios/chance/empty-the-trash-stated.yaml",
            2,
            # (Time first: what the file states itself, not another outcome)
            {f"Alice plays Empty the Trash; shuffled {name}" for name in ("Bread", "Money", "The Sun")},
        ),
        (
            "scenarios/chance/first-play-random-as-his-turn-begins.yaml",
            3,
            {f"Bob plays {name} at random" for name in ("Milk", "Cookies", "Money")},  # (Time: the seed's own)
        ),
        ("scenarios/chance/first-play-random-as-his-turn-begins.yaml", 1, {"Alice plays Bread at random"}),
        (
            "scenarios/chance/reshuffle-stated-where-the-log-puts-it.yaml",
            2,
            {f"Alice plays Milk; shuffled {name}" for name in ("The Sun", "Money")},  # (Time: the file's own)
        ),
    ],
    ids=[
        "random-discard",
        "canceled-plans",
        "shuffle",
        "first-play-random",
        "first-play-random-stated",
        "reshuffle-before-the-event",
    ],
)
def test_explore_lists_every_outcome_of_the_random_step(path, at, expected):
    """`explore --at N` shows what had happened had chance gone otherwise, through `chance_outcomes`."""
    from adjudicator.whatif import explore_at

    found = explore_at(load_scenario(ROOT / path), at)
    assert {a.event.text for a in found.alternatives if a.how == "chance"} == expected


def test_an_answer_that_moves_cards_withdraws_a_limit_discard_waiting_beside_it():
    """Two choices wait at once (War sends Peace away; the Keeper Limit asks a discard of cards
    that include Peace): answering the first moves Peace, so the state-based check runs although
    the other choice still waits. Carol's discard is withdrawn and Bob's is asked: only his
    discards are listed (a simulated game once listed `Carol discards Peace` and crashed on it)."""
    game = _at("scenarios/house_rules/limits-on-own-turn-war-moves-peace-while-her-discard-waits.yaml", 2)
    decision = game.decision()
    assert decision.kind is DecisionKind.LIMIT and decision.players == ("Bob",)
    assert {e.text for e in decision.events if e.action == "discard"} == {
        "Bob discards Cookies",
        "Bob discards Bread",
        "Bob discards Peace",
    }
