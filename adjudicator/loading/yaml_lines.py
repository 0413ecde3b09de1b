"""YAML that remembers where each value came from, so errors can name a line.

Mappings load as `LinedDict` and sequences as `LinedList`: ordinary dict/list
objects that also carry the line of the node and of each key or item.

Hostile input is refused with a `ScenarioError`, never a crash or a hang:
- aliases may repeat values, but only up to ALIAS_BUDGET values in all (an
  alias bomb, "billion laughs", would otherwise expand until memory runs out);
- a tag with a value it cannot read (`!!int x`, `!!bool maybe`, an integer over
  Python's 4,300-digit limit) names the line and the value;
- a bare `?` (the contract's unknown card, `draw_pile: [War, ?, ?]`) loads as the
  text "?". YAML reads it as an empty explicit key; the C parser refuses it inside
  a flow list, so such a file is parsed again by PyYAML's own parser.
"""

from __future__ import annotations

import contextlib
import gc
import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from adjudicator.model.errors import ScenarioError

if TYPE_CHECKING:
    import yaml
# PyYAML is imported by the first `load` (which binds this module's `yaml`): a process that
# reads no YAML text (a simulation, a replay of the cached decks) does without its import.

#: Says a YAML problem in the reader's terms (problem, context, line, column, context line, text):
#: the scenario loader passes its own, which knows the scenario's keys.
Explain = Callable[[str, str | None, int, int, int | None, str], str]

_MAX_DEPTH = 50  # deeper than any sane scenario; also stops recursive aliases
#: How many values aliases may add in all. A scenario repeats a list or two at most.
ALIAS_BUDGET = 10_000
#: A `?` alone in a flow list: `[War, ?, ?]` (compiled when a file is first read: re keeps it).
_FLOW_QUESTION = r"[\[,][ \t]*\?[ \t]*(?=[,\]])"
#: The pure-Python parser is ~15 times slower: it reads again only files a person wrote.
_SLOW_PARSE_LIMIT = 256 * 1024
_STR_TAG = "tag:yaml.org,2002:str"
_TAG_NAMES = {
    "bool": "true or false",
    "int": "a whole number",
    "float": "a number",
    "timestamp": "a date",
    "null": "null",
    "binary": "base64 text",
}


def _parser() -> Any:
    """PyYAML's safe loader: the C one if built."""
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=1)
def _loader() -> Any:
    """The loader class, made once PyYAML is imported."""

    class _Loader(_parser()):  # type: ignore[misc]  # a base chosen at run time: the C loader if built
        """The safe loader, remembering how each plain value resolved (text, a number, true...):
        PyYAML's resolver is Python code run for every value, and a long game repeats its lines."""

        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self.resolved: dict[tuple[Any, Any, Any], str] = {}

        def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
            key = (kind, value, implicit)
            tag = self.resolved.get(key)
            if tag is None:
                tag = self.resolved[key] = super().resolve(kind, value, implicit)
            return tag

    return _Loader


class LinedDict(dict):
    line: int = 0

    def __init__(self, *args: Any, line: int = 0) -> None:
        super().__init__(*args)
        self.line = line
        self.key_lines: dict[Any, int] = {}

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class LinedList(list):
    line: int = 0

    def __init__(self, *args: Any, line: int = 0) -> None:
        super().__init__(*args)
        self.line = line
        self.item_lines: list[int] = []

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if 0 <= index < len(self.item_lines) else self.line


def line_of(container: Any, key: Any = None) -> int | None:
    """Line of `container[key]` (or of the container itself), when known."""
    if key is not None and isinstance(container, (LinedDict, LinedList)):
        try:
            return container.line_of(key)
        except TypeError:  # an unhashable key: it cannot be in the mapping
            return container.line
    return getattr(container, "line", None)


@contextlib.contextmanager
def collection_paused() -> Iterator[None]:
    """No cycle collection while a file loads: it makes objects by the hundred thousand and frees
    none, so each collection would walk them all to find nothing (a tenth of a long file's load)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def load(text: str, path: str, explain: Explain | None = None, plain_items: str | None = None) -> Any:
    """The YAML text as LinedDict/LinedList/plain values. `plain_items`: a key of the top-level
    mapping whose block of one-line items (a scenario's `events:`) is read without YAML when
    every item is plain text (`_plain_block`): a long game is almost all of it."""
    global yaml  # the functions below use it once this has run
    import yaml

    if plain_items is not None:
        found = _plain_block(text, plain_items)
        if found is not None:
            rest, header, items = found
            data = _load(rest, path, explain, fallback=True)
            if isinstance(data, LinedDict) and data.key_lines.get(plain_items) == header and data[plain_items] == []:
                data[plain_items] = items
                return data
    return _load(text, path, explain)


def _load(text: str, path: str, explain: Explain | None, fallback: bool = False) -> Any:
    """`load` of the whole text by YAML (`fallback`: None for any problem, which the original
    text, read again whole, will say)."""
    if fallback:
        try:
            return _load(text, path, explain)
        except ScenarioError:
            return None
    try:
        node = yaml.compose(text, Loader=_loader())
    except yaml.YAMLError as exc:
        node = _reparse_flow_question(text, exc, path, explain)
    if node is None:
        return None
    return _Builder(text, path).build(node, 0)


#: One item of a block of plain one-line items (`  - Alice plays Jackpot!`) and its line's end.
#: Its text is a string whatever YAML would make of it: a letter first and a space inside (so
#: never a number, a date, true/false or null), none of the characters YAML reads as structure
#: (`:` `#` quotes, brackets, anchors, tags), no space at its end and nothing but ASCII.
_PLAIN_ITEM = re.compile(
    r"( *)- ([A-Za-z][A-Za-z0-9!$%()+,./;<=>?_~^=\-]* [A-Za-z0-9!$%()+,./;<=>?_~^=\- ]*[A-Za-z0-9!$%()+,./;<=>?_~^=\-])\n"
)


def _plain_block(text: str, key: str) -> tuple[str, int, LinedList] | None:
    """When `key:` at the start of a line opens a block of plain one-line items, each matching
    `_PLAIN_ITEM`, with the same indent, ended by the end of the text or a line at its first
    column that is neither an item nor a comment: (the text with that block written `key: []`
    and its item lines left blank, so that every other line and column stays where it was; the
    line of `key:`; the items, with their lines). None otherwise: YAML reads the whole text."""
    opening = f"{key}:\n"
    start = 0 if text.startswith(opening) else text.find(f"\n{opening}") + 1
    if start == 0 and not text.startswith(opening) or text.find(f"\n{key}:", start) >= 0:
        return None  # no such block, or the key twice (YAML says which one is the duplicate)
    header = text.count("\n", 0, start) + 1
    position = start + len(opening)
    items = LinedList(line=header + 1)
    indent = None
    match = _PLAIN_ITEM.match(text, position)
    while match is not None:
        if indent is None:
            indent = match.group(1)
        elif match.group(1) != indent:
            return None
        items.append(match.group(2))
        position = match.end()
        match = _PLAIN_ITEM.match(text, position)
    if not items or (position < len(text) and text[position] in " \t\r\n-#"):
        return None  # the block goes on in another form: a blank or indented line, an item, a comment
    items.item_lines += range(header + 1, header + 1 + len(items))
    return text[:start] + f"{key}: []\n" + "\n" * len(items) + text[position:], header, items


def _reparse_flow_question(text: str, error: yaml.YAMLError, path: str, explain: Explain | None) -> Any:
    """Parse again with PyYAML's own parser when the C parser refused a `?` in a flow list."""
    if _parser() is not yaml.SafeLoader and len(text) <= _SLOW_PARSE_LIMIT and re.search(_FLOW_QUESTION, text):
        try:
            return yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as exc:
            error = exc  # it read past the `?`: its complaint is the real one
    raise _yaml_error(error, text, path, explain)


def _yaml_error(exc: yaml.YAMLError, text: str, path: str, explain: Explain | None) -> ScenarioError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    column = None
    if mark is not None:
        line, column = mark.line + 1, mark.column + 1
        if explain is not None:
            context_mark = getattr(exc, "context_mark", None)
            context_line = context_mark.line + 1 if context_mark is not None else None
            problem = explain(problem, getattr(exc, "context", None), line, mark.column, context_line, text)
    elif isinstance(exc, yaml.reader.ReaderError) and isinstance(exc.position, int):  # a character YAML forbids
        line = text.count("\n", 0, exc.position) + 1
        problem = (
            f"character U+{exc.character:04X} is not allowed in YAML text"
            if isinstance(exc.character, int)
            else problem
        )
    else:
        line = None
    return ScenarioError(f"not valid YAML: {problem}", path=path, line=line, column=column)


class _Builder:
    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self.constructor = yaml.constructor.SafeConstructor()
        self.seen: set[int] = set()  # nodes built once: building one again is an alias expanding
        self.repeated = 0
        self.aliased = "*" in text  # without a `*` no alias can repeat a node: nothing to count

    def fail(self, message: str, node: yaml.Node) -> ScenarioError:
        mark = node.start_mark
        return ScenarioError(message, path=self.path, line=mark.line + 1, column=mark.column + 1)

    def build(self, node: yaml.Node, depth: int) -> Any:
        if depth > _MAX_DEPTH:
            raise self.fail("nesting is too deep (or an alias refers to itself)", node)
        if self.aliased:
            self.count_repeat(node)
        if isinstance(node, yaml.MappingNode):
            if self.is_bare_question(node):
                return "?"
            return self.build_mapping(node, depth)
        if isinstance(node, yaml.SequenceNode):
            return self.build_sequence(node, depth)
        return self.build_scalar(node)

    def count_repeat(self, node: yaml.Node) -> None:
        if id(node) in self.seen:
            self.repeated += 1
            if self.repeated > ALIAS_BUDGET:
                raise self.fail(
                    f"aliases (*name) expand to more than {ALIAS_BUDGET:,} values: a scenario "
                    "file may repeat a value with an alias, but not this much (an alias bomb?)",
                    node,
                )
        else:
            self.seen.add(id(node))

    def build_sequence(self, node: yaml.SequenceNode, depth: int) -> LinedList:
        result = LinedList(line=node.start_mark.line + 1)
        items = node.value
        if self.aliased or depth >= _MAX_DEPTH:
            result += [self.build(item, depth + 1) for item in items]
        else:  # text items taken as they are, the rest built: what build() does, without a call per event
            result += [
                item.value if item.tag == _STR_TAG and type(item) is yaml.ScalarNode else self.build(item, depth + 1)
                for item in items
            ]
        result.item_lines += [item.start_mark.line + 1 for item in items]
        return result

    def build_mapping(self, node: yaml.MappingNode, depth: int) -> LinedDict:
        result = LinedDict(line=node.start_mark.line + 1)
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self.fail("merge keys ('<<') are not supported", key_node)
            key = self.build(key_node, depth + 1)
            if isinstance(key, (dict, list)):
                raise self.fail("a key must be a plain value", key_node)
            if key in result:
                raise self.fail(f"duplicate key {key!r}", key_node)
            result[key] = self.build(value_node, depth + 1)
            result.key_lines[key] = key_node.start_mark.line + 1
        return result

    def is_bare_question(self, node: yaml.MappingNode) -> bool:
        """`?` alone: YAML's explicit-key indicator with no key and no value."""
        if len(node.value) != 1 or self.text[node.start_mark.index : node.start_mark.index + 1] != "?":
            return False
        return all(
            isinstance(part, yaml.ScalarNode) and part.value == "" and part.tag.endswith(":null")
            for part in node.value[0]
        )

    def build_scalar(self, node: yaml.Node) -> Any:
        if node.tag == _STR_TAG:
            return node.value  # what the constructor would return, without its machinery
        try:
            return self.constructor.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            if node.tag.startswith("!") and not node.tag.startswith("!!"):  # `- !Alice plays Milk`
                # a value starting with `!` reads as a YAML tag
                raise self.fail(
                    f"a value cannot start with '!' in YAML (it marks the tag {node.tag!r}); put the value in quotes",
                    node,
                ) from None
            raise self.fail(f"cannot read value: {getattr(exc, 'problem', exc)}", node) from None
        except Exception as exc:  # noqa: BLE001 - PyYAML's scalar constructors raise ValueError,
            # KeyError, IndexError, AttributeError... for a tag whose value does not fit it.
            shown = node.value if len(node.value) <= 40 else node.value[:40] + "..."
            if "digits" in str(exc):
                raise self.fail(f"a number with {len(node.value):,} digits is too long (at most 4,300)", node) from None
            tag = node.tag.rpartition(":")[2]
            expected = _TAG_NAMES.get(tag)
            wanted = f" ({expected})" if expected else ""
            raise self.fail(f"cannot read {shown!r} as !!{tag}{wanted}", node) from None
