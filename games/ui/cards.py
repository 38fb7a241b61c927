"""Card faces and backs, cached per (card, size), and the draw log that proves secrecy.

Every game view draws cards only through ``CardPainter.draw``.  Each face-up card drawn
is written to ``DRAW_LOG`` for the current frame, so a test can check frame by frame
that no card hidden from the seat behind the curtain was ever drawn face up.
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager

import pygame

from games.core.bounded import BytesLRU, pixel_bytes
from games.ui import drawn, motion, ornament, text, theme


class DrawLog:
    """Face-up card ids drawn in the current frame (reset by the app every frame)."""

    def __init__(self) -> None:
        self.frame: list[str] = []
        self.enabled = False  # tests switch it on
        self.frames: list[list[str]] = []

    def start_frame(self) -> None:
        if self.enabled and self.frame:
            self.frames.append(self.frame)
        self.frame = []

    def face_up(self, card_id: str) -> None:
        if self.enabled:
            self.frame.append(card_id)

    @contextmanager
    def into(self, faces: list | None) -> Iterator[None]:
        """Faces drawn inside the block go to ``faces``, not to this frame (a table painted
        ahead into a layer that is not shown yet: its faces are logged when it is shown)."""
        if faces is None:
            yield
            return
        frame, self.frame = self.frame, faces
        try:
            yield
        finally:
            self.frame = frame


DRAW_LOG = DrawLog()


_queue: list | None = None  # prerender's faces listed, not painted (queued_prerender)


@contextmanager
def queued_prerender() -> Iterator[list]:
    """Inside the block ``CardPainter.prerender`` lists its faces instead of painting them;
    ``paint_queued`` then paints them a face a step (a scene built in steps before it is
    shown: games/app/building.py)."""
    global _queue
    outer, _queue = _queue, []
    try:
        yield _queue
    finally:
        _queue = outer


def paint_queued(queue: list) -> Generator[None, None, int]:
    """Paint the faces ``queued_prerender`` listed, one face per step; returns the bytes
    they added (as ``prerender`` does)."""
    added = 0
    for painter, steps in queue:
        before = painter.cached_bytes
        for _ in steps:
            yield
        added += painter.cached_bytes - before
    return added


# per painter: ~63 hand-size faces (150x210), least recently used go first.  A view has one
# or two painters and they go with it at the next screen change (games/app/memory.py budget)
PAINTER_BYTES = 8 * 1024 * 1024


# dimming veils by card size: a handful of layout sizes, but a dimmed card in flight passes
# through many (a 150x210 veil is 123 KiB), so the veils are bounded by bytes, not by count
VEILS_BYTES = 2 * 2**20
_veils = BytesLRU(VEILS_BYTES, pixel_bytes)


def _veil(size: tuple[int, int]) -> pygame.Surface:
    """The translucent veil over a dimmed card, made once per size (not every frame)."""
    img = _veils.get(size)
    if img is None:
        img = _veils.put(size, pygame.Surface(size, pygame.SRCALPHA))
        img.fill((20, 20, 30, 130))
    return img


class CardPainter:
    """Caches card surfaces; ``face(card_id, size) -> Surface`` is the game's own art.

    The cache is bounded by bytes (``PAINTER_BYTES``, least recently used first out): a card
    drawn at many sizes (animations, resized fans) can never make it grow without end.
    ``art_key(card_id)`` names the art a card shares with its copies (Toutomi's four 7s
    are one face), so copies are painted and kept once.  ``prerender`` paints the faces a
    table can show at the sizes it lays them out, when the scene is built, so the frame in
    which a card first appears only blits (bounded by the same byte limit, never evicting).
    """

    def __init__(self, face: Callable[[str, tuple[int, int]], pygame.Surface],
                 back_label: str = "", max_bytes: int = PAINTER_BYTES,
                 back: Callable[[tuple[int, int]], pygame.Surface] | None = None,
                 art_key: Callable[[str], object] | None = None) -> None:
        self._face_fn = face
        self._back_label = back_label
        self._back_fn = back or (lambda size: card_back(size, back_label))
        self._art_key = art_key or (lambda card_id: card_id)
        self._cache = BytesLRU(max_bytes, pixel_bytes)

    @property
    def max_bytes(self) -> int:
        return self._cache.max_bytes

    def _cached(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        img = self._cache.get(key)
        if img is None:
            img = self._cache.put(key, make().convert_alpha())
        return img

    @property
    def cached_bytes(self) -> int:
        return self._cache.bytes

    def face(self, card_id: str, size: tuple[int, int]) -> pygame.Surface:
        return self._cached((self._art_key(card_id), size), lambda: self._face_fn(card_id, size))

    def prerender(self, card_ids, sizes, backs=()) -> int:
        """Paint the faces of ``card_ids`` at each of ``sizes`` (and backs at ``backs``)
        that are not cached yet, while they fit the byte limit (nothing is evicted for
        them); returns the bytes added.  Inside ``queued_prerender`` the faces are only
        listed, to be painted a face a step (``paint_queued``)."""
        if _queue is not None:
            _queue.append((self, self._prerender_steps(card_ids, sizes, backs)))
            return 0
        before = self._cache.bytes
        for _ in self._prerender_steps(card_ids, sizes, backs):
            pass
        return self._cache.bytes - before

    def _prerender_steps(self, card_ids, sizes, backs) -> Iterator[int]:
        """``prerender``, yielding the bytes held after each face painted."""
        jobs = [(("__back__", size), lambda s=size: self._back_fn(s)) for size in backs]
        seen: set = set()
        for size in sizes:
            for cid in card_ids:
                key = (self._art_key(cid), tuple(size))
                if key not in seen:
                    seen.add(key)
                    jobs.append((key, lambda c=cid, s=tuple(size): self._face_fn(c, s)))
        for key, make in jobs:
            if key in self._cache:
                continue
            if not self._cache.fits(key[1][0] * key[1][1] * 4):
                break
            self._cached(key, make)
            yield self._cache.bytes

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        return self._cached(("__back__", size), lambda: self._back_fn(size))

    def draw(self, surf: pygame.Surface, card_id: str | None, rect: pygame.Rect,
             face_up: bool = True, dim: bool = False, key: str | None = None, track: bool = True,
             base: tuple[int, int] | None = None) -> None:
        """Draw a card; ``card_id`` None or ``face_up`` False draws the back.

        ``base``: the layout size the art is made at when ``rect`` is a passing size (a
        view's own flight that grows or shrinks a card): the cached art is scaled, never
        painted again at every size it passes through.

        While a table draws, the card goes through its motion layer (games/ui/motion.py):
        keyed by ``key`` or, face up, by its id, so it travels and flips by itself;
        ``track=False`` for copies (a zoomed tooltip).  Only a face really drawn is logged.
        """
        face_up = face_up and card_id is not None
        mo = motion.current() if track else None
        k = key or (card_id if face_up else None)
        if mo is not None and k is not None:
            fixed = tuple(base) if base else None

            def fly(target: pygame.Surface, p: motion.Placed) -> None:
                self._blit(target, card_id, p.rect, p.face, dim, fixed or p.base)
            placed = mo.place(k, rect, face_up, fly)
            if placed.moving:  # in flight (or still in the deck): over the table, at the end of its frame
                return
            rect, face_up = placed.rect, placed.face
            base = fixed or placed.base
        self._blit(surf, card_id, rect, face_up, dim, tuple(base) if base else rect.size)

    def _blit(self, surf: pygame.Surface, card_id: str | None, rect: pygame.Rect, face_up: bool, dim: bool,
              base: tuple[int, int]) -> None:
        """The card art (made at ``base`` size, scaled to ``rect`` in flight) with its shadow.

        - CARDS-1 (perf, issue 31): between sizes, the art already made at ``rect``'s very
          size is used when the cache holds it (a flight's first frame, from where the card
          lay): no scaling in the frame a move lands; never painted anew for it."""
        if drawn.NOTES is not None:  # a table's draw noted for a test (games/ui/drawn.py)
            drawn.card(surf, card_id if face_up else None, rect)
        if face_up:
            DRAW_LOG.face_up(card_id)
            img = self.face(card_id, base)
        else:
            img = self.back(base)
        size = rect.size
        if img.get_size() != size:  # between sizes, or flipping: the art made at this size, else the cached art scaled
            made = self._cache.get((self._art_key(card_id) if face_up else "__back__", size))
            img = made if made is not None else pygame.transform.smoothscale(img, size)
        shadow = rect.move(4, 6)
        pygame.draw.rect(surf, (0, 0, 0), shadow, border_radius=max(6, size[0] // 12))
        surf.blit(img, rect)
        if dim:
            surf.blit(_veil(size), rect)


def info_key(card_info: Callable[[str], dict], ignore: tuple[str, ...] = ("id", "copy")) -> Callable[[str], str]:
    """An ``art_key`` for faces drawn from ``card_info`` alone: copies share their art.

    Remembers one short key per card id (a deck's worth: bounded by the game's data).
    """
    keys: dict[str, str] = {}

    def key(card_id: str) -> str:
        k = keys.get(card_id)
        if k is None:
            info = card_info(card_id)
            k = keys[card_id] = repr(sorted((n, v) for n, v in info.items() if n not in ignore))
        return k
    return key


def blank_card(size: tuple[int, int], colour=theme.CARD_FACE, border=(60, 60, 70)) -> pygame.Surface:
    """A rounded card shape to paint a face on."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    r = max(6, size[0] // 12)
    pygame.draw.rect(s, colour, s.get_rect(), border_radius=r)
    pygame.draw.rect(s, border, s.get_rect(), 3, border_radius=r)
    return s


def card_back(size: tuple[int, int], label: str = "") -> pygame.Surface:
    """A generic back: a seigaiha pattern in a double frame, the label in a medallion
    when the card is large enough for it to be read (never below ``text.MIN_SIZE``)."""
    w, h = size
    radius = max(6, w // 12)

    def paint(layer: pygame.Surface, k: int) -> None:
        r = layer.get_rect()
        pygame.draw.rect(layer, theme.CARD_BACK, r, border_radius=radius * k)
        ornament.seigaiha(layer, r, (96, 84, 156), max(6, w // 7) * k, k)
        clip_to = ornament.clip_round(layer, radius * k)
        ornament.frame(clip_to, r.inflate(-w // 10 * k, -w // 10 * k), (170, 150, 230), 2 * k, radius * k)
        pygame.draw.rect(layer, (30, 26, 60), r, 3 * k, border_radius=radius * k)
        c = r.center
        pygame.draw.circle(layer, (52, 44, 100), c, min(w, h) * k // 4)
        pygame.draw.circle(layer, (190, 170, 245), c, min(w, h) * k // 4, 2 * k)
    s = ornament.supersampled(size, paint)
    fs = int(min(w, h) * 0.26)
    if label and fs >= text.MIN_SIZE:
        text.draw(s, label, (w // 2, h // 2), fs, (230, 220, 255), True, "center")
    return s
