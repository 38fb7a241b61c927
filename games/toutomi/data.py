"""The Toutomi components, loaded from ``data/toutomi.yaml`` into frozen dataclasses.

The burst limit, the hand size, every card face, its value and its number of copies come
from the file, so owners of the physical game can edit it; any mistake stops with one
DataError naming the file, the card and the field.  Physical card ids are
``<face id>-<copy>`` (``n7-1`` ... ``n7-4``, ``skip-2``, ``kuma-3``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from games.core.data import DATA_DIR, Checker, load_yaml

DATA_FILE = DATA_DIR / "toutomi.yaml"
TOUTOMI_KINDS = ("number", "reverse", "skip", "summon", "attack", "wild", "trump")
SITUATION_KINDS = ("points", "new_world", "kuma_wild")
WILD_EFFECTS = ("reverse", "skip", "summon", "attack")
MAX_PLAYERS = 6  # the deck must deal a full hand to this many players
ROOT_FIELDS = ("burst_limit", "hand_size", "toutomi_deck", "situation_deck")
CARD_FIELDS = ("id", "kind", "value", "points", "count", "name")
# bounds (also in the header comment of data/toutomi.yaml): they keep every game finite
LIMIT_RANGE, HAND_RANGE, COUNT_MAX, VALUE_RANGE, POINTS_MAX = (1, 99), (1, 10), 40, (-20, 99), 20
FACE_ID = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Face:
    """One kind of card: what it does and how many copies the deck holds."""

    id: str
    deck: str  # "toutomi" or "situation"
    kind: str
    value: int | None  # number cards: added to the total
    points: int | None  # situation cards: points (new_world: the bonus)
    count: int
    name: dict

    def card_ids(self) -> list[str]:
        return [f"{self.id}-{k + 1}" for k in range(self.count)]


@dataclass(frozen=True)
class ToutomiData:
    """The whole validated file."""

    path: str
    burst_limit: int
    hand_size: int
    toutomi: tuple[Face, ...]
    situation: tuple[Face, ...]
    faces: dict = field(compare=False, repr=False, default_factory=dict)
    by_card: dict = field(compare=False, repr=False, default_factory=dict)  # every id -> Face

    def __post_init__(self) -> None:
        """One lookup for face and physical ids (the rules ask it on every play), and the
        id lists every new game asks for, formatted once (set here rather than by a
        cached_property, which would slow every attribute read of the data: engine ENGINE-2)."""
        for face in (*self.toutomi, *self.situation):
            self.by_card[face.id] = face
            self.by_card.update((cid, face) for cid in face.card_ids())
        object.__setattr__(self, "_ids", (
            tuple(cid for f in self.toutomi for cid in f.card_ids()),
            tuple(cid for f in self.toutomi if f.kind != "trump" for cid in f.card_ids()),
            tuple(cid for f in self.situation for cid in f.card_ids())))

    def face_of(self, card_id: str) -> Face:
        """The face of a physical card id (``n7-2`` -> n7) or of a face id itself."""
        face = self.by_card.get(card_id)
        if face is None:
            face = self.faces[card_id.rsplit("-", 1)[0] if "-" in card_id else card_id]
        return face

    def toutomi_ids(self, with_trump: bool = True) -> list[str]:
        """Every physical 尊み card, in data order (short variant: without Trump, D-5)."""
        return list(self._ids[0 if with_trump else 1])

    def situation_ids(self) -> list[str]:
        return list(self._ids[2])


def load(path: Path | str = DATA_FILE) -> ToutomiData:
    """Read and validate a Toutomi data file."""
    check = Checker(path)
    root = check.known(load_yaml(path), None, ROOT_FIELDS)
    limit = check.int(root, "burst_limit", None, *LIMIT_RANGE)
    hand = check.int(root, "hand_size", None, *HAND_RANGE)
    faces: dict[str, Face] = {}
    toutomi = _faces(check, root, "toutomi_deck", TOUTOMI_KINDS, faces)
    situation = _faces(check, root, "situation_deck", SITUATION_KINDS, faces)
    data = ToutomiData(check.path, limit, hand, toutomi, situation, faces)
    _check_sizes(check, data)
    _check_burst_reachable(check, data)
    return data


@lru_cache(maxsize=1)
def data() -> ToutomiData:
    """The game's own data file (loaded once)."""
    return load(DATA_FILE)


def _faces(check: Checker, root: dict, key: str, kinds: tuple[str, ...],
           seen: dict[str, Face]) -> tuple[Face, ...]:
    out = []
    deck = key.split("_")[0]
    for i, raw in enumerate(check.list(root, key, None, 1)):
        where = f"card #{i + 1} of {key}"
        fid = check.str(raw, "id", where)
        where = f"card '{fid}'"
        check.known(raw, where, CARD_FIELDS)
        if not FACE_ID.match(fid):
            raise check.fail(where, "id", "expected lower-case letters, digits and _ "
                             "(starting with a letter), no spaces or '-'")
        if fid in seen:
            raise check.fail(where, "id", "is used by another card")
        kind = check.choice(raw, "kind", where, kinds)
        count = check.int(raw, "count", where, lo=0, hi=COUNT_MAX)
        value = check.int(raw, "value", where, *VALUE_RANGE) if kind == "number" else None
        points = check.int(raw, "points", where, lo=0, hi=POINTS_MAX) if kind in ("points", "new_world") else None
        for extra, wanted in (("value", value), ("points", points)):
            if extra in raw and wanted is None:
                raise check.fail(where, extra, f"a {kind} card has no {extra}")
        face = Face(fid, deck, kind, value, points, count, check.text(raw, "name", where))
        seen[fid] = face
        out.append(face)
    return tuple(out)


def _check_sizes(check: Checker, data: ToutomiData) -> None:
    """Both decks must work: a full hand for every player, with or without Trump."""
    need = data.hand_size * MAX_PLAYERS
    for short, label in ((False, "standard"), (True, "short variant, without trump")):
        have = len(data.toutomi_ids(with_trump=not short))
        if have < need:
            raise check.fail("toutomi_deck", "count",
                             f"the deck ({label}) has {have} cards; {MAX_PLAYERS} players need "
                             f"{need} ({data.hand_size} each)")
    if not data.situation_ids():
        raise check.fail("situation_deck", "count", "the situation deck has no cards")


def _check_burst_reachable(check: Checker, data: ToutomiData) -> None:
    """The game must be able to end: number cards whose plays climb past the burst limit.

    The standard game ends when bursts have emptied the situation deck (R-5.4): with no
    positive number card, or negative cards outweighing the positive ones over a pass
    through the deck, or a limit beyond what the whole deck adds up to, nobody could burst.
    """
    values = [f.value for f in data.toutomi if f.kind == "number" for _ in range(f.count)]
    if not any(v > 0 for v in values):
        raise check.fail("toutomi_deck", "value", "the deck has no number card above 0: "
                         "the total could never pass the burst limit")
    if sum(values) <= 0:
        raise check.fail("toutomi_deck", "value", f"the number cards add up to {sum(values)}: "
                         "the total would not climb to a burst")
    climb = sum(v for v in values if v > 0)
    if data.burst_limit >= climb:
        raise check.fail(None, "burst_limit", f"{data.burst_limit} cannot be passed: all the "
                         f"positive number cards together add up to {climb}")
