"""`adjudicator docs [TOPIC]`: the docs pages and the README, shipped with the package, shown
in the terminal. Every page under docs/ is a topic (its file name), with short names for the
common ones; links between pages become the command that shows the page linked to.

Only the standard library is imported here: the CLI imports this module at start-up."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from adjudicator.bundled import bundled

#: Short names for pages whose file name is long, and other names users may type.
SHORT = {"scenario-format": "format"}
ALIASES = {**{short: topic for topic, short in SHORT.items()}, "guide": "readme", "house": "house-rules"}
_LINK = re.compile(r"\[(?P<label>[^\]\n]+)\]\((?P<target>[^)\s]+)\)")
_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # https:, mailto: ...


@dataclass(frozen=True)
class Page:
    topic: str
    path: Path

    @property
    def title(self) -> str:
        """The page's first heading (the README's is the tool's name: it is described instead)."""
        if self.topic == "readme":
            return "The README: set-up, the commands, the supported cards"
        for line in self.path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                return line.lstrip("#").strip()
        return self.topic

    def text(self) -> str:
        """The page's Markdown, with links to other pages as the commands that show them."""
        return _LINK.sub(lambda match: _command_link(match, self.path.parent), self.path.read_text(encoding="utf-8"))


class NoSuchTopic(Exception):
    def __init__(self, message: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.message, self.suggestions = message, suggestions


def pages() -> dict[str, Page]:
    """topic -> page: the README first, then every page of docs/ by file name."""
    found: dict[str, Page] = {}
    readme = bundled("README.md")
    if readme is not None:
        found["readme"] = Page("readme", readme)
    folder = bundled("docs")
    for path in sorted(folder.glob("*.md")) if folder is not None else ():
        found[path.stem.lower()] = Page(path.stem.lower(), path)
    return found


def short_names() -> dict[str, str]:
    """topic -> the name `docs` lists it by (`format` for scenario-format): the README first."""
    names = {topic: SHORT.get(topic, topic) for topic in pages()}
    return dict(sorted(names.items(), key=lambda item: (item[0] != "readme", item[1])))


def find(wanted: str) -> Page:
    """The page a topic names: its file name or short name, in any case, with spaces or
    underscores for hyphens (`house rules`), or the start of one name (`dead`)."""
    known = pages()
    key = "-".join(re.split(r"[\s_-]+", wanted.strip().lower().removesuffix(".md")))
    key = ALIASES.get(key, key)
    if key in known:
        return known[key]
    starting = [topic for topic in known if topic.startswith(key)] if key else []
    if len(starting) == 1:
        return known[starting[0]]
    from adjudicator.model.names import suggest

    names = list(short_names().values())
    raise NoSuchTopic(
        f"no docs page {wanted!r}; the topics are: {', '.join(names)}",
        suggest(wanted, names, limit=1),
    )


def _command_link(match: re.Match[str], folder: Path) -> str:
    """A link to another shipped page as `adjudicator docs TOPIC` (the schema: `adjudicator
    schema`); other links are kept."""
    label, target = match["label"], match["target"]
    file = target.split("#", 1)[0]
    if not file or _EXTERNAL.match(target):
        return match[0]
    linked = (folder / file).resolve()
    if linked.name == "scenario.schema.json":
        return f"{label} (`adjudicator schema` prints it)"
    topic = next((page.topic for page in pages().values() if page.path.resolve() == linked), None)
    if topic is None:
        return match[0]
    command = f"adjudicator docs {short_names()[topic]}"
    if label.strip("`").endswith(Path(file).name):  # the label is the path: the command says it all
        return f"`{command}`"
    return f"{label} (`{command}`)"


def complete_topics(incomplete: str) -> list[str]:
    return [name for name in short_names().values() if name.startswith(incomplete.lower())]


def command(topic: str | None, json_output: bool) -> None:
    """Show one page (rich Markdown on a terminal, the Markdown itself elsewhere), or list them."""
    import sys

    from adjudicator.output import console, error_data, fail, write_json

    if topic is None:
        listed = [(name, pages()[topic].title) for topic, name in short_names().items()]
        if not listed:
            fail(error_data("the docs pages are missing from this installation", code="no-docs"), json_output)
        if json_output:
            write_json({"topics": [{"topic": name, "title": title} for name, title in listed]})
            return
        width = max(len(name) for name, _title in listed)
        lines = [f"  {name.ljust(width)}  {title}" for name, title in listed]
        sys.stdout.write("Docs pages (show one with: adjudicator docs TOPIC)\n" + "\n".join(lines) + "\n")
        return
    try:
        page = find(topic)
    except NoSuchTopic as exc:
        fail(error_data(exc.message, code="no-such-topic", suggestions=exc.suggestions), json_output)
    text = page.text()
    if json_output:
        write_json({"topic": short_names()[page.topic], "title": page.title, "text": text})
    elif sys.stdout.isatty():
        from rich.markdown import Markdown

        console().print(Markdown(text, hyperlinks=False))
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
