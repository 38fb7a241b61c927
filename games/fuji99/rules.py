"""Fuji 99 (富士山地下99階) rules: the engine contract over the turn steps in ``turn.py``.

Spec: docs/rules/fuji99.md (R-x.y rules, D-n decisions).  Data: data/fuji99.yaml.

Actions (text forms):
    draw <N>        R-2.1: draw N cubes blind (N from 5 to the bag size; whole bag if < 5)
    use <card_id>   R-2.6: use a hand card, paying its cost with this draw's yellow cubes
    discover        R-2.7: end the ability step: draw a Fuji card, then the crisis check
    again | stop    R-2.9: draw again, or stop and move the pawn to the token
    give <card_id>  R-2.9: the pagoda runs short at stop: one clear cube onto this card

Events (``fuji99.<key>``; ``seat``/``target`` are seats, ``card`` a card id, or a kind id
when that card went back into the deck within the same action):
    turn_start {seat, turn}  rocks_active {seat, count, reds}  drew {seat, n, clear, yellow,
    red, order}  red_bust {seat, reds, lost}  moved {seat, steps, bonus, from, to}
    yellow_taken {seat, space}  card_used {seat, card, cost, clear}  effect_advance {seat,
    card, steps, from, to}  effect_return_red {seat, card, count}  effect_add_clear {seat,
    card, count}  effect_none {seat, card}  card_drawn {seat, card, why: discover|company}
    deck_reshuffled {count}  deck_empty {seat}  company {seat, card}  rock_falls {seat,
    target, card}  rock_missed {seat, card}  rocks_discarded {seat, count}  crisis_bust
    {seat, total, cards, cubes, lost}  again {seat}  pagoda_short {seat, available, needed}
    clear_placed {seat, card, count}  stopped {seat, from, to}  reached_goal {seat, story}

Decisions beyond the spec (FUJI99-RULES-n):
- FUJI99-RULES-1 "One rank above" (R-4.4) is the nearest pawn *strictly* ahead of the token; pawns
  level with the token do not count.  No pawn strictly ahead (1st, or tied 1st): nothing
  happens, not even 猛追's +5.  Why: the rulebook moves you "to the player above you".
- FUJI99-RULES-2 With 2 players 追走/猛追 always advance ``two_players_steps`` (10) and then
  ``then_steps`` (猛追: +5, so 15), even when leading.  Why: the rulebook replaces the
  effect outright for 2 players ("上記の効果は使えず、10マス進む").
- FUJI99-RULES-3 A 落石 taken by the player whose turn it is (their token leads) waits for their
  *next* turn, as for anyone else; it counts as its reds during that whole turn and is
  discarded when that turn ends (stop or bust).  Why: "次のターン中" (R-4.3).
- FUJI99-RULES-4 The ability step is skipped when it starts with no hand card that can be paid
  for: the discover step follows in the same action (``discover`` would be the only legal
  action; a forced move costs the player a click and bots a step).  After a card use it
  always waits for ``discover``, even when nothing more can be paid: the Fuji card drawn
  is random, and a use can be taken back until that draw (the undo policy, issue 27).
- FUJI99-RULES-5 Pagoda short at stop: the player places the remaining cubes one at a time with
  ``give <card>`` (a card takes at most its ④); when only one card can still take cubes,
  the rest goes there automatically; an empty pagoda places nothing.
- FUJI99-RULES-6 The discard pile is reshuffled into the deck only when a card must be drawn and the
  deck is empty, also in the middle of a 道連れ chain; a 道連れ being resolved is on the
  table (not in the discard pile) until its chain ends.
- FUJI99-RULES-7 Deck and discard pile both empty: the draw is skipped (event ``deck_empty``).
- FUJI99-RULES-8 ``draw N`` above the bag size is refused (``draw_more_than_bag``) instead of being
  capped silently, so a player always knows how many cubes they drew; if the bag holds
  fewer than 5 cubes the only legal draw is the whole bag (R-2.1).
- FUJI99-RULES-9 A red bust returns every cube (drawn, sheet reds, paid yellows) to the bag at the
  end of the turn (R-2.10); yellow cubes taken on 20/50 stay in the bag (R-2.4).  A crisis
  bust sends the discarded hand's clear cubes back to the pagoda (R-2.8).
- FUJI99-RULES-10 Options: seat colours follow seat order (a valid ``colours`` list overrides);
  missing or unknown ``stories`` entries are picked from the seed; an invalid
  ``start_player`` means random (the stream's ``randrange(players, "start")``).
- FUJI99-RULES-11 The winner's pawn is put on 99.  Scores are pawn positions; the ranking puts the
  winner first, then by position (ties in seat order, for display only).
- FUJI99-RULES-12 During a turn the current player's race position is the token, not the pawn
  (落石's leader, rank above).  Why: "1位のプレイヤー（移動用駒、目も含む）".
- FUJI99-RULES-13 お祓い's red cube goes back into the bag, so it may be drawn again after "again".
- FUJI99-RULES-14 健脚 (continuous, cost 0) may be used: it is discarded and its clear cubes go to
  the bag, nothing else (R-4.6).  Immediate cards never stay in hand (D-2).
- FUJI99-RULES-15 Each card move is its own movement (猛追's +5 is a second one): yellow spaces and
  99 apply to each (R-2.6).  An effect that cannot happen still discards the card (R-4.1).
- FUJI99-RULES-16 Cards drawn by other players during 道連れ resolve like any draw: 落石 goes to the
  leader, a second 道連れ chains (everyone else, the current player included, draws, then
  its drawer).  Only the current player's hand is checked for a crisis (R-2.8).
- FUJI99-RULES-17 The risk helper's crisis chance is exact for the whole discover step (道連れ chains
  and reshuffles included, see odds.py); its bust chances are for the next draw (after
  "again" when asked mid-turn).
- FUJI99-RULES-18 An event naming a card that went back into the face-down deck within the same
  action (used, then reshuffled at the discover step) names its kind ("advance"), not its
  id, so no view ever names a face-down card (``secret_ids``).
- FUJI99-RULES-19 Records made before FUJI99-RULES-4 changed (a use of the last payable card drew the Fuji
  card in the same action) still replay: in an ability step that only waits for
  ``discover`` (no card can be paid), an action of the steps after it (``again``,
  ``stop``, ``give``, the next player's ``draw``) is taken as ``discover`` followed by
  it, and is legal when it is legal after the discover (its events are both steps').
  ``legal_actions`` never offers it, so people and bots always see the draw as a step.
"""
from __future__ import annotations

from games.core.engine import Action, ActionTable, GameRules, IllegalAction, OptionSpec
from games.core.i18n import text_of, tr
from games.fuji99 import data as game_data
from games.fuji99 import reasons, seen, turn
from games.fuji99.data import Fuji99Data
from games.fuji99.state import ABILITY, DECIDE, DRAW, GIVE, YELLOW, State, successor

_ACT = ActionTable()  # every Fuji action built once and shared (issue 13)
_AFTER_DISCOVER = frozenset(("again", "stop", "give", "draw"))  # FUJI99-RULES-19
_DRAWS: dict[tuple[int, int], tuple] = {}  # (fewest, most) cubes -> the draw actions


class Rules(GameRules):
    """富士山地下99階: draw cubes from your bag, use Fuji cards, race to floor 99."""

    game_id = "fuji99"
    has_secrets = False
    extra_option_keys = ("colours", "stories")  # a seat's colour and story book
    _successor = staticmethod(successor)  # apply's copy, events left out (state_copy.copier)

    def __init__(self, data: Fuji99Data | None = None) -> None:
        self._data = data

    @property
    def data(self) -> Fuji99Data:
        """The data file (data/fuji99.yaml unless given), read on first use."""
        d = self._data
        if d is None:
            d = self._data = game_data.data()
        return d

    @property
    def min_players(self) -> int:  # type: ignore[override]
        return self.data.min_players

    @property
    def max_players(self) -> int:  # type: ignore[override]
        return self.data.max_players

    # --- setup ---------------------------------------------------------------------------------
    def option_specs(self) -> list[OptionSpec]:
        return [OptionSpec("risk_helper", "fuji99.option_risk_helper", "bool", True)]

    def new_game(self, players: int, seed: int, options: dict | None = None) -> State:
        return turn.setup(self.data, players, seed, {**self.default_options(), **(options or {})})

    # --- turn structure ----------------------------------------------------------------------------
    def current_player(self, s: State) -> int | None:
        return None if s.over else (s.pending.seat if s.pending else s.turn_seat)

    def turn_owner(self, s: State) -> int | None:
        return None if s.over else s.turn_seat

    def legal_actions(self, s: State) -> list[Action]:
        act = _ACT  # shared immutable Actions
        kind = s.pending.kind if s.pending else None
        if kind == DRAW:
            lo, hi = turn.draw_range(s, self.data)
            draws = _DRAWS.get((lo, hi))
            if draws is None:  # at most (bag size)^2 lists of shared actions: a few KB
                draws = _DRAWS[(lo, hi)] = tuple(act("draw", n) for n in range(lo, hi + 1))
            return list(draws)
        if kind == ABILITY:
            return [act("use", c) for c in turn.usable_cards(s, self.data)] + [act("discover")]
        if kind == DECIDE:
            return [act("again"), act("stop")]
        if kind == GIVE:
            due = dict(s.pending.more)
            return [act("give", c) for c in s.hands[s.turn_seat] if c in due]
        return []

    def explain_illegal(self, s: State, a: Action) -> IllegalAction:
        """The specific reason ``a`` is refused (keys in data/i18n/fuji99.yaml)."""
        explain = _EXPLAIN.get(a.kind)
        if explain is None:
            return IllegalAction("fuji99.unknown_action", action=a.kind)
        return explain(self, s, a) or IllegalAction("core.illegal")

    def _why_draw(self, s: State, a: Action) -> IllegalAction | None:
        if _stage(s) != DRAW:
            return IllegalAction("fuji99.not_draw_step", phase=_stage(s))
        if len(a.args) != 1 or not isinstance(a.args[0], int):
            return IllegalAction("fuji99.draw_needs_number")
        lo, hi = turn.draw_range(s, self.data)
        if a.args[0] < lo:
            return IllegalAction("fuji99.draw_too_few", min=lo, n=a.args[0])
        if a.args[0] > hi:
            return IllegalAction("fuji99.draw_more_than_bag", n=a.args[0], bag=hi)
        return None

    def _held_card(self, s: State, a: Action, phase: str, wrong_phase: str) -> str | IllegalAction:
        """The card argument of ``a`` if it is in hand during ``phase``, else why not."""
        card = self._card_arg(a)
        if isinstance(card, IllegalAction):
            return card
        if _stage(s) != phase:
            return IllegalAction(wrong_phase, phase=_stage(s))
        if card not in s.hands[s.turn_seat]:
            return IllegalAction("fuji99.card_not_in_hand", card=card)
        return card

    def _why_use(self, s: State, a: Action) -> IllegalAction | None:
        card = self._held_card(s, a, ABILITY, "fuji99.use_outside_ability")
        if isinstance(card, IllegalAction):
            return card
        cost = self.data.kind(card).cost
        if cost > s.tray[YELLOW]:
            return IllegalAction("fuji99.not_enough_yellow", card=card, needs=cost, has=s.tray[YELLOW])
        return None

    def _why_step(self, s: State, a: Action) -> IllegalAction | None:
        if a.kind == "discover" and _stage(s) != ABILITY:
            return IllegalAction("fuji99.discover_outside_ability", phase=_stage(s))
        if a.kind in ("again", "stop") and _stage(s) != DECIDE:
            return IllegalAction("fuji99.decide_outside_step", phase=_stage(s))
        if a.args:
            return IllegalAction("fuji99.no_arguments", action=a.kind)
        return None

    def _why_give(self, s: State, a: Action) -> IllegalAction | None:
        card = self._held_card(s, a, GIVE, "fuji99.give_outside_step")
        if isinstance(card, IllegalAction):
            return card
        return IllegalAction("fuji99.give_card_full", card=card)

    def _card_arg(self, a: Action) -> str | IllegalAction:
        if len(a.args) != 1:
            return IllegalAction("fuji99.card_needed", action=a.kind)
        card = str(a.args[0])
        if card not in self.data.kind_of:
            return IllegalAction("fuji99.unknown_card", card=card)
        return card

    def check(self, s: State, a: Action) -> None:
        """``GameRules.check``, plus an older record's use of the last payable card (FUJI99-RULES-19)."""
        if a.kind in _AFTER_DISCOVER and self._waits_for_discover(s):
            return super().check(self.apply(s, _ACT("discover")), a)
        return super().check(s, a)

    def _waits_for_discover(self, s: State) -> bool:
        """An ability step after a use with no card left to pay for (FUJI99-RULES-4, FUJI99-RULES-19)."""
        return _stage(s) == ABILITY and not turn.usable_cards(s, self.data)

    def _apply(self, s: State, a: Action) -> None:
        d = self.data
        if a.kind in _AFTER_DISCOVER and self._waits_for_discover(s):
            turn.step_discover(s, d)  # FUJI99-RULES-19: an older record's implicit discover (checked in ``check``)
        if a.kind == "draw":
            turn.step_draw(s, d, a.args[0])
        elif a.kind == "use":
            turn.step_use(s, d, a.args[0])
        elif a.kind == "discover":
            turn.step_discover(s, d)
        elif a.kind == "again":
            turn.step_again(s, d)
        elif a.kind == "stop":
            turn.step_stop(s, d)
        elif a.kind == "give":
            turn.step_give(s, d, a.args[0])

    # --- results and information ----------------------------------------------------------------------
    seen = seen  # the game's seen.py: view, outcome, secret_ids, inventory (GameRules)
    reasons = reasons  # the game's reasons.py: why a move is good, one line (BOTS-4)

    def view_events(self, s: State, seat: int | None) -> list:
        """``view(s, seat)["events"]`` without the rest (games/app/gamelog.py)."""
        return seen._view_events(s, self.data, seat)

    def needs_privacy(self, s: State) -> bool:
        return False

    # --- data for the table ----------------------------------------------------------------------
    def card_info(self, card_id: str) -> dict:
        """Everything needed to draw a Fuji card face (the effect text is i18n keys).

        Accepts a card id ("advance-1") or a kind id ("advance", as events name a card that
        went back into the deck); KeyError for anything else.
        """
        k = self.data.kind(card_id)
        return {"id": card_id, "kind": k.id, "name": dict(k.name), "cost": k.cost, "value": k.value,
                "copies": k.copies, "clear": k.clear, "timing": k.timing,
                "timing_key": f"fuji99.timing_{k.timing}",
                "effects": [e.as_dict() for e in k.effects],
                "text": [_effect_text(e) for e in k.effects]}

    def stories(self) -> list[dict]:
        """The story books to choose from: title and cover only (R-1.1)."""
        return [{"id": st.id, "title": dict(st.title), "cover": dict(st.cover)} for st in self.data.stories]

    def story(self, story_id: str) -> dict:
        """A story book with its story, for the winner (R-2.5)."""
        st = self.data.story(story_id)
        return {"id": st.id, "title": dict(st.title), "cover": dict(st.cover), "story": dict(st.story)}

    def localize_params(self, params: dict, lang: str) -> dict:
        """Event/reason params with card ids and story ids turned into names in ``lang``."""
        out = dict(params)
        if "card" in out:
            try:
                out["card"] = text_of(self.data.kind(str(out["card"])).name, lang)
            except KeyError:
                pass
        if "story" in out:
            try:
                out["story"] = text_of(self.data.story(out["story"]).title, lang)
            except KeyError:
                pass
        if "phase" in out:
            out["phase"] = tr(f"fuji99.phase_{out['phase']}", lang)
        return out

    def event_text(self, key: str, params: dict, lang: str, names: list[str] | None = None) -> str:
        """An event or reason as text: seats become ``names`` (or "P1"...), cards their names."""
        out = self.localize_params(params, lang)
        for field in ("seat", "target"):
            if isinstance(out.get(field), int):
                out[field] = names[out[field]] if names else f"P{out[field] + 1}"
        return tr(key, lang, **out)


def _effect_text(e) -> dict:
    params = dict(e.params)
    key = e.type
    if e.type == "advance_to_rank_above" and params.get("then_steps"):
        key = "advance_to_rank_above_then"
    return {"key": f"fuji99.eff_{key}", "params": params}


def _stage(s: State) -> str:
    """The turn step waiting (a pending kind), or "over": the ``phase`` of refusal texts."""
    return s.pending.kind if s.pending else "over"


_EXPLAIN = {
    "draw": Rules._why_draw,
    "use": Rules._why_use,
    "discover": Rules._why_step,
    "again": Rules._why_step,
    "stop": Rules._why_step,
    "give": Rules._why_give,
}

RULES = Rules()
