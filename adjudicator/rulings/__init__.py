"""The rulings knowledge base: one record per ruling under the repository's rulings/ folder."""
