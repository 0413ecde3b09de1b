"""Keepers and Creepers: the cards that sit in front of a player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.cards.kinds.actions import stated_victim
from adjudicator.cards.kinds.base import Kind, continuation, register
from adjudicator.cards.kinds.params import BOOL_PARAM, COUNT, NAMES_PARAM, Param, choice_param, is_count, name_param
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.errors import Illegal
from adjudicator.model.events import Action
from adjudicator.model.names import normalize

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost
    from adjudicator.model.position import Play


@register
class Keeper(Kind):
    """A Keeper. `tags` say what group it belongs to (food); `counts_as` names cards it also
    counts as, at all times (Mrs. Claus: Santa Claus; Fruitcake: Dessert and The Gift, Q1354);
    `symbols` are the marks some Goals count (Rick and Morty: speech, imaginary_friend)."""

    name = "keeper"
    card_type = CardType.KEEPER
    params = {"tags": NAMES_PARAM, "counts_as": NAMES_PARAM, "symbols": NAMES_PARAM}

    def resolve(self, game: CardHost, play: Play) -> None:
        game.settle(play)  # in front of its player (B-keeper-play)
        if "speech" in play.card.params.get("symbols", ()):  # (read in place: every Keeper played asks)
            game.step(
                rec.Note.of(
                    what=f"{play.card} carries the speech symbol: {play.player} has to say something (nothing "
                    "else changes in the game)",
                    rulings=("B-rm-symbols",),
                )
            )


@register
class Creeper(Kind):
    """A plain Creeper: placed when drawn (the engine does that for every Creeper) and
    blocking its owner's win unless the Goal names it."""

    name = "creeper"
    card_type = CardType.CREEPER
    params = {"blocks_win": BOOL_PARAM}

    def blocks_win(self, game: CardHost, card: Card, goal: Card) -> bool:
        return bool(card.param("blocks_win", True))


class _PowerCreeper(Creeper):
    params = {"blocks_win": BOOL_PARAM}


@register
class CreeperEvicts(_PowerCreeper):
    """War: whoever has it together with the named Keeper must move that Keeper to another player."""

    name = "creeper_evicts"
    params = {"blocks_win": BOOL_PARAM, "evicts": name_param()}

    def state_trigger(self, game: CardHost, card: Card, owner: str | None) -> None:
        if owner is None:
            return
        target = next((c for c in game.table.in_play[owner] if c.is_called(card.params["evicts"])), None)
        key = ("evict", card.name)
        if target is None:
            # the common case at a state-based check: nothing to evict; a question asked before
            # the Keeper left (discarded to a limit while it waited) is withdrawn
            game.withdraw(key, "the two are no longer side by side")
            return
        others = [p for p in game.table.players if p != owner]
        if not others:
            return  # nowhere to send it
        game.ask(  # (not again while the question, named by its key, waits for its answer)
            owner,
            f"choose who receives {target} (it cannot stay beside {card})",
            others,
            1,
            self.then(self.evict, card, target, owner),
            rulings=("B-creeper-powers",),
            key=key,
        )

    @continuation
    def evict(self, game: CardHost, card: Card, target: Card, owner: str, chosen: list[str]) -> None:
        if target in game.table.in_play.get(owner, ()) and card in game.table.in_play[owner]:
            game.move_in_play(target, owner, chosen[0], f"{card} forces {target} away", ("B-creeper-powers",))


@register
class CreeperDiscardPair(_PowerCreeper):
    """Taxes: its owner may discard it together with the paired Keeper, at any time."""

    name = "creeper_discard_pair"
    params = {"blocks_win": BOOL_PARAM, "pair": name_param()}
    any_time = True
    may_use_says_all = True  # `verify_use` asks `may_use` and no more

    def may_use(self, game: CardHost, card: Card, player: str) -> bool:
        # Asked of its owner at every decision: `is_called` with the pair's name folded once, a
        # plain loop over the cards in front of her (player owns card).
        pair = normalize(card.params["pair"])
        for held in game.table.in_play[player]:
            if pair in held.names_called:
                return True
        return False

    def verify_use(self, game: CardHost, play: Play) -> None:
        if not self.may_use(game, play.card, play.player):
            raise Illegal(
                "nothing_to_pair",
                f"{play.player} has no {play.card.params['pair']} to discard with {play.card}",
                ("B-creeper-powers",),
            )

    def use(self, game: CardHost, play: Play) -> None:
        pair = next(c for c in game.table.in_play[play.player] if c.is_called(play.card.params["pair"]))
        game.discard(
            play.player, [pair, play.card], f"{play.card} is paid off with {pair}", ("B-creeper-powers", "R02", "Q2221")
        )


@register
class CreeperShedByKeeper(_PowerCreeper):
    """A Rick and Morty Problem its owner may get rid of by discarding one of the Keepers in
    front of them (from the table, not the hand), together with the Problem: a free action on
    their own turn, never a play (B-rm-shed-a-problem). `P uses PROBLEM -> KEEPER`."""

    name = "creeper_shed_by_keeper"

    def verify_use(self, game: CardHost, play: Play) -> None:
        keepers = game.table.keepers_of(play.player)
        if not keepers:
            raise Illegal(
                "no_keeper",
                f"{play.player} has no Keeper in play to discard for {play.card} (a Keeper in hand does not count)",
                ("B-rm-shed-a-problem",),
            )
        if play.answers and (len(play.answers) != 1 or play.answers[0] not in keepers):
            raise Illegal(
                "bad_choice",
                f"{play.card} is shed by discarding one of {play.player}'s Keepers in play "
                f"({', '.join(map(str, keepers))})",
                ("B-rm-shed-a-problem",),
            )

    def use(self, game: CardHost, play: Play) -> None:
        game.ask(
            play.player,
            f"choose a Keeper in play to discard with {play.card}",
            game.table.keepers_of(play.player),
            1,
            self.then(self.shed, play.player, play.card),
        )

    @continuation
    def shed(self, game: CardHost, player: str, problem: Card, chosen: list[Card]) -> None:
        game.discard(
            player,
            [chosen[0], problem],
            f"{problem} is shed for {chosen[0]} (a free action, not a play)",
            ("B-rm-shed-a-problem", "B-creeper-powers"),
        )


@register
class CreeperStartOfTurnDiscard(_PowerCreeper):
    """Death: at the start of its owner's turn, discard another card they have in play;
    when it is their only card in play they may discard Death itself."""

    name = "creeper_start_of_turn_discard"
    may_use_says_all = True  # `verify_use` asks `may_use` and no more

    def on_turn_start(self, game: CardHost, card: Card, owner: str | None) -> None:
        if owner != game.turn.player:
            return
        others = [c for c in game.table.in_play[owner] if c is not card]
        if not others:
            return
        game.ask(
            owner,
            f"discard one other card you have in play for {card}",
            others,
            1,
            self.then(self.take_toll, card, owner),
            verbs=(Action.DISCARD, Action.CHOOSE),
            rulings=("B-creeper-powers", "B-turn-order"),
        )

    @continuation
    def take_toll(self, game: CardHost, card: Card, owner: str, chosen: list[Card]) -> None:
        game.discard(owner, chosen, f"{card} takes its toll at the start of the turn", ("B-creeper-powers",))
        game.check_state()  # a start-of-turn event that changes the table: a win check before the draw

    def may_use(self, game: CardHost, card: Card, player: str) -> bool:
        return len(game.table.in_play[player]) == 1

    def verify_use(self, game: CardHost, play: Play) -> None:
        if not self.may_use(game, play.card, play.player):
            raise Illegal(
                "not_alone",
                f"{play.card} may be discarded only when it is the only card {play.player} has in play",
                ("B-creeper-powers",),
            )

    def use(self, game: CardHost, play: Play) -> None:
        game.discard(play.player, [play.card], f"{play.card} was alone and is discarded", ("B-creeper-powers", "R02"))


@register
class CreeperMovesOnGoalChange(_PowerCreeper):
    """Radioactive Potato: every change to the set of Goals passes it one seat against turn order."""

    name = "creeper_moves_on_goal_change"
    params = {"blocks_win": BOOL_PARAM, "direction": choice_param("counter_turn", "turn", default="counter_turn")}

    def on_goals_changed(self, game: CardHost, card: Card, owner: str | None) -> None:
        if owner is None or len(game.table.players) < 2:
            return
        seat = game.table.players.index(owner)
        turn = game.number("turn_direction")
        step = -turn if card.param("direction", "counter_turn") == "counter_turn" else turn
        receiver = game.table.players[(seat + step) % len(game.table.players)]
        game.move_in_play(card, owner, receiver, "the Goals changed", ("B-creeper-powers", "Q-tag-4-0"))


@register
class KeeperBonus(Keeper):
    """The Computer: its owner draws and plays extra cards (a bigger Draw and Play rule, not a
    card set apart: R39), and may go over the Hand and Keeper Limits."""

    name = "keeper_bonus"
    params = {
        **Keeper.params,
        "draw": Param(COUNT, is_count, default=0, numeral=True),
        "play": Param(COUNT, is_count, default=0, numeral=True),
        "limits": Param(COUNT, is_count, default=0, numeral=True),
    }

    def draw_bonus(self, game: CardHost, card: Card, player: str) -> int:
        return self.number(game, card, "draw") if game.table.owner_of(card) == player else 0

    def play_bonus(self, game: CardHost, card: Card, player: str) -> int:
        return self.number(game, card, "play") if game.table.owner_of(card) == player else 0

    def limit_bonus(self, game: CardHost, card: Card, player: str, slot: str) -> int:
        return self.number(game, card, "limits") if game.table.owner_of(card) == player else 0

    def bonus_rulings(self, game: CardHost, card: Card, player: str, what: str) -> tuple[str, ...]:
        return ("R39", "Q230")


@register
class KeeperPowerTake(Keeper):
    """The Captain, The Scientist: once per turn, as a free action, the owner takes one of the
    named Keepers from another player. Using the power is optional and may wait (R12); the
    Keeper stays in play (R13). It is a steal, so It's A Trap! may answer it (R23)."""

    name = "keeper_power_take"
    params = {**Keeper.params, "takes": NAMES_PARAM}
    answerable_use = True

    def options(self, game: CardHost, card: Card, player: str) -> list[Card]:
        wanted = card.params.get("takes", ())
        return [
            c
            for p in game.table.players
            if p != player
            for c in game.table.keepers_of(p)
            if any(c.is_called(n) for n in wanted)
        ]

    def verify_use(self, game: CardHost, play: Play) -> None:
        if play.card.name in game.turn.free_actions_used:
            raise Illegal("once_per_turn", f"{play.card}'s power may be used once per turn", ("R08",))
        options = self.options(game, play.card, play.player)
        if not options:
            raise Illegal(
                "nothing_to_take",
                f"no other player has a Keeper {play.card} can take ({', '.join(play.card.params.get('takes', ()))})",
                ("B-free-actions",),
            )
        if play.answers and (len(play.answers) != 1 or play.answers[0] not in options):
            raise Illegal("bad_choice", f"{play.card} takes one of {', '.join(map(str, options))}", ())

    def steal_victim(self, game: CardHost, play: Play) -> str | None:
        return stated_victim(game, play, self.options(game, play.card, play.player))

    def use(self, game: CardHost, play: Play) -> None:
        options = self.options(game, play.card, play.player)
        if not options:
            game.step(
                rec.Note.of(
                    what=f"{play.card}: the Keeper to take has left play; nothing happens",
                    rulings=("B-all-cards-playable",),
                )
            )
            return
        game.ask(play.player, f"choose the Keeper {play.card} takes", options, 1, self.then(self.take, play))

    @continuation
    def take(self, game: CardHost, play: Play, chosen: list[Card]) -> None:
        game.move_in_play(
            chosen[0],
            game.table.owner_of(chosen[0]),
            play.player,
            f"{play.card}'s power (a free action; {play.card} stays in play)",
            ("R12", "R13", "R02", "Q-tag-captain-1"),  # a Keeper taken from the table stays on the table
        )


@register
class KeeperPowerSend(Keeper):
    """The Teleporter: once per turn, as a free action, its owner sends one of their *other*
    Keepers to another player (Q1079: never the Teleporter itself). `P uses Teleporter -> KEEPER,
    PLAYER`. Optional, not a play, and it stays in play (R12, R13, R02)."""

    name = "keeper_power_send"

    def options(self, game: CardHost, card: Card, player: str) -> list[Card]:
        return [c for c in game.table.keepers_of(player) if c is not card]

    def verify_use(self, game: CardHost, play: Play) -> None:
        if play.card.name in game.turn.free_actions_used:
            raise Illegal("once_per_turn", f"{play.card}'s power may be used once per turn", ("R08",))
        options = self.options(game, play.card, play.player)
        others = [p for p in game.table.players if p != play.player]
        if not options or not others:
            raise Illegal(
                "nothing_to_send",
                f"{play.player} has no other Keeper for {play.card} to send, or nobody to send it to",
                ("Q1079",),
            )
        if play.answers and play.answers[0] not in options:
            raise Illegal(
                "bad_choice",
                f"{play.card} sends one of {play.player}'s other Keepers ({', '.join(map(str, options))}), "
                "never itself",
                ("Q1079",),
            )
        if len(play.answers) > 1 and (len(play.answers) != 2 or play.answers[1] not in others):
            raise Illegal("bad_choice", f"{play.card} sends the Keeper to one other player ({', '.join(others)})", ())

    def use(self, game: CardHost, play: Play) -> None:
        options = self.options(game, play.card, play.player)
        if not options:
            game.step(
                rec.Note.of(
                    what=f"{play.card}: no other Keeper is left to send; nothing happens",
                    rulings=("B-all-cards-playable",),
                )
            )
            return
        game.ask(play.player, f"choose the Keeper {play.card} sends", options, 1, self.then(self.send_to, play))

    @continuation
    def send_to(self, game: CardHost, play: Play, chosen: list[Card]) -> None:
        others = [p for p in game.table.players if p != play.player]
        game.ask(
            play.player, f"choose the player who receives {chosen[0]}", others, 1, self.then(self.send, play, chosen[0])
        )

    @continuation
    def send(self, game: CardHost, play: Play, keeper: Card, chosen: list[str]) -> None:
        game.move_in_play(
            keeper,
            play.player,
            chosen[0],
            f"{play.card}'s power (a free action; {play.card} stays in play)",
            ("R12", "R13", "R02", "Q1079"),
        )
