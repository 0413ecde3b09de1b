"""The turn structure (a mixin of `Game`): draws, beginning a turn, the draw phase, ending and
passing the turn, who plays next, the hand and Keeper limits, players joining and leaving, and
the plays a rule forces.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from adjudicator.cards.kinds import kind_of
from adjudicator.cards.kinds.base import continuation
from adjudicator.engine import chance, derived, solo
from adjudicator.engine.view import GameView
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.errors import Illegal
from adjudicator.model.events import Action
from adjudicator.model.position import Phase, Turn

#: What the hot paths compare with, read once (an enum member read off its class costs a lookup).
_CREEPER, _ACTION = CardType.CREEPER, CardType.ACTION
_TYPE = operator.attrgetter("type")  # (read in C: no generator to run over the cards drawn)
_START, _PLAY, _ENDING, _OVER = Phase.START, Phase.PLAY, Phase.ENDING, Phase.OVER
_LIMIT_VERBS = (Action.DISCARD, Action.KEEP)  # how a limit's discard is answered


class TurnStructure(GameView):
    """Draws, the turn from its start to who plays next, the limits, seats, forced plays."""

    __slots__ = ()  # the fields are Game's (`view.GAME_FIELDS`)

    # ------------------------------------------------------------------ draws
    def draw(
        self,
        player: str,
        n: int,
        *,
        why: str,
        counted: bool = False,
        into: list[Card] | None = None,
        rulings: tuple[str, ...] = (),
        log: bool = True,
    ) -> list[Card]:
        """Draw n cards that are not Creepers. A Creeper drawn goes in front of the player
        at once and is replaced; it never counts as a draw."""
        got: list[Card] = []
        creepers = 0
        pile = self.table.draw_pile
        while len(got) < n:
            wanted = n - len(got)
            if wanted > 1 and len(pile) >= wanted:
                top = pile[:wanted]
                if _CREEPER not in map(_TYPE, top):
                    del pile[:wanted]  # none of them a Creeper: all taken in one move
                    got += top
                    break
            card = self._take_top(mid_draw=bool(got or creepers))
            if card is None:
                # Both piles empty: draw what there is and carry on (Q88); Solo Fluxx ends instead.
                exhausted = ("B-reshuffle",) if solo.is_solo(self) else ("B-reshuffle", "Q88")
                self.step(rec.PilesExhausted.of(player=player, missing=n - len(got), rulings=exhausted))
                break
            if card.type is _CREEPER:
                creepers += 1
                self.table.in_play[player].append(card)
                # a Creeper drawn for an Action goes to the active player, who draws again (R40)
                for_action = (
                    ("R40",)
                    if self.resolving and self.resolving.card.type is _ACTION and player == self._turn.player
                    else ()
                )
                self.step(
                    rec.CreeperPlaced.of(
                        player=player,
                        card=card,
                        rulings=tuple(dict.fromkeys(("B-creeper-placement", "R20", *for_action, *rulings))),
                    )
                )
                continue
            got.append(card)
        if got:  # (both piles may be empty: then nothing moves, and the clock stands)
            (self.table.hands[player] if into is None else into).extend(got)
        if counted:
            self._turn.drawn += len(got)
        if log and (got or not creepers):
            # the whole counted draw, Creepers and replacements included, is one step before any win check (R03)
            if creepers:
                rulings = (*rulings, *(("R41",) if creepers > 1 else ()), *(("R03",) if counted else ()))
            self.step(
                rec.Drew.of(
                    player=player,
                    cards=tuple(got),
                    why=why,
                    counted=counted,
                    into="hand" if into is None else "the temporary hand",
                    rulings=rulings,
                )
            )
        return got

    def _take_top(self, mid_draw: bool = False) -> Card | None:
        table = self.table
        draw_pile = table.draw_pile
        if not draw_pile:
            if solo.is_solo(self):
                solo.main_deck_empty(self)  # Solo Fluxx: no reshuffle, the game is over
                return None
            if not table.discard:
                return None
            pile = table.discard[:]
            table.discard.clear()
            draw_pile.extend(pile)
            # Only when a card is needed now (an exactly emptied pile waits); a draw cut short goes on (Q-tag-draw).
            self.step(
                rec.Reshuffled.of(count=len(pile), rulings=("B-reshuffle", *(("Q-tag-draw",) if mid_draw else ())))
            )
            chance.shuffle(self, draw_pile, what="the new draw pile", how=chance.SHUFFLED_HOW, rulings=("B-reshuffle",))
        return draw_pile.pop(0)

    # ------------------------------------------------------------ the turn
    @continuation
    def begin_turn(self, player: str) -> None:
        prev = self._turn
        extra = prev.extra_turns[0] if prev.player == player and prev.extra_turns else None
        self.turn = Turn(
            player=player,
            phase=_START,
            began_empty_handed=not self.table.hands[player],
            extra_turns=prev.extra_turns[1:] if extra else [],
            granted_by=(*prev.granted_by, extra) if extra else (),
            begun_by=self.event_no,
        )
        self.step(rec.TurnBegan.of(player=player, rulings=("B-turn-order",)))
        if extra:
            self.note(f"this is the extra turn {extra} gave {player}", ("B-turn-order",))
        for owner, card in derived.holding(self, "on_turn_start"):
            kind_of(card).on_turn_start(self, card, owner)
        self.check_state()  # a start-of-turn event may change the table (Death): a win check before the draw
        self.do_next(self._draw_phase)

    @continuation
    def _draw_phase(self) -> None:
        if self.winner:
            return  # a start-of-turn event decided the game
        player = self._turn.player
        for _owner, card in derived.holding(self, "before_draw_phase"):
            kind_of(card).before_draw_phase(self, card, player)
        n = derived.draw_rule(self, player)
        why = ""
        if self.cited is None:  # (`log`, read without a call) the sentence is written to the log alone
            bonus, source = derived.bonus_explained(self, player, "draw")  # a draw above the Draw rule
            why = f"draw phase (Draw {n}" + (f": the Draw rule's {n - bonus}, plus {source})" if bonus else ")")
        # The whole draw phase is one event: the win check runs only after it (R03).
        self.draw(
            player,
            n,
            counted=True,
            why=why,
            rulings=("B-draw-rule", *derived.bonus_rulings(self, player, "draw")),
        )
        self._turn.phase = _PLAY

    def end_turn(self, why: str | None = None, rulings: tuple[str, ...] = ()) -> None:
        """Start the end-of-turn events: the active player complies with the limits, then the turn passes.

        `why` (with its `rulings`) says which card ends the turn early; the limits still apply (R36)."""
        self._turn.phase = _ENDING
        if why:
            self.note(why, ("B-turn-order", *rulings))
            # The order-of-events sheet: do what the card says, check for a win, then the end-of-turn events.
            self.check_state()
            if self.winner:
                return
        for frame in reversed(self.temp_hands):  # a turn that ends mid-compound drops the temporary hands
            self._close_temp_hand(frame)
        clock = self.table.clock
        if (
            (clock.effective or derived.effective(self)).limit_slots
            or self._state_checked != clock.rule_ticks
            or self.agenda
            or self.winner
            or self.stopped
            or self.ended
            or self.pending
        ):
            limits = ("B-limits-end-of-turn", "R36") if why else ("B-limits-end-of-turn",)
            self.do_next(self._enforce_active_limits, limits)
        # (else, taken at once -- `do_next`'s gate open -- it would find no limit to enforce, and the
        # state-based check after it nothing changed: the commonest end of a turn leaves it out)
        self.do_next(self._pass_turn)  # (scheduled when a limit asks for a discard: it waits for the answer)
        if self.agenda or self.winner or self.ended:  # (else both were taken at once: `run` would find nothing)
            self.run()

    @continuation
    def _pass_turn(self) -> None:
        player = self._turn.player
        self._turn.phase = _OVER
        limit = derived.limit(self, "hand_limit", player)  # (None: no Hand Limit in play)
        # a hand under the Hand Limit stays as it is: a limit is a ceiling, nobody draws up to it
        under = ("Q1644",) if limit is not None and len(self.table.hands[player]) < limit else ()
        following = self.next_player()
        self.step(rec.TurnEnded.of(player=player, next_player=following, rulings=("B-turn-order", *under)))
        if not self._turn.extra_turns:  # (with nobody to miss a turn, the next player plays next)
            self._turn.next_up = self._who_plays_next(following) if self.table.skips else following
        if solo.is_solo(self):
            solo.after_turn(self)

    def _who_plays_next(self, candidate: str) -> str:
        """Missed turns: whether a player misses the turn is decided when it comes round (R09)."""
        for _ in range(len(self.players)):
            card = self.table.skips.pop(candidate, None)
            if card is None:
                break
            keeper = kind_of(card).excuses(self, card, candidate)
            if keeper is not None:
                self.note(
                    f"{candidate} has {keeper} now that the turn comes round, so {card} does not make "
                    f"{candidate} miss it",
                    ("R09",),
                )
                break
            self.note(f"{candidate} misses this turn ({card})", ("R09",))
            candidate = self.next_player(candidate)
        return candidate

    @continuation
    def _enforce_active_limits(self, rulings: tuple[str, ...]) -> None:
        self._enforce_limits(self._turn.player, rulings)

    def _enforce_limits(self, player: str, rulings: tuple[str, ...]) -> None:
        # (`limit_slots`, read off the rules in place: asked for each player at every state-based check)
        for slot in (self.table.clock.effective or derived.effective(self)).limit_slots:
            limit = derived.limit(self, slot, player)
            zone: list[Card]
            if slot == "hand_limit":
                zone = self.table.hands[player]
            elif not self.pending and (limit is None or len(self.table.in_play[player]) <= limit):
                continue  # (as below) no more cards in front of her than the limit, Keepers or not
            else:
                zone = self.table.keepers_of(player)
            if not self.pending and (limit is None or len(zone) <= limit):
                continue  # the common case: within the limit, and no discard asked to withdraw
            key = (slot, player)
            label, discard = (
                ("Hand Limit", "discard_from_hand") if slot == "hand_limit" else ("Keeper Limit", "discard_from_play")
            )
            waiting = self.waiting(key)
            if waiting is not None:
                if list(waiting.options) == list(zone):
                    continue  # asked already, of the cards she still has
                self.pending.remove(waiting)  # the cards changed under it (a Solo Goal scored them): ask anew
                if limit is None or len(zone) <= limit:
                    self.note(
                        f"{player} is no longer over the {label}: the discard it asked is withdrawn", waiting.rulings
                    )
            if limit is None or len(zone) <= limit:
                continue
            excess = len(zone) - limit
            cites = (*rulings, "R64") if slot == "keeper_limit" and self.table.creepers_of(player) else rulings
            self.ask(
                player,
                f"comply with the {label} of {limit}: discard {excess}",
                zone,
                excess,
                self.then(self._discard_chosen, discard, player, f"{label} {limit}", cites),
                verbs=_LIMIT_VERBS,
                keep_means_complement=True,
                rulings=cites,
                key=key,
            )

    @continuation
    def _discard_chosen(self, how: str, player: str, why: str, rulings: tuple[str, ...], cards: list[Card]) -> None:
        """A limit's discard, once chosen: `how` names discard_from_hand or discard_from_play."""
        discard = self.discard_from_hand if how == "discard_from_hand" else self.discard_from_play
        discard(player, cards, why, rulings)

    # -------------------------------------------------- joining and leaving
    def join(self, player: str) -> None:
        self.verify_not_over()
        if player in self.players:
            raise Illegal("already_playing", f"{player} is already in the game", ("B-jump-in",))
        if solo.is_solo(self):
            raise Illegal("solo_game", f"Solo Fluxx is played alone: {player} cannot jump in", ("B-solo",))
        last = self.players[-1]
        self.players.append(player)
        self.table.hands[player] = []
        self.table.in_play[player] = []
        self.step(rec.Joined.of(player=player, seat_after=last, rulings=("B-jump-in",)))
        self.draw(
            player, self.basic("deal"), why="jumping in", rulings=("B-jump-in", *self.house_rules.cite("starting_hand"))
        )
        self.check_state()  # the newcomer's hand is under the limits at once
        self.run()

    def drop_out(self, player: str) -> None:
        self.verify_not_over()
        if player not in self.players:
            raise Illegal("not_playing", f"{player} is not in the game", ("B-drop-out",))
        if len(self.players) == 1:
            raise Illegal("last_player", f"{player} is the last player", ("B-drop-out",))
        was_active = player == self.turn.player and self.turn.phase is not Phase.OVER
        following = self.next_player(player)
        cards = self.table.hands.pop(player) + self.table.in_play.pop(player)
        self.table.skips.pop(player, None)
        self.pending = [c for c in self.pending if c.player != player]
        self.discard_cards(cards)
        self.players.remove(player)
        self.step(rec.DroppedOut.of(player=player, cards=tuple(cards), rulings=("B-drop-out",)))
        if player == self.turn.player:
            for frame in list(self.temp_hands):
                self._close_temp_hand(frame)
            # The turn token moves on to whoever sat after the player who left.
            self.turn = Turn(player=following, phase=Phase.START)
            if was_active:
                self.begin_turn(following)
            else:
                self.turn = Turn(player=self.players[self.players.index(following) - 1], phase=Phase.OVER)
        self.check_state()  # the cards gone may decide a win (a blocking Creeper left)
        self.run()

    # ------------------------------------------------- plays the rules force
    def make_forced_plays(self) -> None:
        """Make the plays that rules in play force on the active player now (First Play Random),
        once what is due first is done (`run`). The replay calls this before each event that is
        not a free action of the active player, and when the events run out, so free actions may
        still come first. Like any play, the forced play opens a response window: a Surprise of
        another player answers it."""
        if not self.rested():  # (most often it came to rest in the push before, and nothing happened since)
            self.run()
        if self._turn.phase is not _PLAY:
            return
        # The rules whose kind forces plays, kept with the effective rules (in table order): asked
        # first, as most tables hold none and the rest of the gate need not be read then.
        forcing = (self.table.clock.effective or derived.effective(self)).holders.get("forced_play")
        if not forcing or (
            self.window
            or self.pending
            or self.winner
            or self.stopped
            or self.ended
            or self.being_played
            or self.temp_hands
        ):
            return
        turn = self._turn
        for _owner, rule in forcing:
            forced = kind_of(rule).forced_play(self, rule)
            if forced is None:
                continue
            card, why, rulings = forced
            answers = self._state_the_pick(rule, card, rulings)
            self.note(why, rulings)
            if card.is_unknown:
                self.halt(f"{rule} picked a `?` card from {turn.player}'s hand: name the cards in it", rulings)
                return
            self.play(turn.player, card, answers)
            return

    def forced_play_picks(self) -> Sequence[Card]:
        """The cards a play a rule forces now is picked from at random (First Play Random): those
        of the rule `make_forced_plays` would ask first. None: no rule forces a play now."""
        for _owner, rule in derived.holding(self, "forced_play"):
            kind = kind_of(rule)
            if kind.forces_play(self, rule):
                return kind.forced_play_from(self, rule)
        return ()

    def _state_the_pick(self, rule: Card, card: Card, rulings: tuple[str, ...]) -> list[Any]:
        """A forced play picked at random (First Play Random): the card `P plays CARD at random`
        states (the rule picks it when it is in the hand), or one the seed drew. The choices of
        the event that states it are the play's."""
        player, stated = self.turn.player, self.stated_at_random
        answers, self.stated_at_random, self.at_random_answers = self.at_random_answers, None, []
        if stated is not None and card is not stated:
            hand = self.table.hands[player]
            chance.refuse(self, f"{player} has no {stated}: {player}'s hand is {chance.names(hand)}", rulings)
        self.step(
            rec.Chance.of(
                what=f"the card {rule} picks for {player}'s play",
                outcome=str(card),
                stated=card is stated,
                how=chance.forced_play_how(player),
                rulings=rulings,
            )
        )
        return answers if stated is not None else []
