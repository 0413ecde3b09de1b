"""The build copies what the commands read besides the package's own data into the package:
the scenario suite (`house-rules impact` replays it, `rulings show` lists the scenarios that
prove a ruling), the docs pages and the README (`adjudicator docs`). The repository keeps
them at its top level, where their relative links work; an installed package finds them in
adjudicator/_bundled/ (adjudicator/bundled.py). Everything else is in pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED = {"scenarios": ("**/*.yaml", "**/*.yml"), "docs": ("*.md", "*.json"), ".": ("README.md",)}


def bundled_files() -> list[tuple[Path, str]]:
    """(source file, its path under adjudicator/_bundled/)."""
    found = []
    for folder, patterns in BUNDLED.items():
        for pattern in patterns:
            for path in sorted((ROOT / folder).glob(pattern)):
                found.append((path, path.relative_to(ROOT).as_posix()))
    return found


class BuildWithBundledFiles(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):  # an editable install reads them in the checkout
            return
        for source, name in bundled_files():
            target = Path(self.build_lib, "adjudicator", "_bundled", name)
            self.mkpath(str(target.parent))
            self.copy_file(str(source), str(target))


setup(cmdclass={"build_py": BuildWithBundledFiles})
