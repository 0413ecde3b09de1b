"""Screenshots of the HTML reports for the docs: `python docs/pictures/shoot.py` from the
repository's root, with Debian's Chromium (/usr/bin/chromium) and playwright installed
(`pip install '.[test]'`). Each report is shot at a desktop width (its top) and at a phone
width (scrolled to the board)."""

import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tests"))
from chromium import launch  # noqa: E402  (the browser as the browser tests launch it)

REPORTS = {
    "dispute-5.0": ["replay", "--format", "html", "scenarios/examples/canceled-plans-at-a-table-of-three.yaml"],
    "word-fluxx": ["replay", "--format", "html", "scenarios/word/rhyme-two-words.yaml"],
    "explore": ["explore", "--format", "html", "--at", "2", "scenarios/surprises/R52-canceled-plans-stops-a-win.yaml"],
}
#: name: (width, height, pixels per CSS pixel)
WIDTHS = {"desktop": (1280, 860, 1), "phone": (390, 844, 2)}


def main() -> None:
    with sync_playwright() as driver:
        browser = launch(driver)
        for name, command in REPORTS.items():
            page_file = HERE / f"{name}.html"
            made = subprocess.run(
                [sys.executable, "-m", "adjudicator", *command], cwd=ROOT, capture_output=True, text=True
            )
            page_file.write_text(made.stdout, encoding="utf-8")
            for width_name, (width, height, scale) in WIDTHS.items():
                page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=scale)
                page.goto(page_file.as_uri())
                if width_name == "phone":
                    page.evaluate("document.querySelector('.viewer').scrollIntoView()")
                page.screenshot(path=str(HERE / f"{name}-{width_name}.png"))
                page.close()
            page_file.unlink()
        browser.close()


if __name__ == "__main__":
    main()
