"""`adjudicator examples`: the bundled scenarios by topic (their folder under `scenarios/`), and
`adjudicator examples NAME`: a copy of one in the working folder, to edit into one's own
dispute. Each path listed works as it is printed in every command, from any folder (bundled.py)."""

from __future__ import annotations

import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from adjudicator.output import error_data, fail, write_json

FIRST_TOPIC = "examples"  # the README's own: listed first
_TITLE = re.compile(r"^title:\s*(.+?)\s*$", re.M)


@dataclass(frozen=True)
class Example:
    path: str  # as printed and typed: scenarios/TOPIC/NAME.yaml
    title: str
    file: Path

    @property
    def topic(self) -> str:
        return self.path.split("/")[1]


def examples() -> list[Example]:
    """Every bundled scenario, the README's examples first, then by topic and name."""
    from adjudicator.bundled import bundled

    suite = bundled("scenarios")
    if suite is None:
        return []
    found = []
    for file in suite.rglob("*.yaml"):
        shown = "scenarios/" + file.relative_to(suite).as_posix()
        title = _TITLE.search(file.read_text(encoding="utf-8"))  # the title line, without parsing the file
        found.append(Example(shown, title[1].strip("'\"") if title else "", file))
    return sorted(found, key=lambda e: (e.topic != FIRST_TOPIC, e.path))


def find(name: str, every: list[Example]) -> Example | None:
    """The example `name` names: its path as listed, without `scenarios/`, its file name, or its
    file name without `.yaml`, in any case."""
    wanted = name.strip().removeprefix("./").casefold()
    for example in every:
        path = example.path.casefold()
        forms = {path, path.removeprefix("scenarios/"), path.rsplit("/", 1)[1], path.rsplit("/", 1)[1][:-5]}
        if wanted in forms:
            return example
    return None


def command(name: str | None, topic: str | None, force: bool, json_output: bool) -> None:
    every = examples()
    if not every:
        fail(error_data("the bundled scenarios are missing from this installation", code="no-scenarios"), json_output)
    if name is None:
        listing(every, topic, json_output)
        return
    example = find(name, every)
    if example is None:
        from adjudicator.model.names import suggest

        names = [e.path.rsplit("/", 1)[1][:-5] for e in every]
        near = suggest(name, names, 3)
        fail(
            error_data(
                f"no bundled scenario {name!r} (adjudicator examples lists them)", code="no-example", suggestions=near
            ),
            json_output,
        )
    target = Path.cwd() / example.file.name
    if target.exists() and not force:
        fail(
            error_data("already exists; pass --force to overwrite it", code="exists", file=example.file.name),
            json_output,
        )
    shutil.copyfile(example.file, target)
    if json_output:
        write_json({"wrote": example.file.name, "from": example.path, "title": example.title})
        return
    sys.stdout.write(
        f"wrote {example.file.name}, a copy of {example.path} ({example.title})\n"
        f"edit it, then: adjudicator replay {example.file.name}\n"
    )


def listing(every: list[Example], topic: str | None, json_output: bool) -> None:
    topics: dict[str, list[Example]] = {}
    for example in every:
        topics.setdefault(example.topic, []).append(example)
    if topic is not None:
        topic = next((t for t in topics if topic.casefold() in (t, t.removesuffix("s"))), topic)
        if topic not in topics:
            from adjudicator.model.names import suggest

            fail(
                error_data(
                    f"no topic {topic!r} (topics: {', '.join(topics)})",
                    code="no-topic",
                    suggestions=suggest(topic, list(topics), 1),
                ),
                json_output,
            )
        topics = {topic: topics[topic]}
    if json_output:
        write_json(
            {
                "topics": [
                    {"topic": t, "scenarios": [{"path": e.path, "title": e.title} for e in found]}
                    for t, found in topics.items()
                ]
            }
        )
        return
    out = []
    for name, found in topics.items():
        out.append(f"{name} ({len(found)}):")
        width = max(len(e.path) for e in found)
        out += [f"  {e.path:<{width}}  {e.title}" for e in found]
    out.append("")
    out.append("Replay one as it is from any folder: adjudicator replay PATH")
    out.append("Copy one here to edit: adjudicator examples NAME (its file name, with or without .yaml)")
    if topic is None:
        out.append(f"One topic only: adjudicator examples --topic TOPIC ({', '.join(topics)})")
    sys.stdout.write("\n".join(out) + "\n")
