"""Store demo (issue 14) through the real app: the attract loop, the idle countdown on every
screen, the visitor lock and the staff menu behind the chord + PIN."""
from __future__ import annotations

import json

import pygame
import pytest

from games import registry
from games.app import storage, writer
from games.app.app import App
from games.app.demo import DEMO_DELAY, demo_games, demo_lang, demo_session, start_demo
from games.app.howto import HowToScene
from games.app.kiosk import COUNTDOWN
from games.app.play import PlayScene
from games.app.quickstart import QuickStart
from games.app.staff import PinPrompt, StaffMenu
from games.app.title import TitleScene
from games.core.i18n import tr
from tests.ui_driver import Driver

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def kiosk(lang: str = "en") -> tuple[Driver, Clock]:
    """A Driver whose App runs in kiosk mode (as ``main.py --demo``) on a fake clock."""
    d = Driver.__new__(Driver)
    d.app = App(fullscreen=False, demo=True)
    d.app.settings.lang = lang
    d.app.sounds.enabled = False
    clock = Clock()
    d.app.guard.now = clock
    d.app.guard.touch()
    pygame.event.clear()
    return d, clock


def drawn_texts(app) -> list[str]:
    """The texts one draw of the app writes (through games/ui/text.py ``draw``)."""
    from games.ui import text
    drawn: list[str] = []
    real = text.draw
    text.draw = lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1]
    try:
        app.draw()
    finally:
        text.draw = real
    return drawn


def key(d: Driver, k: int, mod: int = 0, uni: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni))
    d.step()


def button(scene, key_id):
    return next(b for b in scene.buttons if b.key == key_id)


STAFF = pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT


def test_demo_touch_start_game_idle_countdown_and_back_to_demo(data_dir):
    d, clock = kiosk("en")
    start_demo(d.app)
    assert isinstance(d.scene, HowToScene)
    d.scene.seconds = 0.05
    d.step(5)
    assert isinstance(d.scene, PlayScene) and d.scene.demo
    d.click((900, 500))  # a visitor touches the screen
    assert isinstance(d.scene, TitleScene)
    tiles = {g.id: r for g, r in d.scene.tiles}
    assert set(tiles) == set(registry.playable_ids())  # unplayable games hidden in kiosk mode
    assert not {"settings", "quit"} & {b.key for b in d.scene.buttons}
    d.click(tiles["toutomi"].center)
    assert isinstance(d.scene, QuickStart)  # one tap to play: no setup screen (issue 32)
    d.click(button(d.scene, "people_1").rect.center)
    play = d.scene
    assert isinstance(play, PlayScene) and not play.demo
    d.step(3)
    while play.session.current is not None and play.session.bots[play.session.current] is not None:
        play.bot_turn.due = 0
        d.step()  # the bots before the visitor move
    d.perform(play.session.rules.legal_actions(play.session.state)[0])
    writer.flush()  # written by the writer thread (games/app/writer.py)
    assert list(data_dir.glob("saves/*.json")), "the visitor's game is saved while they play it"
    idle = d.app.settings.demo_idle_seconds
    clock.t += idle + 1  # the visitor walks away
    d.step()
    assert d.app.guard.countdown_left() == pytest.approx(COUNTDOWN - 1)
    d.click((10, 1070))  # any touch keeps the game, and does nothing else
    assert d.scene is play and d.app.guard.countdown_left() is None
    clock.t += idle + COUNTDOWN + 0.5  # gone for good this time
    d.step()
    assert isinstance(d.scene, HowToScene)  # the attract loop resumed
    writer.flush()  # the writer thread (games/app/writer.py) must not bring a dropped game back
    assert not list(data_dir.glob("saves/*.json")), "the abandoned game is dropped (issue 32)"


@pytest.mark.parametrize("screen", ["setup", "rules", "pause", "results"])
def test_countdown_watches_every_screen(screen):
    d, clock = kiosk("ja")
    d.app.goto("title")
    if screen == "setup":
        d.app.open("setup", "fuji99")
    else:
        from games.app.session import SeatSetup, Session
        s = Session.start("toutomi", [SeatSetup("A"), SeatSetup("B", "random")], 5, {})
        d.app.goto("play", s)
        if screen == "rules":
            d.app.open("rules", "toutomi")
        elif screen == "pause":
            d.app.open("pause", d.scene)
        else:
            while s.current is not None:
                s.apply(s.rules.legal_actions(s.state)[0])
            d.app.open("results", s)
    d.step()
    clock.t += d.app.settings.demo_idle_seconds + 3
    d.step()
    assert d.app.guard.countdown_left() == pytest.approx(COUNTDOWN - 3)
    clock.t += COUNTDOWN
    d.step()
    assert isinstance(d.scene, HowToScene)


def test_attract_loop_is_not_watched_by_the_countdown():
    d, clock = kiosk()
    start_demo(d.app, howto=False)
    clock.t += 10_000
    d.step()
    assert d.app.guard.countdown_left() is None and isinstance(d.scene, PlayScene) and d.scene.demo


def test_visitor_game_length_cap():
    d, clock = kiosk()
    d.app.settings.visitor_game_minutes = 10
    from games.app.session import SeatSetup, Session
    d.app.goto("play", Session.start("toutomi", [SeatSetup("A"), SeatSetup("B", "random")], 5, {}))
    d.step()
    for _ in range(11):
        clock.t += 60
        d.app.guard.touch()  # busy visitor, but the cap still ends the game
        d.step()
    assert isinstance(d.scene, HowToScene)


def test_visitors_cannot_quit_leave_fullscreen_or_open_settings():
    d, _ = kiosk()
    d.app.goto("title")
    d.step()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.step()
    key(d, pygame.K_ESCAPE)
    assert d.app.running
    before = d.app.settings.fullscreen
    key(d, pygame.K_F11)
    assert d.app.settings.fullscreen == before
    from games.app.session import SeatSetup, Session
    d.app.goto("play", Session.start("toutomi", [SeatSetup("A"), SeatSetup("B", "random")], 5, {}))
    d.step()
    key(d, pygame.K_ESCAPE)  # the visitor pause: resume / rules / back to title only
    assert [b.key for b in d.scene.buttons] == ["resume", "rules", "to_title"]


def test_staff_chord_and_pin_reach_the_staff_menu(data_dir):
    d, clock = kiosk()
    d.app.goto("title")
    d.step()
    key(d, pygame.K_q, STAFF)
    assert isinstance(d.scene, PinPrompt)
    for ch in "1234":  # wrong PIN
        key(d, getattr(pygame, f"K_{ch}"), 0, ch)
    key(d, pygame.K_RETURN)
    assert isinstance(d.scene, PinPrompt) and d.scene.wrong
    clock.t += 2.01  # the keypad's pause after one wrong PIN (issue 32)
    for ch in d.app.settings.staff_pin:  # the PIN from the settings file, on the keypad
        d.click(button(d.scene, f"pin_{ch}").rect.center)
    d.click(button(d.scene, "pin_OK").rect.center)
    menu = d.scene
    assert isinstance(menu, StaffMenu)
    d.click(button(menu, "demo_lang").rect.center)
    d.click(button(menu, "game_fuji99").rect.center)  # take Fuji 99 out of the loop
    saved = json.loads((data_dir / "settings.json").read_text())
    assert saved["demo_langs"] == "ja" and "fuji99" not in saved["demo_games"] and saved["demo_games"]
    d.click(button(d.scene, "settings").rect.center)
    assert type(d.scene).__name__ == "SettingsScene"
    d.app.pop()
    d.click(button(d.scene, "quit").rect.center)
    assert not d.app.running


def test_three_wrong_pins_close_the_prompt():
    d, clock = kiosk()
    d.app.goto("title")
    key(d, pygame.K_q, STAFF)
    for _ in range(3):
        clock.t += 60  # past the keypad's pause (issue 32)
        key(d, pygame.K_9, 0, "9")
        key(d, pygame.K_RETURN)
    assert isinstance(d.scene, TitleScene)


def test_demo_names_language_rotation_and_pace():
    s = storage.Settings()
    s.demo_games = ["brujas", "toutomi"]
    assert demo_games(s) == ["toutomi", "brujas"]  # title order
    s.demo_langs = "both"
    assert [demo_lang(s, i) for i in range(3)] == ["ja", "en", "ja"]
    names = demo_session("toutomi", 3, "ja").names
    assert names == [n.strip() for n in tr("app.default_names", "ja").split(",")][:3]
    assert not any(n.startswith("Bot") for n in names)
    assert DEMO_DELAY["slow"] > DEMO_DELAY["normal"] > DEMO_DELAY["fast"]


def test_demo_alternating_languages_show_every_game_in_both():
    """With an odd number of games, 'both' still shows each game in ja and in en in turn."""
    d, _ = kiosk()
    d.app.settings.demo_langs = "both"
    games = demo_games(d.app.settings)
    assert len(games) % 2 == 1  # the case that went wrong: five playable games
    seen = set()
    for i in range(2 * len(games)):
        start_demo(d.app, i, howto=False)
        seen.add((games[d.app.demo_index], d.app.settings.lang))
    assert seen == {(g, lang) for g in games for lang in ("ja", "en")}


def test_demo_shows_the_acting_hand_and_a_winner_moment():
    d, _ = kiosk()
    start_demo(d.app, howto=False)
    play = d.scene
    assert play.viewer() == play.session.current is not None
    assert play.table.view.get("viewer") == play.session.current  # the acting bot's own view: hand face up
    rules = play.session.rules
    s = play.session.state
    while rules.current_player(s) is not None:
        s = rules.apply(s, rules.legal_actions(s)[0])
    play.session.state = s
    play.refresh()
    d.step()
    assert play.finished_at is not None and isinstance(d.scene, PlayScene)  # the winner moment shows first


@pytest.mark.parametrize("bad", ['{"staff_pin": 1234}', '{"staff_pin": "12"}', '{"demo_games": "all"}',
                                 '{"demo_langs": "fr"}', '{"demo_pace": "warp"}', '{"visitor_game_minutes": -1}'])
def test_bad_kiosk_settings_fall_back_to_defaults(data_dir, bad):
    (data_dir / "settings.json").write_text(bad)
    s, msg = storage.Settings.load()
    assert msg == "app.settings_reset" and s.staff_pin == "0000"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_cut_off_autosave_gives_a_sentence_not_the_parsers_words(data_dir, lang):
    (data_dir / "autosave.json").write_text('{"format": 1, "game": "toutomi", "players": 3, "seed": 4, "act')
    (data_dir / "settings.json").write_text(json.dumps({"lang": lang}))  # the language at start-up
    d, _ = kiosk(lang)
    d.app.goto("title")
    d.step()
    msgs = [m for m, *_ in d.app.toasts]
    assert any("autosave.json" in m for m in msgs), msgs
    assert not any(w in m for m in msgs for w in ("Expecting", "line 1", "char ", "JSON")), msgs
    assert any(tr("record.corrupt", lang) in m for m in msgs), msgs  # a sentence in the person's language


def test_qumasu_is_in_the_demo_loop_narrated_with_a_winner_moment_that_says_why():
    assert "qumasu" in demo_games(storage.Settings())
    d, _ = kiosk("en")
    d.app.settings.demo_games = ["qumasu"]
    start_demo(d.app, howto=False)
    play = d.scene
    assert play.demo and play.game_id == "qumasu"
    rules, s = play.session.rules, play.session.state
    for _ in range(12):  # a few bot actions, shown as the demo would
        if rules.current_player(s) is None:
            break
        s = rules.apply(s, rules.legal_actions(s)[0])
        play.session.state = s
        play.refresh()
        d.step()
    assert play.table.fresh_lines(), "the acting side's latest actions are narrated"
    while rules.current_player(s) is not None:
        s = rules.apply(s, rules.legal_actions(s)[-1])
    play.session.state = s
    play.refresh()
    d.step()
    why = play.demo_why(rules.outcome(s))
    assert why and any(w in " ".join(why) for w in ("castle", "deck"))  # how it was won, not "1 : 0"


def test_f11_and_window_close_are_refused_during_a_visitor_game():
    d, _ = kiosk()
    from games.app.session import SeatSetup, Session
    d.app.goto("play", Session.start("qumasu", [SeatSetup("A"), SeatSetup("B", "general")], 5, {}))
    d.step()
    before = d.app.settings.fullscreen
    key(d, pygame.K_F11)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.step()
    assert d.app.running and d.app.settings.fullscreen == before and isinstance(d.scene, PlayScene)
