"""The shape of a ruling record, validated with pydantic."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Source(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    url: str | None = None
    document: str
    note: str | None = None


class Conflict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    with_: str = Field(alias="with")
    answer: str
    selected_by: str


class Ruling(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^(R\d{2}|Q\d+|Q-tag-[a-z0-9-]+|B-[a-z0-9-]+)$")
    aliases: tuple[str, ...] = ()
    title: str
    summary: str = Field(max_length=160)
    question: str
    ruling: str
    source: Source
    editions: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    checkable: bool
    conflicts: tuple[Conflict, ...] = ()
