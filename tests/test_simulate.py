"""`adjudicator simulate`: random legal games, the same report whatever the number of workers."""

import json
import os
import random
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from adjudicator import simulate as sim
from adjudicator import simulate_command as sim_command
from adjudicator import simulate_report as sim_report
from adjudicator.cli import app
from adjudicator.loading.scenario import parse_scenario

runner = CliRunner()
SMALL_RUN = ["simulate", "--games", "4", "--max-events", "12", "--seed", "7", "--json"]


def test_the_report_is_the_same_whatever_the_number_of_workers():
    one = runner.invoke(app, [*SMALL_RUN, "--workers", "1"])
    two = runner.invoke(app, [*SMALL_RUN, "--workers", "2"])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert one.output == two.output
    data = json.loads(one.output)
    assert set(data) == {
        "settings",
        "games",
        "endings",
        "length",
        "histogram",
        "turns_counted",
        "wins_by_seat",
        "rulings",
        "capped",
        "problems",
        "turns_played",
    }
    assert data["settings"] == {
        "players": ["Alice", "Bob"],
        "decks": ["fluxx5", "creeper_pack", "surprises"],
        "house_rules": {},
        "max_events": 12,
        "seed": 7,
    }
    games = [sim.play_game(sim.Settings(max_events=12, seed=7), index) for index in range(4)]
    assert data["games"] == 4 and data["turns_played"] == sum(g.turns for g in games)
    assert sum(data["endings"].values()) == 4 and data["problems"] == []
    assert data["capped"] == [g.index for g in games if g.ending == "capped"]
    assert all(g.events <= 12 and g.turns >= 1 for g in games)
    # Every game begins with turns and draws: the basic rules are cited, most-cited first.
    cited = {row["id"]: row for row in data["rulings"]}
    assert cited["B-turn-order"]["games"] == 4 and cited["B-draw-rule"]["steps"] >= 4
    assert [row["steps"] for row in data["rulings"]] == sorted((row["steps"] for row in data["rulings"]), reverse=True)
    assert [row["player"] for row in data["wins_by_seat"]] == ["Alice", "Bob"]


def test_another_seed_deals_other_games():
    settings = sim.Settings(max_events=3, seed=1)
    first, again, other = sim.play_game(settings, 0), sim.play_game(settings, 0), sim.play_game(settings, 1)
    assert first == again
    assert sim.game_rng(1, 0).random() != sim.game_rng(1, 1).random() != sim.game_rng(2, 0).random()
    assert (first.rulings, first.turns) != (other.rulings, other.turns) or first.events != other.events


def test_a_game_played_to_a_win():
    """A game long enough to end: it has a winner, and no problem."""
    settings = sim.Settings(seed=9, max_events=60)
    results = [sim.play_game(settings, 0), sim.play_game(replace(settings, max_events=10), 0)]
    assert (results[0].ending, results[0].winner, results[0].events) == ("won", "Alice", 46), results[0]
    assert results[0].scenario is None and results[0].turns > 10
    assert (results[1].ending, results[1].winner, results[1].events) == ("capped", None, 10)
    won = results[:1]
    data = sim_report.report(settings, results)
    assert data["endings"]["won"] == 1 and data["capped"] == [0]
    assert data["length"]["turns"]["games"] == len(won)
    assert sum(row["wins"] for row in data["wins_by_seat"]) == len(won)
    assert sum(b["games"] for b in data["histogram"]["turns"]) == len(won)


def test_a_stuck_game_is_reported_with_a_scenario_file_that_reproduces_it(monkeypatch, tmp_path):
    """A game with no legal event and no winner is an engine fault: reported with its scenario."""
    real_legal = sim._legal
    monkeypatch.setattr(sim, "_legal", lambda game: ([], []) if len(game.move_stack) == 4 else real_legal(game))
    settings = sim.Settings(seed=11, max_events=50)
    result = sim.play_game(settings, 2)
    assert result.ending == "stuck" and result.events == 4
    assert result.problem.startswith("no legal event and no winner: in Alice's play phase, Alice holds ")
    scenario = parse_scenario(result.scenario, "<stuck>")
    assert len(scenario.events) == 4 and scenario.players == ("Alice", "Bob")
    assert scenario.title == "simulate --seed 11: game 2 (stuck)"
    data = sim_report.report(settings, [result])
    assert data["endings"]["stuck"] == 1 and data["problems"][0]["game"] == 2
    assert dict(sim_report.problem_files(data)) == {"simulate-seed11-game2.yaml": result.scenario}


def test_histogram_and_percentiles():
    assert sim_report.histogram([3, 4, 4, 10], bins=4) == [
        {"from": 3, "to": 4, "games": 3},
        {"from": 5, "to": 6, "games": 0},
        {"from": 7, "to": 8, "games": 0},
        {"from": 9, "to": 10, "games": 1},
    ]
    stats = sim_report._distribution([1, 2, 3, 4])
    assert stats == {
        "games": 4,
        "min": 1,
        "max": 4,
        "mean": 2.5,
        "p10": 1.3,
        "p25": 1.75,
        "median": 2.5,
        "p75": 3.25,
        "p90": 3.7,
    }


def test_small_decks_play_to_their_end_without_a_problem():
    """Holiday's 24 cards run out: turns begin with an empty hand and nothing to draw, played out
    by their start alone (`legal.advance` stops there, as the event that begins them does)."""
    settings = sim.Settings(players=("Alice", "Bob", "Carol"), decks=("holiday",))
    results = [sim.play_game(settings, index) for index in range(16)]
    assert [r for r in results if r.ending in sim.PROBLEMS] == []
    assert sum(r.ending == "won" for r in results) >= 12


def test_a_win_with_a_choice_still_waiting_is_a_win():
    """Get On With It! ends Alice's turn; under limits_on_own_turn her Hand Limit asks at once,
    and the same check finds her winning: the choice left waiting is no dead end."""
    settings = sim.Settings(house_rules={"limits_on_own_turn": True}, max_events=600)
    result = sim.play_game(settings, 22)
    assert (result.ending, result.winner, result.problem) == ("won", "Alice", None)


def test_solo_games_are_dealt_as_solo_fluxx_and_scored():
    """One player: the New Rules form the Rules deck, cards that act on others are set aside
    (B-solo), and a game ends when a deck runs out, scored by its Goals (`over`, not `stuck`)."""
    settings = sim.Settings(players=("Alice",))
    assert "Exchange Keepers" not in sim.deck_names(settings.decks, solo=True)
    assert "Play 2" not in sim.deck_names(settings.decks, solo=True) and "Play 2" in sim.solo_rules_deck(settings.decks)
    dealt = sim.dealt_scenario(settings, random.Random(3))
    assert dealt.setup.rules_pile and all(card.type == "rule" for card in dealt.setup.rules_pile)
    pile, rules = [c.name for c in dealt.setup.draw_pile], [c.name for c in dealt.setup.rules_pile]
    written = parse_scenario(sim.scenario_text(sim.scenario_data(settings, dealt.seed, pile, rules_pile=rules)))
    assert written.setup.rules_pile == dealt.setup.rules_pile and written.setup.draw_pile == dealt.setup.draw_pile
    results = [sim.play_game(settings, index) for index in range(6)]
    assert {r.ending for r in results} == {"over"} and all(r.scored is not None for r in results)
    data = sim_report.report(settings, results)
    assert data["scored"]["games"] == 6 and data["length"]["turns"]["games"] == 6
    assert sim_report.report(sim.Settings(), results[:0]).keys() == data.keys() - {"scored", "scored_counted"}


def test_meta_rules_are_set_beside_the_basic_rules_not_dealt():
    """A Meta Rule is never played from a hand (B-meta-rules): dealt or drawn, it stuck the game."""
    settings = sim.Settings(decks=("fluxx5", "meta_rules"))
    assert "Keep Going" not in sim.deck_names(settings.decks)
    assert sim.scenario_data(settings, 0, [])["setup"]["rules"] == ["Keep Going"]
    results = [sim.play_game(settings, index) for index in range(8)]
    assert [r for r in results if r.ending in sim.PROBLEMS] == []
    assert any("B-keep-going" in r.rulings for r in results)


HOUSE_RULES = "keep_going, tie, limits_on_own_turn, simplify_minimum, surprise_window, creepers_block_wins, may_discard, starting_hand, goals_per_deck, proper_nouns, slang, allowed_words, banned_words, q2729, double_agenda_twin"  # noqa: E501
DECKS = "creeper_pack, fluxx4, fluxx5, fun_pack, holiday, meta_rules, oz, rick_and_morty, star, surprises, word"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9"], "--players 9: between 1 and 6 players, or a list of names (Ann,Ben,Cy)"),
        (["--players", "-1"], "--players -1: between 1 and 6 players, or a list of names (Ann,Ben,Cy)"),
        (["--players", "Al plays,Bo"], "--players Al plays,Bo: player name 'Al plays' contains an event verb"),
        (["--players", "Al,al"], "--players Al,al: player 'al' is listed twice"),
        (["--workers", "-1"], "--workers must be a whole number from 0 to 64 (0: all cores), not -1"),
        (["--games", "0"], "--games must be a whole number from 1 to 1,000,000,000, not 0"),
        (["--max-events", "0"], "--max-events must be a whole number from 1 to 10,000, not 0"),
        (["--decks", "fluxx55"], f"--decks fluxx55: unknown deck 'fluxx55' (decks: {DECKS}) (did you mean 'fluxx5'?)"),
        (["--decks", "holiday,holiday"], "--decks holiday,holiday: 'holiday' is named twice"),
        (["--decks", " , "], "--decks: give one deck or more, separated by commas"),
        (
            ["--house-rule", "no_such_rule=1"],
            f"unknown house rule 'no_such_rule' (house rules: {HOUSE_RULES})",
        ),
        (["-H", "oops"], "--house-rule takes NAME=VALUE, not 'oops'"),
        (["--compare", "oops"], "--compare takes NAME=VALUE, not 'oops'"),
        (["--compare", "tie=both"], "house rule `tie`: 'both' is not allowed (allowed: continue | shared)"),
        (["--save", "/etc/passwd"], "--save /etc/passwd: not a folder"),
        (["--save", "/etc/passwd/games"], "--save /etc/passwd/games: cannot write there: Not a directory"),
        (
            ["--decks", "rick_and_morty"],
            "--decks rick_and_morty: no Goal among their cards, so no game could be won;"
            " add a deck with Goals (creeper_pack, fluxx5, holiday, star, word)",
        ),
        (
            ["--decks", "fluxx4"],
            "--decks fluxx4: none of their Goals can be met with their Keepers and Creepers, so no game could be "
            "won; add a deck whose Goals can (creeper_pack, fluxx5, holiday, star, word)",
        ),
    ],
)
def test_bad_options_exit_2_with_a_message_naming_the_option(args, message, monkeypatch):
    """Every option is checked before the first game: none is played."""
    monkeypatch.setattr(sim_command, "play_game", lambda *a: pytest.fail("a game was played"))
    result = runner.invoke(app, ["simulate", "--games", "1", *args])
    assert result.exit_code == 2
    assert result.output == f"error: {message}\n"
    as_json = runner.invoke(app, ["simulate", "--games", "1", "--json", *args])
    assert as_json.exit_code == 2
    assert json.loads(as_json.output)["error"]["message"] + "\n" == message.split(" (did you mean")[0] + "\n"


def test_a_bad_house_rule_gets_the_same_message_from_every_command(tmp_path):
    """One parser for --house-rule: replay, check and simulate say the same, once, and with --json
    print one object (the parser's exit is no engine failure)."""
    path = tmp_path / "s.yaml"
    path.write_text("title: t\nplayers: [Alice, Bob]\nsetup: {}\nevents: []\n", encoding="utf-8")
    expected = f"error: unknown house rule 'tye' (house rules: {HOUSE_RULES}) (did you mean 'tie'?)\n"
    for command in (["replay", str(path)], ["check", str(path)], ["simulate", "--games", "1"]):
        result = runner.invoke(app, [*command, "--house-rule", "tye=shared"])
        assert (result.exit_code, result.output) == (2, expected), command
        result = runner.invoke(app, [*command, "-H", "tye=shared", "--json"])
        assert result.exit_code == 2
        assert json.loads(result.output) == {
            "error": {
                "file": None,
                "line": None,
                "message": f"unknown house rule 'tye' (house rules: {HOUSE_RULES})",
                "code": "bad-house-rule",
                "suggestions": ["tie"],
            }
        }, command


def test_decks_whose_card_names_clash_are_dealt_with_their_decks_named():
    """Holiday's Fruitcake Keeper and the Fun Pack's Fruitcake Creeper: written as a scenario does."""
    names = sim.deck_names(("holiday", "fun_pack"))
    assert "Fruitcake (holiday)" in names and "Fruitcake (fun_pack)" in names and "Fruitcake" not in names
    assert "Fruitcake" in sim.deck_names(("holiday",))
    result = runner.invoke(app, ["simulate", "--games", "2", "--workers", "1", "--decks", "holiday,fun_pack", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 2


def test_text_report():
    result = runner.invoke(
        app, ["simulate", "--games", "2", "--max-events", "6", "--workers", "1", "--players", "Ann,Ben,Cy"]
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "2 random games: Ann, Ben, Cy" in out and "Endings: won 0, capped 2" in out
    assert "Wins by seat" in out and "Rulings that decided steps" in out
    assert "Games that hit the cap of 6 events: 0, 1" in out


def test_house_rules_go_into_every_game_and_compare_sets_runs_side_by_side():
    from adjudicator.model.house_rules import parse_assignments

    settings = sim.Settings(house_rules=parse_assignments(["keep_going=2", "tie=shared"]))
    assert settings.house_rules == {"keep_going": "2", "tie": "shared"}
    data = sim.scenario_data(settings, 5, ["Milk"])
    assert data["house_rules"] == {"keep_going": "2", "tie": "shared"}
    assert sim.dealt_scenario(settings, random.Random(1)).house_rules.keep_going == 2
    assert data["setup"] == {"turn": "Alice", "phase": "deal", "draw_pile": ["Milk"]}
    base = {
        "length": {"turns": {"median": 20.0, "mean": 21.5, "p90": 30.0}, "events": {"median": 50.0, "mean": 52.0}},
        "endings": {"won": 10, "capped": 0},
    }
    longer = {
        "length": {"turns": {"median": 26.0, "mean": 27.0, "p90": 41.0}, "events": {"median": 61.0, "mean": 60.5}},
        "endings": {"won": 9, "capped": 1},
    }
    rows = {row["figure"]: row for row in sim_report.comparison(base, longer)}
    assert rows["median turns"] == {"figure": "median turns", "base": 20.0, "variant": 26.0, "change": 6.0}
    assert rows["games capped"]["change"] == 1 and rows["mean events"]["change"] == 8.5


def test_an_engine_error_is_reported_with_where_it_was_raised(monkeypatch):
    def broken(game, event):
        raise IndexError("list index out of range")

    monkeypatch.setattr(sim, "_apply", broken)
    result = sim.play_game(sim.Settings(max_events=5), 0)
    assert result.ending == "crashed" and result.events == 1
    assert result.problem.startswith("IndexError: list index out of range (at ")
    assert result.problem.endswith("in broken)")
    assert "A random legal game" not in result.scenario and "game 0 (crashed)" in result.scenario


def test_a_dealt_game_is_the_game_its_scenario_file_deals():
    from adjudicator.engine.game import Game
    from adjudicator.loading.scenario import parse_scenario
    from adjudicator.simulate import Settings, dealt_scenario, deck_names, scenario_data, scenario_text

    settings = Settings(house_rules={"starting_hand": 4})
    for index in range(3):
        dealt = dealt_scenario(settings, random.Random(index))
        names = deck_names(settings.decks)
        again = random.Random(index)
        again.shuffle(names)
        seed = again.randrange(2**31)
        written = parse_scenario(scenario_text(scenario_data(settings, seed, names)), "<written>")
        assert dealt.seed == written.seed
        assert [c.name for c in dealt.setup.draw_pile] == [c.name for c in written.setup.draw_pile]
        assert [s.text for s in Game(dealt).steps] == [s.text for s in Game(written).steps]


NIGHTLY = os.environ.get("ADJUDICATOR_PROPERTY") == "nightly"

#: Tables beyond the default one, each of which once had games end in a fault: small decks that
#: run out, a Meta Rule, Solo Fluxx, limits on one's own turn, and more players.
TABLES = [
    (("holiday",), 3, {}),
    (("fluxx5", "meta_rules"), 2, {}),
    (sim.DEFAULT_DECKS, 1, {}),
    (("holiday", "creeper_pack", "surprises"), 1, {}),
    (sim.DEFAULT_DECKS, 5, {}),
    (sim.DEFAULT_DECKS, 2, {"limits_on_own_turn": True}),
    (sim.DEFAULT_DECKS, 1, {"limits_on_own_turn": True}),
    (("word",), 3, {}),
    (("star", "surprises"), 4, {}),
]


@pytest.mark.parametrize(("decks", "players", "house_rules"), TABLES)
def test_random_games_on_every_kind_of_table_end_without_a_fault(decks, players, house_rules):
    """A few games per table on every run; the nightly profile (.ci/nightly) plays 40 new ones."""
    seed = random.SystemRandom().randrange(10**9) if NIGHTLY else 0
    settings = sim.Settings(
        players=sim.DEFAULT_NAMES[:players], decks=decks, house_rules=house_rules, max_events=400, seed=seed
    )
    results = [sim.play_game(settings, index) for index in range(40 if NIGHTLY else 3)]
    faults = [(r.index, r.ending, r.problem) for r in results if r.ending in sim.PROBLEMS]
    assert not faults, f"--seed {seed}: {faults}"


@pytest.mark.skipif(not NIGHTLY, reason="the nightly profile (.ci/nightly): 20,000 new games over every table")
def test_nightly_games_over_every_deck_set_and_house_rule(capsys):
    """At least 20,000 games (`ADJUDICATOR_NIGHTLY_GAMES`) over every deck set x house-rule
    setting x 1-6 players, the default decks among them (tests/nightly_games.py): no fault."""
    import nightly_games

    assert sim.DEFAULT_DECKS in nightly_games.DECK_SETS and {} in nightly_games.HOUSE_RULES
    games = int(os.environ.get("ADJUDICATOR_NIGHTLY_GAMES", nightly_games.GAMES))
    with capsys.disabled():  # the totals and each fault, as they come
        counts = nightly_games.run(games)
    assert counts["games"] >= games
    faults = sum(counts[ending] for ending in sim.PROBLEMS)
    assert not faults, nightly_games.summary(counts)


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to find the workers")
def test_a_killed_parent_leaves_no_worker():
    import signal
    import subprocess
    import sys
    import time

    parent = subprocess.Popen(
        [sys.executable, "-m", "adjudicator", "simulate", "--games", "1000000", "--workers", "2", "--json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while len(workers := _children(parent.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(workers) >= 2, "the workers never started"
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    deadline = time.monotonic() + 15
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [pid for pid in workers if _alive(pid)]
    for pid in left:  # do not leave them behind if the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left


def test_the_tally_lists_a_bounded_number_of_games():
    """A million games keep a million nothing: lengths are counted by value, and only the first
    capped and faulty games are listed (the endings count them all)."""
    tally = sim_report.Tally(sim.Settings())
    for index in range(5000):
        ending = ("won", "capped", "stuck")[index % 3]
        tally.add(sim.GameResult(index, ending, "Alice" if ending == "won" else None, 10 + index % 7, 30, {"R01": 1}))
    data = tally.report()
    assert data["endings"]["capped"] == 1667 and data["capped"] == list(range(1, 300, 3))
    assert data["endings"]["stuck"] == 1666 and [p["game"] for p in data["problems"]] == list(range(2, 60, 3))
    assert len(tally.turns) == 7 and data["length"]["turns"]["games"] == 1667
    assert data["rulings"] == [{"id": "R01", "steps": 5000, "games": 5000}]


def test_the_games_that_went_wrong_are_written_as_they_come(monkeypatch, tmp_path):
    real_legal = sim._legal
    monkeypatch.setattr(sim, "_legal", lambda game: ([], []) if len(game.move_stack) == 2 else real_legal(game))
    folder = tmp_path / "new" / "folder"
    result = runner.invoke(app, ["simulate", "--games", "3", "--workers", "1", "--save", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == [f"simulate-seed0-game{i}.yaml" for i in range(3)]
    assert json.loads(result.output)["endings"]["stuck"] == 3


def test_what_the_loader_still_refuses_is_reported_against_the_options(monkeypatch):
    """Never against `<simulate>:N`, a file the run writes for itself."""
    monkeypatch.setattr(sim, "deck_names", lambda decks, solo=False: ["Milkk"])
    sim._TEMPLATES.clear()
    result = runner.invoke(app, ["simulate", "--games", "1", "--players", "Ann,Ben", "-H", "tie=shared"])
    sim._TEMPLATES.clear()
    assert result.exit_code == 2
    assert result.output == (
        "error: --players Ann,Ben --decks fluxx5,creeper_pack,surprises --house-rule tie=shared: unknown card 'Milkk'"
        " (did you mean 'Milk' or 'Chocolate Milk'?)\n"
    )


#: A house-rule set per table of the logging test, round robin: each rule that changes play.
HOUSE_RULE_SETS = [
    {},
    {"keep_going": 2},
    {"tie": "shared"},
    {"limits_on_own_turn": True},
    {"surprise_window": "end_of_turn"},
    {"creepers_block_wins": False},
    {"may_discard": True},
    {"starting_hand": 4},
    {"goals_per_deck": True},
]


def logging_tables() -> list[tuple[tuple[str, ...], int, dict]]:
    """Every built-in deck (one without Goals with the 5.0 deck), with two to four players or
    Solo, and a house-rule set each."""
    from adjudicator.cards.catalog import builtin

    found = []
    for index, name in enumerate(builtin().decks):
        decks = (name,) if sim.winnable((name,)) else ("fluxx5", name)
        found.append((decks, (2, 3, 1, 4)[index % 4], HOUSE_RULE_SETS[index % len(HOUSE_RULE_SETS)]))
    return found + [(sim.DEFAULT_DECKS, 2, rules) for rules in HOUSE_RULE_SETS[1:]]


@pytest.mark.parametrize(("decks", "players", "house_rules"), logging_tables())
def test_games_played_without_a_log_replay_through_the_logging_path_to_the_same_end(decks, players, house_rules):
    """`simulate` plays without a log (`Game(log=False)`: no step records, rulings counted): its
    games, written out and replayed as scenario files (every step recorded), end the same way --
    winner, turns, events -- with the same rulings cited the same number of times."""
    from adjudicator.engine.legal import make_event
    from adjudicator.engine.replay import replay

    settings = sim.Settings(players=sim.DEFAULT_NAMES[:players], decks=decks, house_rules=house_rules, max_events=300)
    for index in range(2):
        result = sim.play_game(settings, index, keep_scenario=True)
        assert result.ending in ("won", "over", "capped"), (result.ending, result.problem)
        game = replay(parse_scenario(result.scenario, "<simulate>"))
        assert len(game.move_stack) == result.events
        if result.ending in ("won", "over") and not (game.winner or game.ended):
            # Decided as the next turn began, before any event could come: its `P begins` takes it.
            game.push(make_event(result.events + 1, game.next_player(), "begin_turn"))
        # A capped game may stop on a choice left waiting at the cap (no fault, `simulate.ENDINGS`).
        assert not game.stopped or result.ending == "capped", game.stopped
        assert game.winner == result.winner and bool(game.ended) == (result.ending == "over")
        assert sum(s.kind == "TurnBegan" for s in game.steps) == result.turns
        assert not any(s.kind == "Rejected" for s in game.steps)
        if game.move_stack[-1].action != "begin_turn":
            assert dict(sorted(game.citations().items())) == result.rulings


def test_a_game_of_decks_that_print_one_name_twice_is_written_with_the_deck_in_its_events():
    """Holiday's Fruitcake is a Keeper, the Fun Pack's a Creeper: a saved game names the one it
    plays, or the file would not load (an ambiguous name)."""
    from adjudicator.engine.replay import replay

    settings = sim.Settings(decks=("holiday", "fun_pack"))
    result = next(
        r
        for r in (sim.play_game(settings, index, keep_scenario=True) for index in range(20))
        if "Fruitcake" in r.scenario.split("events:")[1]
    )
    events = result.scenario.split("events:")[1]
    assert "Fruitcake (holiday)" in events or "Fruitcake (fun_pack)" in events
    game = replay(parse_scenario(result.scenario, "<simulate>"))
    assert len(game.move_stack) == result.events
    assert not any(s.kind == "Rejected" for s in game.steps)


def test_player_names_that_look_like_terminal_markup_are_printed_as_written():
    """Rich reads `[/]` as markup: a player so named ended the report in a MarkupError traceback."""
    result = runner.invoke(app, ["simulate", "--games", "1", "--workers", "1", "--players", "Al[/],[bold]Bo"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(
        "1 random games: Al[/], [bold]Bo; decks fluxx5, creeper_pack, surprises; house rules: none; seed 0; "
        "cap 1000 events\n"
    )
    assert "│ Al[/]  " in result.output and "│ [bold]Bo " in result.output


#: A Solo game (seed 1313, game 231) whose deck runs out in the eleventh of the turns that play out
#: at their start: one `P begins` takes them all (eleven were written, and ten refused).
_RUNS_OUT_AFTER_TURNS_PLAYED_OUT = {"decks": ("fluxx5", "creeper_pack"), "seed": 1313, "max_events": 300}


@pytest.mark.parametrize(
    ("players", "house_rules", "index", "other"),
    [
        (1, {"limits_on_own_turn": True}, 31, {}),  # turns played out at their start, one after the other
        (1, {"limits_on_own_turn": True}, 231, _RUNS_OUT_AFTER_TURNS_PLAYED_OUT),
        (1, {}, 0, {}),  # the Main deck runs out as a turn begins
        (2, {}, 21, {}),  # a win decided as the next turn begins
        *[(players, {}, index, {}) for players in (1, 2, 3) for index in range(8)],
    ],
)
def test_a_saved_game_ends_where_the_game_ended(players, house_rules, index, other):
    """Issue 29, items 5 and 6: a game that ended in the steps before any event could come (the
    driver's advance) is written with the `P begins` events that take them, and replays to the
    same end after the same number of turns; `P begins` in Solo goes on through turns that play
    out at their start, as the generator does."""
    from adjudicator.engine.replay import replay
    from adjudicator.model import records as rec

    settings = sim.Settings(
        players=sim.DEFAULT_NAMES[:players], house_rules=house_rules, **{"max_events": 400, **other}
    )
    result = sim.play_game(settings, index, keep_scenario=True)
    game = replay(parse_scenario(result.scenario, "<saved>"))
    assert not game.stopped and not any(isinstance(s, rec.Rejected) for s in game.steps)
    if result.ending == "won":
        assert game.winner == result.winner
    if result.ending == "over":
        assert game.ended
    assert sum(isinstance(s, rec.TurnBegan) for s in game.steps) == result.turns


def test_the_games_set_what_was_built_before_them_aside_from_the_collector_and_back():
    import gc

    assert gc.get_freeze_count() == 0
    played = sim_command.results(sim.Settings(decks=("fluxx5",)), 2)
    first = next(played)
    assert gc.get_freeze_count() > 0  # while the games play: no full collection walks the start-up
    assert [first.index, *(result.index for result in played)] == [0, 1]
    assert gc.get_freeze_count() == 0  # set back once they are over
