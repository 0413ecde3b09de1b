"""The files the commands read besides the package's own data (the scenario suite, the docs, the
README): found in a checkout, and a clear message when an installation lacks them."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import bundled
from adjudicator.cli import app
from adjudicator.house_impact import impact

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def test_a_checkout_reads_them_where_the_repository_keeps_them():
    assert bundled.bundled("scenarios") == ROOT / "scenarios"
    assert bundled.bundled("docs") == ROOT / "docs"
    assert bundled.bundled("README.md") == ROOT / "README.md"
    assert bundled.bundled("nothing-of-that-name") is None


def test_paths_are_shown_from_the_working_folder_or_the_bundle(tmp_path, monkeypatch):
    example = ROOT / "scenarios" / "examples" / "draw3-then-draw2.yaml"
    monkeypatch.chdir(tmp_path)
    assert bundled.shown(example) == "scenarios/examples/draw3-then-draw2.yaml"
    mine = tmp_path / "mine" / "a.yaml"
    assert bundled.shown(mine) == "mine/a.yaml"
    monkeypatch.chdir(ROOT / "scenarios")
    assert bundled.shown(example) == "examples/draw3-then-draw2.yaml"


@pytest.fixture
def nothing_bundled(monkeypatch):
    """An installation whose build left the bundled files out."""
    monkeypatch.setattr(bundled, "_base", lambda: None)


def test_impact_says_the_suite_is_missing(nothing_bundled):
    result = impact("tie", "shared")
    assert (result.replayed, result.unreadable) == (
        0,
        ["the bundled scenarios are missing from this installation: name files or folders"],
    )
    ran = runner.invoke(app, ["house-rules", "impact", "tie=shared"])
    assert ran.exit_code == 2
    assert (
        "  unreadable: the bundled scenarios are missing from this installation: name files or folders\n" in ran.output
    )


def test_coverage_and_docs_say_what_is_missing(nothing_bundled):
    coverage = runner.invoke(app, ["rulings", "coverage", "--json"])
    assert coverage.exit_code == 2
    assert json.loads(coverage.stdout)["error"]["message"] == (
        "the bundled scenarios are missing from this installation: name the scenario files or folders to audit"
    )
    docs = runner.invoke(app, ["docs"])
    assert (docs.exit_code, docs.output) == (2, "error: the docs pages are missing from this installation\n")
    shown = json.loads(runner.invoke(app, ["rulings", "show", "R38", "--json"]).stdout)
    assert shown["id"] == "R38" and shown["scenarios"] == []


def test_check_of_a_missing_scenarios_folder_names_the_bundled_suite(tmp_path, monkeypatch):
    """The README's `check scenarios/`, typed outside the checkout: the suite is in the package."""
    monkeypatch.chdir(tmp_path)
    ran = runner.invoke(app, ["check", "scenarios/examples/"])  # the bundled ones, said on stderr
    assert ran.exit_code == 0
    assert ran.stdout == f"{len(list((ROOT / 'scenarios' / 'examples').glob('*.yaml')))} passed, 0 failed\n"
    assert ran.stderr == f"using the bundled scenarios/examples ({ROOT / 'scenarios' / 'examples'})\n"
    mine = runner.invoke(app, ["check", "--json", "mine/"])
    assert json.loads(mine.stdout)["results"][0]["error"]["message"] == "no such file or folder"


def test_check_of_a_missing_scenarios_folder_without_a_bundle(tmp_path, monkeypatch, nothing_bundled):
    monkeypatch.chdir(tmp_path)
    ran = runner.invoke(app, ["check", "--json", "scenarios"])
    assert json.loads(ran.stdout)["results"][0]["error"]["message"] == "no such file or folder"


def test_an_installed_bundle_is_shown_from_the_bundle_even_below_the_working_folder(tmp_path, monkeypatch):
    """From a folder that holds the virtual environment, `rulings show` listed the proving
    scenarios as venv/lib/python3.11/site-packages/adjudicator/_bundled/scenarios/..."""
    installed = tmp_path / "venv" / "site-packages" / "adjudicator" / "_bundled"
    example = installed / "scenarios" / "examples" / "a.yaml"
    example.parent.mkdir(parents=True)
    example.write_text("title: t\n", encoding="utf-8")
    monkeypatch.setattr(bundled, "INSTALLED", installed)
    monkeypatch.setattr(bundled, "_base", lambda: installed)
    monkeypatch.chdir(tmp_path)
    assert bundled.shown(example) == "scenarios/examples/a.yaml"
    assert bundled.shown(tmp_path / "mine.yaml") == "mine.yaml"
