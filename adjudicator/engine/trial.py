"""Every word of an event is used or refused (SCENARIO_FORMAT.md): an event that states choices
or outcomes of chance is taken on trial, and refused -- nothing changed -- when a stated outcome
cannot be, or a choice it states is left unused, a word the card does not take.

The trial is the push itself (`take_tried`): the event is taken on the game with `trying` set (a
stated outcome that cannot be raises), the card it played resolved, and the undo records of
engine/undoing.py take back the resolving, or all of it when the event is refused. An event
taken is thus pushed once, not once on a copy and once again; and the last event of a replay
(`finishing`), after which `finish` would resolve the card at once the same way, keeps it resolved,
and so does an event whose following one would close the window first thing (`take_tried`).
Only a card the game ended before it resolved (Q46) is judged on a copy (`tried_on_copy`): from
the position before the event.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from adjudicator.cards.kinds import kind_of
from adjudicator.engine.copying import fork
from adjudicator.engine.undoing import Record
from adjudicator.model import records as rec
from adjudicator.model.choices import check_stated
from adjudicator.model.errors import Illegal
from adjudicator.model.events import one_line

if TYPE_CHECKING:
    from collections.abc import Callable

    from adjudicator.engine.view import GameView
    from adjudicator.model.events import Event
    from adjudicator.model.position import Play

#: `left_unused`'s answer for a card the game ended before it resolved: judged on a copy.
UNREAD = True


def take_tried(
    game: GameView, event: Event, take: Callable[[], None], finishing: bool = False, following: Event | None = None
) -> Illegal | None:
    """Take the event (`take`: the rest of `push`), or say why it is refused (then the game is as
    it was before it). The resolving is taken back either way, the event staying taken as `push`
    leaves it -- but where what comes next would resolve the card again the same way at once: the
    last event of a replay (`finishing`: `finish` closes the window first, under the same event),
    or the event `following` it, when it closes the window before anything else (`_resolves_now`).
    Then it stays resolved."""
    clock_journal = game.table.clock.undo  # the push's own record's, if the game keeps an undo stack
    game.event_plays.clear()  # the last event's plays, read by its own trial alone: not for the record to copy
    before = Record(game)
    game.trying = True
    refusal: Illegal | bool | None
    ahead = False  # resolved now under the following event's number
    try:
        take()
    except Illegal as illegal:
        refusal = game.chance_refused or illegal
    else:
        # the window's card resolving: tried, then taken back (none open: nothing to resolve); when
        # it stays, what `before` takes back of a refused event includes it
        resolving = None
        if game.window is not None and not finishing:
            if following is not None and _resolves_now(game, following):
                ahead = True
                game.event_no = following.number  # (as its push sets it first)
            else:
                resolving = Record(game)
                if game.cited is None:
                    # taken back whatever it finds: its steps are never read (a rejection, a landmark, still is)
                    game.cited = {}
        try:
            refusal = left_unused(game, event)
        except Illegal as illegal:
            refusal = game.chance_refused or illegal
        if resolving is not None:
            resolving.take_back(game)
    # A replay stopped while the card resolved ahead never pushes the following event (nor does
    # the rest of its `take_event`): the event is taken back and tried again, as if none followed.
    if refusal is None and not (ahead and game.stopped):
        game.trying = False
        if clock_journal is not None:
            clock_journal.extend(before.changes)  # the push's own record takes back what it did
        game.table.clock.undo = clock_journal
        return None
    game.table.clock.undo = before.changes
    before.take_back(game)
    game.table.clock.undo = clock_journal
    if refusal is None:
        return take_tried(game, event, take, finishing)
    if refusal is UNREAD:
        refusal = tried_on_copy(game, event)
        if refusal is None:
            take()
            return None
    assert isinstance(refusal, Illegal)
    return refusal


def _resolves_now(game: GameView, following: Event) -> bool:
    """Whether the card left open to answers may be resolved now as the following event would
    resolve it, first thing (`closes_window_first`: the game as it stands then is the game as it
    stands now, nothing done in between), and so stay resolved, its steps written under that
    event's number. What else differs from that push changes nothing the card does: `trying`
    (an impossible stated outcome raises, refusing this event, all of it taken back) and
    `event_plays` (this event's, read by its trial alone: that push clears them first).
    Not in a game that keeps an undo stack: the following event is popped alone, its steps with it."""
    return game.undo is None and game.closes_window_first(following)


def left_unused(game: GameView, event: Event, before: GameView | None = None) -> Illegal | bool | None:
    """After the event is taken while trying: its card resolved, what it leaves unused. A card
    the game ended before it resolved is judged from the game `before` the event, or, without
    it, left to `tried_on_copy` (UNREAD)."""
    seen = len(game.steps)
    game.close_window()
    if game.chance_refused is not None:
        return game.chance_refused
    if game.stopped or any(isinstance(step, rec.Rejected) for step in game.steps[seen:]):
        return None  # the replay says itself what is wrong with it
    if game.stated_shuffles and not game.pending:
        return Illegal(
            "unused_chance",
            f"nothing is shuffled in event {event.number}: `shuffled "
            f"{', '.join(map(str, game.stated_shuffles[0]))}` is not used",
            ("B-reshuffle",),
        )
    # A card reads its stated choices only while it resolves (`ask` takes them from the play
    # resolving), and every card of the event has resolved by now: what is left is unused,
    # even when a choice now waits for someone. A card the game ended before (a Goal met as
    # it left the hand, Q46) never read its choices: they are not refused.
    over = bool(game.winner or game.ended)
    for play in game.event_plays:
        if not play.answers:
            continue
        if not (over and any(play is unread for unread in game.unread_at_end)):
            return _unused(event, play)
        if before is None:
            return UNREAD
        # Never resolved (the game ended first), it would still have taken no more than its own choices.
        specs = kind_of(play.card).choices(before.game, play)
        surplus = check_stated(play.answers, specs) if specs is not None else []
        if surplus:
            return _unused(event, play, len(play.answers) - len(surplus))
    return None


def tried_on_copy(game: GameView, event: Event) -> Illegal | None:
    """The event taken on a copy of the game, its card resolved there: why it is refused, or None.
    The copy keeps no history and writes no log but its landmarks (what the log says never changes
    what a game does): it looks for a rejection of its own only."""
    trial = fork(game, history=False)
    trial.trying = True
    try:
        trial.push(event)
        refusal = left_unused(trial, event, before=game)
    except Illegal as illegal:
        return trial.chance_refused or illegal
    assert refusal is not UNREAD
    return refusal if isinstance(refusal, Illegal) else None


#: At most this many unused choices are named in a refusal (a line may state thousands).
SHOWN = 10


def _unused(event: Event, play: Play, read: int = 0) -> Illegal:
    """The refusal of an event whose card leaves stated choices unused, with the form it takes
    (`read`: how many of those left on the play it would have used, for a card that never resolved)."""
    extra = list(play.answers[read:])
    # The stated choices but the unused ones, each taken off from the end: one pass, however many
    # choices a (hostile) line states.
    left = Counter(extra)
    used: list[Any] = []
    for choice in reversed(event.choices):
        if left[choice] > 0:
            left[choice] -= 1
        else:
            used.append(choice)
    used.reverse()
    listed = ", ".join(f"`{a}`" for a in extra[:SHOWN])
    if len(extra) > SHOWN:
        listed += f" and {len(extra) - SHOWN:,} more"
    takes = (
        "takes no choices here"
        if not used
        else f"take{'s' if play.card is event.card else ''} {len(used)} choice{'s' if len(used) != 1 else ''} "
        f"here ({', '.join(map(str, used))})"
    )
    # The line's choices are shared by its card and the cards that card plays: the count is the
    # line's, the unused choices are left by the card played last.
    name, by = (
        (play.card, "") if play.card is event.card else (f"{event.card} and the cards it plays", f" by {play.card}")
    )
    form = one_line(event.player, event.action, event.card, tuple(used), event.at_random, event.shuffled)
    return Illegal(
        "unused_choice",
        f"{name} {takes}: {listed} {'is' if len(extra) == 1 else 'are'} not used{by}; write `{form}`",
        (),
    )
