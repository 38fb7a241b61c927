"""尊みバースト (Toutomi): the rules of docs/rules/toutomi.md, one step per function.

Actions (text forms round-trip through ``Action.parse``):

- ``play <card>``   play a card from hand (R-2.1).
- ``kuma <card>``   use one of one's own Kuma-wild situation cards as a Wild (R-5.3).
- ``wild <effect>`` pending choice after a Wild or Kuma-wild: reverse|skip|summon|attack.
- ``target <seat>`` pending choice after an Attack: the attacked seat (R-3.4).
- ``dump <card>``   Summon: put one more hand card onto the field (R-3.3) ...
- ``dump_done``     ... and stop dumping: draw as many as were dumped.
- ``declare``       short variant: 尊すぎ! (R-6.2).
- ``pass``          only when no other action is legal (DX-1).

Decisions beyond the spec:

- DX-1 A player whose hand holds only Trump cards while the total is not the limit (possible
  on the second play of an attacked turn: two Trumps left) and who has no Kuma-wild cannot
  play anything; R-2.1 forbids a pass but gives no alternative, so ``pass`` ends their turn
  (their hand is kept).  It is legal only then.
- DX-2 R-4.2's "the player who took the turn before" is the last *other* player to take
  a turn: when someone takes two turns in a row (2 players after their own Skip, or
  Reverse as Skip — D-3), the burst still scores for the player before them, never for
  the buster (a player at a real table would not reward their own burst).  With no such
  turn yet this round, R-4.4's seat before in turn order scores.  The same holds for the
  short variant's 尊すぎ! (R-6.2).
- DX-3 Effects that move the turn combine in play order (they can meet on an attacked
  turn): Attack names the next turn's owner; Skip makes whoever would take the next turn
  lose it (if that is the attacked player, the attack is lost with the turn); Reverse
  flips the direction, used from the next turn on.  A Skip played earlier in the turn
  counts in the direction in force when the turn ends.
- DX-4 A burst (or 尊すぎ!) ends the round at once: a second play still owed on an attacked
  turn and any Skip/Attack not yet used are dropped; the direction is kept; refills after
  it go round from the buster in turn order.
- DX-5 Summon: the player chooses the cards one at a time (``dump``), then draws as many at
  once (``dump_done``); when their hand is empty the draw happens by itself.  With an empty
  hand right after the Summon there is nothing to choose, so no dumping step.
- DX-6 Short variant: a card that would raise the total above the limit cannot be played
  (R-6.2: such a player declares instead); ``declare`` is legal only when every hand card
  would.  A refill that cannot be completed draws what is left, then the game ends (R-6.3).
- DX-7 The trump is playable only while the situation deck has cards (R-3.6); a Trump
  that takes the last situation card ends the game at once (R-5.4), like a burst.
- DX-8 Public events name cards by face id (``n7``, ``wild``), not by physical id: a played
  card may be shuffled back into the deck (or drawn by another seat) within the same
  action, and its physical id must then stay secret.  ``card_info`` accepts face ids too.
  Exceptions: a used Kuma-wild keeps its id (it stays public, removed from the game), and
  the private events ``drew`` / ``situation_taken`` carry ids for their owner only.
- DX-9 An invalid ``start_player`` option (outside the seats) counts as random.
- DX-10 What a Wild from hand became (R-3.5) is public and kept in the state (``wild_as``,
  replaced, never changed in place) while the Wild lies on the field; the view gives it
  for each Wild on the field, so every table (a bot's move, after a curtain, an undo, a
  Continue, a replay at any move) says it alike.  A Wild dumped by a Summon became
  nothing; a Kuma-wild leaves the game (it is never on the field).
"""
from __future__ import annotations

from typing import Any

from games.core.engine import (
    Action,
    ActionTable,
    Event,
    GameRules,
    IllegalAction,
    OptionSpec,
    make_event,
    Outcome,
)
from games.core.rng import Stream
from games.toutomi import data as game_data, seen
from games.toutomi.data import WILD_EFFECTS, Face, ToutomiData
from games.toutomi.state import ToutomiState, next_owner

ARITY = {"play": (str,), "kuma": (str,), "wild": (str,), "target": (int,), "dump": (str,),
         "dump_done": (), "declare": (), "pass": ()}
PENDING_KIND = {"wild": "wild", "target": "target", "dump": "dump", "dump_done": "dump"}


class _Tables:
    """The data and what the rules read on every action, worked out once: plain attributes
    (fast to read), the Actions shared."""

    def __init__(self, data: ToutomiData, act: ActionTable, fewest: int, most: int) -> None:
        self.data, self.limit, self.hand_size = data, data.burst_limit, data.hand_size
        cards = self.face = data.by_card  # card id (physical or face) -> Face
        self.trumps = frozenset(c for c, f in cards.items() if f.kind == "trump")
        self.plays = {c: act("play", c) for c in cards}
        self.plays_but_trump = {c: None if c in self.trumps else a for c, a in self.plays.items()}
        self.kumas = {c: act("kuma", c) for c, f in cards.items() if f.kind == "kuma_wild"}
        self.dumps = {c: act("dump", c) for c in cards}
        self.wilds = tuple(act("wild", e) for e in WILD_EFFECTS)
        self.targets = {(n, me): tuple(act("target", x) for x in range(n) if x != me)  # (players, attacker)
                        for n in range(fewest, most + 1) for me in range(n)}


class ToutomiRules(GameRules):
    """The rules object the registry exposes as ``RULES``."""

    game_id = "toutomi"
    min_players = 2
    max_players = game_data.MAX_PLAYERS
    _successor = staticmethod(ToutomiState.successor)  # apply's clone, events left out

    def __init__(self, data: ToutomiData | None = None) -> None:
        self._data = data
        self._act = ActionTable()  # shared immutable Actions
        self._do = {k: getattr(self, f"_do_{k}") for k in ARITY}  # action kind -> step
        self._t: _Tables | None = None  # built from the data on first use (_tables)

    @property
    def data(self) -> ToutomiData:
        """The data file, read on first use."""
        return (self._t or self._tables()).data

    def _tables(self) -> _Tables:
        """The data and what the rules read on every action, built once.

        Plain attributes of a plain object, not ``functools.cached_property`` on the rules:
        that writes through the instance ``__dict__``, after which every attribute read of
        the rules costs about three times as much (engine DX-2).
        """
        if self._t is None:
            self._t = _Tables(self._data if self._data is not None else game_data.data(), self._act,
                              self.min_players, self.max_players)
        return self._t

    def option_specs(self) -> list[OptionSpec]:
        return [OptionSpec("short", "toutomi.option_short", "bool", False)]

    def card_info(self, card_id: str) -> dict:
        """Public attributes of a physical card id (``n7-2``) or a face id (``n7``)."""
        f = self.data.face_of(card_id)
        return {"id": card_id, "face": f.id, "deck": f.deck, "kind": f.kind, "value": f.value,
                "points": f.points, "name": dict(f.name)}

    # --- setup (R-1) -----------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict | None = None) -> ToutomiState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"toutomi is played by {self.min_players}-{self.max_players} players")
        options = options or {}
        short = bool(options.get("short", False))
        s = ToutomiState(players, seed, short, rng=Stream.for_game(seed, options))
        s.hands = [[] for _ in range(players)]
        s.situations = [[] for _ in range(players)]
        s.points = [[] for _ in range(players)]
        s.deck = self._shuffle(s, self.data.toutomi_ids(with_trump=not short))  # D-5
        s.situation_deck = [] if short else self._shuffle(s, self.data.situation_ids())
        for seat in range(players):
            s.hands[seat] = [s.deck.pop() for _ in range(self.data.hand_size)]
        s.owner = s.next_base = self._start_player(players, s.rng, options)
        s.events = [Event("toutomi.turn", {"seat": s.owner, "plays": 1})]
        return s

    @staticmethod
    def _start_player(players: int, rng: Stream, options: dict) -> int:
        start = options.get("start_player")
        if isinstance(start, int) and not isinstance(start, bool) and 0 <= start < players:
            return start
        return rng.randrange(players, "start")  # DX-9

    @staticmethod
    def _shuffle(s: ToutomiState, ids: list[str]) -> list[str]:
        if s.rng is None:  # a state built by hand (bots' sampled worlds, tests)
            s.rng = Stream.for_game(s.seed)
        out = s.rng.shuffled(ids, "shuffle", s.shuffles)
        s.shuffles += 1
        return out

    # --- what may be done ----------------------------------------------------------------
    def current_player(self, s: ToutomiState) -> int | None:
        return None if s.over else s.owner

    def legal_actions(self, s: ToutomiState) -> list[Action]:
        """Every legal action, remembered on ``s`` here (``LEGAL_SLOT``, the trusted fast
        path) rather than by the engine's wrapper: one call less on the hottest path."""
        t = self._t or self._tables()
        if s.over or s.pending or s.short:
            out = self._legal_list(s)
        else:  # the common case, quickly (R-3.6: a trump only at the limit, with a situation card left)
            plays = t.plays if s.total == t.limit and s.situation_deck else t.plays_but_trump
            out = [*filter(None, map(plays.__getitem__, s.hands[s.owner]))]
            mine = s.situations[s.owner]
            if mine and not t.kumas.keys().isdisjoint(mine):
                out += filter(None, map(t.kumas.get, mine))
            if not out:
                out = [self._act("pass")]  # DX-1
        s._legal = out  # engine.LEGAL_SLOT
        return out

    legal_actions.remembers = True  # (engine.GameRules.__init_subclass__ leaves it unwrapped)

    def _legal_list(self, s: ToutomiState) -> list[Action]:
        t = self._t or self._tables()
        if s.over:
            return []
        if s.pending:
            return self._pending_actions(s)
        hand = s.hands[s.owner]
        if not s.short and s.total != t.limit:  # the common case, quickly
            out = [*filter(None, map(t.plays_but_trump.__getitem__, hand))]
        else:
            plays = t.plays
            out = [plays[c] for c in hand if self._playable(s, c)]
        mine = s.situations[s.owner]
        if mine and not t.kumas.keys().isdisjoint(mine):
            out += filter(None, map(t.kumas.get, mine))
        if s.short and not any(self._keeps_limit(s, c) for c in hand):
            out.append(self._act("declare"))
        return out or [self._act("pass")]  # DX-1

    def _pending_actions(self, s: ToutomiState) -> list[Action]:
        t = self._t or self._tables()
        kind = s.pending[0]  # fresh lists of shared Actions: a caller may change its list
        if kind == "wild":
            return [*t.wilds]
        if kind == "target":
            return [*t.targets[s.players, s.owner]]
        dumps = t.dumps
        return [*[dumps[c] for c in s.hands[s.owner]], self._act("dump_done")]

    def _new_total(self, s: ToutomiState, face: Face) -> int:
        """R-2.2 to R-2.5 and D-1: the total after playing ``face``."""
        if face.kind != "number" or face.value == s.total:
            return s.total
        if face.value <= 0:
            return s.total + min(face.value, 0)  # 0 and -1 never raise the total
        return s.total + face.value

    def _keeps_limit(self, s: ToutomiState, card: str) -> bool:
        return self._new_total(s, self.data.face_of(card)) <= self.data.burst_limit

    def _playable(self, s: ToutomiState, card: str) -> bool:
        t = self._t or self._tables()
        if not s.short and s.total != t.limit:
            return card not in t.trumps  # the common case, quickly
        face = self.data.face_of(card)
        if face.kind == "trump":  # DX-7
            return s.total == t.limit and bool(s.situation_deck)
        return not s.short or self._keeps_limit(s, card)  # DX-6

    def explain_illegal(self, s: ToutomiState, a: Action) -> IllegalAction:
        """The most specific reason ``a`` is refused (called only for illegal actions)."""
        if a.kind not in ARITY:
            return IllegalAction("toutomi.unknown_action", action=a.kind)
        types = ARITY[a.kind]
        if len(a.args) != len(types) or any(not isinstance(v, t) for v, t in zip(a.args, types)):
            return IllegalAction("toutomi.bad_args", action=str(a))
        if s.pending and PENDING_KIND.get(a.kind) != s.pending[0]:
            return IllegalAction(f"toutomi.finish_{s.pending[0]}_first")
        if not s.pending and a.kind in PENDING_KIND:
            return IllegalAction(f"toutomi.no_{PENDING_KIND[a.kind]}_pending")
        arg = a.args[0] if a.args else None
        return getattr(self, f"_why_not_{a.kind}")(s, arg) or IllegalAction("core.illegal")

    def _why_not_play(self, s: ToutomiState, card: str) -> IllegalAction | None:
        if card not in self.data.faces and card.rsplit("-", 1)[0] not in self.data.faces:
            return IllegalAction("toutomi.unknown_card", card=card)
        if card not in s.hands[s.owner]:
            return IllegalAction("toutomi.not_in_hand", card=card)
        face = self.data.face_of(card)
        if face.kind == "trump" and not s.situation_deck:
            return IllegalAction("toutomi.trump_no_situation")
        if face.kind == "trump":
            return IllegalAction("toutomi.trump_needs_total", total=s.total,
                                 limit=self.data.burst_limit)
        if s.short and not self._keeps_limit(s, card):
            new, limit = self._new_total(s, face), self.data.burst_limit
            if any(self._keeps_limit(s, c) for c in s.hands[s.owner]):
                return IllegalAction("toutomi.short_keep_total", total=s.total, new_total=new,
                                     limit=limit)
            return IllegalAction("toutomi.short_must_declare", total=s.total, new_total=new,
                                 limit=limit)
        return None

    def _why_not_kuma(self, s: ToutomiState, card: str) -> IllegalAction | None:
        if card not in s.situations[s.owner]:
            return IllegalAction("toutomi.kuma_not_yours", card=card)
        return IllegalAction("toutomi.not_kuma", card=card)

    def _why_not_wild(self, s: ToutomiState, effect: str) -> IllegalAction | None:
        return IllegalAction("toutomi.unknown_effect", effect=effect)

    def _why_not_target(self, s: ToutomiState, target: int) -> IllegalAction | None:
        if target == s.owner:
            return IllegalAction("toutomi.attack_self")
        return IllegalAction("toutomi.no_such_seat", target=target)

    def _why_not_dump(self, s: ToutomiState, card: str) -> IllegalAction | None:
        return IllegalAction("toutomi.not_in_hand", card=card)

    def _why_not_dump_done(self, s: ToutomiState, _: Any) -> IllegalAction | None:
        return None

    def _why_not_declare(self, s: ToutomiState, _: Any) -> IllegalAction | None:
        if not s.short:
            return IllegalAction("toutomi.declare_short_only")
        return IllegalAction("toutomi.declare_has_card", total=s.total, limit=self.data.burst_limit)

    def _why_not_pass(self, s: ToutomiState, _: Any) -> IllegalAction | None:
        return IllegalAction("toutomi.pass_not_allowed")

    # --- doing it ---------------------------------------------------------------------
    def _apply(self, s: ToutomiState, a: Action) -> None:
        self._do[a.kind](s, *a.args)

    def _do_play(self, s: ToutomiState, card: str) -> None:
        """R-2.1: one card from hand to the field, then its effect."""
        t = self._t or self._tables()
        seat, face = s.owner, t.face[card]
        hand = s.hands[seat] = s.hands[seat][:]  # copy on write (_own_hand, inlined)
        hand.remove(card)
        s.field.append(card)
        before, kind = s.total, face.kind
        if kind != "number":
            s.events.append(make_event(("toutomi.played", {"seat": seat, "card": face.id,
                                                           "total": before, "before": before}, None, None)))
            if kind == "trump":
                return self._trump(s, seat)
            return self._special(s, kind, card)
        value = face.value  # and D-1 (_new_total, inlined)
        total = s.total = before if value == before or value == 0 else before + value
        s.events.append(make_event(("toutomi.played", {"seat": seat, "card": face.id, "total": total,
                                                       "before": before}, None, None)))
        if value == before and value != 0:
            s.events.append(make_event(("toutomi.equal_number", {"seat": seat, "total": before}, None, None)))
        if total > t.limit:
            return self._burst(s, seat, face.id)
        self._end_play(s, hand)

    def _do_kuma(self, s: ToutomiState, card: str) -> None:
        """R-5.3: a Kuma-wild leaves the game and acts as a Wild."""
        mine = [c for c in s.situations[s.owner] if c != card]  # copy on write (see clone)
        s.situations = [mine if k == s.owner else p for k, p in enumerate(s.situations)]
        s.removed = [*s.removed, card]
        s.events.append(Event("toutomi.kuma", {"seat": s.owner, "card": card}))
        s.pending = ("wild", card)

    def _do_wild(self, s: ToutomiState, effect: str) -> None:
        """R-3.5: the Wild acts as the chosen special card."""
        card = s.pending[1]
        s.pending = None
        if card in s.field:  # a Wild from hand (not a Kuma-wild): DX-10
            s.wild_as = (*s.wild_as, (card, effect))
        self._special(s, effect, card)

    def _special(self, s: ToutomiState, kind: str, card: str) -> None:
        seat = s.owner
        if kind == "wild":
            s.pending = ("wild", card)
            return
        if kind == "attack":  # the target is chosen next
            s.pending = ("target", card)
            return
        if kind == "summon":
            return self._summon(s, seat, card)
        if kind == "reverse" and s.players > 2:
            s.direction = -s.direction
            s.events.append(Event("toutomi.reverse", {"seat": seat, "direction": s.direction}))
        else:  # and Reverse with 2 players (D-3)
            skipped = next_owner(s)
            s.next_steps += 1
            s.next_attacked = False  # DX-3
            key = "toutomi.skip" if kind == "skip" else "toutomi.reverse_as_skip"
            s.events.append(Event(key, {"seat": seat, "target": skipped}))
        self._end_play(s)

    def _do_target(self, s: ToutomiState, target: int) -> None:
        """R-3.4: the named player takes the next turn and plays two cards."""
        s.pending = None
        s.next_base, s.next_steps, s.next_attacked = target, 0, True
        s.events.append(Event("toutomi.attack", {"seat": s.owner, "target": target}))
        self._end_play(s)

    def _summon(self, s: ToutomiState, seat: int, card: str) -> None:
        """R-3.3: any number of hand cards may follow the Summon onto the field."""
        s.events.append(Event("toutomi.summon", {"seat": seat}))
        if s.hands[seat]:
            s.pending = ("dump", card, 0)
        else:
            self._end_play(s)  # DX-5

    def _do_dump(self, s: ToutomiState, card: str) -> None:
        seat = s.owner
        _own_hand(s, seat).remove(card)
        s.field.append(card)
        s.pending = (*s.pending[:2], s.pending[2] + 1)
        s.events.append(Event("toutomi.dumped", {"seat": seat,
                                                 "card": self.data.face_of(card).id}))
        if not s.hands[seat]:
            self._do_dump_done(s)  # DX-5

    def _do_dump_done(self, s: ToutomiState) -> None:
        seat, count = s.owner, s.pending[2]
        s.pending = None
        if count:
            s.events.append(Event("toutomi.summon_drew", {"seat": seat, "count": count}))
            if not self._draw(s, seat, count):
                return
        self._end_play(s)

    def _do_pass(self, s: ToutomiState) -> None:
        """DX-1: nothing can be played; the whole turn ends."""
        s.events.append(Event("toutomi.passed", {"seat": s.owner}))
        s.plays_left = 1
        self._end_play(s)

    def _trump(self, s: ToutomiState, seat: int) -> None:
        """R-3.6: take a situation card at once; the round goes on."""
        s.events.append(Event("toutomi.trump", {"seat": seat}))
        if self._take_situation(s, seat):
            self._end_play(s)

    # --- turns -------------------------------------------------------------------------
    def _end_play(self, s: ToutomiState, own_hand: list | None = None) -> None:
        """One card done: an attacked turn goes on (R-3.4), otherwise the turn ends.

        ``own_hand``: the acting seat's hand when this action already copied it (copy on
        write), so the refill may add to it in place.
        """
        t = self._t or self._tables()
        s.plays_left -= 1
        if s.plays_left > 0:
            return
        seat = s.owner  # refill (the usual single card, inlined: see _draw)
        need = t.hand_size - len(s.hands[seat])
        if need == 1 and s.deck:
            card = s.deck.pop()
            if own_hand is None:
                s.hands[seat] = [*s.hands[seat], card]  # copy on write
            else:
                own_hand.append(card)
            s.events.append(make_event(("toutomi.drew", {"seat": seat, "cards": [card], "count": 1},
                                        {"seat": seat, "count": 1}, (seat,))))
        elif not self._draw(s, seat, need):
            return
        # the next turn goes to whoever the effects designate
        nxt, attacked = (s.next_base + s.next_steps * s.direction) % s.players, s.next_attacked  # next_owner
        if nxt != seat:  # DX-2: a second turn in a row keeps the earlier other player
            s.previous = seat
        s.owner = s.next_base = nxt  # _start_turn, inlined (every turn passes here)
        s.next_steps, s.next_attacked = 1, False
        s.attacked, s.plays_left = attacked, 2 if attacked else 1
        s.turn += 1
        s.events.append(make_event(("toutomi.turn_attacked" if attacked else "toutomi.turn",
                                    {"seat": nxt, "plays": s.plays_left}, None, None)))

    def _start_turn(self, s: ToutomiState, seat: int, attacked: bool) -> None:
        s.owner = s.next_base = seat
        s.next_steps, s.next_attacked = 1, False
        s.attacked, s.plays_left = attacked, 2 if attacked else 1
        s.turn += 1
        key = "toutomi.turn_attacked" if attacked else "toutomi.turn"
        s.events.append(make_event((key, {"seat": seat, "plays": s.plays_left}, None, None)))

    def _burst(self, s: ToutomiState, seat: int, card: str) -> None:
        """R-4.1 to R-4.3: 尊みバースト."""
        t = self._t or self._tables()
        face = t.face
        faces = [face[c].id for c in s.hands[seat]]
        s.field.extend(s.hands[seat])
        s.hands[seat] = []
        scorer = seen.scorer_if_burst(s)  # DX-2
        s.events.append(make_event(("toutomi.burst", {"seat": seat, "scorer": scorer, "total": s.total},
                                    None, None)))
        s.last_round = {"kind": "burst", "seat": seat, "scorer": scorer, "total": s.total,
                        "round": s.round, "card": card, "dropped": faces}
        if not self._take_situation(s, scorer):
            return
        s.deck = self._shuffle(s, s.deck + s.field)
        s.field, s.wild_as = [], ()
        self._new_round(s, seat)

    def _do_declare(self, s: ToutomiState) -> None:
        """R-6.2: 尊すぎ! — the player before takes the field as points."""
        seat = s.owner
        scorer = seen.scorer_if_burst(s)  # DX-2
        s.events.append(Event("toutomi.declare", {"seat": seat, "scorer": scorer,
                                                  "cards": len(s.field)}))
        s.last_round = {"kind": "declare", "seat": seat, "scorer": scorer, "total": s.total,
                        "round": s.round, "cards": len(s.field)}
        s.points = [[*p, *s.field] if k == scorer else p for k, p in enumerate(s.points)]  # copy on write
        s.field, s.wild_as = [], ()
        self._new_round(s, seat)

    def _new_round(self, s: ToutomiState, starter: int) -> None:
        """R-4.3 / R-6.2: total 0, everyone refills, the buster or declarer starts."""
        t = self._t or self._tables()
        s.total = 0
        s.pending = None
        hands, size, players, direction = s.hands, t.hand_size, s.players, s.direction
        for k in range(players):
            seat = (starter + k * direction) % players  # seat_after
            if len(hands[seat]) < size and not self._draw(s, seat, size - len(hands[seat])):  # _refill
                return
        s.round += 1
        s.previous = None
        s.events.append(make_event(("toutomi.new_round", {"seat": starter, "round": s.round}, None, None)))
        self._start_turn(s, starter, False)

    def _take_situation(self, s: ToutomiState, seat: int) -> bool:
        """One situation card to ``seat``, secretly; False when that ended the game (R-5.4)."""
        card = s.situation_deck[-1]
        s.situation_deck = s.situation_deck[:-1]  # copy on write (see ToutomiState.clone)
        situations = s.situations = s.situations[:]  # copy on write: the list and this seat's pile
        situations[seat] = [*situations[seat], card]
        s.events.append(make_event(("toutomi.situation_taken", {"seat": seat, "card": card},
                                    {"seat": seat}, (seat,))))
        if s.situation_deck:
            return True
        self._game_over(s, "situation")
        return False

    def _refill(self, s: ToutomiState, seat: int) -> bool:
        """R-2.6: draw back to the hand size; False when the game ended (R-6.3)."""
        return self._draw(s, seat, self.data.hand_size - len(s.hands[seat]))

    def _draw(self, s: ToutomiState, seat: int, count: int) -> bool:
        if count <= 0:
            return True
        if count == 1 and s.deck:  # the usual refill after one card, without the loop
            card = s.deck.pop()
            _own_hand(s, seat).append(card)
            s.events.append(Event("toutomi.drew", {"seat": seat, "cards": [card], "count": 1},
                                  {"seat": seat, "count": 1}, (seat,)))
            return True
        deck = s.deck
        if count <= len(deck):  # enough cards: those pop() would give, in that order
            drawn = deck[:-count - 1:-1]
            del deck[-count:]
        else:
            drawn = self._draw_reshuffling(s, count)
        _own_hand(s, seat).extend(drawn)
        if drawn:
            s.events.append(make_event(("toutomi.drew", {"seat": seat, "cards": drawn, "count": len(drawn)},
                                        {"seat": seat, "count": len(drawn)}, (seat,))))
        if len(drawn) < count and s.short:  # DX-6
            self._game_over(s, "deck")
            return False
        return True

    def _draw_reshuffling(self, s: ToutomiState, count: int) -> list:
        """Up to ``count`` cards one by one, reshuffling the field into an empty deck."""
        drawn = []
        for _ in range(count):
            if not s.deck and not s.short and s.field:  # D-2: the total is kept
                s.events.append(Event("toutomi.reshuffle", {"cards": len(s.field)}))
                s.deck = self._shuffle(s, s.field)
                s.field, s.wild_as = [], ()
            if not s.deck:
                break
            drawn.append(s.deck.pop())
        return drawn

    def _game_over(self, s: ToutomiState, reason: str) -> None:
        s.over, s.end_reason, s.pending = True, reason, None
        s.events.append(Event(f"toutomi.game_end_{reason}", {}))

    # --- results and information (R-5, R-6.3) ---------------------------------------------
    def outcome(self, s: ToutomiState) -> Outcome | None:
        return seen.outcome(self.data, s) if s.over else None

    def view(self, s: ToutomiState, seat: int | None) -> dict:
        return seen.view(self, s, seat)

    def secret_ids(self, s: ToutomiState, seat: int | None) -> set[str]:
        return seen.secret_ids(s, seat)

    def inventory(self, s: ToutomiState) -> dict[str, int]:
        return seen.inventory(s)

    def needs_privacy(self, s: ToutomiState) -> bool:
        """The acting seat always decides from its secret hand."""
        return True


def _own_hand(s: ToutomiState, seat: int) -> list:
    """The seat's hand as a list this state alone holds (clones share hands: copy on write)."""
    hand = s.hands[seat] = s.hands[seat][:]
    return hand


RULES = ToutomiRules()
