"""What every command shares about output: a console that does not hard-wrap piped output,
JSON on stdout, reading a scenario from a file or from stdin (`-`), and bad input reported as
text or, with --json, as a JSON object; both exit with code 2.

Only the standard library and typer are imported here: the CLI imports this at start-up.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from adjudicator.model.errors import ScenarioError
    from adjudicator.model.scenario import Scenario

EXIT_BAD_INPUT = 2
STDIN = "-"
STDIN_NAME = "<stdin>"
PIPED_WIDTH = 1000  # wide enough that no line is broken when output goes to a file or a pipe


def console(stderr: bool = False) -> Console:
    """A rich console; on a terminal it wraps at the terminal's width, elsewhere lines stay whole."""
    import os

    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() or os.environ.get("COLUMNS") else PIPED_WIDTH
    return Console(file=stream, highlight=False, width=width)


def hanging(prefix: str, body: Any) -> Any:
    """A line whose wrapped lines keep the indent of its text (rich markup or renderables): the
    prefix (`  12. `, `  R38  `) in a column of its own, the body wrapping beside it."""
    from rich.table import Table

    grid = Table.grid()
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(prefix, body)
    return grid


def write_json(data: Any) -> None:
    import json

    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def error_data(
    message: str,
    *,
    code: str,
    file: str | None = None,
    line: int | None = None,
    suggestions: tuple[str, ...] | list[str] = (),
) -> dict[str, Any]:
    """The `error` object of the JSON output."""
    return {"file": file, "line": line, "message": message, "code": code, "suggestions": list(suggestions)}


def scenario_error_data(exc: ScenarioError) -> dict[str, Any]:
    """The first mistake of a file as the `error` object, with every mistake of it (the first
    too) in `mistakes`, in the order of their lines: {file, line, column, message, suggestions}."""
    code = "no-such-file" if exc.message == "no such file" else "invalid-scenario"
    data = error_data(exc.message, code=code, file=exc.path, line=exc.line, suggestions=exc.suggestions)
    if all(m.line is None for m in exc.mistakes):
        return data  # not a mistake in a file's text: no such file, a bad option
    data["column"] = exc.column
    data["mistakes"] = [
        {
            "file": m.path or exc.path,
            "line": m.line,
            "column": m.column,
            "message": m.message,
            "suggestions": list(m.suggestions),
        }
        for m in exc.mistakes
    ]
    return data


def error_text(error: dict[str, Any]) -> str:
    """The same error as one line: FILE:LINE: message (did you mean ...?)."""
    where = error["file"] or ""
    if error["line"] is not None:
        where += f":{error['line']}"
    text = f"{where}: {error['message']}" if where else error["message"]
    if error["suggestions"]:
        text += " (did you mean " + " or ".join(repr(s) for s in error["suggestions"]) + "?)"
    return text


def mistake_lines(error: dict[str, Any]) -> list[str] | None:
    """A file's mistakes as linters write them, one a line, in the order of their lines, then
    their count: `FILE:LINE:COL: what is wrong — did you mean 'FORM'?`. None for an error
    that no line of a file holds (no such file, a bad option): `error_text` says it."""
    found = error.get("mistakes") or []
    if not any(m["line"] is not None for m in found):
        return None
    lines = []
    for m in found:
        where = ":".join(str(part) for part in (m["file"] or "", m["line"], m["column"]) if part not in (None, ""))
        text = f"{where}: {m['message']}" if where else m["message"]
        if m["suggestions"]:
            text += " — did you mean " + " or ".join(repr(s) for s in m["suggestions"]) + "?"
        lines.append(text)
    lines.append(f"Found {len(found)} mistake{'s' if len(found) != 1 else ''}.")
    return lines


def fail(error: dict[str, Any], json_output: bool = False) -> NoReturn:
    """Report bad input (as JSON on stdout with --json, else on stderr: a file's mistakes one a
    line, any other error as one line) and exit 2."""
    if json_output:
        write_json({"error": error})
    elif (lines := mistake_lines(error)) is not None:
        sys.stderr.write("".join(line + "\n" for line in lines))
    else:
        sys.stderr.write(f"error: {error_text(error)}\n")
    raise typer.Exit(EXIT_BAD_INPUT)


def shown_name(path: Path | str) -> str:
    """How messages name a scenario argument: its path, or <stdin> for `-`."""
    return STDIN_NAME if str(path) == STDIN else str(path)


def read_scenario(
    path: Path | str, house_rules: Mapping[str, Any] | None = None, card_files: Sequence[Path | str] = ()
) -> Scenario:
    """Load a scenario from a file, or from stdin when the path is `-` (messages then say <stdin>:LINE);
    `house_rules` (switch -> value) override the file's own; `card_files` are house-card libraries
    (`--cards`). A bundled scenario's path (`scenarios/...`) works from any folder (bundled.py)."""
    from adjudicator.bundled import resolved
    from adjudicator.loading.scenario import load_scenario, parse_scenario

    if str(path) == STDIN:
        return parse_scenario(read_stdin(), STDIN_NAME, house_rules, card_files)
    return load_scenario(resolved(Path(path), note), house_rules, card_files)


def note(line: str) -> None:
    """A line for the person at the terminal beside the output (on stderr: stdout stays the result)."""
    sys.stderr.write(line + "\n")


def read_stdin() -> str:
    """The scenario on stdin, read as bytes and checked as a file is: the same size cap and the
    same "not UTF-8 text" message for a bad byte (not an engine failure)."""
    from adjudicator.loading.scenario import MAX_FILE_BYTES, decode
    from adjudicator.model.errors import ScenarioError

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream with no bytes under it (a test harness): already decoded
        return sys.stdin.read(MAX_FILE_BYTES + 1)
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioError(
            f"the input is larger than {MAX_FILE_BYTES // 2**20} MB, the most a scenario may be", path=STDIN_NAME
        )
    return decode(data, STDIN_NAME)


def crash_data(exc: BaseException, file: str | None = None) -> dict[str, Any]:
    """An unexpected failure of the engine, as an error for its file (the type and message, no traceback)."""
    return error_data(
        f"the engine failed on this scenario: {type(exc).__name__}: {exc}", code="engine-crash", file=file
    )
