"""Render every screen to PNG, headless, in ja and en: ``python tools/screens.py [out_dir]``.

For looking at what people will see (title, setup, table, a drag in progress, curtain,
rules overlay, pause, results, the card faces and backs of each game) without a display.
Every shot is also saved as it looks on a 1366×768 screen (``*_1366.png``: the canvas
scaled down, as the window does).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TABLE_DATA_DIR", "/tmp/table-screens")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from games import registry  # noqa: E402
from games.app.app import App  # noqa: E402
from games.app.overlays import PauseMenu, QuitConfirm, RulesList, RulesOverlay  # noqa: E402
from games.app.play import PlayScene  # noqa: E402
from games.app.results import ResultsScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.app.settings_scene import SettingsScene  # noqa: E402
from games.app.setup import SetupScene  # noqa: E402
from games.app.title import TitleScene  # noqa: E402
from games.core.rng import rng_for  # noqa: E402


def shot(app: App, path: Path) -> None:
    app.step(1 / 60)
    pygame.image.save(app.surface, str(path))
    small = pygame.transform.smoothscale(app.surface, (1366, 768))
    pygame.image.save(small, str(path.with_name(path.stem + "_1366.png")))
    print(path)


def faces_sheet(app: App, game_id: str, out: Path, lang: str) -> None:
    """Every card face met in a random game (each seat's side), with backs, at table sizes."""
    from games.ui import cards, theme
    rules = registry.rules(game_id)
    s = mid_game(game_id, rules.max_players, rules.max_players, 0)
    scene = PlayScene(app, s, instant=True)
    app.replace(scene)
    cards.DRAW_LOG.enabled = True
    seen: list[str] = []
    rng = rng_for(5, "faces")
    for _ in range(300):
        if s.over:
            break
        scene.unlocked = s.current
        scene.refresh()
        cards.DRAW_LOG.frame = []
        app.step(1 / 60)
        for cid in cards.DRAW_LOG.frame:
            if cid not in seen and not cid.startswith("witch:"):
                seen.append(cid)
        s.apply(rng.choice(rules.legal_actions(s.state)))
    cards.DRAW_LOG.enabled = False
    view = scene.table
    painter = getattr(view, "painter", None) or view.art.painter
    w, h = getattr(view, "card_size", (140, 196))
    surf = app.surface
    surf.fill(theme.FELT)
    per_row = (theme.W - 40) // (w + 14)
    for i, cid in enumerate(sorted(seen)[: per_row * 3]):
        painter.draw(surf, cid, pygame.Rect(20 + (i % per_row) * (w + 14), 20 + (i // per_row) * (h + 16), w, h))
    y = 20 + 3 * (h + 16) + 10
    for k, (cw, ch) in enumerate([(w, h), (w * 2 // 3, h * 2 // 3), (48, 68), (18, 26)]):
        painter.draw(surf, None, pygame.Rect(20 + k * (w + 20), y, cw, ch), face_up=False)
    for k, cid in enumerate(sorted(seen)[:12]):
        painter.draw(surf, cid, pygame.Rect(20 + k * 60, y + h + 24, 48, 68))
    path = out / f"{game_id}_faces_{lang}.png"
    pygame.image.save(surf, str(path))
    print(path)


def mid_game(game_id: str, players: int, humans: int, moves: int, seed: int = 77) -> Session:
    rules = registry.rules(game_id)
    best = list(registry.bots(game_id))[-1]
    names = ["Aoi", "Hinata", "Sora", "Rin", "Kaede", "Yu", "Mio"]  # Suma seats seven
    seats = [SeatSetup(names[i], None if i < humans else best) for i in range(players)]
    s = Session.start(game_id, seats, seed, {**rules.default_options(), "start_player": 0})
    rng = rng_for(seed, "screens")
    for _ in range(moves):
        if s.over:
            break
        s.apply(rng.choice(rules.legal_actions(s.state)))
    return s


def table_shots(app: App, game_id: str, out: Path, lang: str) -> None:
    s = mid_game(game_id, min(4, registry.rules(game_id).max_players), 2, 30)
    while not s.over and s.is_bot_turn():
        s.apply(registry.rules(game_id).legal_actions(s.state)[0])
    scene = PlayScene(app, s, instant=True)
    app.replace(scene)
    shot(app, out / f"{game_id}_curtain_{lang}.png")
    scene.unlocked = s.current
    scene.refresh(initial=True)
    shot(app, out / f"{game_id}_table_{lang}.png")
    piece = next((p for p in scene.table.pieces if p.draggable), None)
    if piece:
        scene.press = (piece.id, piece.rect.center, (40, 40))
        scene.ix.dragging = scene.ix.hidden = piece.id
        scene.ix.glowing = scene.glowing_for(piece.id)
        scene.ix.mouse = (960, 560)
        shot(app, out / f"{game_id}_drag_{lang}.png")
        scene.press = scene.ix.dragging = scene.ix.hidden = None
    app.push(RulesOverlay(app, game_id))
    shot(app, out / f"{game_id}_rules_{lang}.png")
    app.pop()
    app.push(PauseMenu(app, scene))
    shot(app, out / f"{game_id}_pause_{lang}.png")
    app.pop()
    done = mid_game(game_id, min(4, registry.rules(game_id).max_players), 0, 100000)
    app.replace(ResultsScene(app, done))
    shot(app, out / f"{game_id}_results_{lang}.png")


def wild_shots(app: App, out: Path, lang: str) -> None:
    """Toutomi: the Wild picker beside the Wild, then the Wild on the field with its meaning,
    and an announcement in its zone."""
    from games.core.engine import Action
    rules = registry.rules("toutomi")
    for seed in range(60):
        s = Session.start("toutomi", [SeatSetup(n) for n in ("Aoi", "Hinata", "Sora")], seed,
                          {**rules.default_options(), "start_player": 0})
        scene = PlayScene(app, s, instant=True)
        app.replace(scene)
        rng = rng_for(seed, "wild")
        for _ in range(80):
            if s.over:
                break
            legal = rules.legal_actions(s.state)
            wild = next((a for a in legal if a.kind == "play" and rules.card_info(a.args[0])["kind"] == "wild"), None)
            if wild:
                scene.unlocked = s.current
                scene.refresh()
                scene.submit(wild)
                scene.unlocked = s.current
                shot(app, out / f"toutomi_wild_pick_{lang}.png")
                scene.submit(Action.of("wild", "skip"))
                scene.unlocked = s.current
                shot(app, out / f"toutomi_wild_field_{lang}.png")
                return
            s.apply(rng.choice(legal))


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screens")
    out.mkdir(parents=True, exist_ok=True)
    only = sys.argv[2:] or registry.playable_ids()
    for lang in ("ja", "en"):
        app = App(fullscreen=False)
        app.settings.lang = lang
        app.push(TitleScene(app))
        shot(app, out / f"title_{lang}.png")
        app.push(SettingsScene(app))
        shot(app, out / f"settings_{lang}.png")
        app.pop()
        app.push(RulesList(app))
        shot(app, out / f"title_f1_{lang}.png")
        app.pop()
        app.push(QuitConfirm(app))
        shot(app, out / f"title_esc_{lang}.png")
        app.pop()
        for g in only:
            app.replace(SetupScene(app, g, seed=123456))
            shot(app, out / f"{g}_setup_{lang}.png")
            table_shots(app, g, out, lang)
            faces_sheet(app, g, out, lang)
            if g == "toutomi":
                wild_shots(app, out, lang)
        pygame.quit()


if __name__ == "__main__":
    main()
