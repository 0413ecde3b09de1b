"""One handler for each action an event takes (`Action`, model/events.py): how it is checked and
how it is carried out, once the event has come through the order the contract fixes
(`EventOrder.push`: the window closed, the turn moved on, the copies bound).

A new action is a member of `Action` and a `Handler` here: the table is checked whole when this
module is imported, so an action without a handler fails at once, not when first taken.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from adjudicator.model.errors import Illegal
from adjudicator.model.events import Action, Event

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView


def _nothing_to_check(game: GameView, event: Event) -> None:
    """An event whose legality only taking it shows (joining, dropping out, a turn begun, a claim)."""


def _verify_play(game: GameView, event: Event) -> None:
    card = event.card
    if card is None:
        return  # refused when taken, with the reason (a play names a card)
    if game.is_response(event.player, card):
        game.verify_respond(event.player, card, event.choices)
    else:
        game.verify_play(event.player, card, event.choices)


def _play(game: GameView, event: Event, listed: bool) -> None:
    game.play(event.player, event.card, event.choices, verified=listed)  # type: ignore[arg-type]  # a play names a card


def _verify_use(game: GameView, event: Event) -> None:
    if event.card is not None:
        game.verify_use(event.player, event.card, event.choices)


def _use(game: GameView, event: Event, listed: bool) -> None:
    game.use(event.player, event.card, event.choices, verified=listed)  # type: ignore[arg-type]  # so does a use


def _verify_answer(game: GameView, event: Event) -> None:
    game.verify_answer(event)


def _answer(game: GameView, event: Event, listed: bool) -> None:
    game.verify_not_over()
    game.answer(event)


def _discard(game: GameView, event: Event, listed: bool) -> None:
    if game.house_rules.may_discard and not game.pending:
        game.discard_at_will(event.player, event.choices)  # house rule: discarding at will
    else:
        _answer(game, event, listed)


def _join(game: GameView, event: Event, listed: bool) -> None:
    game.join(event.player)


def _drop_out(game: GameView, event: Event, listed: bool) -> None:
    game.drop_out(event.player)


def _begin_turn(game: GameView, event: Event, listed: bool) -> None:
    # `P begins` that reaches here began no turn: say why
    raise game._not_begun(event.player)


def _decline(game: GameView, event: Event, listed: bool) -> None:
    # taken before the window closes: push sends it here first (`EventOrder.decline`)
    game.decline(event)


def _spell(game: GameView, event: Event, listed: bool) -> None:
    game.verify_claim(event.player, event.choices)


@dataclass(frozen=True)
class Handler:
    """What the engine does with an event of one action."""

    #: Raise `Illegal` when the event cannot be taken now, changing nothing (the generator and
    #: copy binding ask it on the game as it stands).
    verify: Callable[[GameView, Event], None]
    #: Take the event (raising `Illegal` when it cannot be): the game changes. Its flag: the event is
    #: one the game's decision listed, in the position it was listed in (`EventOrder.push`), so
    #: what `verify` checks holds and is not checked again (python-chess trusts a generated move).
    apply: Callable[[GameView, Event, bool], None]


HANDLERS: Mapping[Action, Handler] = MappingProxyType(
    {
        Action.PLAY: Handler(_verify_play, _play),
        Action.USE: Handler(_verify_use, _use),
        Action.DISCARD: Handler(_verify_answer, _discard),
        Action.KEEP: Handler(_verify_answer, _answer),
        Action.CHOOSE: Handler(_verify_answer, _answer),
        Action.JOIN: Handler(_nothing_to_check, _join),
        Action.DROP_OUT: Handler(_nothing_to_check, _drop_out),
        Action.SPELL: Handler(_nothing_to_check, _spell),
        Action.BEGIN_TURN: Handler(_nothing_to_check, _begin_turn),
        Action.DECLINE: Handler(_nothing_to_check, _decline),
    }
)
_missing = set(Action) - set(HANDLERS)
if _missing:  # pragma: no cover - a new action without its handler
    raise RuntimeError(f"no handler for the actions {sorted(_missing)} (engine/actions.py)")


def accepted(game: GameView, event: Event) -> bool:
    """Whether the event's handler finds it legal on the game as it stands."""
    try:
        HANDLERS[event.action].verify(game, event)
    except Illegal:
        return False
    return True
