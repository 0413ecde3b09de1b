"""Solo Fluxx (the Word Fluxx rulebook, B-solo): the rules of a game with one player.

The New Rules form a Rules deck of their own (`setup.rules_pile`, top first); the rest is the
Main deck (the draw pile). The player takes a turn, then the top card of the Rules deck is
flipped into play, where it takes the place of the rule in its slot; a new Limit is complied
with before the next turn (the state-based check does that: the turn is over). Meeting the
Goal does not win: the Goal is scored (`table.scored`, `expect.goals_won`) and the Keepers and
Creepers it needed are discarded. The game ends when either deck runs out, which this engine
takes to mean: when a card must be taken from it and none is left (the Main deck is never
reshuffled). The score is the number of Goals scored.

The engine calls in here at three points: the win check (`score`), the end of a turn
(`after_turn`) and taking the top card of the draw pile (`main_deck_empty`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.cards.kinds import kind_of
from adjudicator.model import records as rec
from adjudicator.model.cards import Card

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView


def is_solo(game: GameView) -> bool:
    return len(game.table.players) == 1  # (asked at every draw: the table's list, not the property)


def score(game: GameView, player: str, goal: Card, rulings: tuple[str, ...]) -> None:
    """The player meets `goal`: it goes to her scored Goals, and what it needed is discarded."""
    used = kind_of(goal).cards_used(game, goal, player)
    how = kind_of(goal).how_met(game, goal, player)
    game.table.goals.remove(goal)
    game.table.scored.setdefault(player, []).append(goal)
    for card in used:
        game.table.in_play[player].remove(card)
    game.discard_cards(used)
    game.step(
        rec.GoalScored.of(
            player=player,
            goal=goal,
            discarded=tuple(used),
            how=how,
            total=len(game.table.scored[player]),
            rulings=("B-solo", *rulings),
        )
    )


def after_turn(game: GameView) -> None:
    """Between two turns the top card of the Rules deck goes into play, replacing the rule in its slot."""
    pile = game.table.rules_pile
    if not pile:
        end(game, "the Rules deck has run out")
        return
    card = pile.pop(0)
    slot = getattr(kind_of(card), "slot", None)
    replaced = [r for r in game.table.rules if slot and getattr(kind_of(r), "slot", None) == slot]
    for old in replaced:
        game.table.rules.remove(old)
    game.discard_cards(replaced)
    game.table.rules.append(card)
    game.step(
        rec.RuleFlipped.of(
            card=card,
            replaced=tuple(replaced),
            rulings=("B-solo", "B-new-rule-replaces") if replaced else ("B-solo",),
        )
    )


def main_deck_empty(game: GameView) -> None:
    end(game, "the Main deck has run out")


def end(game: GameView, why: str) -> None:
    player = game.players[0]
    game.ended = why
    game.pending.clear()  # the game is over: nothing waits for an answer any more
    game.step(
        rec.SoloEnded.of(player=player, why=why, score=len(game.table.scored.get(player, ())), rulings=("B-solo",))
    )
