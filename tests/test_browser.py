"""The HTML report in a real browser: Debian's Chromium, headless, driven by Playwright.

`.ci/run` installs Chromium from the system's packages when /usr/bin/chromium is missing; a
machine without it skips these tests and says why. No browser is ever downloaded: Playwright
is pointed at the system's Chromium.
"""

from pathlib import Path

import pytest
from chromium import CHROMIUM, launch
from typer.testing import CliRunner

from adjudicator.boards import cards_of
from adjudicator.cli import app
from adjudicator.engine.replay import recorded_replay
from adjudicator.loading.scenario import parse_scenario

ROOT = Path(__file__).resolve().parents[1]
DRAW3 = ROOT / "scenarios/examples/draw3-then-draw2.yaml"
WORD = ROOT / "scenarios/word/spell-flux.yaml"

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (.ci/run installs it: apt-get)")


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install '.[test]')")
    with sync_api.sync_playwright() as driver:
        launched = launch(driver)
        yield launched
        launched.close()


def _report(path: Path, tmp_path: Path) -> Path:
    result = CliRunner().invoke(app, ["replay", "--format", "html", str(path)])
    assert result.exit_code == 0, result.output
    page = tmp_path / (path.stem + ".html")
    page.write_text(result.output, encoding="utf-8")
    return page


class Watched:
    """A page with every request that leaves the file, every console error and page error kept."""

    def __init__(self, browser, width: int = 1280, height: int = 900) -> None:
        self.page = browser.new_page(viewport={"width": width, "height": height})
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: None if r.url.startswith("file://") else self.requests.append(r.url))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def board(self) -> dict:
        """What the page shows: the step, each player's hand and Keepers, Rules, Goals, pile counts."""
        return self.page.evaluate(
            """() => {
              const v = document.querySelector('.viewer'), b = v.querySelector('.board');
              const names = z => z ? [...z.querySelectorAll('.card')].map(c => c.textContent) : [];
              const piles = b.querySelector('[data-zone=piles]');
              return {
                step: Number(v.dataset.step),
                goals: names(b.querySelector('[data-zone=goals]')),
                rules: names(b.querySelector('[data-zone=rules]')),
                draw: Number(piles.dataset.draw), discard: Number(piles.dataset.discard),
                seats: Object.fromEntries([...b.querySelectorAll('.seat')].map(s => [s.dataset.player, {
                  hand: names(s.querySelector('[data-zone=hand]')),
                  in_play: names(s.querySelector('[data-zone=in_play]'))}])),
                moved: [...b.querySelectorAll('.card.moved')].map(c => c.textContent),
              };
            }"""
        )


def _expected(path: Path) -> tuple[dict[int, dict], list]:
    """The board after each step, from the positions the replay recorded (card ids to names)."""
    log = recorded_replay(parse_scenario(path.read_text(encoding="utf-8"), str(path)))
    cards = cards_of(log.game, log)

    def names(idents):
        return [cards[ident].name for ident in idents]

    boards = {}
    for number, position in log.positions.items():
        boards[number] = {
            "step": number,
            "goals": names(position.goals),
            "rules": names((*position.meta_rules, *position.rules)),
            "draw": len(position.draw_pile),
            "discard": len(position.discard),
            "seats": {
                player: {"hand": names(hand), "in_play": names(kept)}
                for (player, hand), (_same, kept) in zip(position.hands, position.in_play, strict=True)
            },
        }
    return boards, list(log)


def test_the_keys_step_through_the_boards_of_the_replay(browser, tmp_path):
    page = _report(DRAW3, tmp_path)
    expected, steps = _expected(DRAW3)
    watched = Watched(browser)
    watched.page.goto(page.as_uri())
    shown = watched.board()
    assert shown["step"] == len(steps)  # no dispute: the board after the last step of the last event
    watched.page.keyboard.press("Home")
    assert watched.board()["step"] == 0
    for _ in range(3):
        watched.page.keyboard.press("ArrowRight")
    after_three = watched.board()
    assert {key: after_three[key] for key in expected[3]} == expected[3]
    assert after_three["seats"]["Alice"]["hand"] == ["Milk", "Cookies"]  # step 3: she plays Draw 3
    assert "Draw 3" not in after_three["seats"]["Alice"]["hand"]
    for number in (4, 5, 6, 7):  # on through Draw 3 taking effect: the cards she draws are marked moved
        watched.page.keyboard.press("ArrowRight")
        shown = watched.board()
        assert {key: shown[key] for key in expected[number]} == expected[number]
    assert sorted(shown["moved"]) == ["Bread", "Chocolate"], steps[6].text
    watched.page.keyboard.press("ArrowLeft")
    assert watched.board()["step"] == 6
    watched.page.click('li[data-step="12"]')
    shown = watched.board()
    assert {key: shown[key] for key in expected[12]} == expected[12]
    assert watched.page.get_attribute('li[data-step="12"]', "aria-current") == "step"
    assert watched.requests == []
    assert watched.errors == []


def test_a_word_fluxx_report_opens_at_the_win_and_makes_no_request_on_a_phone(browser, tmp_path):
    page = _report(WORD, tmp_path)
    expected, steps = _expected(WORD)
    watched = Watched(browser, 390, 844)
    watched.page.goto(page.as_uri())
    shown = watched.board()
    won = next(i for i, step in enumerate(steps, 1) if step.kind == "Won")
    assert shown["step"] == won
    assert {key: shown[key] for key in expected[won]} == expected[won]
    assert shown["seats"]["Alice"]["in_play"] == ["Letter F", "Letter L", "Letter U", "Letter X"]
    width = watched.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing wider than the phone: no sideways scrolling
    assert watched.requests == []
    assert watched.errors == []


def test_explore_and_simulate_pages_open_clean(browser, tmp_path):
    pages = {
        "explore": [
            "explore",
            "--format",
            "html",
            "--at",
            "2",
            str(ROOT / "scenarios/surprises/R52-canceled-plans-stops-a-win.yaml"),
        ],
        "simulate": ["simulate", "--games", "2", "--max-events", "60", "--workers", "1", "--format", "html"],
    }
    for name, command in pages.items():
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 0, result.output
        path = tmp_path / f"{name}.html"
        path.write_text(result.output, encoding="utf-8")
        watched = Watched(browser)
        watched.page.goto(path.as_uri())
        if name == "explore":  # two viewers: the keys step the one last clicked
            viewers = watched.page.locator(".viewer")
            assert viewers.count() == 2
            second = viewers.nth(1)
            second.locator("li[data-step]").first.click()
            assert second.get_attribute("data-step") == "1"
            watched.page.keyboard.press("ArrowRight")
            assert second.get_attribute("data-step") == "2"
            assert viewers.nth(0).get_attribute("data-step") != "2"
        assert watched.requests == [], name
        assert watched.errors == [], name
