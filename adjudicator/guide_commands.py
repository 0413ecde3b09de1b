"""The commands that guide a reader: `docs` (the documentation pages) and `examples` (the bundled
scenarios, listed by topic or copied here to edit). Kept apart from cli.py, which registers them."""

# No `from __future__ import annotations`: typer reads each command's signature at start.

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add `docs` and `examples` to the main app."""
    app.command()(docs)
    app.command()(examples)


def _docs_topics(incomplete: str) -> list[str]:
    from adjudicator.docs_pages import complete_topics

    return complete_topics(incomplete)


def docs(
    topic: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[TOPIC]",
            help="format, house-rules (or: house rules), decks, words, readme, ... (none: the list).",
            autocompletion=_docs_topics,
        ),
    ] = None,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print the page's Markdown (or the list) as JSON.")
    ] = False,
) -> None:
    """Show a docs page: the scenario format, house rules, decks, Word Fluxx, the README (Markdown when piped)."""
    from adjudicator.docs_pages import command

    command(" ".join(topic) if topic else None, json_output)


def examples(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="[NAME]", help="Copy this bundled scenario here to edit (its file name; none: the list)."
        ),
    ] = None,
    topic: Annotated[
        str | None, typer.Option("--topic", "-t", help="List one topic only (examples, rules, ...).")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite a file of the same name here.")] = False,
    json_output: Annotated[bool, typer.Option("--json", help="Print the list (or what was copied) as JSON.")] = False,
) -> None:
    """List the bundled scenarios by topic, or copy one into the current folder to edit."""
    from adjudicator.examples_command import command

    command(name, topic, force, json_output)
