"""Where the files the commands read besides the package's own data are: the scenario suite,
the docs pages and the README. An installed package carries them in `_bundled/` (the build
copies them there, setup.py); a checkout keeps them at the repository's top level."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
INSTALLED = PACKAGE / "_bundled"
CHECKOUT = PACKAGE.parent


def _base() -> Path | None:
    if INSTALLED.is_dir():
        return INSTALLED
    # Only a checkout: an installed package's parent is site-packages, where another
    # distribution may have left a folder named `scenarios` or `docs`.
    if (CHECKOUT / "pyproject.toml").is_file() and (CHECKOUT / "adjudicator").is_dir():
        return CHECKOUT
    return None


def bundled(name: str) -> Path | None:
    """The bundled file or folder (`scenarios`, `docs`, `README.md`), or None when it is missing."""
    base = _base()
    path = base / name if base is not None else None
    return path if path is not None and path.exists() else None


def shown(path: Path) -> str:
    """A path as a message shows it: in a checkout relative to the working folder when inside it
    (a path to type), else to the bundle (`scenarios/rules/...`); in an installed package
    relative to the bundle first (not `venv/lib/python3.11/site-packages/...` from a folder
    that holds the environment); else as given."""
    base = _base()
    resolved = path.resolve()
    for folder in (base, Path.cwd()) if base == INSTALLED else (Path.cwd(), base):
        if folder is not None:
            try:
                return resolved.relative_to(folder.resolve()).as_posix()
            except ValueError:
                continue
    return str(path)


def located(path: Path) -> Path | None:
    """The bundled file or folder that `path` names when the working folder has nothing there:
    `scenarios/examples/draw2-use-em-chain.yaml` (as the README, `rulings show`, `house-rules
    impact` and `examples` print it) works from any folder. None: use `path` as it is."""
    if path.is_absolute() or path.exists() or not path.parts or path.parts[0] != "scenarios":
        return None
    base = _base()
    found = base / path if base is not None else None
    return found if found is not None and found.exists() else None


def resolved(path: Path, say: Callable[[str], None]) -> Path:
    """`path`, or the bundled file it names (see `located`), said in one line through `say`."""
    found = located(path)
    if found is None:
        return path
    say(f"using the bundled {path.as_posix()} ({found})")
    return found
