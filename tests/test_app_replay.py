"""Replays with controls, the Continue and history lists, and start-up housekeeping.

A replay plays exactly the record (issue 17.1): it stops at the last action saying the
record is unfinished, and an action that cannot be applied stops it with the move number
and the reason.  Hidden cards stay hidden unless the viewer picks "open hands".
"""
from __future__ import annotations

import os
import time

import pygame
import pytest

from games import registry
from games.app import housekeeping, storage
from games.app.play import PlayScene
from games.app.replay import SPEEDS, ReplayScene
from games.app.saves import SavesScene
from games.app.session import SeatSetup, Session
from games.app.title import TitleScene
from games.core.record import GameRecord
from games.core.rng import rng_for
from games.ui import cards
from tests.ui_driver import Driver

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def _button(scene, key):
    return next(b for b in scene.buttons if b.key == key)


def played(game: str, seed: int, moves: int | None = None, players: int = 2) -> Session:
    rules = registry.rules(game)
    players = max(players, rules.min_players)
    s = Session.start(game, [SeatSetup(f"P{i}") for i in range(players)], seed, {"start_player": 0})
    rng = rng_for(seed, "replay-test")
    while not s.over and (moves is None or len(s.record.actions) < moves):
        s.apply(rng.choice(rules.legal_actions(s.state)))
    return s


def open_replay(record: GameRecord, lang: str = "en") -> tuple[Driver, ReplayScene]:
    d = Driver(lang)
    d.app.push(TitleScene(d.app))
    scene = ReplayScene(d.app, record)
    d.app.push(scene)
    d.step()
    return d, scene


# --- playing exactly the record ------------------------------------------------------------
def test_unfinished_record_stops_at_its_last_action_and_says_so():
    s = played("toutomi", 3, moves=12)
    d, scene = open_replay(GameRecord.from_json(s.record.to_json()))
    scene.speed = len(SPEEDS) - 1  # the fastest
    for _ in range(3000):
        d.step()
        if not scene.playing:
            break
    assert scene.k == 12 and not scene.playing
    assert scene.state == s.state  # nothing made up past the record
    assert scene.end_message() == "End of the record (unfinished game)"


def test_an_action_that_cannot_be_applied_stops_with_its_number_and_reason():
    s = played("brujas", 4, moves=9, players=3)
    rec = GameRecord.from_json(s.record.to_json())
    rec.actions[6] = "play no-such-card"
    d, scene = open_replay(rec)
    assert scene.n == 6
    d.click(_button(scene, "last").rect.center)
    msg = scene.end_message()
    assert msg.startswith("Move 7 (play no-such-card) cannot be applied") and ":" in msg
    rec.actions[6] = "%%%"
    assert ReplayScene(d.app, rec).n == 6


def test_controls_step_back_and_forth_scrub_and_pause():
    s = played("fuji99", 5, moves=60)
    d, scene = open_replay(GameRecord.from_json(s.record.to_json()))
    d.click(_button(scene, "play").rect.center)
    assert not scene.playing
    k = scene.k
    d.click(_button(scene, "forward").rect.center)
    d.click(_button(scene, "forward").rect.center)
    assert scene.k == k + 2
    d.click(_button(scene, "back").rect.center)
    assert scene.k == k + 1
    bar = scene.scrubber()
    d.click((bar.left + bar.width // 2, bar.centery))
    assert scene.k == 30
    assert scene.state == GameRecord.from_json(s.record.to_json()).replay(scene.rules, upto=30)
    d.post(pygame.MOUSEBUTTONDOWN, (bar.left + 5, bar.centery))
    d.post(pygame.MOUSEMOTION, (bar.right, bar.centery))
    d.post(pygame.MOUSEBUTTONUP, (bar.right, bar.centery))
    assert scene.k == len(s.record.actions) and scene.state == s.state  # the end (60 moves, or fewer if it ended)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
    d.step()
    assert scene.k == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    d.step()
    assert scene.k == 1
    speed = scene.speed
    d.click(_button(scene, "speed").rect.center)
    assert scene.speed == (speed + 1) % 5
    d.click(_button(scene, "close").rect.center)
    assert isinstance(d.scene, TitleScene)


def test_hidden_cards_stay_hidden_unless_open_hands_is_chosen():
    s = played("toutomi", 8, moves=20, players=3)
    d, scene = open_replay(GameRecord.from_json(s.record.to_json()))
    d.click(_button(scene, "play").rect.center)
    scene.seek(20)
    cards.DRAW_LOG.enabled = True
    try:
        d.step()
        hidden = set(cards.DRAW_LOG.frame) & scene.rules.secret_ids(scene.state, None)
        assert not hidden, f"a spectator replay drew {sorted(hidden)} face up"
        d.click(_button(scene, "hands").rect.center)
        d.step()
        owner = scene.rules.turn_owner(scene.state)
        shown = set(cards.DRAW_LOG.frame) & set(scene.state.hands[owner])
        assert shown, "open hands shows the acting seat's hand"
    finally:
        cards.DRAW_LOG.enabled = False


def test_replay_from_the_history_list_and_from_the_command_line(data_dir, tmp_path):
    s = played("toutomi", 2)
    storage.finish_game(s)
    d = Driver("ja")
    d.app.push(TitleScene(d.app))
    d.step()
    d.click(_button(d.scene, "history").rect.center)
    assert isinstance(d.scene, SavesScene) and d.scene.tab == "finished"
    (save,) = storage.finished_games()
    d.click(_button(d.scene, f"open:{save.slot}").rect.center)
    assert isinstance(d.scene, ReplayScene) and d.scene.n == len(s.record.actions)
    from games.app.cli import replay_scene
    scene = replay_scene(d.app, str(storage.last_game_path()))
    assert isinstance(scene, ReplayScene)
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    assert replay_scene(d.app, str(bad)) is None


# --- Continue list and slots ----------------------------------------------------------------
def test_continue_lists_every_unfinished_game_and_a_new_game_destroys_none(data_dir):
    a, b = played("toutomi", 1, moves=5), played("fuji99", 2, moves=7)
    for s in (a, b):
        storage.write_slot(s)
    d = Driver("en")
    d.app.push(TitleScene(d.app))
    d.step()
    d.app.open("setup", "brujas")
    d.step()
    d.click({cid: r for r, cid, _ in d.scene.controls}["start_game"].center)
    play = d.scene
    assert isinstance(play, PlayScene)
    for _ in range(300):  # the bots make a move or two: the new game gets its own slot
        d.step()
        if play.session.record.actions:
            break
    d.step(2)
    slots = {g.slot for g in storage.unfinished_games()[0]}
    assert {a.slot, b.slot} <= slots and len(slots) >= 2
    d.app.goto("title")
    d.step()
    d.click(_button(d.scene, "continue").rect.center)
    lst = d.scene
    assert isinstance(lst, SavesScene)
    rows = [lst.progress(g, [f"P{i}" for i in range(4)], ", ") for g in lst.unfinished]
    assert any(r.startswith("move 5 ·") for r in rows) and any(r.startswith("move 7 ·") for r in rows)
    d.click(_button(lst, f"delete:{a.slot}").rect.center)
    assert storage.slot_path(a.slot).exists()  # asked first
    d.click(_button(lst, f"delete:{a.slot}").rect.center)
    assert not storage.slot_path(a.slot).exists()
    d.click(_button(lst, f"open:{b.slot}").rect.center)
    assert isinstance(d.scene, PlayScene) and d.scene.session.state == b.state


def test_setup_asks_before_a_new_game_would_push_out_the_oldest_save(data_dir, monkeypatch):
    monkeypatch.setattr(storage, "SLOTS_KEPT", 2)
    old, new = played("toutomi", 1, moves=3), played("toutomi", 2, moves=3)
    storage.write_slot(old)
    past = time.time() - 3600
    os.utime(storage.slot_path(old.slot), (past, past))
    storage.write_slot(new)
    d = Driver("en")
    d.app.push(TitleScene(d.app))
    d.app.open("setup", "toutomi")
    d.step()
    start = {cid: r for r, cid, _ in d.scene.controls}["start_game"].center
    d.click(start)
    from games.app.saves import ConfirmBox
    assert isinstance(d.scene, ConfirmBox)
    d.click(_button(d.scene, "no").rect.center)
    assert storage.slot_path(old.slot).exists()
    d.click(start)
    d.click(_button(d.scene, "yes").rect.center)
    assert isinstance(d.scene, PlayScene) and not storage.slot_path(old.slot).exists()
    assert storage.slot_path(new.slot).exists()


# --- start-up housekeeping --------------------------------------------------------------------
def test_housekeeping_removes_temp_files_and_moves_or_sets_aside_saves(data_dir):
    storage.saves_dir().mkdir(parents=True)
    stale = [data_dir / "autosave.json.abc.tmp", storage.saves_dir() / "x.json.def.tmp"]
    for p in stale:
        p.write_text("half")
        os.utime(p, (time.time() - 3600,) * 2)
    fresh = data_dir / "settings.json.new.tmp"  # a write in progress in another window
    fresh.write_text("x")
    done = played("toutomi", 4)
    storage.autosave_path().write_text(done.record.to_json())  # finished, in the old single slot
    foreign = GameRecord("chess", 2, 1, {}, [], [])
    (storage.saves_dir() / "chess.json").write_text(foreign.to_json())
    going = played("fuji99", 5, moves=6)
    storage.write_slot(going)
    msgs = housekeeping.run()
    assert not any(p.exists() for p in stale) and fresh.exists()
    keys = sorted(k for k, _ in msgs)
    assert keys == ["saves.moved_to_history", "saves.set_aside_unknown"]
    assert not storage.autosave_path().exists()
    assert [g.record.actions for g in storage.finished_games()] == [done.record.actions]
    assert (storage.saves_dir() / "chess.json.foreign").exists()
    assert [g.slot for g in storage.unfinished_games()[0]] == [going.slot]
    assert housekeeping.run() == []  # nothing left to do: no message loop


def test_an_unfinished_single_autosave_of_older_versions_becomes_a_slot(data_dir):
    s = played("brujas", 6, moves=5, players=3)
    storage.autosave_path().write_text(s.record.to_json())
    d = Driver("en")  # the app runs the housekeeping at start-up
    (save,) = storage.unfinished_games()[0]
    assert save.record.actions == s.record.actions and not storage.autosave_path().exists()
    assert not d.app.toasts


def test_messages_of_the_housekeeping_reach_the_person(data_dir):
    storage.saves_dir().mkdir(parents=True)
    (storage.saves_dir() / "a.json").write_text(GameRecord("chess", 2, 1, {}, [], []).to_json())
    d = Driver("ja")
    d.app.settings.lang = "ja"
    assert any("chess" in m for m, _ in d.app.toasts)


def test_a_failing_bot_is_logged_and_the_people_are_told(data_dir, caplog):
    """No error is swallowed in a bot thread (issue 17.1): the log file and a message get it."""
    import logging

    class Broken:
        name = "broken"

        def choose(self, view, legal, rng):
            raise RuntimeError("bot bug")

    s = Session.start("toutomi", [SeatSetup("A", "random"), SeatSetup("B")], 3, {"start_player": 0})
    s.bots[0] = Broken()
    d = Driver("en")
    scene = PlayScene(d.app, s, instant=True)
    d.app.replace(scene)
    with caplog.at_level(logging.ERROR):
        for _ in range(50):
            d.step()
            if s.record.actions:
                break
    assert s.record.actions, "the game goes on with the first legal move"
    assert any("bot bug" in (r.exc_text or "") or "failed" in r.getMessage() for r in caplog.records)
    assert any("The bot of A failed" in m for m, _ in d.app.toasts)


def test_the_housekeeping_message_names_the_game_in_the_persons_language(data_dir):
    done = played("fuji99", 3)
    storage.saves_dir().mkdir(parents=True)
    storage.slot_path("done").write_text(done.record.to_json())
    d = Driver("ja")
    msgs = [m for m, _ in d.app.toasts]
    assert any("Fuji 99" in m or "富士山地下99階" in m for m in msgs), msgs
    assert not any("{" in m for m in msgs)


@pytest.mark.parametrize("game,players", [("toutomi", 3), ("fuji99", 2), ("brujas", 3), ("qumasu", 2)])
def test_every_game_replays_to_its_end_in_both_view_modes(game, players):
    s = played(game, 12, players=players)
    d, scene = open_replay(GameRecord.from_json(s.record.to_json()), "ja")
    scene.pause()
    for k in range(scene.n):
        scene.step_forward()
        if k % 7 == 0:
            scene.toggle_hands()
            d.step()
    assert scene.k == scene.n == len(s.record.actions) and scene.state == s.state
    assert scene.end_message() == "記録の終わり（対局終了）"
    scene.seek(scene.n // 2)
    d.step()
    assert scene.state == GameRecord.from_json(s.record.to_json()).replay(scene.rules, upto=scene.n // 2)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_text_below_the_minimum_on_the_saves_replay_and_undo_screens(lang, data_dir):
    """Issue 15.4's rule (14 px at 1366×768) holds on the screens of issue 9 too."""
    from games.app.saves import ConfirmBox
    from tests.test_text_size import Audit
    for i, (game, players, moves) in enumerate([("toutomi", 4, 23), ("fuji99", 2, 41), ("qumasu", 2, 30)]):
        storage.write_slot(played(game, 10 + i, moves=moves, players=players))
    storage.finish_game(played("brujas", 3, players=3))
    d = Driver(lang)
    audit = Audit(d)
    d.app.push(TitleScene(d.app))
    audit.frame("title")
    d.app.push(SavesScene(d.app, "unfinished"))
    audit.frame("continue list")
    d.app.replace(SavesScene(d.app, "finished"))
    audit.frame("history list")
    d.app.push(ConfirmBox(d.app, "t", "m", "yes", lambda: None))
    audit.frame("confirm")
    replay = ReplayScene(d.app, played("qumasu", 4, moves=40).record)
    d.app.replace(replay)
    for k in (0, 13, 40):
        replay.seek(k)
        audit.frame(f"replay {k}")
        replay.toggle_hands()
        audit.frame(f"replay {k} open")
    s = played("fuji99", 4, moves=30)
    scene = PlayScene(d.app, s, instant=True)
    d.app.replace(scene)
    scene.ix.mouse = scene.undo_button.rect.center  # the hint of the Undo button
    audit.frame("undo hint")
    audit.check()
