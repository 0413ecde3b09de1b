"""`dispute:` and `- disputed: EVENT`: the answer opens with one plain sentence about the disputed event."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model.errors import ScenarioError

ROOT = Path(__file__).resolve().parents[1]
OWN_FLIP = ROOT / "scenarios" / "rulings" / "R26-own-surprise-on-own-flip.yaml"
runner = CliRunner()

BASE = """\
title: t
players: [Alice, Bob]
setup:
  turn: Alice
  hands: {Alice: [Milk, Cookies]}
"""


def test_dispute_numbers_and_marks_are_one_list():
    scenario = parse_scenario(BASE + "dispute: 1\nevents:\n  - Alice plays Milk\n  - disputed: Alice plays Cookies\n")
    assert scenario.dispute == (1, 2)
    assert [e.text for e in scenario.events] == ["Alice plays Milk", "Alice plays Cookies"]
    assert parse_scenario(BASE + "dispute: [2]\nevents: [Alice plays Milk, Alice plays Cookies]\n").dispute == (2,)
    assert parse_scenario(BASE + "events: [Alice plays Milk]\n").dispute == ()


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            BASE + "dispute: 3\nevents: [Alice plays Milk]\n",
            6,
            "`dispute` names event numbers from 1 to 1 (the disputed events), not 3",
        ),
        (BASE + "dispute: 1\nevents: []\n", 6, "`dispute` names a disputed event, but the file has no events"),
        (
            BASE + "events:\n  - {disputed: Alice plays Milk, player: Alice}\n",
            7,
            "event 1: `disputed:` marks one event written as a line (`- disputed: Alice plays Canceled Plans`); "
            "it takes no other keys",
        ),
        (
            BASE + "events: [Alice plays Milk]\nexpect:\n  summary: 3\n",
            8,
            "`summary` must be the sentence that opens the answer",
        ),
    ],
)
def test_bad_disputes_are_refused_with_the_line(text, line, message):
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "t.yaml")
    assert (info.value.line, info.value.message) == (line, message)


SENTENCE = (
    "No: Alice cannot cancel her own Milk & Cookies (turned up from the top of the draw pile, by Mystery Play) "
    "with Canceled Plans: the out-of-turn half of a Surprise is not available on one's own turn, so whoever "
    "turns up a card never cancels it; and the game is over: Alice has won (R49, R26, B-instant-win)."
)


def test_replay_opens_with_the_sentence_before_the_log():
    result = runner.invoke(app, ["replay", str(OWN_FLIP)])
    out = " ".join(result.output.split())
    assert result.exit_code == 0 and SENTENCE in out
    assert out.index(SENTENCE) < out.index("event 1: Alice uses Mystery Play")


def test_json_carries_the_sentence_as_answer_summary():
    data = json.loads(runner.invoke(app, ["replay", "--json", str(OWN_FLIP)]).output)
    assert data["answer"]["summary"] == SENTENCE
    assert data["answer"]["subject"] == {"kind": "dispute", "events": [2]}
    assert data["dispute"] == [2]


def test_markdown_and_html_open_with_it_too():
    markdown = runner.invoke(app, ["replay", "--format", "markdown", str(OWN_FLIP)]).output
    assert markdown.index("**No: Alice cannot cancel") < markdown.index("**Answer:**")
    page = runner.invoke(app, ["replay", "--format", "html", str(OWN_FLIP)]).output
    assert '<p class="summary"><strong>No: Alice cannot cancel her own Milk &amp; Cookies' in page


def test_without_a_dispute_the_winner_is_the_subject(write_scenario):
    path = write_scenario(OWN_FLIP.read_text(encoding="utf-8").replace("  - disputed: ", "  - "))
    data = json.loads(runner.invoke(app, ["replay", "--json", str(path)]).output)
    assert data["answer"]["summary"] == "Alice wins with Milk & Cookies at event 2 (B-instant-win)."
    assert data["answer"]["subject"] == {"kind": "winner", "events": [2]}


def test_check_reports_a_summary_that_differs(write_scenario):
    text = OWN_FLIP.read_text(encoding="utf-8")
    path = write_scenario(text[: text.index("  summary:")] + "  summary: Yes, she may.\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert f"summary: expected 'Yes, she may.', got {SENTENCE!r}" in " ".join(result.output.split())


def test_an_event_after_the_stop_is_not_replayed_and_is_not_called_legal():
    text = BASE.replace(
        "hands: {Alice: [Milk, Cookies]}", "rules: [Hand Limit 1]\n  hands: {Alice: [Milk], Bob: [Sleep, Time]}"
    )
    data = json.loads(
        runner.invoke(
            app, ["replay", "--json", "-"], input=text + "dispute: 2\nevents: [Alice plays Milk, Bob plays Sleep]\n"
        ).output
    )
    stop = (
        "event 1 (Alice plays Milk) came while the rules still wait for a choice; needed: Bob must discard 1 of: "
        "Sleep, Time (write for example: `Bob discards Sleep`)"
    )
    assert data["stopped"] == stop
    assert data["answer"]["summary"] == f"Event 2 is not replayed: the replay stops first: {stop}."
    assert data["answer"]["text"].startswith("Events 1-2 are not replayed (the replay stops first); no cards drawn")


@pytest.mark.parametrize(
    ("relative", "sentence"),
    [
        (  # an answer to a choice: what it did, not what the turn did before it
            "engine/keeper-limit.yaml",
            "Yes: event 3 (Alice discards Bread) is legal: Alice discards Bread — Keeper Limit 2 "
            "(B-limits-end-of-turn).",
        ),
        (  # a free action at the start of a turn: not the draw phase, nor the card resolving before it
            "rulings/R08-once-each-turn-means-every-turn.yaml",
            "Yes: Alice may use Recycling: Alice discards Milk — Recycling; Alice draws Music, Peace, Sleep — "
            "Recycling (not a draw toward the Draw rule) (R42, Q129).",
        ),
        (  # the card the event names, not the one First Play Random played before it
            "rules/first-play-random.yaml",
            "Yes: Alice may play Time: Time goes into play in front of Alice.",
        ),
        (  # a Surprise: what it cancels
            "surprises/R52-canceled-plans-stops-a-win.yaml",
            "Yes: Bob may play Canceled Plans: it cancels Alice's Milk & Cookies (Milk & Cookies never takes "
            "effect and goes to the discard pile) (R52, R51, R45, B-holiday-canceled-plans, "
            "B-no-cancel-replacement).",
        ),
    ],
)
def test_without_a_dispute_or_a_winner_the_last_event_is_the_subject(relative, sentence):
    data = json.loads(runner.invoke(app, ["replay", "--json", str(ROOT / "scenarios" / relative)]).output)
    assert data["answer"]["summary"] == sentence
    assert data["answer"]["subject"]["kind"] == "last_event"
