"""Tooltips: what a symbol, counter, badge or card on a table means, in words.

- TIPS-1 A table's paint functions say what each thing they draw means where they draw it:
  ``tips.note(rect, key, **params)`` with an i18n key (rendered like an event, through the
  rules' ``event_text``: seat numbers become names, a card id its name).  Notes are kept with
  the layer that was painted (as the buttons' hover rects are), so a kept layer keeps its
  tips; outside a ``noting`` block a note costs one test and is dropped.  The topmost note
  under the pointer (the last one noted) is the one shown.
- TIPS-2 A tip's text may be made of texts: a parameter named ``<name>_key`` holds an i18n key
  whose text (rendered with the tip's other parameters) fills ``{<name>}`` (a card's effect
  line inside "name: effect").  Parameters are language-free (ids, numbers, seats, keys), so
  one note renders in either language and a test can render every tip in both.
- TIPS-3 When a tip shows (the play and replay scenes, ``Pointer``): after the pointer rests
  ``REST_SECONDS`` within ``STILL`` px, or a finger is held ``PRESS_SECONDS`` still on a touch
  screen (that press then neither drags, selects nor clicks: its release is swallowed).  It
  stays while the pointer stays on the thing it explains (a long press's until the next touch
  or move); a click or a key hides it until the pointer moves again.  Never while a button is held or
  a piece dragged, never behind the curtain, never in the store demo (nobody points there).
  No F1 variant: F1 opens the rules everywhere.
- TIPS-4 A tip is a small panel of text wrapped by phrase (games/ui/text.py) at ``SIZE`` (17 px
  at 1366x768, above the 14 px minimum), drawn over the table in the frame (the kept layer
  stands: no repaint).  It is placed beside the thing it explains (under, else over, right or
  left: the first side that fits in the window near the pointer), so it never covers it unless the
  thing is too big for a side to fit near the pointer: then under the pointer (over it on a
  touch screen, where the finger is), always inside the window.  Rendered panels are kept in
  a ``BytesLRU`` of ``CACHE_BYTES`` (games/core/bounded.py).
- TIPS-5 What must have a tip (tests/test_tips.py walks every game's tables for it): every card
  a table draws (face up: its name and what it does; face down: only what a back means, whose
  and how many, no card id of a secret) and every *symbolic* text it draws, a counter or a
  badge: at most 3 characters (spaces aside) or more than half of them not letters ("×3",
  "◎1", "7", "3/5", "a1").  The tip at a card's centre must be its own (at most 12 times its
  area; a hand of backs may share one).  Exempt: the game log's lines (sentences that explain
  themselves), the seats' names, and what an overlay's veil covers (drawn before a tip over
  most of the canvas).  The test sees what ``drawn`` notes: texts drawn with ``text.draw`` on
  the table; a label blitted from ``text.render`` (Qumasu's power badge) is noted by hand.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

import pygame

from games.core.bounded import BytesLRU, pixel_bytes
from games.ui import text, theme

REST_SECONDS = 0.4  # the pointer at rest this long shows the tip under it
PRESS_SECONDS = 0.5  # a finger held still this long shows it (touch screens)
STILL = 8  # px the pointer may wander and still rest (the play scene's drag threshold)
SIZE = 24  # text size on the 1920x1080 canvas (17 px at 1366x768)
WIDTH = 520  # widest line of a tip's text
PAD = 14
NEAR = 240  # px: a side of the thing further than this from the pointer is not "near"
CACHE_BYTES = 2 * 2**20  # rendered tip panels kept (a panel is 0.1-0.3 MiB)
_PANELS = BytesLRU(CACHE_BYTES, pixel_bytes)


class Tip(NamedTuple):
    """One note (TIPS-1): a plain tuple, cheap to make (a table notes hundreds per paint)."""
    rect: tuple[int, int, int, int]  # x, y, w, h on the table's canvas
    key: str  # i18n key of the text
    params: tuple[tuple[str, Any], ...] = ()  # (name, value) pairs for the text's fields

    def contains(self, pos: tuple[int, int]) -> bool:
        x, y, w, h = self.rect
        return x <= pos[0] < x + w and y <= pos[1] < y + h


_INTO: list[list[Tip]] = []  # the notes being collected, innermost last


@contextmanager
def noting(into: list[Tip]) -> Iterator[list[Tip]]:
    """Collect the tips noted inside the block into ``into``."""
    _INTO.append(into)
    try:
        yield into
    finally:
        _INTO.pop()


def note(rect, key: str, **params: Any) -> None:
    """Say what the thing drawn at ``rect`` means (TIPS-1)."""
    if _INTO:  # a Rect's own numbers are ints already (the common case, and the cheap one)
        _INTO[-1].append(Tip(tuple(rect) if type(rect) is pygame.Rect else (int(rect[0]), int(rect[1]),
                             int(rect[2]), int(rect[3])), key, tuple(params.items()) if params else ()))


def note_all(notes: list[Tip]) -> None:
    """Notes made once and kept by the table (a board's fixed places: cheaper than noting each)."""
    if _INTO:
        _INTO[-1].extend(notes)


def moved(notes: list[Tip], offset: tuple[int, int]) -> list[Tip]:
    """``notes`` taken on a panel's own surface, where the panel lies on the table (kept with
    the panel's picture and noted with ``note_all`` at each blit: a kept panel keeps its tips)."""
    dx, dy = offset
    return [Tip((x + dx, y + dy, w, h), t.key, t.params) for t in notes for x, y, w, h in (t.rect,)]


def at(tips: list[Tip], pos: tuple[int, int]) -> Tip | None:
    """The topmost tip under ``pos`` (the last noted), or None."""
    for tip in reversed(tips):
        if tip.contains(pos):
            return tip
    return None


def text_of(rules, tip: Tip, lang: str, names: list[str] | None = None) -> str:
    """A tip's words in ``lang`` (TIPS-2: ``<name>_key`` parameters are texts of their own)."""
    params = {k: v for k, v in tip.params if not k.endswith("_key")}
    for k, v in tip.params:
        if k.endswith("_key"):
            params[k[:-4]] = rules.event_text(v, params, lang, names)
    return rules.event_text(tip.key, params, lang, names)


# --- showing a tip (TIPS-3, TIPS-4) -------------------------------------------------------------
class Pointer:
    """Where the pointer asks for a tip: at rest, or held still by a finger (TIPS-3)."""

    def __init__(self) -> None:
        self.pos: tuple[int, int] | None = None  # where the pointer rests, since ``since``
        self.since = 0.0
        self.down = False  # a mouse button is held
        self.finger: tuple[tuple[int, int], float] | None = None  # a touch held: where, since when
        self.pressed: tuple[int, int] | None = None  # where a long press showed a tip (until a move)
        self.swallow = False  # the release of that long press is no click
        self.shown: Tip | None = None
        self.box: pygame.Rect | None = None  # where ``show`` drew it last (tests, tools)

    def handle(self, event: pygame.event.Event, t: float, stretch: Any = None) -> bool:
        """Follow ``event`` (``stretch``: the window's mapping to the canvas, games/ui/stretch.py);
        True when it must go no further (a long press's release)."""
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            if self.pos is None or _far(event.pos, self.pos) or self.down:
                self.pos, self.since = event.pos, t
                if self.pressed is not None and _far(event.pos, self.pressed):
                    self.pressed = None
        elif kind == pygame.MOUSEBUTTONDOWN:
            self.down, self.pos, self.since = True, event.pos, t
        elif kind == pygame.KEYDOWN:  # a key (H, Ctrl+Z...) changes the table: the tip waits for a move
            self.pos = None
        elif kind == pygame.MOUSEBUTTONUP:  # no tip again until the pointer moves
            self.down, self.pos = False, None
            swallow, self.swallow = self.swallow, False
            return swallow
        elif kind == pygame.FINGERDOWN:
            self.finger, self.pressed = (finger_pos(event, stretch), t), None
        elif kind == pygame.FINGERMOTION and self.finger is not None:
            if _far(finger_pos(event, stretch), self.finger[0]):
                self.finger = None  # a drag, not a long press
        elif kind == pygame.FINGERUP:
            self.finger = None
        return False

    def wanted(self, t: float) -> tuple[tuple[int, int], bool] | None:
        """(where, by a long press) a tip is asked for now, or None; a long press reaching
        ``PRESS_SECONDS`` now is noted (its release is swallowed)."""
        if self.finger is not None and t - self.finger[1] >= PRESS_SECONDS:
            if self.pressed is None:
                self.swallow = self.down  # (the touch's own mouse press, if the system sent one)
            self.pressed, self.finger = self.finger[0], None
        if self.pressed is not None:
            return self.pressed, True
        if self.finger is None and not self.down and self.pos is not None and t - self.since >= REST_SECONDS:
            return self.pos, False
        return None

    def tip(self, tips: list[Tip], t: float) -> tuple[Tip, tuple[int, int], bool] | None:
        """The tip to show now among ``tips`` (with the pointer and whether by touch), or None."""
        pos = self.wanted(t)
        if pos is None:
            if self.shown is not None and self.pos is not None and not self.down and self.shown in tips \
                    and self.shown.contains(self.pos):
                return self.shown, self.pos, False  # moving on the same thing: it stays
            self.shown = None
            return None
        self.shown = at(tips, pos[0])
        return (self.shown, *pos) if self.shown is not None else None


def _far(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) > STILL


def finger_pos(event: pygame.event.Event, stretch: Any = None) -> tuple[int, int]:
    """A touch's place on the canvas (its ``x``, ``y`` are fractions of the window)."""
    window = pygame.display.get_surface()
    if stretch is not None and window is not None:
        w, h = window.get_size()
        return stretch.to_canvas((int(event.x * w), int(event.y * h)))
    return int(event.x * theme.W), int(event.y * theme.H)


def panel(words: str) -> pygame.Surface:
    """The tip's panel: the words wrapped by phrase on a dark box (kept, bounded by bytes)."""
    hit = _PANELS.get(words)
    if hit is not None:
        return hit
    lines = text.wrap(words, SIZE, WIDTH, False)[:6]
    step = int(SIZE * 1.3)
    width = max(text.render(ln, SIZE, theme.INK, False).get_width() for ln in lines) + 2 * PAD
    surf = pygame.Surface((width, step * len(lines) + 2 * PAD - (step - SIZE) // 2), pygame.SRCALPHA)
    box = surf.get_rect()
    pygame.draw.rect(surf, (18, 22, 30), box, border_radius=10)
    pygame.draw.rect(surf, theme.ACCENT, box, 2, border_radius=10)
    for i, line in enumerate(lines):
        surf.blit(text.render(line, SIZE, theme.INK, False), (PAD, PAD + i * step))
    return _PANELS.put(words, surf)


def place(size: tuple[int, int], thing: pygame.Rect, pointer: tuple[int, int], touch: bool,
          bounds: pygame.Rect) -> pygame.Rect:
    """Where a panel of ``size`` goes: beside ``thing``, near the pointer, inside ``bounds`` (TIPS-4)."""
    box = pygame.Rect((0, 0), size)
    px, py = pointer
    gap = 10
    sides = [pygame.Rect(px - size[0] // 2, thing.bottom + gap, *size),  # under, over, right, left
             pygame.Rect(px - size[0] // 2, thing.top - gap - size[1], *size),
             pygame.Rect(thing.right + gap, py - size[1] // 2, *size),
             pygame.Rect(thing.left - gap - size[0], py - size[1] // 2, *size)]
    if touch:  # the finger and the hand are under the pointer
        sides[0], sides[1] = sides[1], sides[0]
    for side in sides:  # the first that fits: rows of cards run sideways, so under or over first
        side.clamp_ip(bounds)
        if not side.colliderect(thing) and _distance(side, pointer) <= NEAR:
            return side
    box.midtop = (px, py + 28)
    if touch or box.bottom > bounds.bottom:
        box.midbottom = (px, py - 40)
    box.clamp_ip(bounds)
    return box


def _distance(r: pygame.Rect, p: tuple[int, int]) -> int:
    dx = max(r.left - p[0], 0, p[0] - r.right)
    dy = max(r.top - p[1], 0, p[1] - r.bottom)
    return dx + dy


def draw(surf: pygame.Surface, words: str, tip: Tip, pointer: tuple[int, int], touch: bool = False,
         top: int = 0) -> pygame.Rect:
    """Show ``words`` (a tip's text) for ``tip`` at the pointer; returns where (TIPS-4)."""
    img = panel(words)
    where = place(img.get_size(), pygame.Rect(tip.rect), pointer, touch,
                  pygame.Rect(4, top + 4, theme.W - 8, theme.H - top - 8))
    surf.blit(img, where)
    return where


def show(surf: pygame.Surface, pointer: Pointer, tips: list[Tip], rules, lang: str, names: list[str],
         t: float, top: int = 0) -> Tip | None:
    """The tip ``pointer`` asks for among ``tips``, drawn on ``surf`` (a scene's one call); returns it."""
    shown = pointer.tip(tips, t)
    pointer.box = None if shown is None else draw(surf, text_of(rules, shown[0], lang, names), *shown, top)
    return shown[0] if shown is not None else None
