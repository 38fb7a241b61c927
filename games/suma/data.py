"""The Suma no Mori components, loaded from ``data/suma.yaml`` into frozen dataclasses.

Items, the forest map, the warehouse frames, the bingo definition, the score track and the
36 cards (pattern + job effect as parameterised parts) all come from the file; any mistake
stops with one DataError naming the file, the card and the field.  Card ids are the
colour's initial and the number (``r0`` .. ``g11``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from games.core.data import DATA_DIR, Checker, load_yaml

DATA_FILE = DATA_DIR / "suma.yaml"
PLAIN, START, BLANK = "·", "S", "."
TIMINGS = ("immediate", "permanent", "end")
EFFECTS = {"place": ("immediate",), "remove": ("immediate",), "reduce": ("permanent",),
           "achieve": ("immediate", "end"), "score": ("end",)}
CARD_TOTAL = 36
ROOT_FIELDS = ("items", "map", "warehouse", "excluded_items_return", "start_item_kinds", "bingo", "numbers",
               "score_track", "pieces", "limits", "rounds", "colours", "cards")
LIMIT_FIELDS = ("hand", "jobs", "market_per_colour", "privilege_removes", "bingo_points")
MAX_PATTERN = 4  # blue 9 is a row of four (the spec's "up to 3x3" has this exception)


@dataclass(frozen=True)
class Item:
    kind: str
    symbol: str
    count: int
    anywhere: bool
    name: dict


@dataclass(frozen=True)
class Part:
    """One part of a job effect: ``place circle 2``, ``remove 1``, ``reduce any 1``..."""

    type: str
    n: int
    kind: str | None = None


@dataclass(frozen=True)
class Card:
    id: str
    colour: str
    number: int
    count: int
    pattern: tuple  # rows of item kinds or None (blank)
    effect: tuple  # Parts
    timing: str

    @property
    def cells(self) -> int:
        return sum(1 for row in self.pattern for k in row if k)


@dataclass(frozen=True, eq=False)  # hashed by identity: caches key on the loaded file
class SumaData:
    path: str
    items: tuple
    map: tuple  # rows of cell codes: "plain", "start" or an item kind
    warehouse: tuple  # ((kind, (square numbers...)), ...)
    excluded_items_return: bool
    start_item_kinds: tuple
    bingo_size: int
    free_centre: bool
    pool_copies: int
    numbers: int
    track_squares: int
    cap: int
    pieces_given: int
    reserve: int
    limits: dict
    rounds: int
    colours: tuple  # ((id, timing, name), ...)
    cards: dict = field(compare=False, repr=False, default_factory=dict)
    # SUMA-DATA-1 (perf): derived once from the fields above, plain attributes (not properties
    # building a tuple at every read; the rules read them several times per action): the map's
    # side, the item kinds in file order, every warehouse square as ``(frame kind, number)``
    # frame by frame (D-14), the colour ids.
    size: int = field(init=False, compare=False, repr=False)
    kinds: tuple = field(init=False, compare=False, repr=False)
    squares: tuple = field(init=False, compare=False, repr=False)
    _colour_ids: tuple = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        """The derived attributes (SUMA-DATA-1), set through ``object`` as the class is frozen."""
        derived = {"size": len(self.map), "kinds": tuple(i.kind for i in self.items),
                   "squares": tuple((k, n) for k, sq in self.warehouse for n in sq),
                   "_colour_ids": tuple(c[0] for c in self.colours)}
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def item(self, kind: str) -> Item:
        return next(i for i in self.items if i.kind == kind)

    def colour_ids(self) -> tuple:
        return self._colour_ids

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]


def load(path: Path | str = DATA_FILE) -> SumaData:
    """Read and validate a Suma data file."""
    c = Checker(path)
    root = c.known(load_yaml(path), None, ROOT_FIELDS)
    items = _items(c, root)
    kinds = [i.kind for i in items]
    numbers = c.int(root, "numbers", None, lo=1, hi=99)
    grid = _map(c, root, items)
    warehouse = _warehouse(c, root, kinds, numbers)
    starts = c.list(root, "start_item_kinds", None, 1)
    for k in starts:
        if k not in kinds:
            raise c.fail(None, "start_item_kinds", f"unknown item kind {k!r} (allowed: {', '.join(kinds)})")
    bingo = c.known(c._get(root, "bingo", None), "bingo", ("size", "free_centre", "pool_copies"))
    size = c.int(bingo, "size", "bingo", lo=3, hi=7)
    if size % 2 == 0:
        raise c.fail("bingo", "size", "expected an odd size (the card has a centre)")
    free = c.bool(bingo, "free_centre", "bingo")
    copies = c.int(bingo, "pool_copies", "bingo", lo=1, hi=9)
    if numbers * copies < size * size - int(free):
        raise c.fail("bingo", "pool_copies", f"{numbers} numbers x {copies} copies cannot fill a {size}x{size} card")
    track = c.known(c._get(root, "score_track", None), "score_track", ("squares", "cap"))
    pieces = c.known(c._get(root, "pieces", None), "pieces", ("given", "reserve"))
    lim = c.known(c._get(root, "limits", None), "limits", LIMIT_FIELDS)
    limits = {k: c.int(lim, k, "limits", lo=1, hi=12) for k in LIMIT_FIELDS}
    colours = _colours(c, root)
    symbols = {it.symbol: it.kind for it in items}
    cards = _cards(c, root, colours, symbols, numbers)
    return SumaData(
        c.path, tuple(items), grid, warehouse, c.bool(root, "excluded_items_return", None),
        tuple(starts), size, free, copies, numbers,
        c.int(track, "squares", "score_track", lo=2, hi=100), c.int(track, "cap", "score_track", lo=1, hi=999),
        c.int(pieces, "given", "pieces", lo=2, hi=9), c.int(pieces, "reserve", "pieces", lo=0, hi=9),
        limits, c.int(root, "rounds", None, lo=1, hi=9), colours, cards)


def job_key(d: SumaData, card: str) -> str:
    """The job side as text (``job:red:remove1+place-circle1``): public, never a card id."""
    c = d.card(card)
    parts = "+".join(f"{p.type}{'-' + p.kind if p.kind else ''}{p.n}" for p in c.effect)
    return f"job:{c.colour}:{parts}"


@lru_cache(maxsize=1)
def data() -> SumaData:
    return load(DATA_FILE)


def _items(c: Checker, root: dict) -> list[Item]:
    out: list[Item] = []
    for i, raw in enumerate(c.list(root, "items", None, 1)):
        c.known(raw, f"item #{i + 1}", ("kind", "symbol", "count", "anywhere", "name"))
        kind = c.str(raw, "kind", f"item #{i + 1}")
        where = f"item '{kind}'"
        if any(it.kind == kind for it in out):
            raise c.fail(where, "kind", "is used by another item")
        sym = c.str(raw, "symbol", where)
        if len(sym) != 1 or sym in (PLAIN, START, BLANK, "/") or any(it.symbol == sym for it in out):
            raise c.fail(where, "symbol", f"expected one character not used elsewhere, got {sym!r}")
        out.append(Item(kind, sym, c.int(raw, "count", where, lo=1, hi=999),
                        c.bool(raw, "anywhere", where, default=False), c.text(raw, "name", where)))
    if sum(1 for it in out if it.anywhere) != 1:
        raise c.fail(None, "items", "exactly one item kind must have 'anywhere: true'")
    return out


def _map(c: Checker, root: dict, items: list[Item]) -> tuple:
    rows = c.list(root, "map", None, 1)
    by_symbol = {it.symbol: it.kind for it in items if not it.anywhere}
    out = []
    for r, row in enumerate(rows):
        if not isinstance(row, str):
            raise c.fail(f"map row {r + 1}", "map", f"expected text, got {row!r}")
        if len(row) != len(rows):
            raise c.fail(f"map row {r + 1}", "map",
                         f"the map must be square: {len(rows)} rows but this row has {len(row)} cells")
        cells = []
        for ch in row:
            if ch == PLAIN:
                cells.append("plain")
            elif ch == START:
                cells.append("start")
            elif ch in by_symbol:
                cells.append(by_symbol[ch])
            else:
                raise c.fail(
                    f"map row {r + 1}", "map", f"unknown cell {ch!r} (use {PLAIN}, {START} or a special item symbol)"
                )
        out.append(tuple(cells))
    if sum(row.count("start") for row in out) != 1:
        raise c.fail(None, "map", "expected exactly one START cell (S)")
    return tuple(out)


def _warehouse(c: Checker, root: dict, kinds: list[str], numbers: int) -> tuple:
    out = []
    for i, raw in enumerate(c.list(root, "warehouse", None, 1)):
        where = f"warehouse frame #{i + 1}"
        c.known(raw, where, ("kind", "squares"))
        kind = c.choice(raw, "kind", where, kinds)
        squares = c.list(raw, "squares", where, 1)
        for n in squares:
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < numbers:
                raise c.fail(where, "squares", f"expected numbers from 0 to {numbers - 1}, got {n!r}")
        if len(set(squares)) != len(squares):
            raise c.fail(where, "squares", "a number appears twice in one frame")
        out.append((kind, tuple(squares)))
    if sorted(k for k, _ in out) != sorted(kinds):
        raise c.fail(None, "warehouse", "expected one frame per item kind")
    return tuple(out)


def _colours(c: Checker, root: dict) -> tuple:
    out = []
    for i, raw in enumerate(c.list(root, "colours", None, 1)):
        c.known(raw, f"colour #{i + 1}", ("id", "timing", "name"))
        cid = c.str(raw, "id", f"colour #{i + 1}")
        where = f"colour '{cid}'"
        if any(x[0] == cid or x[0][0] == cid[0] for x in out):
            raise c.fail(where, "id", "another colour has this id or initial")
        out.append((cid, c.choice(raw, "timing", where, TIMINGS), c.text(raw, "name", where)))
    return tuple(out)


def _cards(c: Checker, root: dict, colours: tuple, symbols: dict, numbers: int) -> dict:
    by_colour = c.mapping(c._get(root, "cards", None), None, "cards")
    out: dict[str, Card] = {}
    for cid, timing, _ in colours:
        lst = c.list(by_colour, cid, "cards", 1)
        for i, raw in enumerate(lst):
            c.known(raw, f"{cid} card #{i + 1}", ("number", "count", "pattern", "effect"))
            num = c.int(raw, "number", f"{cid} card #{i + 1}", lo=0, hi=numbers - 1)
            card_id = f"{cid[0]}{num}"
            where = f"card '{card_id}' ({cid} {num})"
            if card_id in out:
                raise c.fail(where, "number", f"{cid} {num} is listed twice")
            pattern = _pattern(c, raw, where, symbols)
            effect = tuple(_part(c, p, where, timing, list(symbols.values())) for p in c.list(raw, "effect", where, 1))
            out[card_id] = Card(card_id, cid, num, c.int(raw, "count", where, lo=1, hi=9), pattern, effect, timing)
    extra = sorted(set(map(str, by_colour)) - {x[0] for x in colours})
    if extra:
        raise c.fail("cards", None, f"unknown colour(s) {', '.join(extra)}")
    if len(out) != CARD_TOTAL:
        raise c.fail("cards", None, f"there are {len(out)} cards; the game has exactly {CARD_TOTAL}")
    return out


def _pattern(c: Checker, raw: dict, where: str, symbols: dict) -> tuple:
    text = c.str(raw, "pattern", where)
    rows = text.split("/")
    if len(rows) > MAX_PATTERN or any(len(r) != len(rows[0]) for r in rows) or len(rows[0]) > MAX_PATTERN:
        raise c.fail(
            where, "pattern", f"rows must all have the same width, at most {MAX_PATTERN}x{MAX_PATTERN}: {text!r}"
        )
    out = []
    for row in rows:
        cells = []
        for ch in row:
            if ch == BLANK:
                cells.append(None)
            elif ch in symbols:
                cells.append(symbols[ch])
            else:
                raise c.fail(where, "pattern", f"unknown item kind {ch!r} (use {', '.join(symbols)} or {BLANK})")
        out.append(tuple(cells))
    if not any(k for row in out for k in row):
        raise c.fail(where, "pattern", "a pattern needs at least one item")
    return tuple(out)


def _part(c: Checker, raw: dict, where: str, timing: str, kinds: list[str]) -> Part:
    c.known(raw, where, ("type", "n", "kind"), "effect.")
    ptype = c.str(raw, "type", where + " effect")
    if ptype not in EFFECTS:
        raise c.fail(where, "effect.type", f"unknown effect {ptype!r} (allowed: {', '.join(EFFECTS)})")
    if timing not in EFFECTS[ptype]:
        raise c.fail(where, "effect.type", f"a {ptype} effect cannot have the timing {timing}")
    n = c.int(raw, "n", where + " effect", lo=1, hi=9)
    kind = None
    if ptype == "place":
        kind = c.choice(raw, "kind", where + " effect", kinds)
    elif ptype == "reduce":
        kind = c.choice(raw, "kind", where + " effect", [*kinds, "any"])
    return Part(ptype, n, kind)
