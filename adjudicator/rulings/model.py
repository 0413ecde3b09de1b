"""The shape of a ruling record.

Records are frozen dataclasses so that a replay can read the few it cites without
importing pydantic; `validate()` checks a record strictly with pydantic, and the
knowledge-base commands and the tests validate every record that way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

ID_PATTERN = r"^(R\d{2}|Q\d+|Q-tag-[a-z0-9-]+|B-[a-z0-9-]+|H-[a-z0-9_]+)$"
_ID = re.compile(ID_PATTERN)


@dataclass(frozen=True)
class Source:
    """Where a ruling comes from: a document (a rulebook, the FAQ), with a link and a note if any."""

    document: str
    url: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Conflict:
    """Another ruling that answers the same question differently, and which answer this one keeps and why."""

    with_: str
    answer: str
    selected_by: str


#: The two kinds of open question a record can carry (`Unruled.kind`).
NOT_RULED = "not_ruled"  # the publisher has not ruled (an answer says "ruling TBD", or two answers disagree)
DIFFERS_FROM_TEXT = "differs_from_text"  # the designer's answer and the printed card say different things


@dataclass(frozen=True)
class Unruled:
    """A question this record leaves open, or settles against the printed text: what the engine
    does by default, and the house rule that takes the other reading. The verdict says it in plain
    words whenever the record is cited, instead of applying one reading silently."""

    kind: str  # NOT_RULED or DIFFERS_FROM_TEXT
    about: str  # the open point, as a clause ("what a second copy of Double Agenda does")
    engine_follows: str  # the reading the engine applies by default
    house_rule: str  # `switch: value`, the house rule that takes the other reading
    other_reading: str  # what that house rule does instead
    #: the card kinds the point concerns: a verdict citing the record says it only when a card of
    #: one of them is in the replay (empty: whenever the record is cited)
    kinds: tuple[str, ...] = ()

    def sentence(self) -> str:
        """The plain words a verdict shows."""
        if self.kind == DIFFERS_FROM_TEXT:
            return (
                f"The designer's answer and the printed card differ on {self.about}; the engine follows the "
                f"official answer: {self.engine_follows}; house rule `{self.house_rule}` follows the printed "
                f"text instead: {self.other_reading}."
            )
        return (
            f"The publisher has not ruled on {self.about}; the engine follows {self.engine_follows}; "
            f"house rule `{self.house_rule}` takes the other reading: {self.other_reading}."
        )


@dataclass(frozen=True)
class Ruling:
    """One ruling record: the question, the answer, where it comes from, and the cards and topics it concerns."""

    id: str
    title: str
    summary: str
    question: str
    ruling: str
    source: Source
    checkable: bool
    aliases: tuple[str, ...] = ()
    editions: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    conflicts: tuple[Conflict, ...] = field(default=())
    #: False for a record kept only for completeness, whose answer says nothing usable (R48: the
    #: question is lost and the answer is "Yes"); search and see-also leave it out.
    usable: bool = True
    #: Why a replay cannot check this answer (a card the engine does not support, a judgement no
    #: scenario can state); given exactly when `checkable` is false for an official answer.
    not_checkable_because: str | None = None
    #: An open point of this answer (not ruled, or ruled against the printed text), said in plain
    #: words wherever the record is cited.
    unruled: Unruled | None = None

    @property
    def ids(self) -> tuple[str, ...]:
        """Every id this ruling answers to."""
        return (self.id, *self.aliases)


def from_data(data: Any) -> Ruling:
    """Build a record from parsed YAML (trusting its shape; see `validate`)."""
    conflicts = tuple(Conflict(c["with"], c["answer"], c["selected_by"]) for c in data.get("conflicts") or ())
    return Ruling(
        id=data["id"],
        title=data["title"],
        summary=data["summary"],
        question=data["question"],
        ruling=data["ruling"],
        source=Source(**data["source"]),
        checkable=bool(data["checkable"]),
        aliases=tuple(data.get("aliases") or ()),
        editions=tuple(data.get("editions") or ()),
        cards=tuple(data.get("cards") or ()),
        topics=tuple(data.get("topics") or ()),
        related=tuple(data.get("related") or ()),
        conflicts=conflicts,
        usable=bool(data.get("usable", True)),
        not_checkable_because=data.get("not_checkable_because"),
        unruled=_unruled(data.get("unruled")),
    )


def _unruled(data: Any) -> Unruled | None:
    return Unruled(**{**data, "kinds": tuple(data.get("kinds") or ())}) if data else None


def validate(data: Any) -> Ruling:
    """Check a parsed record strictly (types, id form, no unknown keys) and build it.

    Raises pydantic.ValidationError with every problem found.
    """
    from pydantic import BaseModel, ConfigDict, Field

    class _Source(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        url: str | None = None
        document: str
        note: str | None = None

    class _Conflict(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        with_: str = Field(alias="with")
        answer: str
        selected_by: str

    class _Unruled(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        kind: str = Field(pattern=f"^({NOT_RULED}|{DIFFERS_FROM_TEXT})$")
        about: str = Field(min_length=1)
        engine_follows: str = Field(min_length=1)
        house_rule: str = Field(pattern=r"^[a-z0-9_]+: \S.*$")
        other_reading: str = Field(min_length=1)
        kinds: list[str] = []

    class _Ruling(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        id: str = Field(pattern=ID_PATTERN)
        aliases: list[str] = []
        title: str = Field(min_length=1, max_length=80)
        summary: str = Field(min_length=1, max_length=160, pattern=r"^[^\n]*$")
        question: str = Field(min_length=1)
        ruling: str = Field(min_length=1)
        source: _Source
        editions: list[str] = []
        cards: list[str] = []
        topics: list[str] = []
        related: list[str] = []
        checkable: bool
        conflicts: list[_Conflict] = []
        usable: bool = True
        not_checkable_because: str | None = Field(default=None, min_length=1)
        unruled: _Unruled | None = None

    _Ruling.model_validate(data)
    return from_data(data)


def is_ruling_id(text: str) -> bool:
    return bool(_ID.match(text))
