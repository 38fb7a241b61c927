"""Linux menus: ``--install-desktop`` puts the table in the person's applications menu.

It writes ``japanese-game-table.desktop`` into ``$XDG_DATA_HOME/applications`` and the icon
into the hicolor theme, pointing at whatever is running now: the PyInstaller app's
executable, or this Python with ``-m games`` (a pip/pipx install or a checkout). The
committed ``packaging/japanese-game-table.desktop`` is the same entry for a system package
whose command is on PATH (tests/test_packaging.py keeps the two in step).

APP-DESKTOP-1 (harden, issue 28): every value is written by the Desktop Entry specification's
rules ("Recognized desktop entry keys", "The Exec key"): a value of type string escapes
a backslash as two (and a leading space as backslash-s); an Exec argument with a
reserved character is quoted, with double quote, backquote, ``$`` and backslash escaped,
every ``%`` is written ``%%``, and then the string escape is applied on top.  A path holding a control character (a
newline in a zip's folder name would start a line of its own, e.g. a second ``Exec=``)
cannot be written at all: the install is refused with a message (``Refused``).
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from games.core.resources import PACKAGE_DIR, sprite_path

APP_ID = "japanese-game-table"
ICON_FILE = ("icon", "table-256.png")


def xdg_data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def desktop_path() -> Path:
    return xdg_data_home() / "applications" / f"{APP_ID}.desktop"


def icon_path() -> Path:
    return xdg_data_home() / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png"


RESERVED = ' \t\n"\'\\><~|&;$*?#()`'  # Exec: an argument holding one of these is quoted


class Refused(ValueError):
    """A value the .desktop format cannot hold (a control character in a path)."""


def _text(value: str, key: str) -> str:
    """``value`` checked for what a desktop entry value may not hold: control characters
    (a newline would end the line) and bytes that are not UTF-8 (surrogate escapes)."""
    bad = next((c for c in value if ord(c) < 32 or ord(c) == 127 or 0xD800 <= ord(c) <= 0xDFFF), None)
    if bad is not None:
        raise Refused(f"{key}: {value!r} holds {bad!r}, which a desktop entry cannot carry")
    return value


def _string(value: str, key: str) -> str:
    """A value of type string: ``\\`` for a backslash, ``\\s`` for a leading space."""
    out = _text(value, key).replace("\\", "\\\\")
    return "\\s" + out[1:] if out.startswith(" ") else out


def _quote(arg: str) -> str:
    """One Exec argument as the Desktop Entry spec wants it: quoted when needed (double
    quote, backquote, ``$`` and backslash escaped inside the quotes), ``%`` as ``%%``, then the quoting
    backslashes escaped again by the general string rule (which readers undo first)."""
    _text(arg, "Exec")
    if arg and not any(c in arg for c in RESERVED):
        quoted = arg
    else:
        quoted = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
    return quoted.replace("%", "%%").replace("\\", "\\\\")


def current_command() -> tuple[list[str], Path | None]:
    """The command that starts this very table again, and the folder to start it in."""
    if getattr(sys, "frozen", False):  # the PyInstaller app
        return [str(Path(sys.executable).resolve())], None
    return [str(Path(sys.executable).absolute()), "-m", "games"], PACKAGE_DIR.parent


def entry(command: list[str], icon: str, folder: Path | None = None) -> str:
    """The text of the .desktop file."""
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        "Name=Indie Game Table",
        "Name[ja]=インディーゲーム卓",
        "GenericName=Tabletop games",
        "GenericName[ja]=テーブルゲーム",
        "Comment=Five Japanese indie tabletop games",
        "Comment[ja]=日本のインディー・テーブルゲーム 5 作品",
        "Exec=" + " ".join(_quote(a) for a in command),
        f"Icon={_string(icon, 'Icon')}",
        "Terminal=false",
        "Categories=Game;BoardGame;CardGame;",
        "Keywords=board;card;tabletop;japanese;ボードゲーム;カードゲーム;",
        "StartupNotify=true",
    ]
    if folder is not None:
        lines.append(f"Path={_string(str(folder), 'Path')}")
    return "\n".join(lines) + "\n"


def install() -> int:
    """Write the menu entry and icon for this user; say where."""
    if not sys.platform.startswith("linux"):
        print("--install-desktop is for Linux menus; see README 'Install' for your system.")
        return 2
    icon = icon_path()
    command, folder = current_command()
    try:
        text = entry(command, str(icon), folder)
    except Refused as err:
        print("メニューに追加できません。テーブルのフォルダー名に改行などの制御文字があります。"
              "制御文字のない名前のフォルダーに移してから、もう一度試してください。\n"
              "Cannot add the table to the menu: a path holds a control character such as a "
              f"newline. Move the table to a folder whose name has none, then try again.\n({err})",
              file=sys.stderr)
        return 2
    icon.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(sprite_path(*ICON_FILE), icon)
    target = desktop_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.chmod(0o755)
    os.replace(tmp, target)
    print(f"Added to the applications menu: {target}\nIcon: {icon}")
    return 0


def uninstall() -> int:
    """Remove what ``install`` wrote (nothing else)."""
    removed = [p for p in (desktop_path(), icon_path()) if p.exists()]
    for p in removed:
        p.unlink()
    print("Removed: " + ", ".join(map(str, removed)) if removed else "Nothing to remove.")
    return 0
