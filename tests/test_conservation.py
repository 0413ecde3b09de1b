"""No card is lost or duplicated by any scenario: the cards of the setup are, at the end of
the replay (stopped or not), each in exactly one zone of `Game.zones()`."""

from collections import Counter
from pathlib import Path

import pytest

from adjudicator.checking import scenario_files
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(scenario_files([ROOT / "scenarios"]))


def setup_cards(scenario) -> Counter:
    setup = scenario.setup
    cards = [*setup.rules, *setup.goals, *setup.draw_pile, *setup.discard, *setup.rules_pile]
    for zone in (setup.hands, setup.in_play):
        for held in zone.values():
            cards += held
    return Counter(map(id, cards))  # `?` cards are one object: counted with multiplicity


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_cards_are_conserved(path: Path):
    scenario = load_scenario(path)
    game = replay(scenario)
    found = Counter(id(card) for cards in game.zones().values() for card in cards)
    names = {id(card): card.name for cards in game.zones().values() for card in cards}
    before = setup_cards(scenario)
    lost = before - found
    gained = found - before
    assert not lost and not gained, (
        f"lost {[names.get(i, i) for i in lost.elements()]}, gained {[names[i] for i in gained.elements()]}"
    )
