"""The built wheel works on its own: installed into a fresh venv, run from a folder outside the
checkout, every command of the README's Use section runs (records, decks, the scenario suite and
the docs are package data, and no folder of the checkout is on the path)."""

import json
import os
import re
import shlex
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "scenarios" / "examples" / "draw3-then-draw2.yaml"
NOT_SOURCES = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", "tests"
)


def _run(args: list, cwd: Path, **kwargs) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env["ADJUDICATOR_CACHE_DIR"] = "off"
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120, **kwargs
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the venv's bin folder, a work folder outside the checkout) with the wheel installed."""
    pytest.importorskip("setuptools", minversion="77")  # the version pyproject.toml's build-system requires
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"  # a copy, so that no stale build/ folder of the checkout leaks in
    shutil.copytree(ROOT, source, ignore=NOT_SOURCES)
    built = _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-q",
            "-w",
            tmp / "dist",
            source,
        ],
        cwd=tmp,
    )
    assert built.returncode == 0, built.stderr
    wheel = next((tmp / "dist").glob("adjudicator-*.whl"))

    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    # The dependencies come from this interpreter's site folders (a path file, so that their
    # own .pth files, such as this checkout's editable install, are not run); the package
    # itself comes only from the wheel.
    env_site = _run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=tmp)
    deps = [*site.getsitepackages(), site.getusersitepackages()]
    Path(env_site.stdout.strip(), "dependencies.pth").write_text("\n".join(deps) + "\n")
    installed = _run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q", wheel], cwd=tmp
    )
    assert installed.returncode == 0, installed.stderr

    work = tmp / "work"
    work.mkdir()
    return bin_dir, work


def test_the_wheel_ships_its_data_and_imports_from_itself(installed):
    bin_dir, work = installed
    where = _run(
        [
            bin_dir / "python",
            "-c",
            "import adjudicator.rulings.store as s, adjudicator as a; print(a.__file__); print(len(s.all_rulings()))",
        ],
        cwd=work,
    )
    assert where.returncode == 0, where.stderr
    package_file, count = where.stdout.split()
    assert Path(package_file).is_relative_to(bin_dir.parent) and int(count) > 150
    top_level = [p.name for p in Path(package_file).parents[1].iterdir() if p.suffix != ".pth"]
    assert "rulings" not in top_level and "adjudicator" in top_level


def test_installed_commands_run_outside_the_checkout(installed):
    bin_dir, work = installed
    adjudicator = bin_dir / "adjudicator"
    scenario = work / "dispute.yaml"
    shutil.copy(EXAMPLE, scenario)

    replay = _run([adjudicator, "replay", scenario.name], cwd=work)
    assert replay.returncode == 0, replay.stderr
    assert "Alice draws Bread, Chocolate" in replay.stdout and "B-draw-rule-change" in replay.stdout

    shown = _run([adjudicator, "rulings", "show", "R38", "--json"], cwd=work)
    assert shown.returncode == 0, shown.stderr
    record = json.loads(shown.stdout)
    assert record["id"] == "R38" and "Q272" in record["aliases"]
    assert "Swap Plays for Draws" in record["cards"]

    folder = work / "mine"
    folder.mkdir()
    shutil.copy(EXAMPLE, folder / "one.yaml")
    (folder / "two.yaml").write_text(EXAMPLE.read_text().replace("expect:\n", "expect:\n  winner: Bob\n"))
    checked = _run([adjudicator, "check", folder], cwd=work)
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "FAIL" in checked.stdout and "two.yaml" in checked.stdout
    assert "winner: expected Bob, got none" in checked.stdout
    assert "1 passed, 1 failed" in checked.stdout

    version = _run([adjudicator, "--version"], cwd=work)
    assert version.stdout.strip() == f"adjudicator {_version()}"


def readme_use_commands() -> list[str]:
    """The command lines of the README's Use section, without their comments."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^## Use\n\n```sh\n(.*?)^```", readme, re.M | re.S)
    assert block, "the README has a Use section with a sh block"
    return [re.sub(r"\s+#\s.*$", "", line).strip() for line in block[1].splitlines() if line.strip()]


#: How a Use line's placeholders are filled: FILE is the starter the first line writes, optional
#: [ARGS] are left out, N is the first event, and simulate plays fewer games (the machine is shared).
PLACEHOLDERS = {"FILE": "dispute.yaml", "N": "1", "200": "20"}


def test_every_command_of_the_readme_runs_outside_the_checkout(installed):
    bin_dir, work = installed
    folder = work / "use"
    folder.mkdir()
    mine = folder / "scenarios"  # a folder of the user's own scenarios, for `check scenarios/`
    mine.mkdir()
    for name in ("draw3-then-draw2.yaml", "draw2-use-em-chain.yaml"):
        shutil.copy(ROOT / "scenarios" / "examples" / name, mine / name)
    commands = readme_use_commands()
    assert commands[0] == "adjudicator new dispute.yaml"
    for ran in ("adjudicator house-rules impact", "adjudicator docs", "adjudicator cards list"):
        assert any(command.startswith(ran) for command in commands), ran
    for command in commands:
        words = [PLACEHOLDERS.get(word, word) for word in shlex.split(command) if not word.startswith("[")]
        words = [w for w in words if not w.endswith("]")]  # the rest of an optional [--player P]
        stdin = None
        if "<" in words:
            stdin = (folder / words[words.index("<") + 1]).read_text(encoding="utf-8")
            words = words[: words.index("<")]
        assert words[0] == "adjudicator", command
        ran = _run([bin_dir / "adjudicator", *words[1:]], cwd=folder, input=stdin)
        assert ran.returncode == 0 and ran.stdout.strip(), f"{command}: exit {ran.returncode}\n{ran.stderr}"
        assert "unreadable" not in ran.stdout and not ran.stderr, f"{command}: {ran.stdout}{ran.stderr}"


def test_installed_rulings_list_their_scenarios_and_the_suite_is_replayed(installed):
    bin_dir, work = installed
    adjudicator = bin_dir / "adjudicator"
    shown = json.loads(_run([adjudicator, "rulings", "show", "R38", "--json"], cwd=work).stdout)
    in_checkout = _run([sys.executable, "-m", "adjudicator", "rulings", "show", "R38", "--json"], cwd=ROOT)
    assert shown["scenarios"] and shown["scenarios"] == json.loads(in_checkout.stdout)["scenarios"]
    text = _run([adjudicator, "rulings", "show", "R38"], cwd=work).stdout
    assert "none yet" not in text and shown["scenarios"][0] in text
    impact = json.loads(_run([adjudicator, "house-rules", "impact", "tie=shared", "--json"], cwd=work).stdout)
    assert impact["unreadable"] == [] and impact["replayed"] == len(list((ROOT / "scenarios").rglob("*.yaml")))
    assert impact["changed"] and all(c["path"].startswith("scenarios/") for c in impact["changed"])
    coverage = _run([adjudicator, "rulings", "coverage", "--strict", "--json"], cwd=work)
    assert coverage.returncode == 0, coverage.stdout[-2000:] + coverage.stderr
    assert json.loads(coverage.stdout)["faq_without_passing_scenario"] == []


def test_installed_docs_show_every_page(installed):
    bin_dir, work = installed
    topics = json.loads(_run([bin_dir / "adjudicator", "docs", "--json"], cwd=work).stdout)["topics"]
    assert len(topics) == 1 + len(list((ROOT / "docs").glob("*.md")))
    for topic in topics:
        shown = _run([bin_dir / "adjudicator", "docs", topic["topic"]], cwd=work)
        assert shown.returncode == 0 and shown.stdout.startswith("# "), topic
    readme = _run([bin_dir / "adjudicator", "docs", "readme"], cwd=work).stdout
    assert readme == _run([sys.executable, "-m", "adjudicator", "docs", "readme"], cwd=ROOT).stdout


def test_no_top_level_folder_shadows_a_subpackage(installed):
    """`python -m adjudicator` in the clone (the current folder comes first on the path) finds the
    records inside the package; no top-level data folder is named like a subpackage."""
    assert not (ROOT / "rulings").exists()
    bin_dir, _work = installed
    ran = _run([bin_dir / "python", "-m", "adjudicator", "rulings", "show", "R38"], cwd=ROOT)
    assert ran.returncode == 0, ran.stderr
    assert "Swap Plays for Draws" in ran.stdout


def test_installed_word_fluxx_reads_its_word_lists(installed):
    """The word lists and the CMU data are package data: a Word Fluxx replay finds them."""
    bin_dir, work = installed
    scenario = work / "knit.yaml"
    shutil.copy(ROOT / "scenarios" / "word" / "silent-letter.yaml", scenario)
    replay = _run([bin_dir / "adjudicator", "replay", scenario.name], cwd=work)
    assert replay.returncode == 0, replay.stderr
    assert "by spelling KNIT (the K of KNIT is silent: kn- at the start)" in replay.stdout


def _version() -> str:
    from importlib.metadata import version

    return version("adjudicator")


def _printed_paths(text: str) -> list[str]:
    """The bundled scenario paths a command printed, in order, each once."""
    return list(dict.fromkeys(re.findall(r"\bscenarios/[\w./-]+\.yaml\b", text)))


def test_bundled_paths_work_from_any_folder(installed):
    """Every path the tool prints (the README's, `rulings show`'s, `house-rules impact`'s and
    `examples`') can be pasted back into it from a folder with no `scenarios/` of its own."""
    bin_dir, work = installed
    adjudicator = bin_dir / "adjudicator"
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup_line = re.search(r"^pip install \. && (adjudicator replay (scenarios/\S+))$", readme, re.M)
    assert setup_line, "the README's Set-up replays a bundled example"
    ran = _run(shlex.split(setup_line[1].replace("adjudicator", str(adjudicator), 1)), cwd=elsewhere)
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr.startswith(f"using the bundled {setup_line[2]} (") and "Verdict" in ran.stdout

    shown = _printed_paths(_run([adjudicator, "rulings", "show", "R38"], cwd=elsewhere).stdout)
    impact = _printed_paths(_run([adjudicator, "house-rules", "impact", "tie=shared"], cwd=elsewhere).stdout)
    listed = _run([adjudicator, "examples"], cwd=elsewhere)
    assert listed.returncode == 0, listed.stderr
    examples = _printed_paths(listed.stdout)
    assert shown and impact and len(examples) == len(list((ROOT / "scenarios").rglob("*.yaml")))
    for path in [*shown[:2], *impact[:2], *examples[:3]]:  # one process each: a few of each
        replayed = _run([adjudicator, "replay", "--json", path], cwd=elsewhere)
        assert replayed.returncode == 0, f"{path}: {replayed.stderr}"
        assert json.loads(replayed.stdout)["title"]
    every = list(dict.fromkeys([*shown, *impact, *examples]))
    checked = _run([adjudicator, "check", *every], cwd=elsewhere)  # every one, in one process
    assert checked.returncode == 0, checked.stdout[-2000:] + checked.stderr[-2000:]
    assert "with errors" not in checked.stdout and checked.stderr.count("using the bundled") == len(every)


def test_examples_copies_a_bundled_scenario_to_edit(installed):
    bin_dir, work = installed
    folder = work / "copied"
    folder.mkdir()
    wrote = _run([bin_dir / "adjudicator", "examples", "draw2-use-em-chain"], cwd=folder)
    assert wrote.returncode == 0, wrote.stderr
    copy = folder / "draw2-use-em-chain.yaml"
    assert copy.read_bytes() == (ROOT / "scenarios" / "examples" / copy.name).read_bytes()
    assert "adjudicator replay draw2-use-em-chain.yaml" in wrote.stdout
    again = _run([bin_dir / "adjudicator", "examples", "draw2-use-em-chain"], cwd=folder)
    assert again.returncode == 2 and "--force" in again.stderr
    replayed = _run([bin_dir / "adjudicator", "replay", copy.name], cwd=folder)
    assert replayed.returncode == 0 and not replayed.stderr  # the copy here, not the bundled one
