"""`explore --format html`: the board of the line `explore` found, beside the file's own.

The lines shown are the file's and up to `LINES_SHOWN` alternatives -- those that change who
wins first, else those that change the position -- each replayed with its boards recorded
(`boards.replay_with_boards`) and drawn by the board viewer (`board_view`), opened at the
board after event N.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from adjudicator.board_view import board_page, board_viewer, log_items
from adjudicator.boards import replay_with_boards
from adjudicator.verdict import build_verdict

if TYPE_CHECKING:
    from adjudicator.model.events import Event
    from adjudicator.model.scenario import Scenario
    from adjudicator.whatif import Exploration

#: Alternatives drawn beside the file's line.
LINES_SHOWN = 2


def explore_page(scenario: Scenario, found: Exploration) -> str:
    """One self-contained page: the answer, then the file's line and the lines found, each a board."""
    at, actual = found.at, found.actual
    chosen = [a for a in found.alternatives if a.how != "chance" and a.winner_changed]
    chosen = chosen or [a for a in found.alternatives if a.how != "chance" and a.changes]
    lines: list[tuple[str, Sequence[Event]]] = [(f"The file's line: {found.base.says()}", scenario.events)]
    lines += [(f"Found: {a.describe(at, actual)} \u2192 {a.verdict.says()}", a.timeline) for a in chosen[:LINES_SHOWN]]
    viewers = [_viewer(scenario, events, at, title) for title, events in lines]
    what = f"event {at} ({actual.text})" if actual else f"an event {at} after the file's last"
    intro = [found.answer()]
    if not chosen:
        intro.append("No alternative changes the verdict or the position: the file's line is the only one drawn.")
    elif len(chosen) > LINES_SHOWN:
        more = len(chosen) - LINES_SHOWN
        intro.append(
            f"{more} more alternative{'s' if more != 1 else ''} of the same kind: `explore --json` lists them all."
        )
    intro += _had_chance_gone_otherwise(found)
    return board_page(f"What if at {what}?", intro, viewers)


def _had_chance_gone_otherwise(found: Exploration) -> list[str]:
    """A paragraph for each outcome of chance the event could have met (`explore`'s "had chance
    gone otherwise"): the event stating it, the verdict, and what it changes first."""
    chance = [a for a in found.alternatives if a.how == "chance"]
    if not chance:
        return []
    lines = [f"Had chance gone otherwise ({len(chance)}):"]
    for a in chance:
        change = f" ({a.changes[0]}{', ...' if len(a.changes) > 1 else ''})" if a.changes else " (no change)"
        lines.append(f"{a.event.text if a.event else a.how} \u2192 {a.verdict.says()}{change}")
    return lines


def _viewer(scenario: Scenario, events: Sequence[Event], at: int, title: str) -> str:
    game, boards = replay_with_boards(replace(scenario, events=tuple(events)))
    verdict = build_verdict(game, boards)
    last_of_at = next((i for i in range(len(verdict.steps), 0, -1) if verdict.steps[i - 1].event == at), None)
    log = log_items(verdict.steps, verdict.event_texts, boards)
    return board_viewer(boards, log, last_of_at, title)
