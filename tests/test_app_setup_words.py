"""The setup's words and habits (issue 27.9, 27.10): bots named by what they do, name
fields that select on a click, and saves lists that give the date with the time.
All driven through the real scenes with posted events."""
from __future__ import annotations

import time

import pygame
import pytest

from games import registry
from games.app import storage
from games.app.saves import SavesScene
from games.app.session import SeatSetup, Session
from games.app.setup import SetupScene
from games.app.title import TitleScene
from games.core.i18n import tr
from games.ui import text
from tests.ui_driver import Driver

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest)


def _setup(game: str, lang: str) -> tuple[Driver, SetupScene]:
    d = Driver(lang)
    d.app.push(TitleScene(d.app))
    d.app.open("setup", game)
    d.step()
    return d, d.scene


def _rect(scene, cid):
    return {c: r for r, c, _ in scene.controls}[cid]


def _label(scene, cid):
    return {c: label for _, c, label in scene.controls}[cid]


def _key(d: Driver, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    d.step()


def _type(d: Driver, chars: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=chars))
    d.step()


# --- 27.9: bots named in the player's words --------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", registry.playable_ids())
def test_every_bot_is_named_in_the_players_language_by_what_it_does(game, lang):
    d, scene = _setup(game, lang)
    seen = set()
    levels = ["easy", "normal", "strong"]  # issue 33: the levels people choose (random is for tests)
    for _ in range(len(levels) + 1):  # a click cycles person -> each level
        d.click(_rect(scene, "kind:1").center)
        kind, label = scene.kinds[1], _label(scene, "kind:1")
        seen.add(kind)
        if kind is None:
            assert label == tr("app.human", lang)
            continue
        assert label.split(" — ")[0] == tr(f"app.bot_{kind}", lang) and "greedy" not in label, (kind, label)
        assert "（" not in label, (kind, label)
        assert " — " in label, f"{game} bot {kind}: says what it does ({label!r})"
        if lang == "ja":
            assert not any(c.isascii() and c.isalpha() for c in label), label
    assert seen == {None, *levels}
    strongest = list(registry.bots(game))[-1]
    assert scene.kind_label(strongest).startswith(tr("app.bot_strong", lang))
    scene.kinds[1] = strongest
    d.click(_rect(scene, "start_game").center)
    assert d.scene.session.record.seats[1]["bot"] == strongest  # the id itself stays in the save


# --- 27.10: name fields -------------------------------------------------------------------------
def test_a_click_on_a_name_selects_it_and_typing_replaces_it():
    d, scene = _setup("toutomi", "en")
    before = scene.names[0]
    assert before
    d.click(_rect(scene, "name:0").center)
    assert scene.focus == "name:0" and scene.edit.selection() == (0, len(before))
    _type(d, "Kenji")
    assert scene.names[0] == "Kenji"  # not "HinatKenji"
    _type(d, "ro")
    assert scene.names[0] == "Kenjiro"


def test_ctrl_a_home_end_arrows_backspace_and_delete_edit_the_name():
    d, scene = _setup("brujas", "ja")
    d.click(_rect(scene, "name:1").center)
    _type(d, "Hinata")
    _key(d, pygame.K_HOME)
    _type(d, "X")
    assert scene.names[1] == "XHinata"
    _key(d, pygame.K_DELETE)
    assert scene.names[1] == "Xinata"
    _key(d, pygame.K_END)
    _key(d, pygame.K_BACKSPACE)
    assert scene.names[1] == "Xinat"
    _key(d, pygame.K_LEFT)
    _key(d, pygame.K_LEFT)
    _type(d, "-")
    assert scene.names[1] == "Xin-at"
    _key(d, pygame.K_RIGHT)
    _key(d, pygame.K_LEFT, pygame.KMOD_SHIFT)
    _key(d, pygame.K_LEFT, pygame.KMOD_SHIFT)
    _key(d, pygame.K_BACKSPACE)
    assert scene.names[1] == "Xint"
    _key(d, pygame.K_a, pygame.KMOD_CTRL)
    _type(d, "あおい")
    assert scene.names[1] == "あおい"
    d.click(_rect(scene, "seed").center)  # the seed field behaves the same
    _type(d, "42")
    assert scene.seed_text == "42"
    d.step()


# --- 27.10: the date with the time in Continue and History -------------------------------------
def _saved(game: str, seed: int, moves: int) -> Session:
    rules = registry.rules(game)
    s = Session.start(game, [SeatSetup("Aoi"), SeatSetup("Ren")], seed, {"start_player": 0})
    for _ in range(moves):
        s.apply(rules.legal_actions(s.state)[0])
    return s


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_continue_and_history_lines_show_the_date_with_the_time(lang):
    storage.write_slot(_saved("toutomi", 2, 3))
    finished = _saved("toutomi", 3, 0)
    rules = finished.rules
    while not finished.over:
        finished.apply(rules.legal_actions(finished.state)[0])
    storage.finish_game(finished)
    now = time.localtime()
    date = f"{now.tm_year}年{now.tm_mon}月{now.tm_mday}日" if lang == "ja" else f"{now.tm_mday} "
    d = Driver(lang)
    d.app.push(TitleScene(d.app))
    d.step()
    for key in ("continue", "history"):
        d.click(next(b for b in d.scene.buttons if b.key == key).rect.center)
        assert isinstance(d.scene, SavesScene)
        text.note_used(True)
        d.step()
        renders, _ = text.note_used(False)
        drawn = [k[0] for k in renders]
        stamps = [t for t in drawn if f"{now.tm_hour:02d}:" in t and str(now.tm_year) in t]
        assert stamps and all(date in t for t in stamps), (key, drawn)
        d.app.pop()
        d.step()
