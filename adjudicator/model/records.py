"""Every change the engine makes is one frozen step record.

A record knows the event it belongs to (1-based, None before the first event),
the rulings that justify it, and how to say itself in one sentence.
"""

from __future__ import annotations

from dataclasses import field
from typing import ClassVar

from adjudicator.model.cards import Card
from adjudicator.model.names import count_of
from adjudicator.model.step import Draft as Draft
from adjudicator.model.step import Step as Step
from adjudicator.model.step import names as names
from adjudicator.model.step import own_fields as own_fields
from adjudicator.model.step import record as record


@record
class Dealt(Step):
    """A player's opening hand, dealt before the first turn."""

    player: str
    cards: tuple[Card, ...]

    @property
    def text(self) -> str:
        return f"{self.player} is dealt {names(self.cards)}"


@record
class TurnBegan(Step):
    """A player's turn starts."""

    player: str

    @property
    def text(self) -> str:
        return f"{self.player}'s turn begins"


@record
class Drew(Step):
    """Cards a player drew, why, and whether they count toward the Draw rule."""

    player: str
    cards: tuple[Card, ...]
    why: str
    counted: bool = False
    into: str = "hand"

    @property
    def text(self) -> str:
        tail = " (counts toward the Draw rule)" if self.counted else ""
        where = "" if self.into == "hand" else f" into {self.into}"
        return f"{self.player} draws {names(self.cards)}{where} — {self.why}{tail}"


@record
class CreeperPlaced(Step):
    """A Creeper that comes to a hand goes straight into play, and a replacement is drawn."""

    player: str
    card: Card

    @property
    def text(self) -> str:
        return f"{self.card} is a Creeper: it goes in front of {self.player} and a replacement is drawn"


@record
class Reshuffled(Step):
    """The draw pile ran out: the discard pile was shuffled to make a new one."""

    count: int

    @property
    def text(self) -> str:
        return f"the draw pile is empty: the discard pile ({count_of(self.count, 'card')}) is shuffled into a new draw pile"


@record
class Chance(Step):
    """A random step: its outcome as the table stated it in the event, or left to the seed (then
    `how` is the event form that would state it)."""

    what: str
    outcome: str
    stated: bool
    how: str = ""

    @property
    def text(self) -> str:
        if self.stated:
            return f"{self.what}: {self.outcome}, as the table stated"
        return f"{self.what} is left to chance (the seed): {self.outcome}; to state it, write {self.how}"


@record
class PilesExhausted(Step):
    """Both piles are empty: a player draws fewer cards than owed."""

    player: str
    missing: int

    @property
    def text(self) -> str:
        return f"no cards left to draw: {self.player} draws {self.missing} fewer"


@record
class Played(Step):
    """A player plays a card from hand, and how that play counts."""

    player: str
    card: Card
    counted: str

    @property
    def text(self) -> str:
        return f"{self.player} plays {self.card} ({self.counted})"


@record
class WindowOpened(Step):
    """The moment to answer a card with a Surprise begins."""

    card: Card
    quiet: ClassVar[bool] = True

    @property
    def text(self) -> str:
        return f"response window opens on {self.card}"


@record
class WindowClosed(Step):
    """The response window on a card closes: it resolves (or took effect earlier this turn)."""

    card: Card
    landed: bool = False  # the card took effect earlier this turn (house rule surprise_window)
    quiet: ClassVar[bool] = True

    @property
    def text(self) -> str:
        if self.landed:
            return f"response window on {self.card} closes; it took effect earlier this turn"
        return f"response window on {self.card} closes; it resolves"


@record
class Responded(Step):
    """A Surprise played out of turn (or as a counter) against the card on top of the chain."""

    player: str
    card: Card
    target_player: str
    target: Card

    @property
    def text(self) -> str:
        return f"{self.player} answers {self.target_player}'s {self.target} with {self.card} (a response, not a play)"


@record
class Canceled(Step):
    """A card in the chain is canceled: it does nothing and goes where the canceller sends it."""

    player: str
    card: Card
    by_player: str
    by: Card
    outcome: str

    @property
    def text(self) -> str:
        return f"{self.by_player}'s {self.by} cancels {self.player}'s {self.card}: {self.outcome}"


@record
class KeeperPlaced(Step):
    """A Keeper lands in front of a player."""

    player: str
    card: Card

    @property
    def text(self) -> str:
        return f"{self.card} goes into play in front of {self.player}"


@record
class RuleAdded(Step):
    """A New Rule takes effect, with any rules it displaces."""

    card: Card
    replaced: tuple[Card, ...] = ()

    @property
    def text(self) -> str:
        if self.replaced:
            return f"{self.card} takes effect and replaces {names(self.replaced)}, which is discarded"
        return f"{self.card} takes effect"


@record
class GoalSet(Step):
    """A Goal becomes the current Goal, with any Goal it displaces."""

    card: Card
    replaced: tuple[Card, ...] = ()

    @property
    def text(self) -> str:
        if self.replaced:
            return f"{self.card} becomes the Goal; {names(self.replaced)} is discarded"
        return f"{self.card} becomes the Goal"


@record
class ActionDone(Step):
    """What a card's effect did, in words (an Action's result, rules discarded to a limit)."""

    card: Card
    what: str

    @property
    def text(self) -> str:
        return f"{self.card}: {self.what}"


@record
class Note(Step):
    """A consequence worth saying that changes nothing (a Draw rule falling, a turn ending early)."""

    what: str

    @property
    def text(self) -> str:
        return self.what


@record
class TempHandOpened(Step):
    """A card sets the hand aside and gives a temporary hand to play from."""

    player: str
    source: Card
    plays: int

    @property
    def text(self) -> str:
        return (
            f"{self.player} sets the hand aside for {self.source}: "
            f"{self.plays} play{'' if self.plays == 1 else 's'} from the temporary hand, all counted as one play"
        )


@record
class TempHandClosed(Step):
    """The temporary hand is done: leftovers discarded, the real hand taken back."""

    player: str
    source: Card
    discarded: tuple[Card, ...]

    @property
    def text(self) -> str:
        left = f"{names(self.discarded)} left over and discarded" if self.discarded else "nothing left over"
        return f"{self.source} is finished ({left}); {self.player} picks the hand back up"


@record
class Discarded(Step):
    """Cards a player discarded, and why (a limit, a card's effect)."""

    player: str
    cards: tuple[Card, ...]
    why: str

    @property
    def text(self) -> str:
        return f"{self.player} discards {names(self.cards)} — {self.why}"


@record
class Moved(Step):
    """A card changed place on the table, and why."""

    card: Card
    source: str
    target: str
    why: str

    @property
    def text(self) -> str:
        return f"{self.card} moves from {self.source} to {self.target} — {self.why}"


@record
class ChoiceNeeded(Step):
    """The replay waits for a player's decision (the scenario did not give one)."""

    player: str
    prompt: str
    options: tuple[str, ...]

    @property
    def text(self) -> str:
        return f"waiting for {self.player}: {self.prompt} (from: {', '.join(self.options)})"


@record
class PlaysOver(Step):
    """A player has no plays left this turn, and why."""

    player: str
    why: str

    @property
    def text(self) -> str:
        return f"{self.player} has no plays left ({self.why}); the play phase is over"


@record
class TurnEnded(Step):
    """A player's turn is over, and who plays next."""

    player: str
    next_player: str | None

    @property
    def text(self) -> str:
        nxt = f"; {self.next_player} is next" if self.next_player else ""
        return f"{self.player}'s turn is over{nxt}"


@record
class WinChecked(Step):
    """A win check with no winner: nobody meets the Goal, a Creeper blocks the win, or a tie."""

    goals: tuple[Card, ...]
    meeting: tuple[str, ...] = ()
    blocked: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        goal = " / ".join(g.name for g in self.goals)
        parts = []
        if self.blocked:
            parts.append(f"{', '.join(self.blocked)} would meet it but a Creeper blocks the win")
        if len(self.meeting) > 1:
            parts.append(f"{' and '.join(self.meeting)} meet it at once: a tie, the game goes on")
        elif not self.meeting and not self.blocked:
            parts.append("nobody meets it")
        return f"win check on {goal}: " + "; ".join(parts)


@record
class Won(Step):
    """A player meets the Goal and wins the game."""

    player: str
    goal: Card
    how: str = ""  # what the Goal's kind says of how it is met ("by spelling CAT")

    @property
    def text(self) -> str:
        how = f" {self.how}" if self.how else ""
        return f"{self.player} meets {self.goal}{how} and wins"


@record
class GoalScored(Step):
    """Solo Fluxx: a Goal met is scored instead of won."""

    player: str
    goal: Card
    discarded: tuple[Card, ...]
    total: int
    how: str = ""  # what the Goal's kind says of how it is met ("by spelling CAT")

    @property
    def text(self) -> str:
        how = f" {self.how}" if self.how else ""
        return (
            f"{self.player} meets {self.goal}{how} and scores it (Goals scored: {self.total}); "
            f"discarded: {names(self.discarded)}"
        )


@record
class RuleFlipped(Step):
    """Solo Fluxx: the top card of the Rules deck goes into play between turns."""

    card: Card
    replaced: tuple[Card, ...] = ()

    @property
    def text(self) -> str:
        instead = f", replacing {names(self.replaced)}" if self.replaced else ""
        return f"the Rules deck's top card, {self.card}, goes into play{instead}"


@record
class SoloEnded(Step):
    """The solo game ends, with the player's score."""

    player: str
    why: str
    score: int

    @property
    def text(self) -> str:
        return (
            f"the solo game is over: {self.why}; {self.player} scored {self.score} Goal{'' if self.score == 1 else 's'}"
        )


@record
class Rejected(Step):
    """An event of the scenario that the rules do not allow, with the reason."""

    player: str
    what: str
    code: str
    reason: str
    #: `FILE:LINE` of an event refused for what it states (an impossible outcome of chance, a word
    #: its card does not take): the file says something that cannot be, and where.
    where: str = ""

    @property
    def text(self) -> str:
        where = f" ({self.where})" if self.where else ""
        return f"rejected: {self.player} {self.what}{where} — {self.reason}"


@record
class Stopped(Step):
    """The replay cannot go on: the events leave a choice unanswered, or a `?` card must be named."""

    reason: str

    @property
    def text(self) -> str:
        return f"replay stops: {self.reason}"


@record
class Joined(Step):
    """A new player sits down in the middle of the game."""

    player: str
    seat_after: str | None

    @property
    def text(self) -> str:
        where = f" (seated after {self.seat_after})" if self.seat_after else ""
        return f"{self.player} jumps in{where}"


@record
class DroppedOut(Step):
    """A player leaves the game and discards every card they held."""

    player: str
    cards: tuple[Card, ...] = field(default=())

    @property
    def text(self) -> str:
        return f"{self.player} drops out and discards {names(self.cards)}"
