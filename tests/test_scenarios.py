"""Every scenario file under scenarios/ is replayed through the same code as `adjudicator check`,
and every ruling id a scenario expects or a replay cites must be a ruling the knowledge base has."""

import json
import os
import re
import sys
from pathlib import Path

import pytest

from adjudicator.checking import check_scenario, expect_differences, scenario_files
from adjudicator.engine.replay import replay
from adjudicator.json_output import compact_json_text, to_json
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.model.errors import ScenarioError
from adjudicator.rulings import store
from adjudicator.verdict import build_verdict

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(scenario_files([ROOT / "scenarios"]))
#: The upstream format contract; CI copies it beside the clone (../shared).
CONTRACT = ROOT.parent / "shared" / "SCENARIO_FORMAT.md"


def unknown_ruling_ids(scenario, game) -> list[str]:
    """Ruling ids (R.., Q.., Q-tag-.., B-..) the scenario expects or the replay cites that no record
    or alias has: a misspelt id would otherwise pass, expected and cited alike."""
    known = store.aliases()
    ids = [*scenario.expect.get("rulings", ()), *build_verdict(game).rulings]
    return sorted({rid for rid in ids if rid not in known})


def test_there_are_scenarios():
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_scenario(path: Path):
    scenario = load_scenario(path)
    assert scenario.expect, f"{path}: every scenario under scenarios/ states an `expect` block"
    game = replay(scenario)
    verdict = build_verdict(game)
    differences = [d.message for d in expect_differences(scenario.expect, verdict)]  # what check_scenario does
    assert differences == [], "\n".join(differences)
    assert unknown_ruling_ids(scenario, game) == []
    # a long log's one-line JSON is written by a faster writer: it must say what json.dumps says
    assert compact_json_text(verdict) == json.dumps(to_json(verdict), ensure_ascii=False) + "\n"


def test_a_misspelt_q_tag_id_is_caught():
    text = (
        "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk]}\nevents: [Alice plays Milk]\n"
        "expect:\n  rulings: [B-keeper-play, Q-tag-zap-a-crad]\n"
    )
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text)
    assert caught.value.message == "'Q-tag-zap-a-crad' is not the id of any ruling"
    assert caught.value.line == 7
    assert caught.value.suggestions[0] == "Q-tag-zap-a-card"  # the right spelling is a record


def test_expected_ruling_ids_ignore_letter_case():
    text = (
        "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk]}\nevents: [Alice plays Milk]\n"
        "expect:\n  rulings: [b-keeper-play, r20]\n"
    )
    assert parse_scenario(text).expect["rulings"] == ["B-keeper-play", "R20"]


def test_the_contracts_complete_example_passes():
    """The complete example of ../shared/SCENARIO_FORMAT.md replays to its own `expect` block.
    In CI the contract must be there: a missing copy fails instead of skipping silently."""
    if not CONTRACT.exists():
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but the shared contract is missing: copy it to {CONTRACT}")
        pytest.skip(f"the shared contract is not next to this checkout ({CONTRACT})")
    example = re.search(r"## A complete example\s+```yaml\n(.*?)```", CONTRACT.read_text(encoding="utf-8"), re.S)
    assert example is not None, "the contract has no '## A complete example' YAML block"
    scenario = parse_scenario(example.group(1), str(CONTRACT))
    assert scenario.expect, "the contract's example states what it expects"
    assert check_scenario(scenario) == []


def test_a_missing_contract_fails_in_ci_and_skips_elsewhere(monkeypatch, tmp_path):
    monkeypatch.setattr(sys.modules[__name__], "CONTRACT", tmp_path / "missing.md")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI is set but the shared contract is missing"):
        test_the_contracts_complete_example_passes()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        test_the_contracts_complete_example_passes()


CITED_IN_CODE = re.compile(r'"((?:R\d{2}|Q\d+|Q-tag-[a-z0-9-]+|B-[a-z0-9-]+|H-[a-z0-9_]+))"')


def test_every_ruling_the_engine_cites_is_proven_by_a_scenario():
    """A ruling id the code cites is one the engine implements: some scenario must expect it.
    (The house-rule table only names the official rulings a switch overrides: not citations.)"""
    cited: set[str] = set()
    for path in (ROOT / "adjudicator").rglob("*.py"):
        if path.name != "house_rules.py":
            cited |= set(CITED_IN_CODE.findall(path.read_text(encoding="utf-8")))
    expected = {rid for path in FILES for rid in (load_scenario(path).expect or {}).get("rulings", ())}
    assert sorted(cited - expected) == []
