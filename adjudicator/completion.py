"""Shell completion of the names the commands take: cards, house rules (`NAME=VALUE`), decks.

A completion is inserted into the command line as it is printed. zsh and fish quote what they
insert; bash and PowerShell do not, so a card name with spaces or an apostrophe ("Draw 2 and Use
'Em") would break the command line. The completion functions return plain names (typer keeps
those that start with the word typed, unescaped) and `quote_when_completing` makes typer's bash
and PowerShell printers quote them.
Imports only the standard library at start-up: the data is read when a completion is asked.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import Any

# Compiled when a shell first asks for completions (re keeps them): the CLI imports this module at start-up.
_PLAIN = r"^[A-Za-z0-9_.,=+:/@%-]*$"  # needs no quoting in any shell
_WORD = r"^[a-z_0-9]+$"  # a house-rule value that completes as written


def _shell() -> str:
    """The shell asking: typer sets `_PROG_COMPLETE=complete_SHELL` for the completing process."""
    for key, value in os.environ.items():
        if key.endswith("_COMPLETE") and value.startswith("complete_"):
            return value.removeprefix("complete_")
    return ""


def quoted(value: str, shell: str) -> str:
    """`value` as `shell` must see it to read it back as one word."""
    if re.match(_PLAIN, value):
        return value
    if shell == "bash":
        return re.sub(r"([^A-Za-z0-9_.,=+:/@%-])", r"\\\1", value)
    if shell in ("powershell", "pwsh"):
        return "'" + value.replace("'", "''") + "'"
    return value  # zsh and fish quote what they insert


def quote_when_completing() -> None:
    """In a completing process for bash or PowerShell, quote each completion typer prints."""
    shell = _shell()
    if shell not in ("bash", "powershell", "pwsh"):
        return
    try:
        from typer import _completion_classes as classes  # not public: without it, names stay unquoted
    except ImportError:
        return
    printer = classes.PowerShellComplete if shell != "bash" else classes.BashComplete
    plain = printer.format_completion

    def format_completion(self: Any, item: classes.CompletionItem) -> str:
        return plain(self, classes.CompletionItem(quoted(item.value, shell), help=item.help))

    printer.format_completion = format_completion  # type: ignore[method-assign]  # wrapping it is the point


def matching(values: Iterable[str], incomplete: str) -> list[str]:
    """The values that start with what was typed, in any case. Names are read in any case,
    and typer keeps only completions that start with the very text typed: it is kept."""
    typed = incomplete.lower()
    return [incomplete + value[len(incomplete) :] for value in values if value.lower().startswith(typed)]


def card_names(incomplete: str) -> list[str]:
    from adjudicator.rulings.search import card_names as names

    return matching(names(), incomplete)


def house_rule_names(incomplete: str) -> list[str]:
    from adjudicator.model.house_rules import SWITCHES

    return matching(SWITCHES, incomplete)


def house_rule_assignments(incomplete: str) -> list[str]:
    """`NAME=` for the names, then `NAME=VALUE` for the values a switch names (`tie=shared`)."""
    from adjudicator.model.house_rules import SWITCHES

    name, equals, _value = incomplete.partition("=")
    if not equals:
        return matching((f"{switch}=" for switch in SWITCHES), incomplete)
    switch = SWITCHES.get(name)
    if switch is None:
        return []
    values = [v.strip() for v in switch.values.split("|")]
    return matching((f"{name}={v}" for v in values if re.match(_WORD, v)), incomplete)


def deck_lists(incomplete: str) -> list[str]:
    """`--decks a,b`: the deck ids that complete the last of the list."""
    from adjudicator.cards.catalog import built_in_decks

    done, comma, last = incomplete.rpartition(",")
    taken = set(done.split(",")) if comma else set()
    return matching((f"{done}{comma}{deck}" for deck in built_in_decks() if deck not in taken), incomplete)
