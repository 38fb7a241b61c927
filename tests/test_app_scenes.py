"""The app shell through its real scenes: title, setup, rules overlay, pause, demo, continue."""
from __future__ import annotations

import time

import pygame
import pytest

from games import registry
from games.app import storage, writer
from games.app.overlays import PauseMenu, RulesOverlay, rules_sections
from games.app.play import PlayScene
from games.app.setup import SetupScene
from games.app.title import TitleScene
from tests.ui_driver import Driver

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def _button(scene, key):
    return next(b for b in scene.buttons if b.key == key)


def test_title_lists_five_games_and_only_playable_ones_start():
    d = Driver("en")
    d.app.push(TitleScene(d.app))
    d.step()
    tiles = d.scene.tiles
    assert [g.id for g, _ in tiles] == ["toutomi", "fuji99", "brujas", "qumasu", "suma"]
    unplayable = [(g, r) for g, r in tiles if not g.playable]
    for g, r in unplayable:
        d.click(r.center)
        assert isinstance(d.scene, TitleScene), f"{g.id} must not start"
    toutomi = next(r for g, r in tiles if g.id == "toutomi")
    d.click(toutomi.center)
    assert isinstance(d.scene, SetupScene)


def open_setup(d: Driver, game: str) -> tuple[SetupScene, dict]:
    """The setup of ``game`` over the title, drawn: the scene and its controls' rects by id."""
    d.app.push(TitleScene(d.app))
    d.app.push(SetupScene(d.app, game))
    d.step()
    setup = d.scene
    return setup, {cid: r for r, cid, _ in setup.controls}


def test_setup_to_play_with_chosen_players_names_bots_and_seed():
    d = Driver("en")
    setup, rect = open_setup(d, "toutomi")
    while setup.players > 3:
        d.click(rect["players-"].center)
        rect = {cid: r for r, cid, _ in setup.controls}
    d.click(rect["name:0"].center)
    for _ in range(10):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Mika"))
    d.step()
    d.click(rect["seed"].center)
    for _ in range(10):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="4242"))
    d.step()
    d.click(rect["opt:short"].center)
    rect = {cid: r for r, cid, _ in setup.controls}
    d.click(rect["start_game"].center)
    play = d.scene
    assert isinstance(play, PlayScene)
    rec = play.session.record
    assert rec.players == 3 and rec.seed == 4242 and rec.options["short"] is True
    assert rec.seats[0] == {"name": "Mika", "bot": None} and rec.seats[1]["bot"] is not None


def test_rules_overlay_opens_by_key_and_button_without_changing_the_game():
    d = Driver("ja")
    d.app.push(TitleScene(d.app))
    from games.app.cli import direct_game, parse
    play = direct_game(d.app, parse(["--game", "toutomi", "--players", "2", "--seed", "3"]))
    d.app.push(play)
    d.step(2)
    before = play.session.state
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    d.step()
    assert isinstance(d.scene, RulesOverlay)
    d.click(d.scene.tab_rects()[-1].center)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    d.step()
    assert d.scene is play
    d.click(_button(play, "rules").rect.center)
    assert isinstance(d.scene, RulesOverlay)
    d.click(d.scene.close.rect.center)
    assert d.scene is play and play.session.state == before
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    d.step()
    assert isinstance(d.scene, PauseMenu)
    d.click(_button(d.scene, "resume").rect.center)
    assert d.scene is play


@pytest.mark.parametrize("game_id", registry.playable_ids())
def test_every_playable_game_has_rules_text_in_both_languages(game_id):
    sections = rules_sections(game_id)
    assert len(sections) >= 3
    for title, body in sections:
        assert title["ja"] and title["en"] and len(body["ja"]) > 20 and len(body["en"]) > 20


def test_demo_runs_bot_games_and_any_click_returns_to_title():
    d = Driver("en")
    from games.app.demo import start_demo
    from games.app.howto import HowToScene
    start_demo(d.app)
    assert isinstance(d.scene, HowToScene)  # the attract loop teaches first (issue 14)
    d.scene.seconds = 0.05
    d.step(5)
    play = d.scene
    assert isinstance(play, PlayScene) and play.demo and all(b is not None for b in play.session.bots)
    d.step(30)
    d.click((500, 500))
    assert isinstance(d.scene, TitleScene)


def test_demo_starts_again_after_idle_on_title():
    d = Driver("en")
    d.app.demo_enabled = True
    d.app.settings.demo_idle_seconds = 5
    title = TitleScene(d.app)
    d.app.push(title)
    d.app.last_input = title.entered = time.monotonic() - 6
    d.step()
    from games.app.howto import HowToScene
    assert isinstance(d.scene, HowToScene)  # the how-to card, then the demo game itself
    d.scene.seconds = 0.05
    d.step(5)
    assert isinstance(d.scene, PlayScene) and d.scene.demo


def test_broken_settings_file_gives_a_message_and_defaults(data_dir):
    (data_dir / "settings.json").write_text("{oops")
    d = Driver("en")
    assert d.app.toasts and d.app.settings.bot_speed == "normal"


def continue_slot(d: Driver, slot: str) -> None:
    """The title's Continue button, then the saved game ``slot`` opened from the list of saves."""
    from games.app.saves import SavesScene
    d.app.push(TitleScene(d.app))
    d.step()
    d.click(_button(d.scene, "continue").rect.center)
    assert isinstance(d.scene, SavesScene)
    d.click(_button(d.scene, f"open:{slot}").rect.center)


def test_continue_resumes_the_autosaved_game_and_broken_one_is_reported(data_dir):
    from games.app.session import SeatSetup, Session
    s = Session.start("toutomi", [SeatSetup("A"), SeatSetup("B", "random")], 8, {"start_player": 0})
    for _ in range(5):
        s.apply(s.rules.legal_actions(s.state)[0])
    storage.write_slot(s)
    d = Driver("en")
    continue_slot(d, s.slot)
    assert isinstance(d.scene, PlayScene) and d.scene.session.state == s.state
    assert d.scene.session.slot == s.slot  # it goes on saving into its own slot
    storage.slot_path(s.slot).write_text('{"format": 1, "game": "toutomi", "pla')
    d.app.replace(TitleScene(d.app))
    d.step()
    assert not _button(d.scene, "continue").enabled
    assert any("could not be loaded" in m for m, _ in d.app.toasts)


def _autosaves():
    return [g.record for g in storage.unfinished_games()[0]]


def test_autosave_written_after_every_action_and_cleared_at_the_end(data_dir):
    from games.app.session import SeatSetup, Session
    d = Driver("en")
    s = Session.start("toutomi", [SeatSetup("A", "random"), SeatSetup("B", "random")], 2, {})
    play = PlayScene(d.app, s, instant=True)
    d.app.replace(play)
    saw = 0
    for _ in range(20000):
        d.step()
        saves = _autosaves()
        if saves:
            saw += 1
            (rec,) = saves
            assert rec.actions == s.record.actions[: len(rec.actions)]
        if s.over:
            break
    d.step(3)
    assert saw and s.over and not _autosaves()
    assert [g.record.actions for g in storage.finished_games()] == [s.record.actions]


def test_finished_game_is_kept_and_its_replay_reaches_the_same_end(data_dir):
    from games.app.replay import ReplayScene
    from games.app.results import ResultsScene
    from games.app.session import SeatSetup, Session
    from games.core.record import load_record
    d = Driver("en")
    s = Session.start("toutomi", [SeatSetup("A", "random"), SeatSetup("B", "random")], 6, {})
    d.app.replace(PlayScene(d.app, s, instant=True))
    for _ in range(20000):
        d.step()
        if isinstance(d.scene, ResultsScene):
            break
    assert isinstance(d.scene, ResultsScene)
    results = d.scene
    writer.flush()  # the finished game is written by the writer thread (games/app/writer.py)
    kept = load_record(storage.last_game_path())
    assert kept.actions == s.record.actions
    d.click(_button(d.scene, "replay").rect.center)
    replay = d.scene
    assert isinstance(replay, ReplayScene) and replay.n == len(kept.actions)
    d.click(_button(replay, "last").rect.center)
    assert replay.state == s.state and replay.end_message() == "End of the record (game over)"
    assert load_record(storage.last_game_path()).actions == kept.actions  # a replay overwrites nothing
    d.click(_button(replay, "close").rect.center)
    assert d.scene is results

# The store demo's lock and staff menu: tests/test_kiosk.py
