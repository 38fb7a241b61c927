"""Doing things: the action handlers, draws and deck-out (R-2.2, D-7), turn phases (R-3, R-5).

Every function mutates a fresh clone handed over by ``Rules.apply``.
"""
from __future__ import annotations

from games.core.engine import Action, Event, HasData
from games.core.pending import Pending
from games.qumasu import board as B
from games.qumasu.data import QumasuData
from games.qumasu.effects import power
from games.qumasu.state import State, owner


def shuffle(s: State, ids: list[str]) -> list[str]:
    out = s.stream().shuffled(ids, "shuffle", s.shuffles)
    s.shuffles += 1
    return out


def apply(rules: HasData[QumasuData], s: State, a: Action) -> None:
    HANDLERS[a.kind](rules, s, *a.args)


# --- draws and deck out -------------------------------------------------------------------
def draw(rules: HasData[QumasuData], s: State, seat: int, count: int) -> bool:
    """Draw ``count`` cards; False when a deck out ended the game (R-2.2, D-7)."""
    drawn: list[str] = []
    ok = True
    for _ in range(count):
        if not s.decks[seat]:
            ok = deck_out(rules, s, seat)
            if not ok:
                break
            if not s.decks[seat]:
                continue  # D-7: this draw is skipped; the next one runs again
        drawn.append(s.decks[seat].pop())
        s.hands[seat].append(drawn[-1])
        if not s.decks[seat]:
            _drew(s, seat, drawn)
            drawn = []
            ok = deck_out(rules, s, seat)
            if not ok:
                break
    _drew(s, seat, drawn)
    return ok


def _drew(s: State, seat: int, cards: list[str]) -> None:
    if cards:
        s.events.append(Event("qumasu.drew", {"seat": seat, "cards": list(cards), "count": len(cards)},
                              public_params={"seat": seat, "count": len(cards)}, visible_to=(seat,)))


def deck_out(rules: HasData[QumasuData], s: State, seat: int) -> bool:
    """R-2.2: the graveyard becomes the deck, then one castle card is taken (or the game is lost)."""
    s.deckouts[seat] += 1
    s.decks[seat] = shuffle(s, s.graves[seat]) + s.decks[seat]
    moved = len(s.graves[seat])
    s.graves[seat] = []
    if not s.castles[seat]:
        s.events.append(Event("qumasu.deck_out", {"seat": seat, "cards": moved, "left": 0}))
        win(s, 1 - seat, "deckout")
        return False
    card = take_castle(s, seat)
    s.events.append(Event("qumasu.deck_out", {"seat": seat, "cards": moved, "card": card,
                                              "left": len(s.castles[seat])},
                          public_params={"seat": seat, "cards": moved, "left": len(s.castles[seat])},
                          visible_to=(seat,)))
    return True


def take_castle(s: State, seat: int) -> str:
    """D-5: a blind take is a seeded random pick."""
    k = s.stream().randrange(len(s.castles[seat]), "take", s.takes)
    s.takes += 1
    card = s.castles[seat].pop(k)
    s.hands[seat].append(card)
    return card


def win(s: State, seat: int, reason: str) -> None:
    s.winners, s.end_reason, s.pending = (seat,), reason, None
    s.events.append(Event("qumasu.win", {"winner": seat, "reason": reason}))


def _pay(s: State, seat: int, cost: int) -> None:
    """R-4.1, QUMASU-RULES-3: seed-side untapped cards first."""
    order = sorted(range(len(s.costs[seat])), key=lambda k: s.costs[seat][k][0])
    for k in order:
        if cost and not s.costs[seat][k][1]:
            s.costs[seat][k][1] = True
            cost -= 1


def _remove(s: State, idx: int) -> str:
    card = s.board[idx]
    s.board[idx] = None
    s.graves[owner(card)].append(card)
    s.buffs.pop(card, None)  # QUMASU-RULES-4
    return card


# --- mulligan and turns ---------------------------------------------------------------------
def _keep(rules: HasData[QumasuData], s: State) -> None:
    if s.mulligans[s.pending.seat]:  # QUMASU-RULES-7: the new hand, seen by its owner, is kept
        return _decided(rules, s, s.pending.seat)
    _mulligan_done(rules, s, False)


def _mulligan(rules: HasData[QumasuData], s: State) -> None:
    seat = s.pending.seat
    if s.look:  # QUMASU-RULES-7: told first; then the decision stays with its owner, who looks at the new hand
        s.mulligans[seat] = True
        s.events.append(Event("qumasu.mulligan", {"seat": seat, "taken": True}))
    s.decks[seat] = shuffle(s, s.decks[seat] + s.hands[seat])
    s.hands[seat] = []
    draw(rules, s, seat, rules.data.hand_size)
    if not s.look:
        _mulligan_done(rules, s, True)


def _mulligan_done(rules: HasData[QumasuData], s: State, taken: bool) -> None:
    """R-1.2 / D-6, then R-1.3 castles and the first turn."""
    seat = s.pending.seat
    s.mulligans[seat] = taken
    s.events.append(Event("qumasu.mulligan", {"seat": seat, "taken": taken}))
    _decided(rules, s, seat)


def _decided(rules: HasData[QumasuData], s: State, seat: int) -> None:
    """The next seat decides (R-1.2), or R-1.3 castles and the first turn."""
    if seat == s.first:
        s.pending = Pending("mulligan", 1 - seat)
        s.events.append(Event("qumasu.mulligan_turn", {"seat": 1 - seat}))
        return
    s.pending = None
    for p in (0, 1):
        for _ in range(rules.data.castle_size):
            s.castles[p].append(s.decks[p].pop())
    start_turn(rules, s, s.first)


def start_turn(rules: HasData[QumasuData], s: State, seat: int) -> None:
    """R-3.1 to R-3.3."""
    s.turn += 1
    s.turn_seat = seat
    s.entered, s.buffs = [], {}
    s.moved = s.attacked = s.flowered = False
    s.events.append(Event("qumasu.turn", {"seat": seat, "turn": s.turn}))
    if s.turn != 1 and not draw(rules, s, seat, 1):
        return
    costs = s.costs[seat]
    for _ in range(1 if s.turn == 1 else rules.data.growth_steps):
        if len(costs) < rules.data.cost_cards:
            costs.append([False, False])
        elif s.turn >= 4:  # flowers bloom from the second player's 2nd turn on
            seed = next((c for c in costs if not c[0]), None)
            if seed:
                seed[0] = True
    for c in costs:
        c[1] = False


def _end(rules: HasData[QumasuData], s: State) -> None:
    """R-5.1: this-turn effects end; the other player's turn begins."""
    s.events.append(Event("qumasu.end_turn", {"seat": s.turn_seat}))
    start_turn(rules, s, 1 - s.turn_seat)


# --- main phase -------------------------------------------------------------------------------
def _summon(rules: HasData[QumasuData], s: State, card: str, cell: str) -> None:
    seat, face = s.turn_seat, rules.data.face_of(card)
    _pay(s, seat, face.cost)
    s.hands[seat].remove(card)
    s.board[B.index(cell)] = card
    s.entered.append(card)
    s.events.append(Event("qumasu.summon", {"seat": seat, "card": card, "cell": cell}))
    if face.effect and face.effect.timing == "on_enter":
        s.pending = Pending("on_enter", seat, card)


def _use(rules: HasData[QumasuData], s: State) -> None:
    card = s.pending.card
    s.pending = None
    eff = rules.data.face_of(card).effect
    s.events.append(Event("qumasu.used", {"seat": s.turn_seat, "card": card}))
    if eff.type == "draw":
        draw(rules, s, s.turn_seat, eff.amount)


def _skip(rules: HasData[QumasuData], s: State) -> None:
    s.pending = None


def _move(rules: HasData[QumasuData], s: State, frm: str, to: str) -> None:
    i, j = B.index(frm), B.index(to)
    s.board[j], s.board[i] = s.board[i], None
    s.moved = True
    s.events.append(Event("qumasu.move", {"seat": s.turn_seat, "card": s.board[j],
                                          "cell": frm, "to": to}))


def _attack(rules: HasData[QumasuData], s: State, frm: str, to: str) -> None:
    seat, i = s.turn_seat, B.index(frm)
    s.attacked = True
    if to == B.CASTLE:
        return _castle_hit(s, seat, s.board[i], frm)
    j = B.index(to)
    att, dfn = s.board[i], s.board[j]
    pa, pd = power(rules, s, i), power(rules, s, j)
    result = "win" if pa > pd else "lose" if pa < pd else "both"
    if result in ("win", "both"):
        _remove(s, j)
    if result in ("lose", "both"):
        _remove(s, i)
    s.last_combat = {"attacker": att.split("-")[1], "defender": dfn.split("-")[1],
                     "apower": pa, "dpower": pd, "result": result}
    s.events.append(Event("qumasu.combat", {"seat": seat, "card": att, "defender": dfn, "apower": pa,
                                            "dpower": pd, "result": result, "cell": to}))


def _castle_hit(s: State, seat: int, card: str, frm: str) -> None:
    """R-4.6 / R-2.1."""
    target = 1 - seat
    if not s.castles[target]:
        s.events.append(Event("qumasu.castle_hit", {"seat": seat, "card": card, "left": 0}))
        return win(s, seat, "castle")
    taken = take_castle(s, target)
    left = len(s.castles[target])
    s.events.append(Event("qumasu.castle_hit", {"seat": seat, "card": card, "left": left,
                                                "taken": taken},
                          public_params={"seat": seat, "card": card, "left": left},
                          visible_to=(target,)))


def _cast(rules: HasData[QumasuData], s: State, card: str, cell: str | None = None) -> None:
    """R-4.3: pay, to the graveyard, then the effect."""
    seat, face = s.turn_seat, rules.data.face_of(card)
    eff = face.effect
    _pay(s, seat, face.cost)
    s.hands[seat].remove(card)
    s.graves[seat].append(card)
    s.events.append(Event("qumasu.cast", {"seat": seat, "card": face.id, "cell": cell or ""}))
    idx = B.index(cell) if cell else None
    if eff.type == "power":
        s.buffs[s.board[idx]] = s.buffs.get(s.board[idx], 0) + eff.amount
    elif eff.type == "destroy":
        gone = _remove(s, idx)
        s.events.append(Event("qumasu.destroyed", {"seat": seat, "card": gone, "cell": cell}))
    elif eff.type == "move":
        s.pending = Pending("warp", seat, card, more=(cell,))
    elif eff.type == "draw":
        draw(rules, s, seat, eff.amount)


def _target(rules: HasData[QumasuData], s: State, cell: str) -> None:
    p = s.pending
    j = B.index(cell)
    if p.kind == "warp":
        frm = p.more[0]
        i = B.index(frm)
        s.board[j], s.board[i] = s.board[i], None
        s.events.append(Event("qumasu.warped", {"seat": s.turn_seat, "card": s.board[j],
                                                "cell": frm, "to": cell}))
    else:
        card = s.board[j]
        s.buffs[card] = s.buffs.get(card, 0) + p.count
        s.events.append(Event("qumasu.bloom_power", {"seat": s.turn_seat, "card": card,
                                                     "amount": p.count}))
    s.pending = None


def _flower(rules: HasData[QumasuData], s: State, idx: int, effect: str) -> None:
    """R-4.7: back to the seed side (orientation kept), then the effect."""
    seat, fl = s.turn_seat, rules.data.flower(effect)
    s.costs[seat][idx][0] = False
    s.flowered = True
    s.events.append(Event("qumasu.flower", {"seat": seat, "effect": effect}))
    if fl.type == "power":
        s.pending = Pending("bloom", seat, count=fl.amount, more=(effect,))
    elif fl.type == "untap":
        for _ in range(fl.amount):
            tapped = next((c for c in s.costs[seat] if c[1]), None)
            if tapped:
                tapped[1] = False
    else:
        draw(rules, s, seat, fl.amount)


HANDLERS = {"keep": _keep, "mulligan": _mulligan, "summon": _summon, "use": _use, "skip": _skip,
            "move": _move, "attack": _attack, "cast": _cast, "target": _target, "flower": _flower,
            "end": _end}
