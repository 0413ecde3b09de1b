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
  Does {first} win as soon as the second Keeper is down?

players: {players}  # names in seating order, clockwise (1 player: Solo Fluxx)

# decks: [fluxx5, creeper_pack]  # card sets the file may use (default: every built-in set)
cards: []        # extra cards defined here (house cards, cards of other editions)
house_rules: {{}}  # house-rule name -> value; the default is the official rules
seed: 0          # fixes every random step (shuffles, random picks)

# The position before the events. The Basic Rules (Draw 1, Play 1) are always in play.
setup:
  turn: {first}  # whose turn it is
  phase: play  # deal / start (the draw comes first) / play (already drawn) / end
  rules: [Play 2]  # New Rules in play
  goals: [Milk and Cookies]
  hands:  # player -> cards in hand
{hands}
  in_play:  # player -> Keepers and Creepers in front of them
{in_play}
  draw_pile: [The Sun, The Moon, Dreams]  # top card first

# What happened, in order: "P plays CARD", "P plays CARD -> CHOICES", "P uses CARD",
# "P discards A, B", "P keeps A, B", "P chooses A, B".
events:
  - {first} plays Milk
  - {first} plays Cookies

# What the replay must show; `check` reports every difference (all keys are optional).
expect:
  winner: {first}
  in_play: {{{first}: [Milk, Cookies]}}
  rulings: [B-instant-win]  # ruling ids the replay must cite
"""

#: Cards for the other players' hands and tables, so the position looks like a game.
_OTHER_HANDS = ("Bread", "Chocolate", "Television", "Sleep", "Love")
_OTHER_KEEPERS = ("Time", "Money", "Music", "Peace", "The Rocket")


NAME = re.compile(r"^[A-Za-z][A-Za-z0-9 _-]*$")  # a player name that needs no quoting in YAML


def starter_scenario(players: list[str], file_hint: str = "FILE") -> str:
    """The starter text for these players (each must match NAME)."""
    first, others = players[0], players[1:]
    hands = [f"    {first}: [Milk, Cookies, Draw 3]"]
    hands += [f"    {p}: [{_OTHER_HANDS[i % len(_OTHER_HANDS)]}]" for i, p in enumerate(others)]
    in_play = [f"    {p}: [{_OTHER_KEEPERS[i % len(_OTHER_KEEPERS)]}]" for i, p in enumerate(others)]
    return TEMPLATE.format(
        first=first,
        players="[" + ", ".join(players) + "]",
        hands="\n".join(hands),
        in_play="\n".join(in_play) or f"    {first}: []",
        file_hint=file_hint,
    )
