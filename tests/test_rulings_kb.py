"""The rulings knowledge base: search as players ask, the graph, and the `rulings` / `cards` commands."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import cache
from adjudicator.cli import app
from adjudicator.rulings import search as search_module
from adjudicator.rulings.graph import related_rulings
from adjudicator.rulings.search import find_cards, resolve_card, search, see_also, see_also_scored
from adjudicator.rulings.search import index as search_index

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def flat(text: str) -> str:
    """Output with rich's line wrapping undone."""
    return " ".join(text.split())


def top_ids(query: str, n: int = 3) -> list[str]:
    return [record.id for record, _score, _why in search(query, limit=n)]


# Twenty questions as players ask them at the table, and the ruling that answers each.
TABLE_QUESTIONS = [
    ("can i swap plays when my hand is smaller than the play rule", "R38"),
    ("gowi under play 1", "R07"),
    ("d3p2 then surprise stop that too late?", "R44"),
    ("does a creeper count as my draw", "R20"),
    ("draw 1 and i drew 3 creepers", "R41"),
    ("veto play 4 what is play rule", "R54"),
    ("that's mine on a keeper from steal a keeper", "R47"),
    ("double agenda trashed which goal stays", "R27"),
    ("lets simplify remove zero rules", "R30"),
    ("no hand bonus count toward draw", "R35"),
    ("trade hands surprise i get in the trade", "R56"),
    ("canceled plans stop a win", "R52"),
    ("radioactive potato double agenda", "Q-tag-4-0"),
    ("free action count as play", "R42"),
    ("everybody gets 1 see cards", "R62"),
    ("share the wealth deal order", "R61"),
    ("play all swap plays for draws how many", "R37"),
    ("keeper limit creepers count", "R64"),
    ("mystery play flips creeper", "R65"),
    ("hand limit end of my turn gowi", "R36"),
]

# The same kind of questions with typos, nicknames and partial names.
TYPED_IN_A_HURRY = [
    ("can i swap plyas wen my hand is smaler than the play rule", "R38"),
    ("gowi undr play 1", "R07"),
    ("d3p2 then suprise stop that to late", "R44"),
    ("dose a creeper count as my drawe", "R20"),
    ("drew 3 creepers in a row on draw 1", "R41"),
    ("vetod play 4 what is the play rule now", "R54"),
    ("thats mine on a kepeer from steal a keeper", "R47"),
    ("dubble agenda trashed wich goal stays", "R27"),
    ("lets simplfy remove zero rules", "R30"),
    ("nhb count toward draw", "R35"),
    ("radioactiv potatoe dubble agenda", "Q-tag-4-0"),
    ("eg1 do i see the cards", "R62"),
    ("stw deal order", "R61"),
    ("pab1 with rich bonus", "Q2105"),
    ("d2ue card ends my turn", "R16"),
    ("can i veto my own hand limit", "R24"),
    ("its a trap against exchange keepers", "Q465"),
    ("swap plays for draws with the rich bonus", "Q2430"),
    ("mystery creeper", "R65"),
    ("double agenda goal slot empty", "R60"),
    ("belay that random tax", "Q-tag-belay-that"),
    ("creepers in my opening hand", "R15"),
    ("can i pass and not play", "Q306"),
    ("countering a surprise costs a play", "R17"),
    ("play all get on with it", "R19"),
    ("hand limit is a maximum not a target", "Q1644"),
    ("everybody gets 1 creeper drawn", "R40"),
    ("trade hands stop that", "R56"),
]


# Questions as players phrase them: negations ("cant"), "my own turn", "not my turn", "right away",
# "suddenly", with typos; the ruling must be among the first four.
PLAYER_PHRASED = [
    ("cant play suprise on my own tern", "R49"),
    ("can i use the out of turn part of a surprise on my turn", "R49"),
    ("can i cancel my own goal with canceled plans on my turn", "R50"),
    ("someone plays trade hands can i just throw my surprise away so they dont get it", "R25"),
    ("if i veto a new rule does the old one come back", "R54"),
    ("does using a keepers power use up one of my plays", "R02"),
    ("do i have to finish drawing before i win", "R03"),
    ("whose creeper is it if i draw it for an action", "R40"),
    ("can i counter somebodys surprise when its not my turn", "R34"),
    ("does countering on my turn cost me a play", "R53"),
    ("i got a surprise in the trade can i use it to stop the trade", "R56"),
    ("do creepers count toward the keeper limit", "R64"),
    ("my turn ended suddenly do i still discard down to the hand limit", "R36"),
    ("which cards end my turn right away", "R22"),
    ("with 2 players do surprises work the same", "R43"),
]


@pytest.mark.parametrize(("question", "expected"), PLAYER_PHRASED)
def test_a_players_phrasing_finds_the_ruling_in_top_4(question, expected):
    assert expected in top_ids(question, 4), search(question, limit=6)


def test_search_results_are_one_line_each_at_any_width():
    for columns in (60, 80, 200):
        result = runner.invoke(
            app, ["rulings", "search", "cant play suprise on my own tern"], env={"COLUMNS": str(columns)}
        )
        lines = result.output.splitlines()
        assert result.exit_code == 0 and len(lines) == 12, result.output  # a header, 10 results, a hint
        assert all(len(line) <= columns for line in lines), result.output
        assert lines[0].split() == ["#", "id", "score", "ruling", "why"]
        assert lines[-1] == "rulings show ID: the ruling in full"
    wide = runner.invoke(app, ["rulings", "search", "gowi under play 1", "-n", "1"], env={"COLUMNS": "200"}).output
    ((record, score, why),) = search("gowi under play 1", limit=1)
    assert wide.splitlines()[2].split("  ") == ["1", record.id, f"{score:5.2f}", record.title, why]  # nothing cut


OFFICIAL_RECORDS_BEFORE_ISSUE_23 = 53

# The official answers added from the publisher's FAQ pages (issue 23), one question each as a
# player would ask it, written before the search scores were looked at.
OFFICIAL_FAQ_QUESTIONS = [
    ("solo fluxx a creeper stops me scoring the goal", "Q-tag-creepers-2"),
    ("poor bonus and rich bonus both in play at once", "Q882"),
    ("play a hand limit then trash it so only the others discard", "Q738"),
    ("card says takes instant effect can i play it when i draw it", "Q-tag-instantaneous-effect-1"),
    ("mystery play with 9 cards in hand makes 10 cards in hand", "Q2193"),
    ("do draw 3 play 2 cards count for 10 cards in hand", "Q-tag-10cardsinhand-2"),
    ("its a trap against zap a card", "Q-tag-zap-a-card-2"),
    ("solo zap a new rule into my hand", "Q-tag-zap-a-card-3"),
    ("inflation after the no hand bonus do i get another card", "Q108"),
    ("a goal that is impossible because a keeper is missing", "Q2270"),
    ("do i have to say how many cards i have in my hand", "Q-tag-tradehands-3"),
    ("does a stolen keeper go to my hand or the table", "Q-tag-captain-1"),
    ("trash a keeper when only my keepers are on the table", "Q241"),
    ("how many new rules can be in play", "Q1420"),
    ("can i still win if nobody noticed the goal turns ago", "Q-tag-all-fluxx-1"),
    ("what is a meta rule", "Q1083"),
    ("double agenda does a creeper still block the win", "Q-tag-double-agenda-2"),
]


@pytest.mark.parametrize(("question", "expected"), OFFICIAL_FAQ_QUESTIONS)
def test_official_faq_question_finds_its_record_in_top_3(question, expected):
    assert expected in top_ids(question), search(question, limit=5)


def test_one_player_question_per_ten_new_official_records():
    from adjudicator.rulings.store import all_rulings

    official = {rid for rid in all_rulings() if rid.startswith("Q")}
    asked = {expected for _question, expected in OFFICIAL_FAQ_QUESTIONS}
    assert asked <= official
    new_records = len(official) - OFFICIAL_RECORDS_BEFORE_ISSUE_23
    assert len(asked) * 10 >= new_records, f"{new_records} new official records need {-(-new_records // 10)} questions"


@pytest.mark.parametrize(("question", "expected"), TABLE_QUESTIONS)
def test_table_question_finds_its_ruling_in_top_3(question, expected):
    assert expected in top_ids(question), search(question, limit=5)


@pytest.mark.parametrize(("question", "expected"), TYPED_IN_A_HURRY)
def test_typos_and_nicknames_find_the_ruling_in_top_3(question, expected):
    assert expected in top_ids(question), search(question, limit=5)


# Ordinary typos corrected against the rulings' own words; (question, ruling in the top 3, words shown for it).
TYPOS_CORRECTED = [
    ("taxes and mony togther", "B-creeper-powers", ["taxes"]),
    ("dubble agenda which goal wins", "R58", ["wins", "goal"]),
    ("creeper drawn during d2ue", "R40", ["creeper", "drawn", "action"]),  # any Action's draw (R40)
    ("hand limit on my turn", "B-limits-end-of-turn", ["limit", "my turn", "hand", "turn"]),
]


@pytest.mark.parametrize(("question", "expected", "shown"), TYPOS_CORRECTED)
def test_typos_are_corrected_and_the_why_shows_readable_words(question, expected, shown):
    results = search(question, limit=3)
    assert expected in [record.id for record, _score, _why in results], results
    why = next(why for record, _score, why in results if record.id == expected)
    assert why.split("words: ")[1].split(", ") == shown


def test_spelling_is_corrected_to_the_records_and_card_names_words():
    index = search_module._index()
    assert search_module._spell("togther", index) == ("together", 0.9)
    assert search_module._spell("mony", index) == ("money", 0.9)  # a card's word; "many" is a substitution away
    assert search_module._spell("wich", index)[0] == "which"  # then dropped as a stopword
    assert search_module._spell("limit", index) == ("limit", 1.0)
    assert search_module._spell("qqqq", index) == ("qqqq", 1.0)  # nothing close: kept as typed


def test_the_why_column_shows_words_not_stems():
    # the words as typed, not the stems "creeper", "action"
    assert search("creepers drawn for actions", limit=1)[0][2] == "words: creepers, actions, drawn"
    assert search("stealing kepers", limit=1)[0][2] == "words: stealing, keepers"  # the corrected word, not "keep"


def test_records_without_a_usable_answer_and_weak_matches_are_not_results():
    assert "R48" not in top_ids("that's mine on a keeper played by wormhole or mystery play", 10)
    assert runner.invoke(app, ["rulings", "show", "R48"]).exit_code == 0  # still there by id
    assert search("zzzz qqqq") == []
    assert all(score >= search_module.MIN_RESULT for _r, score, _why in search("taxes and mony togther", 20))


@pytest.mark.parametrize(
    ("typed", "printed"),
    [
        ("D3P2", "Draw 3, Play 2 of Them"),
        ("draw 3 play 2", "Draw 3, Play 2 of Them"),
        ("D2UE", "Draw 2 and Use 'Em"),
        ("draw 2 and use em", "Draw 2 and Use 'Em"),
        ("GOWI", "Get On With It!"),
        ("get on with it", "Get On With It!"),
        ("swap plays", "Swap Plays for Draws"),
        ("swap", "Swap Plays for Draws"),
        ("DA", "Double Agenda"),
        ("PAB1", "Play All But 1"),
        ("play all but one", "Play All But 1"),
        ("NHB", "No-Hand Bonus"),
        ("LDTA", "Let's Do That Again!"),
        ("EG1", "Everybody Gets 1"),
        ("STW", "Share the Wealth"),
        ("potato", "Radioactive Potato"),
        ("mystery", "Mystery Play"),
        ("trap", "It's A Trap!"),
        ("veto", "Veto!"),
        ("stop that", "Stop That!"),
        ("thats mine", "That's Mine"),
        ("Milk and Cookies", "Milk & Cookies"),
    ],
)
def test_nicknames_and_names_resolve(typed, printed):
    assert resolve_card(typed) == printed
    assert printed in find_cards(f"what about {typed} here")[0].cards


def test_belay_that_is_stop_that_in_a_question():
    assert resolve_card("belay that") == "Belay That!"
    assert set(find_cards("belay that")[0].cards) == {"Belay That!", "Stop That!"}


def test_card_names_inside_a_question_are_found_with_typos():
    found = [m.cards[0] for m in find_cards("radioactiv potatoe and dubble agenda")]
    assert found == ["Radioactive Potato", "Double Agenda"]
    assert find_cards("does a creeper count as my draw") == []
    assert find_cards("hand limit at the end of my turn") == []  # no Hand Limit N card guessed


def test_ruling_ids_and_aliases_typed_directly():
    assert top_ids("Q272", 1) == ["R38"]
    assert top_ids("r37", 1) == ["R37"]
    assert top_ids("what does Q272 say about play all", 1) == ["R38"]
    assert search("B-play-all")[0][2].startswith("id B-play-all")


def test_results_carry_scores_and_reasons():
    results = search("d3p2 then surprise stop that too late?", limit=5)
    assert len(results) == 5
    scores = [score for _r, score, _why in results]
    assert scores == sorted(scores, reverse=True)
    record, _score, why = results[0]
    assert record.id == "R44" and "Draw 3, Play 2 of Them" in why and "Stop That!" in why
    assert search("   ") == []


def test_see_also_skips_cited_rulings_and_their_aliases():
    question = "Can Bob swap his plays for draws when his hand is smaller than the Play rule?"
    assert top_ids(question, 1) == ["R38"]
    suggested = see_also(question, ["Q272"])
    assert 0 < len(suggested) <= 3
    assert "R38" not in [r.id for r in suggested]
    assert {"R37", "Q2430"} & {r.id for r in suggested}
    creepers = see_also(
        "Alice drew three Creepers in a row while the rule was Draw 1. "
        "Does she end up with one new card in hand or three?",
        ["R41"],
    )
    assert "R41" not in [r.id for r in creepers]
    assert {"R20", "Q2763", "R03"} & {r.id for r in creepers}
    assert see_also("", ["R41"]) == []


def test_see_also_scores_are_ranked():
    scored = see_also_scored("can i swap plyas wen my hand is smaler than the play rule", ["R38"])
    assert scored and all(record.id != "R38" for record, _score in scored)
    scores = [score for _record, score in scored]
    assert scores == sorted(scores, reverse=True) and all(score >= search_module.SEE_ALSO_MIN for score in scores)


# ---------------------------------------------------------------- the on-disk index cache


def test_index_cache_round_trip_gives_the_same_index(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path))
    built = search_index._build_index()
    calls = []

    def build():
        calls.append(1)
        return built

    args = (
        "search-index",
        "checkout",
        search_index._index_sources(),
        build,
        search_index._dump_index,
        search_index._load_index,
    )
    first = cache.load_or_build(*args)
    assert calls == [1] and len(list(tmp_path.glob("search-index-*.marshal"))) == 1
    second = cache.load_or_build(*args)
    assert calls == [1]  # read back, not rebuilt
    assert second == first  # dataclasses: every field, records included, compares equal
    assert second.records[0].source == built.records[0].source


def test_index_cache_rebuilds_when_a_source_changes_or_the_file_is_corrupt(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "R99.yaml"
    source.write_text("one")
    calls = []

    def build():
        calls.append(1)
        return {"n": len(calls)}

    def run():
        return cache.load_or_build("thing", "checkout", [str(source)], build, lambda v: v, lambda d: d)

    assert run() == {"n": 1} and run() == {"n": 1}
    source.write_text("a longer text")  # size (and time) change: a new fingerprint
    assert run() == {"n": 2} and run() == {"n": 2}
    [stored] = (tmp_path / "cache").glob("thing-*.marshal")
    stored.write_bytes(b"not marshal data")
    assert run() == {"n": 3} and run() == {"n": 3}
    assert len(list((tmp_path / "cache").glob("thing-*.marshal"))) == 1


def test_index_cache_off_or_unwritable_still_builds(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", "off")
    assert cache.load_or_build("thing", "c", [], lambda: 7, lambda v: v, lambda d: d) == 7
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(blocker / "cache"))
    assert cache.load_or_build("thing", "c", [], lambda: 8, lambda v: v, lambda d: d) == 8


# ---------------------------------------------------------------- see also in replays


def test_replay_shows_see_also_without_the_cited_rulings():
    path = ROOT / "scenarios" / "rules" / "swap-capped-by-hand.yaml"
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    cited, _sep, suggested = out.partition("See also")
    assert "R38" in cited and suggested
    shown = re.findall(r"\b(R\d\d|Q\d+|B-[a-z-]+)\s", suggested)
    assert shown and "R38" not in shown and "Q272" not in shown  # Q272 is R38's alias
    assert "R37" in shown


def test_replay_json_has_see_also():
    path = ROOT / "scenarios" / "rules" / "swap-capped-by-hand.yaml"
    result = runner.invoke(app, ["replay", "--json", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    suggested = data["see_also"]
    assert 0 < len(suggested) <= 3
    assert all(set(item) == {"id", "title", "score"} for item in suggested)
    assert not {item["id"] for item in suggested} & {"R38", "Q272", *data["rulings"]}
    assert "R37" in [item["id"] for item in suggested]
    for key in ("winner", "turn", "turn_over", "rejected", "steps", "rulings"):  # the contract's keys stay
        assert key in data


def test_replay_without_a_question_shows_no_see_also(write_scenario):
    path = write_scenario(
        "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk]}\nevents: [Alice plays Milk]\n"
    )
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "See also" not in result.output
    assert json.loads(runner.invoke(app, ["replay", "--json", str(path)]).output)["see_also"] == []


def test_related_rulings_ranked_with_reasons():
    related = related_rulings("R38")
    ids = [r.id for r, _w, _why in related]
    assert len(related) == 6 and "R37" in ids[:2]
    weights = [w for _r, w, _why in related]
    assert weights == sorted(weights, reverse=True)
    reasons = dict((r.id, why) for r, _w, why in related)
    assert reasons["R37"][0] == "related"
    assert "shares card Swap Plays for Draws" in reasons["R37"]
    assert "shares topic swap-plays-for-draws" in reasons["R37"]
    assert not any("play-rule" in reason for why in reasons.values() for reason in why)  # too common
    assert [r.id for r, _w, _why in related_rulings("Q272")] == ids
    with pytest.raises(KeyError):
        related_rulings("R99")


def test_shared_cards_link_rulings_without_related_entries():
    related = {r.id: why for r, _w, why in related_rulings("R05", limit=10)}
    assert "shares card Magic Shoes" in related["R06"]


# ---------------------------------------------------------------- commands


def test_help_lists_the_new_command_groups():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "rulings" in result.output and "cards" in result.output


def test_rulings_show_r38():
    result = runner.invoke(app, ["rulings", "show", "R38"])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "You draw one card per play you could actually still make; after swapping you have no plays left" in out
    assert "Q272" in out
    assert "Related rulings" in out and "R37" in out
    assert "Scenarios that prove it" in out


def test_rulings_show_a_card_name_or_phrase_falls_back_to_search():
    result = runner.invoke(app, ["rulings", "show", "swap plays"])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert out.startswith("No ruling has the id 'swap plays'; the best match for it: R38 (also Q272)")
    assert "Other matches for 'swap plays' (adjudicator rulings show ID): 2 Q2430 " in out
    data = json.loads(runner.invoke(app, ["rulings", "show", "double agenda", "--json"]).stdout)
    assert data["matched_by"] == "search" and "Double Agenda" in data["cards"]
    assert len(data["other_matches"]) == 4
    assert all("Double Agenda" in m["reason"] for m in data["other_matches"])
    assert json.loads(runner.invoke(app, ["rulings", "show", "R38", "--json"]).stdout)["matched_by"] == "id"


def test_rulings_show_by_alias_and_json():
    result = runner.invoke(app, ["rulings", "show", "q272", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["id"] == "R38" and data["aliases"] == ["Q272"]
    assert "R37" in [r["id"] for r in data["related_ranked"]]
    assert all(Path(ROOT / p).is_file() or Path(p).is_file() for p in data["scenarios"])


def test_rulings_show_lists_the_scenarios_citing_it():
    result = runner.invoke(app, ["rulings", "show", "B-reshuffle"])
    assert result.exit_code == 0
    assert "reshuffle.yaml" in result.output


def test_rulings_show_lists_the_ruling_scenarios():
    data = json.loads(runner.invoke(app, ["rulings", "show", "R41", "--json"]).output)
    assert any(
        Path(p).as_posix().endswith("scenarios/rulings/R41-three-creepers-in-a-row.yaml") for p in data["scenarios"]
    )
    out = flat(runner.invoke(app, ["rulings", "show", "R41"]).output)
    assert "Scenarios that prove it (" in out and "R41-three-creepers-in-a-row.yaml" in out


def test_unknown_ruling_id_exits_2_with_suggestions():
    result = runner.invoke(app, ["rulings", "show", "R99"])
    assert result.exit_code == 2
    assert "no ruling 'R99'" in result.output and "did you mean" in result.output
    assert "Traceback" not in result.output


def test_rulings_list_by_topic():
    result = runner.invoke(app, ["rulings", "list", "--topic", "swap-plays-for-draws"])
    assert result.exit_code == 0, result.output
    for rid in ("R19", "R32", "R37", "R38", "Q2430"):
        assert rid in result.output
    assert "R07 " not in result.output
    data = json.loads(runner.invoke(app, ["rulings", "list", "--topic", "swap-plays-for-draws", "--json"]).output)
    assert all("swap-plays-for-draws" in r["topics"] for r in data)


def test_rulings_list_by_card_nickname_and_edition():
    data = json.loads(runner.invoke(app, ["rulings", "list", "--card", "gowi", "--json"]).output)
    assert {"R07", "R18", "R19"} <= {r["id"] for r in data}
    data = json.loads(runner.invoke(app, ["rulings", "list", "--edition", "oz", "--json"]).output)
    assert "R09" in {r["id"] for r in data} and "R01" in {r["id"] for r in data}  # R01 is for all editions
    assert runner.invoke(app, ["rulings", "list", "--topic", "swapping"]).exit_code == 2
    assert runner.invoke(app, ["rulings", "list", "--edition", "klingon"]).exit_code == 2


def test_rulings_search_command():
    result = runner.invoke(app, ["rulings", "search", "gowi under play 1", "--limit", "3"])
    assert result.exit_code == 0, result.output
    assert "R07" in result.output and "Get On With It!" in result.output
    data = json.loads(runner.invoke(app, ["rulings", "search", "Q272", "--json"]).output)
    assert data["results"][0]["id"] == "R38"


def test_cards_show_resolves_a_nickname():
    result = runner.invoke(app, ["cards", "show", "d3p2"])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "Draw 3, Play 2 of Them" in out
    assert "Action" in out and "temporary_hand" in out and "fluxx5" in out
    assert "Supported: yes" in out
    assert "R16" in out and "Q422" in out


def test_cards_show_json_and_unknown_card():
    data = json.loads(runner.invoke(app, ["cards", "show", "potato", "--json"]).output)
    assert data["name"] == "Radioactive Potato" and "Q-tag-4-0" in [r["id"] for r in data["rulings"]]
    result = runner.invoke(app, ["cards", "show", "Radioactive Potatoe"])  # shown, as rulings show does
    assert result.exit_code == 0
    assert "Radioactive Potato  (the nearest card to 'Radioactive Potatoe')" in result.output
    unknown = runner.invoke(app, ["cards", "show", "Milkk Shake"])  # near only in part: did you mean
    assert unknown.exit_code == 2 and "did you mean 'Milk'" in unknown.output


def _write(path: Path, events: str, rulings: str) -> Path:
    path.write_text(
        "title: t\nplayers: [Alice, Bob]\nsetup:\n  hands: {Alice: [Milk]}\n"
        f"events: [{events}]\nexpect:\n  rulings: [{rulings}]\n"
    )
    return path


def test_coverage_reports_scenarios_and_totals(tmp_path):
    _write(tmp_path / "good.yaml", "Alice plays Milk", "B-keeper-play")
    _write(tmp_path / "bad.yaml", "Bob plays Milk", "Q272")
    result = runner.invoke(app, ["rulings", "coverage", str(tmp_path)])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "Totals:" in out and "checkable rulings" in out and "FAQ R01-R65" in out
    assert "(pass)" in out and "(fail)" in out and "FAILING" in out
    data = json.loads(runner.invoke(app, ["rulings", "coverage", "--json", str(tmp_path)]).output)
    states = {r["id"]: r["state"] for r in data["rulings"]}
    assert states["B-keeper-play"] == "proven" and states["R38"] == "failing" and states["R01"] == "uncovered"
    assert data["totals"]["proven"] == 1 and data["totals"]["failing"] == 1
    assert (
        data["totals"]["checkable"]
        == data["totals"]["proven"] + data["totals"]["failing"] + data["totals"]["uncovered"]
    )
    assert "R48" not in states  # not checkable
    scenarios = {r["id"]: r["scenarios"] for r in data["rulings"]}
    assert [(Path(s["path"]).name, s["status"]) for s in scenarios["R38"]] == [("bad.yaml", "fail")]
    assert [(Path(s["path"]).name, s["status"]) for s in scenarios["B-keeper-play"]] == [("good.yaml", "pass")]
    strict = runner.invoke(app, ["rulings", "coverage", "--strict", str(tmp_path)])
    assert strict.exit_code == 1


def test_coverage_of_the_repository_scenarios():
    result = runner.invoke(app, ["rulings", "coverage"])
    assert result.exit_code == 0, result.output
    assert "Totals:" in result.output
    assert runner.invoke(app, ["rulings", "coverage", str(ROOT / "no-such-folder")]).exit_code == 2


def test_every_checkable_faq_ruling_is_proven():
    """`coverage --strict`: each checkable R01-R65 ruling has a passing scenario."""
    result = runner.invoke(app, ["rulings", "coverage", "--strict", "--json"])
    data = json.loads(result.output)
    assert result.exit_code == 0, data["faq_without_passing_scenario"]
    assert data["faq_totals"]["failing"] == 0
    assert data["faq_totals"]["uncovered"] == 0
    assert data["faq_totals"]["proven"] == data["faq_totals"]["checkable"] >= 60
    assert not data["unknown_ids"]


def test_every_checkable_ruling_is_proven_and_the_official_answers_are_counted():
    """Issue 23: no checkable ruling of any kind lacks a passing scenario, and coverage reports the
    official records with the FAQ pages read for them."""
    data = json.loads(runner.invoke(app, ["rulings", "coverage", "--json"]).output)
    assert data["totals"]["uncovered"] == 0 and data["totals"]["failing"] == 0, [
        r["id"] for r in data["rulings"] if r["state"] != "proven"
    ]
    official = data["official"]
    assert official["records"] == official["checkable"] + official["not_checkable"] >= 70
    assert official["pages_read"] >= 50
    assert official["answers_found"] == (
        official["answers_recorded"] + official["answers_already_recorded"] + official["answers_skipped"]
    )
    text = flat(runner.invoke(app, ["rulings", "coverage"]).output)
    assert f"Official answers (Q<n>, Q-tag-*): {official['records']} records" in text
    assert f"FAQ pages read: {official['pages_read']}" in text


def test_cli_start_up_does_not_import_the_heavy_modules():
    code = (
        "import sys, adjudicator.cli; "
        "print(sorted(m for m in ('networkx', 'rapidfuzz', 'pydantic', 'adjudicator.engine') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_rulings_show_says_why_an_answer_is_not_checkable():
    out = flat(runner.invoke(app, ["rulings", "show", "Q971"]).output)
    assert "Checkable: no: UnGoals exist only in editions the engine does not support" in out
    data = json.loads(runner.invoke(app, ["rulings", "show", "--json", "Q971"]).output)
    assert data["checkable"] is False and data["not_checkable_because"].startswith("UnGoals exist only")
