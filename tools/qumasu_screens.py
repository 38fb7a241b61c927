"""Render the Qumasu screens to /tmp/qumasu_shots/: python tools/qumasu_screens.py en|ja.

Each shot is also saved as the canvas looks in a 1366×768 window (``*_1366.png``) and in
the 1280×720 window a 1366×768 desktop first opens (``*_1280.png``)."""
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["TABLE_DATA_DIR"] = "/tmp/qumasu-screens-data"
sys.path.insert(0, str(__import__('pathlib').Path(__file__).resolve().parents[1]))
from pathlib import Path

import pygame

from games import registry
from games.app.app import App
from games.app.session import SeatSetup, Session
from games.core.rng import rng_for

out = Path('/tmp/qumasu_shots')
out.mkdir(exist_ok=True)
lang = sys.argv[1]
rules = registry.rules('qumasu')
app = App(fullscreen=False)
app.sounds.enabled = False
app.settings.lang = lang
Bot = registry.bots('qumasu')['greedy']  # (no time budget: the same game in ja and en)

def new_session(seed=77):
    seats = [SeatSetup('Aoi', None), SeatSetup('Hinata', None)]
    return Session.start('qumasu', seats, seed, {**rules.default_options(), 'start_player': 0,
                                                 'decks': ['standard', 'vanguard']})

def advance(s, until, seed=77, cap=400):
    bots = [Bot(rules, 0), Bot(rules, 1)]
    for k in range(cap):
        if s.over or until(s):
            return True
        cur = rules.current_player(s.state)
        s.apply(bots[cur].choose(rules.view(s.state, cur), rules.legal_actions(s.state), rng_for(seed, k)))
    return False

def scene(s, unlock=True):
    sc = app.make('play', s, instant=True)
    if unlock:
        sc.unlocked = s.current
    sc.refresh(initial=True)
    app.stack = [sc]
    return sc

def shot(name, frames=1):
    for _ in range(frames):
        app.step(1/60)
    p = out / f'{name}_{lang}.png'
    pygame.image.save(app.surface, str(p))
    print(p)
    for w, h in ((1366, 768), (1280, 720)):
        pygame.image.save(pygame.transform.smoothscale(app.surface, (w, h)), str(p.with_name(f'{p.stem}_{w}.png')))

def kinds(s):
    return {a.kind for a in rules.legal_actions(s.state)}
# 1. curtain at the first mulligan, then the mulligan screen
s = new_session()
sc = scene(s, unlock=False)
shot('curtain')
sc.unlocked = s.current
sc.refresh(initial=True)
shot('mulligan')
sc.gesture(None, 'mulligan')
shot('mulligan_new_hand', 2)  # the new hand, to its owner (rules QUMASU-RULES-7)
sc.gesture(None, 'keep')
shot('mulligan_passed', 2)  # then the curtain for the other person
# 2. tables from both seats
s = new_session()
advance(s, lambda s: s.state.turn >= 6 and s.state.pending is None)
sc = scene(s)
shot(f'table_seat{s.current}')
advance(s, lambda s: s.state.turn >= 7 and s.state.pending is None)
sc = scene(s)
shot(f'table_seat{s.current}')
# 3. a drag with glowing targets and the expected result (a unit that may attack)
s = new_session(5)
advance(s, lambda s: any(a.kind == 'attack' and a.args[1] != 'castle' for a in rules.legal_actions(s.state)))
sc = scene(s)
att = next(a for a in rules.legal_actions(s.state) if a.kind == 'attack' and a.args[1] != 'castle')
pid = f'unit:{att.args[0]}'
p = sc.table.piece(pid)
z = sc.table.zone(f'cell:{att.args[1]}')
sc.press = (pid, p.rect.center, (p.rect.width // 2, p.rect.height // 2))
sc.table.piece_at(p.rect.center)  # (the press: where the card was taken)
sc.ix.dragging = sc.ix.hidden = pid
sc.ix.glowing = sc.glowing_for(pid)
sc.ix.mouse = (z.rect.centerx + 40, z.rect.centery + 60)
shot('drag_attack')
# 4. the combat announcement
sc.press = None
sc.ix.dragging = sc.ix.hidden = None
sc.submit(att)
shot('combat', 3)
# 5. a drag of a hand card with glowing cells, and an illegal drop's reason
s = new_session(9)
advance(
    s,
    lambda s: (
        s.state.pending is None and any(a.kind == 'summon' for a in rules.legal_actions(s.state)) and s.state.turn >= 3
    ),
)
sc = scene(s)
summ = next(a for a in rules.legal_actions(s.state) if a.kind == 'summon')
pid = f'hand:{summ.args[0]}'
p = sc.table.piece(pid)
sc.press = (pid, p.rect.center, (p.rect.width // 2, p.rect.height // 2))
sc.ix.dragging = sc.ix.hidden = pid
sc.ix.glowing = sc.glowing_for(pid)
sc.ix.mouse = (960, 500)
shot('drag_summon')
sc.press = None
sc.ix.dragging = sc.ix.hidden = None
sc.ix.glowing = sc.glowing_for(None)
enemy_row = '3' if s.current == 0 else '1'
sc.gesture(pid, f'cell:b{enemy_row}')
shot('illegal', 2)
# 6. the flower picker
s = new_session(11)
advance(s, lambda s: s.state.pending is None and 'flower' in kinds(s))
sc = scene(s)
fl = next(a for a in rules.legal_actions(s.state) if a.kind == 'flower')
sc.gesture(None, f'flower:{fl.args[0]}')
shot('flower_picker')
# 6b. the picker with greyed choices (nothing tapped, no unit of one's own): each says why
s = new_session(11)
advance(
    s,
    lambda s: (
        s.state.pending is None
        and 'flower' in kinds(s)
        and {a.args[1] for a in rules.legal_actions(s.state) if a.kind == 'flower'} != {'power', 'untap', 'draw'}
    ),
)
sc = scene(s)
fl = next(a for a in rules.legal_actions(s.state) if a.kind == 'flower')
sc.gesture(None, f'flower:{fl.args[0]}')
shot('flower_picker_greyed')
sc.gesture(None, 'pick:cancel')
shot('flower_hint')
# 7. results
for seed, name in ((11, 'results_deckout'), (10, 'results_castle'), (16, 'results')):
    s = new_session(seed)
    advance(s, lambda s: False, seed=seed, cap=3000)
    app.stack = []
    app.open('results', s)
    shot(name)
# 8. setup with a deck per seat, and the rules overlay
app.stack = []
app.goto("setup", "qumasu")
sc = app.top
sc.seat_choice[0] = 'vanguard'
sc.layout()
shot('setup')
app.open('rules', 'qumasu')
shot('rules')
app.top.index = 1
shot('rules_picture')
app.top.index = 2
shot('rules_setup')
app.top.index = 4
shot('rules_main')
# 9. a power modifier ("3 → 5") after Enhance, and the graveyard browser
s = new_session(21)
ok = advance(
    s,
    lambda s: (
        s.state.pending is None
        and any(a.kind == 'cast' and 'enhance' in a.args[0] for a in rules.legal_actions(s.state))
    ),
)
if ok and not s.over:
    s.apply(next(a for a in rules.legal_actions(s.state) if a.kind == 'cast' and 'enhance' in a.args[0]))
    sc = scene(s)
    shot('modifier')
    seat = s.current
    sc.gesture(None, f'grave:{seat}')
    shot('grave_browse')
