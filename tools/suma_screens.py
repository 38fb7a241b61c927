"""Render the Suma screens to /tmp/suma_shots/: python tools/suma_screens.py en|ja.

Each at 1920×1080 and scaled as on a 1366×768 screen (``_1366``: fullscreen, ``_1280``:
the window the table first opens there).

7-player table, a summon drag with the matched cells lit, a privilege drag and its mark
step, the bingo crossing step, an effect, the round summary, results, the curtain, setup
with 7 seats and the rules overlay (pictures).
"""
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["TABLE_DATA_DIR"] = "/tmp/suma-screens-data"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from games import registry  # noqa: E402
from games.app.app import App  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.core.rng import rng_for  # noqa: E402
from games.suma.state import step  # noqa: E402

OUT = Path("/tmp/suma_shots")
OUT.mkdir(exist_ok=True)
LANG = sys.argv[1] if len(sys.argv) > 1 else "en"
RULES = registry.rules("suma")
BOT = registry.bots("suma")["forester"]
APP = App(fullscreen=False)
APP.sounds.enabled = False
APP.settings.lang = LANG
NAMES = ["Aoi", "Hinata", "Sora", "Ren", "Mio", "Kaito", "Yui"]


def new_session(players=7, seed=5):
    return Session.start("suma", [SeatSetup(NAMES[i]) for i in range(players)], seed, {"start_player": 0})


LAST: dict = {}  # id(session) -> the last action's announcements
LOGS: dict = {}  # id(session) -> the log lines its actions made (as the play scene writes them)


def advance(s, until, seed=1, cap=5000):
    bots = [BOT(RULES, i) for i in range(s.record.players)]
    log = LOGS.setdefault(id(s), [])
    for k in range(cap):
        if s.over or until(s):
            return True
        cur = RULES.current_player(s.state)
        s.apply(bots[cur].choose(RULES.view(s.state, cur), RULES.legal_actions(s.state), rng_for(seed, k)))
        lines = [RULES.event_text(key, p, LANG, NAMES[:s.record.players]) for key, p in
                 RULES.view(s.state, None).get("events", [])]
        log += lines
        LAST[id(s)] = lines[:2]  # what the play scene announces for that action
    return False


def scene(s, unlock=True):
    sc = APP.make("play", s, instant=True)
    if unlock:
        sc.unlocked = s.current
    sc.ctx.log[:] = LOGS.get(id(s), [])[-40:]
    sc.refresh(initial=True)
    sc.banner = [(line, sc.t) for line in LAST.get(id(s), [])]
    APP.stack = [sc]
    return sc


def shot(name, frames=1):
    for _ in range(frames):
        APP.step(1 / 60)
    p = OUT / f"{name}_{LANG}.png"
    pygame.image.save(APP.surface, str(p))
    for w, h in ((1366, 768), (1280, 720)):  # a 1366×768 screen: fullscreen, and its first window
        pygame.image.save(pygame.transform.smoothscale(APP.surface, (w, h)), str(p.with_name(f"{p.stem}_{w}.png")))
    print(p)


def hold(sc, pid, to):
    """Show ``pid`` being dragged to the point ``to`` (legal targets glow)."""
    p = sc.table.piece(pid)
    sc.press = (pid, p.rect.center, (p.rect.width // 2, p.rect.height // 2))
    sc.ix.dragging = sc.ix.hidden = pid
    sc.ix.glowing = sc.glowing_for(pid)
    sc.ix.mouse = to


def phase(s):
    return step(s.state.pending and s.state.pending.kind, s.state.over)


def main():
    s = new_session()
    sc = scene(s, unlock=False)
    shot("curtain")
    advance(s, lambda s: s.state.turn >= 40 and phase(s) == "turn")
    sc = scene(s)
    shot("table7")
    # a summon drag with the matched cells lit
    s = new_session(seed=9)
    advance(s, lambda s: phase(s) == "turn" and any(a.kind == "summon" for a in RULES.legal_actions(s.state)))
    sc = scene(s)
    summ = next(a for a in RULES.legal_actions(s.state) if a.kind == "summon")
    hold(sc, f"hand:{summ.args[0]}", (740, 700))
    shot("drag_summon")
    # a privilege: the piece dragged over the glowing squares, then the others' marks
    s = new_session(seed=11)
    advance(s, lambda s: phase(s) == "turn" and s.state.turn > 8 and any(
        a.kind == "privilege" for a in RULES.legal_actions(s.state)))
    sc = scene(s)
    priv = next(a for a in RULES.legal_actions(s.state) if a.kind == "privilege")
    hold(sc, "pawn", sc.table.zone(f"square:{priv.args[0]}").rect.center)
    shot("drag_privilege")
    advance(s, lambda s: phase(s) == "mark")
    sc = scene(s, unlock=False)
    shot("privilege_mark")
    # the crossing step and an effect
    s = new_session(seed=3)
    advance(s, lambda s: phase(s) == "cross")
    sc = scene(s)
    shot("cross")
    s = new_session(seed=4)
    advance(s, lambda s: phase(s) == "effect")
    sc = scene(s)
    shot("effect")
    # four job cards while one is chosen to go back
    s = new_session(seed=5)
    if advance(s, lambda s: phase(s) == "return"):
        scene(s)
        shot("return4")
    # the hover card over the market's card with the longest effect text
    s = new_session(players=2, seed=7)
    advance(s, lambda s: s.state.turn >= 6 and phase(s) == "turn")
    sc = scene(s)
    shot("table2")
    market = [p for p in sc.table.pieces if p.id.startswith("market:")]
    longest = max(market, key=lambda p: len(RULES.data.card(p.id[7:]).effect))
    sc.ix.mouse = longest.rect.center
    shot("hover")
    # a round's end: the moment with its reason (moments are off in instant mode)
    s = new_session(seed=6)
    advance(s, lambda s: any(e.key == "suma.round_end" for e in s.state.events))
    sc = scene(s)
    sc.motion.moments_on = True
    sc.table.on_events(RULES.view(s.state, None)["events"])
    shot("round_end", frames=20)
    # the round summary between rounds
    s = new_session(seed=6)
    advance(s, lambda s: s.state.round == 2)
    sc = scene(s)
    sc.table.summary_seen = 0
    sc.table.rebuild(sc.table.view, sc.table.viewer, sc.table.legal)
    shot("round_summary")
    # results
    advance(s, lambda s: False)
    APP.stack = []
    APP.open("results", s)
    shot("results")
    # setup with seven seats, the rules overlay and its pictures
    APP.stack = []
    APP.goto("setup", "suma")
    st = APP.top
    st.players = 7
    st.layout()
    shot("setup")
    APP.open("rules", "suma")
    for i in (0, 2, 3, 4, 6):
        APP.top.index = i
        shot(f"rules{i}")


if __name__ == "__main__":
    main()
