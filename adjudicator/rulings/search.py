"""Searching the rulings knowledge base the way players ask at the table.

A query is first scanned for card names: the built-in catalog's names, the card
names the records mention, and a table of table-talk nicknames ("d3p2", "gowi",
"potato", ...), matched exactly or with a typo, in any part of the question.
The rest of the question is matched word by word against each record's question,
ruling, title, summary, card names and topics, with rare words counting more than
common ones; a word the records and card names never use is first corrected to the
closest one they do ("plyas" -> "plays", "mony" -> "money"). A record that names a
card the question mentions gets a strong boost, and one that speaks of the card's
type (an Action, a Creeper, a Surprise) a smaller one. A record answering only part
of the question ranks below one that answers all of it. The "why" of a result shows
the words as the question spelt them (or as corrected), never stems. A ruling id or
alias typed directly (R38, Q272, B-play-all) puts its record first. Records without a
usable answer (`usable: false`) and matches below MIN_RESULT are not results.

The index is built once and kept on disk (`cache.load_or_build`, keyed by the record
and deck files), so a process loads it in a few milliseconds; a query then costs a
few milliseconds more.
"""

from __future__ import annotations

import math
import os
import re
from collections import defaultdict
from dataclasses import astuple, dataclass, field
from dataclasses import fields as dataclass_fields
from functools import lru_cache
from typing import Any

from adjudicator.cards.nicknames import NICKNAMES
from adjudicator.model.names import normalize
from adjudicator.rulings.model import Conflict, Ruling, Source

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

#: How much a word found in each field is worth (a word found in several fields counts once, at its best).
FIELD_WEIGHTS = {"title": 1.0, "summary": 0.95, "question": 0.9, "cards": 0.8, "topics": 0.75, "ruling": 0.6}
CARD_TERM = 3.5  # what a card named in the question weighs (a word found in a single record weighs about 5)
CARD_WORD_FACTOR = 0.3  # the words of a card name also count as words, this much
CARD_TYPE_CREDIT = 0.4  # a record not naming a card but speaking of its type ("Action") gets this share
COVERAGE_POWER = 0.5  # scores are scaled by (share of the question's words and cards found) ** this
DIGIT_FACTOR = 0.5  # a bare number ("play 1", "player 2") says less than a word
MIN_RESULT = 0.1  # search: a record matching less than this share of the question is not a result
SEE_ALSO_LINK = 0.15  # see_also: bonus per `related` link to a cited ruling or the best match
SEE_ALSO_MIN = 0.15  # see_also: a ruling scoring less than this is not worth suggesting
SEE_ALSO_ANCHORS = 5  # see_also: a cited ruling lends its links only when it is among this many best matches
PAIR_WINDOW = 2  # question words this close together count as a pair ...
PAIR_BONUS, PAIR_CAP = 0.1, 0.2  # ... and a pair found close together in a record adds this much


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


@dataclass
class CardMention:
    """A stretch of the query that names a card (or a few equivalent cards)."""

    text: str
    cards: tuple[str, ...]  # printed names
    keys: frozenset[str]  # their normalized forms
    start: int
    end: int  # word positions, end exclusive
    weight: float  # 1.0 exact name or nickname, less for a typo or a partial name
    how: str  # "name", "nickname", "typo", "partial"


@dataclass
class _Index:
    """Everything a search needs, worked out once from the records: names, nicknames, word weights."""

    records: list[Any]
    by_id: dict[str, int]  # every id and alias -> position
    card_keys: dict[str, str]  # normalized name -> printed name (catalog + records)
    nicknames: dict[str, tuple[str, ...]]  # normalized nickname -> printed names
    fuzzy_pool: list[str]  # keys that a typo may match (names and longer nicknames)
    partial: dict[str, tuple[str, ...]]  # distinctive word of a card name -> printed names
    vocab: list[str]
    idf: dict[str, float]
    postings: dict[str, dict[int, tuple[float, str]]]  # stem -> record -> (best field weight, field)
    pairs: list[dict[str, float]]  # record -> word pair (`_pair`) -> best field weight
    record_cards: list[frozenset[str]]  # normalized card names a record lists
    record_text: list[str]  # normalized question + ruling + title + summary
    record_card_count: list[int] = field(default_factory=list)
    synonyms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    spellings: dict[str, int] = field(default_factory=dict)  # every word of the records and card names -> count
    shown: dict[str, str] = field(default_factory=dict)  # stem -> the records' commonest word for it
    card_types: dict[str, str] = field(default_factory=dict)  # normalized card name -> "action", "creeper", ...


@lru_cache(maxsize=1)
def _card_table() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """normalized name -> printed name (built-in catalog, then names only the records use);
    normalized nickname -> printed names."""
    from adjudicator.cards.catalog import builtin
    from adjudicator.rulings.store import all_rulings

    card_keys: dict[str, str] = {}
    for card in builtin().all_cards():
        card_keys[normalize(card.name)] = card.name
    for record in all_rulings().values():
        for name in record.cards:
            card_keys.setdefault(normalize(name), name)
    nicknames = {normalize(k): v for k, v in NICKNAMES.items()}
    return card_keys, nicknames


def card_names() -> list[str]:
    """Every card name the catalog or the records know, as printed."""
    return sorted(set(_card_table()[0].values()))


def _pair(a: str, b: str) -> str:
    """The key of an unordered pair of stems (a string: it loads from the cache much faster than a set)."""
    return f"{a} {b}" if a < b else f"{b} {a}"


def _index_sources() -> list[str]:
    """The files the index is built from, and the code that shapes it (the cache key)."""
    from adjudicator.rulings.store import GROUPS, RULINGS_DIR

    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    folders = [os.path.join(RULINGS_DIR, group) for group in GROUPS] + [os.path.join(package, "cards", "decks")]
    files = [entry.path for folder in folders for entry in os.scandir(folder) if entry.name.endswith(".yaml")]
    files += [
        os.path.join(package, *parts)
        for parts in (
            ("rulings", "search.py"),
            ("rulings", "model.py"),
            ("rulings", "store.py"),
            ("cards", "catalog.py"),
            ("cards", "nicknames.py"),
            ("model", "names.py"),
        )
    ]
    return files


def _dump_index(index: _Index) -> tuple:
    records = [
        (
            *(getattr(r, f.name) for f in dataclass_fields(Ruling) if f.name not in ("source", "conflicts")),
            astuple(r.source),
            tuple(astuple(c) for c in r.conflicts),
        )
        for r in index.records
    ]
    return (records, *(getattr(index, f.name) for f in dataclass_fields(_Index)[1:]))


def _load_index(data: tuple) -> _Index:
    names = [f.name for f in dataclass_fields(Ruling) if f.name not in ("source", "conflicts")]
    records = []
    for *values, source, conflicts in data[0]:
        records.append(
            Ruling(
                **dict(zip(names, values, strict=False)),
                source=Source(*source),
                conflicts=tuple(Conflict(*c) for c in conflicts),
            )
        )
    return _Index(records, *data[1:])


@lru_cache(maxsize=1)
def _index() -> _Index:
    from adjudicator.cache import load_or_build

    checkout = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return load_or_build("search-index", checkout, _index_sources(), _build_index, _dump_index, _load_index)


def _build_index() -> _Index:
    from adjudicator.rulings.store import all_rulings

    records = list(all_rulings().values())
    by_id: dict[str, int] = {}
    for i, record in enumerate(records):
        for key in (record.id, *record.aliases):
            by_id[key.lower()] = i

    card_keys, nicknames = _card_table()
    fuzzy_pool = sorted({k for k in card_keys if len(k) >= 5} | {k for k in nicknames if len(k) >= 6})

    owners: dict[str, set[str]] = defaultdict(set)
    for name in card_keys.values():
        for w in words(name):
            w = w.replace("'", "")
            if len(w) >= 5 and w not in _GENERIC_WORDS and not w.isdigit():
                owners[w].add(name)
    # a word of a card name stands for the card only if the records never use it otherwise
    record_words = [
        (set(words(text)), normalize(text))
        for text in (" ".join((r.title, r.summary, r.question, r.ruling)) for r in records)
    ]
    partial = {}
    for w, names in owners.items():
        if len(names) > 2 or w in _COMMON_CARD_WORDS:
            continue
        keys = [normalize(n) for n in names]
        used_otherwise = any(w in seen and not any(k in text for k in keys) for seen, text in record_words)
        if not used_otherwise:
            partial[w] = tuple(sorted(names))

    postings: dict[str, dict[int, tuple[float, str]]] = defaultdict(dict)
    pairs: list[dict[str, float]] = []
    record_text: list[str] = []
    for i, record in enumerate(records):
        fields = {
            "title": record.title,
            "summary": record.summary,
            "question": record.question,
            "ruling": record.ruling,
            "cards": " ; ".join(record.cards),
            "topics": " ; ".join(t.replace("-", " ") for t in record.topics),
        }
        record_pairs: dict[str, float] = {}
        for name, text in fields.items():
            weight = FIELD_WEIGHTS[name]
            stems = content_stems(text)
            for s in stems:
                best = postings[s].get(i)
                if best is None or best[0] < weight:
                    postings[s][i] = (weight, name)
            for j, a in enumerate(stems):
                for b in stems[j + 1 : j + 1 + PAIR_WINDOW]:
                    pair = _pair(a, b)
                    if a != b and record_pairs.get(pair, 0.0) < weight:
                        record_pairs[pair] = weight
        pairs.append(record_pairs)
        record_text.append(normalize(" ".join((record.title, record.summary, record.question, record.ruling))))
    n = len(records)
    idf = {s: math.log((n + 1) / (len(p) + 0.5)) + 0.2 for s, p in postings.items()}
    record_cards = [frozenset(normalize(c) for c in r.cards) for r in records]
    synonyms = {stem(k): tuple(stem(v) for v in vs) for k, vs in SYNONYMS.items()}
    spellings: dict[str, int] = defaultdict(int)
    for record in records:
        for w in words(" ".join((record.title, record.summary, record.question, record.ruling, *record.cards))):
            spellings[w.replace("'", "")] += 1
    for name in card_keys.values():
        for w in words(name):
            spellings[w.replace("'", "")] += 1
    by_stem: dict[str, dict[str, int]] = defaultdict(dict)
    for w, count in spellings.items():
        by_stem[stem(w)][w] = count
    shown = {s: max(forms, key=lambda w: (forms[w], -len(w))) for s, forms in by_stem.items()}
    from adjudicator.cards.catalog import builtin

    # Only the types whose general rulings speak for every card of the type (the general rulings
    # on Keepers or New Rules say little about one named Keeper or Rule).
    card_types: dict[str, str] = {
        normalize(card.name): card.type.value
        for card in builtin().all_cards()
        if card.type.value in ("creeper", "action", "surprise")
    }
    return _Index(
        records,
        by_id,
        card_keys,
        nicknames,
        fuzzy_pool,
        partial,
        sorted(postings),
        idf,
        dict(postings),
        pairs,
        record_cards,
        record_text,
        [len(r.cards) for r in records],
        synonyms,
        dict(spellings),
        shown,
        card_types,
    )


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def find_cards(query: str) -> list[CardMention]:
    """The card names (and nicknames) the query mentions, longest and surest first."""
    from rapidfuzz import fuzz, process

    index = _index()
    toks = words(query)
    found: list[tuple[tuple, CardMention]] = []
    for start in range(len(toks)):
        for end in range(start + 1, min(len(toks), start + 7) + 1):
            span = " ".join(toks[start:end])
            key = normalize(span)
            if not key:
                continue
            single = end - start == 1
            names: tuple[str, ...] = ()
            how = ""
            if key in index.nicknames:
                names, how = index.nicknames[key], "nickname"
                if key in index.card_keys and index.card_keys[key] not in names:
                    names = (index.card_keys[key], *names)
            elif key in index.card_keys and not (single and key in _COMMON_CARD_WORDS):
                names, how = (index.card_keys[key],), "name"
            if names:
                mention = CardMention(span, names, frozenset(normalize(n) for n in names), start, end, 1.0, how)
                found.append(((2, end - start, 100.0), mention))
                continue
            if len(key) < 6 or toks[start] in _STOPWORDS or toks[end - 1] in _STOPWORDS:
                continue
            cutoff = 88 if len(key) < 10 else 85
            hit = process.extractOne(key, index.fuzzy_pool, scorer=fuzz.ratio, score_cutoff=cutoff)
            if hit is None or _digits(hit[0]) != _digits(key):
                continue
            target = hit[0]
            names = index.nicknames.get(target) or (index.card_keys[target],)
            mention = CardMention(span, names, frozenset(normalize(n) for n in names), start, end, 0.85, "typo")
            found.append(((1, hit[1], -(end - start)), mention))
    for i, tok in enumerate(toks):
        w = tok.replace("'", "")
        if w in index.partial:
            names = index.partial[w]
            mention = CardMention(
                tok,
                names,
                frozenset(normalize(n) for n in names),
                i,
                i + 1,
                0.6 if len(names) == 1 else 0.45,
                "partial",
            )
            found.append(((0, 1, 0.0), mention))
    found.sort(key=lambda item: item[0], reverse=True)
    taken: set[int] = set()
    chosen: list[CardMention] = []
    seen: set[frozenset[str]] = set()
    for _rank, mention in found:
        positions = set(range(mention.start, mention.end))
        if positions & taken:
            continue
        taken |= positions
        if mention.keys in seen:
            continue
        seen.add(mention.keys)
        chosen.append(mention)
    chosen.sort(key=lambda m: m.start)
    return chosen


def resolve_card(name: str) -> str | None:
    """The printed name for a card name or nickname typed whole (no typo correction), or None."""
    card_keys, nicknames = _card_table()
    key = normalize(name)
    if key in card_keys:
        return card_keys[key]
    if key in nicknames:
        return nicknames[key][0]
    return None


def _match_vocab(token: str, index: _Index) -> tuple[list[tuple[str, float]], float]:
    """Vocabulary stems this query stem stands for, with a similarity in 0..1, and the word's weight.

    The weight is the rarity of the word as spelled (or as corrected), never of a synonym
    unless only synonyms match."""
    from rapidfuzz import process
    from rapidfuzz.distance import DamerauLevenshtein

    # A misspelt word was corrected before (`_spell`); here a long word also finds its near
    # forms in the records ("replacement" -> "replaced").
    matches = [(token, 1.0)] if token in index.postings else []
    cutoff = 0.85 if matches and len(token) >= 7 else None
    if cutoff is not None:
        for cand, sim, _i in process.extract(
            token, index.vocab, scorer=DamerauLevenshtein.normalized_similarity, score_cutoff=cutoff, limit=4
        ):
            if cand != token and len(cand) >= 3:
                matches.append((cand, sim * sim))
    spelled = {m for m, _sim in matches} | {token}
    synonyms = [
        (syn, SYNONYM_CREDIT) for syn in index.synonyms.get(token, ()) if syn in index.postings and syn not in spelled
    ]
    weighed = matches or synonyms
    weight = max((index.idf[s] for s, _sim in weighed), default=0.0)
    return matches + synonyms, weight


def _spell(token: str, index: _Index) -> tuple[str, float]:
    """The word a query word stands for, and how sure that is (1.0: spelt as in the records).

    A word that neither the records nor the card names use is corrected to the closest one
    they do (Damerau-Levenshtein: 1 edit for words up to 5 letters, 2 beyond); among equally
    close words, one reached by adding or dropping letters ("mony" -> "money", not "many")
    and then the commoner one wins. Too short, a number, or nothing close: kept as typed."""
    if token in index.spellings or stem(token) in index.postings or len(token) < 4 or token.isdigit():
        return token, 1.0
    from rapidfuzz import process
    from rapidfuzz.distance import DamerauLevenshtein, Indel

    limit = 1 if len(token) <= 5 else 2
    found = process.extract(
        token, index.spellings.keys(), scorer=DamerauLevenshtein.distance, score_cutoff=limit, limit=20
    )
    if not found:
        return token, 1.0
    word, distance, _key = min(
        found, key=lambda hit: (hit[1], Indel.distance(token, hit[0]), -index.spellings[hit[0]], hit[0])
    )
    return word, SPELLING_CREDIT[distance]


def _score_all(query: str) -> tuple[list[float], list[list[str]], list[CardMention], int | None]:
    """Every record's score for the query (same order as the index), with reasons.

    The score is the weighted share of the question found in the record: each word
    weighs its rarity (idf) times how well and where it is found; each card the
    question names weighs CARD_TERM and counts when the record lists the card (half
    when only its text names it). Word pairs of the question found close together in
    a record add a small bonus.
    """
    index = _index()
    n = len(index.records)
    # A card no record lists or names (Hand Limit 2, say) tells nothing: its words count as plain words.
    mentions = [m for m in find_cards(query) if _known_card(m, index)]
    in_card = {i for m in mentions for i in range(m.start, m.end)}

    direct: int | None = None
    for raw in query.split():
        raw = raw.strip(" ,.;:?!()[]\"'")
        if _ID.match(raw) and raw.lower() in index.by_id:
            direct = index.by_id[raw.lower()]
            break

    toks = words(query)
    spelled = [(tok, 1.0) if i in in_card else _spell(tok, index) for i, tok in enumerate(toks)]
    terms: list[tuple[str, str, float]] = []  # stem, the word as shown, weight factor
    for i, tok in enumerate(toks):
        if _ID.match(tok):
            continue
        word, sure = spelled[i]
        if word in _STOPWORDS:
            continue
        factor = CARD_WORD_FACTOR if i in in_card else DIGIT_FACTOR if word.isdigit() else sure
        terms.append((stem(word), word, factor))
    for text in (query, " ".join(word for word, _sure in spelled)):  # as typed, then corrected: "my own tern"
        for match, word in _phrases(text):
            if all(term != stem(word) for term, _shown, _factor in terms):
                terms.append((stem(word), match.group(0).lower(), 1.0))
    got = [0.0] * n
    concepts = [0] * n  # how many of the question's words and cards each record answers
    matched: list[dict[str, float]] = [dict() for _ in range(n)]  # record -> word shown -> credit
    total = 0.0
    seen_terms: set[str] = set()
    for term, word, factor in terms:
        if term in seen_terms:
            continue
        seen_terms.add(term)
        options, idf = _match_vocab(term, index)
        if not options:
            continue
        weight = factor * idf
        total += weight
        counts = factor > CARD_WORD_FACTOR  # the words of a named card count with the card
        best: dict[int, tuple[float, str]] = {}
        for s, sim in options:
            for rec, (field_weight, _field) in index.postings[s].items():
                value = field_weight * sim
                if value > best.get(rec, (0.0, ""))[0]:
                    best[rec] = (value, s)
        for rec, (value, s) in best.items():
            got[rec] += weight * value
            concepts[rec] += counts
            if factor >= DIGIT_FACTOR:
                shown = word if s == term else index.shown.get(s, s)
                matched[rec][shown] = max(matched[rec].get(shown, 0.0), weight * value)

    card_hits: list[list[str]] = [[] for _ in range(n)]
    for m in mentions:
        weight = CARD_TERM * m.weight
        total += weight
        # A record that does not name the card may still answer for its type: "a Creeper drawn
        # during d2ue" is answered by the ruling on Creepers drawn for any Action.
        types = {index.card_types.get(key) for key in m.keys}
        only = types.pop() if len(types) == 1 else None
        card_type = stem(only) if only is not None else None
        for rec in range(n):
            if m.keys & index.record_cards[rec]:
                crowd = 1.0 - 0.02 * min(index.record_card_count[rec] - 1, 10)
                got[rec] += weight * crowd
                card_hits[rec].append(_card_label(m, index.record_cards[rec]))
            elif any(len(k) >= 8 and k in index.record_text[rec] for k in m.keys):
                got[rec] += 0.5 * weight
                card_hits[rec].append(_card_label(m, frozenset()) + " (in text)")
            elif card_type is not None and rec in index.postings.get(card_type, {}):
                got[rec] += CARD_TYPE_CREDIT * weight * index.postings[card_type][rec][0]
                matched[rec][index.shown.get(card_type, card_type)] = 0.0
            else:
                continue
            concepts[rec] += 1
    scores = [g / total for g in got] if total else got
    asked = len({term for term, _w, factor in terms if factor > CARD_WORD_FACTOR}) + len(mentions)
    if asked > 1:  # a record answering only part of the question ranks below one answering all of it
        scores = [score * (concepts[rec] / asked) ** COVERAGE_POWER for rec, score in enumerate(scores)]

    stems = [term for term, _word, _factor in terms]
    query_pairs = {_pair(a, b) for i, a in enumerate(stems) for b in stems[i + 1 : i + 1 + PAIR_WINDOW] if a != b}
    if query_pairs:
        for rec in range(n):
            bonus = sum(index.pairs[rec].get(p, 0.0) for p in query_pairs)
            scores[rec] += min(PAIR_CAP, PAIR_BONUS * bonus)

    reasons: list[list[str]] = []
    for rec in range(n):
        parts = []
        if card_hits[rec]:
            parts.append("names " + ", ".join(card_hits[rec]))
        words_hit = sorted(matched[rec], key=matched[rec].__getitem__, reverse=True)[:4]
        if words_hit:
            parts.append("words: " + ", ".join(words_hit))
        reasons.append(parts)
    if direct is not None:
        scores[direct] = max(scores) + 1.0
        reasons[direct].insert(0, f"id {index.records[direct].id}")
    return scores, reasons, mentions, direct


def _known_card(mention: CardMention, index: _Index) -> bool:
    """True when some record lists the card, or names it in its text."""
    return any(mention.keys & cards for cards in index.record_cards) or any(
        len(k) >= 8 and k in text for k in mention.keys for text in index.record_text
    )


def _card_label(mention: CardMention, record_cards: frozenset[str]) -> str:
    index = _index()
    for name in mention.cards:
        if normalize(name) in record_cards or not record_cards:
            shown = index.card_keys.get(normalize(name), name)
            return shown if mention.how in ("name",) else f"{shown} ({mention.text!r})"
    return mention.cards[0]


def search(query: str, limit: int = 10) -> list[tuple[Any, float, str]]:
    """Records best answering a player's question: (record, score, short reason), best first."""
    if not query.strip():
        return []
    index = _index()
    scores, reasons, _mentions, direct = _score_all(query)
    order = sorted(
        (i for i in range(len(scores)) if index.records[i].usable or i == direct),
        key=lambda i: (-scores[i], index.records[i].id),
    )
    out = []
    for i in order[: max(limit, 0)]:
        if scores[i] < MIN_RESULT:
            break
        out.append((index.records[i], round(scores[i], 4), "; ".join(reasons[i]) or "weak match"))
    return out


def see_also(question: str, cited: list[str], limit: int = 3) -> list[Any]:
    """Rulings most related to a scenario's question that the replay did not cite."""
    return [record for record, _score in see_also_scored(question, cited, limit)]


def see_also_scored(question: str, cited: list[str], limit: int = 3) -> list[tuple[Any, float]]:
    """Rulings most related to a scenario's question that the replay did not cite, with their scores.

    Candidates are ranked by how well they answer the question, plus SEE_ALSO_LINK for
    each link (a `related` entry, either way) to an anchor: the best match, and each cited
    ruling among the SEE_ALSO_ANCHORS best matches. A replay cites basic rules for every
    card played; unless they answer the question too, they anchor nothing.
    The cited rulings themselves (by id or alias) are never returned.
    """
    if not question or not question.strip():
        return []
    index = _index()
    scores, _reasons, _mentions, _direct = _score_all(question)
    excluded: set[int] = set()
    for ruling_id in cited:
        pos = index.by_id.get(str(ruling_id).lower())
        if pos is not None:
            excluded.add(pos)
    top = sorted(range(len(scores)), key=lambda i: -scores[i])[:SEE_ALSO_ANCHORS]
    anchors = {pos for pos in top if pos in excluded and scores[pos] >= SEE_ALSO_MIN}
    best = top[0]
    if scores[best] > 0:
        anchors.add(best)
    linked: dict[int, int] = defaultdict(int)
    for anchor in anchors:
        for other in index.records[anchor].related:
            pos = index.by_id.get(other.lower())
            if pos is not None:
                linked[pos] += 1
    for pos, record in enumerate(index.records):
        for other in record.related:
            if index.by_id.get(other.lower()) in anchors:
                linked[pos] += 1
    ranked = [
        (scores[i] + SEE_ALSO_LINK * min(linked.get(i, 0), 2), i)
        for i in range(len(scores))
        if i not in excluded and scores[i] >= SEE_ALSO_MIN and index.records[i].usable
    ]
    ranked.sort(key=lambda item: (-item[0], index.records[item[1]].id))
    return [(index.records[i], round(score, 3)) for score, i in ranked[: max(limit, 0)]]
