"""The rulings knowledge base: one YAML record per ruling, shipped as package data in records/."""
