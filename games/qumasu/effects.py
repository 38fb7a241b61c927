"""What is legal and why not (R-0, R-4), and current power (D-10): pure reads of a state.

Every ``why_not_*`` returns None when the action is legal, else a reason key (without the
``qumasu.`` prefix, added by ``why_not``) — legality and the refusal reason come from one
place, so the table always shows the precise reason.
"""
from __future__ import annotations

from games.core.engine import Action, HasData
from games.qumasu import board as B
from games.qumasu.data import QumasuData
from games.qumasu.state import State, owner


def power(rules: HasData[QumasuData], s: State, idx: int) -> int:
    """D-10: printed + continuous (adjacent own Saint-like units) + this-turn bonus, >= 0."""
    card = s.board[idx]
    face = rules.data.face_of(card)
    total = face.power + s.buffs.get(card, 0)
    for j in B.adjacent(idx):
        other = s.board[j]
        if other is not None and owner(other) == owner(card):
            eff = rules.data.face_of(other).effect
            if eff and eff.timing == "continuous" and eff.type == "power":
                total += eff.amount
    return max(total, 0)


def untapped(s: State, seat: int) -> int:
    return sum(1 for _, tapped in s.costs[seat] if not tapped)


def _fits(rules: HasData[QumasuData], s: State, seat: int, dest: int, moving: int | None) -> str | None:
    d = rules.data
    return B.fits(s.board, seat, dest, moving, d.column_limit, d.outside_limit, d.forward_limit)


def why_not_summon(rules: HasData[QumasuData], s: State, card: str, idx: int) -> str | None:
    """R-4.2 with R-0.3 and R-4.1."""
    seat = s.turn_seat
    if card not in s.hands[seat]:
        return "not_in_hand"
    face = rules.data.face_of(card)
    if face.kind != "unit":
        return "not_a_unit"
    why = _why_not_summon_cell(rules, s, seat, idx)
    if why:
        return why
    if untapped(s, seat) < face.cost:
        return "no_cost"
    return None


def _why_not_summon_cell(rules: HasData[QumasuData], s: State, seat: int, idx: int) -> str | None:
    """The cell's part of ``why_not_summon`` (the same for every unit card of the hand)."""
    if s.board[idx] is not None:
        return "cell_taken"
    row = idx // 3
    if row == B.enemy_row(seat):
        return "summon_enemy_area"
    if row != B.home_row(seat) and not any(
            s.board[j] is not None and owner(s.board[j]) == seat for j in B.adjacent(idx)):
        return "not_adjacent"
    return _fits(rules, s, seat, idx, None)


def summon_cells(rules: HasData[QumasuData], s: State, seat: int) -> list[int]:
    """Cells where a unit of the turn player may be summoned, cost aside (legal_actions)."""
    return [i for i in range(9) if _why_not_summon_cell(rules, s, seat, i) is None]


def why_not_move(rules: HasData[QumasuData], s: State, i: int, j: int) -> str | None:
    """R-4.4 with R-0.3 and D-3."""
    seat = s.turn_seat
    why = _own_unit(s, seat, i) or _one_step(rules, s, seat, i, j)
    if why:
        return why
    if s.board[i] in s.entered:
        return "entered_this_turn"
    if s.moved:
        return "already_moved"
    if s.board[j] is not None:
        return "cell_taken"
    return _fits(rules, s, seat, j, i)


def why_not_attack(rules: HasData[QumasuData], s: State, i: int, j: int | str) -> str | None:
    """R-4.5 / R-4.6."""
    seat = s.turn_seat
    why = _own_unit(s, seat, i)
    if why:
        return why
    if j == B.CASTLE:
        arrows = rules.data.face_of(s.board[i]).arrows
        if "F" not in arrows:
            return "no_forward_arrow"
        if not B.reaches_castle(seat, i, arrows):
            return "not_in_enemy_area"
    else:
        why = _one_step(rules, s, seat, i, j)
        if why:
            return why
        if s.board[j] is None or owner(s.board[j]) == seat:
            return "no_enemy_there"
    if s.board[i] in s.entered:
        return "entered_this_turn"
    if s.attacked:
        return "already_attacked"
    return None


def _own_unit(s: State, seat: int, i: int) -> str | None:
    if s.board[i] is None:
        return "no_unit_there"
    if owner(s.board[i]) != seat:
        return "not_your_unit"
    return None


def _one_step(rules: HasData[QumasuData], s: State, seat: int, i: int, j: int) -> str | None:
    arrow = B.arrow_to(seat, i, j)
    if arrow is None:
        return "not_one_step"
    return None if arrow in rules.data.face_of(s.board[i]).arrows else f"no_arrow_{arrow}"


def spell_candidates(rules: HasData[QumasuData], card: str) -> list[tuple]:
    """QUMASU-RULES-1: the first targets ``cast`` may name (``why_not_cast`` says which are legal)."""
    eff = rules.data.face_of(card).effect
    if eff is None or eff.target is None:
        return [()]
    return [(B.name(i),) for i in range(9)]


def why_not_cast(rules: HasData[QumasuData], s: State, card: str, target: tuple) -> str | None:
    """R-4.3 and the effect's target."""
    seat = s.turn_seat
    if card not in s.hands[seat]:
        return "not_in_hand"
    face = rules.data.face_of(card)
    if face.kind != "spell":
        return "not_a_spell"
    why = _why_not_target(rules, s, seat, face.effect, target)
    if why:
        return why
    if untapped(s, seat) < face.cost:
        return "no_cost"
    return None


def _why_not_target(rules: HasData[QumasuData], s: State, seat: int, eff, target: tuple) -> str | None:
    if eff.target is None:
        return None if not target else "no_target_needed"
    if len(target) != 1 or B.index(target[0]) is None:
        return "needs_target"
    idx = B.index(target[0])
    card = s.board[idx]
    if card is None:
        return "no_unit_there"
    if eff.target == "own_unit" and owner(card) != seat:
        return "not_your_unit"
    if eff.target == "enemy_unit" and owner(card) == seat:
        return "not_enemy_unit"
    if eff.type == "destroy" and power(rules, s, idx) > eff.max_power:
        return "power_too_high"
    if eff.type == "move" and not warp_cells(rules, s, seat, idx):
        return "no_warp_cell"
    return None


def warp_cells(rules: HasData[QumasuData], s: State, seat: int, unit: int) -> list[int]:
    """Empty cells of ``seat``'s own area the unit may be put on (R-0.3)."""
    row = B.home_row(seat)
    return [row * 3 + c for c in range(3)
            if s.board[row * 3 + c] is None and _fits(rules, s, seat, row * 3 + c, unit) is None]


def why_not_flower(rules: HasData[QumasuData], s: State, idx: int, effect: str) -> str | None:
    """R-4.7 and QUMASU-RULES-2."""
    seat = s.turn_seat
    if not 0 <= idx < len(s.costs[seat]) or not s.costs[seat][idx][0]:
        return "not_a_flower"
    if s.flowered:
        return "flower_used"
    kinds = rules.data.flower_types
    if effect not in kinds:
        return "unknown_flower_effect"
    if kinds[effect] == "untap" and not any(t for _, t in s.costs[seat]):
        return "nothing_tapped"
    if kinds[effect] == "power" and not any(c is not None and owner(c) == seat for c in s.board):
        return "no_own_unit"
    return None


def pending_cells(rules: HasData[QumasuData], s: State) -> list[int]:
    """Legal ``target`` cells of a pending Warp destination or flower +power target."""
    seat = s.turn_seat
    if s.pending.kind == "warp":
        return warp_cells(rules, s, seat, B.index(s.pending.more[0]))
    return [i for i, c in enumerate(s.board) if c is not None and owner(c) == seat]


def why_not(rules: HasData[QumasuData], s: State, a: Action) -> tuple[str, dict] | None:
    """The reason key and parameters for an illegal ``a`` (args already type-checked)."""
    k, args = a.kind, a.args
    cells = [B.index(x) for x in args if isinstance(x, str) and x != B.CASTLE and B.index(x) is not None]
    params: dict = {}
    if k == "summon":
        idx = B.index(args[1])
        if idx is None:
            return "qumasu.bad_cell", {"cell": args[1]}
        why = why_not_summon(rules, s, args[0], idx)
        if why == "no_cost":
            params = {"need": rules.data.face_of(args[0]).cost, "have": untapped(s, s.turn_seat)}
    elif k in ("move", "attack"):
        i = B.index(args[0])
        j = args[1] if k == "attack" and args[1] == B.CASTLE else B.index(args[1])
        if i is None or j is None:
            return "qumasu.bad_cell", {"cell": " ".join(map(str, args))}
        why = (why_not_move if k == "move" else why_not_attack)(rules, s, i, j)
    elif k == "cast":
        why = why_not_cast(rules, s, args[0], tuple(args[1:]))
        if why == "no_cost":
            params = {"need": rules.data.face_of(args[0]).cost, "have": untapped(s, s.turn_seat)}
    elif k == "flower":
        why = why_not_flower(rules, s, args[0], args[1])
    elif k == "target":
        why = "bad_target" if not cells or cells[0] not in pending_cells(rules, s) else None
    elif k == "mulligan":
        why = "mulligan_once" if s.mulligans[s.pending.seat] else None
    else:
        why = None
    if why is None:
        return None
    if why in ("not_in_hand", "not_a_unit", "not_a_spell") and args:
        params = {"card": args[0]}
    return f"qumasu.{why}", params
