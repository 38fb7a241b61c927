"""Setup screen: players, names, human or bot per seat, variants, start player, seed."""
from __future__ import annotations

import unicodedata

import pygame

from games import registry
from games.app import storage
from games.app.app import App, Scene
from games.app.session import SeatSetup, Session
from games.app.storage import BOT_SPEEDS
from games.core import i18n
from games.core.rng import new_seed
from games.core.safe_text import allowed_in_name, clean_text
from games.ui import text, theme, widgets
from games.ui.field import FieldEdit, draw_field

ROW_H = 74
NAME_MAX = 12  # what the setup row shows in full (records keep up to safe_text.NAME_MAX)


def seed_digits(chars: str) -> tuple[str, str]:
    """(digits people mean, characters refused): NFKC makes ① -> 1 and ２ -> 2.

    An IME offers full-width and circled digits; ``int()`` after ``isdigit()`` crashed on
    them.  Whatever is not an ASCII digit after NFKC is refused (and said so).
    """
    kept, refused = [], []
    for ch in chars:
        norm = unicodedata.normalize("NFKC", ch)
        if norm and norm.isascii() and norm.isdigit():
            kept.append(norm)
        elif ch.strip():
            refused.append(ch)
    return "".join(kept), clean_text("".join(refused), 8)


class SetupScene(Scene):
    def __init__(self, app: App, game_id: str, seed: int | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.rules = registry.rules(game_id)
        self.bots = registry.bots(game_id)  # levels (games/core/bots.py BOTS-1); random is for tests
        self.bot_kinds = [k for k in self.bots if k != "random"][::-1]  # strongest first
        ctl_cls, _ = registry.ui_classes(game_id)
        self.ctl_cls = ctl_cls
        self.players = min(max(4, self.rules.min_players), self.rules.max_players)
        default_names = self.tr("app.default_names").split(",")
        self.names = [default_names[i % len(default_names)].strip() for i in range(self.rules.max_players)]
        self.kinds: list[str | None] = [None] + [self.bot_kinds[0]] * (self.rules.max_players - 1)
        self.options = self.rules.default_options()
        self.start_player = -1
        self.seat_choice: list = [None] * self.rules.max_players
        self.seed_text = str(seed if seed is not None else new_seed())
        self.focus: str | None = None  # "name:<i>" or "seed"
        self.edit: FieldEdit | None = None  # the focused field's text, caret and selection
        self.choice_hint = ""  # e.g. the cover line of the story book just picked
        self.recall(storage.read_setup_memory(game_id))
        self.layout()

    # --- the last setup of this game, remembered (storage.read_setup_memory) -------------
    def recall(self, memo: dict) -> None:
        """Take back what was remembered, keeping only values this game accepts."""
        players = memo.get("players")
        if isinstance(players, int) and not isinstance(players, bool) \
                and self.rules.min_players <= players <= self.rules.max_players:
            self.players = players
        names, kinds = memo.get("names"), memo.get("kinds")
        for i, name in enumerate(names[: self.rules.max_players] if isinstance(names, list) else []):
            if isinstance(name, str) and name.strip():
                self.names[i] = name[:NAME_MAX]
        for i, kind in enumerate(kinds[: self.rules.max_players] if isinstance(kinds, list) else []):
            if isinstance(kind, str) and hasattr(self.bots, "canonical"):
                kind = self.bots.canonical(kind)  # a bot id remembered before the levels
            if kind is None or kind in self.bot_kinds:
                self.kinds[i] = kind
        extra = self.ctl_cls.seat_option
        choices = memo.get("choices")
        if extra and isinstance(choices, list):  # story books, decks: only ones that still exist
            valid = {v for v, _ in self.ctl_cls.seat_option_choices(self.rules, self.app.settings.lang)}
            for i, val in enumerate(choices[: self.rules.max_players]):
                if val is None or (isinstance(val, str) and val in valid):
                    self.seat_choice[i] = val
        start = memo.get("start_player")
        if isinstance(start, int) and not isinstance(start, bool) and -1 <= start < self.players:
            self.start_player = start
        options = memo.get("options") if isinstance(memo.get("options"), dict) else {}
        for spec in self.rules.option_specs():
            val = options.get(spec.key)
            if (spec.kind == "bool" and isinstance(val, bool)) or (spec.choices and val in spec.choices):
                self.options[spec.key] = val

    def remember(self) -> None:
        memo = {"players": self.players, "names": list(self.names), "kinds": list(self.kinds),
                "options": dict(self.options), "choices": list(self.seat_choice), "start_player": self.start_player}
        try:
            storage.write_setup_memory(self.game_id, memo)
        except OSError:
            pass  # remembering is a comfort, never a reason to stop a game

    # --- layout: a list of (rect, id, label) controls rebuilt after every change --------
    def layout(self) -> None:
        self.controls: list[tuple[pygame.Rect, str, str]] = []
        add = self.controls.append
        x0, y = 140, 190
        add((pygame.Rect(x0 + 330, y, 70, 64), "players-", "−"))
        add((pygame.Rect(x0 + 540, y, 70, 64), "players+", "+"))
        y += 100
        extra = self.ctl_cls.seat_option
        choices = self.ctl_cls.seat_option_choices(self.rules, self.app.settings.lang) if extra else []
        for i in range(self.players):
            add((pygame.Rect(x0 + 60, y, 380, 60), f"name:{i}", self.names[i]))
            add((pygame.Rect(x0 + 460, y, 330, 60), f"kind:{i}", self.kind_label(self.kinds[i])))
            if extra:
                val = self.seat_choice[i]
                label = dict(choices).get(val, self.tr("app.random"))
                add((pygame.Rect(x0 + 810, y, 390, 60), f"choice:{i}", label))
            y += ROW_H
        rx, ry = 1400, 190
        for spec in self.rules.option_specs():
            val = self.options.get(spec.key, spec.default)
            label = self.tr(spec.label) + ": " + (self.tr("app.on") if val is True else
                                                  self.tr("app.off") if val is False else str(val))
            add((pygame.Rect(rx, ry, 480, 64), f"opt:{spec.key}", label))
            ry += 84
        sp = self.tr("app.random") if self.start_player < 0 else self.names[self.start_player]
        add((pygame.Rect(rx, ry, 480, 64), "start", self.tr("app.start_player") + ": " + sp))
        ry += 84
        add((pygame.Rect(rx, ry, 480, 64), "speed",
             self.tr("app.bot_speed") + ": " + self.tr("app.speed_" + self.app.settings.bot_speed)))
        ry += 84
        add((pygame.Rect(rx + 150, ry, 200, 64), "seed", self.seed_text))
        add((pygame.Rect(rx + 360, ry, 120, 64), "newseed", self.tr("app.new_seed")))
        self.seed_y = ry
        add((pygame.Rect(theme.W - 560, 940, 400, 90), "start_game", "▶ " + self.tr("app.start")))
        add((pygame.Rect(140, 940, 260, 90), "back", self.tr("app.back")))
        add((pygame.Rect(430, 940, 260, 90), "rules", self.tr("app.rules")))

    def kind_label(self, kind: str | None) -> str:
        """A person, or a bot named in the player's words by what it does (issue 27.9):
        ``<game>.bot_<id>`` or ``app.bot_<id>``; never its id (the id stays in saves)."""
        if kind is None:
            return self.tr("app.human")
        for key in (f"{self.game_id}.bot_{kind}", f"app.bot_{kind}"):
            if i18n.has(key):
                return self.tr("app.bot_named", name=self.tr(key))
        return self.tr(
            "app.bot_named", name=self.tr("app.bot_strong" if kind == self.bot_kinds[0] else "app.bot_other")
        )

    # --- actions -----------------------------------------------------------------------
    def click(self, cid: str) -> None:
        self.focus = self.edit = None
        if cid == "players-":
            self.players = max(self.rules.min_players, self.players - 1)
        elif cid == "players+":
            self.players = min(self.rules.max_players, self.players + 1)
        elif cid.startswith("name:"):
            self.focus = cid  # its text selected: typing replaces it (games/ui/field.py)
            self.edit = FieldEdit.clicked(self.names[int(cid[5:])], NAME_MAX)
            pygame.key.start_text_input()
        elif cid.startswith("kind:"):
            i = int(cid[5:])
            order = [None, *self.bot_kinds]
            self.kinds[i] = order[(order.index(self.kinds[i]) + 1) % len(order)]
        elif cid.startswith("choice:"):
            i = int(cid[7:])
            values = [None] + [v for v, _ in self.ctl_cls.seat_option_choices(self.rules, self.app.settings.lang)]
            self.seat_choice[i] = values[(values.index(self.seat_choice[i]) + 1) % len(values)]
            self.choice_hint = self.ctl_cls.seat_option_hint(self.rules, self.seat_choice[i], self.app.settings.lang)
        elif cid.startswith("opt:"):
            self.toggle_option(cid[4:])
        elif cid == "start":
            self.start_player = self.start_player + 1 if self.start_player + 1 < self.players else -1
        elif cid == "speed":
            s = self.app.settings
            s.bot_speed = BOT_SPEEDS[(BOT_SPEEDS.index(s.bot_speed) + 1) % len(BOT_SPEEDS)]
            self.app.save_settings()
        elif cid == "seed":
            self.focus = "seed"
            self.edit = FieldEdit.clicked(self.seed_text, 9)
        elif cid == "newseed":
            self.seed_text = str(new_seed())
        elif cid == "start_game":
            self.start_game()
            return
        elif cid == "back":
            self.app.pop()
            return
        elif cid == "rules":
            self.app.open("rules", self.game_id)
        if self.start_player >= self.players:
            self.start_player = -1
        self.layout()

    def toggle_option(self, key: str) -> None:
        spec = next(s for s in self.rules.option_specs() if s.key == key)
        cur = self.options.get(key, spec.default)
        if spec.kind == "bool":
            self.options[key] = not cur
        elif spec.choices:
            self.options[key] = spec.choices[(list(spec.choices).index(cur) + 1) % len(spec.choices)]

    def build_options(self) -> dict:
        opts = dict(self.options)
        opts["start_player"] = self.start_player
        extra = self.ctl_cls.seat_option
        if extra:
            opts[extra] = list(self.seat_choice[: self.players])
        return opts

    def start_game(self) -> None:
        """Start, unless that would push out the oldest unfinished game: then ask first."""
        oldest = storage.oldest_slot_to_drop()
        if oldest is None or self.app.kiosk:  # a visitor never meets the question (APP-KIOSK-1)
            if oldest is not None:
                storage.delete_slot(oldest.slot)
            self.really_start()
            return
        from games.app.saves import when
        lang = self.app.settings.lang
        game = registry.info(oldest.record.game).title[lang] if oldest.record.game in registry.playable_ids() \
            else oldest.record.game

        def drop_and_start() -> None:
            storage.delete_slot(oldest.slot)
            self.really_start()

        self.app.open("confirm", self.tr("saves.slots_full_title"),
                      self.tr("saves.slots_full", n=storage.SLOTS_KEPT, game=game, time=when(oldest.mtime, lang)),
                      self.tr("saves.start_anyway"), drop_and_start)

    def really_start(self) -> None:
        seed = int(self.seed_text) if self.seed_text.isascii() and self.seed_text.isdigit() else new_seed()
        seats = [SeatSetup(self.names[i].strip() or f"P{i + 1}", self.kinds[i]) for i in range(self.players)]
        session = Session.start(self.game_id, seats, seed, self.build_options())
        self.remember()
        self.app.goto("play", session)

    # --- loop --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, cid, _ in self.controls:
                if rect.collidepoint(event.pos):
                    self.click(cid)
                    return
            self.focus = self.edit = None
        elif event.type == pygame.TEXTINPUT and self.focus:
            self.type_text(event.text)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def focused_edit(self) -> FieldEdit | None:
        """The focused field's editing (made, the caret at the end, if focus was set alone)."""
        if self.edit is None and self.focus is not None:
            value, limit = (self.seed_text, 9) if self.focus == "seed" else (self.names[int(self.focus[5:])], NAME_MAX)
            self.edit = FieldEdit(value, limit, len(value), len(value))
        return self.edit

    def type_text(self, chars: str) -> None:
        if self.focused_edit() is None:
            return
        if self.focus == "seed":
            kept, refused = seed_digits(chars)
            if refused:
                self.app.toast(self.tr("app.seed_refused", text=refused[:8]), 3)
        else:
            kept = "".join(c for c in chars if allowed_in_name(c))
            if kept != chars:  # the field refuses what would be removed before drawing
                self.app.toast(self.tr("app.name_refused"), 3)
        self.edit.insert(kept)
        self.edited()

    def edited(self) -> None:
        """The focused field's text back into the setup."""
        if self.focus == "seed":
            self.seed_text = self.edit.text
        elif self.focus and self.focus.startswith("name:"):
            self.names[int(self.focus[5:])] = self.edit.text
        self.layout()

    def key(self, event: pygame.event.Event) -> None:
        edit = self.focused_edit()
        if edit is not None and edit.key(event.key, getattr(event, "mod", 0)):
            self.edited()
        elif event.key in (pygame.K_RETURN, pygame.K_TAB):
            self.focus = None
        elif event.key == pygame.K_ESCAPE:
            if self.focus:
                self.focus = None
            else:
                self.app.pop()

    def draw(self, surf: pygame.Surface) -> None:
        lang = self.app.settings.lang
        surf.fill(theme.BG)
        title = registry.info(self.game_id).title[lang]
        text.draw(surf, self.tr("app.setup_of", game=title), (140, 100), 56, theme.ACCENT, True, "midleft")
        text.draw(surf, self.tr("app.players"), (140, 222), 32, theme.INK, True, "midleft")
        text.draw(surf, str(self.players), (610, 222), 44, theme.INK, True, "center")
        text.draw(surf, self.tr("app.seed"), (1400, self.seed_y + 32), 30, theme.INK, True, "midleft")
        extra = self.ctl_cls.seat_option
        if extra:
            text.draw(surf, self.tr(f"{self.game_id}.seat_option"), (950, 268), 22, theme.INK_DIM, False, "midleft")
        for rect, cid, label in self.controls:
            self.draw_control(surf, rect, cid, label)
        for i in range(self.players):
            widgets.seat_badge(surf, i, (165, 320 + i * ROW_H), 40)
        text.draw(surf, self.tr("app.setup_hint"), (140, 900), 24, theme.INK_DIM, False, "midleft")
        if self.choice_hint:
            hint_y = 290 + self.players * ROW_H + 20
            text.draw_wrapped(surf, self.choice_hint, pygame.Rect(200, hint_y, 1000, 80), 26, theme.ACCENT)

    def draw_control(self, surf: pygame.Surface, rect: pygame.Rect, cid: str, label: str) -> None:
        focused = self.focus == cid
        hover = rect.collidepoint(self.mouse)
        primary = cid == "start_game"
        bg = theme.ACCENT if primary else (theme.PANEL_LIGHT if hover or focused else theme.PANEL)
        fg = theme.INK_DARK if primary else theme.INK
        widgets.panel(surf, rect, bg, 10, theme.ACCENT if focused else None, 3)
        if focused and self.edit is not None:
            draw_field(surf, rect.inflate(-24, -6), self.edit, 30, fg)
            return
        shown = label
        align = "left" if cid.startswith("name:") else "center"
        text.draw_fitted(surf, shown, rect.inflate(-24, -6), 30 if not primary else 36, fg, primary, align)
