"""`rulings search`, `rulings show` and `rulings list`: finding and reading the records."""

from typing import Annotated

import typer

from adjudicator.rulings.commands.common import (
    _brief,
    _bundled_scenarios,
    _citations,
    _console,
    _fail,
    _find_ruling,
    _json_out,
    _label,
    _records,
    _result_lines,
    _shown_path,
    complete_ruling_ids,
    rulings_app,
)


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
