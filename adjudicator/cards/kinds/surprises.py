"""Surprises: cards with two uses.

Played as one of your plays, a Surprise does its in-turn effect, like an Action.
Played out of turn (or, on your own turn, to counter a Surprise aimed at your
card) it answers the card on top of the response chain. The engine keeps the
chain (`Game.window` and `Game.responses`) and resolves it by toggling (R28):
the top answer stands, and each card below it is canceled by the one above.
This module says what a Surprise may answer and what its cancel does; what
each in-turn text does is looked up by the card's `in_turn` parameter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from adjudicator.cards.kinds.actions import (
    ActionKind,
    DiscardsSomeRules,
    nothing_happens,
    stated_victim,
    to_the_discard,
    verify_some_rules,
)
from adjudicator.cards.kinds.base import Word, continuation, kind_of, register, stated_choices_only
from adjudicator.cards.kinds.hand_actions import stated_from_hands
from adjudicator.cards.kinds.params import COUNT, Param, choice_param, is_count
from adjudicator.model import records as rec
from adjudicator.model.cards import AtRandom, Card, CardType
from adjudicator.model.chance import names, stated_card
from adjudicator.model.errors import Illegal
from adjudicator.model.events import Action

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost
    from adjudicator.model.position import Play

#: What the out-of-turn function of each `cancels` value stops, besides other Surprises.
CANCELS: dict[str, tuple[tuple[CardType, ...], str]] = {
    "goal": ((CardType.GOAL,), "a Goal"),
    "keeper": ((CardType.KEEPER,), "a Keeper being played"),
    "rule": ((CardType.RULE, CardType.META), "a New Rule"),
    "action": ((CardType.ACTION,), "an Action"),
    "steal": ((), "a steal of one of your Keepers"),
}


def _others(game: CardHost, player: str) -> list[str]:
    """The other players, clockwise from the one after player."""
    seat = game.table.players.index(player)
    return [game.table.players[(seat + i) % len(game.table.players)] for i in range(1, len(game.table.players))]


RANDOM = Word("random")


def _others_discard(game: CardHost, play: Play, types: tuple[CardType, ...] | None, what: str) -> None:
    """Every other player discards a card: one of the given types of their choice or, as they
    prefer, a card at random (R57); one holding none of those types loses a random card (which
    the play may state: `-> Milk`, the card that player lost). With types None the card is
    simply of their choice."""
    why = f"{play.card} (in turn)"
    at_random = [p for p in _others(game, play.player) if types is not None and not _holds(game, p, types)]
    stated = stated_from_hands(game, play, at_random, "player who loses a card at random") if types else {}
    for other in _others(game, play.player):
        hand = game.table.hands[other]
        matching = [c for c in hand if types is None or c.type in types]
        if matching:
            options = matching if types is None else [*matching, RANDOM]
            prompt = f"discard {what} for {play.card}" + ("" if types is None else " (or `random`)")
            game.ask(
                other,
                prompt,
                options,
                1,
                _surprise(play).then(_surprise(play).discard_chosen, other, why, types),
                verbs=(Action.DISCARD, Action.CHOOSE),
                rulings=("B-surprises",) if types is None else ("R57",),
            )
        elif hand:
            _discard_at_random(
                game,
                other,
                f"{why}: no {_without_article(what)} in hand, so a card at random",
                ("R57",),
                stated.get(other),
                f"`{play.player} plays {play.card} -> CARD` (the card {other} loses)",
            )
        else:
            game.step(rec.Note.of(what=f"{other} has no cards to discard for {play.card}", rulings=("B-surprises",)))


def _without_article(what: str) -> str:
    """'a Goal' -> 'Goal': what follows 'no' ("no Goal in hand")."""
    for article in ("a ", "an "):
        if what.startswith(article):
            return what[len(article) :]
    return what


def _holds(game: CardHost, player: str, types: tuple[CardType, ...]) -> bool:
    return any(c.type in types for c in game.table.hands[player])


def _discard_at_random(
    game: CardHost, player: str, why: str, rulings: tuple[str, ...], stated: Card | None, how: str
) -> None:
    hand = game.table.hands[player]
    card = game.pick_at_random(
        hand,
        stated,
        what=f"the card {player} discards at random",
        how=how,
        impossible=f"{player} has no {stated}: {player}'s hand is {names(hand)}",
        rulings=rulings,
    )
    game.discard(player, [card], why, rulings)


def _discard_goals_and_others_discard_goal(game: CardHost, play: Play) -> None:
    goals = list(game.table.goals)
    if goals:
        to_the_discard(game, goals, "goals")
        game.step(
            rec.ActionDone.of(
                card=play.card,
                what=f"{', '.join(map(str, goals))} discarded: no Goal is in play",
                rulings=("B-surprises", "Q-tag-canceled-plans"),  # every Goal, a second one under Double Agenda too
            )
        )
    _others_discard(game, play, (CardType.GOAL,), "a Goal")


def _steal_keeper(game: CardHost, play: Play) -> None:
    options = _stealable(game, play.player)
    if not options:
        nothing_happens(game, play, "no other player has a Keeper")
        return
    game.ask(
        play.player,
        f"choose the Keeper to take with {play.card}",
        options,
        1,
        _surprise(play).then(_surprise(play).take_keeper, play.player, f"{play.card} (in turn)"),
    )


def _discard_rules(game: CardHost, play: Play) -> None:
    kind = kind_of(play.card)
    assert isinstance(kind, DiscardsSomeRules)  # a Surprise, the only kind with in-turn texts
    most = kind.number(game, play.card, "in_turn_value")
    kind.discard_some_rules(game, play, 0, most, ("B-surprises", "R24"))


def _others_discard_action(game: CardHost, play: Play) -> None:
    _others_discard(game, play, (CardType.ACTION,), "an Action")


def _others_discard_and_draw_2(game: CardHost, play: Play) -> None:
    _others_discard(game, play, None, "a card")
    game.schedule_after(_surprise(play).then(_surprise(play).draw_two, play))


IN_TURN: dict[str, Callable[[CardHost, Play], None]] = {
    "discard_goals_and_others_discard_goal": _discard_goals_and_others_discard_goal,
    "steal_keeper": _steal_keeper,
    "discard_rules": _discard_rules,
    "others_discard_action": _others_discard_action,
    "others_discard_and_draw_2": _others_discard_and_draw_2,
}


def _stealable(game: CardHost, thief: str) -> list[Card]:
    return [c for p in game.table.players if p != thief for c in game.table.keepers_of(p)]


def _surprise(play: Play) -> Surprise:
    """The kind of the Surprise whose in-turn text is resolving."""
    kind = kind_of(play.card)
    assert isinstance(kind, Surprise)
    return kind


@register
class Surprise(DiscardsSomeRules, ActionKind):
    name = "surprise"
    needs_others = True  # its cancel answers another player's card
    card_type = CardType.SURPRISE
    params = {
        "cancels": choice_param(*CANCELS),
        "in_turn": choice_param(*IN_TURN),
        "in_turn_value": Param(COUNT, is_count, default=0, numeral=True),
    }
    rulings = ("B-surprises",)
    choice_words = ("random",)  # a card at random instead of a Goal / Action of one's choice (R57)

    # -- in turn: like an Action ------------------------------------------
    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        effect = play.card.params["in_turn"]
        if not play.answers:
            return
        if effect == "steal_keeper":
            options = _stealable(game, play.player)
            if len(play.answers) != 1 or play.answers[0] not in options:
                raise Illegal(
                    "bad_choice",
                    f"{play.card} (in turn) takes one Keeper of another player "
                    f"({', '.join(map(str, options)) or 'none in play'})",
                    ("B-surprises",),
                )
        elif effect == "discard_rules":
            verify_some_rules(game, play, 0, self.number(game, play.card, "in_turn_value"), ("B-surprises",))

    def resolve(self, game: CardHost, play: Play) -> None:
        IN_TURN[play.card.params["in_turn"]](game, play)

    def _losers(self, game: CardHost, play: Play) -> list[str]:
        """The other players who lose a card at random to the in-turn text (holding none of its type)."""
        types = {"discard_goals_and_others_discard_goal": (CardType.GOAL,), "others_discard_action": (CardType.ACTION,)}
        wanted = types.get(play.card.params["in_turn"])
        if wanted is None or play.responds_to is not None:
            return []
        return [p for p in _others(game, play.player) if game.table.hands[p] and not _holds(game, p, wanted)]

    def chance_forms(self, game: CardHost, play: Play) -> list[str]:
        losers = self._losers(game, play)
        if play.answers or not losers:
            return []
        hands = "; ".join(f"{p}: {names(game.table.hands[p])}" for p in losers)
        return [f"`{play.player} plays {play.card} -> CARD, ...` (the card each loses at random: {hands})"]

    @continuation
    def discard_chosen(
        self, game: CardHost, player: str, why: str, types: tuple[CardType, ...] | None, chosen: list
    ) -> None:
        if chosen[0] == RANDOM or isinstance(chosen[0], AtRandom):  # `P discards CARD at random` states it
            _discard_at_random(
                game,
                player,
                f"{why}: a card at random, as {player} chose",
                ("R57",),
                stated_card(chosen[0]),
                f"`{player} discards CARD at random`",
            )
        else:
            game.discard(player, chosen, why, ("B-surprises",) if types is None else ("R57",))

    @continuation
    def take_keeper(self, game: CardHost, player: str, why: str, chosen: list[Card]) -> None:
        game.move_in_play(chosen[0], game.table.owner_of(chosen[0]), player, why, ("B-surprises",))

    @continuation
    def draw_two(self, game: CardHost, play: Play) -> None:
        game.draw(play.player, 2, why=f"{play.card} (in turn)", rulings=("B-surprises",))

    def steal_victim(self, game: CardHost, play: Play) -> str | None:
        if play.card.params["in_turn"] != "steal_keeper" or play.responds_to is not None:
            return None
        return stated_victim(game, play, _stealable(game, play.player))

    # -- out of turn: answering the top of the chain ---------------------------
    def may_respond(self, game: CardHost, card: Card, player: str, target: Play) -> bool:
        cancels = card.params["cancels"]
        if target.is_use and cancels != "steal":
            return False
        if target.card.type is CardType.SURPRISE:
            return True  # any Surprise cancels any other Surprise
        if cancels == "steal":
            return kind_of(target.card).steal_victim(game, target) == player
        return target.card.type in CANCELS[cancels][0]

    def verify_response(self, game: CardHost, response: Play) -> None:
        target = response.responds_to
        assert target is not None
        if self.may_respond(game, response.card, response.player, target):
            return
        cancels = response.card.params["cancels"]
        if target.is_use and cancels != "steal":
            raise Illegal(
                "nothing_to_cancel",
                f"{response.card} cannot cancel a free action such as "
                f"{target.card}'s; only a Surprise against steals can answer one that steals",
                ("R23",),
            )
        what = CANCELS[cancels][1]
        if cancels == "steal":
            victim = kind_of(target.card).steal_victim(game, target)
            reason = (
                f"{target.card} names no Keeper of {response.player}'s to steal (a steal names its "
                "target in the play's choices)"
                if victim is None and kind_of(target.card).moves_keepers
                else f"{target.card} does not steal a Keeper of {response.player}'s"
            )
            cites = ("R25", *kind_of(target.card).not_a_steal_rulings)
            raise Illegal("nothing_to_cancel", f"{response.card} answers only {what}: {reason}", cites)
        cites = ("R25", "R47") if cancels == "keeper" and kind_of(target.card).moves_keepers else ("R25",)
        raise Illegal(
            "nothing_to_cancel",
            f"{response.card} cancels only {what} (or a Surprise); {target.card} is {_a(target.card)}",
            cites,
        )

    def cancel(self, game: CardHost, response: Play, target: Play) -> None:
        """The effect of this Surprise standing at the end of the chain: target is canceled."""
        cancels = response.card.params["cancels"]
        stolen_from = kind_of(target.card).steal_victim(game, target)
        if cancels == "keeper" and target.card.type is CardType.KEEPER:
            stops_a_win = ("R52",) if _would_win(game, target.player, target.card) else ()
            game.cancel_play(
                target,
                response,
                to_player=response.player,
                outcome=f"{target.card} goes in front of {response.player} instead{_still_used_up(target)}",
                rulings=(*stops_a_win, "R45", *_used_up_rulings(target), "B-no-cancel-replacement"),
            )
        elif cancels == "steal" and stolen_from == response.player:
            undone = "the steal is undone" + ("" if target.is_use else " and goes to the discard pile")
            power = ("Q220",) if target.is_use else ()  # a Keeper power that takes is a steal too
            cites = ("R28", "B-surprises", *power, *kind_of(target.card).trapped_rulings)
            game.cancel_play(target, response, outcome=undone, rulings=cites)
            options = game.table.keepers_of(target.player)
            if options:
                game.ask(
                    response.player,
                    f"choose a Keeper of {target.player}'s to take with {response.card}",
                    options,
                    1,
                    self.then(self.take_keeper, response.player, f"{response.card}"),
                )
        elif target.card.type is CardType.SURPRISE:
            # Countering a trap lets the steal it answered go through (Q835).
            trap = ("Q835",) if target.card.params.get("cancels") == "steal" else ()
            game.cancel_play(
                target,
                response,
                outcome=f"{target.card} does nothing and goes to the discard pile",
                rulings=("R28", "R46", "R43", "Q2766", *trap),
            )
        else:
            cites = {"rule": ("R54", "R45"), "goal": ("R52", "R51", "R45", "B-holiday-canceled-plans")}.get(
                cancels, ("R45", *_used_up_rulings(target))
            )
            game.cancel_play(
                target,
                response,
                outcome=f"{target.card} never takes effect and goes to the discard pile{_still_used_up(target)}",
                rulings=(*cites, "B-no-cancel-replacement", *kind_of(target.card).canceled_rulings),
            )


def _still_used_up(target: Play) -> str:
    """What a canceled card's play still counts for (R01): a play of the player's quota, or one of
    a temporary hand's; nothing for a card played at once by another card (a flip, the discard
    pile), a free action or a Surprise answering out of turn, which used no play."""
    if target.played_from is not None or target.is_use or target.responds_to is not None:
        return ""
    if target.from_temp_hand:
        return f"; it still counts as one of {target.player}'s plays from the temporary hand"
    return f"; {target.player}'s play is still used up"


def _used_up_rulings(target: Play) -> tuple[str, ...]:
    return ("R01",) if _still_used_up(target) else ()


def _would_win(game: CardHost, player: str, keeper: Card) -> bool:
    """Whether the Keeper, had it landed in front of player, would have won the game (tried on
    a copy): canceling it then stops a win (R52)."""
    trial = game.copy()
    trial.put(keeper, "in_play", player)
    return any(
        player in kind_of(goal).candidates(trial, goal) and not trial.creeper_blocks(player, goal)
        for goal in trial.table.goals
    )


def _a(card: Card) -> str:
    label = card.type.label
    return ("an " if label[0] in "AEIOU" else "a ") + label
