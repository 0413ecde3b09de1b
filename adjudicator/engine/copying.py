"""Copies of a game that run on their own (`fork`), for trying what an event would do.

The replay uses one to see what the start of the next turn would ask (`replay`), and the
legal-event generator to bring a copy to the position an event meets (`legal`).
"""

from __future__ import annotations

import copy
import random
import types
from collections.abc import Iterable
from typing import Any

from adjudicator.cards.kinds import REGISTRY
from adjudicator.cards.model import NO_CHOICE, UNKNOWN
from adjudicator.engine.game import Game


def fork(game: Game) -> Game:
    """An independent copy of the game: same cards (cards are identities, never copied), same
    scenario, copies of every zone, of the random generator and of the agenda's and pending
    choices' closures (rebound to the copy), so whatever runs on the copy leaves `game` alone.
    Callables live only in the agenda and in pending choices; a new place that keeps one must
    be added to the roots below, or the copy would act on the original."""
    memo: dict[int, Any] = {id(card): card for card in game.scenario.catalog.all_cards()}
    memo[id(UNKNOWN)] = UNKNOWN
    memo[id(NO_CHOICE)] = NO_CHOICE  # compared by identity
    memo[id(game.scenario)] = game.scenario
    for kind in REGISTRY.values():
        memo[id(kind)] = kind
    memo[id(game.steps)] = list(game.steps)  # step records are frozen: shared
    rng = random.Random()
    rng.setstate(game.rng.getstate())  # much faster than deepcopy's walk through the state tuple
    memo[id(game.rng)] = rng
    shells: list[tuple[types.FunctionType, types.FunctionType]] = []
    _function_shells([*game.agenda, *(choice.then for choice in game.pending)], memo, shells)
    copied = copy.deepcopy(game, memo)
    for original, shell in shells:
        shell.__defaults__ = copy.deepcopy(original.__defaults__, memo)
        shell.__kwdefaults__ = copy.deepcopy(original.__kwdefaults__, memo)
        for cell, old in zip(shell.__closure__ or (), original.__closure__ or ()):
            try:
                contents = old.cell_contents
            except ValueError:  # a cell not filled yet
                continue
            cell.cell_contents = copy.deepcopy(contents, memo)
    return copied


def _function_shells(roots: Iterable[Any], memo: dict[int, Any],
                     shells: list[tuple[types.FunctionType, types.FunctionType]]) -> None:
    """deepcopy shares functions; a closure over the game must be rebuilt around the copy.
    Make an empty copy of every function reachable from roots (through closures, defaults and
    lists; deepcopy rebinds bound methods by itself) and register it in memo; its cells are
    filled once the game is copied."""
    todo = list(roots)
    while todo:
        item = todo.pop()
        if isinstance(item, (list, tuple)):
            todo.extend(item)
        elif isinstance(item, types.FunctionType) and id(item) not in memo:
            closure = tuple(types.CellType() for _ in item.__closure__ or ())
            shell = types.FunctionType(item.__code__, item.__globals__, item.__name__, None, closure or None)
            shell.__qualname__ = item.__qualname__
            memo[id(item)] = shell
            shells.append((item, shell))
            todo.extend(item.__defaults__ or ())
            todo.extend((item.__kwdefaults__ or {}).values())
            for cell in item.__closure__ or ():
                try:
                    todo.append(cell.cell_contents)
                except ValueError:
                    pass
