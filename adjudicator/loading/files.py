"""Reading a file the loader is given (a scenario, a house-card library) as text, refusing
what is not a small regular UTF-8 file with a `ScenarioError`: a named pipe would block and
/dev/zero never ends."""

from __future__ import annotations

import stat
from pathlib import Path

from adjudicator.model.errors import ScenarioError

MAX_FILE_BYTES = 5 * 1024 * 1024  # a scenario is a few KB; 5 MB is room for 100,000 events


def read_text(path: Path, shown: str | None = None) -> str:
    """The text of a regular UTF-8 file of at most MAX_FILE_BYTES, named `shown` in messages."""
    return decode(read_bytes(path, shown), shown or str(path))


def read_bytes(path: Path, shown: str | None = None) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES; anything else is a ScenarioError."""
    shown = shown or str(path)
    try:
        info = path.stat()  # stat, not open: opening a named pipe blocks until a writer comes
        if stat.S_ISDIR(info.st_mode):
            raise ScenarioError("is a directory, not a scenario file", path=shown)
        if not stat.S_ISREG(info.st_mode):
            raise ScenarioError(
                "not a regular file (a pipe, device or socket): scenarios are read only from regular files", path=shown
            )
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise ScenarioError("no such file", path=shown) from None
    except OSError as exc:
        raise ScenarioError(f"cannot read: {exc.strerror or exc}", path=shown) from None
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioError(
            f"the file is larger than {MAX_FILE_BYTES // 2**20} MB, the most a scenario file may be", path=shown
        )
    return data


def decode(data: bytes, path: str) -> str:
    """UTF-8 text (a byte-order mark is allowed); a bad byte is named with its offset and line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1  # counted in bytes
        raise ScenarioError(
            f"not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start} "
            f"({exc.reason}); save the file as UTF-8",
            path=path,
            line=line,
            column=column,
        ) from None
