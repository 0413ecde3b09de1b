"""The numbered log that every output format shares.

Steps are numbered from 1 and grouped under a heading for the event that caused them
(or "before the first event"). A long log is cut to its first and last steps, with a
line saying how many were skipped, unless `full`: a replay of a hundred thousand
events then renders in well under a second.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from operator import attrgetter
from typing import NamedTuple

from adjudicator.model import records as rec

#: A log longer than this many steps is shown as its first HEAD and last TAIL steps.
LONG_LOG = 200
HEAD = 60
TAIL = 60
#: The rejections listed under a verdict unless `--full` (a file of 100,000 rejected events
#: would list as many lines).
REJECTIONS_SHOWN = 20
_EVENT = attrgetter("event")  # read off a million steps without a Python loop


class Heading(NamedTuple):
    event: int | None
    text: str  # the event as written, or "" before the first event
    continued: bool = False  # repeated after a cut: the event's first steps come before it


class Line(NamedTuple):
    number: int
    step: rec.Step


class Skipped(NamedTuple):
    steps: int
    events: int


def outline(
    steps: Sequence[rec.Step], events: Mapping[int | None, str], full: bool = False
) -> Iterator[Heading | Line | Skipped]:
    """The numbered steps under a heading for each event (`events`: number -> the event as
    written), cut in the middle when long."""
    total = len(steps)
    cut = not full and total > LONG_LOG
    current: object = object()
    index = 0
    while index < total:
        if cut and index == HEAD:
            resume = total - TAIL
            skipped_events = set(map(_EVENT, steps[HEAD:resume])) - {current, steps[resume].event}
            yield Skipped(resume - HEAD, len(skipped_events))
            index = resume
            if steps[resume - 1].event == steps[resume].event:  # the event began before the cut
                current = steps[resume].event
                yield Heading(current, events.get(current, ""), continued=True)
        step = steps[index]
        if step.event != current:
            current = step.event
            yield Heading(step.event, events.get(step.event, ""), continued=False)
        yield Line(index + 1, step)
        index += 1


def heading_text(heading: Heading) -> str:
    if heading.event is None:
        return "before the first event"
    return f"event {heading.event}{' (continued)' if heading.continued else ''}: {heading.text}"


def skipped_text(skipped: Skipped) -> str:
    return f"... {skipped.steps:,} steps of {skipped.events:,} more events skipped (--full shows them all) ..."


def step_style(step: rec.Step) -> str:
    """A name for how a step should look: rejected, won, waiting, quiet or plain."""
    if isinstance(step, rec.Rejected):
        return "rejected"
    if isinstance(step, rec.Won):
        return "won"
    if isinstance(step, (rec.ChoiceNeeded, rec.Stopped)):
        return "waiting"
    return "quiet" if step.quiet else "plain"
