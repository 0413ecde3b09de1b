"""What the knowledge-base commands share: the two apps, failing with a clear message, the records,
the scenario files and the rulings they cite, and the one-line results.

Only typer and the standard library are imported here: the CLI imports this module
at start-up, so the records, rich, rapidfuzz, networkx and the engine are imported
inside the commands that need them.
"""

import re
from pathlib import Path
from typing import Any, NoReturn

import typer

# Compiled when a command first needs them (re keeps them): the CLI imports this module at start-up.
FAQ_ID = r"^R(\d{2})$"
LOOKS_LIKE_ID = r"(?i)^(r\d+|q\d+|q-tag-\S+|b-\S+)$"
SUFFIXES = (".yaml", ".yml")

rulings_app = typer.Typer(
    help="Search and read the rulings knowledge base.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
cards_app = typer.Typer(
    help="Look up cards and the rulings about them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


# ---------------------------------------------------------------- helpers


def _console() -> Any:
    from adjudicator.output import console

    return console()


def _fail(
    message: str,
    suggestions: tuple[str, ...] | list[str] = (),
    *,
    code: str = "bad-input",
    json_output: bool = False,
    file: str | None = None,
) -> NoReturn:
    """Report bad input with the nearest names (as JSON with --json) and exit with code 2."""
    from adjudicator.output import error_data, fail

    fail(error_data(message, code=code, file=file, suggestions=suggestions), json_output)


def _records(json_output: bool = False) -> dict[str, Any]:
    from adjudicator.model.errors import ScenarioError
    from adjudicator.output import fail, scenario_error_data
    from adjudicator.rulings.store import all_rulings

    try:
        return all_rulings()
    except ScenarioError as exc:
        fail({**scenario_error_data(exc), "code": "invalid-record"}, json_output)


SHOW_ALSO = 4  # `rulings show PHRASE`: how many next-best matches to list under the best one


def _find_ruling(wanted: str, json_output: bool = False) -> tuple[Any, list[tuple[Any, float, str]]]:
    """The record an id or alias names (case does not matter); for a card name or a phrase, the
    best search match and the next ones. Exit 2 with suggestions when nothing matches."""
    from adjudicator.model.names import suggest
    from adjudicator.rulings.store import aliases

    records = _records(json_output)
    table = aliases()
    wanted = wanted.strip()
    folded = {key.lower(): value for key, value in table.items()}
    canonical = table.get(wanted) or folded.get(wanted.lower())
    if canonical is not None:
        return records[canonical], []
    if not re.match(LOOKS_LIKE_ID, wanted):
        from adjudicator.rulings.search import search

        found = search(wanted, limit=1 + SHOW_ALSO)
        if found:
            return found[0][0], found[1:]
    _fail(
        f"no ruling {wanted!r}", suggest(wanted, sorted(table), limit=3), code="no-such-ruling", json_output=json_output
    )


def _shown_path(path: Path) -> str:
    from adjudicator.bundled import shown

    return shown(path)


def _bundled_scenarios() -> Path | None:
    """The scenario suite shipped with the package (the checkout's scenarios/ in a checkout)."""
    from adjudicator.bundled import bundled

    return bundled("scenarios")


def _scenario_files(paths: list[Path], json_output: bool = False) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file()))
        elif path.is_file():
            files.append(path)
        else:
            _fail("no such file or folder", code="no-such-file", file=str(path), json_output=json_output)
    return files


def _cited_rulings(path: Path) -> list[str]:
    """The ruling ids a scenario's `expect.rulings` lists (as written), or [] if none or unreadable."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return []
    expect = data.get("expect") if isinstance(data, dict) else None
    cited = expect.get("rulings") if isinstance(expect, dict) else None
    if not isinstance(cited, list):
        return []
    return [str(item) for item in cited if isinstance(item, (str, int))]


def _citations(paths: list[Path], json_output: bool = False) -> tuple[dict[str, list[Path]], dict[str, list[Path]]]:
    """Record id -> scenario files citing it (by id or alias); and unknown ids -> files."""
    from adjudicator.rulings.store import aliases

    table = aliases()
    by_id: dict[str, list[Path]] = {}
    unknown: dict[str, list[Path]] = {}
    for path in _scenario_files(paths, json_output):
        for cited in _cited_rulings(path):
            canonical = table.get(cited)
            target = by_id if canonical is not None else unknown
            files = target.setdefault(canonical or cited, [])
            if path not in files:
                files.append(path)
    return by_id, unknown


def _label(console: Any, label: str, value: str) -> None:
    from rich.text import Text

    console.print(Text.assemble((f"{label}: ", "bold"), value))


def _json_out(data: Any) -> None:
    from adjudicator.output import write_json

    write_json(data)


def _brief(record: Any) -> dict[str, Any]:
    return {"id": record.id, "aliases": list(record.aliases), "title": record.title, "summary": record.summary}


def complete_ruling_ids(incomplete: str) -> list[str]:
    """Shell completion: the ruling ids and aliases that start with what was typed."""
    from adjudicator.rulings.store import aliases

    return sorted(i for i in aliases() if i.lower().startswith(incomplete.lower()))


def complete_card_names(incomplete: str) -> list[str]:
    """Shell completion: the card names that start with what was typed, quoted for the shell."""
    from adjudicator.completion import card_names

    return card_names(incomplete)


def _result_lines(results: list[tuple[Any, float, str]], width: int, first_rank: int = 1) -> list[str]:
    """One line per result at any width: the title and the why are cut short with an ellipsis
    rather than wrapped (`rulings show ID` gives the ruling in full)."""
    rank_width = len(str(len(results) + first_rank - 1))
    id_width = max(len(record.id) for record, _score, _why in results)
    # the id is never cut (it is what `rulings show` takes): the title and the why share the rest
    room = max(width - (rank_width + id_width + 5 + 8), 10)  # the fixed columns and the four gaps
    title_width = min(max(len(record.title) for record, _score, _why in results), max(room * 2 // 3, 5))
    why_width = max(room - title_width, 3)

    def cut(text: str, size: int) -> str:
        return text if len(text) <= size else text[: size - 1] + "…"

    head = f"{'#':>{rank_width}}  {'id':<{id_width}}  score  {'ruling':<{title_width}}  why"
    lines = [head]
    for rank, (record, score, why) in enumerate(results, first_rank):
        title = cut(record.title, title_width)
        lines.append(
            f"{rank:>{rank_width}}  {record.id:<{id_width}}  {score:5.2f}  {title:<{title_width}}  {cut(why, why_width)}"
        )
    return lines
