"""The answer to a dispute: one plain sentence about the disputed event, then one line of
everything that happened, and the facts it is made of.

A table asks "was that legal, how many do I draw, who won?"; the log says it step by
step. This module reads the verdict of a finished replay (`adjudicator.verdict`, never the
game) and states what happened: first the `summary`, one sentence about the subject (the
events the scenario marks as disputed; without a mark, the winner, or else the last
event), then the `text`: which events were rejected and why, what was canceled, drawn,
discarded or moved and by whom, rule and Goal changes, the plays left or still owed from
a temporary hand, the winner, each with the rulings that decide it.

Lists are capped so that a replay of a very long game still answers in one line.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import compress, islice
from typing import Any

from adjudicator.answer_outcome import (
    about_forced_step,
    deciding_first,
    no_discards,
    used_up_by_a_cancel,
    who_has_won,
    won_before_any_event,
)
from adjudicator.model import records as rec
from adjudicator.verdict import Verdict

#: The basic rulebook rules that keep the game's clock (turns, ordinary plays and draws):
#: cited by nearly every replay, they decide a dispute only when an event breaks them
#: (a rejection) or a win or a stop turns on them.
BASIC_CLOCK = frozenset({"B-turn-order", "B-play-rule", "B-draw-rule", "B-keeper-play", "B-new-rule-immediate"})
DECISIVE = (rec.Rejected, rec.Canceled, rec.Won, rec.Stopped)
MAX_ITEMS = 4  # per kind of happening in the answer line; the facts keep counts of the rest


@dataclass(frozen=True)
class Answer:
    """The answer to a replay: the plain sentence first, the one-line account, and the facts
    they were built from (for JSON)."""

    text: str
    facts: dict[str, Any]
    summary: str = ""
    #: what the summary is about: {"kind": "dispute" | "winner" | "last_event" | "no_events", "events": [...]}
    subject: dict[str, Any] | None = None


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


def build_answer(verdict: Verdict) -> Answer:
    steps = verdict.steps
    events = verdict.events
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

    drew, discarded, creepers = (_in_seating_order(d, verdict.players) for d in (drew, discarded, creepers))
    over = verdict.turn_over
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
            "player": verdict.turn_player,
            "used": verdict.plays_made,
            "left": verdict.plays_left,
            "owed": verdict.plays_owed,
            "from_temp_hand": bool(verdict.temp_hands) and not over,
            "turn_over": over,
            "next": verdict.next_player if over else None,
        },
        "rules_added": [s.card.name for s in rules_added],
        "rules_replaced": [c.name for s in rules_added for c in s.replaced],
        "goals_set": [s.card.name for s in goals_set],
        "goals_won": {p: n for p, n in verdict.goals_won.items() if n},
        "winner": verdict.winner,
        "winners": list(verdict.winners),
        "winning_goal": verdict.winning_goal.name if verdict.winning_goal else None,
        "stopped": verdict.stopped,
        "deciding_rulings": deciding_rulings(steps),
    }

    clauses = [_legality(events, rejected, first_unreplayed(verdict))]
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
    clauses.append(_tally("discards", discarded, "") if discarded else no_discards(verdict))
    clauses.append(verdict.plays_phrase)
    clauses.append(_outcome(verdict, of(rec.Won), of(rec.WinChecked)))
    text = "; ".join(c for c in clauses if c)
    missing = [r for r in facts["deciding_rulings"] if not _mentions(text, r)]
    if missing:
        text += f" (rulings: {', '.join(missing)})"
    summary, subject = summarize(verdict, of(rec.Won))
    # a point the publisher has not settled is said in plain words, never applied silently
    facts["unruled"] = [{"ruling": ruling, "text": note} for ruling, note in verdict.unruled]
    notes = "".join(f" {note} [{ruling}]" for ruling, note in verdict.unruled)
    return Answer(text[:1].upper() + text[1:] + "." + notes, facts, summary, subject)


# ------------------------------------------------------------------ clauses
def _legality(events: Sequence[Any], rejected: list[rec.Rejected], unreplayed: int | None = None) -> str:
    if not events:
        return "no events: only what the rules force happens"
    numbers = {s.event for s in rejected if s.event is not None}
    parts = []
    skipped = [e.number for e in events if unreplayed is not None and e.number >= unreplayed]
    legal = [e.number for e in events if e.number not in numbers and (unreplayed is None or e.number < unreplayed)]
    if legal:
        parts.append(
            "every event is legal"
            if not numbers and not skipped
            else f"events {_ranges(legal)} are legal"
            if len(legal) > 1
            else f"event {legal[0]} is legal"
        )
    if skipped:
        parts.append(
            f"events {_ranges(skipped)} are not replayed (the replay stops first)"
            if len(skipped) > 1
            else f"event {skipped[0]} is not replayed (the replay stops first)"
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


def _outcome(verdict: Verdict, wins: Sequence[rec.Won], win_checks: Sequence[rec.WinChecked]) -> str:
    if verdict.stopped:
        return f"the replay stops: {verdict.stopped}"
    if verdict.winner:
        return f"{verdict.win_phrase}{_cite(wins[-1].rulings if wins else ())}"
    if verdict.solo:
        return f"Solo Fluxx: {verdict.solo_phrase}"
    checks = [s for s in win_checks if s.blocked or len(s.meeting) > 1]
    if checks:
        return f"no winner: {checks[-1].text.split(': ', 1)[-1]}{_cite(checks[-1].rulings)}"
    return "no winner yet"


# ------------------------------------------------------------------ the summary
#: Steps that end what a card's resolution did: the next thing happening in the game.
_NEXT_THING = (rec.Played, rec.Responded, rec.WindowOpened, rec.Rejected, rec.TurnEnded, rec.TurnBegan, rec.PlaysOver)
#: Steps worth a mention in the summary: what a card or an answer changed.
_EFFECTS = (
    rec.Canceled,
    rec.KeeperPlaced,
    rec.CreeperPlaced,
    rec.RuleAdded,
    rec.GoalSet,
    rec.ActionDone,
    rec.Moved,
    rec.TempHandOpened,
    rec.Discarded,
    rec.Drew,
    rec.Note,
    rec.Stopped,
)
MAX_EFFECTS = 2  # a summary is one sentence: the rest is in the line after it
_VERBS = {"play": "play", "use": "use"}


def summarize(verdict: Verdict, wins: Sequence[rec.Won]) -> tuple[str, dict[str, Any]]:
    """The plain sentence that opens the answer, and what it is about: the disputed events and
    forced steps (`dispute:`) and then who has won, or that nobody has; without them the winner,
    the stop, or the last event. A win the setup already holds is said before anything else."""
    before = won_before_any_event(wins)
    if verdict.dispute or verdict.disputed_steps:
        sentences = [_about_event(verdict, n, wins) for n in verdict.dispute]
        sentences += [about_forced_step(verdict, forced) for forced in verdict.disputed_steps]
        subject: dict[str, Any] = {"kind": "dispute", "events": list(verdict.dispute)}
        if verdict.disputed_steps:
            subject["steps"] = [forced.text for forced in verdict.disputed_steps]
        outcome = "" if before else who_has_won(verdict, wins, " ".join(sentences))
        return " ".join(s for s in (before, *sentences, outcome) if s), subject
    if before:  # the events come after the game was won: what became of the last one follows
        after = [_about_event(verdict, verdict.events[-1].number, wins)] if verdict.events else []
        return " ".join([before, *after]), {"kind": "winner", "events": []}
    if verdict.winner:
        won = wins[-1] if wins else None
        at = f" at event {won.event}" if won is not None and won.event is not None else ""
        cites = _parens(won.rulings if won else ())
        return f"{_capital(verdict.win_phrase)}{at}{cites}.", {
            "kind": "winner",
            "events": [won.event] if won is not None and won.event is not None else [],
        }
    if not verdict.events:
        owed = verdict.plays_phrase
        return f"No events: only what the rules force happens{'; ' + owed if owed else ''}.", {
            "kind": "no_events",
            "events": [],
        }
    last = verdict.events[-1].number
    return _about_event(verdict, last, wins), {"kind": "last_event", "events": [last]}


def _about_event(verdict: Verdict, number: int, wins: Sequence[rec.Won]) -> str:
    """One sentence on one event: 'No: <why> (rulings).' or 'Yes: <who may do what>: <what it did>
    (rulings).' About the last event, it adds what is still owed from a temporary hand, or the stop."""
    event = verdict.event(number)
    if event is None:  # the loader checks `dispute:` against the events; a made verdict may not
        return f"There is no event {number}."
    last = number == verdict.events[-1].number
    unreplayed = first_unreplayed(verdict)
    if unreplayed is not None and number >= unreplayed:
        return f"Event {number} is not replayed: the replay stops first: {verdict.stopped}."
    refused = [s for s in verdict.rejections if s.event == number]
    if refused:
        rejection = refused[0]
        cancel = used_up_by_a_cancel(verdict, rejection)
        if cancel is not None:  # the FAQ answer about the canceled play decides it, before the Play rule
            counted = (r for r in cancel.rulings if r in ("R01", "B-no-cancel-replacement"))
            deciding = tuple(dict.fromkeys((*counted, *rejection.rulings)))
            return (
                f"No: {rejection.reason}: {cancel.by_player}'s {cancel.by} canceled {cancel.player}'s {cancel.card}, "
                f"and a canceled play still counts{_parens(deciding)}."
            )
        return f"No: {rejection.reason}{_parens(deciding_first(rejection.rulings))}."
    effects, won = _effects_of(verdict, event, wins)
    said = [_effect_text(step, event) for step in effects[:MAX_EFFECTS]]
    if won is not None:
        said.append(verdict.win_phrase)
    cites = list(dict.fromkeys(r for step in [*effects[:MAX_EFFECTS], *([won] if won else [])] for r in step.rulings))
    if last and not won:
        owed = verdict.plays_phrase
        if owed and verdict.temp_hands:
            said.append(owed)  # a play from a temporary hand is still owed: never hidden
    if last and verdict.stopped and not any(isinstance(step, rec.Stopped) for step in effects[:MAX_EFFECTS]):
        said.append(f"then the replay stops: {verdict.stopped}")
    body = "; ".join(said)
    return f"Yes: {_may(event)}{': ' + body if body else ''}{_parens(deciding_first(_not_basic(tuple(cites))))}."


def first_unreplayed(verdict: Verdict) -> int | None:
    """The first event the replay did not take because it stopped before it (waiting for a choice
    that an earlier event, or that one, did not give): it and every later event are not applied."""
    if not verdict.stopped or not verdict.events:
        return None
    stop = next((s for s in reversed(verdict.steps) if isinstance(s, rec.Stopped)), None)
    if stop is None or stop.event is None:
        return verdict.events[0].number
    return stop.event if stop.reason.startswith(f"event {stop.event} (") else stop.event + 1


def _may(event: Any) -> str:
    """'Alice may play Rules Reset'; an answer or another event: 'event 2 (Bob discards Milk) is legal'."""
    verb = _VERBS.get(event.action)
    if verb and event.card:
        return f"{event.player} may {verb} {event.card}"
    return f"event {event.number} ({event.text}) is legal"


def _effects_of(verdict: Verdict, event: Any, wins: Sequence[rec.Won]) -> tuple[list[rec.Step], rec.Won | None]:
    """What the event changed: for a card, the steps of its resolution (from the moment its
    window closes to the next thing happening), and a cancellation of it or by it, wherever in
    the log it comes; for any other event, its own steps. And the win it brought, if any."""
    steps = verdict.steps
    own = [i for i, e in enumerate(map(_EVENT, steps)) if e == event.number]
    won = next((w for w in wins if w.event == event.number), None)
    played: rec.Played | rec.Responded | None = next(
        (
            step
            for step in (steps[i] for i in own)
            if isinstance(step, (rec.Played, rec.Responded))
            and step.player == event.player
            # the card the event names (not a play the rules forced first); for a free action, the
            # card it plays at once (Mystery Play's flip)
            and (event.action == "use" or event.card is None or str(step.card) == str(event.card))
        ),
        None,
    )
    found: list[rec.Step] = []
    if played is None:  # an answer, a free action, a player joining: its own steps, up to the next turn
        resolving = None  # a card played before it may finish resolving first, under the same event
        for i in own:
            step = steps[i]
            if isinstance(step, rec.TurnBegan):
                if found:
                    break  # the next turn is what follows from it
                continue  # its turn began with it: the event comes after the turn's start
            if isinstance(step, rec.Drew) and step.counted:
                continue  # a draw phase: the turn's, not the event's
            if isinstance(step, rec.WindowClosed):
                resolving = step.card
            elif resolving is not None and getattr(step, "card", None) is resolving:
                continue  # that card's own steps: not this event's doing
            else:
                resolving = None
                if isinstance(step, _EFFECTS):
                    found.append(step)
        return found, won
    card = played.card
    start = own[0]
    for i in range(start, len(steps)):
        step = steps[i]
        if isinstance(step, rec.Canceled) and (step.card is card or step.by is card):
            return [step], won
        if isinstance(step, rec.WindowClosed) and step.card is card:
            for later in islice(steps, i + 1, None):
                if isinstance(later, rec.Canceled) and (later.card is card or later.by is card):
                    return [later], won
                if isinstance(later, rec.Won):
                    won = won or later
                    break
                if isinstance(later, _NEXT_THING):
                    break
                if isinstance(later, _EFFECTS) and not later.quiet:
                    found.append(later)
            return found, won
    return found, won


def _effect_text(step: rec.Step, event: Any) -> str:
    if isinstance(step, rec.Canceled):
        outcome = step.outcome.split("; ")[0]
        if step.player == event.player and str(step.card) == str(event.card):
            return f"but {step.by_player}'s {step.by} cancels it ({outcome})"
        return f"it cancels {step.player}'s {step.card} ({outcome})"
    if isinstance(step, rec.ActionDone) and str(step.card) == str(event.card):
        return step.what  # the card is named at the head of the sentence already
    return step.text


def _parens(rulings: Sequence[str]) -> str:
    return f" ({', '.join(rulings)})" if rulings else ""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


_EVENT = operator.attrgetter("event")


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
