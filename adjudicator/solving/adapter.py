"""Every call `solve` makes to the engine, in one place (the driver's side of the engine).

The search needs what a driver of any game needs (OpenSpiel's `State`, the engine's `Driver`
protocol): where the game rests, who decides there and between which events, a way to apply
one of them, the position as a transposition key, who has won, and the outcomes of chance. The
legal events are those of `Game.decision()`; the search takes two forced steps itself, because
it asks who decides in finer grain than the engine's decision does: a window closing as every
other player lets it be (the solver may still counter an answer to her card), and the turn's
end once her plays are done (her optional free actions come first).

Chance: an event's first random step is stated as the engine states it (`Game.chance_outcomes`:
the event stating each outcome, with its probability). Whatever else is left to chance -- the
rest of a shuffle stated by its first card, a step the engine states no outcome of -- draws from
the game's generator by `randrange`, `choice` and `shuffle`, which all ask it for a whole number
below n: the step is applied with a scripted generator (`scripted.Scripted`, applied in `chance.py`) that answers from a script
and records the questions, so every answer is tried (each outcome as likely as the product of
1/n it answered), or, past `exact_up_to` outcomes, a sample of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from adjudicator.engine.advancing import forced_play_due
from adjudicator.engine.copying import fork
from adjudicator.engine.legal import scenario_item
from adjudicator.engine.replay import play_events
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.decision import past_chance
from adjudicator.model.events import ANSWERS, Action, Event
from adjudicator.model.position import Phase
from adjudicator.solving.scripted import Scripted

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.model.scenario import Scenario
    from adjudicator.model.snapshot import Position

__all__ = [
    "Decision",
    "Step",
    "begins",
    "decision",
    "event_item",
    "position",
    "start_from",
]


def replayed(scenario: Scenario, events: Sequence[Event]) -> Game:
    """The game after these events, not finished (the next event may still come)."""
    return play_events(scenario, events)


def start_from(game: Game) -> Game:
    """The search's own copy of game: no log, no undo stack (game is left as it is). It keeps
    the events pushed: their count numbers the next event (`Game.decision`)."""
    root = fork(game, history=False)
    root.move_stack = list(game.move_stack)
    return root


def copy_of(game: Game) -> Game:
    """A copy for one step of the search: the log off, the events pushed kept."""
    return fork(game)


def next_number(game: Game) -> int:
    """The number the next event of game takes (as `Game.decision` numbers it)."""
    return len(game.move_stack) + 1


def whose_turn(game: Game) -> str:
    """The player whose turn it is, or comes next when it is over."""
    return game.next_player() if game.turn.phase is Phase.OVER else game.turn.player


def players(game: Game) -> list[str]:
    return list(game.players)


def goals(game: Game) -> list[Card]:
    return list(game.table.goals)


def in_play(game: Game, player: str) -> list[Card]:
    return list(game.table.in_play[player])


def hand(game: Game, player: str) -> list[Card]:
    return list(game.table.hands[player])


def winner(game: Game) -> str | None:
    return game.winner


def finished_winner(game: Game) -> str | None:
    """Who has won once the open windows close and the forced steps run (on a copy)."""
    done = copy_of(game)
    done.finish()
    return done.winner


def seeded(game: Game, step: Step) -> Game:
    """A copy of game after step, chance drawn from the game's own generator (the seed's)."""
    child = copy_of(game)
    take(child, step)
    return child


def take(game: Game, step: Step) -> None:
    """Take step on game: the forced step, or the event pushed, and then, when no other player
    can answer the card it played, its window closed (what her next event, or the turn's end,
    would do first anyway)."""
    if step.forced is not None:
        step.forced(game)
        return
    if step.event is None:
        return
    game.push(step.event)
    if game.window is not None and not game.winner and _nobody_answers(game, step.event.player):
        game.close_window()


def hidden_hands(game: Game, player: str) -> list[str]:
    """The other players holding cards the scenario does not name (`?`)."""
    return [p for p in game.players if p != player and any(c.is_unknown for c in game.table.hands[p])]


def unseen_surprises(game: Game) -> list[Card]:
    """The Surprises of the scenario's decks that are nowhere in the game: a hand the scenario
    does not give may hold them."""
    table = game.table
    seen = {id(c) for zone in (table.draw_pile, table.discard, table.rules, table.goals) for c in zone}
    seen |= {id(c) for p in game.players for zone in (table.hands[p], table.in_play[p]) for c in zone}
    seen |= {id(play.card) for play in game.being_played}
    found: dict[str, Card] = {}
    for card in game.scenario.catalog.all_cards():
        if card.type is CardType.SURPRISE and id(card) not in seen and card.name not in found:
            found[card.name] = card
    return list(found.values())


def holding(game: Game, holder: str, card: Card) -> Game:
    """A copy of game in which holder's first `?` card is card."""
    variant = copy_of(game)
    held = variant.table.hands[holder]
    index = next(i for i, c in enumerate(held) if c.is_unknown)
    held.pop(index)
    held.insert(index, card)
    return variant


def position(game: Game) -> object:
    """The transposition key: the game's `Position`, where the order of what the turn did no
    longer matters read as it would be after any order. Two orders of the same plays leave the
    Keepers in front, the discard pile and the turn's plays in another order; while no card is
    being played, answered or asked about, only a late answer to an earlier card (house rule
    surprise_window: end_of_turn) reads that order, and a random pick from a zone is as likely to
    take each card in any order. So there the key holds those as sorted lists: the same position
    reached by two orders is searched once."""
    found = game.position()
    if (
        found.window is not None
        or found.responses
        or found.being_played
        or found.temp_hands
        or found.resolving is not None
        or found.reopened is not None
        or found.agenda
        or found.pending
        or game.house_rules.surprise_window == "end_of_turn"
    ):
        return found
    plays = found.plays
    history = sorted(map(repr, (plays[i] for i in found.turn.history)))
    last = repr(plays[found.last_use]) if found.last_use is not None else None
    return (
        replace(
            found,
            plays=(),
            last_use=None,
            turn=replace(found.turn, history=()),
            in_play=tuple((player, tuple(sorted(cards))) for player, cards in found.in_play),
            discard=tuple(sorted(found.discard)),
        ),
        tuple(history),
        last,
    )


def event_item(event: Event) -> str | dict[str, object]:
    """The event as a scenario file writes it."""
    return scenario_item(event)


# ------------------------------------------------------------------ steps
@dataclass(frozen=True)
class Step:
    """One way out of a decision: an event pushed, or a step the rules take when nobody acts
    (`event` None: the window closes as everyone passes, the turn ends, a forced play is made)."""

    label: str
    event: Event | None = None
    #: the forced step, on the game it is given (None: the event is pushed)
    forced: Callable[[Game], None] | None = None
    #: a pass that changes nothing yet: the other players let the window be (`Decision.passed`)
    passes: bool = False


@dataclass
class Decision:
    """Where the game rests: who decides (`who`: a player; None with `steps`: a forced step;
    None without: the search stops here), between which steps."""

    who: str | None
    kind: str  # "over", "turn over", "forced", "respond", "answer", "play", "free actions"
    steps: list[Step] = field(default_factory=list)


def decision(game: Game, player: str, number: int, passed: bool) -> Decision:
    """The decision the game rests at, for a search of `player`'s turn. `passed`: the other
    players have let the open window be (they may no longer answer it; player still may)."""
    if game.winner or game.ended or game.stopped:
        return Decision(None, "over")
    if game.window is not None:
        responses = [e for e in _listed(game, number) if _answers_chain(game, e)]
        others = [e for e in responses if e.player != player]
        if others and not passed:
            steps = [Step(e.text, e) for e in others]
            # letting it be first: the line itself before the answers to it (and the closest line)
            return Decision(others[0].player, "respond", [Step("everyone else lets it be", passes=True), *steps])
        own = [Step(e.text, e) for e in responses if e.player == player]
        close = Step("the window closes", forced=_close)
        if own:
            return Decision(player, "respond", [*own, close])
        return Decision(None, "forced", [close])
    if game.pending:
        chooser = game.pending[0].player
        answers = [e for e in _listed(game, number) if e.player == chooser and e.action in ANSWERS]
        return Decision(chooser, "answer", [Step(e.text, e) for e in answers])
    turn = game.turn
    if turn.player != player or turn.phase not in (Phase.PLAY, Phase.PLAY_OVER):
        return Decision(None, "turn over")
    if turn.phase is Phase.PLAY:
        if _forced_play_due(game):
            return Decision(None, "forced", [Step("the rules make a play", forced=_forced_plays)])
        plays = [e for e in _listed(game, number) if e.player == player and e.action in OWN]
        if plays:
            return Decision(player, "play", [Step(e.text, e) for e in plays])
        return Decision(None, "forced", [Step(f"{player} has nothing to play: the turn ends", forced=_end_turn)])
    frees = [begins_none(number, player, card) for card in dict.fromkeys(game.usable(player))]
    optional = [e for e in frees if game.is_optional_free_action(e)]
    end = Step(f"{player} ends the turn", forced=_end_turn)
    if optional:
        return Decision(player, "free actions", [*(Step(e.text, e) for e in optional), end])
    return Decision(None, "forced", [end])


#: What the solving player does of her own will: play a card, use one, discard at will (a house rule).
OWN = frozenset({Action.PLAY, Action.USE, Action.DISCARD})


def begins_none(number: int, player: str, card: object) -> Event:
    """A bare free action (the engine asks for what it needs)."""
    return Event.made(number, player, Action.USE, card, ())  # type: ignore[arg-type]  # a card


def renumbered(event: Event, number: int) -> Event:
    """The same event, numbered `number`."""
    if event.number == number:
        return event
    return Event.made(number, event.player, event.action, event.card, event.choices)


def stated(event: Event, number: int, choices: tuple[object, ...]) -> Event:
    """A play or use with its answers stated (`-> ...`)."""
    return Event.made(number, event.player, event.action, event.card, choices)


def after_events(game: Game, events: Sequence[Event]) -> Game | None:
    """A copy of game after these events, chance from its own generator; None when one is
    rejected or the replay stops."""
    child = fork(game)
    seen = len(child.steps)
    for event in events:
        child.push(event)
    if child.stopped or any(isinstance(step, rec.Rejected) for step in child.steps[seen:]):
        return None
    return child


def settled_position(game: Game) -> Position:
    """The position once the open windows have closed (on a copy)."""
    done = copy_of(game)
    done.close_window()
    return done.position()


def begins(number: int, player: str) -> Event:
    """`P begins`: the event that begins player's turn."""
    return Event.made(number, player, Action.BEGIN_TURN, None, ())


def _listed(game: Game, number: int) -> list[Event]:
    """The legal events of the decision the game rests at (`Game.decision`). With no window open
    they are read off the game itself (it takes the steps the next push would take anyway, none
    of them left to chance at the decisions asked here, and a listed event is pushed from where
    the listing left it); with one open, off a copy: its closing may be chance's (a card
    resolving), which the search weighs as a step of its own."""
    if game.window is not None:
        game = copy_of(game)
    return list(past_chance(game).events)  # (a play a rule picks at random: a forced step the search weighs itself)


def _answers_chain(game: Game, event: Event) -> bool:
    card = event.card
    return (
        event.action == Action.PLAY
        and card is not None
        and card.type is CardType.SURPRISE
        and game.is_response(event.player, card)
    )


def _forced_play_due(game: Game) -> bool:
    """Whether a rule forces a play now (First Play Random): asked of the engine (`forced_play_due`,
    which makes no copy when no rule in play may force one), then tried on a copy."""
    if game.being_played or game.temp_hands or not forced_play_due(game):
        return False
    trial = copy_of(game)
    before = len(trial.table.hands[trial.turn.player])
    trial._rng = Scripted(())
    trial.make_forced_plays()
    return trial.window is not None or len(trial.table.hands[trial.turn.player]) != before


def _nobody_answers(game: Game, player: str) -> bool:
    """Whether no other player than `player` holds a Surprise: then nobody can answer her card (she
    never answers her own, R49), and its window closes as her event is taken (one step, not two)."""
    hands = game.table.hands
    return not any(card.type is CardType.SURPRISE for other in game.players if other != player for card in hands[other])


def _close(game: Game) -> None:
    game.close_window()


def _forced_plays(game: Game) -> None:
    game.make_forced_plays()


def _end_turn(game: Game) -> None:
    game.close_window()
    if game.turn.phase in (Phase.PLAY, Phase.PLAY_OVER) and not game.pending:
        game.end_turn()
        game.run()


def answers_to_window(game: Game, player: str, number: int) -> list[Event]:
    """The Surprises the other players could answer the open window with, as events."""
    if game.window is None or game.winner:
        return []
    return [e for e in _listed(game, number) if e.player != player and _answers_chain(game, e)]
