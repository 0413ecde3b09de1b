"""Goals: who meets them. The engine applies Creeper blocking and ties on top."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from adjudicator.cards.kinds.base import Kind, register, stated_choices_only
from adjudicator.cards.kinds.params import COUNT_PARAM, NAMES_PARAM, Param, requirements_param
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.errors import Illegal
from adjudicator.model.names import normalize

_CREEPER = CardType.CREEPER  # (read once: an enum member read off its class is a lookup)

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost
    from adjudicator.model.position import Play


class GoalKind(Kind):
    card_type = CardType.GOAL
    rulings = ("B-goal-replaces",)

    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        """`-> Goal`: the Goal in play this one replaces, a choice only when every slot is full
        and more than one Goal is out (Double Agenda); an open slot is always filled (R60)."""
        if not play.answers:
            return
        goals = game.table.goals
        if len(goals) < game.number("goal_slots"):
            raise Illegal("bad_choice", f"a Goal slot is open: {play.card} fills it and replaces nothing", ("R60",))
        if len(goals) < 2:
            raise Illegal(
                "bad_choice",
                f"{play.card} simply replaces {goals[0]}: there is nothing to choose",
                ("B-goal-replaces",),
            )
        if len(play.answers) != 1 or play.answers[0] not in goals:
            raise Illegal(
                "bad_choice",
                f"{play.card} replaces one Goal in play of the player's choice ({', '.join(map(str, goals))})",
                ("B-goal-replaces",),
            )

    def resolve(self, game: CardHost, play: Play) -> None:
        if play.from_temp_hand:
            game.step(
                rec.Note.of(
                    what=f"{play.card} is played on its own from the temporary hand: whoever meets it now wins "
                    "before the next card is played",
                    rulings=("B-rm-goals-one-at-a-time", "B-compound-action"),
                )
            )
        game.settle(play)

    def candidates(self, game: CardHost, card: Card) -> list[str]:
        """Every Goal kind says who meets it."""
        raise NotImplementedError


def _flatten(requirements: list) -> list[str]:
    out: list[str] = []
    for entry in requirements:
        out += entry if isinstance(entry, list) else [entry]
    return out


@functools.lru_cache(maxsize=4096)
def required_names(goal: Card) -> tuple[frozenset[str], ...]:
    """A Goal's requirements (`requires`: names, a nested list meaning any one of them), each as
    the folded names of the cards that fill it (`Card.names_called`); asked at every win check."""
    return tuple(
        frozenset(map(normalize, entry if isinstance(entry, list) else [entry])) for entry in goal.param("requires", ())
    )


def match(required: tuple[frozenset[str], ...], cards: list[Card]) -> list[Card] | None:
    """A different card for each requirement (`required_names`), or None. A card that counts as
    several cards (Fruitcake: Dessert and The Gift) fills only one requirement at a time (Q1354);
    two copies of a card fill two."""
    # The cards that could fill each requirement first: most players at a win check lack one
    # of them, which settles it without a search. (Loops, not comprehensions: asked for every
    # player at every win check, of a handful of cards.)
    fitting: list[list[Card]] = []
    for names in required:
        fit = []
        for card in cards:
            if not names.isdisjoint(card.names_called):
                fit.append(card)
        if not fit:
            return None
        fitting.append(fit)
    chosen: list[Card] = []
    return chosen if _fill(fitting, chosen) else None


def _fill(fitting: list[list[Card]], chosen: list[Card]) -> bool:
    """`match`'s search: a card not chosen yet for the next requirement, then the rest."""
    if len(chosen) == len(fitting):
        return True
    for card in fitting[len(chosen)]:
        if card not in chosen:  # cards compare by identity
            chosen.append(card)
            if _fill(fitting, chosen):
                return True
            chosen.pop()
    return False


def counts_as_another(cards: list[Card], requirements: list) -> bool:
    """Whether a card in play could stand for a required card by counting as it (Q1354 applies)."""
    others = [other for card in cards for other in card.param("counts_as", ())]  # mostly none
    if not others:
        return False
    names = {normalize(n) for n in _flatten(requirements)}
    return any(normalize(other) in names for other in others)


@register
class KeepersGoal(GoalKind):
    """Have these cards in front of you (a nested list: any one of them), optionally with
    cards nobody may have (`forbids_anywhere`) or no other Keepers (`exclusive`)."""

    name = "keepers"
    params = {
        "requires": requirements_param(),
        "forbids_anywhere": NAMES_PARAM,
        "exclusive": Param("true or false", lambda v: isinstance(v, bool), default=False),
    }

    def named_cards(self, card: Card) -> frozenset[str]:
        return frozenset(_flatten(list(card.params["requires"])) + list(card.param("forbids_anywhere", ())))

    def win_rulings(self, game: CardHost, card: Card, meeting: list[str]) -> tuple[str, ...]:
        """R31 when someone holds two or more Creepers of one "any of" group: the "or" is inclusive;
        Q1354 when a card in play counts as one of the cards the Goal needs."""
        cites: list[str] = []
        table = game.table
        # One pass over the cards in play: most tables have no Creeper and no card counting as another.
        creepers_in_play = counting = False
        for player in table.players:
            for c in table.in_play[player]:
                if c.type is _CREEPER:
                    creepers_in_play = True
                if c.params.get("counts_as"):
                    counting = True
        groups = (
            [set(entry) for entry in card.params["requires"] if isinstance(entry, list)] if creepers_in_play else ()
        )
        if groups and any(
            len(group & creepers) > 1
            for creepers in ({c.name for c in table.creepers_of(player)} for player in table.players)
            for group in groups
        ):
            cites.append("R31")
        if counting and counts_as_another(
            [c for p in table.players for c in table.in_play[p]], list(card.params["requires"])
        ):
            cites.append("Q1354")
        if not (creepers_in_play and meeting):
            return tuple(cites)  # no Creeper in the way of anyone meeting this Goal
        named = self.named_cards(card)
        if any(c.is_called(n) for p in meeting for c in table.creepers_of(p) for n in named):
            cites.append("B-rm-problem-goals")  # the Creeper this Goal needs does not stand in its way
        return tuple(cites)

    def cards_used(self, game: CardHost, card: Card, player: str) -> list[Card]:
        return match(required_names(card), game.table.in_play[player]) or []

    def candidates(self, game: CardHost, card: Card) -> list[str]:
        params = card.params  # (read off the mapping itself: asked at every win check)
        forbidden = params.get("forbids_anywhere")
        if forbidden and any(
            c.is_called(n) for p in game.table.players for c in game.table.in_play[p] for n in forbidden
        ):
            return []
        required = required_names(card)
        exclusive = params.get("exclusive")
        table = game.table
        found = []
        for player in table.players:
            used = match(required, table.in_play[player])
            if used is None:
                continue
            if exclusive and any(all(k is not u for u in used) for k in table.keepers_of(player)):
                continue
            found.append(player)
        return found


@register
class KeepersCountGoal(GoalKind):
    """Have the `requires` cards and at least `pick` of the `from` cards in front of you
    (Star Fluxx: Alien Life Forms, Landing Party). The count is written in words: Inflation
    leaves it alone."""

    name = "keepers_count"
    params = {
        "requires": NAMES_PARAM,
        "pick": Param(
            "a whole number from 1 to 1000",
            lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 1000,
            required=True,
        ),
        "from": Param(
            "a list of card names",
            lambda v: isinstance(v, list) and bool(v) and all(isinstance(x, str) and x.strip() for x in v),
            required=True,
        ),
    }

    def named_cards(self, card: Card) -> frozenset[str]:
        return frozenset([*card.param("requires", ()), *card.params["from"]])

    def cards_used(self, game: CardHost, goal: Card, player: str) -> list[Card]:
        """The required cards, then the first `pick` of the `from` cards held besides them."""
        cards = game.table.in_play[player]
        required = match(required_names(goal), cards)
        if required is None:
            return []
        pool = [
            c for c in cards if all(c is not r for r in required) and any(c.is_called(n) for n in goal.params["from"])
        ]
        return required + pool[: goal.params["pick"]] if len(pool) >= goal.params["pick"] else []

    def candidates(self, game: CardHost, card: Card) -> list[str]:
        return [p for p in game.table.players if self.cards_used(game, card, p)]


@register
class KeepersWithSymbol(GoalKind):
    """Have at least `count` Keepers carrying `symbol` in front of you, besides any `requires`
    cards (Rick and Morty: Goals that count Rick's imaginary friends)."""

    name = "keepers_with_symbol"
    params = {
        "symbol": Param(
            "a symbol name (speech, imaginary_friend, ...)",
            lambda v: isinstance(v, str) and bool(v.strip()),
            required=True,
        ),
        "count": Param(
            "a whole number from 1 to 1000",
            lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 1000,
            required=True,
        ),
        "requires": NAMES_PARAM,
    }

    def named_cards(self, card: Card) -> frozenset[str]:
        return frozenset(card.param("requires", ()))

    def cards_used(self, game: CardHost, card: Card, player: str) -> list[Card]:
        required = match(required_names(card), game.table.in_play[player])
        if required is None:
            return []
        symbol = normalize(card.params["symbol"])
        marked = [
            k
            for k in game.table.keepers_of(player)
            if all(k is not r for r in required) and any(normalize(s) == symbol for s in k.param("symbols", ()))
        ]
        return required + marked if len(marked) >= card.params["count"] else []

    def candidates(self, game: CardHost, card: Card) -> list[str]:
        return [p for p in game.table.players if self.cards_used(game, card, p)]

    def win_rulings(self, game: CardHost, card: Card, meeting: list[str]) -> tuple[str, ...]:
        return ("B-rm-symbols",)


class MostGoal(GoalKind):
    """The player with the most of something, at least `value`, wins; a tie for most wins
    nothing. A top player with a Creeper is blocked but still counts as top (Q818)."""

    params = {"value": COUNT_PARAM}

    def count(self, game: CardHost, player: str) -> int:
        raise NotImplementedError

    def candidates(self, game: CardHost, card: Card) -> list[str]:
        need = self.number(game, card, "value")
        counts = {p: self.count(game, p) for p in game.table.players}
        best = max(counts.values(), default=0)
        if best < need:
            return []
        top = [p for p, n in counts.items() if n == best]
        unblocked = [p for p in top if not game.creeper_blocks(p, card)]
        # Between tied leaders, Creepers knock out those who have them; if one is left, they lead alone.
        return unblocked if len(unblocked) == 1 else top

    def win_rulings(self, game: CardHost, card: Card, meeting: list[str]) -> tuple[str, ...]:
        cites = ("Q818",) if any(game.table.creepers_of(p) for p in game.table.players) else ()
        return (*cites, "B-inflation") if game.numeral_bonus(card) else cites


@register
class MostCardsInHand(MostGoal):
    name = "most_cards_in_hand"
    reads_hands = True

    def count(self, game: CardHost, player: str) -> int:
        return len(game.table.hands[player])

    def win_rulings(self, game: CardHost, card: Card, meeting: list[str]) -> tuple[str, ...]:
        # met while a card is being played: the played card left its hand before anything it does
        return (*super().win_rulings(game, card, meeting), *(("Q46",) if game.window else ()))

    def cards_used(self, game: CardHost, goal: Card, player: str) -> list[Card]:
        return []  # the cards that meet it are in her hand, not in front of her


@register
class MostKeepers(MostGoal):
    name = "most_keepers"

    def count(self, game: CardHost, player: str) -> int:
        return len(game.table.keepers_of(player))

    def cards_used(self, game: CardHost, goal: Card, player: str) -> list[Card]:
        return game.table.keepers_of(player)  # every Keeper counts toward "the most"
