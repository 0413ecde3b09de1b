"""`adjudicator cards list` and `cards search`: browse the built-in cards by deck, type, kind
and text, and the answer of `cards show` when no card has the name asked for.

Only typer and the standard library are imported here: the CLI imports this module at start-up."""

from typing import Annotated, Any, NoReturn

import typer

SHOWN_MATCHES = 20  # `cards show` with no card of that name: how many of the matching cards to list


def register(cards_app: typer.Typer) -> None:
    """Add `list`, `search` and `kinds` to the `cards` sub-app."""
    cards_app.command("list")(list_command)
    cards_app.command("search")(search_command)
    cards_app.command("kinds")(kinds_command)


def _complete_decks(incomplete: str) -> list[str]:
    from adjudicator.cards.catalog import builtin

    return [deck for deck in builtin().decks if deck.startswith(incomplete.lower())]


DECK_OPTION = typer.Option(
    "--deck", "-d", help="Only this deck's cards (fluxx5, holiday, ...).", autocompletion=_complete_decks
)
TYPE_OPTION = typer.Option("--type", "-t", help="keeper, creeper (or problem), goal, rule, action, surprise or meta.")
KIND_OPTION = typer.Option("--kind", "-k", help="The card kind (its behaviour): draw, steal, keepers, surprise ...")
JSON_OPTION = typer.Option("--json", help="Print the cards as JSON.")


def list_command(
    deck: Annotated[str | None, DECK_OPTION] = None,
    card_type: Annotated[str | None, TYPE_OPTION] = None,
    kind: Annotated[str | None, KIND_OPTION] = None,
    text: Annotated[
        str | None, typer.Option("--text", help="Only cards whose name or text has every one of these words.")
    ] = None,
    json_output: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """List the built-in cards, by name: each one's type, deck, kind and text."""
    from adjudicator.cards import browse
    from adjudicator.cards.catalog import builtin

    try:
        found = browse.select(builtin(), deck=deck, type=card_type, kind=kind, text=text)
    except browse.BrowseError as exc:
        _bad_option(exc, json_output)
    if json_output:
        from adjudicator.output import write_json

        write_json([entry.to_json() for entry in found])
        return
    _table(found, "No card matches." if found == [] else "")


def search_command(
    query: Annotated[str, typer.Argument(help="Words of a card's name, its deck, its type or its text.")],
    deck: Annotated[str | None, DECK_OPTION] = None,
    card_type: Annotated[str | None, TYPE_OPTION] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", help="At most this many cards.")] = 20,
    json_output: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Find cards by words of their name, deck, type or text, best match first (typos are fine)."""
    from adjudicator.cards import browse
    from adjudicator.cards.catalog import builtin

    catalog = builtin()
    try:
        allowed = {entry.card.definition for entry in browse.select(catalog, deck=deck, type=card_type)}
    except browse.BrowseError as exc:
        _bad_option(exc, json_output)
    found = [m for m in browse.search(catalog, query) if m.entry.card.definition in allowed][: max(limit, 0)]
    if json_output:
        from adjudicator.output import write_json

        write_json([{**m.entry.to_json(), "score": round(m.score, 3), "found_in": list(m.found_in)} for m in found])
        return
    _table([m.entry for m in found], f"No card matches {query!r}.")


def kinds_command(
    kind: Annotated[str | None, typer.Argument(metavar="[KIND]", help="Only this kind (none: every kind).")] = None,
    card_type: Annotated[str | None, TYPE_OPTION] = None,
    json_output: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """The kinds a custom card is built from: each one's card type, what it does, its parameters and an example.

    The example is a line for `cards:`, a scenario's or a house-card library's.
    """
    import sys

    from adjudicator.cards.kind_docs import kind_docs

    docs = kind_docs()
    if kind is not None:
        docs = [d for d in docs if d.name == kind.strip().lower()]
        if not docs:
            from adjudicator.cards.kinds import REGISTRY
            from adjudicator.model.names import suggest
            from adjudicator.output import error_data, fail

            near = suggest(kind, list(REGISTRY), 2)
            fail(
                error_data(f"no card kind {kind!r} (cards kinds lists them)", code="bad-option", suggestions=near),
                json_output,
            )
    if card_type is not None:
        wanted = {"problem": "creeper"}.get(card_type.lower(), card_type.lower())
        docs = [d for d in docs if d.card_type == wanted]
    if json_output:
        from adjudicator.output import write_json

        write_json([d.to_json() for d in docs])
        return
    lines = []
    for doc in docs:
        about = doc.summary if doc.summary and not doc.like else ""  # a card's own text says it better
        lines.append(f"{doc.name} ({doc.card_type})" + (f": {about}" if about else ""))
        if doc.like:
            lines.append(f"  like {' '.join(doc.like.split())}")
        if doc.implied:
            lines.append(f"  `kind: {doc.name}` may be left out: {doc.implied}")
        for param in doc.params:
            need = "required" if param.required else f"optional, default {param.default!r}"
            lines.append(f"  {param.name}: {param.describe} ({need})")
        if not doc.params:
            lines.append("  no parameters")
        if doc.example:
            lines.append(f"  - {doc.example}")
        lines.append("")
    lines.append(
        f"{len(docs)} kind{'s' if len(docs) != 1 else ''}. Every card also takes name, type, text, flags "
        "(free_action, ends_turn, compound) and copies; docs: adjudicator docs format (custom cards)"
    )
    sys.stdout.write("\n".join(lines) + "\n")


def misspelt_card(name: str, near: tuple[str, ...]) -> str | None:
    """The card `cards show NAME` shows for a misspelt name: the nearest card, when it is a near
    spelling of the whole name ("Radioactive Potatoe"), not of a part of it ("Milkk Shake")."""
    from rapidfuzz import fuzz

    from adjudicator.model.names import normalize
    from adjudicator.rulings.search import resolve_card

    if not near or fuzz.ratio(normalize(name), normalize(near[0])) < 85:
        return None
    return resolve_card(near[0])


def show_matches(name: str, json_output: bool) -> bool:
    """`cards show NAME` when no card has that name: list the cards the name's words point to
    (its deck, words of their text); False when nothing matches."""
    from adjudicator.cards import browse
    from adjudicator.cards.catalog import builtin

    found = browse.search(builtin(), name)[:SHOWN_MATCHES]
    if not found:
        return False
    if json_output:
        from adjudicator.output import write_json

        write_json(
            {
                "query": name,
                "in_catalog": False,
                "matches": [{**m.entry.to_json(), "found_in": list(m.found_in)} for m in found],
            }
        )
        return True
    import sys

    sys.stdout.write(
        f"No card is named {name!r}. The cards that match it (`adjudicator cards show NAME` for one; "
        "a scenario may declare a card no built-in deck has in its `cards:`):\n"
    )
    _table([m.entry for m in found], "")
    return True


def _bad_option(exc: Any, json_output: bool) -> NoReturn:
    from adjudicator.output import error_data, fail

    fail(error_data(exc.message, code="bad-option", suggestions=exc.suggestions), json_output)


def _table(found: list[Any], empty: str) -> None:
    """One line per card: name, type, deck (the one that prints it), kind, and as much of the text
    as a terminal's width allows (all of it in a file or a pipe)."""
    import os
    import shutil
    import sys

    if not found:
        sys.stdout.write(empty + "\n")
        return
    rows = [("card", "type", "deck", "kind", "text")]
    rows += [
        (
            entry.card.name,
            entry.card.type.label,
            entry.card.deck,
            entry.card.kind if entry.supported else "not supported yet",
            " ".join(entry.card.text.split()),
        )
        for entry in found
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() or os.environ.get("COLUMNS") else None
    lines = []
    for row in rows:
        line = "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)) + "  " + row[4]
        if width is not None and len(line) > width:
            line = line[: max(width - 1, 0)] + "…"
        lines.append(line.rstrip())
    lines.append(f"{len(found)} card{'s' if len(found) != 1 else ''}")
    sys.stdout.write("\n".join(lines) + "\n")
