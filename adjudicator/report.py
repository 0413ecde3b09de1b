"""Shareable reports of a replay: markdown for a chat, one self-contained HTML page.

Both say the same as the text output, in the order a table wants to read it: the
title and question, the answer and verdict, the position, the numbered log with the
rulings of each step, and the rulings cited with their summaries and sources.

The numbered log comes from `adjudicator.log.outline`, as in the text output: a long
log is cut to its first and last steps unless `full`.

A verdict that carries boards (`boards.replay_with_boards`) is drawn: the HTML page shows the
board beside the log, at every step (`board_view`), and the markdown report the board after
the disputed event (or the event the answer is about) as text.
"""

from __future__ import annotations

import html
import re
from typing import Any

from adjudicator.answer import Answer, build_answer
from adjudicator.board_view import BOARD_CSS, BOARD_SCRIPT, board_lines, board_viewer, log_items, page_head
from adjudicator.boards import Board
from adjudicator.log.outline import (
    Heading,
    Skipped,
    heading_text,
    outline,
    skipped_text,
    step_style,
)
from adjudicator.log.repeats import said_once
from adjudicator.verdict import Verdict, position_line, temp_hand_cell, verdict_parts


# ------------------------------------------------------------------ shared wording
def position_rows(verdict: Verdict) -> list[tuple[str, str, str]]:
    """(player, hand, in play); the player whose turn it is, or comes next, is marked; a player
    with an open temporary hand has it after the hand, with the plays still owed from it."""
    mark = " (next)" if verdict.turn_over else " (turn)"
    owed = {f.player: f for f in verdict.temp_hands}
    return [
        (
            seat.player + (mark if seat.player == verdict.turn else ""),
            (", ".join(map(str, seat.hand)) or "-")
            + (f"; temporary hand: {temp_hand_cell(owed[seat.player])}" if seat.player in owed else ""),
            ", ".join(map(str, seat.in_play)) or "-",
        )
        for seat in verdict.seats
    ]


def position_summary(verdict: Verdict) -> str:
    return position_line(verdict, "; ").replace("Draw pile:", "draw pile:").replace("Discard:", "discard:")


def cited_records(verdict: Verdict) -> list[tuple[str, Any]]:
    """(id, record or None) for every ruling cited."""
    from adjudicator.rulings import store

    return [(rid, store.get(rid)) for rid in verdict.rulings]


# ------------------------------------------------------------------ markdown
_MD_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_<"})  # what starts emphasis, code or HTML


def _md(text: str) -> str:
    return text.translate(_MD_SPECIAL)


def to_markdown(verdict: Verdict, full: bool = False) -> str:
    """A report for a chat: headings, bold and lists only (no tables, no HTML)."""
    answer = build_answer(verdict)
    out = [f"## {_md(verdict.title)}", ""]
    if verdict.question:
        out += [f"> {_md(verdict.question)}", ""]
    if verdict.house_rules:
        out += [f"House rules: {_md(verdict.house_rules_text)}", ""]
    out += [f"**{_md(answer.summary)}**", ""]
    # the rejections and the stop one per line (a list), as the text output prints them
    sentences, notices = verdict_parts(verdict, full)
    out += [f"**Answer:** {_md(answer.text)}", "", f"**Verdict:** {_md(' '.join(sentences))}", ""]
    out += [*(f"- {_md(line)}" for line in notices), ""] if notices else []
    out += ["**Position after the replay**", ""]
    out += [
        f"- **{_md(player)}**: hand: {_md(hand)}; in play: {_md(kept)}" for player, hand, kept in position_rows(verdict)
    ]
    out += [f"- {_md(position_summary(verdict))}", ""]
    for heading, board, moved in _boards_at_subject(verdict, answer):
        out += [f"**{heading}**", ""]
        out += [f"- {_md(line)}" for line in board_lines(board, moved)]
        out.append("")
    out += ["**Log**", ""]
    said = said_once(_md_step)
    for item in outline(verdict.steps, verdict.event_texts, full):
        if isinstance(item, Heading):
            out += ["", f"*{_md(heading_text(item)[:1].upper() + heading_text(item)[1:])}*", ""]
        elif isinstance(item, Skipped):
            out += ["", _md(skipped_text(item)), ""]
        else:
            out.append(f"{item.number}. {said(item.step)}")
    records = cited_records(verdict)
    if records:
        out += ["", "**Rulings cited**", ""]
        for rid, record in records:
            if record is None:
                out.append(f"- **{rid}**: (no record)")
            else:
                out.append(f"- **{rid}**: {_md(record.summary)} ({_md_source(record.source)})")
    if verdict.see_also:
        out += ["", "**See also** (related to the question, not cited by the replay)", ""]
        out += [f"- **{r.id}**: {_md(r.summary)}" for r in verdict.see_also]
    return _collapse_blank_lines(out)


def _md_step(step: Any) -> str:
    """A step of the log after its number: the sentence (in bold when it decides), the rulings."""
    cites = f" ({', '.join(step.rulings)})" if step.rulings else ""
    text = _md(step.text)
    if step_style(step) in ("rejected", "won"):
        text = f"**{text}**"
    return text + cites


def _md_source(source: Any) -> str:
    """The source's document, with its address as an autolink when it is a plain web address."""
    url = source.url or ""
    link = f" <{url}>" if re.fullmatch(r"https?://[^\s<>]+", url) else ""
    return _md(source.document) + link


def _collapse_blank_lines(lines: list[str]) -> str:
    kept: list[str] = []
    for line in lines:
        if line == "" and (not kept or kept[-1] == ""):
            continue
        kept.append(line)
    while kept and kept[-1] == "":
        kept.pop()
    return "\n".join(kept) + "\n"


def _boards_at_subject(verdict: Verdict, answer: Answer) -> list[tuple[str, Board, frozenset[str]]]:
    """(heading, board, the cards to mark): the board before and after each event the answer is
    about (the disputed ones), among the boards the verdict carries; the board after marks every
    card the event moved."""
    by_step = {board.step: board for board in verdict.boards}
    found: list[tuple[str, Board, frozenset[str]]] = []
    for event in (answer.subject or {}).get("events", []):
        last = _last_step_of(verdict, event)
        if last is None:
            continue
        first = next(i for i in range(1, last + 1) if verdict.steps[i - 1].event == event)
        if first - 1 in by_step:
            found.append((f"Board before event {event}", by_step[first - 1], frozenset()))
        if last in by_step:
            moved = frozenset(card.ident for step in verdict.steps[first - 1 : last] for card, _, _ in step.moves)
            found.append((f"Board after event {event}", by_step[last], moved))
    return found


def _disputed_text(verdict: Verdict, number: int) -> str:
    event = verdict.event(number)
    return f"event {number}" + (f" ({event.text})" if event is not None else "")


def _last_step_of(verdict: Verdict, event: int) -> int | None:
    """The number of the last step of an event (1-based), None when it made none."""
    return next((i for i in range(len(verdict.steps), 0, -1) if verdict.steps[i - 1].event == event), None)


# ------------------------------------------------------------------ HTML
_CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fafafa;margin:0}
main{max-width:76rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.5rem;margin:0 0 .5rem}h2{font-size:1.15rem;margin:1.6rem 0 .5rem;border-bottom:1px solid #ddd}
h3{font-size:.95rem;margin:1rem 0 .3rem;color:#0b5394}
.question{font-style:italic;color:#444}
.answer{background:#eef6ee;border-left:4px solid #2e7d32;padding:.6rem .8rem}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.25rem .6rem;text-align:left;vertical-align:top}
th{background:#f0f0f0}
ol{margin:.2rem 0;padding-left:4.5rem}li{margin:.1rem 0}
.rejected{color:#b00020;font-weight:600}.won{color:#1b5e20;font-weight:700}.waiting{color:#8a6d00}
.quiet{color:#888}.cite{color:#555;font-size:.85em}.cite a{color:inherit}
.skipped{color:#666;font-style:italic}
dt{font-weight:700;margin-top:.4rem}dd{margin:0 0 0 1.5rem}
footer{margin-top:2rem;color:#888;font-size:.8rem}
.disputed{font-weight:600;color:#8a3b00}
@media (max-width:720px){main{padding:.8rem}ol{padding-left:2.6rem}}
"""


def _h(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _ruling_link(rid: str) -> str:
    return f'<a href="#ruling-{_h(rid)}">{_h(rid)}</a>'


def _source_html(source: Any) -> str:
    text = _h(source.document)
    url = source.url or ""
    if url.startswith(("https://", "http://")):
        return f'<a href="{_h(url)}">{text}</a>'
    return text


def _html_step(step: Any) -> str:
    """A step's list item after its number: its style, the sentence, the rulings as links."""
    cites = f' <span class="cite">[{", ".join(_ruling_link(r) for r in step.rulings)}]</span>' if step.rulings else ""
    return f'class="{step_style(step)}">{_h(step.text)}{cites}</li>'


def to_html(verdict: Verdict, full: bool = False) -> str:
    """One self-contained page: inline CSS, no external assets, no request; every text escaped.
    With boards, the board beside the log and the script that steps through it (inline)."""
    from adjudicator import __version__

    answer = build_answer(verdict)
    sentences, notices = verdict_parts(verdict, full)  # the rejections and the stop one per line
    out = [
        *page_head(verdict.title, _CSS + (BOARD_CSS if verdict.boards else "")),
        "<main>",
        "<header>",
        f"<h1>{_h(verdict.title)}</h1>",
    ]
    if verdict.question:
        out.append(f'<p class="question">{_h(verdict.question)}</p>')
    if verdict.house_rules:
        out.append(f'<p class="house-rules">House rules: {_h(verdict.house_rules_text)}</p>')
    out += [
        "</header>",
        '<section id="answer">',
        "<h2>Answer</h2>",
        *[f'<p class="disputed">Disputed: {_h(_disputed_text(verdict, n))}</p>' for n in verdict.dispute],
        f'<p class="summary"><strong>{_h(answer.summary)}</strong></p>',
        f'<p class="answer">{_h(answer.text)}</p>',
        f'<p class="verdict"><strong>Verdict:</strong> {_h(" ".join(sentences))}'
        + "".join(f"<br>{_h(line)}" for line in notices)
        + "</p>",
        "</section>",
    ]

    log = _log_html(verdict, full)
    if verdict.boards:
        subject = (answer.subject or {}).get("events", [])
        start = _last_step_of(verdict, subject[0]) if subject else None
        out += ['<div id="log">', board_viewer(verdict.boards, log, start, "Board and log"), "</div>"]
    else:
        out += ['<section id="log">', "<h2>Log</h2>", *log, "</section>"]

    out += [
        '<section id="position">',
        "<h2>Position after the replay</h2>",
        "<table>",
        "<thead><tr><th>player</th><th>hand</th><th>in play</th></tr></thead>",
        "<tbody>",
    ]
    out += [
        f"<tr><td>{_h(player)}</td><td>{_h(hand)}</td><td>{_h(kept)}</td></tr>"
        for player, hand, kept in position_rows(verdict)
    ]
    out += ["</tbody>", "</table>", f"<p>{_h(position_summary(verdict))}</p>", "</section>"]

    records = cited_records(verdict)
    if records:
        out += ['<section id="rulings">', "<h2>Rulings cited</h2>", "<dl>"]
        for rid, record in records:
            out.append(f'<dt id="ruling-{_h(rid)}">{_h(rid)}' + (f" — {_h(record.title)}" if record else "") + "</dt>")
            if record is None:
                out.append("<dd>(no record)</dd>")
            else:
                out.append(f'<dd>{_h(record.summary)} <span class="cite">{_source_html(record.source)}</span></dd>')
        out += ["</dl>", "</section>"]
    if verdict.see_also:
        out += [
            '<section id="see-also">',
            "<h2>See also</h2>",
            "<p>Related to the question, not cited by the replay:</p>",
            "<ul>",
        ]
        out += [
            f'<li><strong>{_h(r.id)}</strong> {_h(r.summary)} <span class="cite">{_source_html(r.source)}</span></li>'
            for r in verdict.see_also
        ]
        out += ["</ul>", "</section>"]
    out += [
        f"<footer>Replayed by adjudicator {_h(__version__)} from {_h(verdict.path)}.</footer>",
        "</main>",
        *([f"<script>{BOARD_SCRIPT}</script>"] if verdict.boards else []),
        "</body>",
        "</html>",
    ]
    return "\n".join(out) + "\n"


def _log_html(verdict: Verdict, full: bool) -> list[str]:
    """The numbered log as HTML; with boards, each step that has one chooses it."""
    return log_items(verdict.steps, verdict.event_texts, verdict.boards, full, said_once(_html_step))
