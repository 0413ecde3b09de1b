"""New Rules that grant a free action (`P uses CARD`): never a play, only on your own turn,
not while a compound Action resolves (R32), and gone once the turn's end-of-turn events start.

Mystery Play: `P uses Mystery Play` flips the draw pile's top card and plays it at once through
`Game.play_from` (the normal being-played path, with a response window), neither a draw nor a
play. Choices the flipped card needs go with the use: `P uses Mystery Play -> Love` when the
author knows a Trash a Keeper is on top; they are checked against that card before anything is
flipped, and a use with choices that do not fit it is rejected as a whole.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from adjudicator.cards.kinds.base import continuation, kind_of, register
from adjudicator.cards.kinds.params import COUNT_PARAM, name_param
from adjudicator.cards.kinds.rules import RuleKind
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.errors import Illegal
from adjudicator.model.names import count_of
from adjudicator.model.position import Play as _Play

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost
    from adjudicator.model.position import Play


# Read once: asked of every listing (Mystery Play, Recycling)
_CREEPER, _KEEPER = CardType.CREEPER, CardType.KEEPER
_TYPE = attrgetter("type")  # a card's type, read in C


class FreeActionRule(RuleKind):
    once_per_turn = True

    def may_use(self, game: CardHost, card: Card, player: str) -> bool:
        return not self.used_up(game, card) and self.may_use_now(game, player)

    def used_up(self, game: CardHost, card: Card) -> bool:
        return self.once_per_turn and card.name in game.turn.free_actions_used

    def verify_use(self, game: CardHost, play: Play) -> None:
        if self.used_up(game, play.card):
            raise Illegal("once_per_turn", f"{play.card} may be used once per turn", ("R08", "B-free-actions"))
        self.verify_now(game, play)

    def may_use_now(self, game: CardHost, player: str) -> bool:
        """`may_use` for the card-specific conditions: False only where `verify_now` surely refuses."""
        return True

    def verify_now(self, game: CardHost, play: Play) -> None:
        """Card-specific conditions (raise Illegal)."""


class TurnEndingFreeAction(FreeActionRule):
    """Swap Plays for Draws, Get On With It!: usable only while plays remain; they end the turn."""

    once_per_turn = False
    may_use_says_all = True  # (each subclass's `may_use_now` says all its `verify_now` asks of a use stating nothing)

    def may_use(self, game: CardHost, card: Card, player: str) -> bool:
        return self.may_use_now(game, player)  # (never used up: not `once_per_turn`)

    def needs_a_play(self, game: CardHost, card: Card) -> bool:
        return True

    def may_use_now(self, game: CardHost, player: str) -> bool:
        return self.plays_remain(game)

    @staticmethod
    def plays_remain(game: CardHost) -> bool:
        return game.number("plays_left") != 0  # (0 outside the play phase: no turn read first)

    def verify_now(self, game: CardHost, play: Play) -> None:
        if not self.plays_remain(game):
            raise Illegal(
                "no_plays_left",
                f"{play.card} is used instead of plays, and {play.player} has none left",
                ("R18", "B-play-rule"),
            )

    @staticmethod
    def end_turn(game: CardHost, play: Play) -> None:
        """Using the rule ends the turn at once, Play All or not (R22, R33); Creepers it drew stay
        until the player's next turn, since no moment of this turn is left to shed them."""
        stuck = ("Q-tag-creepers",) if game.table.creepers_of(play.player) else ()
        game.end_turn(
            f"{play.card} was used: {play.player}'s turn ends now, whatever the Play rule says",
            ("R22", "R33", *stuck),
        )


@register
class SwapPlaysForDraws(TurnEndingFreeAction):
    name = "swap_plays_for_draws"

    def use(self, game: CardHost, play: Play) -> None:
        left = game.number("plays_left")
        cites: tuple[str, ...] = ("R38", "R37", "R19") if game.play_rule().mode != "count" else ("R38", "R19")
        if game.number("play_bonus", play.player):
            cites += ("Q2430", *game.bonus_rulings(play.player, "play"))  # a bonus play is swapped like any other
        game.step(
            rec.Note.of(
                what=f"{play.player} swaps the {count_of(left, 'play')} that could still be made under {game.play_rule()} "
                f"with {count_of(len(game.table.hands[play.player]), 'card')} in hand",
                rulings=cites,
            )
        )
        game.draw(play.player, left, why=f"{play.card}: one card per play given up", rulings=cites)
        self.end_turn(game, play)


@register
class GetOnWithIt(TurnEndingFreeAction):
    name = "get_on_with_it"
    params = {"draw": COUNT_PARAM}

    def may_use_now(self, game: CardHost, player: str) -> bool:
        return bool(game.table.hands[player]) and self.plays_remain(game)

    def verify_now(self, game: CardHost, play: Play) -> None:
        super().verify_now(game, play)
        if not game.table.hands[play.player]:
            raise Illegal("empty_hand", f"{play.card} needs a hand to discard", ("R18",))

    def use(self, game: CardHost, play: Play) -> None:
        game.discard(play.player, list(game.table.hands[play.player]), f"{play.card}", ("R07",))
        game.draw(play.player, self.number(game, play.card, "draw"), why=f"{play.card}", rulings=("R07",))
        self.end_turn(game, play)


@register
class Recycling(FreeActionRule):
    name = "recycling"
    params = {"draw": COUNT_PARAM}
    may_use_says_all = True  # beyond a Keeper to recycle, `verify_now` checks only the one stated

    def may_use_now(self, game: CardHost, player: str) -> bool:
        # (asked at every listing while it is in play: a Keeper looked for in C, no list of them made)
        return _KEEPER in map(_TYPE, game.table.in_play[player])

    def verify_now(self, game: CardHost, play: Play) -> None:
        keepers = game.table.keepers_of(play.player)
        if not keepers:
            raise Illegal("no_keeper", f"{play.player} has no Keeper to recycle", ("B-free-actions",))
        if play.answers and (len(play.answers) != 1 or play.answers[0] not in keepers):
            raise Illegal(
                "bad_choice",
                f"{play.card} discards one of {play.player}'s Keepers ({', '.join(map(str, keepers))})",
                (),
            )

    def use(self, game: CardHost, play: Play) -> None:
        game.ask(
            play.player,
            f"choose a Keeper to discard for {play.card}",
            game.table.keepers_of(play.player),
            1,
            self.then(self.recycle, play),
        )

    @continuation
    def recycle(self, game: CardHost, play: Play, chosen: list[Card]) -> None:
        game.discard(play.player, chosen, f"{play.card}", ("R42",))
        game.draw(
            play.player,
            self.number(game, play.card, "draw"),
            why=f"{play.card} (not a draw toward the Draw rule)",
            rulings=("R42", "Q129"),
        )


@register
class GoalMill(FreeActionRule):
    name = "goal_mill"
    may_use_says_all = True  # `verify_now` checks only the Goals stated

    def verify_now(self, game: CardHost, play: Play) -> None:
        hand = game.table.hands[play.player]
        bad = [a for a in play.answers if a not in hand or getattr(a, "type", None) is not CardType.GOAL]
        if bad:
            raise Illegal(
                "bad_choice",
                f"{play.card} discards Goals from {play.player}'s hand, and {', '.join(map(str, bad))} is not one",
                (),
            )

    def use(self, game: CardHost, play: Play) -> None:
        goals = list(play.answers)
        play.answers.clear()  # every one used
        game.discard(play.player, goals, f"{play.card}", ("B-free-actions",))
        game.draw(play.player, len(goals), why=f"{play.card}", rulings=("B-free-actions", "Q129"))


@register
class MysteryPlay(FreeActionRule):
    """Once per turn: turn up the top card of the draw pile and play it at once (R63). A Creeper
    turned up goes in front of the player and the next card is turned up (R65)."""

    name = "mystery_play"
    #: Analogues that work only while a Keeper is out (Open A Gift! needs The Gift: R29).
    params = {"needs_in_play": name_param(required=False)}

    may_use_says_all = True  # `may_use` asks what `verify_now` asks of a use stating no choice

    def may_use(self, game: CardHost, card: Card, player: str) -> bool:
        return not self.used_up(game, card) and self._refusal(game, card) is None

    def verify_now(self, game: CardHost, play: Play) -> None:
        refusal = self._refusal(game, play.card)
        if refusal is not None:
            raise refusal
        top = self._top(game)
        if top is not None and play.answers:
            # The choices are for the card that will be played: a misfit rejects the use before the flip.
            kind_of(top).verify_play(
                game, _Play(player=play.player, card=top, event=play.event, answers=list(play.answers))
            )

    @staticmethod
    def _top(game: CardHost) -> Card | None:
        """The card a use would play: the draw pile's first card that is not a Creeper (R65)."""
        for card in game.table.draw_pile:  # (a loop: asked at every decision while it is in play)
            if card.type is not _CREEPER:
                return card
        return None

    def _refusal(self, game: CardHost, card: Card) -> Illegal | None:
        """Why a use of card stating no choice is refused now, or None."""
        needed = card.param("needs_in_play")
        if needed and not any(c.is_called(needed) for _o, c in game.table.cards_in_play()):
            return Illegal("condition_not_met", f"{card} can be used only while {needed} is in play", ("R29",))
        table = game.table
        if not table.draw_pile and not table.discard:
            return Illegal(
                "nothing_to_flip",
                f"the draw pile and the discard pile are empty: there is no card for {card} to turn up",
                ("R63",),
            )
        top = self._top(game)
        if top is not None and top.is_unknown:
            return Illegal(
                "unknown_card", f"the card {card} would turn up is `?`: name it in the setup's draw pile", ("R63",)
            )
        return None

    def use(self, game: CardHost, play: Play) -> None:
        turned: list[Card] = []
        game.draw(play.player, 1, into=turned, why=f"{play.card}", log=False, rulings=("R65",))
        if not turned:
            game.step(rec.Note.of(what=f"{play.card}: no card is left to turn up", rulings=("R63",)))
            return
        needed = play.card.param("needs_in_play")
        stand_in = next((c for _o, c in game.table.cards_in_play() if c.is_called(needed)), None) if needed else None
        if stand_in is not None and stand_in.name != needed:
            game.step(
                rec.Note.of(
                    what=f"{stand_in} counts as {needed} at all times, so {play.card} may be used",
                    rulings=("R29", "Q1354"),
                )
            )
        card = turned[0]
        game.step(
            rec.Note.of(
                what=f"{play.player} uses {play.card}: {card} is turned up and must be played at once; it never "
                "joins the hand and is neither a draw nor a play",
                # so it never counts toward a Goal that counts the hand (10 Cards in Hand)
                rulings=(
                    "R63",
                    "Q129",
                    "R42",
                    *(("Q2193",) if any(kind_of(goal).reads_hands for goal in game.table.goals) else ()),
                ),
            )
        )
        source = f"the top of the draw pile, by {play.card}"
        answers = list(play.answers)
        play.answers.clear()  # they go with the card turned up, to be used (or left over) there
        if card.is_unknown:  # turned up only after a reshuffle: the author must name it
            game.put(card, "draw_pile", on_top=True)  # back where it was turned up: no card is lost
            game.halt(f"{play.card} turned up a `?` card: name the cards of the discard pile", ("R63",))
            return
        # Known only now (after a reshuffle), so its choices were not checked before: `came` says what then.
        game.play_from(play.player, card, source, answers=answers, rulings=("R63",), came="is turned up")
