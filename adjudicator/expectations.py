"""A replay's verdict compared with the scenario's `expect` block: each difference as data
(`Difference`: the key, both values, a sentence), read by `check` and the scenario tests.

Layer: verdict (beside `verdict.py`, whose frozen value it reads); nothing here imports a presenter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adjudicator.model.cards import Card
    from adjudicator.verdict import Verdict


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


def compare(
    expect: Mapping[str, Any], verdict: Verdict, canonical: Callable[[str], str] = lambda rid: rid
) -> list[str]:
    """Each way the replay differs from `expect`, as 'key: expected X, got Y' lines."""
    return [diff.message for diff in differences(expect, verdict, canonical)]


def differences(
    expect: Mapping[str, Any], verdict: Verdict, canonical: Callable[[str], str] = lambda rid: rid
) -> list[Difference]:
    """Each way the replay differs from `expect`, as data."""
    seats = {s.player: s for s in verdict.seats}
    diffs: list[Difference] = []
    winners = list(verdict.winners)

    def differ(key: str, want: Any, got: Any, label: str | None = None) -> None:
        if want != got:
            diffs.append(Difference(key, want, got, f"{label or key}: expected {want}, got {got}"))

    def zone(key: str, player: str) -> tuple[Card, ...]:
        seat = seats.get(player)
        if seat is None:
            return ()
        return seat.hand if key in ("hands", "hand_sizes") else seat.in_play

    for key, want in expect.items():
        if key == "winner":
            wanted = " and ".join(want) if isinstance(want, tuple) else want or "none"
            got_winners = " and ".join(winners) or "none"
            if wanted != got_winners:  # as data: a list for a shared win, else a name or null
                shared = isinstance(want, tuple)
                diffs.append(
                    Difference(
                        key,
                        list(want) if shared else want or None,
                        winners if shared else (got_winners if winners else None),
                        f"{key}: expected {wanted}, got {got_winners}",
                    )
                )
        elif key == "turn":
            differ(key, want, verdict.turn)
        elif key == "turn_over":
            differ(key, want, verdict.turn_over)
        elif key == "plays_left":
            differ(key, want, verdict.plays_left)
        elif key in ("hands", "in_play"):
            for player, cards in want.items():
                got = _names(zone(key, player))
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
            for player, size in want.items():
                differ(f"{key}.{player}", size, len(zone(key, player)), f"{key} of {player}")
        elif key in ("rules", "goals"):
            # Meta Rules are listed with the rules in a scenario, as in its setup
            got = _names([*verdict.rules, *verdict.meta_rules] if key == "rules" else verdict.goals)
            if _names(want) != got:
                diffs.append(
                    Difference(key, _sorted(_names(want)), _sorted(got), f"{key}: {_mismatch(_names(want), got)}")
                )
        elif key == "discard_has":
            missing = [c.name for c in want if c.definition not in {d.definition for d in verdict.discard}]
            if missing:
                pile = [c.name for c in verdict.discard]
                diffs.append(
                    Difference(
                        key,
                        [c.name for c in want],
                        pile,
                        f"discard_has: {', '.join(missing)} not in the discard pile ({', '.join(pile) or 'empty'})",
                    )
                )
        elif key == "draw_pile_size":
            differ(key, want, verdict.draw_pile_size)
        elif key == "rejected":
            refused = sorted({s.event for s in verdict.rejections if s.event is not None})
            if want != refused:
                reasons = "; ".join(f"event {s.event}: {s.reason}" for s in verdict.rejections)
                diffs.append(
                    Difference(
                        key,
                        list(want),
                        refused,
                        f"rejected: expected events {want}, got {refused}" + (f" ({reasons})" if reasons else ""),
                    )
                )
        elif key == "rulings":
            cited = {canonical(r) for r in verdict.rulings}
            missing = [r for r in want if canonical(r) not in cited]
            if missing:
                diffs.append(
                    Difference(
                        key,
                        list(want),
                        list(verdict.rulings),
                        f"rulings: {', '.join(missing)} not cited (cited: {', '.join(verdict.rulings)})",
                    )
                )
        elif key == "goals_won":
            for player, number in want.items():
                differ(f"goals_won.{player}", number, verdict.goals_won.get(player, 0), f"goals_won of {player}")
    if expect.get("stopped", False) != bool(verdict.stopped):
        diffs.append(
            Difference(
                "stopped",
                bool(expect.get("stopped", False)),
                verdict.stopped or None,
                f"stopped: expected {'a stop' if expect.get('stopped') else 'no stop'}, "
                f"got {verdict.stopped or 'no stop'}",
            )
        )
    if "rejected" not in expect and verdict.rejections:
        diffs += [
            Difference(
                "rejected",
                [],
                [s.event],  # its own rejection: each of N differences naming all N was quadratic
                f"unexpected rejection of event {s.event}: {s.reason}",
            )
            for s in verdict.rejections
        ]
    return diffs
