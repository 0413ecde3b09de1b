"""`adjudicator schema`: the JSON Schema of scenario files, generated from one typed model."""

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from adjudicator.checking import scenario_files
from adjudicator.cli import app
from adjudicator.loading import scenario as loader
from adjudicator.loading.schema import EventMapping, Expect, ScenarioFile, Setup, schema_text

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(scenario_files([ROOT / "scenarios"]))
MINIMAL = {"title": "t", "players": ["Alice", "Bob"], "setup": {"turn": "Alice"}, "events": ["Alice plays Milk"]}


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(schema_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(validator, document) -> list[str]:
    """Every message, with those of the alternatives tried under anyOf."""
    def walk(error):
        yield error.message
        for cause in error.context or ():
            yield from walk(cause)

    return [m for e in validator.iter_errors(document) for m in walk(e)]


def test_schema_command_prints_draft_2020_12_schema():
    result = runner_invoke(["schema"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["required"] == ["title", "players", "setup", "events"]
    assert schema["additionalProperties"] is False


def runner_invoke(args):
    return CliRunner().invoke(app, args)


def test_committed_schema_is_up_to_date():
    committed = json.loads((ROOT / "docs" / "scenario.schema.json").read_text(encoding="utf-8"))
    assert committed == json.loads(schema_text()), "regenerate it: adjudicator schema > docs/scenario.schema.json"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_every_bundled_scenario_validates(validator, path: Path):
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert errors(validator, document) == []
    ScenarioFile.model_validate(document)  # the model and its schema agree


@pytest.mark.parametrize("document, message", [
    ({**MINIMAL, "titel": "x"}, "Additional properties are not allowed ('titel' was unexpected)"),
    ({**MINIMAL, "players": "Alice, Bob"}, "'Alice, Bob' is not of type 'array'"),
    ({**MINIMAL, "players": []}, "[] should be non-empty"),
    ({k: v for k, v in MINIMAL.items() if k != "events"}, "'events' is a required property"),
    ({**MINIMAL, "setup": {"phase": "draw"}}, "'draw' is not one of ['deal', 'start', 'play', 'end']"),
    ({**MINIMAL, "setup": {"played": -1}}, "-1 is less than the minimum of 0"),
    ({**MINIMAL, "setup": {"hand": {"Alice": []}}}, "Additional properties are not allowed ('hand' was unexpected)"),
    ({**MINIMAL, "events": [{"player": "Alice", "action": "swap"}]}, "'swap' is not one of"),
    ({**MINIMAL, "expect": {"winner": "Alice", "rulings": ["R5"]}}, "'R5' does not match"),
    ({**MINIMAL, "expect": {"turn_over": "yes"}}, "'yes' is not of type 'boolean'"),
    ({**MINIMAL, "cards": [{"name": "Goo", "type": "slime"}]}, "'slime' is not one of"),
    ({**MINIMAL, "house_rules": {"keep_going": "yes"}}, "'yes' is not of type"),
    ({**MINIMAL, "format": 2}, "1 was expected"),
])
def test_schema_rejects_obvious_errors(validator, document, message):
    found = errors(validator, document)
    assert found, f"accepted: {document}"
    assert any(message in e for e in found), found


def test_model_keys_are_the_loaders_keys():
    """The loader decides what a file may say; the model must describe exactly that."""
    assert set(ScenarioFile.model_fields) == set(loader.TOP_KEYS)
    assert set(Setup.model_fields) == set(loader.SETUP_KEYS)
    assert set(Expect.model_fields) == set(loader.EXPECT_KEYS)
    assert set(EventMapping.model_fields) == set(loader.EVENT_KEYS)
    assert set(EventMapping.model_fields["action"].annotation.__args__) == set(loader.ACTIONS)
    assert set(Setup.model_fields["phase"].annotation.__args__[0].__args__) == set(loader.PHASES)


def test_a_custom_card_may_carry_its_kinds_parameters(validator):
    document = {**MINIMAL, "cards": [{"name": "Pie Goal", "type": "goal", "requires": ["Gourd", ["Gravy", "Pie"]]},
                                     {"name": "Draw 6", "type": "rule", "slot": "draw", "value": 6}]}
    assert errors(validator, document) == []
