"""`solve`: the puzzles of scenarios/solve/ and their answers, the winning lines replayed as
scenario files, and on small positions the answer of a brute force over every sequence of
events the generator can write (replayed from the file, as `check` replays it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.checking import check_scenario
from adjudicator.engine.copying import fork
from adjudicator.engine.legal import legal_events
from adjudicator.engine.replay import play_events
from adjudicator.loading.scenario import load_scenario, parse_scenario
from adjudicator.model import records as rec
from adjudicator.solving.command import scenario_text
from adjudicator.solving.search import Limits
from adjudicator.solving.solve import solve
from adjudicator.solving.stopping import stop

PUZZLES = Path(__file__).resolve().parents[1] / "scenarios" / "solve"

#: file -> the answer: the shortest winning line (None: no sure win), how many winning lines
#: (each with another first event), and what else the answer says.
ANSWERS: dict[str, dict] = {
    "01-order-play-3-first": {"line": ["Alice plays Play 3", "Alice plays Time", "Alice plays Money"], "lines": 1},
    "02-order-draw-first": {"line": ["Alice plays Draw 3", "Alice plays Time"], "lines": 1},
    "03-free-action-mystery-play": {"line": ["Alice uses Mystery Play"], "lines": 2},
    "04-swap-plays-for-draws": {"line": ["Alice uses Swap Plays for Draws"], "lines": 1},
    "05-steal-a-keeper": {"line": ["Alice plays Steal a Keeper -> Cookies"], "lines": 1},
    "06-exchange-keepers": {
        "line": ["Alice plays Exchange Keepers -> Bread, Cookies"],
        "lines": 1,
    },
    "07-hold-the-surprise-back": {
        "line": ["Alice plays Milk"],
        "lines": 1,
        "replies": [("Bob plays That's Mine", ["Alice plays Veto!"])],
    },
    "08-only-a-surprise-stops-it": {"line": None, "unanswered": True, "stopped_by": "Bob plays That's Mine"},
    "09-hidden-hand": {"line": ["Alice plays Milk", "Alice plays Cookies"], "lines": 2, "stoppers": ["That's Mine"]},
    "10-typical-no-win": {"line": None, "unanswered": False},
    "11-random-tax-chance": {
        "line": ["Alice plays Random Tax -> Milk", "Alice plays Milk"],
        "value": 1 / 3,
        "chance": "exact",
        "outcomes": 3,
    },
    "12-creepers-steal-death": {"line": ["Alice plays Steal Something -> Death"], "lines": 1},
    "13-creepers-sweep-then-win": {"line": ["Alice plays Time", "Alice plays Creeper Sweeper"], "lines": 2},
    "14-creepers-taxes-no-win": {"line": None, "unanswered": False},
    "15-holiday-christmas-extra-play": {"line": ["Alice plays Pine Tree", "Alice plays Lights"], "lines": 2},
    "16-holiday-no-bonus-no-win": {"line": None, "unanswered": False},
    "17-holiday-canceled-plans-stops-it": {
        "line": None,
        "unanswered": True,
        "stopped_by": "Bob plays Canceled Plans",
    },
    "18-holiday-open-a-gift": {"line": ["Alice uses Open A Gift!"], "lines": 2},
    "19-word-cat": {"line": ["Alice plays Letter T"], "lines": 1},
    "20-word-palindrome-two-plays": {"line": ["Alice plays Letter E", "Alice plays Letter E"], "lines": 1},
    "21-word-no-word": {"line": None, "unanswered": False},
    "22-rick-and-morty-steal-to-win": {"line": ["Dima plays Steal Something"], "lines": 1},
    "23-rick-and-morty-play-rule-first": {
        "line": ["Dima plays Play 3", "Dima plays Plumbus", "Dima plays Portal Gun"],
        "lines": 1,
    },
    "24-rick-and-morty-keep-it-simple": {"line": None, "unanswered": False},
    # the first card of the shuffle stated (6 ways), the order of the other five (120 orders) sampled
    # 16 times each: within three standard errors of 1/6 (the sample is seeded: always the same)
    "26-reshuffle-sampled": {
        "line": ["Alice plays Draw 2; shuffled Money", "Alice plays Money"],
        "value": 1 / 6,
        "within": 0.05,
        "chance": "sampled",
        "outcomes": 96,
    },
}


def _solved(name: str):
    scenario = load_scenario(PUZZLES / f"{name}.yaml")
    return scenario, solve(play_events(scenario, scenario.events))


def test_every_puzzle_has_an_answer():
    files = {path.stem for path in PUZZLES.glob("*.yaml")}
    assert set(ANSWERS) <= files
    assert files - set(ANSWERS) == {"25-stop-who-could-have", "27-stop-hidden-hand"}  # answered by test_stop
    decks = {deck for name in files for deck in load_scenario(PUZZLES / f"{name}.yaml").decks}
    assert {"creeper_pack", "holiday", "word", "rick_and_morty"} <= decks


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_puzzle_answer(name: str):
    answer = ANSWERS[name]
    scenario, solution = _solved(name)
    assert solution.finished and solution.stats.stopped is None
    if "value" in answer:  # a win with some probability: the line states the outcome that wins
        assert not solution.wins
        best = solution.lines[0]
        assert best.value == pytest.approx(answer["value"], abs=answer.get("within", 1e-9))
        assert (best.chance, best.outcomes) == (answer["chance"], answer["outcomes"])
        assert [event.text for event in best.events] == answer["line"] and best.stated_chance
        text = scenario_text(Path(scenario.path).read_text(encoding="utf-8"), scenario.events, best, solution.player)
        assert check_scenario(parse_scenario(text, scenario.path)) == []  # stated, the outcome wins
        return
    if answer["line"] is None:
        assert not solution.wins
        assert solution.value == 0 and solution.closest is not None
        assert solution.closest.unanswered is answer["unanswered"]
        if "stopped_by" in answer:
            replies = solution.closest.replies
            assert replies and all(r.event.text == answer["stopped_by"] and r.value == 0 for r in replies)
        return
    assert solution.wins
    lines = solution.lines
    assert [event.text for event in lines[0].events] == answer["line"]
    assert len(lines) == answer["lines"]
    assert [len(line.events) for line in lines] == sorted(len(line.events) for line in lines)  # shortest first
    for text, then in answer.get("replies", []):
        reply = next(r for r in lines[0].replies if r.event.text == text)
        assert [e.text for e in reply.answer] == then and reply.value == 1.0
    assert solution.stoppers == answer.get("stoppers", [])
    # the line, pasted into the file with `expect: winner`, passes `check`
    for line in lines:
        text = scenario_text(Path(scenario.path).read_text(encoding="utf-8"), scenario.events, line, solution.player)
        assert check_scenario(parse_scenario(text, scenario.path)) == []


@pytest.mark.parametrize("name, hidden", [("25-stop-who-could-have", False), ("27-stop-hidden-hand", True)])
def test_stop(name: str, hidden: bool):
    scenario = load_scenario(PUZZLES / f"{name}.yaml")
    report = stop(scenario, "Bob", None, Limits())
    assert (report.winning_event, report.finished) == (2, True)
    assert [(m.event, m.player, m.card, m.hidden, m.value) for m in report.moments] == [
        (1, "Alice", "That's Mine", hidden, 0.0),
        (2, "Alice", "That's Mine", hidden, 0.0),
    ]


# ------------------------------------------------------------------ brute force
def _brute_force(scenario, player: str, longest: int = 5) -> set[tuple[str, ...]]:
    """Every sequence of player's events, as the generator writes them (stated choices too),
    replayed from the file, that wins before the turn ends: found without the solver."""
    wins: set[tuple[str, ...]] = set()

    def turns(game) -> int:
        return sum(isinstance(step, rec.TurnBegan) for step in game.steps)

    start = turns(play_events(scenario, scenario.events))

    def walk(events: list) -> None:
        game = play_events(scenario, events)
        done = fork(game)
        done.finish()
        if done.winner == player:
            wins.add(tuple(e.text for e in events[len(scenario.events) :]))
            return
        if len(events) - len(scenario.events) >= longest:
            return
        for event in legal_events(game, len(events) + 1):
            if event.player != player or event.action == "begin_turn":
                continue
            after = play_events(scenario, [*events, event])
            if (
                turns(after) == start
                and not after.stopped
                and not any(isinstance(s, rec.Rejected) for s in after.steps)
            ):
                walk([*events, event])

    walk(list(scenario.events))
    return wins


SMALL = [
    "01-order-play-3-first",
    "02-order-draw-first",
    "03-free-action-mystery-play",
    "05-steal-a-keeper",
    "06-exchange-keepers",
    "12-creepers-steal-death",
    "13-creepers-sweep-then-win",
    "14-creepers-taxes-no-win",
    "15-holiday-christmas-extra-play",
    "16-holiday-no-bonus-no-win",
    "18-holiday-open-a-gift",
    "19-word-cat",
    "20-word-palindrome-two-plays",
    "21-word-no-word",
    "22-rick-and-morty-steal-to-win",
    "23-rick-and-morty-play-rule-first",
    "24-rick-and-morty-keep-it-simple",
]


@pytest.mark.parametrize("name", SMALL)
def test_brute_force_agrees(name: str):
    """Where nobody else can answer, the solver wins exactly when some sequence of events wins,
    and its shortest line is as short as the shortest sequence."""
    scenario, solution = _solved(name)
    wins = _brute_force(scenario, solution.player)
    assert solution.wins == bool(wins)
    if wins:
        assert _actions(e.text for e in solution.lines[0].events) == min(map(_actions, wins))


def _actions(texts) -> int:
    """The plays and uses of a line (its answers may be stated on them or come one by one)."""
    return sum(1 for text in texts if " plays " in text or " uses " in text)


def _brute_force_against_answers(scenario, player: str, longest: int = 4) -> bool:
    """Whether some sequence of player's events wins against every Surprise the others may answer
    with, found by replaying every sequence of the generator's events from the file (no solver):
    the others answer first (any answer that leaves her no win is theirs), else they let the
    window be, and the line either ends there (a win if the replay's end gives her one) or goes on
    with one of her events."""
    from adjudicator.model.cards import CardType

    def replayed(events: list):
        return play_events(scenario, events)

    def refused(game) -> bool:
        return game.stopped is not None or any(isinstance(s, rec.Rejected) for s in game.steps)

    start = sum(isinstance(s, rec.TurnBegan) for s in replayed(list(scenario.events)).steps)

    def wins(events: list, mine: int) -> bool:
        game = replayed(events)
        listed = legal_events(game, len(events) + 1)
        answers = [
            e
            for e in listed
            if e.player != player
            and e.action == "play"
            and e.card is not None
            and e.card.type is CardType.SURPRISE
            and game.window is not None
            and game.is_response(e.player, e.card)
        ]
        for answer in answers:
            after = replayed([*events, answer])
            if not refused(after) and not wins([*events, answer], mine):
                return False
        done = fork(game)
        done.finish()
        if done.winner == player:
            return True
        if mine >= longest:
            return False
        for event in listed:
            if event.player != player or event.action == "begin_turn":
                continue
            after = replayed([*events, event])
            if refused(after) or sum(isinstance(s, rec.TurnBegan) for s in after.steps) != start:
                continue
            if wins([*events, event], mine + 1):
                return True
        return False

    return wins(list(scenario.events), 0)


@pytest.mark.parametrize(
    "name", ["07-hold-the-surprise-back", "08-only-a-surprise-stops-it", "17-holiday-canceled-plans-stops-it"]
)
def test_brute_force_against_answers_agrees(name: str):
    scenario, solution = _solved(name)
    assert solution.wins == _brute_force_against_answers(scenario, solution.player)


FIRST_PLAY_RANDOM = """
title: Can Bob win this turn under First Play Random?
players: [Alice, Bob]
seed: 4
setup:
  turn: Bob
  rules: [First Play Random, Play 2]
  goals: [Milk and Cookies]
  hands:
    Bob: [Milk, Cookies, Time]
events: []
"""


def test_a_forced_pick_at_the_root_is_weighed_and_counted():
    """First Play Random picks Bob's first play before any choice of his: the line wins when the
    pick is Milk or Cookies (2 of 3), and the answer says over how many outcomes it weighed."""
    scenario = parse_scenario(FIRST_PLAY_RANDOM, "<first play random>")
    solution = solve(play_events(scenario, scenario.events))
    best = solution.lines[0]
    assert not solution.wins and best.value == pytest.approx(2 / 3)
    assert (best.chance, best.outcomes) == ("exact", 3)
    from adjudicator.solving.present import summary

    assert "computed exactly over 3 outcomes" in " ".join(summary(solution))
