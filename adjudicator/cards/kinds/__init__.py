"""Card kinds. Importing this package registers every built kind."""

from adjudicator.cards.kinds.base import (REGISTRY, Kind, Param, Word, choice_words, default_kind, is_supported, kind_of,
                                          register, word_choice)
from adjudicator.cards.kinds import (actions, free_actions, goals, hand_actions, keepers,  # noqa: F401
                                     modifiers, nested_actions, rules, surprises, word_goals)

__all__ = ["REGISTRY", "Kind", "Param", "Word", "choice_words", "default_kind", "is_supported", "kind_of", "register",
           "word_choice"]
