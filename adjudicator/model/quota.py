"""The value of the Play rule as plain data: what a Play card in play says, before the engine adds
bonuses (engine/derived.py)."""

from __future__ import annotations

from typing import NamedTuple


class PlayQuota(NamedTuple):
    """The Play rule as it stands: `count` N, `all`, or `all_but` N (Play All But 1). A named
    tuple, immutable as a frozen dataclass and made in a third fewer instructions: one is made
    each time the rules in play change and for each bonus on top."""

    mode: str
    n: int = 0

    def left(self, played: int, hand: int) -> int:
        if self.mode == "all":
            return hand
        if self.mode == "all_but":
            return max(0, hand - self.n)
        return max(0, min(self.n - played, hand))

    def with_bonus(self, bonus: int) -> PlayQuota:
        if not bonus or self.mode == "all":
            return self  # Play All plus a bonus is still Play All
        if self.mode == "all_but":
            rest = self.n - bonus
            return PlayQuota("all") if rest <= 0 else PlayQuota("all_but", rest)
        return PlayQuota("count", self.n + bonus)

    def __str__(self) -> str:
        if self.mode == "all":
            return "Play All"
        if self.mode == "all_but":
            return f"Play All But {self.n}"
        return f"Play {self.n}"
