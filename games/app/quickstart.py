"""One tap to play (store demo): after a game's tile, how many people; the game starts at once.

The kiosk's title opens this instead of the setup screen: a visitor taps "Me against bots"
or "2 players", … and the table shows.  Nothing else is asked: no seed, no bot speed, no
names to type, no variants.

- APP-QUICKSTART-1 (issue 32): a quick game has the game's usual table size (the demo's:
  three seats where the game allows, else its minimum) or more when more people play; the
  people sit first ("You" alone, else "Player 1", "Player 2", …), the bots after them under
  the demo's friendly names and play as the strongest bot; the rules' default options, a
  random first player and random seat choices (story books, decks), a fresh seed.  The
  setup screen's remembered choices are neither read nor written: the next visitor starts
  from the same table.
"""
from __future__ import annotations

import pygame

from games import registry
from games.app import storage
from games.app.app import App, Overlay
from games.app.demo import demo_names
from games.app.session import SeatSetup, Session
from games.core.i18n import tr
from games.core.rng import new_seed
from games.ui import text, theme, widgets

MAX_CHOICES = 5


def table_size(game_id: str, people: int) -> int:
    rules = registry.rules(game_id)
    usual = min(max(3, rules.min_players), rules.max_players)
    return min(rules.max_players, max(people, usual))


def quick_session(game_id: str, people: int, lang: str, seed: int | None = None) -> Session:
    """A game for ``people`` people and bots, ready to play (APP-QUICKSTART-1)."""
    rules = registry.rules(game_id)
    best = list(registry.bots(game_id))[-1]
    players = table_size(game_id, people)
    if people == 1:
        names = [tr("kiosk.you", lang)]
    else:
        names = [tr("kiosk.player_n", lang, n=i + 1) for i in range(people)]
    bots = [n for n in demo_names(lang, players + people) if n not in names][: players - people]
    seats = [SeatSetup(n) for n in names] + [SeatSetup(n, best) for n in bots]
    options = dict(rules.default_options(), start_player=-1)
    ctl_cls, _ = registry.ui_classes(game_id)
    if ctl_cls.seat_option:
        options[ctl_cls.seat_option] = [None] * players  # random story books, decks
    return Session.start(game_id, seats, seed if seed is not None else new_seed(), options)


class QuickStart(Overlay):
    """How many people play: one tap, and the game starts."""

    veil_alpha = 225

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        rules = registry.rules(game_id)
        top = min(rules.max_players, MAX_CHOICES)
        rows = []
        for people in range(1, top + 1):
            bots = table_size(game_id, people) - people
            if people == 1:
                label = self.tr("kiosk.quick_solo", n=bots)
            else:
                label = self.tr("kiosk.quick_people", n=people) + (self.tr("kiosk.quick_plus_bots", n=bots)
                                                                   if bots else "")
            rows.append((label, lambda k=people: self.start(k), f"people_{people}"))
        rows.append((self.tr("app.back"), app.pop, "back"))
        self.buttons = widgets.button_column(rows, theme.W // 2, 300, width=820, height=96, gap=22)
        self.buttons[-1].primary = False
        for b in self.buttons:
            b.size = 40

    def start(self, people: int) -> None:
        oldest = storage.oldest_slot_to_drop()  # a visitor is never asked about slots (kiosk.py APP-KIOSK-1)
        if oldest is not None:
            storage.delete_slot(oldest.slot)
        self.app.goto("play", quick_session(self.game_id, people, self.app.settings.lang))

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_veil(surf)
        self.draw_card(surf, 150, self.buttons[-1].rect.bottom + 50)
        title = registry.info(self.game_id).title[self.app.settings.lang]
        text.draw(surf, title, (theme.W // 2, 205), 56, theme.ACCENT, True, "center")
        text.draw(surf, self.tr("kiosk.quick_who"), (theme.W // 2, 262), 32, theme.INK, False, "center")
        self.draw_buttons(surf)
