"""キューマス (Qumasu): the rules of docs/rules/qumasu.md.

Actions (text forms round-trip through ``Action.parse``; cells are ``a1`` .. ``c3``):

- ``keep`` / ``mulligan``      pending mulligan decision (R-1.2, D-6).
- ``summon <card> <cell>``     R-4.2 (then ``use`` / ``skip`` for an on-enter effect, D-8).
- ``move <cell> <cell>``       R-4.4, one per turn.
- ``attack <cell> <cell>``     R-4.5; ``attack <cell> castle`` R-4.6 (one attack per turn).
- ``cast <card> [<cell>]``     R-4.3 with its first target; Warp then asks ``target <cell>``.
- ``flower <i> <effect>``      R-4.7 (power then asks ``target <cell>``).
- ``end``                      ends the main phase; the end phase and the next turn follow.

Decisions beyond the spec:

- QUMASU-RULES-1 A spell's first target is part of ``cast`` (the drop of a spell on a unit is one
  gesture); a cast is legal only when a legal target exists, so a paid spell never fizzles.
  Warp's destination and the flower's +1 target are pending choices.
- QUMASU-RULES-2 The flower effect "untap 1 cost card" is offered only while a cost card is tapped
  (it would do nothing), and "+1 power" only while one of your units is on the battlefield.
- QUMASU-RULES-3 Which cost cards pay is automatic (D-9): seed-side untapped cards first, so flowers
  stay visibly ready; which flower card is used is the player's click (all are identical).
- QUMASU-RULES-4 A unit that leaves the battlefield loses its this-turn bonus; a Saint's +1 counts
  for every orthogonally adjacent Saint of the same owner (bonuses add up).
- QUMASU-RULES-5 ``start_player`` outside 0..1 means random (seeded).  Deck choice: option ``decks``
  = [deck id or None per seat]; None or an unknown id picks one at random (seeded).
- QUMASU-RULES-6 A data file whose deck is too small to deal hand + castle + 1 card is refused.
- QUMASU-RULES-7 With option ``mulligan_look`` (on in ``default_options``, so in every game the setup
  screen starts) a mulligan leaves the decision with the same player, whose only choice is then
  ``keep``: they see the new hand before the device passes on (pass-and-play privacy), and
  R-1.2's "once" holds.  Records without the option (made before issue 27) replay as they were:
  the mulligan itself passed the decision on.
- QUMASU-RULES-8 ``turn_owner`` is ``turn_seat`` once the turns have begun; before the first turn it is
  the seat deciding its mulligan (``turn_seat`` stays 0 then), so the store demo and
  open-hands replays show the deciding seat's hand, as they always did.
- QUMASU-RULES-9 (perf) ``legal_actions`` lists summons from ``effects.summon_cells`` (the cell part of
  ``why_not_summon``, the same for every unit in hand) and the unit's kind and cost: measured
  (issue 29, random playouts) it earns 26% over asking ``why_not_summon`` per card and cell.
  Casts ask ``why_not_cast`` per candidate target (a shortcut earned only 7%).
"""
from __future__ import annotations

import functools

from games.core.engine import Action, ActionTable, Event, GameRules, IllegalAction
from games.core.pending import Pending
from games.core.rng import Stream
from games.qumasu import board as B
from games.qumasu import data as game_data
from games.qumasu import effects, reasons, seen, turn
from games.qumasu.data import QumasuData
from games.qumasu.state import State, owner, successor

ARITY = {"keep": (), "mulligan": (), "summon": (str, str), "move": (str, str),
         "attack": (str, str), "cast": (str,), "target": (str,), "use": (), "skip": (),
         "flower": (int, str), "end": ()}
PENDING_OF = {"keep": "mulligan", "mulligan": "mulligan", "use": "on_enter", "skip": "on_enter",
              "target": ("warp", "bloom")}
COMMIT_EVENTS = {"qumasu.drew", "qumasu.castle_hit", "qumasu.deck_out", "qumasu.mulligan",
                 "qumasu.turn"}


class Rules(GameRules):
    game_id = "qumasu"
    min_players = 2
    max_players = 2
    extra_option_keys = ("decks", "mulligan_look")  # a seat's deck (QUMASU-RULES-5); the new-hand look (QUMASU-RULES-7)
    _successor = staticmethod(successor)  # apply's copy, events left out (state_copy.copier)

    def __init__(self, data: QumasuData | None = None) -> None:
        self._data = data
        self._act = ActionTable()  # shared immutable Actions (bounded by cards x cells)

    @functools.cached_property
    def data(self) -> QumasuData:
        """The data file, read on first use (then a plain attribute: the rules ask often)."""
        return self._data if self._data is not None else game_data.data()

    def card_info(self, card_id: str) -> dict:
        f = self.data.face_of(card_id)
        return {"id": card_id, "face": f.id, "kind": f.kind, "cost": f.cost, "power": f.power,
                "arrows": list(f.arrows), "name": dict(f.name)}

    # --- setup (R-1) ---------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict | None = None) -> State:
        if players != 2:
            raise ValueError("qumasu is played by 2 players")
        options = options or {}
        d = self.data
        if d.deck_size <= d.hand_size + d.castle_size:  # QUMASU-RULES-6
            raise ValueError(f"{d.path}: deck_size must exceed hand_size + castle_size")
        rng = Stream.for_game(seed, options)
        first = options.get("start_player")
        if not (isinstance(first, int) and not isinstance(first, bool) and first in (0, 1)):
            first = rng.randrange(2, "start")  # QUMASU-RULES-5
        s = State(seed, first, self._deck_choice(rng, options), rng=rng, options=dict(options))
        for seat in (0, 1):
            faces = d.deck(s.deck_ids[seat]).face_ids()
            counts: dict[str, int] = {}
            ids = []
            for f in faces:
                counts[f] = counts.get(f, 0) + 1
                ids.append(f"{seat}-{f}-{counts[f]}")
            s.decks.append(turn.shuffle(s, ids))
            s.hands.append([])
            s.castles.append([])
            s.graves.append([])
            s.costs.append([])
        for seat in (first, 1 - first):
            turn.draw(self, s, seat, d.hand_size)
        s.pending = Pending("mulligan", first)
        s.events.append(Event("qumasu.mulligan_turn", {"seat": first}))
        return s

    def default_options(self) -> dict:
        """QUMASU-RULES-7: new games show a mulligan's new hand to its owner (no setup toggle)."""
        return {**super().default_options(), "mulligan_look": True}

    def _deck_choice(self, rng: Stream, options: dict) -> list[str]:
        ids = [deck.id for deck in self.data.decks]
        wanted = options.get("decks") or [None, None]
        out = []
        for seat in (0, 1):
            w = wanted[seat] if isinstance(wanted, (list, tuple)) and len(wanted) > seat else None
            out.append(w if w in ids else rng.choice(ids, "deck", seat))
        return out

    # --- what may be done --------------------------------------------------------------
    def current_player(self, s: State) -> int | None:
        return None if s.over else (s.pending.seat if s.pending else s.turn_seat)

    def turn_owner(self, s: State) -> int | None:
        """QUMASU-RULES-8: the seat whose turn it is; before the first turn, the seat deciding its
        mulligan (the table, the demo and open-hands replays show that seat's side)."""
        if s.over:
            return None
        return s.pending.seat if s.pending and s.pending.kind == "mulligan" else s.turn_seat

    def legal_actions(self, s: State) -> list[Action]:
        if s.over:
            return []
        if s.pending:
            return self._pending_actions(s)
        seat, d, act, names = s.turn_seat, self.data, self._act, B.NAMES
        out: list[Action] = []
        free, cells = effects.untapped(s, seat), None
        for card in s.hands[seat]:
            face = d.face_of(card)
            if face.kind == "unit":  # QUMASU-RULES-9: why_not_summon, its cell part worked out once
                if face.cost <= free:
                    if cells is None:
                        cells = effects.summon_cells(self, s, seat)
                    out += [act("summon", card, names[i]) for i in cells]
            else:
                out += [act("cast", card, *t) for t in effects.spell_candidates(self, card)
                        if effects.why_not_cast(self, s, card, t) is None]
        for i, card in enumerate(s.board):
            if card is None or owner(card) != seat:
                continue
            for arrow in d.face_of(card).arrows:
                j = B.reach(seat, i, arrow)
                if j is not None and effects.why_not_move(self, s, i, j) is None:
                    out.append(act("move", names[i], names[j]))
                if j is not None and effects.why_not_attack(self, s, i, j) is None:
                    out.append(act("attack", names[i], names[j]))
            if effects.why_not_attack(self, s, i, B.CASTLE) is None:
                out.append(act("attack", names[i], B.CASTLE))
        for idx, (flower, _) in enumerate(s.costs[seat]):
            if flower:
                out += [act("flower", idx, f.id) for f in d.flowers
                        if effects.why_not_flower(self, s, idx, f.id) is None]
        out.append(act("end"))
        return out

    def _pending_actions(self, s: State) -> list[Action]:
        kind = s.pending.kind
        act = self._act
        if kind == "mulligan":  # QUMASU-RULES-7: after the mulligan only its new hand may be kept
            return [act("keep")] if s.mulligans[s.pending.seat] else [act("keep"), act("mulligan")]
        if kind == "on_enter":
            return [act("use"), act("skip")]
        return [act("target", B.NAMES[i]) for i in effects.pending_cells(self, s)]

    def explain_illegal(self, s: State, a: Action) -> IllegalAction:
        if a.kind not in ARITY:
            return IllegalAction("qumasu.unknown_action", action=a.kind)
        types = ARITY[a.kind]
        if a.kind == "cast":
            types = types + (str,) * (len(a.args) - 1) if 1 <= len(a.args) <= 2 else types
        if len(a.args) != len(types) or any(not isinstance(v, t) for v, t in zip(a.args, types, strict=True)):
            return IllegalAction("qumasu.bad_args", action=str(a))
        want = PENDING_OF.get(a.kind)
        if s.pending:
            if want is None or s.pending.kind not in (want if isinstance(want, tuple) else (want,)):
                return IllegalAction(f"qumasu.finish_{s.pending.kind}")
        elif want is not None:
            return IllegalAction("qumasu.nothing_pending")
        key = effects.why_not(self, s, a)
        return IllegalAction(key[0], **key[1]) if key else IllegalAction("core.illegal")

    # --- doing it ------------------------------------------------------------------------
    def _apply(self, s: State, a: Action) -> None:
        turn.apply(self, s, a)

    def commits(self, before: State, action: Action, after: State) -> bool:
        """True when ``action`` drew, shuffled, took a castle card or passed the turn."""
        if action.kind in ("keep", "mulligan", "end"):
            return True
        return any(ev.key in COMMIT_EVENTS for ev in after.events)

    # --- results and information -----------------------------------------------------------
    seen = seen  # the game's seen.py: view, outcome, secret_ids, inventory (GameRules)
    reasons = reasons  # the game's reasons.py: why a move is good (GameRules.explain, BOTS-4)

    def event_text(self, key: str, params: dict, lang: str, names: list[str] | None = None) -> str:
        """Card ids (``card``, ``defender``, ``taken``, ``unit``), flower ids and results become words."""
        from games.core.i18n import text_of, tr
        out = dict(params)
        for k in ("defender", "taken", "unit"):
            if isinstance(out.get(k), str):
                try:
                    out[k] = text_of(self.data.face_of(out[k]).name, lang)
                except KeyError:
                    pass
        if isinstance(out.get("effect"), str):
            try:
                out["effect"] = text_of(self.data.flower(out["effect"]).name, lang)
            except StopIteration:
                pass
        for k in ("result", "reason"):
            if isinstance(out.get(k), str):
                out[k] = tr(f"qumasu.{k}_{out[k]}", lang)
        if key == "qumasu.castle_hit" and "taken" in params:
            key = "qumasu.castle_hit_own"
        if key == "qumasu.deck_out" and "card" in params:
            key = "qumasu.deck_out_own"
        if key == "qumasu.mulligan":  # (whether someone took it is public, D-6)
            key = "qumasu.mulligan_taken" if params.get("taken") else "qumasu.mulligan_kept"
        return super().event_text(key, out, lang, names)

    def needs_privacy(self, s: State) -> bool:
        return True


RULES = Rules()
