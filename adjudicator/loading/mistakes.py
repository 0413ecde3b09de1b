"""Likely mistakes in a scenario file and the fix to name for each.

The YAML parser and the event grammar see a slip (a tab, a stray `: `, a comma inside a
card name, `=>` for `->`, a key at the wrong depth) as something else: parser jargon, or an
unknown card or key with a misleading "did you mean". These functions recognise the slip
from what was written and say how to write it. They run only once something failed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from adjudicator.loading.keys import EVENT_KEYS, EXPECT_KEYS, SETUP_KEYS, TOP_KEYS
from adjudicator.model.events import CARD_ACTIONS, Action

# ------------------------------------------------------------------ YAML


def yaml_problem(problem: str, context: str | None, line: int, column: int, context_line: int | None, text: str) -> str:
    """The parser's complaint about line `line` (1-based), said as the mistake that causes it."""
    lines = text.splitlines()
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    if problem == "found character that cannot start any token":
        char = here[column : column + 1]
        if char == "\t":
            return "a tab: YAML indents with spaces only; replace the tab with spaces"
        if char:
            return f"a value cannot start with {char!r} in YAML; put the value in quotes"
    if problem == "found undefined alias":
        return "a value cannot start with '*' in YAML (it marks an alias); put the value in quotes"
    if problem.startswith("mapping values are not allowed"):
        key, sep, value = here.lstrip(" -").partition(": ")
        inner = value.partition(": ")[0].strip()
        if sep and _is_key(inner):  # `expect: winner: Alice`
            return (
                f"`{inner}:` cannot follow `{key.strip()}:` on one line: put it on the next line, indented "
                f"below `{key.strip()}:`, or write {key.strip()}: {{{value.strip()}}}"
            )
        if sep and ": " in value:
            quoted = value.strip().replace("\\", "\\\\").replace('"', '\\"')
            return f'a ": " inside a value starts a mapping; put the value in quotes: {key}: "{quoted}"'
        return _misaligned(lines, line)
    if problem == "did not find expected key":
        return _misaligned(lines, line)
    if problem == "could not find expected ':'":
        return f"line {context_line or line} has no ':' after its key (write `key: value`)"
    if context == "while parsing a flow sequence" and context_line is not None:
        opened = lines[context_line - 1] if context_line <= len(lines) else ""
        if context_line == line and "'" in opened:
            return (
                f"an apostrophe in a name on line {line} ends its single quotes; write the name in "
                "double quotes (\"Draw 2 and Use 'Em\") or double the apostrophe ('Draw 2 and Use ''Em')"
            )
        return f"the list opened with '[' on line {context_line} is not closed with ']' on that line"
    if context == "while parsing a flow mapping" and context_line is not None:
        return f"the mapping opened with '{{' on line {context_line} is not closed with '}}' on that line"
    if context == "while scanning a quoted scalar" and context_line is not None:
        return f"the quote opened on line {context_line} is never closed"
    return problem


def _is_key(word: str) -> bool:
    """A key of the scenario format."""
    return word in (*TOP_KEYS, *SETUP_KEYS, *EXPECT_KEYS, *EVENT_KEYS)


def _misaligned(lines: list[str], line: int) -> str:
    """A key indented more or less than the keys of its mapping."""
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    above = next((text for text in reversed(lines[: line - 1]) if text.strip()), "")
    indent, above_indent = len(here) - len(here.lstrip(" ")), len(above) - len(above.lstrip(" "))
    how = "more" if indent > above_indent else "less" if indent < above_indent else "differently"
    return (
        f"line {line} is indented {how} than the line above it; the keys of one mapping start in the "
        "same column, and a key's value starts on its line or is indented below it"
    )


# ------------------------------------------------------------------ keys


def misplaced_key(key: str, where: str, sections: Mapping[str, Sequence[str]]) -> str | None:
    """`turn:` at the top level belongs under setup; `events:` under setup is a top-level key."""
    if where not in sections:
        return None
    homes = [name for name, keys in sections.items() if name != where and key in keys]
    if not homes:
        return None
    if homes[0] == "the scenario":
        return f"`{key}` is a top-level key, not part of `{where}`: move it to the left edge"
    placed = f"`{homes[0]}`" + "".join(f" (or `{h}`)" for h in homes[1:])
    return f"`{key}` belongs under {placed}: indent it below `{homes[0]}:`"


def nested_key(key: str, data: Mapping[str, Any]) -> tuple[str, Any] | None:
    """The mapping (name, node) that holds a missing top-level key: it was indented too far."""
    for name, node in data.items():
        if isinstance(node, dict) and key in node:
            return str(name), node
    return None


# ------------------------------------------------------------------ lists


def list_hint(value: Any) -> str:
    """How to write as a list what was written as one value."""
    if isinstance(value, (str, int, float)) and not isinstance(value, bool) and str(value).strip():
        return f": write [{str(value).strip()}]"
    return ""


def per_player_hint(key: str, value: Any, player: str) -> str:
    """`hands: [Milk, Cookies]`: the list belongs to a player."""
    if isinstance(value, list):
        return f": write {key}: {{{player}: [{', '.join(map(str, value))}]}}"
    return f" ({key}: {{{player}: ...}})"


def events_hint(value: Any) -> str:
    if isinstance(value, str):
        return ": put each event on its own line starting with '- ' (a dash and a space)"
    return " (it may be empty: [])"


#: Verbs written as keys of the mapping form, and the `action` each one means.
_VERB_KEYS = {
    "plays": Action.PLAY,
    "play": Action.PLAY,
    "uses": Action.USE,
    "use": Action.USE,
    "discards": Action.DISCARD,
    "keeps": Action.KEEP,
    "chooses": Action.CHOOSE,
    "spells": Action.SPELL,
}


def verb_key(item: Mapping[Any, Any]) -> tuple[str, str] | None:
    """`{player: Alice, plays: Milk}`: a verb used as a key. The key and the mapping to write."""
    for key, value in item.items():
        action = _VERB_KEYS.get(str(key).strip().lower())
        if action is None:
            continue
        listed = "[" + ", ".join(map(str, value)) + "]" if isinstance(value, list) else f"[{value}]" if value else "[]"
        what = f"card: {value}" if action in CARD_ACTIONS and not isinstance(value, list) else f"choices: {listed}"
        player = item.get("player", "PLAYER")
        return str(key), f"{{player: {player}, action: {action}, {what}}}"
    return None


#: Compiled when a message first needs it (re keeps it), as is `_ARROWS`: most runs make none.
_LONG_QUOTE = r"'([^'\n]{200,})'|\"([^\"\n]{200,})\""


def clip_long_quotes(message: str) -> str:
    """A message quoting a pasted blob quotes its first 60 characters and says how long it is."""

    def clip(found: re.Match[str]) -> str:
        text = found[1] if found[1] is not None else found[2]
        return f"'{text[:60]}...' ({len(text):,} characters)"

    return re.sub(_LONG_QUOTE, clip, message)


def event_shape(item: Any) -> str:
    """What an event entry that is neither a line nor a mapping is, said as the fix (`- ` left
    empty, a bracketed list, a bare number), not as a Python type name."""
    if item is None:
        return "an empty entry: write the event after the dash, or remove the dash"
    if isinstance(item, list):
        words = " ".join(str(word) for word in item if isinstance(word, (str, int)) and not isinstance(word, bool))
        example = f" ({words:.80})" if words.strip() else ""
        return f"a list: write it on one line without brackets{example}"
    return f"the value {item!r:.40}"


def comma_cut(items: Sequence[Any], index: int, is_card: Callable[[str], bool]) -> str | None:
    """The card name with a comma that a flow list (`[Draw 3, Play 2 of Them]`) cut in two at
    item `index`, when joining it with a neighbour names a card."""
    for first, second in ((index - 1, index), (index, index + 1)):
        if 0 <= first and second < len(items) and isinstance(items[first], str) and isinstance(items[second], str):
            joined = f"{items[first].strip()}, {items[second].strip()}"
            if is_card(joined):
                return joined
    return None


# ------------------------------------------------------------------ events

#: What people write for `->` (a choice follows), and the words that introduce a choice.
_ARROWS = r"\s*(=+>|-+\s*>|→|⇒|⟶|>|:|,|\()\s*"
_CHOICE_WORDS = {"to", "on", "at", "with", "targeting", "choosing", "chooses", "choose", "picks", "for", "against"}


#: A card's name is at most this many words: longer openings of a line are never tried as one
#: (every opening of a hostile 4 MB line, each looked up, was quadratic: minutes and gigabytes).
LONGEST_NAME_WORDS = 16


def arrow_fix(card_text: str, is_card: Callable[[str], bool], reads_as_choices: Callable[[str], bool]) -> str | None:
    """`Trade Hands => Bob`, `Trade Hands to Bob`, `Trade Hands Bob`: a card then its choices
    with another separator than `->`. Returns `CARD -> CHOICES`, or None."""
    spaced = re.sub(_ARROWS, lambda m: f" {m.group(1).replace(' ', '')} ", card_text)
    words = spaced.split()
    for size in range(min(len(words) - 1, LONGEST_NAME_WORDS), 0, -1):
        card = " ".join(words[:size])
        rest = words[size:]
        if not _is_word(words[size - 1]) or not is_card(card):
            continue
        separated = False
        while rest and (rest[0].lower() in _CHOICE_WORDS or not _is_word(rest[0])):
            rest, separated = rest[1:], True
        choices = " ".join(rest).replace(")", "").strip()
        if choices and (separated or reads_as_choices(choices)) and reads_as_choices(choices):
            return f"{card} -> {choices}"
    return None


def _is_word(token: str) -> bool:
    return any(ch.isalnum() for ch in token)


def mapping_event(item: Mapping[Any, Any]) -> tuple[str, str, str] | None:
    """`- Alice plays: Cookies` reads as the mapping {'Alice plays': 'Cookies'}: the line as
    written, the line without its colon and with `->` for it."""
    if len(item) != 1:
        return None
    ((key, value),) = item.items()
    if not isinstance(key, str) or isinstance(value, (dict, list)):
        return None
    value_text = "" if value is None else str(value)
    return f"{key}: {value_text}".strip(), f"{key} {value_text}".strip(), f"{key} -> {value_text}".strip()


#: Verbs people write for what is not an event, and what to write instead. ("Alice swaps Milk"
#: is left to the near-verb suggestion: it most likely means playing the card.)
_NOT_EVENTS = (
    (
        ("draws", "drew", "draw"),
        "drawing is not an event: the replay draws from `draw_pile` (setup, top card first) when the rules say so",
    ),
    (
        ("wins", "won", "win"),
        "winning is not an event: the replay finds the winner; to check it, write `winner: {player}` under `expect:`",
    ),
    (
        ("passes", "ends", "ended", "skips", "finishes"),
        "ending a turn is not an event: a turn ends when its plays are done and the next player's event "
        "comes ('{next} plays ...' or '{next} begins'); to let a window close unanswered or to leave free "
        "actions unused, write '{player} declines'",
    ),
    (
        (
            "steals",
            "takes",
            "trashes",
            "cancels",
            "vetoes",
            "counters",
            "stops",
            "gives",
            "moves",
            "rotates",
            "zaps",
            "blocks",
            "gets",
            "puts",
        ),
        "a card's effect is not an event: write the card played, with its choices after '->' "
        "('{player} plays CARD -> {rest}')",
    ),
)


def not_an_event(verb: str, player: str, next_player: str, rest: str) -> str | None:
    """What to write instead of `P draws X`, `P wins`, `P passes`, `P steals X`."""
    for verbs, advice in _NOT_EVENTS:
        if verb.lower() in verbs:
            return advice.format(player=player, next=next_player, rest=rest.strip() or "...")
    return None
