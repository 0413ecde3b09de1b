"""The board after each step of a replay, as data for the presenters (the HTML report's board,
the markdown report's text board, a line found by `explore` or `solve`).

A board is read off a `Position` the replay recorded after that step
(`engine.replay.recorded_replay`): every card back to the `Card` it stands for (its name and
type: a tile's colour), the hands (`?` cards stay hidden), the Keepers and Creepers in front
of each player, the Rules and Goals, the piles' counts, the temporary hands and the cards
being played, and the cards the step moved. Presenters read boards, never the game.

A long log is shown as its first and last steps (`log.outline`): only their boards are
recorded, in two replays (the second knows how long the log is), unless `full`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudicator.log.outline import HEAD, LONG_LOG, TAIL
from adjudicator.model import records as rec
from adjudicator.model.cards import UNKNOWN, Card, CardId

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.model.scenario import Scenario
    from adjudicator.model.snapshot import Position


@dataclass(frozen=True)
class BoardSeat:
    """One player's cards on a board."""

    player: str
    hand: tuple[Card, ...]  # `?` cards: hidden by the scenario file (their number is what is known)
    in_play: tuple[Card, ...]  # Keepers and Creepers in front of the player
    scored: tuple[Card, ...]  # Goals scored (Keep Going, Solo Fluxx)


@dataclass(frozen=True)
class BoardTempHand:
    """A compound Action's temporary hand on a board."""

    player: str
    source: Card
    cards: tuple[Card, ...]
    plays_owed: int | None  # None: not recorded with the position


@dataclass(frozen=True)
class Board:
    """The table after one step of the log (`step` 0: before the first step)."""

    step: int
    event: int | None  # the event the step belongs to (None: before the first event)
    turn: str  # whose turn it is
    phase: str
    seats: tuple[BoardSeat, ...]
    rules: tuple[Card, ...]  # Meta Rules first, then the New Rules
    goals: tuple[Card, ...]
    draw_pile: int
    discard: int
    discard_top: Card | None  # the discard pile is top first
    rules_pile: int  # Solo Fluxx's Rules deck (0 otherwise)
    being_played: tuple[tuple[str, Card], ...]  # (player, card), bottom first
    temp_hands: tuple[BoardTempHand, ...]  # innermost last
    moved: frozenset[CardId]  # the cards this step moved (none for the board before the first step)
    winner: str | None

    def seat(self, player: str) -> BoardSeat:
        return next(seat for seat in self.seats if seat.player == player)


def board_of(
    position: Position,
    cards: Mapping[CardId, Card],
    step: int = 0,
    moved: Iterable[Card] = (),
    event: int | None = None,
    owed: Sequence[int] = (),
) -> Board:
    """The board of a position; `cards`: every card of the game by id (`cards_of`); `owed`: the
    plays still owed from each temporary hand, as the game said (`PositionLog.owed`), if known."""

    def zone(idents: Sequence[CardId]) -> tuple[Card, ...]:
        return tuple(cards.get(ident, UNKNOWN) for ident in idents)

    plays = position.plays
    return Board(
        step=step,
        event=event,
        turn=position.turn.player,
        phase=position.turn.phase.value,
        seats=tuple(
            BoardSeat(player, zone(hand), zone(kept), zone(dict(position.scored).get(player, ())))
            for (player, hand), (_same, kept) in zip(position.hands, position.in_play, strict=True)
        ),
        rules=zone((*position.meta_rules, *position.rules)),
        goals=zone(position.goals),
        draw_pile=len(position.draw_pile),
        discard=len(position.discard),
        discard_top=cards.get(position.discard[0], UNKNOWN) if position.discard else None,
        rules_pile=len(position.rules_pile),
        being_played=tuple((play.player, cards.get(play.card, UNKNOWN)) for play in plays[: position.being_played]),
        temp_hands=tuple(
            BoardTempHand(
                frame.player,
                cards.get(plays[frame.source].card, UNKNOWN),
                zone(frame.cards),
                owed[i] if i < len(owed) else None,
            )
            for i, frame in enumerate(position.temp_hands)
        ),
        moved=frozenset(card.ident for card in moved),
        winner=position.winner,
    )


def cards_of(game: Game, steps: Iterable[rec.Step] = ()) -> dict[CardId, Card]:
    """Every card the game may name by id: its decks', the `?` card, and any other card in its
    zones or moved by its steps (a card a scenario made itself)."""
    cards = {card.ident: card for card in game.scenario.catalog.all_cards()}
    cards[UNKNOWN.ident] = UNKNOWN
    for zone in game.zones().values():
        cards.update((card.ident, card) for card in zone if card.ident not in cards)
    for step in steps:
        cards.update((card.ident, card) for card, _from, _to in step.moves if card.ident not in cards)
    return cards


def boards_of(
    positions: Mapping[int, Position],
    steps: Sequence[rec.Step],
    cards: Mapping[CardId, Card],
    owed: Mapping[int, Sequence[int]] | None = None,
) -> tuple[Board, ...]:
    """The boards of the recorded positions, by step number (0: before the first step), each
    marking the cards its step moved: what a presenter draws for a replay or a line of events.
    `owed`: the plays owed from the temporary hands at each step (`PositionLog.owed`), if known."""
    boards = []
    for number in sorted(positions):
        step = steps[number - 1] if number else None
        moved = [card for card, _from, _to in step.moves] if step is not None else []
        event = step.event if step is not None else None
        boards.append(board_of(positions[number], cards, number, moved, event, (owed or {}).get(number, ())))
    return tuple(boards)


def _shown(total: int | None, full: bool) -> Callable[[int], bool]:
    """The steps whose boards a report shows: all of a short log (or `full`), else the first HEAD
    and last TAIL steps that `log.outline` shows (total None: not known yet, the first LONG_LOG)."""
    if full:
        return lambda number: True
    if total is None:
        return lambda number: number <= LONG_LOG
    return lambda number: number <= HEAD or number >= total - TAIL


def replay_with_boards(scenario: Scenario, full: bool = False) -> tuple[Game, tuple[Board, ...]]:
    """`replay(scenario)` and the boards of the steps a report shows. A log longer than
    LONG_LOG steps is replayed twice (the same steps: a replay is determined by its file),
    the second time for its last steps only."""
    from adjudicator.engine.replay import recorded_replay

    log = recorded_replay(scenario, _shown(None, full))
    shown = log
    if not full and len(log) > LONG_LOG:
        shown = recorded_replay(scenario, _shown(len(log), full))
    game = log.game
    assert game is not None  # set as the game began
    return game, boards_of(shown.positions, log, cards_of(game, log), shown.owed)
