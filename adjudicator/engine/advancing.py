"""Taking a game through the steps the next event forces whatever it is (`come_to_rest`: up to
where someone must decide; `advance_steps`: up to a play a rule forces), the ways on where they
part that `P declines` takes (`go_on`), and, for the listing for people, gathering the legal
events past those partings (`gather`): a window some may answer, a forced play, free actions
before the turn ends or before the next one begins, each way taken on a copy."""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from adjudicator.cards.kinds import kind_of
from adjudicator.engine import derived
from adjudicator.engine.listing import Found, Keyed, event_key, make_event, read_as_it_stands, responding
from adjudicator.model.cards import Card, CardType
from adjudicator.model.events import ANSWERS, Action, Event
from adjudicator.model.position import Phase

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView  # a game is handed in: never made here


#: The phases the steps below test on every pass, read once (an Enum member read off its class
#: is a lookup each time).
_PLAY, _PLAY_OVER, _OVER = Phase.PLAY, Phase.PLAY_OVER, Phase.OVER
_TURN_DONE = (Phase.PLAY_OVER, Phase.OVER)


# ---------------------------------------------------------- driving a game
def forces_plays(game: GameView) -> bool:
    """Whether a rule in play may force a play on the active player (First Play Random)."""
    # (`derived.holding`, read in place: asked at every decision)
    return "forced_play" in (game.table.clock.effective or derived.effective(game)).holders


def forced_play_due(game: GameView) -> bool:
    """Whether `make_forced_plays` may make a play now; False only when it surely makes none,
    so that no copy is made to find out: in the plain case (nothing else due, no card on its
    way) every rule that forces plays is asked whether it may (`forces_play`: nothing drawn)."""
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
        or turn.phase is not _PLAY
    ):
        return True  # not the plain case: a copy finds out
    return any(kind_of(rule).forces_play(game, rule) for _, rule in derived.holding(game, "forced_play"))


def _others_use_any_time(game: GameView, but: str) -> bool:
    """Whether a player other than `but` may use an any-time free action now (Taxes): asked of
    the cards in front of the players that grant a free action, kept with the effective rules."""
    for owner, card in derived.holding(game, "verify_use"):  # (a loop: asked at every turn's end)
        if owner is not None and owner != but:
            kind = kind_of(card)
            if kind.any_time and kind.may_use(game, card, owner) and game.can_use(owner, card):
                return True
    return False


@dataclass
class Advanced:
    """What `advance` did to a game and found on the way, for `legal_events` to go on from."""

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


def stamp(game: GameView) -> tuple[int | None, ...]:
    """The game as it stands, as far as a decision read off it can tell: changed, it is another.
    (Not the events pushed: a push or a pop sets the game's decision anew, `Decided` and its undo.)"""
    clock = game.table.clock  # (its steps: `Game.logged`, read without the property's call)
    return clock.ticks, clock.steps, game.turns_begun, game.event_no


def advance(game: GameView, number: int) -> Advanced:
    """Bring game through every step that event `number` will trigger whatever legal event it
    is -- the steps `Game.push` takes first -- and stop where the legal events part ways (a
    driver's step, like a push: `legal_events` itself never changes a game, it advances a copy).
    Nothing is done that the next push would not do, and the log is the same (its steps carry
    event number `number`). A Surprise of a player who may answer now is judged as an answer
    before anything closes (push): those are found first, on the position as it was."""
    answering = frozenset(player for player in game.players if game.surprise_answers(player))
    found = Found(number, False, None)
    # The answers to an open window, as it stands: `advance_steps` asks that first (nobody answers: none).
    answers_now = found.events if game.window is not None else None
    if answering or game.agenda:
        found.responses(game)
        if (
            game.window is None
            and game.turn.phase is Phase.PLAY
            and not game.pending
            and (game.agenda or forces_plays(game) and forced_play_due(game))
        ):
            # What is still due (a forced play, the rest of an answered chain) opens a window
            # that Surprises may answer: judged on a copy that runs it.
            forced = game.copy()
            forced.make_forced_plays()
            if forced.window is not None:
                found.responses(forced)
    turn = game.turn
    advanced = Advanced(
        None, [], {}, turn, turn.player, turn.phase is Phase.OVER, game.turns_begun, found.events, answering
    )
    if not (game.stopped or game.winner or game.ended):
        advanced.split = advance_steps(game, number, advanced.begun, advanced.usable, answers_now)
    return advanced


def advance_steps(
    game: GameView,
    number: int,
    begun: list[str],
    usable: dict[str, list[Card]],
    answers_now: Keyed | None = None,
) -> str | None:
    """`advance`'s steps: `come_to_rest`'s, stopping where a play a rule forces opens a window
    ("forced play": push makes it right before judging the event, and goes no further).
    `answers_now`: the answers to the window open as game stands, where known already."""
    split, _ = come_to_rest(game, number, begun, usable, answers_now=answers_now, past_forced_play=False)
    return split


def come_to_rest(
    game: GameView,
    number: int,
    begun: list[str],
    usable: dict[str, list[Card]],
    who: str | None = None,
    chance: bool = False,
    answers_now: Keyed | None = None,
    past_forced_play: bool = True,
) -> tuple[str | None, bool]:
    """Every step the next event forces whatever it is, until the game waits for someone. Returns
    where the ways part and whether a forced play was made on the way (her free actions are then
    judged before it by push, so none of hers can be the next event: `_after_forced_play`). The
    parting is None when every legal event is judged in the position as it stands, or
    "window" (someone can answer the open chain), "before forced play" (the active player's free
    actions come before a forced play), "before turn end" (her optional free actions come before
    the end of the turn), "before turn start" (someone else's any-time free action does not begin
    the next turn). The players whose turns it begins are added to `begun`; the active player's
    `Game.usable` cards, worked out to find a parting of the ways, to `usable` when it stops there
    (the position they were worked out in is the one it leaves). `who`: the player of the event
    these steps come before, when it is known (`P declines`): the next turn begins only for her, as
    it begins only for an event of the next player (`Game._needs_next_turn`). `chance`: stop before
    a play a rule picks at random, the table's to state ("chance"; a decision's steps).
    `past_forced_play`: a play a rule forces that opens a window is answered or resolves, and the
    steps go on from there (False: they stop there, "forced play": `advance_steps`)."""
    game.event_no = number
    forced = False
    while not (game.stopped or game.winner or game.ended or game.pending):
        turn = game._turn  # (the turn itself: the property is a call)
        if (
            turn.begun_by == number
            and turn.phase in _TURN_DONE
            and game.window is None
            and game.next_player() != turn.player
        ):
            # A turn begun on the way that its start played out (an empty hand, nothing to draw):
            # only `P begins` can come, and it stops there (push), so the steps do too. When P plays
            # next again (Solo, an extra turn), her events go on into that turn, and so do the steps.
            return None, forced
        if game.window is not None:
            if answers_now or (answers_now is None and responding(game, number, first=True)):
                return "window", forced  # (someone may answer: the first answer found says so)
            answers_now = None  # asked again of any window that opens further on
            game.close_window()
        elif turn.phase is _PLAY:
            if forces_plays(game) and not game.being_played and not game.temp_hands:
                cards = game.usable(turn.player)
                if cards:
                    usable[turn.player] = cards
                    return "before forced play", forced
                if chance and _picks_at_random(game):
                    return "chance", forced
                game.make_forced_plays()
                if game.window is not None:
                    if not past_forced_play:
                        # push makes it right before judging the event, and goes no further
                        return "forced play", forced
                    forced = True
                    continue  # answered or resolving: the steps go on from there
            return None, forced
        elif turn.phase is _PLAY_OVER:
            cards = game.usable(turn.player)
            for card in cards:  # (a loop: most often she has none)
                if not kind_of(card).needs_a_play(game, card):
                    usable[turn.player] = cards
                    return "before turn end", forced
            game.end_turn()
        elif turn.phase is _OVER:
            following = game.next_player()
            if _others_use_any_time(game, following):
                return "before turn start", forced
            if who is not None and who != following:
                return None, forced  # her event begins no turn: it meets the turn over
            game.begin_turn(following)
            game.run()
            begun.append(following)
        else:
            return None, forced
    return ("window" if game.window is not None and not game.stopped else None), forced


def _picks_at_random(game: GameView) -> bool:
    """Whether a rule in play makes a play now, picked at random, that no event has stated: with
    nothing left to run first (else the seed picks, as the replay does, once it has run)."""
    if game.agenda or game.stated_at_random is not None:
        return False
    return any(kind_of(rule).forces_play(game, rule) for _, rule in derived.holding(game, "forced_play"))


def declinable(game: GameView, split: str | None, forced_due: bool | None = None) -> bool:
    """Whether `P declines` takes a way on where `come_to_rest` stopped (`split`): a window
    someone may answer (the one a forced play opened included), a play a rule forces now, her
    optional free actions before her turn ends. Never while a choice waits for its answer.
    `forced_due`: `forced_play_due`, where the caller knows it already."""
    if game.pending:
        return False
    if split == "forced play":
        if game.window is None:
            return False
        answers = Found(0, False, None)
        answers.responses(game)
        return bool(answers.events)
    if split == "before forced play":
        return forced_play_due(game) if forced_due is None else forced_due
    return split in DECLINING


#: The partings at which `P declines` takes the way on (`go_on`): what it does there, in words,
#: and the rulings behind it.
DECLINING: dict[str, tuple[str, tuple[str, ...]]] = {
    "window": ("nobody answers: the window closes and the card resolves", ("B-surprises",)),
    "before forced play": (
        "the play the rule forces is made before any free action",
        ("B-first-play-random", "B-free-actions"),
    ),
    "before turn end": ("the turn ends without the free actions left", ("B-free-actions", "B-turn-order")),
}


def go_on(game: GameView, split: str | None) -> None:
    """The way on from a parting that `P declines` takes (`DECLINING`): the window closes (the
    card resolves), the forced play is made, or the turn ends."""
    if split == "window":
        # this window only: one the card then plays at once opens anew, for answers nobody declined yet
        game.close_one_window()
    elif split == "before forced play":
        game.make_forced_plays()
    elif split == "before turn end":
        game.end_turn()
    else:
        raise ValueError(f"nothing to decline at {split!r}")


def gather(game: GameView, parent: Found, before: Sequence[str] = (), advanced: Advanced | None = None) -> Keyed:
    """The legal events after advancing game (`advanced`: game was advanced already, by the
    caller, and is not to be changed); at a parting of the ways, the events judged as the
    position stands plus those of one copy taken down the other way. Where a turn was begun on
    the way (on either way), `P begins` is among them: it does what every event of hers does
    first, and no more (a forced play due waits for her next event). `before`: the players whose
    turns were begun on the way to game (`_only_who_begins`)."""
    begun = list(before) if advanced is None else list(advanced.begun)
    events = _gather_on(game, parent, begun, advanced)
    if begun and not (game.winner or game.stopped or game.ended):  # what her turn's start asks waits for its answer
        begins = make_event(parent.number, begun[0], Action.BEGIN_TURN)
        events.setdefault(event_key(begins), begins)
    return events


def _gather_on(game: GameView, parent: Found, begun: list[str], advanced: Advanced | None = None) -> Keyed:
    """`gather` but `P begins`; the players whose turns were begun on the way are added to `begun`."""
    number = parent.number
    if advanced is None:  # a copy of the search's own: advanced here
        was_active, turn, was_over = game.turn.player, game.turn, game.turn.phase is Phase.OVER
        usable: dict[str, list[Card]] = {}  # what advance worked out in the position it leaves
        split = advance_steps(game, number, begun, usable)
    else:
        was_active, turn, was_over = advanced.was_active, advanced.turn, advanced.was_over
        usable, split = advanced.usable, advanced.split

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
        _after_forced_play(game, found, begun)
        return judged(found.events)
    if split == "before forced play" and not forced_play_due(game):
        split = None  # no play is forced now after all: the position stands as it is
    other_way = game.copy() if split is not None else game
    if split == "before forced play":
        other_way.make_forced_plays()
        if other_way.logged == game.logged:
            split = None  # the rule asked said it might force one; it did not
    if split is None:
        read_as_it_stands(game, found, usable)
        return judged(found.events)
    active = game.turn.player
    if split == "window":
        found.responses(game)  # answers to the chain, judged before it closes
        other_way.close_window()
        found.merge(gather(other_way, found, begun))
    elif split == "before forced play":
        found.add(found.uses(game, active, usable.get(active)))  # her free actions: no forced play before them
        forced = found.spawn()
        _after_forced_play(other_way, forced, begun)
        found.merge(forced.events, lambda e: not (e.player == active and e.action == Action.USE))
    elif split == "before turn end":
        mine = [e for e in found.uses(game, active, usable.get(active)) if game.is_optional_free_action(e)]
        found.add(mine)  # judged before the end-of-turn events
        other_way.end_turn()
        rest = gather(other_way, found, begun)
        found.merge(rest, lambda e: not (e.player == active and game.is_optional_free_action(e)))
    else:  # "before turn start"
        following = game.next_player()
        found.add(e for p in game.players if p != following for e in found.uses(game, p))
        other_way.begin_turn(following)
        other_way.run()
        found.merge(gather(other_way, found, [*begun, following]))
        if not (other_way.winner or other_way.stopped or other_way.ended):
            found.add([make_event(number, following, Action.BEGIN_TURN)])  # her event begins it: `P begins` too
    return judged(found.events)


def _after_forced_play(game: GameView, found: Found, begun: list[str]) -> None:
    """Push makes a forced play right before it judges the event and closes its window unless
    the event answers it: answers to the forced play, then the rest. When the forced play has
    used up the plays or ended the turn (a Goal claimed under Keep Going), push ends the turn
    before the event too (and may begin the next), as `gather` goes on from there. The active player's free actions are never among them:
    push judges those before any forced play, when she had none (`advance`)."""
    active = game.turn.player
    if game.window is not None:
        found.responses(game)
        game = game.copy() if found.events else game
        game.close_window()
    if game.turn.phase in (Phase.PLAY_OVER, Phase.OVER) and not game.pending:
        # the forced play used up the plays, or ended the turn (a Goal claimed under Keep Going)
        rest = gather(game, found, begun)
    else:
        after = found.spawn()
        read_as_it_stands(game, after)
        rest = after.events
    found.merge(rest, lambda e: not (e.player == active and e.action == Action.USE))


def _only_who_begins(begun: list[str], events: Keyed) -> Keyed:
    """The events that `begins_no_other_turn` keeps."""
    if not begun:
        return events
    return {k: e for k, e in events.items() if begins_no_other_turn(begun, e)}


def begins_no_other_turn(begun: Sequence[str], event: Event) -> bool:
    """Where turns were begun on the way, only an event of their player begins them (push) --
    or, where one turn was, an answer to what its start asks, which begins that turn alone
    (`Game._needs_next_turn`): nobody else's event comes after that point."""
    all_hers = begun.count(event.player) == len(begun)  # every turn begun is the event's player's
    return not begun or all_hers or (len(begun) == 1 and event.action in ANSWERS)


def answers_what_was_open(event: Event, answering: Container[str], turn_changed: bool, active: str) -> bool:
    """Whether push would read event, listed after the steps taken, as an answer to the window
    open before them: a Surprise played that `surprise_answers_what_was_open` says so of."""
    card = event.card
    return (
        event.action == Action.PLAY
        and card is not None
        and card.type is CardType.SURPRISE
        and surprise_answers_what_was_open(event.player, answering, turn_changed, active)
    )


def surprise_answers_what_was_open(player: str, answering: Container[str], turn_changed: bool, active: str) -> bool:
    """Whether push would read a Surprise of player's, played after the steps taken, as an answer
    to the window open before them (push judges that first, on the game as it was): she could
    answer then (`answering`), or the turn has changed on the way and it is not hers now."""
    return player in answering or (turn_changed and player != active)
