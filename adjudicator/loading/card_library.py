"""House-card libraries: one file of custom cards that many scenarios use.

A scenario names a library in its `cards:` list by file name (`cards: [our-house-cards.yaml]`, a
path relative to the scenario's folder), beside inline cards; `--cards FILE` adds one relative to
the working folder. A library is a YAML file whose `cards:` is a list of card mappings, exactly
as a scenario's (a bare list of them reads the same); its cards get the same checks as inline
cards, and a mistake in it names the library's file and line.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from adjudicator.loading import yaml_lines
from adjudicator.loading.files import read_text
from adjudicator.loading.yaml_lines import line_of
from adjudicator.model.errors import ScenarioError

SUFFIXES = (".yaml", ".yml")
_TOP_KEY = r"(?m)^([A-Za-z_]+):"  # compiled when a library is first looked at (re keeps it)
LIBRARY_KEYS = ("title", "cards")
#: (a card's mapping, the file it is in, the list holding it, its index there)
Entry = tuple[Any, str, Any, int]


def library_cards(name: str, scenario: str | None, items: Any, index: int) -> list[Entry]:
    """The card entries of the library `name` that the scenario file `scenario` names (None:
    `--cards`, relative to the working folder); `items[index]` is where the scenario names it."""
    where = scenario or "--cards"
    line = line_of(items, index) if items is not None else None
    name = name.strip()
    if not name.lower().endswith(SUFFIXES):
        raise ScenarioError(
            f"{name!r} in `cards`: a card is a mapping like {{name: ..., type: ...}}, and a house-card "
            "library is named by its file, ending in .yaml",
            path=where,
            line=line,
        )
    path = Path(name)
    if scenario is not None and not path.is_absolute() and not scenario.startswith("<"):
        path = Path(scenario).parent / path
    shown = path.as_posix()
    try:
        text = read_text(path, shown)
    except ScenarioError as exc:
        if exc.message == "no such file":
            raise ScenarioError(
                f"house-card library {name!r}: no such file ({shown}; a library's path is relative to "
                + ("the scenario's folder)" if scenario is not None else "the working folder)"),
                path=where,
                line=line,
            ) from None
        raise
    data = yaml_lines.load(text, shown)
    if isinstance(data, dict):
        unknown = [key for key in data if key not in LIBRARY_KEYS]
        if unknown:
            raise ScenarioError(
                f"unknown key {unknown[0]!r} in a house-card library; valid keys: {', '.join(LIBRARY_KEYS)}",
                path=shown,
                line=line_of(data, unknown[0]),
            )
        data = data.get("cards")
    if not isinstance(data, list):
        raise ScenarioError(
            "a house-card library is a file with `cards:`, a list of cards like {name: ..., type: ...}",
            path=shown,
            line=line_of(data) or 1,
        )
    for i, entry in enumerate(data):
        if isinstance(entry, str):
            raise ScenarioError(
                f"{entry!r}: a house-card library lists cards, not other libraries", path=shown, line=line_of(data, i)
            )
    return [(entry, shown, data, i) for i, entry in enumerate(data)]


def is_library(path: Path) -> bool:
    """Whether a file found in a folder of scenarios is a house-card library (its top-level keys are
    `cards` and maybe `title`), which `check` passes over: a scenario names it, it is no scenario."""
    try:
        with path.open(encoding="utf-8") as stream:
            head = stream.read(64 * 1024)
    except (OSError, UnicodeDecodeError):
        return False
    keys = set(re.findall(_TOP_KEY, head))
    return "cards" in keys and keys <= set(LIBRARY_KEYS)
