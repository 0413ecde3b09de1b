"""The two ways input can be wrong.

`ScenarioError`: the file itself is not a valid scenario (exit code 2).
`Illegal`: an event is valid input but the rules forbid it; the engine logs it
as a rejection and the replay goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class ScenarioError(Exception):
    """A scenario (or deck, or ruling) file that cannot be used as written.

    The loader reads a whole file before it gives up: the error it raises is the file's first
    mistake (by line), and `others` holds the rest, so that one run shows every mistake."""

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        suggestions: tuple[str, ...] = (),
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column  # 1-based, where the mistake starts on its line, when known
        self.suggestions = tuple(suggestions)
        self.others: tuple[ScenarioError, ...] = ()

    @property
    def mistakes(self) -> tuple[ScenarioError, ...]:
        """This mistake and the file's others, in the order of their lines."""
        return (self, *self.others)

    @staticmethod
    def of(mistakes: list[ScenarioError]) -> ScenarioError:
        """One error for a file's mistakes: the first by line, carrying the others (the order they
        were found in breaks ties: a file is read from the top)."""
        ordered = sorted(mistakes, key=lambda m: (m.line or 0, m.column or 0))
        first = ordered[0]
        first.others = tuple(m for m in ordered[1:] if m is not first)
        return first

    def located(self, path: str | None = None, line: int | None = None) -> ScenarioError:
        """Fill in a location the raiser did not know."""
        if self.path is None:
            self.path = path
        if self.line is None:
            self.line = line
        return self

    def __str__(self) -> str:
        where = self.path or "<scenario>"
        if self.line is not None:
            where += f":{self.line}"
        text = f"{where}: {self.message}"
        if self.suggestions:
            text += " (did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?)"
        return text


@dataclass(frozen=True)
class Illegal(Exception):
    """Why an event cannot happen: a stable code, a sentence and the ruling that forbids it."""

    code: str
    reason: str
    rulings: tuple[str, ...] = field(default=())

    def __str__(self) -> str:
        return self.reason


def allowed(verify: Callable[..., object], *args: Any) -> bool:
    """Whether a `verify_x` check lets its arguments through, raising no `Illegal` (pokerkit's
    `can_x`: the check and its question are one piece of code)."""
    try:
        verify(*args)
    except Illegal:
        return False
    return True
