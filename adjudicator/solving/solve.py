"""`solve(game, player)`: could player win this turn, and how? The answer as data.

    from adjudicator.engine.replay import play_events
    from adjudicator.solving import solve

    game = play_events(scenario, scenario.events)   # the position to solve from
    solution = solve(game, "Alice")
    solution.wins, solution.lines[0].items           # True, ["Alice plays Milk", ...]

A `Solution` holds the winning lines found (each as events ready for a scenario file, the
shortest first, with the other players' answers it was checked against), or the closest line
when none wins, how chance weighs on it, the Surprises that would stop it if a hand the
scenario does not give held them, and what the search cost. `search.py` is the search;
`adapter.py` every call to the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from adjudicator.cards.kinds.goals import required_names
from adjudicator.model.events import ANSWERS, Action
from adjudicator.solving import adapter, chance
from adjudicator.solving.search import SURE, Limits, Search, Searched, Stats

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.model.events import Event

__all__ = ["Limits", "Line", "Reply", "Solution", "solve"]

#: The value of a reply whose search the bound on positions stopped.
UNKNOWN = -1.0


@dataclass(frozen=True)
class Reply:
    """Another player's answer the line was checked against, and the solver's answer to it."""

    event: Event
    answer: tuple[Event, ...]  # the solver's next events (none: the line wins as it stands)
    value: float  # the solver's chance of a win after it (UNKNOWN: the bound stopped its search)
    #: how many of the line's events came before it
    after: int = 0


@dataclass(frozen=True)
class Line:
    """One line of the solver's choices, with the other players letting the windows be."""

    events: tuple[Event, ...]
    #: the chance this line wins, against every answer of the others (1.0: it always does)
    value: float
    #: how chance was weighed: "" (no chance), "exact" or "sampled"
    chance: str = ""
    outcomes: int = 0
    replies: tuple[Reply, ...] = ()
    #: what of the Goal it meets: (requirements met, requirements) of the best Goal in play
    progress: tuple[int, int] = (0, 0)
    #: (the closest line) it would win if nobody answered it
    unanswered: bool = False
    #: an event of the line states what chance brought (the outcome best for the solver)
    stated_chance: bool = False

    @property
    def items(self) -> list[Any]:
        """The events as a scenario file writes them."""
        return [adapter.event_item(event) for event in self.events]

    @property
    def wins(self) -> bool:
        return self.value >= SURE


@dataclass
class Solution:
    player: str
    #: the number the line's first event takes in the file
    first_event: int
    #: the best chance of a win found (1.0: a sure win)
    value: float
    finished: bool
    stats: Stats
    lines: list[Line] = field(default_factory=list)
    closest: Line | None = None
    #: Surprises that would stop the best line, were they in a hand the scenario does not give
    stoppers: list[str] = field(default_factory=list)
    #: the players whose hands hold cards the scenario does not name (`?`)
    hidden_hands: list[str] = field(default_factory=list)

    @property
    def wins(self) -> bool:
        return self.value >= SURE and bool(self.lines)


def solve(
    game: Game,
    player: str | None = None,
    *,
    limits: Limits | None = None,
    lines: int = 3,
    hidden: bool = True,
) -> Solution:
    """Search every line of player's choices (default: whose turn it is, or comes next) from
    game's position to the end of her turn. `game` is left as it is. `lines`: how many winning
    lines to report (each with another first event, the shortest first). `hidden`: also find the
    Surprises that would stop the line were they in a hand of `?` cards."""
    limits = limits or Limits()
    root = adapter.start_from(game)
    player = player or adapter.whose_turn(root)
    number = adapter.next_number(game)
    search = Search(player, limits, lambda g: progress(g, player))
    searched = search.run(root, number, may_begin=True)
    solution = Solution(player, number, searched.value, searched.finished, search.stats)
    solution.lines = _lines(search, searched, root, number, lines)
    if not solution.lines:
        solution.closest = _closest(search, root, number)
    solution.hidden_hands = adapter.hidden_hands(root, player)
    if hidden and solution.hidden_hands and solution.lines and solution.lines[0].wins:
        solution.stoppers = stoppers(root, player, number, limits)
    return solution


def progress(game: Game, player: str) -> tuple[int, int]:
    """How much of a Goal in play player has in front of her (its requirements met), then how
    many of its cards she holds: what makes one line that does not win closer than another."""
    best = (0, 0)
    for goal in adapter.goals(game):
        required = required_names(goal) if goal.param("requires") else ()
        if not required:
            continue
        mine, hand = adapter.in_play(game, player), adapter.hand(game, player)
        met = sum(1 for names in required if any(not names.isdisjoint(c.names_called) for c in mine))
        held = sum(1 for names in required if any(not names.isdisjoint(c.names_called) for c in hand))
        best = max(best, (met, held))
    return best


def goal_size(game: Game) -> int:
    sizes = [len(required_names(goal)) for goal in adapter.goals(game) if goal.param("requires")]
    return max(sizes, default=0)


# ------------------------------------------------------------------ lines
def _lines(search: Search, searched: Searched, root: Game, number: int, wanted: int) -> list[Line]:
    """The winning lines, one per winning first step, the shortest first; else the best line."""
    ranked = sorted(searched.roots.items(), key=lambda item: (-round(item[1][0], 9), item[1][1]))
    winners = [item for item in ranked if item[1][0] >= SURE]
    chosen = winners[:wanted] if winners else [item for item in ranked[:1] if item[1][0] > 0]
    found = []
    for label, (value, depth, how, outcomes) in chosen:
        line = walk(search, root, number, label, depth=depth)
        if line is not None:
            found.append(replace(line, value=value, chance=how, outcomes=outcomes))
    found.sort(key=lambda line: -line.value)  # stable: the search's order, the shortest first
    if not searched.roots and searched.value > 0:  # a root that is no choice of hers: one line
        line = walk(search, root, number, None)
        if line is not None:
            entry = search.entry(root, False)
            chance, outcomes = (entry.chance, entry.outcomes) if entry else ("", 0)
            found.append(replace(line, value=searched.value, chance=chance, outcomes=outcomes))
    return found


def walk(
    search: Search, root: Game, number: int, first: str | None, path: list[Event] | None = None, depth: int = 0
) -> Line | None:
    """The line the search found, from root: the solver's best step at each of her decisions
    (`first`: at the first; `path`: these events), the others letting every window be (their
    answers are the line's replies), and chance as the game's own generator brings it (the
    scenario's seed): the line a scenario file replays. `depth`: the events of a shortest line."""
    player = search.player
    events: list[Event] = []
    replies: list[Reply] = []
    stated = False
    game, passed, may_begin = root, False, True
    for _ in range(4 * search.limits.depth + 8):
        choice = search.decide(game, number, passed, may_begin)
        if not choice.steps:
            break
        entry = search.entry(game, passed, depth - len(events) if depth else None)
        labels = {step.label: step for step in choice.steps}
        if choice.who == player:
            label = first if first is not None and not events else (entry.best if entry else None)
            if path is not None:  # a line given: its next event
                if len(events) >= len(path):
                    break
                label = path[len(events)].text
            step = labels.get(label or "", choice.steps[0])
        elif choice.who is None:
            step = choice.steps[0]
        else:
            passing = [step for step in choice.steps if step.passes]
            for step in choice.steps:
                if not step.passes and step.event is not None:
                    replies.append(_reply(search, game, number, step, len(events)))
            if passing:
                passed = True
                continue
            step = labels.get(entry.best if entry and entry.best else "", choice.steps[0])
        game, event = _taken(search, game, step, number)
        stated = stated or (event is not step.event)
        may_begin = passed = False
        if event is not None:
            events.append(event)
            number += 1
    events, replies = compact(root, events, replies)
    return Line(tuple(events), 0.0, "", 0, tuple(replies), progress(game, player), stated_chance=stated)


def _taken(search: Search, game: Game, step: adapter.Step, number: int) -> tuple[Game, Event | None]:
    """The game after a step of the line, and the event as the line writes it: where chance
    decides and the engine states its outcomes, the outcome best for the solver, stated in the
    event (`Alice plays Random Tax -> Milk`); else chance as the game's own generator brings it."""
    if step.event is None:
        return adapter.seeded(game, step), None
    limits = search.limits
    outcomes, _ = chance.apply(game, step, exact_up_to=limits.exact_up_to, samples=limits.samples)
    stated = [outcome for outcome in outcomes if outcome.event is not None]
    if not stated:
        return adapter.seeded(game, step), step.event

    def value(outcome: chance.Outcome) -> float:
        entry = search.entry(outcome.game, False) or search.settle(outcome.game, number + 1)
        return entry.value if entry is not None else 0.0

    best = max(stated, key=value)
    return best.game, best.event


def compact(root: Game, events: list[Event], replies: list[Reply]) -> tuple[list[Event], list[Reply]]:
    """The line with each play's answers stated on it (`Alice plays Steal a Keeper -> Cookies`)
    where that leads to the same position as the answers one by one: the way a table writes it.
    Replies keep their place (counted in the line's events)."""
    out: list[Event] = []
    kept: dict[int, int] = {}  # the line's length before -> the compact line's
    game, number, i = root, events[0].number if events else 1, 0
    while i < len(events):
        event = events[i]
        j = i + 1
        while j < len(events) and events[j].player == event.player and events[j].action in ANSWERS:
            j += 1
        kept[i] = len(out)
        taken = [adapter.renumbered(e, number + k) for k, e in enumerate(events[i:j])]
        if (
            event.action in (Action.PLAY, Action.USE)
            and j > i + 1
            and not any(r.after in range(i + 1, j) for r in replies)
        ):
            choices = tuple(choice for answer in events[i + 1 : j] for choice in answer.choices)
            stated = adapter.stated(event, number, choices)
            one_by_one = adapter.after_events(game, taken)
            at_once = adapter.after_events(game, [stated]) if one_by_one is not None else None
            if (
                at_once is not None
                and one_by_one is not None
                and adapter.settled_position(at_once) == adapter.settled_position(one_by_one)
            ):
                out.append(stated)
                game, number, i = at_once, number + 1, j
                continue
        out.append(taken[0])
        game = adapter.after_events(game, taken[:1]) or game
        number, i = number + 1, i + 1
    kept[len(events)] = len(out)
    moved = [replace(r, after=kept.get(r.after, r.after)) for r in replies]
    return out, moved


def _reply(search: Search, game: Game, number: int, step: adapter.Step, after_events: int) -> Reply:
    """Another player's answer at this point of the line, and the solver's best answer to it."""
    assert step.event is not None
    after = adapter.seeded(game, step)
    answer: list[Event] = []
    choice = search.decide(after, number + 1, False)
    entry = search.entry(after, False)
    if entry is None:  # not searched: the others' answers were cut off once one line lost
        entry = search.settle(after, number + 1)
    value = entry.value if entry is not None else UNKNOWN
    if choice.who == search.player and entry is not None and entry.best:
        chosen = next((s for s in choice.steps if s.label == entry.best), None)
        if chosen is not None and chosen.event is not None:
            answer.append(chosen.event)
    return Reply(step.event, tuple(answer), value, after_events)


def _closest(search: Search, root: Game, number: int) -> Line | None:
    if search.closest is None:
        return None
    line = walk(search, root, number, None, search.closest[1])
    if line is None:
        return None
    won = bool(search.closest[0][0])
    return replace(line, value=0.0, progress=(line.progress[0], goal_size(root)), unanswered=won)


# ------------------------------------------------------------------ hidden hands
def stoppers(root: Game, player: str, number: int, limits: Limits) -> list[str]:
    """The Surprises that would leave player no sure win this turn, were one of them in the hand
    of another player whose cards the scenario does not name."""
    found = []
    for card in adapter.unseen_surprises(root):
        for holder in adapter.hidden_hands(root, player):
            variant = adapter.holding(root, holder, card)
            search = Search(player, limits)
            searched = search.run(variant, number, may_begin=True)
            if searched.value < SURE:
                found.append(card.name)
                break
    return found
