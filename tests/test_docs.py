"""The format page and the README: links stay inside the repository, examples work."""

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from adjudicator.checking import check_scenario
from adjudicator.loading.scenario import parse_scenario

ROOT = Path(__file__).resolve().parents[1]
FORMAT_PAGE = ROOT / "docs" / "scenario-format.md"
PAGES = [ROOT / "README.md", FORMAT_PAGE]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def yaml_blocks(page: Path) -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


def github_slug(heading: str) -> str:
    return re.sub(r"[^a-z0-9 _-]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_links_stay_inside_the_repository_and_resolve(page: Path):
    text = page.read_text(encoding="utf-8")
    anchors = {github_slug(h) for h in re.findall(r"^#+ (.*)$", text, re.M)}
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://")):
            continue
        path, _, anchor = target.partition("#")
        if path:
            resolved = (page.parent / path).resolve()
            assert resolved.is_relative_to(ROOT) and resolved.exists(), f"{page.name}: broken link {target}"
        else:
            assert anchor in anchors, f"{page.name}: no heading for #{anchor}"
    assert "../shared" not in text and "SCENARIO_FORMAT.md" not in text


def test_readme_links_to_the_format_page_and_the_schema():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/scenario-format.md)" in readme and "(docs/scenario.schema.json)" in readme


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_yaml_example_parses(page: Path):
    for block in yaml_blocks(page):
        yaml.safe_load(block)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_complete_examples_validate_load_and_pass_their_expect(page: Path):
    schema = json.loads((ROOT / "docs" / "scenario.schema.json").read_text(encoding="utf-8"))
    complete = [b for b in yaml_blocks(page) if "\ntitle:" in "\n" + b and "\nevents:" in b]
    assert complete
    for block in complete:
        jsonschema.validate(yaml.safe_load(block), schema)
        scenario = parse_scenario(block, f"{page.name} example")
        assert scenario.expect is not None and check_scenario(scenario) == []


def test_the_format_page_names_every_key_the_loader_reads():
    from adjudicator.loading import scenario as loader

    text = FORMAT_PAGE.read_text(encoding="utf-8")
    keys = {
        *loader.TOP_KEYS,
        *loader.SETUP_KEYS,
        *loader.EXPECT_KEYS,
        *loader.EVENT_KEYS,
        *loader.ACTIONS,
        *loader.PHASES,
    }
    missing = sorted(k for k in keys if f"`{k}`" not in text)
    assert missing == []


def test_the_format_page_names_every_choice_word():
    from adjudicator.cards.kinds import choice_words

    text = FORMAT_PAGE.read_text(encoding="utf-8")
    assert [w for w in choice_words() if f"`{w}`" not in text] == []


def test_the_format_page_names_every_step_kind():
    """`kind` in the JSON is a record's class name: a consumer must find each one explained."""
    from adjudicator.model import records

    text = FORMAT_PAGE.read_text(encoding="utf-8")
    kinds = [
        cls.__name__
        for cls in vars(records).values()
        if isinstance(cls, type) and issubclass(cls, records.Step) and cls is not records.Step
    ]
    assert len(kinds) > 20
    assert [k for k in kinds if f"`{k}`" not in text] == []


def test_setup_cards_and_event_snippets_load(tmp_path):
    """The page's partial examples load once wrapped in a minimal file (names, positions, events);
    the page's house-card library is the file its `cards: [our-house-cards.yaml]` names."""
    loaded = 0
    blocks = [yaml.safe_load(block) for block in yaml_blocks(FORMAT_PAGE)]
    (library,) = [b for b in blocks if isinstance(b, dict) and set(b) == {"title", "cards"}]
    (tmp_path / "our-house-cards.yaml").write_text(yaml.safe_dump(library), encoding="utf-8")
    for data in blocks:
        if not isinstance(data, dict) or "title" in data or not {"setup", "cards", "events", "house_rules"} & set(data):
            continue
        wrapped = {
            "title": "snippet",
            "players": ["Alice", "Bob", "Carol"],
            "setup": {"turn": "Alice"},
            "events": [],
            **data,
        }
        parse_scenario(yaml.safe_dump(wrapped), str(tmp_path / "snippet.yaml"))
        loaded += 1
    assert loaded >= 5


ARCHITECTURE_PAGE = ROOT / "docs" / "architecture.md"
ADDING_A_CARD_PAGE = ROOT / "docs" / "adding-a-card.md"


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("page", [ARCHITECTURE_PAGE, ADDING_A_CARD_PAGE], ids=lambda p: p.name)
def test_the_design_pages_links_resolve(page: Path):
    test_links_stay_inside_the_repository_and_resolve(page)


def test_the_architecture_page_runs_its_example():
    """The life of one event, as the page tells it: its scenario and its code."""
    (text,) = yaml_blocks(ARCHITECTURE_PAGE)
    scenario = parse_scenario(text, "architecture.md example")
    assert scenario.expect is not None and check_scenario(scenario) == []
    (code,) = python_blocks(ARCHITECTURE_PAGE)
    exec(compile(code, "architecture.md", "exec"), {"text": text})


def test_the_architecture_page_names_the_layers_in_order():
    from test_architecture import LAYERS

    text = ARCHITECTURE_PAGE.read_text(encoding="utf-8")
    named = re.findall(r"^\d+\. \*\*(\w+)\*\*", text, re.M)
    assert named == [name for name, _prefixes in LAYERS]


@pytest.fixture
def kinds_registered_for_the_test():
    """Kinds an example registers are removed again, so no other test sees them."""
    from adjudicator.cards.kinds import base

    before = dict(base.REGISTRY)
    yield
    for name in set(base.REGISTRY) - set(before):
        del base.REGISTRY[name]
        base._HOOKS.pop(name, None)


def test_the_adding_a_card_examples_run(kinds_registered_for_the_test):
    import ast

    from test_architecture import state_writes

    from adjudicator.cards.kinds import REGISTRY

    blocks = python_blocks(ADDING_A_CARD_PAGE)
    assert len(blocks) == 2
    for number, code in enumerate(blocks, 1):
        assert state_writes(ast.parse(code)) == [], "the page's kinds move cards through the game, as kinds must"
        exec(compile(code, f"adding-a-card.md, example {number}", "exec"), {"__name__": f"adding_a_card_{number}"})
    assert {"rotate_hands_by", "leftovers"} <= set(REGISTRY)
    scenarios = [b for b in yaml_blocks(ADDING_A_CARD_PAGE) if "\ntitle:" in "\n" + b]
    assert len(scenarios) == 3
    for block in scenarios:
        scenario = parse_scenario(block, "adding-a-card.md example")
        assert scenario.expect is not None and check_scenario(scenario) == [], scenario.title


HOUSE_RULES_PAGE = ROOT / "docs" / "house-rules.md"
IMPACT_SAMPLE = re.compile(r"^(\$ adjudicator house-rules impact tie=shared\n)(.*?)^```", re.M | re.S)


def house_rules_page_now() -> str:
    """The house-rules page with its sample of `house-rules impact tie=shared` made from the
    command's own lines on the bundled suite: its first line, a changed file, `...` and
    the totals (which change with every scenario added: `python tests/write_docs.py` writes them)."""
    from adjudicator.house_impact import impact, render

    page = HOUSE_RULES_PAGE.read_text(encoding="utf-8")
    sample = IMPACT_SAMPLE.search(page)
    assert sample, "the page shows a run of impact"
    printed = render(impact("tie", "shared")).splitlines()
    chosen = sample[2].splitlines()[1:2]  # the changed file the page shows, while the command prints it
    example = chosen[0] if chosen and chosen[0] in printed[1:-3] else printed[1]
    shown = [printed[0], example, "  ...", *printed[-3:]]
    return page[: sample.start(2)] + "".join(line + "\n" for line in shown) + page[sample.end(2) :]


def test_the_house_rules_page_shows_what_impact_prints_now():
    """Generated, not edited by hand: the totals went stale as scenarios were added."""
    assert HOUSE_RULES_PAGE.read_text(encoding="utf-8") == house_rules_page_now(), (
        "the house-rules page's sample is stale: run `python tests/write_docs.py` to write it again"
    )


@pytest.mark.parametrize("scenario", ["examples/draw3-then-draw2.yaml", "holiday/christmas-bonus-under-play-all.yaml"])
def test_the_format_pages_jsonschema_snippet_validates_bundled_files(scenario, monkeypatch):
    """The page's Python lines for validating with `jsonschema`, run on a file with a `date:`
    (PyYAML reads an unquoted date as a date, which JSON and the schema know as text)."""
    (snippet,) = [block for block in python_blocks(FORMAT_PAGE) if "jsonschema.validate" in block]
    monkeypatch.chdir(ROOT)
    exec(snippet.replace('"dispute.yaml"', repr(f"scenarios/{scenario}")), {})
