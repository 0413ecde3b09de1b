"""Actions: carried out, then discarded (a compound Action waits for its temporary hand)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.cards.kinds.base import COUNT_PARAM, Kind, register
from adjudicator.cards.model import CardType
from adjudicator.errors import Illegal
from adjudicator.log import records as rec

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.engine.state import Play


class ActionKind(Kind):
    card_type = CardType.ACTION

    def finish(self, game: "Game", play: "Play") -> None:
        game.discard_played(play)


@register
class TemporaryHand(ActionKind):
    """Draw N into a temporary hand and play M of them; the lot counts as one play
    (Draw 2 and Use 'Em, Draw 3, Play 2 of Them)."""

    name = "temporary_hand"
    params = {"draw": COUNT_PARAM, "play": COUNT_PARAM}

    def resolve(self, game: "Game", play: "Play") -> None:
        game.open_temp_hand(play, self.number(game, play.card, "draw"), self.number(game, play.card, "play"),
                            ("B-compound-action",))

    def finish(self, game: "Game", play: "Play") -> None:
        """The card stays in the being-played zone until its temporary hand is done."""


@register
class TradeHands(ActionKind):
    name = "trade_hands"

    def verify_play(self, game: "Game", play: "Play") -> None:
        others = [p for p in game.players if p != play.player]
        if play.answers:
            target = play.answers[0]
            if len(play.answers) > 1 or target not in others:
                raise Illegal("bad_choice", f"{play.card} needs one other player to trade with "
                              f"({', '.join(others)})", ())

    def resolve(self, game: "Game", play: "Play") -> None:
        others = [p for p in game.players if p != play.player]

        def trade(chosen: list[str]) -> None:
            other = chosen[0]
            hands = game.table.hands
            hands[play.player], hands[other] = hands[other], hands[play.player]
            game.step(rec.ActionDone, card=play.card, what=f"{play.player} and {other} swap hands "
                      f"({play.player} now holds {len(hands[play.player])}, {other} {len(hands[other])})",
                      rulings=("B-action-discard",))

        game.ask(play.player, f"choose the player to trade hands with", others, 1, trade)
