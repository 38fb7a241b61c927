"""Suma's table (issue 27 item 3): the game's log, the announcements' own zone, a 4th job
card with nothing painted over it, the round's end said with its R-4.1 reason, hover
texts that fit, and the bingo moment's words.  Driven through the real play scene."""
from __future__ import annotations

import os
from types import SimpleNamespace

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from games import registry  # noqa: E402
from games.app.play import PlayScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.core.i18n import tr  # noqa: E402
from games.core.rng import rng_for  # noqa: E402
from games.suma.ui import layout as L  # noqa: E402
from games.suma.ui import panels  # noqa: E402
from games.suma.ui import view as suma_view  # noqa: E402
from games.ui import text, theme  # noqa: E402
from tests.suma_helpers import step  # noqa: E402
from tests.ui_driver import Driver  # noqa: E402

RULES = registry.rules("suma")
BOT = registry.bots("suma")["forester"]
NAMES = ["Aoi", "Hinata", "Sora", "Ren", "Mio", "Kaito", "Yui"]


pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest)


def _table(d: Driver, players: int, seed: int) -> PlayScene:
    s = Session.start("suma", [SeatSetup(n) for n in NAMES[:players]], seed, {"start_player": 0})
    scene = PlayScene(d.app, s, instant=True)
    d.app.replace(scene)
    return scene


def _walk(d: Driver, scene: PlayScene, seed: int, steps: int, bot_share: float = 0.5):
    """Each state of a game on the live table, its moves made through ``submit`` (which
    logs and announces them); half the moves are the forester's, half random."""
    s = scene.session
    bots = [BOT(RULES, i) for i in range(s.record.players)]
    rng = rng_for(seed, "suma-table-walk")
    for k in range(steps):
        if s.over:
            return
        scene.unlocked = s.current  # the person at the device (no curtain in the way)
        scene.refresh(initial=True)  # the same table again: nothing logged twice
        d.step()
        yield k
        cur, legal = s.current, RULES.legal_actions(s.state)
        move = bots[cur].choose(RULES.view(s.state, cur), legal, rng_for(seed, k)) if rng.random() < bot_share \
            else rng.choice(legal)
        assert scene.submit(move)


def _kept_clear(scene: PlayScene) -> list[tuple[str, pygame.Rect]]:
    """Everything the announcements may never cover on the table as it is now."""
    t, v = scene.table, scene.table.view
    if t.summary_open:
        rows = [pygame.Rect(L.SUMMARY.left, L.SUMMARY.top + L.SUMMARY_ROW_TOP - 20 + k * L.SUMMARY_ROW_STEP,
                            L.SUMMARY.width, 40) for k in range(v["players"])]
        hint = pygame.Rect(L.SUMMARY.left, L.SUMMARY_BUTTON.top - 40, L.SUMMARY.width, 28)
        return [("summary row", r) for r in rows] + [("summary hint", hint)] + \
               [("summary button", L.SUMMARY_BUTTON)] + [(z.id, z.rect) for z in t.zones]
    seat = t.band_seat
    out = [(z.id, z.rect) for z in t.zones] + [(p.id, p.rect) for p in t.pieces]
    out += [("map", L.MAP_FRAME), ("log", L.log_rect(v["players"])), ("hand", L.HAND_ZONE), ("summon", L.SUMMON),
            ("prompt", L.PROMPT.inflate(8, 8)), ("warehouse", L.WAREHOUSE), ("track", L.TRACK),
            ("band", L.BAND), ("panels", L.PANELS), ("top bar", pygame.Rect(0, 0, theme.W, 76))]
    out += [(f"job {k}", r) for k, r in enumerate(L.job_rects(max(4, len(v["jobs"][seat]))))]
    out += [(f"button {k}", L.button_rect(k).inflate(60, 0).move(30, 0)) for k in range(3)]
    out += [(f"deck {k}", L.deck_rect(k)) for k in range(3)]
    out += [(f"market {k}{j}", L.market_rect(k, j)) for k in range(3) for j in range(2)]
    return out


@pytest.mark.parametrize("players,lang,seed", [(2, "ja", 5), (2, "en", 8), (7, "ja", 5), (7, "en", 6)])
def test_announcements_keep_to_their_zone_clear_of_every_piece_and_zone(players, lang, seed, monkeypatch):
    d = Driver(lang)
    scene = _table(d, players, seed)
    notes: list = []
    draw_note = scene.draw_note

    def spy(surf, msg, zone, top, size, bg, border):
        bottom = draw_note(surf, msg, zone, top, size, bg, border)
        if bottom is not None:
            notes.append((pygame.Rect(zone.left, top, zone.width, bottom - top), zone))
        return bottom

    monkeypatch.setattr(scene, "draw_note", spy)
    phases, summaries = set(), 0
    for _ in _walk(d, scene, seed, 900 if players == 2 else 500):
        t = scene.table
        zone = t.announce_zone()
        assert t.reason_zone() == zone
        assert zone.top >= 76 and zone.bottom <= theme.H and zone.width >= 400 and zone.height >= 76
        clear = _kept_clear(scene)
        for name, rect in clear:
            assert not zone.colliderect(rect), f"the announcement zone covers {name} ({step(t.view)})"
        for box, z in notes:  # the boxes drawn this frame (the play scene lets one overhang by 4 px)
            assert z == zone and zone.left <= box.left and box.right <= zone.right, (box, zone)
            assert box.top >= zone.top and box.bottom <= zone.bottom + 4, (box, zone)
            hit = [name for name, rect in clear if box.colliderect(rect)]
            assert not hit, f"an announcement covers {hit}"
        notes.clear()
        phases.add(step(t.view))
        summaries += t.summary_open
    assert {"turn", "summon", "cross"} <= phases, phases
    assert players == 7 or summaries, "a round summary was open at some step"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_log_keeps_every_seats_moves_and_the_round_end_from_the_events(lang):
    """Suma's lines come from the rules' events through the play scene, as in every game."""
    d = Driver(lang)
    scene = _table(d, 2, 11)
    made: list[str] = []
    for _ in _walk(d, scene, 11, 1200):
        assert scene.ctx.log_rect == L.log_rect(2)  # the box is on the table at every step
        added = scene.log_marks[-1] if scene.log_marks else 0  # the last move's lines
        made += scene.ctx.log[len(scene.ctx.log) - added:] if added else []
        if scene.session.state.round == 2:
            break
    rec = scene.session
    assert rec.state.round == 2
    text_all = "\n".join(made)
    names = rec.names
    for seat in range(2):
        assert any(ln.startswith(names[seat]) for ln in made), f"no line for seat {seat}"
    end = tr("suma.round_end", lang, round=1, reason=tr(f"suma.end_{rec.state.history[0]['reason']}", lang))
    assert end in made, "the round's end and its reason are in the log"
    frags = {"ja": ["を置いた", "を呼び出した", "を消した", "を取った", "の特権"],
             "en": [" placed ", " summoned ", " crossed ", " took ", "'s privilege"]}[lang]
    for frag in frags:
        assert frag in text_all, frag
    assert not [ln for ln in made if "{" in ln or "suma." in ln or "suma_" in ln], "a line is not in words"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_fourth_job_card_has_nothing_painted_over_it(lang, monkeypatch):
    """While the person picks the job card to return, the 4 cards stand clear of the
    privilege pieces and their labels ("特権コマ2", "予備1") and of every other piece."""
    d = Driver(lang)
    scene = _table(d, 3, 5)
    for _ in _walk(d, scene, 5, 600):
        if step(scene.table.view) == "return" and scene.table.legal:
            break
    t = scene.table
    assert step(t.view) == "return"
    jobs = L.job_rects(len(t.view["jobs"][t.band_seat]))
    assert len(jobs) == 4 and L.BAND.contains(jobs[-1].union(jobs[0]))
    drawn: list = []
    inside = [0]
    real_draw, real_job = text.draw, panels.Panels.paint_job_card

    def spy_draw(surf, s, pos, size=28, colour=(240, 240, 235), bold=False, anchor="topleft"):
        r = real_draw(surf, s, pos, size, colour, bold, anchor)
        if not inside[0]:
            drawn.append((s, r))
        return r

    def spy_job(self, surf, cid, r):
        inside[0] += 1
        try:
            real_job(self, surf, cid, r)
        finally:
            inside[0] -= 1

    monkeypatch.setattr(text, "draw", spy_draw)
    monkeypatch.setattr(panels.Panels, "paint_job_card", spy_job)
    scene.kept = None
    d.step()
    monkeypatch.undo()
    labels = {tr("suma_ui.supply_n", lang, n=t.view["supply"][t.band_seat]),
              tr("suma_ui.reserve_n", lang, n=t.view["reserve"][t.band_seat])}
    assert labels <= {s for s, _ in drawn}
    for s, r in drawn:
        for k, j in enumerate(jobs):
            assert not r.colliderect(j), f"{s!r} painted over job card {k + 1}"
    for p in t.pieces:
        assert not any(p.rect.colliderect(j) for j in jobs), f"{p.id} over a job card"
    assert {z.id for z in t.zones if z.id.startswith("return:")} == \
        {f"return:{c}" for c in t.view["jobs"][t.band_seat] if c != t.view["pending"]["card"]}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_round_end_is_said_with_its_reason_on_the_table_in_the_summary_and_the_results(lang):
    d = Driver(lang)
    scene = _table(d, 2, 5)
    said: list = []  # instant mode shows no moment: the table's call is what is tested
    real_moment = scene.table.motion.moment
    scene.table.motion.moment = lambda m: (said.append(m), real_moment(m))[1]
    for _ in _walk(d, scene, 5, 1200):
        if scene.session.state.history:
            break
    h = scene.session.state.history[0]
    assert h["reason"] in ("supply", "all_bingos", "map_full", "no_placement")
    why = tr(f"suma.end_{h['reason']}", lang)
    said = [m for m in said if m.kind == "round_end"]
    assert said and said[-1].title == tr("suma_ui.round_over", lang, round=1)
    assert why in said[-1].lines[0] and scene.ctx.seat_name(h["ended_by"]) in said[-1].lines[0]
    assert scene.table.summary_open
    drawn: list[tuple] = []
    real = text.draw

    def spy(surf, s, *a, **k):
        drawn.append((s, real(surf, s, *a, **k)))
        return drawn[-1][1]
    try:
        text.draw = spy
        scene.kept = None
        d.step()
    finally:
        text.draw = real
    line = tr("suma_ui.round_over_why", lang, reason=why, name=scene.ctx.seat_name(h["ended_by"]))
    assert any(s == line and L.SUMMARY.contains(r) for s, r in drawn), "the summary says why the round ended"
    from games.suma.ui.controller import Controller
    final = dict(scene.table.view, history=[h, dict(h, round=2, reason="map_full")])
    out = SimpleNamespace(ranking=[0, 1])  # the panel reads the ranking only
    _, body = Controller.results_panel(RULES, final, out, lang)
    assert tr("suma_ui.round_ended", lang, round=2, reason=tr("suma.end_map_full", lang)) in body


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_hover_text_shows_every_line_inside_its_box_for_every_card(lang):
    d = Driver(lang)
    scene = _table(d, 2, 7)
    for _ in _walk(d, scene, 7, 4):
        pass
    s = scene.session
    ids = list(RULES.data.cards)
    for chunk in range(0, len(ids), 6):
        st = s.state.clone()
        for _k, col in enumerate(RULES.data.colour_ids()):
            st.market[col] = [None, None]
        for cid in ids[chunk:chunk + 6]:
            col = RULES.data.card(cid).colour
            slot = st.market[col].index(None) if None in st.market[col] else None
            if slot is not None:
                st.market[col][slot] = cid
        s.state = st
        scene.refresh(initial=True)
        for p in [p for p in scene.table.pieces if p.id.startswith("market:")]:
            for where in (p.rect.center, (p.rect.left + 4, p.rect.bottom - 4)):
                d.post(pygame.MOUSEMOTION, where)
                hit = scene.table.hover_drawn
                assert hit is not None, p.id
                card, box, lines = hit
                canvas = pygame.Rect(0, 0, theme.W, theme.H)
                assert canvas.contains(card) and canvas.contains(box) and not card.colliderect(box)
                for line, r in lines:
                    assert box.contains(r), f"{line!r} of {p.id} leaves its box"
                body = "".join(ln for ln, _ in lines[1:]).replace(" ", "")
                full = suma_view.art.effect_text(RULES.data, p.id[7:], lang).replace(" ", "")
                assert body == full, f"{p.id}: a line is missing"


def test_bingo_moment_words_agree_and_count_lines():
    assert tr("suma_ui.bingo_moment", "en", name="Aoi", n=1) == "Aoi: BINGO! (1 line now)"
    assert tr("suma_ui.bingo_moment", "en", name="Aoi", n=3) == "Aoi: BINGO! (3 lines now)"
    assert tr("suma_ui.bingo_moment", "ja", name="Aoi", n=3) == "Aoi ビンゴ！（これで3本）"
