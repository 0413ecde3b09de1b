"""adjudicator: settle Fluxx rules disputes by replaying them through a rules engine.

Layout:
  loading/  scenario files (YAML with line numbers) -> validated Scenario
  cards/    card data (deck files) and the registry of card kinds (behaviour by kind)
  engine/   the rules engine: Game state, derived rules, turn structure, legality
  log/      typed step records and their rendering
  rulings/  the rulings knowledge base (records in rulings/records/)
  cli.py    the typer command line (imports heavy modules lazily)
  output.py what every command shares about output: console, JSON, errors, stdin
  starter.py  the commented scenario `adjudicator new` writes
"""

__version__ = "0.1.0"
