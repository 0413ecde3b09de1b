"""Every scenario file under scenarios/ is replayed through the same code as `adjudicator check`."""

from pathlib import Path

import pytest

from adjudicator.checking import check_scenario, scenario_files
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(scenario_files([ROOT / "scenarios"]))


def test_there_are_scenarios():
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_scenario(path: Path):
    scenario = load_scenario(path)
    if scenario.expect is None:
        replay(scenario)  # must still replay without error
        return
    assert "rulings" in scenario.expect or "stopped" in scenario.expect or scenario.expect, path
    differences = check_scenario(scenario)
    assert differences == [], "\n".join(differences)
