"""The drawing contract: what a game's table and controller implement.

A game's **table** (games/<id>/ui/view.py, class ``Table``, a ``TableView`` subclass) draws
the table from a seat's *view* dict (``rules.view(state, seat)``; it never sees the state).
It implements a handful of hooks, none of them about keeping or painting ahead:

* ``build()``: lay out *pieces* (``add_piece``: what can be picked up) and *zones*
  (``add_zone``: where to drop or click) from ``self.view``;
* ``parts(ix)``: how to paint it, as a list of plain paint functions ``f(surf)``, each
  well under a millisecond (a seat, the field, the log; ``part(f, g)`` joins several), pieces
  in place except ``ix.hidden``; or ``paint(surf, ix)``: all of it in one part;
* ``draw_over(surf, ix)``: what follows the pointer or a clock every frame (call super: the
  glows and the selection); ``draw_under(surf, ix)``: what moves the table itself, under flights;
* ``on_events(events)``: start travel and moments for the last action's events
  (games/ui/motion.py); ``update(dt)`` only if it animates by itself;
* ``status_line()``; ``faces()``: the card faces it shows, painted when the scene is built;
  ``tips.note(rect, key, **params)`` as it paints: what each thing means (games/ui/tips.py).

What it declares instead of machinery: ``paint_key(ix)`` (what else its paint shows that the
view and the pointer do not decide, or ``EVERY_FRAME``), ``animates_over`` (its own
animation is drawn over the kept table), ``clock`` and ``clock_stamps`` (the times its
animations started), ``fork_ended`` (its animations' state once ended), ``no_glow``
(zones that never glow), ``fly``/``landing_areas`` (pieces flying over the kept table).

Its **controller** (games/<id>/ui/controller.py, class ``Controller``, a ``GameController``
subclass) turns a gesture into an Action: ``action_for(view, piece, zone)`` (a drop, or a
click with ``piece`` None), ``on_command`` for local UI state; the hooks the setup, results,
demo and benchmark screens ask are declared on ``GameController`` with their defaults.

The play scene does the rest alike for every game: a press picks a piece up; while it is
dragged, zones whose action is legal glow; a release over a zone applies the action if
legal, else the piece snaps back and the rules' reason is shown; a release without moving
selects the piece and a click on a zone then acts as the drop (touch screens).

Keeping the painted table, painting a bot's move ahead a part per step, forks and adoption
are shared machinery, derived from those declarations (here: ``layer_key``, ``still``,
``settled``, ``paint_steps``, ``fork``, ``caught_up``, ``prerender``; games/app/play_draw.py,
games/app/ahead.py, games/ui/motion.py), explained in docs/architecture.md.

- TABLE-1 (perf) A panel a view caches that lies on the plain felt is kept opaque, painted on
  the felt (the scene fills the canvas with it first): same pixels, less work (test_frames_layers).
- TABLE-2 (perf) The painted table is kept in one layer and shown again while nothing it
  shows changed (``layer_key``: layout, pointer state, ``paint_key``; ``Motion.keepable``,
  ``still``, ``settled``); flights and what follows the pointer are drawn over it
  (docs/architecture.md; tests/test_kept_layer.py; ``TABLE_KEEP_LAYER=0`` paints every frame).
- TABLE-3 (perf) A bot's move is laid out on a ``fork`` of the table and painted ahead
  (``parts``, a part a step) while it waits; the landing frame adopts it (games/app/ahead.py).
- TABLE-4 A fork copies every list, dict and set its table holds and shares the rest (card
  painters, cached art), so no game lists what a fork must copy; once adopted its clock is
  the live one's, ``clock_stamps`` shifted with it (what the fork started starts on landing).
- TABLE-5 (issue 32) A spectator (the store demo) is never shown a player's prompt:
  ``TableContext.tr`` says ``spectator.<key>`` where it exists (data/i18n/spectator.yaml),
  about ``{watched}``, the seat on view; the games' tables ask for their usual keys.
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame

from games.core.engine import Action, GameRules, IllegalAction
from games.core.i18n import has, tr
from games.ui import cards, drawn, theme, tips, widgets
from games.ui.motion import Motion

EVERY_FRAME: tuple = ("painted every frame",)  # a ``paint_key`` that keeps no layer (see ``still``)


def part(*paints: Callable[[pygame.Surface], None]) -> Callable[[pygame.Surface], None]:
    """One entry of ``TableView.parts``: these paint functions, in order, in one step."""
    def run(surf: pygame.Surface) -> None:
        for paint in paints:
            paint(surf)
    return run


def shifted(stamp: Any, shift: float) -> Any:
    """A time on a table's clock moved by ``shift``: a float, a tuple's last item, a dict's
    ``t0``, or each of a list of those (``TableView.clock_stamps``)."""
    if stamp is None:
        return None
    if isinstance(stamp, list):
        return [shifted(x, shift) for x in stamp]
    if isinstance(stamp, dict):
        return dict(stamp, t0=stamp["t0"] + shift)
    if isinstance(stamp, tuple):
        return (*stamp[:-1], stamp[-1] + shift)
    return stamp + shift


@dataclass(frozen=True)
class UiCommand:
    """A gesture that changes only local UI state (e.g. how many cubes to draw)."""
    name: str
    args: tuple = ()


@dataclass
class Piece:
    id: str
    rect: pygame.Rect
    paint: Callable[[pygame.Surface, pygame.Rect], None]
    draggable: bool = True


@dataclass
class Zone:
    id: str
    rect: pygame.Rect
    radius: int = 14


@dataclass
class TableContext:
    """What a game's controller and view may know: the rules, language, seat names."""

    rules: GameRules
    lang: str
    names: list[str]
    bots: list[str | None]  # bot name per seat, None for a human
    options: dict = field(default_factory=dict)
    log: list = field(default_factory=list)  # translated event lines, newest last
    log_scroll: int = 0  # lines scrolled back from the newest (games/ui/logbox.py)
    log_rect: Any = None  # where the log was drawn last (the wheel scrolls it there)
    log_wrap: Any = field(default=None, repr=False, compare=False)  # wrapped lines (games/ui/logbox.py)
    spectator: bool = False  # nobody at this table plays (the store demo): TABLE-5
    watched: str = ""  # the seat whose view a spectator is shown

    def tr(self, key: str, **params: Any) -> str:
        """The text of ``key``; a spectator's variant where there is one (TABLE-5)."""
        if self.spectator and has("spectator." + key):
            return tr("spectator." + key, self.lang, **{**params, "watched": self.watched})
        return tr(key, self.lang, **params)

    def seat_name(self, seat: int | None) -> str:
        if seat is None or not (0 <= seat < len(self.names)):
            return "—"
        return self.names[seat]


@dataclass
class Interaction:
    """What the pointer is doing, for the table to draw (set by the play scene)."""

    t: float = 0.0
    mouse: tuple[int, int] = (0, 0)
    dragging: str | None = None
    selected: str | None = None
    glowing: set = field(default_factory=set)
    hidden: str | None = None  # piece not to draw in place (being dragged / snapping)


class GameController:
    """Turns gestures into actions; holds no rules of its own.

    Every hook the app asks a game for is declared here with its default; a game's ``Controller`` overrides
    only those it needs."""

    # --- what the setup, results, demo and benchmark screens ask the class -----------
    seat_option: str | None = None  # an option chosen per seat on the setup screen (its key in options)
    explains_win = False  # the demo's winner moment shows ``results_panel``'s text (bare scores say little)

    @classmethod
    def seat_option_choices(cls, rules: GameRules, lang: str) -> list[tuple[str, str]]:
        """The values ``seat_option`` offers, as (value, label) pairs."""
        return []

    @classmethod
    def seat_option_hint(cls, rules: GameRules, value: str | None, lang: str) -> str:
        """One line about a seat's chosen value, shown on the setup screen."""
        return ""

    @classmethod
    def results_panel(cls, rules: GameRules, final_view: dict, outcome: Any,
                      lang: str) -> tuple[str, str] | None:
        """An extra box on the results screen (heading, body), or None."""
        return None

    @classmethod
    def busiest_screen(cls, app: Any) -> Any:
        """The benchmark's busiest play scene for this game, or None for the generic late
        game (games/app/bench_frames.py)."""
        return None

    # --- the play screen -------------------------------------------------------------
    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.local: dict[str, Any] = {}  # UI-only state the table may read

    def reset_local(self, view: dict) -> None:
        """Called when the state changes (new turn, new step)."""

    def action_for(self, view: dict, piece: str | None, zone: str) -> Action | UiCommand | IllegalAction | None:
        """The action meant by dropping ``piece`` on ``zone`` (or clicking ``zone``).

        None means "nothing meant here" (generic message); an IllegalAction gives the
        player the precise reason (e.g. "it is Bo's turn to take a card").
        """
        return None

    def on_command(self, view: dict, cmd: UiCommand) -> Action | None:
        """Apply a UiCommand to local state; may return an Action to submit."""
        return None


class TableView:
    """Base class of a game's table drawing; subclasses override ``build`` and ``paint``."""

    card_size = (150, 210)
    banner_y = 84  # where the play scene shows the latest announcements
    reason_y = 780  # bottom of the message that says why a move was refused
    # Announcements get a zone of their own, never over controls or counts (games set it);
    # the reason for a refused move shows in ``reason_rect`` (default: the same zone).
    banner_rect: pygame.Rect | None = None
    reason_rect: pygame.Rect | None = None
    # --- what a table declares (the shared machinery keeps, forks and paints ahead by it) ---
    # What a ``fork`` (TABLE-3) has instead of this table's own running animations: each
    # attribute's value once they have ended (a fresh copy per fork).  A table that
    # declares some may be forked while they run (``forks_while_moving``).
    fork_ended: dict[str, Any] = {}
    # The attributes holding times on ``clock`` at which its own animations started (see
    # ``shifted`` for their shapes): a fork's start when it is adopted (TABLE-4).
    clock_stamps: tuple[str, ...] = ()
    # Its own animation (``update`` says True) is drawn over the kept table (``draw_over``)
    # or shows through ``paint_key``: a kept layer may stand while it runs.
    animates_over = False
    no_glow: tuple[str, ...] = ()  # zones whose id starts so never glow (e.g. one that only opens a list)

    def announce_zone(self) -> pygame.Rect:
        return self.banner_rect or pygame.Rect(theme.W // 2 - 650, self.banner_y, 1300, 120)

    def reason_zone(self) -> pygame.Rect:
        if self.reason_rect is not None:
            return self.reason_rect
        if self.banner_rect is not None:
            return self.banner_rect
        return pygame.Rect(theme.W // 2 - 650, self.reason_y - 100, 1300, 100)

    def __init__(self, ctx: TableContext, controller: GameController) -> None:
        self.ctx = ctx
        self.controller = controller
        self.pieces: list[Piece] = []
        self.zones: list[Zone] = []
        self.view: dict = {}
        self.viewer: int | None = None
        self.legal: list[Action] = []
        self.motion = Motion()  # travel, flips, counters, moments (games/ui/motion.py)
        self.generation = 0  # counts rebuilds: a kept layer of an older layout is never shown
        self._hover_rects: list[pygame.Rect] = []  # the buttons the last painted layer drew
        self.tips: list[tips.Tip] = []  # what its things mean, noted as painted (games/ui/tips.py TIPS-1)
        self.drew: list | None = None  # what the last ``draw`` drew, when noted (games/ui/drawn.py)
        self.clock = 0.0  # seconds of its own animations (a table that animates advances it in ``update``)
        self.mouse: tuple[int, int] = (0, 0)  # the pointer and the selected piece, as of the frame (``prepare``)
        self.selected: str | None = None
        self.flying: set = set()  # pieces flying over the kept table (``fly``): drawn by ``draw_over``
        self.flown_to: dict[str, pygame.Rect] = {}  # where each flew last (``settled``)
        self._painted_flying: frozenset = frozenset()  # those in flight when the table was painted

    # --- called by the play scene ----------------------------------------------------
    def rebuild(self, view: dict, viewer: int | None, legal: list[Action]) -> None:
        """New state or local UI change: recompute the layout of pieces and zones."""
        self.view, self.viewer, self.legal = view, viewer, legal
        self.pieces, self.zones = [], []
        self.generation += 1
        self.motion.rebuilt(viewer)
        self.build()

    def draw(self, surf: pygame.Surface, ix: Interaction) -> None:
        """The whole table, painted anew, its flights over it (replays, tools); with
        ``drawn.ENABLED`` (tests) what it drew is noted in ``drew`` (games/ui/drawn.py)."""
        with drawn.noting(surf) as notes, tips.noting([]) as noted:
            self.prepare(ix)
            self.motion.begin_frame()
            with self.motion.active():
                self.paint(surf, ix)
            self.draw_under(surf, ix)
            self.motion.end_frame(surf)
            self.draw_over(surf, ix)
        self.drew, self.tips = notes, noted

    def prepare(self, ix: Interaction) -> None:
        """Every frame, before the table is drawn (painted or kept): note the pointer
        (``mouse``, ``selected``) and keep the ``no_glow`` zones dark."""
        self.mouse, self.selected = ix.mouse, ix.selected
        if self.no_glow:
            ix.glowing = {z for z in ix.glowing if not z.startswith(self.no_glow)}

    def paint_layer(self, layer: pygame.Surface, ix: Interaction) -> None:
        """Paint the table into ``layer`` (the felt already there) without what flies: the
        play scene keeps it and shows it again while nothing it shows changes (TABLE-2)."""
        for _ in self.paint_layer_steps(layer, ix):
            pass

    def paint_layer_steps(self, layer: pygame.Surface, ix: Interaction,
                          faces: list | None = None) -> Iterator[None]:
        """``paint_layer`` a step at a time (``paint_steps``): the play scene paints the
        next move's table ahead this way, a step per frame (TABLE-3).  ``faces``: the face-up
        cards drawn are written there instead of into this frame's draw log."""
        rects, noted = [], []  # the buttons' rects, the tips (games/ui/tips.py) it draws
        self.motion.begin_frame()
        steps = self.paint_steps(layer, ix)
        while True:
            with self.motion.active(), widgets.noting_hover(rects), tips.noting(noted), cards.DRAW_LOG.into(faces):
                more = next(steps, StopIteration) is not StopIteration
            if not more:
                break
            yield
        self.motion.end_frame()
        self.motion.keep()
        self._hover_rects, self.tips = rects, noted

    def layer_key(self, ix: Interaction) -> tuple:
        """Everything besides the view dict that ``paint`` reads: a kept layer painted with the
        same key (and no motion since, see ``Motion.keepable``) shows what ``paint`` would."""
        x, y = ix.mouse
        return (self.generation, self.viewer, self.ctx.lang, self.ctx.log_scroll, ix.hidden, ix.dragging,
                ix.selected, frozenset(ix.glowing), tuple(r.collidepoint(x, y) for r in self._hover_rects),
                self.paint_key(ix))

    def still(self, moving: bool, ix: Interaction) -> bool:
        """May a kept layer stand for ``paint`` now?  ``moving``: what ``update`` said (the
        table's own animation runs, bots wait): only if it ``animates_over``; never while
        ``paint_key`` says ``EVERY_FRAME``."""
        return (self.animates_over or not moving) and self.paint_key(ix) is not EVERY_FRAME

    def fly(self, pid: str, end: pygame.Rect) -> None:
        """Note ``pid`` flying over the kept table to ``end``; it lands when the table takes
        it out of ``flying`` (``draw_over`` draws it meanwhile)."""
        self.flying.add(pid)
        self.flown_to[pid] = pygame.Rect(end)
        if len(self.flown_to) > 64:  # (a hand's and a trick's worth: bounded)
            del self.flown_to[next(iter(self.flown_to))]

    def landing_areas(self) -> list[pygame.Rect]:
        """The parts of the table that show a flown piece once it has landed (a pile, a hand)."""
        return []

    def settled(self) -> list[pygame.Rect]:
        """Where pieces flying over the kept layer (``fly``) have landed since the layer was
        painted: its place and the ``landing_areas`` it lies in, only there is it painted
        again (the motion layer's own cards say so themselves, ``Motion.landed``)."""
        out: list[pygame.Rect] = []
        for pid in self._painted_flying - self.flying:
            to = self.flown_to.get(pid)
            if to is None:
                return [pygame.Rect(0, 0, theme.W, theme.H)]
            out += [r for r in self.landing_areas() if r.colliderect(to)] + [to.inflate(48, 48)]
        return out

    def paint_key(self, ix: Interaction) -> tuple:
        """What else ``paint`` shows that the view dict and the pointer state do not decide
        (the buttons it draws note the pointer by themselves): e.g. the cells a hovered card
        would fill, or a step of the table's own animation painted into the table;
        ``EVERY_FRAME`` while what it paints changes every frame (no layer is kept then)."""
        return ()

    def draw_under(self, surf: pygame.Surface, ix: Interaction) -> None:
        """Every frame on the table (kept or painted), under what flies: what moves the table (a board shaking)."""

    def draw_over(self, surf: pygame.Surface, ix: Interaction) -> None:
        """What changes every frame over the table: legal targets glowing, the selection;
        a view adds what follows the pointer or a clock (a tooltip, a pulse)."""
        for z in self.zones:
            if z.id in ix.glowing:
                widgets.glow(surf, z.rect, ix.t, radius=z.radius)
        for p in self.pieces:
            if p.id == ix.selected and p.id != ix.hidden:
                pygame.draw.rect(surf, theme.ACCENT, p.rect.inflate(12, 12), 5, border_radius=14)

    def piece_at(self, pos: tuple[int, int]) -> Piece | None:
        for p in reversed(self.pieces):
            if p.rect.collidepoint(pos):
                return p
        return None

    def zone_at(self, pos: tuple[int, int]) -> Zone | None:
        for z in reversed(self.zones):
            if z.rect.collidepoint(pos):
                return z
        return None

    def piece(self, piece_id: str) -> Piece | None:
        return next((p for p in self.pieces if p.id == piece_id), None)

    def zone(self, zone_id: str) -> Zone | None:
        return next((z for z in self.zones if z.id == zone_id), None)

    def status_line(self) -> str:
        """One line for the top bar: whose turn, what to do."""
        return ""

    def on_events(self, events: list) -> None:
        """New events from the last action (start an animation if wanted)."""

    def update(self, dt: float) -> bool:
        """Advance the table's own animations; True while one runs (bots wait for it)."""
        return False

    def skip_animations(self) -> None:
        """Land every animation at once (a press on the table, or reduced motion)."""
        self.motion.finish()

    def faces(self) -> list:
        """The card faces this table can show, painted when the scene is built: entries
        ``(painter, card ids, sizes, backs)`` (games/ui/cards.py ``CardPainter.prerender``),
        or a function that makes a kept layer then."""
        return []

    def prerender(self) -> int:
        """Paint ahead, when the scene is built, the ``faces`` (so no frame paints a card for
        the first time when a move lands); returns the bytes they hold (bounded by the
        painters' byte limits)."""
        held = 0
        for entry in self.faces():
            if callable(entry):
                entry()
            else:
                painter, ids, sizes, backs = entry
                held += painter.prerender(ids, sizes, backs=backs)
        return held

    # --- for subclasses --------------------------------------------------------------
    def build(self) -> None:
        """Add pieces and zones with ``add_piece``/``add_zone`` from ``self.view``."""

    def paint(self, surf: pygame.Surface, ix: Interaction) -> None:
        """Draw the table (pieces in place except ``ix.hidden``): a table overrides this or ``parts``."""
        for _ in self.paint_steps(surf, ix):
            pass

    def parts(self, ix: Interaction) -> list[Callable[[pygame.Surface], None]]:
        """``paint`` as a list of paint functions ``f(surf)``, in order, each well under a
        millisecond (a seat, the field, the log; ``part`` joins several), so the next move's
        table can be painted ahead a part per step while the move waits (TABLE-3).  Asked
        at the start of each paint (the default: ``paint``, all of it in one part)."""
        assert type(self).paint is not TableView.paint, f"{type(self).__name__} overrides neither paint nor parts"
        return [lambda surf: self.paint(surf, ix)]

    def paint_steps(self, surf: pygame.Surface, ix: Interaction) -> Iterator[None]:
        """Paint the ``parts``, yielding after each (TABLE-3)."""
        self._painted_flying = frozenset(self.flying)
        for paint in self.parts(ix):
            paint(surf)
            yield

    def fork(self, ctx: TableContext, controller: GameController) -> TableView:
        """A copy of this table to lay out and paint the next state ahead (TABLE-3), as it will
        be when what runs now has ended: its own lists, dicts and sets (TABLE-4), its motion
        layer with every card where it lands, its own animations ended (``fork_ended``)."""
        twin = copy.copy(self)
        twin.ctx, twin.controller = ctx, controller
        for name, value in vars(self).items():  # TABLE-4
            if isinstance(value, (list, dict, set)):
                setattr(twin, name, copy.copy(value))
        for name, ended in self.fork_ended.items():
            setattr(twin, name, copy.copy(ended))
        twin.motion = self.motion.fork()
        return twin

    @property
    def forks_while_moving(self) -> bool:
        """The next move's table may be painted ahead while this view's own animation runs
        (``update`` says True): its fork has them ended (``fork_ended``)."""
        return bool(self.fork_ended)

    def retire(self) -> None:
        """This view is no longer drawn (a fork replaced it, or a fork was not needed): drop
        what ties it to itself (its pieces' paint closures, its motion layer's flights), so
        it and what only it holds (a changed seat panel's surface) are freed at once rather
        than at the collector's next full pass: in a Suma demo game that held 20–30 MiB."""
        self.pieces, self.zones = [], []
        self.motion = Motion()

    def caught_up(self, live: TableView) -> None:
        """This fork replaces ``live`` now (the move it was painted for has landed): take
        over ``live``'s ``clock`` (a pulse goes on where it was), shifting the
        ``clock_stamps`` this fork started to now (TABLE-4)."""
        shift = live.clock - self.clock
        for name in self.clock_stamps:
            setattr(self, name, shifted(getattr(self, name), shift))
        self.clock = live.clock

    def add_piece(self, pid: str, rect: pygame.Rect,
                  paint: Callable[[pygame.Surface, pygame.Rect], None], draggable: bool = True) -> Piece:
        p = Piece(pid, pygame.Rect(rect), paint, draggable)
        self.pieces.append(p)
        return p

    def add_zone(self, zid: str, rect: pygame.Rect, radius: int = 14) -> Zone:
        z = Zone(zid, pygame.Rect(rect), radius)
        self.zones.append(z)
        return z

    def paint_pieces(self, surf: pygame.Surface, ix: Interaction, prefix: str = "") -> None:
        for p in self.pieces:
            if p.id.startswith(prefix) and p.id != ix.hidden:
                p.paint(surf, p.rect)
