"""New Rules that grant a free action (`P uses CARD`): never a play, only on your own turn,
not while a compound Action resolves (R32), and gone once the turn's end-of-turn events start."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.cards.kinds.base import COUNT_PARAM, register
from adjudicator.cards.kinds.rules import RuleKind
from adjudicator.cards.model import Card, CardType
from adjudicator.engine.state import Phase
from adjudicator.errors import Illegal

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.engine.state import Play


class FreeActionRule(RuleKind):
    once_per_turn = True

    def verify_use(self, game: "Game", play: "Play") -> None:
        if self.once_per_turn and play.card.name in game.turn.free_actions_used:
            raise Illegal("once_per_turn", f"{play.card} may be used once per turn", ("R08", "B-free-actions"))
        self.verify_now(game, play)

    def verify_now(self, game: "Game", play: "Play") -> None:
        """Card-specific conditions (raise Illegal)."""


class TurnEndingFreeAction(FreeActionRule):
    """Swap Plays for Draws, Get On With It!: usable only while plays remain; they end the turn."""

    once_per_turn = False

    def needs_a_play(self, game: "Game", card: Card) -> bool:
        return True

    def verify_now(self, game: "Game", play: "Play") -> None:
        if game.turn.phase is not Phase.PLAY or game.plays_left() == 0:
            raise Illegal("no_plays_left", f"{play.card} is used instead of plays, and {play.player} has none "
                          "left", ("R18", "B-play-rule"))


@register
class SwapPlaysForDraws(TurnEndingFreeAction):
    name = "swap_plays_for_draws"

    def use(self, game: "Game", play: "Play") -> None:
        left = game.plays_left()
        cites = ("R38", "R37", "R19") if game.play_rule().mode != "count" else ("R38", "R19")
        game.note(f"{play.player} swaps the {left} play(s) that could still be made under {game.play_rule()} "
                  f"with {len(game.table.hands[play.player])} card(s) in hand", cites)
        game.draw(play.player, left, why=f"{play.card}: one card per play given up", rulings=cites)
        game.end_turn(f"{play.card} was used: {play.player}'s turn ends now, whatever the Play rule says",
                      ("R22", "R33"))


@register
class GetOnWithIt(TurnEndingFreeAction):
    name = "get_on_with_it"
    params = {"draw": COUNT_PARAM}

    def verify_now(self, game: "Game", play: "Play") -> None:
        super().verify_now(game, play)
        if not game.table.hands[play.player]:
            raise Illegal("empty_hand", f"{play.card} needs a hand to discard", ("R18",))

    def use(self, game: "Game", play: "Play") -> None:
        game.discard_from_hand(play.player, list(game.table.hands[play.player]), f"{play.card}", ("R07",))
        game.draw(play.player, self.number(game, play.card, "draw"), why=f"{play.card}", rulings=("R07",))
        game.end_turn(f"{play.card} was used: {play.player}'s turn ends now, whatever the Play rule says",
                      ("R22", "R33"))


@register
class Recycling(FreeActionRule):
    name = "recycling"
    params = {"draw": COUNT_PARAM}

    def verify_now(self, game: "Game", play: "Play") -> None:
        keepers = game.keepers_of(play.player)
        if not keepers:
            raise Illegal("no_keeper", f"{play.player} has no Keeper to recycle", ("B-free-actions",))
        if play.answers and (len(play.answers) != 1 or play.answers[0] not in keepers):
            raise Illegal("bad_choice", f"{play.card} discards one of {play.player}'s Keepers "
                          f"({', '.join(map(str, keepers))})", ())

    def use(self, game: "Game", play: "Play") -> None:
        def recycle(chosen: list[Card]) -> None:
            game.discard_from_play(play.player, chosen, f"{play.card}", ("R42",))
            game.draw(play.player, self.number(game, play.card, "draw"), why=f"{play.card} (not a draw "
                      "toward the Draw rule)", rulings=("R42", "Q129"))

        game.ask(play.player, f"choose a Keeper to discard for {play.card}", game.keepers_of(play.player), 1,
                 recycle)


@register
class GoalMill(FreeActionRule):
    name = "goal_mill"

    def verify_now(self, game: "Game", play: "Play") -> None:
        hand = game.table.hands[play.player]
        bad = [a for a in play.answers if a not in hand or getattr(a, "type", None) is not CardType.GOAL]
        if bad:
            raise Illegal("bad_choice", f"{play.card} discards Goals from {play.player}'s hand, and "
                          f"{', '.join(map(str, bad))} is not one", ())

    def use(self, game: "Game", play: "Play") -> None:
        goals = list(play.answers)
        game.discard_from_hand(play.player, goals, f"{play.card}", ("B-free-actions",))
        game.draw(play.player, len(goals), why=f"{play.card}", rulings=("B-free-actions", "Q129"))
