"""House-card libraries (`cards: [FILE]`, `--cards FILE`) and `adjudicator cards kinds`."""

import json
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from adjudicator.cards.kind_docs import kind_docs
from adjudicator.cards.kinds import REGISTRY
from adjudicator.checking import check_scenario
from adjudicator.cli import app
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.model.errors import ScenarioError

FOLDER = Path(__file__).parent / "fixtures" / "house-cards"
runner = CliRunner()


@pytest.mark.parametrize("name", ["duck-pond-win.yaml", "draw-6-beside-an-inline-card.yaml"])
def test_scenarios_share_one_house_card_file(name):
    scenario = load_scenario(FOLDER / name)
    assert scenario.catalog.card("Rubber Duck").deck == "custom"
    assert check_scenario(scenario) == []


def test_check_passes_over_the_library_in_a_folder():
    result = runner.invoke(app, ["check", str(FOLDER)])
    assert result.exit_code == 0 and "2 passed, 0 failed" in result.output


def test_a_library_is_found_beside_the_scenario_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert check_scenario(load_scenario(FOLDER / "duck-pond-win.yaml")) == []


def test_cards_option_adds_a_library_relative_to_the_working_folder(tmp_path, monkeypatch):
    shutil.copy(FOLDER / "our-house-cards.yaml", tmp_path / "ours.yaml")
    text = (FOLDER / "duck-pond-win.yaml").read_text().replace("cards: [our-house-cards.yaml]\n", "")
    (tmp_path / "pond.yaml").write_text(text)
    monkeypatch.chdir(tmp_path)
    without = runner.invoke(app, ["replay", "pond.yaml"])
    assert without.exit_code == 2 and "unknown card 'Duck Pond'" in without.output
    replayed = runner.invoke(app, ["replay", "--json", "pond.yaml", "--cards", "ours.yaml"])
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.stdout)["winner"] == "Alice"
    checked = runner.invoke(app, ["check", "pond.yaml", "--cards", "ours.yaml"])
    assert checked.exit_code == 0 and "1 passed" in checked.output


def test_a_library_gets_the_checks_of_inline_cards_and_names_its_own_lines(tmp_path):
    (tmp_path / "bad.yaml").write_text(
        "cards:\n  - {name: Gizmo, type: keeper, kind: stael}\n  - {name: Milk, type: keeper}\n"
    )
    scenario = tmp_path / "s.yaml"
    scenario.write_text("title: t\nplayers: [Alice, Bob]\ncards: [bad.yaml]\nsetup: {}\nevents: []\n")
    with pytest.raises(ScenarioError) as info:
        load_scenario(scenario)
    found = [(m.path, m.line, m.message) for m in info.value.mistakes]
    library = f"{tmp_path}/bad.yaml"
    assert found == [
        (library, 2, "card 'Gizmo': unknown kind 'stael'"),
        (library, 3, "a card named 'Milk' already exists (fluxx5)"),
    ]


def test_a_missing_library_and_a_name_that_is_no_file_are_said_where_the_scenario_names_them(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("title: t\nplayers: [Alice, Bob]\ncards:\n  - ours.yaml\n  - Rubber Duck\nsetup: {}\nevents: []\n")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    (missing, not_a_file) = info.value.mistakes
    assert (missing.line, not_a_file.line) == (4, 5)
    assert missing.message.startswith("house-card library 'ours.yaml': no such file")
    assert "a house-card library is named by its file, ending in .yaml" in not_a_file.message


def test_a_library_names_no_other_library(tmp_path):
    (tmp_path / "a.yaml").write_text("cards: [b.yaml]\n")
    with pytest.raises(ScenarioError, match="lists cards, not other libraries"):
        parse_scenario("title: t\nplayers: [A, B]\ncards: [a.yaml]\nsetup: {}\nevents: []\n", str(tmp_path / "s.yaml"))


def test_cards_kinds_lists_every_kind_with_its_parameters_and_an_example():
    result = runner.invoke(app, ["cards", "kinds"])
    assert result.exit_code == 0
    assert result.output.rstrip().splitlines()[-1].startswith(f"{len(REGISTRY)} kinds.")
    assert "temporary_hand (action)\n  like Draw 2 and Use 'Em: " in result.output
    assert "  draw: a whole number from 0 to 1000 (required)\n" in result.output
    assert (
        "  - {name: My Draw 2 and Use 'Em, type: action, kind: temporary_hand, flags: [compound], draw: 2, play: 2}\n"
        in (result.output)
    )
    one = json.loads(runner.invoke(app, ["cards", "kinds", "draw", "--json"]).stdout)
    assert one == [
        {
            "kind": "draw",
            "type": "rule",
            "summary": one[0]["summary"],
            "parameters": [
                {"name": "value", "takes": "a whole number from 0 to 1000", "required": True, "default": None}
            ],
            "example": "{name: My Draw 2, type: rule, kind: draw, value: 2}",
            "implied_by": "a rule with `slot: draw` and no `kind`",
            "like": one[0]["like"],
        }
    ]
    wrong = runner.invoke(app, ["cards", "kinds", "steel"])
    assert wrong.exit_code == 2 and "did you mean 'steal'" in wrong.output


def test_every_kind_has_an_example_that_loads_as_a_custom_card():
    """The examples are what a user copies: each one builds, in a scenario's `cards:`."""
    docs = kind_docs()
    assert {d.name for d in docs} == set(REGISTRY)
    for doc in docs:
        assert doc.example, doc.name
        entry = yaml.safe_load(doc.example)
        entry["name"] = f"Example {doc.name}"  # a name no deck has
        text = yaml.safe_dump({"title": "t", "players": ["A", "B"], "cards": [entry], "setup": {}, "events": []})
        scenario = parse_scenario(text, f"{doc.name}.yaml")
        assert scenario.catalog.card(entry["name"]).kind == doc.name
