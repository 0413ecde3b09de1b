"""The effective rules are kept, not recounted: `Effective` is made when a card that bears on it
enters or leaves play and kept until then; the Draw, Play and limits are read off it (and a
card's bonus asked only while a card holds the hook). Here, at every event of every scenario
file and of random games, what is kept agrees with the rules worked out afresh from the cards
in play, every card asked."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from adjudicator.cards.kinds.base import REGISTRY, Kind, has_hook, kind_of
from adjudicator.checking import scenario_files
from adjudicator.engine import derived
from adjudicator.engine.derived import Effective
from adjudicator.engine.game import Game
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.model.cards import Card
from adjudicator.model.position import Phase
from adjudicator.model.quota import PlayQuota
from tests.test_copying import new_game

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
FIELDS = ("slots", "holders", "limit_slots", "goals_read_hands", "numeral_rules", "goal_slots", "direction")
FIELDS += ("printed_draw", "printed_play", "printed_limits")


def in_play(game: Game, hook: str) -> Iterator[tuple[Card, Kind]]:
    """Every card on the table whose kind has `hook` of its own and that takes part in it
    (`Kind.hooks_held`), New Rules first, as the rules read them."""
    for _owner, card in game.table.cards_in_play():
        if has_hook(card, hook) and kind_of(card).hooks_held(card, (hook,)):
            yield card, kind_of(card)


def slot_rule(game: Game, slot: str) -> Card | None:
    return next((card for card in game.table.rules if getattr(REGISTRY.get(card.kind), "slot", None) == slot), None)


def recounted(game: Game, player: str) -> tuple[int, PlayQuota, int | None, int | None]:
    """The Draw, Play and limits for player, every card in play asked for its bonus."""
    card = slot_rule(game, "draw")
    draw = kind_of(card).number(game, card, "value") if card else game.basic("draw")
    draw += sum(kind.draw_bonus(game, card, player) for card, kind in in_play(game, "draw_bonus"))
    card = slot_rule(game, "play")
    play = kind_of(card).quota(game, card) if card else PlayQuota("count", game.basic("play"))
    play = play.with_bonus(sum(kind.play_bonus(game, card, player) for card, kind in in_play(game, "play_bonus")))
    limits = []
    for slot in ("hand_limit", "keeper_limit"):
        card = slot_rule(game, slot)
        allowance = sum(kind.limit_bonus(game, card, player, slot) for card, kind in in_play(game, "limit_bonus"))
        limits.append(None if card is None else kind_of(card).number(game, card, "value") + allowance)
    return draw, play, limits[0], limits[1]


def check(game: Game, where: str) -> None:
    kept = game.table.clock.effective
    if kept is not None:  # the effective rules kept since a card last bore on them
        fresh = Effective(game)
        derived.read_printed(game, fresh)
        for name in FIELDS:
            assert getattr(kept, name) == getattr(fresh, name), f"{where}: {name} kept stale"
    for player in game.players:
        found = (
            derived.draw_rule(game, player),
            derived.play_rule(game, player),
            derived.limit(game, "hand_limit", player),
            derived.limit(game, "keeper_limit", player),
        )
        assert found == recounted(game, player), f"{where}: {player}"
        givers = [card for card, kind in in_play(game, "draw_bonus") if kind.draw_bonus(game, card, player)]
        assert derived.bonus_givers(game, player, "draw") == givers, f"{where}: {player}"
    turn = game.turn
    if turn.phase is Phase.PLAY:  # the plays left, remembered across moves that leave the Play rule alone
        hand = len(game.table.hands.get(turn.player, ()))
        assert game.plays_left() == recounted(game, turn.player)[1].left(turn.played, hand), where


def test_the_kept_rules_agree_with_a_recount_in_every_scenario_file():
    checked = 0
    for path in scenario_files([SCENARIOS]):
        scenario = load_scenario(path)
        game = Game(scenario)
        for event in scenario.events:
            if game.stopped:
                break
            game.push(event)
            check(game, f"{path.name}: {event.text}")
            checked += 1
    assert checked > 500


def test_the_kept_rules_agree_with_a_recount_in_random_games():
    for seed in range(3):
        game = new_game(seed, ["Alice", "Bob", "Carol"][: 2 + seed % 2])
        rng = random.Random(seed)
        for _ in range(150):
            offered = game.legal_events()
            if game.winner or game.ended or not offered:
                break
            game.push(rng.choice(offered))
            check(game, f"seed {seed}, event {len(game.move_stack)}")


def test_a_goal_looking_at_the_hands_makes_the_rules_again_as_it_arrives():
    """A Goal bears on the effective rules only if its kind says so (`Effective.moved`): one
    that looks at the hands does, though it holds no table hook."""
    scenario = parse_scenario(
        """
title: t
players: [Alice, Bob]
setup:
  turn: Alice
  goals: [Milk and Cookies]
  hands: {Alice: [10 Cards in Hand, The Sun, Love, Peace], Bob: [Time]}
events:
  - Alice plays 10 Cards in Hand
  - Alice plays The Sun
"""
    )
    game = Game(scenario)
    assert not derived.goals_read_hands(game)
    for event in scenario.events:
        game.push(event)
        check(game, event.text)
    assert derived.goals_read_hands(game)
