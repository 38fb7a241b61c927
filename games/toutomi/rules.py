"""尊みバースト (Toutomi): the rules of docs/rules/toutomi.md, one step per function.

The rules class dispatches each action to its step in a module named after its rule area:
``legal`` (what may be done, refusal reasons), ``effects`` (playing a card and what it
does), ``turn`` (turn order, draws, the end of the game), ``burst`` (the end of a round,
situation cards), ``score`` (R-5 scoring); ``seen`` says what each seat sees and
``position`` writes and reads a state as text.

Actions (text forms round-trip through ``Action.parse``):

- ``play <card>``   play a card from hand (R-2.1).
- ``kuma <card>``   use one of one's own Kuma-wild situation cards as a Wild (R-5.3).
- ``wild <effect>`` pending choice after a Wild or Kuma-wild: reverse|skip|summon|attack.
- ``target <seat>`` pending choice after an Attack: the attacked seat (R-3.4).
- ``dump <card>``   Summon: put one more hand card onto the field (R-3.3) ...
- ``dump_done``     ... and stop dumping: draw as many as were dumped.
- ``declare``       short variant: 尊すぎ! (R-6.2).
- ``pass``          only when no other action is legal (TOUTOMI-RULES-1).

Decisions beyond the spec:

- TOUTOMI-RULES-1 A player whose hand holds only Trump cards while the total is not the limit (possible
  on the second play of an attacked turn: two Trumps left) and who has no Kuma-wild cannot
  play anything; R-2.1 forbids a pass but gives no alternative, so ``pass`` ends their turn
  (their hand is kept).  It is legal only then.
- TOUTOMI-RULES-2 R-4.2's "the player who took the turn before" is the last *other* player to take
  a turn: when someone takes two turns in a row (2 players after their own Skip, or
  Reverse as Skip — D-3), the burst still scores for the player before them, never for
  the buster (a player at a real table would not reward their own burst).  With no such
  turn yet this round, R-4.4's seat before in turn order scores.  The same holds for the
  short variant's 尊すぎ! (R-6.2).
- TOUTOMI-RULES-3 Effects that move the turn combine in play order (they can meet on an attacked
  turn): Attack names the next turn's owner; Skip makes whoever would take the next turn
  lose it (if that is the attacked player, the attack is lost with the turn); Reverse
  flips the direction, used from the next turn on.  A Skip played earlier in the turn
  counts in the direction in force when the turn ends.
- TOUTOMI-RULES-4 A burst (or 尊すぎ!) ends the round at once: a second play still owed on an attacked
  turn and any Skip/Attack not yet used are dropped; the direction is kept; refills after
  it go round from the buster in turn order.
- TOUTOMI-RULES-5 Summon: the player chooses the cards one at a time (``dump``), then draws as many at
  once (``dump_done``); when their hand is empty the draw happens by itself.  With an empty
  hand right after the Summon there is nothing to choose, so no dumping step.
- TOUTOMI-RULES-6 Short variant: a card that would raise the total above the limit cannot be played
  (R-6.2: such a player declares instead); ``declare`` is legal only when every hand card
  would.  A refill that cannot be completed draws what is left, then the game ends (R-6.3).
- TOUTOMI-RULES-7 The trump is playable only while the situation deck has cards (R-3.6); a Trump
  that takes the last situation card ends the game at once (R-5.4), like a burst.
- TOUTOMI-RULES-8 Public events name cards by face id (``n7``, ``wild``), not by physical id: a played
  card may be shuffled back into the deck (or drawn by another seat) within the same
  action, and its physical id must then stay secret.  ``card_info`` accepts face ids too.
  Exceptions: a used Kuma-wild keeps its id (it stays public, removed from the game), and
  the private events ``drew`` / ``situation_taken`` carry ids for their owner only.
- TOUTOMI-RULES-9 An invalid ``start_player`` option (outside the seats) counts as random.
- TOUTOMI-RULES-10 What a Wild from hand became (R-3.5) is public and kept in the state (``wild_as``,
  replaced, never changed in place) while the Wild lies on the field; the view gives it
  for each Wild on the field, so every table (a bot's move, after a curtain, an undo, a
  Continue, a replay at any move) says it alike.  A Wild dumped by a Summon became
  nothing; a Kuma-wild leaves the game (it is never on the field).
"""
from __future__ import annotations

from games.core.engine import Action, ActionTable, Event, GameRules, IllegalAction, OptionSpec
from games.core.rng import Stream
from games.toutomi import burst, effects, legal, reasons, seen, state
from games.toutomi import data as game_data
from games.toutomi.data import ToutomiData
from games.toutomi.state import State
from games.toutomi.tables import Tables
from games.toutomi.turn import shuffle

# action kind -> its rule step: step(tables, state, *args)
STEPS = {"play": effects.play, "kuma": effects.kuma, "wild": effects.wild, "target": effects.target,
         "dump": effects.dump, "dump_done": effects.dump_done, "declare": burst.declare,
         "pass": effects.pass_turn}


class Rules(GameRules):
    """The rules object the registry exposes as ``RULES``."""

    game_id = "toutomi"
    min_players = 2
    max_players = game_data.MAX_PLAYERS
    _successor = staticmethod(state.successor)  # apply's copy, events left out
    steps = STEPS  # apply calls the step of each action itself (engine ENGINE-6)
    legal_step = staticmethod(legal.legal_actions)  # legal_actions(s), remembered

    def __init__(self, data: ToutomiData | None = None) -> None:
        self._data = data
        self._act = ActionTable()  # shared immutable Actions
        self.tables: Tables | None = None  # built from the data on first use (build_tables)

    @property
    def data(self) -> ToutomiData:
        """The data file, read on first use."""
        return (self.tables or self.build_tables()).data

    def build_tables(self) -> Tables:
        """The data and what the rules read on every action, built once.

        Plain attributes of a plain object, not ``functools.cached_property`` on the rules:
        that writes through the instance ``__dict__``, after which every attribute read of
        the rules costs about three times as much (engine ENGINE-2).
        """
        if self.tables is None:
            self.tables = Tables(self._data if self._data is not None else game_data.data(), self._act,
                              self.min_players, self.max_players)
        return self.tables

    def option_specs(self) -> list[OptionSpec]:
        return [OptionSpec("short", "toutomi.option_short", "bool", False)]

    def card_info(self, card_id: str) -> dict:
        """Public attributes of a physical card id (``n7-2``) or a face id (``n7``)."""
        f = self.data.face_of(card_id)
        return {"id": card_id, "face": f.id, "deck": f.deck, "kind": f.kind, "value": f.value,
                "points": f.points, "name": dict(f.name)}

    # --- setup (R-1) -----------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: dict | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"toutomi is played by {self.min_players}-{self.max_players} players")
        options = options or {}
        short = bool(options.get("short", False))
        s = State(players, seed, short, rng=Stream.for_game(seed, options), options=dict(options))
        s.hands = [[] for _ in range(players)]
        s.situations = [[] for _ in range(players)]
        s.points = [[] for _ in range(players)]
        s.deck = shuffle(s, self.data.toutomi_ids(with_trump=not short))  # D-5
        s.situation_deck = [] if short else shuffle(s, self.data.situation_ids())
        for seat in range(players):
            s.hands[seat] = [s.deck.pop() for _ in range(self.data.hand_size)]
        s.turn_seat = s.next_base = self._start_player(players, s.rng, options)
        s.events = [Event("toutomi.turn", {"seat": s.turn_seat, "plays": 1})]
        return s

    @staticmethod
    def _start_player(players: int, rng: Stream, options: dict) -> int:
        start = options.get("start_player")
        if isinstance(start, int) and not isinstance(start, bool) and 0 <= start < players:
            return start
        return rng.randrange(players, "start")  # TOUTOMI-RULES-9

    # --- what may be done ----------------------------------------------------------------
    def current_player(self, s: State) -> int | None:
        return None if s.over else (s.pending.seat if s.pending else s.turn_seat)

    def turn_owner(self, s: State) -> int | None:
        return None if s.over else s.turn_seat

    def explain_illegal(self, s: State, a: Action) -> IllegalAction:
        return legal.explain_illegal(self.tables or self.build_tables(), s, a)

    # --- results and information (R-5, R-6.3) ---------------------------------------------
    seen = seen  # the game's seen.py: view, outcome, secret_ids, inventory (GameRules)
    reasons = reasons  # the game's reasons.py: why a move is good, one line (BOTS-4)

    def needs_privacy(self, s: State) -> bool:
        """The acting seat always decides from its secret hand."""
        return True


RULES = Rules()
