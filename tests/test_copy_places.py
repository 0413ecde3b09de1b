"""One line acts on one place: an event naming a card with several copies takes the first copy
where it lies, whichever copy object it holds (engine/copies.py), and the seed's pick among copies
is the first of them (model/chance.the_copy). A hand's order decides a later pick at random, so a
game listed by `simulate` (its events hold the copies the listing found) replays as it was played,
and stating an outcome never moves a card to another place (issue 29, item 3)."""

from __future__ import annotations

from adjudicator.engine.game import Game
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import parse_scenario

#: After Random Tax, Alice holds two copies of E: the second copy first, then Milk, then the first.
TWO_COPIES = """
title: two copies of E in one hand
players: [Alice, Bob]
cards:
  - {name: E, type: keeper, copies: 2}
setup:
  turn: Alice
  rules: [Play 3]
  hands: {Bob: [E], Alice: [E, Milk, Random Tax]}
  draw_pile: [Use What You Take, Bread]
events:
  - Alice plays Random Tax
  - Alice plays E
"""


def _hand(game: Game) -> list[str]:
    return [str(card.ident) for card in game.table.hands["Alice"]]


def test_a_listed_play_of_either_copy_takes_the_first_copy_in_the_hand_as_a_read_one_does() -> None:
    scenario = parse_scenario(TWO_COPIES, "two-copies.yaml")
    read = replay(scenario)
    game = Game(scenario)
    game.push(scenario.events[0])
    game.close_window()  # Random Tax resolves: Alice takes Bob's E
    assert _hand(game) == ["E (custom) #2", "Milk (fluxx5)", "E (custom)"]
    listed = [e for e in game.legal_events() if e.action == "play" and e.card is not None and e.card.name == "E"]
    # Two copies in one hand are one choice: the first copy, the one `Alice plays E` binds to.
    assert [str(e.card.ident) for e in listed] == ["E (custom) #2"]
    played = game.copy()
    played.push(listed[0])
    assert _hand(played) == _hand(read) == ["Milk (fluxx5)", "E (custom)"]
    game.push(listed[0])  # on the game itself, the listed event is applied as listed (no binding again)
    assert _hand(game) == _hand(read)


def test_the_seeds_pick_among_copies_is_the_first_of_them() -> None:
    from adjudicator.engine import chance

    scenario = parse_scenario(TWO_COPIES, "two-copies.yaml")
    game = Game(scenario)
    game.push(scenario.events[0])
    game.close_window()  # Random Tax resolves: Alice takes Bob's E
    hand = game.table.hands["Alice"]
    picks = set()
    for seed in range(20):
        game.rng.seed(seed)
        picks.add(str(chance.pick(game, hand, None, what="a card", how="", impossible="").ident))
    assert picks == {"E (custom) #2", "Milk (fluxx5)"}  # never the second E in the hand
