"""The board drawn: HTML (cards as small tiles coloured by type, stepped through with a click or
the arrow keys) and text (for markdown), from the boards of the verdict layer (`boards.Board`).

`board_viewer(boards, log)` is the reusable part: given the boards of a line of steps (a
replay's, a line `explore` or `solve` found: `boards.replay_with_boards`) and that line's log
as list items (`log_items`), it returns one HTML section -- the board beside the log and the
data as JSON -- to put in a page with `BOARD_CSS` in its style sheet and `BOARD_SCRIPT` once
after the last viewer; `board_page` makes that page. The page stays self-contained: no
request leaves it.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from adjudicator.boards import Board
from adjudicator.log.outline import Heading, Line, heading_text, outline, skipped_text, step_style
from adjudicator.model import records as rec
from adjudicator.model.cards import Card, CardType

#: The game's own colours of its card types (the stripe on each card).
TYPE_COLOURS = {
    CardType.KEEPER: ("#2f8f3a", "#fff"),
    CardType.CREEPER: ("#202020", "#fff"),
    CardType.GOAL: ("#c8327f", "#fff"),
    CardType.ACTION: ("#1f62c4", "#fff"),
    CardType.RULE: ("#f3c614", "#1d1d1f"),
    CardType.SURPRISE: ("#7a3fb0", "#fff"),
    CardType.META: ("#ececec", "#1d1d1f"),
    CardType.UNKNOWN: ("#9aa0a6", "#fff"),
}
#: The types in the legend, in the order a table sorts its cards.
LEGEND = (CardType.KEEPER, CardType.CREEPER, CardType.GOAL, CardType.RULE, CardType.ACTION, CardType.SURPRISE)

BOARD_CSS = (
    "".join(f".t-{kind.value}{{background:{back};color:{fore}}}" for kind, (back, fore) in TYPE_COLOURS.items())
    + """
.viewer{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1rem;align-items:start}
.board-pane{position:sticky;top:.5rem}
.board{background:#fff;border:1px solid #d6d6d6;border-radius:8px;padding:.6rem .7rem}
.caption{font-size:.85rem;color:#333;margin:0 0 .4rem;min-height:2.4em}
.caption b{color:#0b5394}
.controls{display:flex;gap:.4rem;align-items:center;margin:.4rem 0;font-size:.85rem}
.controls button{font:inherit;padding:.2rem .7rem;border:1px solid #bbb;border-radius:4px;background:#f4f4f4;cursor:pointer}
.zone{margin:.25rem 0}.zone>.label{font-size:.72rem;text-transform:uppercase;letter-spacing:.04em;color:#666;margin-right:.3rem}
.seat{border-top:1px solid #eee;padding:.3rem 0}.turnmark{color:#0b5394;font-size:.75rem;margin-left:.3rem}
.name{font-weight:700}.count{color:#666;font-size:.8rem}.who{color:#444;font-size:.8rem;margin-left:.4rem}
.card{display:inline-block;font-size:.74rem;line-height:1.25;padding:.12rem .4rem;margin:.1rem .12rem;border-radius:4px;
border:1px solid rgba(0,0,0,.25);white-space:nowrap;max-width:12rem;overflow:hidden;text-overflow:ellipsis;vertical-align:middle}
.card.moved{outline:3px solid #ff7a00;outline-offset:1px;font-weight:700;margin:.1rem .35rem}
.card.moved::before{content:"\\2192 "}
.t-unknown{background:repeating-linear-gradient(45deg,#9aa0a6 0 4px,#b5bac0 4px 8px)}
.legend{font-size:.7rem;margin-top:.4rem;color:#555}.legend .card{font-size:.66rem}
.none{color:#999;font-size:.8rem}
.steps{max-height:80vh;overflow:auto;border:1px solid #e3e3e3;border-radius:8px;background:#fff;padding:.3rem .4rem}
.steps h3{font-size:.85rem;margin:.5rem 0 .2rem}
.steps ol{padding-left:3rem}
.steps li[data-step]{cursor:pointer;border-radius:3px}
.steps li[data-step]:hover{background:#f0f4fa}
.steps li.current{background:#fff3e0;box-shadow:inset 3px 0 #ff7a00}
@media (max-width:720px){.viewer{grid-template-columns:1fr}.board-pane{position:static}.steps{max-height:50vh}}
@media print{.controls,.legend{display:none}.viewer{display:block}.board-pane{position:static}
.steps{max-height:none;overflow:visible;border:0}.card,.steps li.current{-webkit-print-color-adjust:exact;print-color-adjust:exact}
.board{break-inside:avoid}}
"""
)

#: Draws the board of the step chosen (a click on a step, the arrow keys, the buttons). Data:
#: the JSON beside each viewer (`board_data`); every text is set as text, never as markup.
BOARD_SCRIPT = """
(function(){
function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;return e;}
function viewer(root){
  var data=JSON.parse(root.querySelector('script.board-data').textContent);
  var cards=data.cards,boards=data.boards,board=root.querySelector('.board'),caption=root.querySelector('.caption');
  var items={};root.querySelectorAll('li[data-step]').forEach(function(li){items[li.dataset.step]=li;});
  var at=Math.max(0,data.start);
  function tile(i,moved){var c=cards[i],t=el('span','card t-'+c[1],c[0]);t.title=c[0]+' ('+c[2]+')';
    if(moved&&moved.indexOf(i)>=0){t.className+=' moved';t.title+=': moved by this step';}return t;}
  function zone(key,label,list,moved,empty){var z=el('div','zone');z.dataset.zone=key;z.appendChild(el('span','label',label));
    if(!list.length)z.appendChild(el('span','none',empty||'none'));
    list.forEach(function(i){z.appendChild(tile(i,moved));});return z;}
  function show(k){
    at=Math.max(0,Math.min(boards.length-1,k));var b=boards[at],m=b.moved;
    board.textContent='';
    board.appendChild(zone('goals','Goal',b.goals,m));
    board.appendChild(zone('rules','Rules',b.rules,m,'Basic Rules only'));
    var piles=el('div','zone');piles.dataset.zone='piles';piles.dataset.draw=b.draw;piles.dataset.discard=b.discard;piles.appendChild(el('span','label','Piles'));
    piles.appendChild(el('span','count','draw '+b.draw+' \\u00b7 discard '+b.discard+(b.top!=null?', top':'')));
    if(b.top!=null){piles.appendChild(tile(b.top,m));}
    if(b.rules_pile)piles.appendChild(el('span','count',' \\u00b7 Rules deck '+b.rules_pile));
    board.appendChild(piles);
    if(b.playing.length){var p=el('div','zone');p.dataset.zone='being_played';p.appendChild(el('span','label','Being played'));
      b.playing.forEach(function(x){p.appendChild(el('span','who',x[0]+':'));p.appendChild(tile(x[1],m));});board.appendChild(p);}
    b.temp.forEach(function(x){board.appendChild(zone('temp_hand','Temporary hand of '+x[0]+' ('+cards[x[1]][0]+(x[3]!=null?', '+x[3]+' owed':'')+')',x[2],m,'empty'));});
    b.seats.forEach(function(s){var d=el('div','seat'+(s[0]===b.turn?' turn':''));d.dataset.player=s[0];
      var h=el('div');h.appendChild(el('span','name',s[0]));
      if(s[0]===b.turn)h.appendChild(el('span','turnmark',b.phase==='over'?'\u25c0 turn over':'\u25c0 turn ('+b.phase.replace('_',' ')+')'));
      if(b.winner===s[0])h.appendChild(el('span','count',' \\u2605 wins'));d.appendChild(h);
      d.appendChild(zone('hand','Hand ('+s[1].length+')',s[1],m,'empty'));d.appendChild(zone('in_play','In play',s[2],m));
      if(s[3].length)d.appendChild(zone('scored','Scored',s[3],m));board.appendChild(d);});
    var li=items[b.step];caption.textContent='';
    caption.appendChild(el('b',null,b.step?'After step '+b.step+(b.event!=null?' (event '+b.event+')':''):'Before the first step'));
    if(li)caption.appendChild(document.createTextNode(': '+li.textContent.trim()));
    root.querySelectorAll('li.current').forEach(function(x){x.classList.remove('current');x.removeAttribute('aria-current');});
    if(li){li.classList.add('current');li.setAttribute('aria-current','step');
      var list=root.querySelector('.steps'),top=li.offsetTop-list.offsetTop;
      if(top<list.scrollTop||top>list.scrollTop+list.clientHeight-li.offsetHeight)list.scrollTop=top-list.clientHeight/3;}
    root.dataset.step=b.step;
  }
  var index={};boards.forEach(function(b,i){index[b.step]=i;});
  root.addEventListener('click',function(e){var li=e.target.closest('li[data-step]');
    if(li&&index[li.dataset.step]!=null){show(index[li.dataset.step]);}
    var btn=e.target.closest('button[data-go]');if(btn)show(at+Number(btn.dataset.go));});
  root.addEventListener('keydown',function(e){var li=e.target.closest&&e.target.closest('li[data-step]');
    if(li&&(e.key==='Enter'||e.key===' ')&&index[li.dataset.step]!=null){show(index[li.dataset.step]);e.preventDefault();}});
  root.viewerGo=function(d){show(at+d);};
  show(at);
}
var roots=document.querySelectorAll('.viewer');roots.forEach(viewer);
document.addEventListener('keydown',function(e){
  if(e.altKey||e.ctrlKey||e.metaKey||!roots.length)return;
  var d={ArrowLeft:-1,ArrowRight:1,Home:-1e9,End:1e9}[e.key];if(d==null)return;
  var r=document.activeElement&&document.activeElement.closest&&document.activeElement.closest('.viewer');
  (r||roots[0]).viewerGo(d);e.preventDefault();
});
})();
"""


def _h(text: Any) -> str:
    return html.escape(str(text), quote=True)


def page_head(title: str, css: str) -> list[str]:
    """The opening lines of a self-contained page, to its `<body>`: no request leaves it (the
    favicon is an empty data address), the style inline."""
    return [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_h(title)}</title>",
        '<link rel="icon" href="data:,">',  # no request for /favicon.ico
        f"<style>{css}</style>",
        "</head>",
        "<body>",
    ]


def board_data(boards: Sequence[Board], start: int | None = None) -> dict[str, Any]:
    """The boards as compact JSON data: each card once (name, type, type's label), the boards
    naming cards by their index. `start`: the step shown first (None: the last board)."""
    index: dict[str, int] = {}
    cards: list[list[str]] = []

    def ref(card: Card) -> int:
        key = card.ident
        if key not in index:
            index[key] = len(cards)
            cards.append([card.name, card.type.value, card.type.label])
        return index[key]

    def refs(zone: Iterable[Card]) -> list[int]:
        return [ref(card) for card in zone]

    out = []
    for board in boards:
        moved = [ref(card) for card in _cards_on(board) if card.ident in board.moved]
        out.append(
            {
                "step": board.step,
                "event": board.event,
                "turn": board.turn,
                "phase": board.phase,
                "seats": [[s.player, refs(s.hand), refs(s.in_play), refs(s.scored)] for s in board.seats],
                "rules": refs(board.rules),
                "goals": refs(board.goals),
                "draw": board.draw_pile,
                "discard": board.discard,
                "top": ref(board.discard_top) if board.discard_top is not None else None,
                "rules_pile": board.rules_pile,
                "playing": [[player, ref(card)] for player, card in board.being_played],
                "temp": [[f.player, ref(f.source), refs(f.cards), f.plays_owed] for f in board.temp_hands],
                "moved": sorted(set(moved)),
                "winner": board.winner,
            }
        )
    steps = [board.step for board in boards]
    chosen = steps.index(start) if start in steps else len(steps) - 1
    return {"cards": cards, "boards": out, "start": chosen}


def _cards_on(board: Board) -> Iterable[Card]:
    for seat in board.seats:
        yield from seat.hand
        yield from seat.in_play
        yield from seat.scored
    yield from board.rules
    yield from board.goals
    if board.discard_top is not None:
        yield board.discard_top
    for _player, card in board.being_played:
        yield card
    for frame in board.temp_hands:
        yield frame.source
        yield from frame.cards


def _json_in_html(data: Any) -> str:
    """JSON that a <script> element holds as it is: no `</` ends it early, no `<!--` opens a comment."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def legend_html() -> str:
    return (
        '<div class="legend">'
        + "".join(f'<span class="card t-{kind.value}">{_h(kind.label)}</span>' for kind in LEGEND)
        + '<span class="card t-unknown">hidden</span></div>'
    )


def board_viewer(boards: Sequence[Board], log: Sequence[str], start: int | None = None, title: str = "Board") -> str:
    """One viewer: the board (drawn by `BOARD_SCRIPT` from the boards' data) beside the log.
    `log`: the log's HTML, whose `<li data-step="N">` items choose the board after step N
    (`step_item`); `start`: the step shown first (None: the last)."""
    return "\n".join(
        [
            f'<section class="viewer" aria-label="{_h(title)}">',
            '<div class="board-pane">',
            f"<h2>{_h(title)}</h2>",
            '<p class="caption" aria-live="polite"></p>',
            '<div class="board"><p class="none">The board is drawn by the page\'s script.</p></div>',
            '<div class="controls"><button type="button" data-go="-1" aria-label="previous step">&larr;</button>'
            '<button type="button" data-go="1" aria-label="next step">&rarr;</button>'
            "<span>or click a step; &larr;/&rarr; keys step through</span></div>",
            legend_html(),
            f'<script type="application/json" class="board-data">{_json_in_html(board_data(boards, start))}</script>',
            "</div>",
            '<div class="steps">',
            *log,
            "</div>",
            "</section>",
        ]
    )


def step_item(number: int, body: str, has_board: bool) -> str:
    """A log line as a list item that chooses the board after it (the item's attributes and
    content: `body` is its class and text, as `report._html_step` writes them)."""
    chooser = f' data-step="{number}" tabindex="0"' if has_board else ""
    return f'<li value="{number}"{chooser} {body}'


def plain_step(step: rec.Step) -> str:
    """A step's list item after its number (`step_item`): its style and its sentence, its rulings named."""
    cites = f' <span class="cite">[{_h(", ".join(step.rulings))}]</span>' if step.rulings else ""
    return f'class="{step_style(step)}">{_h(step.text)}{cites}</li>'


def log_items(
    steps: Sequence[rec.Step],
    events: Mapping[int | None, str],
    boards: Sequence[Board],
    full: bool = False,
    said: Callable[[rec.Step], str] = plain_step,
) -> list[str]:
    """The numbered log as HTML (`log.outline`: headings, ordered lists, a long log cut unless
    `full`); each step that has a board chooses it. `said`: a step's item after its number."""
    out: list[str] = []
    shown = {board.step for board in boards}
    list_open = False
    for item in outline(steps, events, full):
        if isinstance(item, Line):
            if not list_open:
                out.append(f'<ol start="{item.number}">')
                list_open = True
            out.append(step_item(item.number, said(item.step), item.number in shown))
            continue
        if list_open:
            out.append("</ol>")
            list_open = False
        if isinstance(item, Heading):
            out.append(f"<h3>{_h(heading_text(item)[:1].upper() + heading_text(item)[1:])}</h3>")
        else:
            out.append(f'<p class="skipped">{_h(skipped_text(item))}</p>')
    if list_open:
        out.append("</ol>")
    return out


PAGE_CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fafafa;margin:0}
main{max-width:76rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.4rem;margin:0 0 .5rem}h2{font-size:1.1rem;margin:1.4rem 0 .5rem;border-bottom:1px solid #ddd}
ol{margin:.2rem 0}li{margin:.1rem 0}
.rejected{color:#b00020;font-weight:600}.won{color:#1b5e20;font-weight:700}.waiting{color:#8a6d00}
.quiet{color:#888}.cite{color:#555;font-size:.85em}.skipped{color:#666;font-style:italic}
@media (max-width:720px){main{padding:.8rem}ol{padding-left:2.6rem}}
"""


def board_page(title: str, intro: Sequence[str], viewers: Sequence[str]) -> str:
    """One self-contained page of board viewers (`board_viewer`): a line `explore` or `solve`
    found, beside another. `intro`: paragraphs of text above them (escaped here)."""
    return (
        "\n".join(
            [
                *page_head(title, PAGE_CSS + BOARD_CSS),
                "<main>",
                f"<h1>{_h(title)}</h1>",
                *(f"<p>{_h(paragraph)}</p>" for paragraph in intro),
                *viewers,
                "</main>",
                f"<script>{BOARD_SCRIPT}</script>",
                "</body>",
                "</html>",
            ]
        )
        + "\n"
    )


# ---------------------------------------------------------------- text
def _names(cards: Iterable[Card], moved: frozenset[str]) -> str:
    listed = [f"{card.name}{' (moved)' if card.ident in moved else ''}" for card in cards]
    hidden = sum(card.type is CardType.UNKNOWN for card in cards)
    shown = [name for name in listed if not name.startswith("?")]
    if hidden:
        shown.append(f"{hidden} hidden")
    return ", ".join(shown) or "-"


def board_lines(board: Board, moved: frozenset[str] | None = None) -> list[str]:
    """The board as short lines of text (a markdown list, a chat): the centre, then each player.
    `moved`: the cards to mark as moved (by id; the board's own step's moves by default)."""
    moved = board.moved if moved is None else moved
    centre = [
        f"Goal: {_names(board.goals, moved) if board.goals else 'none'}",
        f"Rules: {_names(board.rules, moved) if board.rules else 'Basic Rules only'}",
        f"draw pile {board.draw_pile}, discard {board.discard}"
        + (f" (top: {_names([board.discard_top], moved)})" if board.discard_top is not None else ""),
    ]
    if board.rules_pile:
        centre.append(f"Rules deck {board.rules_pile}")
    lines = ["; ".join(centre)]
    if board.being_played:
        lines.append("Being played: " + ", ".join(f"{card.name} ({player})" for player, card in board.being_played))
    for frame in board.temp_hands:
        owed = f", {frame.plays_owed} owed" if frame.plays_owed is not None else ""
        lines.append(f"Temporary hand of {frame.player} ({frame.source.name}{owed}): " + _names(frame.cards, moved))
    for seat in board.seats:
        mark = " (turn)" if seat.player == board.turn else ""
        won = " (wins)" if seat.player == board.winner else ""
        line = (
            f"{seat.player}{mark}{won}: hand ({len(seat.hand)}): {_names(seat.hand, moved)}; "
            f"in play: {_names(seat.in_play, moved)}"
        )
        if seat.scored:
            line += f"; scored: {_names(seat.scored, moved)}"
        lines.append(line)
    return lines
