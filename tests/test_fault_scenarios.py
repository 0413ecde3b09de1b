"""Faults seen in verdicts (issue 20, item 5): each has a scenario under scenarios/; the parts of
the fix that an `expect` block cannot state (a log line's wording, a step's JSON) are asserted here."""

from pathlib import Path

from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import load_scenario
from adjudicator.model import records as rec

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def steps_of(relative: str, kind: type) -> list:
    game = replay(load_scenario(SCENARIOS / relative))
    return [s for s in game.steps if isinstance(s, kind)]


def test_rules_reset_is_named_as_the_card_acting():
    [done] = steps_of("rules/rules-reset-is-the-card-acting.yaml", rec.ActionDone)
    assert done.text == "Rules Reset: Play 2, Draw 2 discarded; a rule stops working once it leaves play"
    assert done.data()["card"] == "Rules Reset"


def test_the_christmas_bonus_draw_says_where_the_extra_card_comes_from():
    drew = steps_of("holiday/christmas-bonus-mrs-claus-draw.yaml", rec.Drew)
    assert [s.text for s in drew] == [
        "Bob draws Wreath, Calendar — draw phase (Draw 2: the Draw rule's 1, plus 1 from Christmas Bonus "
        "because Bob has Mrs. Claus, which counts as Santa Claus) (counts toward the Draw rule)"
    ]
    assert drew[0].rulings == ("B-draw-rule", "Q-tag-rich-bonus", "B-bonus-rules", "Q1354")


def test_everybody_gets_1_says_the_win_check_waits_for_the_whole_deal():
    [drew] = steps_of("actions/everybody-gets-1-creeper-then-goal.yaml", rec.Drew)
    assert drew.text.endswith("; the win check waits until every card is handed out")
    assert {"R03", "Q-tag-mixitallup"} <= set(drew.rulings)


def test_own_surprise_on_own_flip_is_refused_with_r26_and_r49():
    [refused] = steps_of("rulings/R26-own-surprise-on-own-flip.yaml", rec.Rejected)
    assert refused.reason == (
        "Alice cannot cancel her own Milk & Cookies (turned up from the top of the draw pile, by Mystery Play) "
        "with Canceled Plans: the out-of-turn half of a Surprise is not available on one's own turn, so whoever "
        "turns up a card never cancels it; and the game is over: Alice has won"
    )
    assert refused.rulings == ("R49", "R26", "B-instant-win")
