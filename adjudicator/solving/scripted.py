"""A random generator that answers from a script: how `solve` tries every outcome of chance.

Every random step of the engine draws from the game's generator by `randrange`, `choice` and
`shuffle`, which all ask it one question, a whole number below n (`_randbelow`). `Scripted`
answers those from a script (0 past its end, or a draw of `fill` when given) and records the
questions, so a step taken with it says what chance it met, and taken again with each script,
every way chance could go.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


class Scripted(random.Random):
    """A generator that answers `_randbelow(n)` -- what randrange, choice and shuffle ask -- from
    a script (0 past its end, or a draw of `fill` when given), and records the bounds asked."""

    def __init__(self, script: Sequence[int], fill: random.Random | None = None) -> None:
        super().__init__(0)
        self.script = list(script)
        self.fill = fill
        self.bounds: list[int] = []
        self.answers: list[int] = []

    def _randbelow(self, n: int) -> int:  # the one question randrange, choice and shuffle ask
        i = len(self.bounds)
        self.bounds.append(n)
        if i < len(self.script):
            answer = min(self.script[i], n - 1)
        else:
            answer = self.fill.randrange(n) if self.fill is not None else 0
        self.answers.append(answer)
        return answer

    def __deepcopy__(self, memo: dict[int, object]) -> Scripted:
        copy = Scripted(self.script[len(self.bounds) :], self.fill)
        return copy
