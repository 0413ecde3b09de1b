"""`adjudicator check`: replay scenarios that state an `expect` block and compare.

The same functions serve the test suite, so pytest and `check` can never disagree.
A file that cannot be read, or that makes the engine fail, is an error for that file
only: the run goes on with the next one.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.engine.replay import replay
from adjudicator.expectations import Difference, differences
from adjudicator.model.errors import ScenarioError
from adjudicator.model.scenario import Scenario
from adjudicator.output import (
    STDIN,
    crash_data,
    error_data,
    error_text,
    mistake_lines,
    note,
    read_scenario,
    scenario_error_data,
    shown_name,
)
from adjudicator.verdict import Verdict, build_verdict

SUFFIXES = (".yaml", ".yml")
STATUSES = ("pass", "fail", "error", "no-expect")


@dataclass
class CheckResult:
    """How one scenario file fared against its `expect` block: its status and the differences found."""

    path: str
    status: str  # one of STATUSES
    differences: list[Difference] = field(default_factory=list)
    error: dict[str, Any] | None = None  # output.error_data

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "status": self.status,
            "differences": [d.to_json() for d in self.differences],
            "error": self.error,
        }


def scenario_files(paths: Iterable[Path]) -> Iterator[Path]:
    """The files to check: each path given, and every `*.yaml`/`*.yml` in a folder given but the
    house-card libraries. One that is no regular file (a broken link, a pipe) is listed too, so
    that it is reported, not skipped."""
    from adjudicator.loading.card_library import is_library

    for path in paths:
        if path.is_dir():  # a house-card library there is named by scenarios: it is none
            found = (p for p in path.rglob("*") if p.suffix in SUFFIXES and not p.is_dir())
            yield from sorted(p for p in found if not (p.is_file() and is_library(p)))
        else:
            yield path


def canonical_id(ruling_id: str) -> str:
    from adjudicator.rulings.store import canonical

    return canonical(ruling_id)


def check_scenario(scenario: Scenario) -> list[str]:
    """The differences as sentences (what the scenario tests print)."""
    return [d.message for d in scenario_differences(scenario)]


def scenario_differences(scenario: Scenario) -> list[Difference]:
    assert scenario.expect is not None
    return expect_differences(scenario.expect, build_verdict(replay(scenario)))


def expect_differences(expect: Mapping[str, Any], verdict: Verdict) -> list[Difference]:
    """Every way the verdict differs from `expect`: the position and outcome (`expectations.differences`),
    and `summary`, the plain sentence that opens the answer."""
    found = differences(expect, verdict, canonical_id)
    if "summary" in expect:
        from adjudicator.answer import build_answer

        said = build_answer(verdict).summary
        if said != expect["summary"]:
            found.append(
                Difference("summary", expect["summary"], said, f"summary: expected {expect['summary']!r}, got {said!r}")
            )
    return found


def check_file(
    path: Path, house_rules: Mapping[str, str] | None = None, card_files: Sequence[Path] = ()
) -> CheckResult:
    """`house_rules` (switch -> value, from `--house-rule`) override the file's own."""
    shown = shown_name(path)
    try:
        scenario = read_scenario(path, house_rules, card_files)
        if scenario.expect is None:
            return CheckResult(shown, "no-expect")
        diffs = scenario_differences(scenario)
    except ScenarioError as exc:
        return CheckResult(shown, "error", error=scenario_error_data(exc.located(shown)))
    except Exception as exc:  # an engine bug must not stop the other files being checked
        return CheckResult(shown, "error", error=crash_data(exc, shown))
    return CheckResult(shown, "fail" if diffs else "pass", diffs)


def _bundled_hint(path: Path) -> str:
    """`check scenarios/` run outside a checkout (the README's line): the suite ships with the package."""
    from adjudicator.bundled import bundled

    suite = bundled("scenarios") if path.name == "scenarios" else None
    return f"; the bundled scenarios are in {suite} (adjudicator check {suite})" if suite else ""


def check_results(
    paths: Iterable[Path], house_rules: Mapping[str, str] | None = None, card_files: Sequence[Path] = ()
) -> list[CheckResult]:
    results = []
    from adjudicator.bundled import resolved

    for path in scenario_files(resolved(p, note) if str(p) != STDIN else p for p in paths):
        if str(path) != STDIN and not path.exists():
            message = "no such file or folder" + _bundled_hint(path)
            results.append(
                CheckResult(str(path), "error", error=error_data(message, code="no-such-file", file=str(path)))
            )
        else:
            results.append(check_file(path, house_rules, card_files))
    return results


def exit_code(results: list[CheckResult]) -> int:
    """2 if a file could not be checked (or there was none), else 1 if a scenario failed, else 0."""
    if not results or any(r.status == "error" for r in results):
        return 2
    return 1 if any(r.status == "fail" for r in results) else 0


def counts(results: list[CheckResult]) -> dict[str, int]:
    return {status: sum(r.status == status for r in results) for status in STATUSES}


def check_paths(
    paths: Iterable[Path],
    verbose: bool = False,
    json_output: bool = False,
    house_rules: Mapping[str, str] | None = None,
    card_files: Sequence[Path] = (),
) -> int:
    """Check every scenario under `paths`, print the report, and return the exit code.
    `house_rules` (switch -> value, from `--house-rule`) override every file's own; `card_files`
    (`--cards`) are house-card libraries every file may use."""
    results = check_results(paths, house_rules, card_files)
    code = exit_code(results)
    if not results:
        from adjudicator.output import fail

        fail(error_data("no scenario files found", code="no-scenarios"), json_output)
    if json_output:
        from adjudicator.output import write_json

        total = counts(results)
        write_json(
            {
                "results": [r.to_json() for r in results],
                "summary": {
                    "passed": total["pass"],
                    "failed": total["fail"],
                    "errors": total["error"],
                    "without_expect": total["no-expect"],
                },
                "exit_code": code,
            }
        )
        return code
    out = sys.stdout
    for result in results:
        if result.status == "error":
            assert result.error is not None
            lines = mistake_lines(result.error)
            for line in lines[:-1] if lines else [error_text(result.error)]:  # every mistake of the file
                out.write(f"ERROR {line}\n")
        elif result.status == "fail":
            out.write(f"FAIL  {result.path}\n")
            for diff in result.differences:
                out.write(f"      - {diff}\n")
        elif verbose:
            out.write(
                f"{'PASS ' if result.status == 'pass' else 'SKIP '} {result.path}"
                f"{'' if result.status == 'pass' else ' (no expect block)'}\n"
            )
    total = counts(results)
    out.write(
        f"{total['pass']} passed, {total['fail']} failed"
        + (f", {total['error']} with errors" if total["error"] else "")
        + (f", {total['no-expect']} without expect" if total["no-expect"] else "")
        + "\n"
    )
    return code
