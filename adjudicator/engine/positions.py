"""A game's whole position as a value (`model/snapshot.py`: `Position`), built on demand by
`Game.position()`, and a game set to a position (`restore`).

Building reads the game and changes nothing: every card becomes its `CardId`, every play an
index in `Position.plays` (the being-played zone first, then the plays that only the turn's
history, the latest free action or a continuation reach, in the order met), continuations
and answers plain data. Restoring is the reverse: cards found again by their ids among the
game's cards, one `Play` per index, so that a play reached twice is one object again.
"""

from __future__ import annotations

import operator
from collections import deque
from collections.abc import Iterable
from enum import Enum
from typing import TYPE_CHECKING, Any

from adjudicator.engine.copying import fields_of, set_fields
from adjudicator.model.cards import NO_CHOICE, UNKNOWN, AtRandom, Card, CardId
from adjudicator.model.events import Assignment, Whose
from adjudicator.model.position import PendingChoice, Play, Table, TempHand, Then, Turn
from adjudicator.model.snapshot import (
    ChoiceData,
    Items,
    Members,
    PlayData,
    PlayRef,
    Position,
    Record,
    TempHandData,
    TurnData,
)

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView

_IDENT = operator.attrgetter("ident")
_PLAIN = frozenset({str, int, float, bool, type(None)})
#: the record types a position may hold with cards in them, by name, to make them again
#: (`restore`): the model's, and any other met in a position built so far
_RECORDS: dict[str, type] = {cls.__qualname__: cls for cls in (Assignment, Whose, AtRandom)}
_NONE = Record("none", ())  # the answer `none` (NO_CHOICE)


def _cards(cards: Iterable[Card]) -> tuple[CardId, ...]:
    return tuple(map(_IDENT, cards))


class _Builder:
    """One position being built: the plays met so far, by object, each given the next index."""

    def __init__(self, being_played: list[Play]) -> None:
        self.plays = list(being_played)
        self.index = {id(play): i for i, play in enumerate(being_played)}

    def ref(self, play: Play) -> int:
        found = self.index.get(id(play))
        if found is None:
            found = self.index[id(play)] = len(self.plays)
            self.plays.append(play)
        return found

    def opt(self, play: Play | None) -> int | None:
        return None if play is None else self.ref(play)

    def plain(self, value: Any) -> Any:
        """value as plain data: cards as ids, plays as `PlayRef`s, containers as tuples."""
        cls = type(value)
        if cls in _PLAIN or isinstance(value, Enum):
            return value
        if cls is Card:
            return value.ident
        if isinstance(value, Play):
            return PlayRef(self.ref(value))
        if cls is tuple:
            return tuple([self.plain(item) for item in value])
        if cls is list or cls is deque:
            return Items([self.plain(item) for item in value])
        if cls is frozenset:
            return frozenset([self.plain(item) for item in value])
        if cls is set:
            return Members([self.plain(item) for item in value])
        if value is NO_CHOICE:
            return _NONE
        if cls is Then:
            return value.with_args(self.plain(value.args))
        params = getattr(cls, "__dataclass_params__", None)
        if params is not None and params.frozen:
            names = cls.__dataclass_fields__
            fields = [(name, self.plain(getattr(value, name))) for name in names]
            if all(item is getattr(value, name) for name, item in fields):
                return value  # a record of plain data already (a `Word`)
            _RECORDS[cls.__qualname__] = cls
            return Record(cls.__qualname__, tuple(fields))
        if cls is dict:
            return Record("dict", tuple((self.plain(k), self.plain(v)) for k, v in value.items()))
        raise TypeError(f"a position cannot hold {cls.__name__} values as plain data: {value!r}")

    def play(self, play: Play) -> PlayData:
        return PlayData(
            play.player,
            play.card.ident,
            tuple([self.plain(answer) for answer in play.answers]) if play.answers else (),
            play.from_temp_hand,
            self.opt(play.responds_to),
            play.played_from,
            play.is_use,
            _cards(play.held) if play.held else (),
        )


def _begun_ahead(game: GameView) -> bool:
    """Whether the steps the next event forces, taken ahead by a driver (`legal.advance`: the
    game's event number is that event's, not pushed yet), began this turn: `P begins` then only
    goes on with it (`Game.push`). The event numbers themselves are the driver's, not the position's."""
    number = game.event_no
    if number is None or game.turn.begun_by != number:
        return False
    return not game.move_stack or game.move_stack[-1].number != number


def position_of(game: GameView) -> Position:
    """The game's whole position, as a frozen value (see `model/snapshot.py`)."""
    table, turn = game.table, game.turn
    build = _Builder(game.being_played)
    ref, opt, plain = build.ref, build.opt, build.plain
    turn_data = TurnData(
        turn.player,
        turn.phase,
        turn.drawn,
        turn.played,
        tuple(sorted(turn.free_actions_used)),  # in order: equal sets print alike (a set's order is its history's)
        tuple(map(ref, turn.history)),
        turn.began_empty_handed,
        tuple(turn.extra_turns),
        turn.granted_by,
        turn.next_up,
        _begun_ahead(game),
    )
    temp_hands = tuple(
        TempHandData(
            frame.player,
            ref(frame.source),
            _cards(frame.cards),
            frame.drawn,
            frame.plays_made,
            frame.basis,
            frame.announced,
        )
        for frame in game.temp_hands
    )
    window, responses = opt(game.window), tuple(map(ref, game.responses))
    last_use, resolving, reopened = opt(game.last_use), opt(game.resolving), opt(game.reopened)
    agenda = tuple([plain(then) for then in game.agenda])
    pending = tuple(
        ChoiceData(
            choice.player,
            choice.prompt,
            plain(choice.options),
            choice.count,
            choice.answer_verbs,
            plain(choice.then),
            choice.keep_means_complement,
            choice.at_least,
            plain(choice.key),
            choice.rulings,
        )
        for choice in game.pending
    )
    plays = []
    for play in build.plays:  # grows while it is read: a play's answers or response may name one more
        plays.append(build.play(play))
    return Position(
        players=tuple(table.players),
        hands=tuple([(player, _cards(zone)) for player, zone in table.hands.items()]),
        in_play=tuple([(player, _cards(zone)) for player, zone in table.in_play.items()]),
        rules=_cards(table.rules),
        goals=_cards(table.goals),
        meta_rules=_cards(table.meta_rules),
        draw_pile=_cards(table.draw_pile),
        discard=_cards(table.discard),
        rules_pile=_cards(table.rules_pile),
        scored=tuple([(player, _cards(zone)) for player, zone in table.scored.items()]),
        skips=tuple([(player, card.ident) for player, card in table.skips.items()]),
        turn=turn_data,
        plays=tuple(plays),
        being_played=len(game.being_played),
        temp_hands=temp_hands,
        window=window,
        responses=responses,
        last_use=last_use,
        resolving=resolving,
        reopened=reopened,
        agenda=agenda,
        pending=pending,
        goals_seen=_cards(game._goals_seen),
        stated_shuffles=tuple(map(_cards, game.stated_shuffles)),
        stated_at_random=game.stated_at_random.ident if game.stated_at_random is not None else None,
        at_random_answers=plain(game.at_random_answers),
        winner=game.winner,
        co_winners=game.co_winners,
        winning_goal=game.winning_goal.ident if game.winning_goal is not None else None,
        stopped=game.stopped,
        ended=game.ended,
    )


# ---------------------------------------------------------------- restoring
class _Restorer:
    """Plain data back into the game's objects: cards by id, plays by index."""

    def __init__(self, game: GameView, position: Position) -> None:
        cards = {card.ident: card for card in game.scenario.catalog.all_cards()}
        cards[UNKNOWN.ident] = UNKNOWN
        for zone in game.zones().values():  # cards a scenario made itself, if the catalog lacks them
            cards.update((card.ident, card) for card in zone if card.ident not in cards)
        self.cards = cards
        self.plays = [Play(data.player, cards[data.card], None) for data in position.plays]

    def card(self, ident: CardId | None) -> Card | None:
        return None if ident is None else self.cards[ident]

    def zone(self, idents: Iterable[CardId]) -> list[Card]:
        cards = self.cards
        return [cards[ident] for ident in idents]

    def value(self, value: Any) -> Any:
        cls = type(value)
        if cls is CardId:
            return self.cards[value]
        if cls is PlayRef:
            return self.plays[value.index]
        if cls is tuple:
            return tuple([self.value(item) for item in value])
        if cls is Items:
            return [self.value(item) for item in value]
        if cls is frozenset:
            return frozenset([self.value(item) for item in value])
        if cls is Members:
            return {self.value(item) for item in value}
        if cls is Then:
            return value.with_args(self.value(value.args))
        if cls is Record:
            if value == _NONE:
                return NO_CHOICE
            if value.kind == "dict":
                return {self.value(k): self.value(v) for k, v in value.fields}
            return _RECORDS[value.kind](**{name: self.value(item) for name, item in value.fields})
        return value  # plain already: str, numbers, None, enums, records of those


def restore(game: GameView, position: Position) -> None:
    """Set game to position (`Game.set_position`). What the position leaves out is the game's
    own: its log, its random generator, its event number (`event_no`: the number of the event
    the position was taken ahead for, if it was); the events pushed and the undo stack are
    dropped, as a new starting position has no past to take back. What was remembered of the
    old position (the clock, derived rules, the memos of the checks) goes with it: a win check
    it had made already is made, and logged, once more."""
    if position.turn.begun_ahead and game.event_no is None:
        raise ValueError(
            "the position's turn was begun ahead by the next event: give the game that event's number first"
        )
    fields = fields_of(game)
    game._decided = None  # the decision listed was the old position's
    try:
        _restore(game, position)
    except BaseException:
        # A position this process cannot set out (a card id or record type it does not know):
        # the game is left as it was, not half set. Restoring only rebinds the game's fields.
        set_fields(game, fields)
        raise


def _restore(game: GameView, position: Position) -> None:
    back = _Restorer(game, position)
    plays, zone, card, value = back.plays, back.zone, back.card, back.value
    for play, made in zip(plays, position.plays, strict=True):
        play.answers = [value(answer) for answer in made.answers]
        play.from_temp_hand = made.from_temp_hand
        play.responds_to = None if made.responds_to is None else plays[made.responds_to]
        play.played_from = made.played_from
        play.is_use = made.is_use
        play.held = zone(made.held)
    steps = game.table.clock.steps
    table = Table(
        players=list(position.players),
        hands={player: zone(cards) for player, cards in position.hands},
        in_play={player: zone(cards) for player, cards in position.in_play},
        rules=zone(position.rules),
        goals=zone(position.goals),
        draw_pile=zone(position.draw_pile),
        discard=zone(position.discard),
        meta_rules=zone(position.meta_rules),
        rules_pile=zone(position.rules_pile),
    )
    for player, cards in position.scored:
        table.scored[player] = zone(cards)
    table.skips = {player: back.cards[ident] for player, ident in position.skips}
    table.clock.journal.clear()  # cards set out, not moved: no step will say they moved
    table.clock.steps = steps  # the log goes on
    game.table = table
    data = position.turn
    game.turn = Turn(
        data.player,
        data.phase,
        data.drawn,
        data.played,
        set(data.free_actions_used),
        [plays[i] for i in data.history],
        data.began_empty_handed,
        list(data.extra_turns),
        data.granted_by,
        data.next_up,
        game.event_no if data.begun_ahead else None,
    )
    game.being_played = plays[: position.being_played]
    game.temp_hands = [
        TempHand(
            frame.player,
            plays[frame.source],
            zone(frame.cards),
            frame.drawn,
            frame.plays_made,
            frame.basis,
            frame.announced,
        )
        for frame in position.temp_hands
    ]

    def play_at(index: int | None) -> Play | None:
        return None if index is None else plays[index]

    game.window, game.responses = play_at(position.window), [plays[i] for i in position.responses]
    game.last_use, game.resolving, game.reopened = (
        play_at(position.last_use),
        play_at(position.resolving),
        play_at(position.reopened),
    )
    game.agenda = deque(value(then) for then in position.agenda)
    game.pending = [
        PendingChoice(
            choice.player,
            choice.prompt,
            [value(option) for option in choice.options],
            choice.count,
            choice.answer_verbs,
            value(choice.then),
            choice.keep_means_complement,
            choice.rulings,
            value(choice.key),
            choice.at_least,
        )
        for choice in position.pending
    ]
    game._goals_seen = tuple(zone(position.goals_seen))
    game.stated_shuffles = [tuple(zone(order)) for order in position.stated_shuffles]
    game.stated_at_random = card(position.stated_at_random)
    game.at_random_answers = [value(answer) for answer in position.at_random_answers]
    game.winner, game.co_winners, game.winning_goal = position.winner, position.co_winners, card(position.winning_goal)
    game.stopped, game.ended = position.stopped, position.ended
    game.event_plays = []
    game._win_signature = game._win_stamp = game._state_checked = None
    game.move_stack = []
    if game.undo is not None:
        game.undo = []
