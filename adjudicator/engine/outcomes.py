"""The outcomes of chance an event meets (`Game.chance_outcomes`), as OpenSpiel lists a chance
node's outcomes: what `explore` replays ("had chance gone otherwise") and what a driver may state.

`chance_outcomes(game, event)` finds the first random step the event meets that it does not
state (a trial on a copy whose generator records what it is asked), and lists its outcomes as
the event stating each one: a shuffle by the card that comes first (the rest follow from the
seed: n! orders summarised as n), a card picked at random, each checked on a copy to be taken
as stated. A forced play the event states (`P plays CARD at random`) has as its outcomes the
other picks the rule could have made, each stated in its place; one it leaves to chance (`P
begins`, `P declines`, where a rule picks her first play) is stated by `P plays CARD at random`
in its place.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import MutableSequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from adjudicator.cards.kinds import REGISTRY, kind_of
from adjudicator.engine.advancing import advance
from adjudicator.engine.copying import fork
from adjudicator.model import records as rec
from adjudicator.model.cards import AtRandom, Card
from adjudicator.model.chance import SHUFFLED_HOW, forced_play_how
from adjudicator.model.decision import ChanceOutcome
from adjudicator.model.events import Action, Event, one_line
from adjudicator.model.position import Play

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

    from adjudicator.engine.view import GameView

_T = TypeVar("_T")
#: At most this many outcomes of one random step are tried and listed.
MAX_OUTCOMES = 40
#: The events that make a forced play due without stating it, which `P plays CARD at random` replaces.
_MAKE_THE_FORCED_PLAY = (Action.BEGIN_TURN, Action.DECLINE)


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

    def choice(self, seq: SupportsLenAndGetItem[_T]) -> _T:
        first = not self.asked
        self.asked.append(("pick", len(seq)))
        if first and self.forced is not None:
            return seq[self.forced]
        return super().choice(seq)

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


def _shuffle_on_the_way(game: GameView, number: int) -> tuple[list[Card], str] | None:
    """game (a copy) taken through the steps event `number` forces first, whatever it is
    (`advance`): the cards of the first pile they shuffle, left to chance, and what the pile is
    (the log's words); None where they shuffle none."""
    recorder = game._rng = _Recorder(game.rng.getstate())
    game.cited = None  # every step written: the shuffle's words are read off the log
    seen = len(game.steps)
    advance(game, number)
    cards = next((what for how, what in recorder.asked if how == "shuffle"), None)
    if cards is None:
        return None
    chance = next(
        (s for s in game.steps[seen:] if isinstance(s, rec.Chance) and not s.stated and s.how == SHUFFLED_HOW), None
    )
    return cards, chance.what if chance is not None else "chance"


def _left_to_chance(trial: GameView, seen: int) -> rec.Chance | None:
    """The trial's first random step after its first `seen` steps that the event left to chance."""
    return next((s for s in trial.steps[seen:] if isinstance(s, rec.Chance) and not s.stated), None)


def chance_outcomes(game: GameView, event: Event) -> list[ChanceOutcome]:
    """The outcomes of the first random step event meets and does not state (see the module's doc)."""
    if game.is_over:
        return []
    game = fork(game)
    tried = event
    if event.at_random:
        # A forced play it states: the picks the rule could make are found with the pick left to
        # chance (no card named: an event only a trial takes). The steps before the play are the
        # event's own, as push takes them (a turn it begins, its draws).
        tried = replace(event, card=None)
    elif event.action not in _MAKE_THE_FORCED_PLAY:  # (a forced play it makes is its own to state)
        # The steps the event forces first (the last play resolving, the turn passing) are taken
        # first. A card they pick at random is not this event's to state (the event that played
        # the card states it), but a pile they shuffle is: `; shuffled` goes on the event after
        # whose number the log puts the reshuffle. Its orders are then this event's outcomes.
        shuffled = _shuffle_on_the_way(game, event.number)
        if shuffled is not None:
            cards, label = shuffled
            return _first_cards(_stating(event, shuffled=()) if event.shuffled else event, cards, label)
    if event.shuffled:  # the orders it states are outcomes too: each is listed with the others
        event = tried = _stating(event, shuffled=())
    trial, recorder, seen = _trial(game, tried)
    if not recorder.asked or any(isinstance(step, rec.Rejected) for step in trial.steps[seen:]):
        return []
    how, what = recorder.asked[0]
    chance = _left_to_chance(trial, seen)
    if event.at_random and (chance is None or chance.how != forced_play_how(event.player)):
        return []  # (a draw pile reshuffled before the pick: that is not the event's to state)
    label = chance.what if chance is not None else "chance"
    if how == "shuffle":
        return _first_cards(event, what, label)
    return _picks(game, event, tried, int(what), label)


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


def _picks(game: GameView, event: Event, tried: Event, options: int, label: str) -> list[ChanceOutcome]:
    """A pick among `options`: each index tried on a copy (with `tried`: the event, or the forced
    play it states left to chance), the outcome read off its log, then stated in the event (as the
    card's kind states it, or as the choice it adds, checked)."""
    outcomes: Counter[str] = Counter()
    turns: dict[str, int] = {}  # how many turns had begun once the event with each outcome was taken
    how = ""  # how the step is stated: the same for every index
    for index in range(min(options, MAX_OUTCOMES)):
        trial, _, seen = _trial(game, tried, forced=index)
        chance = _left_to_chance(trial, seen)
        if chance is not None:
            outcomes[chance.outcome] += 1
            turns[chance.outcome], how = trial.turns_begun, chance.how
    found = []
    for name, count in outcomes.items():
        stated = _stated_variant(game, event, name, how, turns[name])
        if stated is not None:
            found.append(ChanceOutcome(stated, count / options, f"{label}: {name}"))
    return found


def _taken_as_stated(game: GameView, candidate: Event, name: str, turns: int) -> bool:
    """Whether the replay takes candidate, chance bringing the card called name as it states, and
    goes as far as the event did (`turns`: the turns begun by then). `P begins` that goes on into
    her next turn (Solo, a turn played out at its start) is not stated by the forced play alone."""
    trial, _, seen = _trial(game, candidate)
    steps = trial.steps[seen:]
    return (
        trial.turns_begun == turns
        and not any(isinstance(s, rec.Rejected) for s in steps)
        and any(isinstance(s, rec.Chance) and s.stated and s.outcome == name for s in steps)
    )


def _stated_variant(game: GameView, event: Event, name: str, how: str, turns: int) -> Event | None:
    """event stating that chance brought the card called name, in the first form the replay takes
    as stated: a forced play it makes stated in its place (`how`: how the step is stated), the
    kind's own forms, the word `random` made `CARD at random`, then the card added to the choices
    (plain or `at random`)."""
    candidates: list[Event] = []
    card = event.card
    thing = next((c for zone in game.zones().values() for c in zone if str(c) == name), None)
    if thing is not None and how == forced_play_how(event.player):
        if event.at_random:  # another pick stated in its place
            candidates.append(_stating(event, card=thing))
        elif event.action in _MAKE_THE_FORCED_PLAY:  # `P begins`, `P declines`: stated by the play itself
            candidates.append(_stating(event, action=Action.PLAY, card=thing, choices=(), at_random=True))
    if event.action == Action.PLAY and card is not None and card.kind in REGISTRY:
        play = Play(player=event.player, card=card, event=event.number, answers=list(event.choices))
        for choices in kind_of(card).chance_outcomes(game, play):
            if any(str(choice) == name for choice in choices):
                candidates.append(_stating(event, choices=tuple(choices)))
    if thing is not None:
        if any(str(choice) == "random" for choice in event.choices):  # `P discards random`: which one
            said = tuple(AtRandom(thing) if str(choice) == "random" else choice for choice in event.choices)
            candidates.append(_stating(event, choices=said))
        candidates += [
            _stating(event, choices=(*event.choices, thing)),
            _stating(event, choices=(*event.choices, AtRandom(thing))),
        ]
    return next((candidate for candidate in candidates if _taken_as_stated(game, candidate, name, turns)), None)


def _stating(event: Event, **changes: Any) -> Event:
    """The event with more chance stated (its text said anew)."""
    stated = replace(event, text="", **changes)
    text = one_line(stated.player, stated.action, stated.card, stated.choices, stated.at_random, stated.shuffled)
    return replace(stated, text=text)
