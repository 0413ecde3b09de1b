"""Card kinds. Importing this package registers every built kind."""

from adjudicator.cards.kinds import (  # noqa: F401
    actions,
    free_actions,
    goals,
    hand_actions,
    keepers,
    modifiers,
    nested_actions,
    rules,
    surprises,
    table_actions,
    word_goals,
)
from adjudicator.cards.kinds.base import (
    REGISTRY,
    Kind,
    Word,
    choice_words,
    default_kind,
    is_supported,
    kind_of,
    register,
    word_choice,
)
from adjudicator.cards.kinds.params import Param

__all__ = [
    "REGISTRY",
    "Kind",
    "Param",
    "Word",
    "choice_words",
    "default_kind",
    "is_supported",
    "kind_of",
    "register",
    "word_choice",
]
