"""Keepers and Creepers: the cards that sit in front of a player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.cards.kinds.base import BOOL_PARAM, NAMES_PARAM, Kind, register
from adjudicator.cards.model import Card, CardType

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.engine.state import Play


@register
class Keeper(Kind):
    name = "keeper"
    card_type = CardType.KEEPER
    params = {"tags": NAMES_PARAM}

    def resolve(self, game: "Game", play: "Play") -> None:
        game.leave_being_played(play)
        game.place_in_front(play.player, play.card, ("B-keeper-play",))


@register
class Creeper(Kind):
    """A plain Creeper: placed when drawn (the engine does that for every Creeper) and
    blocking its owner's win unless the Goal names it."""

    name = "creeper"
    card_type = CardType.CREEPER
    params = {"blocks_win": BOOL_PARAM}

    def blocks_win(self, game: "Game", card: Card, goal: Card) -> bool:
        return bool(card.param("blocks_win", True))
