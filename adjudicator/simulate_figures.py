"""`simulate`'s figures: game length in turns (the runs overlaid, in the same bins), wins by
seat and the rulings cited most, drawn from the run's summary (`simulate_report`).

- `plot(reports, labels, path)`: one SVG or PNG file (by its suffix) made with matplotlib, an
  optional extra (`pip install 'adjudicator[plot]'`); the series drawn are kept in the file's
  metadata (Description, as JSON), so a reader or a test can check them.
- `html_page(reports, labels)`: one self-contained page (`simulate --format html`): the
  figures as bars drawn with HTML and CSS, and the tables, no script and no request.
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from adjudicator.board_view import page_head
from adjudicator.simulate import OptionError
from adjudicator.simulate_report import RUN_COLOURS, TOP_RULINGS, comparison, shared_histogram

PLOT_SUFFIXES = (".svg", ".png")
PLOT_HINT = "pip install 'adjudicator[plot]'"
#: The rulings drawn in a plot (the tables list TOP_RULINGS).
PLOTTED_RULINGS = 10


def check_plot(path: str) -> Path:
    """The --plot file, checked before the first game: a known suffix, matplotlib installed, and
    a folder that exists."""
    target = Path(path)
    if target.suffix.lower() not in PLOT_SUFFIXES:
        raise OptionError(f"--plot {path}: the file must end in .svg or .png (the format is read from it)")
    if not target.parent.is_dir():
        raise OptionError(f"--plot {path}: no folder {str(target.parent)!r}")
    if target.is_dir() or not os.access(target.parent, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise OptionError(f"--plot {path}: cannot write there")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise OptionError(f"--plot needs matplotlib, an optional extra: {PLOT_HINT}") from None
    return target


def series(reports: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> dict[str, Any]:
    """The series every figure draws, as data: turns per game (shared bins, one count per run),
    wins by seat per run (Solo Fluxx: games by the Goals scored, `scored`), and the steps citing
    the rulings the base run cited most (per run)."""
    bins = shared_histogram(reports)
    top = [row["id"] for row in reports[0]["rulings"][:PLOTTED_RULINGS]]
    solo: dict[str, Any] = {}
    if "scored_counted" in reports[0]:
        counted = [dict(map(tuple, report["scored_counted"])) for report in reports]
        goals = sorted({g for run in counted for g in run})
        solo["scored"] = {
            "goals": goals,
            "games": {label: [run.get(g, 0) for g in goals] for label, run in zip(labels, counted, strict=True)},
        }
    return {
        **solo,
        "runs": list(labels),
        "turns": {
            "bins": [[row["from"], row["to"]] for row in bins],
            "games": {label: [row["games"][i] for row in bins] for i, label in enumerate(labels)},
        },
        "wins_by_seat": {
            label: {row["player"]: row["wins"] for row in report["wins_by_seat"]}
            for label, report in zip(labels, reports, strict=True)
        },
        "rulings": {
            "ids": top,
            "steps": {
                label: [next((r["steps"] for r in report["rulings"] if r["id"] == rid), 0) for rid in top]
                for label, report in zip(labels, reports, strict=True)
            },
        },
    }


def plot(reports: Sequence[Mapping[str, Any]], labels: Sequence[str], path: Path) -> dict[str, Any]:
    """Draw the figures into one file (SVG or PNG by its suffix); the series drawn are returned
    and written into the file's Description."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no window, no display needed
    import matplotlib.pyplot as plt

    data = series(reports, labels)
    solo = "scored" in reports[0]
    with plt.rc_context({"svg.fonttype": "none", "svg.hashsalt": "adjudicator", "font.size": 9}):
        figure, axes = plt.subplots(1, 3, figsize=(15, 4.6), layout="constrained")
        _turns(axes[0], data, solo)
        _seats(axes[1], data, solo)
        _rulings(axes[2], data)
        settings = reports[0]["settings"]
        figure.suptitle(
            f"{reports[0]['games']} random games: {', '.join(settings['players'])}; "
            f"decks {', '.join(settings['decks'])}; seed {settings['seed']}"
        )
        metadata: dict[str, str | None] = {"Title": "adjudicator simulate", "Description": json.dumps(data)}
        if path.suffix.lower() == ".svg":
            metadata["Date"] = None  # the same run, the same file
        try:
            figure.savefig(path, metadata=metadata, dpi=110)
        except OSError as exc:  # checked before the run; the folder may have changed since
            raise OptionError(f"--plot {path}: cannot write it: {exc.strerror}") from None
        finally:
            plt.close(figure)
    return data


def _colour(i: int) -> str:
    return RUN_COLOURS[i % len(RUN_COLOURS)]


def _turns(ax: Any, data: Mapping[str, Any], solo: bool) -> None:
    """Turns per game: a bar per bin and run, overlaid (the later run half transparent)."""
    bins = data["turns"]["bins"]
    lefts = [low - 0.5 for low, _high in bins]
    widths = [high - low + 1 for low, high in bins]
    for i, label in enumerate(data["runs"]):
        bars = ax.bar(
            lefts,
            data["turns"]["games"][label],
            width=widths,
            align="edge",
            color=_colour(i),
            alpha=0.85 if i == 0 else 0.5,
            edgecolor="white",
            label=label,
        )
        for j, bar in enumerate(bars):
            bar.set_gid(f"turns-{label}-{j}")
    ax.set_title("Game length (" + ("games played to their end" if solo else "games with a winner") + ")")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend()


def _seats(ax: Any, data: Mapping[str, Any], solo: bool) -> None:
    """Wins by seat, a bar per run; Solo Fluxx has no winner: games by the Goals scored."""
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if solo:
        _scored(ax, data)
        return
    runs = data["runs"]
    players = list(data["wins_by_seat"][runs[0]])
    _grouped(
        ax,
        runs,
        players,
        range(len(players)),
        lambda label: [data["wins_by_seat"][label].get(player, 0) for player in players],
        "wins",
    )
    ax.set_xticklabels([f"{seat}. {player}" for seat, player in enumerate(players, 1)])
    ax.set_title("Wins by seat")
    ax.set_ylabel("games won")


def _scored(ax: Any, data: Mapping[str, Any]) -> None:
    goals = data["scored"]["goals"]
    _grouped(ax, data["runs"], goals, goals, lambda label: data["scored"]["games"][label], "scored")
    ax.set_xticklabels([str(g) for g in goals])
    ax.set_title("Goals scored (Solo Fluxx: no winner)")
    ax.set_xlabel("Goals scored")
    ax.set_ylabel("games")


def _grouped(
    ax: Any,
    runs: Sequence[str],
    names: Sequence[Any],
    places: Sequence[float],
    values_of: Callable[[str], Sequence[float]],
    gid: str,
    *,
    across: bool = False,
) -> None:
    """One bar per run at each place, side by side (`across`: horizontal bars, one under
    another), each named `GID-RUN-NAME` in an SVG; a tick under the middle of each group, and
    the runs' legend."""
    size = 0.8 / len(runs)
    for i, label in enumerate(runs):
        spots = [place + i * size for place in places]
        if across:
            bars = ax.barh(spots, values_of(label), height=size, color=_colour(i), label=label)
        else:
            bars = ax.bar(spots, values_of(label), width=size, color=_colour(i), label=label)
        for name, bar in zip(names, bars, strict=True):
            bar.set_gid(f"{gid}-{label}-{name}")
    ticks = [place + size * (len(runs) - 1) / 2 for place in places]
    if across:
        ax.set_yticks(ticks)
    else:
        ax.set_xticks(ticks)
    ax.legend()


def _rulings(ax: Any, data: Mapping[str, Any]) -> None:
    ids = data["rulings"]["ids"]
    _grouped(
        ax, data["runs"], ids, range(len(ids)), lambda label: data["rulings"]["steps"][label], "rulings", across=True
    )
    ax.set_yticklabels(ids)
    ax.invert_yaxis()  # the most cited on top
    ax.set_title(f"Rulings that decided most steps (top {len(ids)})")
    ax.set_xlabel("steps")


# ---------------------------------------------------------------- HTML
_CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fafafa;margin:0}
main{max-width:64rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.4rem;margin:0 0 .5rem}h2{font-size:1.1rem;margin:1.6rem 0 .5rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.4rem 0}th,td{border:1px solid #ccc;padding:.2rem .55rem;text-align:right}
th{background:#f0f0f0}td.l,th.l{text-align:left}
.chart{width:100%}.chart td{border:0;padding:.1rem .3rem;vertical-align:middle}
.chart td.name{white-space:nowrap;font-size:.85rem;width:1%}.line{display:flex;align-items:center}
.bar{display:inline-block;height:.8rem;border-radius:2px;vertical-align:middle;min-width:1px;
-webkit-print-color-adjust:exact;print-color-adjust:exact}
.n{color:#555;font-size:.8rem;margin-left:.3rem}.key{font-size:.85rem}.key .bar{width:1.4rem}
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(20rem,1fr));gap:1rem}
figure{margin:0;background:#fff;border:1px solid #ddd;border-radius:8px;padding:.6rem}
figcaption{font-weight:600;margin-bottom:.3rem}
@media (max-width:600px){main{padding:.8rem}}
@media print{figure{break-inside:avoid}}
"""
BAR_SHARE = 80  # the longest bar, in per cent of its cell (its count beside it)


def _h(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _bars(rows: Sequence[tuple[str, Sequence[float]]], labels: Sequence[str]) -> str:
    """A bar chart as a table: a row per label, one bar per run in its colour, its count beside it."""
    most = max((value for _label, values in rows for value in values), default=0) or 1
    out = ['<table class="chart">']
    for label, values in rows:
        cells = "".join(
            f'<div class="line"><span class="bar" style="width:{BAR_SHARE * value / most:.1f}%;background:{_colour(i)}" '
            f'title="{_h(labels[i])}: {value:g}"></span><span class="n">{value:g}</span></div>'
            for i, value in enumerate(values)
        )
        out.append(f'<tr><td class="l name">{_h(label)}</td><td class="l track">{cells}</td></tr>')
    out.append("</table>")
    return "\n".join(out)


def html_page(reports: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> str:
    """One self-contained page: the figures (bars in HTML), then the tables of each run."""
    data = series(reports, labels)
    first = reports[0]
    settings = first["settings"]
    title = f"{first['games']} random games of {', '.join(settings['decks'])}"
    key = " ".join(
        f'<span class="key"><span class="bar" style="background:{_colour(i)}"></span> {_h(label)}</span>'
        for i, label in enumerate(labels)
    )
    turns = [
        (f"{low}-{high}" if high != low else str(low), [data["turns"]["games"][label][j] for label in labels])
        for j, (low, high) in enumerate(data["turns"]["bins"])
    ]
    if "scored" in data:  # Solo Fluxx: no winner, a score
        seats_title = "Goals scored (Solo Fluxx)"
        seats = [
            (f"{goals} Goals", [data["scored"]["games"][label][j] for label in labels])
            for j, goals in enumerate(data["scored"]["goals"])
        ]
    else:
        seats_title = "Wins by seat"
        players = list(data["wins_by_seat"][labels[0]])
        seats = [
            (f"{seat}. {player}", [data["wins_by_seat"][label].get(player, 0) for label in labels])
            for seat, player in enumerate(players, 1)
        ]
    rulings = [
        (rid, [data["rulings"]["steps"][label][j] for label in labels]) for j, rid in enumerate(data["rulings"]["ids"])
    ]
    out = [
        *page_head(title, _CSS),
        "<main>",
        f"<h1>{_h(title)}</h1>",
        f"<p>Players {_h(', '.join(settings['players']))}; seed {_h(settings['seed'])}; "
        f"cap {_h(settings['max_events'])} events. {key}</p>",
        '<section class="figures" id="figures">',
        f"<figure><figcaption>Turns per game</figcaption>{_bars(turns, labels)}</figure>",
        f"<figure><figcaption>{seats_title}</figcaption>{_bars(seats, labels)}</figure>",
        f"<figure><figcaption>Rulings that decided most steps</figcaption>{_bars(rulings, labels)}</figure>",
        "</section>",
    ]
    if len(reports) > 1:
        out += ['<section id="comparison">', "<h2>Comparison (same seed, same deals)</h2>", "<table>"]
        out.append(f'<tr><th class="l">figure</th><th>{_h(labels[0])}</th><th>{_h(labels[1])}</th><th>change</th></tr>')
        for row in comparison(reports[0], reports[1]):
            change = "" if row["change"] is None else f"{row['change']:+g}"
            out.append(
                f'<tr><td class="l">{_h(row["figure"])}</td><td>{_h(row["base"])}</td>'
                f"<td>{_h(row['variant'])}</td><td>{_h(change)}</td></tr>"
            )
        out += ["</table>", "</section>"]
    for label, report in zip(labels, reports, strict=True):
        out += _tables(label, report)
    out += ["</main>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


def _tables(label: str, report: Mapping[str, Any]) -> list[str]:
    total = report["games"]
    house = ", ".join(f"{k}={v}" for k, v in report["settings"]["house_rules"].items()) or "none"
    endings = ", ".join(f"{name} {count}" for name, count in report["endings"].items() if count)
    out = [f'<section class="run" id="run-{_h(label)}">', f"<h2>{_h(label)}: house rules {_h(house)}</h2>"]
    out.append(f"<p>Endings: {_h(endings)}</p>")
    keys = ["min", "p10", "p25", "median", "p75", "p90", "max", "mean"]
    out.append("<table><tr><th></th>" + "".join(f"<th>{key}</th>" for key in keys) + "</tr>")
    for what, stats in report["length"].items():
        out.append(
            f'<tr><td class="l">{_h(what)}</td>' + "".join(f"<td>{_h(stats.get(k, '-'))}</td>" for k in keys) + "</tr>"
        )
    out.append("</table>")
    out.append('<table><tr><th>seat</th><th class="l">player</th><th>wins</th><th>share</th></tr>')
    for row in report["wins_by_seat"]:
        out.append(
            f'<tr><td>{row["seat"]}</td><td class="l">{_h(row["player"])}</td><td>{row["wins"]}</td>'
            f"<td>{row['share']:.0%}</td></tr>"
        )
    out.append("</table>")
    out.append('<table><tr><th class="l">ruling</th><th>steps</th><th>games</th></tr>')
    for row in report["rulings"][:TOP_RULINGS]:
        out.append(f'<tr><td class="l">{_h(row["id"])}</td><td>{row["steps"]}</td><td>{row["games"]}/{total}</td></tr>')
    out += ["</table>", "</section>"]
    return out
