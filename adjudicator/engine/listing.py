"""The pieces of a listing of legal events (`legal.py`): events as the loader makes them, what
makes two of them one, and `Found`, the ledger a listing keeps -- the events found so far, the
choices asked and answered -- with the engine's own tests of what a player may do (a play, a
use with its stated choices, an answer to a choice, a Surprise answering the chain)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from adjudicator.cards.kinds import REGISTRY, kind_of
from adjudicator.engine import solo
from adjudicator.model import records as rec
from adjudicator.model.cards import UNKNOWN, Card, CardType
from adjudicator.model.decision import Group, LegalEvents
from adjudicator.model.events import Action, Event, Whose
from adjudicator.model.position import PendingChoice, Play

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView  # a game is handed in: never made here


#: At most this many answers are offered for one choice (combinations grow fast).
MAX_ANSWERS = 40
#: read once (an Enum member read off its class is a lookup each time): `responding` runs at every window
_SURPRISE, _PLAY = CardType.SURPRISE, Action.PLAY
_TYPE = attrgetter("type")  # a card's type, read in C (`responding`)


# ------------------------------------------------------------------ events
def make_event(
    number: int, player: str, action: Action, card: Card | None = None, choices: Sequence[Any] = ()
) -> Event:
    """An Event as the loader builds it from the one-line form (its text said when asked)."""
    return Event.made(number, player, action, card, tuple(choices))


#: What makes two listed events one (`event_key`): player, action, card, the choices' names.
EventKey = tuple[str, str, Card | None, tuple[str, ...]]
#: What makes two pending choices one (`choice_key`): player, prompt, the options' names, count.
ChoiceKey = tuple[str, str, tuple[str, ...], int]


def event_key(event: Event) -> EventKey:
    """What makes two listed events one: the card itself (cards compare by identity), and the
    choices by name (names are unique; copies of one card named as a choice are one choice)."""
    choices = event.choices
    return event.player, event.action, event.card, tuple(map(str, choices)) if choices else ()


#: Events by their `event_key`, in the order found: passed on whole, so that no key is made twice.
Keyed = dict[EventKey, Event]


@dataclass
class Options:
    """What `explore` found: the legal events, and the pending choices no event can answer."""

    events: list[Event] = field(default_factory=list)
    #: Pending choices that some position needs answered and no event can answer.
    unanswerable: list[str] = field(default_factory=list)


class Found:
    def __init__(self, number: int, stated_choices: bool, newcomers: Sequence[str] | None) -> None:
        self.number = number
        self.stated_choices = stated_choices
        self.newcomers = list(newcomers or ())
        self.events: Keyed = {}
        self.needed: dict[ChoiceKey, PendingChoice] = {}  # described only if left unanswered
        self.answered: set[ChoiceKey] = set()

    def spawn(self) -> Found:
        """An empty list of events found the same way, for a position further on: the choices
        needed and answered are one ledger for the whole search."""
        child = Found(self.number, self.stated_choices, None)
        child.needed, child.answered = self.needed, self.answered
        return child

    def options(self) -> Options:
        missing = [describe_choice(choice) for key, choice in self.needed.items() if key not in self.answered]
        return Options(list(self.events.values()), missing)

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            self.events.setdefault(event_key(event), event)

    def merge(self, events: Keyed, keep: Callable[[Event], bool] | None = None) -> None:
        """Add events found already (their keys made once), those that `keep` accepts."""
        for key, event in events.items():
            if keep is None or keep(event):
                self.events.setdefault(key, event)

    def events_of(
        self,
        game: GameView,
        player: str,
        sort: str,
        before: GameView,
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
                self.needed.setdefault(choice_key(choice), choice)
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
                self.add([make_event(self.number, player, Action.DROP_OUT)])
            if not solo.is_solo(game):  # a game down to one player is Solo Fluxx: nobody jumps in (B-solo)
                self.add(
                    make_event(self.number, name, Action.JOIN) for name in self.newcomers if name not in game.players
                )

    # ------------------------------------------------------------- answers
    def answers(self, game: GameView, players: Sequence[str]) -> None:
        for choice in game.pending:
            key = choice_key(choice)
            self.needed.setdefault(key, choice)
            if choice.player not in players:
                continue
            events = answers_to(game, choice, self.number)
            if events:
                self.answered.add(key)
                self.add(events)

    # ------------------------------------------------------------ responses
    def responses(self, game: GameView) -> None:
        """Surprises answering the open chain: the replay tries them before the window closes."""
        self.add(responding(game, self.number))

    # ----------------------------------------------------- plays and uses
    def plays(self, game: GameView, player: str) -> Iterator[Event]:
        for card in game.playable(player):
            yield make_event(self.number, player, Action.PLAY, card)
            if self.stated_choices:
                yield from self._stated(game, player, Action.PLAY, card)

    def uses(self, game: GameView, player: str, usable: list[Card] | None = None) -> Iterator[Event]:
        """`usable`: player's `Game.usable` cards in game, where they are known already."""
        for card in game.usable(player) if usable is None else usable:
            yield make_event(self.number, player, Action.USE, card)
            if self.stated_choices:
                yield from self._stated(game, player, Action.USE, card)

    def _stated(self, game: GameView, player: str, action: Action, card: Card) -> Iterator[Event]:
        """The same play or use with `-> ...` answers, for a card whose kind checks them."""
        allowed = game.can_play if action == Action.PLAY else game.can_use
        specs = (
            kind_of(card).choices(game, Play(player=player, card=card, event=self.number))
            if action == Action.PLAY and card.kind in REGISTRY
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
        if action == Action.PLAY:
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


def read_as_it_stands(game: GameView, found: Found, usable: dict[str, list[Card]] | None = None) -> None:
    """The events of a position judged as it stands: answers to what is asked, or plays and uses
    (`usable`: the `Game.usable` cards of players, where known already)."""
    if game.pending:
        found.answers(game, game.players)
    elif not (game.stopped or game.winner or game.ended):
        found.add(found.plays(game, game.turn.player))
        known = usable or {}
        for player in game.players:
            found.add(found.uses(game, player, known.get(player)))


def responding(game: GameView, number: int, first: bool = False) -> list[Event]:
    """The Surprises that may answer the open chain now, each as the event `P plays CARD`
    numbered `number` (`Found.responses`); `first`: the first one found alone, where all that is
    asked is whether there is one (`advancing.come_to_rest`, at every window)."""
    answers: list[Event] = []
    if not game.scenario.catalog.holds_surprises:
        return answers  # no card can answer (asked at every window: most decks hold no Surprise)
    if game.window is None and not game.responses:  # (`chain_top`, read in place)
        return answers  # nothing to answer: `verify_respond` refuses every card (after working out why)
    hands, temp_hands = game.table.hands, game.temp_hands
    for player in game.table.players:
        cards: Sequence[Card] = hands[player]
        if temp_hands and game.is_active(player):
            cards = [*cards, *temp_hands[-1].cards]  # (the temporary hand she plays from)
        # Only a Surprise answers (looked for without a loop of bytecodes: most hands hold none), and
        # only hers whose Surprise is read as an answer (`is_response`).
        if _SURPRISE not in map(_TYPE, cards) or not game.surprise_answers(player):
            continue
        for card in cards:
            if card.type is _SURPRISE:
                event = make_event(number, player, _PLAY, card)
                if game.can_respond(player, card) or (game.waits_for_played_card() and _accepted(game, event)):
                    answers.append(event)
                    if first:
                        return answers
    return answers


def _accepted(game: GameView, event: Event) -> bool:
    """Whether the replay accepts event (tried on a copy)."""
    trial = game.copy()
    seen = len(trial.steps)
    trial.push(event)
    return not trial.stopped and not any(isinstance(s, rec.Rejected) for s in trial.steps[seen:])


def answers_to(game: GameView, choice: PendingChoice, number: int) -> list[Event]:
    """The answers to choice that the engine accepts, as events (`answer_picks`)."""
    return list(LegalEvents.grouped(number, answer_picks(game, choice)))


def answer_picks(game: GameView, choice: PendingChoice) -> list[Group]:
    """The answers to choice that the engine accepts, as a group of picks for each verb (no group
    empty; `keep` names what stays). Each pick is made by the spec `Game.verify_answer` checks an
    answer with this verb against, which accepts every one of its `selections` (`ChoiceSpec.check`):
    what is left to ask the engine is only which choice the answer goes to. (Lists: a generator
    would be resumed once an answer.)"""
    answers: list[Group] = []
    whose = told_apart(game, choice.options) if game.scenario.catalog.holds_copies else None  # (whatever the verb)
    others = len(game.pending) > 1
    for verb in choice.answer_verbs:
        spec = choice.spec_for(verb)
        if spec.count == 0 and choice.names_what_stays(verb):
            continue  # "keeps" with nothing named cannot be written
        picks = list(islice(spec.selections(), MAX_ANSWERS))
        if others and not _alone(game, choice, verb):
            picks = [given for given in picks if game.answered_choice(choice.player, verb, given) is choice]
        if whose:
            picks = [tuple([whose.get(id(g), g) for g in given]) for given in picks]
        if picks:
            answers.append((choice.player, verb, picks))
    return answers


def _alone(game: GameView, choice: PendingChoice, verb: Action) -> bool:
    """Whether choice is the only one an answer of its player with verb could go to: then no
    pick needs asking where it goes."""
    return [c for c in game.pending if c.player == choice.player and verb in c.answer_verbs] == [choice]


def told_apart(game: GameView, options: Sequence[Any]) -> dict[int, Whose]:
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


def holder(game: GameView, card: Card) -> str | None:
    """The player who holds card or has it in play (or in a temporary hand), if any."""
    table = game.table
    for player in game.players:
        if any(card is c for c in table.hands[player]) or any(card is c for c in table.in_play[player]):
            return player
    return next((f.player for f in game.temp_hands if any(card is c for c in f.cards)), None)


def choice_key(choice: PendingChoice) -> ChoiceKey:
    return (choice.player, choice.prompt, tuple(map(str, choice.options)), choice.count)


def describe_choice(choice: PendingChoice) -> str:
    return f"{choice.player} must {choice.prompt} ({choice.count} of: {', '.join(map(str, choice.options))})"
