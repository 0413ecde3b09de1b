"""The bottom layer: cards, events, choices, the position's pieces, settings and errors as plain data.

Everything else imports from here, and nothing here imports from the rest of the package
(tests/test_architecture.py checks it). docs/architecture.md describes the layers above.
"""
