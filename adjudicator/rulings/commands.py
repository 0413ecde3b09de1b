"""`adjudicator rulings ...` and `adjudicator cards ...`: the knowledge base on the command line.

Only typer and the standard library are imported here: the CLI imports this module
at start-up, so the records, rich, rapidfuzz, networkx and the engine are imported
inside the commands that need them.
"""

import re
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

FAQ_ID = re.compile(r"^R(\d{2})$")
LOOKS_LIKE_ID = re.compile(r"^(r\d+|q\d+|q-tag-\S+|b-\S+)$", re.IGNORECASE)
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
    if not LOOKS_LIKE_ID.match(wanted):
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


# ---------------------------------------------------------------- rulings


@rulings_app.command("search")
def search_command(
    query: Annotated[str, typer.Argument(help="The question as you would ask it at the table.")],
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="How many rulings to show.")] = 10,
    json_output: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Find the rulings that answer QUERY (typos, nicknames such as d3p2 or gowi, and ids are fine)."""
    from adjudicator.rulings.search import find_cards, search

    _records(json_output)
    results = search(query, limit=limit)
    if json_output:
        _json_out(
            {
                "query": query,
                "cards": [{"text": m.text, "cards": list(m.cards), "how": m.how} for m in find_cards(query)],
                "results": [{**_brief(r), "score": score, "reason": why} for r, score, why in results],
            }
        )
        return
    console = _console()
    mentions = find_cards(query)
    if mentions:
        console.print(
            "Cards: "
            + "; ".join(m.cards[0] if m.how == "name" else f"{m.text!r} = {' / '.join(m.cards)}" for m in mentions),
            markup=False,
        )
    if not results:
        console.print("No ruling matches that question.", markup=False)
        return
    for line in _result_lines(results, console.width):
        console.print(line, markup=False, overflow="ignore", crop=False, soft_wrap=True)
    console.print("rulings show ID: the ruling in full", style="dim", markup=False)


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


@rulings_app.command("show")
def show_command(
    ruling_id: Annotated[
        str,
        typer.Argument(
            metavar="ID",
            help="A ruling id or alias (R38, Q272, B-play-all), or a card name or phrase to search for.",
            autocompletion=complete_ruling_ids,
        ),
    ],
    json_output: Annotated[bool, typer.Option("--json", help="Print the record as JSON.")] = False,
) -> None:
    """Show a ruling, the scenarios that prove it and the rulings related to it.

    Given a card name or a phrase ("swap plays", "double agenda") instead of an id, show the ruling that best matches it and list the next ones.
    """  # noqa: E501 - one line: --help wraps a paragraph to the terminal itself
    from adjudicator.rulings.graph import related_rulings

    record, next_matches = _find_ruling(ruling_id, json_output)
    searched = ruling_id.strip().lower() not in {i.lower() for i in record.ids}
    suite = _bundled_scenarios()
    by_id, _unknown = _citations([suite]) if suite else ({}, {})
    scenarios = [_shown_path(p) for p in by_id.get(record.id, [])]
    related = related_rulings(record.id)
    if json_output:
        _json_out(
            {
                **_brief(record),
                "question": record.question,
                "ruling": record.ruling,
                "source": {"url": record.source.url, "document": record.source.document, "note": record.source.note},
                "editions": list(record.editions),
                "cards": list(record.cards),
                "topics": list(record.topics),
                "related": list(record.related),
                "checkable": record.checkable,
                "not_checkable_because": record.not_checkable_because,
                "conflicts": [
                    {"with": c.with_, "answer": c.answer, "selected_by": c.selected_by} for c in record.conflicts
                ],
                "scenarios": scenarios,
                "related_ranked": [
                    {"id": r.id, "title": r.title, "score": score, "reasons": why} for r, score, why in related
                ],
                "matched_by": "search" if searched else "id",
                "other_matches": [{**_brief(r), "score": score, "reason": why} for r, score, why in next_matches],
            }
        )
        return
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    console = _console()
    if searched:
        console.print(Text(f"No ruling has the id {ruling_id.strip()!r}; the best match for it:", style="italic"))
    heading = Text(record.id, style="bold")
    if record.aliases:
        heading.append(f" (also {', '.join(record.aliases)})")
    heading.append(f" - {record.title}")
    console.print(heading)
    console.print()
    _label(console, "Summary", record.summary)
    _label(console, "Question", " ".join(record.question.split()))
    console.print(Text("Ruling:", style="bold"))
    for paragraph in record.ruling.splitlines():
        if paragraph.strip():
            console.print(Padding(Text(" ".join(paragraph.split())), (0, 0, 0, 2)))  # wrapped lines keep the indent
    source = record.source.document
    if record.source.url:
        source += f" <{record.source.url}>"
    if record.source.note:
        source += f" ({record.source.note})"
    _label(console, "Source", source)
    _label(console, "Editions", ", ".join(record.editions) or "-")
    _label(console, "Cards", ", ".join(record.cards) or "-")
    _label(console, "Topics", ", ".join(record.topics) or "-")
    _label(
        console,
        "Checkable",
        "yes" if record.checkable else f"no: {record.not_checkable_because or 'no replay can prove it'}",
    )
    for conflict in record.conflicts:
        _label(
            console,
            f"Conflicts with {conflict.with_}",
            f"{' '.join(conflict.answer.split())} (selected by {conflict.selected_by})",
        )
    console.print()
    if scenarios:
        console.print(Text(f"Scenarios that prove it ({len(scenarios)}):", style="bold"))
        for path in scenarios:
            console.print(Text(f"  {path}"))
    else:
        console.print(Text("Scenarios that prove it: none yet", style="bold"))
    console.print()
    if related:
        table = Table(title="Related rulings", title_justify="left")
        table.add_column("id", no_wrap=True)
        table.add_column("weight", justify="right")
        table.add_column("title")
        table.add_column("why")
        for other, score, why in related:
            table.add_row(other.id, f"{score:.1f}", other.title, ", ".join(why))
        console.print(table)
    if next_matches:
        console.print()
        console.print(Text(f"Other matches for {ruling_id.strip()!r} (adjudicator rulings show ID):", style="bold"))
        for line in _result_lines(next_matches, console.width, first_rank=2)[1:]:  # one line each, as in `search`
            console.print(line, markup=False, overflow="ignore", crop=False, soft_wrap=True)


@rulings_app.command("list")
def list_command(
    topic: Annotated[str | None, typer.Option("--topic", "-t", help="Only rulings with this topic.")] = None,
    card: Annotated[str | None, typer.Option("--card", "-c", help="Only rulings that list this card.")] = None,
    edition: Annotated[str | None, typer.Option("--edition", "-e", help="Only rulings for this edition.")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> None:
    """List rulings, optionally by topic, card or edition (a ruling for all editions counts for each)."""
    from adjudicator.model.names import normalize, suggest

    records = list(_records(json_output).values())
    if topic is not None:
        topics = sorted({t for r in records for t in r.topics})
        wanted = {normalize(t): t for t in topics}.get(normalize(topic))
        if wanted is None:
            _fail(f"no topic {topic!r}", suggest(topic, topics, limit=3), code="no-such-topic", json_output=json_output)
        records = [r for r in records if wanted in r.topics]
    if card is not None:
        from adjudicator.rulings.search import card_names, resolve_card

        name = resolve_card(card)
        if name is None:
            _fail(
                f"no card {card!r}", suggest(card, card_names(), limit=3), code="no-such-card", json_output=json_output
            )
        key = normalize(name)
        records = [r for r in records if any(normalize(c) == key for c in r.cards)]
    if edition is not None:
        from adjudicator.cards.catalog import builtin

        editions = sorted({e for r in _records().values() for e in r.editions} | set(builtin().decks))
        wanted_edition = {normalize(e): e for e in editions}.get(normalize(edition))
        if wanted_edition is None:
            _fail(
                f"no edition {edition!r}",
                suggest(edition, editions, limit=3),
                code="no-such-edition",
                json_output=json_output,
            )
        records = [r for r in records if wanted_edition in r.editions or "all" in r.editions]
    if json_output:
        _json_out(
            [
                {
                    **_brief(r),
                    "topics": list(r.topics),
                    "cards": list(r.cards),
                    "editions": list(r.editions),
                    "checkable": r.checkable,
                }
                for r in records
            ]
        )
        return
    from rich.table import Table

    console = _console()
    if not records:
        console.print("No ruling matches.", markup=False)
        return
    table = Table()
    table.add_column("id", no_wrap=True)
    table.add_column("title")
    table.add_column("topics")
    for record in records:
        table.add_row(record.id, record.title, ", ".join(record.topics))
    console.print(table)
    console.print(f"{len(records)} ruling{'s' if len(records) != 1 else ''}", markup=False)


def _official_summary(records: Any) -> dict[str, int]:
    """The official answers beyond the seed FAQ (Q<n>, Q-tag-*): how many records, how many
    checkable, and the FAQ pages read for them (faq_pages.yaml) with what each yielded."""
    from adjudicator.rulings.store import faq_pages

    official = [record for record in records if record.id.startswith("Q")]
    checkable = sum(record.checkable for record in official)
    pages = faq_pages()
    return {
        "records": len(official),
        "checkable": checkable,
        "not_checkable": len(official) - checkable,
        "pages_read": len(pages),
        "answers_found": sum(page["found"] for page in pages),
        "answers_recorded": sum(len(page["recorded"]) for page in pages),
        "new_records": len({rid for page in pages for rid in page["recorded"]}),
        "answers_already_recorded": sum(len(page["already"]) for page in pages),
        "answers_skipped": sum(skip["count"] for page in pages for skip in page["skipped"]),
    }


@rulings_app.command("coverage")
def coverage_command(
    paths: Annotated[
        list[Path] | None, typer.Argument(help="Scenario files or folders (default: the bundled scenarios).")
    ] = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 1 when a checkable FAQ ruling (R01-R65) has no passing scenario.")
    ] = False,
    json_output: Annotated[bool, typer.Option("--json", help="Print the coverage as JSON.")] = False,
) -> None:
    """For every checkable ruling: the scenarios that cite it in expect.rulings and whether they pass."""
    from adjudicator.checking import check_file
    from adjudicator.model.errors import ScenarioError
    from adjudicator.rulings.store import all_rulings

    try:
        records = all_rulings(strict=True)  # the audit validates every record with pydantic
    except ScenarioError as exc:
        from adjudicator.output import fail, scenario_error_data

        fail({**scenario_error_data(exc), "code": "invalid-record"}, json_output)
    suite = _bundled_scenarios()
    if not paths and suite is None:
        _fail(
            "the bundled scenarios are missing from this installation: name the scenario files or folders to audit",
            code="no-scenarios",
            json_output=json_output,
        )
    by_id, unknown = _citations(list(paths) if paths else [suite] if suite else [], json_output)
    statuses: dict[Path, str] = {}

    def status_of(path: Path) -> str:
        if path not in statuses:
            statuses[path] = check_file(path).status
        return statuses[path]

    rows = []
    for record in records.values():
        if not record.checkable:
            continue
        cited = [(path, status_of(path)) for path in by_id.get(record.id, [])]
        proven = any(status == "pass" for _p, status in cited)
        state = "proven" if proven else "failing" if cited else "uncovered"
        rows.append((record, cited, state))

    def is_faq(record: Any) -> bool:
        match = FAQ_ID.match(record.id)
        return match is not None and 1 <= int(match.group(1)) <= 65

    def count(selected: list[tuple[Any, list, str]]) -> dict[str, int]:
        return {
            "checkable": len(selected),
            "proven": sum(state == "proven" for *_x, state in selected),
            "failing": sum(state == "failing" for *_x, state in selected),
            "uncovered": sum(state == "uncovered" for *_x, state in selected),
        }

    totals = count(rows)
    faq_rows = [row for row in rows if is_faq(row[0])]
    faq_totals = count(faq_rows)
    not_checkable_cited = sorted(rid for rid in by_id if not records[rid].checkable)
    missing_faq = [record.id for record, _cited, state in faq_rows if state != "proven"]
    official = _official_summary(records.values())
    exit_code = 1 if strict and missing_faq else 0

    if json_output:
        _json_out(
            {
                "rulings": [
                    {
                        "id": record.id,
                        "title": record.title,
                        "state": state,
                        "scenarios": [{"path": _shown_path(p), "status": s} for p, s in cited],
                    }
                    for record, cited, state in rows
                ],
                "totals": totals,
                "faq_totals": faq_totals,
                "faq_without_passing_scenario": missing_faq,
                "unknown_ids": {rid: [_shown_path(p) for p in files] for rid, files in sorted(unknown.items())},
                "not_checkable_but_cited": not_checkable_cited,
                "official": official,
            }
        )
        raise typer.Exit(exit_code)

    from rich.table import Table

    console = _console()
    table = Table()
    table.add_column("ruling", no_wrap=True)
    table.add_column("state", no_wrap=True)
    table.add_column("scenarios")
    marks = {"proven": "proven", "failing": "FAILING", "uncovered": "-"}
    for record, cited, state in rows:
        table.add_row(record.id, marks[state], "\n".join(f"{_shown_path(p)} ({s})" for p, s in cited) or "")
    console.print(table)
    for rid, files in sorted(unknown.items()):
        console.print(f"warning: {', '.join(_shown_path(p) for p in files)} cite(s) unknown ruling {rid}", markup=False)
    for rid in not_checkable_cited:
        console.print(f"note: {rid} is marked not checkable but is cited by a scenario", markup=False)
    console.print(
        f"Totals: {totals['checkable']} checkable rulings, {totals['proven']} proven by a passing scenario, "
        f"{totals['failing']} cited only by failing scenarios, {totals['uncovered']} without a scenario.",
        markup=False,
    )
    console.print(
        f"FAQ R01-R65: {faq_totals['proven']} of {faq_totals['checkable']} checkable rulings proven, "
        f"{faq_totals['failing']} failing, {faq_totals['uncovered']} without a scenario.",
        markup=False,
    )
    console.print(
        f"Official answers (Q<n>, Q-tag-*): {official['records']} records, {official['checkable']} checkable, "
        f"{official['not_checkable']} not checkable (each says why). FAQ pages read: {official['pages_read']}, "
        f"with {official['answers_found']} answers: {official['answers_recorded']} made {official['new_records']} "
        f"new records, "
        f"{official['answers_already_recorded']} already recorded, {official['answers_skipped']} skipped "
        "(adjudicator/rulings/faq_pages.yaml says why).",
        markup=False,
    )
    if strict and missing_faq:
        sys.stderr.write(f"strict: {len(missing_faq)} checkable FAQ rulings have no passing scenario\n")
    raise typer.Exit(exit_code)


# ---------------------------------------------------------------- cards


@cards_app.command("show")
def card_show_command(
    name: Annotated[
        str,
        typer.Argument(
            help="A card name or table nickname (d3p2, gowi, potato ...).", autocompletion=complete_card_names
        ),
    ],
    json_output: Annotated[bool, typer.Option("--json", help="Print the card as JSON.")] = False,
) -> None:
    """Show a card (type, kind, deck, text, whether the engine supports it) and the rulings about it."""
    from adjudicator.cards.catalog import builtin
    from adjudicator.cards.kinds import is_supported
    from adjudicator.model.names import normalize, suggest
    from adjudicator.rulings.search import card_names, resolve_card

    records = _records(json_output)
    printed = resolve_card(name)
    if printed is None:
        from adjudicator.card_commands import misspelt_card, show_matches

        near = suggest(name, card_names(), limit=3, cutoff=85)  # a misspelt name: its nearest card, shown
        printed = misspelt_card(name, near)
        if printed is None:
            if not near and show_matches(name, json_output):  # else the cards its words point to
                return
            _fail(f"no card {name!r}", near, code="no-such-card", json_output=json_output)
            return
    catalog = builtin()
    card = catalog.get(printed)
    key = normalize(printed)
    rulings = [r for r in records.values() if any(normalize(c) == key for c in r.cards)]
    if json_output:
        data: dict[str, Any] = {"query": name, "name": card.name if card else printed, "in_catalog": card is not None}
        if card is not None:
            deck = catalog.decks.get(card.deck)
            data.update(
                {
                    "type": card.type.value,
                    "type_label": card.type.label,
                    "kind": card.kind,
                    "deck": card.deck,
                    "deck_title": deck.title if deck else card.deck,
                    "text": card.text,
                    "supported": is_supported(card),
                }
            )
        data["rulings"] = [_brief(r) for r in rulings]
        _json_out(data)
        return
    from rich.table import Table
    from rich.text import Text

    console = _console()
    if card is None:
        console.print(Text(printed, style="bold"))
        console.print(Text("Not in the built-in decks (a card of another edition that the rulings mention)."))
    else:
        heading = Text(card.name, style="bold")
        if normalize(name) != normalize(card.name):
            heading.append(f"  ({name!r})" if resolve_card(name) else f"  (the nearest card to {name!r})")
        console.print(heading)
        deck = catalog.decks.get(card.deck)
        _label(console, "Type", card.type.label)
        _label(console, "Kind", card.kind)
        _label(console, "Deck", f"{deck.title} ({card.deck})" if deck else card.deck)
        _label(console, "Supported", "yes" if is_supported(card) else "not yet (no behaviour built for its kind)")
        _label(console, "Text", " ".join(card.text.split()) or "-")
    console.print()
    if not rulings:
        console.print(Text("No ruling lists this card.", style="bold"))
        return
    table = Table(title=f"Rulings about {printed}", title_justify="left")
    table.add_column("id", no_wrap=True)
    table.add_column("title")
    for record in rulings:
        table.add_row(record.id, record.title)
    console.print(table)
