"""BRUJAS DEL SABADO rules (spec: docs/rules/brujas.md, R-x.y and D-n).

A game is a sequence of tricks.  Each trick has three steps with their own legal actions:
the ordinary turns (every seat plays a card, clockwise from the leader: ``play g3a``), then
two pending choices (state.py's table): ``witch`` (the winner moves the witch of the
winning colour: ``witch up`` / ``witch down``) and ``pick``, the draft (from the winner
clockwise, each seat takes one trick card: ``take g3a``).
The pure rule steps (what may be played, what sets the lead, who wins, scoring) live in
``tricks.py``; the components come from ``data/brujas.yaml`` through ``data.py``.

Decisions beyond the spec (BRUJAS-RULES-n), each with its reason:

- BRUJAS-RULES-1 R-2.4 "that card cannot win" needs no extra bookkeeping: only cards matching the
  lead compete (R-2.5, R-2.6), and a card that could not follow never matches the lead
  (before the lead is set it matches neither attribute of the 1st card, afterwards it
  lacks the lead's attribute).  Cards of the lead played *before* the lead was set do
  compete: 1st green 3, 2nd green 3 (identical), 3rd yellow 3 sets the lead "3" and the
  three 3s compete by witch order (the rulebook: "the cards on the table are compared").
- BRUJAS-RULES-2 R-2.7 applies to both leads: with a colour lead two copies of the highest number,
  with a number lead two copies of the best colour -> the later one wins.
- BRUJAS-RULES-3 R-2.2 allows a card identical to the 1st (the rulebook says so explicitly); it
  does not set the lead (R-2.3), so the next player is still bound by the 1st card.
- BRUJAS-RULES-4 The witch move is a pending choice even when only one direction is legal (a witch
  at either end): it is the winner's compulsory move and the table should see it made.
  "up" means towards the highest score card.
- BRUJAS-RULES-5 The last card of a trick goes to the last player of the draft automatically (no
  choice is left); its event carries ``auto: True`` so the UI can still animate it.
- BRUJAS-RULES-6 Scoring uses the witch order after the last trick's witch move (the rulebook's
  Step 4 follows Steps 2-3).  R-4.1 ties between colours use that order too.  The live
  score preview in the view applies the same formulas to the piles and witches of now.
- BRUJAS-RULES-7 R-4.2: a kind (colour, D-1) nobody has captured scores nobody (only possible in previews).
- BRUJAS-RULES-8 The deal shuffles the deck with the game's stream (``"deal"``) and gives seats 0..n-1
  consecutive blocks (equivalent to dealing round the table); the leftover (3 players)
  goes to the box unseen.  The initial witch order uses the salt ``"witches"`` and
  a random start player ``"start"`` (games/core/rng.py).  Hands are kept in deck order
  (colour, number, copy).  An out-of-range ``start_player`` raises ValueError.
- BRUJAS-RULES-9 During the draft, ``current_player`` and ``turn_owner`` are the seat picking now
  (``turn_seat`` follows the pending choice's seat);
  the draft and the witch move need no privacy curtain (only public information).
- BRUJAS-RULES-10 ``check_seat`` lets a UI ask "may *this* seat do that?" so a card dropped on the
  wrong pile gets the reason ``brujas.not_your_pick`` (actions themselves carry no seat).
- BRUJAS-RULES-11 (perf) Pending choices are shared values (``_pending``): equal ones are one object,
  made on first use, instead of a new frozen dataclass (~0.6 us) per pick.  Measured on
  random 4-player playouts (CPU, median of 5, one run): 159-160k actions/s without it,
  167-173k with it, 194-198k before issue 29 (its pending-free state): it keeps the engine
  within 15% of that figure.
"""
from __future__ import annotations

from typing import Any

from games.brujas import reasons, seen, tricks
from games.brujas.data import BrujasData, data
from games.brujas.state import State, TrickRecord, successor
from games.core.engine import (
    Action,
    ActionTable,
    Event,
    GameRules,
    IllegalAction,
)
from games.core.i18n import text_of, tr
from games.core.pending import Pending
from games.core.rng import Stream

ACTION_OF = {None: "play", "witch": "witch", "pick": "take"}  # pending kind -> its action kind
NOW_KEY = {None: "brujas.now_play", "witch": "brujas.now_witch", "pick": "brujas.now_draft"}


class _Tables:
    """What the rules read on every action, built from the data on first use."""

    def __init__(self, game_data: BrujasData) -> None:
        self.data = game_data
        self.keys = {c.id: (c.colour, c.number) for c in game_data.cards}
        self.order = {c.id: c.index for c in game_data.cards}
        act = ActionTable()  # shared immutable Actions, built once per card / direction
        self.plays = {c.id: act("play", c.id) for c in game_data.cards}
        self.takes = {c.id: act("take", c.id) for c in game_data.cards}
        self.witch = {d: act("witch", d) for d in ("up", "down")}
        self.pendings: dict[tuple, Pending] = {}  # BRUJAS-RULES-11: each pending choice made once


class Rules(GameRules):
    """The rulebook as a GameRules: one method per rule step."""

    game_id = "brujas"
    _successor = staticmethod(successor)  # apply's copy, events left out (state_copy.copier)
    has_secrets = True

    def __init__(self, game_data: BrujasData | None = None) -> None:
        self._data = game_data
        self._t: _Tables | None = None  # built on first use (_tables): no loading at import

    def _tables(self) -> _Tables:
        if self._t is None:
            self._t = _Tables(self._data if self._data is not None else data())
        return self._t

    def _pending(self, *fields: Any) -> Pending:
        """BRUJAS-RULES-11 (perf): a Pending is an immutable value, so equal ones are one shared object,
        made on first use (a frozen dataclass costs ~0.6 us to build; a pick makes one)."""
        known = (self._t or self._tables()).pendings
        p = known.get(fields)
        if p is None:
            p = known[fields] = Pending(*fields)
        return p

    @property
    def data(self) -> BrujasData:
        return (self._t or self._tables()).data

    @property
    def keys(self) -> dict:
        """Card id -> (colour, number)."""
        return (self._t or self._tables()).keys

    @property
    def order(self) -> dict:
        """Card id -> its position in the deck order."""
        return (self._t or self._tables()).order

    @property
    def min_players(self) -> int:  # type: ignore[override]
        return self.data.deal[0][0]

    @property
    def max_players(self) -> int:  # type: ignore[override]
        return self.data.deal[-1][0]

    # --- setup (R-1) ----------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict | None = None) -> State:
        size = self.data.hand_size(players)  # ValueError for a wrong player count
        rng = Stream.for_game(seed, options)
        deck = rng.shuffled([c.id for c in self.data.cards], "deal")
        hands = [sorted(deck[i * size:(i + 1) * size], key=self.order.__getitem__)
                 for i in range(players)]
        witches = rng.shuffled(self.data.colour_ids, "witches")
        start = self._start_player(players, rng, options or {})
        return State(players, seed, hands, deck[players * size:], witches,
                     [[] for _ in range(players)], leader=start, turn_seat=start,
                     options=dict(options or {}), rng=rng)

    @staticmethod
    def _start_player(players: int, rng: Stream, options: dict) -> int:
        start = options.get("start_player")
        if start is None or start == -1:
            return rng.randrange(players, "start")
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players:
            raise ValueError(f"start_player must be a seat 0-{players - 1} or -1, got {start!r}")
        return start

    # --- turn structure -------------------------------------------------------------------
    def current_player(self, s: State) -> int | None:
        return None if s.over else (s.pending.seat if s.pending else s.turn_seat)

    def turn_owner(self, s: State) -> int | None:
        return None if s.over else s.turn_seat  # BRUJAS-RULES-9: the picker during the draft

    def needs_privacy(self, s: State) -> bool:
        return not s.over and s.pending is None  # BRUJAS-RULES-9

    def legal_cards(self, s: State) -> list[str]:
        """R-2.1/2.2/2.4: the acting seat's cards that may be played now."""
        if s.over or s.pending is not None:
            return []
        first = s.trick[0][1] if s.trick else None
        return tricks.playable(s.hands[s.turn_seat], first, s.lead, self.keys)

    def legal_actions(self, s: State) -> list[Action]:
        if s.over:
            return []
        t = self._t or self._tables()
        p = s.pending
        if p is None:
            plays = t.plays
            return [plays[c] for c in self.legal_cards(s)]
        if p.kind == "witch":
            return [t.witch[d] for d in p.offers]
        takes = t.takes
        return [takes[c] for c in sorted(s.table, key=t.order.__getitem__)]

    def check_seat(self, s: State, seat: int, a: Action) -> None:
        """BRUJAS-RULES-10: like ``check``, but also refuses an action by a seat whose turn it is not."""
        acting = self.current_player(s)
        if acting is not None and seat != acting:
            key = "brujas.not_your_pick" if s.pending and s.pending.kind == "pick" else "core.not_your_turn"
            raise IllegalAction(key, seat=acting)
        self.check(s, a)

    def explain_illegal(self, s: State, a: Action) -> IllegalAction:
        if s.over:
            return IllegalAction("core.game_over")
        explain = {"play": self._why_not_play, "witch": self._why_not_witch,
                   "take": self._why_not_take}.get(a.kind)
        if explain is None:
            return IllegalAction("brujas.unknown_action", action=str(a)[:40])
        kind = s.pending.kind if s.pending else None
        if a.kind != ACTION_OF[kind]:
            return IllegalAction(NOW_KEY[kind], seat=self.current_player(s))
        if len(a.args) != 1:
            return IllegalAction("brujas.bad_action", action=str(a)[:40])
        return explain(s, a.args[0])

    def _why_not_play(self, s: State, card: Any) -> IllegalAction:
        if card not in s.hands[s.turn_seat]:
            return IllegalAction("brujas.not_in_hand", card=str(card)[:12])
        if s.lead is None:
            colour, number = self.keys[s.trick[0][1]]
            return IllegalAction("brujas.must_match_first", colour=colour, number=number)
        kind, value = s.lead
        if kind == "colour":
            return IllegalAction("brujas.must_follow_colour", colour=value)
        return IllegalAction("brujas.must_follow_number", number=value)

    def _why_not_witch(self, s: State, direction: Any) -> IllegalAction:
        colour = self.keys[s.winning_card][0]
        if direction == "up":
            return IllegalAction("brujas.witch_at_top", colour=colour,
                                 score=self.data.score_cards[0])
        if direction == "down":
            return IllegalAction("brujas.witch_at_bottom", colour=colour,
                                 score=self.data.score_cards[-1])
        return IllegalAction("brujas.bad_direction", direction=str(direction)[:12])

    def _why_not_take(self, s: State, card: Any) -> IllegalAction:
        return IllegalAction("brujas.not_on_table", card=str(card)[:12])

    # --- applying actions ---------------------------------------------------------------
    def _apply(self, s: State, a: Action) -> None:
        if a.kind == "play":
            self._play_card(s, a.args[0])
        elif a.kind == "witch":
            self._move_witch(s, a.args[0])
        else:
            self._take_card(s, s.pending.seat, a.args[0], auto=False)

    def _play_card(self, s: State, card: str) -> None:
        """R-2.1 to R-2.4: play a card; the first single match sets the lead."""
        seat, keys = s.turn_seat, self.keys
        first = s.trick[0][1] if s.trick else None
        rule = tricks.requirement(first, s.lead, keys)
        followed = rule is None or rule(card)
        s.hands[seat].remove(card)
        s.trick.append((seat, card))
        s.table.append(card)
        new_lead = tricks.lead_set_by(first, card, keys) if first and s.lead is None else None
        s.events.append(Event("brujas.card_played", {"seat": seat, "card": card,
                                                     "followed": followed,
                                                     "sets_lead": new_lead is not None}))
        if new_lead:
            s.lead = new_lead
            s.events.append(Event("brujas.lead_set", {"seat": seat, **self.lead_params(new_lead)}))
        if len(s.trick) < s.players:
            s.turn_seat = (seat + 1) % s.players
            s.turn += 1
        else:
            self._end_of_trick(s)

    def _end_of_trick(self, s: State) -> None:
        """R-2.5 to R-2.8: find the winner, who then moves a witch (R-3.1)."""
        keys = self.keys
        i = tricks.winning_index([c for _, c in s.trick], s.lead, s.witches, keys)
        winner, card = s.trick[i]
        s.trick_winner, s.winning_card = winner, card
        s.events.append(Event("brujas.trick_won", {"seat": winner, "card": card,
                                                   **self.lead_params(s.lead)}))
        offers = tuple(tricks.witch_directions(s.witches, keys[card][0]))
        s.pending = self._pending("witch", winner, card, offers)  # BRUJAS-RULES-4
        s.turn_seat = winner

    def _move_witch(self, s: State, direction: str) -> None:
        """R-3.1: swap the winning colour's witch with its neighbour above or below."""
        colour = self.keys[s.winning_card][0]
        s.witches = s.witches[:]  # a new list: the state shares it with its parent (state.py)
        old, new = tricks.move_witch(s.witches, colour, direction)
        s.witch_move = (colour, old, new)
        scores = self.data.score_cards
        s.events.append(Event("brujas.witch_moved", {
            "seat": s.trick_winner, "colour": colour, "direction": direction,
            "from_score": scores[old], "to_score": scores[new], "other": s.witches[old]}))
        s.pending = self._pending("pick", s.trick_winner, s.winning_card)  # the winner first

    def _take_card(self, s: State, seat: int, card: str, auto: bool) -> None:
        """R-3.2: the seat takes a trick card into its public pile; clockwise next."""
        s.table.remove(card)
        s.captured[seat].append(card)
        s.picks.append((seat, card))
        s.events.append(Event("brujas.card_drafted", {"seat": seat, "card": card, "auto": auto}))
        nxt = (seat + 1) % s.players
        s.pending = self._pending("pick", nxt, s.winning_card)
        s.turn_seat = nxt  # BRUJAS-RULES-9
        if len(s.table) == 1:  # BRUJAS-RULES-5
            self._take_card(s, nxt, s.table[0], auto=True)
        elif not s.table:
            self._next_trick(s)

    def _next_trick(self, s: State) -> None:
        """R-3.3: the winner leads the next trick; empty hands end the game."""
        s.history = [*s.history, TrickRecord(s.trick[0][0], tuple(s.trick), s.lead, s.trick_winner,
                                             s.winning_card, s.witch_move, tuple(s.picks))]
        s.leader = s.turn_seat = s.trick_winner
        s.trick, s.table, s.picks = [], [], []
        s.lead = s.trick_winner = s.winning_card = s.witch_move = s.pending = None
        if any(s.hands):
            s.turn += 1
            return
        s.over, s.end_reason = True, "tricks"
        result = self.outcome(s)
        s.winners = tuple(result.winners)
        s.events.append(Event("brujas.game_end", {"winners": list(result.winners),
                                                  "scores": list(result.scores)}))

    # --- scoring (R-4) ----------------------------------------------------------------------
    def score_parts(self, s: State) -> list[tuple[int, int]]:
        """Per seat (witch points, majority points) as if the game ended now."""
        witch = [tricks.witch_points(p, s.witches, self.data.score_cards, self.keys)
                 for p in s.captured]
        d = self.data
        majority = tricks.majority_points(s.captured, d.majority_kinds, d.majority_attr,
                                          d.majority_points, self.keys)
        return list(zip(witch, majority, strict=True))

    # --- information (seen.py) ------------------------------------------------------------
    seen = seen  # the game's seen.py: view, outcome, secret_ids, inventory (GameRules)
    reasons = reasons  # the game's reasons.py: why a move is good, one line (BOTS-4)

    def card_info(self, card_id: str) -> dict:
        """Everything needed to draw a card from its id."""
        card = self.data.by_id[card_id]
        colour = self.data.colour(card.colour)
        return {"id": card.id, "colour": card.colour, "number": card.number, "copy": card.copy,
                "letter": colour.letter.upper(), "glyph": colour.glyph, "rgb": list(colour.rgb),
                "colour_name": dict(colour.name), "animal": dict(colour.animal),
                "label": {"ja": f"{colour.name['ja']}{card.number}",
                          "en": f"{colour.name['en']} {card.number}"}}

    @staticmethod
    def lead_params(lead: tuple | None) -> dict:
        if lead is None:
            return {"kind": None, "value": None}
        return {"kind": lead[0], "value": lead[1]}

    # --- text helpers for the UI and logs ------------------------------------------------
    def localize(self, params: dict, lang: str, seat_names: list[str] | None = None) -> dict:
        """Event/reason params with colour ids, card ids and seats turned into names."""
        out = dict(params)
        if "colour" in out and out["colour"] in self.data.colour_ids:
            out["colour"] = text_of(self.data.colour(out["colour"]).name, lang)
        if "other" in out and out["other"] in self.data.colour_ids:
            out["other"] = text_of(self.data.colour(out["other"]).name, lang)
        if out.get("kind") == "colour" and out.get("value") in self.data.colour_ids:
            out["value"] = text_of(self.data.colour(out["value"]).name, lang)
        if "card" in out and out["card"] in self.data.by_id:
            out["card"] = self.card_info(out["card"])["label"][lang]
        if "direction" in out:
            out["direction"] = tr(f"brujas.direction_{out['direction']}", lang)
        seat = out.get("seat")
        if seat_names is not None and isinstance(seat, int) and 0 <= seat < len(seat_names):
            out["seat"] = seat_names[seat]
        return out

    def text(self, key: str, params: dict, lang: str, seat_names: list[str] | None = None) -> str:
        """Translated text of an event or an IllegalAction, names filled in."""
        if key in ("brujas.lead_set", "brujas.trick_won"):
            key = f"{key}_{params.get('kind') or 'none'}"
        elif key == "brujas.card_played" and params.get("followed") is False:
            key = "brujas.card_played_off"
        elif key == "brujas.card_drafted" and params.get("auto"):
            key = "brujas.card_drafted_auto"
        return tr(key, lang, **self.localize(params, lang, seat_names))

    def event_text(self, key: str, params: dict, lang: str, names: list[str] | None = None) -> str:
        """The engine's text hook (the play scene uses it for events and reasons)."""
        return self.text(key, params, lang, names)

    def lead_text(self, lead: dict | None, lang: str) -> str:
        """ "Lead: green" / "Lead: 3" / "Lead not set yet" from a view's ``lead``."""
        if not lead:
            return tr("brujas.lead_none", lang)
        if lead["kind"] == "colour":
            return tr("brujas.lead_colour", lang,
                      colour=text_of(self.data.colour(lead["value"]).name, lang))
        return tr("brujas.lead_number", lang, number=lead["value"])


RULES = Rules()
