"""An on-disk cache for data built from the ruling records, the decks and the word lists.

Building the search index means parsing every record and deck file (about 130 ms);
a replay that shows "see also" rulings cannot afford that on each run. The built
data is stored with `marshal` (plain values only, nothing that runs when loaded)
in a folder of the user's own, one file per name and checkout. Each file holds a key,
a hash of what the data was built from (the path and the bytes of every source file,
and the Python version), and a checksum of the stored data itself. On load both are
checked: a source that changed, or stored data that changed after it was written (a
byte edited, a file cut short), means the data is rebuilt and the file overwritten,
never trusted.

Where: $ADJUDICATOR_CACHE_DIR if set ("off" turns the cache off), else
$XDG_CACHE_HOME/adjudicator or ~/.cache/adjudicator, else a per-user folder in
the system temp folder. A folder that cannot be written, or belongs to another
user, is skipped; with none usable the data is simply built in memory.

The folder stays small: each copy of the project (a checkout, a virtual environment) has
files of its own, so after a write only the KEEP_PER_NAME newest files of that name are kept,
and a partial file a killed process left behind goes after an hour.

Only the standard library's cheapest modules are imported here: this runs on every
replay that asks a question.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

try:  # hashlib's own blake2b, without hashlib importing OpenSSL (a tenth of the start-up time)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

T = TypeVar("T")
FORMAT = 2  # bump when the stored shape changes without a source file changing
KEEP_PER_NAME = 4  # files of one name (one per copy of the project): 4 x 0.8 MB at most
#: A file larger than this is none of ours (the largest, the lexicon, is about 1 MB): it is
#: rebuilt without being read (a 1 GB junk file was read whole first).
MAX_FILE_BYTES = 64 * 1024 * 1024
_STALE_SECONDS = 3600  # a temporary file this old belongs to no running write


def _folders() -> Iterator[str]:
    """Candidate cache folders, best first (none when the cache is turned off)."""
    configured = os.environ.get("ADJUDICATOR_CACHE_DIR")
    if configured is not None:
        if configured.strip().lower() not in ("", "off", "none", "0"):
            yield configured
        return
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    yield os.path.join(base, "adjudicator")
    import tempfile  # only when the first folder has no usable file: it imports a lot

    yield os.path.join(tempfile.gettempdir(), f"adjudicator-{getattr(os, 'getuid', lambda: 'user')()}")


def fingerprint(sources: Iterable[str]) -> str:
    """A hash of what the data is built from: each source's path and bytes, and the Python
    version (a few dozen small files: reading them costs about a millisecond)."""
    digest = blake2b(f"{FORMAT} {sys.version}".encode(), digest_size=32)
    for path in sorted(sources):
        digest.update(b"\0" + path.encode("utf-8", "surrogateescape") + b"\0")
        try:
            with open(path, "rb") as handle:
                content = handle.read()
            digest.update(len(content).to_bytes(8, "little") + content)
        except OSError:
            digest.update(b"missing")
    return digest.hexdigest()


def checksum(data: bytes) -> str:
    """The checksum of stored data, checked before the data is used."""
    return blake2b(data, digest_size=32).hexdigest()


def _ours(folder: str) -> bool:
    """True when the folder may be trusted: it belongs to us (where ownership exists)."""
    getuid = getattr(os, "getuid", None)
    try:
        return getuid is None or os.stat(folder).st_uid == getuid()
    except OSError:
        return False


def load_or_build(
    name: str,
    checkout: str,
    sources: Iterable[str],
    build: Callable[[], T],
    dump: Callable[[T], Any],
    load: Callable[[Any], T],
) -> T:
    """The cached value for these sources, or build it (and store it for the next process).

    `checkout` (a path) keeps the files of different copies of the project apart;
    `dump` turns the value into marshal-able plain data and `load` turns that back.
    """
    file_name = f"{name}-{zlib.crc32(checkout.encode()):08x}.marshal"
    key = fingerprint(sources)
    tried: list[str] = []
    for folder in _folders():
        tried.append(folder)
        path = os.path.join(folder, file_name)
        if not os.path.isfile(path) or not _ours(folder):
            continue
        try:
            if os.path.getsize(path) > MAX_FILE_BYTES:
                break  # junk: rebuilt and overwritten here, never read
            with open(path, "rb") as handle:
                stored_format, stored_key, stored_sum, payload = marshal.loads(handle.read())
            # The data is read only when it was built from these very sources and is, byte for
            # byte, what was written then.
            if (stored_format, stored_key) == (FORMAT, key) and stored_sum == checksum(payload):
                return load(marshal.loads(payload))
        except Exception:  # a corrupt or unreadable file is rebuilt, never trusted
            pass
        break  # a stale file here is overwritten here
    value = build()
    if tried:
        payload = marshal.dumps(dump(value))
        stored = marshal.dumps((FORMAT, key, checksum(payload), payload))
        _store(tried + [f for f in _folders() if f not in tried], file_name, stored)
    return value


def _store(folders: list[str], file_name: str, data: bytes) -> None:
    """Write the file atomically into the first folder that takes it."""
    import tempfile

    for folder in folders:
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)
            if not _ours(folder):
                continue
            fd, tmp = tempfile.mkstemp(prefix=f".{file_name}.", dir=folder)
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                os.replace(tmp, os.path.join(folder, file_name))
            except BaseException:
                if os.path.exists(tmp):
                    os.unlink(tmp)
                raise
            _prune(folder, file_name)
            return
        except OSError:
            continue


def _prune(folder: str, written: str) -> None:
    """Keep the KEEP_PER_NAME newest files of `written`'s name (`written` among them) and drop
    temporary files older than an hour. Files of other names or programs are left alone."""
    import time

    name = written.rsplit("-", 1)[0] + "-"
    same: list[tuple[int, str]] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if entry.name.startswith(f".{name}") and time.time() - info.st_mtime > _STALE_SECONDS:
                    _remove(entry.path)
                elif _named(entry.name, name) and entry.name != written:
                    same.append((info.st_mtime_ns, entry.path))
    except OSError:
        return
    for _mtime, path in sorted(same, reverse=True)[KEEP_PER_NAME - 1 :]:
        _remove(path)


def _named(file_name: str, prefix: str) -> bool:
    """`decks-1a2b3c4d.marshal` is of the name `decks-`; `decks-extra-1a2b.marshal` is not."""
    rest = file_name[len(prefix) :]
    return file_name.startswith(prefix) and rest.endswith(".marshal") and "-" not in rest


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:  # another process removed it first, or it is not ours to remove
        pass
