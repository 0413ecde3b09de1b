"""Browsing the cards: `cards list` and `cards search` by deck, type, kind and text; `cards show`
of a name no card has lists the cards its words point to; a card of a deck that `decks:`
leaves out is named with that deck."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cards.browse import entries
from adjudicator.cards.catalog import builtin
from adjudicator.cli import app
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model.errors import ScenarioError

runner = CliRunner()
PIPED = {"COLUMNS": ""}  # as in a pipe: every line whole


def invoke(*args: str):
    return runner.invoke(app, list(args), env=PIPED)


def test_holiday_goals():
    listed = invoke("cards", "list", "--deck", "holiday", "--type", "goal")
    assert listed.exit_code == 0
    assert listed.stdout == (
        "card                     type  deck     kind               text\n"
        "Advent Wreath            Goal  holiday  not supported yet  Holiday Goal whose requirement is not known.\n"
        "Festival of Lights       Goal  holiday  not supported yet  Holiday Goal whose requirement is not known.\n"
        "Halloween Night          Goal  holiday  not supported yet  Holiday Goal whose requirement is not known.\n"
        "Happy Hanukkah!          Goal  holiday  not supported yet  Holiday Goal whose requirement is not known.\n"
        "Jack-O-Lanterns          Goal  holiday  keepers            Win by having Pumpkins and Candles together in front of you.\n"
        "Pumpkin Pie              Goal  holiday  keepers            Win by having Pumpkins and Dessert together in front of you.\n"
        "Thanksgiving             Goal  holiday  not supported yet  Needs 3 or more Keepers from a particular group out at once (which Keepers form the group is not known).\n"
        "The Stockings Were Hung  Goal  holiday  not supported yet  Holiday Goal whose requirement is not known.\n"
        "Trim the Tree            Goal  holiday  keepers            Win by having the Pine Tree plus either Ornaments or Lights in front of you.\n"
        "9 cards\n"
    )
    as_json = json.loads(
        invoke("cards", "list", "--deck", "Holiday Fluxx (partial)", "--type", "Goal", "--json").stdout
    )
    assert [card["name"] for card in as_json][:2] == ["Advent Wreath", "Festival of Lights"] and len(as_json) == 9
    assert as_json[4] == {
        "name": "Jack-O-Lanterns",
        "type": "goal",
        "type_label": "Goal",
        "kind": "keepers",
        "deck": "holiday",
        "decks": ["holiday"],
        "copies": 1,
        "supported": True,
        "text": "Win by having Pumpkins and Candles together in front of you.",
    }


def test_a_deck_lists_the_cards_it_shares():
    shared = json.loads(invoke("cards", "list", "--deck", "rick_and_morty", "--type", "rule", "--json").stdout)
    play_4 = next(card for card in shared if card["name"] == "Play 4")
    assert play_4["deck"] == "fluxx5" and {"fluxx5", "rick_and_morty"} <= set(play_4["decks"])


def test_filters_by_kind_and_text():
    by_kind = json.loads(invoke("cards", "list", "--kind", "surprise", "--json").stdout)
    assert {card["name"] for card in by_kind} >= {"Canceled Plans", "Veto!", "That's Mine"}
    assert {card["type"] for card in by_kind} == {"surprise"}
    by_text = json.loads(invoke("cards", "list", "--type", "problem", "--text", "war", "--json").stdout)
    assert by_text and all("war" in (card["name"] + card["text"]).lower() for card in by_text)
    assert {card["type"] for card in by_text} == {"creeper"}
    nothing = invoke("cards", "list", "--deck", "surprises", "--type", "keeper")
    assert (nothing.exit_code, nothing.stdout) == (0, "No card matches.\n")


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (
            ["--deck", "holidy"],
            "unknown deck 'holidy' (decks: creeper_pack, fluxx4, fluxx5, fun_pack, holiday, meta_rules, oz, "
            "rick_and_morty, star, surprises, word) (did you mean 'holiday'?)",
        ),
        (
            ["--type", "gaol"],
            "unknown card type 'gaol' (types: keeper, creeper, goal, rule, action, surprise, meta; a problem is a "
            "creeper) (did you mean 'goal'?)",
        ),
        (["--kind", "stael"], "unknown card kind 'stael' (did you mean 'steal' or 'keeper_power_take'?)"),
    ],
)
def test_a_bad_filter_names_the_valid_values(option, message):
    for command in ("list", "search"):
        args = ["cards", command, *([] if command == "list" else ["steal"]), *option]
        if command == "search" and option[0] == "--kind":
            continue  # search filters by deck and type
        bad = invoke(*args)
        assert (bad.exit_code, bad.output) == (2, f"error: {message}\n")
    as_json = json.loads(invoke("cards", "list", *option, "--json").stdout)["error"]
    assert as_json["code"] == "bad-option" and message.startswith(as_json["message"])


def test_search_ranks_the_card_named_first_and_forgives_typos():
    for query in ("steal a keeper", "stael a keper"):
        found = json.loads(invoke("cards", "search", query, "--json").stdout)
        assert found[0]["name"] == "Steal a Keeper" and found[0]["found_in"] == ["name"], query
    one = invoke("cards", "search", "draw 2 use em", "-n", "1")
    assert one.stdout == (
        "card                type    deck    kind            text\n"
        "Draw 2 and Use 'Em  Action  fluxx5  temporary_hand  Put your hand to one side, draw 2 and play both in the "
        "order you like, then take your hand back.\n"
        "1 card\n"
    )
    only_holiday = json.loads(invoke("cards", "search", "keeper", "--deck", "holiday", "--json").stdout)
    assert only_holiday and all("holiday" in card["decks"] for card in only_holiday)


def test_show_of_a_name_no_card_has_lists_the_cards_its_words_point_to():
    shown = invoke("cards", "show", "Pickle Rick")
    assert shown.exit_code == 0
    lines = shown.stdout.splitlines()
    assert lines[0] == (
        "No card is named 'Pickle Rick'. The cards that match it (`adjudicator cards show NAME` for one; "
        "a scenario may declare a card no built-in deck has in its `cards:`):"
    )
    names = [line.split("  ")[0] for line in lines[2:-1]]
    own = {e.card.name for e in entries(builtin()) if e.card.deck == "rick_and_morty"}
    shared = {
        e.card.name for e in entries(builtin()) if e.card.deck != "rick_and_morty" and "rick_and_morty" in e.decks
    }
    assert (set(names[: len(own)]), set(names[len(own) :])) == (own, shared)  # the deck's own cards first
    as_json = json.loads(invoke("cards", "show", "Pickle Rick", "--json").stdout)
    assert as_json["in_catalog"] is False and {m["found_in"][0] for m in as_json["matches"]} == {"deck", "decks"}
    assert {"Spin", "Repeat", "Hand to Hand", "Keep It Simple"} <= {m["name"] for m in as_json["matches"]}
    nothing = invoke("cards", "show", "zzqx")
    assert (nothing.exit_code, nothing.output) == (2, "error: no card 'zzqx'\n")
    misspelt = invoke("cards", "show", "Radioactive Potatoe")  # a near spelling: the nearest card, as rulings show
    assert misspelt.exit_code == 0
    assert misspelt.stdout.splitlines()[0] == "Radioactive Potato  (the nearest card to 'Radioactive Potatoe')"
    as_json = json.loads(invoke("cards", "show", "Radioactive Potatoe", "--json").stdout)
    assert (as_json["query"], as_json["name"]) == ("Radioactive Potatoe", "Radioactive Potato")


SCENARIO = """\
title: a card of a deck left out
players: [Alice, Bob]
decks: [{decks}]
setup:
  turn: Alice
  hands: {{Alice: [{card}]}}
events:
  - Alice plays {card}
"""


@pytest.mark.parametrize(
    ("decks", "card", "message"),
    [
        (
            "holiday",
            "Milk",
            "unknown card 'Milk': the decks in use (holiday) do not have it; fluxx5 (Fluxx 5.0) has it: "
            "add it to the scenario's decks, `decks: [holiday, fluxx5]`",
        ),
        (
            "word, surprises",
            "Draw 2",
            "unknown card 'Draw 2': the decks in use (word, surprises) do not have it; fluxx5 (Fluxx 5.0), "
            "holiday (Holiday Fluxx (partial)) and rick_and_morty (Fluxx: Rick and Morty (partial)) have it: "
            "add one to the scenario's decks, `decks: [word, surprises, fluxx5]`",
        ),
    ],
)
def test_a_card_of_a_deck_left_out_names_the_deck(decks, card, message):
    with pytest.raises(ScenarioError) as error:
        parse_scenario(SCENARIO.format(decks=decks, card=card), "left-out.yaml")
    assert (error.value.message, error.value.line, error.value.suggestions) == (message, 6, ())


def test_adding_the_deck_named_makes_the_card_known(tmp_path: Path):
    path = tmp_path / "milk.yaml"
    path.write_text(SCENARIO.format(decks="holiday, fluxx5", card="Milk"))
    assert runner.invoke(app, ["replay", "--json", str(path)]).exit_code == 0
    path.write_text(SCENARIO.format(decks="holiday", card="Milk"))
    refused = runner.invoke(app, ["replay", str(path)])
    assert refused.exit_code == 2
    said = (
        "unknown card 'Milk': the decks in use (holiday) do not have it; fluxx5 (Fluxx 5.0) "
        "has it: add it to the scenario's decks, `decks: [holiday, fluxx5]`"
    )
    assert refused.output == (f"{path}:6:19: {said}\n{path}:8:5: event 1: {said}\nFound 2 mistakes.\n")
