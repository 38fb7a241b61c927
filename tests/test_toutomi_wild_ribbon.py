"""R-3.5: a Wild on the field says what it was played as ("= Attack"), told by the rules.

The rules keep what each Wild from hand became while it lies on the field (rules TOUTOMI-RULES-10)
and the view gives it (``wild_as``); the table's ribbon is drawn from that alone, so it
shows in every way a table comes to a state (issue 27, item 6): a bot's Wild (its table
painted ahead), a pass-and-play curtain lifted, an undo, Continue from the autosave, and a
replay at any move.  The view used to guess it from the events of the move it had just
seen, so each of those paths lost it.
"""
from __future__ import annotations

import time

import pygame
import pytest

from games import registry
from games.app import play, storage
from games.app.play import PlayScene
from games.app.replay import ReplayScene
from games.app.session import SeatSetup, Session
from games.app.title import TitleScene
from games.core.engine import Action
from games.core.i18n import tr
from games.core.record import GameRecord
from games.core.rng import rng_for
from games.ui import drawn, theme
from games.ui.table import Interaction
from tests.ui_driver import Driver

RULES = registry.rules("toutomi")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(drawn, "ENABLED", True)
    return tmp_path


def ribbons(table) -> list[str]:
    """The ribbons the table draws now (a copy of it draws, so the live one is untouched)."""
    twin = table.fork(table.ctx, table.controller)
    twin.draw(pygame.Surface((theme.W, theme.H)), Interaction())
    return sorted(t for kind, t, _ in twin.drew if kind == "text" and t.startswith("= "))


def expected(state, table) -> list[str]:
    """What the rules say the Wilds shown on the field became."""
    picking = any(z.id.startswith("wild:") for z in table.zones)
    field = table.view["field"]
    shown = field[-3:] if picking else field[-5:]
    became = dict(state.wild_as)
    return sorted("= " + tr(f"toutomi_ui.effect_{became[c]}", table.ctx.lang) for c in shown if c in became)


def check(state, table) -> bool:
    """The ribbons drawn are the rules' (True when there is at least one)."""
    assert table.view["field"] == list(state.field), "the table shows another state"
    want = expected(state, table)
    assert ribbons(table) == want
    return bool(want)


def lift(d: Driver, scene: PlayScene) -> bool:
    if scene.curtain_for() is None:
        return False
    d.click(scene.curtain_button().center)
    return True


def start(seats, seed: int, lang: str = "en", instant: bool = True) -> tuple[Driver, Session, PlayScene]:
    d = Driver(lang)
    d.app.settings.bot_speed = "fast"
    s = Session.start("toutomi", seats, seed, {"short": False, "start_player": 0})
    scene = PlayScene(d.app, s, instant=instant)
    d.app.replace(scene)
    d.step()
    return d, s, scene


def actor_of(record_actions: list, state0, card: str) -> int:
    """The seat that played ``card`` last (from the record)."""
    state, seat = state0, None
    for txt in record_actions:
        a = Action.parse(txt)
        if a.kind == "play" and a.args[0] == card:
            seat = RULES.current_player(state)
        state = RULES.apply(state, a)
    return seat


# --- the rules' view -------------------------------------------------------------------------
def _to_a_wild_choice(seed: int):
    """Random play until a Wild from hand waits for its effect; the state, or None."""
    rng = rng_for(seed, "wild-ribbon")
    state = RULES.new_game(3, seed, {"short": False, "start_player": 0})
    for _ in range(400):
        if RULES.current_player(state) is None:
            return None
        if state.pending and state.pending.kind == "wild" and state.pending.card in state.field:
            return state
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    return None


def test_r3_5_the_view_says_what_each_wild_on_the_field_became_until_the_field_is_cleared():
    found = 0
    for seed in range(60):
        state = _to_a_wild_choice(seed)
        if state is None:
            continue
        card = state.pending.card
        for seat in (None, 0, 1, 2):
            assert card not in RULES.view(state, seat)["wild_as"]  # not chosen yet
        for effect in ("reverse", "skip", "summon", "attack"):
            after = RULES.apply(state, Action.of("wild", effect))
            for seat in (None, 0, 1, 2):  # public: every seat and a spectator see it
                assert RULES.view(after, seat)["wild_as"] == {c: e for c, e in after.wild_as if c in after.field}
                assert RULES.view(after, seat)["wild_as"][card] == effect
        rng = rng_for(seed, "on")
        s, rnd = RULES.apply(state, Action.of("wild", "attack")), state.round
        while RULES.current_player(s) is not None and s.round == rnd:
            s = RULES.apply(s, rng.choice(RULES.legal_actions(s)))
            assert set(RULES.view(s, None)["wild_as"]) <= set(s.field)
        if s.round != rnd:  # a new round starts with an empty field, nothing remembered
            assert s.wild_as == () and RULES.view(s, None)["wild_as"] == {}
        found += 1
        if found >= 5:
            break
    assert found >= 5


# --- every way a table comes to a state --------------------------------------------------------
def test_r3_5_a_bots_wild_wears_its_ribbon_on_the_persons_table(monkeypatch):
    monkeypatch.setitem(play.BOT_DELAY, "fast", 0.02)  # bots' moves are due on the wall clock
    best = list(registry.bots("toutomi"))[-1]
    seen_bot = 0
    for seed in range(8):
        d, s, scene = start([SeatSetup("P0"), SeatSetup("P1", "random"), SeatSetup("P2", best)], seed,
                            instant=False)  # bots' moves painted ahead and adopted, as in a game
        rng = rng_for(seed, "bot-wild")
        for _ in range(6000):
            if scene.bot_turn is not None and not scene.bot_turn.ready():
                time.sleep(0.002)  # the bot thinks in its thread, its move waits for its time
            d.step()
            if s.over or len(s.record.actions) > 150:
                break
            if scene.bot_turn is None and not s.is_bot_turn() and not scene.motion.busy():
                if check(s.state, scene.table):
                    bots = {actor_of(s.record.actions, s.record.replay(RULES, upto=0), c) for c, _ in s.state.wild_as}
                    seen_bot += any(b in (1, 2) for b in bots)
                scene.submit(rng.choice(RULES.legal_actions(s.state)))
        if seen_bot >= 2:
            break
    assert seen_bot >= 2, "no bot's Wild was seen on the person's table"


def test_r3_5_the_ribbon_shows_after_a_pass_and_play_curtain():
    after_curtain = 0
    for seed in range(10):
        d, s, scene = start([SeatSetup(n) for n in ("Aoi", "Bo", "Cy")], seed, "ja")
        rng = rng_for(seed, "curtain")
        for _ in range(300):
            if s.over:
                break
            lifted = lift(d, scene)
            d.step()
            if check(s.state, scene.table) and lifted:
                after_curtain += 1
            scene.submit(rng.choice(RULES.legal_actions(s.state)))
            d.step()
        if after_curtain >= 3:
            break
    assert after_curtain >= 3


def test_r3_5_the_ribbon_follows_an_undo():
    undone = choices = 0
    for seed in range(20):
        d, s, scene = start([SeatSetup("P0"), SeatSetup("P1")], seed)
        rng = rng_for(seed, "undo")
        for _ in range(300):
            if s.over:
                break
            lift(d, scene)
            d.step()
            pending = s.state.pending
            if pending and pending.kind == "wild" and pending.card in s.state.field:
                d.perform(Action.of("wild", "attack"))  # the target is chosen next: no draw yet
                d.step()
                assert check(s.state, scene.table)
                assert scene.may_undo()  # the choice taken back: no ribbon, then another choice
                d.click(next(b for b in scene.buttons if b.key == "undo").rect.center)
                d.step()
                assert s.state.pending == pending
                check(s.state, scene.table)
                d.perform(Action.of("wild", "skip"))
                d.step()
                assert check(s.state, scene.table) and "= Skip" in ribbons(scene.table)
                choices += 1
                continue
            if s.state.wild_as and scene.may_undo():  # a later move taken back: the ribbon stays
                d.click(next(b for b in scene.buttons if b.key == "undo").rect.center)
                d.step()
                undone += check(s.state, scene.table)
            scene.submit(rng.choice(RULES.legal_actions(s.state)))
            d.step()
        if undone >= 3 and choices >= 2:
            break
    assert undone >= 3 and choices >= 2


def test_r3_5_the_ribbon_shows_after_continue_from_the_autosave():
    for seed in range(20):
        d, s, scene = start([SeatSetup("P0"), SeatSetup("P1"), SeatSetup("P2")], seed)
        rng = rng_for(seed, "continue")
        for _ in range(300):
            if s.over or (s.state.wild_as and not s.state.pending):
                break
            lift(d, scene)
            scene.submit(rng.choice(RULES.legal_actions(s.state)))
            d.step()
        if s.over or not s.state.wild_as:
            continue
        (save,) = storage.unfinished_games()[0]
        again = Session.from_record(save.record)  # as the Continue list opens it
        assert again.state == s.state
        scene2 = PlayScene(d.app, again, instant=True)
        d.app.replace(scene2)
        d.step()
        lift(d, scene2)
        d.step()
        assert check(again.state, scene2.table)
        return
    pytest.fail("no game reached a Wild on the field")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_r3_5_the_ribbon_shows_in_a_replay_at_every_move(lang):
    seen = 0
    for seed in range(6):
        s = Session.start("toutomi", [SeatSetup(f"P{i}") for i in range(3)], seed, {"start_player": 0})
        rng = rng_for(seed, "replay")
        while not s.over and len(s.record.actions) < 120:
            s.apply(rng.choice(RULES.legal_actions(s.state)))
        record = GameRecord.from_json(s.record.to_json())
        d = Driver(lang)
        d.app.push(TitleScene(d.app))
        scene = ReplayScene(d.app, record)
        d.app.push(scene)
        scene.pause()
        for k in range(scene.n + 1):  # every move, jumped to
            scene.seek(k)
            seen += check(scene.state, scene.table)
        scene.seek(0)
        for _ in range(scene.n):  # and stepped forward
            scene.step_forward()
            d.step()
            seen += check(scene.state, scene.table)
        if seen >= 10:
            break
    assert seen >= 10
