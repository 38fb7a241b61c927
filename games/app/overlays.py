"""Overlays drawn over a game: the rules (ja/en), the pause menu, a message box."""
from __future__ import annotations

import pygame

from games.app.app import App, Overlay, Scene
from games.app.rules_text import load_rules_text, rules_pictures, rules_sections  # noqa: F401 (their home before)
from games.core.data import DataError
from games.core.i18n import text_of
from games.ui import text, theme, widgets


def picture_painter(game_id: str):
    """The game's ``paint(name, surf, rect, lang)`` for rules pictures, or None."""
    import importlib
    try:
        return importlib.import_module(f"games.{game_id}.ui.pictures").paint
    except (ImportError, AttributeError):
        return None


PICTURE_H = 380  # height of a section's picture above its text


class RulesOverlay(Overlay):
    """The game's rules in the chosen language; never changes the game beneath."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.index = 0
        try:
            self.sections = rules_sections(game_id)
            self.pictures = rules_pictures(game_id)
            self.error = None
        except DataError as err:
            self.sections, self.pictures, self.error = (), (), str(err)
        self.painter = picture_painter(game_id) if any(self.pictures) else None
        self.box = pygame.Rect(160, 90, theme.W - 320, theme.H - 180)
        self.close = widgets.Button(pygame.Rect(self.box.right - 200, self.box.top + 20, 170, 56),
                                    self.tr("app.close"), app.pop, key="close")
        self.buttons = [self.close]

    def tab_rects(self) -> list[pygame.Rect]:
        return [pygame.Rect(self.box.left + 30, self.box.top + 110 + i * 74, 420, 62)
                for i in range(len(self.sections))]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.index = min(self.index + 1, len(self.sections) - 1)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.index = max(self.index - 1, 0)
        elif self.handle_buttons(event):
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.tab_rects()):
                if r.collidepoint(event.pos):
                    self.index = i

    def draw(self, surf: pygame.Surface) -> None:
        lang = self.app.settings.lang
        self.draw_veil(surf)
        widgets.panel(surf, self.box, (34, 40, 52), 20, theme.ACCENT, 3)
        from games import registry
        title = registry.info(self.game_id).title[lang]
        text.draw(surf, self.tr("app.rules_of", game=title), (self.box.left + 40, self.box.top + 50),
                  44, theme.ACCENT, True, "midleft")
        self.close.draw(surf, self.mouse)
        if self.error:
            text.draw_wrapped(surf, self.error, self.box.inflate(-80, -240), 28, theme.DANGER)
            return
        for i, (r, (t, _)) in enumerate(zip(self.tab_rects(), self.sections, strict=True)):
            on = i == self.index
            widgets.panel(surf, r, theme.ACCENT if on else theme.PANEL, 10)
            label = text_of(t, lang)
            text.draw(surf, label, (r.left + 18, r.centery), text.fit_size(label, 28, r.width - 30, True),
                      theme.INK_DARK if on else theme.INK, True, "midleft")
        body = pygame.Rect(self.box.left + 490, self.box.top + 110, self.box.width - 540, self.box.height - 150)
        t, b = self.sections[self.index]
        text.draw(surf, text_of(t, lang), body.topleft, 36, theme.INK, True)
        top = body.top + 64
        pic = self.pictures[self.index] if self.index < len(self.pictures) else None
        if pic and self.painter:
            area = pygame.Rect(body.left, top, body.width, PICTURE_H)
            self.painter(pic, surf, area, lang)
            top = area.bottom + 20
        text.draw_wrapped(surf, text_of(b, lang), pygame.Rect(body.left, top, body.width, body.bottom - top), 29,
                          theme.INK)
        text.draw(surf, self.tr("app.rules_hint"), (self.box.centerx, self.box.bottom - 28), 22,
                  theme.INK_DIM, False, "center")


class PauseMenu(Overlay):
    """Esc during a game: resume, rules, settings, back to the title (game is autosaved)."""

    veil_alpha = 230

    def __init__(self, app: App, play_scene: Scene) -> None:
        super().__init__(app)
        self.play = play_scene
        self.game_id = play_scene.game_id
        self.buttons = widgets.button_column([
            (self.tr("app.resume"), app.pop, "resume"),
            (self.tr("app.rules"), self.rules, "rules"),
            (self.tr("app.settings"), self.settings, "settings"),
            (self.tr("app.to_title"), self.to_title, "to_title"),
            (self.tr("app.quit"), self.quit, "quit"),
        ] if not app.kiosk else [  # visitors: resume, rules, back to the title only
            (self.tr("app.resume"), app.pop, "resume"),
            (self.tr("app.rules"), self.rules, "rules"),
            (self.tr("app.to_title"), self.to_title, "to_title"),
        ], theme.W // 2, 370)

    def rules(self) -> None:
        self.app.push(RulesOverlay(self.app, self.game_id))

    def settings(self) -> None:
        self.app.open("settings")

    def to_title(self) -> None:
        self.app.goto("title")

    def quit(self) -> None:
        if not self.app.kiosk:
            self.app.running = False

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_veil(surf)
        hint = self.tr("app.autosaved_hint")
        self.draw_card(surf, 160, max(b.rect.bottom for b in self.buttons) + 50,
                       text.render(hint, 26, theme.INK_DIM).get_width() - 100)
        text.draw(surf, self.tr("app.paused"), (theme.W // 2, 230), 60, theme.ACCENT, True, "center")
        text.draw(surf, hint, (theme.W // 2, 300), 26, theme.INK_DIM, False, "center")
        self.draw_buttons(surf)


class MessageBox(Overlay):
    """A message with an OK button (bad save, bad data file…)."""

    close_keys = (pygame.K_ESCAPE, pygame.K_RETURN)

    def __init__(self, app: App, title: str, message: str) -> None:
        super().__init__(app)
        self.title, self.message = title, message
        self.ok = widgets.Button(pygame.Rect(theme.W // 2 - 130, 700, 260, 70), "OK", app.pop,
                                 primary=True, key="ok")
        self.buttons = [self.ok]

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_veil(surf)
        widgets.message_box(surf, self.title, self.message, theme.DANGER)
        self.draw_buttons(surf)


class RulesList(Overlay):
    """F1 on the title: pick a game, read its rules (closing them comes back here)."""

    close_keys = (pygame.K_ESCAPE, pygame.K_F1)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        from games import registry
        lang = app.settings.lang
        games = [g for g in registry.catalog() if g.playable]
        rows = [(g.title[lang], (lambda gid=g.id: app.push(RulesOverlay(app, gid))), f"rules:{g.id}")
                for g in games]
        self.buttons = widgets.button_column(rows + [(self.tr("app.close"), app.pop, "close")],
                                             theme.W // 2, 300, 620, 80, 20)
        for b in self.buttons:
            b.primary = False

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_veil(surf)
        last = self.buttons[-1].rect
        box = pygame.Rect(0, 0, 860, last.bottom - 150)
        box.midtop = (theme.W // 2, 150)
        widgets.panel(surf, box.inflate(0, 50), (34, 40, 52), 20, theme.ACCENT, 3)
        text.draw(surf, self.tr("app.rules_list"), (theme.W // 2, 190), 44, theme.ACCENT, True, "center")
        self.draw_buttons(surf)


class QuitConfirm(Overlay):
    """Esc on the title asks first: nobody loses the table to a stray key."""

    veil_alpha = 235

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 900, 380)
        self.box.center = (theme.W // 2, theme.H // 2)
        y = self.box.bottom - 120
        self.buttons = [
            widgets.Button(pygame.Rect(self.box.centerx - 330, y, 300, 80), self.tr("app.quit_yes"),
                           self.quit, primary=True, key="quit_yes"),
            widgets.Button(pygame.Rect(self.box.centerx + 30, y, 300, 80), self.tr("app.quit_no"),
                           app.pop, key="quit_no"),
        ]

    def quit(self) -> None:
        if not self.app.kiosk:
            self.app.running = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.quit()
        else:
            super().handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_veil(surf)
        widgets.panel(surf, self.box, (34, 40, 52), 20, theme.ACCENT, 3)
        text.draw(surf, self.tr("app.quit_confirm"), (self.box.centerx, self.box.top + 90), 44,
                  theme.INK, True, "center")
        text.draw(surf, self.tr("app.quit_confirm_hint"), (self.box.centerx, self.box.top + 160), 28,
                  theme.INK_DIM, False, "center")
        self.draw_buttons(surf)
