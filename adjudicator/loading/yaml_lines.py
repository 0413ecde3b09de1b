"""YAML that remembers where each value came from, so errors can name a line.

Mappings load as `LinedDict` and sequences as `LinedList`: ordinary dict/list
objects that also carry the line of the node and of each key or item.
"""

from __future__ import annotations

from typing import Any

import yaml

from adjudicator.errors import ScenarioError

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MAX_DEPTH = 50  # deeper than any sane scenario; also stops recursive aliases


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
        return container.line_of(key)
    return getattr(container, "line", None)


def load(text: str, path: str) -> Any:
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ScenarioError(f"not valid YAML: {problem}", path=path,
                            line=mark.line + 1 if mark else None) from None
    if node is None:
        return None
    return _Builder(path).build(node, 0)


class _Builder:
    def __init__(self, path: str) -> None:
        self.path = path
        self.constructor = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node, depth: int) -> Any:
        line = node.start_mark.line + 1
        if depth > _MAX_DEPTH:
            raise ScenarioError("nesting is too deep (or an alias refers to itself)", path=self.path, line=line)
        if isinstance(node, yaml.MappingNode):
            result = LinedDict(line=line)
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise ScenarioError("merge keys ('<<') are not supported", path=self.path,
                                        line=key_node.start_mark.line + 1)
                key = self.build(key_node, depth + 1)
                if isinstance(key, (dict, list)):
                    raise ScenarioError("a key must be a plain value", path=self.path,
                                        line=key_node.start_mark.line + 1)
                if key in result:
                    raise ScenarioError(f"duplicate key {key!r}", path=self.path,
                                        line=key_node.start_mark.line + 1)
                result[key] = self.build(value_node, depth + 1)
                result.key_lines[key] = key_node.start_mark.line + 1
            return result
        if isinstance(node, yaml.SequenceNode):
            result_list = LinedList(line=line)
            for item in node.value:
                result_list.append(self.build(item, depth + 1))
                result_list.item_lines.append(item.start_mark.line + 1)
            return result_list
        try:
            return self.constructor.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            raise ScenarioError(f"cannot read value: {getattr(exc, 'problem', exc)}",
                                path=self.path, line=line) from None
