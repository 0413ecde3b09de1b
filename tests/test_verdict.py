"""The verdict: one frozen value read once from a finished replay; every presenter reads it,
never the game, and none of them reaches into the engine."""

import ast
import dataclasses
import io
from pathlib import Path

import pytest
from rich.console import Console

from adjudicator import report
from adjudicator.answer import build_answer
from adjudicator.engine.replay import replay
from adjudicator.json_output import json_text
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.log.render import render_replay
from adjudicator.verdict import build_verdict

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "adjudicator"
PRESENTERS = ["answer.py", "json_output.py", "report.py", "log/render.py", "log/outline.py"]


def imported_modules(path: Path) -> set[str]:
    """Every module the file imports, at the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("name", PRESENTERS)
def test_presenters_read_the_verdict_not_the_engine(name):
    reached = {
        m for m in imported_modules(PACKAGE / name) if m.startswith(("adjudicator.engine", "adjudicator.loading"))
    }
    assert reached == set()


def test_the_verdict_imports_no_presenter():
    presenters = {"adjudicator." + p.removesuffix(".py").replace("/", ".") for p in PRESENTERS} - {
        "adjudicator.log.outline"  # the numbered outline every output shares sits with the verdict
    }
    assert imported_modules(PACKAGE / "verdict.py") & presenters == set()


def outputs(verdict) -> list[str]:
    console = Console(file=io.StringIO(), width=200, highlight=False)
    render_replay(verdict, console)
    return [console.file.getvalue(), json_text(verdict), report.to_markdown(verdict), report.to_html(verdict)]


def test_outputs_do_not_change_when_the_game_goes_on():
    scenario = load_scenario(ROOT / "scenarios" / "actions" / "draw-3-play-2-plays-still-owed.yaml")
    game = replay(scenario)
    verdict = build_verdict(game)
    before = outputs(verdict)
    again = parse_scenario("title: t\nplayers: [Alice, Bob]\nsetup: {}\nevents: [Alice plays Cookies]\n").events[0]
    game.push(dataclasses.replace(again, number=3))  # the game goes on; the verdict does not
    assert len(game.steps) > len(verdict.steps)
    assert outputs(verdict) == before


def test_the_verdict_is_frozen():
    verdict = build_verdict(replay(load_scenario(ROOT / "scenarios" / "examples" / "draw3-then-draw2.yaml")))
    with pytest.raises(dataclasses.FrozenInstanceError):
        verdict.winner = "Alice"  # type: ignore[misc]
    assert isinstance(verdict.steps, tuple) and isinstance(verdict.seats, tuple)


def test_a_temporary_hand_is_shown_with_the_plays_owed():
    verdict = build_verdict(
        replay(load_scenario(ROOT / "scenarios" / "actions" / "draw-3-play-2-plays-still-owed.yaml"))
    )
    assert verdict.plays_left == 0 and verdict.plays_owed == 1
    text, data, markdown, page = outputs(verdict)
    assert "Cookies, Sleep (Draw 3, Play 2 of Them: 1 play owed)" in text
    assert "It is Alice's turn: Alice still owes 1 play from the temporary hand of Draw 3, Play 2 of Them" in text
    assert "0 plays left" not in text + markdown + page
    assert '"plays_owed": 1' in data
    assert "- **Alice (turn)**: hand: Bread; temporary hand: Cookies, Sleep (Draw 3, Play 2 of Them: 1 play owed)" in (
        markdown
    )
    answer = build_answer(verdict)
    assert answer.text.endswith(
        "Alice still owes 1 play from the temporary hand of Draw 3, Play 2 of Them (Cookies, Sleep); "
        "no winner yet (rulings: B-compound-action, Q422)."
    )
    assert answer.facts["plays"]["owed"] == 1 and answer.facts["plays"]["from_temp_hand"] is True


def test_nested_temporary_hands_say_every_play_still_owed(write_scenario):
    text = (ROOT / "scenarios" / "examples" / "draw2-use-em-chain.yaml").read_text(encoding="utf-8")
    text = text[: text.index("  - Alice plays The Sun")].replace("expect:", "")  # stop inside the inner Action
    verdict = build_verdict(replay(load_scenario(write_scenario(text))))
    assert [(f.source, f.plays_owed) for f in verdict.temp_hands] == [
        ("Draw 2 and Use 'Em", 1),
        ("Draw 3, Play 2 of Them", 2),
    ]
    assert verdict.plays_phrase == (
        "Alice still owes 2 plays from the temporary hand of Draw 3, Play 2 of Them (The Sun, The Moon, Time); "
        "then 1 play from the temporary hand of Draw 2 and Use 'Em; then 1 play from the hand"
    )


def test_each_unexpected_rejection_names_itself_once():
    """Issue 29, item 2: with N rejected events and an `expect` block, each difference named all
    N rejections (quadratic: 5,000 took 22 s and wrote 445 MB as --json). Each names its own."""
    from adjudicator.checking import scenario_differences
    from adjudicator.loading.scenario import parse_scenario

    count = 300
    text = "title: t\nplayers: [A, B]\nsetup:\n  turn: A\nevents: [" + ", ".join(["B begins"] * count) + "]\n"
    differences = scenario_differences(parse_scenario(text + "expect:\n  winner: A\n"))
    unexpected = [d for d in differences if d.key == "rejected"]
    assert len(unexpected) == count - 1  # the first `B begins` begins B's turn
    assert [d.actual for d in unexpected] == [[number] for number in range(2, count + 1)]
