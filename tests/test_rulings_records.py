"""The ruling records: valid, linked, and covering every id the engine cites."""

import re
from pathlib import Path

from adjudicator.rulings import store

ROOT = Path(__file__).resolve().parents[1]
CITED_IN_CODE = re.compile(r'"((?:R\d{2}|Q\d+|Q-tag-[a-z0-9-]+|B-[a-z0-9-]+|H-[a-z0-9_]+))"')


def test_every_record_validates_strictly():
    records = store.all_rulings(strict=True)
    assert {f"R{n:02d}" for n in range(1, 66)} <= set(records)
    assert sum(1 for r in records if r.startswith("Q") and not r.startswith("Q-tag")) >= 30


def test_related_ids_and_aliases_resolve():
    records = store.all_rulings()
    aliases = store.aliases()
    for record in records.values():
        for other in record.related:
            assert other in aliases, f"{record.id} relates to unknown {other}"
    assert store.canonical("Q272") == "R38"
    assert store.canonical("Q301") == "R37"


def test_every_ruling_the_engine_cites_has_a_record():
    aliases = store.aliases()
    cited = set()
    for path in (ROOT / "adjudicator").rglob("*.py"):
        cited |= set(CITED_IN_CODE.findall(path.read_text()))
    assert cited, "the engine cites rulings"
    missing = sorted(rid for rid in cited if rid not in aliases)
    assert missing == []


def test_known_conflicts_are_recorded():
    r30 = store.get("R30")
    assert any(c.with_ == "B-keep-it-simple" for c in r30.conflicts)
    assert store.get("Q2729").conflicts


def test_conflicts_are_symmetric_and_every_linked_id_exists():
    records = store.all_rulings()
    aliases = store.aliases()
    for record in records.values():
        for other in (*record.related, *(c.with_ for c in record.conflicts)):
            assert other in aliases, f"{record.id} links to unknown {other}"
        for conflict in record.conflicts:
            partner = records[aliases[conflict.with_]]
            assert record.id in {aliases[c.with_] for c in partner.conflicts}, (
                f"{record.id} conflicts with {partner.id}, but {partner.id} does not name {record.id}"
            )
            assert conflict.selected_by.strip(), f"{record.id}: say which answer the engine follows and why"


def test_an_official_answer_not_checkable_says_why():
    for record in store.all_rulings().values():
        if record.checkable:
            assert record.not_checkable_because is None, f"{record.id} is checkable but says why it is not"
        elif record.id.startswith("Q"):
            assert record.not_checkable_because, f"{record.id} is not checkable: say why (not_checkable_because)"


def test_every_official_answer_is_linked_into_the_related_rulings_graph():
    """Each Q record has a "related" edge in the graph, so see-also and `rulings show` reach it."""
    from adjudicator.rulings.graph import build_graph

    graph = build_graph()
    for record in store.all_rulings().values():
        if record.id.startswith("Q"):
            reasons = [why for _a, _b, why in graph.edges(record.id, data="reasons")]
            assert any("related" in why for why in reasons), f"{record.id} is linked to no related ruling"


def test_the_faq_pages_read_add_up_and_name_real_records():
    """faq_pages.yaml: each page's answers are recorded, already recorded or skipped with a reason;
    every id exists; every official record made from those pages cites one of them as its source."""
    records = store.all_rulings()
    aliases = store.aliases()
    recorded_on: dict[str, list[str]] = {}
    for page in store.faq_pages():
        url = page["url"]
        accounted = len(page["recorded"]) + len(page["already"]) + sum(s["count"] for s in page["skipped"])
        assert page["found"] == accounted, f"{url}: {page['found']} answers found, {accounted} accounted for"
        assert all(skip["why"].strip() for skip in page["skipped"]), url
        for rid in [*page["recorded"], *page["already"]]:
            assert rid in aliases, f"{url} names unknown ruling {rid}"
        for rid in page["recorded"]:
            recorded_on.setdefault(rid, []).append(url)
    for rid, urls in recorded_on.items():
        assert rid.startswith("Q"), f"{rid}: only official answers are recorded from the FAQ pages"
        assert records[rid].source.url in urls, f"{rid}'s source {records[rid].source.url} is not among {urls}"


def test_the_official_faq_page_lists_every_page_read():
    page = (ROOT / "docs" / "official-faq.md").read_text(encoding="utf-8")
    for faq_page in store.faq_pages():
        assert f"]({faq_page['url']}) | {faq_page['found']} |" in page, faq_page["url"]


def test_the_alias_table_from_the_cache_follows_the_record_files(tmp_path, monkeypatch):
    """The ids and aliases are kept in the on-disk cache; a record file that changes is read again."""
    import shutil

    records = tmp_path / "records"
    shutil.copytree(store.RULINGS_DIR, records)
    monkeypatch.setattr(store, "RULINGS_DIR", records)
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path / "cache"))
    store.aliases.cache_clear()
    store.all_rulings.cache_clear()
    try:
        built = store.aliases()
        assert len(list((tmp_path / "cache").glob("ruling-aliases-*.marshal"))) == 1
        store.aliases.cache_clear()
        assert store.aliases() == built and list(store.aliases()) == list(built) and built["Q136"] == "R02"
        path = records / "faq" / "R02.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace("aliases: [Q136]", "aliases: [Q136, Q9999]"))
        store.aliases.cache_clear()
        store.all_rulings.cache_clear()
        assert store.aliases()["Q9999"] == "R02"
    finally:
        store.aliases.cache_clear()
        store.all_rulings.cache_clear()
