"""The response chain: Surprises answering a card being played (a mixin of `Game`).

A play opens a response window (`Game.window`); Surprises answering it stack up in
`Game.responses`, each one answering the card below it (`verify_respond` / `respond`). When
the window closes, the chain resolves by toggling (R28): the top answer stands and each card
below it is canceled by the one above, then the card resolves if it still stands. Answers
that come too late (R44, R11), with nothing to cancel (R25), from the wrong hand (R56) or
against one's own card (R49, R50) are illegal with those rulings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from adjudicator.cards.kinds import REGISTRY, kind_of
from adjudicator.cards.kinds.base import continuation, has_hook
from adjudicator.engine.view import GameView
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.errors import Illegal, allowed
from adjudicator.model.position import Phase, Play, Then

#: What the hot paths compare with, read once (an enum member read off its class costs a lookup).
_START, _PLAY, _PLAY_OVER, _OVER = Phase.START, Phase.PLAY, Phase.PLAY_OVER, Phase.OVER
_SURPRISE = CardType.SURPRISE


def answers_chain(
    game: GameView, player: str, active: str, phase: Phase, window: Play | None, top: Play | None
) -> bool:
    """Whether a Surprise player plays is read as an answer to the chain where the turn is
    active's, in phase, window the card played open to answers and top the card a Surprise
    answers (`chain_top`): `surprise_answers` as the game stands, or as it stood (a decision keeps
    those before the steps it takes, `deciding.Before`)."""
    if player == active and phase is not _OVER:
        return top is not None and top.aimed_at == player  # (`is_active`: only to counter a Surprise aimed at her card)
    if window is not None or phase is _START or phase is _PLAY:
        return True
    return phase is _PLAY_OVER and game.house_rules.surprise_window == "end_of_turn"


class ResponseChain(GameView):
    """The response window and the chain of answers on it."""

    __slots__ = ()  # the fields are Game's (`view.GAME_FIELDS`)

    def close_window(self) -> None:
        """The chance to respond is over: every open window closes, innermost first (a card
        that a resolution plays at once, `play_from`, opens a window of its own)."""
        while self.window is not None:
            self.close_one_window()

    def close_one_window(self) -> None:
        """The chain on the open window resolves, then the card being played, if it still
        stands. Toggling (R28): the top answer stands, and each card below it is canceled by
        the one above it, so an even number of answers leaves the card in effect."""
        play = self.window
        if play is None:
            return
        if self.winner:  # won while the card was being played (Q46): the game is over, nothing resolves
            self.window = None
            return
        responses = self.responses
        self.window = None
        if responses:  # (most cards go unanswered: the empty list stays)
            self.responses = []
        landed = play is self.reopened  # answered late: it resolved long ago and does not resolve again
        self.reopened = None
        self.step(rec.WindowClosed.of(card=play.card, landed=landed))
        tasks: list[Then] = []
        stands = not landed
        if responses:  # (most cards go unanswered)
            canceled: set[int] = set()
            chain = [play, *responses]
            for above, below in reversed(list(zip(chain[1:], chain, strict=False))):
                if id(above) in canceled:
                    continue  # canceled itself: it has no effect, and the card below it stands
                canceled.add(id(below))
                tasks.append(self.then(self._cancel_by, above, below))
            stands = stands and id(play) not in canceled
        if stands:
            use = play.is_use
            # (most kinds' cards are where they belong once resolved)
            finish = not use and has_hook(play.card, "finish")
            if not (tasks or finish or self.agenda):
                # the card resolving is all that is due (the commonest close): taken at once, as `run`
                # would take it next (`do_next`), with no continuation made for it
                self.do_next(self._resolve, play, use)
                self.run()
                return
            tasks.append(self.then(self._resolve, play, use))
            if finish:
                kind = REGISTRY[play.card.kind]  # (`kind_of`, without the call)
                tasks.append(kind.then(kind.finish, play))
        self.schedule(*tasks)
        self.run()

    @continuation
    def _resolve(self, play: Play, use: bool = False) -> None:
        """The card's kind does what the play (`resolve`) or, `use`, the free action (`use`) says;
        meanwhile its `->` answers are the ones `ask` reads."""
        kind = REGISTRY[play.card.kind]  # (`kind_of`, without the call: every card resolving asks)
        self.resolving = play
        try:
            (kind.use if use else kind.resolve)(self, play)
            if play.answers:
                # What the card did may make a rule ask its player more (a stolen War: where does
                # Peace go?): the state-based check runs now, so its stated answers go on in order.
                self.check_state()
        finally:
            self.resolving = None

    def discard_played(self, play: Play) -> None:
        """An Action that has done what it says goes to the discard pile."""
        if play in self.being_played:
            self.leave_being_played(play)
            self.discard_cards([play.card])

    # ------------------------------------------------------------- responses
    def chain_top(self) -> Play | None:
        """The card a Surprise played now would answer: the latest answer, or the card played."""
        return self.responses[-1] if self.responses else self.window

    def is_active(self, player: str) -> bool:
        return player == self.turn.player and self.turn.phase is not _OVER

    def is_response(self, player: str, card: Card) -> bool:
        """Whether a Surprise played now answers the chain rather than being one of the plays of
        the turn: always out of turn while the turn is under way; on your own turn only to
        counter a Surprise aimed at your card (R49)."""
        return card.type is _SURPRISE and self.surprise_answers(player)

    def surprise_answers(self, player: str) -> bool:
        """Whether a Surprise that player plays now is read as an answer to the chain (`is_response`)."""
        turn, window = self.turn, self.window
        return answers_chain(
            self, player, turn.player, turn.phase, window, self.responses[-1] if self.responses else window
        )

    def verify_respond(self, player: str, card: Card, answers: Sequence[Any] = ()) -> Play:
        """Check that player may answer the top of the chain with card; return the answer."""
        self.verify_not_over()
        frame = self.temp_hands[-1] if self.temp_hands and self.is_active(player) else None
        if card not in self.table.hands.get(player, ()) and not (frame and card in frame.cards):
            raise self._not_held(player, card)
        top = self.chain_top()
        if top is None:
            raise self._nothing_to_answer(player, card)
        if top.player == player:
            raise Illegal("own_card", f"{player} cannot cancel {player}'s own {top.card}", ("R49",))
        if self.is_active(player) and top.aimed_at != player:
            raise Illegal(
                "own_turn",
                f"on {player}'s own turn a Surprise cancels only a Surprise aimed at "
                f"{player}'s card, and {top.card} is not",
                ("R49", "R50"),
            )
        response = Play(
            player=player,
            card=card,
            event=self.event_no,
            answers=list(answers),
            from_temp_hand=frame is not None and card in frame.cards,
            responds_to=top,
        )
        named = self._named_target(player, response.answers)
        if named is not None:
            if named is not top.card:  # it names a card of this turn other than the one it can answer now
                raise self._too_late(player, card, exclude=top, named=named) or Illegal(
                    "bad_choice", f"{card} can answer {top.card} now, not {named}", ("R44",)
                )
            del response.answers[0]  # `-> CARD`: the card it answers, used
        try:
            kind_of(card).verify_response(self, response)
        except Illegal as illegal:
            raise self._too_late(player, card, exclude=top) or illegal from None
        return response

    def can_respond(self, player: str, card: Card, answers: Sequence[Any] = ()) -> bool:
        top = self.chain_top()
        if not answers and top is not None and not kind_of(card).may_respond(self, card, player, top):
            return False  # surely refused (`verify_respond` would work out why, at some cost)
        return allowed(self.verify_respond, player, card, answers)

    def respond(self, player: str, card: Card, answers: Sequence[Any] = ()) -> Play:
        response = self.verify_respond(player, card, answers)
        target = response.responds_to
        assert target is not None
        if response.from_temp_hand:
            self.temp_hands[-1].cards.remove(card)  # the temporary hand keeps its plays (R55)
        else:
            self.table.hands[player].remove(card)
        self.being_played.append(response)
        self.responses.append(response)
        self.event_plays.append(response)
        cites: tuple[str, ...] = ("B-surprises",)
        if self.is_active(player):
            cites += ("R17", "R53") + (("R55",) if response.from_temp_hand else ())
        if target.responds_to is not None:
            cites += ("R34",)  # a Surprise answering a Surprise; anyone may join either side
        if target.played_from is not None:
            cites += ("R26",)  # a card played at once (a flip) can be answered like any other
        self.step(
            rec.Responded.of(player=player, card=card, target_player=target.player, target=target.card, rulings=cites)
        )
        return response

    def _named_target(self, player: str, answers: Sequence[Any]) -> Card | None:
        """The card a Surprise's answer names as the one it answers (`Bob plays That's Mine -> The
        Sun`): a first choice naming a card another player played this turn, or None."""
        first = answers[0] if answers else None
        if not isinstance(first, Card):
            return None
        played = (p.card for p in self.turn.history if p.player != player and not p.is_use)
        return first if any(first is c for c in played) else None

    def waits_for_played_card(self) -> bool:
        """A Surprise that cannot answer the open card waits for the card that card will play
        at once (Use What You Take, Let's Do That Again!), when nobody has answered it yet."""
        return self.window is not None and not self.responses and kind_of(self.window.card).plays_a_card

    @continuation
    def _cancel_by(self, response: Play, target: Play) -> None:
        self.resolving = response
        try:
            kind_of(response.card).cancel(self, response, target)
        finally:
            self.resolving = None
        self.discard_played(response)

    def cancel_play(
        self, target: Play, by: Play, outcome: str, rulings: tuple[str, ...], to_player: str | None = None
    ) -> None:
        """A card in the chain is canceled: it goes to the discard pile, or in front of to_player.
        A canceled free action only loses its effect: the card granting it stays in play."""
        if not target.is_use:
            if target in self.being_played:
                self.leave_being_played(target)
            else:
                self._take_back(target.card)  # it had landed (house rule surprise_window: end_of_turn)
            if to_player is None:
                self.discard_cards([target.card])
            else:
                self.table.in_play[to_player].append(target.card)
        self.step(
            rec.Canceled.of(
                player=target.player,
                card=target.card,
                by_player=by.player,
                by=by.card,
                outcome=outcome,
                rulings=rulings,
            )
        )

    def _take_back(self, card: Card) -> None:
        """Take a card that has landed off the table, to be canceled after all."""
        for zone in (self.table.rules, self.table.goals, *self.table.in_play.values()):
            if card in zone:
                zone.remove(card)
                return

    def reopen_for_late_answer(self, player: str, card: Card, answers: Sequence[Any] = ()) -> bool:
        """House rule surprise_window: end_of_turn: a Surprise that is officially too late (R44) may
        still answer a card played earlier this turn while that card is where its play put it (an
        Action's effects are done and cannot be undone). The open chain resolves first, then the
        window on that card opens again. True when it did."""
        if self.house_rules.surprise_window != "end_of_turn" or self.is_active(player) or self.reopened:
            return False
        named = self._named_target(player, answers)  # `-> The Sun`: that card, not the latest one
        if self._late_target(player, card, exclude=self.window, named=named) is None:
            return False
        self.close_window()
        earlier = self._late_target(player, card, named=named)
        if earlier is None or self.winner or self.pending:
            return False
        self.window = self.reopened = earlier
        self.note(
            f"{card} answers {earlier.card}, played earlier this turn: under the house rule "
            "surprise_window: end_of_turn it is not too late",
            ("H-surprise_window", "R44"),
        )
        self.step(rec.WindowOpened.of(card=earlier.card))
        return True

    def _late_target(
        self, player: str, card: Card, exclude: Play | None = None, named: Card | None = None
    ) -> Play | None:
        """The latest card of this turn (the one `named`, if any), still on the table, that card
        could have answered."""
        landed = [*self.table.rules, *self.table.goals, *(c for z in self.table.in_play.values() for c in z)]
        return self._answerable_earlier(
            player, card, exclude, lambda earlier: not earlier.is_use and earlier.card in landed, named
        )

    def _answerable_earlier(
        self,
        player: str,
        card: Card,
        exclude: Play | None = None,
        still: Callable[[Play], bool] = lambda earlier: True,
        named: Card | None = None,
    ) -> Play | None:
        """The latest play of this turn by another player (not `exclude`, and `still` true of it;
        the play of the card `named`, if given) that card could have answered at the time."""
        for earlier in reversed(self.turn.history):
            if earlier is exclude or earlier.player == player or not still(earlier):
                continue
            if named is not None and earlier.card is not named:
                continue
            trial = Play(player=player, card=card, event=self.event_no, responds_to=earlier)
            try:
                kind_of(card).verify_response(self, trial)
            except Illegal:
                continue
            return earlier
        return None

    def _not_held(self, player: str, card: Card) -> Illegal:
        window = self.window
        holder = next((p for p in self.players if card in self.table.hands[p]), None)
        if window is not None and holder is not None and kind_of(window.card).hands_over:
            return Illegal(
                "not_in_hand",
                f"{player} does not hold {card}: it is in {holder}'s hand, and a card "
                f"that {window.card} hands over arrives only after it has resolved, too late to "
                "answer it",
                ("R56",),
            )
        return Illegal("not_in_hand", f"{player} does not hold {card}", ("R56",) if holder else ("B-surprises",))

    def _nothing_to_answer(self, player: str, card: Card) -> Illegal:
        late = self._too_late(player, card)
        if late is not None:
            return late
        if self.last_use is not None:
            return Illegal(
                "nothing_to_cancel",
                f"{card} has nothing to cancel: {self.last_use.card} was used as a "
                "free action, which is not a card being played",
                ("R23", "R25"),
            )
        return Illegal(
            "nothing_to_cancel",
            f"{card} has nothing to cancel: no card is being played now, and "
            "a Surprise is never played out of turn just to get rid of it",
            ("R25",),
        )

    def _too_late(
        self, player: str, card: Card, exclude: Play | None = None, named: Card | None = None
    ) -> Illegal | None:
        """R44: the Surprise could have answered a card played earlier this turn (the one `named`,
        if given), but its moment is gone."""
        earlier = self._answerable_earlier(player, card, exclude, named=named)
        if earlier is not None:
            return Illegal(
                "too_late",
                f"too late: {card} had to answer {earlier.card} at once; once another "
                "card is played or its effects go on, it can no longer be canceled",
                ("R44", "R11"),
            )
        return None
