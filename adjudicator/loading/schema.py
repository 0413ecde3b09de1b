"""One typed model of a scenario file, and the JSON Schema generated from it.

The loader (`scenario.py`) stays the judge of a file: it knows the cards, the players
and the line numbers. This model describes the file's shape for editors and other
tools (`adjudicator schema`); tests keep its keys equal to the loader's key lists.
Card and player names are plain strings: a scenario may define its own cards.

pydantic is imported here only; the CLI imports this module inside `schema`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import GenerateJsonSchema

from adjudicator.cards.catalog import TYPE_ALIASES
from adjudicator.model.cards import CardType

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

CardName = Annotated[
    str,
    Field(
        description="A card's printed name (case, spaces and punctuation are "
        "ignored; `&` and `and` match) or `?` for an unknown card."
    ),
]
PlayerName = Annotated[str, Field(description="One of `players` (or a player who joins during the events).")]
Count = Annotated[int, Field(ge=0)]
Cards = list[CardName] | None
RulingId = Annotated[
    str,
    Field(
        pattern=r"^([Rr]\d{2}|[Qq]\d+|[Qq]-[Tt][Aa][Gg]-[A-Za-z0-9-]+|[Bb]-[A-Za-z0-9-]+|[Hh]-[A-Za-z0-9_-]+)$",
        description="R01-R65 (FAQ), Q<n> (official FAQ question), Q-tag-<slug>, "
        "B-<slug> (rulebook), H-<switch> (house rule); any letter case (`r20` is R20), and an id no "
        "ruling has is an error.",
    ),
]


#: What a custom card's `type` may say: every card type, and the names editions give them.
CARD_TYPES = (*(t.value for t in CardType if t is not CardType.UNKNOWN), *TYPE_ALIASES)
if TYPE_CHECKING:
    CardTypeName = str  # a type checker cannot read a Literal built at run time
else:
    CardTypeName = Literal[CARD_TYPES]  # the schema lists them


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


DisputeItem = (
    Annotated[int, Field(ge=1)]
    | Annotated[str, Field(pattern=r"^.+\s(draws|discards)\s*$", description="A forced step: 'PLAYER draws'.")]
)
LibraryFile = Annotated[
    str, Field(pattern=r"(?i)\.ya?ml\s*$", description="A house-card library: a YAML file whose `cards:` lists cards.")
]


class CustomCard(BaseModel):
    """A card defined by the scenario, built from one of the engine's card kinds.

    Keys other than the ones below are the kind's parameters (`requires`, `value`,
    `blocks_win`, `pick`, `from`, ...); the loader checks them against the kind.
    """

    model_config = ConfigDict(extra="allow")

    name: str = Field(min_length=1)
    type: CardTypeName = Field(description="`problem` (Rick and Morty) is another name for creeper.")
    kind: str | None = Field(
        None,
        description="The behaviour (`keepers`, `draw`, `double_agenda`, ...). "
        "Default: from `type` (and `slot` for rules).",
    )
    slot: Literal["draw", "play", "hand_limit", "keeper_limit"] | None = Field(
        None, description="For rules: the slot the rule occupies (a new rule replaces the one in its slot)."
    )
    text: str | None = Field(None, description="The card text, for people.")
    flags: list[Literal["free_action", "ends_turn", "compound"]] | None = None


# House-rule values as tables write them: yes/no for flags, numbers possibly quoted,
# a word list as a list or one comma-separated line.
def _any_case(*words: str) -> str:
    """A pattern for these words in any letter case (JSON Schema patterns take no flags)."""
    spelled = ("".join(f"[{c.lower()}{c.upper()}]" for c in word) for word in words)
    return rf"^\s*({'|'.join(spelled)})\s*$"


Flag = bool | Annotated[str, Field(pattern=_any_case("true", "false", "yes", "no", "on", "off"))]
Number = Annotated[int, Field(ge=0)] | Annotated[str, Field(pattern=r"^\s*\d+\s*$")]
Words = list[str] | str


class HouseRules(_Strict):
    """House-rule switches. A missing switch has its official value."""

    keep_going: Flag | Number | None = Field(
        None, description="Keep Going: false, or the number of claimed Goals that wins."
    )
    tie: Literal["continue", "shared"] | None = None
    limits_on_own_turn: Flag | None = None
    simplify_minimum: Literal[0, 1, "0", "1"] | None = None
    surprise_window: Literal["official", "end_of_turn"] | None = None
    creepers_block_wins: Flag | None = None
    may_discard: Flag | None = None
    starting_hand: Number | None = None
    goals_per_deck: Flag | None = None
    proper_nouns: Flag | None = None
    slang: Flag | None = None
    allowed_words: Words | None = None
    banned_words: Words | None = None
    q2729: Literal["not_stoppable", "stoppable"] | None = Field(
        None, description="Which published answer to official question 2729 applies."
    )
    double_agenda_twin: Literal["replaces", "rechoose"] | None = Field(
        None, description="What a second copy of Double Agenda does (the publisher has not ruled)."
    )


class Setup(_Strict):
    """The position before the events."""

    turn: PlayerName | None = Field(None, description="The active player (default: the first player).")
    phase: Literal["deal", "start", "play", "end"] | None = Field(
        None,
        description="deal: deal the hands first; start: the turn has not begun; play (default): "
        "plays are being made; end: the play phase is over.",
    )
    drawn: Count | None = Field(None, description="With phase play: cards already drawn toward the Draw rule.")
    played: Count | None = Field(None, description="Plays already made this turn.")
    rules: Cards = Field(None, description="New Rules and Meta Rules in play (the Basic Rules are implied).")
    goals: Cards = Field(None, description="Goals in play.")
    hands: dict[PlayerName, Cards] | None = Field(None, description="Player -> cards in hand.")
    in_play: dict[PlayerName, Cards] | None = Field(None, description="Player -> Keepers and Creepers in front.")
    draw_pile: Cards = Field(None, description="Top card first.")
    discard: Cards = Field(None, description="Top card first.")
    rules_pile: Cards = Field(None, description="Solo Fluxx: the Rules deck, top card first.")


class EventMapping(_Strict):
    """The mapping form of an event (the string form is 'Alice plays Milk')."""

    player: PlayerName
    action: Literal["play", "use", "discard", "keep", "choose", "join", "drop_out", "begin_turn", "decline", "spell"]
    card: CardName | None = None
    choices: list[str | int] | str | None = Field(
        None,
        description="Players, cards, `CARD to PLAYER`, `CARD at random` (chance's pick, stated), `none`, "
        "or a keyword the card takes.",
    )
    at_random: bool | None = Field(
        None, description="A play a rule makes at random (First Play Random): the card that came up."
    )
    shuffled: list[CardName] | list[list[CardName]] | None = Field(
        None,
        description="The new order of a pile the event shuffles, first card first (a list per shuffle when "
        "it shuffles more than one); cards not named follow in an order from the seed.",
    )


EventText = Annotated[
    str,
    Field(
        min_length=1,
        description="'P plays CARD [-> CHOICE, ...]', 'P plays CARD at random', 'P uses CARD [-> ...]', "
        "'P discards A, B', 'P keeps A, B', 'P chooses A, B', 'P joins', 'P drops out', 'P begins', 'P declines', "
        "'P spells WORD'; any of them may end with '; shuffled A, B, ...' (the order of a pile it shuffles).",
    ),
]


class DisputedEvent(_Strict):
    """An event marked as the one the table disputes: the answer opens with a sentence about it."""

    disputed: EventText


class Expect(_Strict):
    """The outcome the author expects; `check` compares every key given."""

    winner: PlayerName | list[PlayerName] | None = Field(
        None, description="A player, none, or the players who share a win (house rule tie: shared)."
    )
    turn: PlayerName | None = None
    turn_over: bool | None = None
    plays_left: Count | None = None
    hands: dict[PlayerName, Cards] | None = None
    hand_sizes: dict[PlayerName, Count] | None = None
    in_play: dict[PlayerName, Cards] | None = None
    in_play_sizes: dict[PlayerName, Count] | None = None
    rules: Cards = None
    goals: Cards = None
    discard_has: Cards = None
    draw_pile_size: Count | None = None
    rejected: list[Annotated[int, Field(ge=1)]] | None = Field(
        None, description="Numbers (1-based) of the events that must be rejected; absent means none."
    )
    rulings: list[RulingId] | None = Field(None, description="Ruling ids the replay must cite.")
    goals_won: dict[PlayerName, Count] | None = None
    stopped: bool | None = Field(None, description="The replay must stop for a missing choice.")
    summary: str | None = Field(
        None, description="The plain sentence that opens the answer (about the disputed event), word for word."
    )


class DateOfGame(_Strict):
    day: str | None = Field(None, description="YYYY-MM-DD")
    holiday: str | None = Field(None, description="The holiday the table names.")
    birthdays: list[PlayerName] | None = None


class ScenarioFile(_Strict):
    """A Fluxx adjudicator scenario: a position, the disputed events, the expected outcome."""

    model_config = ConfigDict(extra="forbid", title="Fluxx adjudicator scenario (format 1)")

    format: Literal[1] | None = Field(None, description="Version of the format (1).")
    title: str = Field(min_length=1)
    question: str | None = Field(None, description="The dispute in words; also used for 'see also'.")
    players: list[str] = Field(min_length=1, description="Names in seating order, clockwise.")
    decks: list[str] | None = Field(None, description="Deck ids whose cards may appear (default: all).")
    cards: list[CustomCard | LibraryFile] | None = Field(
        None, description="Cards defined by this file, and house-card libraries named by their file (relative to it)."
    )
    house_rules: HouseRules | None = None
    seed: int | None = Field(None, description="Fixes every random step (default 0).")
    date: str | DateOfGame | None = Field(
        None, description="The day of the game, for cards that depend on it: YYYY-MM-DD or {day, holiday, birthdays}."
    )
    dispute: DisputeItem | list[DisputeItem] | None = Field(
        None,
        description="The disputed event(s), by number, or forced steps ('Bob draws', 'Bob discards'): the "
        "answer opens with one sentence about each, then who has won.",
    )
    setup: Setup | None
    events: list[EventText | EventMapping | DisputedEvent] | None
    expect: Expect | None = None


class _NoFieldTitles(GenerateJsonSchema):
    """pydantic titles every field after its name ("Draw Pile"); they say nothing the key does not,
    and leaving them out keeps the schema the same across pydantic versions."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a scenario file."""
    schema = ScenarioFile.model_json_schema(schema_generator=_NoFieldTitles)
    return {"$schema": SCHEMA_DIALECT, **schema}


def schema_text() -> str:
    """The schema as `adjudicator schema` prints it (and docs/scenario.schema.json holds it)."""
    import json

    return json.dumps(scenario_schema(), indent=2, ensure_ascii=False) + "\n"
