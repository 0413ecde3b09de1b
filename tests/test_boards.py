"""The board after each step: recorded by the replay only when asked, read into boards by the
verdict layer, the same as the game's own position at every step."""

from dataclasses import replace

import pytest

from adjudicator.boards import board_of, cards_of, replay_with_boards
from adjudicator.engine.replay import recorded_replay, replay
from adjudicator.loading.scenario import parse_scenario
from adjudicator.log.outline import HEAD, LONG_LOG, TAIL
from adjudicator.simulate import Settings, play_game

HIDDEN = """
title: Bob's hand is hidden but for its size
players: [Alice, Bob]
setup:
  turn: Alice
  hands: {Alice: [Milk, Draw 2 and Use 'Em], Bob: ['?', '?', '?']}
  draw_pile: [Cookies, Bread, Time, Sleep]
  discard: [Jackpot!]
events:
  - Alice plays Draw 2 and Use 'Em
"""


def test_every_step_has_the_board_of_the_position_after_it():
    scenario = parse_scenario(HIDDEN, "hidden.yaml")
    log = recorded_replay(scenario)
    plain = replay(scenario)
    assert [step.text for step in log] == [step.text for step in plain.steps]  # recording changes nothing
    assert sorted(log.positions) == list(range(len(log) + 1))
    assert log.positions[len(log)] == plain.position()
    game, boards = replay_with_boards(scenario)
    assert [board.step for board in boards] == list(range(len(log) + 1))
    opened = next(b for b in boards if b.temp_hands and b.temp_hands[0].cards)  # Draw 2 and Use 'Em draws into it
    [frame] = opened.temp_hands
    assert (frame.player, frame.source.name, [c.name for c in frame.cards]) == (
        "Alice",
        "Draw 2 and Use 'Em",
        ["Cookies", "Bread"],
    )
    assert [card.name for _player, card in opened.being_played] == ["Draw 2 and Use 'Em"]
    first = boards[0]
    assert [c.name for c in first.seat("Bob").hand] == ["?", "?", "?"]  # hidden: the size alone is known
    assert first.discard_top is not None and first.discard_top.name == "Jackpot!"
    assert first.moved == frozenset()
    assert frame.plays_owed == 2 and [c.name for c in opened.seat("Alice").hand] == ["Milk"]  # set aside, still held
    assert {ident.split(" (")[0] for ident in opened.moved} == {"Cookies", "Bread"}  # what the step moved


def test_a_long_log_records_only_the_boards_it_shows():
    result = play_game(Settings(max_events=400, seed=2), 0, keep_scenario=True)
    assert result.scenario is not None
    scenario = parse_scenario(result.scenario, "long.yaml")
    full = recorded_replay(scenario)
    total = len(full)
    assert total > LONG_LOG
    game, boards = replay_with_boards(scenario)
    shown = [board.step for board in boards]
    assert shown == [*range(HEAD + 1), *range(total - TAIL, total + 1)]
    cards = cards_of(game, full)
    for board in (boards[3], boards[-2], boards[-1]):
        step = full[board.step - 1]
        moved = [card for card, _, _ in step.moves]
        assert board == board_of(
            full.positions[board.step], cards, board.step, moved, step.event, full.owed[board.step]
        )
    _game, every = replay_with_boards(scenario, full=True)
    assert len(every) == total + 1


def test_copies_of_a_recording_game_record_nothing():
    scenario = parse_scenario(HIDDEN, "hidden.yaml")
    log = recorded_replay(replace(scenario, events=()))
    assert log.game is not None
    copy = log.game.copy()
    assert type(copy.steps) is list and copy.steps == list(log)
    before = dict(log.positions)
    copy.push(scenario.events[0])
    assert log.positions == before and len(log) == len(before) - 1


@pytest.mark.parametrize(
    "deck, events",
    [("fluxx5", 150), ("creeper_pack,fluxx5,surprises", 150), ("holiday", 150), ("star", 150), ("word", 25)],
)
def test_recording_a_random_game_changes_nothing(deck, events):
    """(A random Word Fluxx game lists its legal events slowly: a shorter one.)"""
    settings = Settings(decks=tuple(deck.split(",")), max_events=events, seed=11)
    result = play_game(settings, 0, keep_scenario=True)
    assert result.scenario is not None
    scenario = parse_scenario(result.scenario, f"{deck}.yaml")
    plain = replay(scenario)
    log = recorded_replay(scenario)
    assert [step.text for step in log] == [step.text for step in plain.steps]
    assert log.positions[len(log)] == plain.position()
    cards = cards_of(plain, plain.steps)
    for number in (1, len(log) // 2, len(log)):
        board = board_of(log.positions[number], cards, number)
        position = log.positions[number]
        assert [len(seat.hand) for seat in board.seats] == [len(hand) for _player, hand in position.hands]
        assert [c.ident for c in board.goals] == list(position.goals)
