"""Motion with meaning: tweens, card travel, flips, counters and moments for every game.

The engine applies an action at once; only the drawing catches up.  A view keeps drawing
the *current* view dict and this layer moves each piece from where it was drawn last to
where it is drawn now (ease-out, 150–400 ms), flips cards that turn face up, counts
numbers up, and plays *moments*: 1–2 s full-table announcements (a burst, a bust, a win)
that everyone at the table notices.

How a view opts in (``TableView`` owns ``self.motion``, the play scene drives it):

* **Cards travel by themselves.**  Every card drawn through ``CardPainter.draw`` while the
  table draws is keyed by its card id (face-up cards) or by the ``key=`` given for a back
  (e.g. ``key=f"back:{seat}:{i}"``).  When the layout changes after a new state (the
  first frame drawn after ``TableView.rebuild``), a key drawn last frame at another rect
  travels from there; a dragged card travels from where it was dropped.
* **Pieces that are not plain cards** (a unit with badges, a witch, a cube) ask
  ``rect = self.motion.place(key, rect)`` and draw everything at the returned rect.
* **Cards that come from somewhere not drawn as them** (a deck, another player's hidden
  hand) are announced in ``on_events``: ``self.motion.expect(key, origin_rect,
  face_up=False, delay=0.06 * i)`` — they travel from the origin and flip if they land
  face up.
* **Numbers count up**: ``str(self.motion.count("total", v["total"]))``.
* **Moments**: ``self.motion.moment(Moment(title, lines, colour=..., paint=fn))`` in
  ``on_events``; ``paint(surf, band_rect, u)`` may draw game content (spilled cards,
  cubes) inside the band, ``u`` going 0 → 1 over the moment.

Rules kept here for every game: the game state never waits (bots wait for the table,
people never do: a press finishes every travel at once, a click or Space skips a moment);
durations follow the bot-speed setting (``speed``); ``reduced`` draws end states at once
and plays no moment (the banner and log still say what happened); the clock is the play
scene's ``dt``, so headless tests are deterministic.  Secrecy: a travelling card shows its
face only if the view asked for its face (the first half of a flip is its back), and all
of it goes through the painter's draw log.  Travel memory is dropped when the viewer
changes (nothing travels across a pass-and-play curtain).  Per frame: a dict lookup per
card, a scaled blit only for cards in flight; moments render their text once and darken
the table with one multiply fill.

Decisions beyond the issue (MOTION-n):

- MOTION-1 The click that skips a moment does only that (its release is swallowed), so a
  click meant to skip never plays a card; travel never swallows a press.
- MOTION-2 The table's clock stands still under a moment (the cards dealt after a burst fly
  once it is over) and bots wait for it; a moment may wait for the table first
  (``delay``: Fuji's cube reveal, a card landing in the trick).
- MOTION-3 Reduced motion shows no moment at all; the banner, the log and the results say
  the same.  The pause before the results stays (1.6 s) without the winner moment.
- MOTION-4 Instant mode (headless tests, the benchmark) keeps travel and flips — the UI tests'
  draw log then checks animated draws too — but plays no moment, so no click is taken.
- MOTION-5 Moments are public news: they show over the pass-and-play curtain too.
- MOTION-6 A counter may snap down instead of counting (Toutomi's total back to 0).
- MOTION-7 (perf) A moment due at once (no ``delay``: Brujas' witch swap, a winner) whose art
  is not made yet holds the table and makes a piece a frame, starting (``t0``) when it is
  ready, 2-5 frames later: no frame makes more than one piece.
- MOTION-8 (perf) Moment frames make nothing: the band is drawn into one kept 1920x560 canvas
  (a new 4 MiB surface is mapped and zeroed, 1.5-2 ms; ``BANDS_BYTES``), the title's pop-in
  is smoothscaled across then down into two buffers made with the title (the same pixels,
  a quarter of the time: one call maps a new surface and scratch), and the table is
  darkened above and below the band once the band is opaque (tests/test_moment_frames.py).
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import NamedTuple

import pygame

from games.ui import text, theme
from games.ui.moment_art import (  # noqa: F401
    _DRAWN,
    _SURFS,
    BAND_ROWS,
    BANDS_BYTES,
    LINE_SIZE,
    POP_MAX,
    _art,
    _band,
    _band_ready,
    _fitted,
    _paint_band,
    _prepare_piece,
    _scaled,
    confetti,
)

TRAVEL = 0.3  # seconds for a card to travel (times the speed factor: 0.18–0.39 s)
COUNT = 0.45  # a number counting up
MOMENT = 1.6  # a moment (times the speed factor: about 1–2 s)
STAGGER = 0.07  # between cards dealt together
SPEED = {"slow": 1.3, "normal": 1.0, "fast": 0.6}  # bot-speed setting -> duration factor
MIN_MOVE = 3  # pixels: smaller layout changes snap
EPS = 1e-6  # float time sums: 0.999999 of the way is there
TITLE_H, LINE_H = 170, 56  # a moment's band: title, then content, then lines (LINE_SIZE: moment_art)

_ACTIVE: list[Motion] = []


def current() -> Motion | None:
    """The motion layer of the table being drawn now (None outside a table draw)."""
    return _ACTIVE[-1] if _ACTIVE else None


def ease_out(u: float) -> float:
    """Cubic ease-out: fast start, soft landing (0 → 0, 1 → 1)."""
    u = max(0.0, min(1.0, u))
    return 1 - (1 - u) ** 3


def lerp(a: float, b: float, u: float) -> float:
    return a + (b - a) * u


def lerp_rect(a: pygame.Rect, b: pygame.Rect, u: float) -> pygame.Rect:
    """The rect between ``a`` and ``b`` (position and size) at ``u`` in 0..1."""
    return pygame.Rect(round(lerp(a.x, b.x, u)), round(lerp(a.y, b.y, u)),
                       max(1, round(lerp(a.w, b.w, u))), max(1, round(lerp(a.h, b.h, u))))


@dataclass
class Tween:
    """A value from ``a`` to ``b`` starting at ``t0`` for ``duration`` seconds, eased out."""

    a: float
    b: float
    t0: float
    duration: float

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0
        u = (now - self.t0) / self.duration
        return 1.0 if u >= 1 - EPS else max(0.0, u)

    def value(self, now: float) -> float:
        return lerp(self.a, self.b, ease_out(self.progress(now)))

    def done(self, now: float) -> bool:
        return self.progress(now) >= 1.0


class Placed(NamedTuple):
    """Where and how to draw a piece this frame."""

    rect: pygame.Rect  # where (squeezed horizontally while a card flips)
    face: bool  # draw the face (False: the back, e.g. the first half of a flip)
    base: tuple[int, int]  # the size to render (and cache) the art at, scaled to ``rect``
    moving: bool = False  # in flight: drawn over the table (``defer``), not under it
    waiting: bool = False  # dealt later (still in the deck): not drawn yet


@dataclass
class _Move:
    start: pygame.Rect
    end: pygame.Rect
    t0: float
    duration: float
    flip: bool
    face: bool = True  # face up where it lands


@dataclass
class Moment:
    """A full-table announcement: a big title, a few lines, optional game content."""

    title: str
    lines: tuple[str, ...] = ()
    colour: tuple = theme.ACCENT
    paint: Callable[[pygame.Surface, pygame.Rect, float], None] | None = None
    duration: float = MOMENT
    kind: str = ""  # for tests and tools ("burst", "winner", ...)
    content: int = 0  # pixels between title and lines for ``paint`` (cards, cubes)
    backdrop: Callable[[pygame.Surface, pygame.Rect, float], None] | None = None  # under the text
    delay: float = 0.0  # table seconds to wait before showing (e.g. after a reveal)
    t0: float | None = None  # when it started showing (scene clock)
    _art: dict = field(default_factory=dict, repr=False)

    def band(self, height: int, top: int) -> pygame.Rect:
        """The full-width band, centred on the table below the top bar."""
        h = TITLE_H + self.content + LINE_H * len(self.lines) + 40
        r = pygame.Rect(0, 0, theme.W, h)
        r.center = (theme.W // 2, top + (height - top) // 2)
        return r


class Motion:
    """Per-table motion state; the play scene calls ``tick`` and draws ``draw_moment``."""

    def __init__(self) -> None:
        self.speed = 1.0
        self.reduced = False
        self.moments_on = True  # off in instant (test) mode: nothing may catch a click there
        self.skip_hint = ""  # "Click to skip", in the person's language (set by the play scene)
        self.now = 0.0  # table time: stands still while a moment shows
        self.clock = 0.0  # scene time
        self.viewer: object = None
        self._drawn: dict[str, tuple[pygame.Rect, bool]] = {}
        self._frame: dict[str, tuple[pygame.Rect, bool]] = {}
        self._moves: dict[str, _Move] = {}
        self._expect: dict[str, tuple[pygame.Rect, bool, float]] = {}
        self._counts: dict[str, Tween] = {}
        self._armed = self._arm_next = False
        # cards in flight this frame: (key, laid-out rect, face up, draw(surf, placed)),
        # drawn over the table and again over a kept layer (``replay``)
        self._flights: list[tuple[str, pygame.Rect, bool, Callable, Placed]] = []
        self._kept: tuple[dict, list, frozenset] | None = None  # (placements, flights, counters) of the kept layer
        self._live = False  # a piece not drawn through a painter moved this frame
        self._painting = False  # inside begin_frame .. end_frame (the table's paint)
        self._paint_counts: set[str] = set()  # counters the paint showed (kept with the layer)
        self.queue: list[Moment] = []
        self.shown: list[str] = []  # kinds of the moments shown (bounded; tests, tools)

    # --- the play scene's side ------------------------------------------------------------
    def configure(self, speed: str, reduced: bool) -> None:
        self.speed = SPEED.get(speed, 1.0)
        if reduced and not self.reduced:
            self.finish()
            self.queue.clear()
        self.reduced = reduced

    def rebuilt(self, viewer: object) -> None:
        """A new layout: the next frame drawn may start travel (from the last frame)."""
        if viewer != self.viewer:
            self.viewer = viewer
            self._drawn.clear()
            self._frame.clear()
            self._moves.clear()
            self._expect.clear()
        self._arm_next = not self.reduced

    def tick(self, dt: float) -> None:
        """Advance time; the table's clock stands still while a moment shows.

        While the next moment waits for the table (its ``delay``), one piece of its art
        (band, title, a line) is made per frame, so its first frame only blits."""
        self.clock += dt
        m = self.moment_now()
        if m is None:
            self.now += dt
            if self.queue and self.queue[0].t0 is None:
                _prepare_piece(self.queue[0])
            return
        if m.t0 is None:
            m.t0 = self.clock
        if self.clock - m.t0 >= m.duration * self.speed - EPS:
            self.queue.pop(0)

    def moment_now(self) -> Moment | None:
        """The moment showing now (its delay in table time has passed)."""
        if not self.queue:
            return None
        m = self.queue[0]
        if m.t0 is None and self.now < m.delay:
            return None  # waits for the table (e.g. a draw still being revealed)
        return m

    def busy(self) -> bool:
        """Something still moves or a moment shows (bots wait; people never do)."""
        if self.queue:
            return True
        if any(self.now < mv.t0 + mv.duration - EPS for mv in self._moves.values()):
            return True
        return any(not tw.done(self.now) for tw in self._counts.values())

    def finish(self) -> None:
        """Every travel and count lands at once (a press on the table); a moment that
        waited for the table shows now."""
        self._moves.clear()
        self._expect.clear()
        for m in self.queue:
            m.delay = min(m.delay, self.now)
        for key, tw in self._counts.items():
            self._counts[key] = Tween(tw.b, tw.b, self.now, 0.0)

    def settle(self) -> None:
        """The layout just built shows at rest: nothing travels to it, numbers show their
        values, no moment waits (a replay's jump to another move, games/app/replay.py)."""
        self._drawn.clear()
        self._frame.clear()
        self._moves.clear()
        self._expect.clear()
        self._counts.clear()
        self.queue.clear()
        self._arm_next = False

    def skip_moment(self) -> bool:
        """A click or Space: the moment showing ends now; True if there was one."""
        m = self.moment_now()
        if m is None:
            return False
        self.queue.pop(0)
        return True

    # --- a table painted ahead (games/ui/table.py TABLE-3) -------------------------------------
    def fork(self) -> Motion:
        """A copy that lays out and paints the next state ahead without touching this one,
        as it will be once what runs now has ended (the move it paints lands only then):
        cards still travelling are where they land, numbers show their end values.  Taken
        while no moment is queued (see ``caught_up``)."""
        twin = copy.copy(self)
        twin._drawn, twin._frame, twin._expect = dict(self._drawn), dict(self._frame), dict(self._expect)
        for key, mv in self._moves.items():
            if key in twin._frame:
                twin._frame[key] = (pygame.Rect(mv.end), mv.face)
        twin._moves = {}
        twin._counts = {k: Tween(tw.b, tw.b, self.now, 0.0) for k, tw in self._counts.items()}
        twin._flights, twin.queue, twin.shown = [], [], list(self.shown)
        twin._paint_counts = set()
        twin._kept = None
        return twin

    def caught_up(self, live: Motion) -> None:
        """This fork replaces ``live`` now: what it started (travel, counts, moments waiting
        for the table) starts now, not when it was painted; its clocks are the live ones."""
        shift = live.now - self.now
        for mv in self._moves.values():
            mv.t0 += shift
        for key, tw in list(self._counts.items()):
            self._counts[key] = Tween(tw.a, tw.b, tw.t0 + shift, tw.duration)
        for m in self.queue:
            if m.t0 is None and m.delay:
                m.delay += shift
        self.now, self.clock = live.now, live.clock
        self.speed, self.reduced, self.moments_on, self.skip_hint = live.speed, live.reduced, live.moments_on, \
            live.skip_hint

    # --- the view's side ------------------------------------------------------------------
    def moment(self, m: Moment) -> None:
        """Queue a moment (none in reduced motion or instant mode)."""
        if self.reduced or not self.moments_on:
            return
        if m.delay:
            m.delay += self.now  # kept as an absolute table time
        self.queue.append(m)
        self.shown.append(m.kind or m.title)
        del self.shown[:-50]
        del self.queue[:-4]

    def expect(self, key: str, origin: pygame.Rect, face_up: bool = False, delay: float = 0.0) -> None:
        """``key`` appears next frame: let it travel from ``origin`` (e.g. the deck)."""
        if not self.reduced:
            self._expect[key] = (pygame.Rect(origin), face_up, delay)

    def count(self, key: str, value: int, down: bool = True) -> int:
        """The number to show for ``value``: counts up (and down, unless ``down`` is False:
        then a lower value, e.g. a reset to 0, shows at once)."""
        if self._painting:
            self._paint_counts.add(key)
        tw = self._counts.get(key)
        if tw is None or self.reduced or (not down and value < tw.b):
            self._counts[key] = Tween(value, value, self.now, 0.0)
            return value
        if tw.b != value:
            tw = self._counts[key] = Tween(tw.value(self.now), value, self.now, COUNT * self.speed)
        return round(tw.value(self.now))

    def place(self, key: str, rect: pygame.Rect, face_up: bool = True,
              replay: Callable[[pygame.Surface, Placed], None] | None = None) -> Placed:
        """Where to draw ``key`` laid out at ``rect`` this frame (records it for the next).

        ``replay(surf, placed)``: how to draw the piece by itself while it travels (a card
        painter's blit), so it can fly over a kept layer of the table (``keep``/``replay``);
        a piece placed without it that moves makes the table draw itself every frame."""
        rect = pygame.Rect(rect)
        if key in self._frame:  # a second copy this frame (e.g. a zoomed tooltip): as laid out
            return Placed(rect, face_up, rect.size)
        placed = self._place(key, rect, face_up)
        if placed.moving:
            if replay is None:
                self._live = True
            else:
                self._flights.append((key, rect, face_up, replay, placed))
        return placed

    def _place(self, key: str, rect: pygame.Rect, face_up: bool) -> Placed:
        if self._armed and not self.reduced:
            self._start(key, rect, face_up)
        mv = self._moves.get(key)
        if mv is None:
            self._frame[key] = (rect, face_up)
            return Placed(rect, face_up, rect.size)
        u = 1.0 if mv.duration <= 0 else (self.now - mv.t0) / mv.duration
        if u >= 1 - EPS:
            del self._moves[key]
            self._frame[key] = (rect, face_up)
            return Placed(rect, face_up, rect.size)
        if u < 0:  # still in the deck, waiting its turn to be dealt
            self._frame[key] = (mv.start, False)
            return Placed(mv.start, False, rect.size, True, True)
        shown = lerp_rect(mv.start, rect, ease_out(u))
        self._frame[key] = (shown, face_up)
        if not mv.flip:
            return Placed(shown, face_up, rect.size, True)
        squeeze = abs(1 - 2 * u)  # 1 → 0 (edge on) → 1
        flat = pygame.Rect(0, 0, max(1, round(shown.w * squeeze)), shown.h)
        flat.center = shown.center
        return Placed(flat, face_up and u >= 0.5, rect.size, True)

    def _start(self, key: str, rect: pygame.Rect, face_up: bool) -> None:
        """Start travel for ``key``: from an announced origin, else from its last place."""
        mv = self._moves.get(key)
        if mv is not None and mv.end == rect:
            return
        dur = TRAVEL * self.speed
        origin = self._expect.pop(key, None)
        if origin is not None:  # announced (a deal from the deck): beats a slot's last place
            o_rect, o_face, delay = origin
            self._moves[key] = _Move(o_rect, rect, self.now + delay * self.speed, dur, face_up and not o_face,
                                    face_up)
            return
        prev = self._drawn.get(key)
        if prev is None:
            return
        p_rect, p_face = prev
        far = abs(p_rect.x - rect.x) + abs(p_rect.y - rect.y) > MIN_MOVE or p_rect.size != rect.size
        flip = face_up and not p_face
        if far or flip:
            self._moves[key] = _Move(p_rect, rect, self.now, dur, flip, face_up)

    @contextmanager
    def active(self) -> Iterator[Motion]:
        """Card painters place their cards through this layer inside the block."""
        _ACTIVE.append(self)
        try:
            yield self
        finally:
            _ACTIVE.pop()

    def begin_frame(self) -> None:
        """Called once per drawn frame, before anything is placed."""
        if self._frame:
            self._drawn = self._frame
        self._frame = {}
        self._flights = []
        self._live = False
        self._painting = True
        self._paint_counts = set()
        if len(self._moves) > 64:  # pieces that left the table mid-flight: forget them
            self._moves = {k: mv for k, mv in self._moves.items() if k in self._drawn}
        self._armed, self._arm_next = self._arm_next, False

    def flush(self, surf: pygame.Surface) -> None:
        """Draw the cards in flight now (over everything drawn so far)."""
        flights, self._flights = self._flights, []
        _draw_flights(surf, flights)

    def end_frame(self, surf: pygame.Surface | None = None) -> None:
        """Draw the cards in flight (on ``surf``, or later: ``keep``); expected keys that
        did not show up are forgotten."""
        self._painting = False
        if surf is not None:
            self.flush(surf)
        if self._armed:
            self._expect.clear()

    # --- a kept layer of the table (games/app/play.py draws it again while nothing changes)
    def keep(self) -> None:
        """The table was just painted into a layer without its flights: remember the
        placements and flights of this frame, so ``replay`` can draw the next frames."""
        flights = [f for f in self._flights if f[0] in self._moves]
        flying = {f[0] for f in flights}
        kept = {k: v for k, v in self._frame.items() if k not in flying}
        self._kept = (kept, flights, frozenset(self._paint_counts))
        self._flights = []
        self._armed = False  # travel was started in this frame (if any): done

    def keepable(self) -> bool:
        """The kept layer still shows the table as it is now (but for the cards that landed
        since, see ``landed``): no piece outside a painter moved when it was painted, no
        number it shows counts."""
        if self._kept is None or self._live or self._armed or self._arm_next:
            return False
        if any(not self._counts[k].done(self.now) for k in self._kept[2]):
            return False  # a number the layer shows is still counting (one drawn over it may)
        return True

    def landed(self) -> list[pygame.Rect]:
        """Where cards that flew over the kept layer have landed since it was painted (their
        laid-out rects, with a card's shadow): only there does the layer lack them."""
        out = []
        for key, rect, _face, _draw, _placed in self._kept[1]:
            mv = self._moves.get(key)
            if mv is None or self.now >= mv.t0 + mv.duration - EPS:
                out.append(rect.inflate(48, 48))  # with a shadow, a unit's arrows and badges
        return out

    def fly_over(self, surf: pygame.Surface) -> None:
        """The flights of the frame just painted into the kept layer, over it."""
        _draw_flights(surf, self._kept[1])

    def replay(self, surf: pygame.Surface) -> None:
        """A frame over the kept layer: the same bookkeeping as a painted frame (so travel
        after it starts from where things were shown), its flights drawn where they are now."""
        kept, flights, _counts = self._kept
        self._drawn = self._frame
        self._frame = dict(kept)
        self._armed = False
        for key, rect, face_up, draw, _placed in flights:
            placed = self._place(key, rect, face_up)
            if placed.moving and not placed.waiting:
                draw(surf, placed)

    # --- drawing a moment -----------------------------------------------------------------
    def draw_moment(self, surf: pygame.Surface, top: int = 76) -> None:
        """The moment showing now, over the table (the top bar stays visible); it only
        blits what was made ahead (MOTION-7, MOTION-8)."""
        m = self.moment_now()
        if m is None or m.t0 is None:
            return
        if not _prepare_piece(m):  # its art not made yet (a moment due at once): the table
            m.t0 = self.clock      # waits for it (held), the moment starts when it is ready
            return
        u = max(0.0, min(1.0, (self.clock - m.t0) / max(0.01, m.duration * self.speed)))
        shade = int(255 - 170 * min(1.0, u / 0.08))  # darken the table (a multiply: cheap)
        band = m.band(surf.get_height(), top)
        fade = min(1.0, u / 0.06)
        w, h = surf.get_width(), surf.get_height()
        dark = (shade, shade, min(255, shade + 8))
        if fade >= 1:  # the opaque band covers its rows: darken only above and below it
            surf.fill(dark, (0, top, w, band.top - top), special_flags=pygame.BLEND_RGB_MULT)
            surf.fill(dark, (0, band.bottom, w, h - band.bottom), special_flags=pygame.BLEND_RGB_MULT)
        else:
            surf.fill(dark, (0, top, w, h - top), special_flags=pygame.BLEND_RGB_MULT)
        panel = _band(band.size, m.colour, m)
        panel.set_alpha(None if fade >= 1 else int(255 * fade))  # opaque once in: a plain copy
        surf.blit(panel, band)
        if m.backdrop is not None:
            m.backdrop(surf, band, u)
        self._draw_title(surf, m, band, u)
        if m.paint is not None:
            m.paint(surf, pygame.Rect(band.left, band.top + TITLE_H, band.width, m.content), u)
        y = band.top + TITLE_H + m.content + 6
        for line in m.lines:
            img = _art(m, ("line", line), lambda ln=line: _fitted(ln, LINE_SIZE, band.width - 240, theme.INK, False))
            surf.blit(img, img.get_rect(midtop=(band.centerx, y)))
            y += LINE_H
        bar = pygame.Rect(band.left + 120, band.bottom - 16, int((band.width - 240) * (1 - u)), 5)
        pygame.draw.rect(surf, m.colour, bar, border_radius=3)
        if self.skip_hint:
            text.draw(surf, self.skip_hint, (band.right - 40, band.bottom - 34), 24, theme.INK_DIM, False,
                      "midright")

    def _draw_title(self, surf: pygame.Surface, m: Moment, band: pygame.Rect, u: float) -> None:
        img = _art(m, "title", lambda: _fitted(m.title, 104, band.width - 420, m.colour, True))
        pop = min(1.0, u / 0.12)
        scale = 0.6 + 0.4 * ease_out(pop) + 0.06 * max(0.0, 1 - abs(pop - 0.8) * 5)
        if abs(scale - 1.0) > 0.01:
            w, h = img.get_size()
            img = _scaled(m, img, (max(1, int(w * scale)), max(1, int(h * scale))))
        surf.blit(img, img.get_rect(center=(band.centerx, band.top + TITLE_H // 2 + 10)))


def _draw_flights(surf: pygame.Surface, flights: list) -> None:
    """Flights as placed in the frame that registered them (a card still in the deck: not yet)."""
    for _key, _rect, _face, draw, placed in flights:
        if not placed.waiting:
            draw(surf, placed)
