"""Silent letters: written, not sounded. No library decides this, so the rule is stated here.

A word has a silent letter when one of these holds (the first that applies is reported):

1. it begins with kn, gn, wr, ps, pn or mn (the first letter is silent: knee, gnome, write,
   psalm, pneumonia, mnemonic) or with rh or gh (the h is silent: rhyme, ghost);
2. it ends in mb, mn or gn, alone or before -s, -es, -ed, -ing (the b, n or g is silent: lamb,
   climbed, autumn, hymns, sign, reigning); before -er/-ers only when the pronunciation lacks
   that letter's sound (climber, plumber, signer: yes; number, member: no);
3. it has igh (night, weigh), or ough / augh pronounced without an F sound (though, caught;
   not laugh, tough): the g is silent (with its h);
4. it ends in a consonant + e and is pronounced with a consonant sound at the end (the e is
   silent: cake, time, table, care), checked in the CMU Pronouncing Dictionary (the, recipe:
   no); a word the CMU dictionary lacks counts when it ends in vowel + consonant + e;
5. it, or its stem before -s, -es, -ed, -d, -ing, -er, -ers, -ly, is in the shipped list
   `data/silent_letters.txt` (debt, island, listen, half, answer, guitar, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from adjudicator.words import sounds

_STARTS = {"kn": 0, "gn": 0, "wr": 0, "ps": 0, "pn": 0, "mn": 0, "rh": 1, "gh": 1}
_ENDS = {"mb": "B", "mn": "N", "gn": "G"}  # the ending and the sound its silent letter would make
_ENDING_SUFFIXES = ("", "s", "es", "ed", "ing")
_STEM_SUFFIXES = ("s", "es", "ed", "d", "ing", "er", "ers", "ly")
_VOWELS = set("aeiou")


@dataclass(frozen=True)
class Silent:
    """Where a word's silent letter is and which rule says so."""

    word: str
    index: int
    why: str

    @property
    def letter(self) -> str:
        return self.word[self.index].upper()

    def __str__(self) -> str:
        return f"the {self.letter} of {self.word.upper()} is silent: {self.why}"


@cache
def _listed() -> dict[str, str]:
    text = (resources.files("adjudicator.words") / "data" / "silent_letters.txt").read_text(encoding="utf-8")
    pairs = (line.split("#", 1)[0].split() for line in text.splitlines())
    return {pair[0]: pair[1] for pair in pairs if len(pair) == 2}


def silent_letter(word: str) -> Silent | None:
    """The word's silent letter by the rules above, or None."""
    word = word.lower()
    for check in (_start, _end, _gh, _final_e, _from_list):
        found = check(word)
        if found is not None:
            return found
    return None


def _start(word: str) -> Silent | None:
    index = _STARTS.get(word[:2])
    if index is None or len(word) < 3:
        return None
    return Silent(word, index, f"{word[:2]}- at the start")


def _end(word: str) -> Silent | None:
    for ending, sound in _ENDS.items():
        for suffix in (*_ENDING_SUFFIXES, "er", "ers"):
            if word.endswith(ending + suffix) and len(word) > len(ending + suffix):
                if suffix in ("er", "ers") and sounds.has_phone(word, {sound}) is not False:
                    continue  # number, member: the b is heard (or the dictionary cannot tell)
                at = len(word) - len(suffix) - (2 if ending == "gn" else 1)
                return Silent(word, at, f"-{ending} at the end")
    return None


def _gh(word: str) -> Silent | None:
    if "igh" in word:
        return Silent(word, word.index("igh") + 1, "-igh-")
    for group in ("ough", "augh"):
        if group in word and sounds.has_phone(word, {"F"}) is False:
            return Silent(word, word.index(group) + 2, f"-{group}- without an F sound")
    return None


def _final_e(word: str) -> Silent | None:
    if len(word) < 3 or not word.endswith("e") or word[-2] in _VOWELS or word[-2] == "y":
        return None
    entries = sounds.pronunciations().get(word)
    if entries:

        def quiet_end(phones: str) -> bool:
            last = phones.split()[-1]
            return not last[-1].isdigit() or (last.startswith("ER") and word.endswith("re"))

        if all(quiet_end(p) for p in entries):
            return Silent(word, len(word) - 1, "a final e that is not sounded")
        return None
    if word[-3] in _VOWELS:
        return Silent(word, len(word) - 1, "a final e after vowel + consonant")
    return None


def _from_list(word: str) -> Silent | None:
    listed = _listed()
    stems = [word]
    for suffix in _STEM_SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix) + 1:
            stem = word[: -len(suffix)]
            stems += [stem, stem + "e"]
    for stem in stems:
        letter = listed.get(stem)
        if letter is not None and letter in stem:
            index = stem.index(letter)
            if index < len(word) and word[index] == letter:
                return Silent(word, index, "the shipped list of silent letters")
    return None
