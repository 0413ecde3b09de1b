"""`adjudicator docs [TOPIC]`: every docs page and the README, in the terminal; links between
pages become the command that shows the page linked to."""

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.docs_pages import pages

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")

runner = CliRunner()


def test_every_page_is_a_topic():
    assert sorted(page.path for page in pages().values()) == sorted(SHIPPED)
    listed = runner.invoke(app, ["docs"])
    assert listed.exit_code == 0
    lines = listed.stdout.splitlines()
    assert lines[0] == "Docs pages (show one with: adjudicator docs TOPIC)"
    rows = [line.split(None, 1) for line in lines[1:]]
    assert rows[0] == ["readme", "The README: set-up, the commands, the supported cards"]
    assert ["format", "Scenario files (format 1)"] in rows and ["house-rules", "House rules"] in rows
    width = max(len(name) for name, _title in rows)
    assert all(line == f"  {name.ljust(width)}  {title}" for line, (name, title) in zip(lines[1:], rows, strict=True))
    topics = json.loads(runner.invoke(app, ["docs", "--json"]).stdout)["topics"]
    assert {"topic": "words", "title": "Word Fluxx: letters, word Goals and claimed words"} in topics
    assert len(topics) == len(SHIPPED)


@pytest.mark.parametrize("page", SHIPPED, ids=lambda p: p.name)
def test_relative_links_work_in_the_repository(page: Path):
    for target in MARKDOWN_LINK.findall(page.read_text(encoding="utf-8")):
        path = target.partition("#")[0]
        if path and not target.startswith(("http://", "https://")):
            resolved = (page.parent / path).resolve()
            assert resolved.is_relative_to(ROOT) and resolved.exists(), f"{page.name}: broken link {target}"


@pytest.mark.parametrize("topic", ["readme", "format", "house-rules", "decks", "words", "dead-ends"])
def test_a_shown_page_links_to_commands_not_files(topic: str):
    shown = runner.invoke(app, ["docs", topic])
    assert shown.exit_code == 0 and shown.stdout.startswith("# ")
    assert not [t for t in MARKDOWN_LINK.findall(shown.stdout) if not t.startswith(("http://", "https://", "#"))]


def test_links_become_commands():
    readme = runner.invoke(app, ["docs", "readme"]).stdout
    assert "JSON output and editor set-up: `adjudicator docs format`):" in readme
    assert "own: `adjudicator docs house-rules`, `adjudicator docs decks`," in readme
    assert "can check files against docs/scenario.schema.json (`adjudicator schema` prints it)" in readme
    format_page = runner.invoke(app, ["docs", "format"]).stdout
    assert "The Word Fluxx page (`adjudicator docs words`) has the details." in format_page
    assert format_page == runner.invoke(app, ["docs", "scenario-format.md"]).stdout


def test_topics_are_forgiving_about_case_spaces_and_prefixes():
    house = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    for spelled in ("house-rules", "House rules", "house_rules", "house"):
        assert runner.invoke(app, ["docs", spelled]).stdout.startswith(house.splitlines()[0] + "\n"), spelled
    assert runner.invoke(app, ["docs", "dead"]).stdout.startswith("# Dead ends")
    assert runner.invoke(app, ["docs", "house", "rules"]).stdout.startswith(house.splitlines()[0] + "\n")


def test_the_json_holds_the_text():
    shown = json.loads(runner.invoke(app, ["docs", "decks", "--json"]).stdout)
    assert (shown["topic"], shown["title"]) == ("decks", "Decks, card names, the date and Solo Fluxx")
    assert shown["text"] == runner.invoke(app, ["docs", "decks"]).stdout


def test_an_unknown_topic_names_the_topics():
    topics = ", ".join(
        json.loads(runner.invoke(app, ["docs", "--json"]).stdout)["topics"][i]["topic"] for i in range(len(SHIPPED))
    )
    wrong = runner.invoke(app, ["docs", "fromat"])
    assert wrong.exit_code == 2
    assert wrong.output == f"error: no docs page 'fromat'; the topics are: {topics} (did you mean 'format'?)\n"
    as_json = runner.invoke(app, ["docs", "fromat", "--json"])
    assert as_json.exit_code == 2
    assert json.loads(as_json.stdout) == {
        "error": {
            "file": None,
            "line": None,
            "message": f"no docs page 'fromat'; the topics are: {topics}",
            "code": "no-such-topic",
            "suggestions": ["format"],
        }
    }


@pytest.mark.skipif(not hasattr(__import__("os"), "openpty"), reason="needs a pseudo-terminal")
def test_on_a_terminal_the_markdown_is_rendered():
    import os
    import subprocess
    import sys

    leader, follower = os.openpty()
    env = {**os.environ, "COLUMNS": "80", "TERM": "xterm"}
    process = subprocess.Popen(
        [sys.executable, "-m", "adjudicator", "docs", "decks"], cwd=ROOT, stdout=follower, stderr=follower, env=env
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert process.wait(timeout=60) == 0
    shown = re.sub(r"\x1b\[[0-9;]*m", "", b"".join(chunks).decode("utf-8"))
    assert "Decks, card names, the date and Solo Fluxx" in shown
    assert "# Decks" not in shown and "```" not in shown  # headings and code blocks are drawn, not printed raw
    assert max(len(line.rstrip()) for line in shown.splitlines()) <= 80
