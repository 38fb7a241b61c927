"""The game log is the whole game's, live, after Continue and in replays (issue 27.2).

Each game is played through the real play scene (a person's moves by posted mouse
events, the bots' by the bot worker); the log it showed is then compared with the log
the Continue list's line opens (a fresh app, as after closing the window or a kill -9)
and with a replay's log at several moves k (the log of the first k moves, as the live
table had it then).
"""
from __future__ import annotations

import pytest

from games import registry
from games.app.play import PlayScene
from games.app.replay import ReplayScene
from games.app.session import SeatSetup, Session
from games.app.title import TitleScene
from games.core.record import GameRecord
from games.core.rng import rng_for
from tests import test_fuji99_ui, test_qumasu_ui, test_suma_ui
from tests.test_app_scenes import continue_slot
from tests.ui_driver import Driver, button

GAMES = registry.playable_ids()
PERFORM = {"fuji99": test_fuji99_ui.perform, "qumasu": test_qumasu_ui.perform, "suma": test_suma_ui.perform}


pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest)


_button = button  # tests/ui_driver.py


def _seats(game: str, people: int) -> list[SeatSetup]:
    rules, strongest = registry.rules(game), list(registry.bots(game))[-1]
    n = min(max(3, rules.min_players), rules.max_players)
    return [SeatSetup(f"P{i}") if i < people else SeatSetup(f"Bot{i}", strongest) for i in range(n)]


def live(d: Driver, game: str, seed: int, people: int, moves: int, until=None) -> tuple[Session, PlayScene, dict]:
    """Play ``moves`` actions (or until ``until(session)``) on the real table; the log as
    it stood after each one (as far as the frames saw it)."""
    session = Session.start(game, _seats(game, people), seed, {"start_player": 0})
    d.app.push(TitleScene(d.app))
    scene = PlayScene(d.app, session, instant=True)
    d.app.push(scene)
    rng, perform = rng_for(seed, "log-test"), PERFORM.get(game)
    logs = {0: list(scene.ctx.log)}
    for _ in range(moves * 60):
        d.step()
        logs.setdefault(len(session.record.actions), list(scene.ctx.log))
        if len(session.record.actions) >= moves or session.over or d.scene is not scene:
            break
        if until is not None and until(session):
            break
        if session.is_bot_turn():
            continue
        if scene.curtain_for() is not None:
            d.click(scene.curtain_button().center)
            continue
        action = rng.choice(session.rules.legal_actions(session.state))
        if perform:
            perform(d, scene, action, rng)
        else:
            d.perform(action, use_drag=rng.random() < 0.5)
    logs[len(session.record.actions)] = list(scene.ctx.log)
    return session, scene, logs


@pytest.mark.parametrize("game", GAMES)
def test_continue_shows_the_whole_log_the_live_table_had(game):
    d = Driver("ja")
    session, scene, _ = live(d, game, 5, people=1, moves=45)
    shown = list(scene.ctx.log)
    assert len(session.record.actions) >= 30 and len(shown) > 40, (game, len(shown))
    # the window closed (or the app killed): a fresh app opens the line under Continue
    again = Driver("ja")
    continue_slot(again, session.slot)
    cont = again.scene
    assert isinstance(cont, PlayScene) and cont.session.state == session.state
    assert cont.ctx.log == shown, f"{game}: the log after Continue is not the live game's"
    assert cont.ctx.log[0] == shown[0]  # from the first move on, not only the last lines


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_at_move_k_shows_the_log_of_the_first_k_moves(game):
    d = Driver("en")
    session, _, logs = live(d, game, 9, people=0, moves=40)  # a table of bots: the spectator's log
    n = len(session.record.actions)
    rec = GameRecord.from_json(session.record.to_json())
    d.app.push(TitleScene(d.app))
    replay = ReplayScene(d.app, rec)
    d.app.push(replay)
    d.step()
    d.click(_button(replay, "play").rect.center)  # paused
    bar = replay.scrubber()
    seen = sorted(logs)
    for k in (seen[len(seen) // 4], seen[len(seen) // 2], n):
        d.click((min(bar.right - 1, bar.left + round(bar.width * k / n)), bar.centery))
        assert replay.k == k and replay.ctx.log == logs[k], f"{game}: the replay's log at move {k}"
    d.click(_button(replay, "back").rect.center)
    assert replay.k == n - 1 and replay.ctx.log == logs.get(n - 1, replay.ctx.log)
    d.click(_button(replay, "forward").rect.center)
    assert replay.ctx.log == logs[n] and len(logs[n]) > 40


def test_undo_after_continue_takes_back_the_moves_lines():
    d = Driver("en")
    session, scene, logs = live(d, "fuji99", 3, people=1, moves=200, until=Session.can_undo)
    assert session.can_undo()  # the person's card use may be taken back
    n = len(session.record.actions)
    again = Driver("en")
    again.app.push(TitleScene(again.app))
    s = Session.from_record(GameRecord.from_json(session.record.to_json()))
    again.app.push(PlayScene(again.app, s, instant=True))
    cont = again.scene
    assert cont.ctx.log == scene.ctx.log and cont.may_undo()
    again.click(cont.undo_button.rect.center)
    assert len(cont.session.record.actions) == n - 1
    assert cont.ctx.log == logs[n - 1], "undo after Continue takes back exactly that move's lines"


@pytest.mark.parametrize("game", [g for g in GAMES if hasattr(registry.rules(g), "view_events")])
def test_a_games_view_events_are_its_views_events(game):
    rules = registry.rules(game)
    s = Session.start(game, [SeatSetup(f"P{i}") for i in range(rules.max_players)], 4, {"start_player": 0})
    rng = rng_for(4, "events")
    while not s.over:
        s.apply(rng.choice(rules.legal_actions(s.state)))
        for seat in (None, *range(rules.max_players)):
            assert rules.view_events(s.state, seat) == rules.view(s.state, seat)["events"]


def test_the_log_box_starts_with_a_whole_entry_never_the_tail_of_one(monkeypatch):
    """LOGBOX-1: in a box too short for the log, the top line is an entry's first line (a
    Japanese entry wrapped in two used to show its lone tail, "つけた", at the top)."""
    import pygame

    from games.ui import logbox, text
    from games.ui.table import TableContext

    pygame.font.init()
    ctx = TableContext(registry.rules("suma"), "ja", ["Aoi", "Sora"], [None, None])
    ctx.log = [f"Soraが{n}番のマスにとても長い説明付きで印をつけた" for n in range(12)]
    firsts = {text.wrap(e, logbox.LOG_SIZE, 200)[0] for e in ctx.log}
    assert all(len(text.wrap(e, logbox.LOG_SIZE, 200)) > 1 for e in ctx.log)
    drawn: list[str] = []
    real = text.draw

    def spy(surf, s, pos, size, *a, **k):
        if size == logbox.LOG_SIZE:
            drawn.append(s)
        return real(surf, s, pos, size, *a, **k)

    monkeypatch.setattr(text, "draw", spy)
    surf = pygame.Surface((400, 600))
    tallest = max(len(text.wrap(e, logbox.LOG_SIZE, 200)) for e in ctx.log)
    step = int(logbox.LOG_SIZE * 1.3)
    for height in range(48 + tallest * step, 420, 7):  # every box an entry fits in
        drawn.clear()
        ctx.log_scroll = 0
        logbox.draw_log(surf, ctx, pygame.Rect(0, 0, 228, height), "記録")
        assert drawn, height
        assert drawn[0] in firsts, (height, drawn[0])
        assert drawn[-1] == text.wrap(ctx.log[-1], logbox.LOG_SIZE, 200)[-1]
