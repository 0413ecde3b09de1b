"""The survey of the publisher's FAQ (faq.looneylabs.com) in the stored copies, rerunnable.

    python tools/faq_survey.py queries          # every query the survey asks, one a line (kind, text)
    python tools/faq_survey.py pending          # the queries not yet in the results file
    python tools/faq_survey.py report           # distinct FAQ addresses found, and which were read
    python tools/faq_survey.py table [--check]  # write (or check) the per-page table of docs/official-faq.md

The queries are generated: one per card the engine supports (every built-in deck; Word Fluxx's
letter cards share one), one per FAQ tag page, one per rule word. Each query was put to the
`pages` corpus of the stored-copies search, and `tools/faq_survey_results.yaml` records what
came back: for each query, the addresses found (no copied text). The pages read, and what each
yielded, are in `adjudicator/rulings/faq_pages.yaml`; `report` sets the two side by side, and
`table` makes the per-page table (answers, recorded, proven, already recorded, skipped and why).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

import yaml

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "tools" / "faq_survey_results.yaml"
DOC = ROOT / "docs" / "official-faq.md"
BEGIN, END = "<!-- faq-survey:table begin -->", "<!-- faq-survey:table end -->"
FAQ_HOST = "faq.looneylabs.com"

#: The FAQ's tag pages (archives/faq-tags/<tag>) that concern the rules or the supported decks.
TAGS = (
    "10cardsinhand 4-0 all-fluxx attaching-creepers batcomputer belay-that canceled-plans captain creepers "
    "discarding double-agenda draw draw2useem exchangekeepers flavor-text fluxx-dice goals hand-limit "
    "inflation instantaneous-effect keeperlimit keepers laser-pistol mixitallup play-all poorbonus "
    "promocard rich-bonus rps-showdown shackles simultaneous-action steal-a-keeper surprises "
    "takeanotherturn thematic tos-ds9 tos-tng tradehands treasure-map twist-of-fate videos xx1 zap-a-card "
    "rules-reset lets-simplify trash-a-new-rule jackpot rotate-hands today-special first-play-random "
    "get-on-with-it goal-mill mystery-play recycling swap-plays-for-draws no-hand-bonus party-bonus "
    "random-tax everybody-gets-1 share-the-wealth use-what-you-take lets-do-that-again radioactive-potato "
    "war-death taxes peace holiday star-fluxx rick-and-morty word-fluxx meta-rules"
).split()

#: Words of the rules a player asks about, each a query of its own.
RULE_WORDS = (
    "draw rule",
    "play rule",
    "hand limit",
    "keeper limit",
    "creeper",
    "surprise",
    "goal",
    "inflation",
    "meta rule",
    "free action",
    "basic rules",
    "new rule replaces",
    "action card",
    "keeper",
    "discard pile reshuffle",
    "draw pile runs out",
    "win tie",
    "turn order",
    "out of turn",
    "temporary hand",
    "ungoal",
    "bonus rule",
    "extra turn",
    "steal",
    "trade",
    "dealing start of game",
    "ruling TBD",
)


def supported_card_names() -> list[str]:
    """Every card the engine supports, in deck order, once each; Word Fluxx's letters as one."""
    sys.path.insert(0, str(ROOT))
    from adjudicator.cards.catalog import built_in_decks, is_supported

    names: list[str] = []
    for deck in built_in_decks().values():
        for card in deck.cards:
            name = "Word Fluxx letter cards" if card.name.startswith("Letter ") else card.name
            if is_supported(card) and name not in names:
                names.append(name)
    return names


def queries() -> list[tuple[str, str]]:
    """(kind, query text) for every query of the survey, in the order they are asked."""
    found = [("tag", f"Fluxx FAQ {tag.replace('-', ' ')}") for tag in TAGS]
    found += [("rule", f"Fluxx FAQ {word}") for word in RULE_WORDS]
    found += [("card", f"Fluxx FAQ {name}") for name in supported_card_names()]
    return found


def address(url: str) -> str | None:
    """The FAQ address in one form (https, no www, no trailing slash), or None for another site."""
    parts = urlsplit(url.strip())
    host = parts.netloc.lower().removeprefix("www.")
    if host != FAQ_HOST:
        return None
    path = parts.path.rstrip("/")
    if parts.query:
        return f"https://{host}{path or '/'}?{parts.query}"
    return f"https://{host}{path}"


def load_results(path: Path = RESULTS) -> list[dict]:
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return list(data.get("runs") or [])


def distinct_addresses(runs: list[dict]) -> dict[str, list[str]]:
    """Every distinct FAQ address found, with the queries that found it."""
    found: dict[str, list[str]] = defaultdict(list)
    for run in runs:
        for url in run.get("found") or ():
            key = address(url)
            if key is not None and run["query"] not in found[key]:
                found[key].append(run["query"])
    return dict(sorted(found.items()))


def pages_read() -> list[dict]:
    return list(yaml.safe_load((ROOT / "adjudicator" / "rulings" / "faq_pages.yaml").read_text())["pages"])


def proven_ids() -> set[str]:
    """The rulings some bundled scenario's `expect` cites (the scenarios are run by the tests)."""
    sys.path.insert(0, str(ROOT))
    from adjudicator.rulings.store import canonical

    cited: set[str] = set()
    for path in (ROOT / "scenarios").rglob("*.yaml"):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError:
            continue
        expect = data.get("expect") if isinstance(data, dict) else None
        rulings = expect.get("rulings") if isinstance(expect, dict) else None
        for ruling in rulings or ():
            cited.add(canonical(str(ruling)))
    return cited


def _label(url: str) -> str:
    parts = urlsplit(url)
    path = parts.path.strip("/")
    if path.startswith("archives/faq-tags/"):
        return "tag " + path.removeprefix("archives/faq-tags/")
    return path + (f"?{parts.query}" if parts.query else "")


def table() -> str:
    """The per-page table: for each page read, its answers and what became of them."""
    sys.path.insert(0, str(ROOT))
    from adjudicator.rulings.store import all_rulings

    records = all_rulings()
    cited = proven_ids()
    lines = [
        "| page | answers | recorded | proven | already recorded | skipped and why |",
        "|---|---|---|---|---|---|",
    ]
    for page in pages_read():
        recorded = list(dict.fromkeys(page["recorded"]))
        proven = [r for r in recorded if records[r].checkable and r in cited]
        skipped = "; ".join(f"{s['count']}: {s['why']}" for s in page["skipped"]) or "-"
        lines.append(
            f"| [{_label(page['url'])}]({page['url']}) | {page['found']} | {', '.join(recorded) or '-'} "
            f"| {', '.join(proven) or '-'} | {', '.join(dict.fromkeys(page['already'])) or '-'} | {skipped} |"
        )
    return "\n".join(lines) + "\n"


def summary() -> str:
    runs = load_results()
    found = distinct_addresses(runs)
    read = {address(page["url"]) for page in pages_read()}
    asked = {run["query"] for run in runs}
    planned = [text for _kind, text in queries()]
    return (
        f"{len(asked & set(planned))} of the {len(planned)} planned queries asked ({len(asked)} in all); "
        f"{len(found)} distinct FAQ addresses found; {len(read)} pages read "
        f"({len(read & set(found))} of them found by the queries)."
    )


def with_table(doc: str) -> str:
    head, rest = doc.split(BEGIN, 1)
    _old, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{summary()}\n\n{table()}{END}{tail}"


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "report"
    if command == "queries":
        for kind, text in queries():
            print(f"{kind}\t{text}")
    elif command == "pending":
        asked = {run["query"] for run in load_results()}
        for kind, text in queries():
            if text not in asked:
                print(f"{kind}\t{text}")
    elif command == "report":
        found = distinct_addresses(load_results())
        read = {address(page["url"]) for page in pages_read()}
        print(summary())
        for url, by in found.items():
            print(f"{'read  ' if url in read else 'UNREAD'} {url}  <- {by[0]}")
    elif command == "table":
        doc = DOC.read_text(encoding="utf-8")
        new = with_table(doc)
        if "--check" in argv:
            if new != doc:
                print(f"{DOC.relative_to(ROOT)} is out of date: run python tools/faq_survey.py table", file=sys.stderr)
                return 1
            return 0
        DOC.write_text(new, encoding="utf-8")
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
