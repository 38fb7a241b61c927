"""The guided first games (issue 30 item 1): every tutorial played to its end through the
real scenes with posted mouse events, in ja and en; wrong moves refused kindly with the
hint; the end starts a real game with the same seats; a broken tutorial file is refused
with a reason (at start-up, on the title, on the command line), never a crash.
"""
from __future__ import annotations

import pytest

from games import registry
from games.app import tutorial_draw
from games.app.play import PlayScene
from games.app.tutorial_scene import TutorialScene
from games.core import tutorial
from games.core.data import DataError
from tests.ui_driver import Driver, button

GAMES = [g for g in ("toutomi", "fuji99", "brujas", "qumasu", "suma") if tutorial.exists(g)]


@pytest.fixture(autouse=True)
def _private(data_dir):
    return data_dir


def _open(lang: str, game: str) -> tuple[Driver, TutorialScene]:
    d = Driver(lang)
    scene = TutorialScene(d.app, game, instant=True)
    d.app.replace(scene)
    d.step(2)
    return d, scene


def _do(d: Driver, scene: TutorialScene, action) -> None:
    """The gesture the highlight points at, by mouse (a drag, or a click on a zone)."""
    found = tutorial_draw.gestures(scene, action)
    assert found is not None, f"no gesture for {action}"
    piece, rect = found
    target = rect.center
    if piece is None:
        d.click(target)
    else:
        d.drag(scene.table.piece(piece).rect.center, target)


def play_to_end(d: Driver, scene: TutorialScene, max_frames: int = 4000) -> dict:
    """Next on every note and why, the highlighted gesture on every move; the bots move by
    themselves.  Returns what was seen: steps, moves made by mouse, highlights shown."""
    runner, seen = scene.runner, {"moves": 0, "highlighted": set(), "texts": set()}
    for _ in range(max_frames):
        d.step()
        if runner.done:
            return seen
        if scene.bot_turn is not None or scene.motion.moment_now() is not None:
            continue
        seen["texts"].add(runner.text(scene.ctx.lang))
        if runner.waiting:
            d.click(scene.next_button.rect.center)
            continue
        if runner.person_turn():
            before = len(scene.session.record.actions)
            index = runner.index
            if scene.marks():
                seen["highlighted"].add(index)
            want = runner.step.actions[0] if runner.step.actions else scene.session.rules.legal_actions(
                scene.session.state)[0]
            _do(d, scene, want)
            if runner.index == index and not runner.showing_why and len(scene.session.record.actions) == before:
                continue  # a move of several gestures (set the count, then draw)
            assert scene.session.record.actions[before] == str(want)
            seen["moves"] += 1
    pytest.fail(f"the tutorial stopped at step {runner.index + 1}")


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_every_tutorial_plays_to_its_end_by_mouse(game, lang):
    d, scene = _open(lang, game)
    seen = play_to_end(d, scene)
    t = scene.runner.tutorial
    moves = [s for s in t.steps if s.kind == "move"]
    assert 8 <= len(t.steps) <= 15, len(t.steps)
    assert seen["moves"] == len(moves) and len(seen["highlighted"]) == len(moves)
    assert any(s.kind == "bot" for s in t.steps)
    assert all(s.text("why", lang) in seen["texts"] for s in t.steps if s.why)
    assert scene.session.record.actions == scene.runner.moves
    button(type("P", (), {"buttons": scene.panel_buttons()}), "play_real").click()
    real = d.scene
    assert isinstance(real, PlayScene) and not isinstance(real, TutorialScene)
    assert [s["name"] for s in real.session.record.seats] == [s["name"] for s in scene.session.record.seats]
    best = list(registry.bots(game))[-1]
    assert [s["bot"] for s in real.session.record.seats] == [
        None if k == "person" else best for k in t.seats]


def test_a_wrong_move_is_refused_kindly_with_the_hint_again():
    d, scene = _open("en", "toutomi")
    runner = scene.runner
    d.click(scene.next_button.rect.center)  # past the welcome
    assert runner.person_turn() and str(runner.step.actions[0]) == "play n3-1"
    d.drag(scene.table.piece("hand:skip-1").rect.center, scene.table.zone("field").rect.center)
    assert scene.session.record.actions == [], "the Skip is legal but not this step's move"
    assert scene.reason is not None and runner.step.text("say", "en") in scene.reason[0]
    assert runner.index == 1 and not runner.showing_why
    d.step(20)  # the refused card flies home first
    d.drag(scene.table.piece("hand:n3-1").rect.center, scene.table.zone("field").rect.center)
    assert scene.session.record.actions == ["play n3-1"] and runner.showing_why


def test_the_table_waits_for_next_while_a_why_is_shown():
    d, scene = _open("ja", "toutomi")
    d.click(scene.next_button.rect.center)
    d.drag(scene.table.piece("hand:n3-1").rect.center, scene.table.zone("field").rect.center)
    assert scene.runner.showing_why
    d.step(30)
    assert scene.session.record.actions == ["play n3-1"], "the bot waits until the why is read"
    assert scene.bot_turn is None
    d.click(scene.next_button.rect.center)
    for _ in range(60):
        d.step()
    assert scene.session.record.actions[1:] == ["play n3-2"]


def _learn_on_the_title(d: Driver, game: str) -> None:
    """The title shown, then a click on the game's tile's Learn button."""
    d.app.goto("title")
    d.step(2)
    title = d.scene
    g, r = next((g, r) for g, r in title.tiles if g.id == game)
    d.click(title.learn_rect(g, r).center)


def test_the_title_tile_learn_button_and_the_command_line_open_a_tutorial(tmp_path):
    from games.app import cli
    d = Driver("ja")
    _learn_on_the_title(d, "toutomi")
    assert isinstance(d.scene, TutorialScene) and d.scene.game_id == "toutomi"
    args = cli.parse(["--tutorial", "toutomi"])
    assert args.tutorial == "toutomi"
    with pytest.raises(SystemExit) as exit_:
        cli.parse(["--tutorial", "chess"])
    assert exit_.value.code == 2


BROKEN = [
    ("do: play n3-1", "do: play n7-1", "step 2: field 'do': 'play n7-1' is not legal here"),
    ("  - bot: play n3-2\n", "  - bot: play n1-1x\n", "step 3: field 'bot': 'play n1-1x' is not legal here"),
    ("      en: \"Choose Attack.\"\n", "", "step 9: field 'say.en': missing text"),
    ("seats: [person, bot, bot]", "seats: [person, bot]", "2 seats, but the position has 3 players"),
    ("    mark: [sit2-1]", "    mark: [sit1-1]", "step 13: field 'mark': 'sit1-1' is not on the table"),
    ("- [n3-1, skip-1, wild-1]", "- [n3-1, skip-1, wild-1, n7-2]", "card n7-2 is in two zones"),
]


@pytest.mark.parametrize("old,new,reason", BROKEN)
def test_a_broken_tutorial_file_is_refused_with_a_reason(tmp_path, old, new, reason):
    text = tutorial.path_of("toutomi").read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "toutomi.yaml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        tutorial.load("toutomi", bad)
    assert reason in str(err.value), str(err.value)


def test_a_broken_tutorial_is_one_sentence_on_the_title_never_a_crash(tmp_path, monkeypatch):
    bad = tmp_path / "toutomi.yaml"
    bad.write_text("game: toutomi\nseats: [person]\nsteps: []\nposition: x\n", encoding="utf-8")
    monkeypatch.setattr(tutorial, "path_of", lambda game: bad)
    try:
        why = tutorial.check_file("toutomi")
        assert why is not None and "steps" in why
        d = Driver("en")
        _learn_on_the_title(d, "toutomi")
        assert d.scene.__class__.__name__ == "MessageBox"
        d.step(2)
    finally:
        tutorial._problems.pop("toutomi", None)
