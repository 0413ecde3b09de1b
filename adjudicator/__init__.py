"""adjudicator: settle Fluxx rules disputes by replaying them through a rules engine.

Layout, bottom layer first (docs/architecture.md):
  model/    plain data: cards, events, choices, the position's pieces, settings, errors, step records
  cards/    card data (deck files) and the registry of card kinds (behaviour by kind)
  engine/   the rules engine: Game, derived rules, turn structure, legality
  loading/  scenario files (YAML with line numbers) -> a validated Scenario of model objects
  log/      the log's outline, repeats and rendering
  rulings/  the rulings knowledge base (records in rulings/records/)
  cli.py    the typer command line (imports heavy modules lazily)
  output.py what every command shares about output: console, JSON, errors, stdin
  starter.py  the commented scenario `adjudicator new` writes
"""

__version__ = "0.1.0"
