"""The save writer thread (games/app/writer.py, issue 31 item 2): order, coalescing, a crash
at any moment, quitting waits for it, a failed write still reaches the person.

No timed assertions but the documented bound (a move on disk within 200 ms of landing),
checked generously by polling in the kill -9 test.
"""
from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from games.app import stopping, storage, writer
from games.app.play import PlayScene
from games.app.session import SeatSetup, Session
from games.core.i18n import tr
from games.core.record import RecordError, load_record

ROOT = Path(__file__).resolve().parents[1]


def _gate(w: writer.Writer) -> threading.Event:
    """Hold ``w``'s thread inside a job until the returned event is set."""
    started, release = threading.Event(), threading.Event()

    def hold() -> None:
        started.set()
        release.wait(10)

    w.submit("gate", hold)
    assert started.wait(10)
    return release


def test_jobs_for_one_file_coalesce_to_the_newest():
    w = writer.Writer()
    release = _gate(w)
    ran: list[int] = []
    for i in range(10):
        w.submit("a.json", lambda i=i: ran.append(i))
    release.set()
    assert w.flush(10)
    assert ran == [9]  # only the newest state of the file is written


def test_files_are_written_in_the_order_they_were_last_asked_for():
    w = writer.Writer()
    release = _gate(w)
    ran: list[str] = []
    w.submit("slot", lambda: ran.append("slot: move 1"))
    w.submit("history", lambda: ran.append("history"))
    w.submit("slot", lambda: ran.append("slot: deleted"))  # after the history, never before it
    release.set()
    assert w.flush(10)
    assert ran == ["history", "slot: deleted"]


def _session(game: str = "toutomi") -> Session:
    return Session.start(game, [SeatSetup("A", None), SeatSetup("B", "random")], 7, {})


def test_a_move_is_written_by_the_writer_thread_not_in_its_frame(data_dir):
    """The frame in which a person's move lands only hands a snapshot to the writer: with
    the writer held, the move has landed and nothing is on disk; released, it is."""
    d = Driver("en")
    s = _session()
    play = PlayScene(d.app, s, instant=True)
    d.app.replace(play)
    d.step()
    assert writer.flush(10)

    def on_disk() -> list:
        path = storage.slot_path(s.slot or "none")
        return load_record(path).actions if path.exists() else []

    before = on_disk()
    release = _gate(writer.WRITER)
    try:
        assert play.submit(s.rules.legal_actions(s.state)[0])
        d.step()
        moves = list(s.record.actions)
        assert len(moves) > len(before) and on_disk() == before  # landed, not yet written
    finally:
        release.set()
    assert writer.flush(10)
    assert on_disk() == s.record.actions and on_disk()[:len(moves)] == moves


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_full_disk_still_says_so_on_the_next_frame(data_dir, monkeypatch, lang):
    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "atomic_write_text", full)
    d = Driver(lang)
    s = _session()
    play = PlayScene(d.app, s, instant=True)
    d.app.replace(play)
    d.step()
    assert writer.flush(10)
    d.app.toasts.clear()
    assert play.submit(s.rules.legal_actions(s.state)[0])
    assert writer.flush(10) and not d.app.toasts
    d.step()  # the next frame says it, in the person's language
    said = [m for m, _ in d.app.toasts]
    assert said and set(said) == {tr("app.autosave_failed", lang)}


def _slow_disk(monkeypatch, seconds: float = 0.4) -> None:
    """Every save takes ``seconds`` more on the writer thread (a slow disk)."""
    original = storage.atomic_write_text

    def slow(path, text):
        time.sleep(seconds)
        original(path, text)

    monkeypatch.setattr(storage, "atomic_write_text", slow)


def _click(d: Driver, key: str) -> None:
    d.click(next(b for b in d.app.top.buttons if b.key == key).rect.center)


QUITS = {  # every way out of a running game: each ends App.run
    "window close": lambda d: pygame.event.post(pygame.event.Event(pygame.QUIT)),
    "Ctrl+Shift+Q": lambda d: pygame.event.post(pygame.event.Event(
        pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT, unicode="", scancode=0)),
    "menu": lambda d: (_click(d, "menu"), _click(d, "quit")),
    "kiosk staff menu": lambda d: (d.app.open("staff"), _click(d, "quit")),
    "SIGTERM": lambda d: setattr(stopping, "_requested", signal.SIGTERM),
}


@pytest.mark.parametrize("how", sorted(QUITS))
def test_every_way_out_waits_for_the_writer(data_dir, monkeypatch, how):
    d = Driver("en")
    s = _session()
    play = PlayScene(d.app, s, instant=True)
    d.app.replace(play)
    d.step()
    _slow_disk(monkeypatch)
    assert play.submit(s.rules.legal_actions(s.state)[0])
    QUITS[how](d)
    try:
        d.app.run(max_frames=600, fps=0)
    finally:
        stopping.reset()
    assert d.app.frame < 600  # it quit (not the frame limit)
    assert load_record(storage.slot_path(s.slot)).actions == s.record.actions  # on disk when run returned


CHILD = """
import os, random, sys, time
sys.path.insert(0, os.getcwd())
from games.app import storage
from games.app.session import SeatSetup, Session
rng = random.Random(int(sys.argv[1]))
s = Session.start("toutomi", [SeatSetup("A", None), SeatSetup("B", "random")], int(sys.argv[1]), {})
while not s.over:
    s.apply(rng.choice(s.rules.legal_actions(s.state)))
    storage.autosave(s)
    print("moved", s.slot, s.record.actions[-1], flush=True)
    time.sleep(rng.choice((0.0, 0.0, 0.01, 0.03, 0.08, 0.15)))
print("over", flush=True)
time.sleep(60)
"""


def _kill_at_random(tmp_path: Path, seed: int, latencies: list[float]) -> None:
    """Start a game that autosaves every move, kill -9 it at a random moment at least
    200 ms after a move, and check the save on disk."""
    env = dict(os.environ, TABLE_DATA_DIR=str(tmp_path / f"user{seed}"))
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(seed)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, text=True)
    moves: list[tuple[float, str]] = []  # (when the parent heard of it, the action)
    slot: list[str] = []

    def read() -> None:
        for line in proc.stdout:
            if line.startswith("moved"):
                _, name, action = line.split(" ", 2)
                slot[:] = [name]
                moves.append((time.monotonic(), action.rstrip("\n")))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    rng = random.Random(seed)
    try:
        deadline, target = time.monotonic() + 60, rng.randint(1, 40)
        while len(moves) < target and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.005)
        assert moves, "the game never moved"
        time.sleep(0.2 + rng.random() * 0.3)  # >= 200 ms after the last move heard of (more may follow)
        kill_at = time.monotonic()
        due = [a for t, a in list(moves) if t <= kill_at - 0.2]
        path = Path(env["TABLE_DATA_DIR"]) / "saves" / f"{slot[0]}.json"
        t0 = time.monotonic()
        while True:  # the 200 ms bound, polled generously: on disk before the kill
            try:
                if len(load_record(path).actions) >= len(due):
                    break
            except RecordError:
                pass
            assert time.monotonic() - t0 < 5.0, "a move was not on disk 5 s after landing"
            time.sleep(0.002)
        latencies.append(time.monotonic() - t0)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    reader.join(5)
    saved = load_record(path).actions  # a complete, loadable record (never a half-written file)
    played = [a for _, a in moves]
    assert saved == played[:len(saved)], "the save is not the game as it was played"
    assert len(saved) >= len(due), "a move that landed before the kill is missing"


def test_kill_9_at_any_moment_after_a_move_loses_nothing(tmp_path):
    latencies: list[float] = []
    for seed in range(8):
        _kill_at_random(tmp_path, seed, latencies)
    assert len(latencies) == 8
    print(f"on disk after the 200 ms mark: max {max(latencies) * 1000:.1f} ms of polling")
