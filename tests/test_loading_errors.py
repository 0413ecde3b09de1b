"""Bad scenario files: each gets a precise message with file and line, never a traceback."""

import pytest

from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.model.errors import ScenarioError

BASE = """\
title: t
players: [Alice, Bob]
setup:
  turn: Alice
{setup}
events:
{events}
"""


def scenario(setup: str = "", events: str = "  []") -> str:
    return BASE.format(setup=setup, events=events)


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "s.yaml")
    return info.value


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("title: [unclosed\n", "not valid YAML", 2),
        ("- just\n- a list\n", "a scenario file is a YAML mapping", 1),
        ("title: t\nplayers: [A]\nsetup: {}\nevents: []\ncolour: red\n", "unknown key 'colour' in the scenario", 5),
        ("title: t\nplayers: [A]\nevents: []\n", "missing required key `setup`", 1),
        ("title: t\nplayers: A\nsetup: {}\nevents: []\n", "`players` must be a list", 2),
        ("title: t\nplayers: [A, A]\nsetup: {}\nevents: []\n", "player 'A' is listed twice", 2),
        ("title: t\nformat: 2\nplayers: [A]\nsetup: {}\nevents: []\n", "format 2 is not supported", 2),
        ("title: t\nplayers: [A]\nsetup: {}\nevents: []\nseed: x\n", "`seed` must be a whole number", 5),
        ("title: t\nplayers: [A]\nsetup: {}\nevents: {a: 1}\n", "`events` must be a list", 4),
        ("title: t\nplayers: [A]\nsetup: {}\nevents: []\ntitle: u\n", "duplicate key 'title'", 5),
        (scenario("  phase: middle"), "`phase` must be one of deal, start, play, end", 5),
        (scenario("  rules: [Draw 2, Draw 3]"), "Draw 2 and Draw 3 cannot both be in play", 5),
        (scenario("  goals: [Milk & Cookies, Night & Day]"), "2 Goals cannot be in play without Double Agenda", 5),
        (
            scenario("  hands: {Alice: [Milk]}\n  draw_pile: [Milk]"),
            "Milk is listed in hands of Alice and in draw_pile",
            6,
        ),
        (scenario("  hands: {Carol: [Milk]}"), "unknown player 'Carol'", 5),
        (scenario("  in_play: {Alice: [Draw 2]}"), "only Keepers and Creepers are in front of a player", 5),
        (scenario("  goals: [Milk]"), "Milk is a Keeper, not a Goal", 5),
        (scenario("  drawn: -1"), "`drawn` must be a whole number of 0 or more", 5),
        (scenario("  colour: red"), "unknown key 'colour' in setup", 5),
        (scenario("  rules: [Milk]"), "Milk is a Keeper, not a New Rule", 5),
        (scenario('  goals: ["?"]'), "`?` stands only for cards in hands and piles", 5),
        (
            scenario(events="  - Alice dances"),
            "event 1: unknown verb 'dances' in 'Alice dances'; the verbs are plays,",
            7,
        ),
        (scenario(events="  - dances"), "event 1: cannot read 'dances'", 7),
        (scenario(events="  - Alice plays"), "event 1: 'Alice plays' does not name a card", 7),
        (scenario(events="  - Alice plays ?"), "a `?` card cannot be played", 7),
        (scenario(events="  - 42"), "event 1: an event is a line like", 7),
        (scenario(events="  - {player: Alice, action: dance}"), "`action` must be one of play", 7),
        (
            scenario(events="  - {player: Alice, action: play, card: Milk, when: now}"),
            "unknown key 'when' in event 1",
            7,
        ),
        (scenario(events="  - Alice discards"), "names nothing to discard", 7),
        (scenario(events="  - Alice plays Trade Hands -> Zed"), "unknown choice 'Zed'", 7),
        (scenario(events="  - Alice joins now"), "'join' takes no card or choices", 7),
        ("title: t\nplayers: [A]\nsetup: {}\nevents: []\nexpect: {winner: Zed}\n", "unknown player 'Zed'", 5),
        (
            "title: t\nplayers: [A]\nsetup: {}\nevents: []\nexpect: {rejected: [1]}\n",
            "`rejected` lists event numbers from 1 to 0",
            5,
        ),
        ("title: t\nplayers: [A]\nsetup: {}\nevents: []\nexpect: {rulings: [R1]}\n", "'R1' is not a ruling id", 5),
        ("title: t\nplayers: [A]\nsetup: {}\nevents: []\nexpect: {luck: 1}\n", "unknown key 'luck' in expect", 5),
        ("title: t\nplayers: [A]\nsetup: {}\nevents: []\nexpect: 5\n", "`expect` must be a mapping", 5),
        (
            "5\n",
            "a scenario file is a YAML mapping (title, players, setup, events, ...), but this one is the single value 5",
            1,
        ),
        ("title: t\nplayers: [A, a]\nsetup: {}\nevents: []\n", "player 'a' is listed twice", 2),
        (
            scenario("  hands: {Alice: [Milk]}\n  in_play: {Bob: [Bread], bob: [Toast]}"),
            "Bob is listed twice in `in_play` (as 'Bob' and as 'bob')",
            6,
        ),
        (
            scenario(events="  - {player: Alice, action: play, card: Milk, when: now}"),
            "valid keys: player, action, card, choices",
            7,
        ),
        (
            "title: t\nplayers: [A]\nsetup: {}\nevents: []\nhouse_rules: {free_parking: true}\n",
            "unknown house rule 'free_parking'",
            5,
        ),
        ("title: t\nplayers: [A]\nsetup: {}\nevents: []\ndecks: [fluxx9]\n", "unknown deck 'fluxx9'", 5),
    ],
)
def test_bad_input_message(text, message, line):
    error = error_of(text)
    assert message in error.message, error.message
    assert error.line == line, str(error)
    assert str(error).startswith(f"s.yaml:{line}: ")


def test_card_typo_suggests_the_nearest_name():
    error = error_of(scenario("  hands: {Alice: [Canceled Plan]}"))
    assert error.message == "unknown card 'Canceled Plan'"
    assert error.suggestions[0] == "Canceled Plans"
    assert "did you mean 'Canceled Plans'" in str(error)


def test_player_typo_suggests_the_nearest_player():
    error = error_of(scenario(events="  - Alcie plays Milk"))
    assert "unknown player 'Alcie'" in error.message
    assert error.suggestions == ("Alice",)


def test_event_card_typo():
    error = error_of(scenario(events="  - Alice plays Milk and Cookie"))
    assert "unknown card 'Milk and Cookie'" in error.message
    assert error.suggestions[0] == "Milk & Cookies"


def test_unsupported_card_is_refused_clearly():
    error = error_of(scenario("  hands: {Alice: [Regifting]}"))
    assert error.message.startswith("not supported yet: Regifting")


def test_creeper_in_hand_is_impossible():
    text = "title: t\nplayers: [A]\ncards:\n  - {name: Goo, type: creeper}\nsetup:\n  hands: {A: [Goo]}\nevents: []\n"
    error = error_of(text)
    assert "Goo is a Creeper: it can never be held in hand" in error.message


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ("{name: X, type: gadget}", "`type` must be one of keeper"),
        ("{name: X, type: rule, slot: draw}", "kind 'draw' needs 'value'"),
        ("{name: X, type: rule, slot: draw, value: many}", "value must be a whole number"),
        ("{name: X, type: rule, slot: dinner, value: 2}", "`slot` is for rules and is one of"),
        ("{name: X, type: goal, requires: [Milk], colour: red}", "kind 'keepers' has no parameter 'colour'"),
        ("{name: X, type: action, kind: teleport}", "unknown kind 'teleport'"),
        ("{name: Milk, type: keeper}", "a card named 'Milk' already exists"),
        ("{type: keeper}", "a card needs a `name`"),
    ],
)
def test_bad_custom_card(card, message):
    error = error_of(f"title: t\nplayers: [A]\ncards:\n  - {card}\nsetup: {{}}\nevents: []\n")
    assert message in error.message, error.message
    assert error.line == 4


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(ScenarioError, match="no such file"):
        load_scenario(tmp_path / "nope.yaml")
    with pytest.raises(ScenarioError, match="is a directory"):
        load_scenario(tmp_path)


def test_binary_file(tmp_path):
    path = tmp_path / "bin.yaml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_scenario(path)


def test_recursive_alias_does_not_hang():
    error = error_of("title: &a [*a]\nplayers: [A]\nsetup: {}\nevents: []\n")
    assert error.line == 1


def test_name_matching_ignores_case_punctuation_and_ampersand():
    text = scenario("  rules: [play 2]\n  hands: {Alice: [milk and cookies, draw 2 and use em, DRAW 3 PLAY 2 OF THEM]}")
    parsed = parse_scenario(text)
    assert [c.name for c in parsed.setup.hands["Alice"]] == [
        "Milk & Cookies",
        "Draw 2 and Use 'Em",
        "Draw 3, Play 2 of Them",
    ]


def test_event_string_forms():
    text = scenario(
        '  hands: {Alice: ["Draw 3, Play 2 of Them", Trade Hands]}',
        events=(
            "  - Alice plays Draw 3, Play 2 of Them\n"
            "  - Alice plays Trade Hands -> Bob\n"
            "  - Bob discards Milk, Cookies\n"
            "  - Bob keeps Bread\n"
            "  - Carol joins\n"
            "  - Carol drops out\n"
            "  - {player: Bob, action: choose, choices: [Milk & Cookies]}\n"
        ),
    )
    events = parse_scenario(text).events
    assert [(e.player, e.action) for e in events] == [
        ("Alice", "play"),
        ("Alice", "play"),
        ("Bob", "discard"),
        ("Bob", "keep"),
        ("Carol", "join"),
        ("Carol", "drop_out"),
        ("Bob", "choose"),
    ]
    assert events[0].card.name == "Draw 3, Play 2 of Them"
    assert events[1].choices == ("Bob",)
    assert [c.name for c in events[2].choices] == ["Milk", "Cookies"]
    assert events[6].choices[0].name == "Milk & Cookies"
    assert events[0].line == 7 and events[6].line == 13


def test_keyword_choices_are_read_as_words_and_misspellings_suggested():
    from adjudicator.cards.kinds import Word

    text = scenario(
        "  hands: {Alice: [Today's Special!, Rotate Hands]}",
        "  - Alice plays Today's Special! -> Holiday\n  - Alice plays Rotate Hands -> counter-clockwise",
    )
    events = parse_scenario(text, "s.yaml").events
    assert events[0].choices == (Word("holiday"),)
    assert events[1].choices == (Word("counterclockwise"),)
    error = error_of(scenario("  hands: {Alice: [Today's Special!]}", "  - Alice plays Today's Special! -> birthdya"))
    assert "unknown choice 'birthdya'" in error.message
    assert "birthday" in error.suggestions
