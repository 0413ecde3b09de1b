"""A scenario's mistakes are reported all at once, as linters report them: one line each
(`FILE:LINE:COL: what is wrong — did you mean ...?`), in the order of their lines, the count
last; `--json` gives the list."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.model.errors import ScenarioError

FIVE = Path(__file__).parent / "fixtures" / "mistakes" / "five-mistakes.yaml"
runner = CliRunner()

#: (line, column, the start of the message) of each mistake planted in FIVE.
PLANTED = [
    (3, 1, "unknown key 'turn' in the scenario: `turn` belongs under `setup`"),
    (6, 22, "unknown card 'Milkk'"),
    (7, 3, "`phase` must be one of deal, start, play, end, not 'middle'"),
    (8, 1, "unknown key 'evnts' in the scenario; valid keys:"),
    (11, 3, "unknown key 'winnr' in expect; valid keys:"),
]


def test_the_loader_finds_every_planted_mistake_in_order():
    with pytest.raises(ScenarioError) as info:
        load_scenario(FIVE)
    found = [(m.line, m.column, m.message) for m in info.value.mistakes]
    assert len(found) == len(PLANTED)
    for (line, column, message), (want_line, want_column, start) in zip(found, PLANTED, strict=True):
        assert (line, column) == (want_line, want_column) and message.startswith(start), message
    assert str(info.value).startswith(f"{FIVE}:3: unknown key 'turn'")  # the first is the error raised


def test_replay_prints_every_mistake_then_the_count():
    result = runner.invoke(app, ["replay", str(FIVE)])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert lines[-1] == "Found 5 mistakes."
    assert [line.split(": ", 1)[0] for line in lines[:-1]] == [f"{FIVE}:{ln}:{col}" for ln, col, _ in PLANTED]
    assert lines[1].endswith("— did you mean 'Milk' or 'Chocolate Milk'?")
    assert lines[3].endswith("— did you mean 'events'?") and lines[4].endswith("— did you mean 'winner'?")


def test_json_gives_the_list():
    result = runner.invoke(app, ["replay", "--json", str(FIVE)])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert [(m["line"], m["column"]) for m in error["mistakes"]] == [(ln, col) for ln, col, _ in PLANTED]
    assert error["mistakes"][3]["suggestions"] == ["events"]
    assert (error["line"], error["column"]) == (3, 1)  # the first mistake, as before


def test_check_lists_every_mistake_of_a_file():
    result = runner.invoke(app, ["check", str(FIVE)])
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if line.startswith("ERROR ")]
    assert len(errors) == 5 and errors[0].startswith(f"ERROR {FIVE}:3:1: ")


def test_a_mistake_in_one_event_does_not_hide_the_next():
    text = (
        "title: t\nplayers: [Alice, Bob]\nsetup: {}\nevents:\n"
        "  - Alice plyas Milk\n  - Alice plays Cookies\n  - Bobb plays Milk\n"
    )
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "e.yaml")
    assert [(m.line, m.column) for m in info.value.mistakes] == [(5, 5), (7, 5)]
    assert info.value.mistakes[0].suggestions == ("plays",)
    assert "unknown player 'Bobb'" in info.value.mistakes[1].message


def test_a_misspelt_required_key_is_said_once():
    with pytest.raises(ScenarioError) as info:
        parse_scenario("title: t\nplayers: [Alice]\nsetup: {}\nevnts: []\n", "k.yaml")
    assert [m.message.split(";")[0] for m in info.value.mistakes] == ["unknown key 'evnts' in the scenario"]


def test_wrong_players_stop_the_reading():
    """What would follow names players: it would only echo the one mistake."""
    with pytest.raises(ScenarioError) as info:
        parse_scenario("title: t\nplayers: Alice\nsetup: {hands: {Alice: [Milk]}}\nevents: [Alice plays Milk]\n")
    assert len(info.value.mistakes) == 1 and info.value.message.startswith("`players` must be a list")


def test_the_reading_stops_at_100_mistakes():
    """A file of wrong events is refused at once, not after a nearest-name search for each."""
    events = "".join(f"  - Alice plyas Milk{i}\n" for i in range(5_000))
    with pytest.raises(ScenarioError) as info:
        parse_scenario(f"title: t\nplayers: [Alice, Bob]\nsetup: {{}}\nevents:\n{events}", "many.yaml")
    mistakes = info.value.mistakes
    assert len(mistakes) == 101 and mistakes[-1].message.startswith("100 mistakes: the reading stops here")
    assert [m.line for m in mistakes[:3]] == [5, 6, 7]
