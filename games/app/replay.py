"""Replays with controls: play/pause, step back and forth, speed, a scrubber over the moves.

A replay plays exactly its record: at the last action it stops and says whether the game
ended or the record is unfinished (an autosave); an action that cannot be applied stops
it with the move number and the reason.  Nothing is made up and no thread is involved.

Hidden cards stay hidden (the spectator's view) unless the viewer switches to *open
hands*: then the table is drawn from the acting seat's view, as in the store demo (a
finished game has no secrets left to protect; views only ever show one seat's secrets).
States are rebuilt from checkpoints every ``CHECKPOINT`` moves, so memory stays bounded.
The log at move k is the log of the first k moves, each move's lines made as in a game
(games/app/gamelog.py; a replay's log is the spectator's, APP-GAMELOG-30), read once when the
record is scanned.

- APP-REPLAY-1 The table's motion (games/ui/motion.py) runs as in a game: the scene ticks its
  clock, so a move played or stepped forward travels, counts and shows its moment (at the
  replay's speed: ×2 is twice as fast) and comes to rest on the table a live game shows
  for that state; a jump (back, the scrubber, first/last, open hands) shows the new state
  at rest at once (``Motion.settle``).  Without the clock, cards stayed where they left
  from and numbers at their old values (issue 27: Toutomi's field, total and hands).
  tests/test_replay_draws.py compares what the replay draws with a fresh table.
- APP-REPLAY-2 Where the log says why bots moved (the settings' rule on the record's seats,
  games/app/gamelog.py APP-GAMELOG-35), each bot seat's move gets its reason line when
  the record is scanned: ``rules.explain`` from that seat's view of the state before the
  move (APP-GAMELOG-36), checked against what a spectator sees (APP-GAMELOG-37).
"""
from __future__ import annotations

import pygame

from games import registry
from games.app import gamelog
from games.app.app import App, Scene
from games.core.engine import Action, IllegalAction
from games.core.record import GameRecord, RecordError
from games.ui import text, theme, tips, widgets
from games.ui.table import Interaction, TableContext

TOP = theme.TOP_BAR  # as in a game: every control lives in it
TITLE_W = 290  # room for "Replay: <game>" at the left
CHECKPOINT = 20
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
SECONDS_PER_MOVE = 1.2  # at ×1
KEYS_SECONDS = 8.0


class ReplayScene(Scene):
    def __init__(self, app: App, record: GameRecord) -> None:
        super().__init__(app)
        if record.game not in registry.playable_ids():
            raise RecordError("record.unknown_game", game=record.game)
        self.record = record
        self.game_id = record.game
        self.rules = registry.rules(record.game)
        self.checkpoints: dict[int, object] = {}
        self.stop_reason: str | None = None  # why the replay cannot go past ``self.n``
        names = [str(s.get("name") or f"P{i + 1}") if isinstance(s, dict) else f"P{i + 1}"
                 for i, s in enumerate((record.seats + [{}] * record.players)[:record.players])]
        bots = [s.get("bot") if isinstance(s, dict) else None for s in record.seats[:record.players]]
        self.ctx = TableContext(self.rules, app.settings.lang, names, bots + [None] * (record.players - len(bots)),
                                record.options)
        self.log_chunks: list[list[str]] = []  # each move's log lines (gamelog.py)
        self.n = self.scan()
        ctl_cls, table_cls = registry.ui_classes(self.game_id)
        self.controller = ctl_cls(self.ctx)
        self.table = table_cls(self.ctx, self.controller)
        self.motion = self.table.motion
        self.ix = Interaction()
        self.k = 0
        self.state = self.checkpoints[0]
        self.playing = True
        self.speed = 1
        self.open_hands = False
        self.acc = 0.0
        self.t = 0.0
        self.banner: list[tuple[str, float]] = []
        self.scrubbing = False
        self.tip_pointer = tips.Pointer()  # what a thing on the table means (games/ui/tips.py TIPS-3)
        self.configure_motion()
        self.layout()
        self.show()

    # --- the record -------------------------------------------------------------------
    def scan(self) -> int:
        """Replay the record once: checkpoints, and how far it can go (stop reason kept)."""
        rec, rules = self.record, self.rules
        state = rec.replay(rules, upto=0)  # RecordError: wrong players, bad options
        self.checkpoints[0] = state
        lang = self.app.settings.lang
        kinds = registry.bots(rec.game)
        bots = [s.get("bot") if isinstance(s, dict) else None for s in rec.seats[:rec.players]]
        bots += [None] * (rec.players - len(bots))
        why = [kinds[b] if b in kinds else None for b in bots]  # each bot seat's level (APP-REPLAY-2)
        if not gamelog.explains(self.app.settings.explain_bots, bots):
            why = []
        for i, txt in enumerate(rec.actions):
            try:
                before, action = state, Action.parse(txt)
                state = rules.apply(state, action)
                self.log_chunks.append(gamelog.lines_after(rules, state, None, lang, self.ctx.names)
                                       + gamelog.bot_reason_lines(rules, before, action, state, why, None, lang,
                                                                  self.ctx.names))
            except (IllegalAction, ValueError) as exc:
                reason = (rules.event_text(exc.key, exc.params, self.app.settings.lang)
                          if isinstance(exc, IllegalAction) else self.tr("saves.unreadable_action"))
                self.stop_reason = self.tr("saves.bad_move", index=i + 1, action=txt[:40], reason=reason)
                return i
            if (i + 1) % CHECKPOINT == 0:
                self.checkpoints[i + 1] = state
        return len(rec.actions)

    def state_at(self, k: int):
        """The state after ``k`` actions (from the nearest checkpoint)."""
        base = k - k % CHECKPOINT
        state = self.checkpoints[base]
        for txt in self.record.actions[base:k]:
            state = self.rules.apply(state, Action.parse(txt))
        return state

    # --- controls ---------------------------------------------------------------------
    def layout(self) -> None:
        """Every control in the top bar, so the table below is drawn exactly as in a game."""
        y, h = 12, TOP - 24
        b = widgets.Button
        play = "‖" if self.playing else "▶"
        x = TITLE_W + 24
        row = [(70, "|◀", lambda: self.seek(0), "first"), (70, "◁", self.step_back, "back"),
               (90, play, self.toggle, "play"), (70, "▷", self.step_forward, "forward"),
               (70, "▶|", lambda: self.seek(self.n), "last")]
        self.buttons = []
        for w, label, cb, key in row:
            self.buttons.append(b(pygame.Rect(x, y, w, h), label, cb, primary=key == "play", size=28, key=key))
            x += w + 6
        self.buttons += [
            b(pygame.Rect(x + 10, y, 160, h), self.tr("saves.speed", x=_speed_text(SPEEDS[self.speed])),
              self.faster, size=24, key="speed"),
            b(pygame.Rect(x + 180, y, 220, h),
              self.tr("saves.open_hands" if self.open_hands else "saves.hidden_hands"),
              self.toggle_hands, size=24, key="hands"),
            b(pygame.Rect(theme.W - 150, y, 130, h), self.tr("app.close"), self.close, size=24, key="close"),
        ]

    def scrubber(self) -> pygame.Rect:
        left = self.buttons[6].rect.right + 30
        return pygame.Rect(left, TOP // 2 - 8, theme.W - 360 - left, 16)

    def toggle(self) -> None:
        if not self.playing and self.k >= self.n:
            self.seek(0)  # at the end, play starts again from the first move
        self.playing = not self.playing
        self.acc = 0.0
        self.layout()

    def faster(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self.layout()

    def toggle_hands(self) -> None:
        self.open_hands = not self.open_hands
        self.layout()
        self.show()

    def step_forward(self) -> None:
        self.pause()
        self.advance()

    def step_back(self) -> None:
        self.pause()
        self.seek(self.k - 1)

    def pause(self) -> None:
        if self.playing:
            self.playing = False
            self.layout()

    def close(self) -> None:
        if len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.app.goto("title")

    def advance(self) -> bool:
        """One move forward with its announcements; False at the end of the record."""
        if self.k >= self.n:
            return False
        self.state = self.rules.apply(self.state, Action.parse(self.record.actions[self.k]))
        self.k += 1
        self.show(announce=True)
        return True

    def seek(self, k: int) -> None:
        """Jump to the state after ``k`` actions; the log is that of the first ``k`` moves."""
        k = max(0, min(self.n, k))
        self.state, self.k = self.state_at(k), k
        self.ctx.log = gamelog.flat(self.log_chunks[:k])
        self.ctx.log_scroll = 0
        self.banner = []
        self.show()

    # --- drawing the table ------------------------------------------------------------
    def viewer(self) -> int | None:
        return self.rules.turn_owner(self.state) if self.open_hands else None

    def configure_motion(self) -> None:
        """Travel and moments at the replay's speed; reduced motion draws end states (APP-REPLAY-1)."""
        self.motion.configure("normal", self.app.settings.reduced_motion)
        self.motion.speed = 1.0 / SPEEDS[self.speed]
        self.motion.moments_on = True
        self.motion.skip_hint = self.tr("motion.skip_hint")

    def show(self, announce: bool = False) -> None:
        """The table for ``self.state``: after one move forward (``announce``) what it did
        travels and counts; else the state shows at rest (APP-REPLAY-1)."""
        viewer = self.viewer()
        view = self.rules.view(self.state, viewer)
        self.controller.reset_local(view)
        self.table.rebuild(view, viewer, [])
        if not announce:
            self.motion.settle()
            self.table.skip_animations()
        else:
            self.table.on_events(view.get("events", []))
            if self.app.settings.reduced_motion:
                self.table.skip_animations()
            lines = self.log_chunks[self.k - 1]
            self.ctx.log = gamelog.flat(self.log_chunks[:self.k])
            self.banner = (self.banner + [(ln, self.t) for ln in lines])[-4:]

    def end_message(self) -> str | None:
        if self.k < self.n:
            return None
        if self.stop_reason:
            return self.stop_reason
        over = self.rules.current_player(self.state) is None
        return self.tr("saves.end_finished" if over else "saves.end_unfinished")

    # --- loop -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.tip_pointer.handle(event, self.t, self.app.stretch)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = self.ix.mouse = event.pos
            if self.scrubbing:
                self.scrub_to(event.pos[0])
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.scrubbing = False
            return
        if self.handle_buttons(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if event.pos[1] > TOP and self.motion.skip_moment():
                return  # a click on the table skips the moment, as in a game
            if self.scrubber().inflate(0, 40).collidepoint(event.pos):
                self.pause()
                self.scrubbing = True
                self.scrub_to(event.pos[0])
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)

    def key(self, key: int) -> None:
        actions = {pygame.K_SPACE: self.toggle, pygame.K_RIGHT: self.step_forward, pygame.K_LEFT: self.step_back,
                   pygame.K_HOME: lambda: self.seek(0), pygame.K_END: lambda: self.seek(self.n),
                   pygame.K_PLUS: self.faster, pygame.K_EQUALS: self.faster, pygame.K_KP_PLUS: self.faster,
                   pygame.K_MINUS: self.slower, pygame.K_KP_MINUS: self.slower, pygame.K_ESCAPE: self.close}
        if key in actions:
            actions[key]()

    def slower(self) -> None:
        self.speed = max(0, self.speed - 1)
        self.layout()

    def scrub_to(self, x: int) -> None:
        bar = self.scrubber()
        k = round((x - bar.left) / max(1, bar.width) * self.n)
        if k != self.k:
            self.seek(k)

    def update(self, dt: float) -> None:
        self.t += dt
        self.ix.t = self.t
        self.configure_motion()
        self.motion.tick(dt)
        held = self.motion.moment_now() is not None  # the table stands still under a moment
        animating = self.table.update(0.0 if held else dt / self.motion.speed) or self.motion.busy()
        if not self.playing or animating:
            return
        self.acc += dt * SPEEDS[self.speed]
        if self.acc >= SECONDS_PER_MOVE:
            self.acc = 0.0
            if not self.advance():
                self.playing = False
                self.layout()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.FELT)
        self.table.draw(surf, self.ix)
        self.draw_messages(surf)
        self.motion.draw_moment(surf, TOP)
        self.draw_bar(surf)
        if self.motion.moment_now() is None:
            tips.show(surf, self.tip_pointer, self.table.tips, self.rules, self.app.settings.lang, self.ctx.names,
                      self.t, TOP)

    def draw_bar(self, surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, theme.BG, pygame.Rect(0, 0, theme.W, TOP))
        title = self.tr("saves.replay_of", game=registry.info(self.game_id).title[self.app.settings.lang])
        text.draw(surf, title, (20, TOP // 2), text.fit_size(title, 30, TITLE_W, True, 20), theme.ACCENT, True,
                  "midleft")
        bar = self.scrubber()
        pygame.draw.rect(surf, theme.PANEL_LIGHT, bar, border_radius=8)
        frac = self.k / self.n if self.n else 1.0
        done = bar.copy()
        done.width = int(bar.width * frac)
        pygame.draw.rect(surf, theme.ACCENT, done, border_radius=8)
        pygame.draw.circle(surf, theme.INK, (bar.left + done.width, bar.centery), 15)
        label = self.tr("saves.move_of", k=self.k, n=len(self.record.actions))
        text.draw(surf, label, (bar.right + 20, bar.centery), text.fit_size(label, 24, 170, True, 20), theme.INK, True,
                  "midleft")
        for b in self.buttons:
            b.draw(surf, self.ix.mouse)

    def draw_messages(self, surf: pygame.Surface) -> None:
        y = self.table.banner_y
        for msg, _ in [(m, t0) for m, t0 in self.banner if self.t - t0 < 4.0 / SPEEDS[self.speed] + 1][-2:]:
            size = text.fit_size(msg, 28, 1300, True, 20)
            img = text.render(msg, size, theme.INK, True)
            rect = img.get_rect(midtop=(theme.W // 2, y))
            pygame.draw.rect(surf, (18, 22, 30), rect.inflate(36, 14), border_radius=10)
            surf.blit(img, rect)
            y = rect.bottom + 12
        end = self.end_message()
        if end:
            lines = text.wrap(end, 34, 1100, True)[:3]
            box = pygame.Rect(0, 0, 1200, 48 * len(lines) + 44)
            box.center = (theme.W // 2, theme.H // 2)
            colour = theme.DANGER if self.stop_reason else theme.ACCENT
            widgets.panel(surf, box, (24, 28, 38), 18, colour, 4)
            for i, line in enumerate(lines):
                text.draw(surf, line, (box.centerx, box.top + 46 + 48 * i), 34, theme.INK, True, "center")
        if self.t > KEYS_SECONDS:
            return  # the key hint shows for a while after opening, then leaves the hands free
        keys = self.tr("saves.replay_keys")
        img = text.render(keys, 20, theme.INK_DIM)
        rect = img.get_rect(midbottom=(theme.W // 2, theme.H - 8))
        pygame.draw.rect(surf, (18, 22, 30), rect.inflate(24, 8), border_radius=8)
        surf.blit(img, rect)


def _speed_text(x: float) -> str:
    return str(int(x)) if x == int(x) else str(x)
