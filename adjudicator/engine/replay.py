"""Feeding a scenario's events to the engine, in the order SCENARIO_FORMAT.md fixes.

For each event: close the open response window (the chain resolves), run every
forced step, answer a pending choice if the event is that answer, end the turn
or begin the next one if the event needs it, and only then apply the event.
An illegal event is logged as rejected and changes nothing.
"""

from __future__ import annotations

from adjudicator.engine.copies import bind_copies
from adjudicator.engine.copying import fork
from adjudicator.engine.game import Game
from adjudicator.cards.model import CardType
from adjudicator.engine.state import Phase
from adjudicator.errors import Illegal
from adjudicator.loading.scenario import Event, Scenario
from adjudicator.log import records as rec


def replay(scenario: Scenario) -> Game:
    game = Game(scenario)
    for event in scenario.events:
        if game.stopped:
            break
        apply_event(game, event)
    if not game.stopped:
        finish(game)
    return game


def apply_event(game: Game, event: Event) -> None:
    game.event_no = event.number
    event = bind_copies(game, event)  # a card the deck holds several copies of: the copy meant
    card = event.card
    if event.action == "play" and card is not None and card.type is CardType.SURPRISE and not game.stopped:
        if not game.is_active(event.player):
            game.make_forced_plays()  # a forced play comes first, and a Surprise may answer it
        if game.is_response(event.player, card):
            _respond(game, event)
            return
    game.close_window()
    if _answered_or_stopped(game, event):
        return
    _advance_turn(game, event)
    event = bind_copies(game, event)  # the turn may have moved on: bind again where it stands now
    if _answered_or_stopped(game, event):
        return
    try:
        if event.action == "play":
            game.play(event.player, event.card, event.choices)  # type: ignore[arg-type]
        elif event.action == "use":
            game.use(event.player, event.card, event.choices)  # type: ignore[arg-type]
        elif event.action in ("discard", "keep", "choose"):
            game.verify_not_over()
            game.answer(event)
        elif event.action == "join":
            game.join(event.player)
        else:
            game.drop_out(event.player)
    except Illegal as illegal:
        reject(game, event, illegal)
    game.run()


def _respond(game: Game, event: Event) -> None:
    """A Surprise answering the chain; one that cannot answer the open card may wait for the
    card it plays at once: that window closes, and the Surprise answers the new card."""
    while True:
        try:
            game.respond(event.player, event.card, event.choices)  # type: ignore[arg-type]
            return
        except Illegal as illegal:
            if not game.waits_for_played_card():
                reject(game, event, illegal)
                return
            game.close_one_window()


def reject(game: Game, event: Event, illegal: Illegal) -> None:
    game.step(rec.Rejected, player=event.player, what=_describe(event), code=illegal.code,
              reason=illegal.reason, rulings=illegal.rulings)


def _describe(event: Event) -> str:
    verb = {"play": "plays", "use": "uses", "discard": "discards", "keep": "keeps", "choose": "chooses",
            "join": "joins", "drop_out": "drops out"}[event.action]
    target = f" {event.card}" if event.card else ""
    if event.choices:
        target += (" -> " if event.card else " ") + ", ".join(map(str, event.choices))
    return verb + target


def _answered_or_stopped(game: Game, event: Event) -> bool:
    """With a choice pending, the event must answer it; otherwise the replay stops there."""
    if game.stopped:
        return True
    if not game.pending:
        return False
    try:
        game.verify_answer(event)
    except Illegal as illegal:
        if event.action in ("discard", "keep", "choose") and any(c.player == event.player for c in game.pending):
            reject(game, event, illegal)  # a wrong answer: rejected, still waiting
            return True
        stop(game, f"event {event.number} ({event.text}) came while the rules still wait for a choice")
        return True
    game.answer(event)
    return True


def _advance_turn(game: Game, event: Event) -> None:
    """End the turn when it is due and begin the next one when this event needs it."""
    if game.winner:
        return
    turn = game.turn
    if turn.phase is Phase.PLAY_OVER and not (event.player == turn.player and game.is_optional_free_action(event)):
        game.end_turn()
    if (turn is game.turn and game.turn.phase is Phase.OVER and not game.pending
            and event.action not in ("join", "drop_out") and _needs_next_turn(game, event)):
        game.begin_turn(game.next_player())
        game.run()
    if not (event.player == game.turn.player and event.action == "use"):
        game.make_forced_plays()  # First Play Random: due before anything but the player's free actions
        game.close_window()  # this event is no answer to the forced play: it resolves first


def _needs_next_turn(game: Game, event: Event) -> bool:
    """An event of the next player begins that player's turn; so does an answer to a choice
    that the start of that turn asks of someone else (a Creeper drawn there sends a Keeper over
    a limit, a forced first play raises one). Which it is, is tried on a copy of the game."""
    if event.player == game.next_player():
        return True
    if event.action not in ("discard", "keep", "choose"):
        return False
    trial = fork(game)
    trial.begin_turn(trial.next_player())
    trial.run()
    trial.make_forced_plays()
    trial.close_window()
    return any(c.player == event.player and event.action in c.answer_verbs for c in trial.pending)


def finish(game: Game) -> None:
    """The events have run out: resolve what is open and finish a turn whose plays are done."""
    game.event_no = None if not game.scenario.events else game.scenario.events[-1].number
    game.close_window()
    game.make_forced_plays()
    game.close_window()
    if not game.pending and not game.winner and game.turn.phase is Phase.PLAY_OVER:
        game.end_turn()
    if game.pending and not game.stopped:
        choice = game.pending[0]
        stop(game, f"the events ran out while {choice.player} must {choice.prompt}")


def stop(game: Game, reason: str) -> None:
    choice = game.pending[0] if game.pending else None
    if choice is not None:
        options = ", ".join(map(str, choice.options))
        reason += f"; needed: {choice.player} {'/'.join(choice.answer_verbs)} {choice.count} of: {options}"
    game.stopped = reason
    game.step(rec.Stopped, reason=reason, rulings=choice.rulings if choice else ())
