"""スーマの森 (Suma no Mori): the rules of docs/rules/suma.md.

Actions are listed in moves.py; the flow of a turn is in turn.py, round end and scoring in
scoring.py, map geometry in forest.py, summon conditions in patterns.py, bingo cards in
bingo.py.

Decisions beyond the spec:

- SUMA-RULES-1 After a summon, when no hand card qualifies any more, the action ends by itself
  (there is nothing to choose); otherwise ``done`` ends it (D-4).
- SUMA-RULES-2 Crosses, a privilege's mark and achieves are chosen only when there is a choice:
  with as many unmarked cells of the number as crosses (or fewer), all are marked at once
  and the rest is wasted; a privilege mark with one candidate cell is made at once.
- SUMA-RULES-3 An immediate effect is a pending step whose legal actions are every unit step of
  its remaining parts (``place``, ``remove``, ``mark``), so the holder picks the order
  freely; a part that cannot act stays while another part might make it possible, and the
  effect ends when no part can act (R-3.1 "as far as they can").
- SUMA-RULES-4 ``start_player`` outside 0..players-1 means random (seeded).
- SUMA-RULES-5 A card taken from the market or summoned is known to everybody from then on
  (its suma side was shown); it is not a secret even in a hand or a deck.
- SUMA-RULES-6 Bingo cards are dealt from the seed and the round, so round 2's cards are new.
- SUMA-RULES-7 The auto-mark choice (D-3) is ``bingo.auto_cell``; the table's *Auto-pick* button
  makes it for a person (one click per choice rather than a standing switch).
- SUMA-RULES-8 Each round's summary (``history``) keeps the R-4.1 condition that ended it
  (``reason``: ``supply``, ``all_bingos``, ``map_full`` or ``no_placement``, the first that
  holds in that order), as the ``suma.round_end`` event says it.
- SUMA-RULES-9 Suma has always been dealt by the format-1 generator (one string-seeded
  ``random.Random`` per event), so its stream is the legacy ``Stream`` (``LEGACY_RNG``):
  every record and save made so far replays to the same game.
"""
from __future__ import annotations

from games.core.engine import Action, GameRules, IllegalAction
from games.core.rng import LEGACY_RNG, Stream
from games.suma import data as game_data
from games.suma import moves, patterns, reasons, scoring, seen, state, turn
from games.suma.data import SumaData
from games.suma.state import State

ARITY = {"start": (str,), "take": (str,), "draw": (str,), "place": (str, str), "privilege": (int,),
         "summon": (str,), "return": (str,), "mark": (int,), "remove": (str,), "done": ()}


class Rules(GameRules):
    game_id = "suma"
    min_players = 2
    max_players = 7
    _successor = staticmethod(state.successor)  # apply's copy, events left out (State.COPIED)

    def __init__(self, data: SumaData | None = None) -> None:
        self._data = data

    @property
    def data(self) -> SumaData:
        if self._data is None:
            self._data = game_data.data()
        return self._data

    def prepare(self) -> None:
        """Every card's pattern tables (patterns.py), else built over the first games."""
        d = self.data
        for card in d.cards.values():
            patterns.prepare(card.pattern, d.size)

    # --- setup (R-1) ---------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"suma is played by {self.min_players}-{self.max_players} players")
        options = options or {}
        d = self.data
        rng = Stream.for_game(seed, {LEGACY_RNG: True})  # SUMA-RULES-9
        first = options.get("start_player")
        if not (isinstance(first, int) and not isinstance(first, bool) and 0 <= first < players):
            first = rng.randrange(players, "start")  # SUMA-RULES-4
        s = State(seed, players, first, dict(options), rng)
        s.board = [None] * (d.size * d.size)
        s.stock = {i.kind: i.count for i in d.items}
        s.excluded = {k: 0 for k in d.kinds}
        s.squares = [None] * len(d.squares)
        for col in d.colour_ids():
            ids = sorted((c.id for c in d.cards.values() if c.colour == col), key=lambda x: d.card(x).number)
            s.decks[col] = rng.shuffled(ids, "deck", col)
            s.market[col] = [None] * d.limits["market_per_colour"]
            turn.refill(s, col)
        s.hands = [[] for _ in range(players)]
        s.jobs = [[] for _ in range(players)]
        s.supply = [d.pieces_given - 1] * players
        s.reserve = [d.reserve] * players  # D-1
        s.track = [1] * players
        s.totals = [0] * players
        scoring.setup_round(d, s, first)  # bingo cards, R-1.4 START
        return s

    # --- what may be done --------------------------------------------------------------
    def current_player(self, s: State) -> int | None:
        return None if s.over else (s.pending.seat if s.pending else s.turn_seat)

    def turn_owner(self, s: State) -> int | None:
        return None if s.over else s.turn_seat

    def legal_actions(self, s: State) -> list[Action]:
        return moves.legal(self.data, s)

    def explain_illegal(self, s: State, a: Action) -> IllegalAction:
        types = ARITY.get(a.kind)
        if types is None:
            return IllegalAction("suma.unknown_action", action=a.kind)
        if len(a.args) != len(types) or any(not isinstance(v, t) for v, t in zip(a.args, types, strict=True)):
            return IllegalAction("suma.bad_args", action=str(a))
        key, params = moves.why_not(self.data, s, a)
        return IllegalAction(key, **params)

    def _apply(self, s: State, a: Action) -> None:
        turn.apply(self.data, s, a)

    def commits(self, before: State, action: Action, after: State) -> bool:
        """The engine's reveal test (a draw, a market refill), or another seat acts next."""
        return (super().commits(before, action, after) or action.kind == "draw"
                or self.current_player(after) != self.current_player(before))

    # --- results and information -----------------------------------------------------------
    seen = seen  # the game's seen.py: view, outcome, secret_ids, inventory (GameRules)
    reasons = reasons  # the game's reasons.py: why a move is good (GameRules.explain, BOTS-4)

    def event_text(self, key: str, params: dict, lang: str, names: list[str] | None = None) -> str:
        """Item kinds, colours, cells and reasons become words; card ids become colour + number."""
        from games.core.i18n import text_of, tr
        d = self.data
        out = dict(params)
        if isinstance(out.get("kind"), str) and out["kind"] in d.kinds:
            out["kind"] = d.item(out["kind"]).symbol
        if isinstance(out.get("colour"), str):
            out["colour"] = next((text_of(n, lang) for c, _, n in d.colours if c == out["colour"]), out["colour"])
        if isinstance(out.get("card"), str) and out["card"] in d.cards:
            c = d.card(out["card"])
            out["card"] = f"{next(text_of(n, lang) for cid, _, n in d.colours if cid == c.colour)} {c.number}"
        if isinstance(out.get("cell"), int):
            from games.suma.state import cell_name
            out["cell"] = cell_name(out["cell"], d.size)
        if key == "suma.drew" and "card" not in params:
            key = "suma.drew_public"
        if isinstance(out.get("reason"), str):
            out["reason"] = tr(f"suma.end_{out['reason']}", lang)
        return super().event_text(key, out, lang, names)

    def needs_privacy(self, s: State) -> bool:
        """Curtains only before decisions with the hand in view (not for bingo choices)."""
        return not s.over and not (s.pending and s.pending.kind in ("mark", "endfx"))


RULES = Rules()
