"""`replay --json`: the contract's JSON object, read from the verdict (docs/scenario-format.md).

A long log (a hundred thousand events) is written on one line, a chunk at a time, by
`compact_json_chunks`: its text, a few hundred megabytes, is never held whole.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from adjudicator.answer import build_answer
from adjudicator.model import records as rec
from adjudicator.verdict import TempHand, Verdict

#: Past this many steps `replay --json` holds the first and last JSON_STEPS_SHOWN // 2 of them and
#: says how many it left out (`steps_omitted`); `--full` holds them all.
JSON_STEPS_UP_TO = 10_000
JSON_STEPS_SHOWN = 10_000
#: Likewise the first rejections (`rejected_omitted`: how many more).
JSON_REJECTIONS_SHOWN = 1_000


def shown_steps(verdict: Verdict, full: bool = False) -> tuple[Sequence[rec.Step], int]:
    """The steps the JSON object holds, and how many it leaves out (0 with `full`)."""
    steps = verdict.steps
    if full or len(steps) <= JSON_STEPS_UP_TO:
        return steps, 0
    half = JSON_STEPS_SHOWN // 2
    return steps[:half] + steps[-half:], len(steps) - 2 * half


def to_json(verdict: Verdict, full: bool = False) -> dict[str, Any]:
    """The contract's JSON object (docs/scenario-format.md)."""
    steps, omitted = shown_steps(verdict, full)
    return _json_object(verdict, [step_json(s) for s in steps], omitted, full)


def step_json(step: rec.Step) -> dict[str, Any]:
    """One step of the log: its event, kind, sentence, rulings and own fields as data."""
    return {
        "event": step.event,
        "kind": step.kind,
        "text": step.text,
        "rulings": list(step.rulings),
        "data": step.data(),
    }


def temp_hand_json(frame: TempHand) -> dict[str, Any]:
    return {
        "player": frame.player,
        "source": frame.source,
        "cards": [c.name for c in frame.cards],
        "plays_allowed": frame.plays_allowed,
        "plays_made": frame.plays_made,
        "plays_owed": frame.plays_owed,
    }


def _json_object(verdict: Verdict, steps: Any, omitted: int = 0, full: bool = False) -> dict[str, Any]:
    answer = build_answer(verdict)
    rejected = verdict.rejections
    return {
        "title": verdict.title,
        "house_rules": dict(verdict.house_rules),
        "winner": verdict.winner,
        "winners": list(verdict.winners),
        "solo_over": verdict.solo_over,  # Solo Fluxx: why the game ended (a deck ran out), else null
        "goals_won": verdict.goals_won,
        "winning_goal": verdict.winning_goal.name if verdict.winning_goal else None,
        "turn": verdict.turn,
        "turn_over": verdict.turn_over,
        "plays_left": verdict.plays_left,
        "plays_owed": verdict.plays_owed,
        "temp_hands": [temp_hand_json(f) for f in verdict.temp_hands],
        "stopped": verdict.stopped,
        "question": verdict.question or None,
        "dispute": list(verdict.dispute),
        "answer": {"summary": answer.summary, "subject": answer.subject, "text": answer.text},
        "facts": answer.facts if full else _first_rejections(answer.facts),
        "rejected": [
            {"event": s.event, "code": s.code, "reason": s.reason, "rulings": list(s.rulings)}
            for s in (rejected if full else rejected[:JSON_REJECTIONS_SHOWN])
        ],
        **(
            {"rejected_omitted": len(rejected) - JSON_REJECTIONS_SHOWN}
            if not full and len(rejected) > JSON_REJECTIONS_SHOWN
            else {}
        ),
        "steps": steps,
        **({"steps_omitted": omitted} if omitted else {}),
        "rulings": list(verdict.rulings),
        "see_also": [{"id": r.id, "title": r.title, "score": r.score} for r in verdict.see_also],
        "position": {
            "rules": [c.name for c in verdict.rules],
            "meta_rules": [c.name for c in verdict.meta_rules],
            "goals": [c.name for c in verdict.goals],
            "hands": {s.player: [c.name for c in s.hand] for s in verdict.seats},
            "in_play": {s.player: [c.name for c in s.in_play] for s in verdict.seats},
            "temp_hands": [temp_hand_json(f) for f in verdict.temp_hands],
            "draw_pile_size": verdict.draw_pile_size,
            "goals_won": {s.player: [c.name for c in s.scored] for s in verdict.seats},
            "discard": [c.name for c in verdict.discard],
        },
    }


def _first_rejections(facts: dict[str, Any]) -> dict[str, Any]:
    """The answer's facts with its rejections cut as `rejected` is (`rejected_omitted`)."""
    listed = facts.get("rejected", [])
    return {**facts, "rejected": listed[:JSON_REJECTIONS_SHOWN]} if len(listed) > JSON_REJECTIONS_SHOWN else facts


def json_text(verdict: Verdict, full: bool = False) -> str:
    """`replay --json`: indented for people; a long log (a hundred thousand events) on one
    line, written by `compact_json_chunks`; past JSON_STEPS_UP_TO steps, its first and last
    steps unless `full`."""
    return "".join(json_chunks(verdict, full))


def write_json_text(verdict: Verdict, stream: TextIO, full: bool = False) -> None:
    """Write `json_text` to a stream a chunk at a time: a long log's text, a hundred megabytes
    with `full`, is never held whole, nor encoded at once."""
    for chunk in json_chunks(verdict, full):
        stream.write(chunk)


def json_chunks(verdict: Verdict, full: bool = False) -> Iterator[str]:
    """`json_text` in chunks that join into it."""
    from adjudicator.log.outline import LONG_LOG

    if len(verdict.steps) > LONG_LOG:
        return compact_json_chunks(verdict, full)
    return iter([json.dumps(to_json(verdict, full), indent=2, ensure_ascii=False) + "\n"])


def compact_json_text(verdict: Verdict, full: bool = False) -> str:
    """`to_json` on one line, exactly as `json.dumps(..., ensure_ascii=False)` writes it."""
    return "".join(compact_json_chunks(verdict, full))


def compact_json_chunks(verdict: Verdict, full: bool = False) -> Iterator[str]:
    """`compact_json_text` in chunks that join into it: the steps are written by `StepWriter`,
    so a million steps take a second or two, not ten."""
    from adjudicator.log.json_steps import StepWriter

    steps, omitted = shown_steps(verdict, full)
    data = _json_object(verdict, None, omitted, full)
    keys = list(data)
    at = keys.index("steps")
    before = json.dumps({k: data[k] for k in keys[:at]}, ensure_ascii=False)
    after = json.dumps({k: data[k] for k in keys[at + 1 :]}, ensure_ascii=False)
    yield before[:-1] + ', "steps": '
    yield from StepWriter().chunks(steps)
    yield ", " + after[1:] + "\n"
