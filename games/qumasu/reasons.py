"""Why a Qumasu move is good, in one short line, from its mover's view (BOTS-4).

``explain(rules, view, action)`` gives an i18n key of ``data/i18n/qumasu_why.yaml`` and its
params (``card``, ``defender`` and ``unit`` are card ids that ``Rules.event_text`` names;
``cell``/``to`` are cell names; the rest are numbers).  It reads only the view: the board
(powers, arrows, owners), the public counts and the mover's own hand, and it never names a
card of that hand other than the one the move itself shows.

- QUMASU-REASONS-1 A line names the one fact that makes the move worth it, tried in order
  from the strongest: a win or a castle hit, a fight won ("4 beats 2"), a unit set up to
  fight next turn, a way to the castle blocked, a unit taken out of reach, a Saint's +1,
  ground gained; the plain line (what the move does and costs) comes last.  The move's own
  key and its most telling numbers are enough for a learner; the log already says who moved.
- QUMASU-REASONS-2 "Next turn" comparisons use powers without this turn's bonuses (they
  end with the turn, R-5.1): a threat is judged by the power each unit will still have.
- QUMASU-REASONS-3 Secrecy: only the move's own card, the board, the public counts (deck,
  castle, hand sizes, cost cards) and the pending choice are used; a mulligan, the one
  decision that depends only on the hidden hand, gets a line about the rule, not the hand.
- QUMASU-REASONS-4 ``GENERIC`` lists the lines that say what a move does without a reason
  particular to the position (tests measure how often the Strong bot gets one).
"""
from __future__ import annotations

from games.core.engine import Action
from games.qumasu import board as B
from games.qumasu import effects
from games.qumasu.state import State, owner

K = "qumasu_why."
GENERIC = frozenset({K + "end_hold", K + "keep", K + "mulligan", K + "move_back", K + "move_side",
                     K + "skip_plain"})


def explain(rules, view: dict, action: Action) -> tuple[str, dict] | None:
    """The reason for ``action`` by the seat whose ``view`` this is, or None (not its move)."""
    me = view.get("viewer")
    pending = view.get("pending")
    if me not in (0, 1) or view.get("over") or (pending["seat"] if pending else view["turn_seat"]) != me:
        return None
    step = _STEPS.get(action.kind)
    return None if step is None else step(_Table(rules, view, me), *action.args)


class _Table:
    """The public battlefield of a view as a State (no hidden card), for power and reach."""

    def __init__(self, rules, view: dict, me: int) -> None:
        self.rules, self.view, self.me = rules, view, me
        s = State(0, view["first"], list(view["decks"]))
        s.board = [c["card"] if c else None for c in view["board"]]
        s.turn_seat, s.entered = view["turn_seat"], [c["card"] for c in view["board"] if c and c["entered"]]
        s.moved, s.attacked = view["moved"], view["attacked"]
        s.buffs = {}
        for i, c in enumerate(view["board"]):
            if c and c["power"] != effects.power(rules, s, i):
                s.buffs[c["card"]] = c["power"] - effects.power(rules, s, i)
        self.s = s

    def face(self, card: str):
        return self.rules.data.face_of(card)

    def power(self, i: int, s: State | None = None, buffs: bool = True) -> int:
        s = s or self.s
        if buffs:
            return effects.power(self.rules, s, i)
        bare = State(0, s.first, s.deck_ids, board=s.board)
        return effects.power(self.rules, bare, i)

    def with_board(self, changes: dict, buffs: dict | None = None) -> State:
        """A copy with cells changed (``{index: card or None}``) and bonuses added."""
        s2 = State(0, self.s.first, self.s.deck_ids, board=list(self.s.board))
        for i, c in changes.items():
            s2.board[i] = c
        s2.buffs = dict(self.s.buffs)
        for c, n in (buffs or {}).items():
            s2.buffs[c] = s2.buffs.get(c, 0) + n
        return s2

    def foes_in_reach(self, i: int, s: State | None = None, buffs: bool = True) -> list[tuple[int, int]]:
        """Enemy units the mover's unit on ``i`` reaches by its arrows: (cell, their power)."""
        s = s or self.s
        out = []
        for arrow in self.face(s.board[i]).arrows:
            j = B.reach(self.me, i, arrow)
            if j is not None and s.board[j] is not None and owner(s.board[j]) != self.me:
                out.append((j, self.power(j, s, buffs)))
        return out

    def best_prey(self, i: int, s: State | None = None, buffs: bool = True) -> dict | None:
        """The strongest enemy unit the unit on ``i`` beats (params), or None."""
        s = s or self.s
        mine = self.power(i, s, buffs)
        beaten = [(p, j) for j, p in self.foes_in_reach(i, s, buffs) if p < mine]
        if not beaten:
            return None
        p, j = max(beaten)
        return {"card": s.board[i], "defender": s.board[j], "power": mine, "dpower": p}

    def threat(self, i: int, s: State | None = None) -> dict | None:
        """The strongest enemy unit that could attack the mover's unit on ``i`` next turn and
        beat or trade with it (QUMASU-REASONS-2), as params, or None."""
        s = s or self.s
        mine = self.power(i, s, buffs=False)
        worst = None
        for j in B.adjacent(i):
            c = s.board[j]
            if c is None or owner(c) == self.me:
                continue
            if any(B.reach(1 - self.me, j, a) == i for a in self.face(c).arrows):
                p = self.power(j, s, buffs=False)
                if p >= mine and (worst is None or p > worst["dpower"]):
                    worst = {"defender": c, "dpower": p, "power": mine}
        return worst

    def blocked(self, i: int) -> str | None:
        """An enemy unit with an F arrow that could step onto ``i`` in the mover's own area
        (from there it would hit the castle): the unit ``i`` now stands in the way of."""
        if i // 3 != B.home_row(self.me):
            return None
        for j in B.adjacent(i):
            c = self.s.board[j]
            if c is not None and owner(c) != self.me and j // 3 != i // 3:  # not there already
                arrows = self.face(c).arrows
                if "F" in arrows and any(B.reach(1 - self.me, j, a) == i for a in arrows):
                    return c
        return None


def _summon(t: _Table, card: str, cell: str) -> tuple[str, dict]:
    i, face = B.index(cell), t.face(card)
    s2 = t.with_board({i: card})
    base = {"card": card, "cell": cell, "cost": face.cost, "power": t.power(i, s2, buffs=False)}
    prey = t.best_prey(i, s2, buffs=False)
    if prey:
        return K + "summon_threat", {**base, **prey}
    foe = t.blocked(i)
    if foe:
        return K + "summon_block", {**base, "defender": foe}
    lifted = _saint_lift(t, i, s2)
    if lifted:
        return K + "summon_saint", {**base, "n": lifted}
    if base["power"] > face.power:
        return K + "summon_beside_saint", base
    if i // 3 != B.home_row(t.me):
        return K + "summon_front", base
    return K + "summon_plain", base


def _saint_lift(t: _Table, i: int, s2: State) -> int:
    """How many of the mover's units the unit entering on ``i`` lifts by its continuous +power."""
    eff = t.face(s2.board[i]).effect
    if not (eff and eff.timing == "continuous" and eff.type == "power"):
        return 0
    return sum(1 for j in B.adjacent(i) if s2.board[j] is not None and owner(s2.board[j]) == t.me)


def _move(t: _Table, frm: str, to: str) -> tuple[str, dict]:
    i, j = B.index(frm), B.index(to)
    card = t.s.board[i]
    face = t.face(card)
    s2 = t.with_board({i: None, j: card})
    base = {"card": card, "cell": frm, "to": to, "power": t.power(j, s2)}
    if B.reaches_castle(t.me, j, face.arrows):
        key = "move_castle_next" if t.s.attacked else "move_castle"
        return K + key, {**base, "left": t.view["castle_counts"][1 - t.me]}
    prey = t.best_prey(j, s2) if not t.s.attacked else None
    if prey and not t.best_prey(i):
        return K + "move_attack", {**base, **prey}
    before = t.threat(i)
    if before and not t.threat(j, s2):
        return K + "move_escape", {**base, **before}
    foe = t.blocked(j)
    if foe:
        return K + "move_block", {**base, "defender": foe}
    if base["power"] > t.power(i):
        return K + "move_saint", base
    if abs(j // 3 - B.home_row(t.me)) > abs(i // 3 - B.home_row(t.me)):
        return K + "move_forward", base
    return K + ("move_back" if B.arrow_to(t.me, i, j) == "B" else "move_side"), base


def _attack(t: _Table, frm: str, to: str) -> tuple[str, dict]:
    i = B.index(frm)
    card = t.s.board[i]
    if to == B.CASTLE:
        left = t.view["castle_counts"][1 - t.me]
        if left == 0:
            return K + "castle_win", {"card": card}
        return K + "castle_hit", {"card": card, "left": left - 1, "target": 1 - t.me}
    j = B.index(to)
    pa, pd = t.power(i), t.power(j)
    params = {"card": card, "defender": t.s.board[j], "power": pa, "dpower": pd}
    key = "attack_win" if pa > pd else "attack_trade" if pa == pd else "attack_lose"
    return K + key, params


def _cast(t: _Table, card: str, cell: str | None = None) -> tuple[str, dict]:
    eff = t.face(card).effect
    i = B.index(cell) if cell else None
    if eff.type == "destroy":
        return K + "cast_destroy", {"defender": t.s.board[i], "dpower": t.power(i), "max": eff.max_power}
    if eff.type == "power":
        return _boost(t, i, eff.amount, "cast_power")
    if eff.type == "move":
        unit = t.s.board[i]
        danger = t.threat(i)
        if danger:
            return K + "cast_warp_escape", {"unit": unit, **danger}
        return K + "cast_warp", {"unit": unit}
    return K + "cast_draw", {"n": eff.amount, "deck": t.view["deck_counts"][t.me]}


def _boost(t: _Table, i: int, amount: int, key: str) -> tuple[str, dict]:
    """A +power this turn on the mover's unit on ``i``: the fight it wins now, if any."""
    unit = t.s.board[i]
    s2 = t.with_board({}, {unit: amount})
    base = {"unit": unit, "amount": amount, "power": t.power(i, s2)}
    can_fight = not t.s.attacked and unit not in t.s.entered
    prey = t.best_prey(i, s2) if can_fight else None
    if prey and not t.best_prey(i):
        return K + key + "_beats", {**base, "defender": prey["defender"], "dpower": prey["dpower"]}
    return K + key, base


def _target(t: _Table, cell: str) -> tuple[str, dict]:
    p = t.view["pending"] or {}
    j = B.index(cell)
    if p.get("kind") == "warp":
        i = B.index(p["more"][0])
        unit = t.s.board[i]
        foe = t.blocked(j)
        if foe:
            return K + "warp_block", {"unit": unit, "to": cell, "defender": foe}
        return K + "warp_to", {"unit": unit, "to": cell}
    return _boost(t, j, p.get("count", 1), "bloom")


def _flower(t: _Table, idx: int, effect: str) -> tuple[str, dict]:
    kind = t.rules.data.flower_types.get(effect)
    if kind == "untap":
        return K + "flower_untap", {"n": t.view["untapped"][t.me] + 1}
    if kind == "power":
        return K + "flower_power", {}
    return _draw_line(t, "flower_draw")


def _draw_line(t: _Table, key: str) -> tuple[str, dict]:
    """A draw: the deck count, and the deck out it starts when it takes the last card (R-2.2)."""
    deck = t.view["deck_counts"][t.me]
    if deck <= 1:
        return K + key + "_deckout", {"deck": deck, "left": t.view["castle_counts"][t.me]}
    return K + key, {"deck": deck, "hand": t.view["hand_counts"][t.me]}


def _use(t: _Table) -> tuple[str, dict]:
    key, params = _draw_line(t, "use_draw")
    return key, {**params, "card": (t.view["pending"] or {}).get("card")}


def _skip(t: _Table) -> tuple[str, dict]:
    deck = t.view["deck_counts"][t.me]
    if deck <= 2:
        return K + "skip_deck", {"deck": deck}
    return K + "skip_plain", {}


def _end(t: _Table) -> tuple[str, dict]:
    v = t.view
    mine = [i for i, c in enumerate(t.s.board) if c is not None and owner(c) == t.me]
    if v["moved"] and v["attacked"]:
        return K + "end_done", {}
    if mine and not any(t.threat(i) for i in mine):
        return K + "end_safe", {"n": len(mine)}
    if v["untapped"][t.me] == 0:
        return K + "end_spent", {}
    return K + "end_hold", {}


def _keep(t: _Table) -> tuple[str, dict]:
    return K + "keep", {"n": t.view["hand_counts"][t.me]}


def _mulligan(t: _Table) -> tuple[str, dict]:
    return K + "mulligan", {"n": t.view["hand_counts"][t.me]}


_STEPS = {"summon": _summon, "move": _move, "attack": _attack, "cast": _cast, "target": _target,
            "flower": _flower, "use": _use, "skip": _skip, "end": _end, "keep": _keep,
            "mulligan": _mulligan}
