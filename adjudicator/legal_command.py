"""`adjudicator legal FILE`: what may each player send next?

The file's events are replayed (without the end-of-file steps, so the last play's response
window is still open and Surprises may answer it) and the engine's own generator
(`engine.legal`) lists every legal next event, grouped by player. A play that asks for
choices is listed with its `-> ...` forms. When the replay stops (an event came while a
choice was waiting), the list is that of the stopping event's position: what could have
come there instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from adjudicator.model.events import CARD_ACTIONS, Action

if TYPE_CHECKING:
    from adjudicator.engine.game import Game
    from adjudicator.model.events import Event
    from adjudicator.model.scenario import Scenario


# Every use of the engine goes through these functions (one place to switch to `Game.push`).
def replay_events(scenario: Scenario, events: Sequence[Event]) -> Game:
    """The game after these events, without the end-of-file steps (the next event may still come)."""
    from adjudicator.engine.replay import play_events

    return play_events(scenario, events)


def finished_winner(game: Game) -> str | None:
    """Who has won once the open windows have closed (the replay's end-of-file steps, on a copy)."""
    finished = game.copy()
    finished.finish()
    return finished.winner


def legal_options(game: Game, number: int) -> tuple[list[Event], list[str]]:
    """The legal events numbered `number`, and the pending choices no event can answer."""
    from adjudicator.engine.legal import explore

    options = explore(game, number)
    return options.events, options.unanswerable


@dataclass
class Position:
    """Where the next event would come and what may come there."""

    number: int
    game: Game
    events: list[Event]
    unanswerable: list[str]
    stopped: str | None = None  # why the file's replay stopped (the list is for the stopping event)
    #: who wins as the open response window closes, when nothing can come before
    winner_when_closed: str | None = None
    #: Solo Fluxx: why the game is over (a deck ran out), when it is
    over: str | None = None


def next_events(scenario: Scenario) -> Position:
    events = scenario.events
    game = replay_events(scenario, events)
    stopped = None
    if game.stopped:
        stopped = game.stopped
        stop_at = next(step.event for step in reversed(game.steps) if step.event is not None)
        events = tuple(e for e in events if e.number < stop_at)
        game = replay_events(scenario, events)
    number = events[-1].number + 1 if events else 1
    legal, unanswerable = legal_options(game, number)
    winner = finished_winner(game) if not legal and not game.winner else None
    return Position(number, game, legal, unanswerable, stopped, winner, game.ended)


def event_json(event: Event, game: Game | None = None) -> dict[str, Any]:
    from adjudicator.engine.legal import scenario_item

    return {
        "text": event.text,
        "player": event.player,
        "action": str(event.action),
        "card": event.card.name if event.card is not None else None,
        "choices": [str(choice) for choice in event.choices],
        "item": scenario_item(event),
        "chance": chance_forms(game, event) if game is not None else [],
    }


def chance_forms(game: Game, event: Event) -> list[str]:
    """How the event may state what chance brings as its card resolves (engine/chance.py)."""
    from adjudicator.cards.kinds import REGISTRY, kind_of
    from adjudicator.model.position import Play

    if event.action != Action.PLAY or event.card is None or event.card.kind not in REGISTRY:
        return []
    play = Play(player=event.player, card=event.card, event=event.number, answers=list(event.choices))
    return kind_of(event.card).chance_forms(game, play)


def chance_now(game: Game) -> list[str]:
    """The random steps due before any next event, and how an event states them: a forced play
    picked at random (First Play Random), a choice that offers a discard at random (R57)."""
    from adjudicator.cards.kinds import kind_of
    from adjudicator.engine.copying import chance_aside
    from adjudicator.model.chance import names

    forms = []
    trial = game.copy()
    trial.close_window()
    with chance_aside(trial):
        forced = [kind_of(rule).forced_play(trial, rule) for rule in list(trial.table.rules)]
    if any(f is not None for f in forced) and not trial.pending:
        player = trial.turn.player
        forms.append(
            f"{player}'s next play is picked at random: `{player} plays CARD at random` states it "
            f"(CARD: {names(trial.table.hands[player])})"
        )
    for choice in game.pending:
        if any(str(option) == "random" for option in choice.options):
            forms.append(
                f"{choice.player} may discard at random: `{choice.player} discards CARD at random` states the "
                f"card (CARD: {names(game.table.hands[choice.player])})"
            )
    return forms


def to_json(position: Position, players: Sequence[str]) -> dict[str, Any]:
    game = position.game
    return {
        "event": position.number,
        "winner": game.winner or position.winner_when_closed,
        "over": position.over,
        "stopped": position.stopped,
        "turn": game.turn.player,
        "phase": str(game.turn.phase),
        "where": where(game),
        "plays_left": game.plays_left(),
        "temp_hands": [
            {
                "player": f.player,
                "source": f.source.card.name,
                "cards": [c.name for c in f.cards],
                "plays_owed": game.plays_owed_from(f),
            }
            for f in game.temp_hands
        ],
        "players": {player: [event_json(e, game) for e in position.events if e.player == player] for player in players},
        "unanswerable": position.unanswerable,
        "chance": chance_now(game),
    }


def _grouped(events: Sequence[Event], game: Game) -> list[tuple[str, list[str], list[str]]]:
    """(the bare event, its `-> choices` variants, the forms stating its chance), in the
    generator's order: a play or use and its stated-choice forms on one line; the answers to a
    choice by verb."""
    from adjudicator.engine.legal import what_declining_does

    groups: dict[tuple, tuple[str, list[str], list[str]]] = {}
    for event in events:
        if event.action in CARD_ACTIONS:
            key = (event.action, event.card.name if event.card else "")
            bare = event.text.split(" -> ")[0]
            head, variants, forms = groups.setdefault(key, (bare, [], []))
            if event.choices:
                variants.append(", ".join(map(str, event.choices)))
            forms += [f for f in chance_forms(game, event) if f not in forms]
        else:
            key = (event.action, "")
            verb = event.text.split(" ")[1] if " " in event.text else event.action
            head, variants, _ = groups.setdefault(key, (f"{event.player} {verb}", [], []))
            if event.action == Action.DECLINE:
                variants.append(f"({what_declining_does(game, event.number) or 'nothing waits'})")
            else:
                variants.append(", ".join(map(str, event.choices)) or "(nothing)")
    return list(groups.values())


def where(game: Game) -> str:
    """Where the turn stands, in words."""
    from adjudicator.model.position import Phase

    turn = game.turn
    if game.temp_hands and turn.phase is not Phase.OVER:
        # a compound Action is resolving: its plays are owed first, whatever the Play rule has left (0 or more)
        frame = game.temp_hands[-1]
        owed = game.plays_owed_from(frame)
        left = game.plays_left()
        return (
            f"{turn.player}'s turn, {owed} play{'s' if owed != 1 else ''} owed from the temporary hand of "
            f"{frame.source.card}" + (f", then {left} play{'s' if left != 1 else ''} left" if left else "")
        )
    if turn.phase is Phase.PLAY:
        left = game.plays_left()
        return f"{turn.player}'s turn, {left} play{'s' if left != 1 else ''} left"
    if turn.phase is Phase.PLAY_OVER:
        return f"{turn.player}'s turn, plays done: the turn ends at the next event but her free actions"
    if turn.phase is Phase.OVER:
        return f"{turn.player}'s turn is over; {game.next_player()} plays next"
    return f"{turn.player}'s turn ({turn.phase})"


def render(position: Position, players: Sequence[str], console: Any, path: str) -> None:
    from rich.markup import escape  # here: `legal --json` runs without rich

    game = position.game
    if position.stopped:
        console.print(
            f"[red]The replay of {escape(str(path))} stops at event {position.number}:[/] {escape(position.stopped)}"
        )
        console.print(f"What could have come at event {position.number} instead:")
    if game.winner:
        console.print(f"The game is over: {escape(game.winner)} won. No event is legal.")
        return
    if position.over:
        console.print(f"The game is over: {escape(position.over)}. No event is legal.")
        return
    if position.winner_when_closed:
        console.print(
            f"No event is legal: {escape(position.winner_when_closed)} wins as the open response window closes."
        )
        return
    console.print(f"[bold]Legal events at event {position.number}[/] ({escape(where(game))}):")
    for player in players:
        groups = _grouped([e for e in position.events if e.player == player], game)
        if not groups:
            console.print(f"  [bold]{escape(player)}[/]: nothing")
            continue
        console.print(f"  [bold]{escape(player)}[/]:")
        for head, variants, forms in groups:
            line = f"    {escape(head)}"
            if variants and head.startswith((f"{player} plays ", f"{player} uses ")):  # "Mary Ann plays ..."
                line += " [dim](or with choices: -> " + escape(" | -> ".join(variants)) + ")[/]"
            elif variants:
                line += " " + escape(" | ".join(variants))
            console.print(line, highlight=False)
            for form in forms:
                console.print(f"      [dim]chance stated: {escape(form)}[/]", highlight=False)
    for form in chance_now(game):
        console.print(f"[dim]Chance: {escape(form)}[/]", highlight=False)
    for text in position.unanswerable:
        console.print(f"[red]A choice nobody can answer:[/] {escape(text)}")


def command(path: str, player: str | None, json_output: bool) -> None:
    """Load, list, print. Raises ScenarioError for a bad file or an unknown player."""
    import json
    import sys

    from adjudicator import output
    from adjudicator.model.errors import ScenarioError

    scenario = output.read_scenario(path)  # `-`: from stdin
    position = next_events(scenario)
    players = list(position.game.players)
    if player is not None:
        players = [p for p in players if p.casefold() == player.strip().casefold()]
        if not players:
            from adjudicator.model.names import suggest

            raise ScenarioError(
                f"no player {player!r} (players: {', '.join(position.game.players)})",
                path=str(path),
                suggestions=suggest(player, position.game.players, 1),
            )
    if json_output:
        sys.stdout.write(json.dumps(to_json(position, players), indent=2, ensure_ascii=False) + "\n")
        return
    render(position, players, output.console(), path)
