"""Rendering a replay for people: the numbered log, the table, the verdict, the rulings."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from adjudicator.engine.game import Game
from adjudicator.log import records as rec
from adjudicator.verdict import cited_rulings, rejections, see_also, turn_view


def render_replay(game: Game, console: Console | None = None) -> None:
    console = console or Console(highlight=False)
    scenario = game.scenario
    console.print(f"[bold]{escape(scenario.title)}[/bold]")
    if scenario.question:
        console.print(f"[italic]{escape(scenario.question)}[/italic]")
    if game.house_rules.given:
        console.print(f"House rules: {escape(game.house_rules.describe())}")
    console.print()
    _render_steps(game, console)
    console.print()
    _render_position(game, console)
    console.print()
    _render_verdict(game, console)
    _render_rulings(game, console)
    _render_see_also(game, console)


def _render_steps(game: Game, console: Console) -> None:
    events = {e.number: e for e in game.scenario.events}
    current: object = object()
    number = 0
    for step in game.steps:
        if step.event != current:
            current = step.event
            if step.event is None:
                console.print("[bold cyan]before the first event[/bold cyan]")
            else:
                event = events.get(step.event)
                console.print(f"[bold cyan]event {step.event}:[/bold cyan] {escape(event.text if event else '')}")
        number += 1
        cites = f" [dim]\\[{', '.join(step.rulings)}][/dim]" if step.rulings else ""
        style = "red" if isinstance(step, rec.Rejected) else "bold green" if isinstance(step, rec.Won) else (
            "yellow" if isinstance(step, (rec.ChoiceNeeded, rec.Stopped)) else "dim" if step.quiet else "")
        text = escape(step.text)
        console.print(f"  {number:>3}. " + (f"[{style}]{text}[/{style}]" if style else text) + cites)


def _render_position(game: Game, console: Console) -> None:
    table = Table(title="Position after the replay", show_header=True, header_style="bold")
    table.add_column("player")
    table.add_column("hand")
    table.add_column("in play")
    for player in game.players:
        mark = " (turn)" if player == game.turn.player else ""
        table.add_row(escape(player + mark), escape(", ".join(map(str, game.table.hands[player])) or "-"),
                      escape(", ".join(map(str, game.table.in_play[player])) or "-"))
    console.print(table)
    rules = [*game.table.meta_rules, *game.table.rules]
    console.print(f"Goal: {escape(', '.join(map(str, game.table.goals)) or 'none')}   "
                  f"Rules: {escape(', '.join(map(str, rules)) or 'Basic Rules only')}   "
                  f"Draw {game.draw_rule()}, {game.play_rule()}   "
                  f"Draw pile: {len(game.table.draw_pile)}   Discard: {len(game.table.discard)}")


def _render_verdict(game: Game, console: Console) -> None:
    turn, over = turn_view(game)
    if game.winner:
        console.print(f"[bold green]Verdict: {escape(game.winner)} wins with {escape(str(game.winning_goal))}.[/bold green]")
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
    for step in rejections(game):
        console.print(f"[red]Event {step.event} rejected:[/red] {escape(step.reason)}")
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
