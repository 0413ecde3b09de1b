"""The command line. Heavy modules (the engine, rich, pydantic, networkx) are imported
inside the commands so that `--help` and a small replay start fast.

Conventions every command follows: `-h` is `--help`; `--json` prints the result as JSON,
and then bad input too (an object with `error`: file, line, message, code); bad input
exits with code 2; a FILE argument of `-` reads the scenario from stdin."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from adjudicator.output import (EXIT_BAD_INPUT, crash_data, error_data, fail, read_scenario, scenario_error_data,
                                shown_name)

app = typer.Typer(
    help="Settle Fluxx rules disputes: replay a scenario file and get a cited verdict.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},  # inherited by every subcommand
)

JSON_OPTION = typer.Option("--json", help="Print the result as JSON (errors too).")
SCENARIO_ARGUMENT = typer.Argument(metavar="FILE", help="A scenario file (YAML, format 1), or - to read it from stdin.")


def _fail_input(message: str) -> None:
    """Bad input as a line on stderr, exit code 2 (commands with --json use `output.fail`)."""
    sys.stderr.write(f"error: {message}\n")
    raise typer.Exit(EXIT_BAD_INPUT)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("adjudicator")
        except PackageNotFoundError:  # run from a checkout that was never installed
            from adjudicator import __version__ as number
        sys.stdout.write(f"adjudicator {number}\n")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[bool, typer.Option("--version", "-V", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Settle Fluxx rules disputes: replay a scenario file and get a cited verdict."""


@app.command()
def replay(
    file: Annotated[Path, SCENARIO_ARGUMENT],
    json_output: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Replay FILE step by step and give the verdict with the rulings that decide it."""
    from adjudicator.engine.replay import replay as run_replay
    from adjudicator.errors import ScenarioError

    try:
        scenario = read_scenario(file)
        game = run_replay(scenario)
    except ScenarioError as exc:
        fail(scenario_error_data(exc), json_output)
    except Exception as exc:  # an engine bug: say what failed, without a traceback
        fail(crash_data(exc, shown_name(file)), json_output)
    if json_output:
        from adjudicator.output import write_json
        from adjudicator.verdict import to_json

        write_json(to_json(game))
        return
    from adjudicator.log.render import render_replay
    from adjudicator.output import console

    render_replay(game, console())


@app.command()
def check(
    paths: Annotated[list[Path], typer.Argument(
        help="Scenario files or folders to search for them (- reads one scenario from stdin).")],
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also list scenarios that pass.")] = False,
    json_output: Annotated[bool, typer.Option(
        "--json", help="Print per-file results (path, status, differences as data) as JSON.")] = False,
) -> None:
    """Replay every scenario with an `expect` block and report what differs.

    A file that cannot be read or that makes the engine fail is reported as an error and the
    run goes on. Exit code 0: all pass; 1: a scenario failed; 2: a file had an error.
    """
    from adjudicator.checking import check_paths

    raise typer.Exit(check_paths(paths, verbose=verbose, json_output=json_output))


@app.command()
def new(
    file: Annotated[Path, typer.Argument(
        metavar="FILE", help="Where to write the starter scenario (.yaml), or - for stdout.")],
    players: Annotated[str, typer.Option(
        "--players", "-p", help="Player names in seating order, comma-separated.")] = "Alice,Bob",
    force: Annotated[bool, typer.Option("--force", "-f", help="Overwrite FILE if it exists.")] = False,
    json_output: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Write a commented starter scenario to FILE; it passes `adjudicator check` as written."""
    from adjudicator.starter import NAME, starter_scenario

    names = [name.strip() for name in players.split(",") if name.strip()]
    if not names or len(set(names)) != len(names) or not all(NAME.match(name) for name in names):
        fail(error_data(f"--players needs distinct names (letters, digits, spaces, - or _) separated by "
                        f"commas, got {players!r}", code="bad-option"), json_output)
    if str(file) == "-":
        sys.stdout.write(starter_scenario(names))
        return
    if file.exists() and not force:
        fail(error_data("already exists; pass --force to overwrite it", code="file-exists", file=str(file)),
             json_output)
    try:
        file.write_text(starter_scenario(names, str(file)), encoding="utf-8")
    except OSError as exc:
        fail(error_data(f"cannot write: {exc.strerror}", code="cannot-write", file=str(file)), json_output)
    if json_output:
        from adjudicator.output import write_json

        write_json({"path": str(file), "players": names})
    else:
        sys.stdout.write(f"wrote {file}; edit it, then run: adjudicator check {file}\n")


# The knowledge-base sub-apps; their module imports only typer and the standard library.
from adjudicator.rulings.commands import cards_app, rulings_app  # noqa: E402

app.add_typer(rulings_app, name="rulings", help="Search and read the rulings: search, show, list, coverage.")
app.add_typer(cards_app, name="cards", help="Look up a card (name or nickname) and the rulings about it.")


def main() -> None:
    if "--json" not in sys.argv[1:]:
        app()
        return
    # With --json, a usage error (a missing FILE, an unknown option) is JSON as well.
    try:
        code = app(standalone_mode=False)
    except typer.Abort:
        sys.exit(1)
    except Exception as exc:
        if not hasattr(exc, "format_message"):  # click's usage errors (typer vendors click from 0.28)
            raise
        from adjudicator.output import write_json

        write_json({"error": error_data(exc.format_message(), code="usage")})
        sys.exit(getattr(exc, "exit_code", EXIT_BAD_INPUT))
    sys.exit(code or 0)


if __name__ == "__main__":  # pragma: no cover
    main()
