"""The Goals and the winner (a mixin of `Game`): the win check (`check_win`), claims of a Goal
met (`verify_claim`), Creepers that block a win, setting or replacing a Goal, and keeping as
many Goals in play as there are Goal slots (R27).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.cards.kinds import kind_of
from adjudicator.cards.kinds.base import continuation
from adjudicator.engine import derived, solo
from adjudicator.engine.view import GameView
from adjudicator.model import records as rec
from adjudicator.model.cards import Card
from adjudicator.model.errors import Illegal
from adjudicator.model.events import Action
from adjudicator.model.names import count_of
from adjudicator.model.position import Phase, Play


class Goals(GameView):
    """The win check, claims, the Goals in play and their slots."""

    __slots__ = ()  # the fields are Game's (`view.GAME_FIELDS`)

    # ------------------------------------------------------------ the winner
    def check_win(self) -> None:
        goals = self.table.goals
        if self.winner or not goals:
            self._win_signature = None
            return
        # What the check reads -- Goals, rules, the cards in front of the players, and the hands
        # only for a Goal that counts them -- has not changed: neither has its outcome. Not the
        # turn: a new turn moves `rule_ticks` with no card moving (`Clock.turn_moved`), and so
        # does `turns_begun`, which the stamp takes off.
        clock = self.table.clock
        moved = clock.rule_ticks - self.turns_begun
        stamp = (moved, clock.ticks) if (clock.effective or derived.effective(self)).goals_read_hands else moved
        if stamp == self._win_stamp:
            return
        self._win_stamp = stamp
        meeting: list[str] = []
        blocked: list[str] = []
        goal_of: dict[str, Card] = {}
        met = []  # each Goal's kind and who meets it, before Creepers (what its rulings read)
        for goal in goals:
            kind = kind_of(goal)
            candidates = kind.candidates(self, goal)
            met.append((goal, kind, candidates))
            for player in candidates:
                if self.creeper_blocks(player, goal):
                    blocked.append(player)
                elif player not in meeting:
                    meeting.append(player)
                    goal_of[player] = goal
        halves = self._half_goals(meeting, blocked, goal_of) if self.house_rules.goals_per_deck else []
        # (the Goals by the cards themselves, which compare by identity: the tuples the record holds)
        signature = in_play, met_by, blocked_by = tuple(goals), tuple(meeting), tuple(blocked)
        if signature == self._win_signature:
            return
        self._win_signature = signature
        cites: list[str] = []
        for goal, kind, candidates in met:
            cites += kind.win_rulings(self, goal, candidates)
        for line in halves:
            self.note(line, ("H-goals_per_deck", "B-instant-win"))
            cites.append("H-goals_per_deck")
        if blocked:
            cites += ["R04", "R59"] + (["R58", "Q-tag-double-agenda-2"] if len(goals) > 1 else [])
            cites += ["Q-tag-creepers-2"] if solo.is_solo(self) else []  # Creepers block in Solo Fluxx too
        for player in meeting:  # a Creeper that does not block (a Rule or the card says so): R59's exceptions
            creepers = self.table.creepers_of(player)
            if not creepers:
                continue  # (the cards the Goal names are read for her Creepers alone)
            named = kind_of(goal_of[player]).named_cards(goal_of[player])
            if any(not any(c.is_called(n) for n in named) for c in creepers):
                if self.house_rules.creepers_block_wins:
                    cites.append("R59")
                else:
                    cites += ["H-creepers_block_wins", "R04"]
            else:
                cites.append("R04")  # every Creeper she has is one the Goal names: none blocks her
                if solo.is_solo(self):
                    cites.append("Q-tag-creepers-2")  # scored, the Creepers it needed go with the Keepers
        if len(meeting) == 1:
            self._met(meeting[0], goal_of[meeting[0]], cites)
            return
        # A shared win; under Keep Going a Goal card goes to one player only, so a tie still plays on.
        if len(meeting) > 1 and self.house_rules.tie == "shared" and derived.goals_to_win(self) is None:
            self.winner, self.co_winners = meeting[0], met_by
            self.winning_goal = goal_of[self.winner]
            self.note(
                f"{' and '.join(meeting)} meet the Goal at once: under the house rule tie: shared they all win",
                ("H-tie", "B-tie-continues"),
            )
            for player in meeting:
                self.step(
                    rec.Won.of(
                        player=player,
                        goal=goal_of[player],
                        rulings=("B-instant-win", "H-tie", *dict.fromkeys(cites)),
                    )
                )
            return
        if len(meeting) > 1:
            cites.append("B-tie-continues")
        self.step(
            rec.WinChecked.of(goals=in_play, meeting=met_by, blocked=blocked_by, rulings=tuple(dict.fromkeys(cites)))
        )

    def _met(self, player: str, goal: Card, cites: list[str]) -> None:
        """The win check found one player meeting a Goal: she wins (in Solo Fluxx she scores it,
        under Keep Going she claims it)."""
        if solo.is_solo(self):
            solo.score(self, player, goal, tuple(dict.fromkeys(cites)))  # scored, not won
            return
        if derived.goals_to_win(self) is not None:
            self._claim_goal(player, goal, tuple(dict.fromkeys(cites)))
            return
        self.winner, self.winning_goal = player, goal
        if self.turn.player == player and self.table.hands[player] and self.play_rule().mode == "all":
            cites.append("Q-tag-play-all")  # Play All: the Goal is checked after every play, not at the end
        self.step(
            rec.Won.of(
                player=player,
                goal=goal,
                how=kind_of(goal).how_met(self, goal, player),
                rulings=("B-instant-win", *dict.fromkeys(cites)),
            )
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
            self.step(rec.Won.of(player=player, goal=goal, rulings=(*keep_going, "B-instant-win")))
        elif self.is_active(player) and self.turn.phase in (Phase.START, Phase.PLAY, Phase.PLAY_OVER):
            self.end_turn(f"{player} claimed {goal}: her turn ends", keep_going)

    def creeper_blocks(self, player: str, goal: Card) -> bool:
        """A Creeper in front of the player blocks the win unless the Goal names it (R04) or a
        rule waives it; a card a rule makes every winner hold must be there too."""
        table = self.table
        # house rule false: Creepers never block (the cards the Goal names, the rules that waive
        # Creepers, are read only for a player with Creepers that may block)
        creepers = table.creepers_of(player) if self.house_rules.creepers_block_wins else ()
        if creepers:
            rules = [(kind_of(rule), rule) for rule in table.rules]
            named = kind_of(goal).named_cards(goal)
            if any(
                kind_of(c).blocks_win(self, c, goal)
                and not any(c.is_called(n) for n in named)
                and not any(kind.waives_creepers(self, rule, c) for kind, rule in rules)
                for c in creepers
            ):
                return True
        needed = (kind_of(rule).win_needs(self, rule) for rule in table.rules)
        return any(card is not None and table.owner_of(card) != player for card in needed)

    # ------------------------------------------------------ the Goals in play
    def set_goal(self, play: Play) -> None:
        card = play.card
        goals = self.table.goals
        if len(goals) < self.goal_slots():
            self.leave_being_played(play)
            # an open slot is filled, not the lone Goal replaced
            filling = ("R60", "R14", *self.house_rules.cite("goals_per_deck")) if goals else ()
            goals.append(card)
            self.step(rec.GoalSet.of(card=card, rulings=(*kind_of(card).rulings, *filling)))
            return
        if len(goals) == 1:
            self.leave_being_played(play)
            old = goals.pop()
            goals.append(card)
            self.discard_cards([old])
            self.step(rec.GoalSet.of(card=card, replaced=(old,), rulings=("B-goal-replaces",)))
            return

        self.ask(
            play.player,
            f"choose which Goal {card} replaces",
            list(goals),
            1,
            self.then(self._replace_goal, play),
            rulings=("B-goal-replaces",),
        )

    @continuation
    def _replace_goal(self, play: Play, chosen: list[Card]) -> None:
        old = chosen[0]
        goals = self.table.goals
        self.leave_being_played(play)  # it waits in the being-played zone while the choice is made
        goals[goals.index(old)] = play.card
        self.discard_cards([old])
        self.step(rec.GoalSet.of(card=play.card, replaced=(old,), rulings=("B-goal-replaces",)))

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
            self.then(self._keep_goals),
            verbs=(Action.CHOOSE, Action.KEEP),
            rulings=("R27",),
            key="goal_slots",
        )
        return True

    @continuation
    def _keep_goals(self, chosen: list[Card]) -> None:
        self.schedule(self.then(self._settle_goals, chosen))  # as its own step, so the state-based check follows it

    @continuation
    def _settle_goals(self, chosen: list[Card]) -> None:
        dropped = [g for g in self.table.goals if g not in chosen]
        self.table.goals[:] = [g for g in self.table.goals if g in chosen]
        self.discard_cards(dropped)
        self.step(rec.GoalSet.of(card=chosen[0], replaced=tuple(dropped), rulings=("R27",)))
