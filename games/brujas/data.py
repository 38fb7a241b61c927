"""The Brujas components, loaded from ``data/brujas.yaml`` into frozen dataclasses.

Every count and value the rules use (colours, cards and copies, witches, score cards,
deal sizes, majority points) comes from here, so owners of the physical game can edit
the file; any mistake stops with a DataError naming the file, the entry and the field.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from games.core.data import DATA_DIR, Checker, load_yaml

DATA_FILE = DATA_DIR / "brujas.yaml"
MAJORITY_BY = ("colour", "number")  # R-4.2 / D-1
COPY_LETTERS = "abcdefghijklmnopqrstuvwxyz"
ROOT_FIELDS = ("colours", "cards", "witches", "score_cards", "deal", "majority_points", "majority_by")
COLOUR_FIELDS = ("id", "letter", "glyph", "rgb", "name", "animal")
CARD_FIELDS = ("colour", "number", "copies")
WITCH_FIELDS = ("colour", "name")
# bounds (also in the header comment of data/brujas.yaml)
MAX_COLOURS, MAX_PLAYERS, MAX_HAND, MAX_POINTS = 8, 8, 60, 99


@dataclass(frozen=True)
class Colour:
    """A suit: its witch's colour, with a letter and glyph for colour-blind play."""

    id: str
    letter: str
    glyph: str
    rgb: tuple[int, int, int]
    name: dict
    animal: dict


@dataclass(frozen=True)
class Card:
    """One prank card; identical cards share colour and number and differ in ``copy``."""

    id: str
    colour: str
    number: int
    copy: int  # 1, 2, ... among identical cards
    index: int  # position in the deck order (hands are kept sorted by it)


@dataclass(frozen=True)
class Witch:
    colour: str
    name: dict


@dataclass(frozen=True)
class BrujasData:
    """The whole validated file."""

    path: str
    colours: tuple[Colour, ...]
    cards: tuple[Card, ...]
    witches: tuple[Witch, ...]
    score_cards: tuple[int, ...]
    deal: tuple[tuple[int, int], ...]  # (players, hand size), by players
    majority_points: int
    majority_by: str = "colour"  # R-4.2/D-1: the kinds of prank are the colours ("number": alternative)
    by_id: dict = field(compare=False, repr=False, default_factory=dict)

    @property
    def numbers(self) -> tuple[int, ...]:
        """The card numbers, low to high."""
        return tuple(sorted({c.number for c in self.cards}))

    @property
    def majority_kinds(self) -> tuple:
        """The kinds of prank majority is counted over (R-4.2, D-1): colour ids or numbers."""
        return self.colour_ids if self.majority_by == "colour" else self.numbers

    @property
    def majority_attr(self) -> int:
        """Index of the kind in a card key ``(colour, number)``."""
        return 0 if self.majority_by == "colour" else 1

    @property
    def colour_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.colours)

    def hand_size(self, players: int) -> int:
        for p, size in self.deal:
            if p == players:
                return size
        raise ValueError(f"brujas is not played by {players} players")

    def colour(self, colour_id: str) -> Colour:
        for c in self.colours:
            if c.id == colour_id:
                return c
        raise KeyError(colour_id)


def load(path: Path | str = DATA_FILE) -> BrujasData:
    """Read and validate a Brujas data file."""
    check = Checker(path)
    root = check.known(load_yaml(path), None, ROOT_FIELDS)
    colours = _colours(check, root)
    colour_ids = [c.id for c in colours]
    cards = _cards(check, root, colours)
    witches = _witches(check, root, colour_ids)
    scores = _score_cards(check, root, len(witches))
    deal = _deal(check, root, len(cards))
    majority = check.int(root, "majority_points", None, lo=0, hi=MAX_POINTS)
    majority_by = root.get("majority_by", "colour")
    if majority_by not in MAJORITY_BY:
        raise check.fail(None, "majority_by", f"expected one of {', '.join(MAJORITY_BY)}, got {majority_by!r}")
    return BrujasData(check.path, tuple(colours), tuple(cards), tuple(witches), scores, deal,
                      majority, majority_by, {c.id: c for c in cards})


@lru_cache(maxsize=1)
def data() -> BrujasData:
    """The game's own data file (loaded once)."""
    return load(DATA_FILE)


def _colours(check: Checker, root: dict) -> list[Colour]:
    out: list[Colour] = []
    raws = check.list(root, "colours", None, 1)
    if len(raws) > MAX_COLOURS:
        raise check.fail(None, "colours", f"at most {MAX_COLOURS} colours, got {len(raws)}")
    for i, raw in enumerate(raws):
        where = f"colour #{i + 1}"
        check.known(raw, where, COLOUR_FIELDS)
        cid = check.str(raw, "id", where)
        where = f"colour '{cid}'"
        if " " in cid or any(c.id == cid for c in out):
            raise check.fail(where, "id", "must be unique and without spaces")
        letter = check.str(raw, "letter", where)
        if len(letter) != 1 or letter not in COPY_LETTERS:
            raise check.fail(where, "letter", f"expected one lowercase letter a-z, got {letter!r}")
        if any(c.letter == letter for c in out):
            raise check.fail(where, "letter", f"letter {letter!r} is used by another colour")
        rgb = check.list(raw, "rgb", where, 3)
        if len(rgb) != 3 or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 255
                                for v in rgb):
            raise check.fail(where, "rgb", f"expected three whole numbers 0-255, got {rgb!r}")
        out.append(Colour(cid, letter, check.str(raw, "glyph", where), tuple(rgb),
                          check.text(raw, "name", where), check.text(raw, "animal", where)))
    return out


def _cards(check: Checker, root: dict, colours: list[Colour]) -> list[Card]:
    letters = {c.id: c.letter for c in colours}
    out: list[Card] = []
    seen: set[tuple[str, int]] = set()
    for i, raw in enumerate(check.list(root, "cards", None, 1)):
        where = f"card #{i + 1}"
        check.known(raw, where, CARD_FIELDS)
        colour = check.choice(raw, "colour", where, letters)
        number = check.int(raw, "number", where, lo=1, hi=99)
        where = f"card #{i + 1} ({colour} {number})"
        copies = check.int(raw, "copies", where, lo=1, hi=len(COPY_LETTERS))
        if (colour, number) in seen:
            raise check.fail(where, "number", f"{colour} {number} is listed twice (use 'copies')")
        seen.add((colour, number))
        for k in range(copies):
            out.append(Card(f"{letters[colour]}{number}{COPY_LETTERS[k]}", colour, number, k + 1,
                            len(out)))
    used = {c for c, _ in seen}
    for colour in letters:
        if colour not in used:
            raise check.fail(f"colour '{colour}'", "cards", "no card has this colour")
    return out


def _witches(check: Checker, root: dict, colour_ids: list[str]) -> list[Witch]:
    out: list[Witch] = []
    for i, raw in enumerate(check.list(root, "witches", None, 1)):
        where = f"witch #{i + 1}"
        check.known(raw, where, WITCH_FIELDS)
        colour = check.choice(raw, "colour", where, colour_ids)
        if any(w.colour == colour for w in out):
            raise check.fail(where, "colour", f"a second witch for {colour}")
        out.append(Witch(colour, check.text(raw, "name", f"witch '{colour}'")))
    for colour in colour_ids:
        if not any(w.colour == colour for w in out):
            raise check.fail(f"colour '{colour}'", "witches", "this colour has no witch")
    return out


def _score_cards(check: Checker, root: dict, witches: int) -> tuple[int, ...]:
    values = check.list(root, "score_cards", None, 1)
    if len(values) != witches:
        raise check.fail("score cards", "score_cards",
                         f"expected {witches} score cards (one beside each witch), "
                         f"got {len(values)}")
    for i, v in enumerate(values):
        check.whole(v, f"score card #{i + 1}", "score_cards", 0, MAX_POINTS)
        if i and v >= values[i - 1]:
            raise check.fail(f"score card #{i + 1}", "score_cards",
                             "score cards must be listed from high to low, all different")
    return tuple(values)


def _deal(check: Checker, root: dict, deck: int) -> tuple[tuple[int, int], ...]:
    raw = check.mapping(root.get("deal"), "deal sizes", "deal")
    if not raw:
        raise check.fail("deal sizes", "deal", "no player count is listed")
    out = []
    for players, size in raw.items():
        where = f"deal for {players} players"
        check.whole(players, where, "deal", 2, MAX_PLAYERS)
        check.whole(size, where, str(players), 1, MAX_HAND)
        if players * size > deck:
            raise check.fail(where, str(players),
                             f"{players} hands of {size} need {players * size} cards; "
                             f"the deck has {deck}")
        if deck - players * size >= players:
            raise check.fail(where, str(players), f"hands of {size} leave {deck - players * size} "
                             f"of {deck} cards undealt: every player could get another")
        out.append((players, size))
    players = sorted(p for p, _ in out)
    if players != list(range(players[0], players[-1] + 1)):
        raise check.fail("deal sizes", "deal", f"player counts must be consecutive, got {players}")
    return tuple(sorted(out))
