"""The starter scenario `adjudicator new` writes: every top-level key with a comment saying
what it is for, a tiny position, two events and an `expect` block that the replay meets,
so the file passes `adjudicator check` before the user changes anything."""

from __future__ import annotations

import re

TEMPLATE = """\
# A Fluxx dispute as a scenario file. Replay it with `adjudicator replay {file_hint}`;
# `adjudicator check {file_hint}` compares the replay with the `expect` block below.

format: 1  # the version of the scenario format

title: {first} plays the two Keepers the Goal needs  # one line that names the dispute

# The dispute in words; `replay` also suggests rulings related to it ("see also").
question: >
  {first} has Milk and Cookies in hand and the Goal is Milk and Cookies.
  Does {first} {outcome} as soon as the second Keeper is down?

players: {players}  # {players_comment}

# decks: [fluxx5, creeper_pack]  # card sets the file may use (default: every built-in set)
cards: []        # extra cards defined here (house cards, cards of other editions)
house_rules: {{}}  # house-rule name -> value; the default is the official rules
seed: 0          # fixes every random step (shuffles, random picks)

# The position before the events. The Basic Rules (Draw 1, Play 1) are always in play.
setup:
  turn: {first_value}  # whose turn it is
  phase: play  # deal / start (the draw comes first) / play (already drawn) / end
  rules: [Play 2]  # New Rules in play
  goals: [Milk and Cookies]
  hands:  # player -> cards in hand
{hands}
  in_play:  # player -> Keepers and Creepers in front of them
{in_play}
  draw_pile: [The Sun, The Moon, Dreams]  # top card first
{rules_pile}
# What happened, in order: "P plays CARD", "P plays CARD -> CHOICES", "P uses CARD",
# "P discards A, B", "P keeps A, B", "P chooses A, B".
events:
  - {first} plays Milk
  - {first} plays Cookies

# What the replay must show; `check` reports every difference (all keys are optional).
expect:
{expect}
"""

_MANY_PLAYERS = """\
  winner: {first}
  in_play: {{{first}: [Milk, Cookies]}}
  rulings: [B-instant-win]  # ruling ids the replay must cite"""

# Solo Fluxx: the Goal is scored (its Keepers go to the discard pile), not won, and the game
# ends when a deck runs out, so the Rules deck needs a card for the flip after this turn.
_SOLO_RULES_PILE = "  rules_pile: [Play 3, Keeper Limit 4]  # Solo Fluxx: the New Rules deck, top card first\n"
_SOLO = """\
  goals_won: {{{first}: 1}}  # Solo Fluxx scores Goals
  in_play: {{{first}: []}}  # the Keepers that scored are discarded
  rules: [Play 3]  # the Rules deck's top card, flipped after the turn, took the place of Play 2
  rulings: [B-solo]  # ruling ids the replay must cite"""

#: Cards for the other players' hands and tables, so the position looks like a game; the
#: players after the fifth other one start with none (each card has one copy).
_OTHER_HANDS = ("Bread", "Chocolate", "Television", "Sleep", "Love")
_OTHER_KEEPERS = ("Time", "Money", "Music", "Peace", "The Rocket")


#: A player name that needs no quoting in YAML: a letter (any script: Zoë, 李), then letters,
#: digits, spaces, - or _.
NAME = re.compile(r"^[^\W\d_][\w -]*$")


def yaml_value(name: str) -> str:
    """The name as a YAML value: quoted when YAML would read it as something else (Yes, No,
    On and Off are booleans, null is nothing), as it is otherwise."""
    import yaml

    return name if yaml.safe_load(name) == name else f"'{name}'"


def starter_scenario(players: list[str], file_hint: str = "FILE") -> str:
    """The starter text for these players (each must match NAME)."""
    first, others = players[0], players[1:]
    value = {name: yaml_value(name) for name in players}
    hands = [f"    {value[first]}: [Milk, Cookies, Draw 3]"]
    hands += [f"    {value[p]}: [{', '.join(_OTHER_HANDS[i : i + 1])}]" for i, p in enumerate(others)]
    in_play = [f"    {value[p]}: [{', '.join(_OTHER_KEEPERS[i : i + 1])}]" for i, p in enumerate(others)]
    solo = not others
    return TEMPLATE.format(
        first=first,
        players="[" + ", ".join(value[p] for p in players) + "]",
        first_value=value[first],
        outcome="score the Goal" if solo else "win",
        players_comment="one player: Solo Fluxx"
        if solo
        else "names in seating order, clockwise (1 player: Solo Fluxx)",
        hands="\n".join(hands),
        in_play="\n".join(in_play) or f"    {value[first]}: []",
        rules_pile=_SOLO_RULES_PILE if solo else "",
        expect=(_SOLO if solo else _MANY_PLAYERS).format(first=value[first]),
        file_hint=file_hint,
    )
