"""The registry of card kinds.

A kind is the behaviour shared by every card built from it (all Draw N rules,
all "Keeper A + Keeper B" Goals, ...). A card names its kind in the deck data
and carries the kind's parameters; the engine only ever asks the kind. Cards
whose kind is not registered here are "not supported yet".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from adjudicator.cards.kinds.params import Param
from adjudicator.model.cards import Card, CardType
from adjudicator.model.choices import ChoiceSpec, check_stated
from adjudicator.model.errors import Illegal
from adjudicator.model.position import Then
from adjudicator.model.quota import PlayQuota

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost
    from adjudicator.model.position import Play


@dataclass(frozen=True)
class Word:
    """A keyword choice that a kind declares in `choice_words` (a direction, a condition),
    given after `->` like a card or player name: `Alice plays Today's Special! -> holiday`."""

    text: str

    def __str__(self) -> str:
        return self.text


_Method = TypeVar("_Method", bound=Callable[..., None])
_Hook = TypeVar("_Hook", bound=Callable[..., Any])


def continuation(method: _Method) -> _Method:
    """Marks a method that a continuation (`Then`, made by `Kind.then` or `Game.then`) may call.
    Registering the kind (or defining `Game`) records it under its name, so that a `Then`, which
    is plain data, is carried out by the method recorded then, never by a name looked up at run
    time; `then` refuses a method not marked so."""
    method.is_continuation = True  # type: ignore[attr-defined]
    return method


def marked_continuations(cls: type) -> dict[str, Callable[..., None]]:
    """name -> function of every method of cls (its own or inherited) that a class in its
    ancestry marks `@continuation`: an override of a marked method is one too."""
    names = {
        name for klass in cls.__mro__ for name, value in vars(klass).items() if getattr(value, "is_continuation", False)
    }
    return {name: getattr(cls, name) for name in sorted(names)}


def over_the_table(hook: _Hook) -> _Hook:
    """Marks a hook of `Kind` that the engine runs over every card in play (`derived.holding`):
    only cards whose kind has its own version are asked. Declaring it so is all it takes for
    the engine to gather its holders (`TABLE_HOOKS`)."""
    hook.over_the_table = True  # type: ignore[attr-defined]
    return hook


def over_the_rules(hook: _Hook) -> _Hook:
    """Marks a hook of `Kind` that the effective rules add up over the New Rules in play
    (`derived.Effective`: `RULE_HOOKS`)."""
    hook.over_the_rules = True  # type: ignore[attr-defined]
    return hook


#: (kind name, method name) -> what a kind's continuation calls (with the game first): the method
#: bound to the kind's one instance, recorded when the kind is registered.
CONTINUATIONS: dict[tuple[str, str], Callable[..., None]] = {}


class Kind:
    """Base of every kind. Subclasses set `name`, `card_type` and `params`.

    Every hook the engine calls on a kind is declared here with its default, and declaring it
    is what registers it: a hook the engine runs over every card in play is marked
    `@over_the_table` (`TABLE_HOOKS` is read off this class), one the effective rules add up
    over the New Rules `@over_the_rules`. So a new kind overrides only what its cards do, and
    tests/test_architecture.py checks that the engine asks for nothing else and that every
    hook declared here is asked somewhere. docs/adding-a-card.md walks through adding one.
    """

    name: ClassVar[str]
    card_type: ClassVar[CardType]
    params: ClassVar[Mapping[str, Param]] = {}
    #: Keywords the kind accepts among its choices (read by the loader as `Word`s).
    choice_words: ClassVar[tuple[str, ...]] = ()
    #: Rulings that justify the kind's basic resolution (cited when it resolves).
    rulings: ClassVar[tuple[str, ...]] = ()
    #: Rulings about canceling a card of this kind (cited when a Surprise cancels one).
    canceled_rulings: ClassVar[tuple[str, ...]] = ()
    #: Rulings about answering this card's steal (cited when a Surprise against steals undoes it).
    trapped_rulings: ClassVar[tuple[str, ...]] = ()
    #: Rulings saying why this card is no steal (cited when a Surprise against steals is refused).
    not_a_steal_rulings: ClassVar[tuple[str, ...]] = ()

    def then(self, method: Callable[..., None] | str, *args: Any) -> Then:
        """A continuation that calls this kind's `method` (with the game first, a choice's answer
        last): one of its methods marked `@continuation` (or its name)."""
        name = method if isinstance(method, str) else method.__name__
        function = CONTINUATIONS.get((self.name, name))
        if function is None:
            raise TypeError(
                f"{type(self).__name__}.{name} is no continuation of kind {self.name!r}: mark it @continuation"
            )
        return Then(self.name, name, args, function)

    # -- playing ----------------------------------------------------------
    def choices(self, game: CardHost, play: Play) -> list[ChoiceSpec] | None:
        """The choices the card takes with its play (`-> ...`), in order, as far as they are
        known when it is played. None: the kind takes none, or checks them itself."""
        return None

    def verify_play(self, game: CardHost, play: Play) -> None:
        """Raise `Illegal` when the stated choices cannot be used: by default, checked against
        `choices` (a kind with none accepts anything)."""
        specs = self.choices(game, play) if play.answers else None  # nothing stated: nothing to check
        if specs is not None:
            check_stated(play.answers, specs)  # answers past the card's own: for what its resolution asks next

    def resolve(self, game: CardHost, play: Play) -> None:
        """What the card does when played and not cancelled (a Keeper goes in front of its player,
        an Action does what it says). Every playable kind has its own."""
        raise NotImplementedError

    @continuation
    def finish(self, game: CardHost, play: Play) -> None:
        """After resolution: where the played card ends up (Actions are discarded). Scheduled
        only for a kind with its own (`has_hook`): by default the card is where it belongs."""

    def compound_terms(self, game: CardHost, card: Card, basis: str) -> tuple[int, int]:
        """A compound Action's numbers as they count now (Inflation raises them): the cards drawn
        into its temporary hand and the plays made from it. `basis` is how the card was read when
        it started (Today's Special!: the day). The engine reads them again whenever it needs them
        (`derived.compound_terms`); only a kind that opens a temporary hand has them."""
        raise NotImplementedError

    # -- chance stated by the table (engine/chance.py) ---------------------------
    def chance_forms(self, game: CardHost, play: Play) -> list[str]:
        """How the event of this play states what chance brings when it resolves, one form each
        (`legal` shows them); none for a card with no random step."""
        return []

    def chance_outcomes(self, game: CardHost, play: Play) -> list[list[Any]]:
        """The play's choices with each outcome of its random step stated (`explore` tries each);
        none when it has no random step, or the outcomes are too many to list."""
        return []

    # -- free actions granted by a card in play -----------------------------
    @over_the_table
    def verify_use(self, game: CardHost, play: Play) -> None:
        """Raise `Illegal` unless the card's free action may be used now; by default it has none."""
        raise Illegal("not_a_free_action", f"{play.card} grants no free action to use", ("B-free-actions",))

    #: True where `may_use` is the whole answer for a use stating no choice (`verify_use` checks
    #: nothing more but the choices stated): the listing then asks `may_use` alone.
    may_use_says_all: ClassVar[bool] = False

    def may_use(self, game: CardHost, card: Card, player: str) -> bool:
        """A cheap first look for the listing: False only where `verify_use` surely refuses player's
        use of card stating no choice (used once already this turn, ...), so that no refusal is
        built just to be caught; True leaves it to `verify_use`. Asked (like `verify_use`) only
        once player is known to own card, or card to be a rule (the engine checks that first)."""
        return True

    def use(self, game: CardHost, play: Play) -> None:
        """Carry out the free action the card in play grants (after `verify_use` allowed it)."""
        raise NotImplementedError

    #: The free action may be used on any player's turn (Taxes), not only the owner's.
    any_time: ClassVar[bool] = False

    def needs_a_play(self, game: CardHost, card: Card) -> bool:
        """Whether the free action is only open while plays remain (Get On With It!)."""
        return False

    # -- answering and being answered (Surprises) -------------------------
    #: Playing it moves Keepers between players by an Action, which That's Mine cannot intercept (R47).
    moves_keepers: ClassVar[bool] = False
    #: Resolving it plays another card at once; a Surprise may wait for that card (R26).
    plays_a_card: ClassVar[bool] = False
    #: Its free action can be answered (a Keeper power that steals: It's A Trap!, R23), so the
    #: use waits in a response window like a card being played and takes effect when it closes.
    answerable_use: ClassVar[bool] = False
    #: Resolving it hands cards from one hand to another (a card received that way comes too late, R56).
    hands_over: ClassVar[bool] = False
    #: It acts on other players only (Trade Hands, Steal a Keeper, a Surprise's cancel): Solo Fluxx
    #: sets it aside (B-solo), so a one-player scenario may not hold it.
    needs_others: ClassVar[bool] = False

    def steal_victim(self, game: CardHost, play: Play) -> str | None:
        """The player one of whose Keepers this play steals (what It's A Trap! answers)."""
        return None

    def verify_response(self, game: CardHost, response: Play) -> None:
        """Raise `Illegal` unless this card may answer `response.responds_to` out of turn."""
        raise Illegal(
            "not_a_surprise",
            f"only a Surprise can be played out of turn, and {response.card} is not one",
            ("B-surprises",),
        )

    def may_respond(self, game: CardHost, card: Card, player: str, target: Play) -> bool:
        """A cheap first look for the listing: False only where `verify_response` surely refuses
        player's answer to target with card stating no choice, so that no refusal is built just
        to be caught; True leaves it to `verify_response`."""
        return True

    def cancel(self, game: CardHost, response: Play, target: Play) -> None:
        """This card stands at the end of a response chain: cancel target."""
        raise NotImplementedError

    # -- what a card in play contributes (defaults: nothing) ---------------
    @over_the_table
    def on_turn_start(self, game: CardHost, card: Card, owner: str | None) -> None:
        """Start-of-turn events of a card in play (owner None for rules)."""

    @over_the_table
    def before_draw_phase(self, game: CardHost, card: Card, player: str) -> None:
        """Draws due before the regular draw (No-Hand Bonus)."""

    @over_the_table
    def state_trigger(self, game: CardHost, card: Card, owner: str | None) -> None:
        """Part of the state-based check: what the card forces whenever it holds (War). It reads
        the cards in play, not the hands or the piles: the check runs again only once those have
        changed (`Agenda._state_signature`)."""

    @over_the_table
    def on_goals_changed(self, game: CardHost, card: Card, owner: str | None) -> None:
        """The set of Goals in play changed (Radioactive Potato)."""

    def blocks_win(self, game: CardHost, card: Card, goal: Card) -> bool:
        """Whether this card in front of a player stops her winning with `goal` (a Creeper, unless
        the Goal names it: R04)."""
        return False

    def waives_creepers(self, game: CardHost, card: Card, creeper: Card) -> bool:
        """A rule under which this Creeper stops blocking wins (Silver Lining: every Creeper)."""
        return False

    def goals_to_win(self, game: CardHost, card: Card) -> int | None:
        """A Meta Rule under which met Goals are claimed, not won (Keep Going): the number of
        claimed Goals that ends the game, or None."""
        return None

    def cards_used(self, game: CardHost, goal: Card, player: str) -> list[Card]:
        """The Keepers and Creepers in front of player that meet this Goal (Keep Going discards
        exactly these). The default is for Goals that list what they require (`requires`): one
        card for each requirement, the first one held of an "any of" group."""
        used: list[Card] = []
        for entry in goal.param("requires", ()):
            names = entry if isinstance(entry, (list, tuple)) else [entry]
            card = next((c for c in game.table.in_play[player] if c.name in names and c not in used), None)
            if card is not None:
                used.append(card)
        return used

    def win_needs(self, game: CardHost, card: Card) -> Card | None:
        """A card in play that a rule makes every winner hold as well (You Also Need a Baked Potato)."""
        return None

    def hooks_held(self, card: Card, hooks: tuple[str, ...]) -> tuple[str, ...]:
        """Of `hooks`, table hooks its kind has of its own, those card takes part in (by default all):
        of the Play rules, only Play All But 1 gives a draw bonus, and is asked for one."""
        return hooks

    @over_the_table
    def draw_bonus(self, game: CardHost, card: Card, player: str) -> int:
        """Cards player draws on top of the Draw rule because this card is in play (Rich Bonus)."""
        return 0

    @over_the_table
    def play_bonus(self, game: CardHost, card: Card, player: str) -> int:
        """Plays player makes on top of the Play rule because this card is in play (Poor Bonus)."""
        return 0

    def excuses(self, game: CardHost, card: Card, player: str) -> Card | None:
        """The card that spares player the missed turn this card imposes (Field of Poppies), if any."""
        return None

    @over_the_table
    def limit_bonus(self, game: CardHost, card: Card, player: str, slot: str) -> int:
        """How far over the Hand or Keeper Limit (`slot`) the player may go (The Computer)."""
        return 0

    @over_the_rules
    def goal_slots(self, game: CardHost, card: Card) -> int:
        """Goals that may be in play at once, when this rule says (Double Agenda: 2); 0 leaves it alone."""
        return 0

    @over_the_rules
    def reverses_turn_order(self, game: CardHost, card: Card) -> bool:
        """A rule under which turns pass the other way (Reverse Order)."""
        return False

    @over_the_rules
    def numeral_bonus(self, game: CardHost, card: Card, other: Card | None) -> int:
        """What this rule adds to every number printed on `other` (Inflation: 1); None for the
        basic rules' numbers."""
        return 0

    def bonus_rulings(self, game: CardHost, card: Card, player: str, what: str) -> tuple[str, ...]:
        """Rulings behind this card's draw_bonus / play_bonus (`what`: "draw" or "play") for player."""
        return ()

    def bonus_source(self, game: CardHost, card: Card, player: str) -> str:
        """Why player gets this card's draw_bonus / play_bonus now, in words for the log ("" : the card says it)."""
        return ""

    @over_the_table
    def forced_play(self, game: CardHost, card: Card) -> tuple[Card, str, tuple[str, ...]] | None:
        """A play this rule in play forces on the active player now: (card, why, rulings), or None."""
        return None

    def forces_play(self, game: CardHost, card: Card) -> bool:
        """Whether `forced_play` of this rule may force a play now, answered without making it (no
        card drawn at random): False only when it surely forces none. Asked of the rules holding
        `forced_play`, to know whether a copy of the game is worth making to find out."""
        return True

    def forced_play_from(self, game: CardHost, card: Card) -> Sequence[Card]:
        """The cards `forced_play` picks its play from at random, each as likely (where it forces
        one now): the outcomes of chance where the game rests before the pick."""
        return ()

    #: The rule slot the card fills ("draw", "play", "hand_limit", "keeper_limit", "agenda"): a new
    #: rule for a slot replaces the one there. None: the card stacks with other rules.
    slot: ClassVar[str | None] = None
    #: True for a rule whose copy carries cards of its own (Double Agenda's Goals): a second copy
    #: played over its twin is the case Q2219 leaves unruled (house rule double_agenda_twin).
    holds_goals: ClassVar[bool] = False

    def quota(self, game: CardHost, card: Card) -> PlayQuota:
        """The Play rule this card sets when it fills the "play" slot: by default its `value`, as
        a number of plays (Inflation counted). Play All and Play All But 1 say otherwise."""
        return PlayQuota("count", self.number(game, card, "value"))

    # -- Goals (defaults: a card that is not a Goal is met by nobody) ------
    #: Whether `candidates` looks at the hands. A Goal that does not is met or not by the zones
    #: the effective rules are read from alone, so the win check need not run again until one
    #: of them changes (`Game.check_win`).
    reads_hands: ClassVar[bool] = False
    bonuses_read_table: ClassVar[bool] = True  # its bonuses read the cards in play (Rich Bonus counts Keepers)

    def candidates(self, game: CardHost, card: Card) -> list[str]:
        """Players who meet this Goal, before Creepers and ties are considered."""
        return []

    def named_cards(self, card: Card) -> frozenset[str]:
        """Names the Goal mentions; a Creeper it names does not block the win."""
        return frozenset()

    def win_rulings(self, game: CardHost, card: Card, meeting: list[str]) -> tuple[str, ...]:
        """Rulings to cite for this Goal at a win check, `meeting` its `candidates` (beyond the basic win)."""
        return ()

    def how_met(self, game: CardHost, card: Card, player: str) -> str:
        """How player meets the Goal, when that is worth saying in the win step ("by spelling CAT")."""
        return ""

    def verify_claim(
        self, game: CardHost, card: Card, player: str, words: tuple[str, ...]
    ) -> tuple[str, tuple[str, ...]]:
        """A player's claim that these words meet the Goal (Word Fluxx, `Alice spells CAT`): the
        sentence saying why it does and its rulings, or `Illegal` with the reason it does not."""
        raise Illegal("not_a_word_goal", f"{card} is not met by spelling a word", ("B-word-goals",))

    def number(self, game: CardHost, card: Card, key: str) -> int:
        """A numeric parameter as it counts now (Inflation adds to printed numerals)."""
        spec = self.params.get(key)
        value = card.params[key] if key in card.params or spec is None else spec.default
        if spec is not None and spec.numeral and isinstance(value, int):
            return value + game.numeral_bonus(card)
        return value


def ask_for(game: CardHost, spec: ChoiceSpec, then: Then) -> None:
    """`game.ask` for a choice the kind has declared (`Kind.choices`)."""
    game.ask(spec.player, spec.prompt, spec.options, spec.count, then, rulings=spec.rulings, at_least=spec.at_least)


#: The hooks the engine runs over every card in play, as `Kind` declares them (`over_the_table`).
TABLE_HOOKS: tuple[str, ...] = tuple(n for n, v in vars(Kind).items() if getattr(v, "over_the_table", False))
#: The hooks of New Rules that the effective rules add up (`over_the_rules`).
RULE_HOOKS: tuple[str, ...] = tuple(n for n, v in vars(Kind).items() if getattr(v, "over_the_rules", False))

REGISTRY: dict[str, Kind] = {}


def register(cls: type[Kind]) -> type[Kind]:
    if cls.name in REGISTRY:
        raise ValueError(f"kind {cls.name!r} registered twice")
    kind = REGISTRY[cls.name] = cls()
    for name, function in marked_continuations(cls).items():
        CONTINUATIONS[cls.name, name] = function.__get__(kind)  # bound: called with the game first
    return cls


#: Kind name -> the hooks (methods of `Kind`) that kind has its own version of, worked out when
#: first asked: the engine asks for every card it looks at, often several times.
_HOOKS: dict[str, frozenset[str]] = {}


def _hooks_of(kind_name: str) -> frozenset[str]:
    kind_type = type(REGISTRY[kind_name]) if kind_name in REGISTRY else Kind  # not supported: no hook
    hooks = _HOOKS[kind_name] = frozenset(
        name
        for name, value in vars(Kind).items()
        if callable(value) and getattr(kind_type, name) is not getattr(Kind, name)
    )
    return hooks


def has_hook(card: Card, hook: str) -> bool:
    """Whether the card's kind does something of its own for `hook` (most cards keep the
    default, so the engine need not ask them)."""
    hooks = _HOOKS.get(card.kind)
    return hook in (_hooks_of(card.kind) if hooks is None else hooks)


def stated_choices_only(method: Callable[..., None]) -> Callable[..., None]:
    """Marks a kind's `verify_play` that checks nothing but the choices a play states, passing at
    once a play that states none: listing the cards playable as they are need not ask it."""
    method.stated_choices_only = True  # type: ignore[attr-defined]
    return method


#: Kind name -> whether its `verify_play` may refuse a play that states no choice.
_CHECKS_UNSTATED: dict[str, bool] = {}


def checks_unstated_play(card: Card) -> bool:
    """Whether the card's kind has a `verify_play` of its own that may refuse a play of it stating
    no choice (one not marked `stated_choices_only`)."""
    known = _CHECKS_UNSTATED.get(card.kind)
    if known is None:
        method = getattr(type(REGISTRY[card.kind]), "verify_play", None) if card.kind in REGISTRY else None
        known = has_hook(card, "verify_play") and not getattr(method, "stated_choices_only", False)
        _CHECKS_UNSTATED[card.kind] = known
    return known


#: The cards never played from a hand: a Creeper goes in front of its drawer at once, an unknown card is no card yet.
UNPLAYABLE = (CardType.CREEPER, CardType.UNKNOWN)


def plays_from_a_hand(card: Card) -> bool:
    """Whether card is one a hand can play at all: a kind the engine supports, and no `UNPLAYABLE` card."""
    return card.kind in REGISTRY and card.type not in UNPLAYABLE


def plays_unasked(card: Card) -> bool:
    """Whether a hand may play card whenever it may play at all, its kind not asked (the listing's
    plain case): a hand plays it, and no `verify_play` of its kind refuses a play stating no choice."""
    return plays_from_a_hand(card) and not checks_unstated_play(card)


def own_hooks(card: Card, among: tuple[str, ...]) -> tuple[str, ...]:
    """Those of the hooks `among` (methods of `Kind`) that the card's kind has its own version of
    (asked once a kind: `derived.traits` keeps the answer)."""
    return tuple(hook for hook in among if has_hook(card, hook))


def kind_of(card: Card) -> Kind:
    return REGISTRY[card.kind]


def is_supported(card: Card) -> bool:
    return card.kind in REGISTRY or card.is_unknown


def choice_words() -> list[str]:
    """Every keyword some registered kind accepts (for spelling suggestions)."""
    return [w for kind in REGISTRY.values() for w in kind.choice_words]


def word_choice(text: str) -> Word | None:
    """The `Word` some registered kind accepts for text, or None."""
    folded = re.sub(r"[^a-z0-9]+", "", text.lower())
    for kind in REGISTRY.values():
        for word in kind.choice_words:
            if re.sub(r"[^a-z0-9]+", "", word) == folded:
                return Word(word)
    return None


def default_kind(card_type: str, slot: str | None) -> str | None:
    """The kind a card gets when its data names none (keeps custom cards short)."""
    if card_type == "rule" and slot:
        return slot
    return {"keeper": "keeper", "creeper": "creeper", "goal": "keepers"}.get(card_type)
