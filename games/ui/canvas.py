"""The kept table layer, repainted only where the drawing changed (DX-3 of games/ui/table.py).

A ``Canvas`` is the surface a table paints into.  When it is *recording*, nothing is
drawn: every blit, fill and ``pygame.draw`` call on it is written down as an operation
(what it draws, with which image or colour, where, and the box it can touch).  The play
scene records the table's paint for each new frame that cannot simply show the kept
layer again, compares the list with the one the layer was painted from, and repaints
only the boxes where the two differ: the felt first, then, in order, every operation of
the new list that touches the box, clipped to it.

Why this is exact: a pixel outside every changed box is covered by the same operations,
in the same order, as when it was painted (an operation that was added, removed or
changed marks its whole box; if the unchanged operations came in another order, the whole
layer is painted again).  An image is named by its identity: the old list keeps its
images alive, so an equal identity is the same image (its alpha is part of the name).  A
``pygame.draw`` function whose box is not known here covers the whole layer.  The play
scene's test (tests/test_kept_layer.py) compares the layer with a fresh paint at every
frame that was not painted whole.

Costs: recording is the paint's Python work without its pixel work (0.2–0.8 ms of a 1.2–
2.3 ms busy table); the lists hold one frame's operations (and the images they name) at
a time.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

import pygame

FULL = 0.55  # repaint the whole layer when the changed boxes cover more than this share
MAX_BOXES = 12  # more changed boxes than this are merged into their bounding box


class Op:
    __slots__ = ("sig", "box", "run")

    def __init__(self, sig: tuple, box: pygame.Rect, run: Callable[[], Any]) -> None:
        self.sig, self.box, self.run = sig, box, run


def _norm(v: Any) -> Any:
    """A hashable, comparable form of a draw call's argument."""
    if isinstance(v, (int, float, str, bool)) or v is None:
        return v
    if isinstance(v, pygame.Surface):
        return ("S", id(v), v.get_alpha())
    if isinstance(v, (pygame.Rect, pygame.FRect, pygame.Color, pygame.Vector2)):
        return tuple(v)
    if isinstance(v, (list, tuple)):
        return tuple(_norm(x) for x in v)
    return ("?", id(v))


class Canvas(pygame.Surface):
    """A surface that can record its drawing instead of doing it (see the module doc)."""

    ops: list[Op] | None = None  # the list being recorded, else None (copies too)

    def __init__(self, size: tuple[int, int], like: pygame.Surface) -> None:
        super().__init__(size, 0, like)
        self.ops: list[Op] | None = None  # the list being recorded, else None

    def blit(self, source, dest, area=None, special_flags=0):  # noqa: D401 - pygame's signature
        if self.ops is None:
            return super().blit(source, dest, area, special_flags)
        if isinstance(dest, pygame.Rect) or (hasattr(dest, "__len__") and len(dest) == 4):
            x, y = dest[0], dest[1]
        else:
            x, y = dest
        x, y = int(x), int(y)
        size = pygame.Rect(area).size if area is not None else source.get_size()
        box = pygame.Rect((x, y), size)
        alpha = source.get_alpha()
        sig = ("b", id(source), alpha, x, y, _norm(area), special_flags)

        def run(s=source, a=alpha) -> None:
            if s.get_alpha() != a:
                s.set_alpha(a)
            pygame.Surface.blit(self, s, (x, y), area, special_flags)
        self.ops.append(Op(sig, box, run))
        return box.clip(self.get_rect())

    def blits(self, blit_sequence, doreturn=True):
        if self.ops is None:
            return super().blits(blit_sequence, doreturn)
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fill(self, color, rect=None, special_flags=0):
        if self.ops is None:
            return super().fill(color, rect, special_flags)
        box = pygame.Rect(rect) if rect is not None else self.get_rect()
        sig = ("f", _norm(color), tuple(box), special_flags)
        self.ops.append(Op(sig, box, lambda: pygame.Surface.fill(self, color, box, special_flags)))
        return box.clip(self.get_rect())


def _points_box(points, pad: int) -> pygame.Rect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return pygame.Rect(int(min(xs)) - pad, int(min(ys)) - pad, int(max(xs) - min(xs)) + 2 * pad + 1,
                       int(max(ys) - min(ys)) + 2 * pad + 1)


def _box(name: str, surf: pygame.Surface, args: tuple, kwargs: dict) -> pygame.Rect:
    """The box a ``pygame.draw`` call can touch (the whole surface when not known)."""
    a = list(args) + [None] * 6
    try:
        if name in ("rect", "ellipse"):
            return pygame.Rect(a[1] if a[1] is not None else kwargs["rect"]).inflate(2, 2)
        if name == "circle":
            c = a[1] if a[1] is not None else kwargs["center"]
            r = int(a[2] if a[2] is not None else kwargs["radius"]) + 2
            return pygame.Rect(int(c[0]) - r, int(c[1]) - r, 2 * r + 1, 2 * r + 1)
        if name in ("line", "aaline"):
            w = int(a[3] if a[3] is not None else kwargs.get("width", 1))
            return _points_box([a[1], a[2]], w + 2)
        if name in ("lines", "aalines"):
            w = int(a[3] if a[3] is not None else kwargs.get("width", 1))
            return _points_box(a[2], w + 2)
        if name == "polygon":
            w = int(a[2] if a[2] is not None else kwargs.get("width", 0))
            return _points_box(a[1], w + 2)
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    return surf.get_rect()


_REAL: dict[str, Callable] = {}


def _recording(name: str, real: Callable) -> Callable:
    def draw(surface, *args, **kwargs):
        if not (isinstance(surface, Canvas) and surface.ops is not None):
            return real(surface, *args, **kwargs)
        box = _box(name, surface, args, kwargs)
        sig = ("d", name, _norm(args), _norm(sorted(kwargs.items())))
        surface.ops.append(Op(sig, box, lambda: real(surface, *args, **kwargs)))
        return box.clip(surface.get_rect())
    return draw


def record(canvas: Canvas, paint: Callable[[], None]) -> list[Op]:
    """The operations ``paint`` draws on ``canvas``, none of them done."""
    names = [n for n in dir(pygame.draw) if not n.startswith("_") and callable(getattr(pygame.draw, n))]
    for n in names:
        _REAL.setdefault(n, getattr(pygame.draw, n))
        setattr(pygame.draw, n, _recording(n, _REAL[n]))
    canvas.ops = ops = []
    try:
        paint()
    finally:
        canvas.ops = None
        for n in names:
            setattr(pygame.draw, n, _REAL[n])
    return ops


def changed_boxes(old: list[Op], new: list[Op], area: pygame.Rect) -> list[pygame.Rect] | None:
    """Disjoint boxes (inside ``area``) where ``new`` draws other pixels than ``old``; None
    when painting the whole layer again is needed or cheaper."""
    co = Counter(op.sig for op in old)
    cn = Counter(op.sig for op in new)
    same = {s for s, n in co.items() if cn.get(s) == n}
    if [op.sig for op in old if op.sig in same] != [op.sig for op in new if op.sig in same]:
        return None  # the unchanged operations came in another order
    boxes = [op.box.clip(area) for op in old if op.sig not in same]
    boxes += [op.box.clip(area) for op in new if op.sig not in same]
    boxes = _merge([b for b in boxes if b.w > 0 and b.h > 0])
    if len(boxes) > MAX_BOXES:
        boxes = [boxes[0].unionall(boxes[1:])]
    if sum(b.w * b.h for b in boxes) > FULL * area.w * area.h:
        return None
    return boxes


def _merge(boxes: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping boxes joined into their bounding boxes until none overlap."""
    out: list[pygame.Rect] = []
    for b in sorted(boxes, key=lambda r: (r.y, r.x)):
        b = b.copy()
        merged = True
        while merged:
            merged = False
            for i, o in enumerate(out):
                if o.colliderect(b):
                    b.union_ip(out.pop(i))
                    merged = True
                    break
        out.append(b)
    return out


def repaint(canvas: Canvas, ops: list[Op], boxes: list[pygame.Rect], ground) -> None:
    """Paint ``boxes`` of ``canvas`` again from ``ops``: ``ground`` first, then every
    operation that touches a box, in order, clipped to it."""
    for b in boxes:
        pygame.Surface.fill(canvas, ground, b)
    try:
        for op in ops:
            for i in op.box.collidelistall(boxes):
                canvas.set_clip(boxes[i])
                op.run()
    finally:
        canvas.set_clip(None)


def paint_all(canvas: Canvas, ops: list[Op], ground) -> None:
    """The whole layer from ``ops``."""
    pygame.Surface.fill(canvas, ground)
    for op in ops:
        op.run()
