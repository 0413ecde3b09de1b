"""Playing cards (a mixin of `Game`): `verify_play` / `can_play` / `playable` / `play` for a card
from the hand, the being-played zone a card sits in until it reaches its place (Keepers in front
of a player, Rules, discards), temporary hands of compound Actions, and plays from outside the
hand (`play_from`). Using a card in play (free actions) is engine/using.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from adjudicator.cards.kinds import kind_of
from adjudicator.cards.kinds.base import checks_unstated_play, plays_from_a_hand
from adjudicator.engine import derived
from adjudicator.engine.view import GameView
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.chance import first_copies
from adjudicator.model.errors import Illegal, allowed
from adjudicator.model.events import Action
from adjudicator.model.names import count_of
from adjudicator.model.position import Phase, Play, TempHand

#: How `playable` lists a card: never (no hand plays it), asked of its kind first, or as it is.
_NEVER, _ASKED, _AS_IT_IS = "never", "asked", "as it is"
#: (kind, type) -> how `playable` lists a card of that kind and type (`_how_listed`), and so how
#: `verify_play` checks one: the same for every card alike, so worked out once (a hand is read a
#: card at a time, on every decision).
_LISTED: dict[tuple[str, CardType], str] = {}


def _how_listed(card: Card) -> str:
    """How `playable` lists card, kept for its kind and type: never, a hand cannot play it
    (`plays_from_a_hand`); asked, its kind's `verify_play` may refuse a play of it that states no
    choice (`checks_unstated_play`); else as it is."""
    if not plays_from_a_hand(card):
        how = _NEVER
    elif checks_unstated_play(card):
        how = _ASKED
    else:
        how = _AS_IT_IS
    _LISTED[card.kind, card.type] = how
    return how


#: What the hot paths compare with, read once (an enum member read off its class costs a lookup).
_PLAY, _PLAY_OVER = Phase.PLAY, Phase.PLAY_OVER
_KEEPER, _CREEPER, _RULE = CardType.KEEPER, CardType.CREEPER, CardType.RULE
_GOAL, _SURPRISE = CardType.GOAL, CardType.SURPRISE


class Playing(GameView):
    """Playing a card, where it goes, temporary hands."""

    __slots__ = ()  # the fields are Game's (`view.GAME_FIELDS`)

    # ---------------------------------------------------------- being played
    def leave_being_played(self, play: Play) -> None:
        self.being_played.remove(play)

    def move_in_play(self, card: Card, source: str | None, target: str, why: str, rulings: tuple[str, ...]) -> None:
        """Move a Keeper or Creeper from one player's area to another's."""
        if source is None:
            return
        self.table.in_play[source].remove(card)
        self.table.in_play[target].append(card)
        self.step(rec.Moved.of(card=card, source=source, target=target, why=why, rulings=rulings))

    def discard(self, player: str | None, cards: Sequence[Card], why: str, rulings: tuple[str, ...]) -> None:
        """Player's cards, each in her hand or in front of her, go to the discard pile, logged (one
        step). None: nobody's, and nothing happens (a card that is no longer in front of anyone)."""
        if player is None:
            return
        hand, in_front = self.table.hands[player], self.table.in_play[player]
        for card in cards:
            (hand if card in hand else in_front).remove(card)
        self.discard_cards(cards)
        self.step(rec.Discarded.of(player=player, cards=tuple(cards), why=why, rulings=rulings))

    #: The names a limit's discard gives in its continuation (turns.py), which positions record.
    discard_from_hand = discard_from_play = discard

    def settle(self, play: Play) -> None:
        """The card played reaches its place, as its type says: a Keeper in front of its player, a
        New Rule among the rules (replacing its slot's), a Goal among the Goals, anything else (an
        Action, a Surprise) on the discard pile once it has done what it says."""
        card_type = play.card.type
        if card_type is _KEEPER or card_type is _CREEPER:
            self.leave_being_played(play)
            self.place_in_front(play.player, play.card, ("B-keeper-play",))
        elif card_type is _RULE:
            self.add_rule(play)
        elif card_type is _GOAL:
            self.set_goal(play)
        else:
            self.discard_played(play)

    def place_in_front(self, player: str, card: Card, rulings: tuple[str, ...] = ()) -> None:
        self.table.in_play[player].append(card)
        self.step(rec.KeeperPlaced.of(player=player, card=card, rulings=rulings))

    def discard_cards(self, cards: Iterable[Card]) -> None:
        """Put cards on top of the discard pile, the last one on top."""
        for card in cards:
            self.table.discard.insert(0, card)

    def add_rule(self, play: Play) -> None:
        card = play.card
        slot = getattr(kind_of(card), "slot", None)
        # A second copy of a rule (decks mixed) replaces its twin like a rule of its slot does (Q2219).
        twins = [r for r in self.table.rules if r.name == card.name]
        replaced = [r for r in self.table.rules if r in twins or (slot and getattr(kind_of(r), "slot", None) == slot)]
        for old in replaced:
            self.table.rules.remove(old)
        self.discard_cards(replaced)
        self.leave_being_played(play)
        self.table.rules.append(card)
        rulings: tuple[str, ...] = ("B-new-rule-immediate", *(("B-new-rule-replaces",) if replaced else ()))
        rulings += ("Q2219",) if twins else ()
        rulings += ("Q1420",) if not replaced and len(self.table.rules) > 1 else ()  # no cap on New Rules
        self.step(rec.RuleAdded.of(card=card, replaced=tuple(replaced), rulings=rulings))
        if twins and kind_of(card).holds_goals and len(self.table.goals) > 1:
            self._twin_agenda(play)

    def _twin_agenda(self, play: Play) -> None:
        """A second copy of Double Agenda over the first: the publisher has not ruled (Q2219 names it
        an exception, ruling to come). By default it replaces its twin and both Goals stay; under
        the `double_agenda_twin: rechoose` house rule its player picks the one Goal that stays."""
        if self.house_rules.double_agenda_twin != "rechoose":
            return
        self.ask(
            play.player,
            f"choose the Goal that stays ({play.card} was played over its twin: house rule double_agenda_twin)",
            list(self.table.goals),
            1,
            self.then(self._keep_goals),
            verbs=(Action.CHOOSE, Action.KEEP),
            rulings=("Q2219", *self.house_rules.cite("double_agenda_twin")),
            key="goal_slots",
        )

    # ------------------------------------------------------- temporary hands
    def open_temp_hand(self, play: Play, rulings: tuple[str, ...], basis: str = "") -> TempHand:
        """Set the real hand aside and draw the compound Action's temporary hand; how many it draws
        and plays is read from its card (`Kind.compound_terms`, with `basis`) now and whenever asked."""
        frame = TempHand(player=play.player, source=play, cards=[], basis=basis)
        draw, plays = frame.announced = derived.compound_terms(self, frame)
        frame.drawn = draw
        if self.temp_hands:  # opened inside another: this one is finished first
            rulings = (*rulings, "Q-tag-draw2useem")
        if derived.goals_read_hands(self):  # a temporary hand is not the hand a Goal counts
            rulings = (*rulings, "Q-tag-10cardsinhand-2")
        if derived.numeral_bonus(self, play.card):
            rulings = (*rulings, "B-inflation")
        self.temp_hands.append(frame)
        self.step(rec.TempHandOpened.of(player=play.player, source=play.card, plays=plays, rulings=rulings))
        self.draw(play.player, draw, into=frame.cards, why=f"{play.card}", rulings=rulings)
        return frame

    def keep_temp_hands_current(self) -> bool:
        """Everything happens at once (Q51): a rule that entered or left while compound Actions are
        under way changes them there and then, innermost first. One raised draws what its temporary
        hand now lacks and allows the plays it adds; one gone shrinks what is left to do, undoing
        nothing drawn or played. True when a card was drawn (the turn structure's step)."""
        drew = False
        for frame in reversed(self.temp_hands):
            terms = derived.compound_terms(self, frame)
            if terms == frame.announced:
                continue
            (draw, plays), (was_draw, was_plays) = terms, frame.announced
            frame.announced = terms
            card = frame.source.card
            raised = tuple(derived.effective(self).numeral_rules)
            cause = f"with {', '.join(map(str, raised))} in play" if raised else "with no rule raising its numbers"
            what = (
                f"{card} now counts as draw {draw}, play {plays} (it was draw {was_draw}, play {was_plays}) {cause}: "
                f"{frame.drawn} drawn and {frame.plays_made} played so far, "
                f"{count_of(max(0, draw - frame.drawn), 'card')} more to draw and "
                f"{count_of(max(0, plays - frame.plays_made), 'play')} left to make from it"
            )
            shrunk = draw < was_draw or plays < was_plays
            cites = ("Q51", "B-inflation", *(("Q334", "B-in-play") if shrunk else ()))
            self.note(what + ("; nothing drawn or played is undone" if shrunk else ""), cites)
            missing = draw - frame.drawn
            if missing > 0:
                frame.drawn = draw
                self.draw(
                    frame.player,
                    missing,
                    into=frame.cards,
                    why=f"{card} now draws {draw}: the missing card{'s' if missing > 1 else ''}, into its temporary hand",
                    rulings=("Q51", "B-inflation"),
                )
                drew = True
        return drew

    def _close_temp_hand(self, frame: TempHand | None = None) -> None:
        frame = frame or self.temp_hands[-1]
        self.temp_hands.remove(frame)
        leftovers = list(frame.cards)
        frame.cards.clear()
        self.discard_cards(leftovers)
        if frame.source in self.being_played:
            self.leave_being_played(frame.source)
            self.discard_cards([frame.source.card])
        self.step(
            rec.TempHandClosed.of(
                player=frame.player,
                source=frame.source.card,
                discarded=tuple(leftovers),
                rulings=("B-compound-action",),
            )
        )

    # -------------------------------------------------------------- playing
    def verify_play(self, player: str, card: Card, answers: Sequence[Any] = ()) -> Play:
        """Check that player may play card now; return the play, or raise Illegal."""
        # What every play from a hand needs, whatever the card: her play phase, the game going on
        # (`playable` asks the same without raising; `_refuse_out_of_play_phase` says why not).
        turn = self._turn  # (the turn itself: the property is a lookup and a call each read)
        if player != turn.player or turn.phase is not _PLAY or self.winner or self.ended:
            self._refuse_out_of_play_phase(player, card)
        frame = self.temp_hands[-1] if self.temp_hands else None
        if frame is not None:
            if card not in frame.cards:
                if card in self.table.hands[player]:
                    raise Illegal(
                        "must_play_from_temporary_hand",
                        f"{frame.source.card} is resolving: {player} must play from its temporary hand "
                        f"({', '.join(map(str, frame.cards))})",
                        ("B-compound-action",),
                    )
                raise Illegal("not_in_hand", f"{card} is not in {player}'s temporary hand", ("B-compound-action",))
        elif card not in self.table.hands[player]:
            raise Illegal("not_in_hand", f"{player} does not hold {card}", ("B-play-rule",))
        elif self.plays_left() == 0:
            raise self._no_plays_left(player, card, f"under {self.play_rule()}")
        # what depends on the card, once it is known to be in the hand it is played from: as
        # `playable` lists it (its kind is asked only when it may refuse what the play states)
        how = _LISTED.get((card.kind, card.type)) or _how_listed(card)
        if how == _NEVER:
            raise Illegal("not_playable", f"{card} cannot be played from a hand", ("B-creeper-placement",))
        if answers or how == _ASKED:
            return self._verify_kind_allows_play(player, card, answers, frame)
        return Play(player, card, self.event_no, [], frame is not None)  # (in field order: no keywords packed)

    def _refuse_out_of_play_phase(self, player: str, card: Card | None) -> NoReturn:
        """Why player may play nothing now, it not being her play phase (`verify_play`): the game is
        over, her play phase is, or it is not her turn."""
        self.verify_not_over()  # the game over: that is why
        turn = self.turn
        if player == turn.player:
            raise self._no_plays_left(player, card, "the play phase is over")
        if turn.phase is Phase.OVER:
            raise Illegal(
                "not_your_turn", f"it is not {player}'s turn: {self.next_player()} plays next", ("B-turn-order",)
            )
        # "Takes instant effect" on some New Rules does not let them be played when drawn
        instant = ("Q-tag-instantaneous-effect-1",) if card is not None and card.type is _RULE else ()
        raise Illegal("not_your_turn", f"it is {turn.player}'s turn, not {player}'s", ("B-turn-order", *instant))

    def _verify_kind_allows_play(self, player: str, card: Card, answers: Sequence[Any], frame: TempHand | None) -> Play:
        """What the card's kind says of its play, the rest checked."""
        play = Play(
            player=player, card=card, event=self.event_no, answers=list(answers), from_temp_hand=frame is not None
        )
        kind_of(card).verify_play(self, play)
        return play

    def playable(self, player: str) -> list[Card]:
        """The cards player may play now as they are (no stated choices), one copy of each card
        (`first_copies`): those of her hand or the temporary hand played from that `can_play` accepts."""
        turn = self._turn  # (as `verify_play` asks it first)
        if player != turn.player or turn.phase is not _PLAY or self.winner or self.ended:
            return []  # `verify_play` refuses every card
        frame = self.temp_hands[-1] if self.temp_hands else None
        if frame is None and self.plays_left() == 0:
            return []
        held = frame.cards if frame is not None else self.table.hands[player]
        catalog = self.scenario.catalog
        if not catalog.holds_copies and catalog.played_unasked.issuperset(held):
            return list(held)  # (most hands: each card listed as it is, and none a copy of another)
        playable = []
        for card in first_copies(held) if catalog.holds_copies else held:
            how = _LISTED.get((card.kind, card.type)) or _how_listed(card)
            if how == _AS_IT_IS:  # (most cards)
                playable.append(card)
            elif how == _ASKED and allowed(self._verify_kind_allows_play, player, card, (), frame):
                playable.append(card)
        return playable

    @staticmethod
    def _no_plays_left(player: str, card: Card | None, why: str) -> Illegal:
        if card is not None and card.type is _SURPRISE:
            return Illegal(
                "no_plays_left",
                f"{player} has no plays left ({why}); on her own turn a Surprise is "
                "one of her plays, and she cannot use it to cancel her own card",
                ("B-play-rule", "R49", "R50"),
            )
        return Illegal("no_plays_left", f"{player} has no plays left: {why}", ("B-play-rule",))

    def can_play(self, player: str, card: Card, answers: Sequence[Any] = ()) -> bool:
        return allowed(self.verify_play, player, card, answers)

    def play(self, player: str, card: Card, answers: Sequence[Any] = (), *, verified: bool = False) -> Play:
        """Play card from her hand (or the temporary hand). `verified`: the play is one the game's
        decision listed, in the position it was listed in (python-chess pushes a generated move
        unchecked): it is not checked again."""
        if verified:
            frame_now = self.temp_hands[-1] if self.temp_hands else None
            play = Play(
                player=player, card=card, event=self.event_no, answers=list(answers), from_temp_hand=bool(frame_now)
            )
        else:
            play = self.verify_play(player, card, answers)
        frame = self.temp_hands[-1] if play.from_temp_hand else None
        if frame is not None:
            frame.cards.remove(card)
            frame.plays_made += 1
            allowed = derived.compound_terms(self, frame)[1]
            counted = f"play {frame.plays_made} of {allowed} from {frame.source.card}"
            rulings: tuple[str, ...] = ("B-compound-action",)
        else:
            self.table.hands[player].remove(card)
            turn = self._turn  # (the turn itself: the property is a lookup and a call each read)
            turn.played += 1
            quota = derived.play_rule(self, turn.player)
            counted = (
                f"play {turn.played} under {quota}" if self.cited is None else ""
            )  # words for the log alone (`log`)
            whole_hand = ("B-play-all",) if quota.mode != "count" else ()
            rulings = ("B-play-rule", *whole_hand, *derived.bonus_rulings(self, player, "play"))
        return self._enter_being_played(play, counted, rulings)

    def _enter_being_played(self, play: Play, counted: str, rulings: tuple[str, ...]) -> Play:
        """The card leaves where it was for the being-played zone, and the window to answer it opens."""
        self.being_played.append(play)
        self._turn.history.append(play)
        self.event_plays.append(play)
        self.last_use = None
        self.step(rec.Played.of(player=play.player, card=play.card, counted=counted, rulings=rulings))
        self.window = play
        self.step(rec.WindowOpened.of(card=play.card))
        if (self.table.clock.effective or derived.effective(self)).goals_read_hands and not self.pending:
            # The card has left the hand whatever answers it: a Goal counting hands sees that at once (Q46).
            self.check_win()
        return play

    def discard_at_will(self, player: str, cards: Sequence[Any]) -> None:
        """House rule may_discard: on her own turn a player discards cards she names from her hand."""
        self.verify_not_over()
        cites = ("H-may_discard", "B-no-voluntary-discard")
        if not self.is_active(player) or self.turn.phase not in (_PLAY, _PLAY_OVER):
            raise Illegal("not_your_turn", f"{player} may discard at will only during her own turn", cites)
        hand = self.table.hands[player]
        stray = [str(c) for c in cards if c not in hand]
        if stray or not cards or len(set(map(id, cards))) != len(cards):
            raise Illegal(
                "bad_choice",
                f"{player} can discard only cards of her hand, each once ({', '.join(stray) or 'nothing named'})",
                cites,
            )
        self.discard(player, list(cards), "she chose to (house rule may_discard)", cites)
        self.check_state()
        self.run()

    def verify_not_over(self) -> None:
        if self.winner:
            raise Illegal("game_over", f"the game is over: {self.winner} has won", ("B-instant-win",))
        if self.ended:
            raise Illegal("game_over", f"the solo game is over: {self.ended}", ("B-solo",))

    # ------------------------------------------- plays from outside the hand
    def play_from(
        self,
        player: str,
        card: Card,
        source: str,
        *,
        counted: bool = False,
        answers: Sequence[Any] = (),
        rulings: tuple[str, ...] = (),
        came: str = "",
    ) -> Play:
        """Play a card that is not in player's hand (the top of the draw pile for Mystery Play,
        the discard pile for an Action that replays a card). The caller has already taken it
        from `source` (said in the log). It goes through the being-played zone and opens a
        response window like any play, and resolves when the window closes. `counted`: whether
        it uses up one of the turn's plays. Raises Illegal (nothing changed) when the card cannot
        be played or `answers` are not legal choices for it.

        `came`: how a card known only now came (`is turned up`, `is taken`: at random), so that its
        `answers` could not be checked before. When they do not fit it, the event tried first is
        refused with the reason; in the replay itself they are set aside and the card is played
        without them (its choices are asked)."""
        if came:
            try:
                return self.play_from(player, card, source, counted=counted, answers=answers, rulings=rulings)
            except Illegal as illegal:
                if self.trying:  # the event is tried first: choices that do not fit the card refuse it
                    raise Illegal(illegal.code, f"{card} {came}: {illegal.reason}", illegal.rulings) from None
                reason = f"the choices given do not fit {card} ({illegal.reason}): they are set aside"
                self.note(reason, illegal.rulings)
                return self.play_from(player, card, source, counted=counted, rulings=rulings)
        if not plays_from_a_hand(card):  # (nor from anywhere else)
            raise Illegal("not_playable", f"{card} cannot be played", ("B-creeper-placement",))
        play = Play(player=player, card=card, event=self.event_no, answers=list(answers), played_from=source)
        kind_of(card).verify_play(self, play)
        if card.type is _SURPRISE:
            rulings += ("R06",)  # played at once by its own player: its in-turn use, never a cancel
        if counted:
            self.turn.played += 1
            how = f"from {source}; play {self.turn.played} under {self.play_rule()}"
        else:
            how = f"from {source}; not counted as a play"
        if self.turn.phase is _PLAY_OVER and player == self.turn.player:
            # Plays were done: the phase reopens while the card is played; the turn structure closes it
            # again once nothing is left to play (a flipped Play rule or Jackpot! may give more).
            self.turn.phase = _PLAY
        return self._enter_being_played(play, how, rulings)
