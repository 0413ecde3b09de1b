"""The command line: exit codes, JSON contract, messages on bad input."""

import json
from pathlib import Path

import pytest
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
    assert data["steps"][0] == {
        "event": None,
        "kind": "TurnBegan",
        "text": "Alice's turn begins",
        "rulings": ["B-turn-order"],
        "data": {"player": "Alice"},
    }
    drew = next(s for s in data["steps"] if s["kind"] == "Drew" and s["event"] is not None)
    assert drew["data"] == {
        "player": "Alice",
        "cards": ["Bread", "Chocolate"],
        "counted": True,
        "into": "hand",
        "why": drew["data"]["why"],
        "moves": [
            {"card": "Bread", "from": "draw pile", "to": "hand of Alice"},
            {"card": "Chocolate", "from": "draw pile", "to": "hand of Alice"},
        ],
    }
    played = next(s for s in data["steps"] if s["kind"] == "Played")
    assert played["data"]["moves"] == [{"card": "Draw 3", "from": "hand of Alice", "to": None}]  # being played
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
    assert f"{bad}:4:19: unknown card 'Canceled Plan' — did you mean 'Canceled Plans'" in result.output
    assert "Traceback" not in result.output


def test_replay_missing_file_exits_2(tmp_path):
    result = runner.invoke(app, ["replay", str(tmp_path / "none.yaml")])
    assert result.exit_code == 2
    assert "no such file" in result.output


def _scenario(tmp_path, name, expect):
    path = tmp_path / name
    path.write_text(
        "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk]}\n"
        f"events: [Alice plays Milk]\nexpect:\n{expect}"
    )
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
    assert "ERROR" in result.output and "broken.yaml:2:1: not valid YAML" in result.output


def test_check_reports_unexpected_rejection_and_missing_ruling(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(
        "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk]}\n"
        "events: [Bob plays Milk]\nexpect:\n  rulings: [R38]\n"
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert "unexpected rejection of event 1: it is Alice's turn, not Bob's" in result.output
    assert "rulings: R38 not cited" in result.output


def test_check_accepts_ruling_aliases(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(
        "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk]}\n"
        "events: [Alice plays Milk]\nexpect:\n  rulings: [B-keeper-play]\n"
    )
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0


def test_check_whole_scenarios_folder_passes():
    result = runner.invoke(app, ["check", str(ROOT / "scenarios")])
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------- conventions (ruff, uv, gh, httpie)


def test_version_comes_from_the_package_metadata():
    from importlib.metadata import version

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"adjudicator {version('adjudicator')}\n"


def test_dash_h_is_help_on_every_command():
    for args in (
        [],
        ["replay"],
        ["check"],
        ["new"],
        ["legal"],
        ["explore"],
        ["simulate"],
        ["house-rules"],
        ["rulings"],
        ["rulings", "show"],
        ["cards", "show"],
    ):
        short, long = runner.invoke(app, [*args, "-h"]), runner.invoke(app, [*args, "--help"])
        assert short.exit_code == 0 and short.output == long.output, args
        assert "Usage: " in short.output


def test_shell_completion_is_offered(monkeypatch):
    # typer guesses the shell from the parent processes unless told not to: the tests may run
    # with no shell above them (setsid, CI), where a guess finds none and the script fails.
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    result = runner.invoke(app, ["--help"])
    assert "--install-completion" in result.output and "--show-completion" in result.output
    script = runner.invoke(app, ["--show-completion", "bash"], prog_name="adjudicator")
    assert script.exit_code == 0
    assert "_ADJUDICATOR_COMPLETE=complete_bash" in script.output


def test_dash_reads_the_scenario_from_stdin():
    from_file = runner.invoke(app, ["replay", "--json", str(EXAMPLE)])
    from_stdin = runner.invoke(app, ["replay", "--json", "-"], input=EXAMPLE.read_text())
    assert from_stdin.exit_code == 0
    assert json.loads(from_stdin.output) == json.loads(from_file.output)
    checked = runner.invoke(app, ["check", "-"], input=EXAMPLE.read_text())
    assert checked.exit_code == 0 and "1 passed, 0 failed" in checked.output


BAD = "title: t\nplayers: [Alice]\nsetup:\n  hands: {Alice: [Canceled Plan]}\nevents: []\n"


def test_errors_from_stdin_name_stdin_and_the_line():
    result = runner.invoke(app, ["replay", "-"], input=BAD)
    assert result.exit_code == 2
    assert "<stdin>:4:19: unknown card 'Canceled Plan' — did you mean 'Canceled Plans'" in result.output


def test_errors_are_json_when_json_is_asked(tmp_path):
    result = runner.invoke(app, ["replay", "--json", "-"], input=BAD)
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "error": {
            "file": "<stdin>",
            "line": 4,
            "message": "unknown card 'Canceled Plan'",
            "code": "invalid-scenario",
            "suggestions": ["Canceled Plans", "Candy"],
            "column": 19,
            "mistakes": [
                {
                    "file": "<stdin>",
                    "line": 4,
                    "column": 19,
                    "message": "unknown card 'Canceled Plan'",
                    "suggestions": ["Canceled Plans", "Candy"],
                }
            ],
        }
    }
    missing = runner.invoke(app, ["replay", "--json", str(tmp_path / "none.yaml")])
    assert missing.exit_code == 2
    assert json.loads(missing.stdout)["error"] == {
        "file": str(tmp_path / "none.yaml"),
        "line": None,
        "message": "no such file",
        "code": "no-such-file",
        "suggestions": [],
    }
    for args, code in (
        (["rulings", "show", "R99"], "no-such-ruling"),
        (["cards", "show", "Milkk Shake"], "no-such-card"),
        (["rulings", "list", "--topic", "swapping"], "no-such-topic"),
        (["rulings", "coverage", str(tmp_path / "nowhere")], "no-such-file"),
    ):
        result = runner.invoke(app, [*args, "--json"])
        assert result.exit_code == 2, args
        assert json.loads(result.stdout)["error"]["code"] == code, args


def test_check_json_gives_per_file_results_and_differences_as_data(tmp_path):
    _scenario(tmp_path, "good.yaml", "  in_play: {Alice: [Milk]}\n")
    _scenario(tmp_path, "wrong.yaml", "  in_play: {Alice: []}\n  winner: Bob\n")
    result = runner.invoke(app, ["check", "--json", str(tmp_path)])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["summary"] == {"passed": 1, "failed": 1, "errors": 0, "without_expect": 0}
    assert data["exit_code"] == 1
    good, wrong = data["results"]
    assert good == {"path": str(tmp_path / "good.yaml"), "status": "pass", "differences": [], "error": None}
    assert wrong["status"] == "fail"
    assert wrong["differences"] == [
        {
            "key": "in_play.Alice",
            "expected": [],
            "actual": ["Milk"],
            "message": "in_play of Alice: expected [], got [Milk]",
        },
        {"key": "winner", "expected": "Bob", "actual": None, "message": "winner: expected Bob, got none"},
    ]
    (tmp_path / "broken.yaml").write_text("title: [\n")
    data = json.loads(runner.invoke(app, ["check", "--json", str(tmp_path)]).stdout)
    broken = data["results"][0]
    assert broken["status"] == "error" and broken["error"]["line"] == 2
    assert broken["error"]["code"] == "invalid-scenario" and broken["error"]["file"].endswith("broken.yaml")
    assert data["exit_code"] == 2


def test_check_reports_an_engine_crash_for_that_file_and_goes_on(tmp_path, monkeypatch):
    import adjudicator.checking as checking

    real_replay = checking.replay

    def replay(scenario):
        if "boom" in scenario.path:
            raise KeyError("Cookies")
        return real_replay(scenario)

    monkeypatch.setattr(checking, "replay", replay)
    _scenario(tmp_path, "a-boom.yaml", "  in_play: {Alice: [Milk]}\n")
    _scenario(tmp_path, "b-good.yaml", "  in_play: {Alice: [Milk]}\n")
    _scenario(tmp_path, "c-wrong.yaml", "  winner: Alice\n")
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 2
    assert f"ERROR {tmp_path / 'a-boom.yaml'}: the engine failed on this scenario: KeyError: 'Cookies'" in result.output
    assert "Traceback" not in result.output
    assert "FAIL  " in result.output and "winner: expected Alice, got none" in result.output
    assert "1 passed, 1 failed, 1 with errors" in result.output
    data = json.loads(runner.invoke(app, ["check", "--json", str(tmp_path)]).stdout)
    assert [r["status"] for r in data["results"]] == ["error", "pass", "fail"]
    assert data["results"][0]["error"]["code"] == "engine-crash"


def test_replay_reports_an_engine_crash_without_a_traceback(monkeypatch):
    import adjudicator.engine.replay as engine_replay

    def broken(scenario):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(engine_replay, "replay", broken)
    result = runner.invoke(app, ["replay", "-"], input=EXAMPLE.read_text())
    assert result.exit_code == 2
    assert result.output == (
        "error: <stdin>: the engine failed on this scenario: ZeroDivisionError: division by zero\n"
    )
    data = json.loads(runner.invoke(app, ["replay", "--json", str(EXAMPLE)]).stdout)
    assert data["error"]["code"] == "engine-crash" and data["error"]["file"] == str(EXAMPLE)


def test_piped_output_is_not_wrapped_at_80_columns():
    """Run as a user would with output to a pipe: long lines stay whole."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    shown = subprocess.run(
        [sys.executable, "-m", "adjudicator", "rulings", "show", "R38"],
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    summary = next(line for line in shown.stdout.splitlines() if line.startswith("Summary:"))
    assert summary.endswith("after swapping you have no plays left that turn.")
    assert len(summary) > 80
    replayed = subprocess.run(
        [sys.executable, "-m", "adjudicator", "replay", str(EXAMPLE)], env=env, capture_output=True, text=True, cwd=ROOT
    )
    assert max(len(line) for line in replayed.stdout.splitlines()) > 80
    assert "Q334  Raise Draw mid-turn: draw only the shortfall; lower it: give nothing back" in replayed.stdout


# ---------------------------------------------------------------- adjudicator new


def test_new_writes_a_commented_starter_that_passes_check(tmp_path):
    path = tmp_path / "dispute.yaml"
    result = runner.invoke(app, ["new", str(path)])
    assert result.exit_code == 0 and f"wrote {path}" in result.output
    text = path.read_text()
    for key in (
        "format",
        "title",
        "question",
        "players",
        "decks",
        "cards",
        "house_rules",
        "seed",
        "setup",
        "events",
        "expect",
    ):
        line = next(line for line in text.splitlines() if line.lstrip("# ").startswith(f"{key}:"))
        assert "#" in line or text.split(line)[0].rstrip().splitlines()[-1].startswith("#"), key
    assert "players: [Alice, Bob]" in text
    checked = runner.invoke(app, ["check", "--json", str(path)])
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.stdout)["results"][0]["status"] == "pass"
    replayed = json.loads(runner.invoke(app, ["replay", "--json", str(path)]).stdout)
    assert replayed["winner"] == "Alice"


def test_new_refuses_to_overwrite_unless_forced(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("my notes\n")
    refused = runner.invoke(app, ["new", str(path)])
    assert refused.exit_code == 2
    assert f"error: {path}: already exists; pass --force to overwrite it" in refused.output
    assert path.read_text() == "my notes\n"
    refused = runner.invoke(app, ["new", "--json", str(path)])
    assert json.loads(refused.stdout)["error"]["code"] == "file-exists"
    forced = runner.invoke(app, ["new", "--force", "--players", "Ann, Bo,Cy Young", str(path)])
    assert forced.exit_code == 0
    assert "players: [Ann, Bo, Cy Young]" in path.read_text()
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0
    printed = runner.invoke(app, ["new", "-", "--players", "Ann,Bo"])
    assert printed.exit_code == 0 and "players: [Ann, Bo]" in printed.stdout
    assert runner.invoke(app, ["check", "-"], input=printed.stdout).exit_code == 0
    bad = runner.invoke(app, ["new", "--force", "--players", "Ann,Ann", str(path)])
    assert bad.exit_code == 2 and bad.output == "error: --players: player 'Ann' is listed twice\n"


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("Al plays,Bo", "--players: player name 'Al plays' contains an event verb"),
        ("Al,al", "--players: player 'al' is listed twice"),
        ("Al->Bo", "--players: player name 'Al->Bo' contains ',' or '->', which separate choices"),
    ],
)
def test_new_refuses_the_player_names_the_loader_refuses(tmp_path, players, message):
    path = tmp_path / "s.yaml"
    result = runner.invoke(app, ["new", "--json", "--players", players, str(path)])
    assert result.exit_code == 2 and not path.exists()
    assert json.loads(result.stdout)["error"]["message"] == message


def test_every_command_takes_json():
    """The README's promise: every command takes --json (the schema is JSON already)."""
    import typer.main

    def leaves(group, path):
        for name, command in getattr(group, "commands", {}).items():
            yield from leaves(command, [*path, name]) if hasattr(command, "commands") else [([*path, name], command)]

    for path, command in leaves(typer.main.get_command(app), []):
        assert any("--json" in param.opts for param in command.params), path
    schema = runner.invoke(app, ["schema", "--json"])
    assert schema.exit_code == 0 and json.loads(schema.stdout)["$schema"].startswith("https://json-schema.org/")


def test_usage_errors_are_json_too_when_json_is_asked():
    import subprocess
    import sys

    ran = subprocess.run(
        [sys.executable, "-m", "adjudicator", "replay", "--json"], capture_output=True, text=True, cwd=ROOT
    )
    assert ran.returncode == 2
    assert json.loads(ran.stdout) == {
        "error": {"file": None, "line": None, "message": "Missing argument 'FILE'.", "code": "usage", "suggestions": []}
    }
    ran = subprocess.run(
        [sys.executable, "-m", "adjudicator", "check", "--json", "--bogus", "x"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert ran.returncode == 2 and json.loads(ran.stdout)["error"]["message"].startswith("No such option: --bogus")


def test_shell_completion_completes_ruling_ids_and_card_names():
    import os
    import shlex
    import subprocess
    import sys

    def complete(words: str) -> list[str]:
        env = {
            **os.environ,
            "_ADJUDICATOR_COMPLETE": "complete_bash",
            "COMP_WORDS": words,
            "COMP_CWORD": str(len(shlex.split(words)) - 1),
        }
        ran = subprocess.run(
            [sys.executable, "-c", "from adjudicator.cli import app; app(prog_name='adjudicator')"],
            env=env,
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        return ran.stdout.splitlines()

    assert complete("adjudicator rulings show R3") == [f"R3{n}" for n in range(10)]
    assert complete("adjudicator cards show dou") == ["double\\ Agenda", "double\\ Letters", "dough"]  # Word Fluxx
    assert complete("adjudicator rul") == ["rulings"]
    # bash inserts a completion as it is: names with spaces and apostrophes come escaped
    assert complete("adjudicator cards show Draw\\ 2") == ["Draw\\ 2", "Draw\\ 2\\ and\\ Use\\ \\'Em"]
    assert shlex.split(complete("adjudicator cards show Let")[0]) == ["Let's Do That Again!"]
    assert complete("adjudicator replay -H ti") == ["tie="]
    assert complete("adjudicator check --house-rule tie=") == ["tie=continue", "tie=shared"]
    assert complete("adjudicator house-rules show keep") == ["keep_going"]
    assert complete("adjudicator house-rules impact q2729=s") == ["q2729=stoppable"]
    assert complete("adjudicator simulate --decks fluxx5,creeper_pack,s") == [
        "fluxx5,creeper_pack,star",
        "fluxx5,creeper_pack,surprises",
    ]


def test_completions_are_quoted_for_the_shell_that_asks():
    from adjudicator.completion import quoted

    name = "Draw 2 and Use 'Em"
    assert quoted(name, "bash") == "Draw\\ 2\\ and\\ Use\\ \\'Em"
    assert quoted(name, "powershell") == "'Draw 2 and Use ''Em'"
    assert quoted(name, "zsh") == quoted(name, "fish") == name  # they quote what they insert
    assert quoted("tie=shared", "bash") == "tie=shared"
