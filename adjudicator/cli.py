"""The command line. Heavy modules (the engine, rich, pydantic, networkx) are imported
inside the commands so that `--help` and a small replay start fast."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(
    help="Settle Fluxx rules disputes: replay a scenario file and get a cited verdict.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_BAD_INPUT = 2


def _fail_input(message: str) -> None:
    sys.stderr.write(f"error: {message}\n")
    raise typer.Exit(EXIT_BAD_INPUT)


HOUSE_RULE_OPTION = typer.Option("--house-rule", "-H", metavar="NAME=VALUE",
                                 help="Play under a house rule, over the file's own value (repeatable).")


def _house_rules(assignments: list[str] | None) -> dict[str, str]:
    """`--house-rule NAME=VALUE` options, checked (exit 2 with the allowed values)."""
    from adjudicator.house_rules import HouseRuleError, parse_assignments

    try:
        return parse_assignments(assignments or [])
    except HouseRuleError as exc:
        near = f" (did you mean {exc.suggestions[0]!r}?)" if exc.suggestions else ""
        _fail_input(exc.message + near)
        return {}


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A scenario file (YAML, format 1).")],
    json_output: Annotated[bool, typer.Option("--json", help="Print the result as one JSON object.")] = False,
    house_rule: Annotated[list[str] | None, HOUSE_RULE_OPTION] = None,
) -> None:
    """Replay FILE step by step and give the verdict with the rulings that decide it."""
    from adjudicator.engine.replay import replay as run_replay
    from adjudicator.errors import ScenarioError
    from adjudicator.loading.scenario import load_scenario

    try:
        scenario = load_scenario(file, _house_rules(house_rule))
    except ScenarioError as exc:
        _fail_input(str(exc))
        return
    game = run_replay(scenario)
    if json_output:
        import json

        from adjudicator.verdict import to_json

        sys.stdout.write(json.dumps(to_json(game), indent=2, ensure_ascii=False) + "\n")
        return
    from adjudicator.log.render import render_replay

    render_replay(game)


@app.command()
def check(
    paths: Annotated[list[Path], typer.Argument(help="Scenario files or folders to search for them.")],
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also list scenarios that pass.")] = False,
    house_rule: Annotated[list[str] | None, HOUSE_RULE_OPTION] = None,
) -> None:
    """Replay every scenario with an `expect` block and report what differs.

    Exit code 0: all pass; 1: a scenario failed; 2: a file could not be read.
    """
    from adjudicator.checking import check_paths

    raise typer.Exit(check_paths(paths, verbose=verbose, house_rules=_house_rules(house_rule)))


@app.command()
def legal(
    file: Annotated[Path, typer.Argument(help="A scenario file (YAML, format 1).")],
    player: Annotated[str | None, typer.Option("--player", "-p", help="Only this player's events.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the list as one JSON object.")] = False,
) -> None:
    """What may each player do now? Every legal next event after FILE's events, with its `-> choices`."""
    from adjudicator.errors import ScenarioError
    from adjudicator.legal_command import command

    try:
        command(str(file), player, json_output)
    except ScenarioError as exc:
        _fail_input(str(exc))


@app.command()
def explore(
    file: Annotated[Path, typer.Argument(help="A scenario file (YAML, format 1).")],
    at: Annotated[int, typer.Option("--at", help="The event to change (1 = the first).")],
    player: Annotated[str | None, typer.Option("--player", "-p", help="Only this player's alternatives.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the result as one JSON object.")] = False,
) -> None:
    """What if event N had been something else? Replay every legal alternative and show which change the verdict."""
    from adjudicator.errors import ScenarioError
    from adjudicator.whatif import command

    try:
        command(str(file), at, player, json_output)
    except ScenarioError as exc:
        _fail_input(str(exc))


@app.command(epilog="Does a house rule make games longer? Run twice with the same --seed (the same deals "
                        "and picks), or at once: --compare NAME=VALUE sets the figures side by side.")
def simulate(
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="The run's seed: game i depends only on (seed, i).")] = 0,
    players: Annotated[str, typer.Option(help="A number of players, or names: Ann,Ben,Cy.")] = "2",
    decks: Annotated[str, typer.Option(help="Decks, separated by commas.")] = "fluxx5,creeper_pack,surprises",
    house_rule: Annotated[list[str], typer.Option("--house-rule", help="NAME=VALUE (repeatable).")] = [],  # noqa: B006
    compare: Annotated[list[str], typer.Option(help="Also run with this house rule NAME=VALUE and compare.")] = [],  # noqa: B006
    max_events: Annotated[int, typer.Option(help="Stop a game after this many events (a capped game).")] = 1000,
    workers: Annotated[int, typer.Option(help="Worker processes (0: all cores).")] = 0,
    save: Annotated[Path | None, typer.Option(help="Write the games that went wrong here as scenario files.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the report as one JSON object.")] = False,
) -> None:
    """Play random legal games to the end and report their length, wins by seat and the rulings used."""
    from adjudicator import simulate as sim
    from adjudicator.errors import ScenarioError

    try:
        sim.command(games=games, seed=seed, players=players, decks=decks, house_rules=house_rule, compare=compare,
                    max_events=max_events, workers=workers, save=str(save) if save else None, json_output=json_output)
    except (sim.OptionError, ScenarioError) as exc:
        _fail_input(str(exc))


# The knowledge-base sub-apps; their module imports only typer and the standard library.
from adjudicator.rulings.commands import cards_app, rulings_app  # noqa: E402

app.add_typer(rulings_app, name="rulings", help="Search and read the rulings: search, show, list, coverage.")
app.add_typer(cards_app, name="cards", help="Look up a card (name or nickname) and the rulings about it.")

from adjudicator.house_commands import house_rules_app  # noqa: E402

app.add_typer(house_rules_app, name="house-rules",
              help="House rules: list, show NAME, and impact NAME=VALUE (what the switch changes).")


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
