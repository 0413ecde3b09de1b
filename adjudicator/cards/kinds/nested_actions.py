"""Actions that make more plays or another turn (Fluxx 5.0): Let's Do That Again!, Use What
You Take, Today's Special!, Take Another Turn.

A card played because one of these says so is not a play of its own: it is part of the
play of the card that called it (B-compound-action). It goes through `Game.play_from`,
which opens the response window and lets it resolve the normal way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from adjudicator.cards.kinds.actions import ActionKind, nothing_happens
from adjudicator.cards.kinds.base import Word, continuation, kind_of, register, stated_choices_only
from adjudicator.cards.kinds.params import COUNT_PARAM, NAMES_PARAM, Param
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.chance import names, stated_card
from adjudicator.model.choices import ChoiceSpec
from adjudicator.model.errors import Illegal
from adjudicator.model.position import Play

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost


@register
class LetsDoThatAgain(ActionKind):
    """Take an Action or New Rule from the discard pile and play it at once; the rest of the pile
    keeps its order. Choices: the card, then that card's own choices
    (`Alice plays Let's Do That Again! -> Trade Hands, Bob`)."""

    name = "lets_do_that_again"
    plays_a_card = True

    def options(self, game: CardHost) -> list[Card]:
        return [c for c in game.table.discard if c.type in (CardType.ACTION, CardType.RULE)]

    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        if not play.answers or play.played_from is not None:
            # Played by another card, it reads its choices as it resolves: the discard pile may hold
            # more by then (the Use What You Take that took it), and `ask` checks them there.
            return
        options = self.options(game)
        target = play.answers[0]
        if target not in options:
            raise Illegal(
                "bad_choice",
                f"{play.card} plays an Action or New Rule from the discard pile "
                f"({', '.join(map(str, options)) or 'there is none'}), and {target} is not one there",
                ("B-action-discard",),
            )
        # The card's own choices are checked now too, so a bad one rejects the whole play.
        kind_of(target).verify_play(
            game, Play(player=play.player, card=target, event=play.event, answers=list(play.answers[1:]))
        )

    def resolve(self, game: CardHost, play: Play) -> None:
        options = self.options(game)
        if not options:
            nothing_happens(game, play, "the discard pile holds no Action or New Rule")
            return

        game.ask(
            play.player,
            f"choose the Action or New Rule to play again with {play.card}",
            options,
            1,
            self.then(self.again, play),
            rulings=("B-action-discard",),
        )

    @continuation
    def again(self, game: CardHost, play: Play, chosen: list[Card]) -> None:
        card = chosen[0]
        game.take(card, "discard")  # lifted out; the rest of the pile keeps its order
        rest = list(play.answers)
        play.answers.clear()
        game.play_from(
            play.player,
            card,
            f"the discard pile, by {play.card}",
            answers=rest,
            rulings=("B-compound-action", "B-action-discard"),
        )


@register
class UseWhatYouTake(ActionKind):
    """Take a card at random from another player's hand and play it at once. Choices: the
    player; then, stated or left to chance (engine/chance.py), the card taken; then the taken
    card's own choices, if it needs any. A card right after the player is the card taken."""

    name = "use_what_you_take"
    needs_others = True
    plays_a_card = True

    def choices(self, game: CardHost, play: Play) -> list[ChoiceSpec]:
        others = tuple(p for p in game.table.players if p != play.player)
        return [
            ChoiceSpec(
                play.player,
                f"choose the player to take a card from with {play.card}",
                others,
                explain=f"{play.card} takes a card from another player's hand ({', '.join(others)})",
            )
        ]

    def resolve(self, game: CardHost, play: Play) -> None:
        self.ask_declared(game, play, self.take, "there is no other player")

    def _victims(self, game: CardHost, play: Play) -> list[str]:
        named = [a for a in play.answers[:1] if isinstance(a, str) and a in game.table.players]
        return named or [p for p in game.table.players if p != play.player]

    def chance_forms(self, game: CardHost, play: Play) -> list[str]:
        stated = len(play.answers) > 1 and stated_card(play.answers[1]) is not None
        return [
            f"`{play.player} plays {play.card} -> {victim}, CARD` (the card taken: {names(game.table.hands[victim])})"
            for victim in self._victims(game, play)
            if game.table.hands[victim] and not stated
        ]

    def chance_outcomes(self, game: CardHost, play: Play) -> list[list[Any]]:
        if not play.answers or play.answers[0] not in game.table.players:
            return []
        victim, rest = play.answers[0], list(play.answers[1:])
        if rest and stated_card(rest[0]) is not None:
            rest = rest[1:]  # the card stated: each other one is tried in its place
        return [[victim, card, *rest] for card in game.table.hands.get(victim, ())]

    @continuation
    def take(self, game: CardHost, play: Play, chosen: list[str]) -> None:
        victim = chosen[0]
        hand = game.table.hands[victim]
        # `-> Bob, Cookies`: the card after the player is the one taken, as the table saw it.
        stated = stated_card(play.answers[0]) if play.answers else None
        if stated is not None:
            del play.answers[0]
        if not hand:
            if stated is not None:
                game.refuse_stated(f"{victim} has no {stated}: {victim}'s hand is empty")
            nothing_happens(game, play, f"{victim} has no cards")
            return
        card = game.pick_at_random(
            hand,
            stated,
            what=f"the card {play.player} takes from {victim}'s hand",
            how=f"`{play.player} plays {play.card} -> {victim}, CARD`",
            impossible=f"{victim} has no {stated}: {victim}'s hand is {names(hand)}",
        )
        game.take(card, "hands", victim)
        game.step(
            rec.ActionDone.of(
                card=play.card,
                rulings=("B-action-discard",),
                what=f"{play.player} takes {card} at random from {victim}'s hand and must play it now",
            )
        )
        if card.is_unknown:
            play.held.append(card)  # taken, not yet played: it stays with the card that took it
            reason = (
                f"the card {play.card} took at random from {victim}'s hand is a `?` card: "
                f"name the cards in {victim}'s hand to go on"
            )
            game.halt(reason, ())
            return
        rest = list(play.answers)
        play.answers.clear()
        source = f"{victim}'s hand, by {play.card}"
        # the card was random, so its choices could not be checked before: `came` says what then
        game.play_from(play.player, card, source, answers=rest, rulings=("B-compound-action",), came="is taken")


OCCASIONS = ("birthday", "holiday", "otherwise")


def _is_occasions(value: Any) -> bool:
    return (
        isinstance(value, Mapping)
        and set(value) == set(OCCASIONS)
        and all(COUNT_PARAM.check(v) for v in value.values())
    )


@register
class TodaysSpecial(ActionKind):
    """Set your hand aside, draw N into a temporary hand and play as many as the day allows
    (your birthday, a holiday or special anniversary, or otherwise); the rest is discarded.
    The scenario's `date:` says what the day is (any real holiday the table agreed on counts:
    Q1074); without one, the player states it as the first choice:
    `Alice plays Today's Special! -> holiday`."""

    name = "todays_special"
    params = {
        "draw": COUNT_PARAM,
        "play": Param("a mapping of birthday, holiday and otherwise to a whole number", _is_occasions, required=True),
    }
    choice_words = OCCASIONS

    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        if play.answers and (len(play.answers) != 1 or play.answers[0] not in [Word(w) for w in OCCASIONS]):
            raise Illegal(
                "bad_choice",
                f"{play.card} needs one statement of the day: "
                f"{', '.join(OCCASIONS)} (the cards to play come as later events)",
                ("Q1074",),
            )
        date = game.date
        if play.answers and date is not None and play.answers[0] != Word(date.occasion(play.player)):
            raise Illegal(
                "bad_choice",
                f"the scenario's date makes today {date.describe(play.player)} for "
                f"{play.player}, so {play.card} counts it as `{date.occasion(play.player)}`, not "
                f"`{play.answers[0]}`",
                ("Q1074",),
            )

    def resolve(self, game: CardHost, play: Play) -> None:
        date = game.date
        if date is not None:
            if play.answers:
                play.answers.pop(0)  # the stated day, which agrees with the date (verify_play)
            game.step(
                rec.Note.of(what=f"the scenario's date: today is {date.describe(play.player)}", rulings=("Q1074",))
            )
            self.start(game, play, [Word(date.occasion(play.player))])
            return
        game.ask(
            play.player,
            f"say what today is for {play.card}: birthday, holiday (or special anniversary) or otherwise",
            [Word(w) for w in OCCASIONS],
            1,
            self.then(self.start, play),
            rulings=("Q1074",),
        )

    @continuation
    def start(self, game: CardHost, play: Play, chosen: list[Word]) -> None:
        occasion = chosen[0].text
        draw, plays = self.compound_terms(game, play.card, occasion)
        game.step(
            rec.Note.of(
                what=f"the day counts as: {occasion}; {play.card} lets {play.player} play {plays} of the {draw} cards drawn",
                rulings=("Q1074",),
            )
        )
        game.open_temp_hand(play, ("B-compound-action",), basis=occasion)

    def compound_terms(self, game: CardHost, card: Card, basis: str) -> tuple[int, int]:
        """The cards drawn, and the plays the day allows (`basis`: birthday, holiday or otherwise)."""
        return self.number(game, card, "draw"), card.params["play"][basis] + game.numeral_bonus(card)

    def finish(self, game: CardHost, play: Play) -> None:
        """The card stays in the being-played zone until its temporary hand is done."""


@register
class TakeAnotherTurn(ActionKind):
    """You take another turn right after this one. This card never gives anyone more than
    `max_in_a_row` turns in a row, however often it is played or replayed in the run
    (Q-tag-takeanotherturn). The owed turn is kept on the Turn (`extra_turns`); the engine
    gives it when the turn passes (Game.next_player / begin_turn)."""

    name = "take_another_turn"
    params = {"max_in_a_row": COUNT_PARAM}

    def resolve(self, game: CardHost, play: Play) -> None:
        card, turn = play.card, game.turn
        allowed = self.number(game, card, "max_in_a_row") - 1  # extra turns in a row from this card
        given = turn.granted_by.count(card.name) + turn.extra_turns.count(card.name)
        if play.player != turn.player or given >= allowed:
            game.step(
                rec.ActionDone.of(
                    card=card,
                    rulings=("Q-tag-takeanotherturn",),
                    what=f"no extra turn: {card} never gives more than {allowed + 1} turns in a row, and "
                    f"{play.player} already has them",
                )
            )
            return
        game.grant_extra_turn(card)
        game.step(
            rec.ActionDone.of(
                card=card,
                rulings=("Q-tag-takeanotherturn", "B-turn-order"),
                what=f"{play.player} will take another turn right after this one",
            )
        )


@register
class SkipTurnUnless(ActionKind):
    """Field of Poppies: every other player misses their next turn unless, when that turn comes
    round, they have one of the named Keepers (R09: what counts is who holds it then)."""

    name = "skip_turn_unless"
    needs_others = True
    params = {"unless": NAMES_PARAM}

    def resolve(self, game: CardHost, play: Play) -> None:
        others = [p for p in game.table.players if p != play.player]
        for player in others:
            game.skip_next_turn(player, play.card)
        game.step(
            rec.ActionDone.of(
                card=play.card,
                rulings=("R09",),
                what=f"{', '.join(others)} will miss their next turn unless they have "
                f"{' or '.join(play.card.params.get('unless', ()))} when it comes",
            )
        )

    def excuses(self, game: CardHost, card: Card, player: str) -> Card | None:
        wanted = card.params.get("unless", ())
        return next((k for k in game.table.keepers_of(player) if any(k.is_called(n) for n in wanted)), None)
