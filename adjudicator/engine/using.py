"""Using cards in play (a mixin of `Game`): `verify_use` / `can_use` / `use` for the free action a
rule or a player's own card in play grants, and `usable` / `usable_by`, the cards whose free
action a player may use now, for the listing of the next events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudicator.cards.kinds import REGISTRY, kind_of
from adjudicator.cards.kinds.base import Kind
from adjudicator.engine import derived
from adjudicator.engine.view import GameView
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.errors import Illegal, allowed
from adjudicator.model.events import Action
from adjudicator.model.position import Phase, Play

_GOAL, _FREE_ACTION_TIME, _USE = CardType.GOAL, (Phase.PLAY, Phase.PLAY_OVER), Action.USE  # read once (Enum lookups)


class Using(GameView):
    """Using the free action a card in play grants."""

    __slots__ = ()  # the fields are Game's (`view.GAME_FIELDS`)

    def verify_use(self, player: str, card: Card, answers: Sequence[Any] = ()) -> Play:
        """Check that player may use the free action card grants now."""
        self.verify_not_over()
        owner = self.table.owner_of(card)
        if card not in self.table.rules and owner is None:
            raise Illegal(
                "not_in_play", f"{card} is not in play, so its free action cannot be used", ("B-free-actions",)
            )
        if owner is not None and owner != player:
            raise Illegal("not_owner", f"{card} belongs to {owner}; only its owner may use it", ("R10",))
        return self._verify_use_of_own(player, card, answers)

    def _verify_use_of_own(self, player: str, card: Card, answers: Sequence[Any]) -> Play:
        """What is left once card is known to be a rule in play or one of player's own cards in
        play, and the game to go on."""
        turn = self.turn
        kind = kind_of(card)
        if player == turn.player and turn.phase in (Phase.ENDING, Phase.OVER) and not kind.any_time:
            cites = ("R18", "B-free-actions") if kind.needs_a_play(self.game, card) else ("B-free-actions",)
            raise Illegal(
                "turn_over", f"{player}'s turn is over: free actions close when the end-of-turn events begin", cites
            )
        if not kind.any_time and not self._in_free_action_time(player):
            raise Illegal(
                "not_your_turn",
                f"free actions are taken only during your own turn, and this is not {player}'s",
                ("B-free-actions",),
            )
        if self._uses_wait(player):  # (the game goes on: a compound Action resolves)
            raise Illegal(
                "compound_resolving",
                f"{self.temp_hands[-1].source.card} is still resolving: free actions wait until it is finished",
                ("R32", "Q-tag-draw2useem"),
            )
        return self._verify_kind_allows_use(player, card, answers, kind)

    def _uses_wait(self, player: str) -> bool:
        """Whether every free action of player's is closed now, whatever its card: the game is over
        (`verify_not_over`), or a compound Action resolves on her turn (its free actions wait
        until it is finished, R32)."""
        return bool(self.winner or self.ended or (self.temp_hands and player == self.turn.player))

    def _verify_kind_allows_use(self, player: str, card: Card, answers: Sequence[Any], kind: Kind) -> Play:
        """What the card's kind says of its use, the rest checked."""
        play = Play(player=player, card=card, event=self.event_no, answers=list(answers))
        kind.verify_use(self.game, play)
        return play

    def _in_free_action_time(self, player: str) -> bool:
        """Whether it is player's own turn, in the phases her free actions are open in (those that
        may be used any time are open outside it too: the callers ask that of the card)."""
        turn = self.turn
        return player == turn.player and turn.phase in _FREE_ACTION_TIME

    def usable(self, player: str) -> list[Card]:
        """The cards whose free action player may use now as they are (no stated choices): the rules
        and her own cards in play that `can_use` accepts."""
        return self.usable_by((player,))[0]

    def usable_by(self, players: Sequence[str]) -> list[list[Card]]:
        """`usable` for each of players, in their order (the listing asks it of every player at
        once: most have none), read a player at a time off the cards that grant a free action,
        kept with the effective rules (`derived.holding`: the rules in play, then each player's,
        in table order): in her own time each of them she may use, else those open any time."""
        game: GameView = self  # (`self.game` without the property's call)
        # (`derived.holding`, read in place: asked at every decision)
        holders = (self.table.clock.effective or derived.effective(game)).holders.get("verify_use", ())
        if not holders:
            return [[] for _ in players]
        # `_uses_wait` and `_in_free_action_time` of each player, with the game and the turn read
        # once: only the active player's free actions wait while a compound Action resolves.
        over, turn = self.winner or self.ended, self._turn
        usable: list[list[Card]] = []
        for player in players:
            found: list[Card] = []
            usable.append(found)
            if over or player == turn.player and self.temp_hands:
                continue
            her_time = player == turn.player and turn.phase in _FREE_ACTION_TIME
            for owner, card in holders:
                if owner is None:
                    if card.type is _GOAL:
                        continue  # (a Goal is held by no one like a rule, but grants none)
                elif owner != player:
                    continue
                kind = REGISTRY[card.kind]  # (`kind_of`, without the call)
                if not (her_time or kind.any_time) or not kind.may_use(game, card, player):
                    continue  # not in her time, or surely refused: no refusal built to say so, at some cost
                # What else `_verify_use_of_own` checks holds here: in her time her turn is not over.
                if kind.may_use_says_all or allowed(self._verify_kind_allows_use, player, card, (), kind):
                    found.append(card)  # (`may_use_says_all`: it said yes, no Play is built to ask again)
        return usable

    def can_use(self, player: str, card: Card, answers: Sequence[Any] = ()) -> bool:
        return allowed(self.verify_use, player, card, answers)

    def use(self, player: str, card: Card, answers: Sequence[Any] = (), *, verified: bool = False) -> None:
        """Use the free action card grants. `verified`: the use is one the game's decision listed,
        in the position it was listed in (`Playing.play`): it is not checked again."""
        if verified:
            play = Play(player=player, card=card, event=self.event_no, answers=list(answers))
        else:
            play = self.verify_use(player, card, answers)
        self.event_plays.append(play)
        self.turn.free_actions_used.add(card.name)
        self.last_use = play
        if kind_of(card).answerable_use:
            # The card stays where it is; only its use waits for answers.
            play.is_use = True
            self.turn.history.append(play)
            self.window = play
            self.step(rec.WindowOpened.of(card=card))
            return
        self._resolve(play, use=True)
        self.check_state()  # a free action changes the table directly, outside the agenda

    def is_optional_free_action(self, event: Any) -> bool:
        """A free action the active player may still take after her plays are done."""
        card = event.card
        return event.action == _USE and card is not None and self.is_optional_use(card)

    def is_optional_use(self, card: Card) -> bool:
        """Whether using card is a free action the active player may still take after her plays are
        done (asked of the cards before any event is made for them)."""
        return card.kind in REGISTRY and not kind_of(card).needs_a_play(self.game, card)
