"""Goals: who meets them. The engine applies Creeper blocking and ties on top."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.cards.kinds.base import COUNT_PARAM, NAMES_PARAM, Kind, Param, register, requirements_param
from adjudicator.cards.model import Card, CardType
from adjudicator.errors import Illegal

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.engine.state import Play


class GoalKind(Kind):
    card_type = CardType.GOAL
    rulings = ("B-goal-replaces",)

    def verify_play(self, game: "Game", play: "Play") -> None:
        """`-> Goal`: the Goal in play this one replaces, a choice only when every slot is full
        and more than one Goal is out (Double Agenda); an open slot is always filled (R60)."""
        if not play.answers:
            return
        goals = game.table.goals
        if len(goals) < game.goal_slots():
            raise Illegal("bad_choice", f"a Goal slot is open: {play.card} fills it and replaces nothing", ("R60",))
        if len(goals) < 2:
            raise Illegal("bad_choice", f"{play.card} simply replaces {goals[0]}: there is nothing to choose",
                          ("B-goal-replaces",))
        if len(play.answers) != 1 or play.answers[0] not in goals:
            raise Illegal("bad_choice", f"{play.card} replaces one Goal in play of the player's choice "
                          f"({', '.join(map(str, goals))})", ("B-goal-replaces",))

    def resolve(self, game: "Game", play: "Play") -> None:
        game.set_goal(play)

    def candidates(self, game: "Game", card: Card) -> list[str]:
        """Players who meet the Goal, before Creepers and ties are considered."""
        raise NotImplementedError

    def named_cards(self, card: Card) -> frozenset[str]:
        """Names the Goal mentions; a Creeper it names does not block the win."""
        return frozenset()

    def win_rulings(self, game: "Game", card: Card) -> tuple[str, ...]:
        return ()

    def how_met(self, game: "Game", card: Card, player: str) -> str:
        """How player meets the Goal, when that is worth saying in the win step ("by spelling CAT")."""
        return ""

    def verify_claim(self, game: "Game", card: Card, player: str,
                     words: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
        """A player's claim that these words meet the Goal (Word Fluxx, `Alice spells CAT`): the
        sentence saying why it does and its rulings, or `Illegal` with the reason it does not."""
        raise Illegal("not_a_word_goal", f"{card} is not met by spelling a word", ("B-word-goals",))


def _flatten(requirements: list) -> list[str]:
    out: list[str] = []
    for entry in requirements:
        out += entry if isinstance(entry, list) else [entry]
    return out


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

    def win_rulings(self, game: "Game", card: Card) -> tuple[str, ...]:
        """R31 when someone holds two or more Creepers of one "any of" group: the "or" is inclusive."""
        groups = [set(entry) for entry in card.params["requires"] if isinstance(entry, list)]
        for player in game.players:
            creepers = {c.name for c in game.creepers_of(player)}
            if any(len(group & creepers) > 1 for group in groups):
                return ("R31",)
        return ()

    def candidates(self, game: "Game", card: Card) -> list[str]:
        forbidden = set(card.param("forbids_anywhere", ()))
        if forbidden and any(c.name in forbidden for p in game.players for c in game.table.in_play[p]):
            return []
        required = card.params["requires"]
        wanted = set(_flatten(list(required)))
        found = []
        for player in game.players:
            have = {c.name for c in game.table.in_play[player]}
            if not all((set(entry) & have) if isinstance(entry, list) else entry in have for entry in required):
                continue
            if card.param("exclusive") and any(k.name not in wanted for k in game.keepers_of(player)):
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
        "pick": Param("a whole number from 1 to 1000", lambda v: isinstance(v, int) and not isinstance(v, bool)
                      and 1 <= v <= 1000, required=True),
        "from": Param("a list of card names", lambda v: isinstance(v, list) and bool(v)
                      and all(isinstance(x, str) and x.strip() for x in v), required=True),
    }

    def named_cards(self, card: Card) -> frozenset[str]:
        return frozenset([*card.param("requires", ()), *card.params["from"]])

    def candidates(self, game: "Game", card: Card) -> list[str]:
        required, pool, pick = card.param("requires", ()), set(card.params["from"]), card.params["pick"]
        found = []
        for player in game.players:
            have = {c.name for c in game.table.in_play[player]}
            if all(name in have for name in required) and len(pool & have) >= pick:
                found.append(player)
        return found


class MostGoal(GoalKind):
    """The player with the most of something, at least `value`, wins; a tie for most wins
    nothing. A top player with a Creeper is blocked but still counts as top (Q818)."""

    params = {"value": COUNT_PARAM}

    def count(self, game: "Game", player: str) -> int:
        raise NotImplementedError

    def candidates(self, game: "Game", card: Card) -> list[str]:
        need = self.number(game, card, "value")
        counts = {p: self.count(game, p) for p in game.players}
        best = max(counts.values(), default=0)
        if best < need:
            return []
        top = [p for p, n in counts.items() if n == best]
        unblocked = [p for p in top if not game.creeper_blocks(p, card)]
        # Between tied leaders, Creepers knock out those who have them; if one is left, they lead alone.
        return unblocked if len(unblocked) == 1 else top

    def win_rulings(self, game: "Game", card: Card) -> tuple[str, ...]:
        cites = ("Q818",) if any(game.creepers_of(p) for p in game.players) else ()
        return (*cites, "B-inflation") if game.numeral_bonus(card) else cites


@register
class MostCardsInHand(MostGoal):
    name = "most_cards_in_hand"

    def count(self, game: "Game", player: str) -> int:
        return len(game.table.hands[player])


@register
class MostKeepers(MostGoal):
    name = "most_keepers"

    def count(self, game: "Game", player: str) -> int:
        return len(game.keepers_of(player))
