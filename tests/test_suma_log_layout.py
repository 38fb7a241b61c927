"""Suma's log takes the width the player panels leave (SUMA-UI-LAYOUT-1): wide at 2-5 seats,
every panel holding the same things in its own rect, nothing overlapping, and the real table
showing more of a long log.  Driven through the real play scene."""
from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from games import registry  # noqa: E402
from games.app import gamelog  # noqa: E402
from games.app.play import PlayScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.core.rng import rng_for  # noqa: E402
from games.suma.ui import layout as L  # noqa: E402
from games.ui import logbox, theme  # noqa: E402
from tests.ui_driver import Driver  # noqa: E402

RULES = registry.rules("suma")
BOT = registry.bots("suma")["strong"]
NAMES = ["Aoi", "Hinata", "Sora", "Ren", "Mio", "Kaito", "Yui"]
WIDE = {2: 520, 3: 520, 4: 520, 5: 330, 6: 228, 7: 228}  # the log's width at least, per table size

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest)


def _fixed(players: int) -> list[tuple[str, pygame.Rect]]:
    """Everything on the table the log may not cover."""
    out = [("map", L.MAP_FRAME), ("announce", L.ANNOUNCE), ("summon", L.SUMMON), ("prompt", L.PROMPT.inflate(8, 8)),
           ("band", L.BAND), ("warehouse", L.WAREHOUSE), ("track", L.TRACK),
           ("top bar", pygame.Rect(0, 0, theme.W, 76))]
    out += [(f"button {k}", L.button_rect(k).inflate(60, 0).move(30, 0)) for k in range(3)]
    return out + [(f"panel {k}", L.panel_rect(k, players)) for k in range(players)]


@pytest.mark.parametrize("players", range(2, 8))
def test_the_log_is_as_wide_as_the_panels_leave_and_covers_nothing(players):
    log = L.log_rect(players)
    assert log.width >= WIDE[players] and log.height == L.LOG_H
    assert log.left > L.MAP_FRAME.right and log.top >= 76 and log.right <= theme.W
    for name, r in _fixed(players):
        assert not log.colliderect(r), f"the log covers the {name}"
    panels = [L.panel_rect(k, players) for k in range(players)]
    assert all(p.right == L.PANELS.right and p.bottom <= L.PANELS.bottom for p in panels)
    assert not any(a.colliderect(b) for i, a in enumerate(panels) for b in panels[i + 1:])


@pytest.mark.parametrize("players", range(2, 8))
def test_a_panel_holds_its_bingo_card_job_cards_and_hand_inside_without_overlap(players):
    panel = L.panel_rect(players - 1, players)
    bingo = L.small_bingo(panel)
    info = pygame.Rect(panel.left, panel.top, 154, 124)  # name, points, bingos, pieces
    for jobs in (1, 2, 3):
        parts = [("info", info), ("bingo", bingo)] + [(f"job {k}", r) for k, r in enumerate(L.panel_jobs(panel, jobs))]
        parts += [(f"hand {k}", r) for k, r in enumerate(L.panel_hand(panel, 3))]
        for i, (name, r) in enumerate(parts):
            assert panel.contains(r), f"{name} sticks out of the panel"
            hit = [other for other, q in parts[i + 1:] if r.colliderect(q)]
            assert not hit, f"{name} overlaps {hit}"
    four = L.panel_jobs(panel, 4)  # while one goes back: squeezed in, still inside, over no hand card
    assert all(panel.contains(r) and r.width >= 46 for r in four)
    assert not any(r.colliderect(h) for r in four for h in L.panel_hand(panel, 3) + [bingo])


def _table_with_log(d: Driver, players: int, moves: int) -> PlayScene:
    """A Strong bots' game ``moves`` in, its log (events and the bots' reasons) on the live table."""
    s = Session.start("suma", [SeatSetup(n) for n in NAMES[:players]], 5, {"start_player": 0})
    bots = [BOT(RULES, i) for i in range(players)]
    log: list[str] = []
    for k in range(moves):
        before = s.state
        cur = RULES.current_player(before)
        a = bots[cur].choose(RULES.view(before, cur), RULES.legal_actions(before), rng_for(1, k))
        s.apply(a)
        log += gamelog.lines_after(RULES, s.state, None, d.app.settings.lang, NAMES[:players])
        log += gamelog.bot_reason_lines(RULES, before, a, s.state, [BOT] * players, None, d.app.settings.lang,
                                        NAMES[:players])
    scene = PlayScene(d.app, s, instant=True)
    d.app.replace(scene)
    scene.unlocked = s.current  # the person at the device (no curtain in the way)
    scene.ctx.log[:] = log
    scene.refresh(initial=True)
    d.step()
    return scene


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_four_seat_table_shows_its_long_log_in_wide_lines(lang):
    d = Driver(lang)
    scene = _table_with_log(d, 4, 50)
    box = scene.ctx.log_rect
    assert box == L.log_rect(4) and box.width >= WIDE[4]
    lines, _ = logbox.wrapped_log(scene.ctx, logbox.LOG_SIZE, box.width - 28)
    entries = scene.ctx.log
    assert len(entries) > 60
    assert len(lines) <= 1.6 * len(entries), "most entries take one line"  # measured 1.2 ja, 1.3 en
    narrow, _ = logbox.wrapped_log(scene.ctx, logbox.LOG_SIZE, 200)
    assert len(narrow) >= 2.2 * len(entries)  # what the 228 px box made of them
