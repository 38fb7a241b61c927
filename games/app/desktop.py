"""Linux menus: ``--install-desktop`` puts the table in the person's applications menu.

It writes ``japanese-game-table.desktop`` into ``$XDG_DATA_HOME/applications`` and the icon
into the hicolor theme, pointing at whatever is running now: the PyInstaller app's
executable, or this Python with ``-m games`` (a pip/pipx install or a checkout). The
committed ``packaging/japanese-game-table.desktop`` is the same entry for a system package
whose command is on PATH (tests/test_packaging.py keeps the two in step).
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


def _quote(arg: str) -> str:
    """One Exec argument as the Desktop Entry spec wants it: quoted when needed, with the
    quoting backslashes themselves escaped again (string escapes are undone first)."""
    if arg and not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return arg
    quoted = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
    return quoted.replace("\\", "\\\\")


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
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;BoardGame;CardGame;",
        "Keywords=board;card;tabletop;japanese;ボードゲーム;カードゲーム;",
        "StartupNotify=true",
    ]
    if folder is not None:
        lines.append(f"Path={folder}")
    return "\n".join(lines) + "\n"


def install() -> int:
    """Write the menu entry and icon for this user; say where."""
    if not sys.platform.startswith("linux"):
        print("--install-desktop is for Linux menus; see README 'Install' for your system.")
        return 2
    icon = icon_path()
    icon.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(sprite_path(*ICON_FILE), icon)
    command, folder = current_command()
    target = desktop_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    tmp.write_text(entry(command, str(icon), folder), encoding="utf-8")
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
