"""`adjudicator house-rules impact`: what does our house rule break?

Every scenario under the paths is replayed twice, as written and with one switch set,
and each one whose verdict or final position differs is reported as `before -> after`,
with the rulings whose citation changed (the official rulings the switch overrides
there) and, for files with an `expect` block, whether `check` still passes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.checking import expect_differences, scenario_files
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import Scenario, load_scenario
from adjudicator.model.errors import ScenarioError
from adjudicator.model.house_rules import SWITCHES
from adjudicator.model.names import count_of
from adjudicator.verdict import Verdict, build_verdict


@dataclass
class Change:
    """One bundled scenario whose outcome a house rule changes: what changed and the rulings involved."""

    path: str
    differences: list[tuple[str, str, str]]  # (what, before, after)
    rulings: list[str]  # cited in one replay and not the other
    check_before: str | None = None  # "pass" / "fail" for a file with `expect`
    check_after: str | None = None

    def line(self) -> str:
        parts = [f"{what} {before} -> {after}" for what, before, after in self.differences]
        if self.check_before and self.check_before != self.check_after:
            parts.append(f"check {self.check_before} -> {self.check_after}")
        cites = f" [{', '.join(self.rulings)}]" if self.rulings else ""
        return f"{self.path}: " + "; ".join(parts) + cites

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "changes": [{"what": w, "before": b, "after": a} for w, b, a in self.differences],
            "rulings": self.rulings,
            "check_before": self.check_before,
            "check_after": self.check_after,
        }


@dataclass
class Impact:
    """A house rule set to one value, replayed over the bundled scenarios: the files it changes."""

    switch: str
    value: str
    replayed: int = 0
    changed: list[Change] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)

    @property
    def ruling_counts(self) -> Counter:
        return Counter(r for change in self.changed for r in change.rulings)

    def to_json(self) -> dict[str, Any]:
        return {
            "house_rule": {"name": self.switch, "value": self.value},
            "replayed": self.replayed,
            "changed": [c.to_json() for c in self.changed],
            "unchanged": self.replayed - len(self.changed),
            "unreadable": self.unreadable,
            "rulings": dict(self.ruling_counts.most_common()),
        }


def _verdict(verdict: Verdict) -> dict[str, str]:
    """What a table asks about: who won, which events were refused, where the turn stands."""
    return {
        "winner": " and ".join(verdict.winners) or "none",
        "rejected": "[" + ", ".join(str(s.event) for s in verdict.rejections) + "]",
        "stopped": "yes" if verdict.stopped else "no",
        "turn": f"{verdict.turn}{' (turn over)' if verdict.turn_over else ''}",
        "plays_left": str(verdict.plays_left),
    }


def _position(verdict: Verdict) -> dict[str, str]:
    def show(cards: Iterable[Any]) -> str:
        return "[" + ", ".join(sorted(c.name for c in cards)) + "]"

    view = {label: show(cards) for label, cards in verdict.zones if cards or label != "meta rules"}
    view["draw pile"] = str(verdict.draw_pile_size)  # its order is chance: only its size says something
    return view


def _differences(before: Mapping[str, str], after: Mapping[str, str]) -> list[tuple[str, str, str]]:
    return [
        (key, before.get(key, "-"), after.get(key, "-"))
        for key in dict.fromkeys([*before, *after])
        if before.get(key) != after.get(key)
    ]


def _check(scenario: Scenario, verdict: Verdict) -> str | None:
    if scenario.expect is None:
        return None
    return "fail" if expect_differences(scenario.expect, verdict) else "pass"


def compare_under(path: Path, switch: str, value: str) -> Change | None:
    """Replay one file as written and with the switch; the change, or None when nothing differs.
    Raises ScenarioError when the file (or the file with the switch) is not a valid scenario."""
    base = load_scenario(path)
    tried = load_scenario(path, {switch: value})
    told_before, told_after = build_verdict(replay(base)), build_verdict(replay(tried))
    differences = _differences(_verdict(told_before), _verdict(told_after)) + _differences(
        _position(told_before), _position(told_after)
    )
    if not differences:
        return None
    cited_before, cited_after = set(told_before.rulings), set(told_after.rulings)
    # The official rulings the switch overrides that these replays cite, then every other
    # ruling cited by one replay and not the other, then the switch's own H- id.
    own = SWITCHES[switch].ruling_id
    overridden = [r for r in SWITCHES[switch].overrides if r in cited_before | cited_after]
    rulings = overridden + sorted((cited_before ^ cited_after) - {own, *overridden})
    rulings += [own] if own in cited_after else []
    return Change(_shown(path), differences, rulings, _check(base, told_before), _check(tried, told_after))


def _shown(path: Path) -> str:
    """The path relative to the working folder when it is inside it, else to the bundled suite."""
    from adjudicator.bundled import shown

    return shown(path)


def impact(switch: str, value: str, paths: Iterable[Path] = ()) -> Impact:
    """Replay the files under paths (by default the bundled suite) with and without the switch."""
    from adjudicator.bundled import bundled, located

    result = Impact(switch, value)
    chosen, suite = list(paths), bundled("scenarios")
    if not chosen and suite is None:
        result.unreadable.append("the bundled scenarios are missing from this installation: name files or folders")
    chosen = [located(path) or path for path in chosen]  # `scenarios/...`: the bundled suite's, from anywhere
    for path in scenario_files(chosen or ([suite] if suite else [])):
        try:
            change = compare_under(path, switch, value)
        except ScenarioError as exc:
            result.unreadable.append(str(exc))
            continue
        result.replayed += 1
        if change is not None:
            result.changed.append(change)
    return result


def render(result: Impact) -> str:
    lines = [f"house rule {result.switch}: {result.value}"]
    lines += [f"  {change.line()}" for change in result.changed]
    lines += [f"  unreadable: {error}" for error in result.unreadable]
    lines.append(
        f"{len(result.changed)} of {result.replayed} scenarios change, "
        f"{result.replayed - len(result.changed)} unchanged"
        + (f", {len(result.unreadable)} unreadable" if result.unreadable else "")
    )
    broken = sum(1 for c in result.changed if c.check_before == "pass" and c.check_after == "fail")
    if broken:
        lines.append(f"{count_of(broken, 'scenario')} that pass their `expect` as written fail under the house rule")
    if result.ruling_counts:
        lines.append("rulings involved: " + ", ".join(f"{r} ({n})" for r, n in result.ruling_counts.most_common()))
    return "\n".join(lines) + "\n"
