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

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from adjudicator.model.names import normalize
from adjudicator.rulings.search.index import PAIR_WINDOW, _card_table, _Index, _index, _pair, card_names
from adjudicator.rulings.search.words import (
    _COMMON_CARD_WORDS,
    _ID,
    _STOPWORDS,
    SPELLING_CREDIT,
    SYNONYM_CREDIT,
    _phrases,
    stem,
    words,
)

__all__ = ["CardMention", "card_names", "find_cards", "resolve_card", "search", "see_also", "see_also_scored"]

CARD_TERM = 3.5  # what a card named in the question weighs (a word found in a single record weighs about 5)
CARD_WORD_FACTOR = 0.3  # the words of a card name also count as words, this much
PASSING_CARD_CREDIT = 0.8  # a record listing a card its title, summary and question never name
CARD_TYPE_CREDIT = 0.4  # a record not naming a card but speaking of its type ("Action") gets this share
COVERAGE_POWER = 0.5  # scores are scaled by (share of the question's words and cards found) ** this
DIGIT_FACTOR = 0.5  # a bare number ("play 1", "player 2") says less than a word
MIN_RESULT = 0.1  # search: a record matching less than this share of the question is not a result
SEE_ALSO_LINK = 0.15  # see_also: bonus per `related` link to a cited ruling or the best match
SEE_ALSO_MIN = 0.15  # see_also: a ruling scoring less than this is not worth suggesting
SEE_ALSO_ANCHORS = 5  # see_also: a cited ruling lends its links only when it is among this many best matches
PAIR_BONUS, PAIR_CAP = 0.1, 0.2  # two question words within PAIR_WINDOW found close together in a record add this much


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
            # a record is about the card when its title, summary or question names it; one that
            # lists the card but names it only in its ruling mentions it in passing
            about = any(len(k) >= 4 and k in index.record_head[rec] for k in m.keys)
            if m.keys & index.record_cards[rec] or about:
                crowd = 1.0 - 0.02 * min(index.record_card_count[rec] - 1, 10)
                got[rec] += weight * crowd * (1.0 if about else PASSING_CARD_CREDIT)
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
