"""スーマの森 (Suma no Mori): the rules of docs/rules/suma.md.

Actions are listed in moves.py; the flow of a turn is in turn.py, round end and scoring in
scoring.py, map geometry in forest.py, summon conditions in patterns.py, bingo cards in
bingo.py.

Decisions beyond the spec:

- DX-1 After a summon, when no hand card qualifies any more, the action ends by itself
  (there is nothing to choose); otherwise ``done`` ends it (D-4).
- DX-2 Crosses, a privilege's mark and achieves are chosen only when there is a choice:
  with as many unmarked cells of the number as crosses (or fewer), all are marked at once
  and the rest is wasted; a privilege mark with one candidate cell is made at once.
- DX-3 An immediate effect is a pending step whose legal actions are every unit step of
  its remaining parts (``place``, ``remove``, ``mark``), so the holder picks the order
  freely; a part that cannot act stays while another part might make it possible, and the
  effect ends when no part can act (R-3.1 "as far as they can").
- DX-4 ``start_player`` outside 0..players-1 means random (seeded).
- DX-5 A card taken from the market or summoned is known to everybody from then on
  (its suma side was shown); it is not a secret even in a hand or a deck.
- DX-6 Bingo cards are dealt from the seed and the round, so round 2's cards are new.
- DX-7 The auto-mark choice (D-3) is ``bingo.auto_cell``; the table's *Auto-pick* button
  makes it for a person (one click per choice rather than a standing switch).
- DX-8 Each round's summary (``history``) keeps the R-4.1 condition that ended it
  (``reason``: ``supply``, ``all_bingos``, ``map_full`` or ``no_placement``, the first that
  holds in that order), as the ``suma.round_end`` event says it.
"""
from __future__ import annotations

from games.core.engine import Action, GameRules, IllegalAction, Outcome, rank_by
from games.core.rng import rng_for, shuffled
from games.suma import data as game_data, moves, patterns, scoring, seen, turn
from games.suma.data import SumaData
from games.suma.state import SumaState

ARITY = {"start": (str,), "take": (str,), "draw": (str,), "place": (str, str), "privilege": (int,),
         "summon": (str,), "return": (str,), "mark": (int,), "remove": (str,), "done": ()}


class SumaRules(GameRules):
    game_id = "suma"
    min_players = 2
    max_players = 7
    _successor = staticmethod(SumaState.successor)  # apply's clone, events left out

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
    def new_game(self, players: int, seed: int, options: dict | None = None) -> SumaState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"suma is played by {self.min_players}-{self.max_players} players")
        options = options or {}
        d = self.data
        first = options.get("start_player")
        if not (isinstance(first, int) and not isinstance(first, bool) and 0 <= first < players):
            first = rng_for(seed, "start").randrange(players)  # DX-4
        s = SumaState(seed, players, first)
        s.board = [None] * (d.size * d.size)
        s.stock = {i.kind: i.count for i in d.items}
        s.excluded = {k: 0 for k in d.kinds}
        s.squares = [None] * len(d.squares)
        for col in d.colour_ids():
            ids = sorted((c.id for c in d.cards.values() if c.colour == col), key=lambda x: d.card(x).number)
            s.decks[col] = shuffled(ids, seed, "deck", col)
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
    def current_player(self, s: SumaState) -> int | None:
        if s.over:
            return None
        if s.phase in ("mark", "endfx"):
            return moves.mark_seat(s)
        return s.turn_player

    def turn_owner(self, s: SumaState) -> int | None:
        return None if s.over else (s.ended_by if s.phase == "endfx" else s.turn_player)

    def legal_actions(self, s: SumaState) -> list[Action]:
        return moves.legal(self.data, s)

    def explain_illegal(self, s: SumaState, a: Action) -> IllegalAction:
        types = ARITY.get(a.kind)
        if types is None:
            return IllegalAction("suma.unknown_action", action=a.kind)
        if len(a.args) != len(types) or any(not isinstance(v, t) for v, t in zip(a.args, types)):
            return IllegalAction("suma.bad_args", action=str(a))
        key, params = moves.why_not(self.data, s, a)
        return IllegalAction(key, **params)

    def _apply(self, s: SumaState, a: Action) -> None:
        turn.apply(self.data, s, a)

    def commits(self, before: SumaState, action: Action, after: SumaState) -> bool:
        """The engine's reveal test (a draw, a market refill), or another seat acts next."""
        return (super().commits(before, action, after) or action.kind == "draw"
                or self.current_player(after) != self.current_player(before))

    # --- results and information -----------------------------------------------------------
    def outcome(self, s: SumaState) -> Outcome | None:
        if not s.over:
            return None
        keys = scoring.final_keys(s)
        ranking, winners = rank_by(keys)
        tiebreak = None
        if len(ranking) > 1:
            a, b = keys[ranking[0]], keys[ranking[1]]
            if a[0] == b[0]:
                tiebreak = ("suma.tb_bingos" if a[1] != b[1] else
                            "suma.tb_hand" if a[2] != b[2] else "suma.tb_shared")
        breakdown = tuple({**{f"suma.bd_round{h['round']}": h["points"][p] for h in s.history},
                           "suma.bd_bingos": keys[p][1], "suma.bd_hand": -keys[p][2]}
                          for p in range(s.players))
        return Outcome(tuple(s.totals), winners, ranking, breakdown, tiebreak)

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

    def view(self, s: SumaState, seat: int | None) -> dict:
        return seen.view(self, s, seat)

    def secret_ids(self, s: SumaState, seat: int | None) -> set[str]:
        return seen.secret_ids(s, seat)

    def inventory(self, s: SumaState) -> dict[str, int]:
        return seen.inventory(self.data, s)

    def needs_privacy(self, s: SumaState) -> bool:
        """Curtains only before decisions with the hand in view (not for bingo choices)."""
        return s.phase not in ("mark", "endfx", "over")


RULES = SumaRules()
