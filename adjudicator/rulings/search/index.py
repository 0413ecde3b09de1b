"""The search index: worked out once from the records and the catalog, kept on disk.

`_index()` loads it from the cache (`cache.load_or_build`, keyed by the record and deck files
and the code that shapes it) or builds it (`_build_index`).
"""

from __future__ import annotations

import math
import os
from collections import defaultdict
from dataclasses import astuple, dataclass, field
from dataclasses import fields as dataclass_fields
from functools import lru_cache
from typing import Any

from adjudicator.cards.nicknames import NICKNAMES
from adjudicator.model.names import normalize
from adjudicator.rulings.model import Conflict, Ruling, Source, Unruled
from adjudicator.rulings.search.words import _COMMON_CARD_WORDS, _GENERIC_WORDS, SYNONYMS, content_stems, stem, words

#: How much a word found in each field is worth (a word found in several fields counts once, at its best).
FIELD_WEIGHTS = {"title": 1.0, "summary": 0.95, "question": 0.9, "cards": 0.8, "topics": 0.75, "ruling": 0.6}
PAIR_WINDOW = 2  # question words this close together count as a pair


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
    record_head: list[str] = field(
        default_factory=list
    )  # normalized title + summary + question: what a record is about


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

    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    folders = [os.path.join(RULINGS_DIR, group) for group in GROUPS] + [os.path.join(package, "cards", "decks")]
    files = [entry.path for folder in folders for entry in os.scandir(folder) if entry.name.endswith(".yaml")]
    files += [
        os.path.join(package, *parts)
        for parts in (
            ("rulings", "search", "__init__.py"),
            ("rulings", "search", "index.py"),
            ("rulings", "search", "words.py"),
            ("rulings", "model.py"),
            ("rulings", "store.py"),
            ("cards", "catalog.py"),
            ("cards", "nicknames.py"),
            ("model", "names.py"),
        )
    ]
    return files


_NESTED = ("source", "conflicts", "unruled")  # fields of a record stored as tuples of their own


def _dump_index(index: _Index) -> tuple:
    records = [
        (
            *(getattr(r, f.name) for f in dataclass_fields(Ruling) if f.name not in _NESTED),
            astuple(r.source),
            tuple(astuple(c) for c in r.conflicts),
            astuple(r.unruled) if r.unruled else None,
        )
        for r in index.records
    ]
    return (records, *(getattr(index, f.name) for f in dataclass_fields(_Index)[1:]))


def _load_index(data: tuple) -> _Index:
    names = [f.name for f in dataclass_fields(Ruling) if f.name not in _NESTED]
    records = []
    for *values, source, conflicts, unruled in data[0]:
        records.append(
            Ruling(
                **dict(zip(names, values, strict=False)),
                source=Source(*source),
                conflicts=tuple(Conflict(*c) for c in conflicts),
                unruled=Unruled(*unruled) if unruled else None,
            )
        )
    return _Index(records, *data[1:])


@lru_cache(maxsize=1)
def _index() -> _Index:
    from adjudicator.cache import load_or_build

    checkout = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
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
        [normalize(" ".join((r.title, r.summary, r.question))) for r in records],
    )
