"""The events of a scenario, one line (`Alice plays Milk -> Bob`) or mapping each, into model
`Event`s; a wrong event is a mistake of its own and the next ones are still read.

Addition to the event forms: the choice `none` (`Alice plays Let's Simplify -> none`,
`Alice chooses none`) is an explicit choice of nothing, for choices that allow zero.
It becomes `NO_CHOICE` in `Event.choices` (a player or card named "none" still wins),
which is different from giving no choice, after which the engine asks.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from adjudicator.cards.kinds import Kind, choice_words, is_supported, kind_of, word_choice
from adjudicator.loading import mistakes, yaml_lines
from adjudicator.loading.keys import DISPUTED, EVENT_KEYS
from adjudicator.loading.reader import ReaderBase
from adjudicator.model.cards import NO_CHOICE, AtRandom, Card
from adjudicator.model.errors import ScenarioError
from adjudicator.model.events import CARD_ACTIONS, VERB_OF, Action, Assignment, Event, Whose, one_line
from adjudicator.model.events import VERBS as _VERBS
from adjudicator.model.names import normalize, player_key, shown_value, suggest

ACTIONS = tuple(Action)  # the words of the mapping form's `action:`
#: A replay keeps every step of every event (about ten a played card): this many events keep a
#: replay under about 1 GB and a few seconds a ten thousand events, whatever the file holds
#: (docs/scenario-format.md gives the figures `benchmarks/hostile.py` measures).
MAX_EVENTS = 100_000
#: An unknown card name longer than this is not read for the mistakes people make (a card and its
#: choices joined by something else than `->`): no card and its choices are this long.
GUESSED_WITHIN = 2000
#: `P begins` may say what begins: `P begins her turn` (his, their) reads the same.
_TURN_WORDS = ("", "turn", "her turn", "his turn", "their turn")
_EVENT_RE = re.compile(
    r"^(?P<player>.+?)\s+(?P<verb>plays|uses|discards|keeps|chooses|joins|drops out|spells|begins|declines)"
    r"(?=\s|$)(?P<rest>.*)$",
    re.S,
)


class EventReader(ReaderBase):
    def read_events(self, data: dict) -> tuple[Event, ...]:
        items = data.get("events")
        if items is None:
            items = []
        if not isinstance(items, list):
            raise self.fail(f"`events` must be a list{mistakes.events_hint(items)}", data, "events")
        if len(items) > MAX_EVENTS:
            raise self.fail(
                f"{len(items):,} events; a scenario may have at most {MAX_EVENTS:,} (split the game into several files)",
                data,
                "events",
            )
        roster = _Roster(self.players)
        lines = items.item_lines if isinstance(items, yaml_lines.LinedList) else [None] * len(items)
        read: dict[str, Event] = {}  # each distinct line, read once while the roster stays the same
        events = []
        for number, (item, line) in enumerate(zip(items, lines, strict=False), 1):
            event = read.get(item) if type(item) is str else None
            if event is not None:
                events.append(event.renumbered(number, line))
                continue
            try:
                if isinstance(item, dict) and DISPUTED in item:
                    item = self.disputed_event(item, number, line)
                event = self.read_event(item, number, line, roster)
            except ScenarioError as exc:  # the next events are read all the same
                self.note(exc, line)
                continue
            if type(item) is str:
                read[item] = event
            if event.action == Action.JOIN and event.player not in roster.names:
                roster = _Roster([*roster.names, event.player])
                self.joined.append(event.player)
                read.clear()  # a line may name the newcomer now
            events.append(event)
        return tuple(events)

    def disputed_event(self, item: dict, number: int, line: int | None) -> Any:
        """`- disputed: Alice plays Canceled Plans`: the event, marked as the one the table disputes."""
        if len(item) != 1:
            raise ScenarioError(
                f"event {number}: `disputed:` marks one event written as a line "
                "(`- disputed: Alice plays Canceled Plans`); it takes no other keys",
                path=self.path,
                line=line,
            )
        self.marked.append(number)
        return item[DISPUTED]

    def read_event(self, item: Any, number: int, line: int | None, roster: _Roster) -> Event:
        try:
            if isinstance(item, str):
                return self.read_event_text(item, number, line, roster)
            if isinstance(item, dict):
                return self.read_event_mapping(item, number, line, roster)
        except ScenarioError as exc:
            exc.message = f"event {number}: {mistakes.clip_long_quotes(exc.message)}"
            raise exc.located(self.path, line) from None
        raise ScenarioError(
            f"event {number}: an event is a line like 'Alice plays Milk' or a mapping "
            f"with player/action/card/choices, not {mistakes.event_shape(item)}",
            path=self.path,
            line=line,
        )

    def read_event_text(self, text: str, number: int, line: int | None, roster: _Roster) -> Event:
        text = " ".join(text.split())  # a tab or a double space is one space
        event_text, *clauses = text.split(";")
        shuffled = [self.shuffled_clause(clause, text) for clause in clauses]
        event = self.read_event_words(event_text.strip(), number, line, roster)
        if not shuffled:
            return event
        return dataclasses.replace(event, shuffled=tuple(tuple(self.shuffled_cards(o)) for o in shuffled), text=text)

    def shuffled_clause(self, clause: str, text: str) -> list[Any]:
        """`; shuffled A, B` (or `shuffled: A, B` in a quoted line): the stated order of a pile the
        event shuffles, first card first (the names, read as cards later)."""
        found = re.fullmatch(r"\s*shuffled\s*:?\s*(.*)", clause, re.IGNORECASE | re.S)
        if found is None:
            raise ScenarioError(
                f"cannot read {clause.strip()!r} in {text!r}: after `;` an event states chance as "
                "`shuffled CARD, CARD, ...` (the new order of a pile it shuffles, first card first)"
            )
        return [name.strip() for name in found[1].split(",") if name.strip()]

    def read_event_words(self, text: str, number: int, line: int | None, roster: _Roster) -> Event:
        words = text.split(" ")
        match = None
        for size, names in roster.by_size:
            if len(words) > size and (name := names.get(player_key(" ".join(words[:size])))) is not None:
                match = (name, " ".join(words[size:]))
                break
        known = roster.names
        if match is None:
            found = _EVENT_RE.match(text)
            if not found:
                raise ScenarioError(f"cannot read {text!r}: expected {_FORMS}")
            name, verb, rest = found["player"].strip(), _VERBS[found["verb"]], found["rest"].strip()
            if verb != Action.JOIN:
                raise ScenarioError(
                    f"unknown player {name!r} in {text!r} (players: {', '.join(known)})",
                    suggestions=suggest(name, known, 1),
                )
            player, action = name, Action.JOIN
        else:
            player, rest = match
            lowered = rest.lower() + " "
            phrase = next((v for v in _VERBS if lowered.startswith(v + " ")), None)
            if phrase is None:
                said, _, after = rest.partition(" ")
                seat = known.index(player) if player in known else 0
                if (why := mistakes.not_an_event(said, player, known[(seat + 1) % len(known)], after)) is not None:
                    raise ScenarioError(f"unknown verb {said!r} in {text!r}: {why}")
                raise ScenarioError(
                    f"unknown verb {said!r} in {text!r}; the verbs are {', '.join(_VERBS)}",
                    suggestions=self.verb_for(player, said, after),
                )
            action, rest = _VERBS[phrase], rest[len(phrase) :].strip()
        if action in CARD_ACTIONS:
            card_text, _, choice_text = rest.partition("->")
            choices = [c for c in choice_text.split(",") if c.strip()] if choice_text.strip() else []
            card_text, at_random = _at_random(card_text)
            return self.make_event(number, line, player, action, card_text, choices, text, roster, at_random=at_random)
        items = [c for c in rest.split(",") if c.strip()]
        return self.make_event(number, line, player, action, None, items, text, roster)

    def verb_for(self, player: str, said: str, after: str) -> tuple[str, ...]:
        """What an unknown verb most likely meant: a near spelling ("plyas"), else, when a card
        follows, the verb for that card ("Alice swaps Milk": 'Alice plays Milk')."""
        near = suggest(said, _VERBS, 1, cutoff=65)  # short words: 60 would take "dances" for "uses"
        if near:
            return near
        card = self.catalog.get(after.partition("->")[0]) if after else None
        if card is None or card.is_unknown:
            return ()
        grants_use = type(kind_of(card)).use is not Kind.use if is_supported(card) else False
        return (f"{player} {'uses' if grants_use else 'plays'} {after}",)

    def read_event_mapping(self, item: dict, number: int, line: int | None, roster: _Roster) -> Event:
        written = mistakes.mapping_event(item) if not any(key in EVENT_KEYS for key in item) else None
        if written is not None:  # `- Alice plays: Cookies`
            as_line, without_colon, with_arrow = written
            suggestions: tuple[str, ...] = ()
            fix = "put the whole event in quotes"
            for candidate, how in ((without_colon, "leave out the colon"), (with_arrow, "choices follow '->'")):
                try:
                    self.read_event_text(candidate, number, line, roster)
                except ScenarioError:
                    continue
                fix, suggestions = how, (candidate,)
                break
            raise ScenarioError(f"{as_line!r} reads as a mapping because of its ': '; {fix}", suggestions=suggestions)
        if "action" not in item and (verb := mistakes.verb_key(item)) is not None:
            key, form = verb
            raise self.fail(
                f"unknown key {key!r} in event {number}: in the mapping form the verb is the `action`; write {form}",
                item,
                key,
            )
        self.check_keys(item, EVENT_KEYS, f"event {number}")
        said = item.get("action")
        if not isinstance(said, str) or said not in ACTIONS:
            raise self.fail(
                f"`action` must be one of {', '.join(ACTIONS)}, not {shown_value(said)}",
                item,
                "action",
                suggest(str(said), ACTIONS, 1),
            )
        action = Action(said)
        name = item.get("player")
        if action == Action.JOIN and isinstance(name, str) and name.strip():
            player = name.strip()
        else:
            player = self.player(name, item, "player", roster.names)
        choices = item.get("choices") or []
        if not isinstance(choices, list):
            choices = [choices]
        at_random = item.get("at_random", False)
        if not isinstance(at_random, bool):
            raise self.fail("`at_random` must be true or false", item, "at_random")
        shuffled = item.get("shuffled") or []
        if not isinstance(shuffled, list):
            raise self.fail(
                "`shuffled` is a list of cards (or a list of such lists, one per shuffle)", item, "shuffled"
            )
        orders = shuffled if shuffled and all(isinstance(o, list) for o in shuffled) else [shuffled] if shuffled else []
        # Said as the one-line form says it ("Bob plays Cookies"), whichever form the file used.
        text = one_line(player, action, item.get("card"), tuple(choices), at_random, tuple(map(tuple, orders)))
        event = self.make_event(
            number, line, player, action, item.get("card"), choices, text, roster, at_random=at_random
        )
        if not orders:
            return event
        return dataclasses.replace(event, shuffled=tuple(tuple(self.shuffled_cards(o)) for o in orders))

    def make_event(
        self,
        number: int,
        line: int | None,
        player: str,
        action: Action,
        card_name: Any,
        choice_names: list[Any],
        text: str,
        roster: _Roster,
        *,
        at_random: bool = False,
    ) -> Event:
        if at_random and action != Action.PLAY:
            raise ScenarioError(f"'{text}': only a play is made at random (`P plays CARD at random`)")
        if action == Action.BEGIN_TURN:
            if card_name or " ".join(str(c).strip().lower() for c in choice_names) not in _TURN_WORDS:
                raise ScenarioError(
                    f"'{text}': 'begins' takes no card or choices (write '{player} begins' "
                    f"or '{player} begins her turn')"
                )
            return Event(number, line, player, action, text=f"{player} begins")
        if action == Action.DECLINE:
            if card_name or choice_names:
                raise ScenarioError(f"'{text}': 'declines' takes no card or choices (write '{player} declines')")
            return Event(number, line, player, action, text=f"{player} declines")
        if action in (Action.JOIN, Action.DROP_OUT):
            if card_name or choice_names:
                raise ScenarioError(f"'{action.replace('_', ' ')}' takes no card or choices")
            return Event(number, line, player, action, text=text)
        if action == Action.SPELL:  # Word Fluxx: the words a player claims, tested against the Goal
            return Event(
                number, line, player, action, choices=_spelled([card_name, *choice_names], text), text=text.strip()
            )
        card = None
        if action in CARD_ACTIONS:
            if not isinstance(card_name, str) or not card_name.strip():
                raise ScenarioError(f"'{text}' does not name a card")
            if card_name.strip() == "?":
                raise ScenarioError("a `?` card cannot be played: name the card in the setup")
            try:
                card = self.event_card(card_name)
            except ScenarioError as exc:
                raise self.unknown_event_card(exc, player, action, card_name, choice_names, roster) from None
        elif not choice_names and card_name is None:
            raise ScenarioError(f"'{text}' names nothing to {action}")
        if card_name is not None and action not in CARD_ACTIONS:
            choice_names = [card_name, *choice_names]
        names = [str(c).strip() if not isinstance(c, str) else c.strip() for c in choice_names]
        choices = []
        for i, name in enumerate(names):
            try:
                choices.append(self.choice(name, roster))
            except ScenarioError as exc:
                whole = mistakes.comma_cut(names, i, self.is_card) if exc.message.startswith("unknown") else None
                if whole is None:
                    raise
                raise ScenarioError(
                    f"unknown choice {name!r}: commas separate choices, so they cut the card {whole!r} in two; "
                    "write its name without the comma",
                    suggestions=(_rewritten(text, whole),),
                ) from None
        return Event(number, line, player, action, card, tuple(choices), text.strip(), at_random=at_random)

    def unknown_event_card(
        self, error: ScenarioError, player: str, action: Action, card_name: str, choices: list[Any], roster: _Roster
    ) -> ScenarioError:
        """An unknown card in `P plays ...`: often a card and its choices joined by something
        else than `->` (`Trade Hands => Bob`, `Trade Hands to Bob`)."""
        if not error.message.startswith("unknown card") or len(card_name) > GUESSED_WITHIN:
            return error  # (a hostile name of megabytes: each guess below reads all of it, several times)
        _head, dash, tail = card_name.partition(" - ")
        next_event = _EVENT_RE.match(tail.strip()) if dash else None
        if next_event is not None and roster.find(next_event["player"]):
            return ScenarioError(
                f"unknown card {card_name.strip()!r}: the next event ('{tail.strip()}') runs into this one; "
                "start each event on a line of its own with '- ', the dashes in one column"
            )

        def reads_as_choices(text: str) -> bool:
            try:
                return all(self.choice(part.strip(), roster) is not None for part in text.split(",") if part.strip())
            except ScenarioError:
                return False

        cards = [part.strip() for part in card_name.split(",")]
        if len(cards) > 1 and all(self.is_card(name) for name in cards):
            return ScenarioError(
                f"unknown card {card_name.strip()!r}: an event plays one card; write one event per card "
                f"('{player} {VERB_OF[action]} {cards[0]}', then '{player} {VERB_OF[action]} {cards[1]}')"
            )
        fixed = mistakes.arrow_fix(card_name, self.is_card, reads_as_choices)
        if fixed is None:
            return error
        more = ", ".join(str(c).strip() for c in choices)
        fixed += f", {more}" if more else ""
        return ScenarioError(
            f"unknown card {card_name.strip()!r}: the choices of a card follow '->'",
            suggestions=(f"{player} {VERB_OF[action]} {fixed}",),
        )

    def shuffled_cards(self, names: list[Any]) -> list[Card]:
        """The cards of a stated order (`shuffled:`), each a card name."""
        if not names:
            raise ScenarioError("`shuffled:` names no card: state the new order, first card first")
        cards = []
        for name in names:
            if not isinstance(name, str) or not name.strip() or name.strip() == "?":
                raise ScenarioError(f"`shuffled:` lists card names, not {name!r}")
            cards.append(self.event_card(name.strip()))
        return cards

    def event_card(self, name: str) -> Card:
        """The card an event names, looked up once per name (the catalog is final by then)."""
        card = self.event_cards.get(name)
        if card is None:
            card = self.event_cards[name] = self.catalog.card(name)
        return card

    def choice(self, name: str, roster: _Roster) -> Any:
        known = roster.names
        stated, at_random = _at_random(name)
        if at_random:  # `CARD at random`: the card chance picked
            if stated == "?" or not stated:
                raise ScenarioError(f"{name!r}: name the card that came up at random")
            return AtRandom(self.catalog.card(stated))
        player = roster.find(name)
        if player is not None:
            return player
        card = self.catalog.resolve(name)
        if card is None and normalize(name) == "none":
            return NO_CHOICE
        if card is None and " to " in name:
            left, _, right = name.rpartition(" to ")
            target = roster.find(right)
            if target is not None:
                return Assignment(self.catalog.card(left.strip()), target)
        if card is None and " of " in name:
            left, _, right = name.rpartition(" of ")
            owner = next((p for p in known if normalize(p) == normalize(right)), None)
            if owner is not None:
                return Whose(self.catalog.card(left.strip()), owner)
        if card is None and (word := word_choice(name)) is not None:
            return word  # a keyword a card kind takes (a direction, Today's Special!'s occasion)
        if card is None:
            raise ScenarioError(
                f"unknown choice {name!r}: not a player or a card",
                suggestions=suggest(name, [*known, *self.catalog.names(), *choice_words()], 2),
            )
        return self.catalog.card(name)


_AT_RANDOM = re.compile(r"\s+at\s+random$", re.IGNORECASE)


def _at_random(text: Any) -> tuple[Any, bool]:
    """`CARD at random` read: (CARD, True); anything else as it is, and False."""
    if not isinstance(text, str):
        return text, False
    found = _AT_RANDOM.search(text.strip())
    return (text.strip()[: found.start()], True) if found else (text.strip(), False)


def _rewritten(text: str, name: str) -> str:
    """The event line with a comma-cut card name written without its comma."""
    return text.replace(name, name.replace(",", ""))


def _spelled(items: list[Any], text: str) -> tuple[str, ...]:
    """The claimed words of `P spells CAT` (two for a rhyme: `P spells CAT, HAT`), upper case."""
    # Checked as written, before upper-casing: Python's upper() turns the ligature ﬁ into FI, the
    # long s ſ into S and ß into SS, none of which is a letter card (docs/words.md).
    words = tuple(str(w).strip() for w in items if w is not None and str(w).strip())
    if not words:
        raise ScenarioError(f"'{text}' names no word to spell")
    for word in words:
        stranger = next((ch for ch in word if ch not in _CARD_LETTERS), None)
        if stranger is not None:
            raise ScenarioError(
                f"'{text}': {word!r} has {stranger!r} (U+{ord(stranger):04X}), which is no letter card; "
                "a word is spelled with the letter cards, A to Z"
            )
        if len(word) > 30:
            raise ScenarioError(f"'{text}': {word!r} has {len(word)} letters (at most 30)")
    return tuple(word.upper() for word in words)


#: What a letter card may be (the `letter` of `kind: letter`): one of A to Z, in either case.
_CARD_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


_FORMS = (
    "'PLAYER plays CARD', 'PLAYER uses CARD', 'PLAYER discards A, B', 'PLAYER keeps ...', "
    "'PLAYER chooses ...', 'PLAYER joins', 'PLAYER drops out', 'PLAYER spells WORD', 'PLAYER begins' or 'PLAYER declines'"
)


class _Roster:
    """The players events may name, with their folded names worked out once (again when one
    joins), not for every event: a long game has 100,000 events."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = list(names)
        self.by_key: dict[str, str] = {}
        by_size: dict[int, dict[str, str]] = {}
        for name in self.names:  # the first of two names that fold alike wins, as in same_player
            key = player_key(name)
            self.by_key.setdefault(key, name)
            by_size.setdefault(name.count(" ") + 1, {}).setdefault(key, name)
        #: (words in a name, folded name -> name), longest first: "Ann Lee" before "Ann".
        self.by_size = sorted(by_size.items(), reverse=True)

    def find(self, name: str) -> str | None:
        """The player `name` spells (case and spacing aside), or None: `same_player`, by look-up."""
        return self.by_key.get(player_key(name))
