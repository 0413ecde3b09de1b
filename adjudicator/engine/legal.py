"""The events the players may legally send now, in the spirit of python-chess's `board.legal_moves`.

An event is judged in the position the replay applies it in (`Game.push`). A
Surprise answering the open chain is judged before the window closes; anything else after
it has closed and its chain resolved, and after the steps the replay takes for that sort
of event: at the end of a play phase the turn ends first (unless the event is an optional
free action of the active player), after a turn the next one begins first when the event
is the next player's, and forced plays (First Play Random) come before anything but the
active player's free actions (another player's Surprise meets the forced play's window). Those steps depend only on the position and on the sort of
event and who sends it, so they are run on copies of the game (`Game.copy`, `settle`); the game
itself is never changed.

Legality is the engine's own: `can_play`, `can_use`, `can_respond` and `verify_answer`.
The generator knows no card: a play or use is offered bare (the engine then asks, and the
answers to that pending choice are offered next), and, for a card whose kind checks stated
choices, also with `-> ...` answers taken from what the engine asks when it is played bare.
Every event is a loader-shaped `Event` (number, text), so a game played this way can be
written out as a scenario file (`scenario_item`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from adjudicator.engine.advancing import DECLINING, advance, answers_what_was_open, come_to_rest, declinable, gather
from adjudicator.engine.listing import MAX_ANSWERS, Found, Options, event_key, make_event
from adjudicator.model import records as rec
from adjudicator.model.cards import UNKNOWN
from adjudicator.model.events import Action, Event, one_line
from adjudicator.model.position import Phase

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView  # a game is handed in: never made here

__all__ = [
    "MAX_ANSWERS",
    "Options",
    "advance",
    "explore",
    "legal_events",
    "make_event",
    "scenario_item",
    "what_declining_does",
    "settle",
]


def scenario_item(event: Event, named: Callable[[Any], str] = str) -> str | dict[str, Any]:
    """The event as a scenario file writes it: the one-line form, or the mapping form when a
    name in its lists contains a comma (the one-line lists split on commas). `named`: how a card
    or choice is written (a scenario with decks that print one name twice names the deck)."""
    card = None if event.card is None else named(event.card)
    choices = [named(choice) for choice in event.choices]
    orders = [[named(card) for card in order] for order in event.shuffled]
    if not any("," in name for name in [*choices, *(name for order in orders for name in order)]):
        if named is str:
            return event.text
        return one_line(event.player, event.action, card, tuple(choices), event.at_random, tuple(map(tuple, orders)))
    item: dict[str, Any] = {"player": event.player, "action": str(event.action)}
    if card is not None:
        item["card"] = card
    if choices:
        item["choices"] = choices
    if event.at_random:
        item["at_random"] = True
    if orders:
        item["shuffled"] = orders
    return item


#: The steps the replay takes before an event (`_route`): (player, sort) or ("forced plays",).
Route = tuple[str, ...]


#: The sorts of events, by the steps the replay takes before them: a free action (`use`),
#: a seat change (`seat`: join, drop out; never begins a turn), anything else (`play`,
#: which covers the answers too).
SORTS = ("play", "use", "seat")


def settle(game: GameView, number: int, player: str | None = None, sort: str = "play") -> GameView:
    """A copy of the game in the position event `number` of this sort meets when `player`
    sends it (None: only the window closed, as for any event). The copy is brought there by
    an event of that sort that the replay rejects once it has done those steps, and that
    can answer nothing: a play or use of the `?` card, or the joining of a seated player."""
    settled = game.copy()
    if player is None:
        settled.event_no = number
        settled.close_window()
        return settled
    probe = (
        make_event(number, player, Action.JOIN)
        if sort == "seat"
        else make_event(number, player, Action.PLAY if sort == "play" else Action.USE, UNKNOWN)
    )
    settled.push(probe)
    return settled


def _route(now: GameView, player: str, sort: str, forced_ends_plays: bool = False) -> Route | None:
    """Which steps the replay takes before an event of player once the window is closed
    (None: none). Equal routes meet equal positions. Around a turn's end who plays next is
    only known once it has ended (missed turns, extra turns), so there each player and sort
    has a route of its own; so too when a forced play due now ends the play phase."""
    turn = now.turn
    if turn.phase is Phase.PLAY_OVER and player == turn.player and sort == "use":
        return None  # her optional free actions come before the end-of-turn events
    if turn.phase in (Phase.PLAY_OVER, Phase.OVER):
        if turn.phase is Phase.OVER and (sort == "seat" or player != now.next_player()):
            return None  # the turn is over and this event does not begin the next one
        return player, sort
    if turn.phase is Phase.PLAY and not (player == turn.player and sort == "use"):
        return (player, sort) if forced_ends_plays else ("forced plays",)  # else the same for every player
    return None


def _begun(now: GameView, settled: GameView) -> str | None:
    """The player whose turn began between the two positions, if one did (it may be over
    already: a turn that began with nothing to play)."""
    began = [s.player for s in settled.steps[len(now.steps) :] if isinstance(s, rec.TurnBegan)]
    return began[-1] if began else None


# --------------------------------------------------------------- exploring
def legal_events(
    game: GameView, number: int, *, stated_choices: bool = True, newcomers: Sequence[str] | None = None
) -> list[Event]:
    """Every legal event numbered `number` in the game as it stands, which is never changed: for
    people (`legal`, what-if, `explore`). Past the decision the game rests at (`Game.decision`,
    which a driver reads), it looks ahead: where the game waits for someone who may let it go on
    (`P declines`), the events after that way are listed too when pushing them now means the
    same (the window closes first, the turn ends first: a copy is taken down that way).
    `stated_choices`: also offer plays and uses with `-> ...` answers. `newcomers`: offer seat
    changes too: these players joining, and every seated player dropping out."""
    return _explore(game, number, stated_choices, newcomers).events


def explore(
    game: GameView, number: int, *, stated_choices: bool = True, newcomers: Sequence[str] | None = None
) -> Options:
    """`legal_events`, with the pending choices that no event can answer."""
    return _explore(game, number, stated_choices, newcomers)


def _explore(game: GameView, number: int, stated_choices: bool, newcomers: Sequence[str] | None) -> Options:
    found = Found(number, stated_choices, newcomers)
    if game.stopped or game.winner or game.ended:
        return found.options()
    position = game.copy()  # taken through the steps the next event forces, whatever it is
    advanced = advance(position, number)
    found.merge(advanced.responses)
    if not (position.stopped or position.winner or position.ended):
        count, active, answering = advanced.turns_begun, position.turn.player, advanced.answering
        declines = declinable(position, advanced.split)
        turn_changed = position.turns_begun != count
        found.merge(
            gather(position, found, advanced=advanced),
            lambda e: not answers_what_was_open(e, answering, turn_changed, active),
        )
        if declines:  # letting the game go on where it waits is an event too
            begun = advanced.begun
            found.add([make_event(number, begun[0] if begun else position.turn.player, Action.DECLINE)])
    elif advanced.begun and (position.winner or position.ended):
        # The steps that begin her turn end the game (a win, a Solo deck running out): `P begins`
        # is the event that takes them.
        found.add([make_event(number, advanced.begun[0], Action.BEGIN_TURN)])
    if newcomers is not None:
        _seat_changes(game, found)
    options = found.options()
    # answers to the chain first, then player by player
    seats = {player: seat for seat, player in enumerate(game.players)}
    options.events.sort(
        key=lambda e: (
            event_key(e) not in advanced.responses,
            e.action in (Action.JOIN, Action.DROP_OUT),
            seats.get(e.player, len(seats)),
            ORDER.get(e.action, len(ORDER)),
        )
    )
    return options


def what_declining_does(game: GameView, number: int) -> str | None:
    """What `P declines` would do as event `number` (None: it is not legal now), in words."""
    if game.is_over:
        return None
    ahead = game.copy()
    split, _ = come_to_rest(ahead, number, [], {})
    return DECLINING[split][0] if split is not None and declinable(ahead, split) else None


#: The order of a player's events in a listing for people.
ORDER = {"begin_turn": 0, "play": 1, "use": 2, "decline": 3}


def _seat_changes(game: GameView, found: Found) -> None:
    """Players joining and dropping out: such an event never begins a turn, so it meets the
    position its own steps lead to (`settle`, one copy per route)."""
    now = settle(game, found.number) if game.window is not None else game
    if now.stopped or now.winner or now.ended or now.pending:
        return
    positions: dict[Route | None, GameView] = {None: now}
    for player in now.players:
        route = _route(now, player, "seat")
        if route not in positions:
            positions[route] = settle(game, found.number, player, "seat")
        found.events_of(positions[route], player, "seat", game)
