"""Chance stated by the table (issue 20, item 1): for each random step, the stated outcome is
used, an impossible one is refused with its whole reason, and one left out is drawn from the
seed and logged with the form that states it. The scenarios are under scenarios/chance/."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.model import records as rec

CHANCE = Path(__file__).resolve().parents[1] / "scenarios" / "chance"


def said(name: str) -> list[tuple[int | None, str]]:
    """(event, sentence) of each refusal and each random step of a scenario's replay."""
    game = replay(load_scenario(CHANCE / name))
    return [
        (s.event, s.reason if isinstance(s, rec.Rejected) else s.text)
        for s in game.steps
        if isinstance(s, (rec.Rejected, rec.Chance))
    ]


EXPECTED = {
    "use-what-you-take-stated.yaml": [
        (1, "Bob has no Bread: Bob's hand is Cookies, Time, Sleep"),
        (2, "the card Alice takes from Bob's hand: Cookies, as the table stated"),
    ],
    "use-what-you-take-left-to-chance.yaml": [
        (
            1,
            "the card Alice takes from Bob's hand is left to chance (the seed): Time; to state it, write "
            "`Alice plays Use What You Take -> Bob, CARD`",
        ),
    ],
    "a-card-another-card-plays-states-its-chance-there.yaml": [  # Random Tax, turned up by Mystery Play
        (1, "no other player holds The Moon: Bob's hand is Bread, Time; Carol's hand is Cookies, Sleep"),
        (2, "the card Alice takes from Bob's hand: Time, as the table stated"),
        (2, "the card Alice takes from Carol's hand: Sleep, as the table stated"),
    ],
    "a-card-taken-replays-the-card-that-took-it.yaml": [  # Let's Do That Again!, taken by Use What You Take
        (
            1,
            "Use What You Take and the cards it plays take 2 choices here (Carol, Let's Do That Again!): "
            "`Jackpot!`, `Bob`, `Bread` are not used by Let's Do That Again!; write `Alice plays Use What You "
            "Take -> Carol, Let's Do That Again!`",
        ),
        (2, "the card Alice takes from Carol's hand: Let's Do That Again!, as the table stated"),
        (2, "the card Alice takes from Bob's hand: Bread, as the table stated"),
    ],
    "copies-a-pick-takes-the-first-copy.yaml": [
        (
            2,
            "the card Alice takes from Bob's hand is left to chance (the seed): E; to state it, write "
            "`Alice plays Random Tax -> CARD, ...` (the card taken from each other hand)",
        ),
        (3, "the card Bob takes from Alice's hand: E, as the table stated"),
    ],
    "first-play-random-stated-surprise-is-no-answer.yaml": [
        (2, "the card First Play Random picks for Bob's play: It's A Trap!, as the table stated"),
    ],
    "copies-stated-by-name.yaml": [  # the copy nearest Alice is hers; the copy taken is Bob's
        (1, "the card Alice takes from Bob's hand: Letter E, as the table stated"),
        (1, "the card Alice takes from Carol's hand: Sleep, as the table stated"),
    ],
    "copies-in-several-hands-one-card-from-each.yaml": [  # Letter E could be Bob's; Letter R is only Bob's
        (1, "the card Alice takes from Bob's hand: Letter R, as the table stated"),
        (1, "the card Alice takes from Carol's hand: Letter E, as the table stated"),
    ],
    "random-tax-stated.yaml": [
        (1, "no other player holds Bread: Bob's hand is Milk, Time; Carol's hand is Cookies, Sleep"),
        (2, "Random Tax takes one card from each hand: Milk and Time are both Bob's"),
        (3, "the card Alice takes from Bob's hand: Time, as the table stated"),
        (3, "the card Alice takes from Carol's hand: Sleep, as the table stated"),
    ],
    "random-tax-left-to-chance.yaml": [
        (1, "the card Alice takes from Bob's hand: Time, as the table stated"),
        (
            1,
            "the card Alice takes from Carol's hand is left to chance (the seed): Sleep; to state it, write "
            "`Alice plays Random Tax -> CARD, ...` (the card taken from each other hand)",
        ),
    ],
    "random-discard-stated.yaml": [
        (1, "no player who loses a card at random holds Milk: Carol's hand is Bread, Sleep"),
        (3, "Bob has no Bread: Bob's hand is Day Dreams, Milk, Cookies"),
        (4, "the card Carol discards at random: Sleep, as the table stated"),
        (4, "the card Bob discards at random: Cookies, as the table stated"),
    ],
    "random-discard-left-to-chance.yaml": [
        (
            2,
            "the card Carol discards at random is left to chance (the seed): Bread; to state it, write "
            "`Alice plays Canceled Plans -> CARD` (the card Carol loses)",
        ),
        (
            2,
            "the card Bob discards at random is left to chance (the seed): Milk; to state it, write "
            "`Bob discards CARD at random`",
        ),
    ],
    "first-play-random-stated.yaml": [
        (1, "Bob has no Bread: Bob's hand is Milk, Cookies, Time"),
        (2, "the card First Play Random picks for Bob's play: Milk, as the table stated"),
        (4, "no rule picks Bob's play at random now: write `Bob plays Time`"),
    ],
    "first-play-random-stated-stays-open-to-answers.yaml": [
        (1, "the card First Play Random picks for Alice's play: Party Snacks, as the table stated"),
    ],
    "reshuffle-stated-where-the-log-puts-it.yaml": [
        (2, "the order of the new draw pile: Time, The Sun, Money, as the table stated"),
    ],
    "first-play-random-left-to-chance.yaml": [
        (
            1,
            "the card First Play Random picks for Bob's play is left to chance (the seed): Cookies; to state it, "
            "write `Bob plays CARD at random`",
        ),
    ],
    "first-play-random-as-his-turn-begins.yaml": [
        (1, "the card First Play Random picks for Alice's play: Dreams, as the table stated"),
        (
            3,
            "the card First Play Random picks for Bob's play is left to chance (the seed): Time; to state it, "
            "write `Bob plays CARD at random`",
        ),
    ],
    "reshuffle-stated.yaml": [
        (1, "Milk is not one of the cards shuffled: Time, Money, The Sun, Bread"),
        (2, "the order of the new draw pile: Bread, Money, then 2 more in an order from the seed, as the table stated"),
    ],
    "reshuffle-left-to-chance.yaml": [
        (
            1,
            "the order of the new draw pile is left to chance (the seed): The Sun, Time, Money, ..., in that "
            "order; to state it, write `; shuffled CARD, CARD, ...` after the event (first card first; the cards "
            "not named follow at random)",
        ),
    ],
    "empty-the-trash-stated.yaml": [
        (1, "Milk is not one of the cards shuffled: Bread, Time, Money, The Sun"),
        (
            3,
            "the order of the new draw pile (Empty the Trash): Time, The Sun, Money, then 1 more in an order "
            "from the seed, as the table stated",
        ),
    ],
    "share-the-wealth-stated.yaml": [
        (1, "Sleep is not one of the cards shuffled: Milk, Cookies, Bread, Time"),
        (2, "the order of the Keepers Share the Wealth deals out: Bread, Milk, Time, Cookies, as the table stated"),
    ],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_chance_is_stated_refused_or_left_to_the_seed(name: str):
    assert said(name) == EXPECTED[name]


def test_every_chance_scenario_is_checked_here():
    assert sorted(p.name for p in CHANCE.glob("*.yaml")) == sorted(EXPECTED)


def test_an_unused_shuffle_and_extra_words_are_refused_with_the_form_the_card_takes():
    text = """
title: t
players: [Alice, Bob]
setup:
  turn: Alice
  rules: [Play All]
  hands: {Alice: [Milk, Trade Hands, Draw 2], Bob: [Cookies]}
  draw_pile: [Bread, Money, The Sun]
events:
  - Alice plays Milk -> Bob
  - Alice plays Trade Hands -> Bob, Milk
  - Alice plays Draw 2; shuffled Milk
"""
    game = replay(parse_scenario(text))
    assert [(s.event, s.what, s.reason) for s in game.steps if isinstance(s, rec.Rejected)] == [
        (1, "plays Milk -> Bob", "Milk takes no choices here: `Bob` is not used; write `Alice plays Milk`"),
        (
            2,
            "plays Trade Hands -> Bob, Milk",
            "Trade Hands takes 1 choice here (Bob): `Milk` is not used; write `Alice plays Trade Hands -> Bob`",
        ),
        (3, "plays Draw 2; shuffled Milk", "nothing is shuffled in event 3: `shuffled Milk` is not used"),
    ]


def test_the_stated_forms_read_back_as_written():
    text = """
title: t
players: [Alice, Bob]
setup:
  turn: Bob
  rules: [First Play Random, Play 2]
  hands: {Bob: [Milk, Cookies]}
events:
  - Bob plays Milk at random; shuffled Bread, Time
  - {player: Bob, action: play, card: Cookies, at_random: true, shuffled: [Bread]}
  - Bob discards Milk at random
"""
    events = parse_scenario(text).events
    assert [e.text for e in events[:1]] == ["Bob plays Milk at random; shuffled Bread, Time"]
    assert events[0].at_random and [c.name for c in events[0].shuffled[0]] == ["Bread", "Time"]
    assert events[1].text == "Bob plays Cookies at random; shuffled Bread"
    assert str(events[2].choices[0]) == "Milk at random"


LEGAL = """
title: t
players: [Alice, Bob, Carol]
setup:
  turn: Alice
  rules: [Play All]
  goals: [Time is Money]
  hands:
    Alice: [Use What You Take, Random Tax, Canceled Plans]
    Bob: [Cookies, Time, Sleep]
    Carol: [Milk]
events: []
"""


def test_legal_shows_how_each_play_states_its_chance():
    from adjudicator.legal_command import next_events, to_json

    position = next_events(parse_scenario(LEGAL))
    shown = {e["text"]: e["chance"] for e in to_json(position, ["Alice"])["players"]["Alice"]}
    assert shown["Alice plays Use What You Take -> Bob"] == [
        "`Alice plays Use What You Take -> Bob, CARD` (the card taken: Cookies, Time, Sleep)"
    ]
    assert shown["Alice plays Random Tax"] == [
        "`Alice plays Random Tax -> CARD, ...` (one card taken from each hand: Bob: Cookies, Time, Sleep; Carol: Milk)"
    ]
    assert shown["Alice plays Canceled Plans"] == [
        "`Alice plays Canceled Plans -> CARD, ...` (the card each loses at random: Bob: Cookies, Time, Sleep; "
        "Carol: Milk)"
    ]


def test_legal_shows_a_random_first_play_due():
    from adjudicator.legal_command import chance_now, next_events

    text = """
title: t
players: [Alice, Bob]
setup:
  turn: Bob
  rules: [First Play Random, Play 2]
  hands: {Bob: [Milk, Cookies]}
events: []
"""
    assert chance_now(next_events(parse_scenario(text)).game) == [
        "Bob's next play is picked at random: `Bob plays CARD at random` states it (CARD: Milk, Cookies)"
    ]


def test_explore_tries_every_other_outcome_of_chance_apart_from_the_players_choices():
    from adjudicator.whatif import explore_at

    text = """
title: t
players: [Alice, Bob]
setup:
  turn: Alice
  goals: [Milk and Cookies]
  hands: {Alice: [Use What You Take], Bob: [Cookies, Time, Sleep]}
  in_play: {Alice: [Milk]}
events:
  - Alice plays Use What You Take -> Bob, Cookies
"""
    found = explore_at(parse_scenario(text), 1)
    chance = [(a.event.text, a.verdict.winner) for a in found.alternatives if a.how == "chance"]
    assert chance == [
        ("Alice plays Use What You Take -> Bob, Time", None),
        ("Alice plays Use What You Take -> Bob, Sleep", None),
    ]
    assert "chance stated" not in found.answer()  # chance going otherwise is nobody's choice


def test_a_refused_statement_names_the_file_and_line():
    path = CHANCE / "use-what-you-take-stated.yaml"
    game = replay(load_scenario(path))
    refused = next(s for s in game.steps if isinstance(s, rec.Rejected))
    assert refused.where == f"{path}:12"
    assert refused.text == (
        f"rejected: Alice plays Use What You Take -> Bob, Bread ({path}:12) — "
        "Bob has no Bread: Bob's hand is Cookies, Time, Sleep"
    )


@pytest.mark.parametrize(
    "event, message",
    [
        (
            "Alice plays Milk; twice",
            "event 1: cannot read 'twice' in 'Alice plays Milk; twice': after `;` an event states chance as "
            "`shuffled CARD, CARD, ...` (the new order of a pile it shuffles, first card first)",
        ),
        ("Alice plays Milk; shuffled", "event 1: `shuffled:` names no card: state the new order, first card first"),
        ("Alice discards ? at random", "event 1: '? at random': name the card that came up at random"),
        (
            "Alice uses Milk at random",
            "event 1: 'Alice uses Milk at random': only a play is made at random (`P plays CARD at random`)",
        ),
    ],
)
def test_a_chance_statement_that_cannot_be_read_is_bad_input(event: str, message: str):
    from adjudicator.model.errors import ScenarioError

    text = f"title: t\nplayers: [Alice, Bob]\nsetup: {{}}\nevents:\n  - {event}\n"
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text)
    assert (caught.value.message, caught.value.line) == (message, 5)
