"""The rules engine.

`Game` holds one position and applies events to it. For every action there is
`verify_x` (raise `Illegal` with a reason), `can_x` (the same as a bool) and
`x` (do it). Everything the rules force happens through one loop, `run()`:

1. the agenda: forced tasks in order (a card resolving, the draw phase,
   end-of-turn limits, ...), halted while a choice is pending;
2. after every task, one state-based check: Creeper triggers, limits for the
   players whose turn it is not, Goal-change triggers, then the win check (only
   when something it reads has changed: it would do nothing twice);
3. when the agenda is empty, the turn structure: draw what a raised Draw rule
   now requires, close a finished temporary hand, end the play phase when no
   plays are left.

A card played sits in the being-played zone with a response window open
(`window`); Surprises answering it stack up in `responses` (`verify_respond` /
`respond`). When the window closes the chain resolves by toggling, then the card
resolves if it still stands, and only then is the winner checked.

Every change is logged as a frozen step record naming its rulings.

This module keeps the construction of a game, the position's accessors and the log; `Game` is
composed of one mixin per subsystem, each in its own module: `agenda.py` (the agenda, `run`,
the state-based check, choices), `turns.py` (draws, the turn, the limits, forced plays),
`goals.py` (the win check, claims, Goal slots), `playing.py` (playing cards, the
being-played zone, temporary hands), `using.py` (free actions), `chain.py` (the response chain),
`event_order.py` (`push`/`pop`) and `moves.py` (moving cards).
"""

from __future__ import annotations

import operator
import random
from collections import Counter, deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, assert_never

from adjudicator.cards.kinds.base import continuation
from adjudicator.cards.kinds.host import CardHost, RuleNumber
from adjudicator.engine import deciding, derived, outcomes
from adjudicator.engine.agenda import Agenda
from adjudicator.engine.chain import ResponseChain
from adjudicator.engine.copying import fork
from adjudicator.engine.event_order import EventOrder
from adjudicator.engine.goals import Goals
from adjudicator.engine.moves import CardMoves
from adjudicator.engine.playing import Playing
from adjudicator.engine.turns import TurnStructure
from adjudicator.engine.undoing import Record, previous_changes
from adjudicator.engine.using import Using
from adjudicator.engine.view import GAME_FIELDS
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.errors import Illegal
from adjudicator.model.position import PendingChoice, Phase, Play, Table, TempHand, Then, Turn
from adjudicator.model.quota import PlayQuota

if TYPE_CHECKING:
    from adjudicator.engine.deciding import Decided
    from adjudicator.model.day import Day
    from adjudicator.model.decision import ChanceOutcome, Driver
    from adjudicator.model.events import Event
    from adjudicator.model.scenario import Scenario
    from adjudicator.model.snapshot import Position


#: The step records a game without a log still writes: those its drivers read (the turns begun,
#: an event rejected, a stop).
LANDMARKS = frozenset({rec.TurnBegan, rec.Rejected, rec.Stopped})

#: From how many records on a log keeps once what its records repeat (`Step.made`'s `keep`): a
#: long log saves memory so, a short one would only pay for the look-ups.
KEPT_ONCE_FROM = 1000

#: What the hot paths compare with, read once (an enum member read off its class costs a lookup).
_START, _PLAY, _PLAY_OVER, _META = Phase.START, Phase.PLAY, Phase.PLAY_OVER, CardType.META
_TYPE = operator.attrgetter("type")


class Game(Agenda, TurnStructure, Goals, Playing, Using, EventOrder, ResponseChain, CardMoves):
    __slots__ = GAME_FIELDS

    def __init__(self, scenario: Scenario, *, undo: bool = True, log: bool = True) -> None:
        """`undo`: keep a record of what each event pushed changes, so that `pop` can take it back
        (`engine/undoing.py`; a driver that never takes an event back, replay and simulate, goes without).
        `log`: write every step record (a replay, a check, explore's lines); without it (simulate)
        only the landmarks the drivers read are written -- turns begun, rejections, stops -- and
        the citations are counted (`cited`)."""
        setup = scenario.setup
        self.scenario = scenario
        #: what each event pushed changed, latest last (None: not kept); copies keep none
        self.undo: list[Record] | None = [] if undo else None
        self._rng: random.Random | None = None  # made when chance is first needed (`rng`): seeding costs
        self.house_rules = scenario.house_rules  # the switches read where each rule is applied
        # Each zone takes its cards from the setup's tuples itself (no list in between); the Meta
        # Rules, agreed for the whole game (Keep Going), are set apart from the New Rules.
        rules: tuple[Card, ...] = setup.rules
        meta_rules: tuple[Card, ...] = ()
        if _META in map(_TYPE, rules):  # (in C: most setups have none)
            meta_rules = tuple([c for c in rules if c.type is _META])
            rules = tuple([c for c in rules if c.type is not _META])
        # (passed in order, not by keyword: a class called with keywords packs them in a dict)
        self.table = Table(
            list(scenario.players),
            setup.hands,  # each player's, or none (`ZoneMap.holding`)
            setup.in_play,
            rules,
            setup.goals,
            setup.draw_pile,
            setup.discard,
            meta_rules,
            setup.rules_pile,
        )
        self.turns_begun = 1  # Turn objects set so far (`turn`): compared across copies of a game
        # The first one set as it is, not through `turn` (`_begin_new_turn`): on a new table nothing
        # is derived from a turn yet, to be worked out again.
        self._turn = Turn(setup.turn, _START)
        self.steps: list[rec.Step] = []
        #: without a log: the rulings a step cited -> the steps that cited just those (None: every
        #: step is written); counted by the step's tuple, as written, and split into rulings only
        #: when asked (`citations`).
        self.cited: dict[tuple[str, ...], int] | None = None if log else {}
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
        self.unread_at_end: list[Play] = []  # plays the game ended before they resolved (`_tried`)
        self._decided: Decided | None = None  # where the game rests, while it does (`decision`)
        self._win_signature: Any = None
        self._win_stamp: Any = None  # the clock reading the win check last looked at (`check_win`)
        self._state_checked: tuple[int, Phase, tuple[Any, ...]] | int | None = (
            None  # when the state-based check last ran: `_state_signature()`, or `rule_ticks` (see `_check_state`)
        )
        self._goals_seen = tuple(self.table.goals)  # to notice a change of Goals
        self._begin(setup)

    # ------------------------------------------------------------------ setup
    def _begin(self, setup: Any) -> None:
        if setup.phase == "deal":
            self.schedule(self.then(self._deal))
            self.schedule_after(self.then(self.begin_turn, setup.turn))
        elif setup.phase == "start":
            self.begin_turn(setup.turn)
        else:  # "play", or "end": the play phase is over, end-of-turn events are due
            turn = self._turn
            turn.phase = _PLAY if setup.phase == "play" else _PLAY_OVER
            turn.played = setup.played
            turn.drawn = setup.drawn if setup.drawn is not None else derived.draw_rule(self, turn.player)
        self.check_state()  # the position as given may already force something (a limit, a win)
        self.run()

    @continuation
    def _deal(self) -> None:
        count = self.basic("deal")
        dealt: dict[str, list[Card]] = {p: [] for p in self.players}
        for _ in range(count):  # one card at a time, round-robin from the first player
            for player in self.players:
                dealt[player] += self.draw(player, 1, why="the deal", log=False, rulings=("R15", "Q2763"))
        for player in self.players:
            self.step(
                rec.Dealt.of(
                    player=player,
                    cards=tuple(dealt[player]),
                    rulings=("B-deal", *self.house_rules.cite("starting_hand")),
                )
            )

    @property
    def rng(self) -> random.Random:
        """The only source of chance in a replay, seeded from the scenario."""
        if self._rng is None:
            self._rng = random.Random(self.scenario.seed)
        return self._rng

    def _begin_new_turn(self, turn: Turn) -> None:
        """A new turn is a new position: what is derived from it is worked out again."""
        self._turn = turn
        self.turns_begun += 1  # a copy keeps the count, not the Turn object
        self.table.clock.turn_moved()

    if TYPE_CHECKING:

        @property
        def turn(self) -> Turn: ...

        @turn.setter
        def turn(self, turn: Turn) -> None: ...

        @property
        def players(self) -> list[str]: ...

    else:
        # Read about 140 times a turn: a getter in C (attrgetter) costs no Python call. A property is
        # still a lookup and a call each read: the engine's own hot paths read `_turn` itself.
        turn = property(operator.attrgetter("_turn"), _begin_new_turn)
        players = property(operator.attrgetter("table.players"))

    def copy(self) -> Game:
        """An independent copy (see `engine/copying.py`): whatever runs on it leaves this game alone."""
        return fork(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        copied = memo[id(self)] = fork(self)  # `copy.deepcopy` makes the copy `copy` makes
        return copied

    def position(self) -> Position:
        """The whole position as one frozen, hashable value (`engine/positions.py`), made when asked."""
        # imported here: a process that never asks (simulate) need not build its classes
        from adjudicator.engine.positions import position_of

        return position_of(self)

    def set_position(self, position: Position) -> None:
        """Set this game to position (one of a game of the same scenario): the log and the random
        generator stay, the events pushed and the undo stack go (`engine/positions.py`)."""
        from adjudicator.engine.positions import restore

        restore(self, position)

    # -------------------------------------------------- what a driver uses
    #: `decision()`: where the game rests: every forced step taken, who decides what, from which
    #: cards, and the legal events (`engine/deciding.py`; the function itself, with no method of the
    #: game's own in between: asked before every event). A driver's view: `model.decision.Driver`.
    decision = deciding.decision

    def legal_events(self) -> Sequence[Event]:
        """The legal events of `decision()`: pushing one applies it as listed (each made when read)."""
        return deciding.decision(self).events  # (`decision`, one call fewer: asked before every event)

    def let_chance(self) -> None:
        """Where chance decides (`DecisionKind.CHANCE`), the seed picks, as in a replay that does
        not state it; the game then rests at the next decision (no event is pushed)."""
        deciding.let_chance(self)

    def chance_outcomes(self, event: Event) -> list[ChanceOutcome]:
        """The outcomes of the first random step event meets, each as the event stating it."""
        return outcomes.chance_outcomes(self, event)

    @property
    def is_over(self) -> bool:
        """Someone has won, a Solo game is over, or the replay cannot go on."""
        return bool(self.winner or self.ended or self.stopped)

    def pop(self) -> Event:
        """Take back the last event pushed: the game is set as it was before it, log and random
        generator included, from what `push` recorded it changed (`engine/undoing.py`)."""
        if not self.move_stack:
            raise IndexError("pop from an empty move stack")
        if not self.undo:
            raise ValueError("this game keeps no undo stack (made with undo=False, or a copy): pop is not possible")
        last = self.move_stack[-1]
        decided = self._decided
        if decided is not None and decided.since is not None:
            decided.since.take_back(self)  # the steps a decision read since took (the next event's) first
        self.undo.pop().take_back(self)
        # Back where its decision listed it: the steps that decision took are journaled apart, to be
        # taken back for an event it does not list; any other change from here is the previous push's.
        decided = self._decided
        since = decided.since if decided is not None else None
        self.table.clock.undo = since.changes if since is not None else previous_changes(self)
        return last

    # ------------------------------------------------------------ properties
    @property
    def date(self) -> Day | None:
        """The day the game is played (the scenario's `date:`)."""
        return self.scenario.date

    def basic(self, key: str) -> int:
        """A number of the Basic Rules card (deal / draw / play), as it counts now."""
        printed = self.scenario.catalog.basic_rules[key]
        if key == "deal" and self.house_rules.is_set("starting_hand"):
            printed = self.house_rules.starting_hand
        if not (self.table.clock.effective or derived.effective(self)).numeral_rules:
            return printed  # no rule raises numbers (most tables): nothing to add up
        return printed + derived.numeral_bonus(self, None)

    #: how much the printed numbers on a card are raised (asked by `Kind.number`: the function
    #: itself, with no method of the game's own in between)
    numeral_bonus = derived.numeral_bonus

    def draw_rule(self, player: str | None = None) -> int:
        return derived.draw_rule(self, player or self._turn.player)

    def play_rule(self, player: str | None = None) -> PlayQuota:
        return derived.play_rule(self, player or self._turn.player)

    def number(self, name: RuleNumber, player: str | None = None) -> int:
        """A number the rules in force make now (`RuleNumber` lists them), for player (by default
        the one whose turn it is): what a card's kind reads of the rules (engine/derived.py)."""
        match name:  # (compared in turn, the commonest first: no call in between)
            case "plays_left":
                return self.plays_left()
            case "goal_slots":
                return derived.goal_slots(self)
            case "draw":
                return derived.draw_rule(self, player or self.turn.player)
            case "draw_before_bonus":
                return derived.effective(self).printed_draw
            case "play_bonus":
                return derived.bonuses(self, player or self.turn.player, "play").total
            case "turn_direction":
                return derived.turn_direction(self)
            case "basic_draw":
                return self.basic("draw")
            case "basic_play":
                return self.basic("play")
        assert_never(name)

    def bonus_rulings(self, player: str, what: str) -> tuple[str, ...]:
        """The rulings behind those bonuses."""
        return derived.bonus_rulings(self, player, what)

    def compound_terms(self, frame: TempHand) -> tuple[int, int]:
        """A temporary hand's draws and plays as its Action counts them now (Inflation raises them)."""
        return derived.compound_terms(self, frame)

    def plays_owed_from(self, frame: TempHand) -> int:
        """Plays still to make from a temporary hand (Q51: what its Action allows now)."""
        return derived.compound_plays_owed(self, frame)

    def hand_limit(self) -> int | None:
        return derived.limit(self, "hand_limit", None)

    def keeper_limit(self) -> int | None:
        return derived.limit(self, "keeper_limit", None)

    def goal_slots(self) -> int:
        return derived.goal_slots(self)

    #: 1 while turns pass clockwise, -1 the other way (the derived function itself, as `numeral_bonus`)
    turn_direction = derived.turn_direction

    def plays_left(self) -> int:
        """Plays the active player may still make this turn (0 once the play phase is over)."""
        turn = self._turn
        if turn.phase is not _PLAY:
            return 0
        # Asked again and again with nothing changed (listing, verifying, the turn structure): the
        # answer stands while the Play rule (the memo, emptied when it may change), the plays made
        # and the size of the hand do -- not every move of a card (a draw, a discard) changes them;
        # the Play rule itself stands as long as the memo (a play changes only the plays made).
        memo = self.table.clock.derived
        known = memo.get("plays_left")
        played, hand = turn.played, len(self.table.hands.get(turn.player, ()))
        if known is None:
            quota = derived.play_rule(self, turn.player)
        elif known[0] == played and known[1] == hand:
            return known[2]  # type: ignore[no-any-return]
        else:
            quota = known[3]
        left = quota.left(played, hand)
        memo["plays_left"] = (played, hand, left, quota)
        return left

    def next_player(self, after: str | None = None) -> str:
        turn, players = self._turn, self.table.players
        if after is None:
            if turn.next_up in players:
                return turn.next_up
            if turn.extra_turns:
                return turn.player  # an extra turn is owed: the same player goes again
        seat = players.index(after or turn.player)
        # (`turn_direction`, read off the effective rules in place: asked at the end of every turn)
        direction = (self.table.clock.effective or derived.effective(self)).direction
        return players[(seat + direction) % len(players)]

    @property
    def goals_won(self) -> dict[str, int]:
        return {p: len(cards) for p, cards in self.table.scored.items()}

    # ------------------------------------------------------------- the log
    @property
    def log(self) -> bool:
        """Whether every step record is written (see `__init__`)."""
        return self.cited is None

    @property
    def logged(self) -> int:
        """The steps taken, written or not: what a look-ahead compares to see that something happened."""
        return self.table.clock.steps

    def step(self, draft: rec.Draft) -> None:
        """Write the record drafted (`rec.X.of(...)`: its class, its rulings, its fields): of the
        event being taken, with the cards the zones moved since the last step."""
        clock = self.table.clock
        clock.steps += 1
        cls = draft[0]
        cited = self.cited
        if cited is None:
            written = clock.steps  # (with a log every step taken is a record written: no len(steps))
        else:
            rulings = draft[1]
            cited[rulings] = cited.get(rulings, 0) + 1
            if cls not in LANDMARKS:
                if clock.journal:
                    clock.journal.clear()  # the moves it would have said
                return
            written = len(self.steps) + 1  # (its landmarks alone)
        moves = clock.moves() if clock.journal else ()
        self.steps.append(cls.made(self.event_no, moves, written > KEPT_ONCE_FROM, draft))

    def citations(self) -> Counter[str]:
        """ruling -> the steps that cited it, log or not."""
        if self.cited is None:
            return Counter(ruling for step in self.steps for ruling in step.rulings)
        counts: Counter[str] = Counter()
        for rulings, steps in self.cited.items():
            for ruling in rulings:
                counts[ruling] += steps
        return counts

    def note(self, text: str, rulings: Sequence[str]) -> None:
        self.step(rec.Note.of(what=text, rulings=tuple(rulings)))

    # ------------------------------------------------------------ inspection
    def zones(self) -> dict[str, list[Card]]:
        """Every place a card can be, by label; each card of the game is in exactly one of them."""
        zones = self.table.zones()
        zones["being played"] = [play.card for play in self.being_played]
        zones["held by cards being played"] = [card for play in self.being_played for card in play.held]
        for i, frame in enumerate(self.temp_hands):
            zones[f"temporary hand {i + 1} of {frame.player}"] = list(frame.cards)
        return zones


if TYPE_CHECKING:
    #: The game as its card kinds see it: `python -m mypy` checks here that `Game` has every name
    #: of the kinds' protocol (cards/kinds/host.py) with a matching signature.
    _CARD_HOST: type[CardHost] = Game
    #: The game as a driver sees it (model/decision.py): checked here the same way.
    _DRIVER: type[Driver] = Game
