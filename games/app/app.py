"""The application object: window, scene stack, main loop, global keys.

Scenes form a stack (Tuxemon-style): the top scene gets events; overlays (rules, pause,
curtain messages) draw over the scene below.  Everything is drawn on a virtual
1920×1080 canvas scaled to the window (letterboxed, linear filtering, mouse positions
mapped back to canvas pixels): by the table itself where SDL would scale in software
(games/ui/stretch.py STRETCH-1), else by SDL (``SCALED``); see ``App._open_display``.

Scenes never import each other: they ask the app for another scene by name
(``app.goto("results", session)`` replaces the stack, ``app.open("rules", game_id)``
pushes an overlay).  ``SCENES`` below is the one table of names, imported lazily, so the
modules of ``games/app`` depend only downwards (on this module, session, storage, ui).

APP-APP-1 (perf, issue 13): on Linux the table asks SDL for its software paths
(``display_hints``): the window's own buffer is sent to the X server as it is
(``SDL_FRAMEBUFFER_ACCELERATION=0``) and scaling is done in software
(``SDL_RENDER_DRIVER=software``, linear filtering as before; the table then scales the
canvas itself, with one buffer less: games/ui/stretch.py STRETCH-1).  SDL's default there
is OpenGL, which on a machine without a GPU driver (a mini-PC, a virtual screen) is Mesa's
llvmpipe: measured under Xvfb at 1366x768, a Toutomi game's 600 frames took 7.0-8.0 s of
CPU and 186 MB of memory with the default, 1.9-2.3 s and 86 MB with these hints (the
pictures the same: PSNR 60 dB).  On a machine with a GPU the software scaling costs about
a millisecond a frame more; the GL driver's libraries it no longer maps (tens of MB) are
what keeps a shop's kiosk at the memory the soak measures.  Set either variable before
starting to choose otherwise.
"""
from __future__ import annotations

import os
import sys
import time
import warnings
import weakref
from collections import deque
from typing import Any

DISPLAY_HINTS = {"SDL_FRAMEBUFFER_ACCELERATION": "0", "SDL_RENDER_DRIVER": "software"}  # APP-APP-1


def display_hints(environ: dict = os.environ, platform: str = sys.platform) -> dict:
    """SDL's settings for the table's window (set before the display opens; a value already
    in the environment wins): linear scaling everywhere, software paths on Linux (APP-APP-1)."""
    environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
    if platform.startswith("linux"):
        for key, value in DISPLAY_HINTS.items():
            environ.setdefault(key, value)
    return {k: environ[k] for k in ("SDL_RENDER_SCALE_QUALITY", *DISPLAY_HINTS) if k in environ}


display_hints()
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import importlib  # noqa: E402

import pygame  # noqa: E402

from games.app import backdrop, memory, stopping, writer  # noqa: E402
from games.app.kiosk import KioskGuard  # noqa: E402
from games.app.sound import Sounds  # noqa: E402
from games.app.storage import Settings  # noqa: E402
from games.core.i18n import tr  # noqa: E402
from games.core.resources import sprite_path  # noqa: E402
from games.ui import cards, stretch, text, theme  # noqa: E402
from games.ui.stretch import StretchedWindow  # noqa: E402
from games.ui.window import allow_fractional_scaling, border_sizes, first_window, saved_window_fits, usable_bounds  # noqa: E402

FRAME_TIMES_KEPT = 3600  # the last minute of frame times (for the benchmark); never grows

SCENES = {  # scene name -> "module:class"; modules are imported on first use
    "title": "games.app.title:TitleScene",
    "setup": "games.app.setup:SetupScene",
    "play": "games.app.play:PlayScene",
    "building": "games.app.building:Building",
    "results": "games.app.results:ResultsScene",
    "rules": "games.app.overlays:RulesOverlay",
    "pause": "games.app.overlays:PauseMenu",
    "message": "games.app.overlays:MessageBox",
    "rules_list": "games.app.overlays:RulesList",
    "quit_confirm": "games.app.overlays:QuitConfirm",
    "settings": "games.app.settings_scene:SettingsScene",
    "howto": "games.app.howto:HowToScene",
    "staff_pin": "games.app.staff_pin:PinPrompt",
    "staff": "games.app.staff:StaffMenu",
    "saves": "games.app.saves:SavesScene",
    "confirm": "games.app.saves:ConfirmBox",
    "replay": "games.app.replay:ReplayScene",
}


def scene_class(name: str) -> type:
    """The class behind a scene name or "module:Class" (imported lazily: no import circle)."""
    module, cls = SCENES.get(name, name).split(":")
    return getattr(importlib.import_module(module), cls)


class Scene:
    """One screen.  ``overlay`` scenes draw the scene beneath them first."""

    overlay = False
    game_id: str | None = None  # set on game screens: F1 opens that game's rules
    toast_bottom = theme.H - 90  # the bottom edge of the toast (scenes keep that zone clear)

    def __init__(self, app: App) -> None:
        self.app = app
        self.mouse = (0, 0)
        self.buttons: list = []

    def handle_buttons(self, event: pygame.event.Event) -> bool:
        """Track the pointer and click ``self.buttons``; True when a button took the click."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    b.click()
                    return True
        return False

    def draw_buttons(self, surf: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surf, self.mouse)

    def tr(self, key: str, **params: Any) -> str:
        return tr(key, self.app.settings.lang, **params)

    def handle(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surf: pygame.Surface) -> None: ...
    def on_enter(self) -> None: ...
    def on_resume(self) -> None: ...


class Overlay(Scene):
    """A scene drawn over the one beneath: a dark veil, buttons, Esc closes it."""

    overlay = True
    close_keys = (pygame.K_ESCAPE,)
    veil_alpha = 190

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in self.close_keys:
            self.app.pop()
        else:
            self.handle_buttons(event)

    def draw_veil(self, surf: pygame.Surface) -> None:
        backdrop.veil(self, surf, (8, 10, 16, self.veil_alpha))  # kept under the overlay (APP-BACKDROP-1)

    def draw_card(self, surf: pygame.Surface, top: int, bottom: int, width: int = 0) -> pygame.Rect:
        """A solid panel behind an overlay's title and buttons, so nothing beneath shows
        through them; as wide as the buttons (or ``width``) plus a margin."""
        widest = max([b.rect.width for b in self.buttons] + [width])
        card = pygame.Rect(0, top, widest + 160, bottom - top)
        card.centerx = theme.W // 2
        pygame.draw.rect(surf, (0, 0, 0), card.move(6, 10), border_radius=22)
        pygame.draw.rect(surf, (30, 36, 48), card, border_radius=22)
        pygame.draw.rect(surf, theme.ACCENT, card, 3, border_radius=22)
        return card


def _set_window_icon() -> None:
    """The generated table icon in the title bar and task bar (tools/make_icon.py)."""
    try:
        pygame.display.set_icon(pygame.image.load(str(sprite_path("icon", "table-64.png"))))
    except (pygame.error, OSError):  # a missing icon is no reason not to start
        pass


class App:
    def __init__(self, fullscreen: bool | None = None, demo: bool = False) -> None:
        self.settings, settings_msg = Settings.load()
        memory.tune_allocator()  # before any bot thread: flat memory over a day (memory.py)
        from games.app import startup
        self.startup = startup.report()  # every data file checked before the first frame
        self.startup_shown = False  # the title shows the problems once
        # only what the table uses: pygame.init() would also start joysticks and open the
        # mixer at 44.1 kHz stereo, so Sounds' own 22.05 kHz mono init would be ignored
        pygame.display.init()
        pygame.font.init()
        text.reset()
        pygame.display.set_caption("Japanese Game Table")
        _set_window_icon()
        full = fullscreen if fullscreen is not None else self.settings.fullscreen
        self.stretch: StretchedWindow | None = None  # the canvas scaled by the table (stretch.py STRETCH-1)
        self.surface = self._open_display(full)
        if self.scaled:
            self._fit_window(resize=not full)  # fullscreen fills the whole screen, not 90% of it
        if full:
            self.set_fullscreen(True)
        pygame.event.clear()
        self.sounds = Sounds(self.settings.sound)
        self.clock = pygame.time.Clock()
        self._layer: pygame.Surface | None = None  # see table_layer
        self._layer_owner: weakref.ref | None = None
        self._layer_ahead: pygame.Surface | None = None  # see table_layer_ahead
        self.stack: list[Scene] = []
        self.running = True
        self.frame = 0
        self.last_input = time.monotonic()
        self.demo_enabled = demo
        self.kiosk = demo  # store demo: visitors cannot quit; staff use Ctrl+Shift+Q + PIN
        self.guard = KioskGuard(self) if demo else None
        self.toasts: list[tuple[str, float]] = []
        self.frame_times: deque[float] = deque(maxlen=FRAME_TIMES_KEPT)  # bounded: runs all day
        self.release_due = False  # a screen changed: collect and trim at the next frame (memory.py)
        self.demo_warm = False  # the demo games' modules and tables made (demo.warm_up, APP-DEMO-16)
        if settings_msg:
            self.toast(tr(settings_msg, self.settings.lang))
        from games.app import housekeeping
        housekeeping.at_start(self)  # temp files of interrupted writes go, saves that cannot continue move on

    # --- window ------------------------------------------------------------------------
    def _open_display(self, full: bool, kind: str | None = None) -> pygame.Surface:
        """The canvas the table draws on, in one of three kinds of window (``window_kind``):

        - ``canvas``: the window is the canvas itself, where the screen shows it 1:1 (a
          fullscreen table on a 1920x1080 screen, a shop's usual monitor; headless): one
          8 MiB buffer, flip without scaling;
        - ``stretched``: where SDL would scale in software (Linux, APP-APP-1), a plain window
          that the table scales the canvas into itself (games/ui/stretch.py STRETCH-1): two
          buffers;
        - ``scaled``: pygame's SCALED window elsewhere (SDL scales on the GPU): the canvas,
          SDL's texture and the window's own buffer.

        A window that may be resized is never ``canvas`` (``set_fullscreen`` switches when
        leaving such a 1:1 fullscreen)."""
        kind = kind or self._window_kind(full)
        self.window_kind = kind
        if self.stretch is not None:
            self.stretch.close()
            self.stretch = None
        with warnings.catch_warnings():  # headless drivers warn "no fast renderer available"
            warnings.simplefilter("ignore")
            if kind == "stretched":
                self.stretch = StretchedWindow((theme.W, theme.H))
                return self.stretch.canvas
            if kind == "scaled":
                return pygame.display.set_mode((theme.W, theme.H), pygame.SCALED | pygame.RESIZABLE)
            headless = pygame.display.get_driver() in ("dummy", "offscreen")
            return pygame.display.set_mode((theme.W, theme.H), 0 if headless else pygame.FULLSCREEN)

    @staticmethod
    def _window_kind(full: bool) -> str:
        """``canvas`` when the window will be exactly the canvas (headless, or fullscreen at
        1920x1080), else the kind of scaled window this machine's SDL suits (see above)."""
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return "canvas"
        try:
            if full and tuple(pygame.display.get_desktop_sizes()[0]) == (theme.W, theme.H):
                return "canvas"
        except (pygame.error, IndexError):
            pass
        return App._scaled_kind()

    @staticmethod
    def _scaled_kind() -> str:
        return "stretched" if stretch.wanted() and stretch.available() else "scaled"

    @property
    def scaled(self) -> bool:
        """True when the canvas is scaled into the window (``stretched`` or ``scaled``)."""
        return self.window_kind != "canvas"

    def present(self) -> None:
        """Show the frame drawn on the canvas (instead of ``pygame.display.flip``)."""
        if self.stretch is not None:
            self.stretch.present()
        else:
            pygame.display.flip()

    def _window(self):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return pygame.Window.from_display_module()

    def _fit_window(self, resize: bool = True) -> None:
        """Open at the remembered place, else at the largest 16:9 size the desktop shows whole
        (``resize`` False: going fullscreen, so cover the whole screen first — a bare kiosk X
        server without a window manager ignores fullscreen requests).

        "Whole" means inside the usable area (the screen less taskbars and docks) with the
        window's title bar, so nothing of the table hides behind them.  SCALED scales by
        whole numbers and sets the canvas size as the window's minimum, which would keep a
        1920×1080 window hanging off a laptop screen: allow fractional scaling
        (games/ui/window.py), lower the minimum, then resize.
        """
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return  # headless: there is no desktop to fit (and SDL dislikes re-creating it)
        try:
            win = self._window()
            if self.window_kind == "scaled" and not allow_fractional_scaling(win.id):
                return  # integer scaling only: a smaller window would crop the canvas
            win.minimum_size = (theme.W // 4, theme.H // 4)
            dw, dh = pygame.display.get_desktop_sizes()[0]
            if not resize:  # fullscreen: covered even where no window manager obeys the request
                win.size, win.position = (dw, dh), (0, 0)
                return
            usable = usable_bounds() or (0, 0, dw, dh)
            saved = self.settings.window
            if saved_window_fits(saved, usable):
                size, pos = (saved[2], saved[3]), (saved[0], saved[1])
            else:
                size, pos = first_window(usable, border_sizes(win.id))
            win.size = size
            win.position = pos
        except (pygame.error, IndexError, AttributeError, ValueError):
            pass

    def remember_window(self) -> None:
        """Keep the window's place and size for the next start (windowed only)."""
        if self.settings.fullscreen or pygame.display.get_driver() in ("dummy", "offscreen"):
            return
        try:
            win = self._window()
            self.settings.window = [*win.position, *win.size]
        except (pygame.error, AttributeError):
            pass

    def set_fullscreen(self, on: bool) -> None:
        headless = pygame.display.get_driver() in ("dummy", "offscreen")
        if not self.scaled and not headless:  # a 1:1 fullscreen: a window needs scaling
            if not on:
                self.surface = self._open_display(False, self._scaled_kind())
                self._fit_window()
            self.settings.fullscreen = on
            return
        try:
            win = self._window()
            if on:
                self._fit_window(resize=False)  # covered even where no window manager obeys
                win.set_fullscreen(desktop=True)
            else:
                win.set_windowed()
                self._fit_window()  # back to a window that fits a small desktop
        except (pygame.error, AttributeError):
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error:
                return
        self.settings.fullscreen = on

    # --- scenes ------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def table_layer(self, owner: object) -> tuple[pygame.Surface, bool]:
        """The one canvas-sized surface a play scene keeps its painted table in (8 MiB,
        made once and shared by every play scene, so screens never allocate it again),
        and whether ``owner`` painted it last (False: paint it before showing it)."""
        layer = self._layer
        if layer is None or layer.get_size() != self.surface.get_size():
            layer = self._layer = pygame.Surface(self.surface.get_size(), 0, self.surface)
            self._layer_owner = None
        mine = self._layer_owner is not None and self._layer_owner() is owner
        if not mine:
            self._layer_owner = weakref.ref(owner)  # never keeps an old screen alive (APP-MEMORY-8)
        return layer, mine

    def table_layer_ahead(self) -> pygame.Surface:
        """A second table layer (8 MiB, made once per app) that a bot's coming move is
        painted into while it waits (games/app/ahead.py); ``adopt_table_layer`` swaps it in."""
        layer = self._layer_ahead
        if layer is None or layer.get_size() != self.surface.get_size():
            layer = self._layer_ahead = pygame.Surface(self.surface.get_size(), 0, self.surface)
        return layer

    def adopt_table_layer(self, owner: object) -> None:
        """The layer painted ahead becomes ``owner``'s table layer (the old one is the next
        to be painted ahead)."""
        self.table_layer(owner)
        self._layer, self._layer_ahead = self.table_layer_ahead(), self._layer
        self._layer_owner = weakref.ref(owner)

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.on_enter()

    def pop(self) -> None:
        if self.stack:
            self.stack.pop()
        if self.top:
            self.top.on_resume()

    def replace(self, scene: Scene) -> None:
        """Clear the whole stack and show ``scene``."""
        self.stack.clear()
        self.release_due = True  # freed after this frame's flip (after_frame)
        self.push(scene)

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene by name, e.g. ``make("play", session, demo=True)``."""
        return scene_class(name)(self, *args, **kwargs)

    stepped_builds = False  # scenes built a few ms a frame first (games/app/building.py APP-BUILDING-1)

    def goto(self, name: str, *args: Any, **kwargs: Any) -> Scene | None:
        """Replace the whole stack with the named scene (None: it is built in steps first)."""
        if self.stepped_builds and scene_class("building").start(self, name, args, kwargs, self.replace):
            return None
        scene = self.make(name, *args, **kwargs)
        self.replace(scene)
        return scene

    def open(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Push the named scene (an overlay or a sub-screen) on top of the stack."""
        scene = self.make(name, *args, **kwargs)
        self.push(scene)
        return scene

    def toast(self, message: str, seconds: float = 4.0) -> None:
        """Queue a message: toasts show one at a time, each for ``seconds``."""
        now = time.monotonic()
        start = max([now] + [end for _, end in self.toasts])
        self.toasts.append((message, start + seconds))

    def tr(self, key: str, **params: Any) -> str:
        return tr(key, self.settings.lang, **params)

    def save_settings(self) -> None:
        try:
            self.settings.save()
        except OSError:
            self.toast(self.tr("app.settings_not_saved"))
        self.sounds.enabled = self.settings.sound

    # --- loop --------------------------------------------------------------------------
    def handle_global(self, event: pygame.event.Event) -> bool:
        """Keys that work everywhere; True when consumed."""
        if self.guard and self.guard.filter(event):
            return True  # kiosk: the countdown, the staff chord and the visitor lock
        if event.type == pygame.QUIT:
            self.running = False
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q and \
                event.mod & pygame.KMOD_CTRL and event.mod & pygame.KMOD_SHIFT:
            self.running = False  # quick exit outside kiosk mode
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            self.save_settings()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            game = next((s.game_id for s in reversed(self.stack) if s.game_id), None)
            if game and not isinstance(self.top, scene_class("rules")):
                self.open("rules", game)
                return True
        return False

    def step(self, dt: float) -> None:
        """One frame: events, update, draw."""
        cards.DRAW_LOG.start_frame()
        for key in writer.failures():  # a save the writer thread could not write (APP-WRITER-3)
            self.toast(self.tr(key))
        for event in pygame.event.get():
            if self.stretch is not None:
                self.stretch.map_event(event)  # window pixels -> canvas pixels (as SCALED does)
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN):
                self.last_input = time.monotonic()
            if not self.handle_global(event) and self.top:
                self.top.handle(event)
        if self.top:
            self.top.update(dt)
        if self.guard:
            self.guard.update()
        self.draw()

    def draw(self) -> None:
        surf = self.surface
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if not self.stack[i].overlay:
                start = i
                break
        for scene in backdrop.beneath(self, self.stack[start:]):  # APP-BACKDROP-1
            scene.draw(surf)
        self._draw_toasts(surf)
        if self.guard:
            self.guard.draw(surf)

    def _draw_toasts(self, surf: pygame.Surface) -> None:
        now = time.monotonic()
        self.toasts = [(m, t) for m, t in self.toasts if t > now]
        y = self.top.toast_bottom if self.top else theme.H - 90
        width = 1400  # wrapped, so a long message never runs off the screen's edges
        for msg, _ in self.toasts[:1]:  # queued: the oldest shows, the rest wait their turn
            lines = text.wrap(msg, 28, width, True)[:2]
            step = 38
            rect = pygame.Rect(0, 0, max(text.render(ln, 28, theme.INK, True).get_width() for ln in lines),
                               step * len(lines))
            rect.midbottom = (theme.W // 2, y)
            pygame.draw.rect(surf, (20, 20, 26), rect.inflate(48, 24), border_radius=12)
            pygame.draw.rect(surf, theme.ACCENT, rect.inflate(48, 24), 3, border_radius=12)
            for i, ln in enumerate(lines):
                text.draw(surf, ln, (rect.centerx, rect.top + i * step), 28, theme.INK, True, "midtop")
            y = rect.top - 30

    def after_frame(self) -> None:
        """Between frames, after the flip: a screen that changed is freed now (its code has
        returned, so its scene can go; memory.py APP-MEMORY-8) and no frame pays for it."""
        if self.release_due:
            self.release_due = False
            memory.release()

    def run(self, max_frames: int | None = None, screenshot: str | None = None,
            fps: int = 60) -> None:
        with stopping.frame_loop():  # SIGTERM/SIGINT end the loop before the next frame
            while self.running and self.top and stopping.requested() is None:
                t0 = time.perf_counter()
                dt = self.clock.tick(fps) / 1000.0 if max_frames is None or fps else 1 / 60
                self.step(min(dt, 0.1))
                self.frame_times.append(time.perf_counter() - t0)
                if screenshot and max_frames is not None and self.frame + 1 >= max_frames:
                    pygame.image.save(self.surface, screenshot)
                self.present()
                self.after_frame()
                self.frame += 1
                if max_frames is not None and self.frame >= max_frames:
                    break
        if stopping.requested() is not None:
            stopping.save_games(self)
        writer.flush()  # every way out waits for the saves (writer.py APP-WRITER-2)
        self.remember_window()
        if self.settings.window:
            self.save_settings()
        if self.stretch is not None:
            self.stretch.close()
        pygame.quit()
