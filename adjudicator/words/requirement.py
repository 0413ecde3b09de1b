"""What a word Goal asks, and the search for words a player's letters can spell.

A `Requirement` combines any of: an exact or minimum length, a part of speech, a double
letter, a palindrome, a silent letter, a syllable count, a given word to spell, and "two words
that rhyme" (both words then meet every other part). Letters are each used once: two rhyming
words together use no more of a letter than the player has.

`find` is the engine's search: the lexicon lists the spellings the letters can make
(`Lexicon.spellable`), the requirement filters them, and the result is cached per (Goal,
letters, house rules), so a repeated win check is a dict hit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from adjudicator.model.names import count_of
from adjudicator.words.lexicon import ENUMERATE_UP_TO, OFFICIAL, PARTS_OF_SPEECH, WordRules, _BitSets, lexicon

_ARTICLE = {"noun": "a noun", "verb": "a verb", "adjective": "an adjective"}
#: The vowels a Goal counts; every other letter, Y included, is a consonant.
VOWELS = frozenset("aeiou")


@dataclass(frozen=True)
class Requirement:
    """What a word Goal asks of a word (or of two rhyming words); unset parts ask nothing."""

    length: int | None = None
    min_length: int | None = None
    part_of_speech: str | None = None  # noun, verb or adjective
    double_letter: bool = False
    palindrome: bool = False
    silent_letter: bool = False
    syllables: int | None = None
    spell: str | None = None
    rhyme: bool = False
    vowels: int | None = None  # exactly so many of A, E, I, O, U (Y is a consonant)
    min_vowels: int | None = None
    consonants: int | None = None  # exactly so many letters that are not vowels
    min_consonants: int | None = None

    @property
    def words_needed(self) -> int:
        return 2 if self.rhyme else 1

    def describe(self) -> str:
        """The requirement in words: "a verb of at least 5 letters"."""
        what = _ARTICLE[self.part_of_speech] if self.part_of_speech else "a word"
        if self.spell:
            return f"the word {self.spell.upper()}"
        parts = []
        if self.length is not None:
            parts.append(f"of exactly {self.length} letters")
        if self.min_length is not None:
            parts.append(f"of at least {self.min_length} letters")
        if self.syllables is not None:
            parts.append(f"of {self.syllables} syllable{'s' * (self.syllables != 1)}")
        for count, least, kind in (
            (self.vowels, self.min_vowels, "vowel"),
            (self.consonants, self.min_consonants, "consonant"),
        ):
            if count is not None:
                parts.append(f"with exactly {count} {kind}{'s' * (count != 1)}")
            if least is not None:
                parts.append(f"with at least {least} {kind}{'s' * (least != 1)}")
        if self.double_letter:
            parts.append("with a double letter")
        if self.silent_letter:
            parts.append("with a silent letter")
        if self.palindrome:
            parts.append("that reads the same backwards")
        text = " ".join([what, *parts])
        if self.rhyme:
            plural = (
                text.replace("a word", "words", 1)
                .replace("a noun", "nouns", 1)
                .replace("a verb", "verbs", 1)
                .replace("an adjective", "adjectives", 1)
            )
            return f"two {plural} that rhyme"
        return text

    # -- one word --------------------------------------------------------------
    def not_a_word(self, word: str, rules: WordRules = OFFICIAL) -> str | None:
        """Why word does not count as a word here (the word a Spell Goal names always counts)."""
        if self.spell and word.lower() == self.spell.lower():
            return None
        return lexicon().not_a_word(word, rules)

    def shortfall(self, word: str, rules: WordRules = OFFICIAL) -> str | None:
        """Why a word (already known to count as a word) does not meet this requirement, or None."""
        word = word.lower()
        shown = word.upper()
        if self.spell and word != self.spell.lower():
            return f"the Goal asks for {self.spell.upper()}, not {shown}"
        if self.length is not None and len(word) != self.length:
            return f"{shown} has {count_of(len(word), 'letter')}, the Goal asks for exactly {self.length}"
        if self.min_length is not None and len(word) < self.min_length:
            return f"{shown} has {count_of(len(word), 'letter')}, the Goal asks for at least {self.min_length}"
        letter_counts = self._letter_counts_shortfall(word)
        if letter_counts:
            return letter_counts
        if self.part_of_speech and not lexicon().parts_of_speech(word, rules) & PARTS_OF_SPEECH[self.part_of_speech]:
            return f"{shown} is not {_ARTICLE[self.part_of_speech]}"
        if self.double_letter and not any(a == b for a, b in zip(word, word[1:], strict=False)):
            return f"{shown} has no double letter"
        if self.palindrome and (len(word) < 2 or word != word[::-1]):
            return f"{shown} does not read the same backwards"
        if self.syllables is not None:
            from adjudicator.words import sounds

            counts = sounds.syllables(word)
            if self.syllables not in counts:
                said = "/".join(map(str, sorted(counts))) if counts else "no known"
                return f"{shown} has {said} syllable{'' if said == '1' else 's'}, the Goal asks for {self.syllables}"
        if self.silent_letter:
            from adjudicator.words.silent import silent_letter

            if silent_letter(word) is None:
                return f"{shown} has no silent letter (by the stated rule and the shipped list)"
        return None

    def _letter_counts_shortfall(self, word: str) -> str | None:
        """Why the word has not the vowels or consonants the Goal counts, or None."""
        vowels = sum(letter in VOWELS for letter in word)
        for have, exactly, least, kind in (
            (vowels, self.vowels, self.min_vowels, "vowel"),
            (len(word) - vowels, self.consonants, self.min_consonants, "consonant"),
        ):
            if exactly is not None and have != exactly:
                return f"{word.upper()} has {have} {kind}{'s' * (have != 1)}, the Goal asks for exactly {exactly}"
            if least is not None and have < least:
                return f"{word.upper()} has {have} {kind}{'s' * (have != 1)}, the Goal asks for at least {least}"
        return None

    def meets(self, word: str, rules: WordRules = OFFICIAL) -> bool:
        """`shortfall(word) is None`, with the cheap tests first (the search calls it often)."""
        if self.length is not None and len(word) != self.length:
            return False
        if self.min_length is not None and len(word) < self.min_length:
            return False
        if self.double_letter and not any(a == b for a, b in zip(word, word[1:], strict=False)):
            return False
        if self.palindrome and (len(word) < 2 or word != word[::-1]):
            return False
        if self.part_of_speech and not lexicon().parts_of_speech(word, rules) & PARTS_OF_SPEECH[self.part_of_speech]:
            return False
        return self.shortfall(word, rules) is None

    def pair_shortfall(self, first: str, second: str) -> str | None:
        """Why two words (each meeting the rest) do not rhyme, or None."""
        from adjudicator.words import sounds

        if first.lower() == second.lower():
            return f"{first.upper()} twice is one word, not two words that rhyme"
        if not sounds.rhymes(first, second):
            return f"{first.upper()} and {second.upper()} do not rhyme"
        return None

    def remarks(self, words: tuple[str, ...]) -> tuple[str, ...]:
        """What is worth saying about words that meet it (which letter is silent)."""
        if not self.silent_letter:
            return ()
        from adjudicator.words.silent import silent_letter

        return tuple(str(silent_letter(w)) for w in words)

    # -- the search ------------------------------------------------------------
    def bounds(self, available: int) -> tuple[int, int]:
        """The shortest and longest word worth looking for."""
        counted = (self.vowels or self.min_vowels or 0) + (self.consonants or self.min_consonants or 0)
        low = max(1, self.length or 0, self.min_length or 0, counted)
        high = self.length if self.length is not None else available
        if self.rhyme:
            high = min(high, available - low)
        return low, high


def letters_missing(words: tuple[str, ...] | list[str], letters: str) -> str:
    """The letters the words need beyond what is available ('' when they can be spelled),
    each letter card used once across all the words."""
    need = Counter("".join(words).upper())
    need.subtract(Counter(letters.upper()))
    return "".join(sorted(letter * count for letter, count in need.items() if count > 0))


@lru_cache(maxsize=8192)
def find(requirement: Requirement, letters: str, rules: WordRules = OFFICIAL) -> tuple[str, ...] | None:
    """The words the letters spell that meet the requirement (two for a rhyme), or None.
    Among several answers: the fewest letters used, then alphabetical order."""
    letters = "".join(sorted(letters.lower()))
    if requirement.spell:
        word = requirement.spell.lower()
        if not letters_missing([word], letters) and requirement.shortfall(word, rules) is None:
            return (word,)
        return None
    low, high = requirement.bounds(len(letters))
    if high < low:
        return None
    if len(letters) > ENUMERATE_UP_TO:
        # Many letters: most of the dictionary is spellable, and testing each of those words
        # against the Goal at every letter played cost seconds a letter. The words that meet the
        # Goal are found once per Goal (`_candidates`); a search is then a few bit operations.
        return _candidates(requirement, rules).find(letters, low, high)
    found = sorted(_words_meeting(requirement, letters, low, high, rules), key=_shortest_first)
    if not requirement.rhyme:
        return (found[0],) if found else None
    return _best_rhyme(requirement, found, letters)


def _shortest_first(word: str) -> tuple[int, str]:
    return len(word), word


def _words_meeting(requirement: Requirement, letters: str, low: int, high: int, rules: WordRules) -> Iterator[str]:
    index = lexicon()
    common, banned = index.common, rules.banned
    extra = [w for w in rules.allowed if low <= len(w) <= high and not letters_missing([w], letters)]
    seen = set()
    for word in index.spellable(letters, low, high):
        counts = (word in common and word not in banned) or index.is_word(word, rules)
        if counts and word not in seen and requirement.meets(word, rules):
            seen.add(word)
            yield word
    for word in extra:
        if word not in seen and word not in banned and requirement.meets(word, rules):
            seen.add(word)
            yield word


def _best_rhyme(requirement: Requirement, words: list[str], letters: str) -> tuple[str, str] | None:
    from adjudicator.words import sounds

    groups: dict[str, list[str]] = {}
    for word in words:
        for key in sounds.rhyme_keys(word):
            groups.setdefault(key, []).append(word)
    best: tuple[str, str] | None = None
    for group in groups.values():
        for i, first in enumerate(group):
            for second in group[i + 1 :]:
                pair = (first, second)
                if best is not None and (len(first + second), pair) >= (len("".join(best)), best):
                    continue
                if not letters_missing(pair, letters) and requirement.pair_shortfall(first, second) is None:
                    best = pair
    return best


@lru_cache(maxsize=64)
def _candidates(requirement: Requirement, rules: WordRules) -> _Candidates:
    return _Candidates(requirement, rules)


class _Candidates:
    """Every word that meets one Goal's requirement at one table (its house rules), whatever the
    letters: found by one pass over the lexicon (at most about a second, for a silent letter),
    then kept as bit sets, so that the words some letters spell are a few big-integer operations
    however many letters a player holds. For a rhyme, the words are also grouped by how they
    end (`sounds.rhyme_keys`), each group with bit sets of its own."""

    def __init__(self, requirement: Requirement, rules: WordRules) -> None:
        index = lexicon()
        self.requirement, self.rules = requirement, rules
        universe = dict.fromkeys([*index.spellings(), *sorted(rules.allowed)])
        self.words = [w for w in universe if index.is_word(w, rules) and requirement.meets(w, rules)]
        self.bits = _BitSets(self.words)
        self.groups: dict[str, list[str]] = {}
        self._group_bits: dict[str, _BitSets] = {}
        if requirement.rhyme:
            from adjudicator.words import sounds

            for word in self.words:
                for key in sounds.rhyme_keys(word):
                    self.groups.setdefault(key, []).append(word)
            self.groups = {key: words for key, words in self.groups.items() if len(words) > 1}

    def find(self, letters: str, low: int, high: int) -> tuple[str, ...] | None:
        found = self.bits.spellable(letters, low, high)
        if not self.requirement.rhyme:
            return (min(found, key=_shortest_first),) if found else None
        return self._best_rhyme(sorted(found, key=_shortest_first), letters, low, high)

    def _best_rhyme(self, found: list[str], letters: str, low: int, high: int) -> tuple[str, str] | None:
        """The pair `_best_rhyme` picks (fewest letters, then first alphabetically), found word by
        word: for each first word, its group's bit sets give at once the second words the
        letters left over spell; the search stops once no longer pair can be shorter."""
        from adjudicator.words import sounds

        best: tuple[str, str] | None = None
        best_key: tuple[int, tuple[str, str]] | None = None
        have = Counter(letters)
        for first in found:
            if best_key is not None and 2 * len(first) > best_key[0]:
                break  # every later first word, and its partner, is at least this long
            keys = [key for key in sounds.rhyme_keys(first) if key in self.groups]
            if not keys:
                continue
            left = have.copy()
            left.subtract(first)
            rest = "".join(letter * count for letter, count in left.items() if count > 0)
            for key in keys:
                for second in self._bits_of(key).spellable(rest, max(low, len(first)), high):
                    if _shortest_first(second) <= _shortest_first(first):
                        continue  # a pair is taken in the order of the sorted words: (first, second)
                    pair = (first, second)
                    pair_key = (len(first) + len(second), pair)
                    if best_key is not None and pair_key >= best_key:
                        continue
                    if self.requirement.pair_shortfall(first, second) is None:
                        best, best_key = pair, pair_key
        return best

    def _bits_of(self, key: str) -> _BitSets:
        bits = self._group_bits.get(key)
        if bits is None:
            bits = self._group_bits[key] = _BitSets(self.groups[key])
        return bits
