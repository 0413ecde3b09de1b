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

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from adjudicator.cards.kinds import REGISTRY, Kind, kind_of
from adjudicator.engine import solo
from adjudicator.engine.copying import chance_aside
from adjudicator.engine.game import Game
from adjudicator.model import records as rec
from adjudicator.model.cards import UNKNOWN, Card, CardType
from adjudicator.model.events import Event, Whose, one_line
from adjudicator.model.position import PendingChoice, Phase, Play

#: At most this many answers are offered for one choice (combinations grow fast).
MAX_ANSWERS = 40


# ------------------------------------------------------------------ events
def make_event(number: int, player: str, action: str, card: Card | None = None, choices: Sequence[Any] = ()) -> Event:
    """An Event as the loader builds it from the one-line form (its text said when asked)."""
    return Event.made(number, player, action, card, tuple(choices))


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
    item: dict[str, Any] = {"player": event.player, "action": event.action}
    if card is not None:
        item["card"] = card
    if choices:
        item["choices"] = choices
    if event.at_random:
        item["at_random"] = True
    if orders:
        item["shuffled"] = orders
    return item


#: What makes two listed events one (`_key`): player, action, card, the choices' names.
EventKey = tuple[str, str, Card | None, tuple[str, ...]]
#: What makes two pending choices one (`_choice_key`): player, prompt, the options' names, count.
ChoiceKey = tuple[str, str, tuple[str, ...], int]
#: The steps the replay takes before an event (`_route`): (player, sort) or ("forced plays",).
Route = tuple[str, ...]


def _key(event: Event) -> EventKey:
    """What makes two listed events one: the card itself (cards compare by identity), and the
    choices by name (names are unique; copies of one card named as a choice are one choice)."""
    choices = event.choices
    return event.player, event.action, event.card, tuple(map(str, choices)) if choices else ()


#: Events by their `_key`, in the order found: passed on whole, so that no key is made twice.
Keyed = dict[EventKey, Event]

#: The sorts of events, by the steps the replay takes before them: a free action (`use`),
#: a seat change (`seat`: join, drop out; never begins a turn), anything else (`play`,
#: which covers the answers too).
SORTS = ("play", "use", "seat")


def settle(game: Game, number: int, player: str | None = None, sort: str = "play") -> Game:
    """A copy of the game in the position event `number` of this sort meets when `player`
    sends it (None: only the window closed, as for any event). The copy is brought there by
    an event of that sort that the replay rejects once it has done those steps, and that
    can answer nothing: a play or use of the `?` card, or the joining of a seated player."""
    settled = game.copy()
    if player is None:
        settled.event_no = number
        settled.close_window()
        return settled
    probe = make_event(number, player, "join") if sort == "seat" else make_event(number, player, sort, UNKNOWN)
    settled.push(probe)
    return settled


def _route(now: Game, player: str, sort: str, forced_ends_plays: bool = False) -> Route | None:
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


def _begun(now: Game, settled: Game) -> str | None:
    """The player whose turn began between the two positions, if one did (it may be over
    already: a turn that began with nothing to play)."""
    began = [s.player for s in settled.steps[len(now.steps) :] if isinstance(s, rec.TurnBegan)]
    return began[-1] if began else None


# --------------------------------------------------------------- exploring
@dataclass
class Options:
    """What `explore` found: the legal events, and the pending choices no event can answer."""

    events: list[Event] = field(default_factory=list)
    #: Pending choices that some position needs answered and no event can answer.
    unanswerable: list[str] = field(default_factory=list)


def legal_events(
    game: Game,
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
    game parts ways, the copies taken down the other way that `push_next` may go on from."""
    return _explore(game, number, stated_choices, newcomers, advanced, ahead).events


def explore(game: Game, number: int, *, stated_choices: bool = True, newcomers: Sequence[str] | None = None) -> Options:
    """`legal_events`, with the pending choices that no event can answer."""
    return _explore(game, number, stated_choices, newcomers, None)


def _explore(
    game: Game,
    number: int,
    stated_choices: bool,
    newcomers: Sequence[str] | None,
    advanced: Advanced | None,
    ahead: Ahead | None = None,
) -> Options:
    found = _Found(number, stated_choices, newcomers)
    if game.stopped or game.winner or game.ended:
        return found.options()
    asked = advanced is None
    if advanced is None:
        position = game.copy()  # taken through the steps the next event forces, whatever it is
        advanced = advance(position, number)
    else:
        if advanced.number != number or advanced.stamp != _stamp(game):
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
            _gather(position, found, advanced=advanced),
            lambda e: (
                not (
                    e.action == "play"
                    and e.card is not None
                    and e.card.type is CardType.SURPRISE
                    and (e.player in answering or position.turns_begun != count and e.player != active)
                )
            ),
        )
    elif advanced.begun and position is not game and (position.winner or position.ended):
        # The steps that begin her turn end the game (a win, a Solo deck running out): `P begins`
        # is the event that takes them. A driver that advanced the game itself finds it over.
        found.add([make_event(number, advanced.begun[0], "begin_turn")])
    if newcomers is not None:
        _seat_changes(game, found)
    options = found.options()
    if asked:  # for people (`legal`, what-if): answers to the chain first, then player by player
        seats = {player: seat for seat, player in enumerate(game.players)}
        options.events.sort(
            key=lambda e: (
                _key(e) not in advanced.responses,
                e.action in ("join", "drop_out"),
                seats.get(e.player, len(seats)),
                ORDER.get(e.action, len(ORDER)),
            )
        )
    return options


def _plain(game: Game, advanced: Advanced) -> list[Event] | None:
    """The events of a driver's game that `advance` left where every event is judged as the
    position stands (no split, no answer to the chain): what `_gather` and `_explore` find
    there, in the same order, without their bookkeeping (the keys and filters that
    merging positions needs). None: not such a position, `_gather` finds them. A position where
    her free actions come before a forced play is one, when no play is forced after all."""
    split = advanced.split
    if split not in (None, "before forced play") or advanced.responses or game.stopped or game.winner or game.ended:
        return None
    begun = advanced.begun
    only = begun[0] if begun else None  # where turns began on the way, only her events (`_only_who_begins`)
    if begun and (len(begun) > 1 and any(player != only for player in begun)):
        return None
    if split is not None and _forced_play_due(game):
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
                    events.append(made(number, active, "play", card, ()))
        # her optional free actions are judged before her turn ended, not after (`_gather_on`'s `judged`)
        was_active = advanced.was_active if game.turn is not advanced.turn and not advanced.was_over else None
        known = advanced.usable
        for player in game.players:
            if only is not None and player != only:
                continue
            cards = known.get(player)
            for card in dict.fromkeys(game.usable(player) if cards is None else cards):
                event = made(number, player, "use", card, ())
                if player != was_active or not game.is_optional_free_action(event):
                    events.append(event)
    if only is not None:
        events.append(made(number, only, "begin_turn", None, ()))
    return events


def _plain_answers(game: Game, number: int) -> list[Event]:
    """`_Found.answers` for every player, one event per `_key` (the choices by name)."""
    found: dict[tuple[str, str, tuple[str, ...]], Event] = {}
    for choice in game.pending:
        for event in _answers(game, choice, number):
            found.setdefault((event.player, event.action, tuple(map(str, event.choices))), event)
    return list(found.values())


#: The order of a player's events in a listing for people.
ORDER = {"begin_turn": 0, "play": 1, "use": 2}


def _seat_changes(game: Game, found: _Found) -> None:
    """Players joining and dropping out: such an event never begins a turn, so it meets the
    position its own steps lead to (`settle`, one copy per route)."""
    now = settle(game, found.number) if game.window is not None else game
    if now.stopped or now.winner or now.ended or now.pending:
        return
    positions: dict[Route | None, Game] = {None: now}
    for player in now.players:
        route = _route(now, player, "seat")
        if route not in positions:
            positions[route] = settle(game, found.number, player, "seat")
        found.events_of(positions[route], player, "seat", game)


class _Found:
    def __init__(self, number: int, stated_choices: bool, newcomers: Sequence[str] | None) -> None:
        self.number = number
        self.stated_choices = stated_choices
        self.newcomers = list(newcomers or ())
        self.events: Keyed = {}
        self.needed: dict[ChoiceKey, PendingChoice] = {}  # described only if left unanswered
        self.answered: set[ChoiceKey] = set()
        self.ahead: Ahead | None = None  # the driver's: which events a copy met as push would

    def spawn(self) -> _Found:
        """An empty list of events found the same way, for a position further on: the choices
        needed and answered are one ledger for the whole search."""
        child = _Found(self.number, self.stated_choices, None)
        child.needed, child.answered, child.ahead = self.needed, self.answered, self.ahead
        return child

    def options(self) -> Options:
        missing = [_describe(choice) for key, choice in self.needed.items() if key not in self.answered]
        return Options(list(self.events.values()), missing)

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            self.events.setdefault(_key(event), event)

    def merge(self, events: Keyed, keep: Callable[[Event], bool] | None = None) -> None:
        """Add events found already (their keys made once), those that `keep` accepts."""
        for key, event in events.items():
            if keep is None or keep(event):
                self.events.setdefault(key, event)

    def events_of(
        self,
        game: Game,
        player: str,
        sort: str,
        before: Game,
        keep: Callable[[Event], bool] | None = None,
        begun: str | None = None,
    ) -> None:
        """player's events of one sort in the position they meet; `before` is the game
        before the window closes (a Surprise played then is an answer to the chain); `keep`:
        which of her free actions are judged there (None: all); `begun`: the player whose turn
        began on the way."""
        if game.winner or game.ended:
            return
        if game.pending:
            for choice in game.pending:
                self.needed.setdefault(_choice_key(choice), choice)
            if sort == "play":
                # What the start of a turn asks of someone else is answered by them, and their
                # answer is what begins that turn (replay._needs_next_turn).
                askers = [player, *(c.player for c in game.pending if begun is not None and c.player != begun)]
                self.answers(game, askers)
            return
        if sort == "use":
            self.add(e for e in self.uses(game, player) if keep is None or keep(e))
        elif sort == "play":
            self.add(
                e for e in self.plays(game, player) if e.card is not None and not before.is_response(player, e.card)
            )
        else:
            if len(game.players) > 1:
                self.add([make_event(self.number, player, "drop_out")])
            if not solo.is_solo(game):  # a game down to one player is Solo Fluxx: nobody jumps in (B-solo)
                self.add(make_event(self.number, name, "join") for name in self.newcomers if name not in game.players)

    # ------------------------------------------------------------- answers
    def answers(self, game: Game, players: Sequence[str]) -> None:
        for choice in game.pending:
            key = _choice_key(choice)
            self.needed.setdefault(key, choice)
            if choice.player not in players:
                continue
            events = list(_answers(game, choice, self.number))
            if events:
                self.answered.add(key)
                self.add(events)

    # ------------------------------------------------------------ responses
    def responses(self, game: Game) -> None:
        """Surprises answering the open chain: the replay tries them before the window closes."""
        if game.chain_top() is None:
            return  # nothing to answer: `verify_respond` refuses every card (after working out why)
        for player in game.players:
            if not game.surprise_answers(player):
                continue  # `is_response`, asked once per player: her Surprises are plays, not answers
            frame = game.temp_hands[-1] if game.temp_hands and game.is_active(player) else None
            for card in [*game.table.hands[player], *(frame.cards if frame else ())]:
                if card.type is not CardType.SURPRISE:
                    continue  # only a Surprise answers
                event = make_event(self.number, player, "play", card)
                if game.can_respond(player, card) or (game.waits_for_played_card() and _accepted(game, event)):
                    self.add([event])

    # ----------------------------------------------------- plays and uses
    def plays(self, game: Game, player: str) -> Iterator[Event]:
        for card in game.playable(player):
            yield make_event(self.number, player, "play", card)
            if self.stated_choices:
                yield from self._stated(game, player, "play", card)

    def uses(self, game: Game, player: str, usable: list[Card] | None = None) -> Iterator[Event]:
        """`usable`: player's `Game.usable` cards in game, where they are known already."""
        for card in game.usable(player) if usable is None else usable:
            yield make_event(self.number, player, "use", card)
            if self.stated_choices:
                yield from self._stated(game, player, "use", card)

    def _stated(self, game: Game, player: str, action: str, card: Card) -> Iterator[Event]:
        """The same play or use with `-> ...` answers, for a card whose kind checks them."""
        allowed = game.can_play if action == "play" else game.can_use
        specs = (
            kind_of(card).choices(game, Play(player=player, card=card, event=self.number))
            if action == "play" and card.kind in REGISTRY
            else None
        )
        if specs:
            # The kind declares its choices: its first one's picks, each checked by the engine.
            whose = told_apart(game, specs[0].options)
            for pick in islice(specs[0].selections(), MAX_ANSWERS):
                if allowed(player, card, list(pick)):
                    yield make_event(self.number, player, action, card, [whose.get(id(p), p) for p in pick])
            return
        if allowed(player, card, [UNKNOWN]):
            return  # the kind takes no stated choices (it would accept anything)
        trial = game.copy()
        trial.event_no = self.number
        if action == "play":
            trial.play(player, card)
            trial.close_window()
        else:
            trial.use(player, card)
            trial.run()
        asked = next((c for c in trial.pending if c.player == player), None)
        if asked is not None:
            candidates: Iterable[list[Any]] = (list(c) for c in asked.spec.selections())
            whose = told_apart(trial, asked.options)
        else:
            # Nothing asked: the choices are free-form (cards from the hand, ...): try each thing
            # on the table one by one, then all those accepted together.
            things: list[Any] = [
                *game.players,
                *game.table.hands[player],
                *game.table.rules,
                *game.table.goals,
                *(c for p in game.players for c in game.table.in_play[p]),
            ]
            singles = [[thing] for thing in things if allowed(player, card, [thing])]
            together = [[s[0] for s in singles]] if len(singles) > 1 else []
            candidates = [*singles, *together]
            whose = told_apart(game, things)
        for answers in islice(candidates, MAX_ANSWERS):
            if allowed(player, card, answers):
                yield make_event(self.number, player, action, card, [whose.get(id(a), a) for a in answers])


def _accepted(game: Game, event: Event) -> bool:
    """Whether the replay accepts event (tried on a copy)."""
    trial = game.copy()
    seen = len(trial.steps)
    trial.push(event)
    return not trial.stopped and not any(isinstance(s, rec.Rejected) for s in trial.steps[seen:])


def _answers(game: Game, choice: PendingChoice, number: int) -> Iterator[Event]:
    """The answers to choice that the engine accepts (each verb; `keep` names what stays).
    Each pick is made by the spec `Game.verify_answer` checks an answer with this verb against,
    which accepts every one of its `selections` (`ChoiceSpec.check`): what is left to ask the
    engine is only which choice the answer goes to."""
    for verb in choice.answer_verbs:
        spec = choice.spec_for(verb)
        if spec.count == 0 and choice.names_what_stays(verb):
            continue  # "keeps" with nothing named cannot be written
        # The only choice this answer could go to: no need to ask pick by pick.
        alone = [c for c in game.pending if c.player == choice.player and verb in c.answer_verbs] == [choice]
        whose = told_apart(game, choice.options)
        for given in islice(spec.selections(), MAX_ANSWERS):
            if alone or game.answered_choice(choice.player, verb, given) is choice:
                named = [whose.get(id(g), g) for g in given] if whose else given
                yield make_event(number, choice.player, verb, None, named)


def told_apart(game: Game, options: Sequence[Any]) -> dict[int, Whose]:
    """Copies of one card among options that different players hold or have in play (Bob's and
    Carol's Letter S): each is written `CARD of PLAYER`, since the bare name means either (by id)."""
    if not game.scenario.catalog.holds_copies:
        return {}
    by_name: dict[str, list[Card]] = {}
    for option in options:
        if isinstance(option, Card):
            by_name.setdefault(option.name, []).append(option)
    whose: dict[int, Whose] = {}
    for cards in by_name.values():
        if len(cards) < 2:
            continue
        owners = {id(card): holder(game, card) for card in cards}
        if len(set(owners.values())) > 1:
            whose.update((id(card), Whose(card, owner)) for card in cards if (owner := owners[id(card)]) is not None)
    return whose


def holder(game: Game, card: Card) -> str | None:
    """The player who holds card or has it in play (or in a temporary hand), if any."""
    table = game.table
    for player in game.players:
        if any(card is c for c in table.hands[player]) or any(card is c for c in table.in_play[player]):
            return player
    return next((f.player for f in game.temp_hands if any(card is c for c in f.cards)), None)


def _choice_key(choice: PendingChoice) -> ChoiceKey:
    return (choice.player, choice.prompt, tuple(map(str, choice.options)), choice.count)


def _describe(choice: PendingChoice) -> str:
    return f"{choice.player} must {choice.prompt} ({choice.count} of: {', '.join(map(str, choice.options))})"


# ---------------------------------------------------------- driving a game
def _forces_plays(game: Game) -> bool:
    """Whether a rule in play may force a play on the active player (First Play Random)."""
    return any(type(kind_of(rule)).forced_play is not Kind.forced_play for rule in game.table.rules)


def _forced_play_due(game: Game) -> bool:
    """Whether `make_forced_plays` may make a play now; False only when it surely makes none,
    so that no copy is made to find out: in the plain case (nothing else due, no card on its
    way) every rule in play is asked on the game itself, chance set aside (a rule draws at
    random the card it forces)."""
    turn = game.turn
    if (
        game.agenda
        or game.pending
        or game.window
        or game.being_played
        or game.temp_hands
        or game.winner
        or game.stopped
        or game.ended
        or turn.phase is not Phase.PLAY
    ):
        return True  # not the plain case: a copy finds out
    with chance_aside(game):
        return any(kind_of(rule).forced_play(game, rule) is not None for rule in list(game.table.rules))


def _others_use_any_time(game: Game, but: str) -> bool:
    """Whether a player other than `but` may use an any-time free action now (Taxes)."""
    return any(
        card.kind in REGISTRY and kind_of(card).any_time and game.can_use(player, card)
        for player in game.players
        if player != but
        for card in game.table.in_play[player]
    )


@dataclass
class Advanced:
    """What `advance` did to a game and found on the way, for `legal_events` to go on from."""

    number: int
    #: where the legal events part ways (None: all are judged in the position advance leaves)
    split: str | None
    #: the players whose turns advance began
    begun: list[str]
    #: the `Game.usable` cards worked out to find the parting of the ways, in the position left
    usable: dict[str, list[Card]]
    #: the turn as it was before (the Turn object, its player, whether it was over)
    turn: Any
    was_active: str
    was_over: bool
    turns_begun: int
    #: Surprises answering the open chain, judged before anything closed, and their players
    responses: Keyed
    answering: frozenset[str]
    #: the game as advance left it (`_stamp`): a game changed since is not the one advanced
    stamp: tuple[int | None, ...] = ()


def _stamp(game: Game) -> tuple[int | None, ...]:
    return game.table.clock.ticks, game.logged, len(game.move_stack), game.turns_begun, game.event_no


def advance(game: Game, number: int) -> Advanced:
    """Bring game through every step that event `number` will trigger whatever legal event it
    is -- the steps `Game.push` takes first -- and stop where the legal events part ways (a
    driver's step, like a push: `legal_events` itself never changes a game, it advances a copy).
    Nothing is done that the next push would not do, and the log is the same (its steps carry
    event number `number`). A Surprise of a player who may answer now is judged as an answer
    before anything closes (push): those are found first, on the position as it was."""
    answering = frozenset(player for player in game.players if game.surprise_answers(player))
    found = _Found(number, False, None)
    # The answers to an open window, as it stands: `_advance` asks that first (nobody answers: none).
    answers_now = found.events if game.window is not None else None
    if answering or game.agenda:
        found.responses(game)
        if (
            game.window is None
            and game.turn.phase is Phase.PLAY
            and not game.pending
            and (game.agenda or _forces_plays(game) and _forced_play_due(game))
        ):
            # What is still due (a forced play, the rest of an answered chain) opens a window
            # that Surprises may answer: judged on a copy that runs it.
            forced = game.copy()
            forced.make_forced_plays()
            if forced.window is not None:
                found.responses(forced)
    turn = game.turn
    advanced = Advanced(
        number, None, [], {}, turn, turn.player, turn.phase is Phase.OVER, game.turns_begun, found.events, answering
    )
    if not (game.stopped or game.winner or game.ended):
        advanced.split = _advance(game, number, advanced.begun, advanced.usable, answers_now)
    advanced.stamp = _stamp(game)
    return advanced


def _advance(
    game: Game, number: int, begun: list[str], usable: dict[str, list[Card]], answers_now: Keyed | None = None
) -> str | None:
    """`advance`'s steps. Returns None when every legal event is judged in the position as
    it stands, or where they part ways: "window" (someone can answer the open chain),
    "before forced play" (the active player's free actions come before a forced play),
    "before turn end" (her optional free actions come before the end of the turn), "before
    turn start" (someone else's any-time free action does not begin the next turn). The
    players whose turns it begins are added to `begun`; the active player's `Game.usable`
    cards, worked out to find a parting of the ways, to `usable` when advance stops there
    (the position they were worked out in is the one it leaves). `answers_now`: the answers to
    the window open as game stands, where known already."""
    game.event_no = number
    while not (game.stopped or game.winner or game.ended or game.pending):
        turn = game.turn
        if (
            turn.begun_by == number
            and turn.phase in (Phase.PLAY_OVER, Phase.OVER)
            and game.window is None
            and game.next_player() != turn.player
        ):
            # A turn begun on the way that its start played out (an empty hand, nothing to draw):
            # only `P begins` can come, and it stops there (push), so advance does too. When P plays
            # next again (Solo, an extra turn), her events go on into that turn, and so does advance.
            return None
        if game.window is not None:
            if answers_now is None:
                found = _Found(number, False, None)
                found.responses(game)
                answers_now = found.events
            if answers_now:
                return "window"
            answers_now = None  # asked again of any window that opens further on
            game.close_window()
        elif turn.phase is Phase.PLAY:
            if _forces_plays(game) and not game.being_played and not game.temp_hands:
                cards = game.usable(turn.player)
                if cards:
                    usable[turn.player] = cards
                    return "before forced play"
                game.make_forced_plays()
                if game.window is not None:
                    return "forced play"  # push makes it right before judging the event, and goes no further
            return None
        elif turn.phase is Phase.PLAY_OVER:
            cards = game.usable(turn.player)
            if any(not kind_of(card).needs_a_play(game, card) for card in cards):
                usable[turn.player] = cards
                return "before turn end"
            game.end_turn()
        elif turn.phase is Phase.OVER:
            following = game.next_player()
            if _others_use_any_time(game, following):
                return "before turn start"
            game.begin_turn(following)
            game.run()
            begun.append(following)
        else:
            return None
    return "window" if game.window is not None and not game.stopped else None


def next_events(game: Game, number: int, ahead: Ahead | None = None) -> list[Event]:
    """For a driver that goes on to push one of them (`simulate`, the benchmarks): the game is
    advanced (`advance`, which changes only what the next push would change), then its legal
    events are read off it (`legal_events`, which changes nothing). Plays and uses are offered
    bare: the engine asks for what they need. None when the advance ended the game.
    `ahead` (emptied first): for `push_next`, the copies the listing took where the ways part."""
    if ahead is not None:
        ahead.clear()
    events = legal_events(game, number, stated_choices=False, advanced=advance(game, number), ahead=ahead)
    if ahead:  # only the events listed: a copy's events that another position's took the place of go
        listed, stamp = {id(event) for event in events}, _stamp(game)
        for key, (event, copy, _) in list(ahead.items()):
            if key in listed:
                ahead[key] = (event, copy, stamp)  # the game as listed: `push_next` takes a copy for no other
            else:
                del ahead[key]
    return events


#: Events listed by `next_events` (by id, with the event) that were judged in a copy of the game
#: brought where push brings the game before that event: push may go on from the copy, if the
#: game is still as it was listed (its `_stamp`).
Ahead = dict[int, tuple[Event, Game, tuple[int | None, ...]]]


def push_next(game: Game, event: Event, ahead: Ahead) -> None:
    """Push one of the events `next_events` just listed for game, as `Game.push` does. Where the
    listing took a copy down the way this event goes (the window closed, a forced play made, the
    turn ended, the next one begun: `_gather_on`, `_keep_ahead`), push would take those very
    steps again: the game takes the copy's position instead, as `Game.pop` takes a snapshot's,
    and push goes on from there. A game that keeps an undo stack is pushed as it stands (its
    snapshot must be the position before the event), and so is one changed since it was listed."""
    found = ahead.get(id(event))
    ahead.clear()
    if found is not None and found[0] is event and game.undo is None and found[2] == _stamp(game):
        game.__dict__ = found[1].__dict__  # the copy is nobody else's: its fields become the game's
    game.push(event)


def _gather(
    game: Game,
    parent: _Found,
    before: Sequence[str] = (),
    advanced: Advanced | None = None,
    seen: Seen | None = None,
) -> Keyed:
    """The legal events after advancing game (`advanced`: game was advanced already, by the
    caller, and is not to be changed); at a parting of the ways, the events judged as the
    position stands plus those of one copy taken down the other way. Where a turn was begun on
    the way (on either way), `P begins` is among them: it does what every event of hers does
    first, and no more (a forced play due waits for her next event). `before`: the players whose
    turns were begun on the way to game (`_only_who_begins`). `seen`: told where the events were
    read as the position stood, and whose turns were begun on the way there (`_keep_ahead`)."""
    begun = list(before) if advanced is None else list(advanced.begun)
    events = _gather_on(game, parent, begun, advanced, seen)
    if begun and not (game.winner or game.stopped or game.ended):  # what her turn's start asks waits for its answer
        begins = make_event(parent.number, begun[0], "begin_turn")
        events.setdefault(_key(begins), begins)
    return events


def _gather_on(
    game: Game, parent: _Found, begun: list[str], advanced: Advanced | None = None, seen: Seen | None = None
) -> Keyed:
    """`_gather` but `P begins`; the players whose turns were begun on the way are added to `begun`."""
    number = parent.number
    if advanced is None:  # a copy of the search's own: advanced here
        was_active, turn, was_over = game.turn.player, game.turn, game.turn.phase is Phase.OVER
        usable: dict[str, list[Card]] = {}  # what advance worked out in the position it leaves
        split = _advance(game, number, begun, usable)
    else:
        was_active, turn, was_over = advanced.was_active, advanced.turn, advanced.was_over
        usable, split = advanced.usable, advanced.split
        if split == "forced play":
            game = game.copy()  # push goes on from there (`_after_forced_play`): on a copy, not the caller's game

    def judged(events: Keyed) -> Keyed:
        if game.turn is not turn and not was_over:
            # Push judges the optional free actions of the player whose turn it was in that turn,
            # before its end (`_advance_turn`): not in her next one, when she goes again. (A turn
            # already over when the event came is not hers to act in any more.)
            events = {
                k: e for k, e in events.items() if not (e.player == was_active and game.is_optional_free_action(e))
            }
        return _only_who_begins(begun, events)

    found = parent.spawn()
    if game.stopped or game.winner or game.ended:
        return {}
    if split == "forced play":
        taken: Seen | None = [] if found.ahead is not None and advanced is not None else None  # the driver's game
        _after_forced_play(game, found, begun, taken)
        _keep_ahead(found, found.events, taken, game.turn.player, forced=True)
        return judged(found.events)
    if split == "before forced play" and not _forced_play_due(game):
        split = None  # no play is forced now after all: the position stands as it is
    other_way = game.copy() if split is not None else game
    if split == "before forced play":
        other_way.make_forced_plays()
        if other_way.logged == game.logged:
            split = None  # the rule asked said it might force one; it did not
    if split is None:
        _read(game, found, usable)
        if seen is not None and advanced is None:
            seen.append((game, begun))
        return judged(found.events)
    active = game.turn.player
    taken = [] if found.ahead is not None and advanced is not None else None  # the driver's own game parts ways
    if split == "window":
        found.responses(game)  # answers to the chain, judged before it closes
        other_way.close_window()
        rest = _gather(other_way, found, begun, seen=taken)
        found.merge(rest)
        _keep_ahead(found, rest, taken, active)
    elif split == "before forced play":
        found.add(found.uses(game, active, usable.get(active)))  # her free actions: no forced play before them
        forced = found.spawn()
        _after_forced_play(other_way, forced, begun, taken)
        found.merge(forced.events, lambda e: not (e.player == active and e.action == "use"))
        _keep_ahead(found, forced.events, taken, active, forced=True)
    elif split == "before turn end":
        mine = [e for e in found.uses(game, active, usable.get(active)) if game.is_optional_free_action(e)]
        found.add(mine)  # judged before the end-of-turn events
        other_way.end_turn()
        rest = _gather(other_way, found, begun, seen=taken)
        found.merge(rest, lambda e: not (e.player == active and game.is_optional_free_action(e)))
        _keep_ahead(found, rest, taken, active)
    else:  # "before turn start"
        following = game.next_player()
        found.add(e for p in game.players if p != following for e in found.uses(game, p))
        other_way.begin_turn(following)
        other_way.run()
        found.merge(_gather(other_way, found, [*begun, following]))
        if not (other_way.winner or other_way.stopped or other_way.ended):
            found.add([make_event(number, following, "begin_turn")])  # her event begins it: `P begins` too
    return judged(found.events)


def _read(game: Game, found: _Found, usable: dict[str, list[Card]] | None = None) -> None:
    """The events of a position judged as it stands: answers to what is asked, or plays and uses
    (`usable`: the `Game.usable` cards of players, where known already)."""
    if game.pending:
        found.answers(game, game.players)
    elif not (game.stopped or game.winner or game.ended):
        found.add(found.plays(game, game.turn.player))
        known = usable or {}
        for player in game.players:
            found.add(found.uses(game, player, known.get(player)))


def _after_forced_play(game: Game, found: _Found, begun: list[str], seen: Seen | None = None) -> None:
    """Push makes a forced play right before it judges the event and closes its window unless
    the event answers it: answers to the forced play, then the rest. When the forced play has
    used up the plays or ended the turn (a Goal claimed under Keep Going), push ends the turn
    before the event too (and may begin the next), as `_gather` goes on from there. The active player's free actions are never among them:
    push judges those before any forced play, when she had none (`advance`). `seen`: as `_gather`'s."""
    active = game.turn.player
    if game.window is not None:
        found.responses(game)
        game = game.copy() if found.events else game
        game.close_window()
    if game.turn.phase in (Phase.PLAY_OVER, Phase.OVER) and not game.pending:
        # the forced play used up the plays, or ended the turn (a Goal claimed under Keep Going)
        rest = _gather(game, found, begun, seen=seen)
    else:
        after = found.spawn()
        _read(game, after)
        rest = after.events
        if seen is not None:
            seen.append((game, begun))
    found.merge(rest, lambda e: not (e.player == active and e.action == "use"))


#: Where `_gather` read the events of a copy as it stood, and whose turns were begun on the way.
Seen = list[tuple[Game, list[str]]]


def _keep_ahead(found: _Found, events: Keyed, taken: Seen | None, active: str, forced: bool = False) -> None:
    """The driver's game parted ways in `active`'s turn, and `events` were read on a copy taken
    down the other way, as it stood (`taken`, told by `_gather`): push brings the game itself to
    that copy's position before any of them that begins no turn but its player's
    (`_only_who_begins`), so `push_next` may go on from the copy. Not a Surprise of another
    player than `active`: push may take it as an answer, or make a forced play first, before the
    window closes. Nor, where a forced play was made on the way (`forced`), `P begins`: push
    leaves that play open to answers."""
    if not taken or found.ahead is None:
        return
    position, begun = taken[0]
    for event in events.values():
        card = event.card
        if card is not None and card.type is CardType.SURPRISE and event.action == "play" and event.player != active:
            continue
        if forced and event.action == "begin_turn":
            continue
        if all(player == event.player for player in begun):
            found.ahead[id(event)] = (event, position, ())  # the game's stamp: set by `next_events`


def _only_who_begins(begun: list[str], events: Keyed) -> Keyed:
    """Where turns were begun on the way, only an event of their player begins them (push) --
    or, where one turn was, an answer to what its start asks, which begins that turn alone
    (`Game._needs_next_turn`): nobody else's event comes after that point."""
    if not begun:
        return events
    return {
        k: e
        for k, e in events.items()
        if all(player == e.player for player in begun)
        or (len(begun) == 1 and e.action in ("discard", "keep", "choose"))
    }
