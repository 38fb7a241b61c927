"""The Qumasu components, loaded from ``data/qumasu.yaml`` into frozen dataclasses.

Card faces, named 15-card decks, the three flower effects and every limit come from the
file; any mistake stops with one DataError naming the file, the card and the field.
Physical card ids are ``<seat>-<face>-<copy>`` (``0-soldier-2``): both players may hold
the same faces, so the seat is part of the id.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from games.core.data import DATA_DIR, Checker, load_yaml

DATA_FILE = DATA_DIR / "qumasu.yaml"
KINDS = ("unit", "spell")
ARROWS = ("F", "B", "L", "R")
FACE_ID = re.compile(r"^[a-z][a-z0-9_]*$")
# effect type -> timing -> allowed targets (None: no target)
EFFECTS = {
    "power": {"continuous": ("adjacent_own",), "spell": ("own_unit",)},
    "draw": {"on_enter": (None,), "spell": (None,)},
    "destroy": {"spell": ("enemy_unit",)},
    "move": {"spell": ("own_unit",)},
}
FLOWER_TYPES = ("power", "untap", "draw")
ROOT_FIELDS = ("hand_size", "castle_size", "deck_size", "cost_cards", "growth_steps", "forward_limit",
               "column_limit", "outside_limit", "cards", "decks", "flowers")
CARD_FIELDS = ("id", "kind", "name", "cost", "power", "arrows", "effect")
EFFECT_FIELDS = ("type", "timing", "target", "amount", "max_power")


@dataclass(frozen=True)
class Effect:
    type: str
    timing: str
    target: str | None = None
    amount: int = 0
    max_power: int = 0


@dataclass(frozen=True)
class Face:
    id: str
    kind: str
    name: dict
    cost: int
    power: int = 0
    arrows: tuple = ()
    effect: Effect | None = None


@dataclass(frozen=True)
class Deck:
    id: str
    name: dict
    cards: tuple  # ((face id, copies), ...)

    def face_ids(self) -> list[str]:
        return [fid for fid, n in self.cards for _ in range(n)]


@dataclass(frozen=True)
class Flower:
    id: str
    type: str
    amount: int
    name: dict


@dataclass(frozen=True)
class QumasuData:
    path: str
    hand_size: int
    castle_size: int
    deck_size: int
    cost_cards: int
    growth_steps: int
    forward_limit: str
    column_limit: int
    outside_limit: int
    faces: dict = field(compare=False, repr=False, default_factory=dict)
    decks: tuple = ()
    flowers: tuple = ()
    by_id: dict = field(compare=False, repr=False, default_factory=dict)  # face_of's answers

    def face_of(self, card_id: str) -> Face:
        """Face of a physical id (``0-soldier-2``) or of a face id (``soldier``).

        Remembered per id (legal moves ask it dozens of times); only ids that name a face
        are kept, so ``by_id`` is bounded by the faces times their copies on both sides.
        """
        face = self.by_id.get(card_id)
        if face is None:
            parts = card_id.split("-")
            face = self.by_id[card_id] = self.faces[parts[1] if len(parts) == 3 else card_id]
        return face

    def __post_init__(self) -> None:
        """``flower_types``: flower effect id -> its type (asked for every flower move); set
        here, not by a cached_property, which would slow every read of the data's
        attributes (engine ENGINE-2)."""
        object.__setattr__(self, "flower_types", {f.id: f.type for f in self.flowers})

    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.id == deck_id)

    def flower(self, fid: str) -> Flower:
        return next(f for f in self.flowers if f.id == fid)


def load(path: Path | str = DATA_FILE) -> QumasuData:
    """Read and validate a Qumasu data file."""
    c = Checker(path)
    root = c.known(load_yaml(path), None, ROOT_FIELDS)
    cost_cards = c.int(root, "cost_cards", None, lo=1, hi=9)
    nums = dict(hand_size=c.int(root, "hand_size", None, lo=1, hi=10),
                castle_size=c.int(root, "castle_size", None, lo=0, hi=10),
                deck_size=c.int(root, "deck_size", None, lo=1, hi=60))
    faces = _faces(c, root, cost_cards)
    decks = _decks(c, root, faces, nums["deck_size"], nums["hand_size"] + nums["castle_size"])
    return QumasuData(
        c.path, nums["hand_size"], nums["castle_size"], nums["deck_size"], cost_cards,
        c.int(root, "growth_steps", None, lo=1, hi=cost_cards),
        c.choice(root, "forward_limit", None, ("combined", "per_area")),
        c.int(root, "column_limit", None, lo=1, hi=3), c.int(root, "outside_limit", None, lo=1, hi=6),
        faces, decks, _flowers(c, root))


@lru_cache(maxsize=1)
def data() -> QumasuData:
    return load(DATA_FILE)


def _faces(c: Checker, root: dict, cost_cards: int) -> dict[str, Face]:
    out: dict[str, Face] = {}
    for i, raw in enumerate(c.list(root, "cards", None, 1)):
        c.known(raw, f"card #{i + 1}", CARD_FIELDS)
        fid = c.str(raw, "id", f"card #{i + 1}")
        where = f"card '{fid}'"
        if not FACE_ID.match(fid):
            raise c.fail(where, "id", "expected lower-case letters, digits and _ (no spaces or '-')")
        if fid in out:
            raise c.fail(where, "id", "is used by another card")
        kind = c.choice(raw, "kind", where, KINDS)
        name = c.text(raw, "name", where)
        cost = c.int(raw, "cost", where, lo=0, hi=cost_cards)
        effect = _effect(c, raw["effect"], where, kind) if raw.get("effect") is not None else None
        if kind == "unit":
            power = c.int(raw, "power", where, lo=0, hi=99)
            arrows = _arrows(c, raw, where)
            out[fid] = Face(fid, kind, name, cost, power, arrows, effect)
        else:
            for extra in ("power", "arrows"):
                if extra in raw:
                    raise c.fail(where, extra, "a spell has no " + extra)
            if effect is None:
                raise c.fail(where, "effect", "missing (a spell needs an effect)")
            out[fid] = Face(fid, kind, name, cost, 0, (), effect)
    return out


def _arrows(c: Checker, raw: dict, where: str) -> tuple:
    arrows = c.list(raw, "arrows", where, 0)
    for a in arrows:
        if a not in ARROWS:
            raise c.fail(where, "arrows", f"unknown arrow {a!r} (allowed: F, B, L, R)")
    if len(set(arrows)) != len(arrows):
        raise c.fail(where, "arrows", "an arrow is listed twice")
    return tuple(arrows)


def _effect(c: Checker, raw: dict, where: str, kind: str) -> Effect:
    c.known(raw, where, EFFECT_FIELDS, "effect.")
    etype = c.str(raw, "type", where + " effect")
    if etype not in EFFECTS:
        raise c.fail(where, "effect.type", f"unknown effect {etype!r} (allowed: {', '.join(EFFECTS)})")
    timing = c.choice(raw, "timing", where + " effect", EFFECTS[etype])
    if (timing == "spell") != (kind == "spell"):
        raise c.fail(where, "effect.timing", f"a {kind} cannot have a {timing} effect")
    allowed = EFFECTS[etype][timing]
    target = raw.get("target")
    if target not in allowed:
        shown = ", ".join(str(a) for a in allowed if a) or "no target"
        raise c.fail(where, "effect.target", f"unknown target {target!r} (allowed: {shown})")
    amount = c.int(raw, "amount", where + " effect", lo=1, hi=9) if etype in ("power", "draw") else 0
    maxp = c.int(raw, "max_power", where + " effect", lo=0, hi=99) if etype == "destroy" else 0
    return Effect(etype, timing, target, amount, maxp)


def _decks(c: Checker, root: dict, faces: dict, size: int, dealt: int) -> tuple:
    out = []
    for i, raw in enumerate(c.list(root, "decks", None, 1)):
        c.known(raw, f"deck #{i + 1}", ("id", "name", "cards"))
        did = c.str(raw, "id", f"deck #{i + 1}")
        where = f"deck '{did}'"
        if any(d.id == did for d in out):
            raise c.fail(where, "id", "is used by another deck")
        cards = c.mapping(c._get(raw, "cards", where), where, "cards")
        entries = []
        for fid, _n in cards.items():
            if fid not in faces:
                raise c.fail(f"{where}, card {fid!r}", "cards", "no such card in 'cards'")
            entries.append((fid, c.int(cards, fid, f"{where}, card {fid!r}", lo=1, hi=size)))
        total = sum(n for _, n in entries)
        if total != size:
            raise c.fail(where, "cards", f"the deck has {total} cards; it must have exactly {size}")
        if not any(faces[fid].kind == "unit" and "F" in faces[fid].arrows for fid, _ in entries):
            raise c.fail(where, "cards", "no unit with a forward arrow (F): "
                         "this deck could never reach the enemy castle")
        out.append(Deck(did, c.text(raw, "name", where), tuple(entries)))
    return tuple(out)


def _flowers(c: Checker, root: dict) -> tuple:
    out = []
    for i, raw in enumerate(c.list(root, "flowers", None, 3)):
        c.known(raw, f"flower #{i + 1}", ("id", "type", "amount", "name"))
        fid = c.str(raw, "id", f"flower #{i + 1}")
        where = f"flower '{fid}'"
        ftype = c.str(raw, "type", where)
        if ftype not in FLOWER_TYPES:
            raise c.fail(where, "type", f"unknown effect {ftype!r} (allowed: {', '.join(FLOWER_TYPES)})")
        out.append(Flower(fid, ftype, c.int(raw, "amount", where, lo=1, hi=9), c.text(raw, "name", where)))
    if len(out) != 3:
        raise c.fail("flowers", None, f"expected exactly 3 flower effects, got {len(out)}")
    return tuple(out)
