"""The one-line answer that opens the verdict, and its facts in `replay --json`."""

import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.answer import build_answer
from adjudicator.cli import app
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.verdict import build_verdict

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
runner = CliRunner()


def answer_of(relative: str):
    return build_answer(build_verdict(replay(load_scenario(SCENARIOS / relative))))


def test_a_cancelled_winning_goal_cites_the_ruling_that_stops_the_win():
    answer = answer_of("surprises/R52-canceled-plans-stops-a-win.yaml")
    assert answer.text == (
        "Every event is legal; Bob's Canceled Plans cancels Alice's Milk & Cookies "
        "(Milk & Cookies never takes effect and goes to the discard pile) [R52, R51, R45, "
        "B-holiday-canceled-plans, B-no-cancel-replacement]; "
        "no cards drawn; Alice has 1 play left (1 made this turn); no winner yet "
        "(rulings: B-surprises)."
    )
    assert answer.facts["canceled"] == [
        {
            "player": "Alice",
            "card": "Milk & Cookies",
            "by_player": "Bob",
            "by": "Canceled Plans",
            "rulings": ["R52", "R51", "R45", "B-holiday-canceled-plans", "B-no-cancel-replacement"],
            "outcome": "Milk & Cookies never takes effect and goes to the discard pile; Alice's play is still used up",
        }
    ]
    assert answer.facts["deciding_rulings"][:4] == ["B-surprises", "R52", "R51", "R45"]
    assert answer.facts["plays"] == {
        "player": "Alice",
        "used": 1,
        "left": 1,
        "owed": 1,
        "from_temp_hand": False,
        "turn_over": False,
        "next": None,
    }


def test_draws_and_a_rule_that_falls_say_who_draws_what():
    answer = answer_of("examples/draw3-then-draw2.yaml")
    assert answer.text == (
        "Every event is legal; Draw 3 takes effect; Draw 2 replaces Draw 3 [B-new-rule-replaces]; "
        "Bob has drawn 3 this turn, already more than 2: nothing is given back [B-draw-rule-change]; "
        "Alice draws 3 (Cookies, Bread, Chocolate); Bob draws 3 (The Sun, The Moon, Time); "
        "Bob's turn is over (1 play made); Alice plays next; no winner yet."
    )
    assert answer.facts["drew"] == {"Alice": 3, "Bob": 3}
    assert answer.facts["rules_added"] == ["Draw 3", "Draw 2"] and answer.facts["rules_replaced"] == ["Draw 3"]


def test_rejected_events_are_named_with_their_reason_and_ruling():
    answer = answer_of("rules/keep-it-simple-needs-one.yaml")
    assert answer.text.startswith(
        "Events 3-4 are legal; event 1 (Alice plays Keep It Simple -> none) is rejected: Keep It Simple "
        "discards from 1 to 2 of the 3 New Rules in play, not 0 [B-keep-it-simple]; event 2 ("
    )
    assert [r["event"] for r in answer.facts["rejected"]] == [1, 2]
    assert answer.facts["rejected"][0]["rulings"] == ["B-keep-it-simple"]


def test_a_win_names_the_goal_and_discards_by_whom():
    answer = answer_of("creepers/win-after-paying-taxes.yaml")
    assert "Alice discards 2 (Money, Taxes)" in answer.text
    assert answer.text.endswith(
        "Alice wins with Night & Day [B-instant-win] (rulings: R04, R59, B-creeper-powers, R02, Q2221)."
    )
    assert answer.facts["winner"] == "Alice" and answer.facts["winning_goal"] == "Night & Day"
    assert answer.facts["discarded"] == {"Alice": ["Money", "Taxes"]}


def test_creepers_drawn_in_the_draw_phase():
    path = next(SCENARIOS.glob("rulings/R41*.yaml"))
    answer = build_answer(build_verdict(replay(load_scenario(path))))
    assert answer.text.startswith(
        "No events: only what the rules force happens; Alice draws 1 (The Sun); War, Taxes, Death go in front of Alice;"
    )
    assert "R41" in answer.text and answer.facts["creepers_placed"] == {"Alice": ["War", "Taxes", "Death"]}


def test_a_creeper_that_blocks_the_win_is_the_answer():
    answer = answer_of("engine/five-keepers-creeper-leader.yaml")
    assert answer.text.endswith("no winner: Alice would meet it but a Creeper blocks the win [Q818, R04, R59].")


def test_a_stop_for_a_missing_choice_is_the_answer():
    answer = answer_of("actions/todays-special-day-missing.yaml")
    assert "the replay stops: the events ran out while Alice must say what today is" in answer.text
    assert answer.facts["stopped"] and answer.facts["deciding_rulings"] == ["Q1074"]


def test_json_has_answer_and_facts():
    result = runner.invoke(app, ["replay", "--json", str(SCENARIOS / "engine/rejections.yaml")])
    data = json.loads(result.output)
    assert data["answer"]["text"].startswith("Event 3 is legal; event 1 (")
    assert data["answer"]["text"].endswith(
        "; no cards drawn; Bob has 1 play left (0 made this turn); no winner yet (rulings: B-reshuffle)."
    )
    # no `dispute:`: the summary is about the last event
    assert data["answer"]["summary"] == (
        "No: nothing asks Bob to discard now; cards are discarded only when a rule or card demands it "
        "(Q306, B-no-voluntary-discard)."
    )
    assert data["answer"]["subject"] == {"kind": "last_event", "events": [5]}
    assert data["facts"]["rejected"][0] == {
        "event": 1,
        "player": "Bob",
        "what": "plays Bread",
        "reason": "it is Alice's turn, not Bob's",
        "rulings": ["B-turn-order"],
    }
    assert set(data["facts"]) >= {
        "rejected",
        "drew",
        "discarded",
        "plays",
        "rules_added",
        "goals_set",
        "winner",
        "deciding_rulings",
    }


def test_text_verdict_starts_with_the_answer():
    result = runner.invoke(app, ["replay", str(SCENARIOS / "surprises/R52-canceled-plans-stops-a-win.yaml")])
    lines = result.output.replace("\n", " ")
    assert "Answer: Every event is legal; Bob's Canceled Plans cancels" in lines
    assert lines.index("Answer:") < lines.index("Verdict: no winner yet.")


def test_a_long_game_answers_in_one_short_line():
    events = "\n".join(f"  - {'Alice' if i % 2 == 0 else 'Bob'} plays Jackpot!" for i in range(400))
    game = replay(
        parse_scenario(
            f"title: long\nplayers: [Alice, Bob]\nsetup:\n  hands: {{Alice: [Jackpot!]}}\nevents:\n{events}\n"
        )
    )
    answer = build_answer(build_verdict(game))
    assert answer.text == (
        "Every event is legal; Alice draws 199; Bob draws 200; Bob's turn is over "
        "(1 play made); Alice plays next; no winner yet (rulings: B-reshuffle, Q129)."
    )
    assert answer.facts["drew"] == {"Alice": 199, "Bob": 200}


def test_no_discard_under_a_limit_is_said():
    game = replay(
        parse_scenario(
            "title: t\nplayers: [Alice, Bob]\nsetup:\n  turn: Alice\n  rules: [Hand Limit 2]\n"
            "  hands: {Alice: [Milk, Cookies], Bob: [Bread]}\nevents:\n  - Alice plays Milk\n"
        )
    )
    assert build_answer(build_verdict(game)).text == (
        "Every event is legal; no cards drawn; nobody discards (Hand Limit 2 in play); "
        "Alice's turn is over (1 play made); Bob plays next; no winner yet (rulings: Q1644)."
    )  # she ends under the limit and draws nothing up to it


def test_that_s_mine_says_where_the_keeper_goes():
    game = replay(
        parse_scenario(
            "title: t\nplayers: [Alice, Bob]\nsetup:\n  turn: Alice\n  goals: [Milk & Cookies]\n"
            "  hands: {Alice: [Cookies], Bob: [That's Mine]}\n  in_play: {Alice: [Milk]}\n"
            "events:\n  - Alice plays Cookies\n  - Bob plays That's Mine\n"
        )
    )
    assert (
        "Bob's That's Mine cancels Alice's Cookies (Cookies goes in front of Bob instead) ["
        in build_answer(build_verdict(game)).text
    )


def test_a_shared_win_names_every_winner():
    answer = answer_of("house_rules/tie-shared.yaml")
    assert answer.text.endswith("Bob and Carol share the win with 5 Keepers [B-instant-win, H-tie].")
    assert answer.facts["winners"] == ["Bob", "Carol"]


def test_keep_going_claims_are_in_the_answer():
    answer = answer_of("house_rules/keep-going-2.yaml")
    assert "Alice meets Milk & Cookies and claims it instead of winning: 1 of 2 claimed Goals" in answer.text
    assert answer.facts["goals_won"] == {"Alice": 2} and answer.facts["winner"] == "Alice"


def test_solo_fluxx_answers_with_the_score():
    answer = answer_of("solo/ends-when-the-main-deck-runs-out.yaml")
    assert answer.text.endswith(
        "Solo Fluxx: 1 Goal scored; the game is over (the Main deck has run out) (rulings: B-reshuffle)."
    )
    assert answer.facts["goals_won"] == {"Alice": 1} and answer.facts["winner"] is None


def test_a_solo_game_that_is_over_owes_no_plays():
    """The Main deck ran out: the answer and the verdict said 'Alice has 1 play left' after it."""
    from adjudicator.verdict import verdict_lines

    verdict = build_verdict(replay(load_scenario(SCENARIOS / "solo" / "ends-when-the-main-deck-runs-out.yaml")))
    assert verdict.plays_phrase == ""
    assert verdict_lines(verdict)[:2] == [
        "Solo Fluxx: 1 Goal scored; the game is over (the Main deck has run out).",
        "Event 2 rejected: the solo game is over: the Main deck has run out",
    ]


# ------------------------------------------------ the sentence answers the table's question
def summary_of(text: str) -> str:
    return build_answer(build_verdict(replay(parse_scenario(text, "dispute.yaml")))).summary


WIN = """\
title: Does Milk win it?
players: [Alice, Bob]
dispute: 1
setup:
  turn: Alice
  goals: [Milk and Cookies]
  in_play: {Alice: [Cookies]}
  hands: {Alice: [Milk]}
events:
  - Alice plays Milk
"""


def test_a_disputed_win_states_the_winner():
    assert summary_of(WIN) == (
        "Yes: Alice may play Milk: Milk goes into play in front of Alice; Alice wins with Milk & Cookies "
        "(B-instant-win)."
    )


def test_a_disputed_event_that_does_not_win_says_nobody_has():
    text = WIN.replace("in_play: {Alice: [Cookies]}", "in_play: {Alice: []}")
    assert summary_of(text).endswith(" Nobody has won yet.")


def test_a_surprise_too_late_is_refused_and_the_outcome_follows():
    text = (SCENARIOS / "house_rules" / "surprise-window-official.yaml").read_text(encoding="utf-8")
    summary = summary_of(text.replace("events:", "dispute: 3\nevents:"))
    assert summary.startswith("No: too late: That's Mine had to answer Milk at once;")
    assert summary.endswith("(R44, R11). Nobody has won yet.")


def test_a_replacement_play_after_thats_mine_cites_the_faq_answer_first():
    text = (SCENARIOS / "surprises" / "R01-canceled-play-is-used-up.yaml").read_text(encoding="utf-8")
    assert summary_of(text.replace("events:", "dispute: 3\nevents:")) == (
        "No: Alice has no plays left: the play phase is over: Bob's That's Mine canceled Alice's Milk, "
        "and a canceled play still counts (R01, B-no-cancel-replacement, B-play-rule). Nobody has won yet."
    )


FORCED = """\
title: How many does Bob draw?
players: [Alice, Bob]
dispute: Bob draws
setup:
  turn: Alice
  phase: end
  rules: [Draw 3]
  draw_pile: [Milk, Cookies, Bread, Sleep]
events:
  - Bob begins
"""


def test_dispute_may_name_a_forced_draw():
    assert summary_of(FORCED) == (
        "Bob draws 3 (Milk, Cookies, Bread): draw phase (Draw 3) (B-draw-rule). Nobody has won yet."
    )
    verdict = build_verdict(replay(parse_scenario(FORCED)))
    assert build_answer(verdict).subject == {"kind": "dispute", "events": [], "steps": ["Bob draws"]}


def test_dispute_may_name_a_limits_discard():
    text = """\
title: What does the Hand Limit take?
players: [Alice, Bob]
dispute: [Bob discards]
setup:
  turn: Bob
  hands: {Bob: [Hand Limit 1, Milk, Cookies, Bread]}
events:
  - Bob plays Hand Limit 1
  - Bob discards Milk, Cookies
"""
    assert summary_of(text).startswith("Bob discards 2 (Milk, Cookies) to comply with the Hand Limit 1")


def test_a_forced_step_in_dispute_names_a_known_player():
    import pytest

    from adjudicator.model.errors import ScenarioError

    with pytest.raises(ScenarioError, match="unknown player 'Carol'"):
        parse_scenario(FORCED.replace("dispute: Bob draws", "dispute: Carol draws"))
    with pytest.raises(ScenarioError, match="'PLAYER draws' or 'PLAYER discards'"):
        parse_scenario(FORCED.replace("dispute: Bob draws", "dispute: Bob sneezes"))


def test_a_setup_that_already_has_a_winner_says_so_first():
    text = WIN.replace("hands: {Alice: [Milk]}", "").replace("[Cookies]", "[Cookies, Milk]")
    text = text.replace("dispute: 1\n", "").replace("  - Alice plays Milk\n", "  - Bob begins\n")
    summary = summary_of(text)
    assert summary == (
        "Before any event, Alice meets Milk & Cookies and has won (B-instant-win). "
        "No: the game is over: Alice has won (B-instant-win)."
    )
