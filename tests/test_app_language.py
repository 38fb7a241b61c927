"""The first start follows the system's language; then the person's choice is kept (issue 27.8).

Tested through the locale environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), and for
Windows and macOS through the very calls the app makes there (GetUserDefaultUILanguage
through ctypes, ``defaults read -g AppleLanguages``), stood in for on this machine.
"""
from __future__ import annotations

import ctypes
import subprocess
import types

import pytest

from games.app import storage, syslang
from games.app.title import TitleScene
from games.core.i18n import tr
from games.ui import text
from tests.ui_driver import Driver, button


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    for var in syslang.LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)
    return tmp_path


def _title(lang_env: dict, monkeypatch) -> Driver:
    for var, value in lang_env.items():
        monkeypatch.setenv(var, value)
    d = Driver.__new__(Driver)  # the app as it starts: its language from the settings it loads
    from games.app.app import App
    d.app = App(fullscreen=False)
    d.app.sounds.enabled = False
    d.app.push(TitleScene(d.app))
    d.step()
    return d


_button = button  # tests/ui_driver.py


@pytest.mark.parametrize("env, lang", [
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_ALL": "ja_JP.eucJP", "LANG": "en_GB.UTF-8"}, "ja"),
    ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),
    ({"LANGUAGE": "en_US:ja", "LANG": "ja_JP.UTF-8"}, "en"),
    ({"LANGUAGE": "ja:en", "LANG": "C.UTF-8"}, "ja"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
])
def test_first_start_follows_the_locale(env, lang, monkeypatch):
    monkeypatch.setattr(syslang.sys, "platform", "linux")
    d = _title(env, monkeypatch)
    assert d.app.settings.lang == lang
    assert _button(d.scene, "continue").label == tr("app.continue", lang)


def test_first_start_on_windows_asks_the_users_ui_language(monkeypatch):
    calls = []

    def kernel(answer):
        def get():
            calls.append(answer)
            return answer
        return types.SimpleNamespace(kernel32=types.SimpleNamespace(GetUserDefaultUILanguage=get))
    monkeypatch.setattr(ctypes, "windll", kernel(0x0411), raising=False)  # ja-JP
    assert syslang.system_language({}, "win32") == "ja"
    monkeypatch.setattr(ctypes, "windll", kernel(0x0409), raising=False)  # en-US
    assert syslang.system_language({}, "win32") == "en" and calls == [0x0411, 0x0409]
    monkeypatch.delattr(ctypes, "windll", raising=False)
    assert syslang.system_language({}, "win32") == "en"  # no such call: English, no error
    assert syslang.system_language({"LANG": "ja_JP.UTF-8"}, "win32") == "ja"  # a locale set wins


def test_first_start_on_macos_reads_apple_languages(monkeypatch):
    seen = []

    def run(cmd, **kw):
        seen.append(cmd)
        return types.SimpleNamespace(stdout='(\n    "ja-JP",\n    "en-JP"\n)\n')
    monkeypatch.setattr(subprocess, "run", run)
    assert syslang.system_language({}, "darwin") == "ja"
    assert seen == [["defaults", "read", "-g", "AppleLanguages"]]
    monkeypatch.setattr(subprocess, "run", lambda cmd, **kw: types.SimpleNamespace(stdout='(\n    "en-GB",\n    ja\n)'))
    assert syslang.system_language({}, "darwin") == "en"

    def missing(cmd, **kw):
        raise FileNotFoundError(cmd[0])
    monkeypatch.setattr(subprocess, "run", missing)
    assert syslang.system_language({}, "darwin") == "en"


def test_after_the_first_start_the_persons_choice_is_kept(monkeypatch, data_dir):
    d = _title({"LANG": "ja_JP.UTF-8"}, monkeypatch)
    assert d.app.settings.lang == "ja"
    d.click(_button(d.scene, "language").rect.center)  # the person picks English
    assert d.app.settings.lang == "en"
    assert storage.Settings.load()[0].lang == "en"
    again = _title({"LANG": "ja_JP.UTF-8"}, monkeypatch)  # the system still says Japanese
    assert again.app.settings.lang == "en"
    assert _button(again.scene, "continue").label == "Continue"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_language_button_reads_both_and_is_drawn_as_large_as_the_others(lang, monkeypatch):
    d = _title({"LANG": "ja_JP.UTF-8" if lang == "ja" else "en_US.UTF-8"}, monkeypatch)
    buttons = d.scene.buttons
    assert _button(d.scene, "language").label == "日本語 / English"
    sizes = {b.key: text.fit_lines(b.label, b.size, b.rect.width - 20, b.rect.height - 6, True) for b in buttons}
    assert {s for s, _ in sizes.values()} == {buttons[0].size}, sizes
    assert all(len(lines) == 1 for _, lines in sizes.values()), sizes
