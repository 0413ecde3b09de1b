"""Rendering a replay for people: the plain answer first, the numbered log, the table, the
answer and verdict, the rulings. Everything is read from the verdict (`adjudicator.verdict`).

A long log shows its first and last steps (see `adjudicator.log.outline`); with
`full` every step is shown, and a long one is written as plain lines (rich would
spend minutes laying out a million styled lines).
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from adjudicator.answer import Answer, build_answer
from adjudicator.log.outline import (
    LONG_LOG,
    Heading,
    Line,
    heading_text,
    outline,
    skipped_text,
    step_style,
)
from adjudicator.log.repeats import said_once
from adjudicator.output import hanging
from adjudicator.verdict import Verdict, count, position_line, temp_hand_cell, verdict_lines

_STYLES = {"rejected": "red", "won": "bold green", "waiting": "yellow", "quiet": "dim", "plain": ""}


def render_replay(verdict: Verdict, console: Console | None = None, full: bool = False) -> None:
    console = console or Console(highlight=False)
    answer = build_answer(verdict)
    console.print(f"[bold]{escape(verdict.title)}[/bold]")
    if verdict.question:
        console.print(f"[italic]{escape(verdict.question)}[/italic]")
    if verdict.house_rules:
        console.print(f"House rules: {escape(verdict.house_rules_text)}")
    console.print()
    console.print(f"[bold]{escape(answer.summary)}[/bold]")  # the plain answer before the full log
    for ruling, note in verdict.unruled:  # a point the publisher has not settled, said in plain words
        console.print(f"{escape(note)} [dim]\\[{escape(ruling)}][/dim]")
    console.print()
    if full and len(verdict.steps) > LONG_LOG:
        _write_steps_plain(verdict, console)
    else:
        _render_steps(verdict, console, full)
    console.print()
    _render_position(verdict, console)
    console.print()
    _render_verdict(verdict, answer, console, full)
    _render_rulings(verdict, console)
    _render_see_also(verdict, console)


def _render_steps(verdict: Verdict, console: Console, full: bool) -> None:
    for item in outline(verdict.steps, verdict.event_texts, full):
        if isinstance(item, Heading):
            console.print(_heading_markup(item))
        elif isinstance(item, Line):
            step = item.step
            cites = f" [dim]\\[{', '.join(step.rulings)}][/dim]" if step.rulings else ""
            style = _STYLES[step_style(step)]
            text = escape(step.text)
            console.print(hanging(f"  {item.number:>3}. ", (f"[{style}]{text}[/{style}]" if style else text) + cites))
        else:
            console.print(f"  [dim]{escape(skipped_text(item))}[/dim]")


def _heading_markup(heading: Heading) -> str:
    label, _, text = heading_text(heading).partition(": ")
    return f"[bold cyan]{escape(label)}{':' if text or heading.event is not None else ''}[/bold cyan]" + (
        f" {escape(text)}" if text else ""
    )


def _write_steps_plain(verdict: Verdict, console: Console) -> None:
    said = said_once(lambda step: step.text + (f" [{', '.join(step.rulings)}]" if step.rulings else ""))
    lines = []
    for item in outline(verdict.steps, verdict.event_texts, full=True):
        if isinstance(item, Line):
            lines.append(f"  {item.number:>3}. {said(item.step)}")
        elif isinstance(item, Heading):
            lines.append(heading_text(item))
        if len(lines) == 5_000:  # written as it goes: a million lines are never held at once
            console.file.write("\n".join(lines) + "\n")
            lines.clear()
    console.file.write("".join(line + "\n" for line in lines))


def _render_position(verdict: Verdict, console: Console) -> None:
    table = Table(title="Position after the replay", show_header=True, header_style="bold")
    table.add_column("player")
    table.add_column("hand")
    table.add_column("in play")
    owed = {f.player: f for f in verdict.temp_hands}  # the innermost open temporary hand of each player
    if owed:
        table.add_column("temporary hand")
    turn = verdict.turn
    for seat in verdict.seats:
        mark = (" (next)" if verdict.turn_over else " (turn)") if seat.player == turn else ""
        row = [
            escape(seat.player + mark),
            escape(", ".join(map(str, seat.hand)) or "-"),
            escape(", ".join(map(str, seat.in_play)) or "-"),
        ]
        if owed:
            frame = owed.get(seat.player)
            row.append(escape(temp_hand_cell(frame)) if frame else "-")
        table.add_row(*row)
    console.print(table)
    console.print(escape(position_line(verdict, "   ")))


def _render_verdict(verdict: Verdict, answer: Answer, console: Console, full: bool = False) -> None:
    console.print(f"[bold]Answer:[/bold] {escape(answer.text)}")
    if verdict.winner:
        console.print(f"[bold green]Verdict: {escape(verdict.win_phrase)}.[/bold green]")
    elif verdict.solo:  # Solo Fluxx: a score, never a winner
        state = f"the game is over ({escape(verdict.solo_over)})" if verdict.solo_over else "the game goes on"
        scored = count(verdict.goals_won.get(verdict.players[0], 0), "Goal")
        console.print(f"[bold]Verdict (Solo Fluxx): {state}; {scored} scored.[/bold]")
    else:
        console.print("[bold]Verdict: no winner yet.[/bold]")
    for line in verdict_lines(verdict, full)[1:]:
        if line.startswith("Event ") and " rejected: " in line:
            head, _, reason = line.partition(" rejected: ")
            console.print(f"[red]{escape(head)} rejected:[/red] {escape(reason)}")
        elif line.startswith("and ") and line.endswith(" (--full lists them all)"):
            said, _, hint = line.partition(" (")
            console.print(f"[red]{escape(said)}[/red] ({escape(hint)}")
        elif line.startswith("Stopped: "):
            console.print(f"[yellow]{escape(line)}[/yellow]")
        else:
            console.print(escape(line))


def _render_rulings(verdict: Verdict, console: Console) -> None:
    ids = verdict.rulings
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
        console.print(
            hanging(f"  [bold]{ruling_id}[/bold]  ", f"{escape(record.summary)}  [dim]{escape(source)}[/dim]")
        )


def _render_see_also(verdict: Verdict, console: Console) -> None:
    """Rulings about the scenario's question that the replay did not cite: a table that
    asked the wrong question still finds the right answer."""
    if not verdict.see_also:
        return
    console.print()
    console.print("[bold]See also[/bold] [dim](related to the question, not cited by the replay)[/dim]")
    for record in verdict.see_also:
        console.print(
            hanging(
                f"  [bold]{record.id}[/bold]  ", f"{escape(record.summary)}  [dim](relevance {record.score:.2f})[/dim]"
            )
        )
