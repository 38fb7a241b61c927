"""Issue 32, a shop leaves the kiosk running for a month: visitor games that do not pile up,
staff access by touch, the PIN chosen by staff, a short even rotation, one tap to play, a demo
table that talks to nobody, visitor counts.  Through the real scenes with posted events."""
from __future__ import annotations

import datetime as dt
import json
import logging
import re

import pygame
import pytest

from games import registry
from games.app import kiosk, storage, visitors, writer
from games.app.demo import DEMO_SEGMENT_SECONDS, demo_games, start_demo
from games.app.howto import HowToScene
from games.app.play import PlayScene
from games.app.quickstart import QuickStart
from games.app.session import SeatSetup, Session
from games.app.staff import PinPrompt, StaffMenu
from games.app.title import TitleScene
from games.ui import text
from tests.test_kiosk import STAFF, button, drawn_texts, key
from tests.test_kiosk import kiosk as kiosk_driver


def saved_slots(folder) -> list:
    writer.flush()  # saves are written by the writer thread (games/app/writer.py)
    return sorted((folder / "saves").glob("*.json"))


def fill_slots(n: int) -> None:
    for i in range(n):
        storage.write_slot(Session.start("toutomi", [SeatSetup("A"), SeatSetup("B", "random")], i + 1, {}))


def tap(d, pos) -> None:
    d.click(pos)


def to_staff_menu(d) -> StaffMenu:
    key(d, pygame.K_q, STAFF)
    for ch in d.app.settings.staff_pin:
        tap(d, button(d.scene, f"pin_{ch}").rect.center)
    tap(d, button(d.scene, "pin_OK").rect.center)
    assert isinstance(d.scene, StaffMenu)
    return d.scene


def quick_game(d, game_id: str = "toutomi", people: int = 1) -> PlayScene:
    """Touch the demo, tap the game's tile, tap the number of people: the game shows."""
    start_demo(d.app, howto=False)
    tap(d, (900, 500))
    assert isinstance(d.scene, TitleScene)
    tap(d, dict((g.id, r) for g, r in d.scene.tiles)[game_id].center)
    assert isinstance(d.scene, QuickStart)
    tap(d, button(d.scene, f"people_{people}").rect.center)
    assert isinstance(d.scene, PlayScene) and not d.scene.demo
    return d.scene


def visitor_moves(d, play: PlayScene, n: int) -> None:
    """The bots act at once; the visitor makes ``n`` moves through the mouse."""
    for _ in range(200):
        s = play.session
        if n <= 0 or s.over:
            return
        if s.bots[s.current] is not None:
            if play.bot_turn is not None:
                play.bot_turn.due = 0
            d.step()
            continue
        d.perform(s.rules.legal_actions(s.state)[0])
        n -= 1


# --- 1. visitor games do not pile up -------------------------------------------------------
def test_a_walked_away_visitor_game_is_dropped_and_no_visitor_meets_slots_full(data_dir):
    fill_slots(storage.SLOTS_KEPT)  # a month of games left by hand: every slot in use
    d, clock = kiosk_driver("en")
    play = quick_game(d)  # no "save slots full" question: the oldest went silently
    visitor_moves(d, play, 2)
    assert play.session.slot and len(saved_slots(data_dir)) == storage.SLOTS_KEPT
    clock.t += d.app.settings.demo_idle_seconds + 11  # the visitor walks away
    d.step()
    assert isinstance(d.scene, HowToScene)
    slots = {p.stem for p in saved_slots(data_dir)}
    assert play.session.slot not in slots and len(slots) == storage.SLOTS_KEPT - 1
    d.app.goto("title")  # the setup screen's way (kept for staff) asks nothing in the kiosk either
    d.app.open("setup", "fuji99")
    tap(d, {cid: r for r, cid, _ in d.scene.controls}["start_game"].center)
    assert isinstance(d.scene, PlayScene)


def test_a_game_left_from_its_menu_then_idle_on_the_title_is_dropped_too(data_dir):
    d, clock = kiosk_driver("ja")
    play = quick_game(d, "fuji99")
    visitor_moves(d, play, 1)
    slot = play.session.slot
    writer.flush()
    assert slot and (data_dir / "saves" / f"{slot}.json").exists()
    key(d, pygame.K_ESCAPE)
    tap(d, button(d.scene, "to_title").rect.center)
    assert isinstance(d.scene, TitleScene)
    clock.t += d.app.settings.demo_idle_seconds + 11
    d.step()
    assert isinstance(d.scene, HowToScene) and not saved_slots(data_dir)


def test_staff_menu_clears_unfinished_games_and_history_with_counts(data_dir):
    fill_slots(3)
    for i in range(2):
        storage.write_history_text(Session.start("toutomi", [SeatSetup("A"), SeatSetup("B")], i, {})
                                   .record.to_json(), "toutomi")
    d, _ = kiosk_driver("en")
    d.app.goto("title")
    menu = to_staff_menu(d)
    assert button(menu, "clear_unfinished").label.endswith("(3)")
    assert button(menu, "clear_history").label.endswith("(2)")
    tap(d, button(menu, "clear_unfinished").rect.center)
    tap(d, button(d.scene, "yes").rect.center)  # asked first, then gone
    assert d.scene is menu and not saved_slots(data_dir)
    assert button(menu, "clear_unfinished").label.endswith("(0)") and not button(menu, "clear_unfinished").enabled
    tap(d, button(menu, "clear_history").rect.center)
    tap(d, button(d.scene, "yes").rect.center)
    assert not list((data_dir / "history").glob("*.json")) and button(menu, "clear_history").label.endswith("(0)")
    assert any("3" in m for m, _ in d.app.toasts)


# --- 2. staff by touch, their own PIN, wrong PINs back off ---------------------------------
def hold(d, clock, pos, seconds: float) -> None:
    d.post(pygame.MOUSEBUTTONDOWN, pos)
    clock.t += seconds
    d.step()


def test_holding_the_top_left_corner_5s_opens_the_keypad_then_the_staff_menu():
    d, clock = kiosk_driver("ja")
    start_demo(d.app, howto=False)
    hold(d, clock, (30, 30), kiosk.HOLD_SECONDS - 0.2)
    assert not isinstance(d.scene, PinPrompt)  # a shorter hold does nothing for staff
    clock.t += 0.3
    d.step()
    assert isinstance(d.scene, PinPrompt)
    d.post(pygame.MOUSEBUTTONUP, (30, 30))
    for ch in d.app.settings.staff_pin:  # the on-screen keypad
        tap(d, button(d.scene, f"pin_{ch}").rect.center)
    tap(d, button(d.scene, "pin_OK").rect.center)
    assert isinstance(d.scene, StaffMenu)


@pytest.mark.parametrize("gesture", ["elsewhere", "let_go", "slid_out"])
def test_taps_and_holds_a_visitor_makes_do_not_open_the_keypad(gesture):
    d, clock = kiosk_driver("en")
    d.app.goto("title")
    d.step()
    start = (900, 30) if gesture == "elsewhere" else (30, 30)
    d.post(pygame.MOUSEBUTTONDOWN, start)
    if gesture == "let_go":
        d.post(pygame.MOUSEBUTTONUP, start)
    elif gesture == "slid_out":
        d.post(pygame.MOUSEMOTION, (400, 300))
    clock.t += 30
    d.step()
    assert isinstance(d.scene, TitleScene)


def type_on_keypad(d, digits: str) -> None:
    for ch in digits:
        tap(d, button(d.scene, f"pin_{ch}").rect.center)
    tap(d, button(d.scene, "pin_OK").rect.center)


def test_staff_change_the_pin_typed_twice(data_dir):
    d, clock = kiosk_driver("en")
    d.app.goto("title")
    menu = to_staff_menu(d)
    tap(d, button(menu, "change_pin").rect.center)
    prompt = d.scene
    assert isinstance(prompt, PinPrompt) and prompt.stage == "new"
    type_on_keypad(d, "0000")  # the default is refused
    assert prompt.stage == "new" and prompt.note
    type_on_keypad(d, "2580")
    type_on_keypad(d, "2581")  # not the same twice: start again
    assert prompt.stage == "new" and d.app.settings.staff_pin != "2580"
    type_on_keypad(d, "2580")
    type_on_keypad(d, "2580")
    assert d.scene is menu
    assert json.loads((data_dir / "settings.json").read_text())["staff_pin"] == "2580"
    d.app.goto("title")
    key(d, pygame.K_q, STAFF)
    type_on_keypad(d, "2580")  # the new PIN opens the menu
    assert isinstance(d.scene, StaffMenu)


def test_first_kiosk_start_with_the_default_pin_asks_staff_for_their_own(data_dir):
    d, clock = kiosk_driver("ja")
    assert d.app.settings.staff_pin == kiosk.DEFAULT_PIN
    kiosk.start(d.app)
    first = d.scene
    assert isinstance(first, PinPrompt) and first.mode == "first"
    key(d, pygame.K_ESCAPE)  # cannot be skipped
    clock.t += 10_000  # nor times out into the demo
    d.step()
    assert d.scene is first
    type_on_keypad(d, "7391")
    type_on_keypad(d, "7391")
    assert isinstance(d.scene, HowToScene)  # the demo runs now
    assert json.loads((data_dir / "settings.json").read_text())["staff_pin"] == "7391"
    d2, _ = kiosk_driver("ja")  # the next start goes straight to the demo
    kiosk.start(d2.app)
    assert isinstance(d2.scene, HowToScene)


def test_wrong_pins_back_off_with_a_growing_pause():
    d, clock = kiosk_driver("en")
    d.app.goto("title")
    key(d, pygame.K_q, STAFF)
    waits = []
    for _ in range(2):
        type_on_keypad(d, "9999")
        waits.append(d.app.guard.pin_wait())
        type_on_keypad(d, d.app.settings.staff_pin)  # refused while it waits
        assert isinstance(d.scene, PinPrompt) and not button(d.scene, "pin_1").enabled
        clock.t += waits[-1] + 0.01
    type_on_keypad(d, "9999")  # the third wrong try closes the keypad ...
    assert isinstance(d.scene, TitleScene)
    waits.append(d.app.guard.pin_wait())
    key(d, pygame.K_q, STAFF)  # ... and opening it again does not reset the pause
    assert d.scene.wait() == pytest.approx(waits[-1])
    assert waits[0] < waits[1] < waits[2]
    clock.t += waits[-1] + 0.01
    type_on_keypad(d, d.app.settings.staff_pin)
    assert isinstance(d.scene, StaffMenu) and d.app.guard.pin_wait() == 0


# --- 3. the rotation: all five, each at most ~3 minutes, equally often ---------------------
def run_one_demo_game(d, dt: float = 3.0) -> float:
    """Simulated seconds from a game's how-to card to the next game's (bots as fast as they think)."""
    first = d.scene
    shown = 0.0
    for _ in range(2000):
        play = d.scene
        if isinstance(play, PlayScene):
            if play.bot_turn is not None:
                play.bot_turn.due = 0
            if play.fast_forward is not None:
                play.fast_forward.done.wait(20)  # the rest of the game, in the bot worker
        d.app.step(dt)
        shown += dt
        if isinstance(d.scene, HowToScene) and d.scene is not first:
            return shown
    raise AssertionError("the demo game never ended")


def test_the_rotation_shows_all_five_each_within_3_minutes_equally_often_languages_alternating(caplog):
    d, _ = kiosk_driver("en")
    d.app.settings.demo_langs = "both"
    d.app.settings.demo_pace = "fast"
    caplog.set_level(logging.INFO, logger="table")
    start_demo(d.app)
    shown = []
    for _ in range(2 * len(demo_games(d.app.settings))):
        scene = d.scene
        shown.append((scene.session.record.game, d.app.settings.lang, run_one_demo_game(d)))
    games = [g for g, _, _ in shown]
    assert sorted(set(games)) == sorted(registry.playable_ids()) and len(set(games)) == 5
    assert all(games.count(g) == 2 for g in set(games))  # equally often
    assert {(g, lang) for g, lang, _ in shown} == {(g, lang) for g in set(games) for lang in ("ja", "en")}
    assert all(secs <= 185 for _, _, secs in shown), shown  # how-to 14 s + 150 s + the result 6 s
    assert any("jumped to the end" in r.getMessage() for r in caplog.records)


def test_a_long_demo_game_jumps_to_the_end_and_says_so():
    d, _ = kiosk_driver("en")
    d.app.settings.demo_games = ["suma"]  # the longest: over 11 minutes at the normal pace
    start_demo(d.app, howto=False)
    play = d.scene
    d.app.step(DEMO_SEGMENT_SECONDS + 1)
    assert play.fast_forward is not None and not play.session.over
    play.fast_forward.done.wait(20)
    d.app.step(0.1)
    assert play.session.over and play.jumped and d.scene is play  # the result shows
    assert d.app.tr("kiosk.jumped") in drawn_texts(d.app)


def test_after_a_visitor_the_rotation_goes_on_with_the_next_game():
    d, clock = kiosk_driver("en")
    games = demo_games(d.app.settings)
    start_demo(d.app, 2, howto=False)
    tap(d, (900, 500))  # a visitor comes and goes
    clock.t += d.app.settings.demo_idle_seconds + 11
    d.step()
    assert isinstance(d.scene, HowToScene) and d.scene.session.record.game == games[3]


# --- 4. one tap to play --------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["toutomi", "fuji99", "brujas", "qumasu", "suma"])
def test_one_tap_start_me_against_bots(game_id, data_dir):
    d, _ = kiosk_driver("ja")
    play = quick_game(d, game_id, 1)
    s = play.session
    assert s.bots[0] is None and all(b is not None for b in s.bots[1:]) and len(s.bots) >= 2
    assert s.names[0] == d.app.tr("kiosk.you") and len(set(s.names)) == len(s.names)
    assert not (data_dir / "setup.json").exists()  # nothing remembered for the next visitor


def test_one_tap_start_for_two_people_names_them_and_fills_the_table_with_bots():
    d, _ = kiosk_driver("en")
    d.app.goto("title")
    tap(d, dict((g.id, r) for g, r in d.scene.tiles)["toutomi"].center)
    labels = [b.label for b in d.scene.buttons]
    assert labels[0].startswith("Me against bots") and labels[1].startswith("2 players")
    assert not any("seed" in lbl.lower() or "speed" in lbl.lower() for lbl in labels)
    tap(d, button(d.scene, "people_2").rect.center)
    s = d.scene.session
    assert s.names[:2] == ["Player 1", "Player 2"] and s.bots[:2] == [None, None]
    assert len(s.bots) == 3 and s.bots[2] is not None


# --- 5. the demo table talks to nobody -----------------------------------------------------
PLAYER_WORDS = re.compile(r"your hand|\bdrag\b|\bclick\b|\bchoose what\b|あなた|ドラッグ|クリック|選んでください", re.I)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_demo_table_never_shows_a_players_prompt_and_says_whose_cards_it_shows(lang):
    d, _ = kiosk_driver(lang)
    d.app.settings.demo_langs = lang
    seen: list[str] = []
    real = text.draw, text.draw_fitted, text.draw_wrapped
    text.draw = lambda surf, s, *a, **k: (seen.append(s), real[0](surf, s, *a, **k))[1]
    text.draw_fitted = lambda surf, s, *a, **k: (seen.append(s), real[1](surf, s, *a, **k))[1]
    text.draw_wrapped = lambda surf, s, *a, **k: (seen.append(s), real[2](surf, s, *a, **k))[1]
    try:
        for i in range(len(demo_games(d.app.settings))):
            start_demo(d.app, i, howto=False)
            play = d.scene
            rules = play.session.rules
            for k in range(60):
                s = play.session.state
                if rules.current_player(s) is None:
                    break
                legal = rules.legal_actions(s)
                play.session.state = rules.apply(s, legal[(k * 7) % len(legal)])
                play.refresh()
                play.kept = None
                d.app.draw()
    finally:
        text.draw, text.draw_fitted, text.draw_wrapped = real
    bad = sorted({s for s in seen if PLAYER_WORDS.search(s)})
    assert not bad, bad
    assert any(d.app.tr("spectator.toutomi_ui.your_hand", watched=n) in seen for n in play.session.names)


# --- 6. visitor counts ---------------------------------------------------------------------
def test_staff_menu_shows_visitor_games_started_and_finished_today_and_this_month(data_dir):
    today = dt.date.today()
    visitors.count("suma", "started", today)
    visitors.count("suma", "started", today - dt.timedelta(days=40))  # another month: not counted
    d, _ = kiosk_driver("en")
    play = quick_game(d, "toutomi")
    d.step()
    rules, s = play.session.rules, play.session.state
    while rules.current_player(s) is not None:
        s = rules.apply(s, rules.legal_actions(s)[0])
    play.session.state = s
    play.refresh()
    d.step(2)
    quick_game(d, "toutomi")  # a second visitor, who leaves it
    d.step()
    d.app.goto("title")
    menu = to_staff_menu(d)
    assert menu.counts["toutomi"] == (2, 1, 2, 1)
    assert menu.counts["suma"] == (1, 0, 1, 0)
    raw = json.loads((data_dir / "visitors.json").read_text())
    assert set(raw) == {"format", "days"} and all(set(v) <= set(registry.playable_ids()) for v in raw["days"].values())


def test_a_corrupt_visitor_file_starts_afresh(data_dir):
    (data_dir / "visitors.json").write_text('{"days": {"2026-11-27": {"toutomi": [1')
    assert visitors.summary() == {}
    assert (data_dir / "visitors.json.broken").exists()
    visitors.count("toutomi", "started")
    assert visitors.summary()["toutomi"][0] == 1


def test_a_visitor_game_on_screen_when_the_shop_pc_shuts_down_is_not_kept(data_dir):
    from games.app import stopping
    d, _ = kiosk_driver("en")
    play = quick_game(d, "toutomi")
    visitor_moves(d, play, 1)
    assert saved_slots(data_dir)
    stopping.save_games(d.app)  # what the frame loop does after SIGTERM
    assert not saved_slots(data_dir)


def test_a_visitor_who_leaves_through_the_titles_demo_button_leaves_no_game(data_dir):
    d, _ = kiosk_driver("en")
    play = quick_game(d, "toutomi")
    visitor_moves(d, play, 1)
    key(d, pygame.K_ESCAPE)
    tap(d, button(d.scene, "to_title").rect.center)
    assert saved_slots(data_dir)
    tap(d, button(d.scene, "demo").rect.center)
    d.step()
    assert isinstance(d.scene, HowToScene) and not saved_slots(data_dir)


def test_a_busy_pc_whose_frames_lag_still_jumps_on_the_wall_clock():
    import time
    d, _ = kiosk_driver("en")
    d.app.settings.demo_games = ["suma"]
    start_demo(d.app, howto=False)
    play = d.scene
    d.app.step(0.1)  # the scene's own time is short (frames capped at 0.1 s) ...
    assert play.fast_forward is None
    play.shown_since = time.monotonic() - DEMO_SEGMENT_SECONDS - 1  # ... but the segment has passed
    d.app.step(0.1)
    assert play.fast_forward is not None
    play.fast_forward.done.wait(20)
