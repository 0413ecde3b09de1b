"""`adjudicator rulings ...` and `adjudicator cards ...`: the knowledge base on the command line.

Only typer and the standard library are imported here: the CLI imports this package
at start-up, so the records, rich, rapidfuzz, networkx and the engine are imported
inside the commands that need them. Importing the command modules registers their
commands on the two apps.
"""

from adjudicator.rulings.commands import coverage, reading
from adjudicator.rulings.commands.common import cards_app, rulings_app

__all__ = ["cards_app", "coverage", "reading", "rulings_app"]
