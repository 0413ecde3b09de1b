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

from adjudicator.engine import advancing
from adjudicator.engine.advancing import Advanced, advance, gather, stamp
from adjudicator.engine.listing import MAX_ANSWERS, Ahead, Found, Options, answers_to, event_key, make_event
from adjudicator.model import records as rec
from adjudicator.model.cards import UNKNOWN, CardType
from adjudicator.model.events import Action, Event, one_line
from adjudicator.model.position import Phase

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView  # a game is handed in: never made here

__all__ = [
    "MAX_ANSWERS",
    "Ahead",
    "Options",
    "advance",
    "explore",
    "legal_events",
    "make_event",
    "next_events",
    "scenario_item",
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
    game: GameView,
    number: int,
    *,
    stated_choices: bool = True,
    newcomers: Sequence[str] | None = None,
    advanced: Advanced | None = None,
    ahead: Ahead | None = None,
) -> list[Event]:
    """Every legal event numbered `number` in the game as it stands, which is never changed: the
    one generator, behind `explore`, `legal`, what-if, `next_events` and `simulate`.
    `stated_choices`: also offer plays and uses with `-> ...` answers. `newcomers`: offer seat
    changes too: these players joining, and every seated player dropping out. `advanced`: what
    `advance` found when the driver took this very game through the steps the next event forces
    anyway (so the generator need not take a copy there itself). `ahead`: where the driver's
    game parts ways, the copies taken down the other way that `take_listed` may go on from."""
    return _explore(game, number, stated_choices, newcomers, advanced, ahead).events


def explore(
    game: GameView, number: int, *, stated_choices: bool = True, newcomers: Sequence[str] | None = None
) -> Options:
    """`legal_events`, with the pending choices that no event can answer."""
    return _explore(game, number, stated_choices, newcomers, None)


def _explore(
    game: GameView,
    number: int,
    stated_choices: bool,
    newcomers: Sequence[str] | None,
    advanced: Advanced | None,
    ahead: Ahead | None = None,
) -> Options:
    found = Found(number, stated_choices, newcomers)
    if game.stopped or game.winner or game.ended:
        return found.options()
    asked = advanced is None
    if advanced is None:
        position = game.copy()  # taken through the steps the next event forces, whatever it is
        advanced = advance(position, number)
    else:
        if advanced.number != number or advanced.stamp != stamp(game):
            raise ValueError(f"the game has changed since it was advanced for event {advanced.number}")
        position = game
        found.ahead = ahead
        if newcomers is None and not stated_choices:
            plain = _plain(game, advanced)
            if plain is not None:
                return Options(plain)
    found.merge(advanced.responses)
    if not (position.stopped or position.winner or position.ended):
        count, active, answering = advanced.turns_begun, position.turn.player, advanced.answering
        found.merge(
            gather(position, found, advanced=advanced),
            lambda e: (
                not (
                    e.action == Action.PLAY
                    and e.card is not None
                    and e.card.type is CardType.SURPRISE
                    and (e.player in answering or position.turns_begun != count and e.player != active)
                )
            ),
        )
    elif advanced.begun and position is not game and (position.winner or position.ended):
        # The steps that begin her turn end the game (a win, a Solo deck running out): `P begins`
        # is the event that takes them. A driver that advanced the game itself finds it over.
        found.add([make_event(number, advanced.begun[0], Action.BEGIN_TURN)])
    if newcomers is not None:
        _seat_changes(game, found)
    options = found.options()
    if asked:  # for people (`legal`, what-if): answers to the chain first, then player by player
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


def _plain(game: GameView, advanced: Advanced) -> list[Event] | None:
    """The events of a driver's game that `advance` left where every event is judged as the
    position stands (no split, no answer to the chain): what `gather` and `_explore` find
    there, in the same order, without their bookkeeping (the keys and filters that
    merging positions needs). None: not such a position, `gather` finds them. A position where
    her free actions come before a forced play is one, when no play is forced after all."""
    split = advanced.split
    if split not in (None, "before forced play") or advanced.responses or game.stopped or game.winner or game.ended:
        return None
    begun = advanced.begun
    only = begun[0] if begun else None  # where turns began on the way, only her events (`_only_who_begins`)
    if begun and (len(begun) > 1 and any(player != only for player in begun)):
        return None
    if split is not None and advancing.forced_play_due(game):
        return None  # (`_gather_on`: a copy goes down the way of the forced play)
    number = advanced.number
    made = Event.made
    if game.pending:
        events = _plain_answers(game, number)
        if len(begun) > 1:  # one player's turns, begun one after the other: only her answers
            events = [event for event in events if event.player == only]
    else:
        events = []
        active = game.turn.player
        if only is None or only == active:
            # a Surprise of a player who answers the chain is no play of hers (`_explore`'s `keep`)
            answers_chain = active in advanced.answering
            for card in dict.fromkeys(game.playable(active)):
                if not (answers_chain and card.type is CardType.SURPRISE):
                    events.append(made(number, active, Action.PLAY, card, ()))
        # her optional free actions are judged before her turn ended, not after (`_gather_on`'s `judged`)
        was_active = advanced.was_active if game.turn is not advanced.turn and not advanced.was_over else None
        known = advanced.usable
        for player in game.players:
            if only is not None and player != only:
                continue
            cards = known.get(player)
            for card in dict.fromkeys(game.usable(player) if cards is None else cards):
                event = made(number, player, Action.USE, card, ())
                if player != was_active or not game.is_optional_free_action(event):
                    events.append(event)
    if only is not None:
        events.append(made(number, only, Action.BEGIN_TURN, None, ()))
    return events


def _plain_answers(game: GameView, number: int) -> list[Event]:
    """`Found.answers` for every player, one event per `event_key` (the choices by name)."""
    found: dict[tuple[str, str, tuple[str, ...]], Event] = {}
    for choice in game.pending:
        for event in answers_to(game, choice, number):
            found.setdefault((event.player, event.action, tuple(map(str, event.choices))), event)
    return list(found.values())


#: The order of a player's events in a listing for people.
ORDER = {"begin_turn": 0, "play": 1, "use": 2}


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


def next_events(game: GameView, number: int, ahead: Ahead | None = None) -> list[Event]:
    """For a driver that goes on to push one of them (`simulate`, the benchmarks): the game is
    advanced (`advance`, which changes only what the next push would change), then its legal
    events are read off it (`legal_events`, which changes nothing). Plays and uses are offered
    bare: the engine asks for what they need. None when the advance ended the game.
    `ahead` (emptied first): for `take_listed`, the copies the listing took where the ways part."""
    if ahead is not None:
        ahead.clear()
    events = legal_events(game, number, stated_choices=False, advanced=advance(game, number), ahead=ahead)
    if ahead:  # only the events listed: a copy's events that another position's took the place of go
        listed, listed_at = {id(event) for event in events}, stamp(game)
        for key, (event, copy, _) in list(ahead.items()):
            if key in listed:
                ahead[key] = (event, copy, listed_at)  # the game as listed: `take_listed` takes a copy for no other
            else:
                del ahead[key]
    return events
