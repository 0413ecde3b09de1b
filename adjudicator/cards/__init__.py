"""Cards are data (deck files under decks/); behaviour is attached by kind (kinds/)."""
