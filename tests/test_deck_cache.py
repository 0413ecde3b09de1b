"""The built-in decks kept in the on-disk cache: the same cards as the files give, and a deck
file that changes is read again (a mistake in it is reported with its line, never hidden)."""

import shutil

import pytest

from adjudicator.cards import catalog
from adjudicator.model.errors import ScenarioError


def _fields(deck: catalog.Deck) -> tuple:
    def card(c):
        return (c.name, c.type, c.kind, dict(c.params), c.text, c.deck, c.flags, c.copy)

    return (deck.id, deck.title, deck.basic_rules, [card(c) for c in deck.cards], [card(c) for c in deck.shared])


def test_decks_from_the_cache_are_the_decks_of_the_files(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path))
    from_files = catalog._read_decks()
    first = catalog.built_in_decks()  # read, then stored
    assert len(list(tmp_path.glob("decks-*.marshal"))) == 1

    def no_reading():
        raise AssertionError("the decks were read from their files again")

    monkeypatch.setattr(catalog, "_read_decks", no_reading)
    cached = catalog.built_in_decks()
    assert list(cached) == list(first) == list(from_files)
    for deck_id, deck in from_files.items():
        assert _fields(cached[deck_id]) == _fields(first[deck_id]) == _fields(deck)
    # a shared card is still the very card of the deck that prints it
    play4 = next(c for c in cached["rick_and_morty"].shared if c.name == "Play 4")
    assert any(play4 is c for c in cached["fluxx5"].cards)
    # and the catalog built on them answers alike
    names = catalog.Catalog(from_files).names()
    assert catalog.Catalog(cached).names() == names


@pytest.fixture
def decks_copy(tmp_path, monkeypatch):
    """A copy of the deck folder that the catalog reads, with a cache of it already warm."""
    folder = tmp_path / "decks"
    shutil.copytree(catalog.DECKS_DIR, folder)
    monkeypatch.setattr(catalog, "DECKS_DIR", str(folder))
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path / "cache"))
    catalog.built_in_decks()
    return folder


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            '  - name: "Sleep"\n    type: keeper\n',
            '  - name: "Sleep"\n    type: keepr\n',
            "card 'Sleep': `type` must be one of keeper, creeper, goal, rule, action, surprise, meta",
        ),
        (
            '  - name: "Sleep"\n    type: keeper\n',
            '  - name: "Sleep"\n    type: keeper\n    copies: 0\n',
            "card 'Sleep': `copies` must be a whole number from 1 to 100, not 0",
        ),
    ],
)
def test_a_mistake_in_a_cached_deck_file_is_reported_with_its_line(decks_copy, old, new, message):
    path = decks_copy / "fluxx5.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        catalog.built_in_decks()
    assert info.value.message == message
    assert info.value.path == "adjudicator/cards/decks/fluxx5.yaml"
    assert info.value.line == text[: text.index(old)].count("\n") + (2 if "keepr" in new else 3)


def test_the_cache_folder_stays_bounded(tmp_path, monkeypatch):
    """Each copy of the project writes files of its own: only the newest few of a name stay."""
    import os
    import time
    import zlib

    from adjudicator import cache

    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path))
    long_ago = time.time() - 10 * 3600
    for n in range(6):  # six other checkouts, the newest last
        path = tmp_path / f"decks-0000000{n}.marshal"
        path.write_bytes(b"x" * 1000)
        os.utime(path, (long_ago + n, long_ago + n))
    for name, age in ((".decks-00000000.marshal.abc", long_ago), (".decks-00000001.marshal.def", time.time())):
        (tmp_path / name).write_bytes(b"partial")
        os.utime(tmp_path / name, (age, age))
    (tmp_path / "search-index-00000000.marshal").write_bytes(b"another name")
    (tmp_path / "decks-extra-00000000.marshal").write_bytes(b"another name too")
    (tmp_path / "notes.txt").write_text("not ours")

    value = cache.load_or_build("decks", "/some/checkout", [], lambda: [1, 2], list, list)
    assert value == [1, 2]
    written = f"decks-{zlib.crc32(b'/some/checkout'):08x}.marshal"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [
            ".decks-00000001.marshal.def",  # may be a write under way
            "decks-00000003.marshal",
            "decks-00000004.marshal",
            "decks-00000005.marshal",
            written,
            "decks-extra-00000000.marshal",
            "notes.txt",
            "search-index-00000000.marshal",
        ]
    )
    assert cache.load_or_build("decks", "/some/checkout", [], lambda: [3], list, list) == [1, 2]  # still cached


def _draw_2(decks) -> int:
    return next(c for c in decks["fluxx5"].cards if c.name == "Draw 2").params["value"]


def test_a_cache_edited_after_it_was_written_is_rebuilt_not_believed(tmp_path, monkeypatch):
    """Found by the fuzzer: one well-formed byte changed in the cache (Draw 2's number made 5) gave
    wrong verdicts on every later run. The stored data's checksum no longer matches: rebuilt."""
    import marshal

    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path))
    assert _draw_2(catalog.built_in_decks()) == 2
    (path,) = tmp_path.glob("decks-*.marshal")
    data = path.read_bytes()
    start = data.index(b"\xfa\x06Draw 2")
    number = data.index(b"\xfa\x05value\xe9\x02\x00\x00\x00", start) + len(b"\xfa\x05value\xe9")
    edited = data[:number] + b"\x05" + data[number + 1 :]
    path.write_bytes(edited)
    *_, payload = marshal.loads(edited)  # still well-formed, and it says 5
    assert _draw_2(catalog._undump_decks(marshal.loads(payload))) == 5
    assert _draw_2(catalog.built_in_decks()) == 2
    assert path.read_bytes() == data  # rebuilt and written again


def test_a_source_changed_without_changing_its_size_or_time_is_seen(decks_copy):
    """The key is a hash of the sources' bytes, not their sizes and times."""
    import os

    path = decks_copy / "fluxx5.yaml"
    text = path.read_text(encoding="utf-8")
    info = path.stat()
    old = '  - name: "Draw 2"\n    type: rule\n    slot: draw\n    value: 2\n'
    assert old in text
    path.write_text(text.replace(old, old.replace("value: 2", "value: 5")), encoding="utf-8")
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert path.stat().st_size == info.st_size
    assert _draw_2(catalog.built_in_decks()) == 5


def test_a_junk_cache_file_too_large_to_be_ours_is_rebuilt_without_being_read(tmp_path, monkeypatch):
    """Issue 29, item 7: a 1 GB junk file where the deck cache goes was read whole before being
    rebuilt. Its size says it is none of ours: it is replaced, never opened for reading."""
    import builtins

    from adjudicator import cache

    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path))
    catalog.built_in_decks()
    (path,) = tmp_path.glob("decks-*.marshal")
    good = path.read_bytes()
    with open(path, "wb") as junk:
        junk.truncate(cache.MAX_FILE_BYTES + 1)  # sparse: no gigabyte written
    opened = []
    real_open = builtins.open

    def watched(file, mode="r", *args, **kwargs):
        if str(file) == str(path) and "r" in mode:
            opened.append(file)
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", watched)
    assert _draw_2(catalog.built_in_decks()) == 2
    assert not opened
    assert path.read_bytes() == good  # rebuilt and written again
