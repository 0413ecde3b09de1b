"""Reading long event lists: a line that repeats is read once, and the result is the same as
reading it afresh (its own number and line, the players known at that point)."""

from adjudicator.loading import yaml_lines
from adjudicator.loading.scenario import parse_scenario

HEAD = "title: t\nplayers: [Alice, Bob]\nsetup:\n  turn: Alice\n  hands: {Alice: [Milk]}\nevents:\n"


def test_a_repeated_line_is_an_event_of_its_own_number_and_line():
    lines = [
        "Alice plays Milk",
        "Bob discards Cookies",
        "Alice plays Milk",
        "Alice\tplays  Milk",
        "Bob discards Cookies",
    ]
    events = parse_scenario(HEAD + "".join(f"  - {line}\n" for line in lines)).events
    assert [e.number for e in events] == [1, 2, 3, 4, 5]
    assert [e.line for e in events] == [7, 8, 9, 10, 11]
    assert [(e.player, e.action, e.card, e.choices, e.text) for e in events[2:]] == [
        (e.player, e.action, e.card, e.choices, e.text) for e in (events[0], events[0], events[1])
    ]
    assert len({id(e) for e in events}) == 5
    assert events[2] != events[0]  # equal but for the number and line


def test_a_line_is_read_again_once_a_player_joins():
    """Before `Milk joins`, 'Milk' in a choice is the Keeper; after, it is the new player."""
    text = HEAD + "  - Bob discards Milk\n  - Milk joins\n  - Bob discards Milk\n  - Milk joins\n"
    events = parse_scenario(text).events
    assert events[0].choices[0].name == "Milk" and not isinstance(events[0].choices[0], str)
    assert events[1].player == "Milk" and events[1].action == "join"
    assert events[2].choices == ("Milk",)
    assert events[3].player == "Milk"


def test_a_player_whose_name_starts_with_anothers_is_matched_whole():
    text = HEAD.replace("[Alice, Bob]", "[Ann, Ann Lee]").replace("Alice", "Ann") + (
        "  - Ann Lee discards Milk\n  - ann  lee discards Milk\n  - Ann discards Milk\n"
    )
    assert [e.player for e in parse_scenario(text).events] == ["Ann Lee", "Ann Lee", "Ann"]


def test_text_values_read_alike_with_and_without_aliases_in_the_file():
    """A file without `*` skips alias counting; with one (here in a comment), every value is
    counted. Both must give the same values on the same lines."""
    text = "a: [x, 'y', 1, true, null, [z], {k: v}, ?]\nb:\n  - p\n  - 2.5\n  - !!str 3\n"
    plain, counted = yaml_lines.load(text, "f"), yaml_lines.load(text + "# *\n", "f")
    assert plain == counted == {"a": ["x", "y", 1, True, None, ["z"], {"k": "v"}, "?"], "b": ["p", 2.5, "3"]}
    assert plain["b"].item_lines == counted["b"].item_lines == [3, 4, 5]
    assert plain.key_lines == counted.key_lines == {"a": 1, "b": 2}
