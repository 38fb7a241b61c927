"""Results: scores with their breakdown, winners (shared wins), tiebreak, play again."""
from __future__ import annotations

import pygame

from games import registry
from games.app.app import App, Scene
from games.app.session import SeatSetup, Session
from games.core import i18n
from games.core.record import RecordError
from games.core.rng import new_seed
from games.ui import text, theme, widgets


class ResultsScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.game_id = session.record.game
        self.outcome = session.rules.outcome(session.state)
        ctl_cls, _ = registry.ui_classes(self.game_id)
        final_view = {**session.rules.view(session.state, None), "seat_names": session.names}  # (for the panel)
        self.extra = ctl_cls.results_panel(session.rules, final_view, self.outcome, app.settings.lang)
        self.buttons = [
            widgets.Button(pygame.Rect(theme.W - 1100, 960, 320, 84), self.tr("app.watch_replay"),
                           self.watch_replay, key="replay"),
            widgets.Button(pygame.Rect(theme.W - 760, 960, 340, 84), self.tr("app.play_again"),
                           self.play_again, primary=True, key="play_again"),
            widgets.Button(pygame.Rect(theme.W - 400, 960, 300, 84), self.tr("app.to_title"),
                           self.to_title, key="to_title"),
        ]

    def play_again(self) -> None:
        rec = self.session.record
        seats = [SeatSetup(s["name"], s["bot"]) for s in rec.seats]
        self._go(lambda: Session.start(rec.game, seats, new_seed(), rec.options))

    def watch_replay(self) -> None:
        try:
            self.app.open("replay", self.session.record.validate(registry.playable))
        except RecordError as err:
            self.app.open("message", self.tr("app.cannot_continue"), self.tr(err.key, **err.params))

    def _go(self, make, **kwargs) -> None:
        """Start the next game; a record the check refuses gives a message, not a crash."""
        try:
            session = make()
        except RecordError as err:
            self.app.open("message", self.tr("app.cannot_continue"), self.tr(err.key, **err.params))
            return
        self.app.goto("play", session, **kwargs)

    def to_title(self) -> None:
        self.app.goto("title")

    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_buttons(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            self.to_title()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        o = self.outcome
        names = self.session.names
        lang = self.app.settings.lang
        title = registry.info(self.game_id).title[lang]
        text.draw(surf, self.tr("app.results_of", game=title), (120, 80), 52, theme.ACCENT, True, "midleft")
        win_names = "・".join(names[w] for w in o.winners) if lang == "ja" else " & ".join(names[w] for w in o.winners)
        key = "app.winner_shared" if len(o.winners) > 1 else "app.winner"
        text.draw(surf, self.tr(key, names=win_names), (120, 170), 44, theme.INK, True, "midleft")
        if o.tiebreak:
            text.draw(surf, self.tr("app.tiebreak", rule=self.tr(o.tiebreak)), (120, 226), 28,
                      theme.INK_DIM, False, "midleft")
        labels = [k for k in (o.breakdown[0].keys() if o.breakdown else [])  # a column equal to the
                  if any(o.breakdown[i].get(k) != o.scores[i] for i in range(len(o.scores)))]  # score: once
        score_key = f"{self.game_id}.score_column"  # what the score is (Fuji 99: the floor, not a sum)
        score_label = self.tr(score_key) if i18n.has(score_key) else self.tr("app.total")
        table_w = 1100 if self.extra else 1700
        x_name, x_first = 220, 480
        step = max(150, (table_w - (x_first - 100)) // (len(labels) + 1))
        xs = [x_first + i * step for i in range(len(labels) + 1)]  # breakdown columns, then total
        y = 300
        text.draw(surf, self.tr("app.rank"), (120, y), 26, theme.INK_DIM, True, "midleft")
        text.draw(surf, self.tr("app.player"), (x_name, y), 26, theme.INK_DIM, True, "midleft")
        for label, x in zip([self.tr(k) for k in labels] + [score_label], xs, strict=True):
            size = text.fit_size(label, 26, step - 16, True)
            if size >= 20:
                text.draw(surf, label, (x, y), size, theme.INK_DIM, True, "midleft")
            else:  # a long header takes two lines rather than shrinking out of sight
                text.draw_wrapped(surf, label, pygame.Rect(x, y - 36, step - 16, 64), 20, theme.INK_DIM, True, 1.2)
        y += 50
        rank, prev = 0, None
        for pos, seat in enumerate(o.ranking):
            key = (o.scores[seat], seat in o.winners)
            if key != prev:
                rank = pos + 1
            prev = key
            row = pygame.Rect(100, y - 30, table_w, 62)
            widgets.panel(surf, row, theme.FELT if seat in o.winners else theme.PANEL, 10)
            text.draw(surf, str(rank), (130, y), 34, theme.INK, True, "midleft")
            widgets.seat_badge(surf, seat, (x_name + 20, y), 34)
            text.draw(surf, names[seat], (x_name + 50, y), text.fit_size(names[seat], 32, x_first - x_name - 70, True),
                      theme.INK, True, "midleft")
            for label, x in zip(labels, xs, strict=False):
                text.draw(surf, str(o.breakdown[seat].get(label, 0)), (x + 20, y), 32, theme.INK, False, "midleft")
            text.draw(surf, str(o.scores[seat]), (xs[-1] + 20, y), 36, theme.ACCENT, True, "midleft")
            y += 74
        if self.extra:
            head, body = self.extra
            box = pygame.Rect(1260, 280, 560, 640)
            widgets.panel(surf, box, (40, 46, 60), 16, theme.ACCENT, 2)
            text.draw(surf, head, (box.left + 25, box.top + 50), text.fit_size(head, 34, box.width - 50, True),
                      theme.ACCENT, True, "midleft")
            area = pygame.Rect(box.left + 25, box.top + 120, box.width - 50, box.height - 140)
            if not hasattr(self, "_body_size"):
                size = 26
                while size > text.MIN_SIZE and len(text.wrap(body, size, area.width)) * int(size * 1.35) > area.height:
                    size -= 2  # a long story shrinks until it fits (measured once)
                self._body_size = size
            text.draw_wrapped(surf, body, area, self._body_size, theme.INK)
        seed = self.session.record.seed
        text.draw(surf, self.tr("app.seed_was", seed=seed, moves=len(self.session.record.actions)),
                  (120, 1000), 24, theme.INK_DIM, False, "midleft")
        self.draw_buttons(surf)
