"""`replay --format markdown|html|json|text` and long logs (`--full`)."""

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import report
from adjudicator.cli import app
from adjudicator.engine.replay import replay
from adjudicator.loading.scenario import parse_scenario
from adjudicator.log import outline
from adjudicator.verdict import build_verdict

ROOT = Path(__file__).resolve().parents[1]
R52 = ROOT / "scenarios" / "surprises" / "R52-canceled-plans-stops-a-win.yaml"
runner = CliRunner()

HOSTILE = """\
title: 'Is <script>alert(1)</script> & *bold* fair?'
question: 'Bob said "<b>no</b>" -- who is right?'
players: [Alice, Bob]
cards:
  - {name: "Star*Dust <i>", type: keeper}
setup:
  turn: Alice
  hands: {Alice: ["Star*Dust <i>", Milk]}
events:
  - Alice plays Star*Dust <i>
"""


def invoke(*args: str) -> str:
    result = runner.invoke(app, ["replay", *args])
    assert result.exit_code == 0, result.output
    return result.output


def long_scenario(tmp_path: Path, events: int) -> Path:
    lines = "\n".join(f"  - {'Alice' if i % 2 == 0 else 'Bob'} plays Jackpot!" for i in range(events))
    path = tmp_path / "long.yaml"
    path.write_text(
        f"title: a long game\nplayers: [Alice, Bob]\nsetup:\n  hands: {{Alice: [Jackpot!]}}\nevents:\n{lines}\n"
    )
    return path


# ------------------------------------------------------------------ markdown
def test_markdown_report_has_every_part_in_reading_order():
    text = invoke("--format", "markdown", str(R52))
    parts = [
        "## Canceled Plans on a winning Goal stops the win",
        "> Alice put down a Goal she already meets.",
        "**Answer:** Every event is legal; Bob's Canceled Plans cancels Alice's Milk & Cookies (Milk & Cookies "
        "never takes effect and goes to the discard pile) [R52, R51, R45",
        "**Verdict:** No winner yet. It is Alice's turn with 1 play left.",
        "**Position after the replay**",
        "- **Alice (turn)**: hand: Sleep; in play: Milk, Cookies",
        "**Log**",
        "*Event 2: Bob plays Canceled Plans*",
        "6. Bob's Canceled Plans cancels Alice's Milk & Cookies: Milk & Cookies never takes effect",
        "**Rulings cited**",
        "- **R52**: The matching Surprise, played promptly, cancels a winning Goal or Keeper play;",
    ]
    positions = [text.index(p) for p in parts]
    assert positions == sorted(positions)
    assert "<" not in text.replace("<https://", "")  # no HTML for chats that would show it raw


def test_markdown_escapes_what_would_change_the_formatting():
    game = replay(parse_scenario(HOSTILE))
    text = report.to_markdown(build_verdict(game))
    assert "## Is \\<script>alert(1)\\</script> & \\*bold\\* fair?" in text
    assert "Alice plays Star\\*Dust \\<i> (play 1 under Play 1)" in text


# ------------------------------------------------------------------ HTML
class _Checker(HTMLParser):
    """Checks nesting (every tag closed in order), and collects tags, attributes and text."""

    VOID = {"meta", "br", "img", "hr", "link", "input"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)

    def check(self, page: str) -> "_Checker":
        self.feed(page)
        self.close()
        assert self.problems == [] and self.stack == [], (self.problems, self.stack)
        return self


def test_html_report_is_one_balanced_self_contained_page():
    page = invoke("--format", "html", str(R52))
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">')
    checker = _Checker().check(page)
    tags = [t for t, _ in checker.tags]
    ids = [a.get("id") for _, a in checker.tags if a.get("id")]
    assert {"answer", "position", "log", "rulings", "see-also"} <= set(ids)
    assert "ruling-R52" in ids
    assert "img" not in tags
    assert [a for t, a in checker.tags if t == "link"] == [{"rel": "icon", "href": "data:,"}]  # no favicon request
    assert tags.count("script") == 2  # the boards as JSON, and the script that draws them: both inline
    for tag, attrs in checker.tags:  # nothing to fetch: only in-page anchors and links to sources
        assert "src" not in attrs
        if tag != "link":
            assert attrs.get("href", "#").startswith(("#", "https://", "http://"))
    assert tags.count("style") == 1
    text = " ".join(checker.text)
    assert (
        "Every event is legal; Bob's Canceled Plans cancels Alice's Milk & Cookies (Milk & Cookies never takes "
        "effect and goes to the discard pile) [R52, R51, R45"
    ) in text
    assert "The matching Surprise, played promptly, cancels a winning Goal or Keeper play" in text
    items = [a for t, a in checker.tags if t == "li" and "value" in a]
    assert [a["value"] for a in items] == ["1", "2", "3", "4", "5", "6"]


def test_html_escapes_every_text_from_the_scenario():
    page = report.to_html(build_verdict(replay(parse_scenario(HOSTILE))))
    checker = _Checker().check(page)
    assert [t for t, _ in checker.tags if t in ("script", "b", "i")] == []
    text = "".join(checker.text)
    assert "Is <script>alert(1)</script> & *bold* fair?" in text
    assert 'Bob said "<b>no</b>" -- who is right?' in text
    assert "Alice plays Star*Dust <i> (play 1 under Play 1)" in text
    # outside tags, no raw '<' is left in the page
    assert re.findall(r"<(?![a-z/!])", page) == []


# ------------------------------------------------------------------ formats
def test_json_alias_and_format_json_print_the_same():
    assert json.loads(invoke("--json", str(R52))) == json.loads(invoke("--format", "json", str(R52)))


def test_unknown_format_is_bad_input():
    result = runner.invoke(app, ["replay", "--format", "pdf", str(R52)])
    assert result.exit_code == 2
    assert "--format must be one of text, json, markdown, html, not 'pdf'" in result.output


# ------------------------------------------------------------------ long logs
def test_a_long_log_shows_its_first_and_last_steps(tmp_path):
    path = long_scenario(tmp_path, 300)
    steps = len(replay(parse_scenario(path.read_text())).steps)
    assert steps > outline.LONG_LOG
    text = invoke(str(path))
    skipped = steps - outline.HEAD - outline.TAIL
    assert f"... {skipped:,} steps of " in text and "(--full shows them all)" in text
    numbered = [int(m) for m in re.findall(r"^\s+(\d+)\. ", text, re.M)]
    assert numbered == [*range(1, outline.HEAD + 1), *range(steps - outline.TAIL + 1, steps + 1)]
    assert "Answer: Every event is legal;" in text


def test_full_shows_every_step(tmp_path):
    path = long_scenario(tmp_path, 300)
    steps = len(replay(parse_scenario(path.read_text())).steps)
    text = invoke("--full", str(path))
    assert "skipped" not in text
    numbered = [int(m) for m in re.findall(r"^\s+(\d+)\. ", text, re.M)]
    assert numbered == list(range(1, steps + 1))


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_reports_of_a_long_log_are_cut_too(tmp_path, fmt):
    path = long_scenario(tmp_path, 300)
    short = invoke("--format", fmt, str(path))
    full = invoke("--format", fmt, "--full", str(path))
    assert "(--full shows them all)" in short and "(--full shows them all)" not in full
    assert len(short) < len(full) / 3


def test_outline_repeats_the_heading_of_an_event_cut_in_two():
    events = "\n".join(f"  - {'Alice' if i % 2 == 0 else 'Bob'} plays Jackpot!" for i in range(40))
    game = replay(
        parse_scenario(f"title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {{Alice: [Jackpot!]}}\nevents:\n{events}\n")
    )
    items = list(outline.outline(game.steps, {e.number: e.text for e in game.scenario.events}))
    skip = next(i for i, item in enumerate(items) if isinstance(item, outline.Skipped))
    after = items[skip + 1]
    assert isinstance(after, outline.Heading)
    line_after = next(item for item in items[skip:] if isinstance(item, outline.Line))
    assert after.event == line_after.step.event
    resume = len(game.steps) - outline.TAIL
    assert after.continued == (game.steps[resume - 1].event == game.steps[resume].event)


def test_json_of_a_long_log_is_compact_and_complete(tmp_path):
    path = long_scenario(tmp_path, 300)
    text = invoke("--json", str(path))
    data = json.loads(text)
    assert text.count("\n") == 1  # one line: the fast encoder
    assert (
        len(data["steps"]) > outline.LONG_LOG
        and data["steps"][0]["text"] == "Alice plays Jackpot! (play 1 under Play 1)"
    )
    short = invoke("--json", str(R52))
    assert short.startswith('{\n  "title": ')


@pytest.mark.skipif(
    shutil.which("chromium") is None, reason="no chromium here; the html.parser tests above still check the page"
)
def test_a_real_browser_builds_the_same_page(tmp_path):
    """Chromium parses the page into exactly the elements we wrote: nothing misnested for it
    to repair, no script, the scenario's text shown as text."""
    page = report.to_html(build_verdict(replay(parse_scenario(HOSTILE))))
    path = tmp_path / "report.html"
    path.write_text(page, encoding="utf-8")
    dom = subprocess.run(
        [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--dump-dom",
            path.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    ours, browsers = _Checker().check(page), _Checker().check(dom)
    assert [t for t, _ in browsers.tags] == [t for t, _ in ours.tags]
    assert "Is <script>alert(1)</script> & *bold* fair?" in "".join(browsers.text)


def test_markdown_links_a_rulings_source():
    text = invoke("--format", "markdown", str(ROOT / "scenarios/creepers/win-after-paying-taxes.yaml"))
    assert (
        "- **R02**: Using a power printed on a Keeper or Creeper is free; it never counts against the Play rule. "
        "(Fluxx FAQ, answer 2 <https://faq.looneylabs.com/question/136>)" in text
    )


@pytest.mark.parametrize(
    "fmt, line",
    [("markdown", "House rules: tie: shared"), ("html", '<p class="house-rules">House rules: tie: shared</p>')],
)
def test_reports_show_the_house_rules_and_a_shared_win(fmt, line):
    text = invoke("--format", fmt, str(ROOT / "scenarios/house_rules/tie-shared.yaml"))
    assert line in text
    assert "Bob and Carol share the win with 5 Keepers." in text


def test_format_json_reports_bad_input_as_json(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: t\nplayers: [Alice]\nsetup: {}\nevents: [Alice plays Milkk]\n")
    result = runner.invoke(app, ["replay", "--format", "json", str(bad)])
    assert result.exit_code == 2
    error = json.loads(result.output)["error"]
    assert error["line"] == 4 and "unknown card 'Milkk'" in error["message"]
    result = runner.invoke(app, ["replay", "--format", "pdf", "--json", str(R52)])
    assert (
        json.loads(result.output)["error"]["message"] == "--format must be one of text, json, markdown, html, not 'pdf'"
    )


TWO_REJECTIONS = """
title: t
players: [Alice, Bob]
setup:
  turn: Alice
  hands: {Alice: [Milk, Cookies]}
events:
  - Alice plays Milk
  - Alice plays Cookies
  - Bob plays Cookies
"""


def test_markdown_and_html_set_each_rejection_apart_as_the_text_does():
    """Issue 29, item 8: a reason ends without a period, so joined with spaces the rejections
    ran together ("...the play phase is over Event 3 rejected: ...")."""
    verdict = build_verdict(replay(parse_scenario(TWO_REJECTIONS)))
    markdown = report.to_markdown(verdict)
    assert (
        "**Verdict:** No winner yet. The turn is over; Alice plays next.\n\n"
        "- Event 2 rejected: Alice has no plays left: the play phase is over\n"
        "- Event 3 rejected: Bob has no plays left: the play phase is over\n"
    ) in markdown
    html = report.to_html(verdict)
    assert "play phase is over<br>Event 3 rejected: Bob" in html
    assert "is over Event" not in markdown + html


def test_the_boards_data_cannot_end_its_script_or_add_markup():
    """A card named `</script><img src=x>` stays data: the JSON in the page writes `<` as \\u003c,
    and the page's script sets every name as text."""
    from adjudicator.boards import replay_with_boards

    text = HOSTILE.replace("Star*Dust <i>", "</script><img src=x>")
    game, boards = replay_with_boards(parse_scenario(text, "hostile.yaml"))
    page = report.to_html(build_verdict(game, boards))
    checker = _Checker().check(page)
    tags = [t for t, _ in checker.tags]
    assert tags.count("script") == 2 and "img" not in tags and "b" not in tags
    data = page.split('<script type="application/json" class="board-data">')[1].split("</script>")[0]
    assert "<" not in data and "\\u003c/script>\\u003cimg src=x>" in data
    assert json.loads(data)["cards"][0][0] in ("</script><img src=x>", "Milk")
