"""Word Fluxx: the word library (adjudicator.words), the word Goal and letter Keeper kinds,
`P spells WORD` claims, and the dictionary loading only when a Word Fluxx game needs it."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.cards.catalog import builtin
from adjudicator.cards.kinds import is_supported, kind_of
from adjudicator.cli import app
from adjudicator.engine import replay as rp
from adjudicator.engine.game import Game
from adjudicator.engine.legal import explore
from adjudicator.loading.scenario import Event, load_scenario, parse_scenario
from adjudicator.model import records as rec
from adjudicator.model.cards import CardType
from adjudicator.model.errors import ScenarioError
from adjudicator.words.lexicon import ADJECTIVE, NOUN, VERB, WordRules, _BitSets, lexicon, sub_multisets
from adjudicator.words.requirement import Requirement, find, letters_missing
from adjudicator.words.silent import silent_letter
from adjudicator.words.sounds import rhymes, syllables

ROOT = Path(__file__).resolve().parents[1]
WORD = ROOT / "scenarios" / "word"
runner = CliRunner()


# ------------------------------------------------------------------ the lexicon
@pytest.mark.parametrize(
    "word",
    [
        "cat",
        "cats",
        "ran",
        "running",
        "nice",
        "flux",
        "xylophone",
        "aardvark",
        "geese",
        "pizza",
        "the",
        "and",
        "three",
        "despite",
        "county",
        "oxen",
        "act",
    ],
)
def test_dictionary_words_count(word):
    assert lexicon().not_a_word(word) is None


@pytest.mark.parametrize(
    "word, reason",
    [
        ("paris", "PARIS is a proper noun (a name), not a common word"),
        ("paris", "PARIS is a proper noun (a name), not a common word"),
        ("gonna", "GONNA is slang"),
        ("yeet", "YEET is slang"),
        ("fluxx", "FLUXX is not in the dictionary"),
        ("blorp", "BLORP is not in the dictionary"),
        ("tv", "TV is not in the dictionary"),
    ],
)
def test_non_words_are_refused_with_the_reason(word, reason):
    assert lexicon().not_a_word(word) == reason


def test_house_rules_widen_or_narrow_the_word_test():
    index = lexicon()
    assert index.is_word("paris", WordRules.of(proper_nouns=True))
    assert index.is_word("yeet", WordRules.of(slang=True))
    assert index.is_word("qi", WordRules.of(allowed_words=["QI"]))
    assert (
        index.not_a_word("cat", WordRules.of(banned_words=["cat"]))
        == "CAT is banned by the table (house rule banned_words)"
    )
    assert not index.is_word("paris", WordRules.of(slang=True))
    assert index.parts_of_speech("paris", WordRules.of(proper_nouns=True)) & NOUN
    assert not index.parts_of_speech("paris") & NOUN


def test_parts_of_speech():
    index = lexicon()
    assert index.parts_of_speech("cat") & NOUN
    assert index.parts_of_speech("run") & NOUN and index.parts_of_speech("run") & VERB
    assert index.parts_of_speech("ran") & VERB and not index.parts_of_speech("ran") & NOUN
    assert index.parts_of_speech("nice") & ADJECTIVE and not index.parts_of_speech("nice") & NOUN
    assert index.parts_of_speech("the") == 0  # a function word: a word, but none of the three


def test_rhymes_and_syllables():
    assert rhymes("nice", "dice") and rhymes("cat", "hat") and rhymes("flux", "ducks")
    assert not rhymes("love", "move") and not rhymes("cat", "cat") and not rhymes("two", "too")
    assert not rhymes("a", "to")  # weak forms without a stressed vowel rhyme with nothing
    assert syllables("banana") == {3} and syllables("xylophone") == {3}


@pytest.mark.parametrize(
    "word, letter, why",
    [
        ("knit", "K", "kn- at the start"),
        ("write", "W", "wr- at the start"),
        ("ghost", "H", "gh- at the start"),
        ("lamb", "B", "-mb at the end"),
        ("climbed", "B", "-mb at the end"),
        ("plumber", "B", "-mb at the end"),
        ("autumn", "N", "-mn at the end"),
        ("sign", "G", "-gn at the end"),
        ("night", "G", "-igh-"),
        ("caught", "G", "-augh- without an F sound"),
        ("cake", "E", "a final e that is not sounded"),
        ("island", "S", "the shipped list of silent letters"),
        ("listened", "T", "the shipped list of silent letters"),
    ],
)
def test_silent_letters_by_the_stated_rule(word, letter, why):
    found = silent_letter(word)
    assert found is not None and found.letter == letter and found.why == why


@pytest.mark.parametrize("word", ["number", "member", "signal", "laugh", "tough", "the", "recipe", "cat", "tin"])
def test_words_without_a_silent_letter(word):
    assert silent_letter(word) is None


# ------------------------------------------------------------------ the search
@pytest.mark.parametrize(
    "requirement, letters, found",
    [
        (Requirement(length=3), "CATXQ", ("act",)),
        (Requirement(part_of_speech="verb", min_length=5), "RAINT", ("train",)),
        (Requirement(part_of_speech="verb", min_length=5), "RAIN", None),
        (Requirement(double_letter=True), "BOKO", ("boo",)),
        (Requirement(double_letter=True), "BOK", None),
        (Requirement(palindrome=True), "DIDX", ("did",)),
        (Requirement(spell="flux"), "XULF", ("flux",)),
        (Requirement(spell="flux"), "FLUE", None),
        (Requirement(silent_letter=True), "KNIT", ("knit",)),
        (Requirement(rhyme=True), "NICEDIE", ("i", "die")),
        (Requirement(rhyme=True, length=4), "NICEDICE", ("dice", "nice")),
        (Requirement(rhyme=True), "CATHA", None),  # CAT and HAT would need a second T
        (Requirement(syllables=3), "BANANA", ("banana",)),
    ],
)
def test_find_the_word(requirement, letters, found):
    assert find(requirement, letters) == found


def test_every_word_found_is_a_word_from_the_letters_meeting_the_goal():
    for requirement in (Requirement(), Requirement(part_of_speech="noun", min_length=4), Requirement(rhyme=True)):
        for letters in ("STREAMLINE", "QUIZJAXE", "ORANGEBT"):
            words = find(requirement, letters)
            if words is None:
                continue
            assert not letters_missing(words, letters)
            assert all(lexicon().is_word(w) and requirement.shortfall(w) is None for w in words)


def test_both_searches_list_the_same_spellings():
    """Few letters: each selection is looked up; many: bit sets. Both give the same spellings."""
    index = lexicon()
    bit_sets = _BitSets(index.spellings())
    rng = random.Random(9)
    bag = "EEEEAAAIIIOOOUUNNRRTTLLSSDGBCMPFHVWYKJXQZ"
    for size in (3, 7, 10, 13):
        for _ in range(5):
            letters = "".join(rng.sample(bag, size)).lower()
            keys = sub_multisets(Counter(letters), 2, size)
            looked_up = sorted(w for key in keys for w in index.by_letters.get(key, ()))
            assert sorted(bit_sets.spellable(letters, 2, size)) == looked_up


def test_describe_reads_like_the_card():
    assert Requirement(part_of_speech="verb", min_length=5).describe() == "a verb of at least 5 letters"
    assert Requirement(rhyme=True, part_of_speech="noun").describe() == "two nouns that rhyme"
    assert Requirement(spell="flux").describe() == "the word FLUX"


# ------------------------------------------------------------------ the cards
def test_the_word_deck_loads_and_every_card_is_built():
    deck = builtin().decks["word"]
    assert all(is_supported(card) for card in deck.cards)
    letters = Counter(c.params["letter"] for c in deck.cards if c.kind == "letter")
    assert set(letters) == {chr(c) for c in range(ord("A"), ord("Z") + 1)}
    assert sum(letters.values()) == 41 and letters["E"] == 4 and letters["A"] == 3 and letters["Q"] == 1
    assert {c.name for c in deck.cards if c.type is CardType.GOAL} >= {"Spell Flux", "A Noun", "Words That Rhyme"}


SCENARIO = """
title: t
players: [Alice, Bob]
decks: [word, fluxx5]
cards:
{cards}
setup:
  turn: Alice
  goals: [{goal}]
  hands: {{Alice: [{hand}]}}
  in_play: {{Alice: [{letters}]}}
events:
{events}
"""


def play(goal: str, letters: str, events: list[str], hand: str = "", cards: list[str] = ()) -> Game:
    text = SCENARIO.format(
        goal=goal,
        hand=hand,
        letters=letters,
        events="".join(f"  - {e}\n" for e in events) or "  []",
        cards="".join(f"  - {c}\n" for c in cards) or "  []",
    )
    return rp.replay(parse_scenario(text, "t.yaml"))


def test_the_win_step_names_the_word_in_text_and_json():
    result = runner.invoke(app, ["replay", str(WORD / "noun-found-by-engine.yaml")])
    assert "Alice meets A Noun by spelling ACT and wins" in result.output
    data = json.loads(runner.invoke(app, ["replay", "--json", str(WORD / "silent-letter.yaml")]).output)
    won = [s for s in data["steps"] if "wins" in s["text"]]
    assert won[0]["text"] == (
        "Alice meets A Silent Letter by spelling KNIT (the K of KNIT is silent: kn- at the start) and wins"
    )
    assert data["winner"] == "Alice"


def test_claims_accepted_and_rejected_with_each_reason():
    game = play(
        "A Big Verb",
        "Letter R, Letter A, Letter I, Letter N",
        ["Alice spells RIAN", "Alice spells TRAIN", "Alice spells RAIN", "Alice spells NAIR"],
    )
    rejected = [(s.event, s.code, s.reason) for s in game.steps if isinstance(s, rec.Rejected)]
    assert rejected == [
        (1, "not_a_word", "RIAN is not in the dictionary"),
        (
            2,
            "not_her_letters",
            "TRAIN needs T beyond Alice's letters in play (R, A, I, N); each letter card is used once",
        ),
        (
            3,
            "not_what_the_goal_asks",
            "RAIN has 4 letters, the Goal asks for at least 5 (A Big Verb: a verb of at least 5 letters)",
        ),
        (4, "not_a_word", "NAIR is a proper noun (a name), not a common word"),
    ]
    game = play(
        "A Big Verb",
        "Letter R, Letter A, Letter I, Letter N",
        ["Alice plays Letter T", "Alice spells TRAIN"],
        hand="Letter T",
    )
    notes = [s.text for s in game.steps if isinstance(s, rec.Note) and s.event == 2]
    assert notes == [
        "Alice spells TRAIN: a word, from Alice's letters, meeting A Big Verb (a verb of at least 5 letters)"
    ]
    assert game.winner == "Alice"


def test_a_claim_changes_nothing_and_passes_no_turn():
    game = play("A Noun", "Letter C, Letter A", ["Bob spells CAT"])
    assert game.turn.player == "Alice" and game.turn.played == 0
    assert [s.code for s in game.steps if isinstance(s, rec.Rejected)] == ["not_her_letters"]


def test_a_claim_without_a_word_goal():
    game = play("Milk & Cookies", "Letter C, Letter A, Letter T", ["Alice spells CAT"])
    assert [s.reason for s in game.steps if isinstance(s, rec.Rejected)] == [
        "Milk & Cookies is not met by spelling a word"
    ]


def test_spell_counts_the_named_word_even_if_no_dictionary_has_it():
    game = play(
        "Spell Fluxx",
        "Letter F, Letter L, Letter U, Letter X",
        ["Alice plays Letter X2", "Alice spells FLUXX"],
        hand="Letter X2",
        cards=[
            "{name: Spell Fluxx, type: goal, kind: word, spell: FLUXX}",
            "{name: Letter X2, type: keeper, kind: letter, letter: X}",
        ],
    )
    assert game.winner == "Alice"
    assert not [s for s in game.steps if isinstance(s, rec.Rejected)]


def test_inflation_raises_a_printed_length():
    text = SCENARIO.format(
        goal="A Four-Letter Word",
        hand="Letter S",
        letters="Letter C, Letter A, Letter T",
        events="  - Alice plays Letter S\n",
        cards="  []",
    )
    assert rp.replay(parse_scenario(text, "t.yaml")).winner == "Alice"
    game = rp.replay(parse_scenario(text.replace("goals:", "rules: [Inflation]\n  goals:"), "t.yaml"))
    assert game.winner is None  # CATS has four letters, but Inflation makes the Goal ask for five
    checks = [s for s in game.steps if isinstance(s, rec.WinChecked)]
    assert checks and not checks[-1].meeting


def test_cards_used_are_the_letters_of_the_word_found():
    game = play(
        "A Palindrome",
        "Letter D, Letter X, Letter I, Letter D2, Letter Q",
        [],
        cards=["{name: Letter D2, type: keeper, kind: letter, letter: D}"],
    )
    goal = game.table.goals[0]
    assert game.winner == "Alice"
    used = kind_of(goal).cards_used(game, goal, "Alice")
    assert [c.name for c in used] == ["Letter D", "Letter I", "Letter D2"]


def test_goal_parameters_are_checked_when_a_scenario_declares_one():
    with pytest.raises(ScenarioError, match="part_of_speech must be one of noun, verb, adjective, not 'adverb'"):
        play("Odd", "Letter C", [], cards=["{name: Odd, type: goal, kind: word, part_of_speech: adverb}"])
    with pytest.raises(ScenarioError, match="letter must be one letter, A to Z"):
        play("A Noun", "Letter C", [], cards=["{name: Letter CH, type: keeper, kind: letter, letter: CH}"])


def test_the_spell_event_is_read_in_both_forms_and_checked():
    text = SCENARIO.format(
        goal="A Noun",
        hand="",
        letters="Letter C",
        events="  - Alice spells cat, hat\n  - {player: Alice, action: spell, choices: [dog]}\n",
        cards="  []",
    )
    events = parse_scenario(text, "t.yaml").events
    assert [(e.action, e.choices) for e in events] == [("spell", ("CAT", "HAT")), ("spell", ("DOG",))]
    bad = text.replace("Alice spells cat, hat", "Alice spells C4T")
    with pytest.raises(ScenarioError, match=r"'C4T' has '4' \(U\+0034\), which is no letter card"):
        parse_scenario(bad, "t.yaml")


# ------------------------------------------------------------------ loading only when needed
def _modules_after(code: str) -> set[str]:
    probe = code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_help_and_a_fluxx5_replay_load_no_dictionary():
    help_modules = _modules_after(
        "from adjudicator.cli import main\nimport sys\nsys.argv = ['adjudicator', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )
    assert not {"adjudicator.words", "adjudicator.words.lexicon", "numpy", "lemminflect"} & help_modules
    replay_modules = _modules_after(
        "from adjudicator.engine.replay import replay\nfrom adjudicator.loading.scenario import load_scenario\n"
        "game = replay(load_scenario('scenarios/examples/draw3-then-draw2.yaml'))\nassert game.steps"
    )
    assert "adjudicator.engine.game" in replay_modules and "adjudicator.cards.kinds.word_goals" in replay_modules
    assert not {"adjudicator.words", "numpy", "lemminflect"} & replay_modules


def test_a_word_replay_loads_the_tables_but_never_numpy():
    modules = _modules_after(
        "from adjudicator.engine.replay import replay\nfrom adjudicator.loading.scenario import load_scenario\n"
        "game = replay(load_scenario('scenarios/word/noun-found-by-engine.yaml'))\nassert game.winner == 'Alice'\n"
        "from adjudicator.words import lexicon, sounds\nassert lexicon.loaded() and not sounds.loaded()"
    )
    assert "adjudicator.words.lexicon" in modules
    assert not {"numpy", "lemminflect"} & modules


# ------------------------------------------------------------------ random Word Fluxx games
def word_deck():
    """The word deck and the 5.0 New Rules (Actions would mostly shuffle letters away)."""
    catalog = builtin()
    shared = [c for c in catalog.decks["fluxx5"].cards if is_supported(c) and c.type is CardType.RULE]
    return [c for c in catalog.decks["word"].cards if is_supported(c)] + shared


DECK = word_deck()


@settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_word_fluxx_games(data):
    """Random legal games of Word Fluxx (its Goals and letters, with the 5.0 New Rules): no card is ever lost or doubled, and whenever a word Goal is won, the word named
    is a word, spelled from the winner's letters, that a claim confirms."""
    players = ["Alice", "Bob", "Carol"][: data.draw(st.integers(2, 3), label="players")]
    pile = data.draw(st.permutations(DECK), label="draw pile")
    text = yaml.safe_dump(
        {
            "title": "random Word Fluxx",
            "players": players,
            "decks": ["word", "fluxx5"],
            "seed": data.draw(st.integers(0, 999), label="seed"),
            "setup": {"turn": players[0], "phase": "deal", "draw_pile": [c.name for c in pile]},
            "events": [],
        },
        sort_keys=False,
    )
    note(text)
    game = Game(parse_scenario(text, "<random>"))
    for number in range(1, 50):
        options = [e for e in explore(game, number).events if e.action != "drop_out"]
        if not options or game.winner or game.stopped:
            break
        event = data.draw(st.sampled_from(options), label=f"event {number}")
        note(event.text)
        game.push(event)
        where = Counter(id(c) for cards in game.zones().values() for c in cards)
        assert sorted(where.values()) == [1] * len(DECK) and set(where) == {id(c) for c in DECK}
    game.finish()  # the last play resolves: it may make a winner
    goal = game.winning_goal
    if goal is None or goal.kind != "word":
        return
    won = next(s for s in game.steps if isinstance(s, rec.Won))
    words = tuple(won.how.removeprefix("by spelling ").split(" (")[0].split(" and "))
    letters = [c.params["letter"] for c in game.table.keepers_of(game.winner) if c.kind == "letter"]
    assert not letters_missing(words, "".join(letters))
    seen = len(game.steps)
    game.push(Event(99, None, game.winner, "spell", None, words, f"{game.winner} spells {', '.join(words)}"))
    assert not [s for s in game.steps[seen:] if isinstance(s, rec.Rejected)], game.steps[seen:]


def test_every_scenario_under_word_replays():
    for path in sorted(WORD.glob("*.yaml")):
        assert load_scenario(path).expect is not None, path


@pytest.mark.parametrize("word", ["eve", "zest", "john"])
def test_a_name_that_is_an_ordinary_noun_too_is_a_word(word):
    """The rulebook bars proper nouns only: a spelling the tables list only capitalised that
    WordNet has as a lower-case noun (data/common_nouns.txt) is a common noun."""
    assert lexicon().not_a_word(word) is None
    assert lexicon().parts_of_speech(word) & NOUN


@pytest.mark.parametrize(
    ("word", "character"),
    [("ﬁt", "'ﬁ' (U+FB01)"), ("ſat", "'ſ' (U+017F)"), ("straße", "'ß' (U+00DF)"), ("été", "'é' (U+00E9)")],
)
def test_a_letter_is_one_of_the_letter_cards(word, character, write_scenario):
    """Python upper-cases ﬁt to FIT, ſat to SAT and straße to STRASSE; no letter card shows ﬁ, ſ
    or ß, so these are refused like été (docs/words.md, "What a letter is")."""
    path = write_scenario(
        "title: t\nplayers: [Alice, Bob]\ndecks: [word]\nsetup:\n  goals: [A Noun]\n"
        f"  in_play: {{Alice: [Letter F, Letter I, Letter T]}}\nevents:\n  - Alice spells {word}\n"
    )
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.output == (
        f"{path}:8:5: event 1: 'Alice spells {word}': '{word}' has {character}, which is no letter card; "
        "a word is spelled with the letter cards, A to Z\nFound 1 mistake.\n"
    )
    assert parse_scenario(path.read_text(encoding="utf-8").replace(word, "fit")).events[0].choices == ("FIT",)


def test_house_rule_words_are_spelled_with_letter_cards_too():
    with pytest.raises(ScenarioError) as info:
        parse_scenario("title: t\nplayers: [Alice]\nhouse_rules: {allowed_words: [straße]}\nsetup: {}\nevents: []\n")
    assert str(info.value) == (
        "<scenario>:3: house rule `allowed_words`: ['straße'] is not a list of single words of the letters A to Z"
        " (allowed: [list of words])"
    )


def word_stress_scenario(goal: str, letters: int, seed: int = 1) -> str:
    """Alice plays `letters` letter cards one by one under a word Goal no word meets (or one met
    late): each play is a win check over everything her letters spell."""
    rng = random.Random(seed)
    pool = "EEEEEEAAAAIIIIOOOOUUUNNNRRRSSSTTTLLLCCDDGGHHMMPPBBFFKWYVXJQZ"
    names = [f"L{i} {rng.choice(pool)}" for i in range(letters)]
    cards = "\n".join(f"  - {{name: '{name}', type: keeper, kind: letter, letter: {name[-1]}}}" for name in names)
    return (
        f"title: word stress\nplayers: [Alice, Bob]\ndecks: [word, fluxx5]\ncards:\n{cards}\n"
        f"  - {{name: Stress, type: goal, kind: word, {goal}}}\n"
        f"setup:\n  turn: Alice\n  rules: [Play All]\n  goals: [Stress]\n  hands: {{Alice: [{', '.join(names)}]}}\n"
        "events:\n" + "".join(f"  - Alice plays {name}\n" for name in names)
    )


@pytest.mark.parametrize(
    "goal", ["silent_letter: true, syllables: 9", "rhyme: true, syllables: 7", "part_of_speech: noun, length: 29"]
)
def test_many_letters_are_searched_in_bounded_time(goal, write_scenario):
    """Found by the fuzzer: a 5 KB file took 36 s, each letter played searching again every word
    the letters spell. The words a Goal can be met by are found once; a search is then bit sets."""
    import time

    path = write_scenario(word_stress_scenario(goal, 200))
    started = time.process_time()
    result = CliRunner().invoke(app, ["replay", "--json", str(path)])
    assert result.exit_code == 0, result.output[-300:]
    assert time.process_time() - started < 10


NIGHTLY = os.environ.get("ADJUDICATOR_PROPERTY") == "nightly"  # .ci/nightly: new letters each run


@settings(max_examples=200 if NIGHTLY else 40, deadline=None, derandomize=not NIGHTLY, database=None)
@given(
    st.sampled_from(
        [
            Requirement(part_of_speech="noun"),
            Requirement(rhyme=True),
            Requirement(rhyme=True, syllables=2),
            Requirement(part_of_speech="verb", min_length=5),
            Requirement(double_letter=True),
            Requirement(silent_letter=True),
            Requirement(length=4),
        ]
    ),
    st.lists(st.sampled_from("eeeeeaaaiiioooouunnrrssttllcddgghhmmppbbffkwyvxjqz"), min_size=10, max_size=24),
    st.sampled_from([WordRules(), WordRules.of(allowed_words=("zzxq", "qqqq"), banned_words=("cat", "tea"))]),
)
def test_the_search_of_many_letters_finds_what_the_word_by_word_search_finds(requirement, letters, rules):
    from adjudicator.words.requirement import _best_rhyme, _candidates, _shortest_first, _words_meeting

    letters = "".join(sorted(letters))
    low, high = requirement.bounds(len(letters))
    found = sorted(_words_meeting(requirement, letters, low, high, rules), key=_shortest_first)
    expected = _best_rhyme(requirement, found, letters) if requirement.rhyme else (found[:1] and (found[0],)) or None
    assert _candidates(requirement, rules).find(letters, low, high) == expected
    assert find(requirement, letters, rules) == expected


def test_the_lexicon_from_the_cache_is_the_lexicon_of_the_files(tmp_path, monkeypatch):
    """The lexicon is kept in the on-disk cache: read back, it is the one the tables and lists give."""
    from adjudicator.words import lexicon as module

    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path))
    built = module._read_lexicon()
    module.lexicon.cache_clear()
    try:
        first = module.lexicon()  # built, then stored
        assert len(list(tmp_path.glob("lexicon-*.marshal"))) == 1
        module.lexicon.cache_clear()
        monkeypatch.setattr(module, "_read_lexicon", lambda: pytest.fail("the lexicon was built again"))
        cached = module.lexicon()
        for lexicon in (first, cached):
            assert (lexicon.common, lexicon.proper, lexicon.slang) == (built.common, built.proper, built.slang)
    finally:
        module.lexicon.cache_clear()
