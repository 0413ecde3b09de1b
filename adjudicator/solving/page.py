"""`solve --format html`: the answer, then each line found drawn as a board beside its log (the
board viewer of `board_view`), opened at the position the search began from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from adjudicator.board_view import board_page, board_viewer, log_items
from adjudicator.boards import replay_with_boards
from adjudicator.solving import present
from adjudicator.verdict import build_verdict

if TYPE_CHECKING:
    from adjudicator.model.events import Event
    from adjudicator.model.scenario import Scenario
    from adjudicator.solving.solve import Line, Solution


def solve_page(scenario: Scenario, before: Sequence[Event], solution: Solution, path: str, note: str = "") -> str:
    """One self-contained page: the summary, the lines (and their answers), each as a board."""
    shown: list[tuple[str, Line]] = [
        (f"Line {i}: {present.chance_words(line.value, line.chance, line.outcomes)}", line)
        for i, line in enumerate(solution.lines, 1)
    ]
    if solution.closest is not None:
        shown.append((present.closest_lines(solution)[0].rstrip(":"), solution.closest))
    intro = ([note] if note else []) + present.summary(solution, path)
    for title, line in shown:
        answers = present.line_lines(line)[len(line.events) :]
        if answers:
            intro.append(f"{title}: " + "; ".join(text.strip() for text in answers))
    viewers = [_viewer(scenario, before, line, solution.first_event, title) for title, line in shown]
    stats = solution.stats
    intro.append(f"{stats.positions:,} positions, {stats.steps:,} steps, {stats.seconds:.2f} s.")
    return board_page(f"Solve: {path}, {solution.player} from event {solution.first_event}", intro, viewers)


def _viewer(scenario: Scenario, before: Sequence[Event], line: Line, first: int, title: str) -> str:
    game, boards = replay_with_boards(replace(scenario, events=(*before, *line.events)))
    verdict = build_verdict(game, boards)
    start = next((i for i, step in enumerate(verdict.steps) if step.event == first), None)
    log = log_items(verdict.steps, verdict.event_texts, boards)
    return board_viewer(boards, log, start, title)
