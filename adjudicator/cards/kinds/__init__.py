"""Card kinds. Importing this package registers every built kind."""

from adjudicator.cards.kinds.base import REGISTRY, Kind, Param, default_kind, is_supported, kind_of, register
from adjudicator.cards.kinds import actions, free_actions, goals, keepers, modifiers, rules  # noqa: F401  (registration)

__all__ = ["REGISTRY", "Kind", "Param", "default_kind", "is_supported", "kind_of", "register"]
