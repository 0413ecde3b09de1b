"""Word Fluxx: letter Keepers, and word Goals met by spelling a word with them.

A player meets a word Goal when the letter Keepers in front of her, each used at most once,
spell a word (two words, for a rhyme) that satisfies every parameter of the Goal. The engine
looks for such a word itself (`candidates`); a table can also test a claimed word with the
event `Alice spells CAT` (`verify_claim`). The dictionary (adjudicator.words) is imported only
here, inside the methods, so a game without word Goals never loads it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from adjudicator.cards.kinds.base import register
from adjudicator.cards.kinds.goals import GoalKind
from adjudicator.cards.kinds.keepers import Keeper
from adjudicator.cards.kinds.params import NAMES_PARAM, Param, choice_param
from adjudicator.model.cards import Card, CardType
from adjudicator.model.errors import Illegal

if TYPE_CHECKING:
    from adjudicator.cards.kinds.host import CardHost
    from adjudicator.words.lexicon import WordRules
    from adjudicator.words.requirement import Requirement

_KEEPER = CardType.KEEPER  # (read once: an enum member read off its class is a lookup)
LETTERS_RULINGS = ("B-word-letters",)
VALID_RULINGS = ("B-word-valid",)


def _is_letter(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 1 and value.isascii() and value.isalpha()


def _is_length(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 30


def _is_spelling(value: Any) -> bool:
    return isinstance(value, str) and re.fullmatch(r"[A-Za-z]{1,30}", value) is not None


_FLAG = Param("true or false", lambda v: isinstance(v, bool), default=False)
_LENGTH = Param("a whole number from 1 to 30", _is_length, numeral=True)
_LETTER_COUNT = Param(
    "a whole number from 0 to 30",
    lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 30,
    numeral=True,
)


@register
class LetterKeeper(Keeper):
    """A Keeper that is one letter of the alphabet (Word Fluxx)."""

    name = "letter"
    params = {"tags": NAMES_PARAM, "letter": Param("one letter, A to Z", _is_letter, required=True)}


def letter_cards(game: CardHost, player: str) -> list[Card]:
    """The letter Keepers in front of player, in the order they sit there."""
    letters = []
    for card in game.table.in_play[player]:  # (a loop: asked of every player at every win check)
        if card.kind == LetterKeeper.name and card.type is _KEEPER:
            letters.append(card)
    return letters


def letters_of(cards: list[Card]) -> str:
    return "".join([card.params["letter"] for card in cards]).upper()  # (one letter each, A to Z)


@lru_cache(maxsize=64)
def word_rules(
    proper_nouns: bool = False,
    slang: bool = False,
    allowed_words: tuple[str, ...] = (),
    banned_words: tuple[str, ...] = (),
) -> WordRules:
    """What counts as a word at this table: the four house-rule switches of Word Fluxx
    (defaults: the rulebook's test)."""
    from adjudicator.words.lexicon import WordRules

    return WordRules.of(proper_nouns, slang, allowed_words, banned_words)


def table_word_rules(game: CardHost) -> WordRules:
    """The game's house rules `proper_nouns`, `slang`, `allowed_words`, `banned_words`."""
    house = game.house_rules
    return word_rules(house.proper_nouns, house.slang, house.allowed_words, house.banned_words)


def _house_cites(rules: WordRules, words: tuple[str, ...]) -> tuple[str, ...]:
    """H-<switch> for the house rules that made one of these words count (or not)."""
    from adjudicator.words.lexicon import lexicon

    index = lexicon()
    cites = []
    for word in (w.lower() for w in words):
        if word in rules.banned:
            cites.append("H-banned_words")
        elif word in rules.allowed and word not in index.common:
            cites.append("H-allowed_words")
        elif rules.proper_nouns and word in index.proper:
            cites.append("H-proper_nouns")
        elif rules.slang and word in index.slang:
            cites.append("H-slang")
    return tuple(dict.fromkeys(cites))


@register
class WordGoal(GoalKind):
    """Spell a word with your letter Keepers. Every parameter given must hold (a verb of 5+
    letters: `part_of_speech: verb, min_length: 5`); with `rhyme`, two words that rhyme, each
    meeting the rest; with `spell`, that word and no other (it counts even if no dictionary
    has it)."""

    name = "word"
    params = {
        "length": _LENGTH,
        "min_length": _LENGTH,
        "part_of_speech": choice_param("noun", "verb", "adjective", required=False),
        "rhyme": _FLAG,
        "double_letter": _FLAG,
        "palindrome": _FLAG,
        "silent_letter": _FLAG,
        "syllables": Param("a whole number from 1 to 30", _is_length, numeral=True),
        "spell": Param("a word of the letters A to Z", _is_spelling),
        # Letters counted: the vowels are A, E, I, O and U; every other letter (Y too) is a consonant.
        "vowels": _LETTER_COUNT,
        "min_vowels": _LETTER_COUNT,
        "consonants": _LETTER_COUNT,
        "min_consonants": _LETTER_COUNT,
    }

    def requirement(self, game: CardHost, card: Card) -> Requirement:
        """What this Goal asks, as it counts now (Inflation raises the printed numbers)."""
        return _requirement(card, game.numeral_bonus(card))

    def words_found(self, game: CardHost, card: Card, player: str) -> tuple[str, ...] | None:
        """The word(s) player's letters spell that meet the Goal (the fewest letters, then
        alphabetical), or None."""
        return self._found_by(game, card, [player])[0]

    def _found_by(self, game: CardHost, card: Card, players: list[str]) -> list[tuple[str, ...] | None]:
        """`words_found` for each of players: the Goal and the house rules read once for them all."""
        found: list[tuple[str, ...] | None] = []
        requirement = rules = None
        for player in players:
            letters = letters_of(letter_cards(game, player))
            if not letters:
                found.append(None)  # (most players at a check, most of the game: no word to look for)
                continue
            if requirement is None:
                from adjudicator.words.requirement import find

                requirement, rules = self.requirement(game, card), table_word_rules(game)
            found.append(find(requirement, letters, rules))
        return found

    # -- the engine's goal hooks -------------------------------------------
    def candidates(self, game: CardHost, card: Card) -> list[str]:
        players = game.table.players
        return [p for p, words in zip(players, self._found_by(game, card, players), strict=True) if words is not None]

    def win_rulings(self, game: CardHost, card: Card, meeting: list[str]) -> tuple[str, ...]:
        if not meeting:
            return ()
        spelled = [w for w in self._found_by(game, card, meeting) if w is not None]
        rules = table_word_rules(game)
        house = tuple(c for words in spelled for c in _house_cites(rules, words))
        return (*LETTERS_RULINGS, *VALID_RULINGS, *self._goal_rulings(game, card), *house)

    def how_met(self, game: CardHost, card: Card, player: str) -> str:
        words = self.words_found(game, card, player)
        return _by_spelling(self.requirement(game, card), words) if words else ""

    def cards_used(self, game: CardHost, goal: Card, player: str) -> list[Card]:
        """The letter Keepers that spell the word found (Keep Going discards exactly these):
        for each letter of the word(s), the first unused Keeper of that letter."""
        words = self.words_found(game, goal, player) or ()
        free = list(letter_cards(game, player))
        used = []
        for letter in "".join(words).upper():
            card = next(c for c in free if c.params["letter"].upper() == letter)
            free.remove(card)
            used.append(card)
        return used

    used_cards = cards_used  # the name Solo Fluxx's scoring asks for

    def verify_claim(
        self, game: CardHost, card: Card, player: str, words: tuple[str, ...]
    ) -> tuple[str, tuple[str, ...]]:
        """Accept a claimed word when it is a word, spelled from player's letters, and what the
        Goal asks; otherwise `Illegal` saying which of the three fails."""
        requirement = self.requirement(game, card)
        rules = table_word_rules(game)
        shown = " and ".join(w.upper() for w in words)
        for word in words:
            reason = requirement.not_a_word(word, rules)
            if reason is not None:
                raise Illegal("not_a_word", reason, (*VALID_RULINGS, *_house_cites(rules, (word,))))
        have = letters_of(letter_cards(game, player))
        from adjudicator.words.requirement import letters_missing

        missing = letters_missing(words, have)
        if missing:
            held = ", ".join(have) if have else "no letters"
            raise Illegal(
                "not_her_letters",
                f"{shown} need{'s' * (len(words) == 1)} {', '.join(missing)} beyond "
                f"{player}'s letters in play ({held}); each letter card is used once",
                LETTERS_RULINGS,
            )
        goal_rulings = self._goal_rulings(game, card)
        if len(words) != requirement.words_needed:
            asked = "two words that rhyme" if requirement.rhyme else "one word"
            raise Illegal(
                "not_what_the_goal_asks", f"{card} asks for {asked}, and {player} names {len(words)}", goal_rulings
            )
        for word in words:
            reason = requirement.shortfall(word, rules)
            if reason is not None:
                raise Illegal("not_what_the_goal_asks", f"{reason} ({card}: {requirement.describe()})", goal_rulings)
        if requirement.rhyme:
            reason = requirement.pair_shortfall(*words)
            if reason is not None:
                raise Illegal("not_what_the_goal_asks", f"{reason} ({card}: {requirement.describe()})", goal_rulings)
        text = (
            f"{player} spells {shown}: {'words' if len(words) > 1 else 'a word'}, from {player}'s letters, "
            f"meeting {card} ({requirement.describe()})" + "".join(f"; {r}" for r in requirement.remarks(words))
        )
        return text, (*LETTERS_RULINGS, *VALID_RULINGS, *goal_rulings, *_house_cites(rules, words))

    def _goal_rulings(self, game: CardHost, card: Card) -> tuple[str, ...]:
        requirement = self.requirement(game, card)
        cites = ["B-word-goals"]
        if requirement.rhyme:
            cites.append("B-word-rhyme")
        if requirement.silent_letter:
            cites.append("B-word-silent-letter")
        if game.numeral_bonus(card) and any(card.param(k) is not None for k in NUMBERED):
            cites.append("B-inflation")
        return tuple(cites)


#: The parameters printed as numbers (Inflation adds one to each).
NUMBERED = ("length", "min_length", "syllables", "vowels", "min_vowels", "consonants", "min_consonants")


@lru_cache(maxsize=256)
def _requirement(card: Card, bonus: int) -> Requirement:
    """A word Goal card's parameters as a Requirement, its printed numbers raised by bonus."""
    from adjudicator.words.requirement import Requirement

    def number(key: str) -> int | None:
        value = card.param(key)
        return value + bonus if value is not None else None

    spell = card.param("spell")
    return Requirement(
        length=number("length"),
        min_length=number("min_length"),
        part_of_speech=card.param("part_of_speech"),
        double_letter=card.param("double_letter", False),
        palindrome=card.param("palindrome", False),
        silent_letter=card.param("silent_letter", False),
        syllables=number("syllables"),
        vowels=number("vowels"),
        min_vowels=number("min_vowels"),
        consonants=number("consonants"),
        min_consonants=number("min_consonants"),
        spell=spell.lower() if spell else None,
        rhyme=card.param("rhyme", False) and not spell,
    )


def _by_spelling(requirement: Requirement, words: tuple[str, ...]) -> str:
    remarks = ("a rhyme",) if requirement.rhyme else requirement.remarks(words)
    return "by spelling " + " and ".join(w.upper() for w in words) + (f" ({'; '.join(remarks)})" if remarks else "")
