"""Symbols explained where they are (issue 30 item 3; games/ui/tips.py TIPS-1..5).

The walking test draws many tables of every game — the start, random playouts to the middle
and the end at the least and the most seats, each seen by the seat to act and by a
spectator, the overlays a game lays on its table — in both languages, with the draw noted
(games/ui/drawn.py) and the tips collected.  Every card drawn and every symbolic text drawn
(TIPS-5) must lie under a tip; every tip must say something in ja and in en (different texts,
no field left unfilled) and carry no secret of another seat.  Then the real play scene,
driven by posted pointer events: a pointer resting on a card shows its tip's panel, a long
press on a touch screen shows it (and neither drags nor selects), moving away hides it.
"""
from __future__ import annotations

import pygame
import pytest

from games import registry
from games.app.play import PlayScene
from games.app.session import SeatSetup, Session
from games.core.rng import rng_for
from games.ui import drawn, theme, tips
from games.ui.table import Interaction, TableContext
from tests.example_game.register import register
from tests.tips_checker import paint, symbolic, table_for
from tests.ui_driver import Driver

GAMES = ("toutomi", "fuji99", "brujas", "qumasu", "suma")
NAMES = ["Aoi", "Bo", "Chika", "Dai", "Emi", "Fumi", "Gen"]
DEPTHS = (0, 6, 25, 70, 400)  # random actions played from the start (a game over stops earlier)
SEEDS = (30, 31)
VEIL = 0.8  # a tip over this much of the canvas is an overlay's veil (TIPS-5)
OWN_TIP = 12  # a card's tip covers at most this many times its area (a hand of backs may share one)


def each_game(games=GAMES):
    return list(games)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(drawn, "ENABLED", True)
    real = tips.note

    def note(rect, key, **params):  # in the draw's notes too: what was drawn before a veil's tip
        if drawn.NOTES is not None:
            drawn.NOTES.append(("tip", key, tuple(int(x) for x in rect)))
        real(rect, key, **params)
    monkeypatch.setattr(tips, "note", note)


@pytest.fixture
def window(data_dir) -> Driver:
    """The app's window (the tables' layers are made for its pixel format)."""
    return Driver("en")


def exempt(table, line: str, rect) -> bool:
    """TIPS-5's exemptions: the game log's lines (sentences, each its own explanation, and a
    scrolled log would need a tip per line) and the seats' names (they say who, not what)."""
    log = table.ctx.log_rect
    return line in table.ctx.names or (log is not None and pygame.Rect(log).collidepoint(pygame.Rect(rect).center))


# --- the tables -------------------------------------------------------------------------------
def options_of(game: str) -> list[dict]:
    rules = registry.rules(game)
    out = [rules.default_options()]
    if game == "toutomi":
        out.append({**rules.default_options(), "short": True})
    return out


def positions(game: str):
    """(label, rules, state, options) for the start and random playouts, least and most seats."""
    rules = registry.rules(game)
    runs = [(players, k, options, seed) for players in sorted({rules.min_players, rules.max_players})
            for k, options in enumerate(options_of(game)) for seed in SEEDS]
    for players, k, options, seed in runs:
        state = rules.new_game(players, seed + players + k, options)
        rng = rng_for(seed, game, players, k)
        done = 0
        for depth in DEPTHS:
            while done < depth and rules.current_player(state) is not None:
                state = rules.apply(state, rng.choice(rules.legal_actions(state)))
                done += 1
            yield f"{players}p/{k}/{seed}/{done}", rules, state, options
            if rules.current_player(state) is None:
                break


def overlays(game: str, table, controller) -> list[str]:
    """The game's overlays that lie on its table (set on the controller's local state)."""
    if game != "qumasu":
        return [""]
    out = [""]
    if any(table.view["graves"]):
        out.append("browse")
    if any(a.kind == "flower" for a in table.legal):
        out.append("picker")
    return out


def set_overlay(game: str, name: str, table, controller) -> None:
    if name == "browse":
        controller.local["browse"] = 0 if table.view["graves"][0] else 1
    elif name == "picker":
        controller.local["picker"] = next(a.args[0] for a in table.legal if a.kind == "flower")
    table.rebuild(table.view, table.viewer, table.legal)


def drawn_table(game: str, rules, state, options: dict, viewer, lang: str, overlay: str = ""):
    n = state.players
    ctx = TableContext(rules, lang, NAMES[:n], [None] * n, dict(options))
    ctx.log = [rules.event_text("core.illegal", {}, lang)] * 3
    table, controller = table_for(game, ctx, state, viewer)
    if overlay:
        set_overlay(game, overlay, table, controller)
    paint(table, Interaction())
    return table


def viewers(rules, state) -> list:
    cur = rules.current_player(state)
    return [cur if cur is not None else 0, None]


def unexplained(table) -> list:
    """The cards and symbolic texts the table drew that no tip explains (TIPS-5): no tip at
    its centre, or for a card, the topmost tip there not its own (more than ``OWN_TIP`` times
    its area: a panel's or an overlay's tip, not the card's).  What an overlay's veil covers
    (drawn before a tip over ``VEIL`` of the canvas) is not counted."""
    out: list = []
    for kind, what, rect in table.drew:
        if kind == "tip" and rect[2] * rect[3] >= VEIL * theme.W * theme.H:
            out = []  # an overlay's veil: what lies under it is not what the person looks at
        if kind == "tip" or (kind == "text" and (not symbolic(what) or exempt(table, what, rect))):
            continue
        tip = tips.at(table.tips, pygame.Rect(rect).center)
        if tip is None or (kind == "card" and tip.rect[2] * tip.rect[3] > OWN_TIP * rect[2] * rect[3]):
            out.append((kind, what, rect, tip and tip.key))
    return out


def tip_problems(rules, state, viewer, table) -> list:
    """Tips without words in both languages, or carrying a card another seat keeps secret."""
    secret = rules.secret_ids(state, viewer)
    out = []
    for tip in set(table.tips):
        ja, en = (tips.text_of(rules, tip, lang, table.ctx.names) for lang in ("ja", "en"))
        if ja == en or "{" in ja + en or "}" in ja + en:
            out.append((tip.key, ja, en))
        leaked = {v for _, v in tip.params if isinstance(v, str)} & secret
        if leaked:
            out.append((tip.key, "secret", sorted(leaked)))
    return out


@pytest.mark.parametrize("game", [*each_game(), "example"])
def test_every_card_and_symbol_of_every_table_has_a_tip_in_ja_and_en(game, window, monkeypatch):
    if game == "example":  # the tiny example game of docs/adding-a-game.md
        register(monkeypatch)
    walked = 0
    for label, rules, state, options in positions(game):
        for viewer in viewers(rules, state):
            for lang in ("ja", "en"):
                table = drawn_table(game, rules, state, options, viewer, lang)
                for overlay in overlays(game, table, table.controller):
                    if overlay:
                        table = drawn_table(game, rules, state, options, viewer, lang, overlay)
                    where = f"{game} {label} seat {viewer} {lang} {overlay}"
                    assert table.tips, f"{where}: no tips at all"
                    assert not unexplained(table), f"{where}: drawn without a tip: {unexplained(table)[:6]}"
                    problems = tip_problems(rules, state, viewer, table)
                    assert not problems, f"{where}: {problems[:4]}"
                    walked += 1
    assert walked >= 12


def test_the_symbolic_rule_tells_counters_from_words():
    assert all(symbolic(s) for s in ("×3", "◎1 ⊕〇1", "7", "3/5", "−*2", "a1", "山札", "Bo", "3 → 4"))
    assert not any(symbolic(s) for s in ("Field: 4", "→ Clockwise", "あなたの手札", "Deck 12", ""))


# --- the play scene: resting, long-pressing, moving away ------------------------------------
SCENE_GAMES = {"toutomi": {"short": False, "start_player": 0}, "qumasu": {"start_player": 0}}


def play_scene(game: str, lang: str) -> tuple[Driver, PlayScene]:
    driver = Driver(lang)
    bot = list(registry.bots(game))[0]
    session = Session.start(game, [SeatSetup("Aoi"), SeatSetup("Bo", bot)], 4, SCENE_GAMES[game])
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    driver.step(3)
    return driver, scene


def hand_card(scene: PlayScene):
    return next(p for p in scene.table.pieces if p.id.startswith("hand:"))


def shows_panel(driver: Driver, scene: PlayScene) -> bool:
    """The frame shows the tip's panel, pixel for pixel, where the scene says."""
    if scene.tip_box is None:
        return False
    tip, box = scene.tip_box
    words = tips.text_of(scene.session.rules, tip, scene.app.settings.lang, scene.ctx.names)
    img = tips.panel(words)
    shown = driver.app.surface.subsurface(box)
    inner = [(x, y) for x in range(12, box.width - 12, 7) for y in range(12, box.height - 12, 5)]
    return img.get_size() == box.size and all(shown.get_at(p)[:3] == img.get_at(p)[:3] for p in inner)


def nothing_at(scene: PlayScene) -> tuple[int, int]:
    """A place on the table that no tip explains (the bare felt)."""
    return next((x, y) for y in range(120, theme.H, 20) for x in range(10, theme.W, 20)
                if tips.at(scene.table.tips, (x, y)) is None)


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", SCENE_GAMES)
def test_a_pointer_resting_on_a_card_shows_its_tip_and_moving_away_hides_it(game, lang):
    driver, scene = play_scene(game, lang)
    card = hand_card(scene)
    driver.post(pygame.MOUSEMOTION, card.rect.center)
    driver.step(10)  # 0.18 s: not yet
    assert scene.tip_box is None
    driver.step(20)  # 0.5 s at rest
    assert scene.tip_box is not None and shows_panel(driver, scene)
    tip, box = scene.tip_box
    assert tip.key.startswith(f"{game}_tips.card_") and dict(tip.params)["card"] == card.id[5:]
    name = scene.session.rules.card_info(card.id[5:])["name"][lang]
    assert name in tips.text_of(scene.session.rules, tip, lang, scene.ctx.names)
    assert not box.colliderect(card.rect) and driver.app.surface.get_rect().contains(box)  # TIPS-4
    driver.post(pygame.MOUSEMOTION, (card.rect.centerx + 3, card.rect.centery))  # on the same card: stays
    assert shows_panel(driver, scene)
    driver.post(pygame.MOUSEMOTION, nothing_at(scene))
    assert scene.tip_box is None
    driver.step(30)
    assert scene.tip_box is None  # resting on bare felt shows nothing
    driver.post(pygame.MOUSEMOTION, card.rect.center)
    driver.click(card.rect.center)  # a click: no tip until the pointer moves again
    driver.step(40)
    assert scene.tip_box is None
    driver.post(pygame.MOUSEMOTION, (card.rect.centerx, card.rect.centery + 20))
    driver.step(30)
    assert shows_panel(driver, scene)


@pytest.mark.parametrize("game", SCENE_GAMES)
def test_a_long_press_shows_the_tip_and_neither_selects_nor_plays(game):
    driver, scene = play_scene(game, "ja")
    card = hand_card(scene)
    x, y = card.rect.center
    w, h = driver.app.surface.get_size()
    actions = list(scene.session.record.actions)
    touch = {"touch_id": 1, "finger_id": 0, "x": x / w, "y": y / h, "dx": 0.0, "dy": 0.0, "pressure": 1.0}
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, **touch))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True))
    driver.step(20)  # 0.33 s held: not yet
    assert scene.tip_box is None
    driver.step(15)
    assert shows_panel(driver, scene) and dict(scene.tip_box[0].params)["card"] == card.id[5:]
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, **touch))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=True))
    driver.step(2)
    assert scene.ix.selected is None and scene.press is None and not scene.ix.dragging
    assert scene.session.record.actions == actions
    assert shows_panel(driver, scene)  # read on after lifting the finger
    driver.post(pygame.MOUSEMOTION, nothing_at(scene))
    assert scene.tip_box is None


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_replay_shows_a_tip_where_the_pointer_rests(lang):
    from games.core.record import GameRecord
    from tests.test_app_replay import open_replay, played
    s = played("qumasu", 3, moves=24)
    driver, scene = open_replay(GameRecord.from_json(s.record.to_json()), lang)
    scene.pause()
    scene.seek(20)
    driver.step(120)  # the move's travel ends
    unit = next(t for t in scene.table.tips if t.key.startswith("qumasu_tips.unit"))
    x, y, w, h = unit.rect
    driver.post(pygame.MOUSEMOTION, (x + w // 2, y + h // 2))
    driver.step(30)
    box = scene.tip_pointer.box
    assert box is not None and scene.tip_pointer.shown == unit
    img = tips.panel(tips.text_of(scene.rules, unit, lang, scene.ctx.names))
    assert all(driver.app.surface.get_at((box.x + px, box.y + py))[:3] == img.get_at((px, py))[:3]
               for px in range(12, box.width - 12, 9) for py in range(12, box.height - 12, 6))
    driver.post(pygame.MOUSEMOTION, (5, theme.H - 5))
    assert scene.tip_pointer.box is None


def test_tip_panels_are_kept_within_their_byte_budget(window, monkeypatch):
    """TIPS-4: rendered panels are kept in a cache bounded by bytes, not by count."""
    monkeypatch.setattr(tips, "_PANELS", tips.BytesLRU(400_000, tips.pixel_bytes))
    for k in range(60):
        img = tips.panel(f"Panel {k}: a tip long enough to wrap onto a second line of its panel, or even a third one")
        assert img.get_width() <= tips.WIDTH + 2 * tips.PAD and img.get_height() > 2 * tips.SIZE
    assert 0 < tips._PANELS.bytes <= 400_000
    assert tips.panel("Panel 59: a tip long enough to wrap onto a second line of its panel, or even a third one") \
        is img  # the newest is kept


def test_no_tip_behind_the_curtain_nor_while_a_card_is_dragged():
    driver = Driver("en")
    session = Session.start("toutomi", [SeatSetup("Aoi"), SeatSetup("Bo")], 4, {"short": False, "start_player": 0})
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    driver.step(3)
    driver.click(scene.curtain_button().center)  # Aoi's turn
    driver.step(3)
    card = hand_card(scene)
    driver.post(pygame.MOUSEBUTTONDOWN, card.rect.center)
    driver.post(pygame.MOUSEMOTION, (card.rect.centerx, card.rect.centery - 60))  # a drag begins
    driver.step(40)
    assert scene.ix.dragging and scene.tip_box is None
    driver.post(pygame.MOUSEBUTTONUP, card.rect.center)  # dropped back home
    driver.step(20)
    play = next(a for a in session.rules.legal_actions(session.state) if a.kind == "play")
    kept = next(p for p in scene.table.pieces if p.id.startswith("hand:") and p.id[5:] != play.args[0])
    driver.perform(play)
    driver.step(5)
    assert scene.curtain_for() == 1  # Bo's curtain; the tips of Aoi's table are still held, Aoi's cards named
    assert dict(tips.at(scene.table.tips, kept.rect.center).params)["card"] == kept.id[5:]
    driver.post(pygame.MOUSEMOTION, kept.rect.center)
    driver.step(40)
    assert scene.tip_box is None


def test_a_key_hides_the_tip_until_the_pointer_moves():
    """TIPS-3: H (a hint) or Ctrl+Z changes what the table says: the tip steps aside for it."""
    driver, scene = play_scene("toutomi", "en")
    card = hand_card(scene)
    driver.post(pygame.MOUSEMOTION, card.rect.center)
    driver.step(30)
    assert scene.tip_box is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    driver.step(30)
    assert scene.tip_box is None
    driver.post(pygame.MOUSEMOTION, (card.rect.centerx, card.rect.centery + 20))
    driver.step(30)
    assert scene.tip_box is not None
