"""Issue 30.5, spectators hear why: the bots' reasons under their moves in the game log, live
and in replays, behind the setting "Explain bots' moves in the log" (games/app/gamelog.py
APP-GAMELOG-35..37), and never a card a bot keeps hidden from the log's readers."""
from __future__ import annotations

import json

import pytest

from games import registry
from games.app import gamelog
from games.app.play import PlayScene
from games.app.replay import ReplayScene
from games.app.session import SeatSetup, Session
from games.app.settings_scene import SettingsScene
from games.app.title import TitleScene
from games.core.i18n import tr
from tests.ui_driver import Driver

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


WHY = tr("app_why.log_line", "en", reason="").strip()


def seats(kinds: str) -> list[SeatSetup]:
    """'pbb': a person and two strong bots."""
    return [SeatSetup(f"S{i}", None if k == "p" else "strong") for i, k in enumerate(kinds)]


def live(game: str, kinds: str, setting: str, actions: int = 14) -> tuple[PlayScene, list[list[str]], list[int]]:
    """A table played through the play scene (people take their first legal move); returns
    the scene, each action's log lines and who made it."""
    d = Driver("en")
    d.app.settings.explain_bots = setting
    s = Session.start(game, seats(kinds), 5, {"start_player": 0})
    scene = PlayScene(d.app, s, instant=True)
    d.app.replace(scene)
    movers = []
    for _ in range(3000):
        if len(s.record.actions) >= actions or s.over:
            break
        cur, n = s.current, len(s.record.actions)
        if s.bots[cur] is None:
            assert scene.submit(s.rules.legal_actions(s.state)[0])
        else:
            d.step()
        if len(s.record.actions) > n:
            movers.append(cur)
    log, marks = scene.ctx.log, scene.log_marks[-len(movers):]
    start = len(log) - sum(marks)
    chunks = []
    for n in marks:
        chunks.append(log[start:start + n])
        start += n
    return scene, chunks, movers


def reason_lines(chunk: list[str]) -> list[str]:
    return [ln for ln in chunk if ln.strip().startswith(WHY)]


@pytest.mark.parametrize("game", ["toutomi", "qumasu"])
def test_r_log_a_reason_line_under_each_bot_move_when_the_setting_says_so(game):
    scene, chunks, movers = live(game, "pbb" if registry.rules(game).max_players > 2 else "pb", "solo")
    assert len(chunks) == len(movers) >= 8
    bots = scene.session.bots
    for chunk, seat in zip(chunks, movers, strict=True):
        if bots[seat] is None:
            assert not reason_lines(chunk), "a person's move has no reason line"
        else:
            assert reason_lines(chunk) == chunk[-1:], "a bot's move ends with its reason"
    assert any(bots[s] is not None for s in movers) and any(bots[s] is None for s in movers)


@pytest.mark.parametrize("kinds, setting, shown", [("pbb", "off", False), ("bbb", "solo", False),
                                                    ("bbb", "on", True), ("ppb", "solo", False),
                                                    ("ppb", "on", True)])
def test_the_setting_decides_whose_log_explains(kinds, setting, shown):
    _, chunks, movers = live("toutomi", kinds, setting)
    assert any(reason_lines(c) for c in chunks) == shown


def test_the_demo_always_explains():
    assert gamelog.explains("off", ["strong"] * 3, demo=True)
    assert not gamelog.explains("off", [None, "strong"])
    assert gamelog.explains("solo", [None, "strong"]) and not gamelog.explains("solo", [None])


def hide_a_kept_card(monkeypatch, rules, seen: list) -> None:
    """The game's reasons say which card the mover keeps (what a careless module might do)."""
    def explain(self, view, action):
        kept = [c for c in view.get("hand") or [] if c not in action.args]
        seen.append((view.get("viewer"), kept[:1], list(action.args)))
        return ("app_why.log_line", {"reason": kept[0]}) if kept else ("app_why.log_line", {"reason": "-"})
    monkeypatch.setattr(type(rules), "explain", explain)


def test_secrecy_a_bot_in_pass_and_play_never_names_a_card_it_keeps(monkeypatch):
    rules = registry.rules("toutomi")
    seen: list = []
    hide_a_kept_card(monkeypatch, rules, seen)
    scene, chunks, movers = live("toutomi", "ppb", "on", actions=24)
    bot_moves = [c for c, s in zip(chunks, movers, strict=True) if scene.session.bots[s] is not None]
    assert len(bot_moves) >= 4 and seen
    kept = {k[0] for _, k, _ in seen if k}
    assert kept, "the bot kept cards in hand"
    log = "\n".join(scene.ctx.log)
    assert not any(card in log for card in kept), "no kept card is named to the table"
    assert not any(reason_lines(c) for c in bot_moves if c[-1].strip().endswith(tuple(kept)))
    # what every reader sees is still told: the reason "-" names nothing
    monkeypatch.setattr(type(rules), "explain", lambda self, view, action: ("app_why.log_line", {"reason": "-"}))
    _, chunks, movers = live("toutomi", "ppb", "on")
    assert any(reason_lines(c) for c in chunks)


def test_secrecy_without_the_check_the_kept_card_would_be_named(monkeypatch):
    """The check is what hides it: the same reason, told as the mover reads it, names the card."""
    rules = registry.rules("toutomi")
    s = Session.start("toutomi", seats("ppb"), 5, {"start_player": 0})
    state = s.state
    while rules.current_player(state) != 2:
        state = rules.apply(state, rules.legal_actions(state)[0])
    view = rules.view(state, 2)
    action = rules.legal_actions(state)[0]
    kept = [c for c in view["hand"] if c not in action.args][0]
    after = rules.apply(state, action)
    reason = ("app_why.log_line", {"reason": kept})
    assert gamelog.told(rules, reason, 2, state, action, after, 2) is not None  # its own log: fine
    assert gamelog.told(rules, reason, 2, state, action, after, None) is None  # the table's: left out
    assert gamelog.told(rules, ("app_why.log_line", {"reason": str(action.args[0])}), 2, state, action, after,
                        None) is not None  # the card it played: the move itself shows it (even through a burst)


def record_of(kinds: str, moves: int = 30) -> tuple:
    game = "toutomi"
    rules = registry.rules(game)
    s = Session.start(game, seats(kinds), 9, {"start_player": 0})
    movers = []
    while not s.over and len(s.record.actions) < moves:
        movers.append(s.current)
        s.apply(rules.legal_actions(s.state)[-1])
    return s.record, movers


def open_replay(record, setting: str) -> ReplayScene:
    d = Driver("en")
    d.app.settings.explain_bots = setting
    d.app.push(TitleScene(d.app))
    scene = ReplayScene(d.app, record)
    d.app.push(scene)
    d.step()
    return scene


def test_replay_explains_every_bot_seats_move_from_that_seats_view(monkeypatch):
    rules = registry.rules("toutomi")
    record, movers = record_of("pbb")
    asked = []
    real = type(rules).explain

    def explain(self, view, action):
        asked.append(view.get("viewer"))
        return real(self, view, action)
    monkeypatch.setattr(type(rules), "explain", explain)
    scene = open_replay(record, "solo")
    bots = [seat["bot"] for seat in record.seats]
    assert len(scene.log_chunks) == len(movers)
    for chunk, seat in zip(scene.log_chunks, movers, strict=True):
        assert bool(reason_lines(chunk)) == (bots[seat] is not None), (seat, chunk)
    forced = 0
    state = record.replay(rules, upto=0)
    for txt, seat in zip(record.actions, movers, strict=True):
        if bots[seat] is not None and len(rules.legal_actions(state)) == 1:
            forced += 1
        state = rules.apply(state, rules.legal_actions(state)[[str(a) for a in rules.legal_actions(state)].index(txt)])
    assert asked and set(asked) <= {1, 2}  # only bot seats, each from its own view
    assert len(asked) >= sum(1 for s in movers if bots[s] is not None) - forced
    scene.seek(len(movers))
    assert any(ln.strip().startswith(WHY) for ln in scene.ctx.log)
    off = open_replay(record, "off")
    assert not any(reason_lines(c) for c in off.log_chunks)


def test_replay_of_pass_and_play_never_names_a_card_a_bot_kept(monkeypatch):
    rules = registry.rules("toutomi")
    record, _ = record_of("ppb", moves=40)
    seen: list = []
    hide_a_kept_card(monkeypatch, rules, seen)
    scene = open_replay(record, "on")
    kept = {k[0] for _, k, _ in seen if k}
    assert kept
    assert not any(card in ln for chunk in scene.log_chunks for ln in chunk for card in kept)


def test_settings_row_explains_bots_moves_solo_always_off_saved(data_dir):
    d = Driver("ja")
    d.app.replace(TitleScene(d.app))
    scene = SettingsScene(d.app)
    d.app.push(scene)
    d.step()
    row = next(b for b in scene.buttons if b.key == "explain_bots")
    assert row.label == tr("app_why.setting", "ja", which=tr("app_why.setting_solo", "ja"))
    assert "ボットの手の理由をログに表示" in row.label
    d.click(row.rect.center)
    assert d.app.settings.explain_bots == "on"
    assert json.loads((data_dir / "settings.json").read_text())["explain_bots"] == "on"
    d.click(next(b for b in scene.buttons if b.key == "explain_bots").rect.center)
    assert d.app.settings.explain_bots == "off"
    (data_dir / "settings.json").write_text('{"explain_bots": "loud", "lang": "en"}')
    from games.app.storage import Settings
    s, msg = Settings.load()
    assert s.explain_bots == "solo" and s.lang == "en" and msg is None
