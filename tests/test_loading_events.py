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


def _lined(value):
    """A loaded value with every line it carries (keys, items, containers)."""
    if isinstance(value, yaml_lines.LinedDict):
        return value.line, [(k, value.line_of(k), _lined(v)) for k, v in value.items()]
    if isinstance(value, yaml_lines.LinedList):
        return value.line, list(value.item_lines), [_lined(v) for v in value]
    return type(value).__name__, value


def _both_ways(text):
    """What the loader makes of text with plain event lines read without YAML, and all by YAML."""
    results = []
    for plain in ("events", None):
        try:
            results.append(_lined(yaml_lines.load(text, "f.yaml", plain_items=plain)))
        except Exception as exc:  # noqa: BLE001 - the same mistake, said the same way, is what is compared
            results.append((type(exc).__name__, str(exc), getattr(exc, "line", None), getattr(exc, "column", None)))
    return results


def test_plain_event_lines_read_without_yaml_come_out_as_yaml_reads_them():
    block = "events:\n  - Alice plays Milk\n  - Bob plays Cookies -> Milk, Bread\n"
    assert yaml_lines._plain_block(HEAD + block[len("events:\n") :], "events") is not None  # the fast way is taken
    texts = [
        HEAD + "  - Alice plays Milk\n  - Bob plays Cookies\n",
        HEAD + "  - Alice plays Milk\nexpect: {winner: Alice}\n",
        "events:\n- Alice plays Milk\n- Bob plays Cookies\nexpect: 1\n",
        # YAML's own reading decides: another form inside or after the block, a second key, a bad file
        HEAD + "  - Alice plays Milk\n  - 12\n",
        HEAD + "  - Alice plays Milk\n    more of the line\n",
        HEAD + "  - Alice plays Milk\n # a comment\n",
        HEAD + "  - Alice plays Milk\nexpect: [\n",
        "setup: {turn: Alice,\nevents:\n  - Alice plays Milk\n",
        "events:\n  - Alice plays Milk\nevents:\n  - Bob plays Milk\n",
        "a: &x 1\nevents:\n  - Alice plays Milk\nb: *x\n",
    ]
    for text in texts:
        fast, whole = _both_ways(text)
        assert fast == whole, text
