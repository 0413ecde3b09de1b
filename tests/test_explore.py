"""`adjudicator explore FILE --at N`: the legal alternatives at event N and the verdicts they lead to."""

import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.loading.scenario import load_scenario
from adjudicator.whatif import explore_at

ROOT = Path(__file__).resolve().parents[1]
CANCELED = ROOT / "scenarios" / "surprises" / "R52-canceled-plans-stops-a-win.yaml"
runner = CliRunner()

ALICE_WINS = """
title: Alice meets her new Goal; Bob holds Canceled Plans and does nothing
players: [Alice, Bob]
setup:
  turn: Alice
  rules: [Play 2]
  goals: [Time is Money]
  hands:
    Alice: [Milk and Cookies, Sleep]
    Bob: [Canceled Plans]
  in_play:
    Alice: [Milk, Cookies]
events:
  - Alice plays Milk and Cookies
  - Alice plays Sleep
"""


def test_could_bob_have_stopped_the_win(write_scenario):
    result = runner.invoke(app, ["explore", str(write_scenario(ALICE_WINS)), "--at", "2", "--player", "bob"])
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # the console wraps long lines
    assert "The file's verdict: Alice wins (Milk & Cookies)." in out
    assert (
        "Could Bob have stopped Alice's win at event 2? Yes: Bob plays Canceled Plans at event 2, "
        "before Alice plays Sleep → no winner yet."
    ) in out
    assert "winner: Alice → none" in out and "R52" in out


def test_json_lists_the_alternative_with_its_verdict_and_rulings(write_scenario):
    result = runner.invoke(app, ["explore", str(write_scenario(ALICE_WINS)), "--at", "2", "-p", "Bob", "--json"])
    data = json.loads(result.output)
    assert data["at"] == 2 and data["player"] == "Bob" and data["event"] == "Alice plays Sleep"
    assert data["verdict"]["winner"] == "Alice"
    [alternative] = data["alternatives"]  # Bob holds one card; the file's event 2 is Alice's
    assert alternative["how"] == "before" and alternative["event"] == "Bob plays Canceled Plans"
    assert alternative["item"] == "Bob plays Canceled Plans"
    assert alternative["winner_changed"] is True and alternative["verdict"]["winner"] is None
    assert alternative["verdict"]["position"]["goals"] == ["Time is Money"]
    assert {"R52", "R45"} <= set(alternative["new_rulings"])


def test_leaving_out_the_surprise_lets_alice_win():
    """R52's file: Bob's Canceled Plans stops the win; without it, Alice wins."""
    found = explore_at(load_scenario(CANCELED), 2)
    assert found.base.winner is None and found.actual.text == "Bob plays Canceled Plans"
    assert [(a.how, a.event) for a in found.alternatives] == [("skip", None)]
    [skip] = found.alternatives
    assert skip.verdict.winner == "Alice" and skip.verdict.winning_goal == "Milk & Cookies"
    assert skip.changes[0] == "winner: none → Alice"
    assert "hand of Bob: [] → [Canceled Plans]" in skip.changes
    assert found.answer() == (
        "Could anyone have changed who wins at event 2? Yes: leave out event 2 "
        "(Bob plays Canceled Plans) → Alice wins (Milk & Cookies)."
    )


def test_alternatives_that_change_only_the_position():
    found = explore_at(load_scenario(CANCELED), 1, "Alice")
    described = {a.describe(1, found.actual): a for a in found.alternatives}
    assert set(described) == {
        "Alice plays Sleep at event 1 (instead of Alice plays Milk and Cookies)",
        "leave out event 1 (Alice plays Milk and Cookies)",
    }
    sleep = described["Alice plays Sleep at event 1 (instead of Alice plays Milk and Cookies)"]
    assert not sleep.winner_changed
    assert sleep.changes[0].startswith("event 2 is rejected: Canceled Plans cancels only a Goal")
    assert "in play of Alice: [Cookies, Milk] → [Cookies, Milk, Sleep]" in sleep.changes
    assert found.answer().endswith("No: none of 2 alternatives changes who wins.")


def test_bad_at_and_player_exit_2():
    result = runner.invoke(app, ["explore", str(CANCELED), "--at", "9"])
    assert result.exit_code == 2 and "--at 9: the file has events 1 to 2" in result.output
    result = runner.invoke(app, ["explore", str(CANCELED), "--at", "1", "--player", "Bobb"])
    assert result.exit_code == 2 and "no player 'Bobb' (players: Alice, Bob) (did you mean 'Bob'?)" in result.output


def test_one_past_the_last_event_adds_an_event(write_scenario):
    path = write_scenario("""
title: t
players: [Alice, Bob]
setup:
  turn: Alice
  goals: [Time is Money]
  hands: {Alice: [Milk and Cookies, Sleep], Bob: [Canceled Plans]}
  in_play: {Alice: [Milk, Cookies]}
events: []
""")
    found = explore_at(load_scenario(path), 1)
    assert [(a.how, a.event.text, a.verdict.winner) for a in found.alternatives] == [
        ("after", "Alice plays Milk & Cookies", "Alice"),
        ("after", "Alice plays Sleep", None),
    ]
    assert found.answer() == (
        "Could anyone have changed who wins at event 1? Yes: Alice plays Milk & Cookies "
        "as event 1 → Alice wins (Milk & Cookies)."
    )


WINNER_OWN = ROOT / "scenarios" / "engine" / "explore-winner-own-play.yaml"


def test_the_winners_own_alternatives_do_not_stop_the_win():
    """Leaving out Bob's own winning play is Bob's choice, not another player stopping him."""
    found = explore_at(load_scenario(WINNER_OWN), 1)
    assert found.answer() == (
        "Could anyone have stopped Bob's win at event 1? No: no event of another player was legal there. "
        "Bob's own choice could: Bob plays Dreams at event 1 (instead of Bob plays Milk & Cookies) "
        "→ no winner yet (and 1 more)."
    )
    assert all(a["by_winner"] for a in found.as_json()["alternatives"])


def test_another_players_alternative_stops_the_win(write_scenario):
    path = write_scenario(ALICE_WINS)
    assert explore_at(load_scenario(path), 2).answer() == (
        "Could anyone have stopped Alice's win at event 2? Yes: Bob plays Canceled Plans at event 2, "
        "before Alice plays Sleep → no winner yet."
    )
    assert explore_at(load_scenario(path), 1).answer() == (
        "Could anyone have stopped Alice's win at event 1? No: no event of another player was legal there. "
        "Alice's own choice could: Alice plays Sleep at event 1 (instead of Alice plays Milk and Cookies) "
        "→ no winner yet (and 1 more)."
    )


def test_explore_prints_names_that_look_like_terminal_markup_as_written(tmp_path):
    """Rich reads `[/]` as markup: explore ended in a MarkupError traceback for a player so named."""
    path = tmp_path / "markup.yaml"
    path.write_text(
        'title: t\nplayers: ["Al[/]", Bob]\nsetup:\n  turn: "Al[/]"\n'
        '  hands: {"Al[/]": [Jackpot!, Milk], Bob: [Bread]}\nevents:\n  - Al[/] plays Milk\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["explore", str(path), "--at", "1"], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "What if at event 1 (Al[/] plays Milk)? The file's verdict: no winner yet."
    assert "  • Al[/] plays Jackpot! at event 1 (instead of Al[/] plays Milk) → no winner yet" in lines


def test_html_draws_the_board_of_the_line_found_beside_the_files(write_scenario):
    import re

    result = runner.invoke(app, ["explore", str(write_scenario(ALICE_WINS)), "--at", "2", "--format", "html"])
    assert result.exit_code == 0, result.output
    page = result.output
    assert page.startswith("<!DOCTYPE html>") and "src=" not in page
    titles = re.findall(r"<h2>(.*?)</h2>", page)
    assert titles == [
        "The file&#x27;s line: Alice wins (Milk &amp; Cookies)",
        "Found: Bob plays Canceled Plans at event 2, before Alice plays Sleep → no winner yet",
    ]
    shown = []
    for found in re.findall(r'<script type="application/json" class="board-data">(.*?)</script>', page):
        data = json.loads(found)
        board = data["boards"][data["start"]]  # opened at the board after event 2
        name = [card[0] for card in data["cards"]]
        shown.append(
            (
                board["winner"],
                [name[i] for i in board["goals"]],
                [name[c] for _p, c in board["playing"]],
                board["moved"],
            )
        )
    assert shown[0][:3] == ("Alice", ["Milk & Cookies"], [])
    winner, goals, playing, moved = shown[1]
    assert (winner, goals, playing) == (None, ["Time is Money"], ["Milk & Cookies", "Canceled Plans"])
    assert [data["cards"][i][0] for i in moved] == ["Canceled Plans"]  # the card the step moved is marked


def test_html_says_what_had_happened_had_chance_gone_otherwise():
    """The page draws the lines a player chose; the outcomes of chance are said above them, as
    the text output lists them (the file's own outcome is not among them)."""
    import re

    path = ROOT / "scenarios/chance/reshuffle-stated-where-the-log-puts-it.yaml"
    result = runner.invoke(app, ["explore", str(path), "--at", "2", "--format", "html"])
    assert result.exit_code == 0, result.output
    paragraphs = re.findall(r"<p>(.*?)</p>", result.output)
    at = paragraphs.index("Had chance gone otherwise (2):")
    assert paragraphs[at + 1 : at + 3] == [
        "Alice plays Milk; shuffled Money → no winner yet (hand of Alice: [Bread, Time] → [Bread, Money])",
        "Alice plays Milk; shuffled The Sun → no winner yet (hand of Alice: [Bread, Time] → [Bread, The Sun])",
    ]
    assert "1 more alternative of the same kind" in result.output


def test_at_80_columns_a_wrapped_line_keeps_its_indent():
    path = ROOT / "scenarios/chance/reshuffle-stated-where-the-log-puts-it.yaml"
    result = runner.invoke(app, ["explore", str(path), "--at", "2"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    listed = lines[lines.index("Changes the position (3):") :]
    assert all(len(line) <= 80 for line in listed)
    # every line of an alternative is indented, those a long ruling list wraps onto too
    assert all(line.startswith("  ") for line in listed[1:] if line and not line.endswith(":"))
    assert any(line.strip() == "B-draw-rule-change, B-play-rule" for line in listed)


CANCELED_PLANS_AT_RANDOM = """
title: Carol, with no Goal in hand, loses a card at random; the file does not say which
players: [Alice, Bob, Carol]
setup:
  turn: Alice
  goals: [Time is Money]
  hands:
    Alice: [Canceled Plans]
    Bob: [Day Dreams, Milk, Cookies]
    Carol: [Bread, Sleep]
events:
  - Alice plays Canceled Plans
"""


def test_the_seeds_own_pick_is_not_an_outcome_that_went_otherwise(write_scenario):
    from adjudicator.engine.replay import replay
    from adjudicator.model import records as rec

    scenario = load_scenario(write_scenario(CANCELED_PLANS_AT_RANDOM))
    (picked,) = [step.outcome for step in replay(scenario).steps if isinstance(step, rec.Chance)]
    other = ({"Bread", "Sleep"} - {picked}).pop()
    chance = [a.event.text for a in explore_at(scenario, 1).alternatives if a.how == "chance" and a.event]
    assert chance == [f"Alice plays Canceled Plans -> {other}"]
