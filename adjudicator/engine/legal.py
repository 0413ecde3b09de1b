"""The events the players may legally send now, in the spirit of python-chess's `board.legal_moves`.

An event is judged in the position the replay applies it in (`replay.apply_event`):
the open window closed and its chain resolved; at the end of a play phase the turn
ended first, unless the event is an optional free action of the active player; after
a turn, the next turn begun first when the event is the next player's. Those steps
depend only on the position and on who sends the event, so they are run on copies of
the game (`fork`) and the game itself is never changed.

Legality is the engine's own: `can_play`, `can_use` and `verify_answer`. The generator
knows no card: a play or use is offered bare (the engine then asks, and the answers to
that pending choice are offered next), and, for a card whose kind checks stated choices,
also with `-> ...` answers taken from what the engine asks when it is played bare.
Every event is a loader-shaped `Event` (number, text), so a game played this way can
be written out as a scenario file (`scenario_item`).
"""

from __future__ import annotations

import copy
import types
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, islice
from typing import Any

from adjudicator.cards.kinds import REGISTRY
from adjudicator.cards.model import UNKNOWN, Card
from adjudicator.engine import replay
from adjudicator.engine.game import Game
from adjudicator.engine.state import PendingChoice, Phase
from adjudicator.errors import Illegal
from adjudicator.loading.scenario import Event

#: At most this many answers are offered for one choice (combinations grow fast).
MAX_ANSWERS = 40
_VERB = {"play": "plays", "use": "uses", "discard": "discards", "keep": "keeps", "choose": "chooses"}


# ------------------------------------------------------------------ events
def make_event(number: int, player: str, action: str, card: Card | None = None,
               choices: Sequence[Any] = ()) -> Event:
    """An Event as the loader builds it from the one-line form."""
    choices = tuple(choices)
    listed = ", ".join(map(str, choices))
    if action in ("play", "use"):
        text = f"{player} {_VERB[action]} {card}" + (f" -> {listed}" if choices else "")
    else:
        text = f"{player} {_VERB[action]} {listed}"
    return Event(number, None, player, action, card, choices, text)


def scenario_item(event: Event) -> str | dict[str, Any]:
    """The event as a scenario file writes it: the one-line form, or the mapping form when a
    choice's name contains a comma (the one-line lists split on commas)."""
    if not any("," in str(choice) for choice in event.choices):
        return event.text
    item: dict[str, Any] = {"player": event.player, "action": event.action}
    if event.card is not None:
        item["card"] = event.card.name
    item["choices"] = [str(choice) for choice in event.choices]
    return item


def _key(event: Event) -> tuple:
    return (event.player, event.action, id(event.card), tuple(c if isinstance(c, str) else id(c)
                                                              for c in event.choices))


# -------------------------------------------------------------------- forks
def fork(game: Game) -> Game:
    """An independent copy of the game: same cards (cards are identities, never copied), same
    scenario, copies of every zone, of the random generator and of the agenda's and pending
    choices' closures (rebound to the copy), so whatever runs on the copy leaves `game` alone."""
    memo: dict[int, Any] = {id(card): card for card in game.scenario.catalog.by_name.values()}
    memo[id(UNKNOWN)] = UNKNOWN
    memo[id(game.scenario)] = game.scenario
    for kind in REGISTRY.values():
        memo[id(kind)] = kind
    memo[id(game.steps)] = list(game.steps)  # step records are frozen: shared
    shells: list[tuple[types.FunctionType, types.FunctionType]] = []
    _function_shells([*game.agenda, *(choice.then for choice in game.pending)], memo, shells)
    copied = copy.deepcopy(game, memo)
    for original, shell in shells:
        shell.__defaults__ = copy.deepcopy(original.__defaults__, memo)
        shell.__kwdefaults__ = copy.deepcopy(original.__kwdefaults__, memo)
        for cell, old in zip(shell.__closure__ or (), original.__closure__ or ()):
            try:
                contents = old.cell_contents
            except ValueError:  # a cell not filled yet
                continue
            cell.cell_contents = copy.deepcopy(contents, memo)
    return copied


def _function_shells(roots: Iterable[Any], memo: dict[int, Any],
                     shells: list[tuple[types.FunctionType, types.FunctionType]]) -> None:
    """deepcopy shares functions; a closure over the game must be rebuilt around the copy.
    Make an empty copy of every function reachable from roots (through closures, defaults and
    lists; deepcopy rebinds bound methods by itself) and register it in memo; its cells are
    filled once the game is copied."""
    todo = list(roots)
    while todo:
        item = todo.pop()
        if isinstance(item, (list, tuple)):
            todo.extend(item)
        elif isinstance(item, types.FunctionType) and id(item) not in memo:
            closure = tuple(types.CellType() for _ in item.__closure__ or ())
            shell = types.FunctionType(item.__code__, item.__globals__, item.__name__, None, closure or None)
            shell.__qualname__ = item.__qualname__
            memo[id(item)] = shell
            shells.append((item, shell))
            todo.extend(item.__defaults__ or ())
            todo.extend((item.__kwdefaults__ or {}).values())
            for cell in item.__closure__ or ():
                try:
                    todo.append(cell.cell_contents)
                except ValueError:
                    pass


def settle(game: Game, number: int, player: str | None = None) -> Game:
    """A copy of the game in the position event `number` meets when `player` sends it
    (None: only the window closed, as for any event). The copy is brought there by applying
    an empty answer from that player, which the replay rejects once it has done the steps."""
    settled = fork(game)
    if player is None:
        settled.event_no = number
        settled.close_window()
    else:
        replay.apply_event(settled, Event(number, None, player, "choose", text=f"{player} chooses"))
    return settled


# --------------------------------------------------------------- exploring
@dataclass
class Options:
    events: list[Event] = field(default_factory=list)
    #: Pending choices that some position needs answered and no event can answer.
    unanswerable: list[str] = field(default_factory=list)


def legal_events(game: Game, number: int, *, stated_choices: bool = True) -> list[Event]:
    return explore(game, number, stated_choices=stated_choices).events


def explore(game: Game, number: int, *, stated_choices: bool = True) -> Options:
    """Every legal event numbered `number` in the game as it stands (which is not changed)."""
    found = _Found(number, stated_choices)
    now = settle(game, number) if game.window is not None else game  # no window: nothing to settle
    if now.stopped or now.winner:
        return found.options()
    if now.pending:
        found.answers(now, now.players)
        return found.options()
    phase, active = now.turn.phase, now.turn.player
    if phase is Phase.PLAY_OVER:
        # The active player's optional free actions come before the end-of-turn events;
        # any other event starts them, and may begin the next turn.
        found.add(e for e in found.actions(now, active) if now.is_optional_free_action(e))
        for player in now.players:
            moved = settle(game, number, player)
            found.after_moving_on(moved, player, skip_optional=player == active)
    elif phase is Phase.OVER:
        following = now.next_player()
        for player in now.players:
            if player == following:
                found.after_moving_on(settle(game, number, player), player)
            else:
                found.add(found.actions(now, player))
    else:
        for player in now.players:
            found.add(found.actions(now, player))
    return found.options()


class _Found:
    def __init__(self, number: int, stated_choices: bool) -> None:
        self.number = number
        self.stated_choices = stated_choices
        self.events: dict[tuple, Event] = {}
        self.needed: dict[tuple, str] = {}
        self.answered: set[tuple] = set()

    def options(self) -> Options:
        return Options(list(self.events.values()),
                       [text for key, text in self.needed.items() if key not in self.answered])

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            self.events.setdefault(_key(event), event)

    def after_moving_on(self, game: Game, player: str, skip_optional: bool = False) -> None:
        """Events of player in the position where their event has ended or begun a turn."""
        if game.winner:
            return
        if game.pending:
            self.answers(game, [player])
            for choice in game.pending:
                self.needed.setdefault(_choice_key(choice), _describe(choice))
            return
        self.add(e for e in self.actions(game, player) if not (skip_optional and game.is_optional_free_action(e)))

    # ------------------------------------------------------------- answers
    def answers(self, game: Game, players: Sequence[str]) -> None:
        for choice in game.pending:
            key = _choice_key(choice)
            self.needed.setdefault(key, _describe(choice))
            if choice.player not in players:
                continue
            for event in _answers(game, choice, self.number):
                self.answered.add(key)
                self.add([event])

    # ----------------------------------------------------- plays and uses
    def actions(self, game: Game, player: str) -> Iterator[Event]:
        """The plays and free-action uses of player in a position with no pending choice."""
        turn = game.turn
        if turn.player == player and turn.phase is Phase.PLAY:
            source = game.temp_hands[-1].cards if game.temp_hands else game.table.hands[player]
            for card in list(source):
                if game.can_play(player, card):
                    yield make_event(self.number, player, "play", card)
                    if self.stated_choices:
                        yield from self._stated(game, player, "play", card)
        usable = [*game.table.rules, *game.table.in_play.get(player, ())]
        for card in usable:
            if game.can_use(player, card):
                yield make_event(self.number, player, "use", card)
                if self.stated_choices:
                    yield from self._stated(game, player, "use", card)

    def _stated(self, game: Game, player: str, action: str, card: Card) -> Iterator[Event]:
        """The same play or use with `-> ...` answers, for a card whose kind checks them."""
        allowed = game.can_play if action == "play" else game.can_use
        if allowed(player, card, [UNKNOWN]):
            return  # the kind takes no stated choices (it would accept anything)
        trial = fork(game)
        trial.event_no = self.number
        if action == "play":
            trial.play(player, card)
            trial.close_window()
        else:
            trial.use(player, card)
            trial.run()
        asked = next((c for c in trial.pending if c.player == player), None)
        if asked is not None:
            candidates: Iterable[list[Any]] = (list(c) for c in combinations(asked.options, asked.count))
        else:
            # Nothing asked: the choices are free-form (cards from the hand, ...): try each thing
            # on the table one by one, then all those accepted together.
            things: list[Any] = [*game.players, *game.table.hands[player], *game.table.rules, *game.table.goals,
                                 *(c for p in game.players for c in game.table.in_play[p])]
            singles = [[thing] for thing in things if allowed(player, card, [thing])]
            together = [[s[0] for s in singles]] if len(singles) > 1 else []
            candidates = [*singles, *together]
        for answers in islice(candidates, MAX_ANSWERS):
            if allowed(player, card, answers):
                yield make_event(self.number, player, action, card, answers)


def _answers(game: Game, choice: PendingChoice, number: int) -> Iterator[Event]:
    """The answers to choice that the engine accepts (each verb; `keep` names what stays)."""
    for verb in choice.answer_verbs:
        size = choice.count
        if verb == "keep" and choice.keep_means_complement:
            size = len(choice.options) - choice.count
            if size == 0:
                continue  # "keeps" with nothing named cannot be written
        for given in islice(combinations(choice.options, size), MAX_ANSWERS):
            event = make_event(number, choice.player, verb, None, given)
            try:
                answered, _ = game.verify_answer(event)
            except Illegal:
                continue
            if answered is choice:
                yield event


def _choice_key(choice: PendingChoice) -> tuple:
    return (choice.player, choice.prompt, tuple(map(str, choice.options)), choice.count)


def _describe(choice: PendingChoice) -> str:
    return f"{choice.player} must {choice.prompt} ({choice.count} of: {', '.join(map(str, choice.options))})"
