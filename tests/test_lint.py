"""The code passes ruff with the rule set chosen in pyproject.toml (``[tool.ruff]``) and vulture
finds no dead code at 80% confidence (``[tool.vulture]``) (issue 29 item 6).  They run inside the
test suite so the one test command of .ci/run and the README lints too; a failure prints the
tool's own report."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINTED = ["games", "tests", "tools", "main.py"]


def run(tool: str, *args: str) -> subprocess.CompletedProcess:
    if importlib.util.find_spec(tool) is None:  # requirements-dev.txt installs it
        pytest.fail(f"{tool} is not installed: pip install -r requirements-dev.txt")
    return subprocess.run([sys.executable, "-m", tool, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_ruff_finds_nothing():
    done = run("ruff", "check", "--no-cache", *LINTED)
    assert done.returncode == 0, f"ruff check:\n{done.stdout}{done.stderr}"


def test_vulture_finds_no_dead_code():
    done = run("vulture")  # paths and min_confidence 80: pyproject.toml [tool.vulture]
    assert done.returncode == 0, f"vulture:\n{done.stdout}{done.stderr}"
