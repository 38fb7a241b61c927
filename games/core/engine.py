"""The rules contract every game implements, in the spirit of OpenSpiel and boardgame.io.

A game is a pure function of (players, seed, options, actions):

    rules = registry.rules("toutomi")
    state = rules.new_game(players=4, seed=42, options={})
    while rules.current_player(state) is not None:
        action = rules.legal_actions(state)[0]
        state = rules.apply(state, action)        # never mutates the old state
    print(rules.outcome(state))

States are game-specific mutable dataclasses with a ``clone()``; ``apply`` checks the
action, clones, and lets the game mutate the clone (``_apply``), so callers only ever see
fresh states.

Trusted fast path: ``legal_actions(s)`` remembers its answer on ``s`` (an instance
attribute, not a dataclass field, so equality and records ignore it).  An action
that *is* one of those objects (identity, not equality) was produced by the rules for this
very state, so ``apply`` skips re-deriving the legal list; any other action (typed by a
person, parsed from a save or a replay, built by a test) goes through the full ``check``.
A fresh clone never carries the remembered list.  Multi-step choices (an Attack's target,
a witch move) are *pending-choice* states with their own legal actions, so bots, replays
and tests see them too.

Decisions (issue 13, engine speed; figures in README "Benchmark: how to read it"):

- ENGINE-1 (perf) ``apply`` gets its new state from ``GameRules._successor(s)``: by default a
  clone without the remembered list and with no events; a game supplies a cheaper
  ``successor`` (made by games/core/state_copy.py ``copier``) that never copies the last
  action's events only to drop them.
- ENGINE-2 (perf) The remembered list is written and read as an attribute (ENGINE-8),
  never through ``s.__dict__``: reading ``__dict__`` makes CPython (3.11+) give up the
  object's inline attribute values, after which every attribute read or write of that
  state costs about three times as much.  States themselves are copied by their instance
  dict, in C (games/core/state_copy.py ``copier``, one mechanism for every game): that
  gives up the inline values, and STATE-COPY-1 measures it cheaper than any generic copy
  keeping them.  Likewise tables read on every action are plain attributes (set in
  ``__post_init__`` or on a small tables object), not ``functools.cached_property``, which
  writes through ``__dict__``.
- ENGINE-3 (perf) States share what an action rarely changes (per-seat rows, decks, piles)
  with their clones; the rules replace such a list before changing it (copy on write).
  Each state module says which fields; the invariant test's "apply never changes its
  input" and the replay tests guard it.
- ENGINE-4 (perf, retired) ``make_event`` built an Event without the Python-level ``__new__``
  of the tuple subclass Event was; ENGINE-7 made ``Event(...)`` itself cheaper, so it is gone
  (Fuji 99 and the example game write ``Event(...)`` too).
- ENGINE-5 (perf) Randomness is consumed exactly as before: only how a shuffle is computed
  changed, never which bytes decide it (tests/data/format2_games.json, recorded before this
  work, and format1_games.json replay to the same games).
- ENGINE-6 (perf) A game may write its rules as plain functions of ``(tables, state, ...)``:
  ``steps`` maps each action kind to its step ``step(tables, state, *action.args)`` and
  ``legal_step(tables, state)`` lists the legal actions; ``tables`` is what the steps read on
  every action, built once by ``build_tables`` on first use.  ``apply`` and the remembering
  ``legal_actions`` call them directly, one Python frame each fewer than a ``_apply`` or
  ``legal_actions`` method passing the tables on (Toutomi's random playouts: 2-4% more
  actions per second).  A game that defines ``_apply`` / ``legal_actions`` itself is unchanged.
- ENGINE-8 (perf) The remembered list is stored and read as the plain attribute ``s._legal``
  (``LEGAL_SLOT``), which CPython specialises, not through the ``setattr`` / ``getattr``
  builtins (a call each, the name looked up every time); a state that remembers nothing
  raises AttributeError on the read, so ``apply`` checks the action in full as before.
  With Toutomi's ``legal_actions`` built by plain loops (TOUTOMI-LEGAL-1) and RNG-7: +5.1%
  Toutomi random playouts (docs/benchmark.md).
"""
from __future__ import annotations

import functools
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, ClassVar, Generic, Protocol, TypeVar

_INT = re.compile(r"-?[0-9]+")


@dataclass(frozen=True, order=True, slots=True)
class Action:
    """One move, JSON-able through its text form: ``play t5a``, ``target 2``.

    Arguments are ints or strings without white space (ASCII digits only make an int).
    Immutable, so games may build their actions once and share them (``ActionTable``).
    """

    kind: str
    args: tuple = ()

    def __str__(self) -> str:
        return " ".join([self.kind, *(str(a) for a in self.args)])

    @classmethod
    def of(cls, kind: str, *args: Any) -> Action:
        return cls(kind, tuple(args))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Inverse of ``str``: integers come back as ints, everything else as text."""
        parts = str(text).split()
        if not parts:
            raise ValueError("empty action")

        def conv(p: str) -> Any:
            return int(p) if _INT.fullmatch(p) else p

        return cls(parts[0], tuple(conv(p) for p in parts[1:]))


class ActionTable:
    """Shared immutable Actions of one game: ``table("play", "n7-2")`` builds it once.

    Bounded by the game's finite move set (card ids, seats, cells), never by play time.
    """

    __slots__ = ("_made",)

    def __init__(self) -> None:
        self._made: dict[tuple, Action] = {}

    def __call__(self, kind: str, *args: Any) -> Action:
        key = (kind, args)
        a = self._made.get(key)
        if a is None:
            a = self._made[key] = Action(kind, args)
        return a


LEGAL_SLOT = "_legal"  # where legal_actions remembers its answer on a state; the hot path spells it s._legal (ENGINE-8)


def _remembering(fn: Callable) -> Callable:
    """Wrap a game's ``legal_actions`` so the answer is remembered on the state."""
    @functools.wraps(fn)
    def legal_actions(self: GameRules, s: Any) -> list:
        out = fn(self, s)
        try:  # an attribute, not __dict__[...]: reading __dict__ would slow every later attribute access
            s._legal = out  # LEGAL_SLOT (ENGINE-8); the caller's list: reordering or removing only narrows trust
        except AttributeError:  # a state without __dict__: no fast path, still correct
            pass
        return out
    legal_actions.remembers = True
    return legal_actions


def _remembering_step(step: Callable) -> Callable:
    """``legal_actions`` of a game that lists its rule steps (ENGINE-6): ``step(tables, s)``,
    remembered on the state like ``_remembering``."""
    def legal_actions(self: GameRules, s: Any) -> list:
        out = step(self.tables or self.build_tables(), s)
        try:
            s._legal = out  # LEGAL_SLOT, stored as a plain attribute (ENGINE-8)
        except AttributeError:
            pass
        return out
    legal_actions.__doc__ = step.__doc__
    legal_actions.remembers = True
    return legal_actions


def produced_by_rules(s: Any, a: Action) -> bool:
    """True when ``a`` is one of the very objects ``legal_actions(s)`` returned."""
    legal = getattr(s, LEGAL_SLOT, None)
    if legal is not None:
        for x in legal:
            if x is a:
                return True
    return False


class IllegalAction(Exception):
    """Raised by ``check``: a reason key (translated by the UI) and its parameters."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}" if params else key)
        self.key = key
        self.params = params


class Event:
    """Something that happened during the last ``apply`` (for announcements and logs).

    ``visible_to`` lists the seats that may see ``params`` (e.g. which situation card was
    drawn; None: everyone); views replace such events with their public form.  An
    immutable value: its four fields are read-only properties.

    ENGINE-7 (perf) A slotted class with a plain ``__init__``: CPython builds it in about
    half the CPU time of the tuple subclass with a ``__new__`` it replaces (building a
    tuple subclass goes through ``tuple.__new__``'s wrapper and copies a temporary tuple),
    and faster than ENGINE-4's ``make_event`` did, so rules write ``Event(...)``, the one
    constructor.  Toutomi's random playouts (3.3 events an action): +4.5% actions per CPU
    second, same run (docs/benchmark.md).
    """

    __slots__ = ("_key", "_params", "_public", "_visible")

    def __init__(self, key: str, params: dict | None = None, public_params: dict | None = None,
                 visible_to: tuple[int, ...] | None = None) -> None:
        self._key = key
        self._params = {} if params is None else params
        self._public = public_params
        self._visible = visible_to

    key = property(attrgetter("_key"), doc="i18n key of the event")
    params = property(attrgetter("_params"), doc="its parameters (seat numbers, card ids)")
    public_params = property(attrgetter("_public"), doc="what other seats see instead, if secret")
    visible_to = property(attrgetter("_visible"), doc="seats that see params; None: everyone")

    def _fields(self) -> tuple:
        return self._key, self._params, self._public, self._visible

    def __eq__(self, other: object) -> bool:
        if type(other) is not Event:
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # params is a dict: never hashable

    def __repr__(self) -> str:
        return "Event(key={!r}, params={!r}, public_params={!r}, visible_to={!r})".format(*self._fields())

    def seen_by(self, seat: int | None) -> Event:
        if self._visible is None or (seat is not None and seat in self._visible):
            return self
        return Event(self._key, dict(self._public or {}))


@dataclass(frozen=True)
class Outcome:
    """Final result: scores, shared winners, ranking (best first) and per-seat breakdown."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    breakdown: tuple[dict, ...] = ()  # per seat: {label_key: points}
    tiebreak: str | None = None  # i18n key naming the tiebreak that decided, if any


@dataclass(frozen=True)
class OptionSpec:
    """A setup option shown on the setup screen: ``kind`` is ``bool`` or ``choice``."""

    key: str
    label: str  # i18n key
    kind: str = "bool"
    default: Any = False
    choices: tuple = ()


SEAT_PARAMS = frozenset({"seat", "target", "player", "winner", "buster", "scorer", "previous", "by",
                         "who", "leader", "from_seat", "to_seat", "loser", "next", "attacker"})


def rank_by(scores: Iterable[tuple]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ranking and winners from per-seat sort keys (higher is better; equal keys share)."""
    keys = list(scores)
    ranking = tuple(sorted(range(len(keys)), key=lambda i: (tuple(-k for k in keys[i]), i)))
    best = keys[ranking[0]]
    winners = tuple(i for i in range(len(keys)) if keys[i] == best)
    return ranking, winners


D = TypeVar("D", covariant=True)


class HasData(Protocol, Generic[D]):
    """A game's rules as its own modules (seen, effects, turn) see them: ``rules.data``.

    Their type hints say ``HasData[QumasuData]`` instead of importing the game's rules
    module, which imports them (no import circle, issue 29)."""

    @property
    def data(self) -> D: ...


class GameRules(ABC):
    """Base class of every game's rules.  Subclasses fill in the abstract methods."""

    game_id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    has_secrets: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's own ``legal_actions`` remembers its answer (the trusted fast path)."""
        super().__init_subclass__(**kwargs)
        step = cls.__dict__.get("legal_step")
        if step is not None and "legal_actions" not in cls.__dict__:  # ENGINE-6
            cls.legal_actions = _remembering_step(step.__func__ if isinstance(step, staticmethod) else step)
        own = cls.__dict__.get("legal_actions")
        if own is not None and not getattr(own, "remembers", False):
            cls.legal_actions = _remembering(own)

    # rules written as functions of (tables, state, ...) (ENGINE-6); None: the methods below
    steps: ClassVar[dict[str, Callable] | None] = None  # action kind -> step(tables, s, *args)
    legal_step: ClassVar[Callable | None] = None  # legal_step(tables, s) -> the legal actions
    tables: Any = None  # what the steps read on every action (build_tables sets it)

    def build_tables(self) -> Any:
        """Build ``self.tables`` on first use (games with ``steps`` override it)."""
        raise NotImplementedError(f"{type(self).__name__}: steps without build_tables")

    # options a game reads besides its ``option_specs`` and ``start_player`` (a seat's
    # choice offered by the setup screen, such as a deck): a save's other keys are ignored
    extra_option_keys: ClassVar[tuple[str, ...]] = ()

    # --- setup -----------------------------------------------------------------------
    def option_specs(self) -> list[OptionSpec]:
        """Variant options for the setup screen (start player is handled by the app)."""
        return []

    def option_keys(self) -> set[str]:
        """Every option key this game reads (GameRecord.validate drops the others)."""
        return {o.key for o in self.option_specs()} | {"start_player", *self.extra_option_keys}

    def default_options(self) -> dict:
        return {o.key: o.default for o in self.option_specs()}

    @abstractmethod
    def new_game(self, players: int, seed: int, options: dict | None = None) -> Any:
        """Fresh state; ``options['start_player']`` is a seat or -1/None for random."""

    # --- turn structure ----------------------------------------------------------------
    @abstractmethod
    def current_player(self, s: Any) -> int | None:
        """Seat to act, or None when the game is over."""

    @abstractmethod
    def legal_actions(self, s: Any) -> list[Action]:
        """Every legal action, in a deterministic order."""

    def check(self, s: Any, a: Action) -> None:
        """Raise IllegalAction with a specific reason when ``a`` is not legal in ``s``."""
        if self.current_player(s) is None:
            raise IllegalAction("core.game_over")
        if a in self.legal_actions(s):
            return
        raise self.explain_illegal(s, a)

    def explain_illegal(self, s: Any, a: Action) -> IllegalAction:
        """Why ``a`` is illegal (games override this with precise reasons)."""
        return IllegalAction("core.illegal")

    def apply(self, s: Any, a: Action) -> Any:
        """New state after ``a``; the input state is never changed.

        An action taken from ``legal_actions(s)`` is trusted; any other is fully checked.
        """
        try:
            legal = s._legal  # LEGAL_SLOT, read as a plain attribute (ENGINE-8)
        except AttributeError:  # nothing remembered (or a state without attributes): checked below
            legal = ()
        for x in legal:  # produced_by_rules, inlined: the hot path
            if x is a:
                break
        else:
            self.check(s, a)
        s2 = self._successor(s)
        steps = self.steps
        if steps is None:
            self._apply(s2, a)
        else:  # ENGINE-6
            steps[a.kind](self.tables or self.build_tables(), s2, *a.args)
        return s2

    @staticmethod
    def _successor(s: Any) -> Any:
        """The clone ``apply`` changes: no remembered legal list, no events yet.

        Games override it with a cheaper one built in one step (``apply`` runs it on
        every action; copying events only to drop them is waste).
        """
        s2 = s.clone()
        s2.__dict__.pop(LEGAL_SLOT, None)  # a clone made by copy.copy would carry it
        s2.events = []
        return s2

    def _apply(self, s: Any, a: Action) -> None:
        """Mutate the fresh clone ``s`` by the (already checked) action ``a``: its step."""
        self.steps[a.kind](self.tables or self.build_tables(), s, *a.args)

    # --- undo (Board Game Arena policy) ----------------------------------------------------
    def apply_tracked(self, s: Any, a: Action) -> tuple[Any, bool]:
        """``apply`` plus whether the action may be taken back (False: it commits).

        Used by the app (not the hot path of bots and simulations): counts the random
        events drawn while the action is applied, then asks ``commits``.
        """
        from games.core.rng import counting_draws
        with counting_draws() as draws:
            after = self.apply(s, a)
        return after, not (draws[0] or self.commits(s, a, after))

    def commits(self, before: Any, action: Action, after: Any) -> bool:
        """True when ``action`` revealed something hidden, so it can never be taken back.

        A seat may take back its own actions within its turn, never across a random draw
        (``apply_tracked`` counts those), a reveal of hidden information or another seat's
        action.  The default works from ``secret_ids``: the action commits when the actor
        learned something secret to it (a draw), or when any other seat learned something
        the actor did not know either (a face-down card turned up).  The actor showing its
        *own* cards by its own choice (a card played from hand) does not commit.  A game
        with secrets that cannot say which (no ``seen`` module, no ``secret_ids``) commits
        every action: safe.  Games override this to add their own commit points (e.g. ending the turn).
        """
        if self.seen is None and type(self).secret_ids is GameRules.secret_ids:
            return self.has_secrets  # nothing to compare: no undo where anything is hidden
        players = getattr(before, "players", None)
        if not isinstance(players, int):
            hands = getattr(before, "hands", None)
            players = len(hands) if isinstance(hands, (list, tuple)) else self.max_players
        try:
            return self._reveals(before, after, self.current_player(before), range(players))
        except (IndexError, KeyError, TypeError):  # a seat the game does not know: no undo (safe)
            return True

    def _reveals(self, before: Any, after: Any, actor: int | None, seats: Iterable[int]) -> bool:
        """Did a seat learn a secret id the actor did not know (or the actor learn one)?"""
        actor_secret = self.secret_ids(before, actor)
        for seat in [*seats, None]:
            learned = self.secret_ids(before, seat) - self.secret_ids(after, seat)
            if learned and (seat == actor or learned & actor_secret):
                return True
        return False

    # --- results and information --------------------------------------------------------
    # The game's ``seen`` module answers the four methods below, each called with the rules
    # first: ``view(rules, s, seat)``, ``outcome(rules, s)``, ``secret_ids(rules, s, seat)``,
    # ``inventory(rules, s)`` (docs/engine-api.md).  A game without one overrides them.
    seen: ClassVar[Any] = None

    def outcome(self, s: Any) -> Outcome | None:
        """Scores and winners once the game is over, else None."""
        if self.seen is None:
            raise NotImplementedError(f"{type(self).__name__}: no seen module and no outcome")
        return self.seen.outcome(self, s)

    def view(self, s: Any, seat: int | None) -> dict:
        """JSON-able picture of ``s`` as ``seat`` sees it (None: a spectator)."""
        if self.seen is None:
            raise NotImplementedError(f"{type(self).__name__}: no seen module and no view")
        return self.seen.view(self, s, seat)

    def secret_ids(self, s: Any, seat: int | None) -> set[str]:
        """Ids of things ``seat`` must never see (tests check views and drawings)."""
        return set() if self.seen is None else self.seen.secret_ids(self, s, seat)

    def inventory(self, s: Any) -> dict[str, int]:
        """Counts of every conserved component (tests check they never change)."""
        return {} if self.seen is None else self.seen.inventory(self, s)

    # The game's ``reasons`` module (optional) says why a move is good, from its mover's view:
    # ``explain(rules, view, action) -> (i18n key, params) | None`` (BOTS-4).
    reasons: ClassVar[Any] = None

    def explain(self, view: dict, action: Action) -> tuple[str, dict] | None:
        """Why ``action`` is a good move for the seat whose ``view`` this is, in one line's
        key and params (rendered by ``event_text``), or None when the game cannot say."""
        return None if self.reasons is None else self.reasons.explain(self, view, action)

    def needs_privacy(self, s: Any) -> bool:
        """True when the acting seat's decision shows their secrets (curtain needed)."""
        return self.has_secrets

    def event_text(self, key: str, params: dict, lang: str, names: list[str] | None = None) -> str:
        """Text of an event or an illegal-action reason in ``lang``.

        Seat numbers (``seat``, ``target``...) become ``names``; a ``card`` id becomes the
        card's name when the game has ``card_info``.  Games override this for more.
        """
        from games.core.i18n import text_of, tr
        out = dict(params)
        for k, v in params.items():
            if k in SEAT_PARAMS and isinstance(v, int) and names and 0 <= v < len(names):
                out[k] = names[v]
        card_info = getattr(self, "card_info", None)
        if card_info and isinstance(out.get("card"), str):
            try:
                out["card"] = text_of(card_info(out["card"])["name"], lang)
            except (KeyError, ValueError, TypeError):
                pass
        return tr(key, lang, **out)

    def turn_owner(self, s: Any) -> int | None:
        """Whose *turn* it is (may differ from current_player during a shared step)."""
        return self.current_player(s)

    def prepare(self) -> None:  # noqa: B027 (an optional hook: a game without tables has nothing to build)
        """Build now the tables play builds on first use and then keeps (the store demo
        calls it at its start, games/app/demo.py ``warm_up``); none by default.  It never
        changes a result, only when the memory is taken."""

    def play_until_end(self, s: Any, choose, max_steps: int = 100_000) -> Any:
        """Drive a game to its end with ``choose(state, legal) -> Action`` (tests, sims)."""
        for _ in range(max_steps):
            if self.current_player(s) is None:
                return s
            s = self.apply(s, choose(s, self.legal_actions(s)))
        raise RuntimeError(f"{self.game_id}: no end after {max_steps} steps")
