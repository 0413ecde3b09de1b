"""Moving cards between zones, and the few other changes a card makes to the game: the narrow
interface card kinds use (a mixin of `Game`).

A kind never changes a zone of `game.table` or the game's state itself (tests/test_architecture.py
checks): it names the zone by the table's field ("hands", "in_play", "rules", "goals", "draw_pile",
"discard", ...) and, for a player's zone, the player. Every move still goes through the
zones, so the clock ticks and the move is written in the next step record as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from adjudicator.engine import chance
from adjudicator.engine.view import GameView
from adjudicator.model import records as rec
from adjudicator.model.cards import Card
from adjudicator.model.chance import SHUFFLED_HOW, the_copy
from adjudicator.model.zones import Zone


class CardMoves(GameView):
    """Take a card out of a zone, put one in; a turn missed or owed; a replay halted."""

    __slots__ = ()  # the fields are Game's (`view.GAME_FIELDS`)

    def zone(self, name: str, player: str | None = None) -> Zone:
        """The zone `name` of the table; for "hands", "in_play" and "scored", that player's."""
        found = getattr(self.table, name)  # a Zone, or a ZoneMap of player -> Zone
        zone: Zone = found if player is None else found[player]
        return zone

    def take(self, card: Card, zone: str, player: str | None = None) -> Card:
        """Lift card out of a zone, for the caller to put somewhere or play at once."""
        self.zone(zone, player).remove(card)
        return card

    def pick_at_random(
        self,
        options: Sequence[Card],
        stated: Card | None,
        *,
        what: str,
        how: str,
        impossible: str = "",
        rulings: tuple[str, ...] = (),
    ) -> Card:
        """One of options at random: `stated` when the event says which came up (it must be one of
        them, else `impossible` says why not), else one drawn from the seed; logged either way
        (engine/chance.py). Nothing moves."""
        return chance.pick(self.game, options, stated, what=what, how=how, impossible=impossible, rulings=rulings)

    def refuse_stated(self, reason: str, rulings: tuple[str, ...] = ()) -> None:
        """A stated outcome of chance that cannot be: the event is refused while it is tried first,
        else the outcome is left to chance with a note saying why (engine/chance.py)."""
        chance.refuse(self.game, reason, rulings)

    def put(self, card: Card, zone: str, player: str | None = None, *, on_top: bool = False) -> None:
        """Put card into a zone: after the cards there, or on top (piles are kept top card first)."""
        cards = self.zone(zone, player)
        if on_top:
            cards.insert(0, card)
        else:
            cards.append(card)

    def shuffled(
        self,
        cards: Iterable[Card],
        *,
        what: str,
        how: str = SHUFFLED_HOW,
        rulings: tuple[str, ...] = (),
        into: str | None = None,
    ) -> list[Card]:
        """Cards in a new order, top or first card first: the order the event states (`; shuffled A,
        B`), else one from the seed; logged either way (engine/chance.py). `into`: the pile that then
        holds these cards, in that order, and no other (a pile shuffled, or made anew); else nothing
        moves."""
        order = list(cards)
        chance.shuffle(self.game, order, what=what, how=how, rulings=rulings)
        if into is not None:
            self.zone(into)[:] = order
        return order

    def at_random(self, options: Sequence[Card]) -> Card:
        """One of options at random, for a rule that picks before its play is made (First Play
        Random): the card `P plays CARD at random` states when it is one of them, else one drawn
        from the seed. Nothing is logged here: the play made of it states or refuses the pick."""
        stated = self.stated_at_random
        if stated is not None and any(stated is c for c in options):
            return stated
        # the seed's pick, as the first of its copies among options: the one `P plays CARD at random` takes
        drawn = self.rng.choice(options)
        return the_copy(drawn, options) or drawn

    def pass_hands(self, receiver_of: Mapping[str, str]) -> None:
        """Whole hands change players all at once: each giver's hand goes to `receiver_of[giver]`."""
        hands = self.table.hands
        before = {giver: hands[giver] for giver in receiver_of}
        for giver, receiver in receiver_of.items():
            hands[receiver] = before[giver]

    def skip_next_turn(self, player: str, card: Card) -> None:
        """Player misses her next turn because of card (Field of Poppies), unless the card excuses her then."""
        self.table.skips[player] = card

    def grant_extra_turn(self, card: Card) -> None:
        """The player whose turn it is takes another turn right after this one, because of card."""
        self.turn.extra_turns.append(card.name)

    def halt(self, reason: str, rulings: tuple[str, ...]) -> None:
        """The replay cannot go on (a `?` card must be named first, a choice the events do not give):
        stop it, saying why. The one way a game stops: `run` does nothing more after it (its gate)."""
        self.stopped = reason
        self.step(rec.Stopped.of(reason=reason, rulings=rulings))
