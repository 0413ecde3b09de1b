"""Random legal Solo Fluxx games: one player, the New Rules in a Rules deck of their own, every
other supported card of the 5.0 deck and the Creeper Pack that does not act on other players
(Solo Fluxx sets those aside) in the Main deck.

After every event: no card lost or duplicated (the Rules deck and the scored Goals are zones),
every pending choice answerable, no legal event rejected. Goals are scored, never won; a game
ends only when a deck runs out. The recorded events, written out as a scenario file and
replayed twice, reach the live game's position and log."""

from __future__ import annotations

import dataclasses

import yaml
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st
from test_property import DECK, DECKS, check_settled, snapshot

from adjudicator.cards.kinds import kind_of
from adjudicator.engine import replay as rp
from adjudicator.engine.game import Game
from adjudicator.engine.legal import explore, scenario_item
from adjudicator.loading.scenario import Event, parse_scenario
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType

MAX_EVENTS = 50
#: Solo Fluxx sets aside the cards that act on other players.
SOLO_DECK = [c for c in DECK if not kind_of(c).needs_others]


def solo_text(seed: int, main: list[Card], rules: list[Card], events: list[Event]) -> str:
    data = {
        "title": "A random Solo Fluxx game",
        "players": ["Alice"],
        "decks": list(DECKS),
        "seed": seed,
        "setup": {
            "turn": "Alice",
            "phase": "deal",
            "draw_pile": [c.name for c in main],
            "rules_pile": [c.name for c in rules],
        },
        "events": [scenario_item(e) for e in events],
    }
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=200)


@settings(
    max_examples=10,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    phases=(Phase.explicit, Phase.generate),  # shrinking whole games takes minutes
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_solo_games(data: st.DataObject) -> None:
    main = data.draw(st.permutations([c for c in SOLO_DECK if c.type is not CardType.RULE]), label="main deck")
    rules = data.draw(st.permutations([c for c in SOLO_DECK if c.type is CardType.RULE]), label="rules deck")
    main = main[: data.draw(st.integers(4, len(main)), label="main deck size")]  # short decks end games
    rules = rules[: data.draw(st.integers(0, len(rules)), label="rules deck size")]
    seed = data.draw(st.integers(0, 2**16), label="seed")
    scenario = parse_scenario(solo_text(seed, main, rules, []), "<solo>")
    game = Game(scenario)
    events: list[Event] = []
    in_game = [*main, *rules]
    try:
        for number in range(1, MAX_EVENTS + 1):
            options = explore(game, number)
            assert not options.unanswerable, f"choices nobody can answer: {options.unanswerable}"
            if not options.events:
                break
            event = data.draw(st.sampled_from(options.events), label=f"event {number}")
            events.append(event)
            seen = len(game.steps)
            game.push(event)
            assert not game.stopped, game.stopped
            rejected = [s.reason for s in game.steps[seen:] if isinstance(s, rec.Rejected)]
            assert not rejected, f"legal event {event.text!r} rejected: {rejected}"
            assert game.winner is None, "a solo game is scored, never won"
            check_solo_cards(game, in_game)
            check_settled(game)
        game.scenario = dataclasses.replace(scenario, events=tuple(events))
        game.finish()
        check_solo_cards(game, in_game)
        if game.ended:
            assert not game.table.draw_pile or not game.table.rules_pile
        written = parse_scenario(solo_text(seed, main, rules, events), "<solo>")
        first, second = rp.replay(written), rp.replay(written)
        assert snapshot(first) == snapshot(game)
        assert snapshot(second) == snapshot(first)
    except BaseException:
        note(solo_text(seed, main, rules, events))
        raise


def check_solo_cards(game: Game, in_game: list[Card]) -> None:
    where: dict[int, str] = {}
    for zone, cards in game.zones().items():
        for card in cards:
            assert id(card) not in where, f"{card} is both in {where[id(card)]} and in {zone}"
            where[id(card)] = zone
    assert sorted(where) == sorted(map(id, in_game)), "a card was lost or appeared"
    for goal in game.table.scored.get("Alice", ()):
        assert goal.type is CardType.GOAL
