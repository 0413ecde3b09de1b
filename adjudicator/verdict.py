"""The result of a replay: the contract's JSON object and the `expect` comparison."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter
from typing import Any, TextIO, cast

from adjudicator.engine.game import Game
from adjudicator.model import records as rec
from adjudicator.model.position import Phase

_RULINGS = attrgetter("rulings")


def cited_rulings(game: Game) -> list[str]:
    """Every ruling id the steps cited, in order of first citation."""
    citations = dict.fromkeys(map(_RULINGS, game.steps))  # a long log repeats a few
    return list(dict.fromkeys(chain.from_iterable(citations)))


def rejections(game: Game) -> list[rec.Rejected]:
    # no Python loop over a long log; the filter keeps only Rejected records
    return cast("list[rec.Rejected]", list(filter(rec.Rejected.__instancecheck__, game.steps)))


def turn_view(game: Game) -> tuple[str, bool]:
    """Whose turn it is, or comes next when the turn last under way is over."""
    over = game.turn.phase is Phase.OVER
    return (game.next_player() if over else game.turn.player), over


#: A table's question is a few sentences; the search reads no more than this of it.
SEE_ALSO_QUESTION_CHARS = 2000


def see_also(game: Game, limit: int = 3) -> list[tuple[Any, float]]:
    """Rulings most related to the scenario's `question` that the steps did not cite,
    with their scores; none when the scenario asks no question."""
    if not game.scenario.question:
        return []
    from adjudicator.rulings.search import see_also_scored

    return see_also_scored(game.scenario.question[:SEE_ALSO_QUESTION_CHARS], cited_rulings(game), limit)


def winners(game: Game) -> list[str]:
    """Everyone who won: one player, or several in a shared win (house rule tie: shared)."""
    return list(game.co_winners) or ([game.winner] if game.winner else [])


def win_phrase(game: Game) -> str:
    """'Alice wins with Night & Day', or 'Bob and Carol share the win with ...'; '' without a winner."""
    names = winners(game)
    if not names:
        return ""
    who = f"{' and '.join(names)} share the win" if len(names) > 1 else f"{names[0]} wins"
    return f"{who} with {game.winning_goal}"


def solo_phrase(game: Game) -> str:
    """Solo Fluxx's outcome: the score, and whether the game is over."""
    state = f"the game is over ({game.ended})" if game.ended else "the game goes on"
    return f"{game.goals_won.get(game.players[0], 0)} Goal(s) scored; {state}"


#: Past this many steps `replay --json` holds the first and last JSON_STEPS_SHOWN // 2 of them and
#: says how many it left out (`steps_omitted`); `--full` holds them all.
JSON_STEPS_UP_TO = 10_000
JSON_STEPS_SHOWN = 10_000
#: Likewise the first rejections (`rejected_omitted`: how many more).
JSON_REJECTIONS_SHOWN = 1_000


def shown_steps(game: Game, full: bool = False) -> tuple[list[rec.Step], int]:
    """The steps the JSON object holds, and how many it leaves out (0 with `full`)."""
    steps = game.steps
    if full or len(steps) <= JSON_STEPS_UP_TO:
        return steps, 0
    half = JSON_STEPS_SHOWN // 2
    return steps[:half] + steps[-half:], len(steps) - 2 * half


def to_json(game: Game, full: bool = False) -> dict[str, Any]:
    """The contract's JSON object (docs/scenario-format.md)."""
    steps, omitted = shown_steps(game, full)
    return _json_object(game, [step_json(s) for s in steps], omitted, full)


def step_json(step: rec.Step) -> dict[str, Any]:
    """One step of the log: its event, kind, sentence, rulings and own fields as data."""
    return {
        "event": step.event,
        "kind": step.kind,
        "text": step.text,
        "rulings": list(step.rulings),
        "data": step.data(),
    }


def _json_object(game: Game, steps: Any, omitted: int = 0, full: bool = False) -> dict[str, Any]:
    from adjudicator.answer import build_answer

    rejected = rejections(game)
    table = game.table
    turn, over = turn_view(game)
    answer = build_answer(game)
    return {
        "title": game.scenario.title,
        "house_rules": game.house_rules.in_force(),
        "winner": game.winner,
        "winners": winners(game),
        "solo_over": game.ended,  # Solo Fluxx: why the game ended (a deck ran out), else null
        "goals_won": game.goals_won,
        "winning_goal": game.winning_goal.name if game.winning_goal else None,
        "turn": turn,
        "turn_over": over,
        "plays_left": game.plays_left(),
        "stopped": game.stopped,
        "question": game.scenario.question or None,
        "answer": answer.text,
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
        "rulings": cited_rulings(game),
        "see_also": [{"id": r.id, "title": r.title, "score": score} for r, score in see_also(game)],
        "position": {
            "rules": [c.name for c in table.rules],
            "meta_rules": [c.name for c in table.meta_rules],
            "goals": [c.name for c in table.goals],
            "hands": {p: [c.name for c in table.hands[p]] for p in table.players},
            "in_play": {p: [c.name for c in table.in_play[p]] for p in table.players},
            "draw_pile_size": len(table.draw_pile),
            "goals_won": {p: [c.name for c in cards] for p, cards in table.scored.items()},
            "discard": [c.name for c in table.discard],
        },
    }


def _first_rejections(facts: dict[str, Any]) -> dict[str, Any]:
    """The answer's facts with its rejections cut as `rejected` is (`rejected_omitted`)."""
    listed = facts.get("rejected", [])
    return {**facts, "rejected": listed[:JSON_REJECTIONS_SHOWN]} if len(listed) > JSON_REJECTIONS_SHOWN else facts


def json_text(game: Game, full: bool = False) -> str:
    """`replay --json`: indented for people; a long log (a hundred thousand events) on one
    line, written by `compact_json_chunks`; past JSON_STEPS_UP_TO steps, its first and last
    steps unless `full`."""
    return "".join(json_chunks(game, full))


def write_json_text(game: Game, stream: TextIO, full: bool = False) -> None:
    """Write `json_text` to a stream a chunk at a time: a long log's text, a hundred megabytes
    with `full`, is never held whole, nor encoded at once."""
    for chunk in json_chunks(game, full):
        stream.write(chunk)


def json_chunks(game: Game, full: bool = False) -> Iterator[str]:
    """`json_text` in chunks that join into it."""
    import json

    from adjudicator.log.outline import LONG_LOG

    if len(game.steps) > LONG_LOG:
        return compact_json_chunks(game, full)
    return iter([json.dumps(to_json(game, full), indent=2, ensure_ascii=False) + "\n"])


def compact_json_text(game: Game, full: bool = False) -> str:
    """`to_json` on one line, exactly as `json.dumps(..., ensure_ascii=False)` writes it."""
    return "".join(compact_json_chunks(game, full))


def compact_json_chunks(game: Game, full: bool = False) -> Iterator[str]:
    """`compact_json_text` in chunks that join into it: the steps are written by `StepWriter`,
    so a million steps take a second or two, not ten."""
    import json

    from adjudicator.log.json_steps import StepWriter

    steps, omitted = shown_steps(game, full)
    data = _json_object(game, None, omitted, full)
    keys = list(data)
    at = keys.index("steps")
    before = json.dumps({k: data[k] for k in keys[:at]}, ensure_ascii=False)
    after = json.dumps({k: data[k] for k in keys[at + 1 :]}, ensure_ascii=False)
    yield before[:-1] + ', "steps": '
    yield from StepWriter().chunks(steps)
    yield ", " + after[1:] + "\n"


def _names(cards: Any) -> Counter:
    """The cards as definitions (deck, name): copies of one card are alike, and two editions'
    cards of the same name are not."""
    return Counter(c.definition for c in cards)


def _sorted(counter: Counter) -> list[str]:
    """The cards' names, sorted (the plain data of a difference)."""
    return sorted(name for _deck, name in counter.elements())


def _show(counter: Counter, qualified: bool = False) -> str:
    """The cards by name; `qualified` adds each card's deck, for when the names alone look alike."""
    return "[" + ", ".join(sorted(f"{name} ({deck})" if qualified else name for deck, name in counter.elements())) + "]"


def _mismatch(want: Counter, got: Counter) -> str:
    qualified = _show(want) == _show(got)  # two editions' cards of one name (Fruitcake)
    return f"expected {_show(want, qualified)}, got {_show(got, qualified)}"


@dataclass(frozen=True)
class Difference:
    """One way a replay differs from `expect`: the key, both values as plain data, and a sentence."""

    key: str
    expected: Any
    actual: Any
    message: str

    def __str__(self) -> str:
        return self.message

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "expected": self.expected, "actual": self.actual, "message": self.message}


def compare(expect: Mapping[str, Any], game: Game, canonical: Callable[[str], str] = lambda rid: rid) -> list[str]:
    """Each way the replay differs from `expect`, as 'key: expected X, got Y' lines."""
    return [diff.message for diff in differences(expect, game, canonical)]


def differences(
    expect: Mapping[str, Any], game: Game, canonical: Callable[[str], str] = lambda rid: rid
) -> list[Difference]:
    """Each way the replay differs from `expect`, as data."""
    table = game.table
    turn, over = turn_view(game)
    diffs: list[Difference] = []

    def differ(key: str, want: Any, got: Any, label: str | None = None) -> None:
        if want != got:
            diffs.append(Difference(key, want, got, f"{label or key}: expected {want}, got {got}"))

    for key, want in expect.items():
        if key == "winner":
            wanted = " and ".join(want) if isinstance(want, tuple) else want or "none"
            got_winners = " and ".join(winners(game)) or "none"
            if wanted != got_winners:  # as data: a list for a shared win, else a name or null
                shared = isinstance(want, tuple)
                diffs.append(
                    Difference(
                        key,
                        list(want) if shared else want or None,
                        winners(game) if shared else (got_winners if winners(game) else None),
                        f"{key}: expected {wanted}, got {got_winners}",
                    )
                )
        elif key == "turn":
            differ(key, want, turn)
        elif key == "turn_over":
            differ(key, want, over)
        elif key == "plays_left":
            differ(key, want, game.plays_left())
        elif key in ("hands", "in_play"):
            zone = table.hands if key == "hands" else table.in_play
            for player, cards in want.items():
                got = _names(zone.get(player, ()))
                if _names(cards) != got:
                    diffs.append(
                        Difference(
                            f"{key}.{player}",
                            _sorted(_names(cards)),
                            _sorted(got),
                            f"{key} of {player}: {_mismatch(_names(cards), got)}",
                        )
                    )
        elif key in ("hand_sizes", "in_play_sizes"):
            zone = table.hands if key == "hand_sizes" else table.in_play
            for player, size in want.items():
                differ(f"{key}.{player}", size, len(zone.get(player, ())), f"{key} of {player}")
        elif key in ("rules", "goals"):
            # Meta Rules are listed with the rules in a scenario, as in its setup
            got = _names([*table.rules, *table.meta_rules] if key == "rules" else table.goals)
            if _names(want) != got:
                diffs.append(
                    Difference(key, _sorted(_names(want)), _sorted(got), f"{key}: {_mismatch(_names(want), got)}")
                )
        elif key == "discard_has":
            missing = [c.name for c in want if c.definition not in {d.definition for d in table.discard}]
            if missing:
                pile = [c.name for c in table.discard]
                diffs.append(
                    Difference(
                        key,
                        [c.name for c in want],
                        pile,
                        f"discard_has: {', '.join(missing)} not in the discard pile ({', '.join(pile) or 'empty'})",
                    )
                )
        elif key == "draw_pile_size":
            differ(key, want, len(table.draw_pile))
        elif key == "rejected":
            got_events = sorted({s.event for s in rejections(game) if s.event is not None})
            if want != got_events:
                reasons = "; ".join(f"event {s.event}: {s.reason}" for s in rejections(game))
                diffs.append(
                    Difference(
                        key,
                        list(want),
                        got_events,
                        f"rejected: expected events {want}, got {got_events}" + (f" ({reasons})" if reasons else ""),
                    )
                )
        elif key == "rulings":
            cited = {canonical(r) for r in cited_rulings(game)}
            missing = [r for r in want if canonical(r) not in cited]
            if missing:
                diffs.append(
                    Difference(
                        key,
                        list(want),
                        cited_rulings(game),
                        f"rulings: {', '.join(missing)} not cited (cited: {', '.join(cited_rulings(game))})",
                    )
                )
        elif key == "goals_won":
            for player, count in want.items():
                differ(f"goals_won.{player}", count, game.goals_won.get(player, 0), f"goals_won of {player}")
    if expect.get("stopped", False) != bool(game.stopped):
        diffs.append(
            Difference(
                "stopped",
                bool(expect.get("stopped", False)),
                game.stopped or None,
                f"stopped: expected {'a stop' if expect.get('stopped') else 'no stop'}, "
                f"got {game.stopped or 'no stop'}",
            )
        )
    if "rejected" not in expect and rejections(game):
        diffs += [
            Difference(
                "rejected",
                [],
                [s.event for s in rejections(game)],
                f"unexpected rejection of event {s.event}: {s.reason}",
            )
            for s in rejections(game)
        ]
    return diffs
