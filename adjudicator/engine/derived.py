"""Effective rules: what the cards in play make of the Basic Rules.

Each rule kind contributes through hooks (`slot`, `draw_bonus`, `play_bonus`,
`goal_slots`, `numeral_bonus`), so adding a card kind never touches this file.

Two tiers. What the cards in play alone decide -- which card fills each slot, the holders of
each hook the engine runs over the table, the limits in force, the Goal slots, the turn
direction, how much numerals are raised, and the Draw, Play and limits as the rules set them
(`Printed`) -- is one `Effective` value, made afresh when a card enters or leaves play (a zone
the rules are read from: New Rules, Goals, Meta Rules, the cards in front of the players) and
kept across turns; a rule's own number or quota reads no more than the rules. What a card gives
one player on top (`draw_bonus`, `play_bonus`, `limit_bonus`) also depends on the turn (Play
All But 1 reads how the turn began): it is remembered until the next change of those zones or
the next turn (`remembered`, the clock's memo), and only asked while some card in play holds
such a hook, else the rule is the same for everyone and read off `Effective` at once. So a
hook may read those zones, the scenario and the turn's player and start -- not the hands or
the piles.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from adjudicator.cards.kinds.base import REGISTRY, RULE_HOOKS, TABLE_HOOKS, Kind, has_hook, kind_of, own_hooks
from adjudicator.model.quota import PlayQuota
from adjudicator.model.zones import STANDING

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView
    from adjudicator.model.cards import Card
    from adjudicator.model.position import TempHand

F = TypeVar("F", bound=Callable[..., Any])


def remembered(compute: F) -> F:
    """Remember compute(game, *args) until the zones it reads change (the clock's `derived`
    memo, emptied whenever they do), under (its name, *args)."""
    name = compute.__name__

    def lookup(game: GameView, *args: Any) -> Any:
        memo = game.table.clock.derived
        key = (name, *args)
        value = memo.get(key, memo)  # (the memo itself stands for "not worked out yet")
        if value is memo:
            value = memo[key] = compute(game, *args)
        return value

    return functools.wraps(compute)(lookup)  # type: ignore[return-value]  # called as compute is


#: The hooks by which a card gives one player more (`Bonuses`, `limit_allowance`).
_BONUS_HOOKS = frozenset(("draw_bonus", "play_bonus", "limit_bonus"))


class Traits(NamedTuple):
    """What the effective rules read of a card's kind: the same for every card of the kind."""

    kind: Kind | None  # None: a card whose kind is not supported (it has no hook)
    slot: str | None  # the slot a New Rule of the kind fills ("draw", "hand_limit", ...)
    rule_hooks: tuple[str, ...]  # its own versions of RULE_HOOKS
    table_hooks: tuple[str, ...]  # its own versions of TABLE_HOOKS
    # which of those a card holds, when that depends on the card: its kind's `hooks_held` (else None)
    hooks_by_card: Callable[[Card, tuple[str, ...]], tuple[str, ...]] | None
    reads_hands: bool  # a Goal met or not by what is in the hands
    bears_on_rules: bool  # a card of the kind entering or leaving play changes `Effective`: table hooks, or reads_hands
    gives_bonuses: bool  # it has a bonus hook of its own (draw_bonus, play_bonus, limit_bonus)
    bonuses_read_table: bool  # it gives a bonus that reads the cards in play (Rich Bonus counts Keepers)


#: Kind name -> its `Traits`, worked out when first asked: the effective rules are made again
#: whenever a card enters or leaves play, from every card in play, and most cards share a kind.
_TRAITS: dict[str, Traits] = {}


def traits(card: Card) -> Traits:
    known = _TRAITS.get(card.kind)
    if known is None:
        kind = REGISTRY.get(card.kind)
        table_hooks = own_hooks(card, TABLE_HOOKS)
        reads_hands = bool(kind is not None and kind.reads_hands)
        gives_bonuses = not _BONUS_HOOKS.isdisjoint(table_hooks)
        known = _TRAITS[card.kind] = Traits(
            kind,
            getattr(kind, "slot", None),
            own_hooks(card, RULE_HOOKS),
            table_hooks,
            kind.hooks_held if kind is not None and table_hooks and has_hook(card, "hooks_held") else None,
            reads_hands,
            bool(table_hooks) or reads_hands,
            gives_bonuses,
            gives_bonuses and kind is not None and kind.bonuses_read_table,
        )
    return known


#: The slots of the rules that set a limit, in the order the limits are enforced.
LIMIT_SLOTS = ("hand_limit", "keeper_limit")

#: What a table without New Rules holds in `Effective.slots` and `rule_holders`, and one without
#: limits in `printed_limits`: never changed, so one empty mapping serves every such table.
_NOTHING: dict[Any, Any] = {}

#: The Play rule of the Basic Rules by its number (Inflation raises it): one frozen value each,
#: shared by every `Effective` that reads it (most tables have no Play rule in play).
_BASIC_PLAY: dict[int, PlayQuota] = {}


class Effective:
    """What the cards in play make of the rules, whoever's turn it is: made when first read after
    a card that bears on it entered or left play (`effective`), and never changed after, so copies
    share it. After a New Rule or a Meta Rule moves it is made whole; after a card in front of a
    player or a Goal moves, what the New Rules decide is kept from the rules standing before."""

    __slots__ = (
        "slots",
        "holders",
        "limit_slots",
        "goals_read_hands",
        "numeral_rules",
        "goal_slots",
        "direction",
        "printed_draw",
        "printed_play",
        "printed_limits",
        "rule_holders",
        "bonuses_read_table",
    )

    # The Draw, Play and limits as the rules in play set them (their printed numbers, as Inflation
    # raises them), before what any card gives one player on top: the same for every player. Set
    # by `effective` at once after the rest (`read_printed`), because a rule's number reads the
    # rules through the game (Inflation raises it).
    printed_draw: int
    printed_play: PlayQuota
    printed_limits: dict[str, int]  # "hand_limit", "keeper_limit" -> the limit a rule in play sets
    # (what the New Rules decide, set by `_read_rules` or kept from the rules standing)
    slots: dict[str, Card]
    limit_slots: tuple[str, ...]
    numeral_rules: tuple[Card, ...]
    goal_slots: int
    direction: int
    rule_holders: dict[str, tuple[tuple[str | None, Card], ...]]

    def __init__(self, game: GameView, standing: Effective | None = None) -> None:
        """The effective rules of the cards in play; `standing`: the rules last made, when only
        cards in front of the players or Goals have moved since (`Clock.passed_by`), so that what
        the New Rules decide in them still stands and only those zones are read again."""
        table = game.table
        known = _TRAITS  # (most cards' kinds are known already: `traits` only for the others)
        if standing is None:
            self._read_rules(game)
        else:
            self.slots, self.limit_slots = standing.slots, standing.limit_slots
            self.numeral_rules, self.goal_slots = standing.numeral_rules, standing.goal_slots
            self.direction = standing.direction
            self.printed_draw, self.printed_play = standing.printed_draw, standing.printed_play
            self.printed_limits = standing.printed_limits
            self.rule_holders = standing.rule_holders
        found: dict[str, list[tuple[str | None, Card]]] = {}  # hook -> its holders on the Goals and before the players
        goals_read_hands = False
        # One pass over each zone: most cards have no hook here, and those are passed over at once.
        for card in table.goals:
            _kind, _slot, _hooks, table_hooks, by_card, reads_hands, _bears, _gives, _reads = known.get(
                card.kind
            ) or traits(card)
            goals_read_hands = goals_read_hands or reads_hands
            for hook in by_card(card, table_hooks) if by_card else table_hooks:
                found.setdefault(hook, []).append((None, card))
        for player in table.players:
            for card in table.in_play[player]:
                card_traits = known.get(card.kind) or traits(card)
                table_hooks = card_traits.table_hooks
                if table_hooks:  # (most Keepers hold none: passed over at once)
                    by_card = card_traits.hooks_by_card
                    for hook in by_card(card, table_hooks) if by_card else table_hooks:
                        found.setdefault(hook, []).append((player, card))
        #: hook -> the cards in play (with their owners) whose kind has that hook of its own, in
        #: table order (New Rules, Goals, then each player's), for the hooks some card has: the
        #: New Rules' own when no other card has one (never changed, so shared)
        holders = self.rule_holders
        if found:
            holders = holders.copy()
            for hook, cards in found.items():  # (loops, not comprehensions: made with every new table)
                holders[hook] = (*holders.get(hook, ()), *cards)
        self.holders = holders
        #: whether a Goal in play is met or not by what is in the hands (10 Cards in Hand)
        self.goals_read_hands = goals_read_hands
        #: whether a card in play gives a bonus that reads the cards in play: the bonuses are then
        #: worked out again whenever any card moves in or out of play (`Clock.passed_by`)
        reads_table = False
        if holders and not _BONUS_HOOKS.isdisjoint(holders):
            for hook in _BONUS_HOOKS:
                for _owner, card in holders.get(hook, ()):
                    reads_table = reads_table or known[card.kind].bonuses_read_table
        self.bonuses_read_table = reads_table

    def _read_rules(self, game: GameView) -> None:
        """What the New Rules in play decide (the part that stands while only cards in front of the
        players or Goals move): the slots, the limits, the numeral rules, the Goal slots, the turn
        direction, and the New Rules holding each table hook."""
        goal_slots = max(1, len(game.scenario.decks)) if game.house_rules.goals_per_deck else 1
        rules = game.table.rules
        if not rules:  # (most tables hold none: nothing to read, nothing to gather)
            self.slots = self.rule_holders = _NOTHING
            self.limit_slots = self.numeral_rules = ()
            self.goal_slots, self.direction = goal_slots, 1
            return
        known = _TRAITS
        found: dict[str, list[tuple[str | None, Card]]] = {}  # hook -> its holders so far
        slots: dict[str, Card] = {}
        numeral_rules: list[Card] = []
        reversals = 0
        for card in rules:
            kind, slot, hooks, table_hooks, by_card, _reads_hands, _bears, _gives, _reads = known.get(
                card.kind
            ) or traits(card)
            if slot is not None and slot not in slots:
                slots[slot] = card
            for hook in by_card(card, table_hooks) if by_card else table_hooks:
                found.setdefault(hook, []).append((None, card))
            if not hooks:
                continue
            assert kind is not None  # (a kind with hooks of its own is registered)
            if "numeral_bonus" in hooks:
                numeral_rules.append(card)
            if "goal_slots" in hooks:
                goal_slots += kind.goal_slots(game, card)
            if "reverses_turn_order" in hooks:
                reversals += kind.reverses_turn_order(game, card)
        #: slot ("draw", "play", "hand_limit", "keeper_limit", "agenda") -> the rule filling it
        self.slots = slots
        #: the New Rules holding each table hook, in table order (the first of `holders`)
        self.rule_holders = rule_holders = {}
        for hook, cards in found.items():
            rule_holders[hook] = tuple(cards)
        #: the limits that a card in play sets, in that order (a filter in C: no generator to run)
        self.limit_slots = tuple(filter(slots.__contains__, LIMIT_SLOTS)) if slots else ()
        #: the rules that raise printed numbers (Inflation)
        self.numeral_rules = tuple(numeral_rules)
        #: how many Goals may be in play at once
        self.goal_slots = goal_slots
        #: 1 while turns pass clockwise (the next seat in `players`), -1 while they go the other way
        self.direction = -1 if reversals % 2 else 1

    def moved(self, card: Card) -> tuple[bool, bool]:
        """What a card moving in or out of a zone in front of a player, or of the Goals, may change
        (`Clock.passed_by`), in one look at its kind: (the bonuses that cards in play give -- the
        card gives one, or some card in play gives one that reads the cards in play, as Rich Bonus
        counts Keepers; these rules -- only a card whose kind has a hook run over the table, or a
        Goal looking at the hands, changes them)."""
        card_traits = _TRAITS.get(card.kind) or traits(card)
        return self.bonuses_read_table or card_traits.gives_bonuses, card_traits.bears_on_rules


def effective(game: GameView) -> Effective:
    """The effective rules as they stand (the accessors below read `clock.effective` first, and
    call this only when the rules are to be made again: one call fewer each time they stand)."""
    clock = game.table.clock
    rules: Effective | None = clock.effective
    if rules is None:
        standing = clock.derived.pop(STANDING, None)  # only cards in front of the players or Goals moved since
        rules = clock.effective = Effective(game, standing)
        if standing is None:
            read_printed(game, rules)  # (before anything else reads them)
    return rules


def read_printed(game: GameView, rules: Effective) -> None:
    """Set the Draw, Play and limits that `rules`, the game's effective rules just made, set before
    bonuses (a rule's number is read through the game: Inflation, a rule too, raises it)."""
    slots = rules.slots
    # The Basic Rules' numbers as `Game.basic` reads them (as raised by the numeral rules these hold),
    # with the rules already in hand: asked of every table made (most have no Draw or Play rule).
    basic = game.scenario.catalog.basic_rules
    raised = numeral_bonus(game, None) if rules.numeral_rules else 0
    card = slots.get("draw")
    rules.printed_draw = kind_of(card).number(game, card, "value") if card else basic["draw"] + raised
    card = slots.get("play")
    if card:
        rules.printed_play = kind_of(card).quota(game, card)
    else:
        plays = basic["play"] + raised
        rules.printed_play = _BASIC_PLAY.get(plays) or _BASIC_PLAY.setdefault(plays, PlayQuota("count", plays))
    limits = rules.limit_slots
    rules.printed_limits = (
        {slot: kind_of(slots[slot]).number(game, slots[slot], "value") for slot in limits} if limits else _NOTHING
    )


def numeral_bonus(game: GameView, card: Card | None) -> int:
    """How much the printed numbers on `card` (None: the Basic Rules) are raised."""
    raised = 0
    for rule in (game.table.clock.effective or effective(game)).numeral_rules:
        raised += kind_of(rule).numeral_bonus(game, rule, card)
    return raised


def holding(game: GameView, hook: str) -> tuple[tuple[str | None, Card], ...]:
    """The cards in play (with their owners) whose kind has a `hook` of its own and that take part
    in it (`Kind.hooks_held`): only they are asked when the engine runs that hook over the table.
    `hook` is one of TABLE_HOOKS."""
    return (game.table.clock.effective or effective(game)).holders.get(hook, ())


def draw_rule(game: GameView, player: str) -> int:
    """The Draw rule for player now: what the rules in play set, plus what cards in play give her."""
    rules = game.table.clock.effective or effective(game)
    draw = rules.printed_draw
    return draw + bonuses(game, player, "draw").total if "draw_bonus" in rules.holders else draw


def play_rule(game: GameView, player: str) -> PlayQuota:
    """The Play rule for player now: what the rules in play set, plus what cards in play give her."""
    rules = game.table.clock.effective or effective(game)
    quota = rules.printed_play
    return quota.with_bonus(bonuses(game, player, "play").total) if "play_bonus" in rules.holders else quota


class Bonuses(NamedTuple):
    """What the cards in play give one player on top of the Draw or Play rule now."""

    total: int
    givers: tuple[Card, ...]  # the cards that give some, in table order


NO_BONUS = Bonuses(0, ())


@remembered
def bonuses(game: GameView, player: str, what: str) -> Bonuses:
    """What the cards in play give player on top of the `what` rule ("draw" or "play") now (their
    `draw_bonus`, `play_bonus`). It reads the cards in front of the players and the turn (Rich
    Bonus, Play All But 1), so it is remembered only until those change."""
    draw = what == "draw"
    total, givers = 0, []
    for _owner, card in holding(game, "draw_bonus" if draw else "play_bonus"):
        kind = kind_of(card)
        amount = kind.draw_bonus(game, card, player) if draw else kind.play_bonus(game, card, player)
        if amount:
            total += amount
            givers.append(card)
    return Bonuses(total, tuple(givers)) if givers else NO_BONUS


def compound_terms(game: GameView, frame: TempHand) -> tuple[int, int]:
    """A compound Action's numbers as the rules in play make them now: the cards its temporary
    hand draws and the plays made from it, read from its card (never kept in the frame: remembered
    with the rules alone), so that a rule entering or leaving while it is under way changes what
    is left to do (Q51)."""
    return _compound_terms(game, frame.source.card, frame.basis)


@remembered
def _compound_terms(game: GameView, card: Card, basis: str) -> tuple[int, int]:
    """`compound_terms` of card read with basis: they read the numeral rules alone (Inflation), New
    Rules whose moves empty the memo, so they are remembered with it (the turn structure asks them
    at every step while a temporary hand is open)."""
    return kind_of(card).compound_terms(game, card, basis)


def compound_plays_owed(game: GameView, frame: TempHand) -> int:
    """Plays still to make from a temporary hand: what its Action allows now, less the plays made,
    at most the cards it holds (a rule gone since leaves fewer, never less than none: Q51)."""
    return max(0, min(compound_terms(game, frame)[1] - frame.plays_made, len(frame.cards)))


def bonus_givers(game: GameView, player: str, what: str) -> list[Card]:
    """The cards in play that raise the `what` rule ("draw" or "play") for player now."""
    return list(_givers(game, player, what))


def _givers(game: GameView, player: str, what: str) -> tuple[Card, ...]:
    """`bonus_givers`, as the tuple `bonuses` keeps; asked only while some card in play holds the
    hook (most of the time none does: nothing to work out)."""
    held = (game.table.clock.effective or effective(game)).holders
    return bonuses(game, player, what).givers if ("draw_bonus" if what == "draw" else "play_bonus") in held else ()


def bonus_explained(game: GameView, player: str, what: str) -> tuple[int, str]:
    """The bonus on top of the `what` rule ("draw" or "play") for player and where it comes from,
    for the log: (1, "1 from Christmas Bonus because Bob has Mrs. Claus, which counts as Santa
    Claus"); (0, "") without one."""
    hook = "draw_bonus" if what == "draw" else "play_bonus"
    total, parts = 0, []
    for card in _givers(game, player, what):
        kind = kind_of(card)
        amount = getattr(kind, hook)(game, card, player)
        source = kind.bonus_source(game, card, player)
        total += amount
        parts.append(f"{amount} from {card}" + (f" because {source}" if source else ""))
    return total, " and ".join(parts)


def bonus_rulings(game: GameView, player: str, what: str) -> tuple[str, ...]:
    """Rulings behind what currently raises the `what` rule ("draw" or "play") for player:
    the bonuses on top of it, and Inflation on its printed number."""
    rules = game.table.clock.effective or effective(game)
    if not rules.numeral_rules and ("draw_bonus" if what == "draw" else "play_bonus") not in rules.holders:
        return ()  # nothing in play raises it
    giving = _givers(game, player, what)
    cites: list[str] = []
    for rule in giving:
        cites += kind_of(rule).bonus_rulings(game, rule, player, what)
    if len(giving) > 1:
        cites.append("Q1778")  # independent bonuses stack
    base = rules.slots.get(what)
    if numeral_bonus(game, base) and (base is None or base.params.get("value") != "all"):
        cites.append("B-inflation")  # the printed number itself counts higher
    if what == "play" and giving and play_rule(game, player).mode != "count":
        cites.append("Q-tag-batcomputer")  # a bonus on Play All / Play All But N
    return tuple(dict.fromkeys(cites))


def goals_read_hands(game: GameView) -> bool:
    """Whether a Goal in play is met or not by what is in the hands (10 Cards in Hand)."""
    return (game.table.clock.effective or effective(game)).goals_read_hands


def limit_slots(game: GameView) -> tuple[str, ...]:
    """The limits that a card in play sets ("hand_limit", "keeper_limit"), in that order."""
    return (game.table.clock.effective or effective(game)).limit_slots


def limit(game: GameView, slot: str, player: str | None) -> int | None:
    """The Hand Limit (`hand_limit`) or Keeper Limit (`keeper_limit`) for player (None: as
    printed, for everyone); None when there is none."""
    rules = game.table.clock.effective or effective(game)
    printed_limit = rules.printed_limits.get(slot)
    if printed_limit is None or player is None or "limit_bonus" not in rules.holders:
        return printed_limit
    return printed_limit + limit_allowance(game, slot, player)


@remembered
def limit_allowance(game: GameView, slot: str, player: str) -> int:
    """How far over the limit in `slot` the cards in play let player go now (The Computer)."""
    return sum(kind_of(card).limit_bonus(game, card, player, slot) for _owner, card in holding(game, "limit_bonus"))


def turn_direction(game: GameView) -> int:
    """1 while turns pass clockwise (the next seat in `players`), -1 while they go the other way."""
    return (game.table.clock.effective or effective(game)).direction


def goal_slots(game: GameView) -> int:
    """One Goal, plus what rules add (Double Agenda); with the house rule goals_per_deck (Mega
    Fluxx), one Goal per deck in the game to begin with."""
    return (game.table.clock.effective or effective(game)).goal_slots


def half_goals(game: GameView) -> list[tuple[str, Card, Card]]:
    """Mega Fluxx (house rule goals_per_deck): (player, Goal, Goal) for each player holding one of
    the two cards that each of two Goals in play requires, where each Goal requires exactly two
    specific cards (no "any of" group)."""
    pairs = [
        g
        for g in game.table.goals
        if len(g.param("requires", ())) == 2 and all(isinstance(n, str) for n in g.param("requires", ()))
    ]
    found = []
    for i, first in enumerate(pairs):
        for second in pairs[i + 1 :]:
            for player in game.players:
                have = {c.name for c in game.table.in_play[player]}
                if have & set(first.params["requires"]) and have & set(second.params["requires"]):
                    found.append((player, first, second))
    return found


def goals_to_win(game: GameView) -> int | None:
    """Keep Going: how many claimed Goals end the game, or None when meeting a Goal wins at once.
    The house rule keep_going: N decides when set; otherwise a Keep Going card in play does."""
    if game.house_rules.keep_going is not None:
        return game.house_rules.keep_going
    return next(
        (n for rule in game.table.meta_rules if (n := kind_of(rule).goals_to_win(game, rule)) is not None), None
    )
