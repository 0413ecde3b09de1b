"""Loading ruling records.

Records live one per file in `records/<group>/<ID>.yaml` next to this module
(faq: R01-R65, official: Q<n>, rulebook: B-*, house: H-<switch>, one per house
rule): package data, installed with the code. A replay only opens the files of
the rulings it cited; the full set (for aliases, search and the graph) loads on demand.
"""

from __future__ import annotations

import os
from functools import cache, lru_cache
from pathlib import Path

import yaml

from adjudicator.model.errors import ScenarioError
from adjudicator.rulings.model import Ruling, from_data, validate

# A plain path next to this module (not importlib.resources): the search-index cache
# fingerprints the files by path, and wheels install packages as ordinary folders.
RULINGS_DIR = Path(__file__).resolve().parent / "records"
GROUPS = ("faq", "official", "rulebook", "house")
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _path_of(ruling_id: str) -> Path | None:
    for group in GROUPS:
        path = RULINGS_DIR / group / f"{ruling_id}.yaml"
        if path.is_file():
            return path
    return None


def _read(path: Path, strict: bool = False) -> Ruling:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
        return validate(data) if strict else from_data(data)
    except (yaml.YAMLError, KeyError, TypeError, ValueError) as exc:  # pydantic's ValidationError is a ValueError
        raise ScenarioError(f"invalid ruling record: {exc}", path=str(path)) from None


@cache
def get(ruling_id: str) -> Ruling | None:
    """The record with this id or alias, or None."""
    path = _path_of(ruling_id)
    if path is not None:
        return _read(path)
    canonical = aliases().get(ruling_id)
    return all_rulings()[canonical] if canonical else None


@lru_cache(maxsize=2)
def all_rulings(strict: bool = False) -> dict[str, Ruling]:
    """Every record by id; strict validates each with pydantic first."""
    records = {}
    for group in GROUPS:
        for path in sorted((RULINGS_DIR / group).glob("*.yaml")):
            record = _read(path, strict)
            if record.id != path.stem:
                raise ScenarioError(f"record id {record.id!r} does not match its file name", path=str(path))
            records[record.id] = record
    return records


@lru_cache(maxsize=1)
def aliases() -> dict[str, str]:
    """Every id a ruling answers to, mapped to its record's id. Kept in the on-disk cache (keyed
    by the record files and the code that reads them): a replay whose file expects rulings needs
    the table, and reading every record for it was most of such a replay's start-up."""
    from adjudicator.cache import load_or_build

    package = RULINGS_DIR.parent
    sources = [
        entry.path for group in GROUPS for entry in os.scandir(RULINGS_DIR / group) if entry.name.endswith(".yaml")
    ]
    sources += [str(package / "store.py"), str(package / "model.py")]
    return load_or_build("ruling-aliases", str(package), sources, _build_aliases, _pairs, dict)


def _build_aliases() -> dict[str, str]:
    table = {}
    for record in all_rulings().values():
        table[record.id] = record.id
        for alias in record.aliases:
            table[alias] = record.id
    return table


def _pairs(table: dict[str, str]) -> list[tuple[str, str]]:
    return list(table.items())


@cache
def faq_pages() -> list[dict]:
    """The publisher's FAQ pages read for the official answers, with what each yielded (faq_pages.yaml)."""
    path = RULINGS_DIR.parent / "faq_pages.yaml"
    try:
        return list(yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)["pages"])
    except (OSError, yaml.YAMLError, KeyError, TypeError) as exc:
        raise ScenarioError(f"invalid FAQ page list: {exc}", path=str(path)) from None


def canonical(ruling_id: str) -> str:
    table = aliases()
    if table.get(ruling_id) == ruling_id:  # a record's own id (the name of its file): no disk look-up
        return ruling_id
    if _path_of(ruling_id) is not None:
        return ruling_id
    return table.get(ruling_id, ruling_id)
