"""Where a game rests (`Game.decision`), and the outcomes of chance an event meets.

`decision(game)` brings the game through every step the next event forces whatever it is --
the window closing when nobody may answer it, the chain and the card resolving, the limits,
the turn ending and the next one beginning, its draws (`legal.advance`, the steps `push` would
take first anyway, so the log is the same) -- and reads off who must decide, what, and from
which cards, with the legal events. It is kept until the game changes (`_stamp`); pushing one
of its events goes on from where the listing left it (`take_listed`): where the legal events
part ways (a window some may answer, a forced play, free actions before the turn's end) the
listing took a copy down the other way, and an event listed there is applied to that copy's
position, without taking those steps again.

`chance_outcomes(game, event)` finds the first random step the event meets that it does not
state (a trial on a copy whose generator records what it is asked), and lists its outcomes as
the event stating each one: a shuffle by the card that comes first (the rest follow from the
seed: n! orders summarised as n), a card picked at random by the card, each checked on a
copy to be taken as stated.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import MutableSequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from adjudicator.cards.kinds import REGISTRY, kind_of
from adjudicator.engine.advancing import advance, stamp
from adjudicator.engine.copying import fork
from adjudicator.engine.legal import next_events
from adjudicator.engine.listing import Ahead
from adjudicator.model import records as rec
from adjudicator.model.cards import AtRandom, Card
from adjudicator.model.decision import ChanceOutcome, Decision, DecisionKind
from adjudicator.model.events import Action, Event, one_line
from adjudicator.model.position import Play

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView

#: At most this many outcomes of one random step are tried and listed.
MAX_OUTCOMES = 40


@dataclass
class Decided:
    """A decision and what its listing took on the way, valid while the game is as it was (`stamp`)."""

    stamp: tuple[int | None, ...]
    decision: Decision
    ahead: Ahead


def next_number(game: GameView) -> int:
    """The number the next event gets: one more than the events pushed so far."""
    return len(game.move_stack) + 1


def decision(game: GameView) -> Decision:
    """Where the game rests, the forced steps taken (see the module's doc)."""
    decided: Decided | None = game._decided
    if decided is not None and decided.stamp == stamp(game):
        return decided.decision
    if game.is_over:
        return Decision(DecisionKind.OVER, ())
    ahead: Ahead = {}
    events = next_events(game, next_number(game), ahead)
    made = _classify(game, events)
    game._decided = Decided(stamp(game), made, ahead)
    return made


def _classify(game: GameView, events: list[Event]) -> Decision:
    if game.is_over:
        return Decision(DecisionKind.OVER, tuple(events))
    if not events:
        return Decision(DecisionKind.STUCK, ())
    pending = game.pending
    if pending:
        limit = all(choice.keep_means_complement for choice in pending)
        return Decision(
            DecisionKind.LIMIT if limit else DecisionKind.ANSWER,
            tuple(events),
            tuple(f"{choice.player} must {choice.prompt}" for choice in pending),
            tuple(option for choice in pending for option in choice.options),
        )
    if game.window is not None:
        return Decision(DecisionKind.RESPOND, tuple(events))
    for event in events:
        if event.action == Action.BEGIN_TURN:
            return Decision(DecisionKind.BEGIN_TURN, tuple(events))
    return Decision(DecisionKind.PLAY, tuple(events))


def take_listed(game: GameView, event: Event) -> None:
    """Before `push` takes event: when it is one the game's decision listed, judged on a copy the
    listing brought where push would bring the game first, the game takes that copy's position
    (its undo stack stays its own), as `pop` takes a snapshot's."""
    decided = game._decided
    game._decided = None
    if decided is None:
        return
    found = decided.ahead.get(id(event))
    if found is None or found[0] is not event or found[2] != stamp(game):
        return
    undo = game.undo
    game.__dict__ = found[1].__dict__  # the copy is nobody else's: its fields become the game's
    game.undo = undo
    decided.ahead.clear()  # each copy is taken once


# ------------------------------------------------------------------ chance
class _Recorder(random.Random):
    """A generator that records every random step it is asked for, and may be told the outcome
    of the first one (`forced`: the index picked)."""

    def __init__(self, state: Any, forced: int | None = None) -> None:
        super().__init__()
        self.setstate(state)
        self.asked: list[tuple[str, Any]] = []
        self.forced = forced

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        first = not self.asked
        self.asked.append(("pick", start if stop is None else stop - start))
        if first and self.forced is not None:
            return self.forced
        return super().randrange(start, stop, step)

    def __deepcopy__(self, memo: dict[int, Any]) -> random.Random:
        """A copy of the trial (its own event tried first) draws as the trial would, unrecorded."""
        copy = random.Random()
        copy.setstate(self.getstate())
        return copy

    def shuffle(self, x: MutableSequence[Any]) -> None:
        self.asked.append(("shuffle", list(x)))
        super().shuffle(x)


def _trial(game: GameView, event: Event, forced: int | None = None) -> tuple[GameView, _Recorder, int]:
    """event taken on a copy with a log and a recording generator: (the copy, its generator,
    the steps before the event)."""
    trial = fork(game, history=False)
    trial.cited = None  # every step written: the random steps are read off the log
    recorder = trial._rng = _Recorder(game.rng.getstate(), forced)
    seen = len(trial.steps)
    trial.push(event)
    trial.close_window()  # a card played resolves once its window closes: nobody answers it here
    return trial, recorder, seen


def chance_outcomes(game: GameView, event: Event) -> list[ChanceOutcome]:
    """The outcomes of the first random step event meets and does not state (see the module's doc)."""
    if game.is_over:
        return []
    # The steps the event forces first (the last play resolving, the turn passing) may draw at
    # random too: what they draw is not this event's to state, so they are taken first.
    game = fork(game)
    advance(game, event.number)
    if event.shuffled:  # the orders it states are outcomes too: each is listed with the others
        event = _stating(event, shuffled=())
    trial, recorder, seen = _trial(game, event)
    if not recorder.asked or any(isinstance(step, rec.Rejected) for step in trial.steps[seen:]):
        return []
    how, what = recorder.asked[0]
    chance = next((s for s in trial.steps[seen:] if isinstance(s, rec.Chance) and not s.stated), None)
    label = chance.what if chance is not None else "chance"
    if how == "shuffle":
        return _first_cards(event, what, label)
    return _picks(game, event, int(what), label)


def _first_cards(event: Event, cards: list[Card], label: str) -> list[ChanceOutcome]:
    """A shuffle's outcomes, summarised by the card that comes first (each name once)."""
    counts = Counter(str(card) for card in cards)
    first = {str(card): card for card in reversed(cards)}
    return [
        ChanceOutcome(
            _stating(event, shuffled=(*event.shuffled, (first[name],))), count / len(cards), f"{label}: {name} first"
        )
        for name, count in list(counts.items())[:MAX_OUTCOMES]
    ]


def _picks(game: GameView, event: Event, options: int, label: str) -> list[ChanceOutcome]:
    """A pick among `options`: each index tried on a copy, the outcome read off its log, then
    stated in the event (as the card's kind states it, or as the choice it adds, checked)."""
    outcomes: Counter[str] = Counter()
    for index in range(min(options, MAX_OUTCOMES)):
        trial, _, seen = _trial(game, event, forced=index)
        chance = next((s for s in trial.steps[seen:] if isinstance(s, rec.Chance) and not s.stated), None)
        if chance is not None:
            outcomes[chance.outcome] += 1
    found = []
    for name, count in outcomes.items():
        stated = _stated_variant(game, event, name)
        if stated is not None:
            found.append(ChanceOutcome(stated, count / options, f"{label}: {name}"))
    return found


def _stated_variant(game: GameView, event: Event, name: str) -> Event | None:
    """event stating that chance brought the card called name, in the first form the replay takes
    as stated: the kind's own forms, the word `random` made `CARD at random`, then the card added
    to the choices (plain or `at random`)."""
    candidates: list[Event] = []
    card = event.card
    if event.action == Action.PLAY and card is not None and card.kind in REGISTRY:
        play = Play(player=event.player, card=card, event=event.number, answers=list(event.choices))
        for choices in kind_of(card).chance_outcomes(game, play):
            if any(str(choice) == name for choice in choices):
                candidates.append(_stating(event, choices=tuple(choices)))
    thing = next((c for zone in game.zones().values() for c in zone if str(c) == name), None)
    if thing is not None:
        if any(str(choice) == "random" for choice in event.choices):  # `P discards random`: which one
            said = tuple(AtRandom(thing) if str(choice) == "random" else choice for choice in event.choices)
            candidates.append(_stating(event, choices=said))
        candidates += [
            _stating(event, choices=(*event.choices, thing)),
            _stating(event, choices=(*event.choices, AtRandom(thing))),
        ]
    for candidate in candidates:
        trial, _, seen = _trial(game, candidate)
        steps = trial.steps[seen:]
        if not any(isinstance(s, rec.Rejected) for s in steps) and any(
            isinstance(s, rec.Chance) and s.stated and s.outcome == name for s in steps
        ):
            return candidate
    return None


def _stating(event: Event, **changes: Any) -> Event:
    """The event with more chance stated (its text said anew)."""
    stated = replace(event, text="", **changes)
    text = one_line(stated.player, stated.action, stated.card, stated.choices, stated.at_random, stated.shuffled)
    return replace(stated, text=text)
