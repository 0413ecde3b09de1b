import os
from pathlib import Path

import pytest

# The tests build the search index in memory and leave the user's cache folder alone
# (the cache tests point ADJUDICATOR_CACHE_DIR at a temporary folder themselves).
os.environ["ADJUDICATOR_CACHE_DIR"] = "off"

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"


@pytest.fixture
def write_scenario(tmp_path):
    """Write a scenario text to a file and return its path."""

    def write(text: str, name: str = "scenario.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture(autouse=True)
def _output_not_sized_by_the_runner(monkeypatch):
    """Output is tested as a pipe gets it (lines whole) unless a test sets COLUMNS itself: the
    terminal running pytest, or pytest-xdist's workers, may set COLUMNS for everyone."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
