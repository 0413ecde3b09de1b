"""Name matching: how a user's spelling of a card or player is compared and corrected."""

from __future__ import annotations

import re
from collections.abc import Iterable

_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def normalize(name: str) -> str:
    """Fold case, spaces and punctuation; '&' and 'and' are the same word."""
    text = name.lower().replace("&", " and ")
    text = text.replace("\u2019", "'")
    return _NON_ALNUM.sub("", text)


def suggest(name: str, candidates: Iterable[str], limit: int = 2) -> tuple[str, ...]:
    """The closest spellings among candidates, best first (empty when nothing is close)."""
    from rapidfuzz import fuzz, process  # imported only when someone misspelled something

    pool = {normalize(c): c for c in candidates}
    if not pool:
        return ()
    found = process.extract(normalize(name), list(pool), scorer=fuzz.WRatio, limit=limit, score_cutoff=60)
    return tuple(pool[key] for key, _score, _index in found)
