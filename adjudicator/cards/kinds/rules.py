"""New Rules. Slot rules (Draw, Play, Hand Limit, Keeper Limit) replace the rule in
their slot; their values are read by `engine.derived` when the rules are asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.cards.kinds.base import Kind, register
from adjudicator.cards.kinds.params import COUNT, COUNT_PARAM, Param, name_param
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.errors import Illegal
from adjudicator.model.quota import PlayQuota

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost
    from adjudicator.model.position import Play


class RuleKind(Kind):
    card_type = CardType.RULE

    def resolve(self, game: CardHost, play: Play) -> None:
        game.settle(play)


@register
class DrawRule(RuleKind):
    name = slot = "draw"
    params = {"value": COUNT_PARAM}

    def resolve(self, game: CardHost, play: Play) -> None:
        super().resolve(game, play)
        turn = game.turn
        if play.player == turn.player and turn.drawn > game.number("draw"):
            game.step(
                rec.Note.of(
                    what=f"{turn.player} has drawn {turn.drawn} this turn, already more than "
                    f"{game.number('draw')}: nothing is given back",
                    rulings=("B-draw-rule-change",),
                )
            )


def _is_play_value(v: Any) -> bool:
    return v in ("all", "all_but_1") or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 1000)


@register
class PlayRule(RuleKind):
    name = slot = "play"
    params = {"value": Param(f"{COUNT}, 'all' or 'all_but_1'", _is_play_value, required=True, numeral=True)}
    bonuses_read_table = False  # its draw bonus reads the rules and the turn (Play All But 1)

    def quota(self, game: CardHost, card: Card) -> PlayQuota:
        value = card.params["value"]
        if value == "all":
            return PlayQuota("all")
        if value == "all_but_1":
            return PlayQuota("all_but", 1 + game.numeral_bonus(card))
        return PlayQuota("count", self.number(game, card, "value"))

    def hooks_held(self, card: Card, hooks: tuple[str, ...]) -> tuple[str, ...]:
        # its one table hook, `draw_bonus`, is Play All But 1's
        return hooks if card.params["value"] == "all_but_1" else ()

    def draw_bonus(self, game: CardHost, card: Card, player: str) -> int:
        """Play All But 1 (the only Play rule holding this hook): who began the turn empty-handed and
        draws only 1 draws 1 more (Q938)."""
        if player != game.turn.player or not game.turn.began_empty_handed:
            return 0
        base = game.number("draw_before_bonus")
        # "drew only 1" is a numeral (Inflation raises it); "an extra card" is a word (it stays one).
        return 1 if base == 1 + game.numeral_bonus(card) else 0

    def bonus_rulings(self, game: CardHost, card: Card, player: str, what: str) -> tuple[str, ...]:
        return ("Q938",)

    def resolve(self, game: CardHost, play: Play) -> None:
        super().resolve(game, play)
        if play.player == game.turn.player and game.turn.played:
            # Played out of a compound Action: the real hand's plays change now, and are made once it is done (Q51).
            waiting = (
                f"; the real hand's plays come once {game.temp_hands[0].source.card} is done" if game.temp_hands else ""
            )
            game.step(
                rec.Note.of(
                    what=f"plays are counted over the whole turn: {game.turn.played} made, now {game.play_rule()}{waiting}",
                    rulings=("B-play-rule-change", "Q334", *(("Q51",) if waiting else ())),
                )
            )


@register
class HandLimit(RuleKind):
    name = slot = "hand_limit"
    params = {"value": COUNT_PARAM}


@register
class KeeperLimit(RuleKind):
    name = slot = "keeper_limit"
    params = {"value": COUNT_PARAM}

    def resolve(self, game: CardHost, play: Play) -> None:
        super().resolve(game, play)
        limit = self.number(game, play.card, "value")
        for player in game.table.players:
            keepers, creepers = len(game.table.keepers_of(player)), len(game.table.creepers_of(player))
            if creepers and keepers <= limit < keepers + creepers:
                game.step(
                    rec.Note.of(
                        what=f"{player} has {keepers} Keepers and {creepers} Creepers: Creepers do not count "
                        f"toward the Keeper Limit",
                        rulings=("R64",),
                    )
                )


@register
class CreepersDontBlock(RuleKind):
    """Silver Lining: Creepers no longer stop anyone winning (a Goal may still forbid one)."""

    name = "creepers_dont_block"

    def waives_creepers(self, game: CardHost, card: Card, creeper: Card) -> bool:
        return True


@register
class NeedsCreeperToWin(RuleKind):
    """You Also Need a Baked Potato: while the named Creeper is in play it blocks no win;
    instead nobody wins without having it."""

    name = "baked_potato"
    params = {"creeper": name_param()}

    def _creeper_in_play(self, game: CardHost, card: Card) -> Card | None:
        wanted = card.params["creeper"]
        return next((c for p in game.table.players for c in game.table.creepers_of(p) if c.is_called(wanted)), None)

    def waives_creepers(self, game: CardHost, card: Card, creeper: Card) -> bool:
        return creeper is self._creeper_in_play(game, card)

    def win_needs(self, game: CardHost, card: Card) -> Card | None:
        return self._creeper_in_play(game, card)


@register
class NoHandBonus(RuleKind):
    """Start your turn with an empty hand: draw N first; they do not count toward the Draw rule (R35)."""

    name = "no_hand_bonus"
    params = {"value": COUNT_PARAM}

    def before_draw_phase(self, game: CardHost, card: Card, player: str) -> None:
        if not game.table.hands[player]:
            game.draw(
                player,
                self.number(game, card, "value"),
                why=f"{card}: the hand was empty (not counted toward the Draw rule)",
                rulings=("R35",),
            )


@register
class ReverseOrder(RuleKind):
    """Reverse Order (Fluxx 4.0): turns pass the other way. The next player is worked out when
    a turn ends, so the turn in which it is played finishes as usual."""

    name = "reverse_order"

    def reverses_turn_order(self, game: CardHost, card: Card) -> bool:
        return True


@register
class KeepGoing(Kind):
    """Keep Going (a Word Fluxx Meta Rule, usable with any deck): a met Goal is claimed instead
    of won; the game ends when someone holds `goals` claimed Goals. The rulebook leaves the end
    to the players' agreement; this card models the agreement as a number of Goals (the
    rulebook's own example is two), and the house rule keep_going: N overrides it."""

    name = "keep_going"
    card_type = CardType.META
    params = {
        "goals": Param(
            "a whole number from 1 to 1000",
            lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 1000,
            default=2,
        )
    }
    rulings = ("B-keep-going", "B-meta-rules")

    def verify_play(self, game: CardHost, play: Play) -> None:
        raise Illegal(
            "not_playable",
            f"{play.card} is a Meta Rule: the players put it beside the Basic Rules "
            "before the game, it is never played from a hand",
            ("B-meta-rules",),
        )

    def goals_to_win(self, game: CardHost, card: Card) -> int | None:
        return int(card.param("goals", 2))
