"""Actions that move whole hands or cards between hands (Fluxx 5.0): Rotate Hands, Everybody
Gets 1, Discard and Draw, Random Tax, Rock-Paper-Scissors Showdown. Those that move cards in
play or the piles are in `table_actions`.

"Your hand" always means the real hand: when one of these is played from a compound
Action's temporary hand, the set-aside hand is the one affected and the temporary hand
stays where it is (Q1056).
"""

from __future__ import annotations

from collections import Counter
from itertools import islice, product
from typing import TYPE_CHECKING, Any

from adjudicator.cards.kinds.actions import ActionKind, nothing_happens
from adjudicator.cards.kinds.base import Word, continuation, register, stated_choices_only
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType
from adjudicator.model.chance import names, stated_card, the_copy
from adjudicator.model.errors import Illegal
from adjudicator.model.events import Assignment
from adjudicator.model.names import count_of

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost
    from adjudicator.model.position import Play


def seats_from(game: CardHost, player: str) -> list[str]:
    """Every player in clockwise order, starting with `player`."""
    seat = game.table.players.index(player)
    return game.table.players[seat:] + game.table.players[:seat]


def neighbour(game: CardHost, player: str, step: int) -> str:
    """The player one seat away: step 1 is clockwise (the next to play), -1 the other way."""
    return game.table.players[(game.table.players.index(player) + step) % len(game.table.players)]


def bad_choice(text: str, rulings: tuple[str, ...] = ()) -> Illegal:
    return Illegal("bad_choice", text, rulings)


def note_real_hand(game: CardHost, play: Play) -> None:
    """Say which hand was meant when a temporary hand is open."""
    if game.temp_hands:
        game.step(
            rec.Note.of(
                what=f'{game.temp_hands[-1].source.card} is resolving: "hand" means the real, set-aside hand; '
                "the temporary hand is not part of it and stays as it is",
                rulings=("Q1056",),
            )
        )


@register
class RotateHands(ActionKind):
    """Every player passes their whole hand one seat round the table, all the same way; the
    player picks the way (Q2310). The choice names the neighbour who receives the player's hand,
    or the words `clockwise` (to the next player in seating order) / `counterclockwise`.
    It is carried out even when some hands are empty (B-all-cards-playable)."""

    name = "rotate_hands"
    needs_others = True
    hands_over = True
    choice_words = ("clockwise", "counterclockwise")

    def receivers(self, game: CardHost, player: str) -> list[str]:
        return list(dict.fromkeys([neighbour(game, player, 1), neighbour(game, player, -1)]))

    def target(self, game: CardHost, player: str, answer: Any) -> Any:
        if isinstance(answer, Word) and answer.text in self.choice_words:
            return neighbour(game, player, 1 if answer.text == "clockwise" else -1)
        return answer

    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        if not play.answers:
            return
        options = self.receivers(game, play.player)
        if len(play.answers) != 1 or self.target(game, play.player, play.answers[0]) not in options:
            raise bad_choice(
                f"{play.card} passes every hand one seat round the table: name the way "
                f"(clockwise, counterclockwise) or the neighbour who receives {play.player}'s hand "
                f"({', '.join(options)})",
                ("Q2310",),
            )

    def resolve(self, game: CardHost, play: Play) -> None:
        if len(game.table.players) < 2:
            nothing_happens(game, play, "there is no other hand to pass to")
            return
        play.answers[:] = [self.target(game, play.player, a) for a in play.answers]
        game.ask(
            play.player,
            "choose the way the hands pass: the neighbour who receives your hand",
            self.receivers(game, play.player),
            1,
            self.then(self.rotate, play),
            rulings=("Q2310",),
        )

    @continuation
    def rotate(self, game: CardHost, play: Play, chosen: list[str]) -> None:
        step = 1 if chosen[0] == neighbour(game, play.player, 1) else -1
        before = {p: len(game.table.hands[p]) for p in game.table.players}
        game.pass_hands({p: neighbour(game, p, step) for p in game.table.players})
        way = "clockwise" if step == 1 else "counterclockwise"
        moves = "; ".join(
            f"{p}'s {count_of(before[p], 'card')} to {neighbour(game, p, step)}" for p in seats_from(game, play.player)
        )
        game.step(
            rec.ActionDone.of(
                card=play.card,
                what=f"every hand passes one seat {way}: {moves}",
                rulings=("Q2310", "B-all-cards-playable"),
            )
        )
        note_real_hand(game, play)


@register
class EverybodyGets1(ActionKind):
    """Draw one card per player (Creepers go to the player, who draws again: R40), look at them
    and give one to each player, yourself included (R62). Choices: `CARD to PLAYER` assignments."""

    name = "everybody_gets_1"

    def predicted(self, game: CardHost, n: int) -> list[Card] | None:
        """The cards the draw will give, when the draw pile alone decides them."""
        cards = [c for c in game.table.draw_pile if c.type is not CardType.CREEPER][:n]
        return cards if len(cards) == n else None

    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        if not play.answers:
            return
        players = game.table.players
        if not all(isinstance(a, Assignment) for a in play.answers):
            raise bad_choice(f"{play.card} takes `CARD to PLAYER` assignments, one for each player", ("R62",))
        receivers = [a.player for a in play.answers]
        strangers = [p for p in receivers if p not in players]
        twice = [p for p, n in Counter(receivers).items() if n > 1]
        if strangers or twice or len(play.answers) > len(players):
            raise bad_choice(
                f"{play.card} gives exactly one card to each player "
                f"({', '.join(players)}); "
                + (
                    "; ".join([f"{p} is not playing" for p in strangers] + [f"{p} is named twice" for p in twice])
                    or "too many assignments"
                ),
                ("R62",),
            )
        cards = [id(a.card) for a in play.answers]
        if len(set(cards)) != len(cards) and not all(a.card.is_unknown for a in play.answers):
            raise bad_choice(f"{play.card}: the same card is assigned twice", ("R62",))
        drawn = self.predicted(game, len(players))
        if drawn is not None:
            left = Counter(map(id, drawn))
            for a in play.answers:
                if left[id(a.card)] <= 0:
                    raise bad_choice(f"{a.card} is not among the cards {play.card} draws ({names(drawn)})", ("R62",))
                left[id(a.card)] -= 1

    def resolve(self, game: CardHost, play: Play) -> None:
        drawn = play.held  # set apart from every hand until handed out
        creepers_before = len(game.table.creepers_of(play.player))
        game.draw(play.player, len(game.table.players), into=drawn, log=False, why="", rulings=("R62", "R40"))
        # Creepers turned up: the whole draw is dealt out before any win check (R03, the mixitallup tag)
        whole = ("R03", "Q-tag-mixitallup") if len(game.table.creepers_of(play.player)) > creepers_before else ()
        game.step(
            rec.Drew.of(
                player=play.player,
                cards=tuple(drawn),
                into="a pile set apart from the hand",
                why=f"{play.card}: one card per player, seen only by {play.player}"
                + ("; the win check waits until every card is handed out" if whole else ""),
                rulings=("R62", "R40", *whole),
            )
        )
        # The stated assignments, in the order the cards will be handed out.
        stated = [a for a in play.answers if isinstance(a, Assignment)]
        ordered = []
        for card in drawn:
            match = next((a for a in stated if a.card is card), None)
            if match is not None:
                stated.remove(match)
                ordered.append(match)
        play.answers[:] = ordered
        self.hand_out(game, play, list(game.table.players))

    def hand_out(self, game: CardHost, play: Play, receivers: list[str]) -> None:
        """Ask who receives the next card set apart (`play.held`), until every card is given."""
        if not play.held:
            return
        card = play.held[0]
        game.ask(
            play.player,
            f"choose who receives {card} (each player gets one)",
            [Assignment(card, p) for p in receivers],
            1,
            self.then(self.give, play, receivers),
            rulings=("R62",),
        )

    @continuation
    def give(self, game: CardHost, play: Play, receivers: list[str], chosen: list[Any]) -> None:
        card, receiver = chosen[0].card, chosen[0].player
        play.held.remove(card)
        game.put(card, "hands", receiver)
        game.step(rec.ActionDone.of(card=play.card, what=f"{play.player} gives {card} to {receiver}", rulings=("R62",)))
        self.hand_out(game, play, [p for p in receivers if p != receiver])


@register
class DiscardAndDraw(ActionKind):
    """Discard the rest of your hand, then draw as many cards (not counted toward the Draw rule)."""

    name = "discard_and_draw"

    def resolve(self, game: CardHost, play: Play) -> None:
        hand = list(game.table.hands[play.player])
        note_real_hand(game, play)
        if hand:
            game.discard(play.player, hand, f"{play.card}: the rest of the hand", ("B-action-discard",))
        game.draw(
            play.player,
            len(hand),
            rulings=("Q129",),
            why=f"{play.card}: as many as were discarded (extra cards, not counted toward the Draw rule)",
        )


def stated_from_hands(game: CardHost, play: Play, players: list[str], who: str = "other player") -> dict[str, Card]:
    """The cards a play's choices state that chance took from other hands, one per player at
    most, by the player whose hand holds each (`Random Tax -> Milk, Time`): where copies of a card
    are in several hands, each stated card goes to a hand of its own that holds it (the card
    itself first, else a copy). The choices are used up; a card no such hand holds, or more cards
    than the hands holding them, is refused (engine/chance.py)."""
    stated: list[Card] = []
    for answer in list(play.answers):
        card = stated_card(answer)
        if card is not None:
            play.answers.remove(answer)
            stated.append(card)
    if not stated:
        return {}  # (the common case: nothing stated, every card left to chance)
    holders: list[list[tuple[str, Card]]] = []
    for card in stated:
        held = [(p, copy) for p in players if (copy := the_copy(card, game.table.hands[p])) is not None]
        if not held:
            hands = "; ".join(f"{p}'s hand is {names(game.table.hands[p])}" for p in players)
            game.refuse_stated(f"no {who} holds {card}: {hands or 'there is none'}", ())
        held.sort(key=lambda found, card=card: found[1] is not card)  # type: ignore[misc]
        holders.append(held)
    matched = _one_hand_each([held for held in holders if held], {})
    if matched is not None:
        return matched
    taken: dict[str, Card] = {}  # no hand of its own for each: the first card whose hands are taken says why
    for held in holders:
        free = [(p, copy) for p, copy in held if p not in taken]
        if free:
            taken[free[0][0]] = free[0][1]
        elif held:
            holder, card = held[0]
            game.refuse_stated(
                f"{play.card} takes one card from each hand: {taken[holder]} and {card} are both {holder}'s", ()
            )
    return taken


def _one_hand_each(holders: list[list[tuple[str, Card]]], taken: dict[str, Card]) -> dict[str, Card] | None:
    """Each stated card (its holders, in the order preferred) from a hand of its own, or None."""
    if not holders:
        return dict(taken)
    for player, card in holders[0]:
        if player not in taken:
            found = _one_hand_each(holders[1:], {**taken, player: card})
            if found is not None:
                return found
    return None


@register
class RandomTax(ActionKind):
    """Take one card at random from each other player's hand into your own. The cards taken may
    be stated, `-> Milk, Time` (each from the hand that holds it); the others are left to chance."""

    name = "random_tax"
    needs_others = True
    # Canceled in time (as it is played, before anything is taken) it takes nothing from anyone.
    canceled_rulings = ("Q-tag-belay-that",)

    def chance_forms(self, game: CardHost, play: Play) -> list[str]:
        others = [p for p in seats_from(game, play.player)[1:] if game.table.hands[p]]
        if play.answers or not others:
            return []
        hands = "; ".join(f"{p}: {names(game.table.hands[p])}" for p in others)
        return [f"`{play.player} plays {play.card} -> CARD, ...` (one card taken from each hand: {hands})"]

    def chance_outcomes(self, game: CardHost, play: Play) -> list[list[Any]]:
        hands = [game.table.hands[p] for p in seats_from(game, play.player)[1:] if game.table.hands[p]]
        if not hands:
            return []
        return [list(pick) for pick in islice(product(*hands), 24)]

    def resolve(self, game: CardHost, play: Play) -> None:
        others = seats_from(game, play.player)[1:]
        stated = stated_from_hands(game, play, others)
        taken = []
        for other in others:
            hand = game.table.hands[other]
            if not hand:
                taken.append(f"nothing from {other} (no cards)")
                continue
            card = game.pick_at_random(
                hand,
                stated.get(other),
                what=f"the card {play.player} takes from {other}'s hand",
                how=f"`{play.player} plays {play.card} -> CARD, ...` (the card taken from each other hand)",
            )
            game.take(card, "hands", other)
            game.put(card, "hands", play.player)
            taken.append(f"{card} from {other}")
        game.step(
            rec.ActionDone.of(
                card=play.card,
                rulings=("B-action-discard",),
                what=f"{play.player} takes one card at random from each other hand: {', '.join(taken) or 'none'}",
            )
        )
        note_real_hand(game, play)


@register
class RockPaperScissors(ActionKind):
    """Challenge another player to Rock-Paper-Scissors, first to win 2 games (no draw is possible:
    Q-tag-rps-showdown); the winner takes the loser's whole hand (the real hand: Q1056).
    A replay cannot know who won, so the choices name the opponent and then the winner:
    `Alice plays Rock-Paper-Scissors Showdown -> Bob, Bob`."""

    name = "rock_paper_scissors"
    needs_others = True
    hands_over = True

    @stated_choices_only
    def verify_play(self, game: CardHost, play: Play) -> None:
        others = [p for p in game.table.players if p != play.player]
        if not play.answers:
            return
        opponent = play.answers[0]
        if opponent not in others:
            raise bad_choice(f"{play.card} challenges one other player ({', '.join(others)})")
        if len(play.answers) > 2 or (len(play.answers) == 2 and play.answers[1] not in (play.player, opponent)):
            raise bad_choice(
                f"the winner of the showdown is {play.player} or {opponent}; there is no draw", ("Q-tag-rps-showdown",)
            )

    def resolve(self, game: CardHost, play: Play) -> None:
        others = [p for p in game.table.players if p != play.player]
        if not others:
            nothing_happens(game, play, "there is nobody to challenge")
            return

        game.ask(
            play.player, f"choose the player to challenge with {play.card}", others, 1, self.then(self.showdown, play)
        )

    @continuation
    def showdown(self, game: CardHost, play: Play, chosen: list[str]) -> None:
        opponent = chosen[0]
        game.ask(
            play.player,
            f"say who won the best-of-three showdown with {opponent} (the replay cannot know)",
            [play.player, opponent],
            1,
            self.then(self.settle, play, opponent),
            rulings=("Q-tag-rps-showdown",),
        )

    @continuation
    def settle(self, game: CardHost, play: Play, opponent: str, winner: list[str]) -> None:
        won = winner[0]
        lost = opponent if won == play.player else play.player
        prize = list(game.table.hands[lost])
        for card in prize:  # into the winner's hand before the loser's is emptied: the log says so
            game.put(card, "hands", won)
        for card in prize:
            game.take(card, "hands", lost)
        game.step(
            rec.ActionDone.of(
                card=play.card,
                rulings=("Q-tag-rps-showdown",),
                what=f"{won} wins the showdown against {lost} (as stated) and takes {lost}'s whole "
                f"hand: {count_of(len(prize), 'card')}",
            )
        )
        note_real_hand(game, play)
