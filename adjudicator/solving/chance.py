"""The chance half of the adapter (`adapter.py`): a step taken from a position, with every way
chance could go (each outcome as likely as the product of 1/n of the questions it answered).

An event's first random step is stated as the engine states it (`Game.chance_outcomes`: the
event stating each outcome, with its probability); whatever else is left to chance is tried
with a scripted generator (`scripted.Scripted`): every script up to `exact_up_to` outcomes,
else a sample.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from adjudicator.model.events import Action
from adjudicator.solving.adapter import Step, copy_of, take
from adjudicator.solving.scripted import Scripted

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.model.events import Event


@dataclass(frozen=True)
class Outcome:
    """What one step led to: the game after it, and how likely that was (1.0: certain)."""

    game: Game
    probability: float
    #: the answers given to the generator's questions: how chance went, for the report
    script: tuple[int, ...] = ()
    #: the event as pushed when it states the outcome (`Game.chance_outcomes`); None: as the step's
    event: Event | None = None


def apply(game: Game, step: Step, *, exact_up_to: int, samples: int, seed: int = 0) -> tuple[list[Outcome], bool]:
    """The outcomes of taking step from game (which is left as it is), and whether they are all
    of them (True) or a sample of `samples` (False): at most `exact_up_to` outcomes are listed
    exactly, each with its probability; more are sampled, each counting 1/samples."""
    first, asked = _run(game, step, ())
    if step.event is not None and (asked or _resolves_by_chance(first, step.event)):
        stated = _stated_outcomes(game, step, exact_up_to=exact_up_to, samples=samples, seed=seed)
        if stated is not None:
            return stated
    if not asked:
        return [Outcome(first, 1.0)], True
    return _scripted(game, step, asked, exact_up_to=exact_up_to, samples=samples, seed=seed)


def _scripted(
    game: Game, step: Step, asked: list[int], *, exact_up_to: int, samples: int, seed: int
) -> tuple[list[Outcome], bool]:
    """Every answer to the generator's questions (`asked`: the first run's), up to `exact_up_to`
    outcomes; past that, `samples` runs with answers drawn at random."""
    outcomes: list[Outcome] = []
    for outcome in _scripts(game, step, asked):
        if len(outcomes) >= exact_up_to:
            break
        outcomes.append(outcome)
    else:
        return outcomes, True
    rng = random.Random(seed)
    sampled = []
    for _ in range(samples):
        child, answers = _random_script(game, step, rng)
        sampled.append(Outcome(child, 1.0 / samples, answers))
    return sampled, False


def _stated_outcomes(
    game: Game, step: Step, *, exact_up_to: int, samples: int, seed: int
) -> tuple[list[Outcome], bool] | None:
    """The outcomes of an event's first random step as the engine states them (`Game.chance_outcomes`:
    the same event stating each outcome, with its probability), each taken in turn; what chance the
    stated event still meets (a shuffle stated by its first card: the order of the rest) is weighed
    as any other (`_scripted`, the samples shared out). None: the engine states none, or not all."""
    assert step.event is not None
    listed = game.chance_outcomes(step.event)
    if not listed or abs(sum(o.probability for o in listed) - 1.0) > 1e-9:
        return None
    found: list[Outcome] = []
    exact = True
    share = max(10, samples // len(listed))
    for stated in listed:
        inner = Step(stated.event.text, stated.event)
        child, asked = _run(game, inner, ())
        if not asked:
            found.append(Outcome(child, stated.probability, (), stated.event))
            continue
        more, all_of_them = _scripted(game, inner, asked, exact_up_to=exact_up_to, samples=share, seed=seed)
        exact = exact and all_of_them
        found += [replace(o, probability=o.probability * stated.probability, event=stated.event) for o in more]
    return found, exact


def _resolves_by_chance(after: Game, event: Event) -> bool:
    """Whether the card event played, left open to answers, meets chance as it resolves (tried
    on a copy, the window closed with a recording generator)."""
    if after.window is None or event.action != Action.PLAY:
        return False
    trial = copy_of(after)
    recorder = trial._rng = Scripted(())
    trial.close_window()
    return bool(recorder.bounds)


def _run(game: Game, step: Step, script: tuple[int, ...]) -> tuple[Game, list[int]]:
    """Take step on a copy with a scripted generator: the copy, and the bounds it was asked."""
    child = copy_of(game)
    rng = child._rng = Scripted(script)
    take(child, step)
    child._rng = None  # what follows is scripted anew
    return child, rng.bounds


def _scripts(game: Game, step: Step, bounds: list[int]) -> Iterator[Outcome]:
    """Every script, as an odometer over the bounds asked (a later question may depend on an
    earlier answer: each run says what it asked)."""
    script: list[int] = [0] * len(bounds)
    while True:
        child, asked = _run(game, step, tuple(script))
        answers = [*script[: len(asked)], *([0] * max(0, len(asked) - len(script)))]
        chance = 1.0
        for bound in asked:
            chance /= bound
        yield Outcome(child, chance, tuple(answers))
        i = len(asked) - 1
        while i >= 0 and answers[i] + 1 >= asked[i]:
            i -= 1
        if i < 0:
            return
        script = [*answers[:i], answers[i] + 1]


def _random_script(game: Game, step: Step, rng: random.Random) -> tuple[Game, tuple[int, ...]]:
    child = copy_of(game)
    scripted = child._rng = Scripted((), rng)
    take(child, step)
    child._rng = None
    return child, tuple(scripted.answers)
