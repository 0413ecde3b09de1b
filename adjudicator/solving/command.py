"""`adjudicator solve FILE [--at N] [--for PLAYER]`: could PLAYER have won this turn?

The file is replayed up to event N (all of it without `--at`) and the turn is searched
(`solve.solve`); `--stop PLAYER` asks instead who could have stopped PLAYER's win
(`stopping.stop`); `--save FILE` writes the scenario with the winning line as its events and an
`expect` that `check` passes."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.model.errors import ScenarioError

if TYPE_CHECKING:
    from adjudicator.model.scenario import Scenario
    from adjudicator.solving.solve import Line

#: The most positions a search takes by default (about 10-30 s on a slow machine).
DEFAULT_LIMIT = 20_000


def load(path: str) -> tuple[Scenario, str]:
    """The scenario and its text (read once: stdin cannot be read twice)."""
    from adjudicator import output
    from adjudicator.loading.scenario import parse_scenario

    if path == output.STDIN:
        text = output.read_stdin()
        return parse_scenario(text, output.STDIN_NAME), text
    file = Path(path)
    scenario = output.read_scenario(file)
    return scenario, file.read_text(encoding="utf-8")


def pick_player(scenario: Scenario, name: str | None, path: str, option: str) -> str | None:
    if name is None:
        return None
    for player in scenario.players:
        if player.casefold() == name.strip().casefold():
            return player
    from adjudicator.model.names import suggest

    raise ScenarioError(
        f"{option}: no player {name!r} (players: {', '.join(scenario.players)})",
        path=path,
        suggestions=suggest(name, scenario.players, 1),
    )


def command(
    path: str,
    at: int | None,
    player: str | None,
    stop_player: str | None,
    limit: int,
    save: str | None,
    output_format: str,
) -> int:
    """Load, solve, print. Raises ScenarioError for bad input (the CLI says it, exit 2)."""
    from adjudicator.solving import present
    from adjudicator.solving.search import Limits

    scenario, text = load(path)
    events = scenario.events
    if at is not None and not 1 <= at <= len(events) + 1:
        raise ScenarioError(f"--at {at}: the file has {len(events)} events (1 to {len(events) + 1})", path=path)
    limits = Limits(positions=limit)
    if stop_player is not None:
        return _stop(scenario, path, pick_player(scenario, stop_player, path, "--stop"), at, limits, output_format)
    from adjudicator.solving import adapter
    from adjudicator.solving.solve import solve

    before = events[: at - 1] if at is not None else events
    game = adapter.replayed(scenario, before)
    if game.stopped:
        raise ScenarioError(f"the replay stops before the position to solve: {game.stopped}", path=path)
    note = ""
    won = adapter.finished_winner(game)
    if won is not None and at is None:
        # The file ends with a win: the winner's turn is solved from its start (could she have
        # won otherwise, or sooner?); `--stop` asks whether anyone could have stopped it.
        from adjudicator.solving.stopping import turn_start, winning_event

        won_at, _ = winning_event(scenario, won)
        first = turn_start(scenario, won, won_at)
        before = events[: first - 1]
        game = adapter.replayed(scenario, before)
        note = (
            f"The file ends with {won}'s win at event {won_at}: her turn is solved from event {first} "
            f"(--stop {won} asks whether anyone could have stopped it)."
        )
    elif won is not None:
        raise ScenarioError(f"the game is over before event {len(before) + 1}: {won} has won", path=path)
    chosen = pick_player(scenario, player, path, "--for")
    whose = adapter.whose_turn(game)
    if chosen is not None and chosen != whose:
        raise ScenarioError(
            f"--for {chosen}: it is {whose}'s turn at event {len(before) + 1}; solve searches the turn of the "
            "player whose turn it is (or comes next): pick the position with --at",
            path=path,
        )
    solution = solve(game, chosen, limits=limits)
    shown = str(path)
    if output_format == "json":
        data = present.to_json(solution, shown)
        data["note"] = note or None
        if save is not None:
            data["saved"] = _save(save, text, before, solution.lines[0] if solution.lines else None, solution.player)
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        if output_format == "html":
            from adjudicator.solving.page import solve_page

            sys.stdout.write(solve_page(scenario, before, solution, shown, note))
        else:
            writer = present.to_markdown if output_format == "markdown" else present.to_text
            sys.stdout.write((note + "\n\n" if note else "") + writer(solution, shown))
        if save is not None:
            saved = _save(save, text, before, solution.lines[0] if solution.lines else None, solution.player)
            sys.stderr.write(saved["message"] + "\n")
    return 0


def _stop(scenario: Scenario, path: str, player: str | None, at: int | None, limits: Any, output_format: str) -> int:
    from adjudicator.solving import present
    from adjudicator.solving.stopping import NoWin, stop

    assert player is not None
    try:
        report = stop(scenario, player, at, limits)
    except NoWin as exc:
        raise ScenarioError(str(exc), path=path) from None
    if output_format == "json":
        data = {
            "winner": report.winner,
            "winning_event": report.winning_event,
            "winning_text": report.winning_text,
            "could_stop": [moment.__dict__ for moment in report.moments],
            "answers_tried": report.checked,
            "positions": report.positions,
            "finished": report.finished,
            "summary": " ".join(line.removeprefix("- ") for line in present.stop_text(report)),
        }
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write("\n".join(present.stop_text(report)) + "\n")
    return 0


# ------------------------------------------------------------------ --save
_TOP_KEY = re.compile(r"^(?P<key>[A-Za-z_]+)\s*:")


def scenario_text(text: str, before: Any, line: Line, player: str) -> str:
    """The file's text with `events:` the events kept and the line, and `expect: winner`."""
    kept, skipping = [], False
    for row in text.splitlines():
        match = _TOP_KEY.match(row)
        if match:
            skipping = match["key"] in ("events", "expect", "dispute")
        elif row and not row[0].isspace() and not row.startswith(("#", "-")):
            skipping = False
        if not skipping:
            kept.append(row)
    while kept and not kept[-1].strip():
        kept.pop()
    from adjudicator.solving import adapter

    items = [adapter.event_item(event) for event in before] + list(line.items)
    out = [*kept, "events:", *(f"  - {_yaml(item)}" for item in items), "expect:", f"  winner: {_yaml(player)}"]
    return "\n".join(out) + "\n"


def _yaml(item: Any) -> str:
    """A scalar or mapping in YAML: plain when YAML reads it back as the same text (an event line
    in block context), else as JSON (a subset of YAML)."""
    if (
        isinstance(item, str)
        and item
        and item[0] not in _INDICATORS
        and ": " not in item
        and " #" not in item
        and not item.endswith((":", " "))
        and "\n" not in item
    ):
        return item
    return json.dumps(item, ensure_ascii=False)


#: The characters a plain YAML scalar may not start with.
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@` ")


def _save(target: str, text: str, before: Any, line: Line | None, player: str) -> dict[str, Any]:
    from adjudicator.checking import check_scenario
    from adjudicator.loading.scenario import parse_scenario

    # A line that wins only with some luck is saved with the outcome that wins stated in it.
    lucky = line is not None and line.stated_chance and line.value > 0
    if line is None or not (line.wins or lucky):
        return {"path": None, "passes": False, "message": "nothing saved: no winning line was found"}
    written = scenario_text(text, before, line, player)
    try:
        differences = check_scenario(parse_scenario(written, target))
    except ScenarioError as exc:
        differences = [exc.message]
    try:
        Path(target).write_text(written, encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"cannot write: {exc.strerror}", path=target) from None
    if differences:
        message = f"wrote {target}, but `check` finds differences (chance went otherwise): {'; '.join(differences)}"
    else:
        message = f"wrote {target}: the winning line, and an expect that `adjudicator check {target}` passes"
        if lucky:
            message += " (chance stated as the outcome that wins)"
    return {"path": target, "passes": not differences, "message": message}
