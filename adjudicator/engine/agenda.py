"""The agenda, the one state-based check and the choices it waits on (a mixin of `Game`).

Everything the rules force happens through one loop, `run()`: the agenda's forced tasks in order
(continuations as data, `Then`: a card resolving, the draw phase, end-of-turn limits, ...), halted
while a choice is pending (`ask` / `answer`); after every task the one state-based check
(`check_state`), when something it reads has changed since it last ran (the clock: what it
reads depends on what is in play, `_check_state`); and, when the agenda is empty, the turn
structure's next step. A continuation of the turn structure that `run` would take next (the draw
phase, the end of a turn) is taken at once, as it would take it (`do_next`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from adjudicator.cards.kinds import kind_of
from adjudicator.cards.kinds.base import marked_continuations
from adjudicator.engine import derived
from adjudicator.engine.view import GameView
from adjudicator.model import records as rec
from adjudicator.model.cards import Card
from adjudicator.model.choices import ChoiceSpec
from adjudicator.model.errors import Illegal
from adjudicator.model.events import Action
from adjudicator.model.position import PendingChoice, Phase, Then

if TYPE_CHECKING:
    from adjudicator.model.events import Event


#: What the hot paths compare with, read once (an enum member read off its class costs a lookup).
_PLAY, _PLAY_OVER, _OVER = Phase.PLAY, Phase.PLAY_OVER, Phase.OVER
#: Where `run` keeps, in the clock's memo (copied and taken back with the clock), the clock's steps
#: and ticks when it last found nothing due: while neither has moved -- no step taken, no card
#: moved -- and nothing is on the agenda, nothing is due still (`rested`).
RESTED = "rested"


class Agenda(GameView):
    """The agenda of continuations, the loop that runs it, the state-based check, and choices."""

    __slots__ = ()  # the fields are Game's (`view.GAME_FIELDS`)

    #: name -> the game's method a continuation of the game calls: those marked `@continuation`,
    #: recorded when the class (`Game`) is defined.
    continuations: ClassVar[dict[str, Callable[..., None]]] = {}
    #: name -> the continuation calling it with no argument: made once, as a continuation is never
    #: changed (the draw phase, passing the turn: a few each turn)
    bare: ClassVar[dict[str, Then]] = {}

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        cls.continuations = marked_continuations(cls)
        cls.bare = {name: Then("game", name, (), function) for name, function in cls.continuations.items()}

    # ------------------------------------------------------------ the agenda
    def then(self, method: Callable[..., None] | str, *args: Any) -> Then:
        """A continuation that calls one of the game's own methods marked `@continuation` (or
        its name); see `Kind.then` for kinds."""
        name = method if isinstance(method, str) else method.__name__
        if not args:
            bare = self.bare.get(name)
            if bare is not None:
                return bare
        function = self.continuations.get(name)
        if function is None:
            raise TypeError(f"Game.{name} is no continuation: mark it @continuation")
        return Then("game", name, args, function)

    def call(self, then: Then, *extra: Any) -> None:
        """Carry out a continuation; a choice's answer comes as `extra`. Its function is the one
        recorded for its name when its class was defined or its kind registered (`Then.function`);
        only a `Then` gets this far (`schedule`, `ask`)."""
        then.function(self, *then.args, *extra)

    def schedule(self, *tasks: Then) -> None:
        """Run these next, before anything already waiting (nested effects finish first)."""
        for task in tasks:
            if not isinstance(task, Then):
                raise TypeError(f"continuations are data (Then), not {type(task).__name__}")
        self.agenda.extendleft(reversed(tasks))

    def schedule_after(self, *tasks: Then) -> None:
        for task in tasks:
            if not isinstance(task, Then):
                raise TypeError(f"continuations are data (Then), not {type(task).__name__}")
        self.agenda.extend(tasks)

    def do_next(self, method: Callable[..., None], *args: Any) -> None:
        """Carry out one of the game's continuations (a bound method) that is due after everything
        now on the agenda: at once when `run` would take it next -- nothing on the agenda, nothing
        halting the game -- followed like any task by the state-based check; else scheduled last.
        The turn structure's steps in their fixed order (the draw phase, the end of a turn) are
        taken so, with no continuation made and no pass of `run` for each."""
        if self.agenda or self.winner or self.stopped or self.ended or self.pending:  # (`run`'s gate)
            self.schedule_after(self.then(method, *args))
            return
        method(*args)
        if self._state_checked != self.table.clock.rule_ticks:
            self.check_state()

    def run(self) -> None:
        """Do everything the rules force, until a choice is needed or nothing is due."""
        agenda = self.agenda
        clock = self.table.clock
        while not (self.winner or self.stopped or self.ended or self.pending):  # the game-over gate
            if agenda:
                task = agenda.popleft()
                task.function(self, *task.args)  # (`call`, without a call of its own: most tasks take no answer)
            elif self.window:
                return  # (while a window is open, the turn structure waits for it to close)
            elif (self._turn.phase is not _PLAY and not self.temp_hands) or not self._turn_structure_step():
                # (out of the play phase, the turn structure has a step to take only with a temporary hand open)
                clock.derived[RESTED] = (clock.steps, clock.ticks)  # it comes to rest
                return
            if self._state_checked != clock.rule_ticks:  # (else nothing the check reads has changed)
                self.check_state()
        if self.winner or self.ended:
            if self.being_played or self.temp_hands:
                self._land_after_the_end()
            agenda.clear()  # nothing more is due: the game is over

    def rested(self) -> bool:
        """Whether `run` came to rest and nothing has happened since -- no step taken, no card
        moved, nothing put on the agenda (`RESTED`): it would find nothing due."""
        clock = self.table.clock
        return not self.agenda and clock.derived.get(RESTED) == (clock.steps, clock.ticks)

    def rests_still(self) -> None:
        """`run` came to rest before the last step, which changed nothing (an event refused): it rests
        still, as it would find if it ran now (`RESTED`)."""
        clock = self.table.clock
        clock.derived[RESTED] = (clock.steps, clock.ticks)

    def rests_in_play_phase(self) -> bool:
        """Whether the play phase goes on with nothing due: `rested` in it, and no rule in play that
        may force a play (`advancing.forces_plays`, read in place: `make_forced_plays` would find
        nothing to do). Asked at every event."""
        clock = self.table.clock
        return (
            self._turn.phase is _PLAY
            and self.rested()
            and "forced_play" not in (clock.effective or derived.effective(self)).holders
        )

    def _land_after_the_end(self) -> None:
        """The game ended while cards were resolving (a Goal met mid-way, Q46; in Solo Fluxx a deck
        ran out during Jackpot!'s draw): nothing more happens, and each card goes where its play
        puts it once done -- an Action to the discard pile, a temporary hand's cards with it -- so
        that no card is lost."""
        # A card whose resolving had not begun (its window open, or its turn to resolve not come)
        # never read its choices: only those beyond its own are refused (Q46; `engine/trial.py`).
        unread = [t.args[0] for t in self.agenda if t.method == "_resolve" and t.args]
        unread += [self.window, *self.responses] if self.window is not None else []  # still open to answers
        self.unread_at_end = unread
        self.agenda.clear()
        for frame in reversed(self.temp_hands):
            self._close_temp_hand(frame)
        for play in reversed(self.being_played):
            self.discard_cards([*play.held, play.card])
            play.held.clear()
            self.note(
                f"the game is over while {play.card} is resolving: it goes to the discard pile, "
                "as a card does once carried out",
                ("B-instant-win" if self.winner else "B-solo", "B-action-discard"),
            )
        self.being_played.clear()

    def check_state(self) -> None:
        """The one state-based check: Creeper triggers, limits for everyone whose turn it is not,
        Goal slots and Goal-change triggers, then the winner."""
        if self.winner or self.stopped or self.ended:
            return
        clock = self.table.clock
        checked = self._state_checked
        if checked == clock.rule_ticks or (
            type(checked) is tuple and checked[0] == clock.rule_ticks and checked == self._state_signature()
        ):
            return  # nothing it looks at has changed since it last ran, and it does nothing twice
        rules = clock.effective or derived.effective(self)
        if not (rules.limit_slots or self.table.goals or self._goals_seen or "state_trigger" in rules.holders):
            # Nothing in play that a pass reads -- no Creeper trigger, no limit, no Goal (nor one gone
            # since it last looked): the pass would only have the win check, with no Goal to look at,
            # forget what it last found (as `check_win` does then; here without its call).
            self._win_signature = None
            self._state_checked = clock.rule_ticks  # (what `_state_signature` says of such a table)
            return
        try:
            ticks = None
            while ticks != clock.ticks and not (self.winner or self.stopped or self.ended):
                ticks = clock.ticks  # again while a pass moves cards (a Solo Goal scored)
                self._check_state()
        finally:
            if self.winner and self.pending:
                # The game is over: nothing waits for an answer any more (a limit's discard asked in
                # the same pass as the win, whose cards a Keep Going claim may have taken since).
                self.pending.clear()
            self._state_checked = self._state_signature()

    def _state_signature(self) -> tuple[Any, ...] | int:
        """What the state-based check reads, as the position stands (what is in play decides): the
        zones the effective rules are derived from (`Clock.rule_ticks`: the cards in play, which
        Creeper triggers read too); every zone (the clock) under a Goal counting the hands; under
        limits, whether the active player is bound too (her turn is over) and, under a Hand Limit,
        how many cards each bound player holds -- not the cards she draws and plays in her own
        turn, nor the phases it goes through. While a choice waits or more Goals are out than
        their slots, every zone, the phase and the choices waiting."""
        clock = self.table.clock
        rules = clock.effective or derived.effective(self)
        limits = rules.limit_slots
        reads_hands = rules.goals_read_hands
        unsettled = len(self.table.goals) > rules.goal_slots  # (R27: the player responsible chooses)
        if not (limits or reads_hands or unsettled):
            return clock.rule_ticks
        pending = self.pending
        turn = self._turn
        if pending or unsettled:
            return clock.rule_ticks, clock.ticks, turn.phase, tuple([c.key for c in pending])
        if not limits:
            return clock.rule_ticks, clock.ticks
        bound = turn.phase is _OVER or self.house_rules.limits_on_own_turn
        if reads_hands or "hand_limit" not in limits:
            return clock.rule_ticks, clock.ticks if reads_hands else None, bound
        players = self.table.players
        held = players if bound else filter(turn.player.__ne__, players)  # the players bound by the limits now
        # (their hands' sizes counted in C: no comprehension to run, asked at every check)
        return clock.rule_ticks, bound, tuple(map(len, map(self.table.hands.__getitem__, held)))

    def _check_state(self) -> None:
        """One pass of the check."""
        clock = self.table.clock
        rules = clock.effective or derived.effective(self)
        triggers = rules.holders.get("state_trigger")  # `holding`, with the rules already in hand
        if triggers:
            for owner, card in triggers:
                kind_of(card).state_trigger(self, card, owner)
            rules = clock.effective or derived.effective(self)  # the triggers may have moved cards
        if rules.limit_slots:  # after the triggers: War may have sent a Keeper over the limit
            turn = self._turn
            for player in self.table.players:
                if player == turn.player and turn.phase is not _OVER:
                    if self.house_rules.limits_on_own_turn:
                        self._enforce_limits(player, ("B-limits-end-of-turn", "H-limits_on_own_turn"))
                    continue  # officially the active player complies at the end of the turn
                # bound at once, while the active player may still be rid of the limit by her turn's end (Q738)
                self._enforce_limits(player, ("B-limits-other-players", "Q738"))
        goals: Sequence[Card] = self.table.goals
        if len(goals) > 1 and self._settle_goal_slots():
            return  # which Goals stay is not settled yet: no Goal change and no win check until it is (R27)
        goals = tuple(goals)
        if goals != self._goals_seen:  # cards compare by identity
            # The Goal change and what it triggers count as one moment: one win check after both.
            self._goals_seen = goals
            for owner, card in derived.holding(self, "on_goals_changed"):
                kind_of(card).on_goals_changed(self, card, owner)
        self.check_win()

    def _turn_structure_step(self) -> bool:
        """The turn structure's next step once the agenda is empty (True when one was taken): draw
        what a raised Draw rule now requires, close a finished temporary hand, end the play phase.
        Asked by `run` alone, while the game goes on (no winner, not ended) and no window is open,
        in the play phase or with a temporary hand open."""
        turn = self._turn
        temp_hands = self.temp_hands
        if turn.phase is not _PLAY:
            return self._close_finished_temp_hand()
        if temp_hands and self.keep_temp_hands_current():
            return True
        missing = derived.draw_rule(self, turn.player) - turn.drawn
        if missing > 0 and (self.table.draw_pile or self.table.discard):
            self.draw(
                turn.player,
                missing,
                counted=True,
                why=f"the Draw rule is now {self.draw_rule()} and {turn.drawn} were drawn this turn",
                rulings=(
                    "B-draw-rule-change",
                    *derived.bonus_rulings(self, turn.player, "draw"),
                    *(("Q872",) if derived.bonus_givers(self, turn.player, "draw") else ()),  # bonus on top
                    *(("Q129", "Q51") if temp_hands else ()),  # the set-aside hand catches up at once
                    *(("Q-tag-play-all",) if self.play_rule().mode == "all" else ()),  # these are played too
                ),
            )  # a temporary hand's cards are extras
            return True
        if temp_hands:  # the play phase goes on while one is open
            return self._close_finished_temp_hand()
        if not self.being_played and self.plays_left() == 0:
            turn.phase = _PLAY_OVER
            why = ""
            if self.cited is None:  # (`log`, read without a call) the sentence is written to the log alone
                why = (
                    "the hand is empty"
                    if not self.table.hands[turn.player]
                    else f"{derived.play_rule(self, turn.player)} is met"
                )
            self.step(rec.PlaysOver.of(player=turn.player, why=why, rulings=("B-play-rule",)))
            return True
        return False

    def _close_finished_temp_hand(self) -> bool:
        """Close the innermost temporary hand once it is done with (True when it was): its cards all
        played, or the plays its Action allows now made."""
        frame = self.temp_hands[-1]
        done = not frame.cards or frame.plays_made >= derived.compound_terms(self, frame)[1]
        if done and self.being_played[-1] is frame.source:
            self._close_temp_hand()
            return True
        return False

    # --------------------------------------------------------------- choices
    def ask(
        self,
        player: str,
        prompt: str,
        options: Sequence[Any],
        count: int,
        then: Then,
        *,
        verbs: tuple[Action, ...] = (Action.CHOOSE,),
        keep_means_complement: bool = False,
        rulings: tuple[str, ...] = (),
        key: Any = None,
        at_least: int | None = None,
    ) -> None:
        """Get a choice: automatic when there is nothing to choose, from the event's `->`
        answers when it gave them, otherwise the replay waits for an answering event.
        With `at_least`, any number from at_least to count may be picked ("up to"); the
        card's kind reads such answers from its own play, so here it is only ever asked.
        `key` names the question: one asked with the key of a choice still waiting is not asked again."""
        if not isinstance(then, Then):
            raise TypeError(f"continuations are data (Then), not {type(then).__name__}")
        if key is not None and self.waiting(key) is not None:
            return  # the question is already waiting for its answer
        options = list(options)
        count = min(count, len(options))
        if at_least is not None and count == 0:
            self.call(then, [])
            return
        play = self.resolving
        if at_least is None and count == len(options):
            # Nothing to choose; a stated answer naming these very options is used up all the same.
            if (
                play is not None
                and play.player == player
                and play.answers[:count]
                and all(a in options for a in play.answers[:count])
            ):
                del play.answers[:count]
            self.call(then, options)
            return
        if at_least is None and play is not None and play.player == player and len(play.answers) >= count:
            # The `->` answers of the card being resolved are its player's choices, in order.
            answer = play.answers[:count]
            if all(a in options for a in answer) and len(set(map(id, answer))) == count:
                del play.answers[:count]
                self.call(then, answer)
                return
        choice = PendingChoice(
            player, prompt, options, count, verbs, then, keep_means_complement, rulings, key, at_least
        )
        self.pending.append(choice)
        said = tuple(map(str, options)) if self.cited is None else ()  # the options in words, for the log alone (`log`)
        self.step(rec.ChoiceNeeded.of(player=player, prompt=prompt, options=said, rulings=rulings))

    def ask_for(self, spec: ChoiceSpec, then: Then, **options: Any) -> None:
        """`ask` for a choice a kind has declared (`Kind.choices`)."""
        self.ask(
            spec.player,
            spec.prompt,
            spec.options,
            spec.count,
            then,
            rulings=spec.rulings,
            at_least=spec.at_least,
            **options,
        )

    def waiting(self, key: Any) -> PendingChoice | None:
        """The choice asked under `key` that waits for its answer, if one does."""
        return next((c for c in self.pending if c.key == key), None) if self.pending else None

    def withdraw(self, key: Any, why: str) -> None:
        """The choice waiting under `key` is no longer asked: what it asks about is gone (the
        cards moved since it was asked), `why`. The log says so; nothing waits then for its answer."""
        waiting = self.waiting(key)
        if waiting is not None:
            self.pending.remove(waiting)
            self.note(f"{waiting.player} is no longer asked to {waiting.prompt}: {why}", waiting.rulings)

    def answered_choice(self, player: str, verb: Action, given: Sequence[Any]) -> PendingChoice | None:
        """The pending choice an answer goes to (None: nothing asks player to answer so). Choices
        waiting together (both limits) may be answered in either order: the answer goes to the
        first one whose options hold everything it names."""
        mine = [c for c in self.pending if c.player == player and verb in c.answer_verbs]
        return next((c for c in mine if all(g in c.options for g in given)), mine[0] if mine else None)

    def verify_answer(self, event: Event) -> tuple[PendingChoice, list[Any]]:
        choice = self.answered_choice(event.player, event.action, event.choices)
        if choice is None:
            if self.pending:
                waiting = self.pending[0]
                raise Illegal(
                    "wrong_answer", f"the rules are waiting for {waiting.player} to {waiting.prompt}", waiting.rulings
                )
            raise Illegal(
                "nothing_to_answer",
                f"nothing asks {event.player} to {event.action} now; "
                "cards are discarded only when a rule or card demands it",
                ("B-no-voluntary-discard", "Q306"),
            )
        given = choice.spec_for(event.action).check(event.choices, event.action)
        if choice.names_what_stays(event.action):
            given = [o for o in choice.options if o not in given]  # "keeps X": the rest goes
        return choice, given

    def answer(self, event: Event, checked: tuple[PendingChoice, list[Any]] | None = None) -> None:
        """Take event as the answer to the pending choice it goes to; `checked`: what
        `verify_answer` made of it already (the choice and the cards that go), not worked out twice."""
        choice, given = self.verify_answer(event) if checked is None else checked
        self.pending.remove(choice)
        self.call(choice.then, given)
        if not self.agenda:
            # the answer's continuation is done and changed the table: checked like a step, also
            # while another choice waits (a limit's discard asked of cards the answer moved away)
            self.check_state()
        self.run()
