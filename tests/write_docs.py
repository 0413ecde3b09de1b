"""Write the generated parts of the docs again (the house-rules page's `impact` sample, whose
totals change with every scenario added): `python tests/write_docs.py`, from any folder. The
package imported is this checkout's, not an installed one."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_docs import HOUSE_RULES_PAGE, house_rules_page_now  # noqa: E402 - after the path is set

if __name__ == "__main__":
    HOUSE_RULES_PAGE.write_text(house_rules_page_now(), encoding="utf-8")
