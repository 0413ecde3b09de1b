"""What keeps `adjudicator --help` and a small replay quick to start (no timings: the causes)."""

import inspect
import subprocess
import sys
from pathlib import Path

import typer.main
from typer.testing import CliRunner

from adjudicator.cli import _app_for, app

ROOT = Path(__file__).resolve().parents[1]


def test_the_cli_module_imports_no_model_yaml_or_rich():
    # `--help` needs none of these; each command imports what it uses when it runs.
    wanted = (
        "yaml",
        "rich",
        "json",
        "dataclasses",
        "adjudicator.model",
        "adjudicator.loading",
    )
    code = f"import sys, adjudicator.cli; print(sorted(m for m in {wanted!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _callbacks(group):
    for command in group.commands.values():
        if command.callback is not None:
            yield command.name, command.callback
        if hasattr(command, "commands"):
            yield from _callbacks(command)


def test_command_annotations_are_objects_not_strings():
    # typer reads every command's signature at each start; string annotations (from
    # `from __future__ import annotations`) would be evaluated again every time.
    callbacks = list(_callbacks(typer.main.get_command(app)))
    assert len(callbacks) > 10 and any(name == "replay" for name, _ in callbacks)
    strings = [
        (name, parameter)
        for name, callback in callbacks
        for parameter, annotation in inspect.get_annotations(callback).items()
        if isinstance(annotation, str)
    ]
    assert strings == []


def test_the_app_built_for_one_command_runs_it_as_the_whole_app_does():
    # main() hands typer an app holding only the command named (`_app_for`): typer builds no other.
    runner = CliRunner()
    names = list(typer.main.get_command(app).commands)
    assert {"replay", "simulate", "rulings", "house-rules"} <= set(names)
    for name in names:
        alone = _app_for([name, "--help"])
        assert list(typer.main.get_command(alone).commands) == [name]
        for args in ([name, "--help"], [name, "--no-such-option"]):
            ours, whole = runner.invoke(alone, args), runner.invoke(app, args)
            assert (ours.exit_code, ours.output) == (whole.exit_code, whole.output)
    # no command named, or a name that is none: the whole app (its help, its suggestions)
    assert _app_for([]) is app and _app_for(["--help"]) is app and _app_for(["simulat"]) is app
