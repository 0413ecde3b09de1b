"""Chance: every random step of a replay, stated by the table or left to the seed.

At a table chance has already happened: an event may say what came up (`Alice plays Use What
You Take -> Bob, Cookies`, `Bob plays Milk at random`, `...; shuffled Bread, Milk`), and the
replay then adjudicates that game. A random step the event does not state is drawn from the
game's one generator (`Game.rng`, seeded by the scenario) and logged as left to chance with the
event form that would state it. A stated outcome the position makes impossible is refused: while
the event is tried first (`Game.trying`, engine/event_order.py) it raises `Illegal`, so the event
is rejected with the reason and nothing changes; in the replay itself (a Surprise answered the
card in between and the position moved) the outcome is left to chance with a note saying why.

Every random step goes through `pick` or `shuffle`; docs/scenario-format.md lists them all. Card
kinds reach them through the game's methods (`Game.pick_at_random`, `shuffled`, `at_random`,
`refuse_stated`: engine/moves.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from adjudicator.model import records as rec
from adjudicator.model.cards import Card
from adjudicator.model.chance import SHUFFLED_HOW, forced_play_how, names, stated_card, the_copy
from adjudicator.model.errors import Illegal

if TYPE_CHECKING:
    from adjudicator.engine.view import GameView


def refuse(game: GameView, reason: str, rulings: tuple[str, ...]) -> None:
    """A stated outcome that cannot be: while the event is tried first, the event is refused;
    in the replay itself the position has moved since (a Surprise came in between)."""
    if game.trying:
        game.chance_refused = Illegal("impossible_chance", reason, rulings)
        raise game.chance_refused
    game.note(f"{reason}: the stated outcome cannot be used now and is left to chance", rulings)


def pick(
    game: GameView,
    options: Sequence[Card],
    stated: Card | None,
    *,
    what: str,
    how: str,
    impossible: str,
    rulings: tuple[str, ...] = (),
) -> Card:
    """One of options at random: `stated` when the table said which (it must be one of them:
    otherwise `impossible`, a sentence, says why not), else one drawn from the seed, with `how`,
    the event form that states it, in the log."""
    if stated is not None:
        if (copy := the_copy(stated, options)) is not None:
            game.step(rec.Chance.of(what=what, outcome=str(copy), stated=True, rulings=rulings))
            return copy
        refuse(game, impossible, rulings)
    # The first of its copies among the options: the one the outcome stated by name takes, so that
    # stating it never changes which place in a hand the card leaves (copies are alike otherwise).
    card = the_copy(options[game.rng.randrange(len(options))], options) or options[0]
    game.step(rec.Chance.of(what=what, outcome=str(card), stated=False, how=how + _played_by(game), rulings=rulings))
    return card


def _played_by(game: GameView) -> str:
    """Where a card another card played states its chance: it has no event of its own, so on the
    event that played or used the first card, whose answers go on in order to the card it plays."""
    play = game.resolving
    source = play.played_from if play is not None else None
    if play is None or source is None or " by " not in source:
        return ""
    first = source.rsplit(" by ", 1)[1]
    return f"; {play.card} was played by {first}: write it on the event that played or used {first}, after its answers"


def shuffle(game: GameView, cards: list[Card], *, what: str, how: str, rulings: tuple[str, ...] = ()) -> None:
    """Shuffle cards in place (top or first card first): the order the event states (`; shuffled A, B`;
    the cards it names come first, in that order, the rest follow in an order from the seed),
    else an order from the seed, with `how` in the log."""
    if len(cards) < 2:
        return  # nothing to order: no chance involved
    stated = game.stated_shuffles.pop(0) if game.stated_shuffles else None
    if stated is not None:
        pool = list(cards)
        order = []
        for at, card in enumerate(stated):
            if (copy := the_copy(card, pool)) is None:
                twice = any(card is c for c in stated[:at])
                refuse(
                    game,
                    f"{card} is named twice in the stated order"
                    if twice
                    else f"{card} is not one of the cards shuffled: {names(cards)}",
                    rulings,
                )
                stated = None
                break
            pool.remove(copy)
            order.append(copy)
        if stated is not None:
            game.rng.shuffle(pool)
            cards[:] = [*order, *pool]
            shown = names(stated) + (f", then {len(pool)} more in an order from the seed" if pool else "")
            game.step(rec.Chance.of(what=f"the order of {what}", outcome=shown, stated=True, rulings=rulings))
            return
    # Shuffled as a plain list, then put back at once: a zone (the draw pile) would write every
    # swap of the shuffle to its clock's journal, two moves of each card that no step reports.
    order = list(cards)
    game.rng.shuffle(order)
    cards[:] = order
    if game.event_no is None:  # the setup's own steps: no event can state it, the setup can
        how = "the cards in that order in the setup (the piles are as written there)"
    game.step(
        rec.Chance.of(
            what=f"the order of {what}",
            outcome=f"{names(cards[:3])}{', ...' if len(cards) > 3 else ''}, in that order",
            stated=False,
            how=how,
            rulings=rulings,
        )
    )


__all__ = ["SHUFFLED_HOW", "forced_play_how", "names", "pick", "refuse", "shuffle", "stated_card", "the_copy"]
