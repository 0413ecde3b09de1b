"""`rulings coverage` (which rulings the scenarios prove, and the official answers' totals) and
`cards show` (a card and the rulings about it)."""

import re
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from adjudicator.rulings.commands.common import (
    FAQ_ID,
    _brief,
    _bundled_scenarios,
    _citations,
    _console,
    _fail,
    _json_out,
    _label,
    _records,
    _shown_path,
    cards_app,
    complete_card_names,
    rulings_app,
)


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
        match = re.match(FAQ_ID, record.id)
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
