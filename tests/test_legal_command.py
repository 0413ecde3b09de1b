"""`adjudicator legal FILE`: every legal next event, by player, from the engine's own generator."""

import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
runner = CliRunner()


def legal(*args: str) -> str:
    result = runner.invoke(app, ["legal", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_after_a_canceled_goal_alice_may_make_her_second_play():
    out = legal(str(SCENARIOS / "surprises" / "R52-canceled-plans-stops-a-win.yaml"))
    assert out.splitlines() == [
        "Legal events at event 3 (Alice's turn, 1 play left):",
        "  Alice:",
        "    Alice plays Sleep",
        "  Bob: nothing",
    ]


def test_a_card_that_needs_choices_is_listed_with_them():
    path = str(SCENARIOS / "actions" / "use-what-you-take-action.yaml")
    data = json.loads(legal(path, "--json"))
    assert data["event"] == 3 and data["winner"] is None and data["stopped"] is None
    assert data["players"]["Alice"] == [] and data["players"]["Carol"] == []
    assert [e["text"] for e in data["players"]["Bob"]] == [
        "Bob begins",
        "Bob plays Bread",
        "Bob plays Use What You Take",
        "Bob plays Use What You Take -> Alice",
        "Bob plays Use What You Take -> Carol",
    ]
    last = data["players"]["Bob"][-1]
    assert last == {
        "text": "Bob plays Use What You Take -> Carol",
        "player": "Bob",
        "action": "play",
        "card": "Use What You Take",
        "choices": ["Carol"],
        "item": "Bob plays Use What You Take -> Carol",
        "chance": ["`Bob plays Use What You Take -> Carol, CARD` (the card taken: Milk)"],
    }
    out = legal(path, "--player", "bob")
    assert "Bob plays Use What You Take (or with choices: -> Alice | -> Carol)" in out
    assert "Alice" not in out.replace("-> Alice", "").replace("Alice's turn", "")


def test_a_waiting_choice_lists_its_answers():
    data = json.loads(legal(str(SCENARIOS / "actions" / "todays-special-day-missing.yaml"), "--json"))
    assert [e["text"] for e in data["players"]["Alice"]] == [
        "Alice chooses birthday",
        "Alice chooses holiday",
        "Alice chooses otherwise",
    ]
    out = legal(str(SCENARIOS / "actions" / "todays-special-day-missing.yaml"))
    assert "    Alice chooses birthday | holiday | otherwise" in out


def test_a_won_game_has_no_legal_event(write_scenario):
    path = write_scenario("""
title: t
players: [Alice, Bob]
setup:
  turn: Alice
  goals: [Time is Money]
  hands: {Alice: [Milk and Cookies]}
  in_play: {Alice: [Milk, Cookies]}
events: [Alice plays Milk and Cookies]
""")
    # The window on the Goal is still open: Bob holds no Surprise, so nothing can come before the win.
    data = json.loads(legal(str(path), "--json"))
    assert data["players"] == {"Alice": [], "Bob": []} and data["winner"] == "Alice"
    assert legal(str(path)) == "No event is legal: Alice wins as the open response window closes.\n"


def test_a_solo_game_that_is_over_has_no_legal_event():
    path = str(SCENARIOS / "solo" / "ends-when-the-main-deck-runs-out.yaml")
    assert legal(path) == "The game is over: the Main deck has run out. No event is legal.\n"
    data = json.loads(legal(path, "--json"))
    assert data["players"] == {"Alice": []} and data["over"] == "the Main deck has run out"
    assert data["winner"] is None


def test_a_replay_that_stops_lists_what_could_have_come_instead(write_scenario):
    path = write_scenario("""
title: t
players: [Alice, Bob, Carol]
setup:
  turn: Alice
  rules: [Play 2]
  hands: {Alice: [Trade Hands, Milk], Bob: [Bread]}
events:
  - Alice plays Trade Hands
  - Alice plays Milk
""")
    data = json.loads(legal(str(path), "--json"))
    assert data["event"] == 2 and data["stopped"].startswith("event 2 (Alice plays Milk) came while the rules")
    assert [e["text"] for e in data["players"]["Alice"]] == ["Alice chooses Bob", "Alice chooses Carol"]
    out = " ".join(legal(str(path)).split())
    assert "stops at event 2: event 2 (Alice plays Milk) came while" in out
    assert "What could have come at event 2 instead: Legal events at event 2" in out


def test_an_unknown_player_exits_2():
    result = runner.invoke(
        app, ["legal", str(SCENARIOS / "surprises" / "R52-canceled-plans-stops-a-win.yaml"), "--player", "Bobb"]
    )
    assert result.exit_code == 2
    assert "no player 'Bobb' (players: Alice, Bob) (did you mean 'Bob'?)" in result.output


def test_legal_and_explore_read_the_scenario_from_stdin():
    text = (ROOT / "scenarios/surprises/R52-canceled-plans-stops-a-win.yaml").read_text(encoding="utf-8")
    listed = CliRunner().invoke(app, ["legal", "-", "--json"], input=text)
    assert listed.exit_code == 0, listed.output
    assert json.loads(listed.output)["event"] >= 1
    explored = CliRunner().invoke(app, ["explore", "-", "--at", "2"], input=text)
    assert explored.exit_code == 0 and "Bob plays Canceled Plans" in explored.output
    broken = CliRunner().invoke(app, ["legal", "-"], input="title: t\nplayers: [Alice]\n")
    assert broken.exit_code == 2 and "<stdin>" in broken.output


def test_a_play_owed_from_a_temporary_hand_is_never_0_plays_left():
    out = legal(str(SCENARIOS / "actions" / "draw-3-play-2-plays-still-owed.yaml"))
    assert out.splitlines() == [
        "Legal events at event 3 (Alice's turn, 1 play owed from the temporary hand of Draw 3, Play 2 of Them):",
        "  Alice:",
        "    Alice plays Cookies",
        "    Alice plays Sleep",
        "  Bob: nothing",
    ]
    data = json.loads(legal(str(SCENARIOS / "actions" / "draw-3-play-2-plays-still-owed.yaml"), "--json"))
    assert data["plays_left"] == 0
    assert data["temp_hands"] == [
        {"player": "Alice", "source": "Draw 3, Play 2 of Them", "cards": ["Cookies", "Sleep"], "plays_owed": 1}
    ]


def test_names_that_look_like_terminal_markup_are_printed_as_written(write_scenario):
    """Rich reads `[/]` and `[bold]` as markup: a player so named broke `legal` with a traceback."""
    path = write_scenario("""
title: t
players: ["Al[/]", "[bold]Bo"]
setup:
  turn: "Al[/]"
  hands: {"Al[/]": [Milk, Cookies], "[bold]Bo": [Bread]}
  rules: [Play 2]
events: ["Al[/] plays Milk"]
""")
    assert legal(str(path)) == (
        "Legal events at event 2 (Al[/]'s turn, 1 play left):\n  Al[/]:\n    Al[/] plays Cookies\n  [bold]Bo: nothing\n"
    )


def test_a_player_whose_name_has_a_space_gets_the_choices_of_a_play_listed_as_choices(write_scenario):
    path = write_scenario("""
title: t
players: [Mary Ann, Bob]
setup:
  turn: Mary Ann
  hands: {Mary Ann: [Trade Hands]}
events: []
""")
    assert legal(str(path)) == (
        "Legal events at event 1 (Mary Ann's turn, 1 play left):\n"
        "  Mary Ann:\n"
        "    Mary Ann plays Trade Hands (or with choices: -> Bob)\n"
        "  Bob: nothing\n"
    )
