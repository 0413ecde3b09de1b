"""Decks as sets: shared cards, names that clash between editions, several copies of a card."""

import pytest

from adjudicator.cards.catalog import builtin
from adjudicator.engine.replay import replay
from adjudicator.expectations import compare
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model.errors import ScenarioError
from adjudicator.verdict import build_verdict


def load(text: str):
    return parse_scenario(text, "s.yaml")


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        load(text)
    return info.value


def test_a_deck_holds_the_cards_it_shares_with_other_editions():
    rick = builtin().decks["rick_and_morty"]
    names = {c.name for c in rick.members}
    assert {"Play 4", "Keeper Limit 4", "Draw 2 and Use 'Em", "Steal Something", "Keep It Simple"} <= names
    # a shared card is the very card of the deck that prints it, not a copy
    play4 = next(c for c in rick.members if c.name == "Play 4")
    assert play4.deck == "fluxx5" and play4 in builtin().decks["fluxx5"].cards


def test_rick_and_morty_scenario_may_use_its_shared_cards():
    scenario = load(
        "title: t\nplayers: [A, B]\ndecks: [rick_and_morty]\nsetup:\n  rules: [Play 4, Keeper Limit 4]\nevents: []\n"
    )
    assert [c.name for c in scenario.setup.rules] == ["Play 4", "Keeper Limit 4"]


def test_a_card_outside_the_chosen_decks_is_unknown():
    error = error_of("title: t\nplayers: [A, B]\ndecks: [rick_and_morty]\nsetup:\n  hands: {A: [Milk]}\nevents: []\n")
    assert "unknown card 'Milk'" in error.message and error.line == 5


def test_a_bare_name_two_editions_print_is_an_error_listing_both():
    error = error_of("title: t\nplayers: [A, B]\nsetup:\n  hands: {A: [Fruitcake]}\nevents: []\n")
    assert error.message == (
        "card name 'Fruitcake' is ambiguous: it fits Fruitcake (fun_pack) (a Creeper) and "
        "Fruitcake (holiday) (a Keeper); write the one meant, with its deck"
    )
    assert set(error.suggestions) == {"Fruitcake (fun_pack)", "Fruitcake (holiday)"}
    assert error.line == 4


def test_a_deck_qualified_name_picks_one_everywhere_a_name_goes():
    scenario = load("""\
title: t
players: [A, B]
setup:
  hands: {A: [Fruitcake (holiday), Milk]}
  in_play: {B: [Fruitcake (Fun Pack)]}
  goals: [Pumpkin Pie]
events:
  - A plays Fruitcake (holiday)
expect:
  in_play: {A: [Fruitcake (holiday)], B: [Fruitcake (fun_pack)]}
""")
    keeper, creeper = scenario.setup.hands["A"][0], scenario.setup.in_play["B"][0]
    assert (keeper.deck, keeper.type.value) == ("holiday", "keeper")
    assert (creeper.deck, creeper.type.value) == ("fun_pack", "creeper")
    game = replay(scenario)
    assert compare(scenario.expect, build_verdict(game)) == []
    wrong = load(
        scenario_text := """\
title: t
players: [A, B]
setup:
  hands: {A: [Fruitcake (holiday)]}
events:
  - A plays Fruitcake (holiday)
expect:
  in_play: {A: [Fruitcake (fun_pack)]}
"""
    )
    assert scenario_text and compare(wrong.expect, build_verdict(replay(wrong))) == [
        "in_play of A: expected [Fruitcake (fun_pack)], got [Fruitcake (holiday)]"
    ]


def test_one_deck_chosen_the_bare_name_is_that_decks_card():
    scenario = load("title: t\nplayers: [A, B]\ndecks: [holiday]\nsetup:\n  in_play: {A: [Fruitcake]}\nevents: []\n")
    assert scenario.setup.in_play["A"][0].deck == "holiday"


def test_a_name_with_parentheses_is_still_the_card_of_that_name():
    scenario = load("title: t\nplayers: [A, B]\nsetup:\n  goals: [Money (No Taxes)]\nevents: []\n")
    assert scenario.setup.goals[0].name == "Money (No Taxes)"


COPIES = """\
title: t
players: [A, B]
cards:
  - {{name: E, type: keeper, copies: 3}}
  - {{name: Two Es, type: goal, requires: [E, E]}}
setup:
  turn: A
{setup}
events:
{events}
"""


def test_copies_are_separate_cards_up_to_their_number():
    scenario = load(COPIES.format(setup="  hands: {A: [E, E], B: [E]}", events="  []"))
    cards = [*scenario.setup.hands["A"], *scenario.setup.hands["B"]]
    assert len({id(c) for c in cards}) == 3 and [c.copy for c in cards] == [1, 2, 3]
    error = error_of(COPIES.format(setup="  hands: {A: [E, E], B: [E, E]}", events="  []"))
    assert "E is named 4 times in the setup, but the deck has 3 copies" in error.message and error.line == 8


def test_events_act_on_the_copy_the_player_has():
    scenario = load(
        COPIES.format(
            setup="  hands: {A: [E, Milk], B: [E]}\n  in_play: {A: [E]}\n  goals: [Two Es]", events="  - A plays E"
        )
    )
    game = replay(scenario)
    assert game.winner == "A" and [c.copy for c in game.table.in_play["A"]] == [3, 1]
    assert [c.copy for c in game.table.hands["B"]] == [2]


def test_a_goal_needing_two_copies_needs_two_cards():
    scenario = load(
        COPIES.format(setup="  hands: {A: [Milk]}\n  in_play: {A: [E]}\n  goals: [Two Es]", events="  - A plays Milk")
    )
    assert replay(scenario).winner is None


# ---------------------------------------------------------------- date, rules_pile
@pytest.mark.parametrize(
    ("date", "message"),
    [
        ("date: 25/12/2026", "`date` must be a date written YEAR-MONTH-DAY (2026-12-25), not '25/12/2026'"),
        ("date: {day: 2026-12-25, weather: snow}", "unknown key 'weather' in `date` (keys: day, holiday, birthdays)"),
        ("date: {birthdays: [Zed]}", "unknown player 'Zed'"),
        ("date: {holiday: 4}", "`holiday` names the holiday the table agreed on, as text"),
    ],
)
def test_bad_dates_are_refused_with_the_line(date, message):
    error = error_of(f"title: t\nplayers: [A, B]\n{date}\nsetup: {{}}\nevents: []\n")
    assert message in error.message and error.line == 3


def test_a_date_reads_as_the_day_and_its_occasion():
    scenario = load("title: t\nplayers: [A, B]\ndate: {day: 2026-12-25, birthdays: [B]}\nsetup: {}\nevents: []\n")
    assert scenario.date.is_christmas
    assert scenario.date.occasion("A") == "holiday" and scenario.date.occasion("B") == "birthday"


def test_the_rules_pile_is_for_one_player_and_new_rules_only():
    error = error_of("title: t\nplayers: [A, B]\nsetup:\n  rules_pile: [Draw 2]\nevents: []\n")
    assert "`rules_pile` is the Rules deck of Solo Fluxx: it needs exactly one player" in error.message
    error = error_of("title: t\nplayers: [A]\nsetup:\n  rules_pile: [Milk]\nevents: []\n")
    assert "Milk is a Keeper: the Rules deck holds only New Rules" in error.message and error.line == 4
    error = error_of("title: t\nplayers: [A]\nsetup:\n  draw_pile: [Draw 2]\nevents: []\n")
    assert "Draw 2 is a New Rule: in Solo Fluxx (one player) the New Rules form the Rules deck" in error.message


def test_a_one_player_game_scores_instead_of_winning():
    game = replay(
        load(
            "title: t\nplayers: [A]\nsetup:\n  goals: [Milk & Cookies]\n  hands: {A: [Cookies]}\n"
            "  in_play: {A: [Milk]}\n  rules_pile: [Draw 2]\nevents: [A plays Cookies]\n"
        )
    )
    assert game.winner is None and game.goals_won == {"A": 1} and game.table.scored["A"][0].name == "Milk & Cookies"
    assert game.table.rules[0].name == "Draw 2" and not game.table.rules_pile


def test_scenario_cards_may_declare_a_problem_and_keepers_with_symbols():
    scenario = load("""\
title: t
players: [A, B]
decks: [rick_and_morty]
cards:
  - {name: Glowing Boulders, type: problem}
  - {name: Fart, type: keeper, symbols: [imaginary_friend]}
  - {name: Friends, type: goal, kind: keepers_with_symbol, symbol: imaginary_friend, count: 1}
setup:
  in_play: {A: [Glowing Boulders, Fart]}
events: []
""")
    boulders, fart = scenario.setup.in_play["A"]
    assert boulders.type.value == "creeper" and fart.param("symbols") == ["imaginary_friend"]


def test_solo_sets_aside_the_cards_that_act_on_other_players():
    error = error_of("title: t\nplayers: [A]\nsetup:\n  hands: {A: [Milk, Trade Hands]}\nevents: []\n")
    assert "Trade Hands is set aside in Solo Fluxx (one player): it acts on other players" in error.message
    assert error.line == 4


def test_an_event_finds_the_copy_where_the_first_copy_is_not():
    scenario = load(COPIES.format(setup="  hands: {B: [E], A: [E, Milk]}", events="  - A plays E\n  - B plays E"))
    game = replay(scenario)
    assert [c.copy for c in game.table.in_play["A"]] == [2] and [c.copy for c in game.table.in_play["B"]] == [1]
    assert not [s for s in game.steps if s.kind == "Rejected"]


def test_card_of_player_is_read_as_that_players_copy():
    scenario = load(
        COPIES.format(
            setup="  hands: {A: [Trash a Keeper]}\n  in_play: {A: [E], B: [E]}",
            events="  - A plays Trash a Keeper -> E of B",
        )
    )
    assert str(scenario.events[0].choices[0]) == "E of B"
    game = replay(scenario)
    assert [c.name for c in game.table.in_play["B"]] == [] and [c.name for c in game.table.in_play["A"]] == ["E"]
    error = error_of(
        COPIES.format(setup="  hands: {A: [Trash a Keeper]}", events="  - A plays Trash a Keeper -> E of Zed")
    )
    assert "unknown choice 'E of Zed'" in error.message
