"""The parts of the answer's plain sentence that say the outcome the table argues about: who has
won or that nobody has, a win the setup already holds, a disputed step the rules force (a draw,
a limit's discard), and which ruling decides a case, cited first (used by answer.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice
from typing import Any

from adjudicator.model import records as rec
from adjudicator.verdict import Verdict

MAX_CARDS_SHOWN = 8  # the cards of a disputed draw named in the sentence; more are counted


def no_discards(verdict: Verdict) -> str:
    """With a limit in play and no discard, say so: it is often what the table asked.
    (Not when the replay stopped: a discard may be what it waits for.)"""
    if verdict.stopped:
        return ""
    limits = [
        f"{label} {value}"
        for label, value in (("Hand Limit", verdict.hand_limit), ("Keeper Limit", verdict.keeper_limit))
        if value is not None
    ]
    return f"nobody discards ({' and '.join(limits)} in play)" if limits else ""


def won_before_any_event(wins: Sequence[rec.Won]) -> str:
    """'Before any event, Alice already meets ... and wins (rulings).' when the setup holds a win
    (it is decided before the events the table argues about), else ''."""
    won = next((w for w in wins if w.event is None), None)
    if won is None:
        return ""
    return (
        f"Before any event, {won.text.replace(' and wins', ' and has won', 1)}{_parens(deciding_first(won.rulings))}."
    )


def who_has_won(verdict: Verdict, wins: Sequence[rec.Won], said: str) -> str:
    """The outcome the table argues about, after what the disputed events did: who has won, or
    that nobody has (and why not, when a win was blocked); '' when the sentences said it."""
    if verdict.winner:
        if verdict.win_phrase in said or re.search(rf"\b{re.escape(verdict.winner)} (wins|has won)\b", said):
            return ""  # said already
        won = wins[-1] if wins else None
        at = f" at event {won.event}" if won is not None and won.event is not None else ""
        return f"{_capital(verdict.win_phrase)}{at}{_parens(deciding_first(won.rulings if won else ()))}."
    if verdict.solo or (verdict.stopped and "replay stops" in said):
        return ""  # Solo Fluxx has no winner; a stop said already is where the game stands
    checks = [s for s in verdict.steps[-200:] if isinstance(s, rec.WinChecked) and (s.blocked or len(s.meeting) > 1)]
    if checks and not verdict.stopped:
        why = checks[-1].text.split(": ", 1)[-1]
        return f"Nobody has won: {why}{_parens(deciding_first(checks[-1].rulings))}."
    return "Nobody has won yet."


def about_forced_step(verdict: Verdict, forced: Any) -> str:
    """One sentence on a step the rules force (`dispute: Bob draws`): the Draw rule's draws of the
    player's first turn that has any, or the first discard a limit forces on the player."""
    steps = verdict.steps
    if forced.what == "draw":
        first = next(
            (i for i, s in enumerate(steps) if isinstance(s, rec.Drew) and s.player == forced.player and s.counted),
            None,
        )
        if first is None:
            return f"The rules force no draw on {forced.player} in these events."
        drawn: list[rec.Drew] = []
        for step in islice(steps, first, None):
            if isinstance(step, rec.TurnEnded):
                break
            if isinstance(step, rec.Drew) and step.player == forced.player and step.counted:
                drawn.append(step)
        cards = [c.name for s in drawn for c in s.cards]
        why = "; ".join(dict.fromkeys(s.why for s in drawn))
        cites = deciding_first(tuple(dict.fromkeys(r for s in drawn for r in s.rulings)))
        shown = f" ({', '.join(cards)})" if cards and len(cards) <= MAX_CARDS_SHOWN else ""
        return f"{forced.player} draws {len(cards)}{shown}: {why}{_parens(cites)}."
    discards = (s for s in steps if isinstance(s, rec.Discarded) and s.player == forced.player)
    discard = next((s for s in discards if s.why.startswith(("Hand Limit", "Keeper Limit"))), None)
    if discard is None:
        limits = no_discards(verdict)
        return f"No limit forces {forced.player} to discard in these events{' (' + limits + ')' if limits else ''}."
    return (
        f"{forced.player} discards {len(discard.cards)} ({rec.names(discard.cards)}) to comply with the "
        f"{discard.why}{_parens(deciding_first(discard.rulings))}."
    )


#: The order rulings are cited in a sentence: the answer that decides the case (an FAQ answer, an
#: official ruling, a house rule) before the rulebook rule it applies.
def deciding_first(rulings: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(rulings, key=lambda r: 2 if r.startswith("B-") else 1 if r.startswith("H-") else 0))


def used_up_by_a_cancel(verdict: Verdict, refused: rec.Rejected) -> rec.Canceled | None:
    """The cancellation, earlier in the same turn, of a play of the refused player's that still
    counts (That's Mine took her Keeper): why she has no play left (R01)."""
    if refused.code != "no_plays_left":
        return None
    at = verdict.steps.index(refused)
    for step in reversed(verdict.steps[:at]):
        if isinstance(step, rec.TurnBegan):
            return None
        if isinstance(step, rec.Canceled) and step.player == refused.player and "R01" in step.rulings:
            return step
    return None


def _parens(rulings: Sequence[str]) -> str:
    return f" ({', '.join(rulings)})" if rulings else ""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
