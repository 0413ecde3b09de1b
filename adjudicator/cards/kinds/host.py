"""What a card kind may use of the game it is handed: the kinds' protocol.

Every hook of `Kind` receives the game as a `CardHost`, never as the engine's `Game`: a kind reads
the table, asks a player, moves, draws and discards cards, leaves chance to the game, logs what
happened with the rulings behind it, and changes the turn or the replay only through these names.
Nothing else of the game is a kind's business, so no kind imports the engine, not even for its
types (tests/test_architecture.py checks), and `python -m mypy` checks that `Game` has every name
here with a matching signature (engine/game.py).

A kind never writes what it reads here (`table`, `turn`, ...): the architecture test fails on a
kind that changes a zone or the game's state other than through the methods below. The table
answers the questions about who has what (`table.players`, `table.keepers_of(player)`,
`table.owner_of(card)`, `table.cards_in_play()`: model/position.py), so they are not names here.

The list is kept short on purpose (the architecture test counts it, and fails on a name no kind
uses): adding a name is deciding that kinds need it. Prefer a general name that answers what the
kind asks (`number("goal_slots")`, `settle(play)`) to one more reader or mover of a single case.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from adjudicator.model import records as rec
    from adjudicator.model.cards import Card
    from adjudicator.model.day import Day
    from adjudicator.model.events import Action
    from adjudicator.model.house_rules import HouseRules
    from adjudicator.model.position import Play, Table, TempHand, Then, Turn
    from adjudicator.model.quota import PlayQuota

#: The numbers of the rules in force a kind may read (`CardHost.number`): the Basic Rules' Draw
#: and Play as they count now (Inflation raises them); the Draw rule, and the Draw rule before any
#: bonus (its card's number, or the Basic Rules'); the plays a bonus adds to the Play rule; the
#: plays the active player may still make this turn; how many Goals may be in play; the direction
#: turns pass (1 clockwise, -1 the other way).
RuleNumber = Literal[
    "basic_draw", "basic_play", "draw", "draw_before_bonus", "play_bonus", "plays_left", "goal_slots", "turn_direction"
]


class CardHost(Protocol):
    """The game as a card kind sees it (`Game` provides it)."""

    # -- reading the table (read only) ---------------------------------------------------------
    @property
    def table(self) -> Table:
        """Every zone and who has what (`keepers_of`, `owner_of`, ...): what most kinds act on."""

    @property
    def turn(self) -> Turn:
        """The turn under way (whose, its phase, what was drawn and played): rules that count it."""

    @property
    def temp_hands(self) -> list[TempHand]:
        """The temporary hands open, innermost last: "hand" means the real one while they are."""

    @property
    def window(self) -> Play | None:
        """The play a response window is open on: a Goal met meanwhile cites why (Q46)."""

    @property
    def house_rules(self) -> HouseRules:
        """The house rules in force: the cards whose reading a switch changes consult it."""

    @property
    def date(self) -> Day | None:
        """The day the game is played (the scenario's `date:`): what the Holiday cards read."""

    # -- the rules in force ---------------------------------------------------------------------
    def number(self, name: RuleNumber, player: str | None = None) -> int:
        """A number the rules make now (`RuleNumber`), for player (by default the active one)."""

    def play_rule(self, player: str | None = None) -> PlayQuota:
        """The Play rule for player (by default the active one): said, and its mode read."""

    def numeral_bonus(self, card: Card | None) -> int:
        """How much Inflation raises the numbers printed on card (None: the Basic Rules)."""

    def bonus_rulings(self, player: str, what: str) -> tuple[str, ...]:
        """The rulings behind player's bonus draws or plays (`what`), cited when they are swapped."""

    def creeper_blocks(self, player: str, goal: Card) -> bool:
        """Whether a Creeper in front of player stops her winning with goal: ties and trials."""

    # -- asking and ordering --------------------------------------------------------------------
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
        """Ask player to pick count of options (a victim, cards to give); `then` gets the answer."""

    def withdraw(self, key: Any, why: str) -> None:
        """No longer ask the choice asked under `key` (what it asks about is gone, `why`); the log says so."""

    def schedule_after(self, *tasks: Then) -> None:
        """Run these continuations after everything already waiting: a Surprise's effect that comes last."""

    def check_state(self) -> None:
        """Run the state-based check now (limits, triggers, the win): a start-of-turn power before the draw."""

    def copy(self) -> CardHost:
        """A copy to try something on, leaving this game alone: would a canceled Keeper have won (R52)?"""

    # -- citing ---------------------------------------------------------------------------------
    def step(self, draft: rec.Draft) -> None:
        """Log what a card did with its rulings, drafted as `rec.X.of(...)` (`rec.Note`: a sentence; moves are added)."""

    # -- chance ---------------------------------------------------------------------------------
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
        """A card picked at random (a steal from a hand): `stated` when the event says which; logged."""

    def shuffled(
        self,
        cards: Sequence[Card],
        *,
        what: str,
        how: str = ...,
        rulings: tuple[str, ...] = (),
        into: str | None = None,
    ) -> list[Card]:
        """Cards shuffled (Keepers dealt out, a pile made anew, `into` it): stated, else the seed's; logged."""

    def at_random(self, options: Sequence[Card]) -> Card:
        """A card picked at random for a rule that forces a play (First Play Random); its play logs it."""

    def refuse_stated(self, reason: str, rulings: tuple[str, ...] = ()) -> None:
        """A stated random outcome the hands make impossible: refused when tried, else left to chance."""

    # -- moving cards ---------------------------------------------------------------------------
    def take(self, card: Card, zone: str, player: str | None = None) -> Card:
        """Lift card out of a zone (the table's field; a player's hand or in_play): to move it, or play it."""

    def put(self, card: Card, zone: str, player: str | None = None, *, on_top: bool = False) -> None:
        """Put a card lifted into a zone, after the cards there or on top: a card given, dealt, put back."""

    def move_in_play(self, card: Card, source: str | None, target: str, why: str, rulings: tuple[str, ...]) -> None:
        """Move a Keeper or Creeper from one player's area to another's, logged (steals, gifts)."""

    def pass_hands(self, receiver_of: Mapping[str, str]) -> None:
        """Whole hands change players at once (Trade Hands, Rotate Hands): each giver's to its receiver."""

    # -- drawing and discarding -----------------------------------------------------------------
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
        """Draw n cards for player, as an Action or a bonus says (a Creeper drawn is placed and replaced)."""

    def discard(self, player: str | None, cards: Sequence[Card], why: str, rulings: tuple[str, ...]) -> None:
        """Player's cards (from her hand or from in front of her) go to the discard pile, logged."""

    # -- playing --------------------------------------------------------------------------------
    def settle(self, play: Play) -> None:
        """The card played reaches its place: a Keeper in front, a Rule or Goal in play, else discarded."""

    def play_from(
        self,
        player: str,
        card: Card,
        source: str,
        *,
        counted: bool = False,
        answers: Sequence[Any] = (),
        rulings: tuple[str, ...] = (),
        came: str = "",
    ) -> Play:
        """Play a card that is not in player's hand (from `source`, said in the log): replays, flips."""

    def open_temp_hand(self, play: Play, rulings: tuple[str, ...], basis: str = "") -> TempHand:
        """Open a compound Action's temporary hand (Draw 2 and Use 'Em); its numbers: `compound_terms`."""

    def cancel_play(
        self, target: Play, by: Play, outcome: str, rulings: tuple[str, ...], to_player: str | None = None
    ) -> None:
        """A Surprise cancels a card in the response chain (to the discard pile, or in front of to_player)."""

    # -- the turn and the replay ----------------------------------------------------------------
    def end_turn(self, why: str | None = None, rulings: tuple[str, ...] = ()) -> None:
        """End the active player's turn now: a card that says so (Get On With It!, Time Portal)."""

    def grant_extra_turn(self, card: Card) -> None:
        """The active player takes another turn after this one, because of card (Take Another Turn)."""

    def skip_next_turn(self, player: str, card: Card) -> None:
        """Player misses her next turn because of card (Field of Poppies)."""

    def halt(self, reason: str, rulings: tuple[str, ...]) -> None:
        """The replay cannot go on (a `?` card must be named first): stop it, saying why."""
