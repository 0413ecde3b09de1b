"""Where a game rests (`Game.decision`). (The outcomes of chance an event meets: engine/outcomes.py.)

`decision(game)` brings the game itself through every step the next event forces whatever it
is -- a window nobody may answer closing, the chain and the card resolving, the limits, the
turn ending and the next one beginning, its draws, a play a rule forces (`advancing.come_to_rest`,
the steps `push` would take first anyway, so the log is the same: they carry the next event's
number) -- up to where someone must decide, and reads off who, what, and from which cards, with
the legal events. Nothing is run ahead on a copy: where the game waits for someone who may also
let it go on, the decision offers `P declines` (the window closes unanswered, the forced play is
made, the turn ends), and what comes after is the next decision. It is kept until the game
changes (`stamp`).

An event listed is one that means the same pushed on this game or on the game before the steps
were taken (a replay of the events written out): so where those steps closed a window, began a
turn or made a forced play, what push would judge before them is left out (`_keeps`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING

from adjudicator.engine.advancing import (
    answers_what_was_open,
    begins_no_other_turn,
    come_to_rest,
    declinable,
    forced_play_due,
    stamp,
)
from adjudicator.engine.chain import answers_chain
from adjudicator.engine.listing import Found, Keyed, answer_picks, event_key, make_event, read_as_it_stands
from adjudicator.engine.undoing import Record
from adjudicator.model.cards import Card, CardType
from adjudicator.model.chance import first_copies
from adjudicator.model.decision import BARE, Decision, DecisionKind, Group, LegalEvents
from adjudicator.model.events import Action, Event
from adjudicator.model.position import Phase, Play

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView


class Decided:
    """A decision, valid while the game is as it was (`stamp`). (A class with slots: made after
    every push, cheaper than a dataclass.)"""

    __slots__ = ("stamp", "decision", "since", "moved", "resume", "events")

    def __init__(
        self,
        stamp: tuple[int | None, ...],
        decision: Decision,
        since: Record | None = None,
        moved: bool = False,
        resume: Resume | None = None,
    ) -> None:
        self.stamp, self.decision = stamp, decision
        #: In a game with an undo stack: the game as the last push left it, before the forced
        #: steps this decision took (`undoing.Record`; the clock journals the steps into it). An
        #: event the decision does not list is judged where the last push left the game, as a
        #: replay of the events judges it (push takes the steps back first); `pop` takes them
        #: back with the event pushed before them.
        self.since = since
        #: whether the decision took any step: the game is no longer as the last push left it (a
        #: game without an undo stack cannot go back there: an event the decision does not list
        #: is refused)
        self.moved = moved
        #: where chance decides: the reading to go on with once it has (`let_chance`)
        self.resume = resume
        #: the decision's events: push asks whether the event pushed is one of them (the very object:
        #: a driver pushes what it was given, so the one it read last, `LegalEvents.last`)
        self.events = decision.events


def next_number(game: GameView) -> int:
    """The number the next event gets: one more than the events pushed so far."""
    return len(game.move_stack) + 1


def decision(game: GameView) -> Decision:
    """Where the game rests, the forced steps taken (see the module's doc)."""
    decided: Decided | None = game._decided
    if game.undo is not None:
        return _kept_apart(game, decided)
    if decided is not None and decided.stamp == stamp(game):
        return decided.decision
    clock = game.table.clock
    steps = clock.steps  # (a step taken is one written: `moved`, read without a stamp before)
    made, resume = _read(game)
    game._decided = Decided(stamp(game), made, None, clock.steps != steps, resume)
    return made


def _kept_apart(game: GameView, decided: Decided | None) -> Decision:
    """`decision` in a game with an undo stack: the game as the last push left it is recorded
    before any step is taken (`Decided.since`), so that reading the decision changes nothing a
    push will judge. (A game without one -- replay, simulate -- is driven one way: by the events
    of a file, each judged by push, or by events read off its decisions; `push` says so.)"""
    now = stamp(game)
    if decided is not None and decided.stamp == now:
        return decided.decision
    # (read again after a change no push made: still the game the last push left)
    since, moved = (decided.since, decided.moved) if decided is not None else (None, False)
    if since is None:
        since = Record(game)
    made, resume = _read(game)
    after = stamp(game)
    game._decided = Decided(after, made, since, moved or after != now, resume)
    return made


def let_chance(game: GameView) -> None:
    """`Game.let_chance`: where chance decides, the play it picks is made, the seed picking (as a
    replay picks it when no event states it), and the reading goes on from where it stopped to
    the next decision: the same as a reading that never stopped there."""
    decision(game)  # (read, if it was not)
    decided: Decided = game._decided
    if decided.resume is None:
        raise ValueError(f"chance decides nothing now: the game rests at a decision of kind {decided.decision.kind}")
    game.make_forced_plays()
    made, resume = _read(game, decided.resume)
    game._decided = Decided(stamp(game), made, decided.since, True, resume)


@dataclass
class Resume:
    """A reading stopped where chance picks a play (`DecisionKind.CHANCE`): what it had found
    of the game as the last push left it, to go on with once the play is made."""

    before: Before
    usable: dict[str, list[Card]]


def _chance(game: GameView, number: int) -> Decision:
    """Chance decides the play a rule makes at random: each card it may pick, stated
    (`P plays CARD at random`), as likely as its copies among the cards."""
    player = game.turn.player
    cards = game.forced_play_picks()
    counts = Counter(card.qualified for card in cards)
    firsts = first_copies(list(cards), game.scenario.catalog.holds_copies)
    events = []
    for card in firsts:
        event = Event.made(number, player, _PLAY, card, ())
        event.__dict__["at_random"] = True  # (`made` sets no such field: the class's False otherwise)
        events.append(event)
    return Decision.made(
        DecisionKind.CHANCE,
        LegalEvents(events),
        probabilities=tuple([counts[card.qualified] / len(cards) for card in firsts]),
    )


class Before:
    """The game as push judges an event first, before the forced steps a decision takes (see the
    module's doc): what `_keeps` and `_plays_and_uses` read of it. (A class with slots: made for
    every decision, cheaper than a NamedTuple.)"""

    __slots__ = ("turn", "phase", "window", "top", "turns_begun", "begun")

    def __init__(self, game: GameView) -> None:
        #: the turn as it was (the Turn object, read without the property's call; its phase then), the
        #: window open and the chain's top (`answering`; one store a field: four at once would make a tuple)
        turn = self.turn = game._turn
        self.phase = turn.phase
        window = self.window = game.window
        self.top = game.responses[-1] if game.responses else window  # (`chain_top`, read in place)
        #: how many turns had begun, and the players whose turns the steps began (filled as they go)
        self.turns_begun = game.turns_begun
        self.begun: list[str] = []

    @property
    def was_over(self) -> bool:
        """Whether the turn was over already."""
        return self.phase is _OVER_PHASE

    def answering(self, game: GameView) -> Container[str]:
        """The players a Surprise of whom push would read as an answer to the chain, as the game
        stood (`Game.surprise_answers`; asked only where a Surprise is listed): nobody, where the
        cards hold no Surprise."""
        return _Answering(game, self) if game.scenario.catalog.holds_surprises else _NOBODY

    def answered(self, game: GameView, player: str) -> bool:
        """Whether push would read a Surprise of player's as an answer to the chain, as the game
        stood (`answers_chain`): whether `answering` holds her, where the cards hold a Surprise."""
        return answers_chain(game, player, self.turn.player, self.phase, self.window, self.top)


class _Answering:
    """`Before.answering`: `player in` it asks `answers_chain` of her alone (no set is built)."""

    __slots__ = ("game", "before")

    def __init__(self, game: GameView, before: Before) -> None:
        self.game, self.before = game, before

    def __contains__(self, player: object) -> bool:
        return isinstance(player, str) and self.before.answered(self.game, player)


def _read(game: GameView, resume: Resume | None = None) -> tuple[Decision, Resume | None]:
    """The decision read off game, the steps taken (`resume`: a reading that stopped where chance
    decides, chance having decided since), and where chance decides, the reading to go on with."""
    if game.winner or game.ended or game.stopped:  # (`is_over`, read without the property's call)
        return _OVER, None
    number = len(game.move_stack) + 1  # (`next_number`)
    if resume is None:
        before = Before(game)
        usable: dict[str, list[Card]] = {}  # the cards `Game.usable` gave on the way, in the position left
        split, forced = come_to_rest(game, number, before.begun, usable, chance=True)
    else:  # chance has made the play it stopped at (`let_chance`): a forced play made on the way
        before, usable = resume.before, resume.usable
        split, _ = come_to_rest(game, number, before.begun, usable, chance=True)
        forced = True
    found: Found | None = None  # the ledger of a reading that merges: made where one is needed
    if split == "window":
        found, split, forced = _through_windows(game, number, before.window, usable, before, forced)
    if game.winner or game.ended or game.stopped:  # (`is_over`: the steps taken may end the game)
        return _OVER, None
    if split is not None:  # (most often None: the position judged as it stands)
        if split == "chance":
            if forced or (before.begun and _beginner(before.begun) != game.turn.player):
                # Not the play her next event would state (one was made on the way, or it comes in a
                # turn her event does not begin): the seed picks it, as the replay does, and on.
                game.make_forced_plays()
                return _read(game, Resume(before, usable))
            return _chance(game, number), Resume(before, usable)
        if split == "before forced play" and not forced_play_due(game):
            split = None  # no play is forced now after all: the position stands as it is
    if split in AT_REST and not game.pending:  # each player's events read at once (`_plays_and_uses`)
        beginner = _beginner(before.begun) if before.begun else None
        groups = _plays_and_uses(game, number, usable, before, beginner, forced, split)
        if not groups:
            return _STUCK, None
        kind = _PLAY_DECISION if beginner is None else _BEGIN_TURN_DECISION  # (`P begins` among them)
        return Decision.made(kind, LegalEvents.grouped(number, groups)), None
    if split is None:  # judged as it stands: the answers to what is asked
        answers = _answers(game, number, before.begun)
        return (_classify(game, answers, split) if answers is not None else _STUCK), None
    return _at_a_parting(game, found or Found(number, False, None), split, usable, before, forced), None


def _through_windows(
    game: GameView, number: int, window: Play | None, usable: dict[str, list[Card]], before: Before, forced: bool
) -> tuple[Found, str | None, bool]:
    """Where the steps stopped at a window someone may answer: its answers that `_keeps` keeps
    (those to the `window` open as the game stood are read as push reads them), and where none
    is kept, the window closes and the steps go on. Returns the events found, where the steps
    stopped and whether a forced play was made on the way (`forced`: one made before)."""
    found = Found(number, False, None)
    split: str | None = "window"
    while split == "window":
        if game.window is window and not before.begun:
            found.responses(game)  # the window open as the game stood: push reads these as answers too
            break
        answers = found.spawn()
        answers.responses(game)
        found.merge({key: event for key, event in answers.events.items() if _keeps(game, event, before, forced)})
        if found.events:
            break
        game.close_window()  # nobody's answer to a window opened on the way is an event now: it resolves
        split, forced_now = come_to_rest(game, number, before.begun, usable, chance=True)
        forced = forced or forced_now
    return found, split, forced


def _at_a_parting(
    game: GameView, found: Found, split: str, usable: dict[str, list[Card]], before: Before, forced: bool
) -> Decision:
    """The events where the ways part (`split`, see `come_to_rest`), read into `found`, that
    `_keeps` keeps: the answers to a window, free actions before a forced play, before the turn
    ends or the next begins, the answers to a choice waiting while a window is open; `P begins`
    where a turn was begun on the way, and `P declines`, the way on."""
    number, active, begun = found.number, game.turn.player, before.begun
    if split == "before forced play":
        found.add(found.uses(game, active, usable.get(active)))
    elif split == "before turn end":
        found.add(e for e in found.uses(game, active, usable.get(active)) if game.is_optional_free_action(e))
    elif split == "before turn start":
        following = game.next_player()
        found.add(e for player in game.players if player != following for e in found.uses(game, player))
        found.add([make_event(number, following, Action.BEGIN_TURN)])
    elif game.pending:  # (a choice may wait while a window is open: its answers)
        read_as_it_stands(game, found, usable)
    if begun:  # her event begins her turn: `P begins` does that and no more
        found.add([make_event(number, begun[0], Action.BEGIN_TURN)])
    if declinable(game, split, forced_due=True):  # (a forced play is due where the split still says so: asked above)
        found.add([make_event(number, begun[0] if begun else active, Action.DECLINE)])
    events = found.events.values()
    kept = [e for e in events if split == "window" or _keeps(game, e, before, forced)]
    return _classify(game, LegalEvents(kept), split) if kept else _STUCK


def _keeps(game: GameView, event: Event, before: Before, forced: bool) -> bool:
    """Whether event, listed after the forced steps taken, means the same pushed before them (see
    the module's doc), `forced`: a forced play made on the way. `_plays_and_uses` works out the
    same a player at a time."""
    active = game.turn.player
    card = event.card
    if card is not None and card.type is _SURPRISE:  # (only a Surprise answers: `answering` asked of one alone)
        if answers_what_was_open(event, before.answering(game), game.turns_begun != before.turns_begun, active):
            return False
    if forced and event.action == _USE and event.player == active:
        return False  # push judges her free actions before the forced play made on the way
    if event.player in _judged_earlier(game, before):
        if game.is_optional_free_action(event):
            return False  # push judges it in an earlier turn of hers, before its end
    return begins_no_other_turn(before.begun, event)


#: What `Game.decision` reads off a game most often, made once (a decision is never changed).
_NOBODY: frozenset[str] = frozenset()
_OVER = Decision.made(DecisionKind.OVER, LegalEvents())
_STUCK = Decision.made(DecisionKind.STUCK, LegalEvents())
#: The actions and kinds of `_plays_and_uses`, read once (an Enum member read off its class is a lookup each time).
_PLAY, _USE, _BEGIN_TURN, _DECLINE = Action.PLAY, Action.USE, Action.BEGIN_TURN, Action.DECLINE
_PLAY_DECISION, _BEGIN_TURN_DECISION, _SURPRISE = DecisionKind.PLAY, DecisionKind.BEGIN_TURN, CardType.SURPRISE
_ANSWER_DECISION, _LIMIT_DECISION = DecisionKind.ANSWER, DecisionKind.LIMIT
_OVER_PHASE = Phase.OVER
_TYPE = attrgetter("type")  # a card's type, read in C

#: Where the decision reads each player's events at once (`_plays_and_uses`), nothing asked: a
#: position judged as it stands (None), and the partings before which only the active player's
#: free actions come, then `P declines`.
AT_REST = (None, "before forced play", "before turn end")


def _plays_and_uses(
    game: GameView,
    number: int,
    usable: dict[str, list[Card]],
    before: Before,
    beginner: str | None,
    forced: bool,
    split: str | None,
) -> list[Group]:
    """The events of a position judged as it stands with nothing asked, as groups (none empty, see
    `LegalEvents`): the active player's plays, and every player's free actions, with `P begins`
    where a turn was begun on the way -- those of them that `_keeps` keeps, worked out a player at
    a time from what the steps taken crossed (no event made only to be dropped, and no merging:
    each event is found once). Where the ways part before a forced play or her turn's end
    (`split`), her free actions alone (before its end, the optional ones; `usable`: the cards
    worked out on the way), then `P declines`: the way on (a forced play due, asked already).
    `beginner`: `_beginner(before.begun)`."""
    turn = game._turn  # (the turn itself and the players of the table: the properties are calls)
    active = turn.player
    players: Sequence[str] = game.table.players
    begun = before.begun
    if begun:
        # Where turns were begun on the way, only an event of their player begins them: she acts
        # alone, if they are all hers (`begins_no_other_turn`).
        players = [beginner] if beginner is not None and beginner in players else []
    if split is not None:
        players = [player for player in players if player == active]
    groups: list[Group] = []
    if split is None and active in players:
        plays = game.playable(active)
        # Her Surprise is read by push as an answer only where it was one before the steps: in the
        # same turn, only to counter a Surprise aimed at her card (`answers_chain`). Most often none is.
        top = before.top
        if (
            plays
            and (before.turn is not turn or (top is not None and top.aimed_at == active))
            and _SURPRISE in map(_TYPE, plays)  # (looked for in C: most hands hold none)
            # (`surprise_answers_what_was_open` of the active player's own: whether she could answer then)
            and before.answered(game, active)
        ):
            plays = [card for card in plays if card.type is not _SURPRISE]  # push reads them as answers
        if plays:
            groups.append((active, _PLAY, plays))
    if forced:  # push judges her free actions before the forced play made on the way
        players = [player for player in players if player != active]
    if split is not None and players and active in usable:
        each = [usable[active]]  # hers, worked out on the way to the parting
    else:
        each = game.usable_by(players)
    judged_earlier = None  # (`_judged_earlier`, worked out for the first player with a card to use)
    for player, cards in zip(players, each, strict=True):
        if not cards:
            continue  # (most players most of the time: no event to make)
        if split == "before turn end":
            cards = [card for card in cards if game.is_optional_use(card)]
        if judged_earlier is None:  # (most often: the same turn, none begun on the way, so nobody's)
            judged_earlier = _judged_earlier(game, before) if begun or before.turn is not turn else ()
        if player in judged_earlier:
            # Push judges the optional free actions of the player whose turn it was in that turn, before its end.
            cards = [card for card in cards if not game.is_optional_use(card)]
        if cards:
            groups.append((player, _USE, cards))
    if beginner is not None:  # her event begins her turn: `P begins` does that and no more
        groups.append((beginner, _BEGIN_TURN, BARE))
    if split is not None and (not begun or beginner is not None):  # (`declinable`: no choice waits)
        groups.append((beginner or active, _DECLINE, BARE))
    return groups


def _beginner(begun: list[str]) -> str | None:
    """The player whose turns were all the turns begun on the way (her event begins them), or
    None: none was begun, or turns of several players were."""
    return begun[0] if begun and begun.count(begun[0]) == len(begun) else None


def _judged_earlier(game: GameView, before: Before) -> tuple[str, ...]:
    """The players whose optional free actions push judges in an earlier turn than the one the
    steps taken reached, before its end: hers whose turn it was (it passed on the way), and hers
    who began several turns on the way (her event begins the first; Solo, a turn that plays
    itself out)."""
    turn, begun = before.turn, before.begun
    passed = (turn.player,) if game._turn is not turn and not before.was_over else ()
    return (*passed, begun[0]) if len(begun) > 1 else passed


def _answers(game: GameView, number: int, begun: list[str]) -> LegalEvents | None:
    """The answers to what is asked, in a position judged as it stands (`read_as_it_stands`), that
    `_keeps` keeps, with `P begins` where a turn was begun on the way (None: there is none, known
    without counting them). Two answers are one (`event_key`) only where copies of a card are
    named alike: without copies, each is found once."""
    groups: list[Group] = []
    players = game.table.players  # (`game.players`, read without the property's call)
    for choice in game.pending:
        if choice.player not in players:
            continue  # (`Found.answers`: the choices of the players still in the game)
        answers = answer_picks(game, choice)
        # (`begins_no_other_turn` reads an answer's player, and that its verb is one of ANSWERS:
        # the same for every answer to one choice)
        if answers and (not begun or begins_no_other_turn(begun, LegalEvents.grouped(number, answers)[0])):
            groups += answers
    if begun and begins_no_other_turn(begun, Event.made(number, begun[0], _BEGIN_TURN, None, ())):
        groups.append((begun[0], _BEGIN_TURN, BARE))
    if not groups:
        return None
    events = LegalEvents.grouped(number, groups)
    if game.scenario.catalog.holds_copies:
        keyed: Keyed = {}
        for event in events:
            keyed.setdefault(event_key(event), event)
        events = LegalEvents(keyed.values())
    return events


def _classify(game: GameView, events: LegalEvents, split: str | None) -> Decision:
    """The decision whose events are `events` (some: none is a game `_STUCK`), by what is asked."""
    pending = game.pending
    if len(pending) == 1:  # (most often one choice waits: read without a list made for each of its fields)
        choice = pending[0]
        kind = _LIMIT_DECISION if choice.keep_means_complement else _ANSWER_DECISION
        return Decision.made(kind, events, (f"{choice.player} must {choice.prompt}",), tuple(choice.options))
    if pending:
        limit = all([choice.keep_means_complement for choice in pending])  # (lists: no generator to run)
        return Decision.made(
            _LIMIT_DECISION if limit else _ANSWER_DECISION,
            events,
            tuple([f"{choice.player} must {choice.prompt}" for choice in pending]),
            tuple([option for choice in pending for option in choice.options]),
        )
    if split == "window":
        return Decision.made(DecisionKind.RESPOND, events)
    for event in events:
        if event.action == _BEGIN_TURN:
            return Decision.made(DecisionKind.BEGIN_TURN, events)
    return Decision.made(DecisionKind.PLAY, events)
