"""The keys of a scenario file, by section: read by the loader and by the messages about slips."""

TOP_KEYS = (
    "format",
    "title",
    "question",
    "players",
    "decks",
    "cards",
    "house_rules",
    "seed",
    "date",
    "dispute",
    "setup",
    "events",
    "expect",
)
SETUP_KEYS = (
    "turn",
    "phase",
    "drawn",
    "played",
    "rules",
    "goals",
    "hands",
    "in_play",
    "draw_pile",
    "discard",
    "rules_pile",
)
PHASES = ("deal", "start", "play", "end")
EXPECT_KEYS = (
    "winner",
    "turn",
    "turn_over",
    "plays_left",
    "hands",
    "hand_sizes",
    "in_play",
    "in_play_sizes",
    "rules",
    "goals",
    "discard_has",
    "draw_pile_size",
    "rejected",
    "rulings",
    "goals_won",
    "stopped",
    "summary",
)  # `stopped` and `summary` are this program's additions: the replay must (not) stop for a choice;
# the plain sentence that opens the answer
EVENT_KEYS = ("player", "action", "card", "choices", "at_random", "shuffled")
DISPUTED = "disputed"  # `- disputed: Alice plays Canceled Plans`: the event the table disputes
