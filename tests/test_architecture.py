"""The structure the code keeps: layers that import only downward, no import cycle, card kinds that
see the game only through their protocol (`CardHost`) and go through its methods, a `Kind` that
declares every hook the engine calls, and files of at most 500 lines.

Every import counts, at module level or inside a function, and imports under `if TYPE_CHECKING:`
count too: an import for types alone still ties the modules together (a kind names the
`CardHost` it is given, never the engine's `Game`). docs/architecture.md explains the layers.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "adjudicator"

#: The layers, bottom first. A module belongs to the layer of the longest prefix that names it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # Plain data: cards, events, choices, the position's pieces, settings, errors, step records.
    ("model", ("adjudicator", "adjudicator.model")),
    # Libraries with no game in them: reading YAML with line numbers (deck files and scenarios),
    # the on-disk cache, the rulings records, Word Fluxx's dictionaries, where the bundled
    # scenarios and docs are.
    (
        "library",
        (
            "adjudicator.bundled",
            "adjudicator.cache",
            "adjudicator.loading.yaml_lines",
            "adjudicator.rulings",
            "adjudicator.words",
        ),
    ),
    # Card data (the catalog) and behaviour by kind.
    ("cards", ("adjudicator.cards",)),
    # The rules engine: it is given model objects and never reads a file.
    ("engine", ("adjudicator.engine",)),
    # The loader: scenario files into model objects (an input adapter above the engine).
    ("loading", ("adjudicator.loading",)),
    # What a replay found, and searching the rulings it cites.
    (
        "verdict",
        (
            "adjudicator.verdict",
            "adjudicator.expectations",
            "adjudicator.boards",
            "adjudicator.log",
            "adjudicator.rulings.search",
            "adjudicator.rulings.graph",
        ),
    ),
    # Text, markdown, HTML and JSON made from a verdict, and what every command shares about output.
    (
        "presenters",
        (
            "adjudicator.answer",
            "adjudicator.answer_outcome",
            "adjudicator.board_view",
            "adjudicator.json_output",
            "adjudicator.log.render",
            "adjudicator.report",
            "adjudicator.output",
        ),
    ),
    # The commands.
    (
        "cli",
        (
            "adjudicator.__main__",
            "adjudicator.card_commands",
            "adjudicator.guide_commands",
            "adjudicator.cli",
            "adjudicator.completion",
            "adjudicator.docs_pages",
            "adjudicator.examples_command",
            "adjudicator.checking",
            "adjudicator.house_commands",
            "adjudicator.house_impact",
            "adjudicator.legal_command",
            "adjudicator.rulings.commands",
            "adjudicator.simulate",
            "adjudicator.simulate_command",
            "adjudicator.simulate_figures",
            "adjudicator.simulate_report",
            "adjudicator.solving",
            "adjudicator.starter",
            "adjudicator.whatif",
            "adjudicator.whatif_page",
        ),
    ),
)

#: Known upward imports, each to be removed: (importer, imported) -> why it is still here.
KNOWN_UPWARD: dict[tuple[str, str], str] = {}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(node: ast.AST, type_checking: bool = False):
    """Every import statement that may run, with the ones under `if TYPE_CHECKING:` left out
    unless `type_checking`."""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking_only(child) and not type_checking:
            for other in child.orelse:
                yield from _runtime_imports(other)
        else:
            yield from _runtime_imports(child, type_checking)


def _ours(name: str) -> str | None:
    """The module of ours that an import of `name` runs (a name inside a module: that module)."""
    known = modules()
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


@cache
def imports(type_checking: bool = True) -> dict[str, dict[str, int]]:
    """module -> {module of ours it imports: the line of the first such import}; with
    `type_checking` False, only the imports that run (those under `if TYPE_CHECKING:` left out)."""
    found: dict[str, dict[str, int]] = {}
    for name, path in modules().items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: dict[str, int] = {}
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8")), type_checking):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                targets = [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                module = _ours(target) if target.split(".")[0] == "adjudicator" else None
                if module and module != name:
                    edges.setdefault(module, node.lineno)
        found[name] = edges
    return found


def layer_of(module: str) -> int:
    best, rank = -1, None
    for index, (_layer, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), index
    assert rank is not None, f"{module} is in no layer: add it to LAYERS"
    return rank


def test_the_import_graph_is_read():
    graph = imports()
    assert len(graph) > 60
    # a module-level import, a function-local one and a TYPE_CHECKING one, as they stand in the code
    assert "adjudicator.model.cards" in graph["adjudicator.engine.game"]
    assert "adjudicator.loading.scenario" in graph["adjudicator.output"]  # inside read_scenario
    assert "adjudicator.cards.kinds.host" in graph["adjudicator.cards.kinds.base"]  # for annotations
    assert "adjudicator.cards.kinds.host" not in imports(type_checking=False)["adjudicator.cards.kinds.base"]


def test_every_module_has_a_layer():
    for module in modules():
        layer_of(module)


def test_no_import_runs_upward():
    upward = []
    for module, edges in imports().items():
        for target, line in edges.items():
            if layer_of(target) > layer_of(module) and (module, target) not in KNOWN_UPWARD:
                upward.append(
                    f"{modules()[module].relative_to(ROOT)}:{line}: {module} ({LAYERS[layer_of(module)][0]}) "
                    f"imports {target} ({LAYERS[layer_of(target)][0]})"
                )
    assert upward == []


def test_the_known_exceptions_still_exist():
    """An exception that is gone must leave the list, so it cannot hide a new one."""
    for module, target in KNOWN_UPWARD:
        assert target in imports()[module], f"{module} no longer imports {target}: remove it from KNOWN_UPWARD"


def test_the_model_imports_nothing_of_ours_above_it():
    for module, edges in imports().items():
        if LAYERS[layer_of(module)][0] == "model":
            assert [t for t in edges if LAYERS[layer_of(t)][0] != "model"] == [], module


def test_the_engine_never_imports_the_loader():
    for module, edges in imports().items():
        if module.startswith("adjudicator.engine"):
            assert [t for t in edges if t.startswith("adjudicator.loading")] == [], module


def strongly_connected(graph: dict[str, dict[str, int]]) -> list[set[str]]:
    """Tarjan's algorithm, iteratively: the groups of modules that import each other in a ring."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, {}))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                groups.append(group)
    return groups


def test_tarjan_finds_a_ring():
    graph = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}}
    assert sorted(map(sorted, strongly_connected(graph))) == [["a", "b", "c"], ["d"]]


def test_no_import_cycle():
    """Counting imports for types alone: the engine's modules type the game they are given as
    `GameView` (engine/view.py, which imports no engine module), never `Game`."""
    assert [sorted(c) for c in strongly_connected(imports()) if len(c) > 1] == []


def test_no_import_cycle_among_the_imports_that_run():
    assert [sorted(c) for c in strongly_connected(imports(type_checking=False)) if len(c) > 1] == []


def test_card_kinds_import_neither_the_engine_nor_game():
    """A kind sees the game through `CardHost` (cards/kinds/host.py), even in its annotations."""
    found = {
        module: sorted(t for t in edges if t.startswith("adjudicator.engine"))
        for module, edges in imports().items()
        if module.startswith("adjudicator.cards")
    }
    assert {m: t for m, t in found.items() if t} == {}
    for path in sorted((PACKAGE / "cards").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, (ast.Import, ast.ImportFrom)) else []
            assert "Game" not in names, path


#: The most names the kinds' protocol may have (issue #27 asked for about 30; it had 62). A new
#: name is a decision that kinds need it: fold it into a general one (`number`, `settle`, the
#: table's own readers) where it can be. (35: `withdraw`, a trigger's question whose cause left
#: play while it waited -- War's, once Peace is discarded -- which no name before could say.)
MOST_HOST_NAMES = 35


def host_names() -> dict[str, object]:
    """The names `CardHost` declares, each with what it is (a method or a property)."""
    from adjudicator.cards.kinds.host import CardHost

    return {name: value for name, value in vars(CardHost).items() if not name.startswith("_")}


def test_the_kinds_protocol_is_small_and_documented():
    """Each name of `CardHost` says in one line why a kind needs it; the count keeps it small."""
    members = host_names()
    docs = {name: (getattr(value, "__doc__", "") or "").strip() for name, value in members.items()}
    assert [name for name, doc in docs.items() if not doc or "\n" in doc] == []
    assert len(members) <= MOST_HOST_NAMES, f"CardHost has {len(members)} names: fold some into general ones"


def names_the_kinds_use() -> set[str]:
    """Every name the kinds' code reads off the game (`game.X`, `trial.X`), in cards/kinds."""
    used = set()
    for path in sorted((PACKAGE / "cards" / "kinds").glob("*.py")):
        if path.name == "host.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in GAME_NAMES:
                used.add(node.attr)
    return used


def test_every_name_of_the_kinds_protocol_is_used_by_a_kind():
    """No dead name: each one the protocol keeps, some kind needs (else `Game` need not provide it
    to kinds, and the protocol shrinks by one)."""
    assert sorted(set(host_names()) - names_the_kinds_use()) == []


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def long_files() -> dict[str, int]:
    return {
        str(path.relative_to(ROOT)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := line_count(path)) > 500
    }


def test_no_file_is_over_500_lines():
    """A file that grows past 500 lines is split by what it does (issue #27)."""
    assert long_files() == {}


def test_game_py_is_under_500_lines():
    """`Game` keeps construction, the position's accessors and the composition; each subsystem is
    a module of its own (engine/agenda.py, turns.py, goals.py, playing.py, ...)."""
    lines = line_count(PACKAGE / "engine" / "game.py")
    assert lines < 500, f"engine/game.py has {lines} lines"


# -- the hooks the engine calls on a kind ------------------------------------------------------
#: Calls whose string arguments name hooks: `has_hook(card, "verify_play")`, `holding(game, "draw_bonus")`.
HOOK_NAMING_CALLS = {"has_hook", "holding", "own_hooks"}


def _is_kind_of_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "kind_of"


def _is_registry_item(node: ast.AST) -> bool:
    return isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "REGISTRY"


def hooks_called(tree: ast.AST, also: frozenset[str] = frozenset()) -> dict[str, int]:
    """hook name -> a line where it is asked of a kind: `kind_of(card).NAME`, `REGISTRY[k].NAME`,
    `kind.NAME` after `kind = kind_of(card)`, `getattr(kind_of(card), "NAME")`, the names given
    to has_hook/holding/own_hooks, and the names listed in a module's `*_HOOKS` tuple; `also`:
    other names that stand for a kind (`kind` bound by a loop, `self` in `Kind` itself)."""
    found: dict[str, int] = {}
    kind_names: set[str] = set(also)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and (_is_kind_of_call(node.value) or _is_registry_item(node.value)):
            kind_names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and (
            _is_kind_of_call(node.value)
            or _is_registry_item(node.value)
            or (isinstance(node.value, ast.Name) and node.value.id in kind_names)
        ):
            found.setdefault(node.attr, node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            named = node.func.id in HOOK_NAMING_CALLS or (
                node.func.id == "getattr" and node.args and _is_kind_of_call(node.args[0])
            )
            if named:
                for arg in node.args[1:2]:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.setdefault(arg.value, node.lineno)
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id.endswith("_HOOKS") for t in node.targets
        ):
            for item in ast.walk(node.value):
                if isinstance(item, ast.Constant) and isinstance(item.value, str):
                    found.setdefault(item.value, node.lineno)
    return found


def test_the_hook_finder_sees_each_form():
    code = (
        "kind_of(a).one()\nREGISTRY[k].two\nk2 = kind_of(c)\nk2.three\n"
        "getattr(kind_of(c), 'four', None)\nhas_hook(c, 'five')\nTABLE_HOOKS = ('six',)\nother.seven\n"
        "for kind, rule in pairs:\n    kind.eight\nself.nine\n"
    )
    assert sorted(hooks_called(ast.parse(code))) == ["five", "four", "one", "six", "three", "two"]
    assert {"eight", "nine"} <= set(hooks_called(ast.parse(code), frozenset({"kind", "self"})))


def test_kind_declares_every_hook_the_engine_calls():
    from adjudicator.cards.kinds.base import Kind

    declared = set(dir(Kind)) | set(Kind.__annotations__)
    missing = []
    for module, path in modules().items():
        if module.startswith("adjudicator.cards.kinds."):
            continue  # a kind may call what its own subclasses add
        for hook, line in hooks_called(ast.parse(path.read_text(encoding="utf-8"))).items():
            if hook not in declared:
                missing.append(f"{path.relative_to(ROOT)}:{line}: {hook}")
    assert missing == []


#: What `Kind` declares that is not a hook asked by the engine: what a kind is (read by the
#: registry and the loader) and the helpers it gives its subclasses.
NOT_HOOKS = {"name", "card_type", "params", "choice_words", "then"}


def hooks_asked_anywhere() -> dict[str, str]:
    """hook -> where some module asks it of a kind: the engine, another kind (a Surprise asks the
    kind of the card it answers), or `Kind` itself (its defaults ask its other hooks)."""
    found: dict[str, str] = {}
    for module, path in modules().items():
        also = frozenset({"kind", "self"} if module == "adjudicator.cards.kinds.base" else {"kind"})
        for hook, line in hooks_called(ast.parse(path.read_text(encoding="utf-8")), also).items():
            found.setdefault(hook, f"{path.relative_to(ROOT)}:{line}")
    return found


def test_every_hook_kind_declares_is_asked():
    """A hook declared on `Kind` and asked nowhere would let a kind override it to no effect."""
    from adjudicator.cards.kinds.base import Kind

    declared = {name for name in vars(Kind) if not name.startswith("_")} - NOT_HOOKS
    assert sorted(declared - set(hooks_asked_anywhere())) == []


def test_the_table_hooks_are_the_ones_kind_declares_so():
    """Declaring a hook `@over_the_table` on `Kind` is what makes the engine gather its holders;
    the engine runs no other hook over the table (`holding(game, NAME)`)."""
    from adjudicator.cards.kinds.base import RULE_HOOKS, TABLE_HOOKS

    assert {"state_trigger", "on_turn_start", "draw_bonus"} <= set(TABLE_HOOKS)
    assert {"numeral_bonus", "goal_slots"} <= set(RULE_HOOKS)
    run = {}
    for path in modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "holding":
                for arg in node.args[1:2]:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        run[arg.value] = f"{path.relative_to(ROOT)}:{node.lineno}"
    assert {hook: where for hook, where in run.items() if hook not in TABLE_HOOKS} == {}
    # the bonuses are asked through `bonus_givers` too, the state triggers with the rules in hand
    assert sorted(set(TABLE_HOOKS) - set(run) - {"draw_bonus", "play_bonus", "state_trigger"}) == []


def test_every_hook_of_kind_says_what_it_is_for():
    """Each method of `Kind` a kind may override carries a docstring (the engine's contract)."""
    from adjudicator.cards.kinds.base import Kind

    undocumented = [
        name
        for name, value in vars(Kind).items()
        if callable(value) and not name.startswith("_") and not (value.__doc__ or "").strip()
    ]
    assert undocumented == []


# -- card kinds change the game through the engine ----------------------------------------------
MUTATORS = {"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "update", "setdefault"}
MUTATORS |= {"popitem", "add", "discard"}
#: The names a kind's code calls the game by (`trial`: a copy it tries something on).
GAME_NAMES = {"game", "trial"}


def _chain_root(node: ast.AST) -> tuple[str | None, int]:
    """The name an attribute/subscript chain starts from, and how many links it has."""
    links = 0
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node, links = node.value, links + 1
    return (node.id if isinstance(node, ast.Name) else None), links


def state_writes(tree: ast.AST) -> list[int]:
    """Lines that change the game's state directly rather than through a method of the game:
    assigning or deleting through `game.` (`game.table.goals = []`, `game.stopped = ...`), or
    calling a list or dict method that changes what `game.` reaches (`game.table.hands[p].append`,
    `game.turn.extra_turns.append`), or shuffling it -- also through a name bound to part of the
    game (`hand = game.table.hands[p]`, then `hand.remove(card)`). The game's own methods
    (`game.put`, `game.draw`, ...) are how a kind changes it."""
    roots = set(GAME_NAMES)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            pairs = [
                pair
                for target in node.targets
                for pair in (
                    zip(target.elts, node.value.elts, strict=False)
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                    else [(target, node.value)]
                )
            ]
            for target, value in pairs:
                root, links = _chain_root(value)
                if isinstance(target, ast.Name) and root in GAME_NAMES and links:
                    roots.add(target.id)

    def reaches_state(node: ast.AST) -> bool:
        root, links = _chain_root(node)
        return root in roots and (links > 0 or root not in GAME_NAMES)

    lines = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = [
                t for target in node.targets for t in (target.elts if isinstance(target, ast.Tuple) else [target])
            ]
            targets = [t for t in targets if isinstance(t, (ast.Attribute, ast.Subscript))]
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target] if isinstance(node.target, (ast.Attribute, ast.Subscript)) else []
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in MUTATORS:
                targets = [node.func.value]
            elif node.func.attr == "shuffle":
                targets = node.args[:1]
        if any(reaches_state(t) for t in targets):
            lines.append(node.lineno)
    return sorted(set(lines))


def test_the_state_write_finder_sees_each_form():
    code = (
        "game.table.hands[p].append(c)\n"  # 1
        "game.table.goals = []\n"  # 2
        "hand = game.table.hands[p]\nhand.remove(c)\n"  # 4
        "del game.table.discard[0]\n"  # 5
        "game.rng.shuffle(game.table.draw_pile)\n"  # 6
        "game.stopped = 'why'\n"  # 7
        "card, turn = play.card, game.turn\nturn.extra_turns.append(card.name)\n"  # 9
        "trial = game.copy()\ntrial.turn.played += 1\n"  # 11
        "cards = list(game.table.hands[p])\ncards.append(c)\n"  # a copy: not the game's
        "game.rng.shuffle(cards)\ngame.put(c, 'hands', p)\nplay.held.append(c)\n"
    )
    assert state_writes(ast.parse(code)) == [1, 2, 4, 5, 6, 7, 9, 11]


def test_no_kind_writes_a_zone_or_the_games_state_directly():
    """Kinds move cards and change the turn through the game's methods (engine/moves.py, `Game`)."""
    found = {}
    for path in sorted((PACKAGE / "cards" / "kinds").glob("*.py")):
        lines = state_writes(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[path.name] = lines
    assert found == {}


def test_every_import_of_ours_names_a_module_that_exists():
    """A module moved to another layer leaves no import of its old path behind (a function-local
    one fails only when its command runs: `replay -` once asked for adjudicator.errors)."""
    known = modules()
    missing = []
    for path in [*known.values(), *sorted((ROOT / "benchmarks").rglob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").startswith("adjudicator"):
                targets = [node.module or ""]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names if alias.name.startswith("adjudicator")]
            else:
                continue
            missing += [f"{path.relative_to(ROOT)}:{node.lineno}: {t}" for t in targets if t not in known]
    assert missing == []


# -- actions are typed ----------------------------------------------------------------------------
#: Modules still comparing `.action` with strings, each to move to `Action` (engine3 rewrites them).
KNOWN_ACTION_STRINGS: set[str] = set()


def _names_a_string(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(_names_a_string(e) for e in node.elts)


def action_string_comparisons(tree: ast.AST) -> list[int]:
    """Lines comparing an event's action (`x.action`, `action`, `verb`) with a string literal:
    the actions are `Action` members, and each has its handler (engine/actions.py)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            names_action = any(
                (isinstance(s, ast.Attribute) and s.attr == "action") or (isinstance(s, ast.Name) and s.id == "action")
                for s in sides
            )
            if names_action and any(_names_a_string(s) for s in sides):
                found.append(node.lineno)
    return found


def test_the_action_comparison_finder_sees_each_form():
    code = 'event.action == "play"\naction in ("join", "drop_out")\nevent.action == Action.PLAY\nkind == "x"\n'
    assert action_string_comparisons(ast.parse(code)) == [1, 2]


def test_no_action_is_compared_with_a_string():
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        where = str(path.relative_to(ROOT))
        lines = action_string_comparisons(ast.parse(path.read_text(encoding="utf-8")))
        if lines and where not in KNOWN_ACTION_STRINGS:
            found[where] = lines
    assert found == {}


def test_every_action_has_its_handler():
    from adjudicator.engine.actions import HANDLERS
    from adjudicator.model.events import Action

    assert set(HANDLERS) == set(Action)


# -- continuations name a recorded method ------------------------------------------------------------
def continuation_targets(tree: ast.AST) -> dict[str, int]:
    """name -> a line where a continuation is made naming it: `x.then(self.NAME, ...)`,
    `x.then(kind.NAME, ...)` or `x.then("NAME", ...)`, and `ask_declared(game, play, self.NAME, ...)`."""
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr == "then" and node.args:
            target = node.args[0]
        elif node.func.attr == "ask_declared" and len(node.args) > 2:
            target = node.args[2]
        else:
            continue
        if isinstance(target, ast.Attribute):
            found.setdefault(target.attr, node.lineno)
        elif isinstance(target, ast.Constant) and isinstance(target.value, str):
            found.setdefault(target.value, node.lineno)
    return found


def test_every_continuation_made_names_a_marked_method():
    """A `Then` is carried out by the method recorded for its name (`@continuation`), never by
    a name looked up at run time: each one the code makes names such a method."""
    from adjudicator.cards.kinds.base import CONTINUATIONS
    from adjudicator.engine.game import Game

    marked = {name for _kind, name in CONTINUATIONS} | set(Game.continuations)
    unmarked = []
    for module, path in modules().items():
        if module.startswith(("adjudicator.cards.kinds", "adjudicator.engine")):
            for name, line in continuation_targets(ast.parse(path.read_text(encoding="utf-8"))).items():
                if name not in marked:
                    unmarked.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    assert unmarked == []
    assert {"begin_turn", "_pass_turn", "_resolve"} <= set(Game.continuations)


def test_then_refuses_a_method_not_marked():

    from adjudicator.cards.kinds import REGISTRY
    from adjudicator.engine.game import Game

    kind = REGISTRY["keeper"]
    with pytest.raises(TypeError, match="no continuation"):
        kind.then(kind.resolve)
    assert kind.then(kind.finish).method == "finish"
    with pytest.raises(TypeError, match="no continuation"):
        Game.then(Game.__new__(Game), Game.check_state)
