"""New Rules that change other rules instead of filling a slot: the Bonuses, Inflation,
Double Agenda and First Play Random.

None of them stores anything: `engine.derived` asks their hooks (`draw_bonus`,
`play_bonus`, `numeral_bonus`, `goal_slots`) whenever a rule's value is needed,
so a Keeper arriving or a rule leaving changes the answer at once, and the
turn structure draws what a raised Draw rule now requires.

First Play Random and events
----------------------------
The rule forces the first play of a turn, so the engine makes it itself: no
event names that card. The random play is due as late as the rules allow:
right before the first event of the turn that is not a free action of the
active player (`P uses ...`: free actions may come before the first play and
are not plays), or when the events run out. The engine then logs the pick
(citing B-first-play-random), plays the card -- the one the event states
(`P plays CARD at random`, engine/chance.py), else one drawn with `game.rng`,
so the seed fixes it -- and resolves it; the events that follow are the later
plays. An event that names the card already played at random is rejected like
any play of a card no longer in hand. A hand holding `?` cards cannot be picked from:
the replay stops and asks the author to name them. The rule does nothing when
the player may play only one card (the Play rule allows one, or one card is
all the hand holds).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from adjudicator.cards.kinds.base import kind_of, register, stated_choices_only
from adjudicator.cards.kinds.params import COUNT, Param, choice_param, is_count, name_param
from adjudicator.cards.kinds.rules import RuleKind
from adjudicator.model import records as rec
from adjudicator.model.cards import Card
from adjudicator.model.errors import Illegal

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost
    from adjudicator.model.position import Play

#: A bonus amount printed as a numeral on the card (Inflation raises it); absent means no bonus.
BONUS_PARAM = Param(COUNT, is_count, default=0, numeral=True)
#: The bonus hook -> the param printing its amount: a card holds the hook only when it prints one.
_PRINTED = {"draw_bonus": "draw", "play_bonus": "play"}


def hooks_printed(card: Card, hooks: tuple[str, ...]) -> tuple[str, ...]:
    """The bonus hooks (`hooks`) whose amount card prints: a bonus it does not print is none (Poor
    Bonus gives no play)."""
    return tuple([hook for hook in hooks if _PRINTED[hook] in card.params])


@register
class Bonus(RuleKind):
    """Poor / Rich / Party Bonus: extra draws and plays for `who` (everyone, the one player with
    the fewest Keepers, the one with the most), optionally only while someone has the Keeper
    named by `while_in_play`. A tie for fewest or most gives nobody the bonus."""

    name = "bonus"
    params = {
        "draw": BONUS_PARAM,
        "play": BONUS_PARAM,
        "who": choice_param("everyone", "poorest", "richest"),
        "while_in_play": name_param(required=False),
    }

    def receiver(self, game: CardHost, card: Card) -> str | None | bool:
        """True: everybody gets it; a name: only that player; None: nobody."""
        needed = card.param("while_in_play")
        if needed and not any(c.is_called(needed) for p in game.table.players for c in game.table.in_play[p]):
            return None
        who = card.params["who"]
        if who == "everyone":
            return True
        players = game.table.players
        counts = [len(game.table.keepers_of(p)) for p in players]
        extreme = (min if who == "poorest" else max)(counts)
        return players[counts.index(extreme)] if counts.count(extreme) == 1 else None

    def hooks_held(self, card: Card, hooks: tuple[str, ...]) -> tuple[str, ...]:
        return hooks_printed(card, hooks)

    def _bonus(self, game: CardHost, card: Card, player: str, key: str) -> int:
        got = self.receiver(game, card)
        return self.number(game, card, key) if got is True or got == player else 0

    def draw_bonus(self, game: CardHost, card: Card, player: str) -> int:
        return self._bonus(game, card, player, "draw")

    def play_bonus(self, game: CardHost, card: Card, player: str) -> int:
        return self._bonus(game, card, player, "play")

    def bonus_rulings(self, game: CardHost, card: Card, player: str, what: str) -> tuple[str, ...]:
        cites = ["B-bonus-rules"]
        if card.params["who"] == "poorest" and not game.table.keepers_of(player):
            cites.append("Q42")  # no Keepers at all is the fewest
        if what == "play" and card.params["who"] == "richest":
            cites.append("Q2105")
        other = {"richest": "poorest", "poorest": "richest"}.get(card.params["who"])
        if other and any(r.kind == card.kind and r.params.get("who") == other for r in game.table.rules):
            cites.append("Q882")  # Rich and Poor Bonus stand together; who gets which is judged as it happens
        return tuple(cites)

    def bonus_source(self, game: CardHost, card: Card, player: str) -> str:
        who = card.params["who"]
        if who == "everyone":
            needed = card.param("while_in_play")
            return f"{needed} is in play" if needed else ""
        return f"{player} has the {'fewest' if who == 'poorest' else 'most'} Keepers"

    def resolve(self, game: CardHost, play: Play) -> None:
        super().resolve(game, play)
        got = self.receiver(game, play.card)
        who = "every player" if got is True else got or "nobody (a tie, or the condition is not met)"
        game.step(
            rec.Note.of(
                what=f"{play.card} now gives its bonus to {who}; it is worked out afresh whenever the Keepers change",
                rulings=("B-bonus-rules",),
            )
        )


def _is_month_day(value: object) -> bool:
    parts = value.split("-") if isinstance(value, str) else []
    return len(parts) == 2 and all(p.isdigit() for p in parts) and 1 <= int(parts[0]) <= 12 and 1 <= int(parts[1]) <= 31


@register
class DayBonus(RuleKind):
    """Christmas Bonus: on the `day` (MONTH-DAY) every player draws and plays the bonus; on
    any other day only a player with the `holder` Keeper in play does (Santa Claus; Mrs. Claus
    counts as him). The day is the scenario's `date:`; without one it is not that day."""

    name = "day_bonus"
    params = {
        "draw": BONUS_PARAM,
        "play": BONUS_PARAM,
        "day": Param("a day of the year written MONTH-DAY (12-25)", _is_month_day, required=True),
        "holder": name_param(),
    }

    def is_the_day(self, game: CardHost, card: Card) -> bool:
        date = game.date
        month, day = (int(p) for p in card.params["day"].split("-"))
        return date is not None and date.day is not None and (date.day.month, date.day.day) == (month, day)

    def gets_it(self, game: CardHost, card: Card, player: str) -> bool:
        return self.is_the_day(game, card) or any(
            c.is_called(card.params["holder"]) for c in game.table.in_play.get(player, ())
        )

    def hooks_held(self, card: Card, hooks: tuple[str, ...]) -> tuple[str, ...]:
        return hooks_printed(card, hooks)

    def draw_bonus(self, game: CardHost, card: Card, player: str) -> int:
        return self.number(game, card, "draw") if self.gets_it(game, card, player) else 0

    def play_bonus(self, game: CardHost, card: Card, player: str) -> int:
        return self.number(game, card, "play") if self.gets_it(game, card, player) else 0

    def holder_of(self, game: CardHost, card: Card, player: str) -> Card | None:
        """The card in front of player that is, or counts as, the `holder` Keeper."""
        return next((c for c in game.table.in_play.get(player, ()) if c.is_called(card.params["holder"])), None)

    def bonus_rulings(self, game: CardHost, card: Card, player: str, what: str) -> tuple[str, ...]:
        held = None if self.is_the_day(game, card) else self.holder_of(game, card, player)
        counts_as = held is not None and held.name != card.params["holder"]
        return ("Q-tag-rich-bonus", "B-bonus-rules", *(("Q1354",) if counts_as else ()))  # Q1354: "counts as"

    def bonus_source(self, game: CardHost, card: Card, player: str) -> str:
        if self.is_the_day(game, card):
            return "today is the day: every player gets it"
        held = self.holder_of(game, card, player)
        if held is None:
            return ""
        holder = card.params["holder"]
        return f"{player} has {held}" + ("" if held.name == holder else f", which counts as {holder}")

    def resolve(self, game: CardHost, play: Play) -> None:
        super().resolve(game, play)
        card = play.card
        date = game.date
        if self.is_the_day(game, card):
            who = f"every player: today ({date.day if date else ''}) is the day"
        else:
            holders = [p for p in game.table.players if self.gets_it(game, card, p)]
            day = f"today ({date.day}) is not the day" if date and date.day else "the scenario gives no `date:`"
            who = f"{' and '.join(holders) or 'nobody'}: {day}, so only whoever has {card.params['holder']}"
        game.step(rec.Note.of(what=f"{card} gives its bonus to {who}", rulings=("Q-tag-rich-bonus",)))


@register
class Inflation(RuleKind):
    """Every numeral printed on another card, the Basic Rules included, counts `value` higher;
    numbers spelled out in words do not change (cards mark their numerals in the deck data)."""

    name = "inflation"
    params = {"value": Param(COUNT, is_count, required=True)}

    def numeral_bonus(self, game: CardHost, card: Card, other: Card | None) -> int:
        return 0 if other is card else int(card.params["value"])

    def resolve(self, game: CardHost, play: Play) -> None:
        super().resolve(game, play)
        game.step(
            rec.Note.of(
                what=f"{play.card}: every numeral on the other cards is now {play.card.params['value']} higher "
                f"(Basic Rules: Draw {game.number('basic_draw')}, Play {game.number('basic_play')})",
                rulings=("B-inflation",),
            )
        )
        bonus_given = game.turn.began_empty_handed and any(r.kind == "no_hand_bonus" for r in game.table.rules)
        if play.player == game.turn.player and bonus_given:
            # a bonus given at the start of the turn is not given again: nothing in Fluxx is retroactive
            game.step(
                rec.Note.of(
                    what="the No-Hand Bonus is a start-of-turn event: cards it gave are not topped up",
                    rulings=("Q108",),
                )
            )


@register
class DoubleAgenda(RuleKind):
    """`goals` Goals may be in play at once. It puts no Goal down itself (R14); a new Goal fills an
    empty slot (R60); when it leaves with too many Goals out, the state-based check has the
    player responsible choose which stay (R27, Game._settle_goal_slots). Agendas of any size
    share one slot, so a Triple Agenda house card and Double Agenda replace each other (Q1778)."""

    name = "double_agenda"
    slot = "agenda"  # Double and Triple Agenda do the same job: one replaces the other (Q1778)
    holds_goals = True  # a copy played over its twin: Q2219's unruled exception (house rule double_agenda_twin)
    params = {"goals": Param("a whole number from 2 to 1000", lambda v: is_count(v) and v >= 2, required=True)}

    def goal_slots(self, game: CardHost, card: Card) -> int:
        return int(card.params["goals"]) - 1  # spelled out on the card ("a second Goal"): no numeral

    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        if play.answers:
            raise Illegal(
                "bad_choice",
                f"{play.card} takes no choices; if it replaces a larger agenda, the "
                "Goals that stay are chosen afterwards (`P chooses ...`)",
                ("R27",),
            )

    def resolve(self, game: CardHost, play: Play) -> None:
        replacing = any(getattr(kind_of(r), "slot", None) == self.slot for r in game.table.rules)
        super().resolve(game, play)
        game.step(
            rec.Note.of(
                what=f"{play.card}: up to {play.card.params['goals']} Goals may now be in play; each Goal "
                "still has to be played, and each costs a play",
                rulings=("R14", "Q1778") if replacing else ("R14",),
            )
        )


@register
class FirstPlayRandom(RuleKind):
    """The first card of each turn is picked at random from the hand (see the module docstring)."""

    name = "first_play_random"

    def forces_play(self, game: CardHost, card: Card) -> bool:
        return not game.turn.played and game.number("plays_left") > 1  # none when one play is all she may make

    def forced_play_from(self, game: CardHost, card: Card) -> Sequence[Card]:
        return game.table.hands[game.turn.player]  # the whole hand

    def forced_play(self, game: CardHost, card: Card) -> tuple[Card, str, tuple[str, ...]] | None:
        turn = game.turn
        if not self.forces_play(game, card):
            return None
        hand = self.forced_play_from(game, card)
        pick = game.at_random(hand)  # the card `P plays CARD at random` states, else the seed's
        return (
            pick,
            (
                f"{card}: {turn.player}'s first play this turn is picked at random from "
                f"{len(hand)} cards ({game.play_rule()} lets {game.number('plays_left')} be played): {pick}"
            ),
            ("B-first-play-random",),
        )
