"""The command table (docs/command-line.md) lists every option of ``main.py --help`` and its
examples run; the README's two commands are exactly what they say, and its examples parse."""
from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
from pathlib import Path

import pytest

from games.app import cli, storage

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
COMMANDS = ROOT / "docs" / "command-line.md"


pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def table_commands() -> list[str]:
    """The commands of the *Commands* table of docs/command-line.md (first column), in order."""
    text = COMMANDS.read_text(encoding="utf-8")
    section = text[text.index("## Commands"):]
    section = section[: section.index("\n#", 5)]
    out = []
    for line in section.splitlines():
        if line.startswith("| `main.py"):
            first = line.split("|")[1]
            out += re.findall(r"`([^`]+)`", first)
    return out


def help_options() -> set[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        cli.parse(["--help"])
    return set(re.findall(r"(--[a-z][a-z-]*)", out.getvalue())) - {"--help"}


def test_every_option_is_in_the_command_table():
    listed = set(re.findall(r"(--[a-z][a-z-]*)", " ".join(table_commands())))
    missing = help_options() - listed
    assert not missing, f"docs/command-line.md command table misses {sorted(missing)}"


def test_the_examples_run(data_dir, tmp_path, capsys, monkeypatch):
    """Every example, run as written (window examples stop after 2 frames, headless)."""
    from tests.test_app_replay import played
    s = played("toutomi", 1)
    storage.finish_game(s)  # last_game.json exists, as after any finished game
    ran = 0
    for command in table_commands():
        argv = shlex.split(command)[1:]
        if "--benchmark" in argv:
            continue  # minutes of measuring: tests/test_benchmark* own it
        if "--version" in argv:  # argparse prints it and exits 0
            with pytest.raises(SystemExit) as done:
                cli.main(argv)
            assert done.value.code == 0 and "japanese-game-table" in capsys.readouterr().out
            continue
        if "--install-desktop" in argv:  # into a temp menu, never the real one (then uninstalled)
            monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
            if not sys.platform.startswith("linux"):
                continue
            assert cli.main(argv) == 0 and cli.main(["--uninstall-desktop"]) == 0
            continue
        if "--replay" in argv:
            argv[argv.index("--replay") + 1] = str(storage.last_game_path())
        if "--simulate" in argv:
            argv[argv.index("--games") + 1] = "1"  # one game is enough to prove it runs
        else:
            argv += ["--frames", "2"]
        if "--screenshot" in argv:
            argv[argv.index("--screenshot") + 1] = str(tmp_path / "out.png")
        assert cli.main(argv) == 0, f"{command} failed: {capsys.readouterr()}"
        ran += 1
    assert ran >= 6


def test_an_unknown_bot_in_a_lineup_is_one_line_listing_the_bots(capsys):
    with pytest.raises(SystemExit) as code:  # argparse's own error: one line, exit 2
        cli.main(["--simulate", "toutomi", "--games", "1", "--lineup", "nope,random"])
    assert code.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "nope" in err and "random" in err and "strong" in err


def readme_block(heading: str, fence: str = "```bash") -> str:
    """The first fenced block after ``heading`` in the README."""
    text = README.read_text(encoding="utf-8")
    rest = text[text.index(heading):]
    start = rest.index(fence) + len(fence)
    return rest[start:rest.index("```", start)].strip()


def test_the_readme_test_command_is_exactly_what_ci_runs():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## The two commands"):text.index("\n## ", text.index("## The two commands") + 5)]
    blocks = re.findall(r"```bash\n(.*?)\n```", section, re.S)
    assert len(blocks) == 2, blocks
    run, tests = (b.strip() for b in blocks)
    assert tests == ci
    assert run == ("python3 -m venv .venv && .venv/bin/pip install -r requirements.txt"
                   " && .venv/bin/python main.py")


def test_the_readme_examples_are_in_the_command_table_and_parse():
    from tests.test_app_replay import played
    storage.finish_game(played("toutomi", 1))  # the record a --replay example names
    listed = " ".join(table_commands())
    examples = [line.split("#")[0].strip() for line in readme_block("## Command line").splitlines()]
    assert len(examples) >= 3
    for example in examples:
        argv = shlex.split(example)
        assert argv[0] == "main.py", example
        if "--replay" in argv:
            argv[argv.index("--replay") + 1] = str(storage.last_game_path())
        cli.parse(argv[1:])  # argparse exits with code 2 on a mistake
        for option in re.findall(r"(--[a-z][a-z-]*)", example):
            assert option in listed, (example, option)
