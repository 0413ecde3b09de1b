"""Where the publisher has not ruled, the verdict says so in plain words (issue 28, item 3)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.answer import build_answer
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import load_scenario
from adjudicator.model.house_rules import SWITCHES
from adjudicator.rulings import store
from adjudicator.verdict import build_verdict

ROOT = Path(__file__).resolve().parent.parent


def _answer(path: str):
    return build_answer(build_verdict(replay(load_scenario(str(ROOT / path)))))


def test_every_unruled_point_names_a_real_house_rule_value_and_reads_plainly():
    open_points = [r for r in store.all_rulings(strict=True).values() if r.unruled is not None]
    assert {r.id for r in open_points} >= {"Q2219", "Q2729"}
    for record in open_points:
        switch_name, value = record.unruled.house_rule.split(": ")
        switch = SWITCHES[switch_name]
        assert switch.read(value) != switch.official, record.id  # the other reading, not the default
        sentence = record.unruled.sentence()
        assert sentence.startswith("The publisher has not ruled on "), record.id
        assert "the engine follows" in sentence and f"house rule `{switch_name}: {value}`" in sentence


def test_a_second_double_agenda_says_the_publisher_has_not_ruled():
    answer = _answer("scenarios/rulings/Q2219-a-second-double-agenda-replaces-its-twin.yaml")
    assert "The publisher has not ruled on what a second copy of Double Agenda does" in answer.text
    assert "house rule `double_agenda_twin: rechoose` takes the other reading" in answer.text
    assert [note["ruling"] for note in answer.facts["unruled"]] == ["Q2219"]


def test_the_open_point_is_not_said_where_it_does_not_arise():
    """Q2219 on an ordinary twin rule: its Double Agenda exception is not in play."""
    answer = _answer("scenarios/rulings/Q2219-a-second-copy-of-a-rule-replaces-its-twin.yaml")
    assert answer.facts["unruled"] == [] and "has not ruled" not in answer.text


def test_the_house_rule_takes_the_other_reading():
    answer = _answer("scenarios/house_rules/double-agenda-twin-rechoose.yaml")
    assert "H-double_agenda_twin" in answer.facts["deciding_rulings"] or "H-double_agenda_twin" in answer.text
