"""The order in which a game takes events (SCENARIO_FORMAT.md, "Order of processing").

`Game.push(event)` is the one entry point, like python-chess's `Board.push`: a Surprise that
answers the open chain is judged before the window closes; any other event first closes the
window (the chain resolves), lets every forced step run, is taken as the answer to a pending
choice if it is one, ends the turn or begins the next one when it needs that, and only then
is applied. An illegal event is logged as rejected and changes nothing. The events pushed
so far are the game's `move_stack`; `finish()` is what happens when they run out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.cards.kinds import kind_of
from adjudicator.engine.actions import HANDLERS
from adjudicator.engine.advancing import DECLINING, come_to_rest, declinable, go_on, stamp
from adjudicator.engine.copies import bind_copies, names_copies
from adjudicator.engine.trial import take_tried
from adjudicator.engine.undoing import Record
from adjudicator.engine.view import GameView
from adjudicator.model import records as rec
from adjudicator.model.cards import CardType
from adjudicator.model.errors import Illegal
from adjudicator.model.events import ANSWERS, VERB_OF, Action
from adjudicator.model.position import Phase

if TYPE_CHECKING:
    from adjudicator.model.cards import Card
    from adjudicator.model.events import Event
    from adjudicator.model.position import PendingChoice, Play


#: What the hot paths compare with, read once (an enum member read off its class costs a lookup).
_JOIN, _DECLINE, _PLAY, _USE = Action.JOIN, Action.DECLINE, Action.PLAY, Action.USE
_BEGIN_TURN, _SPELL, _DROP_OUT = Action.BEGIN_TURN, Action.SPELL, Action.DROP_OUT
_PLAY_PHASE, _PLAY_OVER, _OVER, _SURPRISE = Phase.PLAY, Phase.PLAY_OVER, Phase.OVER, CardType.SURPRISE


class EventOrder(GameView):
    """The event-taking half of `Game` (a mixin: it works on the game's own state)."""

    __slots__ = ()  # the fields are Game's (`view.GAME_FIELDS`)

    def push(self, event: Event, finishing: bool = False, following: Event | None = None) -> None:
        """Take one event, in the order the contract fixes. `finishing`: no event follows it, the
        game is finished next (a replay's last event); `following`: the event pushed next, nothing
        done to the game or read of it in between (a replay's). Either way, a card left open to
        answers that comes next resolves as it would then (engine/trial.py)."""
        # One the game's decision listed, in the position it was listed in: applied as listed,
        # its card bound and its legality known (`Handler.apply`).
        decided = self._decided
        listed = (
            decided is not None
            and (decided.events.last is event or decided.events.handed_out(event))  # (the last read: no call)
            and decided.stamp == stamp(self)
        )
        if not listed and decided is not None and decided.moved:
            # Any other event is judged where the last push left the game, as a replay of the events
            # judges it: the forced steps the decision took for reading are taken back first.
            if decided.since is None:
                raise ValueError(
                    f"{event.text}: not an event of the decision read, whose forced steps this game cannot "
                    "take back (made with undo=False, or a copy): push events read off the decision, "
                    "or make the game with undo=True"
                )
            decided.since.take_back(self)
        if self.undo is not None:
            self.undo.append(Record(self))  # what the push changes, for `pop` (engine/undoing.py)
        self._decided = None
        self.move_stack.append(event)
        if self.stopped:
            return
        self.event_no = event.number
        if event.action != _JOIN and event.player not in self.table.players:  # (not the property: read each push)
            # Whoever dropped out (or has not joined yet) has no hand, no Keepers and no turn: every
            # event of theirs but `joins` is refused before it can touch the position.
            self.reject(event, self.not_playing(event.player))
            return
        # a card the deck holds several copies of: the copy meant (asked once: what the event names stays)
        binds = not listed and names_copies(self, event)
        if binds:
            event = bind_copies(self, event, strict=False)
        if not self.trying and self._states_something(event):
            # taken unless a word of it is refused (engine/trial.py)
            refusal = take_tried(self, event, lambda: self.take_event(event, listed, binds), finishing, following)
            if refusal is not None:
                line = f":{event.line}" if event.line is not None else ""
                self.reject(event, refusal, where=f"{self.scenario.path}{line}")
        else:
            self.take_event(event, listed, binds)

    def take_event(self, event: Event, listed: bool, binds: bool) -> None:
        """The event, bound and found to be someone's at the table: taken (`push`, from here on).
        `binds`: it names a card with copies or a `CARD of PLAYER` (`names_copies`), bound again
        where the game stands once the chain it meets has resolved."""
        self.event_plays.clear()  # the plays this event makes, from here on
        # What the event states of chance is for what it causes, from here on: the chain left open,
        # which it closes first, included (the log puts those steps under this event). An event that
        # states no order leaves the one its card's own event stated to that chain (`take_tried` tried it so).
        # (the fields read more than once are read once: binding the event below changes none of them)
        action, at_random, shuffled = event.action, event.at_random, event.shuffled
        if shuffled:
            self.stated_shuffles = list(shuffled)
        self.stated_at_random = event.card if at_random else None
        self.at_random_answers = list(event.choices) if at_random else []
        if action == _DECLINE:  # it meets the game where it waits: nothing is closed first
            HANDLERS[action].apply(self, event, listed)
            return
        card = event.card
        surprise = card if action == _PLAY and card is not None and card.type is _SURPRISE else None  # one played
        # `P plays CARD at random` states a forced play, never an answer to the card in the window
        if surprise is not None and not at_random:
            if not self.is_active(event.player):
                self.make_forced_plays()  # a forced play comes first, and a Surprise may answer it
            if self.is_response(event.player, surprise):
                self._push_response(event, surprise)
                return
        # said if the play is refused: she may not cancel it (R49)
        own_card = None
        if self.window is not None:  # (most events meet no open window: no call to close none)
            own_card = self._own_card_in_window(event) if surprise is not None else None
            self.close_window()
        if not shuffled:
            self.stated_shuffles = []  # an order stated for a card that a Surprise canceled since is not wanted
        if self.pending:  # the chain that just resolved may have raised the choice this event answers (listed too)
            event = bind_copies(self, event, strict=False)
        if action == _BEGIN_TURN and self._turn.player == event.player and self._turn.begun_by == event.number:
            # Her turn began with this event's own forced steps, taken first (`legal.advance`); what is
            # left is what `P begins` does after beginning it (`_advance_turn`): a forced play due now.
            self.make_forced_plays()
            return
        if action == _SPELL:  # a word claimed for testing: not a move, so no turn moves on
            try:
                self.verify_claim(event.player, event.choices)
            except Illegal as illegal:
                self.reject(event, illegal)
            return
        if (self.pending or self.stopped) and self._answered_or_stopped(event):
            return
        # (the commonest: the play phase goes on with nothing due and no rule forcing a play -- nothing
        # ends, nothing begins, `make_forced_plays` would find nothing to do: no call to find so)
        began = not self.rests_in_play_phase() and self._advance_turn(event)
        if at_random:
            if self.stated_at_random is None:  # the forced play it states has been made
                self.run()
                return
            self.stated_at_random = None
            self.reject(
                event,
                Illegal(
                    "not_at_random",
                    f"no rule picks {event.player}'s play at random now: write `{event.player} plays {event.card}`",
                    ("B-first-play-random",),
                ),
            )
            return
        if began and action == _BEGIN_TURN:
            self.run()  # `P begins` is done: what her turn's start asks waits for its answer
            return
        try:
            # the turn may have moved on: bind again where it stands now
            event = bind_copies(self, event) if binds else event
        except Illegal as illegal:  # `CARD of PLAYER` that the player does not have
            self.reject(event, illegal)
            return
        if (self.pending or self.stopped) and self._answered_or_stopped(event):
            return
        try:
            HANDLERS[action].apply(self, event, listed)  # the action's own handler (engine/actions.py)
        except Illegal as illegal:
            at_rest = self.rested()  # (the refusal changed nothing: nothing has come due since)
            if own_card is not None and "R49" not in illegal.rulings:  # unless the refusal says it already
                self.reject(event, _not_against_own_card(event, own_card, illegal))
            else:
                self.reject(event, illegal)
            if at_rest:
                self.rests_still()  # (`run` would find nothing due)
                return
        if self.window is None or self.agenda or self.winner or self.ended:
            self.run()  # (else the card just played waits for its window to close: `run` would find nothing)

    def _own_card_in_window(self, event: Event) -> Play | None:
        """The active player's own card in the open window, when she plays a Surprise now (event
        does): it is read as a play of her turn, never as an answer to that card (R49)."""
        top = self.chain_top()
        return top if top is not None and top.player == event.player and self.is_active(event.player) else None

    def closes_window_first(self, event: Event) -> bool:
        """Whether the event, pushed now, would close the open window before anything else, the
        game as it stands but for the fields `push` and `take_event` set first: a play or a use
        stating nothing (no trial of its own), of a player at the table (else it is refused first;
        no card's resolving seats or unseats one), naming no card `push` binds where the game
        stands before the window closes (`names_copies`), not a Surprise played (it may answer the
        window), in a game not stopped. The chance stated for a play at random is cleared first:
        none may be left for the closing to read."""
        action, card = event.action, event.card
        return (
            (action == _USE or action == _PLAY and (card is None or card.type is not _SURPRISE))
            and not self.stopped
            and event.player in self.table.players
            and not self._states_something(event)
            and self.stated_at_random is None
            and not self.at_random_answers
            and not names_copies(self, event)
        )

    @staticmethod
    def _states_something(event: Event) -> bool:
        """Whether the event says more than a bare action: choices of a play or use, or chance."""
        choices = event.choices
        if not (choices or event.at_random or event.shuffled):
            return False  # a bare action, the commonest event: no chance it could state to work out
        return bool(choices and event.action in (_PLAY, _USE)) or event.states_chance

    def not_playing(self, player: str) -> Illegal:
        """Why an event of someone not at the table is refused."""
        left = next((s for s in reversed(self.steps) if isinstance(s, rec.DroppedOut) and s.player == player), None)
        why = f"{player} is not in the game"
        why += f": {player} dropped out at event {left.event}" if left else f" ({player} has not joined)"
        return Illegal("not_playing", why, ("B-drop-out",) if left else ("B-jump-in",))

    def _push_response(self, event: Event, card: Card) -> None:
        """A Surprise answering the chain; one that cannot answer the open card may wait for the
        card it plays at once: that window closes, and the Surprise answers the new card."""
        while True:
            try:
                self.respond(event.player, card, event.choices)
                return
            except Illegal as illegal:
                if self.reopen_for_late_answer(event.player, card, event.choices):
                    continue  # house rule surprise_window: end_of_turn
                if not self.waits_for_played_card():
                    self.reject(event, illegal)
                    return
                self.close_one_window()

    def reject(self, event: Event, illegal: Illegal, where: str = "") -> None:
        self.step(
            rec.Rejected.of(
                player=event.player,
                what=describe(event),
                code=illegal.code,
                reason=illegal.reason,
                rulings=illegal.rulings,
                where=where,
            )
        )

    def _answered_or_stopped(self, event: Event) -> bool:
        """With a choice pending, the event must answer it; otherwise the replay stops there. Asked
        only then, or once the replay has stopped (most events meet neither: no call)."""
        if self.stopped:
            return True
        try:
            checked = self.verify_answer(event)
        except Illegal as illegal:
            if event.action in ANSWERS and any(c.player == event.player for c in self.pending):
                self.reject(event, illegal)  # a wrong answer: rejected, still waiting
                return True
            self.stop(f"event {event.number} ({event.text}) came while the rules still wait for a choice")
            return True
        self.answer(event, checked)
        return True

    def decline(self, event: Event) -> None:
        """`P declines`: every forced step up to where the game waits for someone (`come_to_rest`,
        the steps a driver's `decision` takes), then the way on from there: the open window closes
        unanswered (anyone may decline it), or the active player makes the play a rule forces
        before she uses a free action, or ends her turn instead of using one."""
        split, _ = come_to_rest(self.game, event.number, [], {}, who=event.player)
        try:
            self.verify_not_over()
            if self.pending:
                choice = self.pending[0]
                raise Illegal(
                    "choice_pending", f"{choice.player} must {choice.prompt} first: declining answers no choice", ()
                )
            if not declinable(self.game, split) or (split != "window" and event.player != self.turn.player):
                raise self._nothing_to_decline(event.player)
        except Illegal as illegal:
            self.reject(event, illegal)
            return
        what, rulings = DECLINING[split]  # type: ignore[index]  # (`declinable`: split is one of them)
        self.note(f"{event.player} declines: {what}", rulings)
        go_on(self.game, split)
        self.run()

    def _nothing_to_decline(self, player: str) -> Illegal:
        """Why `P declines` finds nothing waiting on player."""
        turn = self.turn
        if turn.player == player and turn.phase is Phase.PLAY:
            left = self.plays_left()
            return Illegal(
                "nothing_to_decline",
                f"nothing waits on {player}: no card can be answered now, and her turn goes on with "
                f"{left} play{'' if left == 1 else 's'} left (a turn ends when its plays are done)",
                ("B-turn-order", "B-play-rule"),
            )
        return Illegal(
            "nothing_to_decline",
            f"nothing waits on {player}: no card can be answered now, and it is not her turn to end "
            f"({turn.player}'s turn; {self.next_player()} plays next)",
            ("B-turn-order", "B-surprises"),
        )

    def _advance_turn(self, event: Event) -> bool:
        """End the turn when it is due and begin the next one when this event needs it. True when
        a turn began (for `P begins`: P's turn). Asked unless the play phase rests (`rests_in_play_phase`,
        which no pass after the first can find: each goes on from a turn whose play phase is over)."""
        began = False
        action, player = event.action, event.player  # (read once: an event's fields are read through a hook)
        while not (self.winner or self.ended):
            turn = self._turn
            own_free_action = action == _USE and player == turn.player and self.is_optional_free_action(event)
            if turn.phase is _PLAY_OVER and not own_free_action:
                self.end_turn()
            was_over = turn.phase is _OVER  # over before any forced play below
            begins_now = False
            if turn is self._turn and turn.phase is _OVER and not (self.pending or self.ended):
                following = self.next_player()
                begins_now = action not in (_JOIN, _DROP_OUT) and self._needs_next_turn(event, player, following)
            if begins_now:
                self.begin_turn(following)
                began = True
            if not (player == self._turn.player and action == _USE):
                # First Play Random: due before anything but the player's free actions (it runs the
                # agenda first: the draw phase of the turn just begun)
                self.make_forced_plays()
                if began and action == _BEGIN_TURN and self._plays_on_into_her_next_turn(player):
                    continue
                if began and action == _BEGIN_TURN or event.at_random and self.stated_at_random is None:
                    return began  # the forced play it made (`P begins`, `P plays CARD at random`) stays open to answers
                if self.window is not None:  # this event is no answer to the forced play: it resolves first
                    self.close_window()
            elif begins_now:
                self.run()  # the draw phase of the turn just begun
            # A forced play may have ended the play phase (then the turn ends before this event too),
            # or the turn itself (a Goal it met claimed under Keep Going): then the next one may begin.
            # (the turn begun above included: its forced play may have claimed a Goal at once).
            ended_now = self._turn.phase is _OVER and (self._turn is not turn or not was_over)
            if not (self._turn.phase is _PLAY_OVER or ended_now) or self.pending or own_free_action or self.stopped:
                return began
        return began

    def _plays_on_into_her_next_turn(self, player: str) -> bool:
        """Her turn, just begun, played out at its start (Solo under a Hand Limit 0 on her own turn),
        she plays next again and has no free action to take first: `P begins` goes on into that
        turn, as any event of hers would (and as `legal.advance` takes it)."""
        turn = self.turn
        return (
            turn.phase in (Phase.PLAY_OVER, Phase.OVER)
            and self.window is None
            and not (self.pending or self.winner or self.ended or self.stopped)
            and self.next_player() == player
            and not (
                turn.phase is Phase.PLAY_OVER
                and any(not kind_of(c).needs_a_play(self.game, c) for c in self.usable(player))
            )
        )

    def _not_begun(self, player: str) -> Illegal:
        """Why `P begins` began nothing."""
        self.verify_not_over()
        turn = self.turn
        if turn.player == player and turn.phase is not Phase.OVER:
            return Illegal("turn_begun", f"{player}'s turn has already begun", ("B-turn-order",))
        if turn.phase is Phase.PLAY:
            return Illegal(
                "turn_under_way",
                f"{turn.player}'s turn is still under way ({self.plays_left()} "
                f"play{'' if self.plays_left() == 1 else 's'} left under {self.play_rule()}): "
                "the next turn begins once it is over",
                ("B-turn-order", "B-play-rule"),
            )
        return Illegal(
            "not_your_turn", f"it is not {player}'s turn: {self.next_player()} plays next", ("B-turn-order",)
        )

    def _needs_next_turn(self, event: Event, player: str, following: str) -> bool:
        """An event of the next player (`following`) begins that player's turn; so does an answer
        to a choice that the start of that turn asks of someone else (a Creeper drawn there sends a
        Keeper over a limit, a forced first play raises one). Which it is, is tried on a copy of the
        game. (`player`: the event's, read once by the caller.)"""
        if player == following:
            return True
        if event.action not in ANSWERS:
            return False
        trial = self.copy()
        trial.begin_turn(trial.next_player())
        trial.run()
        trial.make_forced_plays()
        trial.close_window()
        return any(c.player == event.player and event.action in c.answer_verbs for c in trial.pending)

    def finish(self) -> None:
        """The events have run out: resolve what is open and finish a turn whose plays are done."""
        if self.stopped:
            return
        events = self.scenario.events
        self.event_no = self.move_stack[-1].number if self.move_stack else (events[-1].number if events else None)
        self.close_window()
        self.make_forced_plays()
        if self.window is not None:  # the play a rule forced resolves
            self.close_window()
        if not self.pending and not self.winner and not self.ended and self._turn.phase is _PLAY_OVER:
            self.end_turn()
        if self.pending and not self.stopped:
            choice = self.pending[0]
            self.stop(f"the events ran out while {choice.player} must {choice.prompt}")

    def stop(self, reason: str) -> None:
        """The replay cannot go on without a choice the events do not give: say which, and how
        to write it."""
        choice = self.pending[0] if self.pending else None
        if choice is not None:
            options = ", ".join(map(str, choice.options))
            reason += (
                f"; needed: {choice.player} must {choice.answer_verbs[0]} "
                + (f"from {choice.at_least} to " if choice.at_least is not None else "")
                + f"{choice.count} of: {options}"
                f" (write for example: `{choice_syntax(choice)}`)"
            )
        self.halt(reason, choice.rulings if choice else ())


def _not_against_own_card(event: Event, own: Play, illegal: Illegal) -> Illegal:
    """A Surprise refused while the player's own card was open to answers: the table is asking
    whether it could cancel that card, so the refusal says first that it cannot (R49), and for a
    card she turned up at once (Mystery Play), that its own player never cancels it (R26)."""
    flipped = own.played_from is not None
    why = (
        f"{event.player} cannot cancel her own {own.card}"
        + (f" (turned up from {own.played_from})" if flipped else "")
        + f" with {event.card}: the out-of-turn half of a Surprise is not available on one's own turn"
        + (", so whoever turns up a card never cancels it" if flipped else "")
    )
    rulings = ("R49", *(("R26",) if flipped else ()), *illegal.rulings)
    return Illegal(illegal.code, f"{why}; and {illegal.reason}", tuple(dict.fromkeys(rulings)))


def describe(event: Event) -> str:
    """The event as the log names it: verb, card and choices."""
    target = f" {event.card}" if event.card else ""
    if event.at_random:
        target += " at random"
    if event.choices:
        target += (" -> " if event.card else " ") + ", ".join(map(str, event.choices))
    target += "".join(f"; shuffled {', '.join(map(str, order))}" for order in event.shuffled)
    return VERB_OF[event.action] + target


def choice_syntax(choice: PendingChoice) -> str:
    """An event line that answers the choice (its first options), to show the exact syntax."""
    verb = choice.answer_verbs[0]
    count = choice.count if choice.at_least is None else max(choice.at_least, 1)
    picked = choice.options[:count]
    return f"{choice.player} {VERB_OF[verb]} {', '.join(map(str, picked))}"
