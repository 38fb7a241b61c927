"""Fuji 99 data: the validated loader of data/fuji99.yaml and the card-effect vocabulary.

The 22 Fuji cards are reconstructed [R], so the engine is driven by a small vocabulary of
parameterised effect types; owners of the physical game edit the YAML, not the code.
Every mistake in the file raises DataError naming the file, the card and the field.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.core.data import DATA_DIR, Checker, load_yaml

DATA_FILE = DATA_DIR / "fuji99.yaml"

CUBES = ("clear", "yellow", "red")  # cube colours; zones count them in this order
TIMINGS = ("use", "immediate", "continuous")

# effect type -> {parameter: smallest allowed value}; which timings may carry it
EFFECT_PARAMS: dict[str, dict[str, int]] = {
    "advance": {"steps": 1},
    "advance_by_clear_drawn": {},
    "advance_to_rank_above": {"two_players_steps": 0, "then_steps": 0},
    "return_red": {"count": 1},
    "add_clear_to_bag": {"count": 1},
    "move_bonus": {"steps": 1},
    "company": {},
    "falling_rock": {"reds": 1},
}
EFFECT_TIMINGS: dict[str, tuple[str, ...]] = {
    "advance": ("use",),
    "advance_by_clear_drawn": ("use",),
    "advance_to_rank_above": ("use",),
    "return_red": ("use",),
    "add_clear_to_bag": ("use",),
    "move_bonus": ("continuous",),
    "company": ("immediate",),
    "falling_rock": ("immediate",),
}
ROOT_FIELDS = ("goal", "crisis_limit", "red_limit", "min_draw", "players", "colours", "bag",
               "components", "yellow_spaces", "yellow_per_player", "cards", "stories")
CARD_FIELDS = ("id", "name", "cost", "value", "copies", "clear", "timing", "effects")
STORY_FIELDS = ("id", "title", "cover", "story")
# bounds (also in the header comment of data/fuji99.yaml): they keep every game finite
GOAL, SMALL, CUBES_MAX, COPIES_MAX, PARAM_MAX = (10, 999), 20, 500, 20, 99
_ID = re.compile(r"^[a-z][a-z0-9_-]*[a-z_]$|^[a-z]$")


@dataclass(frozen=True)
class Effect:
    """One parameterised effect of a card, e.g. ``advance`` with ``steps=3``."""

    type: str
    params: tuple[tuple[str, int], ...] = ()

    def get(self, key: str) -> int:
        return dict(self.params)[key]

    def as_dict(self) -> dict:
        return {"type": self.type, **dict(self.params)}


@dataclass(frozen=True)
class CardKind:
    """A Fuji card design: every copy of it shares these values."""

    id: str
    name: dict
    cost: int | None  # yellow cubes to use it; None for immediate cards
    value: int  # crisis value (②)
    copies: int  # (③)
    clear: int  # clear cubes put on it when its owner stops (④)
    timing: str  # use / immediate / continuous
    effects: tuple[Effect, ...]

    @property
    def immediate(self) -> bool:
        return self.timing == "immediate"

    def total(self, effect_type: str, key: str) -> int:
        """Sum of parameter ``key`` over this card's effects of ``effect_type``."""
        return sum(e.get(key) for e in self.effects if e.type == effect_type)

    def has(self, effect_type: str) -> bool:
        return any(e.type == effect_type for e in self.effects)


class _PerCard(dict):
    """card id -> a number of its kind; ids outside ``kind_of`` (kind ids) worked out on demand."""

    def __init__(self, data: Fuji99Data, number) -> None:
        super().__init__((c, number(k)) for c, k in data.kind_of.items())
        self._data, self._number = data, number

    def __missing__(self, card_id: str) -> Any:
        return self._number(self._data.kind(card_id))


class CardNumbers:
    """Per card id: 落石 reds, 健脚 steps, crisis value, and the cost of a usable card."""

    def __init__(self, data: Fuji99Data) -> None:
        self.rock_reds = _PerCard(data, lambda k: k.total("falling_rock", "reds"))
        self.move_bonus = _PerCard(data, lambda k: k.total("move_bonus", "steps")
                                   if k.timing == "continuous" else 0)
        self.value = _PerCard(data, lambda k: k.value)
        self.use_cost = _PerCard(data, lambda k: None if k.immediate else k.cost)  # None: never usable


@dataclass(frozen=True)
class Story:
    """A story book: title and cover line are public, the story is for the winner."""

    id: str
    title: dict
    cover: dict
    story: dict


@dataclass(frozen=True)
class Fuji99Data:
    """Everything the rules read from data/fuji99.yaml."""

    goal: int
    crisis_limit: int
    red_limit: int
    min_draw: int
    min_players: int
    max_players: int
    colours: tuple[str, ...]
    bag: tuple[int, int, int]  # clear, yellow, red per player
    components: tuple[int, int, int]  # clear, yellow, red in the box
    yellow_spaces: tuple[int, ...]
    yellow_per_player: int
    kinds: tuple[CardKind, ...]
    card_ids: tuple[str, ...]  # every physical card: "<kind>-<copy>"
    kind_of: dict  # card id -> CardKind
    stories: tuple[Story, ...]

    def __post_init__(self) -> None:
        """``per_card``: what the rules count on every draw, per card id, worked out once
        (set here, not by a cached_property, which would slow every read of the data's
        attributes: engine ENGINE-2)."""
        object.__setattr__(self, "per_card", CardNumbers(self))

    def kind(self, card_id: str) -> CardKind:
        """The design of a card, from a card id ("advance-1") or a kind id ("advance")."""
        found = self.kind_of.get(card_id)
        if found is None:
            found = next((k for k in self.kinds if k.id == card_id), None)
            if found is None:
                raise KeyError(card_id)
        return found

    def story(self, story_id: str) -> Story:
        for st in self.stories:
            if st.id == story_id:
                return st
        raise KeyError(story_id)


def load(path: Path | str = DATA_FILE) -> Fuji99Data:
    """Read and validate a Fuji 99 data file (DataError on any mistake)."""
    c = Checker(path)
    root = c.known(load_yaml(path), None, ROOT_FIELDS)
    goal = c.int(root, "goal", None, *GOAL)
    players = c.known(root.get("players"), None, ("min", "max"), "players.")
    lo_p = c.int(players, "min", "players", lo=2, hi=8)
    hi_p = c.int(players, "max", "players", lo=lo_p, hi=8)
    colours = tuple(_plain(c, col, "colours") for col in c.list(root, "colours", None, hi_p))
    if len(set(colours)) != len(colours):
        raise c.fail(None, "colours", "colours must be different")
    bag = _cubes(c, root, "bag", lo=0)
    comps = _cubes(c, root, "components", lo=0)
    spaces = tuple(_space(c, v, goal) for v in c.list(root, "yellow_spaces", None))
    if list(spaces) != sorted(set(spaces)):
        raise c.fail(None, "yellow_spaces", "spaces must be different and in increasing order")
    per = c.int(root, "yellow_per_player", None, lo=0, hi=SMALL)
    _check_components(c, bag, comps, hi_p, len(spaces) * per)
    kinds = tuple(_kind(c, k, i) for i, k in enumerate(c.list(root, "cards", None, 1)))
    if len({k.id for k in kinds}) != len(kinds):
        dup = next(k.id for k in kinds if [x.id for x in kinds].count(k.id) > 1)
        raise c.fail(f"card '{dup}'", "id", "used by two cards")
    ids = tuple(f"{k.id}-{n}" for k in kinds for n in range(1, k.copies + 1))
    stories = tuple(_story(c, s, i) for i, s in enumerate(c.list(root, "stories", None, 1)))
    if len({s.id for s in stories}) != len(stories):
        raise c.fail("stories", "id", "two stories share an id")
    limits = {key: c.int(root, key, None, lo=1, hi=SMALL) for key in ("crisis_limit", "red_limit", "min_draw")}
    _check_can_end(c, bag, kinds, **limits)
    return Fuji99Data(
        goal=goal, crisis_limit=limits["crisis_limit"], red_limit=limits["red_limit"],
        min_draw=limits["min_draw"], min_players=lo_p, max_players=hi_p, colours=colours, bag=bag,
        components=comps, yellow_spaces=spaces, yellow_per_player=per, kinds=kinds, card_ids=ids,
        kind_of={f"{k.id}-{n}": k for k in kinds for n in range(1, k.copies + 1)},
        stories=stories)


@lru_cache(maxsize=1)
def data() -> Fuji99Data:
    """The game's own data file, loaded once on first use (never at import)."""
    return load(DATA_FILE)


def _check_can_end(c: Checker, bag: tuple, kinds: tuple, crisis_limit: int, red_limit: int,
                   min_draw: int) -> None:
    """Someone must be able to reach the goal: a draw the bag can supply, without a certain bust."""
    if min_draw > sum(bag):
        raise c.fail(None, "min_draw", f"{min_draw} cubes cannot be drawn from a bag of {sum(bag)}")
    forced_reds = max(0, min_draw - bag[0] - bag[1])
    if forced_reds >= red_limit:
        raise c.fail(None, "red_limit", f"every draw of {min_draw} cubes holds {forced_reds} red: "
                     f"with red_limit {red_limit} every turn would bust")
    if min(k.value for k in kinds) >= crisis_limit:
        raise c.fail(None, "crisis_limit", f"every card's value reaches the crisis limit "
                     f"{crisis_limit}: every turn would bust")


def _plain(c: Checker, val: Any, field: str) -> str:
    if not isinstance(val, str) or not _ID.match(val):
        raise c.fail(None, field, f"expected a lower-case name, got {val!r}")
    return val


def _cubes(c: Checker, root: dict, key: str, lo: int) -> tuple[int, int, int]:
    m = c.known(root.get(key), None, CUBES, f"{key}.")
    return tuple(c.int(m, colour, key, lo=lo, hi=CUBES_MAX) for colour in CUBES)  # type: ignore[return-value]


def _space(c: Checker, val: Any, goal: int) -> int:
    if isinstance(val, bool) or not isinstance(val, int) or not 0 < val < goal:
        raise c.fail(None, "yellow_spaces", f"expected spaces between 1 and {goal - 1}, got {val!r}")
    return val


def _check_components(c: Checker, bag: tuple, comps: tuple, max_players: int, on_spaces: int) -> None:
    """The box must hold every bag of the largest table plus the yellow cubes on spaces."""
    need = (bag[0] * max_players, (bag[1] + on_spaces) * max_players, bag[2] * max_players)
    for colour, have, want in zip(CUBES, comps, need, strict=True):
        if have < want:
            raise c.fail("components", colour, f"{have} cubes cannot fill {max_players} bags "
                         f"and the board (needs {want})")
    if sum(bag) < 1:
        raise c.fail("bag", None, "a bag needs at least one cube")


def _entry_id(c: Checker, raw: Any, where: str) -> str:
    """The ``id`` of a card or story entry, checked for the id alphabet."""
    c.mapping(raw, where)
    eid = c.str(raw, "id", where)
    if not _ID.match(eid):
        raise c.fail(where, "id", f"expected lower-case letters, digits, '-' or '_', got {eid!r}")
    return eid


def _kind(c: Checker, raw: Any, i: int) -> CardKind:
    kid = _entry_id(c, raw, f"card #{i + 1}")
    where = f"card '{kid}'"
    c.known(raw, where, CARD_FIELDS)
    timing = c.choice(raw, "timing", where, TIMINGS)
    if timing == "immediate":
        cost = raw.get("cost")
        if cost is not None:
            raise c.fail(where, "cost", "an immediate card is never paid for: leave cost out")
    else:
        cost = c.int(raw, "cost", where, lo=0, hi=SMALL)
    effects = tuple(_effect(c, e, where, j, timing) for j, e in enumerate(c.list(raw, "effects", where, 1)))
    if timing == "immediate" and len(effects) != 1:
        raise c.fail(where, "effects", "an immediate card has exactly one effect")
    return CardKind(id=kid, name=c.text(raw, "name", where), cost=cost,
                    value=c.int(raw, "value", where, lo=0, hi=SMALL),
                    copies=c.int(raw, "copies", where, lo=1, hi=COPIES_MAX),
                    clear=c.int(raw, "clear", where, lo=0, hi=SMALL), timing=timing, effects=effects)


def _effect(c: Checker, raw: Any, where: str, j: int, timing: str) -> Effect:
    field = f"effects[{j}]"
    c.mapping(raw, where, field)
    etype = c.choice(raw, "type", where, EFFECT_PARAMS)
    if timing not in EFFECT_TIMINGS[etype]:
        raise c.fail(where, f"{field}.type", f"'{etype}' needs timing "
                     f"{' or '.join(EFFECT_TIMINGS[etype])}, the card is '{timing}'")
    params = tuple((key, c.int(raw, key, f"{where} {field}", lo=lo, hi=PARAM_MAX))
                   for key, lo in EFFECT_PARAMS[etype].items())
    extra = sorted(set(raw) - {"type"} - set(EFFECT_PARAMS[etype]))
    if extra:
        raise c.fail(where, f"{field}.{extra[0]}", f"unknown parameter of '{etype}'")
    return Effect(etype, params)


def _story(c: Checker, raw: Any, i: int) -> Story:
    sid = _entry_id(c, raw, f"story #{i + 1}")
    where = f"story '{sid}'"
    c.known(raw, where, STORY_FIELDS)
    return Story(sid, c.text(raw, "title", where), c.text(raw, "cover", where), c.text(raw, "story", where))
