"""Qumasu, issue 27: what a player sees after a mulligan, while dragging, in the flower
picker and on the results screen, driven through the real scenes."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from games.app.play import PlayScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.qumasu.rules import RULES  # noqa: E402
from games.ui import cards  # noqa: E402
from tests.test_qumasu_ui import _lift, _scene  # noqa: E402
from tests.ui_driver import Driver  # noqa: E402

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest)


@pytest.mark.parametrize("first", [0, 1])
def test_qumasu_rules_7_the_new_hand_is_shown_to_its_owner_after_a_mulligan_and_to_nobody_else(first):
    cards.DRAW_LOG.enabled = True  # (before the first frame: the kept layer logs its faces)
    try:
        driver = Driver("en")
        session, scene = _scene(driver, first=first, options=RULES.default_options())
        _lift(driver, scene)
        old = list(session.state.hands[first])
        driver.click(scene.table.zone("mulligan").rect.center)
        new = list(session.state.hands[first])
        assert session.record.actions == ["mulligan"] and new != old
        assert scene.curtain_for() is None, "the device stays with the person who took the mulligan"
        driver.step(2)
        assert set(new) <= set(cards.DRAW_LOG.frame), "the new hand is drawn face up for its owner"
        assert scene.table.zone("mulligan") is None and scene.table.zone("keep") is not None
        driver.click(scene.table.zone("keep").rect.center)
        assert session.record.actions == ["mulligan", "keep"]
        other = 1 - first
        assert scene.curtain_for() == other
        driver.step(2)
        assert not set(new) & set(cards.DRAW_LOG.frame), "behind the curtain nothing of the hand shows"
        _lift(driver, scene)
        driver.step(2)
        assert not set(new) & set(cards.DRAW_LOG.frame), "the other person never sees it"
        assert scene.table.zone("mulligan") is not None  # their own decision, both choices
    finally:
        cards.DRAW_LOG.enabled = False


def _advance(session, until, seed=5, cap=400):
    from games.core.rng import rng_for
    from games.qumasu.bot import GreedyBot
    rules = session.rules
    bots = [GreedyBot(rules, p) for p in (0, 1)]  # plain greedy, no slips: the same games as when written
    for k in range(cap):
        if session.over or until(session.state):
            return True
        cur = rules.current_player(session.state)
        session.apply(bots[cur].choose(rules.view(session.state, cur), rules.legal_actions(session.state),
                                       rng_for(seed, k)))
    return False


def _table_at(driver, seed, until):
    session = Session.start("qumasu", [SeatSetup("Aoi"), SeatSetup("Hinata")], seed,
                            {**RULES.default_options(), "start_player": 0, "decks": ["standard", "vanguard"]})
    assert _advance(session, until, seed) and not session.over
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    driver.step(2)
    _lift(driver, scene)
    driver.step(1)
    return session, scene


def _can_attack_a_unit(s):
    return s.pending is None and any(a.kind == "attack" and a.args[1] != "castle" for a in RULES.legal_actions(s))


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_expected_combat_result_is_drawn_beside_the_dragged_unit_never_under_it(lang):
    import pygame
    driver = Driver(lang)
    session, scene = _table_at(driver, 5, _can_attack_a_unit)
    att = next(a for a in RULES.legal_actions(session.state) if a.kind == "attack" and a.args[1] != "castle")
    piece, target = scene.table.piece(f"unit:{att.args[0]}"), scene.table.zone(f"cell:{att.args[1]}")
    for grab in (piece.rect.center, piece.rect.move(-60, -60).bottomright, piece.rect.move(60, 60).topleft):
        driver.post(pygame.MOUSEBUTTONDOWN, grab)
        for k in range(1, 5):  # a real drag, ending over the enemy unit
            driver.post(pygame.MOUSEMOTION, (grab[0] + (target.rect.centerx - grab[0]) * k // 4,
                                             grab[1] + (target.rect.centery - grab[1]) * k // 4))
        assert scene.ix.dragging == piece.id
        badge = scene.table.badge_rect
        assert badge is not None, "the expected result is shown while over the target"
        card = piece.rect.copy()
        card.topleft = (scene.ix.mouse[0] - scene.press[2][0], scene.ix.mouse[1] - scene.press[2][1])
        assert not badge.colliderect(card), f"badge {badge} under the dragged card {card}"
        assert pygame.Rect(0, 0, 1920, 1080).contains(badge)
        inner = driver.app.surface.get_at((badge.left + 6, badge.centery))[:3]
        assert inner in {(c[0], c[1], c[2]) for c in _result_colours()}, "the badge is on top in the frame"
        driver.post(pygame.MOUSEMOTION, piece.rect.center)
        driver.post(pygame.MOUSEBUTTONUP, piece.rect.center)  # back home: nothing played
        driver.step(30)  # (until it has settled)
    assert session.record.actions[-1] != str(att)


def _result_colours():
    from games.ui import theme
    return [theme.OK, theme.DANGER, theme.ACCENT]


def _flower_with_a_greyed_choice(s):
    if s.pending is not None or s.turn < 3:
        return False
    picks = {a.args[1] for a in RULES.legal_actions(s) if a.kind == "flower"}
    return bool(picks) and picks != {f.id for f in RULES.data.flowers}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_greyed_flower_choice_says_why(lang):
    from games.core.i18n import tr
    from games.ui import text
    driver = Driver(lang)
    session, scene = _table_at(driver, 11, _flower_with_a_greyed_choice)
    k = next(a.args[0] for a in RULES.legal_actions(session.state) if a.kind == "flower")
    driver.click(scene.table.zone(f"flower:{k}").rect.center)
    legal = {a.args[1] for a in RULES.legal_actions(session.state) if a.kind == "flower" and a.args[0] == k}
    greyed = [f for f in RULES.data.flowers if f.id not in legal]
    assert greyed and all(scene.table.zone(f"pick:{f.id}") is None for f in greyed)
    drawn = []
    real_draw = text.draw

    def spy(surf, label, pos, size=28, *args, **kwargs):
        drawn.append((label, size))
        return real_draw(surf, label, pos, size, *args, **kwargs)
    text.draw = spy
    try:
        scene.table.draw_over(driver.app.surface, scene.ix)
    finally:
        text.draw = real_draw
    shown = "".join(label for label, _ in drawn)
    for f in greyed:
        why = scene.table.view["flower_why"][f.id]
        assert why in ("qumasu.nothing_tapped", "qumasu.no_own_unit")
        reason = tr(why, lang)
        assert reason.replace(" ", "") in shown.replace(" ", ""), f"{f.id}: {reason!r} not drawn"
    assert all(size >= text.MIN_SIZE for label, size in drawn)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_flower_hint_ends_before_the_glow_of_the_first_flower(lang):
    """The "て" of 花をクリックして was drawn under the glow of the flower zone."""
    from games.core.i18n import tr
    from games.ui import text
    driver = Driver(lang)
    _, scene = _table_at(driver, 11, lambda s: s.pending is None and any(
        a.kind == "flower" for a in RULES.legal_actions(s)))
    zone = min((z for z in scene.table.zones if z.id.startswith("flower:")), key=lambda z: z.rect.left)
    glow_left = zone.rect.left - 7  # widgets.glow at its widest
    rect = scene.table.flower_hint_rect()
    lines = text.wrap(tr("qumasu_ui.flower_hint", lang), 20, rect.width)
    assert lines and len(lines) * 26 <= rect.height
    widest = max(text.render(line, 20).get_width() for line in lines)
    assert rect.left + widest < glow_left, (rect.left + widest, glow_left)
    assert "".join(lines).replace(" ", "") == tr("qumasu_ui.flower_hint", lang).replace(" ", "")


def _finished(seed):
    session = Session.start("qumasu", [SeatSetup("Aoi"), SeatSetup("Hinata")], seed,
                            {**RULES.default_options(), "start_player": 0, "decks": ["standard", "vanguard"]})
    assert _advance(session, lambda s: False, seed, cap=3000) is True and session.over
    return session


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_results_say_how_it_ended_in_the_players_names_in_the_table_s_order(lang):
    from games.app.results import ResultsScene
    from games.core.i18n import tr
    reasons = set()
    for seed in (10, 11, 15, 16):
        driver = Driver(lang)
        session = _finished(seed)
        driver.app.stack = []
        driver.app.open("results", session)
        scene = driver.app.top
        assert isinstance(scene, ResultsScene)
        driver.step(1)
        out, s = scene.outcome, session.state
        w, names = s.winners[0], session.names
        reasons.add(s.end_reason)
        assert out.ranking == (w, 1 - w)
        assert all(set(b) == {"qumasu.bd_castle"} for b in out.breakdown), "no column without meaning"
        assert tr("qumasu.score_column", lang) != tr("app.total", lang)
        head, body = scene.extra
        assert head == tr("qumasu_ui.how_won", lang)
        first = body.split("\n")[0]
        assert first.index(names[w]) < first.index(names[1 - w]), "winner first, as in the table"
        for line in body.split("\n")[1:]:
            assert line.index(names[w]) < line.index(names[1 - w]), line
        assert "{" not in body and "P1" not in body
        if s.end_reason == "deckout":
            assert first == tr("qumasu_ui.how_deckout", lang, winner=names[w], loser=names[1 - w])
        else:
            assert first == tr("qumasu_ui.how_castle", lang, winner=names[w], loser=names[1 - w])
        counts = s.castles
        assert tr("qumasu_ui.final_castles", lang, a=names[w], n=len(counts[w]), b=names[1 - w],
                  m=len(counts[1 - w])) in body
    assert reasons == {"castle", "deckout"}


def test_the_rules_a_player_reads_say_nothing_about_data_files():
    """F1 is for players; editing data/qumasu.yaml is the README's business."""
    from pathlib import Path

    import yaml
    root = Path(__file__).resolve().parents[1]
    for path in sorted((root / "data" / "rules").glob("qumasu*")):
        body = path.read_text(encoding="utf-8")
        texts = yaml.safe_load(body)["sections"]
        words = " ".join(str(v) for s in texts for part in ("title", "body") for v in (s.get(part) or {}).values())
        assert "yaml" not in words.lower() and "data/" not in words, path
    assert "data/qumasu.yaml" in (root / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_qumasu_ui_art_1_every_effect_line_stands_above_the_power_badge(lang):
    """QUMASU-UI-ART-1: at the hand size every line of a card's effect fits between its name
    and a unit's power badge ("+1" of the Saint's "Always: adjacent allies +1" ran over it)."""
    import pygame

    from games.qumasu.ui import art
    from games.qumasu.ui import layout as L
    from games.ui import text

    pygame.font.init()
    rules = RULES
    s = rules.new_game(2, 3)
    every = {c for zone in (*s.decks, *s.hands, *s.castles) for c in zone}
    w, h = L.HAND_W, L.HAND_H
    step = int(text.MIN_SIZE * art._GAP)
    checked = 0
    for card in sorted(every):
        info, face = rules.card_info(card), rules.data.face_of(card)
        eff = art.effect_text(info, face.effect, lang)
        if not eff:
            continue
        unit = info["kind"] == "unit"
        bottom = h - 2 * max(15, w // 8) - 10 if unit else h - 8
        top = 2 * max(15, w // 9) + 8
        y0, _, _ = art._text_room(eff, w, h, unit, top, int(h * 0.34), int(h * 0.16))
        lines = len(text.wrap(eff, text.MIN_SIZE, w - 2 * art._SIDE[unit]))
        assert y0 + lines * step <= bottom, (card, eff, y0, lines, bottom)
        checked += 1
    assert checked >= 4
