"""`adjudicator schema`: the JSON Schema of scenario files, generated from one typed model."""

import datetime
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


def as_json(value):
    """YAML as a JSON tool sees it: dates are strings."""
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    return value.isoformat() if isinstance(value, (datetime.date, datetime.datetime)) else value


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_every_bundled_scenario_validates(validator, path: Path):
    document = as_json(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert errors(validator, document) == []
    ScenarioFile.model_validate(document)  # the model and its schema agree


@pytest.mark.parametrize(
    "document, message",
    [
        ({**MINIMAL, "titel": "x"}, "Additional properties are not allowed ('titel' was unexpected)"),
        ({**MINIMAL, "players": "Alice, Bob"}, "'Alice, Bob' is not of type 'array'"),
        ({**MINIMAL, "players": []}, "[] should be non-empty"),
        ({k: v for k, v in MINIMAL.items() if k != "events"}, "'events' is a required property"),
        ({**MINIMAL, "setup": {"phase": "draw"}}, "'draw' is not one of ['deal', 'start', 'play', 'end']"),
        ({**MINIMAL, "setup": {"played": -1}}, "-1 is less than the minimum of 0"),
        (
            {**MINIMAL, "setup": {"hand": {"Alice": []}}},
            "Additional properties are not allowed ('hand' was unexpected)",
        ),
        ({**MINIMAL, "events": [{"player": "Alice", "action": "swap"}]}, "'swap' is not one of"),
        ({**MINIMAL, "expect": {"winner": "Alice", "rulings": ["R5"]}}, "'R5' does not match"),
        ({**MINIMAL, "expect": {"turn_over": "yes"}}, "'yes' is not of type 'boolean'"),
        ({**MINIMAL, "cards": [{"name": "Goo", "type": "slime"}]}, "'slime' is not one of"),
        ({**MINIMAL, "house_rules": {"keep_going": "maybe"}}, "'maybe' is not of type 'integer'"),
        ({**MINIMAL, "house_rules": {"tye": "shared"}}, "('tye' was unexpected)"),
        ({**MINIMAL, "format": 2}, "1 was expected"),
    ],
)
def test_schema_rejects_obvious_errors(validator, document, message):
    found = errors(validator, document)
    assert found, f"accepted: {document}"
    assert any(message in e for e in found), found


@pytest.mark.parametrize(
    "model_keys, loader_keys",
    [
        (set(ScenarioFile.model_fields), set(loader.TOP_KEYS)),
        (set(Setup.model_fields), set(loader.SETUP_KEYS)),
        (set(Expect.model_fields), set(loader.EXPECT_KEYS)),
        (set(EventMapping.model_fields), set(loader.EVENT_KEYS)),
        (set(EventMapping.model_fields["action"].annotation.__args__), set(loader.ACTIONS)),
        (set(Setup.model_fields["phase"].annotation.__args__[0].__args__), set(loader.PHASES)),
    ],
    ids=["top", "setup", "expect", "event", "actions", "phases"],
)
def test_model_keys_are_the_loaders_keys(model_keys, loader_keys):
    """The loader decides what a file may say; the model must describe exactly that."""
    assert loader_keys <= model_keys, f"describe in loading/schema.py: {sorted(loader_keys - model_keys)}"
    assert model_keys <= loader_keys, f"the loader does not read {sorted(model_keys - loader_keys)}"


def test_a_custom_card_may_carry_its_kinds_parameters(validator):
    document = {
        **MINIMAL,
        "cards": [
            {"name": "Pie Goal", "type": "goal", "requires": ["Gourd", ["Gravy", "Pie"]]},
            {"name": "Draw 6", "type": "rule", "slot": "draw", "value": 6},
        ],
    }
    assert errors(validator, document) == []


def test_the_announced_forms_validate(validator):
    """Forms other branches add (a shared win, a date, the Solo Rules deck, house-rule spellings)."""
    document = {
        **MINIMAL,
        "date": {"day": "2026-12-25", "birthdays": ["Alice"]},
        "setup": {"turn": "Alice", "rules_pile": ["Draw 2", "?"]},
        "house_rules": {"tie": "shared", "keep_going": "2", "may_discard": "yes", "banned_words": "cat, dog"},
        "events": ["Alice begins", {"player": "Alice", "action": "spell", "choices": ["CAT"]}],
        "expect": {"winner": ["Alice", "Bob"]},
    }
    assert errors(validator, document) == []


def test_house_rules_model_names_every_switch():
    from adjudicator.loading.schema import HouseRules
    from adjudicator.model.house_rules import SWITCHES

    assert set(HouseRules.model_fields) == set(SWITCHES)


@pytest.mark.parametrize("value, valid", [("Yes", True), (" off ", True), (True, True), ("maybe", False), (2, False)])
def test_house_rule_flags_as_tables_write_them(validator, value, valid):
    assert (errors(validator, {**MINIMAL, "house_rules": {"may_discard": value}}) == []) is valid
