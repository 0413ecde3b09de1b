"""The driver's listing, `Game.decision()` (the game brought in place to where someone must
decide, its events read off that position): every event it offers is accepted by `Game.push`
(never rejected, never a stop), advancing the game in place changes the log exactly as the next
push would have, and random games played with it are the games their recorded events replay
to. The listing for people (`legal.legal_events`, which looks past the decision on copies)
offers the decision's events, and besides only what comes after letting the game go on."""

import os
import random

import pytest
import yaml

from adjudicator.cards.catalog import builtin
from adjudicator.cards.kinds import is_supported
from adjudicator.engine.game import Game
from adjudicator.engine.legal import scenario_item
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model import records as rec
from adjudicator.model.decision import past_chance

DECKS = ("fluxx5", "creeper_pack", "surprises")


def next_events(game: Game, number: int) -> list:
    """The events of the decision game rests at (which must number them `number`), chance
    having picked first where it decides (the seed's pick, as `simulate` lets it)."""
    events = past_chance(game).events
    assert all(event.number == number for event in events)
    return events


def scenario_text(seed: int, players: list[str], events: list) -> str:
    catalog = builtin()
    deck = [card.name for name in DECKS for card in catalog.decks[name].cards if is_supported(card)]
    random.Random(seed).shuffle(deck)
    return yaml.safe_dump(
        {
            "title": "t",
            "players": players,
            "decks": list(DECKS),
            "seed": seed,
            "setup": {"turn": players[0], "phase": "deal", "draw_pile": deck},
            "events": [scenario_item(e) for e in events],
        },
        allow_unicode=True,
        width=200,
    )


@pytest.mark.parametrize("seed", range(6))
def test_every_offered_event_is_accepted_and_the_game_replays(seed):
    players = ["Alice", "Bob", "Carol"][: 2 + seed % 2]
    game = Game(parse_scenario(scenario_text(seed, players, [])))
    rng = random.Random(seed)
    for number in range(1, 61):
        events = next_events(game, number)
        if game.winner or game.ended:
            break
        assert events, f"no legal event and no winner at event {number}: a dead end"
        for event in events:
            trial = game.copy()
            seen = len(trial.steps)
            trial.push(event)
            assert not trial.stopped, (event.text, trial.stopped)
            assert not [s.text for s in trial.steps[seen:] if isinstance(s, rec.Rejected)], event.text
        game.push(rng.choice(events))
    game.finish()
    replayed = replay(parse_scenario(scenario_text(seed, players, list(game.move_stack))))
    # The same steps; those after the last event (the game advanced for an event that never
    # came) carry the next number live, and the last event's number in the replay.
    last = len(game.move_stack)
    assert [(s.kind, s.text) for s in replayed.steps] == [(s.kind, s.text) for s in game.steps]
    upto = next((i for i, s in enumerate(game.steps) if s.event is not None and s.event > last), len(game.steps))
    assert [s.event for s in replayed.steps[:upto]] == [s.event for s in game.steps[:upto]]
    assert replayed.winner == game.winner


@pytest.mark.parametrize(("seed", "upto"), [(4, 100), (10, 60), (30, 207)])
def test_an_offered_event_means_the_same_before_the_game_is_advanced(seed, upto):
    """A driver pushes on the advanced game, a replay of the written events on the game as it
    stood: each offered event must be accepted there too. These games reach the positions that
    once broke it: an extra turn after a free action used once (seeds 4, 10), a Surprise that
    could only answer a turn that its player's event would not begin (seed 30)."""
    from adjudicator.simulate import Settings, dealt_scenario

    names = ("Alice", "Bob", "Carol", "Dan", "Eve", "Fay")
    rng = random.Random(seed)
    settings = Settings(players=names[: 2 + seed % 5], house_rules=[{"keep_going": 2}, {}, {"tie": "shared"}][seed % 3])
    game = Game(dealt_scenario(settings, rng))
    for number in range(1, upto + 1):
        as_it_stood = game.copy()
        events = next_events(game, number)
        if game.winner or game.ended or not events:
            break
        for event in events if number > upto - 15 else ():
            assert_accepted(as_it_stood, event)
        game.push(rng.choice(events))


@pytest.mark.parametrize("seed", range(3))
def test_playable_is_can_play_card_by_card(seed):
    """`Game.playable` (the generator's shortcut) names exactly the cards `can_play` accepts."""
    players = ["Alice", "Bob", "Carol"][: 2 + seed % 2]
    game = Game(parse_scenario(scenario_text(seed, players, [])))
    rng = random.Random(seed)
    checked = 0
    for number in range(1, 81):
        events = next_events(game, number)  # the position the generator reads plays from
        for player in game.players:
            source = (
                game.temp_hands[-1].cards if game.temp_hands and game.is_active(player) else game.table.hands[player]
            )
            assert game.playable(player) == [c for c in source if game.can_play(player, c)], (number, player)
            checked += bool(game.playable(player))
        if game.winner or game.ended or not events:
            break
        game.push(rng.choice(events))
    assert checked > 10  # positions where something was playable were met


def test_usable_is_can_use_card_by_card():
    """`Game.usable` (the generator's shortcut) names exactly the cards whose free action
    `can_use` accepts, among the rules and the player's own cards in play."""
    checked = 0
    for seed in range(4):
        players = ["Alice", "Bob", "Carol"][: 2 + seed % 2]
        game = Game(parse_scenario(scenario_text(seed, players, [])))
        rng = random.Random(seed)
        for number in range(1, 81):
            events = next_events(game, number)
            for player in game.players:
                mine = [*game.table.rules, *game.table.in_play[player]]
                assert game.usable(player) == [c for c in mine if game.can_use(player, c)], (seed, number, player)
                checked += bool(game.usable(player))
            if game.winner or game.ended or not events:
                break
            game.push(rng.choice(events))
    assert checked > 5  # positions where a free action could be used were met


@pytest.mark.parametrize(
    ("rules", "in_play", "draw_pile", "discard", "listed"),
    [
        ("Mystery Play", [], "[Milk]", "[]", True),
        ("Mystery Play", [], "[]", "[]", False),  # nothing to turn up (R63)
        ("Mystery Play", [], "[]", "[Milk]", True),  # the discard pile is shuffled in
        ("Mystery Play", [], "['?']", "[]", False),  # a card nobody named
        ("Mystery Play", [], "[War, '?']", "[]", False),  # a Creeper on top: the card after it is played (R65)
        ("Open A Gift!", [], "[Milk]", "[]", False),  # nobody has The Gift (R29)
        ("Open A Gift!", ["The Gift"], "[Milk]", "[]", True),
    ],
)
def test_a_flip_free_action_is_listed_where_its_use_is_accepted(rules, in_play, draw_pile, discard, listed):
    # Mystery Play's `may_use` says all its refusals of a use stating nothing: the listing asks no more.
    text = f"""
title: t
players: [Alice, Bob]
setup:
  turn: Alice
  rules: [{rules}]
  in_play: {{Alice: {in_play}}}
  hands: {{Alice: [Sleep]}}
  draw_pile: {draw_pile}
  discard: {discard}
events: []
"""
    game = Game(parse_scenario(text))
    card = game.table.rules[0]
    assert (card in game.usable("Alice")) is listed
    assert game.can_use("Alice", card) is listed


def assert_accepted(game, event):
    """`Game.push` takes event on a copy of game: no rejection, no stop."""
    trial = game.copy()
    seen = len(trial.steps)
    trial.push(event)
    assert not trial.stopped, (event.number, event.text, trial.stopped)
    assert not [s.reason for s in trial.steps[seen:] if isinstance(s, rec.Rejected)], (event.number, event.text)


@pytest.mark.parametrize(("seed", "upto"), [(3, 82), (16, 178), (31, 60), (21, 117), (35, 131)])
def test_both_listings_agree_where_turns_follow_each_other(seed, upto):
    """Two listings, one reference: every event the decision offers is accepted on the game as it
    stood, and `legal_events` (which `legal` and what-if use) offers it too, and besides only what
    follows a `P declines`. These games, dealt as the benchmark deals them, reach the positions
    that once split them: a forced play that ends the next player's turn before a choice the turn
    after it asks (seed 3), a free action needing a play that ends the turn and is used in the
    extra turn that follows (seeds 16, 31), and a free action of a player whose turn is over, used
    in the extra turn it begins (seeds 21, 35)."""
    from adjudicator.simulate import Settings

    assert_listings_agree(Settings(players=("Alice", "Bob"), decks=DECKS), seed, upto, check_from=upto - 10)


NIGHTLY = os.environ.get("ADJUDICATOR_PROPERTY") == "nightly"


@pytest.mark.skipif(not NIGHTLY, reason="the nightly profile (.ci/nightly): whole games, new ones every run")
def test_both_listings_agree_on_new_random_games():
    """The agreement above, at every position of whole random games dealt afresh each run (the
    seed is printed on failure)."""
    from adjudicator.simulate import Settings

    for seed in random.SystemRandom().sample(range(10**9), int(os.environ.get("ADJUDICATOR_PROPERTY_EXAMPLES", 20))):
        assert_listings_agree(Settings(players=("Alice", "Bob"), decks=DECKS), seed, 400)


def _after_declines(game: Game, number: int, depth: int = 3) -> set[str]:
    """The texts of the events offered once the game is let go on where it waits (`P declines`,
    up to `depth` times), each numbered `number` as pushed now would be."""
    texts: set[str] = set()
    decline = next((e for e in game.legal_events() if e.action == "decline"), None)
    if decline is None or depth == 0:
        return texts
    gone_on = game.copy()
    gone_on.push(decline)
    gone_on.move_stack.pop()  # what follows is numbered as an event taken now
    texts |= {e.text for e in gone_on.legal_events()} | _after_declines(gone_on, number, depth - 1)
    return texts


def assert_listings_agree(settings, seed: int, events_at_most: int, check_from: int = 1) -> None:
    """One random game dealt as `simulate` deals it: from event `check_from` on, every event the
    decision offers is accepted on the game as it stood and offered by `legal_events`; what
    `legal_events` offers besides comes after a `P declines` (or is a `P begins` whose forced steps
    end the game, docs/dead-ends.md)."""
    from adjudicator.engine.legal import legal_events
    from adjudicator.simulate import dealt_scenario

    rng = random.Random(seed)
    game = Game(dealt_scenario(settings, rng))
    number = 0
    for number in range(1, events_at_most + 1):
        as_it_stood = game.copy()
        events = next_events(game, number)
        if game.winner or game.ended or not events:
            break
        if number >= check_from:
            explored = {e.text: e for e in legal_events(as_it_stood, number, stated_choices=False)}
            offered = {e.text for e in events}
            assert offered <= explored.keys(), (seed, number, offered - explored.keys())
            later = _after_declines(game, number)
            for text in explored.keys() - offered - later:
                ended = as_it_stood.copy()
                ended.push(explored[text])
                assert explored[text].action == "begin_turn" and (ended.winner or ended.ended), (seed, number, text)
            for event in events:
                assert_accepted(as_it_stood, event)
        game.push(rng.choice(events))
    assert number == events_at_most or game.winner or game.ended


def test_a_turn_played_out_by_its_start_stops_the_advance_there():
    """Alice's turn begins with an empty hand and nothing to draw, so its start alone plays it
    out. `Alice begins` (the only legal event) stops there, and so must the advance: going on
    to end her turn and begin Bob's left `Alice begins` rejected (seen in Holiday games)."""
    game = Game(
        parse_scenario(
            yaml.safe_dump(
                {
                    "title": "t",
                    "players": ["Alice", "Bob", "Carol"],
                    "setup": {"turn": "Carol", "phase": "play", "hands": {"Bob": ["The Sun"], "Carol": ["The Moon"]}},
                    "events": ["Carol plays The Moon"],
                }
            )
        )
    )
    game.push(game.scenario.events[0])
    pushed = game.copy()
    events = next_events(game, 2)
    assert [e.text for e in events] == ["Alice begins"]
    assert (game.turn.player, game.turn.phase) == ("Alice", "play_over")  # advanced as far as push goes
    assert_accepted(game, events[0])
    pushed.push(events[0])
    game.push(events[0])
    assert [(s.kind, s.text) for s in game.steps] == [(s.kind, s.text) for s in pushed.steps]
    assert next_events(game, 3) and game.turn.player == "Bob"  # the next event ends her turn first


def test_no_event_is_offered_past_the_end_of_a_solo_game():
    """Solo Fluxx with the Rules deck empty: the turn's end is the game's end. Recycling may
    still be used before it (or she declines it, and the turn ends); nothing comes after it (Death's discard at the next turn's start
    was offered, and rejected: the game is over)."""
    game = Game(
        parse_scenario(
            yaml.safe_dump(
                {
                    "title": "t",
                    "players": ["Alice"],
                    "setup": {
                        "turn": "Alice",
                        "phase": "play",
                        "rules": ["Recycling"],
                        "hands": {"Alice": ["Milk"]},
                        "in_play": {"Alice": ["Death", "The Sun"]},
                        "draw_pile": ["The Moon", "Love", "Peace", "Cookies"],
                    },
                    "events": ["Alice plays Milk"],
                }
            )
        )
    )
    game.push(game.scenario.events[0])
    events = next_events(game, 2)
    texts = [e.text for e in events]
    assert texts[-1] == "Alice declines" and all(t.startswith("Alice uses Recycling") for t in texts[:-1]), texts
    for event in events:
        assert_accepted(game, event)
    game.push(events[-1])  # she ends her turn: the game with it
    assert game.ended and game.decision().is_over and game.legal_events() == []


#: Tables beyond the default one: a small deck that runs out, Solo Fluxx, a Meta Rule, Word, four players.
OTHER_TABLES = [
    (("holiday",), 3),
    (DECKS, 1),
    (("fluxx5", "meta_rules"), 2),
    (("word",), 3),
    (("star", "surprises"), 4),
]


@pytest.mark.parametrize(("decks", "players"), OTHER_TABLES)
def test_both_listings_agree_on_other_tables(decks, players):
    """The agreement at every position of whole games on other tables. Seed 2 of Solo Fluxx
    plays out a turn by its forced play, and her next event goes on into her next turn: the
    advance must go on too (it stops at such a turn only when someone else plays next)."""
    from adjudicator.simulate import DEFAULT_NAMES, Settings

    for seed in random.SystemRandom().sample(range(10**9), 10) if NIGHTLY else [2]:
        assert_listings_agree(Settings(players=DEFAULT_NAMES[:players], decks=decks), seed, 250)


@pytest.mark.parametrize(
    ("decks", "players", "house_rules"),
    [(DECKS, 2, {}), (("fluxx5",), 2, {}), (DECKS, 3, {"surprise_window": "end_of_turn", "limits_on_own_turn": True})],
    ids=["whole", "fluxx5", "whole-3-house-rules"],
)
def test_a_random_game_takes_no_copy_of_the_game(decks, players, house_rules, monkeypatch):
    """The decision is read off the game itself: listing and pushing the events of random games
    copies no game, but where a card's own test tries something on a copy (a Surprise waiting
    for the card a card plays at once, a cancel that would win)."""
    from adjudicator.engine import copying
    from adjudicator.simulate import Settings, dealt_scenario

    copies: list[str] = []
    fork = copying.fork

    def counted(game, *args, **kwargs):
        copies.append(len(game.move_stack))
        return fork(game, *args, **kwargs)

    monkeypatch.setattr(copying, "fork", counted)
    pushed = 0
    for seed in range(4):
        rng = random.Random(seed)
        settings = Settings(players=("Alice", "Bob", "Carol")[:players], decks=decks, house_rules=house_rules)
        game = Game(dealt_scenario(settings, rng), undo=False, log=False)
        for _ in range(300):
            events = game.legal_events()
            if game.is_over or not events:
                break
            game.push(rng.choice(events))
            pushed += 1
    assert pushed > 300
    assert len(copies) <= pushed // 100, f"{len(copies)} copies in {pushed} events"


def test_a_solo_turn_played_out_on_the_way_lists_no_free_action_of_the_next() -> None:
    """Solo Fluxx, limits on her own turn, Hand Limit 0: her turn plays itself out (drawn, all
    discarded), ends, flips Goal Mill into play, and the next plays out too. Her event begins the
    first of those turns only, and push judges a free action in it: `Alice uses Goal Mill` is
    not one she may send there (the random game listed it, and its file did not replay)."""
    from adjudicator import simulate as sim

    settings = sim.Settings(
        players=("Alice",),
        decks=("fluxx5", "holiday"),
        house_rules={"limits_on_own_turn": True},
        max_events=300,
        seed=453287087,
    )
    result = sim.play_game(settings, 851, keep_scenario=True)
    assert result.scenario is not None
    game = replay(parse_scenario(result.scenario, "<solo game 851>"))
    assert [s.text for s in game.steps if isinstance(s, rec.Rejected)] == []
