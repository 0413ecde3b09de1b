"""The rulings search keeps up with the knowledge base (issue 28, item 5): every record is found by
its own question and by a question phrased as a player asks it, a player telling the whole story
finds what the short question finds, and a card mentioned in passing does not outrank the records
about that card."""

from __future__ import annotations

import pytest

from adjudicator.model.names import normalize
from adjudicator.rulings.search import search
from adjudicator.rulings.store import all_rulings


def _top(question: str, limit: int = 3) -> list[str]:
    return [record.id for record, _score, _why in search(question, limit)]


def test_every_record_is_found_by_its_own_question():
    missed = {
        record.id: _top(record.question)
        for record in all_rulings().values()
        if record.usable and record.id not in _top(record.question)
    }
    assert missed == {}


#: A question as a player asks it at the table -> the record that answers it (the records issue 28
#: renamed, changed or added first, then the official answers of issue 23).
PLAYER_QUESTIONS = [
    ("I've got 9 cards and I play Mystery Play - does the card I flip make 10 so I win?", "Q2193"),
    ("is there a max number of new rules on the table", "Q1420"),
    ("we mixed two decks and someone played a second Draw 2 while Draw 2 was already out", "Q2219"),
    ("second double agenda played on top of the first one, do the goals change", "H-double_agenda_twin"),
    ("what's a meta rule and how is it different", "Q1083"),
    ("I played Inflation out of Draw 3 Play 2, do I get to draw another card and play one more", "Q51"),
    ("can you stop that the action on let's keep doing that", "Q2729"),
    ("can rotate hands go across the table", "Q2310"),
    ("can trade hands make someone win 10 cards in hand", "Q46"),
    ("can I get both poor bonus and rich bonus", "Q882"),
    ("trash a keeper when only I have keepers, must I trash mine", "Q241"),
    ("can I play a hand limit to make others discard then get rid of it", "Q738"),
    ("our deck is missing a keeper so a goal is impossible, should we remove it", "Q2270"),
    ("does inflation give me another card from the no-hand bonus", "Q108"),
    ("does draw 2 and use em count as a play", "Q422"),
    ("zero cards and I play play all but 1 as my only card", "Q938"),
    ("can I win in the middle of my turn with play all", "Q-tag-play-all"),
    ("does the radioactive potato move when double agenda adds a goal", "Q-tag-4-0"),
    ("how do creepers work when you draw them", "Q2763"),
    ("play all but 1 and rich bonus together", "Q2105"),
    ("does today's special count any holiday", "Q1074"),
]


@pytest.mark.parametrize(("question", "ruling"), PLAYER_QUESTIONS)
def test_a_player_question_finds_its_ruling_in_the_top_three(question, ruling):
    assert ruling in _top(question), _top(question)


#: (the short question, the same question told as a player tells the whole story)
LONG_QUESTIONS = [
    (
        "second double agenda over the first",
        "So last night we had Fluxx 5.0 and Holiday Fluxx shuffled together, which means there are two Double "
        "Agenda cards. The first Double Agenda was already on the table and we had two Goals out, Toast and Time is "
        "Money. Then Carol played the other copy of Double Agenda from her hand. Bob said nothing changes, but Carol "
        "said she gets to pick which Goals stay because it's a new card. We argued about it for ages. Who was right?",
    ),
    (
        "mystery play with 9 cards for 10 cards in hand",
        "Okay so here's what happened. The Goal was 10 Cards in Hand and I was sitting on 9 cards. Mystery Play was "
        "on the table so I used it, and I drew the top card of the deck. My brother says that for a moment I had 10 "
        "cards in my hand, so I should have won right there before I played the card I flipped. I think the card "
        "never really joins my hand. Which is it?",
    ),
    (
        "rotate hands across the table",
        "We play with four people around a square table. Dana played Rotate Hands and wanted everyone to pass their "
        "hand to the person sitting opposite, straight across the table, because that would give her the best hand. "
        "Two of us said you can only pass left or right. Is passing across allowed?",
    ),
    (
        "poor bonus and rich bonus both",
        "Both Poor Bonus and Rich Bonus were in play. I had the fewest Keepers for a while, and then after a trade I "
        "ended up with the most cards in hand too. Somebody said the two bonuses cancel each other out or that only "
        "the newest one counts. Can the two bonuses really both be in play, and can I get both of them?",
    ),
    (
        "how many new rules can be in play",
        "Our game went on forever and the middle of the table filled up with New Rules: Draw 3, Play 2, Hand Limit 2, "
        "Inflation, Poor Bonus, Double Agenda, Recycling and more. A new player asked whether there is a maximum "
        "number of New Rules that can be in play at once, or whether they just keep piling up. Is there a limit?",
    ),
    (
        "trade hands 10 cards in hand tie",
        "Alice and I both had 11 cards and the Goal was 10 Cards in Hand, so nobody won because we were tied. Then on "
        "her turn Alice played Trade Hands with me. Does that break the tie, and who wins?",
    ),
]


@pytest.mark.parametrize(("short", "story"), LONG_QUESTIONS)
def test_the_whole_story_finds_what_the_short_question_finds(short, story):
    assert _top(short, 1)[0] in _top(story), (_top(short), _top(story))


def test_a_card_mentioned_in_passing_does_not_outrank_the_records_about_it():
    """For every card the records name: a record whose title, summary or question names the card
    (one about it) ranks above every record that names it only in its ruling."""
    records = [r for r in all_rulings().values() if r.usable]
    heads = {r.id: normalize(" ".join((r.title, r.summary, r.question))) for r in records}
    names = sorted({card for r in records for card in r.cards})
    keys = {normalize(name) for name in names}
    wrong = []
    for name in names:
        key = normalize(name)
        if any(key != other and key in other for other in keys):
            continue  # part of a longer name ("Draw 2" in "Draw 2 and Use 'Em"): its own matter
        ranks = {record.id: rank for rank, (record, _s, _w) in enumerate(search(name, 60))}
        about = [r.id for r in records if key in heads[r.id]]
        passing = [r.id for r in records if key not in heads[r.id] and key in normalize(r.ruling) and r.id in ranks]
        wrong += [(name, p, a) for p in passing for a in about if ranks.get(a, len(ranks)) > ranks[p]]
    assert wrong == []
