"""The command line: exit codes, JSON contract, messages on bad input."""

import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "scenarios" / "examples" / "draw3-then-draw2.yaml"
runner = CliRunner()


def test_help_lists_commands():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "replay" in result.output and "check" in result.output


def test_replay_renders_log_verdict_and_rulings():
    result = runner.invoke(app, ["replay", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    assert "Alice draws Bread, Chocolate" in result.output
    assert "Verdict: no winner yet." in result.output
    assert "Rulings cited" in result.output and "B-draw-rule-change" in result.output


def test_replay_json_contract():
    result = runner.invoke(app, ["replay", "--json", str(EXAMPLE)])
    assert result.exit_code == 0
    data = json.loads(result.output)
    for key in ("winner", "turn", "turn_over", "rejected", "steps", "rulings"):
        assert key in data
    assert data["winner"] is None and data["turn"] == "Alice" and data["turn_over"] is True
    assert data["steps"][0] == {"event": None, "kind": "TurnBegan", "text": "Alice's turn begins",
                                "rulings": ["B-turn-order"]}
    assert all(set(s) >= {"event", "text", "rulings"} for s in data["steps"])
    assert data["rulings"][0] == "B-turn-order"


def test_replay_rejections_in_json():
    result = runner.invoke(app, ["replay", "--json", str(ROOT / "scenarios/engine/rejections.yaml")])
    data = json.loads(result.output)
    assert [r["event"] for r in data["rejected"]] == [1, 2, 4, 5]
    assert data["rejected"][0]["reason"] == "it is Alice's turn, not Bob's"
    assert data["rejected"][0]["rulings"] == ["B-turn-order"]


def test_replay_bad_file_exits_2_with_location(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: t\nplayers: [Alice]\nsetup:\n  hands: {Alice: [Canceled Plan]}\nevents: []\n")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:4: unknown card 'Canceled Plan' (did you mean 'Canceled Plans'" in result.output
    assert "Traceback" not in result.output


def test_replay_missing_file_exits_2(tmp_path):
    result = runner.invoke(app, ["replay", str(tmp_path / "none.yaml")])
    assert result.exit_code == 2
    assert "no such file" in result.output


def _scenario(tmp_path, name, expect):
    path = tmp_path / name
    path.write_text("title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk]}\n"
                    f"events: [Alice plays Milk]\nexpect:\n{expect}")
    return path


def test_check_exit_codes(tmp_path):
    good = _scenario(tmp_path, "good.yaml", "  in_play: {Alice: [Milk]}\n")
    wrong = _scenario(tmp_path, "wrong.yaml", "  in_play: {Alice: []}\n  winner: Bob\n")
    result = runner.invoke(app, ["check", str(good)])
    assert result.exit_code == 0 and "1 passed, 0 failed" in result.output
    result = runner.invoke(app, ["check", str(good), str(wrong)])
    assert result.exit_code == 1
    assert "in_play of Alice: expected [], got [Milk]" in result.output
    assert "winner: expected Bob, got none" in result.output
    (tmp_path / "broken.yaml").write_text("title: [\n")
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 2
    assert "ERROR" in result.output and "broken.yaml:2: not valid YAML" in result.output


def test_check_reports_unexpected_rejection_and_missing_ruling(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk]}\n"
                    "events: [Bob plays Milk]\nexpect:\n  rulings: [R38]\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert "unexpected rejection of event 1: it is Alice's turn, not Bob's" in result.output
    assert "rulings: R38 not cited" in result.output


def test_check_accepts_ruling_aliases(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk]}\n"
                    "events: [Alice plays Milk]\nexpect:\n  rulings: [B-keeper-play]\n")
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0


def test_check_whole_scenarios_folder_passes():
    result = runner.invoke(app, ["check", str(ROOT / "scenarios")])
    assert result.exit_code == 0, result.output
