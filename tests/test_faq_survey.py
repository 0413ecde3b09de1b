"""The FAQ survey (tools/faq_survey.py): its queries cover every supported card, its addresses are
read, and the per-page table of docs/official-faq.md is the one it generates."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from adjudicator.cards.catalog import built_in_decks, is_supported
from adjudicator.rulings import store

ROOT = Path(__file__).resolve().parent.parent


def _survey():
    spec = importlib.util.spec_from_file_location("faq_survey", ROOT / "tools" / "faq_survey.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_queries_cover_every_supported_card_tag_and_rule_word():
    survey = _survey()
    texts = {text for _kind, text in survey.queries()}
    for deck in built_in_decks().values():
        for card in deck.cards:
            if is_supported(card) and not card.name.startswith("Letter "):
                assert f"Fluxx FAQ {card.name}" in texts, card.name
    assert "Fluxx FAQ Word Fluxx letter cards" in texts
    assert {"Fluxx FAQ hand limit", "Fluxx FAQ meta rule", "Fluxx FAQ free action"} <= texts
    assert len([kind for kind, _text in survey.queries() if kind == "tag"]) == len(survey.TAGS)


def test_addresses_are_put_in_one_form():
    survey = _survey()
    assert survey.address("http://faq.looneylabs.com/?p=689") == "https://faq.looneylabs.com/?p=689"
    assert survey.address("https://faq.looneylabs.com?p=689") == "https://faq.looneylabs.com/?p=689"
    assert survey.address("https://faq.looneylabs.com/question/51/") == "https://faq.looneylabs.com/question/51"
    assert survey.address("https://www.ultraboardgames.com/fluxx/faq.php") is None


def test_every_faq_address_the_survey_found_was_read():
    survey = _survey()
    found = survey.distinct_addresses(survey.load_results())
    read = {survey.address(page["url"]) for page in store.faq_pages()}
    assert len(found) >= 60
    assert sorted(set(found) - read) == []


def test_the_official_faq_table_is_the_generated_one():
    survey = _survey()
    doc = (ROOT / "docs" / "official-faq.md").read_text(encoding="utf-8")
    assert survey.with_table(doc) == doc, "docs/official-faq.md is out of date: run python tools/faq_survey.py table"
