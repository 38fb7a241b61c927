"""Take the Pot (tests/example_game, docs/adding-a-game.md) through the same contract tests as
the five games: random-playout invariants, view and frame secrecy, record replay, undo policy,
positions, and a play-through of its real play scene by posted mouse events.

The example is registered for each test only (tests/example_game/register.py), so the contract
tests' own helpers run it unchanged under the id ``example``.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from games import registry
from games.app.overlays import RulesOverlay
from games.app.play import PlayScene
from games.app.results import ResultsScene
from games.app.session import SeatSetup, Session
from games.core.engine import Action, IllegalAction
from games.core.position import PositionError
from games.core.record import GameRecord
from games.core.rng import rng_for
from tests import test_engine_invariants as invariants
from tests import test_undo as undo
from tests.example_game import position
from tests.example_game.register import GAME_ID, INFO, register
from tests.example_game.rules import RULES
from tests.ui_driver import Driver, play_through


@pytest.fixture(autouse=True)
def example(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    register(monkeypatch)


def test_the_example_is_registered_only_inside_the_tests(monkeypatch):
    monkeypatch.undo()  # without the fixture's registration
    assert GAME_ID not in registry.ruled_ids() and GAME_ID not in registry.playable_ids()


# --- the contract tests of the five games, run for the example -----------------------------

def test_random_playouts_keep_every_invariant():
    """Legal actions apply, illegal refused, apply pure, cards conserved, views hide the
    other seats' secrets, the JSON record replays, the game ends (tests/test_engine_invariants.py)."""
    assert GAME_ID in registry.playable_ids()
    for seed in range(invariants.SEEDS):
        invariants.playout(GAME_ID, seed)


def test_undo_policy_of_the_five_holds():
    undo.test_another_seats_action_is_never_undone(GAME_ID)
    undo.test_bots_never_undo_and_nothing_before_a_bot_action_comes_back(GAME_ID)
    undo.test_a_record_with_undos_replays_to_the_same_state(GAME_ID)


def test_the_last_card_of_a_trick_its_player_wins_can_be_taken_back():
    s, a = undo.find(GAME_ID, "play", undoable=True, same_seat=True)
    undo.check_undo_restores(s, a)


def test_taking_the_stock_card_commits():
    s, a = undo.find(GAME_ID, "take", undoable=False, same_seat=True)
    assert a == Action.of("take", "stock")
    undo.check_commits(s, a)


def test_a_saved_record_loads_through_the_app_session():
    s = undo.people(GAME_ID, 3)
    rng = rng_for(3, "record")
    while not s.over:
        s.apply(rng.choice(s.rules.legal_actions(s.state)))
    again = Session.from_record(GameRecord.from_json(s.record.to_json()))
    assert again.state == s.state and RULES.outcome(again.state) == RULES.outcome(s.state)


# --- the example's own rules (EX-n, tests/example_game/rules.py) -----------------------------

def start(text_changes: dict | None = None):
    """A 3-seat position: seat 0 to play, c12 in its hand."""
    text = """
game: example
players: 3
seed: 1
hands: [[c12, c1, c5], [c2, c3, c4], [c6, c7, c8]]
stock: [c9, c10, c11]
pot: []
won: [[], [], []]
turn_seat: 0
"""
    for key, value in (text_changes or {}).items():
        text = "\n".join(f"{key}: {value}" if line.startswith(f"{key}:") else line for line in text.splitlines())
    return position.load(text)


def play(s, *moves):
    for m in moves:
        s = RULES.apply(s, Action.parse(m))
    return s


def test_ex2_the_highest_card_wins_and_scores_a_pot_card_or_takes_the_stock_card():
    s = play(start(), "play c1", "play c4", "play c6")
    assert s.pending.kind == "take" and s.pending.seat == 2
    assert set(s.pending.offers) == {"c1", "c4", "c6", "stock"}
    after = play(s, "take c1")
    assert after.won[2] == ("c1",) and RULES.scores(after)[2] == 3
    assert after.stock == ("c9", "c10", "c11", "c4", "c6")  # the rest under the stock, face down
    s = play(s, "take stock")
    assert "c9" in s.hands[2] and s.won[2] == () and s.stock == ("c10", "c11", "c1", "c4", "c6")
    assert s.turn_seat == 2 and s.round == 2  # EX-3 the winner leads


def test_ex2_a_play_during_the_take_is_refused_with_its_reason():
    s = play(start(), "play c1", "play c4", "play c6")
    with pytest.raises(IllegalAction) as err:
        RULES.check(s, Action.of("play", "c7"))
    assert err.value.key == "example.must_take"


def test_ex4_the_game_ends_when_the_seat_to_play_has_no_card():
    s = start({"hands": "[[c12], [], [c2, c3]]", "stock": "[c1, c4, c5, c6, c7, c8, c9, c10, c11]"})
    s = play(s, "play c12")
    assert s.over and s.end_reason == "empty" and RULES.current_player(s) is None


def test_the_stock_card_stays_secret_to_the_other_seats():
    s = play(start(), "play c1", "play c4", "play c6", "take stock")
    assert "c9" in s.hands[2]
    for seat in (0, 1, None):
        assert "c9" not in str(RULES.view(s, seat))
    assert "c9" in str(RULES.view(s, 2))


# --- positions ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_dump_then_load_gives_the_same_state_and_legal_actions(seed):
    s = RULES.new_game(2 + seed % 3, seed, {})
    rng = rng_for(seed, "positions")
    while True:
        back = position.load(position.dump(s))
        back.events = s.events  # events are not part of a position
        assert back == s and RULES.legal_actions(back) == RULES.legal_actions(s)
        assert position.dump(back) == position.dump(s)
        if s.over:
            break
        s = RULES.apply(s, rng.choice(RULES.legal_actions(s)))


@pytest.mark.parametrize("changes,reason", [
    ({"stock": "[c9, c10, c11, c12]"}, "two zones"),
    ({"stock": "[c9, c10]"}, "in no zone"),
    ({"stock": "[c9, c10, c11, x1]"}, "not a card"),
    ({"turn_seat": "5"}, "turn_seat"),
    ({"players": "7"}, "players"),
    ({"pot": "[[9, c1]]"}, "pot"),
])
def test_a_bad_position_is_refused_with_a_reason(changes, reason):
    with pytest.raises(PositionError) as err:
        start(changes)
    assert reason in str(err.value)


# --- the real play scene -----------------------------------------------------------------------

@pytest.mark.parametrize("lang,seats", [("en", ("Aoi", "Bo", None)), ("ja", ("あ", "い"))])
def test_a_game_is_played_to_the_results_by_mouse_without_showing_a_secret(lang, seats):
    driver = Driver(lang)
    best = list(registry.bots(GAME_ID))[-1]
    setup = [SeatSetup(n) if n else SeatSetup("Cy", best) for n in seats]
    session = Session.start(GAME_ID, setup, 4, {})
    counts = play_through(driver, session, 4, check_secrets=True)
    assert counts["moves"] > 5 and counts["curtains"] > 0, counts
    assert isinstance(driver.scene, ResultsScene)


def test_the_rules_button_shows_the_example_rules_text():
    driver = Driver("ja")
    session = Session.start(GAME_ID, [SeatSetup("Aoi"), SeatSetup("Bo", "greedy")], 2, {"start_player": 0})
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    driver.step(2)
    driver.click(next(b for b in scene.buttons if b.key == "rules").rect.center)
    overlay = driver.app.top
    assert isinstance(overlay, RulesOverlay) and overlay.error is None and len(overlay.sections) == 3
    assert overlay.sections[0][0]["ja"] == "遊び方"


def test_the_bundled_font_has_every_character_of_the_example_texts():
    from fontTools.ttLib import TTFont
    here = Path(__file__).resolve().parent
    chars = set()
    for path in (here / "example_game").rglob("*.yaml"):
        chars |= set(path.read_text(encoding="utf-8"))
    chars |= set("".join(INFO.title.values()))
    for name in ("NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf"):
        cmap = TTFont(here.parent / "sprites" / "fonts" / name).getBestCmap()
        assert not sorted(c for c in chars if c.isprintable() and not c.isspace() and ord(c) not in cmap)


def test_the_greedy_bot_chooses_legal_moves_and_beats_random_heads_up():
    from games.core.bots import bot_move
    from tests.example_game.bot import BOTS
    wins = losses = 0
    for seed in range(400):
        greedy = seed % 2  # alternate seats
        bots = [BOTS["greedy"](RULES, i) if i == greedy else BOTS["random"](RULES, i) for i in range(2)]
        s, rng = RULES.new_game(2, seed, {}), rng_for(seed, "bots")
        while not s.over:
            a = bot_move(RULES, bots[RULES.current_player(s)], s, rng)
            assert a in RULES.legal_actions(s)
            s = RULES.apply(s, a)
        wins += s.winners == (greedy,)
        losses += greedy not in s.winners
    assert wins > 1.3 * losses, (wins, losses)  # about 54% wins, 31% losses, the rest shared
