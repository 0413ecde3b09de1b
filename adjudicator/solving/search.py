"""The search behind `solve`: every line of one player's choices to the end of her turn, against
every answer of the other players, with chance weighed.

It is an AND/OR search (python-chess's `Board` and a transposition table, OpenSpiel's chance
nodes): where the solving player decides, a line needs one step that wins (the best of them);
where another player decides -- a Surprise slapped down, an answer she is asked for -- it must
win after every one of theirs, letting the window be among them; where chance decides it wins
with the probability its outcomes weigh. A node's value is that probability (1: a sure win).

The line found first is a shortest one: the search is deepened one event at a time (the events
of the line, not the forced steps between them), and a position is searched once per depth
(its `Position` is the key; a value found without reaching the depth is kept for every depth).
It stops at a bound on the positions it searches, or at Ctrl-C, and says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from adjudicator.solving import adapter, chance
from adjudicator.solving.adapter import Decision, Step

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.model.events import Event

#: A value this close to 1 is a sure win (probabilities are summed as floats).
SURE = 1.0 - 1e-9


@dataclass(frozen=True)
class Limits:
    """How far a search may go."""

    #: positions searched before it stops ("not finished")
    positions: int = 20_000
    #: at most this many outcomes of a random step are weighed exactly; more are sampled
    exact_up_to: int = 64
    #: how many outcomes a sampled random step is weighed over
    samples: int = 100
    #: the longest line tried, in events
    depth: int = 40


@dataclass
class _Entry:
    value: float
    best: str | None  # the label of the best step (the solver's, or the others' worst for her)
    cut: bool  # the depth bound was reached below: the value holds for this depth only
    chance: str  # "" certain; "exact" or "sampled" when chance was weighed below
    outcomes: int  # how many outcomes of chance were weighed below (0: none)


class OutOfPositions(Exception):
    """The bound on positions was reached."""


@dataclass
class Stats:
    positions: int = 0  # distinct positions searched
    steps: int = 0  # steps applied (events pushed and forced steps taken, outcomes counted)
    depth: int = 0  # the deepest bound tried
    seconds: float = 0.0
    stopped: str | None = None  # "limit" or "interrupted": not finished


@dataclass
class Searched:
    """What a search of one root found: the value of every step from the root at the depth it
    was proved, and the table to read lines from."""

    value: float
    finished: bool
    #: label -> (value, the depth it was found at, how chance was weighed, outcomes weighed)
    roots: dict[str, tuple[float, int, str, int]] = field(default_factory=dict)
    stats: Stats = field(default_factory=Stats)


class Search:
    def __init__(self, player: str, limits: Limits, progress: Callable[[Game], tuple[int, int]] | None = None) -> None:
        self.player = player
        self.limits = limits
        self.exact: dict[Any, _Entry] = {}  # (position, passed) -> an entry found without the bound
        self.full: dict[Any, _Entry] = {}  # the same, from the search to the end of the turn
        self.bounded: dict[Any, _Entry] = {}  # (position, passed, depth) -> an entry under a bound
        self.seen: set[Any] = set()
        self.stats = Stats()
        self.progress = progress
        #: the closest line: ((wins unanswered, progress), its events)
        self.closest: tuple[tuple[int, int, int], list[Event]] | None = None
        self._path: list[Event] = []
        self._others_on_path = 0

    # ------------------------------------------------------------ driving
    def run(self, game: Game, number: int, may_begin: bool) -> Searched:
        """Search to the end of the turn first (a loss there is a loss at every depth); when the
        root wins, deepen one event at a time for the shortest lines (or until a bound stops it)."""
        began = time.perf_counter()
        searched = Searched(0.0, False, stats=self.stats)
        try:
            value, cut = self._root(game, number, self.limits.depth, may_begin, searched)
            searched.value, searched.finished = value, not cut
            if value > 0:
                self.full = dict(self.exact)  # the values without a bound: kept for the lines' values
                self.exact = {key: entry for key, entry in self.exact.items() if entry.value <= 0}
                shortest = Searched(0.0, False, stats=self.stats)
                for depth in range(1, self.limits.depth + 1):
                    self.stats.depth = depth
                    self.bounded.clear()
                    deep_value, deep_cut = self._root(game, number, depth, may_begin, shortest)
                    if deep_value >= value - 1e-12 or not deep_cut:
                        break
                for label, found in shortest.roots.items():
                    if found[0] >= searched.roots.get(label, (0.0,))[0] - 1e-12:
                        searched.roots[label] = found
        except OutOfPositions:
            self.stats.stopped = "limit"
        except KeyboardInterrupt:
            self.stats.stopped = "interrupted"
        self.stats.seconds = time.perf_counter() - began
        return searched

    def _root(self, game: Game, number: int, depth: int, may_begin: bool, searched: Searched) -> tuple[float, int]:
        """The root searched at one depth, every step of it (no cut-off: each winning first step
        is a line to report)."""
        choice = self.decide(game, number, False, may_begin)
        if choice.who != self.player or not choice.steps:
            entry = self._node(game, number, False, depth, may_begin)
            return entry.value, entry.cut
        best, any_cut = 0.0, False
        for step in choice.steps:
            value, cut, how, outcomes = self._step(game, number, False, step, depth)
            any_cut = any_cut or cut
            best = max(best, value)
            known = searched.roots.get(step.label)
            if known is None or (known[0] < SURE and (value > known[0] or not cut)):
                searched.roots[step.label] = (value, depth, how, outcomes)
        return best, any_cut

    def decide(self, game: Game, number: int, passed: bool, may_begin: bool = False) -> Decision:
        if may_begin:
            turn = game.turn
            mine = turn.player == self.player and turn.phase.value in ("play", "play_over")
            if not mine and not game.pending and game.window is None and _is_next(game, self.player):
                event = adapter.begins(number, self.player)
                return Decision(None, "forced", [Step(event.text, event)])
        return adapter.decision(game, self.player, number, passed)

    # ------------------------------------------------------------ nodes
    def _node(self, game: Game, number: int, passed: bool, depth: int, may_begin: bool = False) -> _Entry:
        """The node's entry: its value, and whether the depth bound was reached below."""
        key = (adapter.position(game), passed)
        entry = self.exact.get(key) or self.bounded.get((key, depth))
        if entry is not None:
            return entry
        if key not in self.seen:
            if self.stats.positions >= self.limits.positions:
                raise OutOfPositions
            self.seen.add(key)
            self.stats.positions += 1
        choice = self.decide(game, number, passed, may_begin)
        if not choice.steps:
            value = 1.0 if _won(game, self.player) else 0.0
            self._leaf(game, value)
            entry = self.exact[key] = _Entry(value, None, False, "", 0)
            return entry
        mine = choice.who == self.player
        forced = choice.who is None
        best_value = 0.0 if mine or forced else 1.0
        best_label: str | None = None
        any_cut, how, weighed = False, "", 0
        for step in choice.steps:
            value, cut, step_how, outcomes = self._step(game, number, passed, step, depth)
            any_cut = any_cut or cut
            how = _worse(how, step_how)
            weighed = max(weighed, outcomes)
            if best_label is None or (value > best_value if mine or forced else value < best_value):
                best_value, best_label = value, step.label
            if mine and value >= SURE:
                break
            if not mine and not forced and value <= 0.0:
                break
        entry = _Entry(best_value, best_label, any_cut, how, weighed)
        if any_cut:
            self.bounded[(key, depth)] = entry
        else:
            self.exact[key] = entry
        return entry

    def _step(self, game: Game, number: int, passed: bool, step: Step, depth: int) -> tuple[float, bool, str, int]:
        """The value of one step: (value, cut, how chance was weighed, outcomes weighed)."""
        if step.passes:
            entry = self._node(game, number, True, depth)
            return entry.value, entry.cut, entry.chance, entry.outcomes
        if step.event is not None and depth <= 0:
            return 0.0, True, "", 0
        cost = 1 if step.event is not None else 0
        outcomes, exact = chance.apply(
            game, step, exact_up_to=self.limits.exact_up_to, samples=self.limits.samples, seed=self.stats.steps
        )
        self.stats.steps += len(outcomes)
        others = step.event is not None and step.event.player != self.player
        self._others_on_path += others
        try:
            value, any_cut, child, how, weighed = 0.0, False, None, "", 0
            for outcome in outcomes:
                event = outcome.event or step.event
                if event is not None:
                    self._path.append(event)
                try:
                    child = self._node(outcome.game, number + cost, False, depth - cost)
                finally:
                    if event is not None:
                        self._path.pop()
                value += outcome.probability * child.value
                any_cut = any_cut or child.cut
                how, weighed = _worse(how, child.chance), weighed + max(1, child.outcomes)
        finally:
            self._others_on_path -= others
        if len(outcomes) > 1 or outcomes[0].probability < 1.0:
            # chance here and below: the worse of the two ways it was weighed, every outcome counted
            return value, any_cut, _worse("exact" if exact else "sampled", how), weighed
        assert child is not None
        return value, any_cut, child.chance, child.outcomes

    def _leaf(self, game: Game, value: float) -> None:
        """A line ends here: kept as the closest so far when it meets more of the Goal."""
        if self.progress is None or self._others_on_path:
            return
        score = (int(value >= SURE), *self.progress(game))
        if self.closest is None or score > self.closest[0]:
            self.closest = (score, list(self._path))

    def settle(self, game: Game, number: int) -> _Entry | None:
        """The node searched to the end of the turn, after the search (None: the bound stopped it)."""
        try:
            return self._node(game, number, False, self.limits.depth)
        except OutOfPositions:
            return None

    # ------------------------------------------------------------ reading
    def entry(self, game: Game, passed: bool, depth: int | None = None) -> _Entry | None:
        """What the search found at this node (`depth`: the events left to a shortest line)."""
        key = (adapter.position(game), passed)
        found = (self.bounded.get((key, depth)) if depth is not None else None) or self.exact.get(key)
        found = found or self.full.get(key)
        if found is not None:
            return found
        deepest = [entry for (k, _), entry in self.bounded.items() if k == key]
        return max(deepest, key=lambda e: e.value) if deepest else None


def _is_next(game: Game, player: str) -> bool:
    turn = game.turn
    if turn.player == player:
        return turn.phase.value == "start"
    return turn.phase.value == "over" and game.next_player() == player


def _won(game: Game, player: str) -> bool:
    return game.winner == player or player in game.co_winners


def _worse(a: str, b: str) -> str:
    order = ("", "exact", "sampled")
    return a if order.index(a) >= order.index(b) else b
