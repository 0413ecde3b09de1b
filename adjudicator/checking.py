"""`adjudicator check`: replay scenarios that state an `expect` block and compare.

The same functions serve the test suite, so pytest and `check` can never disagree.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.engine.replay import replay
from adjudicator.errors import ScenarioError
from adjudicator.loading.scenario import Scenario, load_scenario
from adjudicator.verdict import compare

SUFFIXES = (".yaml", ".yml")


@dataclass
class CheckResult:
    path: str
    status: str  # "pass", "fail", "error", "no-expect"
    differences: list[str] = field(default_factory=list)
    error: str | None = None


def scenario_files(paths: Iterable[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file())
        else:
            yield path


def canonical_id(ruling_id: str) -> str:
    from adjudicator.rulings.store import canonical

    return canonical(ruling_id)


def check_scenario(scenario: Scenario) -> list[str]:
    assert scenario.expect is not None
    return compare(scenario.expect, replay(scenario), canonical_id)


def check_file(path: Path, house_rules: Mapping[str, str] | None = None) -> CheckResult:
    try:
        scenario = load_scenario(path, house_rules)
    except ScenarioError as exc:
        return CheckResult(str(path), "error", error=str(exc))
    if scenario.expect is None:
        return CheckResult(str(path), "no-expect")
    diffs = check_scenario(scenario)
    return CheckResult(str(path), "fail" if diffs else "pass", diffs)


def check_paths(paths: Iterable[Path], verbose: bool = False, house_rules: Mapping[str, str] | None = None) -> int:
    """`house_rules` (switch -> value, from `--house-rule`) override every file's own."""
    results = []
    for path in scenario_files(paths):
        if not path.exists():
            results.append(CheckResult(str(path), "error", error=f"{path}: no such file or folder"))
        else:
            results.append(check_file(path, house_rules))
    out = sys.stdout
    for result in results:
        if result.status == "error":
            out.write(f"ERROR {result.error}\n")
        elif result.status == "fail":
            out.write(f"FAIL  {result.path}\n")
            for diff in result.differences:
                out.write(f"      - {diff}\n")
        elif verbose:
            out.write(f"{'PASS ' if result.status == 'pass' else 'SKIP '} {result.path}"
                      f"{'' if result.status == 'pass' else ' (no expect block)'}\n")
    counts = {s: sum(r.status == s for r in results) for s in ("pass", "fail", "error", "no-expect")}
    out.write(f"{counts['pass']} passed, {counts['fail']} failed"
              + (f", {counts['error']} unreadable" if counts["error"] else "")
              + (f", {counts['no-expect']} without expect" if counts["no-expect"] else "") + "\n")
    if counts["error"] or not results:
        if not results:
            sys.stderr.write("error: no scenario files found\n")
        return 2
    return 1 if counts["fail"] else 0
