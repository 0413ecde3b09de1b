"""Is it a word, and which part of speech: lemminflect's lookup tables plus the shipped lists.

The word test follows the Word Fluxx rulebook: a word is commonly found in an English
dictionary; proper nouns and slang do not count unless the table allows them (house rules).

- lemminflect's `resources/lemma_lu.csv.gz` (MIT; data from the NIH SPECIALIST Lexicon) lists
  about 67,000 word forms with their parts of speech (noun, verb, adj, adv, aux). A form listed
  only with a capital first letter (Paris, John) is a proper noun. The file is read directly:
  importing lemminflect itself would import numpy (for a model this project does not use).
- `data/function_words.txt`: the closed-class words those tables leave out (the, and, three, ...).
- `data/extra_words.txt`: common words the tables miss (county, tattoo, oxen), with parts of speech;
  `data/not_words.txt`: entries of the tables that are no words (ph, rs).
- `data/slang.txt`: informal words that count only under the house rule `slang`.
- `data/common_nouns.txt`: spellings the tables list only capitalised that are ordinary nouns
  too (eve, zest): the proper-noun list checked against WordNet 3.1's lower-case nouns.

Everything loads on the first call (`lexicon()`), so only a replay that tests a word pays.
"""

from __future__ import annotations

import gzip
import importlib.util
import os
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from math import prod
from pathlib import Path

#: Parts of speech, as bits of one int per word. A Goal asks for the first three.
NOUN, VERB, ADJECTIVE, ADVERB, AUXILIARY = 1, 2, 4, 8, 16
PARTS_OF_SPEECH = {"noun": NOUN, "verb": VERB, "adjective": ADJECTIVE}
_TABLE_POS = {"noun": NOUN, "verb": VERB, "adj": ADJECTIVE, "adv": ADVERB, "aux": AUXILIARY}
_ENTRY = re.compile(r"^([A-Za-z]+),([a-z]+),", re.M)
_WORD = re.compile(r"^[a-z]+$")


@dataclass(frozen=True)
class WordRules:
    """What the table counts as a word beyond the rulebook's test (the house-rule switches
    `proper_nouns`, `slang`, `allowed_words`, `banned_words`). The defaults are the rulebook."""

    proper_nouns: bool = False
    slang: bool = False
    allowed: frozenset[str] = frozenset()
    banned: frozenset[str] = frozenset()

    @classmethod
    def of(
        cls,
        proper_nouns: bool = False,
        slang: bool = False,
        allowed_words: tuple[str, ...] | list[str] = (),
        banned_words: tuple[str, ...] | list[str] = (),
    ) -> WordRules:
        return cls(
            bool(proper_nouns),
            bool(slang),
            frozenset(w.lower() for w in allowed_words),
            frozenset(w.lower() for w in banned_words),
        )


OFFICIAL = WordRules()


class Lexicon:
    """Every spelling the tables and lists know, with its standing and parts of speech."""

    def __init__(self, common: dict[str, int], proper: dict[str, int], slang: frozenset[str]) -> None:
        self.common = common  # lower-case dictionary words -> part-of-speech bits (0: a function word)
        self.proper = proper  # listed only capitalised (names, places), lower-cased -> bits
        self.slang = slang
        self._by_letters: dict[int, list[str]] | None = None
        self._bit_sets: _BitSets | None = None

    def not_a_word(self, word: str, rules: WordRules = OFFICIAL) -> str | None:
        """Why `word` does not count as a word for this table, or None when it does."""
        word = word.lower()
        if not _WORD.match(word):
            return f"{word.upper()} is not spelled with the letters A to Z only"
        if word in rules.banned:
            return f"{word.upper()} is banned by the table (house rule banned_words)"
        if word in rules.allowed or word in self.common:
            return None
        if word in self.proper:
            return None if rules.proper_nouns else f"{word.upper()} is a proper noun (a name), not a common word"
        if word in self.slang:
            return None if rules.slang else f"{word.upper()} is slang"
        return f"{word.upper()} is not in the dictionary"

    def is_word(self, word: str, rules: WordRules = OFFICIAL) -> bool:
        return self.not_a_word(word, rules) is None

    def parts_of_speech(self, word: str, rules: WordRules = OFFICIAL) -> int:
        """The word's part-of-speech bits (a word may be several: RUN is a noun and a verb).
        A proper noun is a noun when the table counts proper nouns or allows that word; a word
        only the table's `allowed_words` know has none."""
        word = word.lower()
        bits = self.common.get(word, 0)
        if rules.proper_nouns or word in rules.allowed:
            bits |= self.proper.get(word, 0)
        return bits

    def spellable(self, letters: str, low: int, high: int) -> list[str]:
        """Every known spelling of low..high letters made of some of these letters, each used at
        most once. A few letters: each selection of them is looked up (a player with 8 different
        letters has 256); more: bit sets of the spellings that need more of a letter than the
        player has rule them out together (built on the first such search)."""
        letters = letters.lower()
        if len(letters) <= ENUMERATE_UP_TO:
            by_letters = self.by_letters
            return [w for key in sub_multisets(Counter(letters), low, high) for w in by_letters.get(key, ())]
        if self._bit_sets is None:
            self._bit_sets = _BitSets(self.spellings())
        return self._bit_sets.spellable(letters, low, high)

    def spellings(self) -> list[str]:
        """Every spelling the lexicon knows (common, proper or slang), each once."""
        return list(dict.fromkeys([*self.common, *self.proper, *self.slang]))

    def anagrams(self, letters: str) -> Sequence[str]:
        """Every known spelling (common, proper or slang) made of exactly these letters, any order."""
        return self.by_letters.get(letters_key(letters), ())

    @property
    def by_letters(self) -> dict[int, list[str]]:
        """`letters_key` of a spelling -> the spellings made of exactly those letters (built on
        first use)."""
        if self._by_letters is None:
            index: dict[int, list[str]] = {}
            for word in self.spellings():
                index.setdefault(letters_key(word), []).append(word)
            self._by_letters = index
        return self._by_letters


#: One prime per letter: the product of a word's letters names its multiset of letters (any
#: order), and multiplying keys adds letters, so the search builds keys with integer products.
LETTER_PRIMES = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyz",
        (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101),
        strict=False,
    )
)


def letters_key(letters: str) -> int:
    """The product of the letters' primes: equal for two spellings with the same letters."""
    return prod(map(LETTER_PRIMES.__getitem__, letters.lower()))


#: Up to this many letters the search looks up each selection of them; beyond, bit sets.
ENUMERATE_UP_TO = 9


def sub_multisets(counts: Counter, low: int, high: int) -> list[int]:
    """The `letters_key` of every distinct selection of low..high of the letters."""
    keys = [(1, 0)]  # (key, size)
    for letter, count in counts.items():
        prime = LETTER_PRIMES[letter]
        keys = [(key * prime**n, size + n) for key, size in keys for n in range(count + 1) if size + n <= high]
    return [key for key, size in keys if size >= low]


class _BitSets:
    """Spellings as bits of big integers: for each letter and count k, the spellings with at
    least k of that letter; for each length, the spellings that long. The spellings a set of
    letters can make are those of the right length that need no letter more often than it has."""

    def __init__(self, words: list[str]) -> None:
        self.words = words
        size = (len(words) + 7) // 8
        needs: dict[tuple[str, int], bytearray] = {}
        lengths: dict[int, bytearray] = {}
        for i, word in enumerate(words):
            byte, bit = i >> 3, 1 << (i & 7)
            for letter in set(word):
                for k in range(1, word.count(letter) + 1):
                    needs.setdefault((letter, k), bytearray(size))[byte] |= bit
            lengths.setdefault(len(word), bytearray(size))[byte] |= bit
        self.needs = {key: int.from_bytes(bits, "little") for key, bits in needs.items()}
        self.lengths = {n: int.from_bytes(bits, "little") for n, bits in lengths.items()}

    def spellable(self, letters: str, low: int, high: int) -> list[str]:
        have = Counter(letters)
        too_many = 0
        for letter in LETTER_PRIMES:
            too_many |= self.needs.get((letter, have[letter] + 1), 0)
        fits = 0
        for n in range(low, high + 1):
            fits |= self.lengths.get(n, 0)
        bits = format(fits & ~too_many, "b")  # the highest word number first
        top, found = len(bits) - 1, []
        at = bits.find("1")
        while at != -1:
            found.append(self.words[top - at])
            at = bits.find("1", at + 1)
        return found


def _word_list(name: str) -> list[str]:
    text = (resources.files("adjudicator.words") / "data" / name).read_text(encoding="utf-8")
    return [line.split("#", 1)[0].strip().lower() for line in text.splitlines() if line.split("#", 1)[0].strip()]


def _lemminflect_path() -> Path:
    """lemminflect's form -> part of speech table, found without importing the package."""
    spec = importlib.util.find_spec("lemminflect")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the lemminflect package is not installed (pip install lemminflect)")
    return Path(next(iter(spec.submodule_search_locations))) / "resources" / "lemma_lu.csv.gz"


def _lemminflect_table() -> str:
    return gzip.decompress(_lemminflect_path().read_bytes()).decode("utf-8")


_LISTS = ("function_words.txt", "extra_words.txt", "not_words.txt", "common_nouns.txt", "slang.txt")


@cache
def lexicon() -> Lexicon:
    """The lexicon, read once per process on first use: from the on-disk cache (cache.py, keyed by
    lemminflect's table, the lists and this module) when it can, else built (a tenth of a second)."""
    from adjudicator.cache import load_or_build

    here = os.path.dirname(os.path.abspath(__file__))
    sources = [str(_lemminflect_path()), os.path.join(here, "lexicon.py")]
    sources += [os.path.join(here, "data", name) for name in _LISTS]
    return load_or_build("lexicon", here, sources, _read_lexicon, _dump_lexicon, _load_lexicon)


def _dump_lexicon(lexicon: Lexicon) -> tuple:
    return lexicon.common, lexicon.proper, list(lexicon.slang)


def _load_lexicon(data: tuple) -> Lexicon:
    common, proper, slang = data
    return Lexicon(common, proper, frozenset(slang))


def _read_lexicon() -> Lexicon:
    """The lexicon, read from lemminflect's table and the shipped lists."""
    common: dict[str, int] = {}
    proper: dict[str, int] = {}
    for form, pos in _ENTRY.findall(_lemminflect_table()):
        bit = _TABLE_POS.get(pos, 0)
        if form.islower():
            common[form] = common.get(form, 0) | bit
        elif form[0].isupper() and form[1:].islower():  # Paris, not TV or iPod
            key = form.lower()
            proper[key] = proper.get(key, 0) | bit
    for word in _word_list("function_words.txt"):
        common.setdefault(word, 0)
    for line in _word_list("extra_words.txt"):
        word, *parts = line.split()
        for part in parts:
            common[word] = common.get(word, 0) | PARTS_OF_SPEECH[part]
    for word in _word_list("not_words.txt"):
        common.pop(word, None)
    for word in [w for w in common if len(w) == 1]:
        common[word] = 0  # A and I: an article and a pronoun (the tables also list "i" as a noun)
    for line in _word_list("common_nouns.txt"):
        for word in line.split():  # listed only capitalised, yet ordinary nouns too (eve)
            common[word] = common.get(word, 0) | NOUN | proper.get(word, 0)
    for word in list(proper):
        if word in common:  # also listed in lower case (Good / good), or a common noun too: a common word
            del proper[word]
    slang = frozenset(w for w in _word_list("slang.txt") if w not in common)
    return Lexicon(common, proper, slang)


def loaded() -> bool:
    """Whether this process has read the dictionary yet (a 5.0 replay never should)."""
    return lexicon.cache_info().currsize > 0
