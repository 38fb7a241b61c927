"""What the Suma table's symbols, counters and cards mean: the tooltip notes (TIPS-1 of
games/ui/tips.py) that need more than one line where they are drawn.

- SUMA-UI-NOTES-1 A job side's tip is chosen by its timing and the kinds of its parts
  (``suma_tips.job_<timing>_<part>[_<part>]``) with the item symbols and counts as fields,
  read from the public job key (``job:red:remove1+place-circle1``): the same tip for a job
  card in front of a player, a deck's top and another seat's hand card (whose suma side is
  never drawn, so its tip tells nothing more than its job side shows).
"""
from __future__ import annotations

import pygame

from games.suma import bingo
from games.suma.data import job_key
from games.suma.ui import layout as L
from games.ui import tips

TIMING = {"red": "immediate", "blue": "permanent", "green": "end"}


def job_tip(data, job: str) -> tuple[str, dict]:
    """(key, fields) of a job side's tip from its public key."""
    _, colour, body = job.split(":", 2)
    names, params = [], {}
    for k, part in enumerate(body.split("+")):
        head = part.rstrip("0123456789")
        ptype, _, kind = head.partition("-")
        names.append(ptype + ("_any" if kind == "any" else ""))
        sym = "＊" if kind == "any" else (data.item(kind).symbol if kind else "")
        params["kind" if k == 0 else "kind2"] = sym
        params["n" if k == 0 else "n2"] = int(part[len(head):] or 0)
    timing = next((t for c, t, _ in data.colours if c == colour), TIMING.get(colour, "end"))
    return f"suma_tips.job_{timing}_{'_'.join(names)}", params


def job(rect, data, job_side: str) -> None:
    key, params = job_tip(data, job_side)
    tips.note(rect, key, **params)


def job_card(rect, data, cid: str) -> None:
    """A job card in front of a player (its effect works for them)."""
    job(rect, data, job_key(data, cid))


def card(rect, data, cid: str) -> None:
    """A suma side face up: its number, count and what summoning it does."""
    c = data.card(cid)
    tips.note(rect, "suma_tips.card", card=cid, number=c.number, count=c.count)


def map_cells(table) -> None:
    """The map, then each cell: its item, or what may be put there."""
    d, v = table.data, table.view
    tips.note(L.MAP_FRAME, "suma_tips.map")
    for i, item in enumerate(v["board"]):
        code = d.map[i // d.size][i % d.size]
        r = L.map_rect(i, d.size)
        if item is not None:
            tips.note(r, "suma_tips.cell_item_start" if code == "start" else "suma_tips.cell_item", kind=item,
                      cell=i)
        elif code == "start":
            tips.note(r, "suma_tips.cell_start", cell=i)
        elif code == "plain":
            tips.note(r, "suma_tips.cell_plain", cell=i)
        else:
            tips.note(r, "suma_tips.cell_kind", kind=code, cell=i)


def bingo_cells(table, seat: int, area: pygame.Rect, cell: int) -> None:
    """A bingo card and each of its cells."""
    v = table.view
    tips.note(area.inflate(4, 4), "suma_tips.bingo_card", seat=seat, n=v["bingos"][seat])
    marked = v["marked"][seat]
    for i, n in enumerate(v["cards"][seat]):
        r = L.bingo_cell(area, i, cell)
        if n == bingo.FREE:
            tips.note(r, "suma_tips.bingo_free")
        else:
            tips.note(r, "suma_tips.bingo_marked" if marked >> i & 1 else "suma_tips.bingo_open", seat=seat,
                      number=n)


def track(table) -> None:
    """The score track's squares, the pieces on them and the tens pieces."""
    v, squares = table.view, table.data.track_squares
    for n in range(squares):
        tips.note(L.track_rect(n, squares), "suma_tips.track_square", n=n)
    for n in range(squares):
        r = L.track_rect(n, squares)
        for j, p in enumerate(q for q in range(v["players"]) if v["totals"][q] % 10 == n):
            tips.note((r.left + 3 + (j % 4) * 12, r.top + 29 + (j // 4) * 18, 18, 18), "suma_tips.track_piece",
                      seat=p, n=v["totals"][p])
    if any(v["track"][p] > 1 for p in range(v["players"])):
        r0 = L.track_rect(0, squares)
        tips.note((r0.right - 30, r0.top, 30, 30), "suma_tips.track_tens")


def summary(table, h: dict, xs: list, heads: list) -> None:
    """The round summary's columns and each player's numbers."""
    box = L.SUMMARY
    tips.note(box, "suma_tips.summary", round=h["round"])
    n = len(h["points"])
    step = min(L.SUMMARY_ROW_STEP, (box.height - 240) // max(1, n))
    for key, x in zip(heads, xs, strict=True):
        col = key.split("_", 2)[-1]
        tips.note((x - 4, box.top + 110, 144, 40), f"suma_tips.sum_{col}_head")
        for p in range(n):
            y = box.top + L.SUMMARY_ROW_TOP + p * step
            val = {"bingos": h["bingos"], "stars": h["stars"], "points": h["points"], "total": h["total"],
                   "pieces": h["pieces"]}[col][p]
            tips.note((x, y - 20, 140, 40), f"suma_tips.sum_{col}", seat=p, n=val)
