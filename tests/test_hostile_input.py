"""Hostile scenario files get a clean error (FILE:LINE: message, exit code 2), never a traceback
or a hang; odd but valid ones load. Each file is a fixture under tests/fixtures/hostile/ or is
made by the test. The time budgets are generous on purpose: they catch a hang or an expansion
that runs for minutes, not a slow machine."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import (
    EVENT_KEYS,
    EXPECT_KEYS,
    MAX_FILE_BYTES,
    SETUP_KEYS,
    load_scenario,
    parse_scenario,
)
from adjudicator.model.errors import ScenarioError

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = ROOT / "tests" / "fixtures" / "hostile"
BUDGET = 5.0  # seconds: each of these takes milliseconds; minutes (or forever) is the bug
runner = CliRunner()


def replay_cli(path: Path | str, *args: str):
    started = time.perf_counter()
    result = runner.invoke(app, ["replay", *args, str(path)])
    return result, time.perf_counter() - started


@pytest.mark.parametrize(
    ("name", "line", "message"),
    [
        ("alias-bomb.yaml", 2, "aliases (*name) expand to more than 10,000 values"),
        ("bad-int-tag.yaml", 3, "cannot read 'x' as !!int (a whole number)"),
        ("empty-int-tag.yaml", 3, "cannot read '' as !!int (a whole number)"),
        ("bad-bool-tag.yaml", 6, "cannot read 'maybe' as !!bool (true or false)"),
        ("huge-integer.yaml", 3, "a number with 5,000 digits is too long (at most 4,300)"),
        ("card-kind-number.yaml", 6, "card 'Gizmo': `kind` must be the name of a kind, not 5"),
        ("card-kind-list.yaml", 4, "card 'Gizmo': `kind` must be the name of a kind, not ['draw']"),
        ("card-flag-list.yaml", 4, "card 'Gizmo': `flags` is a list of compound, ends_turn, free_action"),
        ("cards-number.yaml", 3, "a card is a mapping like {name: ..., type: ...}"),
        ("setup-scalar.yaml", 3, "`setup` must be a mapping"),
        ("hands-scalar.yaml", 5, "`hands of Alice` must be a list"),
        ("not-utf8.yaml", 3, "not UTF-8 text: byte 0xe9 at offset 44"),
        ("same-player-twice.yaml", 6, "Alice is listed twice in `hands` (as 'Alice' and as 'alice')"),
        ("unknown-verb.yaml", 6, "event 1: unknown verb 'swaps' in 'Alice swaps Milk'; the verbs are plays, uses,"),
        ("unknown-setup-key.yaml", 4, "unknown key 'hand' in setup; valid keys: turn, phase, drawn, played, rules,"),
    ],
)
def test_hostile_file_is_refused_with_file_line_and_exit_2(name, line, message):
    path = HOSTILE / name
    result, seconds = replay_cli(path)
    assert result.exit_code == 2, result.output
    assert f"{path}:{line}: {message}" in result.output
    assert "Traceback" not in result.output
    assert seconds < BUDGET


def test_the_verb_suggestion_names_the_line_meant():
    result, _ = replay_cli(HOSTILE / "unknown-verb.yaml")
    assert "(did you mean 'Alice plays Milk'?)" in result.output
    assert "unknown player" not in result.output
    with pytest.raises(ScenarioError) as info:
        parse_scenario("title: t\nplayers: [Alice]\nsetup: {}\nevents: [Alice plyas Milk]\n")
    assert info.value.suggestions == ("plays",)


def test_alias_bomb_fails_fast_and_small_aliases_still_work():
    started = time.perf_counter()
    with pytest.raises(ScenarioError, match="alias bomb"):
        load_scenario(HOSTILE / "alias-bomb.yaml")
    assert time.perf_counter() - started < 1.0
    text = (
        "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: &both [Milk, Cookies]}\n"
        "events: []\nexpect:\n  hands: {Alice: *both}\n"
    )
    assert [c.name for c in parse_scenario(text).expect["hands"]["Alice"]] == ["Milk", "Cookies"]


def test_a_named_pipe_is_refused_without_blocking(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes on this system")
    pipe = tmp_path / "scenario.yaml"
    os.mkfifo(pipe)
    # A separate process, so that a regression blocks that process and not the test run.
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "replay", str(pipe)],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stderr
    assert f"{pipe}: not a regular file (a pipe, device or socket)" in done.stderr


def test_dev_zero_is_refused_without_reading_it(tmp_path):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "replay", "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stderr
    assert "/dev/zero: not a regular file" in done.stderr


def test_a_file_over_the_size_cap_is_refused(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_bytes(b"title: t\nquestion: '" + b"x" * MAX_FILE_BYTES + b"'\n")
    result, seconds = replay_cli(path)
    assert result.exit_code == 2
    assert f"{path}: the file is larger than 5 MB, the most a scenario file may be" in result.output
    assert seconds < BUDGET


def test_a_directory_and_a_missing_file(tmp_path):
    assert f"{tmp_path}: is a directory" in replay_cli(tmp_path)[0].output
    assert f"{tmp_path / 'nope.yaml'}: no such file" in replay_cli(tmp_path / "nope.yaml")[0].output


def test_a_control_character_is_named_with_its_line(tmp_path):
    path = tmp_path / "nul.yaml"
    path.write_bytes(b"title: t\nplayers: [Alice]\nsetup: {}\nevents: []\nquestion: a\x00b\n")
    result, _ = replay_cli(path)
    assert result.exit_code == 2
    assert f"{path}:5: not valid YAML: character U+0000 is not allowed in YAML text" in result.output


def test_a_byte_order_mark_is_fine(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufefftitle: t\nplayers: [Alice]\nsetup: {}\nevents: []\n".encode())
    assert load_scenario(path).title == "t"


def test_a_huge_question_is_answered_quickly(tmp_path):
    """The question is shown, but the "see also" search reads only its start."""
    question = "Does Alice win when she plays Milk and the Goal is Milk & Cookies? " * 70_000  # 4.7 MB
    path = tmp_path / "question.yaml"
    path.write_text(
        f'title: t\nplayers: [Alice, Bob]\nquestion: "{question}"\nsetup:\n'
        "  hands: {Alice: [Milk]}\nevents: [Alice plays Milk]\n",
        encoding="utf-8",
    )
    result, seconds = replay_cli(path, "--json")
    assert result.exit_code == 0, result.output[-500:]
    assert seconds < 3 * BUDGET


def test_see_also_reads_a_bounded_part_of_a_10_mb_question():
    from adjudicator.verdict import build_verdict

    game = replay(
        parse_scenario(
            "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk]}\nevents: [Alice plays Milk]\n"
        )
    )
    game.scenario = replace(game.scenario, question="what does Taxes do with Money? " * 330_000)  # 10 MB
    started = time.perf_counter()
    found = build_verdict(game).see_also
    assert time.perf_counter() - started < BUDGET
    assert found  # the start of the question still finds rulings


# ----------------------------------------------------------------- odd but valid
def test_contract_unknown_cards_load_bare_in_a_flow_list():
    scenario = load_scenario(HOSTILE / "unknown-cards-flow.yaml")
    assert [c.name for c in scenario.setup.draw_pile] == ["War", "?", "?"]
    assert [c.name for c in scenario.setup.hands["Alice"]] == ["?"]
    result = runner.invoke(app, ["check", str(HOSTILE / "unknown-cards-flow.yaml")])
    assert result.exit_code == 0, result.output


def test_bare_question_mark_keeps_line_numbers_and_block_lists():
    text = (
        "title: t\nplayers: [Alice]\nsetup:\n  draw_pile:\n    - ?\n    - Milk\n  discard: [?, Cookies]\nevents: []\n"
    )
    scenario = parse_scenario(text)
    assert [c.name for c in scenario.setup.draw_pile] == ["?", "Milk"]
    assert [c.name for c in scenario.setup.discard] == ["?", "Cookies"]
    with pytest.raises(ScenarioError) as info:  # a real mistake after the `?`: named, not the `?`
        parse_scenario(text.replace("events: []", "events: []]"))
    assert str(info.value).startswith("<scenario>:8: not valid YAML")
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text.replace("Cookies]", "Cookeis]"))
    assert info.value.line == 7


def test_an_unknown_card_turned_up_by_a_reshuffle_is_not_lost():
    scenario = parse_scenario(
        "title: t\nplayers: [Alice, Bob]\nsetup:\n  rules: [Mystery Play]\n"
        "  hands: {Alice: [Milk], Bob: [Cookies]}\n  discard: [?, ?]\nevents:\n"
        "  - Alice uses Mystery Play\n"
    )
    game = replay(scenario)
    assert game.stopped and "turned up a `?` card" in game.stopped
    zones = game.zones()
    assert Counter(c.name for cards in zones.values() for c in cards) == Counter(
        {"?": 2, "Mystery Play": 1, "Milk": 1, "Cookies": 1}
    )
    assert [c.name for c in zones["draw pile"]] == ["?", "?"]


def test_players_told_apart_beyond_ascii():
    scenario = load_scenario(HOSTILE / "unicode-players.yaml")
    assert scenario.players == ("Zoë", "Zoé", "太郎", "花子")
    assert [e.player for e in scenario.events] == ["Zoé", "Zoé"]
    result = runner.invoke(app, ["check", str(HOSTILE / "unicode-players.yaml")])
    assert result.exit_code == 0, result.output
    with pytest.raises(ScenarioError, match="player 'ZOË' is listed twice"):
        parse_scenario("title: t\nplayers: [Zoë, ZOË]\nsetup: {}\nevents: []\n")


def test_a_tab_in_an_event_line_is_a_space():
    scenario = load_scenario(HOSTILE / "tab-in-event.yaml")
    assert [(e.player, e.action, e.card.name) for e in scenario.events] == [
        ("Alice", "play", "Milk"),
        ("Alice", "play", "Cookies"),
    ]
    result, _ = replay_cli(HOSTILE / "tab-in-event.yaml")
    assert result.exit_code == 0 and "unknown player" not in result.output


def test_card_nicknames_work_in_setup_events_and_expect():
    scenario = load_scenario(HOSTILE / "nicknames.yaml")
    assert [c.name for c in scenario.setup.rules] == ["Swap Plays for Draws"]
    assert [c.name for c in scenario.setup.hands["Alice"]] == ["Draw 2 and Use 'Em", "Get On With It!", "Milk"]
    assert scenario.events[0].card.name == "Draw 2 and Use 'Em"
    assert [c.name for c in scenario.expect["discard_has"]] == ["Draw 2 and Use 'Em"]
    result = runner.invoke(app, ["check", str(HOSTILE / "nicknames.yaml")])
    assert result.exit_code == 0, result.output
    with pytest.raises(ScenarioError, match="unknown card 'gowy'"):
        parse_scenario("title: t\nplayers: [Alice]\nsetup:\n  hands: {Alice: [gowy]}\nevents: []\n")


# ----------------------------------------------------------------- fuzzing
_SAMPLES = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "scenarios").rglob("*.yaml"))[::9]]
_YAML_BITS = [
    *":[]{},-?*&!|>'\"#%@`\n\t ",
    "!!int ",
    "!!bool ",
    "!!float ",
    "!!timestamp ",
    "!!binary ",
    "!!set ",
    "!!omap ",
    "&a ",
    "*a",
    "? ",
    "~",
    "9" * 5000,
    "é",
    "\x00",
    "\ud7ff",
    "->",
    " plays ",
    " uses ",
    " to ",
    "none",
    ".nan",
    "1e400",
    "[5]",
    "{a: 1}",
    "[War, ?, ?]",
]


def _loads_or_refuses(text: str) -> None:
    try:
        parse_scenario(text, "fuzz.yaml")
    except ScenarioError as exc:
        assert str(exc).startswith("fuzz.yaml")


#: The fuzzers below try the same inputs on every run (CI stays reproducible); the nightly profile
#: (`ADJUDICATOR_PROPERTY=nightly`, .ci/nightly) tries new ones each time.
FRESH_INPUTS = os.environ.get("ADJUDICATOR_PROPERTY") == "nightly"
FUZZ = {"deadline": None, "derandomize": not FRESH_INPUTS, "database": None, "print_blob": True}


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], **FUZZ)
@given(
    st.sampled_from(_SAMPLES),
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 10**6), st.sampled_from(_YAML_BITS)), min_size=1, max_size=4),
)
def test_mutated_scenario_files_raise_only_scenario_errors(text, edits):
    for op, where, bit in edits:
        at = where % (len(text) + 1)
        lines = text.split("\n")
        row = where % len(lines)
        if op == 0:
            text = text[:at] + bit + text[at:]
        elif op == 1:
            text = text[:at] + text[at + 1 + where % 20 :]
        elif op == 2:
            lines[row], lines[-1 - row] = lines[-1 - row], lines[row]
            text = "\n".join(lines)
        elif op == 3:
            lines.insert(row, lines[(where // 7) % len(lines)])
            text = "\n".join(lines)
        else:  # replace a value after a key
            colon = text.find(": ", at)
            if colon >= 0:
                end = text.find("\n", colon)
                text = text[: colon + 2] + bit + (text[end:] if end >= 0 else "")
    _loads_or_refuses(text)


_NAMES = [
    "Alice",
    "Bob",
    "alice",
    "Zoë",
    "?",
    "Milk",
    "Cookies",
    "gowi",
    "Draw 2",
    "Mystery Play",
    "War",
    "Trade Hands",
    "Double Agenda",
    "none",
    "R01",
    "Q-tag-x",
    "B-x",
    "keeper",
    "rule",
    "draw",
    "",
    "Alice plays Milk",
    "Bob plays Trade Hands -> Alice",
    "Alice discards Milk, ?",
    "Carol joins",
    "Alice chooses none",
    "Alice uses Mystery Play",
    "Bob plays Everybody Gets 1 -> Milk to Alice",
]
_KEYS = [
    *SETUP_KEYS,
    *EXPECT_KEYS,
    *EVENT_KEYS,
    "Alice",
    "Bob",
    "name",
    "type",
    "kind",
    "slot",
    "flags",
    "value",
    "requires",
    "text",
]


def _value(rng, depth: int = 0):
    """A random YAML value: mostly names and words a scenario uses, in the wrong places."""
    roll = rng.random()
    if depth > 2 or roll < 0.45:
        return rng.choice([*_NAMES, rng.randint(-3, 12), None, True, 1.5, float("nan"), "x" * rng.randint(0, 9)])
    if roll < 0.75:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(_KEYS): _value(rng, depth + 1) for _ in range(rng.randint(0, 3))}


@settings(max_examples=200, **FUZZ)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from([["Alice", "Bob"], ["Alice"], ["Zoë", "Zoé"], None]),
    st.sets(st.sampled_from(["expect", "cards", "seed", "decks", "question", "format", "house_rules"])),
)
def test_generated_scenarios_raise_only_scenario_errors(rng, players, optional):
    """Scenario-shaped trees with every kind of value where any key goes (hypothesis picks the
    seed and the keys; the tree is drawn from its seeded random: fast, and reproducible)."""
    data = {
        "title": "t",
        "players": players or _value(rng),
        "setup": {key: _value(rng, 1) for key in rng.sample(SETUP_KEYS, rng.randint(0, 5))},
        "events": [_value(rng, 2) for _ in range(rng.randint(0, 3))],
    }
    for key in sorted(optional):
        keys = EXPECT_KEYS if key == "expect" else _KEYS
        data[key] = (
            {k: _value(rng, 1) for k in rng.sample(keys, rng.randint(0, 5))}
            if key in ("expect", "cards")
            else _value(rng)
        )
    if "cards" in data:
        data["cards"] = [data["cards"], {"name": "Gizmo", **{k: _value(rng, 2) for k in ("type", "kind", "flags")}}]
    _loads_or_refuses(yaml.dump(data, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), allow_unicode=True))


@settings(max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture], **FUZZ)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_raise_only_scenario_errors(tmp_path, data):
    path = tmp_path / "bytes.yaml"
    path.write_bytes(b"title: t\nplayers: [Alice]\nsetup: {}\nevents: []\nquestion: " + data)
    try:
        load_scenario(path)
    except ScenarioError as exc:
        assert str(exc).startswith(str(path))


def test_a_card_type_that_is_a_list_is_refused(write_scenario):
    """Found by the fuzzer: `type: [rule]` in `cards:` raised TypeError (a list cannot be hashed)."""
    path = write_scenario(
        "title: t\nplayers: [Alice, Bob]\ncards:\n  - {name: Gizmo, type: [rule]}\nsetup: {turn: Alice}\nevents: []\n"
    )
    result, _seconds = replay_cli(path)
    assert result.exit_code == 2, result.output
    assert f"{path}:4:" in result.output.replace("\n", "")
    assert "`type` must be one of" in result.output
