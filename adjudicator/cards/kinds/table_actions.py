"""Actions that move cards in play or the piles (Fluxx 5.0, Star Fluxx): Share the Wealth,
Exchange Keepers, Empty the Trash, Zap a Card!, Time Portal, Distress Call.

"Your hand" always means the real hand: a card one of these puts in the hand, played from a
compound Action's temporary hand, goes to the set-aside hand (Q1056, R16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.cards.kinds.actions import ActionKind, TargetsOneCard, nothing_happens, stated_victim
from adjudicator.cards.kinds.base import ask_for, continuation, register, stated_choices_only
from adjudicator.cards.kinds.hand_actions import bad_choice, note_real_hand, seats_from
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.chance import names
from adjudicator.model.choices import ChoiceSpec
from adjudicator.model.names import count_of

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost
    from adjudicator.model.position import Play


@register
class ShareTheWealth(ActionKind):
    """Gather every Keeper in play, shuffle them (engine/chance.py) and deal them back into play one at a
    time, clockwise from the active player (R61); the win check comes after the whole deal."""

    name = "share_the_wealth"
    moves_keepers = True

    def chance_forms(self, game: CardHost, play: Play) -> list[str]:
        keepers = [c for p in game.table.players for c in game.table.keepers_of(p)]
        if len(keepers) < 2:
            return []
        return [
            f"`{play.player} plays {play.card}; shuffled CARD, ...` (the order the Keepers are dealt: {names(keepers)})"
        ]

    def resolve(self, game: CardHost, play: Play) -> None:
        seats = seats_from(game, play.player)
        keepers = [c for p in seats for c in game.table.keepers_of(p)]
        if not keepers:
            nothing_happens(game, play, "no Keeper is in play")
            return
        for player in seats:
            for card in game.table.keepers_of(player):
                game.take(card, "in_play", player)
        keepers = game.shuffled(keepers, what=f"the Keepers {play.card} deals out", rulings=("R61",))
        dealt: dict[str, list[Card]] = {p: [] for p in seats}
        for i, card in enumerate(keepers):
            receiver = seats[i % len(seats)]
            game.put(card, "in_play", receiver)
            dealt[receiver].append(card)
        shares = "; ".join(f"{p} gets {names(dealt[p])}" for p in seats)
        game.step(
            rec.ActionDone.of(
                card=play.card,
                rulings=("R61", "Q-tag-mixitallup"),
                what=f"{count_of(len(keepers), 'Keeper')} {'is' if len(keepers) == 1 else 'are'} gathered, shuffled and dealt one at a time starting with "
                f"{play.player}: {shares}",
            )
        )


@register
class ExchangeKeepers(ActionKind):
    """Swap one of your Keepers in play for one of another player's; nothing happens when either
    side has none. Choices: your Keeper and theirs, in either order. It is not a steal (Q465)."""

    name = "exchange_keepers"
    needs_others = True
    moves_keepers = True

    def sides(self, game: CardHost, player: str) -> tuple[list[Card], list[Card]]:
        mine = game.table.keepers_of(player)
        theirs = [c for p in game.table.players if p != player for c in game.table.keepers_of(p)]
        return mine, theirs

    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        if not play.answers:
            return
        mine, theirs = self.sides(game, play.player)
        if not mine or not theirs:  # nothing happens (resolve): a Keeper named would go unused
            who = play.player if not mine else "no other player"
            raise bad_choice(f"{who} has no Keeper in play, so {play.card} does nothing and takes no choice")
        # The two Keepers come first; answers after them are for what the swap sets off (War: where
        # Peace goes), and the event's trial refuses them if nothing asks.
        own = play.answers[:2]
        given_mine = [a for a in own if a in mine]
        given_theirs = [a for a in own if a in theirs]
        if len(given_mine) > 1 or len(given_theirs) > 1 or len(given_mine) + len(given_theirs) != len(own):
            raise bad_choice(
                f"{play.card} needs one Keeper of {play.player}'s ({names(mine)}) and one Keeper "
                f"of another player's ({names(theirs)})"
            )

    def resolve(self, game: CardHost, play: Play) -> None:
        mine, theirs = self.sides(game, play.player)
        if not mine or not theirs:
            who = play.player if not mine else "no other player"
            nothing_happens(game, play, f"{who} has no Keeper in play")
            return
        play.answers[:2] = sorted(play.answers[:2], key=lambda a: a not in mine)  # her own Keeper is asked first
        game.ask(play.player, "choose which of your Keepers to give", mine, 1, self.then(self.take, play, theirs))

    @continuation
    def take(self, game: CardHost, play: Play, theirs: list[Card], given: list[Card]) -> None:
        game.ask(
            play.player,
            f"choose the Keeper to take in exchange for {given[0]}",
            theirs,
            1,
            self.then(self.swap, play, given[0]),
        )

    @continuation
    def swap(self, game: CardHost, play: Play, given: Card, taken: list[Card]) -> None:
        other = game.table.owner_of(taken[0])
        assert other is not None
        why = f"{play.card}: an exchange, not a steal"
        game.move_in_play(given, play.player, other, why, ("B-action-discard", "Q465"))
        game.move_in_play(taken[0], other, play.player, why, ("B-action-discard", "Q465"))


@register
class EmptyTheTrash(ActionKind):
    """Shuffle the discard pile into the draw pile (engine/chance.py); this card, discarded after it is
    carried out, is the only card of the new discard pile."""

    name = "empty_the_trash"

    def chance_forms(self, game: CardHost, play: Play) -> list[str]:
        if len(game.table.draw_pile) + len(game.table.discard) < 2:
            return []
        return [f"`{play.player} plays {play.card}; shuffled CARD, ...` (the new draw pile, top card first)"]

    def resolve(self, game: CardHost, play: Play) -> None:
        trash = list(game.table.discard)
        for card in trash:
            game.take(card, "discard")
        pile = game.shuffled([*game.table.draw_pile, *trash], what=f"the new draw pile ({play.card})", into="draw_pile")
        game.step(
            rec.ActionDone.of(
                card=play.card,
                rulings=("B-action-discard",),
                what=f"the discard pile ({count_of(len(trash), 'card')}) is shuffled into the draw pile, which now holds "
                f"{len(pile)}; {play.card} starts the new discard pile",
            )
        )


@register
class ZapACard(TargetsOneCard):
    """Take any card in play (a New Rule, a Goal, anyone's Keeper or Creeper; never the Basic
    Rules or the discard pile) into your hand. A Creeper cannot be held: it goes in front of you
    and you draw nothing for it (Q-tag-zap-a-card)."""

    name = "zap_a_card"
    params = {}
    choice_rulings = ("Q-tag-zap-a-card",)
    trapped_rulings = ("Q-tag-zap-a-card-2",)

    def steal_victim(self, game: CardHost, play: Play) -> str | None:
        """Zapping another player's Keeper into your hand steals it: It's A Trap! may answer."""
        theirs = [c for c in self.options(game, play) if game.table.owner_of(c) not in (None, play.player)]
        victim = stated_victim(game, play, theirs)
        return None if victim == play.player else victim

    def options(self, game: CardHost, play: Play) -> list[Card]:
        return [card for _owner, card in game.table.cards_in_play()]

    def apply(self, game: CardHost, play: Play, card: Card) -> None:
        player = play.player
        owner = game.table.owner_of(card)
        if card.type is CardType.CREEPER:
            if owner == player:
                game.step(
                    rec.ActionDone.of(
                        card=play.card,
                        rulings=("Q-tag-zap-a-card",),
                        what=f"{card} is a Creeper and cannot be held: it stays in front of {player}",
                    )
                )
            else:
                game.move_in_play(
                    card,
                    owner,
                    player,
                    f"{play.card}: a Creeper cannot be held, so it goes in "
                    "front of the player, with no card drawn for it",
                    ("Q-tag-zap-a-card",),
                )
            return
        if owner is not None:
            game.take(card, "in_play", owner)
            where = f"in front of {owner}"
        elif card in game.table.rules:
            game.take(card, "rules")
            where = "the New Rules (it stops working at once)"
        else:
            game.take(card, "goals")
            where = "the Goals"
        game.put(card, "hands", player)
        game.step(
            rec.ActionDone.of(
                card=play.card,
                what=f"{player} takes {card} from {where} into their hand",
                rulings=("Q-tag-zap-a-card",),
            )
        )
        if card.type is CardType.RULE and len(game.table.players) == 1:  # Solo Fluxx
            game.step(
                rec.Note.of(
                    what=f"in Solo Fluxx {card} stays in the hand and may be played again later",
                    rulings=("Q-tag-zap-a-card-3",),
                )
            )
        note_real_hand(game, play)


@register
class FetchAndEndTurn(ActionKind):
    """Time Portal: take any card but a Creeper from the discard pile or the draw pile (the draw
    pile is shuffled after), show it and put it in your hand; then your turn ends at once, even
    in the middle of a temporary hand, whose unplayed cards are discarded (R16, R21)."""

    name = "fetch_and_end_turn"

    def options(self, game: CardHost) -> list[Card]:
        table = game.table
        return [c for c in (*table.discard, *table.draw_pile) if c.type is not CardType.CREEPER and not c.is_unknown]

    def choices(self, game: CardHost, play: Play) -> list[ChoiceSpec]:
        return [
            ChoiceSpec(
                play.player,
                f"choose the card to take with {play.card}",
                tuple(self.options(game)),
                rulings=("R16",),
                explain=f"{play.card} takes one card that is not a Creeper from the discard pile or the draw pile",
            )
        ]

    def resolve(self, game: CardHost, play: Play) -> None:
        spec = self.choices(game, play)[0]
        if not spec.options:
            game.end_turn(f"{play.card} finds no card to take and ends {play.player}'s turn", ("R16", "R21"))
            return
        ask_for(game, spec, self.then(self.fetch, play))

    @continuation
    def fetch(self, game: CardHost, play: Play, chosen: list[Card]) -> None:
        card = chosen[0]
        from_draw_pile = card in game.table.draw_pile
        game.take(card, "draw_pile" if from_draw_pile else "discard")
        game.put(card, "hands", play.player)  # the real hand, even from a temporary hand (R16)
        where = "the draw pile, which is then shuffled" if from_draw_pile else "the discard pile"
        game.step(
            rec.ActionDone.of(
                card=play.card,
                what=f"{play.player} shows {card}, taken from {where}, and puts it in hand",
                rulings=("R16",),
            )
        )
        if from_draw_pile:
            game.shuffled(game.table.draw_pile, what="the draw pile", rulings=("R16",), into="draw_pile")
        game.end_turn(f"{play.card} ends {play.player}'s turn", ("R16", "R21"))


@register
class DistressCall(ActionKind):
    """Distress Call (Star Fluxx): every player, from the one who played it round the table, draws
    1 card; a player with Creepers goes on until they have drawn 2 for each Creeper they have, the
    first card included, and a Creeper drawn meanwhile goes into play and raises that total (Q287)."""

    name = "distress_call"

    def resolve(self, game: CardHost, play: Play) -> None:
        for player in seats_from(game, play.player):
            drawn = 0
            while (owed := max(1, 2 * len(game.table.creepers_of(player))) - drawn) > 0:
                got = game.draw(
                    player, owed, why=f"{play.card}: 2 cards for each Creeper, at least 1", rulings=("Q287",)
                )
                if not got:
                    break  # both piles are empty
                drawn += len(got)
