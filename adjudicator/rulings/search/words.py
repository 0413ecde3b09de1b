"""The words of a question and of a record as search compares them: stems, stopwords,
synonyms, and the phrases that stand for one word ("my turn", "right away")."""

from __future__ import annotations

import re

#: Single words that are card names but mostly mean the ordinary word in a question.
_COMMON_CARD_WORDS = frozenset(
    "time love peace war death money taxes sleep dreams music lights spin repeat bread dough "
    "roast dessert candy cookies milk chocolate calendar television toast candles".split()
)

#: Words too common in Fluxx talk to stand for one card when typed alone.
_GENERIC_WORDS = frozenset(
    "play plays draw draws hand hands keeper keepers creeper creepers goal goals rule rules "
    "limit limits bonus card cards turn turns action actions surprise surprises new all them "
    "that this with your the and for from what when order steal trash something another "
    "again thing things take first random party space star thats".split()
)

_STOPWORDS = frozenset(
    "a an the i im i'm me my mine you your yours we us our it its it's is are was were be been "
    "being do does did doing done can could should would will shall may might must have has had "
    "having of to in on at for from with by as and or but so too very just also any if then "
    "than that this these those there here what which who whom whose how why when where while "
    "about into onto over under up down out off again once some such own same other others "
    "each every both few more most only not no nor yes ok okay get gets got getting let lets "
    "still even really like one's ones 's s t am go goes going went gone during "
    # the polarity of a question is not what it is about: "can't I ...?" asks what "can I ...?" asks
    "can't cant cannot don't dont doesn't doesnt didn't didnt isn't isnt aren't arent won't wont "
    "wouldn't wouldnt shouldn't shouldnt couldn't couldnt".split()
) - {"off", "out", "one", "own"}

_IRREGULAR = {
    "drew": "draw",
    "drawn": "draw",
    "drawing": "draw",
    "won": "win",
    "winning": "win",
    "took": "take",
    "taken": "take",
    "gave": "give",
    "given": "give",
    "stole": "steal",
    "stolen": "steal",
    "stealing": "steal",
    "dealt": "deal",
    "chose": "choose",
    "chosen": "choose",
    "cancelled": "cancel",
    "canceled": "cancel",
    "cancelling": "cancel",
    "canceling": "cancel",
    "cancels": "cancel",
    "using": "use",
    "used": "use",
    "uses": "use",
    "ran": "run",
    "fewer": "few",
    "less": "few",
    "smaller": "small",
    "bigger": "big",
    "larger": "large",
    "zero": "0",
    "none": "0",
    "nothing": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "half": "half",
    "goes": "go",
    "going": "go",
    "went": "go",
    "winner": "win",
    "winners": "win",
    "wins": "win",
    "em": "them",
    "'em": "them",
}

#: Words players use for what the records say with another word (both sides stemmed at start-up).
SYNONYMS: dict[str, tuple[str, ...]] = {
    "max": ("limit", "cap"),
    "maximum": ("limit", "cap"),
    "cap": ("limit",),
    "number": ("many",),
    "many": ("number",),
    "stop": ("prevent", "block", "cancel"),
    "cancel": ("stop", "prevent"),
    "block": ("stop", "prevent"),
    "prevent": ("stop", "block"),
    "flip": ("reveal", "turned"),
    "reveal": ("flip",),
    "remove": ("discard", "trash"),
    "trash": ("discard", "remove"),
    "discard": ("trash",),
    "steal": ("take",),
    "swap": ("trade", "exchange"),
    "trade": ("swap", "exchange"),
    "see": ("look",),
    "look": ("see",),
    "extra": ("bonus", "additional"),
    "bonus": ("extra",),
    "winner": ("win",),
    "over": ("end",),
    "skip": ("lose", "miss"),
    "pass": ("skip",),
    "order": ("first", "start", "clockwise"),
    "free": ("cost",),
    "same": ("simultaneous",),
    "tie": ("simultaneous", "same"),
    "simultaneous": ("same", "tie"),
    "up": ("rise", "raise"),
    "raise": ("rise",),
    "rise": ("raise",),
    "increase": ("rise", "raise"),
    "lower": ("fall", "drop"),
    "middle": ("mid",),
    "mid": ("middle",),
}
SYNONYM_CREDIT = 0.7
SPELLING_CREDIT = {1: 0.9, 2: 0.75}  # what a query word corrected by 1 or 2 edits is worth

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_ID = re.compile(r"^(?:r\d{1,2}|q\d+|q-tag-[a-z0-9-]+|b-[a-z0-9-]+)$", re.IGNORECASE)


def stem(word: str) -> str:
    """A crude, consistent stem: both the records and the query go through it."""
    word = word.lower().replace("\u2019", "'")
    if word.endswith("'s"):
        word = word[:-2]
    word = word.replace("'", "")
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 5 and word.endswith("ly"):  # "suddenly" is asked of "a sudden end"
        word = word[:-2]
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith("ed"):
        word = word[:-2]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("\u2019", "'").replace("&", " and "))


def content_stems(text: str) -> list[str]:
    return [stem(w) for w in words(_mark_phrases(text)) if w not in _STOPWORDS]


#: "my turn", "your own turn" (the active player's own turn), and "not your turn", "outside your
#: turn" (someone else's): the difference decides many questions about limits and Surprises,
#: and the pronouns that carry it are stopwords.
_OWN_TURN = re.compile(
    r"\b(?:(not|outside|isn't|except|after|before|out of)\s+(?:\w+\s+)?)?"
    r"(?:my|your|their|his|her)\s+(?:own\s+)?turn\b",
    re.IGNORECASE,
)
_OUT_OF_TURN = re.compile(
    r"\bout[\s-]of[\s-]turn\b|\b(?:someone|somebody|anyone|anybody)(?: else)?'?s\s+turns?\b"
    r"|\b(?:another|other|an opponent|opponent)(?: player)?'?s?'?\s+turns?\b",
    re.IGNORECASE,
)
_IMMEDIATELY = re.compile(r"\b(?:right|straight) away\b|\bat once\b|\binstantly\b|\bright then\b", re.IGNORECASE)
OWN_TURN, OUT_OF_TURN = "ownturn", "outofturn"  # the words that stand for those phrases in the index


def _phrases(text: str) -> list[tuple[re.Match[str], str]]:
    """The phrases of `text` that stand for one word: whose turn it is, and "right away" or
    "at once" for "immediately", as the records say it."""
    found = []
    for match in _OWN_TURN.finditer(text):
        negation = (match.group(1) or "").lower()
        if not negation:
            found.append((match, OWN_TURN))
        elif negation in ("not", "outside", "isn't", "out of"):
            found.append((match, OUT_OF_TURN))
    found += [(match, OUT_OF_TURN) for match in _OUT_OF_TURN.finditer(text)]
    return found + [(match, "immediately") for match in _IMMEDIATELY.finditer(text)]


def _mark_phrases(text: str) -> str:
    """The text with the word each phrase stands for written after it."""
    for match, word in sorted(_phrases(text), key=lambda found: found[0].end(), reverse=True):
        text = f"{text[: match.end()]} {word}{text[match.end() :]}"
    return text
