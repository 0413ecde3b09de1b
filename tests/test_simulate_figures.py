"""`simulate`'s figures: rich bars in the terminal, `--plot FILE` (SVG or PNG, matplotlib) and
`--format html`, each drawing the series of the run's own report."""

import json
import sys
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

from adjudicator import simulate_command as sim_command
from adjudicator.cli import app
from adjudicator.simulate_figures import series
from adjudicator.simulate_report import shared_histogram

runner = CliRunner()
RUN = ["simulate", "--games", "4", "--max-events", "300", "--workers", "1", "--seed", "3"]
COMPARE = [*RUN, "--compare", "keep_going=2"]


def _report(args):
    """The run's reports (base, and variant with --compare), read from its JSON."""
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    return [data["base"], data["variant"]] if "comparison" in data else [data]


@pytest.fixture(scope="module")
def compared():
    """The reports of the compared run (each run is played once here: a run is determined by its seed)."""
    return _report(COMPARE)


def test_the_runs_share_their_histogram_bins():
    base = {"turns_counted": [[10, 2], [12, 1]]}
    variant = {"turns_counted": [[11, 1], [30, 4]]}
    rows = shared_histogram([base, variant], bins=3)
    assert [(row["from"], row["to"]) for row in rows] == [(10, 16), (17, 23), (24, 30)]
    assert [row["games"] for row in rows] == [[3, 1], [0, 0], [0, 4]]


def test_plot_svg_holds_the_series_of_both_runs(tmp_path, compared):
    pytest.importorskip("matplotlib")
    reports = compared
    target = tmp_path / "figures.svg"
    result = runner.invoke(app, [*COMPARE, "--plot", str(target), "--format", "html"])  # a page and a plot at once
    assert result.exit_code == 0, result.output
    assert result.output.startswith("<!DOCTYPE html>")
    root = ET.parse(target).getroot()  # the file opens: well-formed SVG
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    description = root.find(f".//{ns}metadata")
    assert description is not None
    expected = series(reports, ["base", "keep_going=2"])
    drawn = json.loads(next(el.text for el in root.iter() if el.tag.endswith("description")))
    assert drawn == json.loads(json.dumps(expected))
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    bins = len(expected["turns"]["bins"])
    assert bins > 1 and sum(expected["turns"]["games"]["base"]) == reports[0]["endings"]["won"]
    for label in ("base", "keep_going=2"):
        assert {f"turns-{label}-{i}" for i in range(bins)} <= ids
        assert {f"wins-{label}-{player}" for player in ("Alice", "Bob")} <= ids
        assert {f"rulings-{label}-{rid}" for rid in expected["rulings"]["ids"]} <= ids
    text = " ".join(el.text or "" for el in root.iter(f"{ns}text"))
    assert "Wins by seat" in text and "keep_going=2" in text and "B-play-rule" in text


def test_plot_png_opens_and_holds_the_series(tmp_path):
    pytest.importorskip("matplotlib")
    from PIL import Image

    target = tmp_path / "figures.png"
    reports = _report([*RUN, "--plot", str(target)])
    with Image.open(target) as image:
        assert image.format == "PNG" and image.width > 1000 and image.height > 300
        drawn = json.loads(image.info["Description"])
    assert drawn == json.loads(json.dumps(series(reports, ["games"])))
    assert drawn["wins_by_seat"]["games"] == {row["player"]: row["wins"] for row in reports[0]["wins_by_seat"]}


@pytest.mark.parametrize(
    "name, message",
    [
        ("figures.pdf", "--plot {path}: the file must end in .svg or .png"),
        ("no/such/folder/figures.svg", "--plot {path}: no folder"),
        ("a-folder.svg", "--plot {path}: cannot write there"),
    ],
)
def test_a_bad_plot_file_is_refused_before_the_first_game(tmp_path, monkeypatch, name, message):
    monkeypatch.setattr(sim_command, "play_game", lambda *a: pytest.fail("a game was played"))
    path = tmp_path / name
    if name == "a-folder.svg":
        path.mkdir()
    result = runner.invoke(app, [*RUN, "--plot", str(path)])
    assert result.exit_code == 2
    assert result.output.startswith("error: " + message.format(path=path))


def test_without_matplotlib_plot_says_how_to_get_it_and_the_report_still_works(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` fails as if not installed
    monkeypatch.setattr(sim_command, "play_game", lambda *a: pytest.fail("a game was played"))
    result = runner.invoke(app, [*RUN, "--plot", str(tmp_path / "f.svg")])
    assert result.exit_code == 2
    assert result.output == "error: --plot needs matplotlib, an optional extra: pip install 'adjudicator[plot]'\n"
    monkeypatch.undo()
    monkeypatch.setattr(sim_command, "_has_matplotlib", lambda: False)
    result = runner.invoke(app, RUN)
    assert result.exit_code == 0
    assert "pip install 'adjudicator[plot]'" in result.output and "Wins by seat" in result.output


def test_the_terminal_draws_bars_for_both_runs_in_the_same_bins(compared, tmp_path):
    pytest.importorskip("matplotlib")
    reports = compared
    target = tmp_path / "figures.svg"
    result = runner.invoke(app, [*COMPARE, "--plot", str(target)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"Figures drawn into {target}" in out.replace("\n", "")
    assert "Turns per game, both runs (same bins)" in out
    both = out.split("Turns per game, both runs (same bins)")[1]
    for row in shared_histogram(reports):
        span = f"{row['from']}-{row['to']}" if row["to"] != row["from"] else str(row["from"])
        line = next(line for line in both.splitlines() if line.strip().startswith(span + " "))
        assert line.split()[-1] == str(row["games"][1])  # the variant's count ends its row
    assert "█" in both


def test_html_page_sets_the_figures_and_tables_in_one_page(compared):
    reports = compared
    result = runner.invoke(app, [*COMPARE, "--format", "html"])
    assert result.exit_code == 0, result.output
    page = result.output
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert '<section class="figures" id="figures">' in page and 'id="comparison"' in page
    assert "<script" not in page and "src=" not in page and "http" not in page.split("<body>")[1]
    for label in ("base", "keep_going=2"):
        assert f'title="{label}: ' in page
    won = reports[1]["wins_by_seat"][0]["wins"]
    assert f'title="keep_going=2: {won}"' in page
    bad = runner.invoke(app, [*RUN, "--format", "pdf"])
    assert bad.exit_code == 2 and "--format must be one of text, json, html" in bad.output


def test_solo_fluxx_draws_the_goals_scored_instead_of_wins(tmp_path):
    pytest.importorskip("matplotlib")
    target = tmp_path / "solo.svg"
    [report] = _report(
        ["simulate", "--games", "3", "--players", "1", "--decks", "fluxx5", "--workers", "1", "--plot", str(target)]
    )
    scored = dict(map(tuple, report["scored_counted"]))
    assert sum(scored.values()) == report["endings"]["over"] > 0  # the games played to their end, by score
    root = ET.parse(target).getroot()
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    assert {f"scored-games-{goals}" for goals in scored} <= ids
    assert not any(i.startswith("wins-") for i in ids)
    page = runner.invoke(
        app, ["simulate", "--games", "3", "--players", "1", "--decks", "fluxx5", "--workers", "1", "--format", "html"]
    ).output
    assert "<figcaption>Goals scored (Solo Fluxx)</figcaption>" in page
