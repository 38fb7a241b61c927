"""The drawing contract: what a game's table view and controller implement.

A game's **table view** (games/<id>/ui/view.py, a ``TableView`` subclass) draws the table
from a seat's *view* dict (``rules.view(state, seat)``; it never sees the state).  It
implements:

* ``build()``: lay out *pieces* (``add_piece``: what can be picked up) and *zones*
  (``add_zone``: where to drop or click) from ``self.view``;
* ``paint(surf, ix)``: paint the table, pieces in place except ``ix.hidden`` (or
  ``paint_steps``: the same, yielding between parts);
* ``draw_over(surf, ix)``: what follows the pointer or a clock every frame (call super:
  the glows and the selection);
* ``on_events(events)``: start travel and moments for the last action's events
  (games/ui/motion.py);
* ``status_line()``; ``update(dt)`` only if it animates by itself.

Its **controller** (games/<id>/ui/controller.py, a ``GameController`` subclass) turns a
gesture into an Action: ``action_for(view, piece, zone)`` (a drop, or a click with
``piece`` None), ``on_command`` for local UI state; the hooks the setup, results, demo and
benchmark screens ask are declared on ``GameController`` with their defaults.

The play scene does the rest alike for every game: a press picks a piece up; while it is
dragged, zones whose action is legal glow; a release over a zone applies the action if
legal, else the piece snaps back and the rules' reason is shown; a release without moving
selects the piece and a click on a zone then acts as the drop (touch screens).

Keeping the painted table, painting a bot's move ahead, forks and adoption are shared
machinery (games/app/play_draw.py, games/app/ahead.py, games/ui/motion.py), explained in
docs/architecture.md.  A view that animates by itself may tell it more through the
optional hooks below (``still``, ``settled``, ``paint_key``, ``fork_ended``,
``fork_copies``, ``caught_up``, ``prerender``); their defaults fit a view that
does not.

- TABLE-1 (perf) A panel a view caches that lies on the plain felt is kept opaque, painted
  on the felt (the scene fills the canvas with the felt first): the same pixels for less
  work (tests/test_frames_layers.py; docs/architecture.md).
- TABLE-2 (perf) The painted table is kept in one layer and shown again while nothing it
  shows changed (``layer_key``: the layout, the pointer state and ``paint_key``;
  ``Motion.keepable``, ``still``); flights and what follows
  the pointer are drawn over it (docs/architecture.md "Keeping the painted table";
  tests/test_kept_layer.py; ``TABLE_KEEP_LAYER=0`` paints every frame).
- TABLE-3 (perf) A bot's move is laid out on a ``fork`` of the table view and painted ahead
  (``paint_steps``) while it waits; the landing frame adopts it (games/app/ahead.py;
  docs/architecture.md "Painting a bot's move ahead"; tests/test_kept_layer.py).
- TABLE-4 (issue 32) A spectator (the store demo) is never shown a player's prompt ("Your
  hand (drag …)"): ``TableContext.tr`` says ``spectator.<key>`` instead where it exists
  (data/i18n/spectator.yaml), about ``{watched}``, the seat whose view is on the table; the
  games' views keep asking for their usual keys.
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pygame

from games.core.engine import Action, GameRules, IllegalAction
from games.core.i18n import has, tr
from games.ui import cards, drawn, theme, widgets
from games.ui.motion import Motion


def _no_paint(table: TableView) -> None:
    raise TypeError(f"{type(table).__name__} overrides neither paint nor paint_steps")


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
    spectator: bool = False  # nobody at this table plays (the store demo): TABLE-4
    watched: str = ""  # the seat whose view a spectator is shown

    def tr(self, key: str, **params: Any) -> str:
        """The text of ``key``; a spectator's variant where there is one (TABLE-4)."""
        if self.spectator and has("spectator." + key):
            return tr("spectator." + key, self.lang, **{**params, "watched": self.watched})
        return tr(key, self.lang, **params)

    def seat_name(self, seat: int | None) -> str:
        if seat is None or not (0 <= seat < len(self.names)):
            return "—"
        return self.names[seat]


@dataclass
class Interaction:
    """What the pointer is doing, for the table view to draw (set by the play scene)."""

    t: float = 0.0
    mouse: tuple[int, int] = (0, 0)
    dragging: str | None = None
    selected: str | None = None
    glowing: set = field(default_factory=set)
    hidden: str | None = None  # piece not to draw in place (being dragged / snapping)


class GameController:
    """Turns gestures into actions; holds no rules of its own.

    Every hook the app asks a game for is declared here with its default; a game's
    ``Controller`` overrides only those it needs."""

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
        self.local: dict[str, Any] = {}  # UI-only state the table view may read

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
    # What a ``fork`` (TABLE-3) has instead of this table view's own running animations: each
    # attribute's value once they have ended (a fresh copy per fork).  A table view that
    # declares some may be forked while they run (``forks_while_moving``).
    fork_ended: dict[str, Any] = {}
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
        play scene keeps it and shows it again while nothing it shows changes (TABLE-2)."""
        for _ in self.paint_layer_steps(layer, ix):
            pass

    def paint_layer_steps(self, layer: pygame.Surface, ix: Interaction,
                          faces: list | None = None) -> Iterator[None]:
        """``paint_layer`` a step at a time (``paint_steps``): the play scene paints the
        next move's table ahead this way, a step per frame (TABLE-3).  ``faces``: the face-up
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
        """Everything besides the view dict that ``paint`` reads: a kept layer painted with the
        same key (and no motion since, see ``Motion.keepable``) shows what ``paint`` would."""
        x, y = ix.mouse
        return (self.generation, self.viewer, self.ctx.lang, self.ctx.log_scroll, ix.hidden, ix.dragging,
                ix.selected, frozenset(ix.glowing), tuple(r.collidepoint(x, y) for r in self._hover_rects),
                self.paint_key(ix))

    def still(self, moving: bool) -> bool:
        """May a kept layer stand for ``paint`` now?  ``moving``: what ``update`` said (the
        view's own animation runs, bots wait).  A view whose busy time only shows or hides
        something at set moments puts that in its ``paint_key`` and says True."""
        return not moving

    def settled(self) -> list[pygame.Rect]:
        """Where the table view's own flights (drawn over the kept layer) have landed since the
        layer was painted: only there is it painted again (the motion layer's own cards
        say so themselves, ``Motion.landed``)."""
        return []

    def paint_key(self, ix: Interaction) -> tuple:
        """What else ``paint`` shows that the view dict and the pointer state do not decide
        (the buttons it draws note the pointer by themselves): e.g. the cells a hovered card
        would fill, or a step of the table view's own animation painted into the table."""
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
        """Advance the table view's own animations; True while one runs (bots wait for it)."""
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
        ahead a step per frame while the move waits (TABLE-3).  Only ``paint`` draws anything
        (the default: all of it in one step)."""
        type(self).paint is not TableView.paint or _no_paint(self)
        self.paint(surf, ix)
        yield

    def fork(self, ctx: TableContext, controller: GameController) -> TableView:
        """A copy of this view to lay out and paint the next state ahead (TABLE-3), as it will
        be when what runs now has ended (the move lands only then): it shares what is only
        a cache (card painters, cached panels and art: they are keyed by what they show)
        and copies what a rebuild, ``on_events`` or a paint changes in place
        (``fork_copies``); its motion layer has every card where it lands, and the view's
        own animations have ended (``fork_ended``); ``caught_up`` then gives it the live
        table view's running clocks."""
        twin = copy.copy(self)
        twin.ctx, twin.controller = ctx, controller
        for name in self.fork_copies:
            setattr(twin, name, copy.copy(getattr(self, name)))
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
