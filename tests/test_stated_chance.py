"""Stating chance never changes what happened (issue 29, item 3).

A random game of `simulate` (every deck set, house rules, one to six players) is replayed with
its log; every random step the seed decided is then written into the events in the form the log
prints (`to state it, write ...`): `P plays CARD at random` before the event that made the forced
play, `; shuffled A, B, ...` after the event under which the log puts the shuffle (the whole
order: the log shows its first cards), `P discards CARD at random` for the answer `random`, and a
play's `-> ..., CARD` (the play's own answers first, which its answering events then no longer
give). Replayed under another seed, the game must take the same steps to the same position:
the chance steps say "as the table stated" instead of "left to chance", and nothing else differs.

A few games on every run; the nightly profile (.ci/nightly) plays 1,000 new ones
(`ADJUDICATOR_STATED_CHANCE_GAMES`). A forced play's own chance is stated on the stated forced
play (`P plays CARD at random -> ...`); a card another card played (Mystery Play, Wormhole, Use
What You Take, Let's Do That Again!) on the event that played or used the first card, its answers
going on in order (docs/scenario-format.md). Positions are compared with each copy of a card as
the card. One known limit is xfail: an answer moved onto its play had closed the play's window, and
a Surprise right after it then answers the play (300 games of seed 11: 1; of seed 7: none).
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import nightly_games
import pytest

from adjudicator import simulate as sim
from adjudicator.engine import chance
from adjudicator.engine.game import Game
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model import records as rec
from adjudicator.model.cards import AtRandom, Card, CardType
from adjudicator.model.events import Event

NIGHTLY = os.environ.get("ADJUDICATOR_PROPERTY") == "nightly"
GAMES = int(os.environ.get("ADJUDICATOR_STATED_CHANCE_GAMES", 1000)) if NIGHTLY else 24
MAX_EVENTS = 300


@contextmanager
def outcomes_seen() -> Iterator[list[tuple[Game, Any]]]:
    """The outcome of every random step left to the seed, in order, with the game that took it
    (a copy made to look ahead takes steps no log keeps): the card picked, or the whole order of a
    shuffle (the log shows only its first cards)."""
    seen: list[tuple[Game, Any]] = []
    pick, shuffle = chance.pick, chance.shuffle

    def picking(game: Game, options: Any, stated: Card | None, **how: Any) -> Card:
        card = pick(game, options, stated, **how)
        if stated is None:
            seen.append((game, card))
        return card

    def shuffling(game: Game, cards: list[Card], **how: Any) -> None:
        stated = bool(game.stated_shuffles)
        shuffle(game, cards, **how)
        if len(cards) > 1 and not stated:
            seen.append((game, tuple(cards)))

    chance.pick, chance.shuffle = picking, shuffling  # type: ignore[assignment]
    try:
        yield seen
    finally:
        chance.pick, chance.shuffle = pick, shuffle  # type: ignore[assignment]


def _made(event: Event, **changes: Any) -> Event:
    fields = {
        "number": event.number,
        "player": event.player,
        "action": event.action,
        "card": event.card,
        "choices": event.choices,
    }
    fields.update({k: v for k, v in changes.items() if k in fields})
    made = Event.made(fields["number"], fields["player"], fields["action"], fields["card"], tuple(fields["choices"]))
    made.__dict__.update(at_random=changes.get("at_random", event.at_random))
    made.__dict__.update(shuffled=tuple(changes.get("shuffled", event.shuffled)))
    return made


FORCED = re.compile(r"^`(?P<player>.+) plays CARD at random`$")
DISCARDED = re.compile(r"^`(?P<player>.+) discards CARD at random`$")
ON_THE_PLAY = re.compile(r"^`(?P<player>.+?) plays (?P<card>.+?) -> (?P<before>(?:.+, )?)CARD(?P<more>, \.\.\.)?`")


def restated(game: Game, events: list[Event], seen: list[Any]) -> tuple[list[Event], set[int]]:
    """The events with every outcome of chance in the game written in, as its log says, and the
    steps (by place in the log) that asked what a play now states (its player, taken from: Use What You Take)."""
    seen = list(seen)
    before: dict[int, list[Event]] = {}  # event number -> events put before it
    shuffles: dict[int, list[tuple[Card, ...]]] = {}
    forced_shuffles: dict[tuple[int, int], list[tuple[Card, ...]]] = {}  # (event, which forced play before it)
    replaced: dict[int, Event] = {}
    dropped: set[int] = set()
    unasked: set[int] = set()
    by_number = {event.number: event for event in events}
    steps = game.steps
    forced_picks = _forced_picks(steps)
    for at, step in enumerate(steps):
        if not isinstance(step, rec.Chance) or step.stated:
            continue
        number = step.event
        assert number is not None, f"chance before the first event cannot be stated: {step.text}"
        if forced := FORCED.match(step.how):
            card = next(s.card for s in steps[at:] if isinstance(s, rec.Played))
            stated = _made(
                by_number[number], player=forced["player"], action="play", card=card, choices=(), at_random=True
            )
            if _begins_her_turn(by_number[number], forced["player"]):
                # it begins her turn as `P begins` did, or goes on where she waited as `P declines`
                # did, and makes the forced play
                replaced[number] = stated
                declined = f"{forced['player']} declines:"
                unasked.update(  # no decline is said when the play it let come is stated instead
                    i
                    for i in range(at)
                    if steps[i].event == number
                    and isinstance(steps[i], rec.Note)
                    and steps[i].text.startswith(declined)
                )
            elif number == events[-1].number and by_number[number].action == "use":
                # made after her free action, as the events ran out (`finish`): an event after it
                before.setdefault(number + 1, []).append(_made(stated, number=number + 1))
            else:
                before.setdefault(number, []).append(stated)
            continue
        outcome = seen.pop(0)
        if step.how == chance.SHUFFLED_HOW:
            picks = forced_picks.get(number, [])
            made = sum(pick < at for pick in picks)  # forced plays made before it in the event
            if made < len(picks) and not _begins_her_turn(by_number[number], _picked_for(steps, forced_picks, number)):
                # shuffled before the next forced play is made (a turn begun, the last one resolved):
                # that stated forced play, an event of its own now, closes what is open and makes it
                forced_shuffles.setdefault((number, made), []).append(outcome)
            else:
                shuffles.setdefault(number, []).append(outcome)
        elif DISCARDED.match(step.how):
            replaced[number] = _made(by_number[number], action="discard", choices=(AtRandom(outcome),))
        elif on_play := ON_THE_PLAY.match(step.how):
            player, card = on_play["player"], on_play["card"]
            inner = next(  # the play whose card drew this chance: the last one before it
                p
                for p in reversed(range(at))
                if isinstance(steps[p], rec.Played) and steps[p].player == player and steps[p].card.name == card
            )
            made = steps[inner].event
            assert made is not None
            place = _the_play(events, made, player, card, replaced, before)
            if place is None:  # a card another card played: stated on the event that played the first
                _state_on_the_root(steps, inner, at, events, by_number, replaced, before, dropped, unasked, outcome)
                continue
            current = _at(place, by_number, replaced, before)
            stated_before = [name for name in on_play["before"].split(", ") if name]
            choices = list(current.choices)
            if stated_before and not choices:
                choices = list(stated_before)
                # a forced play stated before event `made` is answered by that event at the earliest
                after = made - 1 if place[0] == "before" else made
                asked = [  # what the play asked its player (nothing: the only other player)
                    i
                    for i in range(inner, at)
                    if isinstance(steps[i], rec.ChoiceNeeded) and steps[i].player == player  # type: ignore[attr-defined]
                ]
                answer = _the_answer(events, after, current.player, stated_before) if asked else None
                if answer is not None:
                    _closes_no_window_a_surprise_needs(steps, events, answer, current)
                    dropped.add(answer)
                    unasked.add(asked[-1])  # now stated on the play: nothing asks it
            _put(place, _made(current, choices=(*choices, outcome)), replaced, before)
        else:
            raise AssertionError(f"no known form to state: {step.text}")
    assert not seen, f"outcomes with no step: {seen}"
    written: list[Event] = []
    for event in events:
        written += [
            _made(made, shuffled=forced_shuffles.get((event.number, k), ()))
            for k, made in enumerate(before.get(event.number, []))
        ]
        if event.number in dropped:
            continue
        event = replaced.get(event.number, event)
        if event.number in shuffles:
            event = _made(event, shuffled=(*event.shuffled, *shuffles[event.number]))
        written.append(event)
    if events:
        written += before.get(events[-1].number + 1, [])
    return written, unasked


def _begins_her_turn(event: Event, player: str | None = None) -> bool:
    """`P begins` (or `P declines`) whose forced play P's stated one replaces."""
    return event.action in ("begin_turn", "decline") and event.player == player


def _picked_for(steps: list[rec.Step], picks: dict[int, list[int]], number: int) -> str:
    """The player whose forced play was picked first in event `number`."""
    first = FORCED.match(steps[picks[number][0]].how)  # type: ignore[attr-defined]
    assert first is not None
    return first["player"]


def _forced_picks(steps: list[rec.Step]) -> dict[int, list[int]]:
    """For each event in which a forced play was picked at random, where the picks are (by place
    in the log): the stated forced plays, events of their own before it now, make them."""
    picks: dict[int, list[int]] = {}
    for at, step in enumerate(steps):
        if isinstance(step, rec.Chance) and not step.stated and FORCED.match(step.how) and step.event is not None:
            picks.setdefault(step.event, []).append(at)
    return picks


Place = tuple[str, int, int]  # ("event", number, 0) or ("before", number, which forced play before it)


def _the_play(
    events: list[Event], number: int, player: str, card: str, replaced: dict[int, Event], before: dict[int, list[Event]]
) -> Place | None:
    """Where the event is that played the card whose chance a later step drew (the play was made in
    event `number`): that event, if it is that play, or the forced play stated before it. None: a
    card another card played."""

    def plays(e: Event) -> bool:
        return e.player == player and e.action in ("play", "use") and e.card is not None and e.card.name == card

    forced = [k for k, e in enumerate(before.get(number, [])) if plays(e)]
    if forced:  # a forced play stated before the event: the last one made so far
        return ("before", number, forced[-1])
    if any(e.number == number and plays(replaced.get(number, e)) for e in events):
        return ("event", number, 0)
    return None


BY = re.compile(r"^\(from .*, by (?P<card>.+?); ")


def _state_on_the_root(
    steps: list[rec.Step],
    inner: int,
    at: int,
    events: list[Event],
    by_number: dict[int, Event],
    replaced: dict[int, Event],
    before: dict[int, list[Event]],
    dropped: set[int],
    unasked: set[int],
    outcome: Any,
) -> None:
    """A card played by another card (Mystery Play, Wormhole, Use What You Take, Let's Do That
    Again!) takes its choices, and its chance, from the play of the first: on the event that played
    or used that card, every answer in order (docs/scenario-format.md). The answers asked of its
    player since, by `chooses` events, move onto that event with the outcome."""
    step = steps[inner]
    assert isinstance(step, rec.Played)
    player, place, root = step.player, None, inner
    while place is None:
        by = BY.match(f"({steps[root].counted})") if isinstance(steps[root], rec.Played) else None  # type: ignore[attr-defined]
        if by is None:
            raise AssertionError(f"no event plays {steps[root].text}")
        card = by["card"]
        root = next(
            p
            for p in reversed(range(root))
            if (isinstance(steps[p], rec.Played) and steps[p].player == player and steps[p].card.name == card)  # type: ignore[attr-defined]
            or (isinstance(steps[p], rec.Note) and steps[p].text.startswith(f"{player} uses {card}:"))
        )
        number = steps[root].event
        assert number is not None
        place = _the_play(events, number, player, card, replaced, before)
    current = _at(place, by_number, replaced, before)
    first = place[1] if place[0] == "before" else place[1] + 1
    last = steps[at].event
    assert last is not None
    answers = [
        e
        for e in events
        if first <= e.number <= last and e.number not in dropped and e.player == player and e.action == "choose"
    ]
    asked = [
        i
        for i in range(root, at)
        if i not in unasked and isinstance(steps[i], rec.ChoiceNeeded) and steps[i].player == player  # type: ignore[attr-defined]
    ]
    if len(answers) != len(asked):
        pytest.xfail(f"cannot tell which answers go to the play of {current.text}")
    dropped.update(e.number for e in answers)
    unasked.update(asked)
    choices = (*current.choices, *(c for e in answers for c in e.choices), outcome)
    _put(place, _made(current, choices=choices), replaced, before)


def _at(place: Place, by_number: dict[int, Event], replaced: dict[int, Event], before: dict[int, list[Event]]) -> Event:
    where, number, k = place
    return before[number][k] if where == "before" else replaced.get(number, by_number[number])


def _put(place: Place, event: Event, replaced: dict[int, Event], before: dict[int, list[Event]]) -> None:
    where, number, k = place
    if where == "before":
        before[number][k] = event
    else:
        replaced[number] = event


def _closes_no_window_a_surprise_needs(steps: list[rec.Step], events: list[Event], answer: int, play: Event) -> None:
    """The answer moved onto the play closed the play's window; a Surprise right after it answered
    the card the play went on to play. Without the answer, that Surprise would come while the
    play's own window is open and answer the play: the known limit of the form (nothing but the
    answer closed that window; an event that only closes it, `P passes`, is on its way)."""
    closed = any(
        s.event == answer
        and isinstance(s, rec.WindowClosed)
        and play.card is not None
        and s.card.name == play.card.name
        for s in steps
    )
    after = next((e for e in events if e.number == answer + 1), None)
    if (
        closed
        and after is not None
        and after.player != play.player
        and after.action == "play"
        and after.card is not None
        and after.card.type is CardType.SURPRISE
    ):
        pytest.xfail(f"stating chance on `{play.text}` leaves its window open to `{after.text}`")


def _the_answer(events: list[Event], after: int, player: str, answers: list[str]) -> int | None:
    """The event that answered what the play asked, now stated on the play itself."""
    found = next(
        (
            e.number
            for e in events
            if e.number > after and e.player == player and e.action == "choose" and list(map(str, e.choices)) == answers
        ),
        None,
    )
    return found  # None: nothing asked it (the only other player)


def what_happened(game: Game, unasked: set[int] = set()) -> tuple[Any, ...]:  # noqa: B006  (only read)
    """The steps (a chance step by what it decided, stated or not; not those `unasked`, by place) and
    the position, each copy of a card as the card: an event names a card, not which of its copies
    chance reached (copies are alike in every way: model/chance.the_copy)."""
    steps = tuple(
        (type(s).__name__, s.what if isinstance(s, rec.Chance) else s.text)
        for at, s in enumerate(game.steps)
        if s.event is not None and at not in unasked
    )
    return steps, COPY.sub("", repr(game.position()))


COPY = re.compile(r" #\d+(?=')")


def games(count: int, seed: int) -> Iterator[tuple[sim.Settings, int]]:
    rng = random.Random(seed)
    for index in range(count):
        settings = sim.Settings(
            players=sim.DEFAULT_NAMES[: rng.randint(1, 6)],
            decks=rng.choice(nightly_games.DECK_SETS),
            house_rules=dict(rng.choice(nightly_games.HOUSE_RULES)),
            max_events=MAX_EVENTS,
            seed=seed,
        )
        yield settings, index


def check_game(settings: sim.Settings, index: int) -> int:
    """Play the game, state its chance, replay it under another seed: the same game. Returns how
    many outcomes were stated."""
    result = sim.play_game(settings, index, keep_scenario=True)
    assert result.scenario is not None and result.ending not in sim.PROBLEMS, result.problem
    scenario = parse_scenario(result.scenario, f"<game {index}>")
    with outcomes_seen() as seen:
        game = replay(scenario)
    refused = [f"event {s.event}: {s.text}" for s in game.steps if isinstance(s, rec.Rejected)]
    assert not refused, "the saved game does not replay as it was played (no chance stated yet):\n" + "\n".join(
        refused[:3]
    )
    events, unasked = restated(game, list(scenario.events), [outcome for taken, outcome in seen if taken is game])
    data = sim.scenario_data(
        settings,
        scenario.seed + 1,
        sim._written(scenario.setup.draw_pile, settings.decks),
        sim._written_events(events, settings.decks),
        sim._written(scenario.setup.rules_pile, settings.decks),
    )
    text = sim.scenario_text(data)
    again = replay(parse_scenario(text, "<restated>"))
    unstated = [
        f"event {s.event}: {s.text}"
        for s in again.steps
        if isinstance(s, rec.Rejected) or (isinstance(s, rec.Chance) and not s.stated) or "left to chance" in s.text
    ]
    assert not unstated, "stated chance refused or left to the seed:\n" + "\n".join(unstated[:3]) + "\n" + text
    first, second = what_happened(game, unasked), what_happened(again)
    if first != second:
        steps = [(a, b) for a, b in zip(first[0], second[0], strict=False) if a != b][:3]
        raise AssertionError(f"the stated game differs: {steps or 'position'}\n{text}")
    return sum(taken is game for taken, _ in seen)


@pytest.mark.parametrize(("settings", "index"), list(games(GAMES, 2029 if not NIGHTLY else random.randrange(10**9))))
def test_stating_chance_never_changes_what_happened(settings: sim.Settings, index: int) -> None:
    check_game(settings, index)
