"""The Hint button and the H key (issue 30 item 2, games/app/hint.py) through the real play
scene with posted events, in every game:

* H or a click on Hint shows the strongest bot's move for the acting person: a legal move,
  the very one the ``strong`` bot's ``decide`` gives from that person's view with the
  hint's generator; the outline on the table is a gesture that makes that move (followed
  by mouse, it plays it), and the hint goes once the person moved;
* other seats' secret cards, reshuffled in a position (games/<id>/position.py), never
  change the hint;
* its line of why is drawn, in Japanese and English;
* a press while the hint is being worked out asks the bot once;
* no hint on a bot's turn or behind the pass-and-play curtain;
* in the store demo, visitors' games have no Hint unless staff switch it on (saved).
"""
from __future__ import annotations

import importlib
import json
import threading

import pygame
import pytest

from games import registry
from games.app import hint
from games.app.play import PlayScene
from games.app.session import Session
from games.core import position as core_position
from games.core.record import GameRecord
from games.core.rng import rng_for
from games.ui import text
from tests.ui_driver import Driver, button

GAMES = ["toutomi", "fuji99", "brujas", "qumasu", "suma"]
PLAYERS = {"toutomi": 2, "fuji99": 2, "brujas": 3, "qumasu": 2, "suma": 2}


pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


# Games whose other seats' hands are hidden (Fuji 99's hands lie open).
HANDS_SECRET = {"toutomi", "brujas", "qumasu", "suma"}


def test_the_five_games_are_covered():
    assert sorted(GAMES) == sorted(registry.playable_ids())


# --- helpers ---------------------------------------------------------------------------------
def advanced(game: str, seed: int, moves: int, want=None):
    """A state ``moves`` random moves into a game (then on until ``want(state)``), with
    two moves or more to choose from."""
    rules = registry.rules(game)
    for tries in range(40):  # a game that ends first: the next seed
        s = rules.new_game(PLAYERS[game], seed + 1000 * tries, rules.default_options())
        rng = rng_for(seed, "hint-test")
        while rules.current_player(s) is not None:
            if moves <= 0 and len(rules.legal_actions(s)) > 1 and (want is None or want(s)):
                return s
            s = rules.apply(s, rng.choice(rules.legal_actions(s)))
            moves -= 1
    raise AssertionError("no such position")


def scene_at(d: Driver, game: str, state, people=None, instant: bool = True) -> PlayScene:
    """The play scene of a game in ``state``: the acting seat a person (or ``people``), the
    others strongest bots."""
    rules = registry.rules(game)
    people = {rules.current_player(state)} if people is None else set(people)
    seats = [{"name": f"P{i + 1}", "bot": None if i in people else "strong"} for i in range(PLAYERS[game])]
    record = GameRecord(game, len(seats), state.seed, dict(state.options), seats, [])
    bots = [None if seat["bot"] is None else registry.bots(game)["strong"](rules, i) for i, seat in enumerate(seats)]
    scene = PlayScene(d.app, Session(rules, record, state, bots), instant=instant)
    d.app.replace(scene)
    d.step()
    return scene


def until_person(d: Driver, scene: PlayScene) -> None:
    """Frames (in real time: bots wait their delay) until a person is to act."""
    import time
    end = time.monotonic() + 20
    while scene.session.is_bot_turn() or scene.bot_turn is not None:
        assert time.monotonic() < end, "the bots did not hand over"
        time.sleep(0.01)
        d.step()


def press_h(d: Driver) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    d.step()


def settled(d: Driver, scene: PlayScene):
    """The hint once the bot worker has worked it out (a frame after)."""
    assert scene.hint is not None, "no hint was asked"
    assert scene.hint.done.wait(30)
    d.step()
    return hint.shown(scene)


def expected(scene: PlayScene):
    """The strongest bot's (action, reason) from the acting person's own view."""
    s = scene.session
    seat = s.current
    bot = registry.bots(scene.game_id)["strong"](s.rules, seat)
    rng = rng_for(s.record.seed, "hint", len(s.record.actions))
    return bot.decide(s.rules.view(s.state, seat), s.rules.legal_actions(s.state), rng)


def follow(d: Driver, scene: PlayScene, h) -> int:
    """Make the outlined gesture by mouse until the move is played (Fuji 99's cubes take
    several): a piece dragged onto its outlined target, or the target clicked.  Returns
    the index of the move in the record (a bot's reply may follow it at once)."""
    before = len(scene.session.record.actions)
    for _ in range(20):
        if len(scene.session.record.actions) > before:
            return before
        marks = hint.marks(scene, h)
        assert len(marks) == 1, f"no outline for {h.action}"
        piece, target = marks[0]
        if piece is None:
            d.click(target.center)
        else:
            d.drag(piece.center, target.center)
    raise AssertionError(f"following the outline did not play {h.action}")


# --- the hint is the strongest bot's legal move, outlined, and it goes after the move --------
@pytest.mark.parametrize("game", GAMES)
def test_h_and_the_button_show_the_strongest_bots_legal_move_outlined_until_it_is_played(game):
    d = Driver("en")
    scene = scene_at(d, game, advanced(game, 5, 6))
    assert button(scene, "hint").enabled and hint.shown(scene) is None
    press_h(d)
    h = settled(d, scene)
    assert h is not None and h.seat == scene.session.current
    assert h.action in scene.session.rules.legal_actions(scene.session.state)
    assert (h.action, h.reason) == expected(scene)
    assert button(scene, "hint").primary  # lit while it shows
    d.click(button(scene, "hint").rect.center)  # the button hides it ...
    assert hint.shown(scene) is None and hint.line(scene) is None
    d.click(button(scene, "hint").rect.center)  # ... and shows the same one again
    assert hint.shown(scene) is h
    played = follow(d, scene, h)
    assert scene.session.record.actions[played] == str(h.action)
    assert scene.hint is None or hint.shown(scene) is None  # gone with the position it was for
    assert all("hint" not in a for a in scene.session.record.actions)  # no trace in the record


@pytest.mark.parametrize("game", GAMES)
def test_a_click_on_hint_asks_for_the_same_move_as_h_does(game):
    d = Driver("ja")
    state = advanced(game, 8, 4)
    scene = scene_at(d, game, state)
    d.click(button(scene, "hint").rect.center)
    h = settled(d, scene)
    assert h is not None and (h.action, h.reason) == expected(scene)
    again = scene_at(d, game, state)
    press_h(d)
    assert settled(d, again).action == h.action  # the same position gives the same hint


# --- other seats' secrets never change the hint ------------------------------------------------
def _any(card) -> str:
    return ""


def _secret_groups(game: str, mover: int, players: int) -> list[tuple[list[tuple], object]]:
    """Zones whose cards unseen by ``mover`` may trade places (another seat's hand with the
    deck, and so on), and the public side two cards must share to trade (Suma: the job
    side every card back shows)."""
    others = [p for p in range(players) if p != mover]
    if game == "toutomi":
        return [([("hands", o) for o in others] + [("deck",)], _any),
                ([("situations", o) for o in others] + [("situation_deck",)], _any)]
    if game == "fuji99":
        return [([("hands", o) for o in others] + [("deck",)], _any)]
    if game == "brujas":
        return [([("hands", o) for o in others] + [("box",)], _any)]
    if game == "qumasu":
        o = others[0]
        return [([("hands", o), ("deck", o), ("castles", o)], _any), ([("deck", mover), ("castles", mover)], _any)]
    if game == "suma":
        from games.suma.data import job_key
        data = registry.rules("suma").data
        return [([("hands", o) for o in others] + [("decks", c) for c in ("red", "blue", "green")],
                 lambda card: job_key(data, card))]
    raise AssertionError(game)


def tradeable_hand(game: str, state) -> bool:
    """Another seat holds an unseen card that could trade places with another unseen card."""
    rules = registry.rules(game)
    mover = rules.current_player(state)
    secret = rules.secret_ids(state, mover)
    unseen = [c for c in secret if c not in state.hands[mover]]
    for _, side in _secret_groups(game, mover, PLAYERS[game]):
        for p in range(PLAYERS[game]):
            held = [c for c in state.hands[p] if c in secret] if p != mover else []
            if any(sum(side(u) == side(c) for u in unseen) > 1 for c in held):
                return True
    return False


def reshuffled(game: str, state, seed: int):
    """``state`` with the acting seat's unseen cards traded among their zones (through the
    game's position text), and whether another seat's hand changed."""
    rules = registry.rules(game)
    pos = importlib.import_module(f"games.{game}.position")
    mover = rules.current_player(state)
    secret = rules.secret_ids(state, mover)
    fields = core_position.parse(pos.dump(state), game)
    rng = rng_for(seed, "reshuffle")
    for paths, side in _secret_groups(game, mover, PLAYERS[game]):
        zones = [fields[p[0]][p[1]] if len(p) > 1 else fields[p[0]] for p in paths]
        slots: dict = {}
        for z in zones:
            for i, c in enumerate(z):
                if c in secret:
                    slots.setdefault(side(c), []).append((z, i))
        for same in slots.values():
            cards = [z[i] for z, i in same]
            rng.shuffle(cards)
            for (z, i), c in zip(same, cards, strict=True):
                z[i] = c
    if game == "brujas":  # a hand is listed in the deck's order
        fields["hands"] = [sorted(h, key=rules.order.__getitem__) for h in fields["hands"]]
    after = pos.load(core_position.write(fields))
    hands = [p for p in range(PLAYERS[game]) if p != mover]
    return after, any(sorted(after.hands[p]) != sorted(state.hands[p]) for p in hands)


@pytest.mark.parametrize("game", GAMES)
def test_other_seats_secret_cards_never_change_the_hint(game):
    d = Driver("en")
    rules = registry.rules(game)
    changed_hands = 0
    for seed in (3, 4, 6, 10, 12):
        want = (lambda s: tradeable_hand(game, s)) if game in HANDS_SECRET else None
        state = advanced(game, seed, 5 + seed, want=want)
        mover = rules.current_player(state)
        state = round_trip(game, state)  # a position's state, as the reshuffled ones are
        hints = []
        for k in range(3):
            shown_state, hands_changed = (state, False) if k == 0 else reshuffled(game, state, seed * 10 + k)
            if k:
                assert round_trip(game, shown_state) is not None and dumped(game, state) != dumped(game, shown_state)
                assert rules.view(shown_state, mover) == rules.view(state, mover)
            changed_hands += hands_changed
            scene = scene_at(d, game, shown_state)
            press_h(d)
            h = settled(d, scene)
            assert h is not None
            hints.append((h.action, h.reason, hint.line(scene)))
        assert hints[1] == hints[0] and hints[2] == hints[0], f"seed {seed}: secrets changed the hint"
    if game in HANDS_SECRET:
        assert changed_hands >= 3  # other seats' hands really changed, not only deck orders


def dumped(game: str, state) -> str:
    return importlib.import_module(f"games.{game}.position").dump(state)


def round_trip(game: str, state):
    return importlib.import_module(f"games.{game}.position").load(dumped(game, state))


# --- the line of why, in both languages ------------------------------------------------------
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_reason_line_is_drawn_in_the_persons_language(game, lang, monkeypatch):
    from games.core.bots import reason_parts
    drawn: list[str] = []
    real = text.draw

    def spy(surf, s, *args, **kwargs):
        drawn.append(s)
        return real(surf, s, *args, **kwargs)

    d = Driver(lang)
    scene = scene_at(d, game, advanced(game, 2, 5))
    press_h(d)
    h = settled(d, scene)
    monkeypatch.setattr(text, "draw", spy)
    d.step()
    key, params = reason_parts(h.reason)
    why = scene.session.rules.event_text(key, params, lang, scene.ctx.names)
    want = ("ヒント：" if lang == "ja" else "Hint: ") + why
    assert hint.line(scene) == want
    joined = "".join(drawn).replace(" ", "")
    assert want.replace(" ", "") in joined, f"{want!r} not drawn"
    d.app.settings.lang = "ja" if lang == "en" else "en"  # the other language, from the same reason
    other = hint.line(scene)
    assert other != want and other.startswith("ヒント：" if lang == "en" else "Hint: ")


# --- asked once --------------------------------------------------------------------------------
def test_pressing_again_while_the_hint_is_worked_out_asks_the_bot_once(monkeypatch):
    gate, calls = threading.Event(), []
    real = hint.decide

    def slow(*args):
        calls.append(args)
        assert gate.wait(30)
        return real(*args)

    monkeypatch.setattr(hint, "decide", slow)
    d = Driver("en")
    scene = scene_at(d, "toutomi", advanced("toutomi", 5, 4))
    press_h(d)
    first = scene.hint
    assert not button(scene, "hint").enabled  # greyed while it is worked out
    press_h(d)
    d.click(button(scene, "hint").rect.center)
    assert scene.hint is first
    gate.set()
    assert settled(d, scene) is first
    assert len(calls) == 1


# --- not for bots, not behind the curtain --------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_no_hint_on_a_bots_turn(game, monkeypatch):
    from games.app import storage
    monkeypatch.setitem(storage.BOT_DELAY, "normal", 600.0)  # the bot waits while the test presses
    d = Driver("en")
    rules = registry.rules(game)
    state = advanced(game, 7, 3)
    bot_seat = rules.current_player(state)
    scene = scene_at(d, game, state, people=[p for p in range(PLAYERS[game]) if p != bot_seat], instant=False)
    assert scene.session.is_bot_turn() and scene.bot_turn is not None
    press_h(d)
    d.click(button(scene, "hint").rect.center)
    assert scene.hint is None and not button(scene, "hint").enabled


@pytest.mark.parametrize("game", ["toutomi", "brujas", "qumasu", "suma"])
def test_no_hint_behind_the_pass_and_play_curtain(game):
    d = Driver("en")
    rules = registry.rules(game)
    state = advanced(game, 9, 4, want=rules.needs_privacy)
    scene = scene_at(d, game, state, people=range(PLAYERS[game]))
    assert scene.curtain_for() == rules.current_player(state)
    press_h(d)
    d.click(button(scene, "hint").rect.center)
    assert scene.hint is None and not button(scene, "hint").enabled and hint.line(scene) is None
    d.click(scene.curtain_button().center)  # the person behind it: now the hint is theirs
    press_h(d)
    h = settled(d, scene)
    assert h is not None and h.seat == rules.current_player(state) and (h.action, h.reason) == expected(scene)


def test_fuji99_has_no_curtain_so_each_person_may_ask_at_the_shared_table():
    d = Driver("en")
    scene = scene_at(d, "fuji99", advanced("fuji99", 9, 4), people=range(2))
    assert scene.curtain_for() is None
    press_h(d)
    assert settled(d, scene) is not None


# --- the store demo: off for visitors unless staff switch it on -----------------------------------
def test_visitor_games_have_no_hint_unless_staff_switch_it_on(data_dir):
    from tests.test_kiosk_shop import kiosk_driver, quick_game, to_staff_menu
    d, _ = kiosk_driver()
    d.app.settings.staff_pin = "2468"
    assert d.app.settings.visitor_hints is False
    scene = quick_game(d, "toutomi")
    assert all(b.key != "hint" for b in scene.buttons)
    until_person(d, scene)
    press_h(d)
    assert scene.hint is None and hint.line(scene) is None
    menu = to_staff_menu(d)
    d.click(button(menu, "visitor_hints").rect.center)
    assert d.app.settings.visitor_hints is True
    assert json.loads((data_dir / "settings.json").read_text())["visitor_hints"] is True
    d.click(button(d.scene, "visitor_hints").rect.center)  # and off again
    assert json.loads((data_dir / "settings.json").read_text())["visitor_hints"] is False
    d.click(button(d.scene, "visitor_hints").rect.center)
    d.app.goto("title")
    scene = quick_game(d, "toutomi")
    until_person(d, scene)
    press_h(d)
    assert settled(d, scene) is not None


def test_a_broken_visitor_hints_setting_resets_the_settings(data_dir):
    from games.app import storage
    (data_dir / "settings.json").write_text(json.dumps({"lang": "en", "visitor_hints": "yes"}))
    settings, problem = storage.Settings.load()
    assert problem == "app.settings_reset" and settings.visitor_hints is False


def test_a_reason_with_params_from_the_games_own_words_is_rendered(monkeypatch):
    """BOTS-4: a game's ``reasons`` module may give ``(key, params)``; the line renders it
    with the rules' ``event_text`` (seat numbers become names)."""
    rules = registry.rules("toutomi")
    monkeypatch.setattr(type(rules), "explain", lambda self, view, action: ("saves.undone", {"name": "Mika"}))
    d = Driver("en")
    scene = scene_at(d, "toutomi", advanced("toutomi", 5, 4))
    press_h(d)
    h = settled(d, scene)
    assert h.reason == ("saves.undone", {"name": "Mika"})
    assert hint.line(scene) == "Hint: " + rules.event_text("saves.undone", {"name": "Mika"}, "en")
    assert "Mika" in hint.line(scene)
