"""Stating chance never changes what happened (issue 29, item 3).

A random game of `simulate` (every deck set, house rules, one to six players) is replayed with
its log; every random step the seed decided is then written into the events in the form the log
prints (`to state it, write ...`): `P plays CARD at random` before the event that made the forced
play (after the last, where it came as the events ran out), `; shuffled A, B, ...` after the
event under which the log puts the shuffle (the whole order: the log shows its first cards),
`P discards CARD at random` for the answer `random`, and a play's `-> ..., CARD` (the play's own
answers first, which its answering events then no longer give). Replayed under another seed, the game must take the same steps to the same position:
the chance steps say "as the table stated" instead of "left to chance", and nothing else differs.

A few games on every run; the nightly profile (.ci/nightly) plays 1,000 new ones
(`ADJUDICATOR_STATED_CHANCE_GAMES`). A forced play's own chance is stated on the stated forced
play (`P plays CARD at random -> ...`); a card another card played (Mystery Play, Wormhole, Use
What You Take, Let's Do That Again!) on the event that played or used the first card, its answers
going on in order (docs/scenario-format.md). An answer asked on the way moves onto that event
too; which question each event answered is seen as the replay takes it (`answers_seen`). Where
such an answer closed a window someone could answer, `P declines` closes it in its place, so a
Surprise after it answers what it answered before. Positions are compared with each copy of a card
as the card, and steps without those the restated game no longer takes (the question now stated,
the note of such a `P declines`).
"""

from __future__ import annotations

import dataclasses
import os
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import nightly_games
import pytest
import yaml

from adjudicator import simulate as sim
from adjudicator.engine import chance
from adjudicator.engine.game import Game
from adjudicator.engine.legal import scenario_item
from adjudicator.engine.listing import Found
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model import records as rec
from adjudicator.model.cards import AtRandom, Card
from adjudicator.model.decision import DecisionKind
from adjudicator.model.events import ANSWERS, Action, Event
from adjudicator.model.scenario import Scenario

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


@dataclass
class Answers:
    """How the replay took its answers: which event answered each question (by the place of its
    `ChoiceNeeded` step in the log), and the answers that came while a window someone could
    answer was open (a Surprise): each closed that window. And where in the log the events ran
    out: the steps from there on (`finish`) come after the last event, not in it."""

    by: dict[int, int] = field(default_factory=dict)
    at_an_open_window: set[int] = field(default_factory=set)
    ran_out: int | None = None


@contextmanager
def answers_seen() -> Iterator[list[tuple[Game, Answers]]]:
    """The `Answers` of every game the replay pushes its events to (the copies that try an event
    first or look ahead push theirs too: only the replayed game's are wanted)."""
    seen: list[tuple[Game, Answers]] = []
    asked: dict[int, tuple[Any, int]] = {}  # id(choice) -> (the choice, kept alive; its place in the log)
    ask, answer, push, finish = Game.ask, Game.answer, Game.push, Game.finish

    def answers_of(game: Game) -> Answers:
        found = next((a for g, a in seen if g is game), None)
        if found is None:
            found = Answers()
            seen.append((game, found))
        return found

    def asking(game: Game, *args: Any, **how: Any) -> None:
        waiting = len(game.pending)
        ask(game, *args, **how)
        if len(game.pending) > waiting and isinstance(game.steps[-1], rec.ChoiceNeeded):
            asked[id(game.pending[-1])] = (game.pending[-1], len(game.steps) - 1)

    def answering(game: Game, event: Event, checked: Any = None) -> None:
        if not game.trying:
            choice = (checked or game.verify_answer(event))[0]
            if id(choice) in asked:
                answers_of(game).by[asked[id(choice)][1]] = event.number
        answer(game, event, checked)

    def pushing(game: Game, event: Event, *how: Any) -> None:
        if not game.trying and event.action in ANSWERS and game.window is not None and not game.pending:
            open_to = Found(event.number, False, None)
            open_to.responses(game)  # as `P declines` asks them (engine/advancing.py: advance_steps)
            if open_to.events:
                answers_of(game).at_an_open_window.add(event.number)
        push(game, event, *how)

    def finishing(game: Game) -> None:
        if not game.trying:
            answers_of(game).ran_out = len(game.steps)
        finish(game)

    Game.ask, Game.answer, Game.push, Game.finish = asking, answering, pushing, finishing  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        Game.ask, Game.answer, Game.push, Game.finish = ask, answer, push, finish  # type: ignore[method-assign]


Place = tuple[str, int, int]  # ("event", number, 0) or ("before", number, which forced play before it)


class Restating:
    """The events of a replayed game with every outcome of chance in it written in, as its log
    says (`restated`)."""

    def __init__(self, game: Game, events: list[Event], answers: Answers) -> None:
        self.steps = game.steps
        self.events = events
        self.by_number = {event.number: event for event in events}
        self.answers = answers
        self.forced_picks = _forced_picks(game.steps)
        self.before: dict[int, list[Event]] = {}  # event number -> events put before it
        self.shuffles: dict[int, list[tuple[Card, ...]]] = {}
        self.forced_shuffles: dict[tuple[int, int], list[tuple[Card, ...]]] = {}  # (event, which forced play)
        self.replaced: dict[int, Event] = {}
        self.dropped: set[int] = set()
        self.taken: set[int] = set()  # cards a card took from the discard pile, stated (by place in the log)
        self.declined: set[int] = set()  # answers moved onto a play that closed a window: `P declines` now
        self.moved: dict[int, str | None] = {}  # answers moved onto their plays: the card played
        #: Where (place in the events written, player, card played) an answer moved onto its play was
        #: left out: `P declines` stands there if the game stated waits at that card's window there.
        self.left_out: list[tuple[int, str, str | None]] = []
        self.unasked: set[int] = set()  # steps (by place in the log) the restated game no longer takes

    def state(self, at: int, outcome: Any) -> None:
        """Write in the outcome of the chance step at place `at` of the log."""
        step = self.steps[at]
        assert isinstance(step, rec.Chance)
        number = step.event
        assert number is not None, f"chance before the first event cannot be stated: {step.text}"
        if step.how == chance.SHUFFLED_HOW:
            self._shuffled(at, number, outcome)
        elif DISCARDED.match(step.how):
            self.replaced[number] = _made(self.by_number[number], action="discard", choices=(AtRandom(outcome),))
        elif on_play := ON_THE_PLAY.match(step.how):
            self._on_the_play(at, on_play, outcome)
        else:
            raise AssertionError(f"no known form to state: {step.text}")

    def forced(self, at: int, player: str) -> None:
        """The forced play picked at place `at` of the log, stated as `P plays CARD at random`."""
        number = self.steps[at].event
        assert number is not None
        card = next(s.card for s in self.steps[at:] if isinstance(s, rec.Played))
        stated = _made(self.by_number[number], player=player, action="play", card=card, choices=(), at_random=True)
        if _begins_her_turn(self.by_number[number], player) and not self._due_before_the_turn_it_begins(at, number):
            # it begins her turn as `P begins` did, or goes on where she waited as `P declines`
            # did, and makes the forced play
            self.replaced[number] = stated
            declined = f"{player} declines:"
            self.unasked.update(  # no decline is said when the play it let come is stated instead
                i
                for i in range(at)
                if self.steps[i].event == number
                and isinstance(self.steps[i], rec.Note)
                and self.steps[i].text.startswith(declined)
            )
        elif self._after_the_events(at):
            # made as the events ran out (`finish`: after her free action, an answer): an event after them
            self.before.setdefault(number + 1, []).append(_made(stated, number=number + 1))
        else:
            self.before.setdefault(number, []).append(stated)

    def _due_before_the_turn_it_begins(self, at: int, number: int) -> bool:
        """Whether the forced play picked at place `at` was due in a turn begun before its event
        (`P begins`, listed where the steps after the pick begin her next turn: Solo, a turn that
        plays out at its start). The stated play makes the pick and no more, so it comes as an
        event of its own before `P begins`, which still begins the next turn."""
        event = self.by_number[number]
        return event.action == "begin_turn" and not any(
            isinstance(step, rec.TurnBegan) and step.event == number for step in self.steps[:at]
        )

    def _after_the_events(self, at: int) -> bool:
        """Whether the step at place `at` came as the events ran out (`finish`)."""
        return self.answers.ran_out is not None and at >= self.answers.ran_out

    def _shuffled(self, at: int, number: int, outcome: tuple[Card, ...]) -> None:
        picks = self.forced_picks.get(number, [])
        after = [pick for pick in picks if self._after_the_events(pick)]
        if after and self._after_the_events(at):
            # the forced play made as the events ran out is an event after them now: it makes the
            # steps that came then, this shuffle among them (before it or in its play)
            made = max(sum(pick < at for pick in after) - 1, 0)
            self.forced_shuffles.setdefault((number + 1, made), []).append(outcome)
            return
        # The forced plays made in the event itself (one made as the events ran out is an event
        # after them, the shuffle not among its steps here), and how many came before the shuffle.
        within = [pick for pick in picks if not self._after_the_events(pick)]
        made = sum(pick < at for pick in within)
        if made < len(within) and not _begins_her_turn(self.by_number[number], _picked_for(self.steps, within)):
            # shuffled before the next forced play is made (a turn begun, the last one resolved):
            # that stated forced play, an event of its own now, closes what is open and makes it
            self.forced_shuffles.setdefault((number, made), []).append(outcome)
        else:
            self.shuffles.setdefault(number, []).append(outcome)

    def _on_the_play(self, at: int, on_play: re.Match[str], outcome: Any) -> None:
        """`P plays CARD -> ..., OUTCOME`: on the play's event, or on the event that played the
        card that played it."""
        steps = self.steps
        player, card = on_play["player"], on_play["card"]
        named = [name for name in on_play["before"].split(", ") if name]  # the play's answers before it
        inner = next(  # the play whose card drew this chance: the last one before it
            p
            for p in reversed(range(at))
            if isinstance(steps[p], rec.Played) and steps[p].player == player and steps[p].card.name == card  # type: ignore[attr-defined]
        )
        made = steps[inner].event
        assert made is not None
        place = self._the_play(made, player, card)
        if place is None:  # a card another card played: stated on the event that played the first
            self._on_the_root(inner, at, named, outcome)
            return
        current = self._at(place)
        choices = list(current.choices)
        if named and not choices:
            choices = list(named)
            asked = self._asked(player, inner, at)
            if asked:  # (nothing asked: the only other player)
                self._move_answer(asked[-1], card)
        self._put(place, _made(current, choices=(*choices, outcome)))

    def _asked(self, player: str, since: int, at: int) -> list[int]:
        """The questions (by place in the log) asked of player from place `since` to `at`, not yet
        stated on a play."""
        return [
            i
            for i in range(since, at)
            if i not in self.unasked and isinstance(self.steps[i], rec.ChoiceNeeded) and self.steps[i].player == player  # type: ignore[attr-defined]
        ]

    def _move_answer(self, question: int, card: str | None) -> Event:
        """The answer to the question at place `question` of the log is now stated on the play that
        asked it: its event is left out, or, where it closed a window someone could answer (a
        Surprise), `P declines` closes it in its place (`card`: the card of the play, whose window
        that is). Returns the answer."""
        answer = self._answered_by(question)
        number = answer.number
        (self.declined if number in self.answers.at_an_open_window else self.dropped).add(number)
        self.moved[number] = card
        self.unasked.add(question)  # now stated on the play: nothing asks it
        return answer

    def _answered_by(self, question: int) -> Event:
        """The event that answered the question at place `question` of the log: the chance after
        it came from the position that answer made, so something did."""
        number = self.answers.by.get(question)
        assert number is not None, f"nothing answered: {self.steps[question].text}"
        return self.by_number[number]

    def _the_play(self, number: int, player: str, card: str) -> Place | None:
        """Where the event is that played the card whose chance a later step drew (the play was made
        in event `number`): that event, if it is that play, or the forced play stated before it.
        None: a card another card played."""

        def plays(e: Event) -> bool:
            return e.player == player and e.action in ("play", "use") and e.card is not None and e.card.name == card

        forced = [k for k, e in enumerate(self.before.get(number, [])) if plays(e)]
        if forced:  # a forced play stated before the event: the last one made so far
            return ("before", number, forced[-1])
        if number in self.by_number and plays(self.replaced.get(number, self.by_number[number])):
            return ("event", number, 0)
        return None

    def _on_the_root(self, inner: int, at: int, named: list[str], outcome: Any) -> None:
        """A card played by another card (Mystery Play, Wormhole, Use What You Take, Let's Do That
        Again!) takes its choices, and its chance, from the play of the first: on the event that
        played or used that card, every answer in order (docs/scenario-format.md). The answers
        asked of its player since, by `chooses` events, move onto that event with the outcome; so
        do the answers nothing asked: a card taken from the discard pile (the only Action there for
        Let's Do That Again!), and, before the outcome, those the log names (`named`: `-> Bob,
        CARD`: the only other player)."""
        steps = self.steps
        step = steps[inner]
        assert isinstance(step, rec.Played)
        player, place, root = step.player, None, inner
        taken: list[tuple[float, tuple[Any, ...]]] = []  # (place in the log, answers nothing asked)
        while place is None:
            by = BY.match(f"({steps[root].counted})") if isinstance(steps[root], rec.Played) else None  # type: ignore[attr-defined]
            if by is None:
                raise AssertionError(f"no event plays {steps[root].text}")
            card, link = by["card"], root
            root = next(
                p
                for p in reversed(range(root))
                if (isinstance(steps[p], rec.Played) and steps[p].player == player and steps[p].card.name == card)  # type: ignore[attr-defined]
                or (isinstance(steps[p], rec.Note) and steps[p].text.startswith(f"{player} uses {card}:"))
            )
            if steps[link].counted.startswith("from the discard pile") and link not in self.taken:  # type: ignore[attr-defined]
                self.taken.add(link)
                if not any(isinstance(s, rec.ChoiceNeeded) and s.player == player for s in steps[root:link]):
                    taken.append((link, (steps[link].card,)))  # type: ignore[attr-defined]
            number = steps[root].event
            assert number is not None
            place = self._the_play(number, player, card)
        current = self._at(place)
        root_card = current.card.name if current.card is not None else None
        asked = [  # what the cards asked on the way that a `chooses` answered (a limit's discard stays)
            q for q in self._asked(player, root, at) if self._answered_by(q).action == "choose"
        ]
        unnamed = tuple(named[sum(q > inner for q in asked) :])  # the card's own answers nothing asked
        answers = sorted(
            [*((q, self._move_answer(q, root_card).choices) for q in asked), *taken, (at - 0.5, unnamed)],
            key=lambda a: a[0],
        )
        choices = (*current.choices, *(c for _, given in answers for c in given), outcome)
        self._put(place, _made(current, choices=choices))

    def _at(self, place: Place) -> Event:
        where, number, k = place
        return self.before[number][k] if where == "before" else self.replaced.get(number, self.by_number[number])

    def _put(self, place: Place, event: Event) -> None:
        where, number, k = place
        if where == "before":
            self.before[number][k] = event
        else:
            self.replaced[number] = event

    def written(self) -> tuple[list[Event], set[int]]:
        """The events as written now, and where (by place in them) a `P declines` stands for an
        answer moved onto its play."""
        written: list[Event] = []
        declines: set[int] = set()
        for event in self.events:
            written += [
                _made(made, shuffled=self.forced_shuffles.get((event.number, k), ()))
                for k, made in enumerate(self.before.get(event.number, []))
            ]
            if event.number in self.dropped:
                if event.number in self.moved:
                    self.left_out.append((len(written), event.player, self.moved[event.number]))
                continue
            if event.number in self.declined:
                declines.add(len(written))
                written.append(_made(event, action="decline", card=None, choices=()))
                continue
            event = self.replaced.get(event.number, event)
            if event.number in self.shuffles:
                event = _made(event, shuffled=(*event.shuffled, *self.shuffles[event.number]))
            written.append(event)
        if self.events:
            after = self.events[-1].number + 1
            written += [
                _made(made, shuffled=self.forced_shuffles.get((after, k), ()))
                for k, made in enumerate(self.before.get(after, []))
            ]
        return written, declines


def restated(
    game: Game, events: list[Event], seen: list[Any], answers: Answers
) -> tuple[list[Event], set[int], set[int], list[tuple[int, str, str | None]]]:
    """The events with every outcome of chance in the game written in, as its log says; the steps
    (by place in the log) that asked what a play now states (its player, taken from: Use What You
    Take); and where (by place in the events written) `P declines` closes a window as the answer
    now stated on its play did."""
    seen = list(seen)
    restating = Restating(game, events, answers)
    for at, step in enumerate(game.steps):
        if not isinstance(step, rec.Chance) or step.stated:
            continue
        if forced := FORCED.match(step.how):
            restating.forced(at, forced["player"])
        else:
            restating.state(at, seen.pop(0))
    assert not seen, f"outcomes with no step: {seen}"
    written, declines = restating.written()
    return written, restating.unasked, declines, restating.left_out


def _declines_where_it_waits(
    written: Callable[[list[Event], int], str],
    events: list[Event],
    seed: int,
    declines: set[int],
    left_out: list[tuple[int, str, str | None]],
) -> tuple[list[Event], set[int]]:
    """Where an answer moved onto its play was left out, `P declines` in its place when the game
    stated waits there at that play's window (`Game.decision`): a Surprise may answer the card the
    play now states it plays at once, which the play left unstated could not (a choice came first)."""
    scenario = parse_scenario(written(events, seed), "<restated>")
    # (with an undo stack: the file's events are judged where the last push left the game, the
    # steps taken to read the decision taken back first, as a replay judges them)
    game = Game(dataclasses.replace(scenario, events=()))
    out: list[Event] = []
    placed: set[int] = set()  # the declines, by place in the events now
    moved = {place: (player, card) for place, player, card in left_out}
    for place, event in enumerate([*scenario.events, None]):
        # (at the window of a card played since, the events already there answer it)
        if place in moved and _waits_at(game, moved[place][1]):
            placed.add(len(out))
            out.append(Event.made(len(out) + 1, moved[place][0], Action.DECLINE))
            game.push(out[-1])
        if event is not None:
            placed |= {len(out)} if place in declines else set()
            out.append(events[place])
            game.push(event)
    return out, placed


def _waits_at(game: Game, card: str | None) -> bool:
    """Whether the game rests at the window of card (a play of it)."""
    return game.decision().kind is DecisionKind.RESPOND and game.window is not None and game.window.card.name == card


def _begins_her_turn(event: Event, player: str | None = None) -> bool:
    """`P begins` (or `P declines`) whose forced play P's stated one replaces."""
    return event.action in ("begin_turn", "decline") and event.player == player


def _picked_for(steps: list[rec.Step], picks: list[int]) -> str:
    """The player whose forced play was picked first (`picks`: places in the log)."""
    first = FORCED.match(steps[picks[0]].how)  # type: ignore[attr-defined]
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


BY = re.compile(r"^\(from .*, by (?P<card>.+?); ")


def what_happened(game: Game, unasked: set[int] = set(), declines: set[int] = set()) -> tuple[Any, ...]:  # noqa: B006  (only read)
    """The steps (a chance step by what it decided, stated or not; not those `unasked`, by place,
    nor the note of a `P declines` written for an answer, events `declines` by number) and the
    position, each copy of a card as the card: an event names a card, not which of its copies
    chance reached (copies are alike in every way: model/chance.the_copy)."""
    steps = tuple(
        (type(s).__name__, s.what if isinstance(s, rec.Chance) else s.text)
        for at, s in enumerate(game.steps)
        if s.event is not None
        and at not in unasked
        and not (s.event in declines and isinstance(s, rec.Note) and " declines: " in s.text)
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

    def written(events: list[Event], seed: int) -> str:
        return sim.scenario_text(
            sim.scenario_data(
                settings,
                seed,
                sim._written(scenario.setup.draw_pile, settings.decks),
                sim._written_events(events, settings.decks),
                sim._written(scenario.setup.rules_pile, settings.decks),
            )
        )

    scenario = parse_scenario(result.scenario, f"<game {index}>")
    return check_scenario(scenario, written)[0]


def check_scenario(scenario: Scenario, written: Callable[[list[Event], int], str]) -> tuple[int, str]:
    """State the chance of a scenario's replay and replay it under another seed, written as
    `written` writes events (and a seed): the same game. Returns how many outcomes were stated,
    and the file stated."""
    with outcomes_seen() as seen, answers_seen() as answered:
        game = replay(scenario)
    refused = [f"event {s.event}: {s.text}" for s in game.steps if isinstance(s, rec.Rejected)]
    assert not refused, "the saved game does not replay as it was played (no chance stated yet):\n" + "\n".join(
        refused[:3]
    )
    answers = next((a for taken, a in answered if taken is game), Answers())
    events, unasked, declines, left_out = restated(
        game, list(scenario.events), [outcome for taken, outcome in seen if taken is game], answers
    )
    if left_out:
        events, declines = _declines_where_it_waits(written, events, scenario.seed + 1, declines, left_out)
    text = written(events, scenario.seed + 1)
    stated = parse_scenario(text, "<restated>")
    again = replay(stated)
    unstated = [
        f"event {s.event}: {s.text}"
        for s in again.steps
        if isinstance(s, rec.Rejected) or (isinstance(s, rec.Chance) and not s.stated) or "left to chance" in s.text
    ]
    assert not unstated, "stated chance refused or left to the seed:\n" + "\n".join(unstated[:3]) + "\n" + text
    first = what_happened(game, unasked)
    second = what_happened(again, declines={stated.events[at].number for at in declines})
    if first != second:
        steps = [(a, b) for a, b in zip(first[0], second[0], strict=False) if a != b][:3]
        raise AssertionError(f"the stated game differs: {steps or 'position'}\n{text}")
    return sum(taken is game for taken, _ in seen), text


@pytest.mark.parametrize(("settings", "index"), list(games(GAMES, 2029 if not NIGHTLY else random.randrange(10**9))))
def test_stating_chance_never_changes_what_happened(settings: sim.Settings, index: int) -> None:
    check_game(settings, index)


def test_a_listed_answer_is_bound_again_once_the_chain_before_it_resolved() -> None:
    # Word Fluxx with Surprises, three players (seed 4242, game 180): a listed event answering a
    # choice the chain raised is bound to its copy where the game stands then, as one read from a
    # file is; skipping that for listed events saved a game whose replay refused `Letter A of Alice`.
    settings, index = next((s, i) for s, i in games(181, 4242) if i == 180)
    check_game(settings, index)


def test_a_forced_play_made_by_p_begins_on_the_way_to_her_next_turn_is_stated_before_it() -> None:
    """Solo, First Play Random (seed 4242, game 162): the saved `Alice begins`, written after her
    turn began, makes the forced play (Rules Reset), which ends her turn, and goes on into her
    next one. `Alice plays Rules Reset at random` states the pick and stays at its window, as a
    stated forced play does; `Alice begins` then still begins the next turn. Written in its
    place, the next event (a free action of her next turn) would be judged in this one."""
    settings, index = next((s, i) for s, i in games(163, 4242) if i == 162)
    check_game(settings, index)


CHAINED = """
title: Let's Do That Again! plays Use What You Take, which takes Jackpot! from Bob; Carol stops it
players: [Alice, Bob, Carol]
seed: 3
setup:
  turn: Alice
  hands:
    Alice: [Let's Do That Again!, Sleep]
    Bob: [Jackpot!, Milk]
    Carol: [Stop That!]
  discard: [Use What You Take, Draw 2]
  draw_pile: [Bread, Time, Peace, War, Love, Dreams]
events:
  - Alice plays Let's Do That Again!
  - Alice chooses Use What You Take
  - Alice chooses Bob
  - Carol plays Stop That!
"""


@pytest.mark.parametrize(
    ("changes", "stated"),
    [
        # Carol's Stop That! could answer either Action: each answer moved onto the first play closed
        # a window she could answer, and `Alice declines` closes it in its place
        (
            {},
            [
                "Alice plays Let's Do That Again! -> Use What You Take, Bob, Jackpot!",
                "Alice declines",
                "Alice declines",
            ],
        ),
        # the only Action in the discard pile and the only other player: nothing asked, both written
        (
            {
                "players: [Alice, Bob, Carol]": "players: [Alice, Bob]",
                "    Carol: [Stop That!]\n": "",
                "  discard: [Use What You Take, Draw 2]": "  discard: [Use What You Take]",
                "  - Alice chooses Use What You Take\n  - Alice chooses Bob\n  - Carol plays Stop That!\n": "",
            },
            ["Alice plays Let's Do That Again! -> Use What You Take, Bob, Jackpot!"],
        ),
    ],
)
def test_answers_stated_on_the_first_card_of_a_chain(changes: dict[str, str], stated: list[str]) -> None:
    """The answers a card played by another card was asked, and those nothing asked, go on the event
    that played the first card, in order (docs/scenario-format.md)."""
    text = CHAINED
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new)

    def written(events: list[Event], seed: int) -> str:
        data = yaml.safe_load(text)
        data.update(seed=seed, events=[scenario_item(event, str) for event in events])
        return yaml.safe_dump(data, sort_keys=False)

    _, restated_text = check_scenario(parse_scenario(text, "<chained>"), written)
    assert yaml.safe_load(restated_text)["events"][: len(stated)] == stated
