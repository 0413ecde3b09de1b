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
(`ADJUDICATOR_STATED_CHANCE_GAMES`). A chance step that the log says to state on a play no event
makes (a card Wormhole, Mystery Play or Use What You Take played) is a known fault: xfail.
Left for later (in 300 games of seed 7, 7 diverge): a forced play picked at random deep inside
an event (an extra turn begun there, a play after the event's own) cannot be stated by an event of
its own, and a shuffle inside such an event is then stated on the wrong one.
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
from adjudicator.model.cards import AtRandom, Card
from adjudicator.model.events import Event

NIGHTLY = os.environ.get("ADJUDICATOR_PROPERTY") == "nightly"
GAMES = int(os.environ.get("ADJUDICATOR_STATED_CHANCE_GAMES", 1000)) if NIGHTLY else 24
MAX_EVENTS = 300


@contextmanager
def outcomes_seen() -> Iterator[list[Any]]:
    """The outcome of every random step left to the seed, in order: the card picked, or the
    whole order of a shuffle (the log shows only its first cards)."""
    seen: list[Any] = []
    pick, shuffle = chance.pick, chance.shuffle

    def picking(game: Game, options: Any, stated: Card | None, **how: Any) -> Card:
        card = pick(game, options, stated, **how)
        if stated is None:
            seen.append(card)
        return card

    def shuffling(game: Game, cards: list[Card], **how: Any) -> None:
        stated = bool(game.stated_shuffles)
        shuffle(game, cards, **how)
        if len(cards) > 1 and not stated:
            seen.append(tuple(cards))

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
    ends = _forced_play_ends(steps, by_number)
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
            if by_number[number].action in ("begin_turn", "decline") and by_number[number].player == forced["player"]:
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
            else:
                before.setdefault(number, []).append(stated)
            continue
        outcome = seen.pop(0)
        if step.how == chance.SHUFFLED_HOW:
            inserted = sum(forced < at for forced in ends.get(number, ((), 0))[0])
            if number in ends and at < ends[number][1] and number not in replaced:
                # shuffled before the event's own step (a turn begun, a forced play resolved): the
                # stated forced play, an event of its own now, makes that shuffle
                forced_shuffles.setdefault((number, max(inserted - 1, 0)), []).append(outcome)
            else:
                shuffles.setdefault(number, []).append(outcome)
        elif DISCARDED.match(step.how):
            replaced[number] = _made(by_number[number], action="discard", choices=(AtRandom(outcome),))
        elif on_play := ON_THE_PLAY.match(step.how):
            made = next(  # the play whose card drew this chance: the last one before it
                s.event
                for s in reversed(steps[:at])
                if isinstance(s, rec.Played) and s.player == on_play["player"] and s.card.name == on_play["card"]
            )
            play = _the_play(events, made, on_play["player"], on_play["card"], replaced)
            current = replaced.get(play.number, play)
            stated_before = [name for name in on_play["before"].split(", ") if name]
            choices = list(current.choices)
            if stated_before and not choices:
                choices = list(stated_before)
                answer = _the_answer(events, play.number, play.player, stated_before)
                if answer is None:
                    replaced[play.number] = _made(current, choices=(*choices, outcome))
                    continue
                dropped.add(answer)
                asked = next(i for i in reversed(range(at)) if isinstance(steps[i], rec.ChoiceNeeded))
                unasked.add(asked)  # now stated on the play: nothing asks it
            replaced[play.number] = _made(current, choices=(*choices, outcome))
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
    return written, unasked


def _forced_play_ends(steps: list[rec.Step], by_number: dict[int, Event]) -> dict[int, tuple[list[int], int]]:
    """For each event in which a forced play was picked at random: where the picks are (by place in
    the log), and where the event's own step begins (its own card played; else the last pick), the
    steps before which the stated forced plays, events of their own before it, now make."""
    ends: dict[int, tuple[list[int], int]] = {}
    for at, step in enumerate(steps):
        if isinstance(step, rec.Chance) and not step.stated and FORCED.match(step.how) and step.event is not None:
            ends.setdefault(step.event, ([], 0))[0].append(at)
    for number, (picks, _) in list(ends.items()):
        own = by_number[number]
        plays = [
            at
            for at, step in enumerate(steps)
            if at > picks[-1]
            and step.event == number
            and isinstance(step, rec.Played)
            and own.action == "play"
            and own.card is not None
            and step.card.name == own.card.name
        ]
        ends[number] = (picks, plays[-1] if plays else picks[-1])
    return ends


def _the_play(events: list[Event], number: int, player: str, card: str, replaced: dict[int, Event]) -> Event:
    """The event that played the card whose chance a later step drew (the play was made in event
    `number`): that event, if it is that play."""
    found = next(
        (
            e
            for e in events
            if e.number == number
            and e.player == player
            and e.action == "play"
            and e.card is not None
            and e.card.name == card
        ),
        None,
    )
    if found is None:  # a card another card played (Wormhole, Use What You Take): not stated yet
        pytest.xfail(f"the log says to state chance on `{player} plays {card}`, which no event is")
    return found


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
    the position."""
    steps = tuple(
        (type(s).__name__, s.what if isinstance(s, rec.Chance) else s.text)
        for at, s in enumerate(game.steps)
        if s.event is not None and at not in unasked
    )
    return steps, game.position()


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
    events, unasked = restated(game, list(scenario.events), seen)
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
    return len(seen)


@pytest.mark.parametrize(("settings", "index"), list(games(GAMES, 2029 if not NIGHTLY else random.randrange(10**9))))
def test_stating_chance_never_changes_what_happened(settings: sim.Settings, index: int) -> None:
    check_game(settings, index)
