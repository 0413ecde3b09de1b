"""The result of a replay as one frozen value (its comparison with `expect` is `expectations.py`).

`build_verdict(game)` reads a finished replay once: the log, the position, whose turn it
is and what is still owed, the winner, the rulings cited. Every presenter (the answer,
the text log, JSON, markdown, HTML) and `check` read that value, never the live game, so
what they say cannot drift apart and none of them reaches into the engine.

Layers: the engine below, this module, then the presenters (`answer`, `json_output`,
`report`, `log.render`) above; nothing here imports a presenter.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any, cast

from adjudicator.model import records as rec
from adjudicator.model.cards import Card
from adjudicator.model.names import count_of
from adjudicator.model.scenario import ForcedStep

if TYPE_CHECKING:
    from adjudicator.boards import Board
    from adjudicator.engine.game import Game
    from adjudicator.model.events import Event

_RULINGS = attrgetter("rulings")

#: A table's question is a few sentences; the search reads no more than this of it.
SEE_ALSO_QUESTION_CHARS = 2000


# ------------------------------------------------------------------ the value
@dataclass(frozen=True)
class Seat:
    """One player's cards after the replay."""

    player: str
    hand: tuple[Card, ...]
    in_play: tuple[Card, ...]
    scored: tuple[Card, ...]  # Goals claimed (Keep Going, Solo Fluxx)


@dataclass(frozen=True)
class TempHand:
    """A compound Action's temporary hand still open (Draw 3 Play 2, Draw 2 and Use 'Em): its
    cards and the plays still owed from it, which come before any play from the real hand."""

    player: str
    source: str  # the Action resolving
    cards: tuple[Card, ...]
    plays_allowed: int
    plays_made: int
    plays_owed: int  # still to make from it: what the Action allows, at most the cards it holds


@dataclass(frozen=True)
class SeeAlso:
    """A ruling related to the scenario's question that the replay did not cite."""

    id: str
    title: str
    summary: str
    source: Any  # the ruling's source record (document, url)
    score: float


@dataclass(frozen=True, eq=False)  # compared by identity: a long game's log is a million steps
class Verdict:
    """Everything a presenter says about a finished replay."""

    title: str
    question: str
    path: str
    house_rules: tuple[tuple[str, str], ...]  # the switches the table set, with their values as written
    players: tuple[str, ...]
    events: tuple[Event, ...]  # the scenario's events, as read (frozen): number, player, action, card, text
    dispute: tuple[int, ...]  # the events the scenario names as disputed (`dispute:`), if any
    steps: tuple[rec.Step, ...]
    seats: tuple[Seat, ...]
    rules: tuple[Card, ...]
    meta_rules: tuple[Card, ...]
    goals: tuple[Card, ...]
    discard: tuple[Card, ...]
    zones: tuple[tuple[str, tuple[Card, ...]], ...]  # every zone of the table by its label ("hand of Alice", ...)
    draw_pile_size: int
    draw_rule: int  # for the player whose turn it is, bonuses included
    play_rule: str  # "Play 2", "Play All", ...
    hand_limit: int | None
    keeper_limit: int | None
    turn_player: str  # the player of the turn last under way
    turn_over: bool
    next_player: str  # who plays next once that turn is over
    plays_made: int  # this turn, counted plays
    plays_left: int  # from the real hand, under the Play rule (0 once the play phase is over)
    temp_hands: tuple[TempHand, ...]  # innermost last
    winner: str | None
    winners: tuple[str, ...]
    winning_goal: Card | None
    solo_over: str | None  # Solo Fluxx: why the game ended, else None
    stopped: str | None
    rulings: tuple[str, ...]  # every ruling cited, in order of first citation
    rejections: tuple[rec.Rejected, ...]
    #: the board after each step shown, by step number (`boards.replay_with_boards`): made only
    #: for the outputs that draw it (HTML, markdown); () otherwise
    boards: tuple[Board, ...] = ()
    disputed_steps: tuple[ForcedStep, ...] = ()  # the forced steps `dispute:` names, if any

    @functools.cached_property
    def see_also(self) -> tuple[SeeAlso, ...]:
        """Rulings related to the question that the replay did not cite. Worked out when a
        presenter first asks (`check` never does): it reads the rulings search, not the game."""
        return tuple(_see_also(self.question, list(self.rulings)))

    @functools.cached_property
    def unruled(self) -> tuple[tuple[str, str], ...]:
        """(ruling id, plain sentence) for each cited ruling that leaves a point open (the publisher
        has not ruled, or ruled against the printed card): the verdict says which reading the engine
        took and which house rule takes the other, instead of applying one silently."""
        from adjudicator.rulings.store import get

        notes = []
        for ruling_id in self.rulings:
            record = get(ruling_id)
            if record is None or record.unruled is None:
                continue
            wanted = record.unruled.kinds
            if not wanted or any(card.kind in wanted for card in self._cards_seen):
                notes.append((record.id, record.unruled.sentence()))
        return tuple(dict.fromkeys(notes))

    @property
    def _cards_seen(self) -> list[Card]:
        """The cards the events name and the cards on the table or in the discard at the end."""
        seen = [e.card for e in self.events if e.card is not None]
        return [*seen, *self.rules, *self.goals, *self.discard]

    # ----------------------------------------------------------- derived
    @property
    def turn(self) -> str:
        """Whose turn it is, or comes next when the turn last under way is over."""
        return self.next_player if self.turn_over else self.turn_player

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def house_rules_text(self) -> str:
        """One line for the top of a report; '' under the official rules."""
        return ", ".join(f"{k}: {v}" for k, v in self.house_rules)

    @property
    def goals_won(self) -> dict[str, int]:
        return {seat.player: len(seat.scored) for seat in self.seats}

    def seat(self, player: str) -> Seat:
        return next(s for s in self.seats if s.player == player)

    @property
    def plays_owed(self) -> int:
        """Plays still owed now: from the open temporary hand if there is one, else under the Play rule."""
        if self.turn_over:
            return 0
        return self.temp_hands[-1].plays_owed if self.temp_hands else self.plays_left

    @property
    def event_texts(self) -> dict[int | None, str]:
        """Event number -> the event as written (the headings of the log)."""
        return {e.number: e.text for e in self.events}

    def event(self, number: int) -> Event | None:
        return self.events[number - 1] if 1 <= number <= len(self.events) else None

    # ----------------------------------------------------------- wording
    @property
    def win_phrase(self) -> str:
        """'Alice wins with Night & Day', or 'Bob and Carol share the win with ...'; '' without a winner."""
        if not self.winners:
            return ""
        names = self.winners
        who = f"{' and '.join(names)} share the win" if len(names) > 1 else f"{names[0]} wins"
        return f"{who} with {self.winning_goal}"

    @property
    def solo_phrase(self) -> str:
        """Solo Fluxx's outcome: the score, and whether the game is over."""
        state = f"the game is over ({self.solo_over})" if self.solo_over else "the game goes on"
        return f"{count(self.goals_won.get(self.players[0], 0), 'Goal')} scored; {state}"

    @property
    def plays_phrase(self) -> str:
        """What is left of the turn last under way, for a person at the table ('' once the game
        is over: a win, or a Solo game whose deck ran out)."""
        if self.winner or self.solo_over:
            return ""
        if self.turn_over:
            return f"{self.turn_player}'s turn is over ({count(self.plays_made, 'play')} made); {self.next_player} plays next"
        if self.temp_hands:
            outer = [  # an Action played from another's temporary hand: the outer one's plays come next
                f"then {count(f.plays_owed, 'play')} from the temporary hand of {f.source}"
                for f in reversed(self.temp_hands[:-1])
                if f.plays_owed
            ]
            return "; ".join([temp_hand_phrase(self.temp_hands[-1]), *outer]) + self._after_temp_hand()
        return f"{self.turn_player} has {count(self.plays_left, 'play')} left ({self.plays_made} made this turn)"

    def _after_temp_hand(self) -> str:
        left = self.plays_left
        return f"; then {count(left, 'play')} from the hand" if left else ""


count = count_of  # '1 play', '2 plays': what the presenters say counts with


def temp_hand_phrase(frame: TempHand) -> str:
    """'Alice still owes 1 play from the temporary hand of Draw 3, Play 2 of Them (Milk, Cookies)'."""
    cards = ", ".join(map(str, frame.cards)) or "empty"
    return (
        f"{frame.player} still owes {count(frame.plays_owed, 'play')} from the temporary hand of {frame.source} "
        f"({cards})"
    )


def temp_hand_cell(frame: TempHand) -> str:
    """A temporary hand in the position table: its cards and what is still owed from it."""
    cards = ", ".join(map(str, frame.cards)) or "empty"
    return f"{cards} ({frame.source}: {count(frame.plays_owed, 'play')} owed)"


def position_line(verdict: Verdict, sep: str) -> str:
    """Goal, rules, the Draw and Play rules, the piles, on one line."""
    rules = [*verdict.meta_rules, *verdict.rules]
    return sep.join(
        [
            f"Goal: {', '.join(map(str, verdict.goals)) or 'none'}",
            f"Rules: {', '.join(map(str, rules)) or 'Basic Rules only'}",
            f"Draw {verdict.draw_rule}, {verdict.play_rule}",
            f"Draw pile: {verdict.draw_pile_size}",
            f"Discard: {len(verdict.discard)}",
        ]
    )


def verdict_lines(verdict: Verdict, full: bool = False) -> list[str]:
    """The verdict after the answer: who won, whose turn and what is owed, rejections (the first
    REJECTIONS_SHOWN unless `full`), a stop."""
    sentences, notices = verdict_parts(verdict, full)
    return [*sentences, *notices]


def verdict_parts(verdict: Verdict, full: bool = False) -> tuple[list[str], list[str]]:
    """`verdict_lines` in two: the sentences (who won, whose turn), and the rejections and the
    stop, one line each (a rejection's reason ends without a period: never run on after another)."""
    from adjudicator.log.outline import REJECTIONS_SHOWN

    if verdict.winner:
        lines = [f"{verdict.win_phrase}."]
    elif verdict.solo:  # Solo Fluxx: a score, never a winner
        lines = [f"Solo Fluxx: {verdict.solo_phrase}."]
    else:
        lines = ["No winner yet."]
    if verdict.turn_over:
        lines.append(f"The turn is over; {verdict.turn} plays next.")
    elif not verdict.winner and not verdict.solo_over:
        if verdict.temp_hands:
            lines.append(f"It is {verdict.turn}'s turn: {verdict.plays_phrase}.")
        else:
            lines.append(f"It is {verdict.turn}'s turn with {count(verdict.plays_left, 'play')} left.")
    rejected = verdict.rejections
    shown = rejected if full else rejected[:REJECTIONS_SHOWN]
    notices = [f"Event {s.event} rejected: {s.reason}" for s in shown]
    if len(rejected) > len(shown):
        notices.append(f"and {len(rejected) - len(shown):,} more rejected events (--full lists them all)")
    if verdict.stopped:
        notices.append(f"Stopped: {verdict.stopped}")
    return lines, notices


# ------------------------------------------------------------------ building it
def build_verdict(game: Game, boards: tuple[Board, ...] = ()) -> Verdict:
    """Read a finished replay into its verdict (the game is not changed); `boards`: the boards
    its replay recorded (`boards.replay_with_boards`), for the outputs that draw them."""
    from adjudicator.model.position import Phase

    scenario = game.scenario
    table = game.table
    steps = tuple(game.steps)
    turn = game.turn
    over = turn.phase is Phase.OVER
    cited = cited_rulings(steps)
    winners = tuple(game.co_winners) or ((game.winner,) if game.winner else ())
    return Verdict(
        title=scenario.title,
        question=scenario.question or "",
        path=str(scenario.path),
        house_rules=tuple(game.house_rules.in_force().items()) if game.house_rules.given else (),
        players=tuple(game.players),
        events=tuple(scenario.events),
        dispute=tuple(getattr(scenario, "dispute", ())),
        disputed_steps=tuple(getattr(scenario, "disputed_steps", ())),
        steps=steps,
        seats=tuple(
            Seat(p, tuple(table.hands[p]), tuple(table.in_play[p]), tuple(table.scored.get(p, ())))
            for p in table.players
        ),
        rules=tuple(table.rules),
        meta_rules=tuple(table.meta_rules),
        goals=tuple(table.goals),
        discard=tuple(table.discard),
        zones=tuple((label, tuple(cards)) for label, cards in table.zones().items()),
        draw_pile_size=len(table.draw_pile),
        draw_rule=game.draw_rule(),
        play_rule=str(game.play_rule()),
        hand_limit=game.hand_limit(),
        keeper_limit=game.keeper_limit(),
        turn_player=turn.player,
        turn_over=over,
        next_player=game.next_player() if over else turn.player,
        plays_made=turn.played,
        plays_left=game.plays_left(),
        temp_hands=tuple(
            TempHand(
                f.player,
                f.source.card.name,
                tuple(f.cards),
                game.compound_terms(f)[1],
                f.plays_made,
                game.plays_owed_from(f),
            )
            for f in game.temp_hands
        ),
        winner=game.winner,
        winners=winners,
        winning_goal=game.winning_goal,
        solo_over=game.ended,
        stopped=game.stopped,
        rulings=tuple(cited),
        # no Python loop over a long log; the filter keeps only Rejected records
        rejections=cast("tuple[rec.Rejected, ...]", tuple(filter(rec.Rejected.__instancecheck__, steps))),
        boards=boards,
    )


def cited_rulings(steps: Sequence[rec.Step]) -> list[str]:
    """Every ruling id the steps cited, in order of first citation."""
    citations = dict.fromkeys(map(_RULINGS, steps))  # a long log repeats a few
    return list(dict.fromkeys(chain.from_iterable(citations)))


def _see_also(question: str, cited: list[str], limit: int = 3) -> list[SeeAlso]:
    """Rulings most related to the scenario's `question` that the steps did not cite; none
    when the scenario asks no question."""
    if not question:
        return []
    from adjudicator.rulings.search import see_also_scored

    return [
        SeeAlso(r.id, r.title, r.summary, r.source, score)
        for r, score in see_also_scored(question[:SEE_ALSO_QUESTION_CHARS], cited, limit)
    ]
