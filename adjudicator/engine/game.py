"""The rules engine.

`Game` holds one position and applies events to it. For every action there is
`verify_x` (raise `Illegal` with a reason), `can_x` (the same as a bool) and
`x` (do it). Everything the rules force happens through one loop, `run()`:

1. the agenda: forced tasks in order (a card resolving, the draw phase,
   end-of-turn limits, ...), halted while a choice is pending;
2. after every task, one state-based check: Creeper triggers, limits for the
   players whose turn it is not, Goal-change triggers, then the win check;
3. when the agenda is empty, the turn structure: draw what a raised Draw rule
   now requires, close a finished temporary hand, end the play phase when no
   plays are left.

A card played sits in the being-played zone with a response window open
(`window`); Surprises answering it stack up in `responses` (`verify_respond` /
`respond`). When the window closes the chain resolves by toggling, then the card
resolves if it still stands, and only then is the winner checked.

Every change is logged as a frozen step record naming its rulings.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from adjudicator.cards.kinds import REGISTRY, kind_of
from adjudicator.cards.kinds.base import has_hook
from adjudicator.engine import chance, derived, solo
from adjudicator.engine.chain import ResponseChain
from adjudicator.engine.event_order import EventOrder
from adjudicator.engine.moves import CardMoves
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.choices import ChoiceSpec
from adjudicator.model.errors import Illegal
from adjudicator.model.names import count_of
from adjudicator.model.position import Copied, PendingChoice, Phase, Play, Table, TempHand, Then, Turn

if TYPE_CHECKING:
    from adjudicator.model.events import Event
    from adjudicator.model.scenario import Scenario


#: The step records a game without a log still writes: those its drivers read (the turns begun,
#: an event rejected, a stop).
LANDMARKS = frozenset({rec.TurnBegan, rec.Rejected, rec.Stopped})


class Game(EventOrder, ResponseChain, CardMoves, Copied):
    def __init__(self, scenario: Scenario, *, undo: bool = True, log: bool = True) -> None:
        """`undo`: keep the position before each event pushed, so that `pop` can restore it (a
        copy per event: a driver that never takes an event back, replay and simulate, goes without).
        `log`: write every step record (a replay, a check, explore's lines); without it (simulate)
        only the landmarks the drivers read are written -- turns begun, rejections, stops -- and
        the rulings cited are counted (`cited`)."""
        setup = scenario.setup
        self.scenario = scenario
        #: the positions before each event pushed, latest last (None: not kept); copies keep none
        self.undo: list[Game] | None = [] if undo else None
        self._rng: random.Random | None = None  # made when chance is first needed (`rng`): seeding costs
        self.house_rules = scenario.house_rules  # the switches read where each rule is applied
        self.table = Table(
            players=list(scenario.players),
            hands={p: list(setup.hands.get(p, ())) for p in scenario.players},
            in_play={p: list(setup.in_play.get(p, ())) for p in scenario.players},
            rules=[c for c in setup.rules if c.type is not CardType.META],
            goals=list(setup.goals),
            draw_pile=list(setup.draw_pile),
            discard=list(setup.discard),
            meta_rules=[c for c in setup.rules if c.type is CardType.META],
            rules_pile=list(setup.rules_pile),
        )
        self.turns_begun = 0  # Turn objects set so far (`turn`): compared across copies of a game
        self.turn = Turn(player=setup.turn, phase=Phase.START)
        self.steps: list[rec.Step] = []
        #: without a log: ruling -> the steps that cited it (None: every step is written). Few fields:
        #: past 29 an object's fields stop sharing one layout, and every read of them slows.
        self.cited: dict[str, int] | None = None if log else {}
        self.move_stack: list[Event] = []  # the events pushed so far (`push`), oldest first
        self.event_no: int | None = None
        self.being_played: list[Play] = []  # cards between leaving a hand and reaching their place
        self.temp_hands: list[TempHand] = []  # compound Actions, innermost last
        self.window: Play | None = None  # the play that Surprises may answer now
        self.responses: list[Play] = []  # Surprises answering it, each one the card below (the chain)
        self.last_use: Play | None = None  # the latest free action, which no window follows (R23)
        self.agenda: deque[Then] = deque()
        self.pending: list[PendingChoice] = []
        self.resolving: Play | None = None
        self.winner: str | None = None
        self.co_winners: tuple[str, ...] = ()  # every winner of a shared win (house rule tie: shared)
        self.reopened: Play | None = None  # a landed card answered late (house rule surprise_window)
        self.winning_goal: Card | None = None
        self.stopped: str | None = None
        self.ended: str | None = None  # Solo Fluxx: why the game is over (a deck ran out)
        # Chance stated by the table (engine/chance.py): the orders of the piles the event shuffles,
        # the card of `P plays CARD at random`; and whether this game is a trial of an event
        # taken on a copy first (event_order.py), where an impossible statement raises.
        self.stated_shuffles: list[tuple[Card, ...]] = []
        self.stated_at_random: Card | None = None
        self.at_random_answers: list[Any] = []
        self.trying = False
        self.chance_refused: Illegal | None = None
        self.event_plays: list[Play] = []  # the plays, answers and uses the event being taken made
        self._win_signature: Any = None
        self._win_stamp: Any = None  # the clock reading the win check last looked at (`check_win`)
        self._state_checked: tuple | None = None  # `_state_signature()` when the state-based check last ran
        self._goals_seen = tuple(self.table.goals)  # to notice a change of Goals
        self._begin(setup)

    # ------------------------------------------------------------------ setup
    def _begin(self, setup: Any) -> None:
        if setup.phase == "deal":
            self.schedule(self.then("_deal"))
            self.schedule_after(self.then("begin_turn", setup.turn))
        elif setup.phase == "start":
            self.begin_turn(setup.turn)
        elif setup.phase == "play":
            self.turn.phase = Phase.PLAY
            self.turn.played = setup.played
            self.turn.drawn = setup.drawn if setup.drawn is not None else self.draw_rule()
        else:  # "end": the play phase is over, end-of-turn events are due
            self.turn.phase = Phase.PLAY_OVER
            self.turn.drawn = setup.drawn if setup.drawn is not None else self.draw_rule()
            self.turn.played = setup.played
        self.check_state()  # the position as given may already force something (a limit, a win)
        self.run()

    def _deal(self) -> None:
        count = self.basic("deal")
        dealt: dict[str, list[Card]] = {p: [] for p in self.players}
        for _ in range(count):  # one card at a time, round-robin from the first player
            for player in self.players:
                dealt[player] += self.draw(player, 1, why="the deal", log=False, rulings=("R15", "Q2763"))
        for player in self.players:
            self.step(
                rec.Dealt,
                player=player,
                cards=tuple(dealt[player]),
                rulings=("B-deal", *self.house_rules.cite("starting_hand")),
            )

    @property
    def rng(self) -> random.Random:
        """The only source of chance in a replay, seeded from the scenario."""
        if self._rng is None:
            self._rng = random.Random(self.scenario.seed)
        return self._rng

    @property
    def turn(self) -> Turn:
        return self._turn

    @turn.setter
    def turn(self, turn: Turn) -> None:
        """A new turn is a new position: what is derived from it is worked out again."""
        self._turn = turn
        self.turns_begun += 1  # a copy keeps the count, not the Turn object
        self.table.clock.turn_moved()

    def copy(self) -> Game:
        """An independent copy (see `engine/copying.py`): whatever runs on it leaves this game alone."""
        from adjudicator.engine.copying import fork

        return fork(self)

    def pop(self) -> Event:
        """Take back the last event pushed: the position before it is restored from the undo
        stack (the copy `push` kept), log and random generator included."""
        if not self.move_stack:
            raise IndexError("pop from an empty move stack")
        if not self.undo:
            raise ValueError("this game keeps no undo stack (made with undo=False, or a copy): pop is not possible")
        last = self.move_stack[-1]
        undo = self.undo
        self.__dict__ = undo.pop().__dict__  # the snapshot is nobody else's: its fields become the game's
        self.undo = undo
        return last

    # ------------------------------------------------------------ properties
    @property
    def players(self) -> list[str]:
        return self.table.players

    def basic(self, key: str) -> int:
        """A number of the Basic Rules card (deal / draw / play), as it counts now."""
        printed = self.scenario.catalog.basic_rules[key]
        if key == "deal" and self.house_rules.is_set("starting_hand"):
            printed = self.house_rules.starting_hand
        return printed + derived.numeral_bonus(self, None)

    def numeral_bonus(self, card: Card) -> int:
        return derived.numeral_bonus(self, card)

    def draw_rule(self, player: str | None = None) -> int:
        return derived.draw_rule(self, player or self.turn.player)

    def play_rule(self, player: str | None = None) -> derived.PlayQuota:
        return derived.play_rule(self, player or self.turn.player)

    def rule_in_slot(self, slot: str) -> Card | None:
        """The New Rule in play that fills `slot` ("draw", "play", "hand_limit", ...), if any."""
        return derived.slot_card(self, slot)

    def bonus_givers(self, player: str, what: str) -> list[Card]:
        """The cards in play that give player bonus draws or plays (`what`: "draw" or "play")."""
        return derived.bonus_givers(self, player, what)

    def bonus_rulings(self, player: str, what: str) -> tuple[str, ...]:
        """The rulings behind those bonuses."""
        return derived.bonus_rulings(self, player, what)

    def hand_limit(self) -> int | None:
        return derived.limit(self, "hand_limit")

    def keeper_limit(self) -> int | None:
        return derived.limit(self, "keeper_limit")

    def goal_slots(self) -> int:
        return derived.goal_slots(self)

    def turn_direction(self) -> int:
        return derived.turn_direction(self)

    def plays_left(self) -> int:
        """Plays the active player may still make this turn (0 once the play phase is over)."""
        turn = self.turn
        if turn.phase is not Phase.PLAY:
            return 0
        hand = len(self.table.hands.get(turn.player, ()))
        return derived.play_rule(self, turn.player).left(turn.played, hand)

    def next_player(self, after: str | None = None) -> str:
        if after is None and self.turn.next_up in self.players:
            return self.turn.next_up  # type: ignore[return-value]
        if after is None and self.turn.extra_turns:
            return self.turn.player  # an extra turn is owed: the same player goes again
        seat = self.players.index(after or self.turn.player)
        return self.players[(seat + self.turn_direction()) % len(self.players)]

    @property
    def goals_won(self) -> dict[str, int]:
        return {p: len(cards) for p, cards in self.table.scored.items()}

    def keepers_of(self, player: str) -> list[Card]:
        return [c for c in self.table.in_play[player] if c.type is CardType.KEEPER]

    def creepers_of(self, player: str) -> list[Card]:
        return [c for c in self.table.in_play[player] if c.type is CardType.CREEPER]

    def owner_of(self, card: Card) -> str | None:
        for player in self.players:
            if card in self.table.in_play[player]:
                return player
        return None

    def cards_in_play(self) -> Iterable[tuple[str | None, Card]]:
        """Every card on the table with its owner (None for rules and goals)."""
        for card in self.table.rules:
            yield None, card
        for card in self.table.goals:
            yield None, card
        for player in self.players:
            for card in self.table.in_play[player]:
                yield player, card

    # ------------------------------------------------------------- the log
    @property
    def log(self) -> bool:
        """Whether every step record is written (see `__init__`)."""
        return self.cited is None

    @property
    def logged(self) -> int:
        """The steps taken, written or not: what a look-ahead compares to see that something happened."""
        return self.table.clock.steps

    def step(self, cls: type[rec.Step], **fields: Any) -> None:
        clock = self.table.clock
        clock.steps += 1
        cited = self.cited
        if cited is not None:
            for ruling in fields.get("rulings", ()):
                cited[ruling] = cited.get(ruling, 0) + 1
            if cls not in LANDMARKS:
                clock.journal.clear()  # the moves it would have said
                return
        # event and moves join the record's own fields in this call's dict, not in a merged copy
        fields["event"] = self.event_no
        fields["moves"] = clock.moves()
        self.steps.append(cls(**fields))

    def citations(self) -> Counter[str]:
        """ruling -> the steps that cited it, log or not."""
        if self.cited is None:
            return Counter(ruling for step in self.steps for ruling in step.rulings)
        return Counter(self.cited)

    def note(self, text: str, rulings: Sequence[str]) -> None:
        self.step(rec.Note, what=text, rulings=tuple(rulings))

    # ------------------------------------------------------------ the agenda
    @staticmethod
    def then(method: str, *args: Any) -> Then:
        """A continuation that calls one of the game's own methods (see `Kind.then` for kinds)."""
        return Then("game", method, args)

    def call(self, then: Then, *extra: Any) -> None:
        """Carry out a continuation; a choice's answer comes as `extra`."""
        if not isinstance(then, Then):
            raise TypeError(f"continuations are data (Then), not {type(then).__name__}")
        if then.owner == "game":
            getattr(self, then.method)(*then.args, *extra)
        else:
            getattr(REGISTRY[then.owner], then.method)(self, *then.args, *extra)

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

    def run(self) -> None:
        """Do everything the rules force, until a choice is needed or nothing is due."""
        while not self.stopped and not self.pending and not self.ended:
            if self.agenda:
                self.call(self.agenda.popleft())
                self.check_state()
            elif self._turn_structure_step():
                self.check_state()
            else:
                return
        if self.ended and (self.being_played or self.temp_hands):
            self._land_after_the_end()

    def _land_after_the_end(self) -> None:
        """Solo Fluxx ended while cards were resolving (a deck ran out during Jackpot!'s draw):
        nothing more happens, and each card goes where its play puts it once done -- an Action
        to the discard pile, a temporary hand's cards with it -- so that no card is lost."""
        self.agenda.clear()
        for frame in reversed(self.temp_hands):
            self._close_temp_hand(frame)
        for play in reversed(self.being_played):
            self.discard_cards([*play.held, play.card])
            play.held.clear()
            self.note(
                f"the game is over while {play.card} is resolving: it goes to the discard pile, "
                "as a card does once carried out",
                ("B-solo", "B-action-discard"),
            )
        self.being_played.clear()

    def check_state(self) -> None:
        """The one state-based check: Creeper triggers, limits for everyone whose turn it is not,
        Goal slots and Goal-change triggers, then the winner."""
        if self.winner or self.stopped or self.ended:
            return
        if self._state_signature() == self._state_checked:
            return  # nothing it looks at has changed since it last ran, and it does nothing twice
        try:
            ticks = None
            while ticks != self.table.clock.ticks and not (self.winner or self.stopped or self.ended):
                ticks = self.table.clock.ticks  # again while a pass moves cards (a Solo Goal scored)
                self._check_state()
        finally:
            self._state_checked = self._state_signature()

    def _state_signature(self) -> tuple:
        """What the state-based check depends on: the position (its clock), the phase, the choices waiting."""
        pending = self.pending
        return self.table.clock.ticks, self._turn.phase, tuple(c.key for c in pending) if pending else ()

    def _check_state(self) -> None:
        rules = derived.effective(self)
        triggers = rules.holders.get("state_trigger")
        if triggers:
            for owner, card in triggers:
                kind_of(card).state_trigger(self, card, owner)
            rules = derived.effective(self)  # the triggers may have moved cards
        if rules.limit_slots:  # after the triggers: War may have sent a Keeper over the limit
            turn = self.turn
            for player in self.players:
                if player == turn.player and turn.phase is not Phase.OVER:
                    if self.house_rules.limits_on_own_turn:
                        self._enforce_limits(player, ("B-limits-end-of-turn", "H-limits_on_own_turn"))
                    continue  # officially the active player complies at the end of the turn
                # bound at once, while the active player may still be rid of the limit by her turn's end (Q738)
                self._enforce_limits(player, ("B-limits-other-players", "Q738"))
        goals = self.table.goals
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
        if self.window or self.winner or self.ended:
            return False
        turn = self.turn
        if turn.phase is Phase.PLAY:
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
                        *(("Q129",) if self.temp_hands else ()),
                        *(("Q-tag-play-all",) if self.play_rule().mode == "all" else ()),  # these are played too
                    ),
                )  # a temporary hand's cards are extras
                return True
        if self.temp_hands and self.temp_hands[-1].done and self.being_played[-1] is self.temp_hands[-1].source:
            self._close_temp_hand()
            return True
        if turn.phase is Phase.PLAY and not self.temp_hands and not self.being_played and self.plays_left() == 0:
            turn.phase = Phase.PLAY_OVER
            hand = self.table.hands[turn.player]
            why = "the hand is empty" if not hand else f"{self.play_rule()} is met"
            self.step(rec.PlaysOver, player=turn.player, why=why, rulings=("B-play-rule",))
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
        verbs: tuple[str, ...] = ("choose",),
        keep_means_complement: bool = False,
        rulings: tuple[str, ...] = (),
        key: Any = None,
        at_least: int | None = None,
    ) -> None:
        """Get a choice: automatic when there is nothing to choose, from the event's `->`
        answers when it gave them, otherwise the replay waits for an answering event.
        With `at_least`, any number from at_least to count may be picked ("up to"); the
        card's kind reads such answers from its own play, so here it is only ever asked."""
        if not isinstance(then, Then):
            raise TypeError(f"continuations are data (Then), not {type(then).__name__}")
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
        self.step(
            rec.ChoiceNeeded, player=player, prompt=prompt, options=tuple(str(o) for o in options), rulings=rulings
        )

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

    def answered_choice(self, player: str, verb: str, given: Sequence[Any]) -> PendingChoice | None:
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

    def answer(self, event: Event) -> None:
        choice, given = self.verify_answer(event)
        self.pending.remove(choice)
        self.call(choice.then, given)
        if not self.agenda and not self.pending:
            self.check_state()  # the answer's continuation is done and changed the table: checked like a step
        self.run()

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
        while len(got) < n:
            card = self._take_top(mid_draw=bool(got or creepers))
            if card is None:
                self.step(rec.PilesExhausted, player=player, missing=n - len(got), rulings=("B-reshuffle",))
                break
            if card.type is CardType.CREEPER:
                creepers += 1
                self.table.in_play[player].append(card)
                # a Creeper drawn for an Action goes to the active player, who draws again (R40)
                for_action = (
                    ("R40",)
                    if self.resolving and self.resolving.card.type is CardType.ACTION and player == self.turn.player
                    else ()
                )
                self.step(
                    rec.CreeperPlaced,
                    player=player,
                    card=card,
                    rulings=tuple(dict.fromkeys(("B-creeper-placement", "R20", *for_action, *rulings))),
                )
                continue
            got.append(card)
        (self.table.hands[player] if into is None else into).extend(got)
        if counted:
            self.turn.drawn += len(got)
        if log and (got or not creepers):
            # the whole counted draw, Creepers and replacements included, is one step before any win check (R03)
            extra = (*(("R41",) if creepers > 1 else ()), *(("R03",) if creepers and counted else ()))
            self.step(
                rec.Drew,
                player=player,
                cards=tuple(got),
                why=why,
                counted=counted,
                into="hand" if into is None else "the temporary hand",
                rulings=(*rulings, *extra),
            )
        return got

    def _take_top(self, mid_draw: bool = False) -> Card | None:
        table = self.table
        if not table.draw_pile and solo.is_solo(self):
            solo.main_deck_empty(self)  # Solo Fluxx: no reshuffle, the game is over
            return None
        if not table.draw_pile and table.discard:
            pile = table.discard[:]
            table.discard.clear()
            table.draw_pile.extend(pile)
            # Only when a card is needed now (an exactly emptied pile waits); a draw cut short goes on (Q-tag-draw).
            self.step(rec.Reshuffled, count=len(pile), rulings=("B-reshuffle", *(("Q-tag-draw",) if mid_draw else ())))
            chance.shuffle(
                self, table.draw_pile, what="the new draw pile", how=chance.SHUFFLED_HOW, rulings=("B-reshuffle",)
            )
        return table.draw_pile.pop(0) if table.draw_pile else None

    # ------------------------------------------------------------ the turn
    def begin_turn(self, player: str) -> None:
        prev = self.turn
        extra = prev.extra_turns[0] if prev.player == player and prev.extra_turns else None
        self.turn = Turn(
            player=player,
            phase=Phase.START,
            began_empty_handed=not self.table.hands[player],
            extra_turns=prev.extra_turns[1:] if extra else [],
            granted_by=(*prev.granted_by, extra) if extra else (),
            begun_by=self.event_no,
        )
        self.step(rec.TurnBegan, player=player, rulings=("B-turn-order",))
        if extra:
            self.note(f"this is the extra turn {extra} gave {player}", ("B-turn-order",))
        for owner, card in derived.holding(self, "on_turn_start"):
            kind_of(card).on_turn_start(self, card, owner)
        self.check_state()  # a start-of-turn event may change the table (Death): a win check before the draw
        self.schedule_after(self.then("_draw_phase"))

    def _draw_phase(self) -> None:
        if self.winner:
            return  # a start-of-turn event decided the game
        player = self.turn.player
        for _owner, card in derived.holding(self, "before_draw_phase"):
            kind_of(card).before_draw_phase(self, card, player)
        n = self.draw_rule()
        bonus, source = derived.bonus_explained(self, player, "draw")  # where a draw above the Draw rule comes from
        # The whole draw phase is one event: the win check runs only after it (R03).
        self.draw(
            player,
            n,
            counted=True,
            why=f"draw phase (Draw {n}" + (f": the Draw rule's {n - bonus}, plus {source})" if bonus else ")"),
            rulings=("B-draw-rule", *derived.bonus_rulings(self, player, "draw")),
        )
        self.turn.phase = Phase.PLAY

    def end_turn(self, why: str | None = None, rulings: tuple[str, ...] = ()) -> None:
        """Start the end-of-turn events: the active player complies with the limits, then the turn passes.

        `why` (with its `rulings`) says which card ends the turn early; the limits still apply (R36)."""
        self.turn.phase = Phase.ENDING
        if why:
            self.note(why, ("B-turn-order", *rulings))
            # The order-of-events sheet: do what the card says, check for a win, then the end-of-turn events.
            self.check_state()
            if self.winner:
                return
        for frame in reversed(self.temp_hands):  # a turn that ends mid-compound drops the temporary hands
            self._close_temp_hand(frame)
        limits = ("B-limits-end-of-turn", "R36") if why else ("B-limits-end-of-turn",)
        self.schedule_after(self.then("_enforce_active_limits", limits), self.then("_pass_turn"))
        self.run()

    def _pass_turn(self) -> None:
        player = self.turn.player
        self.turn.phase = Phase.OVER
        limit = derived.limit(self, "hand_limit", player) if "hand_limit" in derived.limit_slots(self) else None
        # a hand under the Hand Limit stays as it is: a limit is a ceiling, nobody draws up to it
        under = ("Q1644",) if limit is not None and len(self.table.hands[player]) < limit else ()
        self.step(rec.TurnEnded, player=player, next_player=self.next_player(), rulings=("B-turn-order", *under))
        if not self.turn.extra_turns:
            self.turn.next_up = self._who_plays_next(self.next_player())
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

    def _enforce_active_limits(self, rulings: tuple[str, ...]) -> None:
        self._enforce_limits(self.turn.player, rulings)

    def _enforce_limits(self, player: str, rulings: tuple[str, ...]) -> None:
        for slot in derived.limit_slots(self):
            limit = derived.limit(self, slot, player)
            zone = self.table.hands[player] if slot == "hand_limit" else self.keepers_of(player)
            key = (slot, player)
            label, discard = (
                ("Hand Limit", "discard_from_hand") if slot == "hand_limit" else ("Keeper Limit", "discard_from_play")
            )
            waiting = next((c for c in self.pending if c.key == key), None) if self.pending else None
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
            cites = (*rulings, "R64") if slot == "keeper_limit" and self.creepers_of(player) else rulings
            self.ask(
                player,
                f"comply with the {label} of {limit}: discard {excess}",
                zone,
                excess,
                self.then("_discard_chosen", discard, player, f"{label} {limit}", cites),
                verbs=("discard", "keep"),
                keep_means_complement=True,
                rulings=cites,
                key=key,
            )

    def _discard_chosen(self, how: str, player: str, why: str, rulings: tuple[str, ...], cards: list[Card]) -> None:
        """A limit's discard, once chosen: `how` names discard_from_hand or discard_from_play."""
        getattr(self, how)(player, cards, why, rulings)

    # ------------------------------------------------------------ the winner
    def check_win(self) -> None:
        goals = self.table.goals
        if self.winner or not goals:
            self._win_signature = None
            return
        # What the check reads -- Goals, rules, the cards in front of the players, the turn, and
        # the hands only for a Goal that counts them -- has not changed: neither has its outcome.
        clock = self.table.clock
        stamp = (clock.rule_ticks, clock.ticks if derived.goals_read_hands(self) else None)
        if stamp == self._win_stamp:
            return
        self._win_stamp = stamp
        meeting: list[str] = []
        blocked: list[str] = []
        goal_of: dict[str, Card] = {}
        for goal in goals:
            for player in kind_of(goal).candidates(self, goal):
                if self.creeper_blocks(player, goal):
                    blocked.append(player)
                elif player not in meeting:
                    meeting.append(player)
                    goal_of[player] = goal
        halves = self._half_goals(meeting, blocked, goal_of) if self.house_rules.goals_per_deck else []
        signature = (tuple(map(id, goals)), tuple(meeting), tuple(blocked))
        if signature == self._win_signature:
            return
        self._win_signature = signature
        cites = [ruling for goal in goals for ruling in kind_of(goal).win_rulings(self, goal)]
        for line in halves:
            self.note(line, ("H-goals_per_deck", "B-instant-win"))
            cites.append("H-goals_per_deck")
        if blocked:
            cites += ["R04", "R59"] + (["R58", "Q-tag-double-agenda-2"] if len(goals) > 1 else [])
            cites += ["Q-tag-creepers-2"] if solo.is_solo(self) else []  # Creepers block in Solo Fluxx too
        for player in meeting:  # a Creeper that does not block (a Rule or the card says so): R59's exceptions
            named = kind_of(goal_of[player]).named_cards(goal_of[player])
            creepers = self.creepers_of(player)
            if any(not any(c.is_called(n) for n in named) for c in creepers):
                if self.house_rules.creepers_block_wins:
                    cites.append("R59")
                else:
                    cites += ["H-creepers_block_wins", "R04"]
            elif creepers:
                cites.append("R04")  # every Creeper she has is one the Goal names: none blocks her
                if solo.is_solo(self):
                    cites.append("Q-tag-creepers-2")  # scored, the Creepers it needed go with the Keepers
        if len(meeting) == 1 and solo.is_solo(self):
            solo.score(self, meeting[0], goal_of[meeting[0]], tuple(dict.fromkeys(cites)))  # scored, not won
            return
        if len(meeting) == 1 and derived.goals_to_win(self) is not None:
            self._claim_goal(meeting[0], goal_of[meeting[0]], tuple(dict.fromkeys(cites)))
            return
        if len(meeting) == 1:
            self.winner = meeting[0]
            self.winning_goal = goal_of[self.winner]
            if self.turn.player == self.winner and self.table.hands[self.winner] and self.play_rule().mode == "all":
                cites.append("Q-tag-play-all")  # Play All: the Goal is checked after every play, not at the end
            self.step(
                rec.Won,
                player=self.winner,
                goal=self.winning_goal,
                how=kind_of(self.winning_goal).how_met(self, self.winning_goal, self.winner),
                rulings=("B-instant-win", *dict.fromkeys(cites)),
            )
            return
        # A shared win; under Keep Going a Goal card goes to one player only, so a tie still plays on.
        if len(meeting) > 1 and self.house_rules.tie == "shared" and derived.goals_to_win(self) is None:
            self.winner, self.co_winners = meeting[0], tuple(meeting)
            self.winning_goal = goal_of[self.winner]
            self.note(
                f"{' and '.join(meeting)} meet the Goal at once: under the house rule tie: shared they all win",
                ("H-tie", "B-tie-continues"),
            )
            for player in meeting:
                self.step(
                    rec.Won,
                    player=player,
                    goal=goal_of[player],
                    rulings=("B-instant-win", "H-tie", *dict.fromkeys(cites)),
                )
            return
        if len(meeting) > 1:
            cites.append("B-tie-continues")
        self.step(
            rec.WinChecked,
            goals=tuple(goals),
            meeting=tuple(meeting),
            blocked=tuple(blocked),
            rulings=tuple(dict.fromkeys(cites)),
        )

    def verify_claim(self, player: str, words: Sequence[str]) -> None:
        """A table testing a claimed word (Word Fluxx: `Alice spells CAT`): logged when it meets a
        Goal in play, `Illegal` with the reason when it does not. Either way nothing changes."""
        failures = []
        for goal in self.table.goals:
            try:
                text, rulings = kind_of(goal).verify_claim(self, goal, player, tuple(words))
            except Illegal as illegal:
                failures.append(illegal)
                continue
            self.note(text, rulings)
            return
        if not failures:
            raise Illegal("no_goal", "there is no Goal in play for a word to meet", ("B-word-goals",))
        raise next((f for f in failures if f.code != "not_a_word_goal"), failures[0])

    def _half_goals(self, meeting: list[str], blocked: list[str], goal_of: dict[str, Card]) -> list[str]:
        """House rule goals_per_deck: players holding two half-Goals meet a Goal too (added to
        `meeting`, or to `blocked` when a Creeper neither Goal names blocks them); one line each."""
        lines = []
        for player, first, second in derived.half_goals(self):
            if player in meeting or player in blocked:
                continue
            if self.creeper_blocks(player, first) and self.creeper_blocks(player, second):
                blocked.append(player)
                continue
            meeting.append(player)
            goal_of[player] = first
            lines.append(
                f"{player} holds half of {first} and half of {second}: two half-Goals meet a Goal "
                "(house rule goals_per_deck)"
            )
        return lines

    def _claim_goal(self, player: str, goal: Card, cites: tuple[str, ...]) -> None:
        """Keep Going: the player claims the met Goal (it leaves play and she keeps it), discards the
        Keepers and Creepers she used to meet it, and her turn ends; N claimed Goals win."""
        target = derived.goals_to_win(self)
        assert target is not None
        keep_going = ("B-keep-going", *self.house_rules.cite("keep_going"))
        used = kind_of(goal).cards_used(self, goal, player)
        self.table.goals.remove(goal)
        scored = self.table.scored.setdefault(player, [])
        scored.append(goal)
        how = kind_of(goal).how_met(self, goal, player)  # taken before the cards used leave play
        self.note(
            f"{player} meets {goal}{' ' + how if how else ''} and claims it instead of winning: "
            f"{len(scored)} of {target} claimed Goals",
            (*keep_going, *cites),
        )
        if used:
            self.discard_from_play(player, used, f"the cards used to meet {goal}", keep_going)
        if len(scored) >= target:
            self.winner, self.winning_goal = player, goal
            self.step(rec.Won, player=player, goal=goal, rulings=(*keep_going, "B-instant-win"))
        elif self.is_active(player) and self.turn.phase in (Phase.START, Phase.PLAY, Phase.PLAY_OVER):
            self.end_turn(f"{player} claimed {goal}: her turn ends", keep_going)

    def creeper_blocks(self, player: str, goal: Card) -> bool:
        """A Creeper in front of the player blocks the win unless the Goal names it (R04) or a
        rule waives it; a card a rule makes every winner hold must be there too."""
        rules = [(kind_of(rule), rule) for rule in self.table.rules]
        named = kind_of(goal).named_cards(goal)
        blocking = self.house_rules.creepers_block_wins  # house rule false: Creepers never block
        if blocking and any(
            kind_of(c).blocks_win(self, c, goal)
            and not any(c.is_called(n) for n in named)
            and not any(kind.waives_creepers(self, rule, c) for kind, rule in rules)
            for c in self.creepers_of(player)
        ):
            return True
        needed = (kind.win_needs(self, rule) for kind, rule in rules)
        return any(card is not None and self.owner_of(card) != player for card in needed)

    # ---------------------------------------------------------- being played
    def leave_being_played(self, play: Play) -> None:
        self.being_played.remove(play)

    def move_in_play(self, card: Card, source: str | None, target: str, why: str, rulings: tuple[str, ...]) -> None:
        """Move a Keeper or Creeper from one player's area to another's."""
        if source is None:
            return
        self.table.in_play[source].remove(card)
        self.table.in_play[target].append(card)
        self.step(rec.Moved, card=card, source=source, target=target, why=why, rulings=rulings)

    def discard_from_play(self, player: str | None, cards: Sequence[Card], why: str, rulings: tuple[str, ...]) -> None:
        if player is None:
            return
        for card in cards:
            self.table.in_play[player].remove(card)
        self.discard_cards(cards)
        self.step(rec.Discarded, player=player, cards=tuple(cards), why=why, rulings=rulings)

    def discard_from_hand(self, player: str, cards: Sequence[Card], why: str, rulings: tuple[str, ...]) -> None:
        for card in cards:
            self.table.hands[player].remove(card)
        self.discard_cards(cards)
        self.step(rec.Discarded, player=player, cards=tuple(cards), why=why, rulings=rulings)

    def discard_rules(self, rules: Sequence[Card], by: Card, rulings: tuple[str, ...], detail: str = "") -> None:
        """Discard New Rules by the card `by` (the card acting, named by the step); `detail` says how many."""
        for rule in rules:
            self.table.rules.remove(rule)
        self.discard_cards(rules)
        self.step(
            rec.ActionDone,
            card=by,
            what=f"{', '.join(map(str, rules))} discarded{f' ({detail})' if detail else ''}; "
            "a rule stops working once it leaves play",
            rulings=(*rulings, "B-in-play"),
        )

    def place_in_front(self, player: str, card: Card, rulings: tuple[str, ...] = ()) -> None:
        self.table.in_play[player].append(card)
        self.step(rec.KeeperPlaced, player=player, card=card, rulings=rulings)

    def discard_cards(self, cards: Iterable[Card]) -> None:
        """Put cards on top of the discard pile, the last one on top."""
        for card in cards:
            self.table.discard.insert(0, card)

    def add_rule(self, play: Play) -> None:
        card = play.card
        slot = getattr(kind_of(card), "slot", None)
        # A second copy of a rule (decks mixed) replaces its twin like a rule of its slot does (Q2219).
        twins = [r for r in self.table.rules if r.name == card.name and card.kind != "double_agenda"]
        replaced = [r for r in self.table.rules if r in twins or (slot and getattr(kind_of(r), "slot", None) == slot)]
        for old in replaced:
            self.table.rules.remove(old)
        self.discard_cards(replaced)
        self.leave_being_played(play)
        self.table.rules.append(card)
        rulings: tuple[str, ...] = ("B-new-rule-immediate", *(("B-new-rule-replaces",) if replaced else ()))
        rulings += ("Q2219",) if twins else ()
        rulings += ("Q-tag-xx1-1",) if not replaced and len(self.table.rules) > 1 else ()  # no cap on New Rules
        self.step(rec.RuleAdded, card=card, replaced=tuple(replaced), rulings=rulings)

    def set_goal(self, play: Play) -> None:
        card = play.card
        goals = self.table.goals
        if len(goals) < self.goal_slots():
            self.leave_being_played(play)
            # an open slot is filled, not the lone Goal replaced
            filling = ("R60", "R14", *self.house_rules.cite("goals_per_deck")) if goals else ()
            goals.append(card)
            self.step(rec.GoalSet, card=card, rulings=(*kind_of(card).rulings, *filling))
            return
        if len(goals) == 1:
            self.leave_being_played(play)
            old = goals.pop()
            goals.append(card)
            self.discard_cards([old])
            self.step(rec.GoalSet, card=card, replaced=(old,), rulings=("B-goal-replaces",))
            return

        self.ask(
            play.player,
            f"choose which Goal {card} replaces",
            list(goals),
            1,
            self.then("_replace_goal", play),
            rulings=("B-goal-replaces",),
        )

    def _replace_goal(self, play: Play, chosen: list[Card]) -> None:
        old = chosen[0]
        goals = self.table.goals
        self.leave_being_played(play)  # it waits in the being-played zone while the choice is made
        goals[goals.index(old)] = play.card
        self.discard_cards([old])
        self.step(rec.GoalSet, card=play.card, replaced=(old,), rulings=("B-goal-replaces",))

    # ------------------------------------------------------- temporary hands
    def open_temp_hand(self, play: Play, draw: int, plays: int, rulings: tuple[str, ...]) -> TempHand:
        frame = TempHand(player=play.player, source=play, cards=[], plays_allowed=plays)
        if self.temp_hands:  # opened inside another: this one is finished first
            rulings = (*rulings, "Q-tag-draw2useem")
        if derived.goals_read_hands(self):  # a temporary hand is not the hand a Goal counts
            rulings = (*rulings, "Q-tag-10cardsinhand-2")
        self.temp_hands.append(frame)
        self.step(rec.TempHandOpened, player=play.player, source=play.card, plays=plays, rulings=rulings)
        self.draw(play.player, draw, into=frame.cards, why=f"{play.card}", rulings=rulings)
        return frame

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
            rec.TempHandClosed,
            player=frame.player,
            source=frame.source.card,
            discarded=tuple(leftovers),
            rulings=("B-compound-action",),
        )

    # -------------------------------------------------------------- playing
    def verify_play(self, player: str, card: Card, answers: Sequence[Any] = ()) -> Play:
        """Check that player may play card now; return the play, or raise Illegal."""
        self._verify_playing_now(player, card)
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
        return self._verify_card_play(player, card, answers, frame)

    def _verify_playing_now(self, player: str, card: Card | None) -> None:
        """What does not depend on the card: the game goes on, and it is player's play phase."""
        self.verify_not_over()
        turn = self.turn
        if player != turn.player or turn.phase is not Phase.PLAY:
            if player == turn.player:
                raise self._no_plays_left(player, card, "the play phase is over")
            if turn.phase is Phase.OVER:
                raise Illegal(
                    "not_your_turn", f"it is not {player}'s turn: {self.next_player()} plays next", ("B-turn-order",)
                )
            # "Takes instant effect" on some New Rules does not let them be played when drawn
            instant = ("Q-tag-instantaneous-effect-1",) if card is not None and card.type is CardType.RULE else ()
            raise Illegal("not_your_turn", f"it is {turn.player}'s turn, not {player}'s", ("B-turn-order", *instant))

    def _verify_card_play(self, player: str, card: Card, answers: Sequence[Any], frame: TempHand | None) -> Play:
        """What depends on the card, once it is known to be in the hand it is played from."""
        self._verify_playable_card(card)
        play = Play(
            player=player, card=card, event=self.event_no, answers=list(answers), from_temp_hand=frame is not None
        )
        kind_of(card).verify_play(self, play)
        return play

    @staticmethod
    def _verify_playable_card(card: Card) -> None:
        if card.kind not in REGISTRY or card.type in (CardType.CREEPER, CardType.UNKNOWN):
            raise Illegal("not_playable", f"{card} cannot be played from a hand", ("B-creeper-placement",))

    def playable(self, player: str) -> list[Card]:
        """The cards player may play now as they are (no stated choices): those of her hand -- or of
        the temporary hand being played from -- that `can_play` accepts, worked out together."""
        try:
            self._verify_playing_now(player, None)
        except Illegal:
            return []
        frame = self.temp_hands[-1] if self.temp_hands else None
        if frame is None and self.plays_left() == 0:
            return []
        playable = []
        for card in list(frame.cards if frame is not None else self.table.hands[player]):
            try:
                if has_hook(card, "verify_play"):
                    self._verify_card_play(player, card, (), frame)
                else:
                    self._verify_playable_card(card)  # `Kind.verify_play` checks only stated choices
            except Illegal:
                continue
            playable.append(card)
        return playable

    @staticmethod
    def _no_plays_left(player: str, card: Card | None, why: str) -> Illegal:
        if card is not None and card.type is CardType.SURPRISE:
            return Illegal(
                "no_plays_left",
                f"{player} has no plays left ({why}); on her own turn a Surprise is "
                "one of her plays, and she cannot use it to cancel her own card",
                ("B-play-rule", "R49", "R50"),
            )
        return Illegal("no_plays_left", f"{player} has no plays left: {why}", ("B-play-rule",))

    def can_play(self, player: str, card: Card, answers: Sequence[Any] = ()) -> bool:
        try:
            self.verify_play(player, card, answers)
        except Illegal:
            return False
        return True

    def play(self, player: str, card: Card, answers: Sequence[Any] = ()) -> Play:
        play = self.verify_play(player, card, answers)
        frame = self.temp_hands[-1] if play.from_temp_hand else None
        if frame is not None:
            frame.cards.remove(card)
            frame.plays_made += 1
            counted = f"play {frame.plays_made} of {frame.plays_allowed} from {frame.source.card}"
            rulings: tuple[str, ...] = ("B-compound-action",)
        else:
            self.table.hands[player].remove(card)
            self.turn.played += 1
            quota = self.play_rule()
            counted = f"play {self.turn.played} under {quota}"
            whole_hand = ("B-play-all",) if quota.mode != "count" else ()
            rulings = ("B-play-rule", *whole_hand, *derived.bonus_rulings(self, player, "play"))
        return self._enter_being_played(play, counted, rulings)

    def _enter_being_played(self, play: Play, counted: str, rulings: tuple[str, ...]) -> Play:
        """The card leaves where it was for the being-played zone, and the window to answer it opens."""
        self.being_played.append(play)
        self.turn.history.append(play)
        self.event_plays.append(play)
        self.last_use = None
        self.step(rec.Played, player=play.player, card=play.card, counted=counted, rulings=rulings)
        self.window = play
        self.step(rec.WindowOpened, card=play.card)
        if derived.goals_read_hands(self) and not self.pending:
            # The card has left the hand whatever answers it: a Goal counting hands sees that at once (Q46).
            self.check_win()
        return play

    # ---------------------------------------------------------- free actions
    def verify_use(self, player: str, card: Card, answers: Sequence[Any] = ()) -> Play:
        """Check that player may use the free action card grants now."""
        self.verify_not_over()
        owner = self.owner_of(card)
        if card not in self.table.rules and owner is None:
            raise Illegal(
                "not_in_play", f"{card} is not in play, so its free action cannot be used", ("B-free-actions",)
            )
        if owner is not None and owner != player:
            raise Illegal("not_owner", f"{card} belongs to {owner}; only its owner may use it", ("R10",))
        return self._verify_use_of_own(player, card, answers)

    def _verify_use_of_own(self, player: str, card: Card, answers: Sequence[Any]) -> Play:
        """What is left once card is known to be a rule in play or one of player's own cards in play."""
        turn = self.turn
        kind = kind_of(card)
        if player == turn.player and turn.phase in (Phase.ENDING, Phase.OVER) and not kind.any_time:
            cites = ("R18", "B-free-actions") if kind.needs_a_play(self, card) else ("B-free-actions",)
            raise Illegal(
                "turn_over", f"{player}'s turn is over: free actions close when the end-of-turn events begin", cites
            )
        if not kind.any_time and not self._in_free_action_time(player):
            raise Illegal(
                "not_your_turn",
                f"free actions are taken only during your own turn, and this is not {player}'s",
                ("B-free-actions",),
            )
        if self.temp_hands and player == turn.player:
            raise Illegal(
                "compound_resolving",
                f"{self.temp_hands[-1].source.card} is still resolving: free actions wait until it is finished",
                ("R32", "Q-tag-draw2useem"),
            )
        play = Play(player=player, card=card, event=self.event_no, answers=list(answers))
        kind_of(card).verify_use(self, play)
        return play

    def _in_free_action_time(self, player: str) -> bool:
        """Whether it is player's own turn, in the phases her free actions are open in (those that
        may be used any time are open outside it too: the callers ask that of the card)."""
        turn = self.turn
        return player == turn.player and turn.phase in (Phase.PLAY, Phase.PLAY_OVER)

    def usable(self, player: str) -> list[Card]:
        """The cards whose free action player may use now as they are (no stated choices): the rules
        and her own cards in play that `can_use` accepts, worked out together."""
        try:
            self.verify_not_over()
        except Illegal:
            return []
        her_time = self._in_free_action_time(player)
        usable = []
        for card in [*self.table.rules, *self.table.in_play.get(player, ())]:
            if not has_hook(card, "verify_use"):
                continue  # the card grants no free action
            if not her_time and not kind_of(card).any_time:
                continue  # not in her turn (`_verify_use_of_own` would raise, at some cost, to say so)
            try:
                self._verify_use_of_own(player, card, ())
            except Illegal:
                continue
            usable.append(card)
        return usable

    def can_use(self, player: str, card: Card, answers: Sequence[Any] = ()) -> bool:
        try:
            self.verify_use(player, card, answers)
        except Illegal:
            return False
        return True

    def use(self, player: str, card: Card, answers: Sequence[Any] = ()) -> None:
        play = self.verify_use(player, card, answers)
        self.event_plays.append(play)
        self.turn.free_actions_used.add(card.name)
        self.last_use = play
        if kind_of(card).answerable_use:
            # The card stays where it is; only its use waits for answers.
            play.is_use = True
            self.turn.history.append(play)
            self.window = play
            self.step(rec.WindowOpened, card=card)
            return
        self._resolve_use(play)
        self.check_state()  # a free action changes the table directly, outside the agenda

    def is_optional_free_action(self, event: Any) -> bool:
        """A free action the active player may still take after her plays are done."""
        card = event.card
        return (
            event.action == "use"
            and card is not None
            and card.kind in REGISTRY
            and not kind_of(card).needs_a_play(self, card)
        )

    def discard_at_will(self, player: str, cards: Sequence[Any]) -> None:
        """House rule may_discard: on her own turn a player discards cards she names from her hand."""
        self.verify_not_over()
        cites = ("H-may_discard", "B-no-voluntary-discard")
        if not self.is_active(player) or self.turn.phase not in (Phase.PLAY, Phase.PLAY_OVER):
            raise Illegal("not_your_turn", f"{player} may discard at will only during her own turn", cites)
        hand = self.table.hands[player]
        stray = [str(c) for c in cards if c not in hand]
        if stray or not cards or len(set(map(id, cards))) != len(cards):
            raise Illegal(
                "bad_choice",
                f"{player} can discard only cards of her hand, each once ({', '.join(stray) or 'nothing named'})",
                cites,
            )
        self.discard_from_hand(player, list(cards), "she chose to (house rule may_discard)", cites)
        self.check_state()
        self.run()

    def verify_not_over(self) -> None:
        if self.winner:
            raise Illegal("game_over", f"the game is over: {self.winner} has won", ("B-instant-win",))
        if self.ended:
            raise Illegal("game_over", f"the solo game is over: {self.ended}", ("B-solo",))

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
        self.step(rec.Joined, player=player, seat_after=last, rulings=("B-jump-in",))
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
        self.step(rec.DroppedOut, player=player, cards=tuple(cards), rulings=("B-drop-out",))
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

    # ------------------------------------------------------ goal slots (R27)
    def _settle_goal_slots(self) -> bool:
        """Part of the state-based check: more Goals than slots (a Double Agenda has left play).
        The player responsible (whoever played the card resolving, else the active player) chooses
        which Goals stay; `-> Goal` answers of that play give the choice. True while unsettled."""
        goals = self.table.goals
        if len(goals) <= 1:
            return False  # there is always a slot for one Goal
        slots = self.goal_slots()
        if len(goals) <= slots:
            return False
        if any(c.key == "goal_slots" for c in self.pending):
            return True
        play = self.resolving or (self.being_played[-1] if self.being_played else None)
        player = play.player if play is not None else self.turn.player

        named = [a for a in (play.answers if play is not None else ()) if a in goals]
        if len(named) == slots and len(set(map(id, named))) == slots:
            for answer in named:
                play.answers.remove(answer)  # type: ignore[union-attr]
            self._keep_goals(named)
            return True
        self.ask(
            player,
            f"choose the {count_of(slots, 'Goal')} that stay ({len(goals)} are out, {slots} may be)",
            list(goals),
            slots,
            self.then("_keep_goals"),
            verbs=("choose", "keep"),
            rulings=("R27",),
            key="goal_slots",
        )
        return True

    def _keep_goals(self, chosen: list[Card]) -> None:
        self.schedule(self.then("_settle_goals", chosen))  # as its own step, so the state-based check follows it

    def _settle_goals(self, chosen: list[Card]) -> None:
        dropped = [g for g in self.table.goals if g not in chosen]
        self.table.goals[:] = [g for g in self.table.goals if g in chosen]
        self.discard_cards(dropped)
        self.step(rec.GoalSet, card=chosen[0], replaced=tuple(dropped), rulings=("R27",))

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
    ) -> Play:
        """Play a card that is not in player's hand (the top of the draw pile for Mystery Play,
        the discard pile for an Action that replays a card). The caller has already taken it
        from `source` (said in the log). It goes through the being-played zone and opens a
        response window like any play, and resolves when the window closes. `counted`: whether
        it uses up one of the turn's plays. Raises Illegal (nothing changed) when the card cannot
        be played or `answers` are not legal choices for it."""
        if card.kind not in REGISTRY or card.type in (CardType.CREEPER, CardType.UNKNOWN):
            raise Illegal("not_playable", f"{card} cannot be played", ("B-creeper-placement",))
        play = Play(player=player, card=card, event=self.event_no, answers=list(answers), played_from=source)
        kind_of(card).verify_play(self, play)
        if card.type is CardType.SURPRISE:
            rulings += ("R06",)  # played at once by its own player: its in-turn use, never a cancel
        if counted:
            self.turn.played += 1
            how = f"from {source}; play {self.turn.played} under {self.play_rule()}"
        else:
            how = f"from {source}; not counted as a play"
        if self.turn.phase is Phase.PLAY_OVER and player == self.turn.player:
            # Plays were done: the phase reopens while the card is played; the turn structure closes it
            # again once nothing is left to play (a flipped Play rule or Jackpot! may give more).
            self.turn.phase = Phase.PLAY
        return self._enter_being_played(play, how, rulings)

    # ------------------------------------------------- plays the rules force
    def make_forced_plays(self) -> None:
        """Make the plays that rules in play force on the active player now (First Play Random).
        The replay calls this before each event that is not a free action of the active player,
        and when the events run out, so free actions may still come first. Like any play, the
        forced play opens a response window: a Surprise of another player answers it."""
        self.run()
        turn = self.turn
        if (
            turn.phase is not Phase.PLAY
            or self.window
            or self.pending
            or self.winner
            or self.stopped
            or self.ended
            or self.being_played
            or self.temp_hands
        ):
            return
        for rule in list(self.table.rules):
            forced = kind_of(rule).forced_play(self, rule)
            if forced is None:
                continue
            card, why, rulings = forced
            answers = self._state_the_pick(rule, card, rulings)
            self.note(why, rulings)
            if card.is_unknown:
                self.stopped = f"{rule} picked a `?` card from {turn.player}'s hand: name the cards in it"
                self.step(rec.Stopped, reason=self.stopped, rulings=rulings)
                return
            self.play(turn.player, card, answers)
            return

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
            rec.Chance,
            what=f"the card {rule} picks for {player}'s play",
            outcome=str(card),
            stated=card is stated,
            how=f"`{player} plays CARD at random`",
            rulings=rulings,
        )
        return answers if stated is not None else []

    # ------------------------------------------------------------ inspection
    def zones(self) -> dict[str, list[Card]]:
        """Every place a card can be, by label; each card of the game is in exactly one of them."""
        zones = self.table.zones()
        zones["being played"] = [play.card for play in self.being_played]
        zones["held by cards being played"] = [card for play in self.being_played for card in play.held]
        for i, frame in enumerate(self.temp_hands):
            zones[f"temporary hand {i + 1} of {frame.player}"] = list(frame.cards)
        return zones
