"""Why a Suma move is good, in one short line, from its mover's view (BOTS-4).

``explain(rules, view, action)`` gives an i18n key of ``data/i18n/suma_why.yaml`` and its
params, rendered by ``Rules.event_text`` (``card`` becomes colour + number, ``kind`` an item
symbol, ``cell`` a map cell such as d4, ``colour`` a colour's name).  Bingo lines are named
by a key per line kind (row, column, diagonal) and a 1-based ``line`` number.

- SUMA-REASONS-1 Bingo first: a mark (a cross, an achieve, a privilege's mark) says which
  line it completes ("completes row 3") or else which line it brings nearest ("row 2: 4 of
  5"); a summon or a privilege says the line its number can complete.  Otherwise the line
  says what the move gets: a summon its crosses (and its turned pattern), a take the card's
  crosses and how many items its condition still lacks, a job card what its job does.
- SUMA-REASONS-2 Secrecy: a hand card's suma side is the holder's secret until it is
  summoned (D-12), so a line never names or counts on a hand card other than the one the move
  shows (a taken market card, a summoned card).  A placed item is therefore explained by the
  public map (its kind and cell, the group of its kind it joins, the empty cells left), never
  by the hand patterns the bot had in mind; a group is named up to ``GROUP_MAX`` items, the
  most cells of one kind a pattern asks for.  A deck draw says only what the deck's top shows
  (its colour and job side).
- SUMA-REASONS-3 A summon's "can complete" uses D-3's choice of cells (``bingo.auto_cell``):
  the player picks the crosses afterwards, so the line says what the crosses can reach.
- SUMA-REASONS-5 A placed item says its motive, not the placement rule: a market card (public)
  whose condition it meets or brings within ``NEAR_MAX`` items, when that card's crosses reach
  the mover's own card (the line they can complete, else how many cells); else how many
  suma conditions it brings one item nearer (every card not held as a job, all public) and
  the group it joins — why this cell rather than another.  A lead's near round end (the map
  almost full, R-4.1) comes first; an item that helps nothing says what it still does: while
  the mover leads and the map is nearly full, it brings a full map nearer; a 〇 keeps the
  special items for their cells.  A placement never denies an opponent a cell (each cell
  takes one kind, and items serve everybody), so no line claims to; a privilege's line says
  what it gives the others.
- SUMA-REASONS-4 ``GENERIC`` lists the lines that describe the move without a reason particular
  to the position (tests measure how often the Strong bot gets one).
"""
from __future__ import annotations

from functools import lru_cache

from games.core.engine import Action
from games.suma import bingo, forest, patterns
from games.suma.data import job_key
from games.suma.state import cell_index

K = "suma_why."
GENERIC = frozenset({K + "start", K + "draw", K + "done", K + "fx_remove", K + "fx_place"})
FILL_WARN = 4  # empty map cells at most: a place says the round's end is near
FILL_NEAR = 12  # empty map cells at most: an item that helps nothing fills the map for a leader
GROUP_MAX = 4  # a group of one kind up to the most cells of one kind a pattern asks for
NEAR_MAX = 1  # a market card the item leaves at most this many items short is named (SUMA-REASONS-5)
CONDITION_CACHE = 256  # (board, reductions, card) entries of ~1 KiB at most: the cards of a few boards


def explain(rules, view: dict, action: Action) -> tuple[str, dict] | None:
    """The reason for ``action`` by the seat whose ``view`` this is, or None (not its move)."""
    me = view.get("viewer")
    if not isinstance(me, int) or view.get("over") or view.get("current") != me:
        return None
    step = _STEPS.get(action.kind)
    return None if step is None else step(rules.data, view, me, *action.args)


# --- bingo lines ------------------------------------------------------------------------
def _line_name(index: int, size: int) -> tuple[str, int]:
    """``bingo.lines`` index -> (row|col|diag, 1-based number)."""
    if index < size:
        return "row", index + 1
    if index < 2 * size:
        return "col", index - size + 1
    return "diag", index - 2 * size + 1


def _completed(marked: int, after: int, size: int) -> list[int]:
    return [k for k, m in enumerate(bingo.lines(size)) if after & m == m and marked & m != m]


def _line_params(prefix: str, done: list[int], size: int) -> tuple[str, dict]:
    """``prefix`` + ``_row``/``_col``/``_diag`` for one line, ``_lines`` for several."""
    if len(done) > 1:
        return f"{prefix}_lines", {"n": len(done)}
    kind, number = _line_name(done[0], size)
    return f"{prefix}_{kind}", {"line": number}


def _cross_all(d, card: list, marked: int, number: int, count: int) -> int:
    """The marks after ``count`` crosses of ``number``, cells chosen as D-3 (SUMA-REASONS-3)."""
    for _ in range(count):
        cells = bingo.unmarked_of(card, marked, number)
        if not cells:
            break
        marked |= 1 << bingo.auto_cell(cells, marked, d.bingo_size)
    return marked


def _crosses(d, v: dict, me: int, number: int, count: int) -> tuple[list[int], int]:
    """Lines ``count`` crosses of ``number`` can complete, and how many cells they can cross."""
    card, marked = v["cards"][me], v["marked"][me]
    after = _cross_all(d, card, marked, number, count)
    return _completed(marked, after, d.bingo_size), bin(after & ~marked).count("1")


# --- the actions ------------------------------------------------------------------------
def _start(d, v: dict, me: int, kind: str) -> tuple[str, dict]:
    return K + "start", {"kind": kind}


def _job(d, card: str) -> tuple[str, dict]:
    """The key suffix and params of a card's first job part (its main effect)."""
    c = d.card(card)
    part = c.effect[0]
    kind = "reduce_any" if part.type == "reduce" and part.kind == "any" else part.type
    return kind, {"n": part.n, "kind": part.kind} if part.kind and part.kind != "any" else {"n": part.n}


def _take(d, v: dict, me: int, card: str) -> tuple[str, dict]:
    c = d.card(card)
    red = patterns.reductions(d, v["jobs"][me])
    miss = patterns.missing(c, v["board"], d.size, red)
    lines, cells = _crosses(d, v, me, c.number, c.count)
    base = {"card": card, "number": c.number, "count": c.count, "miss": miss}
    if lines:
        key, params = _line_params(K + "take", lines, d.bingo_size)
        return key, {**base, **params}
    if cells:
        return K + ("take_ready" if miss == 0 else "take_cross"), {**base, "cells": cells}
    suffix, params = _job(d, card)
    return K + "take_job_" + suffix, {**base, **params}


def _draw(d, v: dict, me: int, colour: str) -> tuple[str, dict]:
    """The deck's top shows its job side (public): the job it brings, never which card."""
    deck = v["decks"][colour]
    alike = next((c for c in sorted(d.cards) if job_key(d, c) == deck["top"]), None)
    if alike is None:
        return K + "draw", {"colour": colour, "left": deck["count"]}
    suffix, params = _job(d, alike)
    return K + "draw_job_" + suffix, {"colour": colour, **params}


def _group(d, board: list, i: int, kind: str) -> int:
    """The size of the group of ``kind`` items (sharing sides) that an item on ``i`` joins."""
    size, seen, todo = d.size, {i}, [i]
    while todo:
        j = todo.pop()
        for n in forest.neighbours(size)[j]:
            if n not in seen and board[n] == kind:
                seen.add(n)
                todo.append(n)
    return len(seen)


def _place(d, v: dict, me: int, kind: str, cell: str) -> tuple[str, dict]:
    i = cell_index(cell, d.size)
    board = v["board"]
    touching = sum(1 for n in forest.neighbours(d.size)[i] if board[n] is not None)
    base = {"kind": kind, "cell": i, "n": touching}
    if v["pending"]:  # an immediate effect's place part
        return K + "fx_place", base
    empty = sum(1 for x in board if x is None) - 1
    if empty <= FILL_WARN:
        lead = _lead(v, me)
        return K + ("place_fill_lead" if lead > 0 else "place_fill"), {**base, "left": empty, "lead": lead}
    red = patterns.reductions(d, v["jobs"][me])
    market = _market_motive(d, v, me, i, kind, red)
    if market is not None:
        return market[0], {**base, **market[1]}
    shapes = _nearer(d, v, i, kind, red)
    group = _group(d, board, i, kind)
    if 1 < group <= GROUP_MAX:
        return K + ("place_group" if shapes else "place_group_only"), {**base, "group": group, "shapes": shapes}
    if shapes:
        return K + "place_shapes", {**base, "shapes": shapes}
    lead = _lead(v, me)
    if lead > 0 and empty <= FILL_NEAR:
        return K + "place_wait_lead", {**base, "lead": lead, "left": empty}
    if kind == forest.anywhere_kind(d):
        return K + "place_any", {**base, "stock": v["stock"][kind] - 1}
    if i == forest.start_index(d):
        return K + "place_start", base
    return K + "place_own", base


def _lead(v: dict, me: int) -> int:
    """The mover's lead in points so far (score plus 2 a bingo) over the best other seat."""
    pts = [t + 2 * b for t, b in zip(v["totals"], v["bingos"], strict=True)]
    return pts[me] - max(p for k, p in enumerate(pts) if k != me)


@lru_cache(maxsize=CONDITION_CACHE)
def _condition(d, board: tuple, red: tuple, card: str) -> tuple[int, frozenset]:
    """(items the card's condition lacks, the (cell, kind) items that would lack one fewer),
    over the placements whose unmet cells items can still fill: empty cells that take the
    kind (R-2.2), or cells the reductions forgive (R-3.3).

    One item meets one more cell of a placement at most, so it brings the condition nearer
    exactly when it fills an unmet cell of a best placement that the reductions do not
    forgive.  Cached per board (a view's every place action asks the same)."""
    reds = dict(red)
    best, better = 99, set()
    for _, cells in patterns.placements(d.card(card).pattern, d.size):
        miss: dict = {}
        stuck = 0  # unmet cells no item can fill, beyond those forgiven by their kind's reduction
        for i, k in cells:
            if board[i] != k:
                miss[k] = miss.get(k, 0) + 1
        for k in miss:
            blocked = sum(1 for i, kk in cells if kk == k and board[i] != k
                          and (board[i] is not None or not forest.kind_fits(d, i, k)))
            stuck += max(0, blocked - reds.get(k, 0))
        if stuck > reds.get("any", 0):
            continue
        need = patterns.lacking(miss, reds)
        if need > best or need == 0:
            best = min(best, need)
            continue
        if need < best:
            best, better = need, set()
        better.update((i, k) for i, k in cells if board[i] is None and forest.kind_fits(d, i, k)
                      and miss[k] > reds.get(k, 0))
    return best, frozenset(better if best else ())


def _market_motive(d, v: dict, me: int, i: int, kind: str, red: dict) -> tuple[str, dict] | None:
    """The best market card the item brings within ``NEAR_MAX`` whose crosses reach the mover's card."""
    board, reds = tuple(v["board"]), tuple(sorted(red.items()))
    best = None
    for card in sorted(c for m in v["market"].values() for c in m if c):
        before, better = _condition(d, board, reds, card)
        if (i, kind) not in better or before - 1 > NEAR_MAX:
            continue
        c = d.card(card)
        lines, cells = _crosses(d, v, me, c.number, c.count)
        rank = (before == 1, len(lines), cells, -before)
        if cells and (best is None or rank > best[0]):
            best = (rank, card, before - 1, lines, cells)
    if best is None:
        return None
    _, card, miss, lines, cells = best
    c = d.card(card)
    params = {"card": card, "number": c.number, "count": c.count, "miss": miss, "cells": cells}
    prefix = K + ("place_ready" if miss == 0 else "place_near")
    if lines:
        key, extra = _line_params(prefix, lines, d.bingo_size)
        return key, {**params, **extra}
    return prefix, params


def _nearer(d, v: dict, i: int, kind: str, red: dict) -> int:
    """How many suma conditions not yet met the item brings one item nearer (the cards no
    seat holds as a job: public, whoever holds them)."""
    held = {c for j in v["jobs"] for c in j}
    board, reds = tuple(v["board"]), tuple(sorted(red.items()))
    return sum(1 for c in d.cards if c not in held and (i, kind) in _condition(d, board, reds, c)[1])


def _privilege(d, v: dict, me: int, sq: int) -> tuple[str, dict]:
    kind, number = d.squares[sq]
    gone = min(d.limits["privilege_removes"], v["stock"][kind])
    others = sum(1 for p in range(v["players"]) if p != me
                 and bingo.unmarked_of(v["cards"][p], v["marked"][p], number))
    base = {"number": number, "kind": kind, "excluded": gone, "others": others}
    if sum(v["supply"]) == 1:
        return K + "privilege_last", base
    lines, _ = _crosses(d, v, me, number, 1)
    if lines:
        key, params = _line_params(K + "privilege", lines, d.bingo_size)
        return key, {**base, **params}
    return K + ("privilege_alone" if others == 0 else "privilege"), base


def _summon(d, v: dict, me: int, card: str) -> tuple[str, dict]:
    c = d.card(card)
    fit = patterns.find(c, v["board"], d.size, patterns.reductions(d, v["jobs"][me]))
    base = {"card": card, "number": c.number, "count": c.count, "rotation": fit[0] * 90 if fit else 0}
    lines, cells = _crosses(d, v, me, c.number, c.count)
    if lines:
        key, params = _line_params(K + "summon", lines, d.bingo_size)
        return key, {**base, **params}
    if cells:
        return K + "summon_cross", {**base, "cells": cells}
    suffix, params = _job(d, card)
    return K + "summon_job_" + suffix, {**base, **params}


def _return(d, v: dict, me: int, card: str) -> tuple[str, dict]:
    suffix, params = _job(d, card)
    return K + "return_" + suffix, {"card": card, **params}


def _mark(d, v: dict, me: int, i: int) -> tuple[str, dict]:
    card, marked = v["cards"][me], v["marked"][me]
    size = d.bingo_size
    after = marked | 1 << i
    base = {"number": card[i]}
    done = _completed(marked, after, size)
    if done:
        key, params = _line_params(K + "mark", done, size)
        return key, {**base, **params}
    best = max((k for k, m in enumerate(bingo.lines(size)) if m >> i & 1),
               key=lambda k: (bin(after & bingo.lines(size)[k]).count("1"), -k))
    kind, number = _line_name(best, size)
    have = bin(after & bingo.lines(size)[best]).count("1")
    return K + f"mark_near_{kind}", {**base, "line": number, "have": have, "size": size}


def _remove(d, v: dict, me: int, cell: str) -> tuple[str, dict]:
    i = cell_index(cell, d.size)
    return K + "fx_remove", {"kind": v["board"][i], "cell": i}


def _done(d, v: dict, me: int) -> tuple[str, dict]:
    return K + "done", {"n": len(v["summoned"])}


_STEPS = {"start": _start, "take": _take, "draw": _draw, "place": _place, "privilege": _privilege,
            "summon": _summon, "return": _return, "mark": _mark, "remove": _remove, "done": _done}
