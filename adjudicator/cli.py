"""The command line. Heavy modules (the engine, rich, pydantic, networkx) are imported
inside the commands so that `--help` and a small replay start fast.

Conventions every command follows: `-h` is `--help`; `--json` prints the result as JSON,
and then bad input too (an object with `error`: file, line, message, code); bad input
exits with code 2; a FILE argument of `-` reads the scenario from stdin."""

# No `from __future__ import annotations` in the modules that declare commands: typer reads the
# signature of the command run (of every command for --help), and would evaluate strings anew.

import copy
import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from adjudicator import completion
from adjudicator.output import (
    EXIT_BAD_INPUT,
    crash_data,
    error_data,
    fail,
    read_scenario,
    scenario_error_data,
    shown_name,
)

if TYPE_CHECKING:
    from adjudicator.boards import Board

app = typer.Typer(
    help="Settle Fluxx rules disputes: replay a scenario file and get a cited verdict.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},  # inherited by every subcommand
)

completion.quote_when_completing()  # a no-op unless bash or PowerShell asks for completions

JSON_OPTION = typer.Option("--json", help="Print the result as JSON (errors too).")
SCENARIO_ARGUMENT = typer.Argument(metavar="FILE", help="A scenario file (YAML, format 1), or - to read it from stdin.")


def _fail_input(message: str) -> None:
    """Bad input as a line on stderr, exit code 2 (commands with --json use `output.fail`)."""
    sys.stderr.write(f"error: {message}\n")
    raise typer.Exit(EXIT_BAD_INPUT)


REPORT_FORMATS = ("text", "json", "markdown", "html")


def _house_rule_option(help_text: str) -> typer.models.OptionInfo:
    """`--house-rule/-H NAME=VALUE`, completed from the house rules; only its help differs by command."""
    return typer.Option(
        "--house-rule",
        "-H",
        metavar="NAME=VALUE",
        help=help_text,
        autocompletion=completion.house_rule_assignments,
    )


def _format_option(formats: tuple[str, ...], help_text: str) -> typer.models.OptionInfo:
    """`--format/-f`, its metavar the formats a command writes; only its help differs by command."""
    return typer.Option("--format", "-f", metavar="|".join(formats), help=help_text)


SIMULATE_HOUSE_RULE_OPTION = _house_rule_option("Play every game under a house rule (repeatable).")
SIMULATE_FORMATS = ("text", "json", "html")  # and explore's
HOUSE_RULE_OPTION = _house_rule_option("Play under a house rule, over the file's own value (repeatable).")
CARDS_OPTION = typer.Option(
    "--cards",
    metavar="FILE",
    help="A house-card library (YAML: cards: [...]) whose cards the scenario may name (repeatable).",
)


def _check_format(output_format: str, formats: tuple[str, ...], json_output: bool) -> None:
    """A --format value that no format names: exit 2, saying which there are."""
    if output_format not in formats:
        message = f"--format must be one of {', '.join(formats)}, not {output_format!r}"
        fail(error_data(message, code="bad-option"), json_output)


def _house_rules(
    assignments: list[str] | None, json_output: bool = False, option: str = "--house-rule"
) -> dict[str, str]:
    """`--house-rule NAME=VALUE` options, checked (exit 2 with the allowed values): the one
    parser of every command that takes house rules."""
    from adjudicator.model.house_rules import HouseRuleError, parse_assignments

    try:
        return parse_assignments(assignments or [], option)
    except HouseRuleError as exc:
        fail(error_data(exc.message, code="bad-house-rule", suggestions=exc.suggestions[:1]), json_output)


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
    version: Annotated[
        bool, typer.Option("--version", "-V", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Settle Fluxx rules disputes: replay a scenario file and get a cited verdict."""


@app.command()
def replay(
    file: Annotated[Path, SCENARIO_ARGUMENT],
    json_output: Annotated[
        bool, typer.Option("--json", help="Print the result as JSON, errors too (the same as --format json).")
    ] = False,
    output_format: Annotated[
        str,
        _format_option(
            REPORT_FORMATS, "text (default), json, markdown (for a chat) or html (one self-contained page)."
        ),
    ] = "text",
    full: Annotated[
        bool,
        typer.Option(
            "--full",
            help="Show every step and rejection of a long log (by default only its first and last steps, in JSON too).",
        ),
    ] = False,
    house_rule: Annotated[list[str] | None, HOUSE_RULE_OPTION] = None,
    cards: Annotated[list[Path] | None, CARDS_OPTION] = None,
) -> None:
    """Replay FILE step by step and give the verdict with the rulings that decide it."""
    as_json = json_output or output_format == "json"
    _check_format(output_format, REPORT_FORMATS, as_json)
    from adjudicator.engine.replay import replay as run_replay
    from adjudicator.model.errors import ScenarioError

    house_rules = _house_rules(house_rule, as_json)  # outside the try: its exit is no engine failure
    drawn = output_format in ("markdown", "html") and not as_json  # the formats that draw the board
    boards: tuple[Board, ...] = ()
    try:
        scenario = read_scenario(file, house_rules, cards or ())
        if drawn:
            from adjudicator.boards import replay_with_boards

            game, boards = replay_with_boards(scenario, full)
        else:
            game = run_replay(scenario)
    except ScenarioError as exc:
        fail(scenario_error_data(exc), as_json)
    except Exception as exc:  # an engine bug: say what failed, without a traceback
        fail(crash_data(exc, shown_name(file)), as_json)
    from adjudicator.verdict import build_verdict

    verdict = build_verdict(game, boards)  # what every format says is read from this, never from the game
    if as_json:
        from adjudicator.json_output import write_json_text

        write_json_text(verdict, sys.stdout, full)
    elif output_format in ("markdown", "html"):
        from adjudicator import report

        sys.stdout.write(
            report.to_markdown(verdict, full) if output_format == "markdown" else report.to_html(verdict, full)
        )
    else:
        from adjudicator.log.render import render_replay
        from adjudicator.output import console

        render_replay(verdict, console(), full=full)


@app.command()
def check(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Scenario files or folders to search for them (- reads one scenario from stdin)."),
    ],
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also list scenarios that pass.")] = False,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print per-file results (path, status, differences as data) as JSON.")
    ] = False,
    house_rule: Annotated[list[str] | None, HOUSE_RULE_OPTION] = None,
    cards: Annotated[list[Path] | None, CARDS_OPTION] = None,
) -> None:
    """Replay every scenario with an `expect` block and report what differs.

    A file that cannot be read or that makes the engine fail is reported as an error and the run goes on.

    Exit code 0: all pass; 1: a scenario failed; 2: a file had an error.
    """
    from adjudicator.checking import check_paths

    raise typer.Exit(
        check_paths(
            paths,
            verbose=verbose,
            json_output=json_output,
            house_rules=_house_rules(house_rule, json_output),
            card_files=cards or (),
        )
    )


@app.command()
def new(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="Where to write the starter scenario (.yaml), or - for stdout.")
    ],
    players: Annotated[
        str, typer.Option("--players", "-p", help="Player names in seating order, comma-separated.")
    ] = "Alice,Bob",
    force: Annotated[bool, typer.Option("--force", "-f", help="Overwrite FILE if it exists.")] = False,
    json_output: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Write a commented starter scenario to FILE; it passes `adjudicator check` as written."""
    from adjudicator.loading.scenario import player_name_problem
    from adjudicator.starter import NAME, starter_scenario

    names = [" ".join(name.split()) for name in players.split(",") if name.strip()]
    problem = next(filter(None, (player_name_problem(name, names[:i]) for i, name in enumerate(names))), None)
    if problem:  # what the loader would refuse in the file written
        fail(error_data(f"--players: {problem}", code="bad-option"), json_output)
    if not names or not all(NAME.match(name) for name in names):
        fail(
            error_data(
                "--players needs names that start with a letter (then letters, digits, spaces, - or _), "
                f"separated by commas, got {players!r}",
                code="bad-option",
            ),
            json_output,
        )
    if str(file) == "-":
        sys.stdout.write(starter_scenario(names))
        return
    if file.exists() and not force:
        fail(
            error_data("already exists; pass --force to overwrite it", code="file-exists", file=str(file)), json_output
        )
    try:
        file.write_text(starter_scenario(names, str(file)), encoding="utf-8")
    except OSError as exc:
        fail(error_data(f"cannot write: {exc.strerror}", code="cannot-write", file=str(file)), json_output)
    if json_output:
        from adjudicator.output import write_json

        write_json({"path": str(file), "players": names})
    else:
        sys.stdout.write(f"wrote {file}; edit it, then run: adjudicator check {file}\n")


@app.command()
def schema(json_output: Annotated[bool, typer.Option("--json", help="The same: the schema is JSON.")] = False) -> None:
    """Print the JSON Schema (draft 2020-12) of scenario files, for editors and validators."""
    from adjudicator.loading.schema import schema_text

    sys.stdout.write(schema_text())


@app.command()
def legal(
    file: Annotated[Path, typer.Argument(help="A scenario file (YAML, format 1); - reads it from stdin.")],
    player: Annotated[str | None, typer.Option("--player", "-p", help="Only this player's events.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the list as one JSON object.")] = False,
) -> None:
    """What may each player do now? Every legal next event after FILE's events, with its `-> choices`."""
    from adjudicator.legal_command import command
    from adjudicator.model.errors import ScenarioError

    try:
        command(str(file), player, json_output)
    except ScenarioError as exc:
        fail(scenario_error_data(exc), json_output)


@app.command()
def explore(
    file: Annotated[Path, typer.Argument(help="A scenario file (YAML, format 1); - reads it from stdin.")],
    at: Annotated[int, typer.Option("--at", help="The event to change (1 = the first).")],
    player: Annotated[str | None, typer.Option("--player", "-p", help="Only this player's alternatives.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the result as one JSON object.")] = False,
    output_format: Annotated[
        str,
        _format_option(
            SIMULATE_FORMATS,
            "text (default), json (the same as --json) or html (the boards of the lines found, in one page).",
        ),
    ] = "text",
) -> None:
    """What if event N had been something else? Replay every legal alternative and show which change the verdict."""
    from adjudicator.model.errors import ScenarioError
    from adjudicator.whatif import command
    from adjudicator.whatif_page import explore_page

    json_output = json_output or output_format == "json"
    _check_format(output_format, SIMULATE_FORMATS, json_output)
    try:
        command(str(file), at, player, json_output, explore_page if output_format == "html" else None)
    except ScenarioError as exc:
        fail(scenario_error_data(exc), json_output)


@app.command(epilog="Ctrl-C stops the search and prints what it found so far. `adjudicator docs solve` explains it.")
def solve(
    file: Annotated[Path, SCENARIO_ARGUMENT],
    at: Annotated[
        int | None, typer.Option("--at", help="Solve from the position before event N (default: after the last).")
    ] = None,
    player: Annotated[
        str | None, typer.Option("--for", help="The player whose turn it is (or comes next): checked, not chosen.")
    ] = None,
    stop_player: Annotated[
        str | None,
        typer.Option(
            "--stop", metavar="PLAYER", help="PLAYER won: could anyone have stopped it, with which card, when?"
        ),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="Stop after searching this many positions.")] = 20_000,
    save: Annotated[
        Path | None,
        typer.Option("--save", metavar="FILE", help="Write the scenario with the winning line and an expect."),
    ] = None,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print the result as JSON (the same as --format json).")
    ] = False,
    output_format: Annotated[
        str,
        _format_option(REPORT_FORMATS, "text (default), json, markdown or html."),
    ] = "text",
) -> None:
    """Could the player have won this turn? Search every line of her choices to the end of the turn."""
    as_json = json_output or output_format == "json"
    _check_format(output_format, REPORT_FORMATS, as_json)
    from adjudicator.model.errors import ScenarioError
    from adjudicator.solving.command import command

    try:
        code = command(
            str(file), at, player, stop_player, limit, str(save) if save else None, "json" if as_json else output_format
        )
    except ScenarioError as exc:
        fail(scenario_error_data(exc), as_json)
    except Exception as exc:  # an engine bug: say what failed, without a traceback
        fail(crash_data(exc, shown_name(file)), as_json)
    raise typer.Exit(code)


@app.command(
    epilog="Does a house rule make games longer? Run twice with the same --seed (the same deals "
    "and picks), or at once: --compare NAME=VALUE sets the figures side by side."
)
def simulate(
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="The run's seed: game i depends only on (seed, i).")] = 0,
    players: Annotated[str, typer.Option(help="A number of players, or names: Ann,Ben,Cy.")] = "2",
    decks: Annotated[
        str, typer.Option(help="Decks, separated by commas.", autocompletion=completion.deck_lists)
    ] = "fluxx5,creeper_pack,surprises",
    house_rule: Annotated[list[str] | None, SIMULATE_HOUSE_RULE_OPTION] = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME=VALUE",
            help="Also run with this house rule NAME=VALUE and compare (repeatable).",
            autocompletion=completion.house_rule_assignments,
        ),
    ] = None,
    max_events: Annotated[int, typer.Option(help="Stop a game after this many events (a capped game).")] = 1000,
    workers: Annotated[int, typer.Option(help="Worker processes (0: all cores).")] = 0,
    save: Annotated[Path | None, typer.Option(help="Write the games that went wrong here as scenario files.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the report as one JSON object.")] = False,
    output_format: Annotated[
        str,
        _format_option(
            SIMULATE_FORMATS, "text (default), json (the same as --json) or html (figures and tables in one page)."
        ),
    ] = "text",
    plot: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Draw the figures into FILE (.svg or .png); needs matplotlib: pip install 'adjudicator[plot]'.",
        ),
    ] = None,
) -> None:
    """Play random legal games to the end and report their length, wins by seat and the rulings used."""
    from adjudicator import simulate as sim
    from adjudicator.model.errors import ScenarioError
    from adjudicator.simulate_command import command

    json_output = json_output or output_format == "json"
    _check_format(output_format, SIMULATE_FORMATS, json_output)
    try:
        command(
            games=games,
            seed=seed,
            players=players,
            decks=decks,
            house_rules=_house_rules(house_rule, json_output),
            compare=_house_rules(compare, json_output, "--compare"),
            max_events=max_events,
            workers=workers,
            save=str(save) if save else None,
            json_output=json_output,
            html_output=output_format == "html",
            plot=str(plot) if plot else None,
        )
    except ScenarioError as exc:
        fail(scenario_error_data(exc), json_output)
    except sim.OptionError as exc:
        fail(error_data(str(exc), code="bad-option", suggestions=exc.suggestions), json_output)


from adjudicator.guide_commands import register as register_guide_commands  # noqa: E402

register_guide_commands(app)


# The knowledge-base sub-apps; their module imports only typer and the standard library.
from adjudicator.rulings.commands import cards_app, rulings_app  # noqa: E402

app.add_typer(rulings_app, name="rulings", help="Search and read the rulings: search, show, list, coverage.")
from adjudicator.card_commands import register as register_card_commands  # noqa: E402

register_card_commands(cards_app)
app.add_typer(cards_app, name="cards", help="Browse the cards (list, search) and show one with the rulings about it.")

from adjudicator.house_commands import house_rules_app  # noqa: E402

app.add_typer(
    house_rules_app,
    name="house-rules",
    help="House rules: list, show NAME, and impact NAME=VALUE (what the switch changes).",
)


def _app_for(args: list[str]) -> typer.Typer:
    """`app` holding only the command that `args` name first: typer turns the signature of every
    command it holds into a click command before it runs one (a fifteenth of a short `simulate`'s
    start-up), and the command named runs the same either way (options, help, messages, exit codes).
    No command named (the app's --help or --version, a completion) or a name that is none (the
    error suggests the nearest): the whole app."""
    name = args[0] if args else None
    commands = [
        info
        for info in app.registered_commands
        if name == (info.name or typer.main.get_command_name(getattr(info.callback, "__name__", "")))
    ]
    groups = [info for info in app.registered_groups if name == info.name]
    if not commands and not groups:
        return app
    narrowed = copy.copy(app)
    narrowed.registered_commands, narrowed.registered_groups = commands, groups
    return narrowed


def main() -> None:
    try:
        _run(_app_for(sys.argv[1:]))
    finally:
        # The process ends and what it made dies with it: set aside from the cycle collector, none
        # of it is walked by the full collections of the interpreter's shutdown (a 15th of a short
        # command; Python promises no __del__ of what is left at exit anyway).
        gc.freeze()


def _run(run: typer.Typer) -> None:
    if "--json" not in sys.argv[1:]:
        run()
        return
    # With --json, a usage error (a missing FILE, an unknown option) is JSON as well.
    try:
        code = run(standalone_mode=False)
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
