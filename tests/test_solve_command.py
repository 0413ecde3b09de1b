"""`adjudicator solve`: the four outputs, --save, --stop, --limit, Ctrl-C and bad input."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.engine.replay import play_events
from adjudicator.loading.scenario import load_scenario
from adjudicator.solving.search import Limits, Search
from adjudicator.solving.solve import solve

PUZZLES = Path(__file__).resolve().parents[1] / "scenarios" / "solve"
runner = CliRunner()


def _run(*args: str):
    return runner.invoke(app, ["solve", *args])


def test_text_gives_the_line_ready_to_paste():
    result = _run(str(PUZZLES / "01-order-play-3-first.yaml"))
    assert result.exit_code == 0, result.output
    assert "Alice can win this turn: 1 winning line found" in result.output
    assert "- Alice plays Play 3\n- Alice plays Time\n- Alice plays Money\n" in result.output


def test_json_contract():
    result = _run(str(PUZZLES / "07-hold-the-surprise-back.yaml"), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["wins"] is True and data["finished"] is True and data["player"] == "Alice"
    line = data["lines"][0]
    assert line["events"] == ["Alice plays Milk"] and line["says"] == "wins"
    assert line["replies"] == [{"event": "Bob plays That's Mine", "answer": ["Alice plays Veto!"], "value": 1.0}]
    assert data["positions"] > 0 and data["stoppers"] == [] and data["hidden_hands"] == []


def test_markdown_and_html():
    path = str(PUZZLES / "09-hidden-hand.yaml")
    markdown = _run(path, "--format", "markdown").output
    assert markdown.startswith("## Solve: ") and "```yaml\n- Alice plays Milk\n- Alice plays Cookies\n```" in markdown
    assert "It wins unless someone holds That's Mine (Bob's hand is not given in full)." in markdown
    page = _run(path, "--format", "html").output
    assert page.startswith("<!DOCTYPE html>") and page.count('<section class="viewer"') == 2  # a board per line
    assert "It wins unless someone holds That&#x27;s Mine (Bob&#x27;s hand is not given in full)." in page
    assert "Alice plays Milk" in page


def test_chance_is_said_in_words():
    result = _run(str(PUZZLES / "11-random-tax-chance.yaml"))
    assert "wins with probability 1/3 = 0.333, computed exactly over 3 outcomes" in result.output


def test_no_win_shows_the_closest_line_and_what_stops_it():
    result = _run(str(PUZZLES / "17-holiday-canceled-plans-stops-it.yaml"))
    assert "No line wins for Alice this turn" in result.output
    assert "The closest line (it wins if nobody answers it):" in result.output
    assert (
        "if Bob plays Canceled Plans (after Alice plays Jack-O-Lanterns): it stops the line (no win after it)"
        in result.output
    )


def test_save_writes_a_scenario_that_check_passes(tmp_path: Path):
    target = tmp_path / "won.yaml"
    result = _run(str(PUZZLES / "05-steal-a-keeper.yaml"), "--save", str(target))
    assert result.exit_code == 0, result.output
    text = target.read_text(encoding="utf-8")
    assert "events:\n  - Alice plays Steal a Keeper -> Cookies\nexpect:\n  winner: Alice\n" in text
    checked = runner.invoke(app, ["check", str(target)])
    assert checked.exit_code == 0 and "1 passed" in checked.output


def test_at_solves_from_an_earlier_event():
    result = _run(str(PUZZLES / "25-stop-who-could-have.yaml"), "--at", "2", "--json")
    data = json.loads(result.output)
    assert data["first_event"] == 2 and data["player"] == "Bob" and data["wins"] is False
    assert data["closest"]["events"] == ["Bob plays Cookies"] and data["closest"]["wins_unanswered"] is True


def test_stop():
    result = _run(str(PUZZLES / "25-stop-who-could-have.yaml"), "--stop", "Bob")
    assert result.exit_code == 0, result.output
    assert "Bob won at event 2 (Bob plays Cookies)." in result.output
    assert "- at event 1 (Bob plays Milk): Alice could have played That's Mine; then Bob has no win" in result.output


def test_limit_says_not_finished():
    result = _run(str(PUZZLES / "10-typical-no-win.yaml"), "--limit", "40", "--json")
    data = json.loads(result.output)
    assert data["finished"] is False and data["stopped"] == "limit" and data["positions"] == 40
    assert "Not finished: searched 40 positions" in data["summary"]


def test_interrupt_keeps_what_was_found():
    scenario = load_scenario(PUZZLES / "10-typical-no-win.yaml")
    calls = []

    def interrupted(game):  # Ctrl-C at the third line's end
        calls.append(game)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return (0, 0)

    search = Search("Alice", Limits(), interrupted)
    from adjudicator.solving import adapter

    searched = search.run(adapter.start_from(play_events(scenario, ())), 1, may_begin=True)
    assert search.stats.stopped == "interrupted" and not searched.finished
    assert search.closest is not None  # the lines seen so far are kept


def test_api_leaves_the_game_alone():
    scenario = load_scenario(PUZZLES / "02-order-draw-first.yaml")
    game = play_events(scenario, ())
    before = game.position()
    solution = solve(game, "Alice")
    assert solution.wins and game.position() == before


def test_bad_input_exits_2():
    path = str(PUZZLES / "01-order-play-3-first.yaml")
    wrong = _run(path, "--for", "Bob", "--json")
    assert wrong.exit_code == 2 and "it is Alice's turn at event 1" in json.loads(wrong.output)["error"]["message"]
    unknown = _run(path, "--for", "Alise")
    assert unknown.exit_code == 2 and "Alice" in unknown.output
    assert _run(path, "--at", "9").exit_code == 2
    assert _run(path, "--stop", "Alice").exit_code == 2  # nobody won in the file
    assert _run(path, "--format", "pdf").exit_code == 2


def test_the_docs_page_examples_run(monkeypatch):
    """docs/solve.md: its Python runs, and its worked example prints what the page shows."""
    import re

    root = PUZZLES.parents[1]
    page = (root / "docs" / "solve.md").read_text(encoding="utf-8")
    (code,) = re.findall(r"```python\n(.*?)```", page, re.S)
    monkeypatch.chdir(root)
    exec(compile(code, "solve.md", "exec"), {})
    (puzzle, *_) = re.findall(r"```yaml\n(.*?)```", page, re.S)
    assert puzzle.strip() in (PUZZLES / "07-hold-the-surprise-back.yaml").read_text(encoding="utf-8").replace(
        "question: >\n  Alice needs Milk beside her Cookies. Bob holds That's Mine. Alice holds Veto!: played now it is\n"
        "  wasted; held back, it cancels That's Mine when Bob answers Milk with it.\n",
        "",
    )
    shown, stop_shown = re.findall(r"```text\n(.*?)```", page, re.S)
    monkeypatch.chdir(PUZZLES)
    assert _run("07-hold-the-surprise-back.yaml").output.startswith(shown)
    assert _run("25-stop-who-could-have.yaml", "--stop", "Bob").output == stop_shown


def test_a_file_that_ends_with_a_win_solves_the_winners_turn():
    result = _run(str(PUZZLES / "25-stop-who-could-have.yaml"))
    assert result.exit_code == 0, result.output
    assert result.output.startswith(
        "The file ends with Bob's win at event 2: her turn is solved from event 1 (--stop Bob asks"
    )
    assert "No line wins for Bob this turn" in result.output  # Alice's That's Mine answers any line
    over = _run(str(PUZZLES / "25-stop-who-could-have.yaml"), "--at", "3")
    assert over.exit_code == 2 and "the game is over before event 3: Bob has won" in over.output


def test_save_states_the_outcome_that_wins(tmp_path: Path):
    target = tmp_path / "lucky.yaml"
    result = _run(str(PUZZLES / "11-random-tax-chance.yaml"), "--save", str(target))
    assert result.exit_code == 0, result.output
    assert "  - Alice plays Random Tax -> Milk\n  - Alice plays Milk\nexpect:\n" in target.read_text(encoding="utf-8")
    assert runner.invoke(app, ["check", str(target)]).exit_code == 0
