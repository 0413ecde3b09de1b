"""What a card kind may use of the game it is handed: the kinds' protocol.

Every hook of `Kind` receives the game as a `CardHost`, never as the engine's `Game`: a kind reads
the table and the rules in play, asks a player, moves cards, leaves chance to the game, logs what
happened with the rulings behind it, and changes the turn or the replay only through these names.
Nothing else of the game is a kind's business, so no kind imports the engine, not even for its
types (tests/test_architecture.py checks), and `python -m mypy` checks that `Game` has every name
here with a matching signature (engine/game.py).

A kind never writes what it reads here (`table`, `turn`, ...): the architecture test fails on a
kind that changes a zone or the game's state other than through the methods below.

Adding a name is deciding that kinds need it: prefer a query that answers what the kind asks
(`keepers_of`) to handing out more of the game's state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import random

    from adjudicator.model import records as rec
    from adjudicator.model.cards import Card
    from adjudicator.model.day import Day
    from adjudicator.model.events import Action
    from adjudicator.model.house_rules import HouseRules
    from adjudicator.model.position import PendingChoice, Play, Table, TempHand, Then, Turn
    from adjudicator.model.quota import PlayQuota


class CardHost(Protocol):
    """The game as a card kind sees it (`Game` provides it)."""

    # -- reading the table (read only) ---------------------------------------------------------
    @property
    def players(self) -> list[str]:
        """The players in seat order."""

    @property
    def table(self) -> Table:
        """Every zone: hands, in_play, rules, goals, draw_pile, discard, ... (read them, never change them)."""

    @property
    def turn(self) -> Turn:
        """The turn under way: whose it is, its phase, what was drawn, played and used."""

    @property
    def date(self) -> Day | None:
        """The day the game is played (the scenario's `date:`), for the Holiday cards."""

    @property
    def house_rules(self) -> HouseRules:
        """The house rules in force."""

    @property
    def window(self) -> Play | None:
        """The play Surprises may answer now, if a window is open."""

    @property
    def temp_hands(self) -> list[TempHand]:
        """The temporary hands open (compound Actions), innermost last."""

    @property
    def pending(self) -> list[PendingChoice]:
        """The choices the game is waiting for."""

    @property
    def trying(self) -> bool:
        """Whether the event is being tried first (a stated choice that cannot be refuses it)."""

    @property
    def stated_at_random(self) -> Card | None:
        """The card the event states a rule picked at random (`P plays CARD at random`)."""

    @property
    def rng(self) -> random.Random:
        """The replay's one source of chance, when no outcome is stated."""

    def owner_of(self, card: Card) -> str | None:
        """The player with card in front of her, if any."""

    def keepers_of(self, player: str) -> list[Card]:
        """The Keepers in front of player."""

    def creepers_of(self, player: str) -> list[Card]:
        """The Creepers in front of player."""

    def cards_in_play(self) -> Iterable[tuple[str | None, Card]]:
        """Every card on the table with its owner (None for rules and goals)."""

    # -- the rules in play --------------------------------------------------------------------------
    def basic(self, key: str) -> int:
        """A number of the Basic Rules (deal / draw / play), as it counts now."""

    def draw_rule(self, player: str | None = None) -> int:
        """The Draw rule for player (by default the active one)."""

    def play_rule(self, player: str | None = None) -> PlayQuota:
        """The Play rule for player (by default the active one)."""

    def plays_left(self) -> int:
        """Plays the active player may still make this turn."""

    def goal_slots(self) -> int:
        """How many Goals may be in play at once."""

    def rule_in_slot(self, slot: str) -> Card | None:
        """The New Rule filling slot ("draw", "play", "hand_limit", ...), if any."""

    def goals_read_hands(self) -> bool:
        """Whether a Goal in play is met by what is in the hands."""

    def bonus_givers(self, player: str, what: str) -> list[Card]:
        """The cards giving player bonus draws or plays (`what`: "draw" or "play")."""

    def bonus_rulings(self, player: str, what: str) -> tuple[str, ...]:
        """The rulings behind those bonuses."""

    def turn_direction(self) -> int:
        """1 while turns pass clockwise, -1 the other way."""

    def numeral_bonus(self, card: Card | None) -> int:
        """How much the numbers printed on card (None: the Basic Rules) are raised."""

    def creeper_blocks(self, player: str, goal: Card) -> bool:
        """Whether a Creeper in front of player stops her winning with goal."""

    # -- asking, ordering, logging --------------------------------------------------------------
    def ask(
        self,
        player: str,
        prompt: str,
        options: Sequence[Any],
        count: int,
        then: Then,
        *,
        verbs: tuple[Action, ...] = ...,
        keep_means_complement: bool = False,
        rulings: tuple[str, ...] = (),
        key: Any = None,
        at_least: int | None = None,
    ) -> None:
        """Ask player to pick count of options; `then` (`Kind.then`) is called with the answer."""

    def refuse_stated(self, reason: str, rulings: tuple[str, ...] = ()) -> None:
        """A stated outcome of chance that cannot be: refused, or left to chance with a note."""

    def schedule_after(self, *tasks: Then) -> None:
        """Run these continuations after everything already waiting."""

    def check_state(self) -> None:
        """Run the state-based check now (limits, Creeper triggers, the win)."""

    def step(self, cls: type[rec.Step], **fields: Any) -> None:
        """Log a step record (the cards it moved are added)."""

    def note(self, text: str, rulings: Sequence[str]) -> None:
        """Log a sentence with the rulings behind it."""

    def copy(self) -> CardHost:
        """An independent copy to try something on (what runs on it leaves this game alone)."""

    # -- moving cards ---------------------------------------------------------------------------
    def take(self, card: Card, zone: str, player: str | None = None) -> Card:
        """Lift card out of a zone (named by the table's field; a player's for hands/in_play)."""

    def put(self, card: Card, zone: str, player: str | None = None, *, on_top: bool = False) -> None:
        """Put card into a zone, after the cards there or on top."""

    def take_all(self, zone: str, player: str | None = None) -> list[Card]:
        """Empty a zone; its cards in order."""

    def put_all(self, cards: Iterable[Card], zone: str, player: str | None = None) -> None:
        """Put cards into a zone after the cards there, in order."""

    def refill(self, zone: str, cards: Iterable[Card]) -> None:
        """What the zone holds becomes cards, in that order."""

    def take_at_random(
        self,
        zone: str,
        player: str | None = None,
        *,
        stated: Card | None = None,
        what: str,
        how: str,
        impossible: str = "",
        rulings: tuple[str, ...] = (),
    ) -> Card | None:
        """A card of the zone picked at random and lifted out; None when the zone is empty."""

    def pick_at_random(
        self,
        options: Sequence[Card],
        stated: Card | None,
        *,
        what: str,
        how: str,
        impossible: str = "",
        rulings: tuple[str, ...] = (),
    ) -> Card:
        """One of options at random (`stated` when the event says which), logged; nothing moves."""

    def shuffled(
        self, cards: Iterable[Card], *, what: str, how: str = ..., rulings: tuple[str, ...] = ()
    ) -> list[Card]:
        """Cards in a new order (the event's stated order, else the seed's), logged; nothing moves."""

    def shuffle(self, zone: str, *, what: str | None = None, how: str = ..., rulings: tuple[str, ...] = ()) -> None:
        """Shuffle a zone."""

    def pass_hands(self, receiver_of: Mapping[str, str]) -> None:
        """Whole hands change players at once: each giver's to `receiver_of[giver]`."""

    def draw(
        self,
        player: str,
        n: int,
        *,
        why: str,
        counted: bool = False,
        into: list[Card] | None = None,
        rulings: tuple[str, ...] = (),
        log: bool = True,
    ) -> list[Card]:
        """Draw n cards for player (a Creeper drawn goes in front of her and is replaced)."""

    def discard_from_hand(self, player: str, cards: Sequence[Card], why: str, rulings: tuple[str, ...]) -> None:
        """Player discards these cards from her hand."""

    def discard_from_play(self, player: str | None, cards: Sequence[Card], why: str, rulings: tuple[str, ...]) -> None:
        """These cards in play (player's, or rules and goals for None) go to the discard pile."""

    def discard_cards(self, cards: Iterable[Card]) -> None:
        """Put cards (already lifted) on top of the discard pile."""

    def discard_rules(self, rules: Sequence[Card], by: Card, rulings: tuple[str, ...], detail: str = "") -> None:
        """Discard New Rules by the card `by`."""

    def move_in_play(self, card: Card, source: str | None, target: str, why: str, rulings: tuple[str, ...]) -> None:
        """Move a Keeper or Creeper from one player's area to another's."""

    def place_in_front(self, player: str, card: Card, rulings: tuple[str, ...] = ()) -> None:
        """Put a Keeper or Creeper in front of player."""

    def add_rule(self, play: Play) -> None:
        """The New Rule played takes its place among the rules (replacing its slot's)."""

    def set_goal(self, play: Play) -> None:
        """The Goal played takes its place among the goals."""

    # -- playing cards --------------------------------------------------------------------------
    def play_from(
        self,
        player: str,
        card: Card,
        source: str,
        *,
        counted: bool = False,
        answers: Sequence[Any] = (),
        rulings: tuple[str, ...] = (),
    ) -> Play:
        """Play a card that is not in player's hand (from `source`, said in the log)."""

    def open_temp_hand(self, play: Play, rulings: tuple[str, ...], basis: str = "") -> TempHand:
        """Open a temporary hand for a compound Action (its numbers: `Kind.compound_terms`)."""

    def leave_being_played(self, play: Play) -> None:
        """The played card leaves the being-played zone (to be put where it goes)."""

    def discard_played(self, play: Play) -> None:
        """An Action that has done what it says goes to the discard pile."""

    def cancel_play(
        self, target: Play, by: Play, outcome: str, rulings: tuple[str, ...], to_player: str | None = None
    ) -> None:
        """A card in the response chain is canceled (to the discard pile, or in front of to_player)."""

    # -- the turn and the replay ----------------------------------------------------------------
    def end_turn(self, why: str | None = None, rulings: tuple[str, ...] = ()) -> None:
        """End the active player's turn now."""

    def grant_extra_turn(self, card: Card) -> None:
        """The active player takes another turn after this one, because of card."""

    def skip_next_turn(self, player: str, card: Card) -> None:
        """Player misses her next turn because of card."""

    def halt(self, reason: str, rulings: tuple[str, ...]) -> None:
        """The replay cannot go on (a `?` card must be named first): stop it, saying why."""
