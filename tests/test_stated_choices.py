"""Choices stated with a play that the card does not take are refused, never dropped: the
contract rejects a play whose stated choices cannot be used, card kept and no play used."""

import json

from typer.testing import CliRunner

from adjudicator.cli import app

runner = CliRunner()

SCENARIO = """title: t
players: [Alice, Bob]
setup:
  turn: Alice
  rules: [Play 2]
  hands: {Alice: [Milk, Cookies], Bob: [Bread]}
events:
  - Alice plays Milk -> Bob
"""


def test_a_keeper_played_with_a_choice_is_rejected_with_the_reason(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO)
    result = json.loads(runner.invoke(app, ["replay", "--json", str(path)]).stdout)
    assert result["rejected"] == [
        {
            "event": 1,
            "code": "unused_choice",
            "reason": "Milk takes no choices here: `Bob` is not used; write `Alice plays Milk`",
            "rulings": [],
        }
    ]
    assert result["position"]["hands"]["Alice"] == ["Milk", "Cookies"] and result["plays_left"] == 2
