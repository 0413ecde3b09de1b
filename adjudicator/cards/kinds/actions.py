"""Actions: carried out, then discarded (a compound Action waits for its temporary hand).

Let's Simplify (kind `lets_simplify`) takes its choices as `-> RULE, RULE, ...`: any number
from `min` up to half the New Rules in play, rounded up. `-> none` is the explicit choice of no
rule (allowed when `min` is 0, R30; Keep It Simple has `min: 1`, B-keep-it-simple); with no
choice stated the engine asks, and the answer may again be `P chooses none`. A choice of too
many (or too few) rules rejects the whole play. Cards that remove New Rules may add
`-> ..., GOAL` to say which Goals stay if Double Agenda goes (R27).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from adjudicator.cards.kinds.base import Kind, ask_for, continuation, kind_of, register, stated_choices_only
from adjudicator.cards.kinds.params import COUNT, COUNT_PARAM, Param, choice_param, is_count
from adjudicator.model import records as rec
from adjudicator.model.cards import NO_CHOICE, Card, CardType
from adjudicator.model.choices import ChoiceSpec
from adjudicator.model.errors import Illegal
from adjudicator.model.names import count_of

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost
    from adjudicator.model.position import Play


def nothing_happens(game: CardHost, play: Play, why: str) -> None:
    """An Action with nothing to act on is still played, and does nothing (B-all-cards-playable)."""
    game.step(rec.ActionDone.of(card=play.card, what=f"{why}: nothing happens", rulings=("B-all-cards-playable",)))


class ActionKind(Kind):
    card_type = CardType.ACTION

    def finish(self, game: CardHost, play: Play) -> None:
        game.settle(play)

    def ask_declared(self, game: CardHost, play: Play, then: Callable[..., None], none_left: str) -> None:
        """Ask for the card's one declared choice (`choices`), then call `then`; with nothing to
        choose from, the Action is still played and nothing happens (`none_left` says why)."""
        spec = self.choices(game, play)[0]  # type: ignore[index]  # a kind asking it declares one
        if not spec.options:
            nothing_happens(game, play, none_left)
            return
        ask_for(game, spec, self.then(then, play))


@register
class TemporaryHand(ActionKind):
    """Draw N into a temporary hand and play M of them; the lot counts as one play
    (Draw 2 and Use 'Em, Draw 3, Play 2 of Them)."""

    name = "temporary_hand"
    params = {"draw": COUNT_PARAM, "play": COUNT_PARAM}

    def resolve(self, game: CardHost, play: Play) -> None:
        game.open_temp_hand(play, ("B-compound-action", "Q422"))  # one play in all, not free

    def compound_terms(self, game: CardHost, card: Card, basis: str) -> tuple[int, int]:
        return self.number(game, card, "draw"), self.number(game, card, "play")

    def finish(self, game: CardHost, play: Play) -> None:
        """The card stays in the being-played zone until its temporary hand is done."""


def to_the_discard(game: CardHost, cards: Sequence[Card], zone: str) -> None:
    """Cards of one zone of the table ("rules", "goals") onto the discard pile, in their order:
    all of them leave first, then each goes on top (the last one ends on top)."""
    for card in cards:
        game.take(card, zone)
    for card in cards:
        game.put(card, "discard", on_top=True)


def discard_new_rules(
    game: CardHost, rules: Sequence[Card], by: Card, rulings: tuple[str, ...], detail: str = ""
) -> None:
    """New Rules discarded by the card `by` (named by the step); `detail` says how many were."""
    to_the_discard(game, rules, "rules")
    game.step(
        rec.ActionDone.of(
            card=by,
            what=f"{', '.join(map(str, rules))} discarded{f' ({detail})' if detail else ''}; "
            "a rule stops working once it leaves play",
            rulings=(*rulings, "B-in-play"),
        )
    )


@register
class TradeHands(ActionKind):
    name = "trade_hands"
    needs_others = True
    hands_over = True

    def choices(self, game: CardHost, play: Play) -> list[ChoiceSpec]:
        others = tuple(p for p in game.table.players if p != play.player)
        return [
            ChoiceSpec(
                play.player,
                "choose the player to trade hands with",
                others,
                explain=f"{play.card} needs one other player to trade with ({', '.join(others)})",
            )
        ]

    def resolve(self, game: CardHost, play: Play) -> None:
        self.ask_declared(game, play, self.trade, "there is nobody to trade with")

    @continuation
    def trade(self, game: CardHost, play: Play, chosen: list[str]) -> None:
        other = chosen[0]
        game.pass_hands({other: play.player, play.player: other})
        hands = game.table.hands
        game.step(
            rec.ActionDone.of(
                card=play.card,
                what=f"{play.player} and {other} swap hands "
                f"({play.player} now holds {len(hands[play.player])}, {other} {len(hands[other])})",
                rulings=("B-action-discard",),
            )
        )


def _takes(card_type_param: str) -> tuple[CardType, ...]:
    return (CardType.KEEPER,) if card_type_param == "keeper" else (CardType.KEEPER, CardType.CREEPER)


class TargetsOneCard(ActionKind):
    """An Action that picks one card on the table (steal, trash, zap): the stated choice must be
    among `options`, and with no option at all nothing happens."""

    params = {"takes": choice_param("keeper", "keeper_or_creeper")}
    others_only = False
    choice_rulings: tuple[str, ...] = ()

    def options(self, game: CardHost, play: Play) -> list[Card]:
        types = _takes(play.card.params["takes"])
        return [
            c
            for p in game.table.players
            if not (self.others_only and p == play.player)
            for c in game.table.in_play[p]
            if c.type in types
        ]

    def choices(self, game: CardHost, play: Play) -> list[ChoiceSpec]:
        options = tuple(self.options(game, play))
        return [
            ChoiceSpec(
                play.player,
                f"choose the card for {play.card}",
                options,
                rulings=self.choice_rulings,
                explain=f"{play.card} needs one card from ({', '.join(map(str, options)) or 'none available'})",
            )
        ]

    def resolve(self, game: CardHost, play: Play) -> None:
        self.ask_declared(game, play, self.apply_chosen, "there is nothing to take")

    @continuation
    def apply_chosen(self, game: CardHost, play: Play, chosen: list[Card]) -> None:
        self.apply(game, play, chosen[0])

    def apply(self, game: CardHost, play: Play, card: Card) -> None:
        raise NotImplementedError


def stated_victim(game: CardHost, play: Play, options: list[Card]) -> str | None:
    """Whose Keeper a steal takes: the owner of the Keeper named in the play's choices, or the
    only player it could be. None when that is not known before the steal resolves."""
    if play.answers:
        target = play.answers[0]
        return game.table.owner_of(target) if isinstance(target, Card) and target.type is CardType.KEEPER else None
    owners = {game.table.owner_of(c) for c in options if c.type is CardType.KEEPER}
    return owners.pop() if len(owners) == 1 else None


@register
class Steal(TargetsOneCard):
    """Steal a Keeper / Steal Something: move a card from another player's area to yours."""

    name = "steal"
    needs_others = True
    others_only = True
    moves_keepers = True

    def steal_victim(self, game: CardHost, play: Play) -> str | None:
        return stated_victim(game, play, self.options(game, play))

    def apply(self, game: CardHost, play: Play, card: Card) -> None:
        game.move_in_play(card, game.table.owner_of(card), play.player, f"{play.card}", ("B-action-discard",))


@register
class Trash(TargetsOneCard):
    """Trash a Keeper / Trash Something: discard any one such card in play, yours included."""

    name = "trash"
    not_a_steal_rulings = ("Q907",)  # trashing your Keeper is not stealing it

    def apply(self, game: CardHost, play: Play, card: Card) -> None:
        owner = game.table.owner_of(card)
        # Only your own cards on the table: the Action still trashes one of them (Q241).
        own_only = owner == play.player and all(game.table.owner_of(c) == owner for c in self.options(game, play))
        game.discard(owner, [card], f"{play.card}", ("B-action-discard", *(("Q241",) if own_only else ())))


@register
class CreeperSweeper(ActionKind):
    name = "creeper_sweeper"

    def resolve(self, game: CardHost, play: Play) -> None:
        for player in game.table.players:
            creepers = game.table.creepers_of(player)
            if creepers:
                game.discard(player, creepers, f"{play.card}", ("B-action-discard",))


@register
class MoveCreeper(ActionKind):
    """Move any Creeper in play to a different player: choices are the Creeper, then the player."""

    name = "move_creeper"
    needs_others = True

    def resolve(self, game: CardHost, play: Play) -> None:
        creepers = [c for p in game.table.players for c in game.table.creepers_of(p)]
        if not creepers:
            nothing_happens(game, play, "no Creeper is in play")
            return
        if len(game.table.players) < 2:  # the others have dropped out: nobody can receive it
            nothing_happens(game, play, "there is no other player to move a Creeper to")
            return

        game.ask(play.player, "choose the Creeper to move", creepers, 1, self.then(self.pick_receiver, play))

    @continuation
    def pick_receiver(self, game: CardHost, play: Play, chosen: list[Card]) -> None:
        creeper = chosen[0]
        owner = game.table.owner_of(creeper)
        game.ask(
            play.player,
            f"choose who receives {creeper}",
            [p for p in game.table.players if p != owner],
            1,
            self.then(self.move, play, creeper, owner),
        )

    @continuation
    def move(self, game: CardHost, play: Play, creeper: Card, owner: str, who: list[str]) -> None:
        game.move_in_play(creeper, owner, who[0], f"{play.card}", ("B-action-discard",))


@register
class DiscardTagged(ActionKind):
    """Clear The Table: every Keeper in play with the tag (`food`) is discarded, whoever has it.
    A Keeper that counts as others has all their properties (Q1354): its data carries the tag."""

    name = "discard_tagged"
    params = {
        "tag": Param("a tag Keepers carry (food)", lambda v: isinstance(v, str) and bool(v.strip()), required=True)
    }

    def resolve(self, game: CardHost, play: Play) -> None:
        tag = play.card.params["tag"]
        swept = False
        for player in game.table.players:
            tagged = [k for k in game.table.keepers_of(player) if tag in k.param("tags", ())]
            if tagged:
                swept = True
                cites = (
                    ("B-action-discard", "Q1354")
                    if any(k.param("counts_as") for k in tagged)
                    else ("B-action-discard",)
                )
                game.discard(player, tagged, f"{play.card} sweeps every {tag} Keeper", cites)
        if not swept:
            nothing_happens(game, play, f"no {tag} Keeper is in play")


@register
class DrawExtra(ActionKind):
    """Jackpot!: draw N extra cards (they do not count toward the Draw rule)."""

    name = "draw_extra"
    params = {"value": COUNT_PARAM}

    def resolve(self, game: CardHost, play: Play) -> None:
        game.draw(
            play.player,
            self.number(game, play.card, "value"),
            why=f"{play.card} (extra cards, not counted toward the Draw rule)",
            rulings=("Q129",),
        )


def verify_goals_kept(game: CardHost, play: Play, removed: list[Card], named: list) -> None:
    """`-> Goal` answers of a card that removes New Rules say which Goals stay when the removal
    leaves more Goals than slots (Double Agenda going, R27). They must be exactly that many."""
    if not named:
        return
    goals = game.table.goals
    stray = [str(g) for g in named if g not in goals]
    if stray:
        raise Illegal("bad_choice", f"{', '.join(stray)} is not a Goal in play", ("R27",))
    slots = game.number("goal_slots") - sum(kind_of(r).goal_slots(game, r) for r in removed)
    if len(goals) <= slots:
        raise Illegal(
            "bad_choice",
            f"after {play.card} every Goal in play still has a slot, so no Goal has to be chosen to stay",
            ("R27",),
        )
    if len(named) != slots or len(set(map(id, named))) != len(named):
        raise Illegal(
            "bad_choice",
            f"after {play.card} {count_of(slots, 'Goal')} may stay: name exactly {slots} of {', '.join(map(str, goals))}",
            ("R27",),
        )


def split_answers(play: Play) -> tuple[list, list]:
    """The stated choices of a rule-removing card: the New Rules, then the Goals that stay."""
    goals = [a for a in play.answers if getattr(a, "type", None) is CardType.GOAL]
    return [a for a in play.answers if a not in goals], goals


class _DiscardsRules(ActionKind):
    def chosen_rules(self, game: CardHost, play: Play) -> list[Card]:
        raise NotImplementedError

    def resolve(self, game: CardHost, play: Play) -> None:
        rules = self.chosen_rules(game, play)
        if rules:
            discard_new_rules(game, rules, play.card, ("B-action-discard",))
        else:
            nothing_happens(game, play, "no such rule is in play")


@register
class RulesReset(_DiscardsRules):
    name = "rules_reset"

    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        others, goals = split_answers(play)
        if others:
            raise Illegal(
                "bad_choice",
                f"{play.card} discards every New Rule: the only choice it can need is which Goals stay",
                ("R27",),
            )
        verify_goals_kept(game, play, list(game.table.rules), goals)

    def chosen_rules(self, game: CardHost, play: Play) -> list[Card]:
        return list(game.table.rules)


@register
class NoLimits(_DiscardsRules):
    name = "no_limits"

    def chosen_rules(self, game: CardHost, play: Play) -> list[Card]:
        return [r for r in game.table.rules if getattr(kind_of(r), "slot", None) in ("hand_limit", "keeper_limit")]


@register
class TrashNewRule(ActionKind):
    name = "trash_new_rule"

    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        rules, goals = split_answers(play)
        if play.answers and (len(rules) != 1 or rules[0] not in game.table.rules or play.answers[0] is not rules[0]):
            raise Illegal(
                "bad_choice",
                f"{play.card} needs one New Rule in play ({', '.join(map(str, game.table.rules)) or 'none'})",
                (),
            )
        verify_goals_kept(game, play, rules, goals)

    def resolve(self, game: CardHost, play: Play) -> None:
        if not game.table.rules:
            nothing_happens(game, play, "no New Rule is in play")
            return
        game.ask(play.player, "choose the New Rule to discard", game.table.rules, 1, self.then(self.discard, play))

    @continuation
    def discard(self, game: CardHost, play: Play, chosen: list[Card]) -> None:
        discard_new_rules(game, chosen, play.card, ("B-action-discard",))


class DiscardsSomeRules(Kind):
    """Discards from `least` to `most` New Rules: those stated with the play (`-> none` for
    none), or asked for (Let's Simplify, Veto!'s in-turn text)."""

    def discard_some_rules(self, game: CardHost, play: Play, least: int, most: int, cites: tuple[str, ...]) -> None:
        rules, _goals = split_answers(play)
        if rules:
            for answer in rules:
                play.answers.remove(answer)
            self.discard_rules(game, play, least, most, cites, [] if rules == [NO_CHOICE] else rules)
            return
        game.ask(
            play.player,
            f"choose from {least} to {most} New Rules to discard (`none` for none)",
            game.table.rules,
            most,
            self.then(self.discard_rules, play, least, most, cites),
            at_least=least,
            rulings=cites,
        )

    @continuation
    def discard_rules(
        self, game: CardHost, play: Play, least: int, most: int, cites: tuple[str, ...], chosen: list[Card]
    ) -> None:
        chosen = [r for r in chosen if r in game.table.rules]
        if chosen:
            discard_new_rules(game, chosen, play.card, (*cites, "B-action-discard"), f"{len(chosen)} of at most {most}")
        else:
            game.step(
                rec.ActionDone.of(
                    card=play.card,
                    what=f"no New Rule is discarded (from {least} to {most} could be)",
                    rulings=cites,
                )
            )


@register
class LetsSimplify(DiscardsSomeRules, ActionKind):
    """Discard from `min` up to half the New Rules in play, rounded up."""

    name = "lets_simplify"
    params = {"min": Param(COUNT, is_count, default=0)}  # not printed as a numeral

    def least(self, game: CardHost, card: Card) -> int:
        """The card's own minimum, or the one the house rule simplify_minimum gives both cards."""
        house = game.house_rules.simplify_minimum
        return int(card.param("min", 0)) if house is None else house

    def bounds(self, game: CardHost, card: Card) -> tuple[int, int]:
        most = (len(game.table.rules) + 1) // 2
        return min(self.least(game, card), most), most

    def cites(self, game: CardHost, card: Card) -> tuple[str, ...]:
        official = ("B-keep-it-simple",) if card.param("min", 0) else ("R30",)
        changed = self.least(game, card) != card.param("min", 0)
        return ("H-simplify_minimum", *official) if changed else official

    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        verify_some_rules(game, play, *self.bounds(game, play.card), self.cites(game, play.card))

    def resolve(self, game: CardHost, play: Play) -> None:
        if not game.table.rules:  # Keep It Simple's "at least one" cannot be met: still playable
            nothing_happens(game, play, "no New Rule is in play")
            return
        self.discard_some_rules(game, play, *self.bounds(game, play.card), self.cites(game, play.card))


def verify_some_rules(game: CardHost, play: Play, least: int, most: int, cites: tuple[str, ...]) -> None:
    """Check the stated choice of a card that discards from `least` to `most` New Rules
    (`-> none` for none), followed by the Goals that stay if an agenda rule goes (R27)."""
    rules, goals = split_answers(play)
    if not rules:
        verify_goals_kept(game, play, [], goals)
        return
    if NO_CHOICE in rules and len(rules) > 1:
        raise Illegal("bad_choice", "`none` cannot be given together with other choices", cites)
    chosen = [] if rules == [NO_CHOICE] else rules
    stray = [str(r) for r in chosen if r not in game.table.rules]
    if stray:
        raise Illegal(
            "bad_choice",
            f"{', '.join(stray)} is not a New Rule in play ({', '.join(map(str, game.table.rules)) or 'none'})",
            cites,
        )
    if len(set(map(id, chosen))) != len(chosen):
        raise Illegal("bad_choice", "the same rule is named twice", cites)
    if not least <= len(chosen) <= most:
        raise Illegal(
            "bad_choice",
            f"{play.card} discards from {least} to {most} of the "
            f"{len(game.table.rules)} New Rules in play, not {len(chosen)}",
            cites,
        )
    verify_goals_kept(game, play, chosen, goals)
