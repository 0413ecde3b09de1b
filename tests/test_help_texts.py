"""Small things a user sees: `--help` paragraphs without hard line breaks (the terminal wraps
them), option help that speaks of what the command takes, plain wording in the log."""

import typer
from typer.testing import CliRunner

from adjudicator.cli import app


def commands(command=None, path=()):
    command = command or typer.main.get_command(app)
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from commands(sub, (*path, name))


def test_no_help_paragraph_has_a_hard_line_break():
    broken = [
        (" ".join(path), paragraph.strip()[:60])
        for path, command in commands()
        for paragraph in (command.help or "").split("\n\n")
        if "\n" in paragraph.strip()
    ]
    assert broken == []
    options = [
        (" ".join(path), param.name)
        for path, command in commands()
        for param in command.params
        if "\n" in (getattr(param, "help", None) or "")
    ]
    assert options == []


def test_simulate_house_rule_help_speaks_of_games_not_a_file():
    shown = CliRunner().invoke(app, ["simulate", "--help"], env={"COLUMNS": "200"}).output
    line = next(line for line in shown.splitlines() if "--house-rule" in line)
    assert "file" not in line and "every game" in line


def test_a_player_without_the_card_type_has_no_goal_in_hand():
    from adjudicator.answer import build_answer
    from adjudicator.engine.replay import replay
    from adjudicator.loading.scenario import parse_scenario
    from adjudicator.verdict import build_verdict

    text = (
        "title: t\nplayers: [Alice, Bob]\nsetup:\n  turn: Alice\n"
        "  hands: {Alice: [Canceled Plans], Bob: [Milk]}\nevents:\n  - Alice plays Canceled Plans\n"
    )
    summary = build_answer(build_verdict(replay(parse_scenario(text)))).summary
    assert "no Goal in hand, so a card at random" in summary and "no a Goal" not in summary


def test_wrapped_lines_keep_their_indent_at_80_columns():
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "scenarios" / "examples" / "draw2-use-em-chain.yaml"
    log = CliRunner().invoke(app, ["replay", str(example)], env={"COLUMNS": "80"}).output.splitlines()
    at = next(i for i, line in enumerate(log) if line.startswith("    4. Alice sets the hand aside"))
    assert log[at + 1].startswith("       temporary hand") and all(len(line.rstrip()) <= 80 for line in log)
    ruling = CliRunner().invoke(app, ["rulings", "show", "R38"], env={"COLUMNS": "80"}).output.splitlines()
    text = ruling[ruling.index("Ruling:") + 1 :]
    assert text[0].startswith("  Only sometimes.") and all(line.startswith("  ") for line in text[1:4])
