"""Debian's Chromium as the browser tests and the docs' screenshots launch it: headless, with
no network of its own and nothing downloaded (Playwright is pointed at the system's binary)."""

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch(driver):  # noqa: ANN001, ANN201 - playwright's driver and browser, typed by playwright
    """The system's Chromium, launched headless by a Playwright driver."""
    return driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
