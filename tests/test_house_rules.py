"""House rules: the typed model, the loader's checks, the CLI options and commands, `impact`."""

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_property import play_random_game
from typer.testing import CliRunner

from adjudicator.checking import check_scenario
from adjudicator.cli import app
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.model.errors import ScenarioError
from adjudicator.model.house_rules import SWITCHES, HouseRuleError, HouseRules, parse_assignments
from adjudicator.rulings import store
from adjudicator.verdict import build_verdict

ROOT = Path(__file__).resolve().parents[1]
HOUSE = ROOT / "scenarios" / "house_rules"
runner = CliRunner()

BASE = "title: t\nplayers: [Alice, Bob]\nsetup: {}\nevents: []\nhouse_rules:\n  tie: shared\n  {line}\n"


def test_every_switch_has_a_record_and_known_overridden_rulings():
    aliases = store.aliases()
    for switch in SWITCHES.values():
        assert store.get(switch.ruling_id) is not None, switch.name
        assert all(r in aliases for r in switch.overrides), switch.name


def test_contract_switches_and_official_values():
    official = HouseRules()
    assert set(SWITCHES) >= {
        "keep_going",
        "tie",
        "limits_on_own_turn",
        "simplify_minimum",
        "surprise_window",
        "creepers_block_wins",
        "may_discard",
        "starting_hand",
        "goals_per_deck",
        "proper_nouns",
        "slang",
        "allowed_words",
        "banned_words",
        "q2729",
    }
    assert (official.keep_going, official.tie, official.creepers_block_wins, official.starting_hand) == (
        None,
        "continue",
        True,
        3,
    )
    assert official.simplify_minimum is None  # each card keeps its own official minimum


def test_values_are_typed_and_cited_only_when_they_differ():
    rules = HouseRules.parse({"keep_going": 3, "tie": "continue", "banned_words": ["Cat", "dog"]})
    assert rules.keep_going == 3 and rules.banned_words == ("cat", "dog")
    assert rules.cite("keep_going") == ("H-keep_going",)
    assert rules.cite("tie") == ()  # named, but at its official value
    assert rules.in_force() == {"keep_going": "3", "tie": "continue", "banned_words": "[cat, dog]"}
    assert HouseRules.parse({"keep_going": False}).keep_going is None


@pytest.mark.parametrize(
    "line, message, where",
    [
        ("tye: shared", "unknown house rule 'tye'", "did you mean 'tie'"),
        ("keep_going: 0", "house rule `keep_going`: 0 is not a whole number from 1 to 1000 (allowed: false | N", ""),
        ("simplify_minimum: 2", "(allowed: 0 | 1)", ""),
        ("surprise_window: later", "(allowed: official | end_of_turn)", ""),
        ("banned_words: 3", "not a list of single words", ""),
    ],
)
def test_bad_house_rules_name_the_line_and_the_allowed_values(line, message, where):
    with pytest.raises(ScenarioError) as info:
        parse_scenario(BASE.replace("{line}", line), "f.yaml")
    text = str(info.value)
    assert text.startswith("f.yaml:7: ") and message in text and where in text


def test_bad_house_rule_exits_2_with_file_and_line(write_scenario):
    path = write_scenario(BASE.replace("{line}", "creepers_block_win: false"))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert f"{path}:7:3: unknown house rule 'creepers_block_win'" in result.output
    assert "did you mean 'creepers_block_wins'?" in result.output


def test_command_line_house_rule_overrides_the_file():
    plain = replay(load_scenario(HOUSE / "tie-official.yaml"))
    shared = replay(load_scenario(HOUSE / "tie-official.yaml", {"tie": "shared"}))
    assert plain.winner is None and shared.co_winners == ("Bob", "Carol")
    back = replay(load_scenario(HOUSE / "tie-shared.yaml", {"tie": "continue"}))
    assert back.winner is None


def test_replay_option_text_and_json_show_the_house_rules():
    path = str(HOUSE / "tie-official.yaml")
    result = runner.invoke(app, ["replay", path, "--house-rule", "tie=shared", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["house_rules"] == {"tie": "shared"} and data["winners"] == ["Bob", "Carol"]
    assert "H-tie" in data["rulings"]
    text = runner.invoke(app, ["replay", path, "-H", "tie=shared"]).output
    assert "House rules: tie: shared" in text.splitlines()[:4]  # under the title (whole when piped)
    assert json.loads(runner.invoke(app, ["replay", path, "--json"]).output)["house_rules"] == {}


def test_bad_option_exits_2_with_the_allowed_values():
    result = runner.invoke(app, ["replay", str(HOUSE / "tie-official.yaml"), "--house-rule", "tie=both"])
    assert result.exit_code == 2
    assert "house rule `tie`: 'both' is not allowed (allowed: continue | shared)" in result.output
    result = runner.invoke(app, ["check", str(HOUSE), "--house-rule", "tie"])
    assert result.exit_code == 2 and "--house-rule takes NAME=VALUE" in result.output
    with pytest.raises(HouseRuleError):
        parse_assignments(["ite=shared"])


def test_check_under_a_house_rule_reports_what_it_breaks():
    result = runner.invoke(app, ["check", str(HOUSE / "tie-official.yaml"), "--house-rule", "tie=shared"])
    assert result.exit_code == 1
    assert "winner: expected none, got Bob and Carol" in result.output


@pytest.mark.parametrize(
    "official, house, switch",
    [
        ("tie-official", "tie-shared", "tie"),
        ("limits-on-own-turn-official", "limits-on-own-turn-true", "limits_on_own_turn"),
        ("simplify-minimum-official", "simplify-minimum-1", "simplify_minimum"),
        ("creepers-block-wins-official", "creepers-block-wins-false", "creepers_block_wins"),
        ("may-discard-official", "may-discard-true", "may_discard"),
        ("starting-hand-official", "starting-hand-5", "starting_hand"),
        ("keep-going-official", "keep-going-2", "keep_going"),
        ("goals-per-deck-official", "goals-per-deck-true", "goals_per_deck"),
        ("surprise-window-official", "surprise-window-end-of-turn", "surprise_window"),
    ],
)
def test_each_switch_changes_the_verdict_and_is_cited(official, house, switch):
    """The pair passes its own expectations; each fails the other's; only the house one cites H-."""
    plain, changed = load_scenario(HOUSE / f"{official}.yaml"), load_scenario(HOUSE / f"{house}.yaml")
    assert check_scenario(plain) == [] and check_scenario(changed) == []
    assert f"H-{switch}" in changed.expect["rulings"]
    assert f"H-{switch}" in build_verdict(replay(changed)).rulings
    assert f"H-{switch}" not in build_verdict(replay(plain)).rulings
    swapped = load_scenario(HOUSE / f"{official}.yaml", {switch: changed.house_rules.in_force()[switch]})
    assert check_scenario(swapped) != []


def test_list_and_show():
    listing = runner.invoke(app, ["house-rules", "list", "--json"])
    assert listing.exit_code == 0
    entries = {e["name"]: e for e in json.loads(listing.output)}
    assert entries["simplify_minimum"]["overrides"] == ["R30", "B-keep-it-simple"]
    assert entries["tie"]["values"] == "continue | shared" and entries["tie"]["official"] == "continue"
    text = runner.invoke(app, ["house-rules", "show", "tie"]).output
    assert "B-tie-continues: " in text and "cited as H-tie" in text
    missing = runner.invoke(app, ["house-rules", "show", "ties"])
    assert missing.exit_code == 2 and "did you mean 'tie'?" in missing.output


def test_impact_lists_exactly_the_files_that_change(tmp_path):
    for name in ("tie-official", "tie-shared", "may-discard-official", "keep-going-official"):
        shutil.copy(HOUSE / f"{name}.yaml", tmp_path)
    result = runner.invoke(app, ["house-rules", "impact", "tie=shared", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["replayed"] == 4 and data["unchanged"] == 3
    (change,) = data["changed"]
    assert change["path"].endswith("tie-official.yaml")
    assert {"what": "winner", "before": "none", "after": "Bob and Carol"} in change["changes"]
    assert change["check_before"] == "pass" and change["check_after"] == "fail"
    assert change["rulings"][0] == "B-tie-continues" and "H-tie" in change["rulings"]

    text = runner.invoke(app, ["house-rules", "impact", "may_discard=true", str(tmp_path)]).output
    lines = text.splitlines()
    assert lines[0] == "house rule may_discard: true"
    changed = [line for line in lines if ".yaml:" in line]
    assert len(changed) == 1 and "may-discard-official.yaml: rejected [1] -> []" in changed[0]
    assert "check pass -> fail" in changed[0] and "B-no-voluntary-discard" in changed[0]
    assert "1 of 4 scenarios change, 3 unchanged" in text


def test_impact_bad_input_exits_2(tmp_path):
    result = runner.invoke(app, ["house-rules", "impact", "keep_going=maybe", str(tmp_path)])
    assert result.exit_code == 2 and "allowed: false | N" in result.output
    result = runner.invoke(app, ["house-rules", "impact", "tie=shared", str(tmp_path / "nowhere")])
    assert result.exit_code == 2 and "no such file or folder" in result.output


def test_impact_without_a_value_names_the_command_not_an_option():
    result = runner.invoke(app, ["house-rules", "impact", "tie"])
    assert result.exit_code == 2
    assert result.output == "error: house-rules impact takes NAME=VALUE, not 'tie'\n"


# The random legal games of test_property.py, played under house rules that change what the
# engine forces (claims, shared wins, limits at once, no Creeper blocking, bigger deals).
# surprise_window and may_discard are left out: they make legal some events the legal-event
# generator does not offer, which its illegal-play probe would then expect to be rejected.
RANDOM_HOUSE_RULES = [
    {"keep_going": 2},
    {"keep_going": 1, "tie": "shared"},
    {"tie": "shared", "creepers_block_wins": False},
    {"limits_on_own_turn": True, "starting_hand": 4},
    {"simplify_minimum": 1, "keep_going": 3},
]


@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_legal_games_under_house_rules(data: st.DataObject) -> None:
    play_random_game(data, data.draw(st.sampled_from(RANDOM_HOUSE_RULES), label="house rules"))


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (
            ["impact", "tie"],
            {
                "file": None,
                "line": None,
                "message": "house-rules impact takes NAME=VALUE, not 'tie'",
                "code": "bad-house-rule",
                "suggestions": [],
            },
        ),
        (
            ["impact", "tie=bogus"],
            {
                "file": None,
                "line": None,
                "message": "house rule `tie`: 'bogus' is not allowed (allowed: continue | shared)",
                "code": "bad-house-rule",
                "suggestions": [],
            },
        ),
        (
            ["impact", "tie=shared", "nowhere/"],
            {
                "file": "nowhere",
                "line": None,
                "message": "no such file or folder",
                "code": "no-such-file",
                "suggestions": [],
            },
        ),
        (
            ["show", "tei"],
            {
                "file": None,
                "line": None,
                "message": "unknown house rule 'tei' (house rules: "
                "keep_going, tie, limits_on_own_turn, simplify_minimum, surprise_window, creepers_block_wins, "
                "may_discard, starting_hand, goals_per_deck, proper_nouns, slang, allowed_words, banned_words, q2729, double_agenda_twin)",
                "code": "no-such-house-rule",
                "suggestions": ["tie"],
            },
        ),
    ],
)
def test_house_rules_bad_input_with_json_is_one_json_object(args, error):
    result = runner.invoke(app, ["house-rules", *args, "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {"error": error}
