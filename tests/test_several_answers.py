"""One event states several choices in order (issue 28, item 4; docs/scenario-format.md, "Every
word is used or refused"): the choices after `->` answer, in order, everything the card's
resolution asks of its player -- the card's own questions, the card it plays at once, and what a
rule its move sets off asks next (a stolen War: where Peace goes; Double Agenda gone: which Goal
stays). Every card that asks its player more than once is written here with all its answers in
one event, and must be taken whole, with the outcome the answers say."""

from __future__ import annotations

import inspect
import re

import pytest

from adjudicator.cards.kinds import REGISTRY
from adjudicator.checking import check_scenario
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import parse_scenario
from adjudicator.model import records as rec

THREE = "players: [Alice, Bob, Carol]\n"

#: kind -> (the event, with every answer; the scenario around it). The kinds of one card's
#: several questions, then the rules a move sets off (War and Peace, Double Agenda).
CASES: dict[str, tuple[str, str]] = {
    "steal (Steal Something brings War: where Peace goes)": (
        "Alice plays Steal Something -> War, Carol",
        THREE + "decks: [fluxx5, creeper_pack]\nsetup:\n  turn: Alice\n  hands: {Alice: [Steal Something]}\n"
        "  in_play: {Alice: [Peace], Bob: [War]}\n"
        "expect:\n  in_play: {Alice: [War], Bob: [], Carol: [Peace]}\n",
    ),
    "steal (Steal a Keeper takes Peace beside War)": (
        "Alice plays Steal a Keeper -> Peace, Bob",
        THREE + "setup:\n  turn: Alice\n  hands: {Alice: [Steal a Keeper]}\n  in_play: {Alice: [War], Carol: [Peace]}\n"
        "expect:\n  in_play: {Alice: [War], Bob: [Peace], Carol: []}\n",
    ),
    "exchange_keepers (mine, theirs, then where Peace goes)": (
        "Alice plays Exchange Keepers -> Milk, Peace, Carol",
        THREE + "setup:\n  turn: Alice\n  hands: {Alice: [Exchange Keepers]}\n"
        "  in_play: {Alice: [War, Milk], Bob: [Peace]}\n"
        "expect:\n  in_play: {Alice: [War], Bob: [Milk], Carol: [Peace]}\n",
    ),
    "draw_extra (Jackpot! draws War: where Peace goes)": (
        "Alice plays Jackpot! -> Bob",
        THREE + "setup:\n  turn: Alice\n  hands: {Alice: [Jackpot!]}\n  in_play: {Alice: [Peace]}\n"
        "  draw_pile: [War, Milk, Cookies, Bread]\n"
        "expect:\n  in_play: {Alice: [War], Bob: [Peace]}\n  hands: {Alice: [Milk, Cookies, Bread]}\n",
    ),
    "move_creeper (the Creeper, then who gets it)": (
        "Alice plays Move a Creeper -> War, Carol",
        THREE + "decks: [fluxx5, creeper_pack]\nsetup:\n  turn: Alice\n  hands: {Alice: [Move a Creeper]}\n"
        "  in_play: {Bob: [War]}\nexpect:\n  in_play: {Bob: [], Carol: [War]}\n",
    ),
    "rock_paper_scissors (the opponent, then the winner)": (
        "Alice plays Rock-Paper-Scissors Showdown -> Bob, Alice",
        THREE + "setup:\n  turn: Alice\n  hands: {Alice: [Rock-Paper-Scissors Showdown], Bob: [Milk, Cookies]}\n"
        "expect:\n  hands: {Alice: [Milk, Cookies], Bob: []}\n",
    ),
    "everybody_gets_1 (one card to each player)": (
        "Alice plays Everybody Gets 1 -> Milk to Carol, Cookies to Alice, Bread to Bob",
        THREE + "setup:\n  turn: Alice\n  hands: {Alice: [Everybody Gets 1]}\n  draw_pile: [Milk, Cookies, Bread]\n"
        "expect:\n  hands: {Alice: [Cookies], Bob: [Bread], Carol: [Milk]}\n",
    ),
    "lets_do_that_again (the card, then its own choice)": (
        "Alice plays Let's Do That Again! -> Trade Hands, Carol",
        THREE + "setup:\n  turn: Alice\n  hands: {Alice: [Let's Do That Again!, Milk], Carol: [Cookies, Bread]}\n"
        "  discard: [Trade Hands]\nexpect:\n  hands: {Alice: [Cookies, Bread], Carol: [Milk]}\n",
    ),
    "use_what_you_take (the player, the card taken, its own choice)": (
        "Alice plays Use What You Take -> Bob, Trade Hands, Carol",
        THREE
        + "setup:\n  turn: Alice\n  hands: {Alice: [Use What You Take, Milk], Bob: [Trade Hands], Carol: [Bread]}\n"
        "expect:\n  hands: {Alice: [Bread], Bob: [], Carol: [Milk]}\n",
    ),
    "lets_simplify (the rules, then which Goal stays)": (
        "Alice plays Let's Simplify -> Double Agenda, Play 2, Party Time!",
        THREE + "setup:\n  turn: Alice\n  rules: [Double Agenda, Play 2, Draw 2]\n"
        "  goals: [Party Time!, Milk and Cookies]\n  hands: {Alice: [Let's Simplify]}\n"
        "expect:\n  rules: [Draw 2]\n  goals: [Party Time!]\n",
    ),
    "trash_new_rule (the rule, then which Goal stays)": (
        "Alice plays Trash a New Rule -> Double Agenda, Milk and Cookies",
        THREE + "setup:\n  turn: Alice\n  rules: [Double Agenda]\n"
        "  goals: [Party Time!, Milk and Cookies]\n  hands: {Alice: [Trash a New Rule]}\n"
        "expect:\n  rules: []\n  goals: [Milk and Cookies]\n",
    ),
    "zap_a_card (Double Agenda into the hand, then which Goal stays)": (
        "Alice plays Zap a Card! -> Double Agenda, Party Time!",
        THREE + "setup:\n  turn: Alice\n  rules: [Double Agenda]\n"
        "  goals: [Party Time!, Milk and Cookies]\n  hands: {Alice: [Zap a Card!]}\n"
        "expect:\n  rules: []\n  goals: [Party Time!]\n  hands: {Alice: [Double Agenda]}\n",
    ),
    "keeper_power_send (a use: the Keeper, then who receives it)": (
        "Alice uses Teleporter -> The Robot, Carol",
        THREE + "decks: [star]\nsetup:\n  turn: Alice\n  in_play: {Alice: [Teleporter, The Robot]}\n"
        "expect:\n  in_play: {Alice: [Teleporter], Carol: [The Robot]}\n",
    ),
}


def _scenario(event: str, around: str):
    head, expect = around.split("expect:\n")
    return parse_scenario(f"title: t\n{head}events:\n  - {event}\nexpect:\n{expect}", "several.yaml")


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_every_answer_in_one_event_is_taken_in_order(case):
    event, around = CASES[case]
    scenario = _scenario(event, around)
    assert scenario.events[0].choices, "the case states its answers"
    game = replay(scenario)
    assert not [s for s in game.steps if isinstance(s, (rec.Rejected, rec.Stopped, rec.ChoiceNeeded))]
    assert not game.pending, "every question was answered by the event"
    assert check_scenario(scenario) == []


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_one_answer_too_many_is_refused(case):
    """The event's answers are used in order, and one more than the resolution asks is refused."""
    event, around = CASES[case]
    scenario = _scenario(f"{event}, Bob", around)
    game = replay(scenario)
    refused = [s for s in game.steps if isinstance(s, rec.Rejected)]
    assert refused and refused[0].event == 1, refused


def test_every_kind_that_asks_its_player_more_than_once_is_written_here():
    """A kind whose resolution goes on through several continuations (choices asked one after
    another) or plays a card at once has a case above."""
    covered = {case.split(" (")[0] for case in CASES}
    asking = {
        name
        for name, kind in REGISTRY.items()
        if kind.plays_a_card or len(re.findall(r"self\.then\(", inspect.getsource(type(kind)))) >= 2
    }
    assert asking - covered == set()
