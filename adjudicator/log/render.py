"""Rendering a replay for people: the numbered log, the table, the answer and verdict, the rulings.

A long log shows its first and last steps (see `adjudicator.log.outline`); with
`full` every step is shown, and a long one is written as plain lines (rich would
spend minutes laying out a million styled lines).
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from adjudicator.engine.game import Game
from adjudicator.log.outline import (
    LONG_LOG,
    REJECTIONS_SHOWN,
    Heading,
    Line,
    heading_text,
    outline,
    skipped_text,
    step_style,
)
from adjudicator.log.repeats import said_once
from adjudicator.verdict import cited_rulings, rejections, see_also, turn_view, win_phrase

_STYLES = {"rejected": "red", "won": "bold green", "waiting": "yellow", "quiet": "dim", "plain": ""}


def render_replay(game: Game, console: Console | None = None, full: bool = False) -> None:
    console = console or Console(highlight=False)
    scenario = game.scenario
    console.print(f"[bold]{escape(scenario.title)}[/bold]")
    if scenario.question:
        console.print(f"[italic]{escape(scenario.question)}[/italic]")
    if game.house_rules.given:
        console.print(f"House rules: {escape(game.house_rules.describe())}")
    console.print()
    if full and len(game.steps) > LONG_LOG:
        _write_steps_plain(game, console)
    else:
        _render_steps(game, console, full)
    console.print()
    _render_position(game, console)
    console.print()
    _render_verdict(game, console, full)
    _render_rulings(game, console)
    _render_see_also(game, console)


def _render_steps(game: Game, console: Console, full: bool) -> None:
    for item in outline(game, full):
        if isinstance(item, Heading):
            console.print(_heading_markup(item))
        elif isinstance(item, Line):
            step = item.step
            cites = f" [dim]\\[{', '.join(step.rulings)}][/dim]" if step.rulings else ""
            style = _STYLES[step_style(step)]
            text = escape(step.text)
            console.print(f"  {item.number:>3}. " + (f"[{style}]{text}[/{style}]" if style else text) + cites)
        else:
            console.print(f"  [dim]{escape(skipped_text(item))}[/dim]")


def _heading_markup(heading: Heading) -> str:
    label, _, text = heading_text(heading).partition(": ")
    return f"[bold cyan]{escape(label)}{':' if text or heading.event is not None else ''}[/bold cyan]" + (
        f" {escape(text)}" if text else ""
    )


def _write_steps_plain(game: Game, console: Console) -> None:
    said = said_once(lambda step: step.text + (f" [{', '.join(step.rulings)}]" if step.rulings else ""))
    lines = []
    for item in outline(game, full=True):
        if isinstance(item, Line):
            lines.append(f"  {item.number:>3}. {said(item.step)}")
        elif isinstance(item, Heading):
            lines.append(heading_text(item))
        if len(lines) == 5_000:  # written as it goes: a million lines are never held at once
            console.file.write("\n".join(lines) + "\n")
            lines.clear()
    console.file.write("".join(line + "\n" for line in lines))


def _render_position(game: Game, console: Console) -> None:
    table = Table(title="Position after the replay", show_header=True, header_style="bold")
    table.add_column("player")
    table.add_column("hand")
    table.add_column("in play")
    turn, over = turn_view(game)
    for player in game.players:
        mark = (" (next)" if over else " (turn)") if player == turn else ""
        table.add_row(
            escape(player + mark),
            escape(", ".join(map(str, game.table.hands[player])) or "-"),
            escape(", ".join(map(str, game.table.in_play[player])) or "-"),
        )
    console.print(table)
    rules = [*game.table.meta_rules, *game.table.rules]
    console.print(
        f"Goal: {escape(', '.join(map(str, game.table.goals)) or 'none')}   "
        f"Rules: {escape(', '.join(map(str, rules)) or 'Basic Rules only')}   "
        f"Draw {game.draw_rule()}, {game.play_rule()}   "
        f"Draw pile: {len(game.table.draw_pile)}   Discard: {len(game.table.discard)}"
    )


def _render_verdict(game: Game, console: Console, full: bool = False) -> None:
    from adjudicator.answer import build_answer

    console.print(f"[bold]Answer:[/bold] {escape(build_answer(game).text)}")
    turn, over = turn_view(game)
    if game.winner:
        console.print(f"[bold green]Verdict: {escape(win_phrase(game))}.[/bold green]")
    elif len(game.players) == 1:  # Solo Fluxx: a score, never a winner
        state = f"the game is over ({escape(game.ended)})" if game.ended else "the game goes on"
        scored = game.goals_won.get(game.players[0], 0)
        console.print(f"[bold]Verdict (Solo Fluxx): {state}; {scored} Goal(s) scored.[/bold]")
    else:
        console.print("[bold]Verdict: no winner yet.[/bold]")
    if over:
        console.print(f"The turn is over; {escape(turn)} plays next.")
    elif not game.winner:
        console.print(f"It is {escape(turn)}'s turn with {game.plays_left()} play(s) left.")
    rejected = rejections(game)
    shown = rejected if full else rejected[:REJECTIONS_SHOWN]
    for step in shown:
        console.print(f"[red]Event {step.event} rejected:[/red] {escape(step.reason)}")
    if len(rejected) > len(shown):
        console.print(f"[red]and {len(rejected) - len(shown):,} more rejected events[/red] (--full lists them all)")
    if game.stopped:
        console.print(f"[yellow]Stopped: {escape(game.stopped)}[/yellow]")


def _render_rulings(game: Game, console: Console) -> None:
    ids = cited_rulings(game)
    if not ids:
        return
    from adjudicator.rulings import store

    console.print()
    console.print("[bold]Rulings cited[/bold]")
    for ruling_id in ids:
        record = store.get(ruling_id)
        if record is None:
            console.print(f"  {ruling_id}  [red](no record)[/red]")
            continue
        source = record.source.url or record.source.document
        console.print(f"  [bold]{ruling_id}[/bold]  {escape(record.summary)}  [dim]{escape(source)}[/dim]")


def _render_see_also(game: Game, console: Console) -> None:
    """Rulings about the scenario's question that the replay did not cite: a table that
    asked the wrong question still finds the right answer."""
    suggestions = see_also(game)
    if not suggestions:
        return
    console.print()
    console.print("[bold]See also[/bold] [dim](related to the question, not cited by the replay)[/dim]")
    for record, score in suggestions:
        console.print(f"  [bold]{record.id}[/bold]  {escape(record.summary)}  [dim](relevance {score:.2f})[/dim]")
