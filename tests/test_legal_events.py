"""The one legal-event generator (`legal.legal_events`) against brute force: at random positions
of games of every deck, every event the grammar can write there -- each player beginning a turn,
playing or using each card of the game, answering with every pick of what is asked -- is pushed
on a copy, and the events `Game.push` accepts (no rejection, no stop) are exactly those the
generator offers. The generator never changes the game it is asked about."""

import random
from itertools import combinations

import pytest
from test_copying import fingerprint

from adjudicator.cards.catalog import builtin
from adjudicator.engine.game import Game
from adjudicator.engine.legal import MAX_ANSWERS, legal_events, make_event
from adjudicator.model import records as rec
from adjudicator.model.cards import NO_CHOICE
from adjudicator.simulate import Settings, dealt_scenario


def tables() -> list[tuple[str, ...]]:
    """Every built-in deck; one whose Goals cannot be met alone (simulate refuses it) with the 5.0 deck."""
    from adjudicator.simulate import winnable

    return [(name,) if winnable((name,)) else ("fluxx5", name) for name in builtin().decks]


def accepted(game: Game, event) -> bool:
    trial = game.copy()
    seen = len(trial.steps)
    trial.push(event)
    return not trial.stopped and not any(isinstance(s, rec.Rejected) for s in trial.steps[seen:])


def brute_force(game: Game, number: int) -> set[tuple] | None:
    """The events push accepts among all those the grammar can write here (None: too many
    answers to try, or more than the generator lists for one choice)."""
    cards = {id(c): c for c in [*game.scenario.setup.draw_pile, *game.table.discard]}
    for zone in (*game.table.hands.values(), *game.table.in_play.values(), game.table.rules, game.table.goals):
        cards.update((id(c), c) for c in zone)
    for frame in game.temp_hands:
        cards.update((id(c), c) for c in frame.cards)
    candidates = []
    for player in game.players:
        candidates += [make_event(number, player, "begin_turn"), make_event(number, player, "decline")]
        for card in cards.values():
            candidates += [make_event(number, player, "play", card), make_event(number, player, "use", card)]
    settled = game.copy()
    settled.close_window()
    for _ in range(2):  # what is asked now, or once the forced steps are taken
        for choice in settled.pending:
            options = list(choice.options)
            top = max(choice.count, len(options) - choice.count)
            picks = [combo for n in range(top + 1) for combo in combinations(options, n)]
            if len(picks) > MAX_ANSWERS:
                return None
            for verb in ("discard", "keep", "choose"):
                candidates += [make_event(number, choice.player, verb, None, pick or (NO_CHOICE,)) for pick in picks]
        settled = settled.copy()
        settled.push(make_event(number, settled.turn.player, "begin_turn"))
    return {key(e) for e in candidates if accepted(game, e)}


def key(event) -> tuple:
    # anyone may decline the open window, and it is one event whoever writes it (one is listed)
    player = "anyone" if event.action == "decline" else event.player
    return player, event.action, event.card and event.card.name, frozenset(map(str, event.choices))


@pytest.mark.parametrize("decks", tables(), ids=lambda decks: "+".join(decks))
def test_the_generator_offers_what_push_accepts(decks):
    compared = 0
    seed = len("".join(decks))  # two or three players, by deck
    rng = random.Random(seed)
    game = Game(dealt_scenario(Settings(players=("Alice", "Bob", "Carol")[: 2 + seed % 2], decks=decks), rng))
    for number in range(1, 61):
        as_it_stood = game.copy()
        before = fingerprint(as_it_stood)
        offered = legal_events(as_it_stood, number, stated_choices=False)
        assert fingerprint(as_it_stood) == before, "legal_events changed the game it was asked about"
        events = game.legal_events()
        while game.decision().is_chance:
            # Chance picks a play first: each outcome is an event push takes as the game stood,
            # stating the pick; then the seed picks, and the players' decision is compared.
            assert events and all(accepted(as_it_stood, e) for e in events), (decks, number)
            game.let_chance()
            events = game.legal_events()
        if game.winner or game.ended:
            # The forced steps the next event takes end the game: a driver that took them finds it
            # over; asked before them, the generator offers the event that takes them, `P begins`.
            assert not events and {e.action for e in offered} <= {"begin_turn"}, (decks, number)
            break
        # The decision's events, and besides what comes once the game is let go on (`P declines`)
        assert {key(e) for e in events} <= {key(e) for e in offered}, (decks, number)
        later = {key(e) for e in _offered_after_declines(game)}
        assert {key(e) for e in offered} - {key(e) for e in events} <= later, (decks, number)
        if not events:
            break
        if compared < BRUTE_POSITIONS and (number % 7 == 1 or as_it_stood.pending or as_it_stood.window):
            found = brute_force(as_it_stood, number)
            if found is not None:
                assert found == {key(e) for e in offered}, (decks, number)
                compared += 1
        game.push(rng.choice(events))
    assert compared >= 2


def _offered_after_declines(game: Game, depth: int = 3) -> list:
    """The events the decision offers once the game is let go on where it waits (`P declines`, up
    to `depth` times), numbered as events taken now."""
    decline = next((e for e in game.legal_events() if e.action == "decline"), None)
    if decline is None or depth == 0:
        return []
    gone_on = game.copy()
    gone_on.push(decline)
    gone_on.move_stack.pop()  # what follows is numbered as an event taken now
    return [*gone_on.legal_events(), *_offered_after_declines(gone_on, depth - 1)]


#: Positions per deck compared with brute force (each pushes some hundreds of events on copies).
BRUTE_POSITIONS = 4


TWO_LETTER_S = """
title: t
players: [Alice, Bob, Carol]
decks: [fluxx5, word]
setup:
  turn: Alice
  hands: {Alice: [Trash a Keeper, Milk]}
  in_play: {Bob: [Letter S], Carol: [Letter S, Letter A]}
events:
  - Alice plays Trash a Keeper
"""


def test_copies_of_one_card_held_by_two_players_are_two_choices_written_card_of_player():
    """Bob's and Carol's Letter S are two answers (issue 29, item 4), each written so that it
    names its copy; as stated choices of the play too (explore); and simulate's writer keeps the form."""
    from adjudicator.engine.legal import explore
    from adjudicator.engine.replay import play_events
    from adjudicator.loading.scenario import parse_scenario
    from adjudicator.simulate import _written_events

    scenario = parse_scenario(TWO_LETTER_S)
    game = play_events(scenario, scenario.events)
    answers = [e.text for e in legal_events(game, 2)]
    assert answers == ["Alice chooses Letter S of Bob", "Alice chooses Letter S of Carol", "Alice chooses Letter A"]
    before = play_events(scenario, [])
    stated = [e.text for e in explore(before, 1).events if e.card is not None and e.card.name == "Trash a Keeper"]
    assert "Alice plays Trash a Keeper -> Letter S of Carol" in stated
    assert "Alice plays Trash a Keeper -> Letter S of Bob" in stated
    for event in legal_events(game, 2)[:2]:
        owner = str(event.choices[0]).rsplit(" of ", 1)[1]
        trial = game.copy()
        trial.push(event)
        assert [c.name for c in trial.table.in_play[owner]] == ([] if owner == "Bob" else ["Letter A"])
        assert _written_events([event], ("fluxx5", "word")) == [f"Alice chooses Letter S of {owner}"]
