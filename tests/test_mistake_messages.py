"""Likely slips in YAML and in the event grammar: each message names the fix (whole messages)."""

import json

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model.errors import ScenarioError

HEAD = "title: t\nplayers: [Alice, Bob]\nsetup:\n  turn: Alice\n  hands: {Alice: [Trade Hands, Milk, Cookies]}\n"


def event_file(event: str) -> str:
    return HEAD + f"events:\n  - {event}\n"


def message_of(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "s.yaml")
    return str(info.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "title: t\nplayers: [Alice, Bob]\nsetup:\n\tturn: Alice\nevents: []\n",
            "s.yaml:4: not valid YAML: a tab: YAML indents with spaces only; replace the tab with spaces",
        ),
        (
            event_file("Alice plays: Cookies"),
            "s.yaml:7: event 1: 'Alice plays: Cookies' reads as a mapping because of its ': '; leave out the colon "
            "(did you mean 'Alice plays Cookies'?)",
        ),
        (
            event_file("Alice plays Trade Hands: Bob"),
            "s.yaml:7: event 1: 'Alice plays Trade Hands: Bob' reads as a mapping because of its ': '; choices follow "
            "'->' (did you mean 'Alice plays Trade Hands -> Bob'?)",
        ),
        (
            HEAD.replace("Trade Hands, ", "Draw 3, Play 2 of Them, ") + "events: []\n",
            "s.yaml:5: unknown card 'Play 2 of Them': a comma separates list items; write \"Draw 3, Play 2 of Them\" "
            "in quotes",
        ),
        (
            HEAD.replace("[Trade Hands, ", "[He's Dead, Captain, ") + "events: []\n",
            's.yaml:5: unknown card "He\'s Dead": a comma separates list items; write "He\'s Dead, Captain" in quotes',
        ),
        (
            event_file("Alice discards Draw 3, Play 2 of Them, Milk"),
            "s.yaml:7: event 1: unknown choice 'Play 2 of Them': commas separate choices, so they cut the card "
            "'Draw 3, Play 2 of Them' in two; write its name without the comma "
            "(did you mean 'Alice discards Draw 3 Play 2 of Them, Milk'?)",
        ),
        (
            event_file("Alice plays Trade Hands => Bob"),
            "s.yaml:7: event 1: unknown card 'Trade Hands => Bob': the choices of a card follow '->' "
            "(did you mean 'Alice plays Trade Hands -> Bob'?)",
        ),
        (
            event_file("Alice plays Trade Hands to Bob"),
            "s.yaml:7: event 1: unknown card 'Trade Hands to Bob': the choices of a card follow '->' "
            "(did you mean 'Alice plays Trade Hands -> Bob'?)",
        ),
        (
            event_file("Alice plays Trade Hands → Bob"),
            "s.yaml:7: event 1: unknown card 'Trade Hands → Bob': the choices of a card follow '->' "
            "(did you mean 'Alice plays Trade Hands -> Bob'?)",
        ),
        (
            event_file("Alice plays Trade Hands Bob"),
            "s.yaml:7: event 1: unknown card 'Trade Hands Bob': the choices of a card follow '->' "
            "(did you mean 'Alice plays Trade Hands -> Bob'?)",
        ),
        (
            HEAD + "events:\n  - Alice plays Milk\n   - Bob plays Cookies\n",
            "s.yaml:7: event 1: unknown card 'Milk - Bob plays Cookies': the next event ('Bob plays Cookies') runs "
            "into this one; start each event on a line of its own with '- ', the dashes in one column",
        ),
        (
            HEAD + "  events:\n    - Alice plays Milk\n",
            "s.yaml:6: missing required key `events`: it is indented under `setup`; a top-level key starts at the "
            "left edge",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nturn: Alice\nsetup: {}\nevents: []\n",
            "s.yaml:3: unknown key 'turn' in the scenario: `turn` belongs under `setup` (or `expect`): indent it "
            "below `setup:`",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup: {}\nwinner: Bob\nevents: []\n",
            "s.yaml:4: unknown key 'winner' in the scenario: `winner` belongs under `expect`: indent it below "
            "`expect:`",
        ),
        (
            HEAD + "  expect: {}\nevents: []\n",
            "s.yaml:6: unknown key 'expect' in setup: `expect` is a top-level key, not part of `setup`: move it to "
            "the left edge",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup: {}\nevents: []\nexpect:\n  phase: play\n",
            "s.yaml:6: unknown key 'phase' in expect: `phase` belongs under `setup`: indent it below `setup:`",
        ),
        (
            "title: Draw 2: what now\nplayers: [Alice, Bob]\nsetup: {}\nevents: []\n",
            's.yaml:1: not valid YAML: a ": " inside a value starts a mapping; put the value in quotes: '
            'title: "Draw 2: what now"',
        ),
        (
            HEAD + "   rules: [Draw 2]\nevents: []\n",
            "s.yaml:6: not valid YAML: line 6 is indented more than the line above it; the keys of one mapping "
            "start in the same column, and a key's value starts on its line or is indented below it",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup:\n  turn: Alice\n   rules: [Draw 2]\nevents: []\n",
            "s.yaml:5: not valid YAML: line 5 is indented more than the line above it; the keys of one mapping "
            "start in the same column, and a key's value starts on its line or is indented below it",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup:\n  turn: Alice\n rules: [Draw 2]\nevents: []\n",
            "s.yaml:5: not valid YAML: line 5 is indented less than the line above it; the keys of one mapping "
            "start in the same column, and a key's value starts on its line or is indented below it",
        ),
        (
            "title: t\nplayers: [Alice, Bob\nsetup: {}\nevents: []\n",
            "s.yaml:3: not valid YAML: the list opened with '[' on line 2 is not closed with ']' on that line",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: ['Draw 2 and Use 'Em']}\nevents: []\n",
            "s.yaml:4: not valid YAML: an apostrophe in a name on line 4 ends its single quotes; write the name in "
            "double quotes (\"Draw 2 and Use 'Em\") or double the apostrophe ('Draw 2 and Use ''Em')",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup {}\nevents: []\n",
            "s.yaml:4: not valid YAML: line 3 has no ':' after its key (write `key: value`)",
        ),
        (
            "title: 'it is\nplayers: [Alice, Bob]\nsetup: {}\nevents: []\n",
            "s.yaml:5: not valid YAML: the quote opened on line 1 is never closed",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup: {}\nevents:\n  - `Alice plays Milk`\n",
            "s.yaml:5: not valid YAML: a value cannot start with '`' in YAML; put the value in quotes",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup: {}\nevents:\n  - !Alice plays Milk\n",
            "s.yaml:5: a value cannot start with '!' in YAML (it marks the tag '!Alice'); put the value in quotes",
        ),
        (
            "title: t\nplayers: Alice, Bob\nsetup: {}\nevents: []\n",
            "s.yaml:2: `players` must be a list of names in seating order: write [Alice, Bob]",
        ),
        (
            HEAD.replace("[Trade Hands, Milk, Cookies]", "Milk") + "events: []\n",
            "s.yaml:5: `hands of Alice` must be a list: write [Milk]",
        ),
        (
            HEAD + "events:\n  -Alice plays Milk\n",
            "s.yaml:6: `events` must be a list: put each event on its own line starting with '- ' (a dash and a space)",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup: {}\nevents: []\nexpect: winner: Alice\n",
            "s.yaml:5: not valid YAML: `winner:` cannot follow `expect:` on one line: put it on the next line, "
            "indented below `expect:`, or write expect: {winner: Alice}",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: [Milk, Cookies]\nevents: []\n",
            "s.yaml:4: `hands` must map player names to values: write hands: {Alice: [Milk, Cookies]}",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup: {}\nevents: []\nexpect:\n  rejected: 4\n",
            "s.yaml:6: `rejected` must be a list: write [4]",
        ),
        (
            HEAD + "events:\n  -\n",
            "s.yaml:7: event 1: an event is a line like 'Alice plays Milk' or a mapping with "
            "player/action/card/choices, not an empty entry: write the event after the dash, or remove the dash",
        ),
        (
            HEAD + "events:\n  - [Alice, plays, Milk]\n",
            "s.yaml:7: event 1: an event is a line like 'Alice plays Milk' or a mapping with "
            "player/action/card/choices, not a list: write it on one line without brackets (Alice plays Milk)",
        ),
        (
            HEAD + "events:\n  - 42\n",
            "s.yaml:7: event 1: an event is a line like 'Alice plays Milk' or a mapping with "
            "player/action/card/choices, not the value 42",
        ),
        (
            "title: t\nplayers: [Alice, No]\nsetup: {}\nevents: []\n",
            "s.yaml:2: a player name must be text, not false: YAML reads an unquoted yes, no, on, off, true or "
            "false as true or false; put the name in quotes",
        ),
        (
            "title: t\nplayers: [Alice, null]\nsetup: {}\nevents: []\n",
            "s.yaml:2: a player name must be text, not nothing: the value is empty (YAML reads an unquoted null "
            "or ~ as no value too)",
        ),
        (
            "title: t\nplayers: [Alice, 7]\nsetup: {}\nevents: []\n",
            "s.yaml:2: a player name must be text, not the number 7; put the name in quotes ('7')",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk, yes]}\nevents: []\n",
            "s.yaml:4: a card name must be text, not true: YAML reads an unquoted yes, no, on, off, true or "
            "false as true or false; put the name in quotes",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup:\n  turn:\nevents: []\n",
            "s.yaml:4: a player name must be text, not nothing: the value is empty (YAML reads an unquoted null "
            "or ~ as no value too)",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup: {}\nevents: []\nexpect:\n  winner: no\n",
            "s.yaml:6: a player name must be text, not false: YAML reads an unquoted yes, no, on, off, true or "
            "false as true or false; put the name in quotes",
        ),
        (
            HEAD + "events:\n  - {player: Alice, plays: Milk}\n",
            "s.yaml:7: event 1: unknown key 'plays' in event 1: in the mapping form the verb is the `action`; "
            "write {player: Alice, action: play, card: Milk}",
        ),
        (
            HEAD + "events:\n  - {player: Alice, discards: [Milk, Cookies]}\n",
            "s.yaml:7: event 1: unknown key 'discards' in event 1: in the mapping form the verb is the `action`; "
            "write {player: Alice, action: discard, choices: [Milk, Cookies]}",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup: {}\nevents: []\nseed: yes\n",
            "s.yaml:5: `seed` must be a whole number, not true",
        ),
        (
            "title: t\nplayers: [Alice, Bob]\nsetup:\n  phase:\nevents: []\n",
            "s.yaml:4: `phase` must be one of deal, start, play, end, not nothing (an empty value)",
        ),
        (
            event_file("Alice plays Milk, Cookies"),
            "s.yaml:7: event 1: unknown card 'Milk, Cookies': an event plays one card; write one event per card "
            "('Alice plays Milk', then 'Alice plays Cookies')",
        ),
        (
            event_file("Alice plays Trade Hands (Bob)"),
            "s.yaml:7: event 1: unknown card 'Trade Hands (Bob)': the choices of a card follow '->' "
            "(did you mean 'Alice plays Trade Hands -> Bob'?)",
        ),
        (
            event_file("Alice draws Milk"),
            "s.yaml:7: event 1: unknown verb 'draws' in 'Alice draws Milk': drawing is not an event: the replay "
            "draws from `draw_pile` (setup, top card first) when the rules say so",
        ),
        (
            event_file("Alice wins"),
            "s.yaml:7: event 1: unknown verb 'wins' in 'Alice wins': winning is not an event: the replay finds the "
            "winner; to check it, write `winner: Alice` under `expect:`",
        ),
        (
            event_file("Alice passes"),
            "s.yaml:7: event 1: unknown verb 'passes' in 'Alice passes': ending a turn is not an event: a turn ends "
            "when its plays are done and the next player's event comes ('Bob plays ...' or 'Bob begins'); to let a "
            "window close unanswered or to leave free actions unused, write 'Alice declines'",
        ),
        (
            event_file("Alice steals Bread"),
            "s.yaml:7: event 1: unknown verb 'steals' in 'Alice steals Bread': a card's effect is not an event: "
            "write the card played, with its choices after '->' ('Alice plays CARD -> Bread')",
        ),
    ],
)
def test_a_slip_gets_a_message_that_names_the_fix(text, message):
    assert message_of(text) == message


def test_the_fix_is_a_suggestion_in_json(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(event_file("Alice plays Trade Hands => Bob"))
    result = CliRunner().invoke(app, ["replay", "--json", str(path)])
    assert result.exit_code == 2
    assert json.loads(result.output)["error"]["suggestions"] == ["Alice plays Trade Hands -> Bob"]


def test_the_suggested_fixes_read():
    """What the messages suggest is itself a valid event."""
    for event in ("Alice plays Trade Hands -> Bob", "Alice plays Cookies", "Alice discards Draw 3 Play 2 of Them"):
        assert parse_scenario(event_file(event)).events[0].text == event


def test_a_very_long_event_line_is_not_echoed_whole():
    """A pasted blob as an event: the message quotes its start and says how long it is."""
    blob = "Milk" * 2000
    message = message_of(event_file(f"Alice plays {blob}"))
    assert message == f"s.yaml:7: event 1: unknown card '{blob[:60]}...' (8,000 characters) (did you mean 'Milk'?)"
    word = "title: t\nplayers: [Alice, Bob]\ndecks: [word]\nsetup: {turn: Alice}\nevents:\n  - Alice spells "
    spelled = message_of(word + "K" * 5000 + "\n")
    assert spelled == (
        f"s.yaml:6: event 1: 'Alice spells {'K' * 47}...' (5,013 characters): '{'K' * 60}...' (5,000 characters) "
        "has 5000 letters (at most 30)"
    )
