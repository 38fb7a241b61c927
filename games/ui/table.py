"""The contract between the generic play scene and each game's controller and view.

A game's **view** (games/<id>/ui/view.py, class ``View(TableView)``) draws the table from a
seat's view dict and lays out *pieces* (things you can pick up: hand cards, cubes, a
witch) and *zones* (places you can drop or click: the field, a seat, a button).  Its
**controller** (games/<id>/ui/controller.py, class ``Controller(GameController)``) turns a
gesture — piece dropped on zone, or zone clicked — into an Action (or a UiCommand for
local UI state).  The play scene does the rest for every game alike:

* press on a piece picks it up; while it is dragged, zones whose action is legal glow;
* release over a zone applies the action if legal, else the piece snaps back and the
  translated reason is shown; release without moving selects the piece, and a click on
  a zone then acts as the drop (click-select-then-target, for touch screens);
* a click on a zone with nothing selected asks ``action_for(None, zone)`` (buttons).

Views never change game state and see only a seat's view, never the full state.

- DX-1 (perf) A panel or board a view caches (it is repainted only when what it shows
  changes) and that lies on the plain felt is kept opaque, painted on the felt: the play
  scene fills the canvas with the felt before the table draws, so a copy shows the very
  pixels a translucent layer blended each frame did, for less work (Fuji's board, the seat
  panels of Brujas, Suma and Toutomi; tests/test_frames_layers.py).  Cards drawn in a
  panel that must travel (Toutomi's hand backs, Fuji's other hands) stay out of the layer
  and are drawn live over it.
- DX-2 (perf) The play scene keeps the painted table in one canvas-sized layer (one per
  App, 8 MiB, made once) and shows it again — one copy — while nothing it shows has
  changed: the same layout (``generation``, viewer, language, log scroll), the same
  pointer state (dragged, hidden, selected, glowing; for each button the table drew,
  whether the pointer is over it — ``widgets.Button`` notes its rect while a layer is
  painted; a view adds more in ``hover_key``), no piece moved outside a card painter, no
  number in the layer counting (``Motion.keepable``), and the view not animating by
  itself (``still``).  Cards in flight are not painted into the layer: the motion layer
  draws them over it every frame (``Motion.replay``, with the same bookkeeping as a
  painted frame); when one lands, only its place (with its shadow, a unit's arrows) is
  painted again, the layer clipped to it (``Motion.landed``).  What follows the pointer
  or a clock every frame is drawn in ``draw_over``, over the layer: glows, the
  selection, tooltips, Qumasu's drag hints, Brujas' flying cards and sliding witches,
  Fuji's ring, pawns, token, counting floors and the cube leaving the bag, Toutomi's
  counting total.  A number counting inside the layer (``Motion.count`` during the
  paint) keeps the table painting until it stops.  A view's own flights say where they
  landed in ``settled`` (Brujas).  The faces on a kept layer are written to the draw
  log again each frame, so the secrecy tests see what is shown, not what was drawn.  Proof:
  tests/test_kept_layer.py paints the table afresh at every kept frame of games played by
  mouse and by the demo, and compares every pixel.  ``TABLE_KEEP_LAYER=0`` paints every
  frame (the old way) for comparisons.  Tried and dropped: repainting only the boxes where
  the recorded drawing changed — recording a paint cost about what it saved.
- DX-3 (perf) A bot's move is painted ahead.  The frame in which a move lands used to
  paint the whole table for the new state (2.5–5 ms: panels and text made anew, and in
  the store demo the viewer changes every turn, so nearly all of it).  The bot worker
  already chooses and applies the move and works out the view it leads to; while the
  move waits for its time and the table stands still, the play scene now lays that view
  out on a ``fork`` of the table view and paints it into a second layer, steps of
  ``paint_steps`` (a seat, the field, the log: most 0.1–0.3 ms) while a frame has spent
  under 0.4 ms on them, and the landing frame adopts the fork and its layer
  (games/app/ahead.py) instead of painting.  A fork is the table as it will be when
  what runs now has ended (the move lands only then): cards in flight where they land,
  counts at their end, a view's own animations over (``forks_while_moving``), so it may
  start as soon as the move is thought out (not while a moment is queued).  It shares the
  caches (painters, cached panels: keyed by what they show) and copies what rebuilds,
  events and paints change in place; what it starts (travel, counts, moments, a view's
  own flights) starts when it is adopted (``caught_up``).  The adopted layer is shown
  only when its ``layer_key`` matches the frame's pointer state; else the landing frame
  paints as before.  A due move waits at most half a second for its table (it is
  usually ready long before: at the fast bot speed the five games play as many moves a
  minute as before); instant mode and people's own moves never wait.  Proof:
  tests/test_kept_layer.py compares every adopted landing frame with a fresh paint and,
  playing the same demo game with and without painting ahead, each landing frame's
  table with the one the old way painted, in all five games.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import pygame

from games.core.engine import Action, GameRules, IllegalAction
from games.core.i18n import tr
from games.ui import cards, drawn, widgets, theme
from games.ui.motion import Motion


def _no_paint(view: "TableView") -> None:
    raise TypeError(f"{type(view).__name__} overrides neither paint nor paint_steps")


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

    def tr(self, key: str, **params: Any) -> str:
        return tr(key, self.lang, **params)

    def seat_name(self, seat: int | None) -> str:
        if seat is None or not (0 <= seat < len(self.names)):
            return "—"
        return self.names[seat]


@dataclass
class Interaction:
    """What the pointer is doing, for the view to draw (set by the play scene)."""

    t: float = 0.0
    mouse: tuple[int, int] = (0, 0)
    dragging: str | None = None
    selected: str | None = None
    glowing: set = field(default_factory=set)
    hidden: str | None = None  # piece not to draw in place (being dragged / snapping)


class GameController:
    """Turns gestures into actions; holds no rules of its own."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.local: dict[str, Any] = {}  # UI-only state the view may read

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

    def describe(self, action: Action, view: dict) -> str:
        """A short text for the log line of an action (default: its text form)."""
        return str(action)


class TableView:
    """Base class of a game's table drawing; subclasses override ``build`` and ``paint``."""

    card_size = (150, 210)
    banner_y = 84  # where the play scene shows the latest announcements
    reason_y = 780  # bottom of the message that says why a move was refused
    # Announcements get a zone of their own, never over controls or counts (games set it);
    # the reason for a refused move shows in ``reason_rect`` (default: the same zone).
    banner_rect: pygame.Rect | None = None
    reason_rect: pygame.Rect | None = None
    # The next move's table may be painted ahead while this view's own animation runs
    # (``update`` says True): its ``fork`` is the view as it will be once they end (DX-3).
    forks_while_moving = False
    # What a rebuild, ``on_events`` or a paint changes in place: a fork gets its own shallow
    # copy of each (a view adds its own, e.g. a panel cache the live table may repaint while
    # the fork paints; sharing one thrashes it or repaints a surface the other shows).
    fork_copies: tuple[str, ...] = ("pieces", "zones", "_hover_rects")

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
        self.drew: list | None = None  # what the last ``draw`` drew, when noted (games/ui/drawn.py)

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
        with drawn.noting(surf) as notes:
            self.prepare(ix)
            self.motion.begin_frame()
            with self.motion.active():
                self.paint(surf, ix)
            self.motion.end_frame(surf)
            self.draw_over(surf, ix)
        self.drew = notes

    def prepare(self, ix: Interaction) -> None:
        """Every frame, before the table is drawn (painted or kept): note what the frame's
        pointer state means for this view."""

    def paint_layer(self, layer: pygame.Surface, ix: Interaction) -> None:
        """Paint the table into ``layer`` (the felt already there) without what flies: the
        play scene keeps it and shows it again while nothing it shows changes (DX-2)."""
        for _ in self.paint_layer_steps(layer, ix):
            pass

    def paint_layer_steps(self, layer: pygame.Surface, ix: Interaction,
                          faces: list | None = None) -> Iterator[None]:
        """``paint_layer`` a step at a time (``paint_steps``): the play scene paints the
        next move's table ahead this way, a step per frame (DX-3).  ``faces``: the face-up
        cards drawn are written there instead of into this frame's draw log."""
        rects: list[pygame.Rect] = []
        self.motion.begin_frame()
        steps = self.paint_steps(layer, ix)
        while True:
            with self.motion.active(), widgets.noting_hover(rects), cards.DRAW_LOG.into(faces):
                more = next(steps, StopIteration) is not StopIteration
            if not more:
                break
            yield
        self.motion.end_frame()
        self.motion.keep()
        self._hover_rects = rects

    def layer_key(self, ix: Interaction) -> tuple:
        """Everything besides the view that ``paint`` reads: a kept layer painted with the
        same key (and no motion since, see ``Motion.keepable``) shows what ``paint`` would."""
        x, y = ix.mouse
        return (self.generation, self.viewer, self.ctx.lang, self.ctx.log_scroll, ix.hidden, ix.dragging,
                ix.selected, frozenset(ix.glowing), tuple(r.collidepoint(x, y) for r in self._hover_rects),
                self.hover_key(ix))

    def still(self, moving: bool) -> bool:
        """May a kept layer stand for ``paint`` now?  ``moving``: what ``update`` said (the
        view's own animation runs, bots wait).  A view whose busy time only shows or hides
        something at set moments puts that in its ``layer_key`` and says True."""
        return not moving

    def settled(self) -> list[pygame.Rect]:
        """Where the view's own flights (drawn over the kept layer) have landed since the
        layer was painted: only there is it painted again (the motion layer's own cards
        say so themselves, ``Motion.landed``)."""
        return []

    def hover_key(self, ix: Interaction) -> tuple:
        """What else ``paint`` draws differently under the pointer (the buttons it draws are
        noted by themselves): e.g. the cells a hovered card would fill."""
        return ()

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
        """Advance the view's own animations; True while one runs (bots wait for it)."""
        return False

    def skip_animations(self) -> None:
        """Land every animation at once (a press on the table, or reduced motion)."""
        self.motion.finish()

    def prerender(self) -> int:
        """Paint ahead, when the scene is built, the art this table can show (card faces
        at their layout sizes), so no frame paints a card for the first time when a move
        lands; returns the bytes it holds (bounded by the painters' byte limits)."""
        return 0

    # --- for subclasses --------------------------------------------------------------
    def build(self) -> None:
        """Add pieces and zones with ``add_piece``/``add_zone`` from ``self.view``."""

    def paint(self, surf: pygame.Surface, ix: Interaction) -> None:
        """Draw the table (pieces in place except ``ix.hidden``): a view overrides this or
        ``paint_steps``."""
        for _ in self.paint_steps(surf, ix):
            pass

    def paint_steps(self, surf: pygame.Surface, ix: Interaction) -> Iterator[None]:
        """``paint`` in steps of well under a millisecond each (a seat, the field, the log):
        a view yields between the parts it paints, so the next move's table can be painted
        ahead a step per frame while the move waits (DX-3).  Only ``paint`` draws anything
        (the default: all of it in one step)."""
        type(self).paint is not TableView.paint or _no_paint(self)
        self.paint(surf, ix)
        yield

    def fork(self, ctx: "TableContext", controller: GameController) -> "TableView":
        """A copy of this view to lay out and paint the next state ahead (DX-3), as it will
        be when what runs now has ended (the move lands only then): it shares what is only
        a cache (card painters, cached panels and art: they are keyed by what they show)
        and copies what a rebuild, ``on_events`` or a paint changes in place
        (``fork_copies``); its motion layer has every card where it lands.  A view whose
        own animations run extends this (and may set ``forks_while_moving``); ``caught_up``
        then gives it the live view's running clocks."""
        twin = copy.copy(self)
        twin.ctx, twin.controller = ctx, controller
        for name in self.fork_copies:
            setattr(twin, name, copy.copy(getattr(self, name)))
        twin.motion = self.motion.fork()
        return twin

    def retire(self) -> None:
        """This view is no longer drawn (a fork replaced it, or a fork was not needed): drop
        what ties it to itself (its pieces' paint closures, its motion layer's flights), so
        it and what only it holds (a changed seat panel's surface) are freed at once rather
        than at the collector's next full pass: in a Suma demo game that held 20–30 MiB."""
        self.pieces, self.zones = [], []
        self.motion = Motion()

    def caught_up(self, live: "TableView") -> None:
        """This fork replaces ``live`` now (the move it was painted for has landed): take
        over the clocks ``live`` kept running since the fork (a view's own pulse or
        animation clock), shifting what this fork started to now."""

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
