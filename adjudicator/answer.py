"""The answer to a dispute in one line, and the facts it is made of.

A table asks "was that legal, how many do I draw, who won?"; the log says it step by
step. This module reads the step records of a finished replay (it never changes the
game) and states what happened: which events were rejected and why, what was
canceled, drawn, discarded or moved and by whom, rule and Goal changes, the plays
left, the winner, each with the rulings that decide it.

Lists are capped so that a replay of a very long game still answers in one line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any

from adjudicator.engine.game import Game
from adjudicator.model import records as rec
from adjudicator.model.position import Phase
from adjudicator.verdict import solo_phrase, win_phrase, winners

#: The basic rulebook rules that keep the game's clock (turns, ordinary plays and draws):
#: cited by nearly every replay, they decide a dispute only when an event breaks them
#: (a rejection) or a win or a stop turns on them.
BASIC_CLOCK = frozenset({"B-turn-order", "B-play-rule", "B-draw-rule", "B-keeper-play", "B-new-rule-immediate"})
DECISIVE = (rec.Rejected, rec.Canceled, rec.Won, rec.Stopped)
MAX_ITEMS = 4  # per kind of happening in the answer line; the facts keep counts of the rest


@dataclass(frozen=True)
class Answer:
    """The one-line answer to a replay and the facts it was built from (for JSON)."""

    text: str
    facts: dict[str, Any]


def deciding_rulings(steps: Iterable[rec.Step]) -> list[str]:
    """The rulings that decide the outcome, in order of first citation: every ruling on
    rejections, cancellations, wins, stops and blocked or tied win checks; on other
    steps every ruling but the basic clock."""
    found: dict[str, None] = {}
    seen: set[tuple[type, tuple[str, ...]]] = set()  # a long game repeats the same few citations
    for step in steps:
        key = (type(step), step.rulings)
        if key in seen:
            continue
        if isinstance(step, rec.WinChecked):
            decisive = bool(step.blocked) or len(step.meeting) > 1
        else:
            decisive = isinstance(step, DECISIVE)
            seen.add(key)
        found.update(dict.fromkeys(step.rulings if decisive else _not_basic(step.rulings)))
    return list(found)


def build_answer(game: Game) -> Answer:
    steps = game.steps
    events = game.scenario.events
    types = list(map(type, steps))  # a log may hold a million steps: its kinds are read once,
    present = set(types)  # and the steps of a kind picked out without a Python loop

    def of(*kinds: type) -> list[Any]:
        """The steps of these kinds, in log order."""
        wanted = {t for t in present if issubclass(t, kinds)}
        return list(compress(steps, map(wanted.__contains__, types))) if wanted else []

    rejected = of(rec.Rejected)
    canceled = of(rec.Canceled)
    moved = of(rec.Moved)
    rules_added = of(rec.RuleAdded)
    goals_set = of(rec.GoalSet)
    happenings = of(rec.ActionDone, rec.Note)  # Action results and notes, in order
    drew: dict[str, list[str]] = {}
    discarded: dict[str, list[str]] = {}
    creepers: dict[str, list[str]] = {}
    for step in of(rec.Drew):
        if step.cards:
            drew.setdefault(step.player, []).extend(c.name for c in step.cards)
    for step in of(rec.Discarded, rec.TempHandClosed):
        cards = step.cards if isinstance(step, rec.Discarded) else step.discarded
        if cards:
            discarded.setdefault(step.player, []).extend(c.name for c in cards)
    for step in of(rec.CreeperPlaced):
        creepers.setdefault(step.player, []).append(step.card.name)

    drew, discarded, creepers = (_in_seating_order(d, game.players) for d in (drew, discarded, creepers))
    over = game.turn.phase is Phase.OVER
    facts: dict[str, Any] = {
        "events": len(events),
        "rejected": [
            {"event": s.event, "player": s.player, "what": s.what, "reason": s.reason, "rulings": list(s.rulings)}
            for s in rejected
        ],
        "canceled": [
            {
                "player": s.player,
                "card": s.card.name,
                "by_player": s.by_player,
                "by": s.by.name,
                "outcome": s.outcome,
                "rulings": list(s.rulings),
            }
            for s in canceled
        ],
        "drew": {p: len(cards) for p, cards in drew.items()},
        "discarded": {p: cards for p, cards in discarded.items()},
        "creepers_placed": creepers,
        "moved": [{"card": s.card.name, "from": s.source, "to": s.target} for s in moved],
        "plays": {
            "player": game.turn.player,
            "used": game.turn.played,
            "left": game.plays_left(),
            "turn_over": over,
            "next": game.next_player() if over else None,
        },
        "rules_added": [s.card.name for s in rules_added],
        "rules_replaced": [c.name for s in rules_added for c in s.replaced],
        "goals_set": [s.card.name for s in goals_set],
        "goals_won": {p: n for p, n in game.goals_won.items() if n},
        "winner": game.winner,
        "winners": winners(game),
        "winning_goal": game.winning_goal.name if game.winning_goal else None,
        "stopped": game.stopped,
        "deciding_rulings": deciding_rulings(steps),
    }

    clauses = [_legality(events, rejected)]
    clauses += _capped(
        [
            f"{s.by_player}'s {s.by} cancels {s.player}'s {s.card} ({s.outcome.split('; ')[0]}){_cite(s.rulings)}"
            for s in canceled
        ],
        "more cancellations",
    )
    clauses += _capped([f"{s.card} moves from {s.source} to {s.target}{_cite(s.rulings)}" for s in moved], "more moves")
    clauses += _capped([_rule_change(s) for s in rules_added], "more rule changes")
    clauses += _capped(
        [
            f"{s.card} becomes the Goal"
            + (f" (replacing {rec.names(s.replaced)})" if s.replaced else "")
            + _cite(s.rulings)
            for s in goals_set
        ],
        "more Goal changes",
    )
    clauses += _capped([f"{s.text}{_cite(_not_basic(s.rulings))}" for s in happenings], "more effects")
    clauses.append(_tally("draws", drew, "no cards drawn"))
    for player, cards in creepers.items():
        clauses.append(f"{_list(cards)} {'go' if len(cards) > 1 else 'goes'} in front of {player}")
    clauses.append(_tally("discards", discarded, "") if discarded else _no_discards(game))
    clauses.append(_plays(game, over))
    clauses.append(_outcome(game, of(rec.Won), of(rec.WinChecked)))
    text = "; ".join(c for c in clauses if c)
    missing = [r for r in facts["deciding_rulings"] if not _mentions(text, r)]
    if missing:
        text += f" (rulings: {', '.join(missing)})"
    return Answer(text[:1].upper() + text[1:] + ".", facts)


# ------------------------------------------------------------------ clauses
def _legality(events: Sequence[Any], rejected: list[rec.Rejected]) -> str:
    if not events:
        return "no events: only what the rules force happens"
    numbers = {s.event for s in rejected if s.event is not None}
    parts = []
    legal = [e.number for e in events if e.number not in numbers]
    if legal:
        parts.append(
            "every event is legal"
            if not numbers
            else f"events {_ranges(legal)} are legal"
            if len(legal) > 1
            else f"event {legal[0]} is legal"
        )
    texts = {e.number: e.text for e in events} if rejected else {}
    shown = [
        f"event {s.event} ({texts.get(s.event, s.what)}) is rejected: {s.reason}{_cite(s.rulings)}" for s in rejected
    ]
    parts += _capped(shown, "more rejections")
    return "; ".join(parts)


def _rule_change(step: rec.RuleAdded) -> str:
    if step.replaced:
        return f"{step.card} replaces {rec.names(step.replaced)}{_cite(_not_basic(step.rulings))}"
    return f"{step.card} takes effect{_cite(_not_basic(step.rulings))}"


def _tally(verb: str, by_player: dict[str, list[str]], nothing: str) -> str:
    if not by_player:
        return nothing
    return "; ".join(
        f"{player} {verb} {len(cards)}" + (f" ({_list(cards)})" if len(cards) <= MAX_ITEMS else "")
        for player, cards in by_player.items()
    )


def _no_discards(game: Game) -> str:
    """With a limit in play and no discard, say so: it is often what the table asked.
    (Not when the replay stopped: a discard may be what it waits for.)"""
    if game.stopped:
        return ""
    limits = [
        f"{label} {value}"
        for label, value in (("Hand Limit", game.hand_limit()), ("Keeper Limit", game.keeper_limit()))
        if value is not None
    ]
    return f"nobody discards ({' and '.join(limits)} in play)" if limits else ""


def _plays(game: Game, over: bool) -> str:
    if game.winner:
        return ""
    player = game.turn.player
    if over:
        return f"{player}'s turn is over ({_plays_word(game.turn.played)} made); {game.next_player()} plays next"
    return f"{player} has {_plays_word(game.plays_left())} left ({game.turn.played} made this turn)"


def _outcome(game: Game, wins: Sequence[rec.Won], win_checks: Sequence[rec.WinChecked]) -> str:
    if game.stopped:
        return f"the replay stops: {game.stopped}"
    if game.winner:
        return f"{win_phrase(game)}{_cite(wins[-1].rulings if wins else ())}"
    if len(game.players) == 1:
        return f"Solo Fluxx: {solo_phrase(game)}"
    checks = [s for s in win_checks if s.blocked or len(s.meeting) > 1]
    if checks:
        return f"no winner: {checks[-1].text.split(': ', 1)[-1]}{_cite(checks[-1].rulings)}"
    return "no winner yet"


# ------------------------------------------------------------------ helpers
def _in_seating_order(by_player: dict[str, list[str]], players: Sequence[str]) -> dict[str, list[str]]:
    order = {p: i for i, p in enumerate(players)}
    return dict(sorted(by_player.items(), key=lambda item: order.get(item[0], len(order))))


def _cite(rulings: Sequence[str]) -> str:
    return f" [{', '.join(rulings)}]" if rulings else ""


def _not_basic(rulings: Sequence[str]) -> tuple[str, ...]:
    return tuple(r for r in rulings if r not in BASIC_CLOCK)


def _mentions(text: str, ruling: str) -> bool:
    return f"[{ruling}]" in text or f"[{ruling}," in text or f" {ruling}]" in text or f" {ruling}," in text


def _plays_word(n: int) -> str:
    return f"{n} play{'s' if n != 1 else ''}"


def _list(items: Sequence[str]) -> str:
    return ", ".join(items)


def _capped(items: list[str], rest: str) -> list[str]:
    if len(items) <= MAX_ITEMS:
        return items
    return [*items[:MAX_ITEMS], f"{len(items) - MAX_ITEMS} {rest}"]


def _ranges(numbers: Sequence[int]) -> str:
    """1, 2, 3, 5 -> '1-3, 5'."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    shown = [f"{a}-{b}" if b > a else str(a) for a, b in runs]
    if len(shown) > MAX_ITEMS:
        shown = [*shown[:MAX_ITEMS], "..."]
    return ", ".join(shown)
