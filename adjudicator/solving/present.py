"""A solution as text, Markdown and JSON: one set of sentences (`summary`, `line_lines`), said
three ways, as `replay` and `explore` say theirs (HTML, with the boards: `page.py`)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adjudicator.solving.solve import Line, Solution
    from adjudicator.solving.stopping import StopReport


def chance_words(value: float, chance: str, outcomes: int) -> str:
    """How likely a line is to win, said as it was found: for every outcome, exactly, or sampled."""
    if not chance:
        return "wins" if value >= 1 - 1e-9 else "does not win"
    if chance == "exact":
        if value >= 1 - 1e-9:
            return f"wins for every outcome of chance ({outcomes} weighed exactly)"
        fraction = Fraction(value).limit_denominator(10_000)
        return f"wins with probability {fraction} = {value:.3f}, computed exactly over {outcomes} outcomes"
    error = math.sqrt(max(value * (1 - value), 0.0) / max(outcomes, 1))
    if value >= 1 - 1e-9:
        return f"wins for every outcome sampled ({outcomes} outcomes sampled: chance was not weighed exactly)"
    return f"wins with probability about {value:.2f} ± {error:.2f}, sampled over {outcomes} outcomes"


def summary(solution: Solution, path: str = "") -> list[str]:
    """The answer in a few sentences, the verdict first."""
    who, stats = solution.player, solution.stats
    searched = f"{stats.positions:,} position{'s' if stats.positions != 1 else ''} searched"
    said: list[str] = []
    best = solution.lines[0] if solution.lines else None
    if solution.wins and best is not None:
        count = len(solution.lines)
        said.append(
            f"{who} can win this turn: {count} winning line{'s' if count != 1 else ''} found"
            f" ({searched}); the shortest has {len(best.events)} event{'s' if len(best.events) != 1 else ''}."
        )
        if best.chance:
            said.append(f"The line {chance_words(best.value, best.chance, best.outcomes)}.")
        if solution.stoppers:
            said.append(
                f"It wins unless someone holds {_or(solution.stoppers)} "
                f"({_and(solution.hidden_hands)}'s hand is not given in full)."
            )
    elif best is not None and solution.value > 0:
        said.append(f"No sure win for {who} ({searched}): the best line {_chance(best)}.")
    elif solution.finished:
        said.append(f"No line wins for {who} this turn: {searched}, every line to the end of the turn.")
    if not solution.finished:
        why = "interrupted (Ctrl-C)" if stats.stopped == "interrupted" else "the limit was reached (--limit)"
        said.append(
            f"Not finished: searched {stats.positions:,} positions, {why}; what was found so far is shown."
            if solution.wins
            else f"Not finished: searched {stats.positions:,} positions, {why}; no winning line found so far."
        )
    return said


def _chance(line: Line) -> str:
    return chance_words(line.value, line.chance, line.outcomes)


def _or(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def line_lines(line: Line) -> list[str]:
    """A line's events, numbered, then the answers of the others it was checked against."""
    out = [f"- {item if isinstance(item, str) else item}" for item in line.items]
    for reply in line.replies:
        answer = "; ".join(event.text for event in reply.answer)
        if reply.value >= 1 - 1e-9:
            then = f"then {answer}, and still wins" if answer else "still wins"
        elif reply.value < 0:
            then = _chance_after(reply.value)
        else:
            then = f"it stops the line ({_chance_after(reply.value)})"
        out.append(f"  if {reply.event.text}{_when(line, reply)}: {then}")
    return out


def _when(line: Line, reply: Any) -> str:
    """Where in the line an answer comes: after which of its events."""
    if reply.after == 0:
        return " (on the card already played, before the line)"
    return f" (after {line.events[reply.after - 1].text})"


def _events(count: int) -> str:
    return f"{count} event{'s' if count != 1 else ''}"


def _chance_after(value: float) -> str:
    if value < 0:
        return "not searched: the limit was reached"
    return "no win after it" if value <= 0 else f"wins after it with probability {value:.2f}"


def closest_lines(solution: Solution) -> list[str]:
    closest = solution.closest
    if closest is None:
        return []
    met, size = closest.progress
    head = ""
    if closest.unanswered:
        head = "The closest line (it wins if nobody answers it):"
    elif size:
        head = f"The closest line ({met} of {size} cards of the Goal in front of {solution.player}):"
    return [head or "The closest line:", *line_lines(closest)]


# ------------------------------------------------------------------ formats
def to_text(solution: Solution, path: str) -> str:
    out = [f"Solving {path} for {solution.player} from event {solution.first_event}:", *summary(solution, path)]
    for i, line in enumerate(solution.lines, 1):
        out += [
            "",
            f"Line {i} ({_events(len(line.events))}, {_chance(line)}): paste under `events:`",
            *line_lines(line),
        ]
        if line.stated_chance:
            out.append("  (a random step is written with the outcome that lets the line win, as the table states it)")
        elif line.chance:
            out.append("  (after a random step, the events are those for the outcome the scenario's seed brings)")
    if solution.closest is not None:
        out += ["", *closest_lines(solution)]
    stats = solution.stats
    out += ["", f"({stats.positions:,} positions, {stats.steps:,} steps, {stats.seconds:.2f} s)"]
    return "\n".join(out) + "\n"


def to_markdown(solution: Solution, path: str) -> str:
    out = [f"## Solve: {path}, {solution.player} from event {solution.first_event}", "", *summary(solution, path)]
    for i, line in enumerate(solution.lines, 1):
        out += ["", f"**Line {i}** ({_events(len(line.events))}, {_chance(line)}):", "", "```yaml"]
        out += [f"- {item}" for item in line.items] + ["```"]
        out += [f"- if {reply.event.text}{_when(line, reply)}: " + _reply_md(reply) for reply in line.replies]
    if solution.closest is not None:
        out += ["", *closest_lines(solution)]
    return "\n".join(out) + "\n"


def _reply_md(reply: Any) -> str:
    answer = "; ".join(e.text for e in reply.answer)
    if reply.value >= 1 - 1e-9:
        return f"then {answer}, and it still wins" if answer else "it still wins"
    if reply.value < 0:
        return _chance_after(reply.value)
    return f"it stops the line ({_chance_after(reply.value)})"


def line_json(line: Line) -> dict[str, Any]:
    return {
        "events": line.items,
        "text": [event.text for event in line.events],
        "length": len(line.events),
        "value": line.value,
        "wins": line.wins,
        "chance": line.chance or None,
        "outcomes": line.outcomes,
        "says": _chance(line),
        "replies": [
            {"event": r.event.text, "answer": [e.text for e in r.answer], "value": r.value} for r in line.replies
        ],
        "goal_progress": {"met": line.progress[0], "of": line.progress[1]},
        "wins_unanswered": line.unanswered,
    }


def to_json(solution: Solution, path: str) -> dict[str, Any]:
    stats = solution.stats
    return {
        "file": path,
        "player": solution.player,
        "first_event": solution.first_event,
        "wins": solution.wins,
        "value": solution.value,
        "summary": " ".join(summary(solution, path)),
        "finished": solution.finished,
        "stopped": stats.stopped,
        "positions": stats.positions,
        "steps": stats.steps,
        "depth": stats.depth,
        "seconds": round(stats.seconds, 4),
        "lines": [line_json(line) for line in solution.lines],
        "closest": line_json(solution.closest) if solution.closest is not None else None,
        "stoppers": solution.stoppers,
        "hidden_hands": solution.hidden_hands,
    }


def stop_text(report: StopReport) -> list[str]:
    """`--stop`: who could have stopped the win, with which card, at which moment."""
    who = report.winner
    out = [f"{who} won at event {report.winning_event} ({report.winning_text})."]
    if not report.moments:
        out.append(f"Nobody could have stopped it: no other player could answer any of {who}'s events with a card")
        out[-1] += (
            " that leaves "
            + who
            + " no win this turn"
            + (f" ({report.checked} answers tried)." if report.checked else ".")
        )
    for moment in report.moments:
        out.append(
            f"- at event {moment.event} ({moment.text}): {moment.player} could have played {moment.card}"
            + (" (if held: the hand is not given)" if moment.hidden else "")
            + f"; then {who} {chance_words(moment.value, moment.chance, moment.outcomes).replace('wins', 'wins only', 1) if moment.value > 0 else 'has no win this turn'}"
        )
    if not report.finished:
        out.append(f"Not finished: the limit was reached after {report.positions:,} positions.")
    return out
