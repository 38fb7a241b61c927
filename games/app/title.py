"""Title screen: the five games, Continue, language, settings, demo, quit."""
from __future__ import annotations

import logging
import time
from pathlib import Path

import pygame

from games import registry
from games.app import storage, title_art, title_text
from games.app.app import App, Scene
from games.core.data import DataError
from games.ui import text, theme, widgets

TILE_W, TILE_H, GAP = 330, 460, 30
ART_H = 170  # the game's picture at the top of its tile


class TitleScene(Scene):
    toast_bottom = 784  # between the tiles and the buttons

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entered = time.monotonic()
        self.layout()

    def read_saves(self) -> None:
        """The unfinished games (newest first) and whether any finished one is kept."""
        try:
            saves, broken = storage.unfinished_games()
            self.has_history = bool(storage.finished_games())
        except OSError:
            saves, broken, self.has_history = [], [], False
        for path, err in broken:  # the parser's own words go to the log file; the person reads a sentence
            logging.getLogger(__name__).warning("save set aside: %s %s %s", path, err.key, err.params)
            self.app.toast(self.tr("app.autosave_broken", file=Path(path).name,
                                   reason=self.tr(err.key, **err.params)), 6)
        self.saves = [g for g in saves if g.record.game in registry.playable_ids()]

    def layout(self) -> None:
        self.read_saves()
        try:
            catalog = registry.catalog()
        except DataError:
            catalog = ()  # games.yaml is broken: the start-up message says so
        games = [g for g in catalog if g.playable or not self.app.kiosk]
        total = len(games) * TILE_W + (len(games) - 1) * GAP
        x0 = (theme.W - total) // 2
        self.tiles = [(g, pygame.Rect(x0 + i * (TILE_W + GAP), 250, TILE_W, TILE_H))
                      for i, g in enumerate(games)]
        row = [
            (self.tr("app.continue"), self.continue_game, "continue"),
            (self.tr("saves.history"), self.open_history, "history"),
            (self.tr("app.language"), self.toggle_language, "language"),
            (self.tr("app.settings"), self.open_settings, "settings"),
            (self.tr("app.demo"), self.start_demo, "demo"),
            (self.tr("app.quit"), self.quit, "quit"),
        ]
        if self.app.kiosk:  # the store demo: no Settings, no Quit for visitors (staff: Ctrl+Shift+Q)
            row = [r for r in row if r[2] not in ("settings", "quit")]
        self.buttons = []
        bw, bh = 270, 80
        x = (theme.W - (len(row) * bw + (len(row) - 1) * 22)) // 2
        for i, (label, cb, key) in enumerate(row):
            b = widgets.Button(pygame.Rect(x + i * (bw + 22), 800, bw, bh), label, cb, key=key)
            if key == "continue":
                b.enabled = bool(self.saves)
                b.primary = b.enabled
            if key == "history":
                b.enabled = self.has_history
            self.buttons.append(b)

    # --- actions -----------------------------------------------------------------------
    def on_enter(self) -> None:
        """Start-up problems (broken data files) are shown once, over the title."""
        if self.app.startup.problems and not self.app.startup_shown:
            self.app.startup_shown = True
            from games.app.startup import summary
            self.app.open("message", *summary(self.app.startup, self.app.settings.lang))

    def open_setup(self, game_id: str) -> None:
        self.app.open("setup", game_id)

    def continue_game(self) -> None:
        """The list of unfinished games (one autosave slot each)."""
        self.app.open("saves", "unfinished")

    def open_history(self) -> None:
        self.app.open("saves", "finished")

    def toggle_language(self) -> None:
        self.app.settings.lang = "en" if self.app.settings.lang == "ja" else "ja"
        self.app.save_settings()
        self.layout()

    def open_settings(self) -> None:
        self.app.open("settings")

    def start_demo(self) -> None:
        from games.app.demo import start_demo
        start_demo(self.app)

    def quit(self) -> None:
        if not self.app.kiosk:
            self.app.running = False

    def on_resume(self) -> None:
        self.entered = time.monotonic()
        self.layout()

    # --- loop --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_buttons(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for g, r in self.tiles:
                if g.playable and self.learn_rect(g, r) and self.learn_rect(g, r).collidepoint(event.pos):
                    from games.app.tutorial_scene import start
                    start(self.app, g.id)
                    return
                if r.collidepoint(event.pos):
                    if g.playable and self.app.kiosk:  # one tap to play (quickstart.py)
                        self.app.open("games.app.quickstart:QuickStart", g.id)
                    elif g.playable:
                        self.open_setup(g.id)
                    elif registry.problem(g.id):
                        self.app.open("message", self.tr("app.cannot_start_title"),
                                      self.tr("app.cannot_start_body") + "\n" + registry.problem(g.id)[:300])
                    else:
                        self.app.toast(self.tr("app.not_yet_playable"))
                    return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.app.kiosk:
            self.app.open("quit_confirm")  # asks first (kiosk: Esc does nothing, staff use the chord)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.app.open("rules_list")

    def update(self, dt: float) -> None:
        idle = self.app.settings.demo_idle_seconds
        if self.app.demo_enabled and idle and self.app.top is self and not self.app.guard:
            if time.monotonic() - max(self.app.last_input, self.entered) > idle:
                self.start_demo()

    def draw(self, surf: pygame.Surface) -> None:
        lang = self.app.settings.lang
        title_text.begin()  # the run's first title frame: its texts as the last start drew them
        surf.fill(theme.BG)
        text.draw(surf, self.tr("app.app_title"), (theme.W // 2, 120), 84, theme.ACCENT, True, "center")
        text.draw(surf, self.tr("app.app_subtitle"), (theme.W // 2, 205), 34, theme.INK_DIM, False, "center")
        for g, r in self.tiles:
            self.draw_tile(surf, g, r, lang)
        title_art.save_if_painted()  # only on the first start of a new version: it paints once
        self.draw_buttons(surf)
        if self.saves:
            newest = self.saves[0].record
            title = registry.info(newest.game).title[lang]
            hint = self.tr("app.continue_hint", game=title, moves=len(newest.actions))
            if len(self.saves) > 1:
                hint += self.tr("saves.more_saves", n=len(self.saves) - 1)
            text.draw(surf, hint, (theme.W // 2, 910), 26, theme.INK_DIM, False, "center")
        footer = self.tr("kiosk.title_keys") if self.app.kiosk else self.tr("app.title_keys")
        text.draw(surf, footer, (theme.W // 2, theme.H - 40), 24, theme.INK_DIM, False, "center")
        title_text.end()  # remembered for the next start when anything was new

    @staticmethod
    def learn_rect(g, r: pygame.Rect) -> pygame.Rect | None:
        """The tile's Learn button (a guided first game), when the game has a tutorial."""
        from games.core import tutorial
        if not g.playable or not tutorial.exists(g.id):
            return None
        learn = pygame.Rect(0, 0, r.width - 60, 46)
        learn.midbottom = (r.centerx, r.bottom - 86)
        return learn

    def draw_tile(self, surf: pygame.Surface, g, r: pygame.Rect, lang: str) -> None:
        playable = g.playable
        hover = r.collidepoint(self.mouse) and playable
        widgets.panel(surf, r, theme.FELT if playable else (48, 52, 60), 18)
        art = title_art.tile(g.id, (r.width - 4, ART_H), not playable)
        surf.blit(art, (r.left + 2, r.top + 2))
        pygame.draw.rect(surf, theme.ACCENT if hover else theme.INK_DIM, r, 3 if hover else 1, border_radius=18)
        other = "en" if lang == "ja" else "ja"
        size = text.fit_size(g.title[lang], 40, r.width - 30, True)
        text.draw(surf, g.title[lang], (r.centerx, r.top + ART_H + 42), size,
                  theme.INK if playable else theme.INK_DIM, True, "center")
        text.draw(surf, g.title[other], (r.centerx, r.top + ART_H + 88),
                  text.fit_size(g.title[other], 26, r.width - 30, False, text.MIN_SIZE), theme.INK_DIM, False, "center")
        lo, hi = g.players
        players = self.tr("app.players_range", lo=lo, hi=hi) if lo != hi else self.tr("app.players_n", n=lo)
        line = players + "  ·  " + self.tr("app.minutes_range", lo=g.minutes[0], hi=g.minutes[1])
        text.draw(surf, line, (r.centerx, r.top + ART_H + 134), text.fit_size(line, 28, r.width - 24, False,
                  text.MIN_SIZE), theme.INK, False, "center")
        badge = pygame.Rect(0, 0, r.width - 60, 56)
        badge.midbottom = (r.centerx, r.bottom - 20)
        learn = self.learn_rect(g, r)
        if learn is not None:
            on = learn.collidepoint(self.mouse)
            widgets.panel(surf, learn, theme.PANEL_LIGHT if on else theme.PANEL, 12, theme.ACCENT if on else None)
            label = "? " + self.tr("tutorial.learn")
            text.draw(surf, label, learn.center, text.fit_size(label, 26, learn.width - 16, True, text.MIN_SIZE),
                      theme.INK, True, "center")
        if playable:
            widgets.panel(surf, badge, theme.ACCENT, 12)
            text.draw(surf, "▶ " + self.tr("app.play"), badge.center, 30, theme.INK_DARK, True, "center")
        else:
            widgets.panel(surf, badge, (60, 64, 72), 12)
            label = self.tr("app.cannot_start" if registry.problem(g.id) else "app.not_yet")
            text.draw(surf, label, badge.center, text.fit_size(label, 26, badge.width - 16, True, text.MIN_SIZE),
                      theme.INK_DIM, True, "center")
