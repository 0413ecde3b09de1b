"""The rules engine: state, derived rules, the turn, legality and resolution."""
