"""Choices as data: what a card needs a player to pick, and the one validator for picks.

A `ChoiceSpec` says who picks, among what, and how many. The same spec serves three
purposes: the choices a card states with its play (`Kind.choices`, checked by
`Kind.verify_play`), a choice the engine waits for (`PendingChoice.spec`, checked by
`Game.verify_answer`), and the legal-event generator, which enumerates its `selections`
instead of trying every card on the table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from adjudicator.model.cards import NO_CHOICE, AtRandom
from adjudicator.model.errors import Illegal
from adjudicator.model.frozen import with_fields


@dataclass(frozen=True)
class ChoiceSpec:
    """`count` of `options` for `player` to pick -- or, with `at_least`, from at_least up to
    count ("up to"; `none` picks nothing). `explain` is the sentence a wrong pick is rejected
    with (default: built from the prompt)."""

    player: str
    prompt: str
    options: tuple[Any, ...]
    count: int = 1
    at_least: int | None = None
    rulings: tuple[str, ...] = ()
    explain: str = ""

    @classmethod
    def made(
        cls,
        player: str,
        prompt: str,
        options: tuple[Any, ...],
        count: int,
        at_least: int | None,
        rulings: tuple[str, ...],
    ) -> ChoiceSpec:
        """A spec made by the engine for each choice it asks (`PendingChoice.spec`): the fields
        set directly, faster than the frozen __init__ (no `explain`: the default sentence)."""
        return with_fields(
            cls,
            player=player,
            prompt=prompt,
            options=options,
            count=count,
            at_least=at_least,
            rulings=rulings,
            explain="",
        )

    def check(self, given: Sequence[Any], verb: str = "choose") -> list[Any]:
        """The picks as a list (`none` read as no pick), or Illegal saying what is wrong."""
        picks = list(given)
        if any(g is NO_CHOICE for g in picks):
            if len(picks) > 1:
                raise Illegal("bad_choice", "`none` cannot be given together with other choices", self.rulings)
            picks = []
        unknown = [str(g) for g in picks if g not in self.options and not self._random_offered(g)]
        if unknown:
            raise self._bad(
                f"{', '.join(unknown)} is not among the options "
                f"({', '.join(map(str, self.options)) or 'there are none'})"
            )
        if len(set(map(id, picks))) != len(picks):
            raise self._bad("the same card is named twice")
        if self.at_least is not None:
            if not self.at_least <= len(picks) <= self.count:
                raise self._bad(f"{self.player} must {verb} from {self.at_least} to {self.count}, not {len(picks)}")
        elif len(picks) != self.count:
            raise self._bad(f"{self.player} must {verb} exactly {self.count}, not {len(picks)}")
        return picks

    def _random_offered(self, given: Any) -> bool:
        """`CARD at random` answers a choice offering `random` (R57): chance picked CARD."""
        return isinstance(given, AtRandom) and any(str(o) == "random" for o in self.options)

    def _bad(self, detail: str) -> Illegal:
        return Illegal("bad_choice", self.explain or detail, self.rulings)

    def selections(self) -> Iterator[tuple[Any, ...]]:
        """Every legal pick, smallest first (an empty pick is written `none`)."""
        if self.at_least is None and self.count:
            return combinations(self.options, self.count)  # (most choices: read in C, no generator to resume)
        return self._sizes()

    def _sizes(self) -> Iterator[tuple[Any, ...]]:
        """`selections` of an "up to" choice, or of one that picks nothing."""
        sizes = range(self.at_least, self.count + 1) if self.at_least is not None else (self.count,)
        for n in sizes:
            if n == 0:
                yield (NO_CHOICE,)
            else:
                yield from combinations(self.options, n)


def check_stated(answers: Sequence[Any], specs: Sequence[ChoiceSpec]) -> list[Any]:
    """Check choices stated with a play against the specs of the card, in order: each spec
    takes its `count` answers (an "up to" spec: the answers among its options, or `none`).
    Answers left over are not checked here: they answer, in order, what the card's resolution
    asks next (the card it plays at once, a rule its move sets off: a stolen War asks where Peace
    goes); the event's trial refuses any left unused (engine/trial.py). Returns them."""
    answers = list(answers)
    for spec in specs:
        if not answers:
            return []  # the later choices will be asked
        if spec.at_least is None:
            taken, answers = answers[: spec.count], answers[spec.count :]
        else:
            size = (
                1
                if answers[0] is NO_CHOICE
                else next((i for i, a in enumerate(answers) if a not in spec.options), len(answers))
            )
            taken, answers = answers[:size], answers[size:]
        spec.check(taken)
    return answers
