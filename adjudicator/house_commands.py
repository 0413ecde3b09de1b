"""`adjudicator house-rules list | show NAME | impact NAME=VALUE [PATHS]`.

Imports only typer at start-up (the CLI imports this module for `--help` too): the house-rule
model is imported when a command runs, and `impact` loads the engine.
"""

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from adjudicator import completion

if TYPE_CHECKING:
    from adjudicator.model.house_rules import Switch

house_rules_app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

JSON_OPTION = typer.Option("--json", help="Print the result as JSON.")


def _bad_input(
    message: str,
    json_output: bool = False,
    *,
    code: str = "bad-house-rule",
    file: str | None = None,
    suggestions: "tuple[str, ...] | list[str]" = (),
) -> None:
    """Bad input as the other commands report it: a line on stderr, or with --json one JSON object."""
    from adjudicator.output import error_data, fail

    fail(error_data(message, code=code, file=file, suggestions=suggestions), json_output)


def _write_json(data: Any, ensure_ascii: bool = True) -> None:
    import json

    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=ensure_ascii) + "\n")


def _describe(switch: "Switch") -> dict[str, Any]:
    return {
        "name": switch.name,
        "values": switch.values,
        "official": switch.official_text,
        "meaning": switch.meaning,
        "overrides": list(switch.overrides),
        "ruling": switch.ruling_id,
        "applied": switch.applied,
    }


def _switch(name: str, json_output: bool = False) -> "Switch":
    from adjudicator.model.house_rules import HouseRuleError, switch_named

    try:
        return switch_named(name)
    except HouseRuleError as exc:
        _bad_input(exc.message, json_output, code="no-such-house-rule", suggestions=exc.suggestions[:1])
        raise  # unreachable: _bad_input exits


@house_rules_app.command("list")
def list_switches(json_output: Annotated[bool, JSON_OPTION] = False) -> None:
    """Every house rule: its values (official first), what it changes, the rulings it overrides."""
    from adjudicator.model.house_rules import SWITCHES

    if json_output:
        _write_json([_describe(s) for s in SWITCHES.values()])
        return
    for switch in SWITCHES.values():
        note = "" if switch.applied else "  (validated; no built card reads it yet)"
        sys.stdout.write(
            f"{switch.name}: {switch.values} (official: {switch.official_text}){note}\n"
            f"    {switch.meaning}\n"
            f"    overrides: {', '.join(switch.overrides) or '-'}; cited as {switch.ruling_id}\n"
        )


@house_rules_app.command("show")
def show(
    name: Annotated[
        str, typer.Argument(help="A house-rule name, e.g. keep_going.", autocompletion=completion.house_rule_names)
    ],
    json_output: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """One house rule in full, with the official rulings it overrides."""
    switch = _switch(name, json_output)
    if json_output:
        _write_json(_describe(switch))
        return
    from adjudicator.rulings import store

    out = [
        f"{switch.name}  (cited as {switch.ruling_id})",
        f"  values:   {switch.values}",
        f"  official: {switch.official_text}",
        f"  meaning:  {switch.meaning}",
    ]
    if not switch.applied:
        out.append("  status:   validated; no built card reads it yet")
    out.append("  overrides:")
    for rid in switch.overrides:
        record = store.get(rid)
        out.append(f"    {rid}: {record.summary if record else '(no record)'}")
    if not switch.overrides:
        out.append("    -")
    sys.stdout.write("\n".join(out) + "\n")


@house_rules_app.command("impact")
def impact(
    assignment: Annotated[
        str, typer.Argument(help="NAME=VALUE, e.g. tie=shared.", autocompletion=completion.house_rule_assignments)
    ],
    paths: Annotated[
        list[Path] | None, typer.Argument(help="Scenario files or folders (default: the bundled suite).")
    ] = None,
    json_output: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Replay scenarios with the house rule and list each one whose verdict or position changes."""
    from adjudicator.model.house_rules import HouseRuleError, parse_assignments

    try:
        ((name, value),) = parse_assignments([assignment], option="house-rules impact").items()
    except HouseRuleError as exc:
        _bad_input(exc.message, json_output, suggestions=exc.suggestions[:1])
        return
    missing = [str(p) for p in paths or () if not p.exists()]
    if missing:
        _bad_input("no such file or folder", json_output, code="no-such-file", file=missing[0])
    from adjudicator.house_impact import impact as run_impact
    from adjudicator.house_impact import render

    result = run_impact(name, value, paths or ())
    if json_output:
        _write_json(result.to_json(), ensure_ascii=False)
    else:
        sys.stdout.write(render(result))
    if not result.replayed:
        if json_output:  # the result above says so; one JSON object, not two
            raise typer.Exit(2)
        _bad_input("no scenario could be replayed", code="no-scenarios")
