"""`solve --stop PLAYER`: PLAYER won; could anyone have stopped it, with which card, and when?

The file is replayed to the event that won. Every event of the winner's turn up to it (from
`--at`, or the start of that turn) is a moment another player could have answered: each Surprise
they could play there -- from the cards the scenario gives them, and, for a hand of `?` cards,
every Surprise that is nowhere else -- is pushed, and the winner's turn is searched again from
there (`search.Search`: every line of hers, every further answer). An answer that leaves her no
sure win is a way to stop it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from adjudicator.solving import adapter
from adjudicator.solving.search import SURE, Limits, Search

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.model.events import Event
    from adjudicator.model.scenario import Scenario


class NoWin(Exception):
    """The player named did not win in the file."""


@dataclass(frozen=True)
class Moment:
    event: int  # the winner's event answered
    text: str
    player: str  # who could have answered it
    card: str
    hidden: bool  # only if the hand the scenario does not give held the card
    value: float  # the winner's chance of a win after the answer
    chance: str = ""
    outcomes: int = 0


@dataclass
class StopReport:
    winner: str
    winning_event: int
    winning_text: str
    moments: list[Moment] = field(default_factory=list)
    checked: int = 0  # answers tried
    positions: int = 0
    finished: bool = True


def winning_event(scenario: Scenario, player: str) -> tuple[int, Event]:
    """The event after which player has won (the open windows closed), or NoWin."""
    events = scenario.events
    for k in range(1, len(events) + 1):
        game = adapter.replayed(scenario, events[:k])
        if adapter.finished_winner(game) == player:
            return k, events[k - 1]
    raise NoWin(f"{player} does not win in this file")


def stop(scenario: Scenario, player: str, at: int | None, limits: Limits) -> StopReport:
    """Who could have stopped player's win, event by event of her winning turn."""
    won_at, won_by = winning_event(scenario, player)
    report = StopReport(player, won_at, won_by.text)
    first = at if at is not None else turn_start(scenario, player, won_at)
    for k in range(first, won_at + 1):
        event = scenario.events[k - 1]
        if event.player != player:
            continue
        game = adapter.start_from(adapter.replayed(scenario, scenario.events[:k]))
        number = k + 1
        tried: list[tuple[Game, Event, bool]] = []
        for answer in adapter.answers_to_window(game, player, number):
            tried.append((game, answer, False))
        for holder in adapter.hidden_hands(game, player):
            for card in adapter.unseen_surprises(game):
                variant = adapter.holding(game, holder, card)
                for answer in adapter.answers_to_window(variant, player, number):
                    if answer.player == holder and answer.card is card:
                        tried.append((variant, answer, True))
        for position, answer, hidden in tried:
            report.checked += 1
            after = adapter.seeded(position, adapter.Step(answer.text, answer))
            search = Search(player, limits)
            searched = search.run(after, number + 1, may_begin=False)
            report.positions += search.stats.positions
            report.finished = report.finished and searched.finished
            if searched.value < SURE:
                how = search.entry(after, False)
                report.moments.append(
                    Moment(
                        k,
                        event.text,
                        answer.player,
                        answer.card.name if answer.card is not None else "",
                        hidden,
                        searched.value,
                        how.chance if how else "",
                        how.outcomes if how else 0,
                    )
                )
    return report


def turn_start(scenario: Scenario, player: str, won_at: int) -> int:
    """The first event of the winner's turn that won: the events before it by her, back to
    the last event of another player's that is no answer to hers."""
    first = won_at
    for k in range(won_at - 1, 0, -1):
        game = adapter.replayed(scenario, scenario.events[: k - 1])
        if adapter.whose_turn(game) != player:
            break
        first = k
    return first
