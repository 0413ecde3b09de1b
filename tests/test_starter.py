"""Every starter `adjudicator new` can write passes `adjudicator check` as written: Solo Fluxx
(one player), two players, and tables larger than the starter has cards for."""

import json

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.starter import _OTHER_HANDS

runner = CliRunner()
TABLES = [
    ["Alice"],
    ["Alice", "Bob"],
    ["Ann", "Bo", "Cy Young"],
    ["p1", "Player_2", "x-3"],
    ["Zoë", "Zoé", "Åsa Ek", "李"],  # names beyond ASCII are names (the loader tells them apart)
    *([f"P{i}" for i in range(size)] for size in (len(_OTHER_HANDS) + 1, len(_OTHER_HANDS) + 2, 12)),
]


@pytest.mark.parametrize("players", TABLES, ids=lambda names: f"{len(names)}-players")
def test_every_starter_passes_check(tmp_path, players):
    path = tmp_path / "dispute.yaml"
    written = runner.invoke(app, ["new", "--players", ",".join(players), str(path)])
    assert written.output == f"wrote {path}; edit it, then run: adjudicator check {path}\n"
    assert f"players: [{', '.join(players)}]" in path.read_text()
    checked = runner.invoke(app, ["check", "--json", str(path)])
    result = json.loads(checked.stdout)["results"][0]
    assert (checked.exit_code, result["status"], result.get("differences", [])) == (0, "pass", [])
    replayed = json.loads(runner.invoke(app, ["replay", "--json", str(path)]).stdout)
    assert replayed["rejected"] == []


def test_the_solo_starter_scores_the_goal(tmp_path):
    text = runner.invoke(app, ["new", "-", "--players", "Alice"]).stdout
    assert "players: [Alice]  # one player: Solo Fluxx" in text
    assert "Does Alice score the Goal as soon as the second Keeper is down?" in text
    assert "  goals_won: {Alice: 1}  # Solo Fluxx scores Goals" in text
    assert "winner:" not in text
    assert runner.invoke(app, ["check", "-"], input=text).exit_code == 0


def test_a_name_that_starts_with_a_digit_is_refused_with_the_reason():
    refused = runner.invoke(app, ["new", "-", "--players", "Ann,2b"])
    assert refused.exit_code == 2
    assert refused.output == (
        "error: --players needs names that start with a letter (then letters, digits, spaces, - or _), "
        "separated by commas, got 'Ann,2b'\n"
    )


@pytest.mark.parametrize("players", [["Yes", "No"], ["null", "On", "off"], ["True"]], ids="-".join)
def test_names_yaml_reads_as_booleans_or_null_are_quoted_and_pass_check(tmp_path, players):
    path = tmp_path / "dispute.yaml"
    runner.invoke(app, ["new", "--players", ",".join(players), str(path)])
    text = path.read_text()
    assert "players: [" + ", ".join(f"'{name}'" for name in players) + "]" in text
    assert f"  turn: '{players[0]}'" in text and f"  - {players[0]} plays Milk" in text
    checked = runner.invoke(app, ["check", "--json", str(path)])
    result = json.loads(checked.stdout)["results"][0]
    assert (checked.exit_code, result["status"], result.get("differences", [])) == (0, "pass", [])
