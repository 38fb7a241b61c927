"""A fast model of Brujas on small integers, for the bot's determinized rollouts.

The rules engine is built for clarity (ids, events, checks); rollouts need speed, so a
*world* here holds cards as indices into the deck and captured piles as counts.  It is
built from a seat's view plus a sampled guess of the hidden hands (``sample_world``),
and must follow exactly the rules of ``tricks.py`` (a test plays both side by side).
"""
from __future__ import annotations

import random
from typing import Any

PLAY, WITCH, DRAFT, OVER = 0, 1, 2, 3
PHASE_CODES = {None: PLAY, "witch": WITCH, "pick": DRAFT}  # a view's pending kind -> phase


class Tables:
    """Card attributes as lists indexed by card number, built once from the game data."""

    def __init__(self, data: Any) -> None:
        self.ids = [c.id for c in data.cards]
        self.index = {cid: i for i, cid in enumerate(self.ids)}
        self.colours = list(data.colour_ids)
        cidx = {c: i for i, c in enumerate(self.colours)}
        self.col = [cidx[c.colour] for c in data.cards]
        self.num = [c.number for c in data.cards]
        self.numbers = list(data.numbers)
        self.top_number = max(self.numbers)
        self.score_cards = list(data.score_cards)
        self.majority = data.majority_points
        self.by_colour = data.majority_by == "colour"  # R-4.2 / D-1

    def lead_of(self, lead: dict | None) -> tuple | None:
        if not lead:
            return None
        if lead["kind"] == "colour":
            return (0, self.colours.index(lead["value"]))
        return (1, lead["value"])


class World:
    """One complete guess of the game: every hand known, piles as counts."""

    __slots__ = ("n", "hands", "witches", "capc", "capn", "phase", "trick", "lead", "table",
                 "to_act", "winner", "wcard")

    def copy(self) -> World:
        w = World()
        w.n = self.n
        w.hands = [list(h) for h in self.hands]
        w.witches = list(self.witches)
        w.capc = [list(c) for c in self.capc]
        w.capn = [list(c) for c in self.capn]
        w.phase, w.lead, w.to_act, w.winner, w.wcard = (self.phase, self.lead, self.to_act,
                                                         self.winner, self.wcard)
        w.trick = list(self.trick)
        w.table = list(self.table)
        return w


def legal_plays(t: Tables, w: World) -> list[int]:
    """R-2.1/2.2/2.4 on indices (mirrors ``tricks.playable``)."""
    hand = w.hands[w.to_act]
    if not w.trick:
        return list(hand)
    lead = w.lead
    col, num = t.col, t.num
    if lead is None:
        first = w.trick[0][1]
        fc, fn = col[first], num[first]
        ok = [c for c in hand if col[c] == fc or num[c] == fn]
    elif lead[0] == 0:
        ok = [c for c in hand if col[c] == lead[1]]
    else:
        ok = [c for c in hand if num[c] == lead[1]]
    return ok or list(hand)


def play(t: Tables, w: World, card: int) -> None:
    """Play a card; set the lead (R-2.3); resolve the trick when complete."""
    seat = w.to_act
    w.hands[seat].remove(card)
    if w.trick and w.lead is None:
        first = w.trick[0][1]
        same_c, same_n = t.col[card] == t.col[first], t.num[card] == t.num[first]
        if same_c != same_n:
            w.lead = (0, t.col[card]) if same_c else (1, t.num[card])
    w.trick.append((seat, card))
    w.table.append(card)
    if len(w.trick) < w.n:
        w.to_act = (seat + 1) % w.n
        return
    i = winning_index(t, w)
    w.winner, w.wcard = w.trick[i]
    w.phase, w.to_act = WITCH, w.winner


def winning_index(t: Tables, w: World) -> int:
    """R-2.5 to R-2.8 (mirrors ``tricks.winning_index``)."""
    trick, lead, col, num = w.trick, w.lead, t.col, t.num
    if lead is None:
        f = trick[0][1]
        key = (col[f], num[f])
        best = 0
        for i in range(1, len(trick)):
            c = trick[i][1]
            if (col[c], num[c]) == key:
                best = i
        return best
    best, best_rank = -1, -99
    if lead[0] == 0:
        for i, (_, c) in enumerate(trick):
            if col[c] == lead[1] and num[c] >= best_rank:
                best, best_rank = i, num[c]
    else:
        witches = w.witches
        for i, (_, c) in enumerate(trick):
            if num[c] == lead[1]:
                rank = -witches.index(col[c])
                if rank >= best_rank:
                    best, best_rank = i, rank
    return best


def witch_moves(t: Tables, w: World) -> list[bool]:
    """Legal witch moves as ``up`` booleans (R-3.1)."""
    i = w.witches.index(t.col[w.wcard])
    out = []
    if i > 0:
        out.append(True)
    if i < len(w.witches) - 1:
        out.append(False)
    return out


def move_witch(t: Tables, w: World, up: bool) -> None:
    ws = w.witches
    i = ws.index(t.col[w.wcard])
    j = i - 1 if up else i + 1
    ws[i], ws[j] = ws[j], ws[i]
    w.phase, w.to_act = DRAFT, w.winner


def take(t: Tables, w: World, card: int) -> None:
    """R-3.2 with BRUJAS-RULES-5 (the last card goes to the last picker); R-3.3 afterwards."""
    seat = w.to_act
    _capture(t, w, seat, card)
    seat = (seat + 1) % w.n
    w.to_act = seat
    if len(w.table) == 1:
        _capture(t, w, seat, w.table[0])
    if not w.table:
        w.trick = []
        w.lead = None
        w.to_act = w.winner
        w.phase = PLAY if w.hands[w.winner] else OVER


def _capture(t: Tables, w: World, seat: int, card: int) -> None:
    w.table.remove(card)
    w.capc[seat][t.col[card]] += 1
    w.capn[seat][t.num[card]] += 1


def scores(t: Tables, w: World) -> list[int]:
    """R-4.1 + R-4.2 on counts (mirrors ``tricks.witch_points`` / ``majority_points``)."""
    out = []
    ws = w.witches
    for capc in w.capc:
        best, pos = 0, None
        for p, colour in enumerate(ws):
            if capc[colour] > best:
                best, pos = capc[colour], p
        out.append(0 if pos is None else t.score_cards[pos])
    caps, kinds = (w.capc, range(len(t.colours))) if t.by_colour else (w.capn, t.numbers)
    for k in kinds:
        top = max(c[k] for c in caps)
        if top:
            for seat, c in enumerate(caps):
                if c[k] == top:
                    out[seat] += t.majority
    return out


def random_rollout(t: Tables, w: World, rng: random.Random) -> list[int]:
    """Everyone plays uniformly at random to the end; the final scores."""
    choice = rng.choice
    while w.phase != OVER:
        if w.phase == PLAY:
            play(t, w, choice(legal_plays(t, w)))
        elif w.phase == WITCH:
            move_witch(t, w, choice(witch_moves(t, w)))
        else:
            take(t, w, choice(w.table))
    return scores(t, w)


# --- building worlds from a view --------------------------------------------------------
def voids(t: Tables, view: dict) -> list[tuple[set, set]]:
    """Per seat (colours, numbers) it is known to lack: it failed to follow them."""
    out = [(set(), set()) for _ in range(view["players"])]
    tricks = [r["plays"] for r in view["history"]] + [view["trick"]]
    col, num, idx = t.col, t.num, t.index
    for plays in tricks:
        if not plays:
            continue
        first = idx[plays[0][1]]
        lead = None
        for seat, cid in plays[1:]:
            c = idx[cid]
            if lead is None:
                if col[c] != col[first] and num[c] != num[first]:
                    out[seat][0].add(col[first])
                    out[seat][1].add(num[first])
                elif (col[c] == col[first]) != (num[c] == num[first]):
                    lead = (0, col[c]) if col[c] == col[first] else (1, num[c])
            elif lead[0] == 0 and col[c] != lead[1]:
                out[seat][0].add(lead[1])
            elif lead[0] == 1 and num[c] != lead[1]:
                out[seat][1].add(lead[1])
    return out


def unseen_cards(t: Tables, view: dict) -> list[int]:
    """Cards the viewer has not seen: in other hands or in the box."""
    seen = set(view["hand"] or [])
    seen.update(view["table"])
    for pile in view["captured"]:
        seen.update(pile)
    return [i for i, cid in enumerate(t.ids) if cid not in seen]


def deal_unseen(t: Tables, view: dict, unseen: list[int], void: list, rng: random.Random,
                tries: int = 30) -> list[list[int]] | None:
    """Random hidden hands consistent with the voids (None if none was found)."""
    me, counts = view["viewer"], view["hand_counts"]
    others = [s for s in range(view["players"]) if s != me]
    col, num = t.col, t.num
    allowed = {s: [c for c in unseen if col[c] not in void[s][0] and num[c] not in void[s][1]]
               for s in others}
    order = sorted(others, key=lambda s: len(allowed[s]) - counts[s])
    for _ in range(tries):
        pool = set(unseen)
        hands: list[list[int]] = [[] for _ in range(view["players"])]
        for s in order:
            options = [c for c in allowed[s] if c in pool]
            if len(options) < counts[s]:
                break
            got = rng.sample(options, counts[s])
            hands[s] = got
            pool.difference_update(got)
        else:
            return hands
    return None


def sample_world(t: Tables, view: dict, rng: random.Random, void: list,
                 unseen: list[int]) -> World:
    """One world consistent with the view (voids respected when possible)."""
    hands = deal_unseen(t, view, unseen, void, rng)
    if hands is None:  # inconsistent memory cannot happen, but never fail a move
        rest = list(unseen)
        rng.shuffle(rest)
        hands = []
        for s, k in enumerate(view["hand_counts"]):
            hands.append([] if s == view["viewer"] else [rest.pop() for _ in range(k)])
    hands[view["viewer"]] = [t.index[c] for c in view["hand"]]
    w = World()
    w.n = view["players"]
    w.hands = hands
    w.witches = [t.colours.index(c) for c in view["witch_order"]]
    w.capc, w.capn = [], []
    for pile in view["captured"]:
        cc, cn = [0] * len(t.colours), [0] * (t.top_number + 1)
        for cid in pile:
            i = t.index[cid]
            cc[t.col[i]] += 1
            cn[t.num[i]] += 1
        w.capc.append(cc)
        w.capn.append(cn)
    pending = view["pending"]
    w.phase = OVER if view["over"] else PHASE_CODES[pending["kind"] if pending else None]
    w.trick = [(s, t.index[c]) for s, c in view["trick"]]
    w.lead = t.lead_of(view["lead"])
    w.table = [t.index[c] for c in view["table"]]
    w.to_act = view["turn_seat"]
    w.winner = view["trick_winner"]
    w.wcard = t.index[view["winning_card"]] if view["winning_card"] else None
    return w


def greedy_pick(t: Tables, w: World) -> int:
    """The trick card that looks best for the picker: a majority lead (R-4.2: of its colour,
    or of its number when the data counts majorities by number) or the top colour's witch."""
    seat = w.to_act
    col = t.col
    kind_of = t.col if t.by_colour else t.num
    caps = w.capc if t.by_colour else w.capn
    mine_k, capc = caps[seat], w.capc[seat]
    others = [ck for s, ck in enumerate(caps) if s != seat]
    top = max(capc)
    witches, score_cards = w.witches, t.score_cards
    best, best_value = w.table[0], -1.0
    for card in w.table:
        n, c = kind_of[card], col[card]
        mine = mine_k[n]
        other = max(o[n] for o in others)
        value = 0.0
        if mine + 1 > other:
            value = 2.0 if mine >= other else 1.0  # take or keep the lead of this kind
        if capc[c] + 1 >= top:
            value += score_cards[witches.index(c)] * 0.5
        if value > best_value:
            best, best_value = card, value
    return best


def greedy_rollout(t: Tables, w: World, rng: random.Random, eps: float = 0.3) -> list[int]:
    """Random plays and witch moves, mostly greedy draft picks, to the end."""
    choice, rand = rng.choice, rng.random
    while w.phase != OVER:
        if w.phase == PLAY:
            play(t, w, choice(legal_plays(t, w)))
        elif w.phase == WITCH:
            move_witch(t, w, choice(witch_moves(t, w)))
        elif rand() < eps or len(w.table) == 1:
            take(t, w, choice(w.table))
        else:
            take(t, w, greedy_pick(t, w))
    return scores(t, w)
