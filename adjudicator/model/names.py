"""Name matching: how a user's spelling of a card or player is compared and corrected."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

_NON_ALNUM = re.compile(r"[^a-z0-9]+")


@functools.lru_cache(maxsize=8192)  # the engine compares the same few hundred names over and over
def normalize(name: str) -> str:
    """Fold case, spaces and punctuation; '&' and 'and' are the same word. For card names
    (all printed in ASCII), where "Milk & Cookies" and "milk and cookies" are one card."""
    text = name.lower().replace("&", " and ")
    text = text.replace("\u2019", "'")
    return _NON_ALNUM.sub("", text)


def count_of(n: int, noun: str) -> str:
    """A number with its noun, as a person says it: '1 play', '2 plays', '0 cards' (never 'play(s)')."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def player_key(name: str) -> str:
    """Fold case and runs of spaces only: player names are any text, so "Zoë" and "Zoé",
    or two names in Chinese, stay two players; "alice" and "Alice" are one."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


#: At most this many characters of a name are compared for suggestions: a name is a few words, and
#: a hostile one of 4 MB took 6 s and 400 MB to compare with every card.
SUGGESTED_FROM = 200


def suggest(name: str, candidates: Iterable[str], limit: int = 2, cutoff: float = 60) -> tuple[str, ...]:
    """The closest spellings among candidates, best first (empty when nothing scores `cutoff` of 100)."""
    from rapidfuzz import fuzz, process  # imported only when someone misspelled something

    pool = {normalize(c): c for c in candidates}
    if not pool:
        return ()
    compared = normalize(name[:SUGGESTED_FROM])
    found = process.extract(compared, list(pool), scorer=fuzz.WRatio, limit=limit, score_cutoff=cutoff)
    return tuple(pool[key] for key, _score, _index in found)


def not_text(value: Any) -> str:
    """A name YAML read as something other than text (`No`, `null`, `7`), said with the reason
    and the fix: what follows "must be text, not"."""
    if isinstance(value, bool):
        return (
            f"{str(value).lower()}: YAML reads an unquoted yes, no, on, off, true or false as true or false; "
            "put the name in quotes"
        )
    if value is None:
        return "nothing: the value is empty (YAML reads an unquoted null or ~ as no value too)"
    if isinstance(value, (int, float)):
        return f"the number {value}; put the name in quotes ('{value}')"
    return f"{value!r:.40}"


def shown_value(value: Any) -> str:
    """A value from a YAML file as a message names it: true, false and nothing as YAML spells
    them (not Python's True, False and None); anything else quoted as before."""
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return "nothing (an empty value)"
    return repr(value)
