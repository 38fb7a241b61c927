"""Continue and history: every unfinished game (one autosave slot each) and finished ones.

The title's *Continue* opens the unfinished tab, *History* the finished one.  A row says
the game, the players, the move and whose turn (or who won), and when it was saved.
Unfinished games continue with a click; finished ones open in the replay scene.  Delete
asks once more ("Really delete?") before a file goes.
"""
from __future__ import annotations

import time

import pygame

from games import registry
from games.app import storage
from games.app.app import App, Overlay, Scene
from games.core.record import RecordError
from games.ui import text, theme, widgets

ROW_BG = (28, 32, 44)  # a saved game's line (its buttons use the lighter panel colour)
ROWS = 6  # rows on one page
ROW_H, ROW_TOP = 112, 250


def when(mtime: float, lang: str) -> str:
    """The save's date and time as people read them (local time; always the date, issue 27.10)."""
    t = time.localtime(mtime)
    if lang == "ja":
        return f"{t.tm_year}年{t.tm_mon}月{t.tm_mday}日 {t.tm_hour:02d}:{t.tm_min:02d}"
    return f"{t.tm_mday} {MONTHS[t.tm_mon - 1]} {t.tm_year}, {t.tm_hour:02d}:{t.tm_min:02d}"


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")  # not the locale's


class SavesScene(Scene):
    """The list of saved games, two tabs: unfinished (continue) and finished (replay)."""

    def __init__(self, app: App, tab: str = "unfinished") -> None:
        super().__init__(app)
        self.tab = tab
        self.page = 0
        self.confirm: str | None = None  # the slot whose Delete was pressed once
        self.reload()

    # --- data -------------------------------------------------------------------------
    def reload(self) -> None:
        try:
            self.unfinished, broken = storage.unfinished_games()
            self.finished = storage.finished_games()
        except OSError:
            self.unfinished, broken, self.finished = [], [], []
        for path, err in broken:
            self.app.toast(self.tr("saves.set_aside_broken", game=path.name, reason=self.tr(err.key, **err.params)))
        self.page = min(self.page, max(0, (len(self.items) - 1) // ROWS))
        self.layout()

    @property
    def items(self) -> list:
        return self.unfinished if self.tab == "unfinished" else self.finished

    def visible(self) -> list:
        return self.items[self.page * ROWS:(self.page + 1) * ROWS]

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(160, ROW_TOP + i * ROW_H, theme.W - 320, ROW_H - 14)

    # --- layout -----------------------------------------------------------------------
    def layout(self) -> None:
        b = widgets.Button
        self.buttons = [
            b(pygame.Rect(160, 140, 360, 70), self.tr("saves.tab_unfinished", n=len(self.unfinished)),
              lambda: self.switch("unfinished"), primary=self.tab == "unfinished", size=28, key="tab_unfinished"),
            b(pygame.Rect(540, 140, 360, 70), self.tr("saves.tab_finished", n=len(self.finished)),
              lambda: self.switch("finished"), primary=self.tab == "finished", size=28, key="tab_finished"),
            b(pygame.Rect(160, 960, 260, 84), self.tr("app.back"), self.app.pop, key="back"),
        ]
        pages = max(1, (len(self.items) + ROWS - 1) // ROWS)
        if pages > 1:
            self.buttons.append(b(pygame.Rect(theme.W - 500, 960, 150, 84), "◀", lambda: self.turn(-1),
                                  enabled=self.page > 0, key="prev"))
            self.buttons.append(b(pygame.Rect(theme.W - 310, 960, 150, 84), "▶", lambda: self.turn(1),
                                  enabled=self.page < pages - 1, key="next"))
        for i, save in enumerate(self.visible()):
            r = self.row_rect(i)
            main = self.tr("saves.resume") if self.tab == "unfinished" else self.tr("saves.replay")
            self.buttons.append(b(pygame.Rect(r.right - 470, r.top + 12, 240, r.height - 24), main,
                                  lambda s=save: self.open_save(s), primary=True, size=28,
                                  key=f"open:{save.slot}"))
            if self.app.kiosk:
                continue  # store demo: visitors continue or watch, only staff delete (files)
            sure = self.confirm == save.slot
            self.buttons.append(b(pygame.Rect(r.right - 215, r.top + 12, 195, r.height - 24),
                                  self.tr("saves.delete_sure" if sure else "saves.delete"),
                                  lambda s=save: self.delete(s), size=26, key=f"delete:{save.slot}"))

    def switch(self, tab: str) -> None:
        self.tab, self.page, self.confirm = tab, 0, None
        self.layout()

    def turn(self, step: int) -> None:
        self.page += step
        self.confirm = None
        self.layout()

    # --- actions ----------------------------------------------------------------------
    def open_save(self, save: storage.SavedGame) -> None:
        if self.tab == "finished":
            try:
                self.app.open("replay", save.record)
            except RecordError as err:
                self.app.open("message", self.tr("saves.cannot_open"), self.tr(err.key, **err.params))
            return
        from games.app.session import Session
        try:
            session = Session.from_record(save.record)
        except RecordError as err:
            try:  # set aside, never deleted: the file may still help a bug report
                save.path.replace(save.path.with_name(save.path.name + ".broken"))
            except OSError:
                pass
            self.reload()
            self.app.open("message", self.tr("app.cannot_continue"), self.tr(err.key, **err.params))
            return
        session.slot = save.slot
        self.app.goto("play", session)

    def delete(self, save: storage.SavedGame) -> None:
        if self.confirm != save.slot:
            self.confirm = save.slot  # first press: ask
            self.layout()
            return
        try:
            save.path.unlink()
        except OSError:
            pass
        self.confirm = None
        self.app.toast(self.tr("saves.deleted", game=registry.info(save.record.game).title[self.app.settings.lang]))
        self.reload()

    # --- loop -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_buttons(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.confirm:
            self.confirm = None  # a press anywhere else cancels a pending delete
            self.layout()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT):
            if (self.page + 1) * ROWS < len(self.items):
                self.turn(1)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_LEFT) and self.page:
            self.turn(-1)

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        key = "saves.continue_title" if self.tab == "unfinished" else "saves.history_title"
        text.draw(surf, self.tr(key), (160, 80), 52, theme.ACCENT, True, "midleft")
        rows = self.visible()
        if not rows:
            empty = "saves.none_unfinished" if self.tab == "unfinished" else "saves.none_finished"
            text.draw(surf, self.tr(empty), (theme.W // 2, 520), 36, theme.INK_DIM, False, "center")
        for i, save in enumerate(rows):
            self.draw_row(surf, self.row_rect(i), save)
        if len(self.items) > ROWS:
            a, b = self.page * ROWS + 1, min(len(self.items), (self.page + 1) * ROWS)
            text.draw(surf, self.tr("saves.page", a=a, b=b, n=len(self.items)), (theme.W - 540, 1002), 28,
                      theme.INK_DIM, False, "midright")
        self.draw_buttons(surf)

    def draw_row(self, surf: pygame.Surface, r: pygame.Rect, save: storage.SavedGame) -> None:
        lang = self.app.settings.lang
        rec = save.record
        widgets.panel(surf, r, ROW_BG, 14, theme.ACCENT if self.confirm == save.slot else theme.PANEL_LIGHT, 3)
        info = registry.info(rec.game) if rec.game in registry.playable_ids() else None
        title = info.title[lang] if info else rec.game
        text.draw(surf, title, (r.left + 28, r.top + 32), text.fit_size(title, 34, 380, True, 20), theme.ACCENT, True,
                  "midleft")
        text.draw(surf, when(save.mtime, lang), (r.left + 28, r.bottom - 28), 26, theme.INK_DIM, False, "midleft")
        names = [str(s.get("name", "?")) if isinstance(s, dict) else "?" for s in rec.seats][:rec.players]
        sep = "・" if lang == "ja" else ", "
        players = self.tr("saves.row_players", n=rec.players, names=sep.join(names))
        width = r.width - 470 - 440 - 40
        text.draw(surf, players, (r.left + 440, r.top + 32), text.fit_size(players, 30, width, False, 20), theme.INK,
                  False, "midleft")
        line = self.progress(save, names, sep)
        text.draw(surf, line, (r.left + 440, r.bottom - 28), text.fit_size(line, 28, width, False, 20), theme.INK,
                  False, "midleft")

    def progress(self, save: storage.SavedGame, names: list[str], sep: str) -> str:
        """``move 12 · Aoi to play`` or ``88 moves · won by Aoi`` (cached per file)."""
        cache = self.__dict__.setdefault("progress_cache", {})
        key = (save.path, save.mtime, self.app.settings.lang)
        if key not in cache:
            cache[key] = self._progress(save, names, sep)
        return cache[key]

    def _progress(self, save: storage.SavedGame, names: list[str], sep: str) -> str:
        rec = save.record
        try:
            rules = registry.rules(rec.game)
            state = rec.replay(rules)
        except (RecordError, KeyError, ValueError):
            return self.tr("app.seed_was", seed=rec.seed, moves=len(rec.actions))
        out = rules.outcome(state)
        def name(i):
            return (names[i] if i is not None and 0 <= i < len(names) else "—")
        if out is not None:
            return self.tr("saves.row_done", moves=len(rec.actions), names=sep.join(name(w) for w in out.winners))
        return self.tr("saves.row_turn", moves=len(rec.actions), name=name(rules.turn_owner(state)))


class ConfirmBox(Overlay):
    """A question with two answers (e.g. a new game would push out the oldest save)."""

    close_keys = (pygame.K_ESCAPE,)

    def __init__(self, app: App, title: str, message: str, yes: str, on_yes) -> None:
        super().__init__(app)
        self.title, self.message = title, message

        def confirmed() -> None:
            app.pop()
            on_yes()

        self.buttons = [
            widgets.Button(pygame.Rect(theme.W // 2 - 430, 680, 420, 80), yes, confirmed, key="yes"),
            widgets.Button(pygame.Rect(theme.W // 2 + 10, 680, 420, 80), self.tr("saves.cancel"), app.pop,
                           primary=True, key="no"),
        ]

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_veil(surf)
        widgets.message_box(surf, self.title, self.message, theme.ACCENT)
        self.draw_buttons(surf)
