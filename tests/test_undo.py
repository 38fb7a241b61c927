"""Undo under the Board Game Arena policy (GameRules.commits, Session.undo), game by game.

A person may take back their own actions within their turn, back to the last random draw,
reveal of hidden information or action of another seat — never across it.  Undone actions
leave the record, so a record with undos replays to the same state.  Bots never undo.
"""
from __future__ import annotations

import pytest

from games import registry
from games.app.session import SeatSetup, Session
from games.core.engine import Action
from games.core.record import GameRecord
from games.core.rng import counting_draws, rng_for

PLAYERS = {"toutomi": 3, "fuji99": 2, "brujas": 3, "qumasu": 2}


ALL = sorted(registry.playable_ids())  # every game, Suma too once it is playable


def people(game: str, seed: int, bots: int = 0) -> Session:
    n = PLAYERS.get(game, registry.rules(game).min_players)
    best = list(registry.bots(game))[-1]
    seats = [SeatSetup(f"P{i}", best if i >= n - bots else None) for i in range(n)]
    return Session.start(game, seats, seed, {"start_player": 0})


def find(game: str, kind: str, undoable: bool, same_seat: bool = True, seeds: int = 40):
    """A session and a legal ``kind`` action whose application is (not) undoable."""
    for seed in range(seeds):
        s = people(game, seed)
        rng = rng_for(seed, "undo-test")
        for _ in range(400):
            if s.over:
                break
            for a in s.rules.legal_actions(s.state):
                if a.kind != kind:
                    continue
                after, ok = s.rules.apply_tracked(s.state, a)
                if ok == undoable and (s.rules.current_player(after) == s.current) == same_seat:
                    return s, a
            s.apply(rng.choice(s.rules.legal_actions(s.state)))
    pytest.fail(f"no {kind} found in {game}")


def check_undo_restores(s: Session, a: Action) -> None:
    before, record = s.state, list(s.record.actions)
    s.apply(a)
    assert s.can_undo(), f"{a} must be undoable"
    assert s.undo()
    assert s.state == before and s.record.actions == record
    assert s.rules.apply(before, a) is not before  # the state kept for undo was never changed


def check_commits(s: Session, a: Action) -> None:
    s.apply(a)
    assert not s.can_undo() and not s.undo(), f"{a} must not be undoable"


# --- what can be undone ----------------------------------------------------------------
def test_toutomi_attack_card_taken_back_before_choosing_the_target():
    s, a = find("toutomi", "play", True)
    check_undo_restores(s, a)


def test_toutomi_wild_meaning_and_summon_dump_taken_back():
    for kind in ("wild", "dump"):
        s, a = find("toutomi", kind, True)
        check_undo_restores(s, a)


def test_fuji99_go_again_and_a_card_use_taken_back():
    for kind in ("again", "use"):
        s, a = find("fuji99", kind, True)
        check_undo_restores(s, a)


def test_fuji99_r2_6_r2_7_the_last_usable_card_taken_back_before_the_fuji_draw():
    """A card use can be undone until the next random draw, also when it was the last card
    that could be paid for (the Fuji card is drawn by ``discover``, its own step: FUJI99-RULES-4)."""
    for seed in range(40):
        s = people("fuji99", seed)
        rng = rng_for(seed, "last-use")
        for _ in range(400):
            if s.over:
                break
            uses = [a for a in s.rules.legal_actions(s.state) if a.kind == "use"]
            last = [a for a in uses if not any(x.kind == "use" for x in s.rules.legal_actions(
                s.rules.apply(s.state, a)))]
            if last:
                check_undo_restores(s, last[0])
                s.apply(last[0])
                assert [str(a) for a in s.rules.legal_actions(s.state)] == ["discover"]
                check_commits(s, Action.of("discover"))  # the draw itself commits
                return
            s.apply(rng.choice(s.rules.legal_actions(s.state)))
    pytest.fail("no use of the last usable card found")


def test_brujas_witch_move_taken_back_before_the_draft():
    s, a = find("brujas", "witch", True)
    check_undo_restores(s, a)


def test_qumasu_summon_move_attack_taken_back_within_the_turn():
    for kind in ("summon", "move", "cast"):
        s, a = find("qumasu", kind, True)
        check_undo_restores(s, a)


def test_several_actions_of_one_turn_are_taken_back_one_by_one():
    s = people("qumasu", 3)
    rng = rng_for(3, "chain")
    for _ in range(300):  # reach a turn where two undoable actions follow each other
        chain = []
        while not s.over and len(chain) < 3:
            a = next((x for x in s.rules.legal_actions(s.state) if x.kind in ("summon", "move")), None)
            if a is None:
                break
            chain.append(s.state)
            s.apply(a)
        if len(chain) >= 2 and s.can_undo():
            for state in reversed(chain):
                assert s.undo() and s.state == state
            assert not s.undo() or s.state != chain[0]
            return
        s.apply(rng.choice(s.rules.legal_actions(s.state)))
    pytest.fail("no turn with two undoable actions")


# --- what cannot be undone -----------------------------------------------------------------
@pytest.mark.parametrize("game,kind,same_seat", [
    ("toutomi", "dump_done", True),  # draws as many cards as were dumped
    ("fuji99", "draw", True),  # cubes drawn blind from the bag
    ("fuji99", "discover", True),  # a Fuji card from the face-down deck
    ("qumasu", "end", False),  # ends the turn: the next one draws
    ("qumasu", "attack", True),  # a castle hit takes a random castle card
    ("qumasu", "mulligan", False),  # a new hand, shuffled
])
def test_a_draw_or_reveal_cannot_be_undone(game, kind, same_seat):
    s, a = find(game, kind, False, same_seat)
    with counting_draws() as draws:
        after = s.rules.apply(s.state, a)
    learned = s.rules.secret_ids(s.state, s.current) - s.rules.secret_ids(after, s.current)
    assert draws[0] or learned or s.rules.commits(s.state, a, after), f"{kind} revealed nothing?"
    check_commits(s, a)


@pytest.mark.parametrize("game", ALL)
def test_another_seats_action_is_never_undone(game):
    s = people(game, 5)
    rng = rng_for(5, "other")
    previous = None
    for _ in range(500):
        if s.over:
            break
        actor = s.current
        s.apply(rng.choice(s.rules.legal_actions(s.state)))
        if actor != previous:  # a new seat acted: nothing of the previous seat is kept to undo
            assert len(s.undo_states) <= 1 and s.undo_seat in (None, actor)
        previous = actor
        if s.current is not None and s.current != actor:
            assert not s.can_undo(), "the next seat may never take back the previous seat's action"
            assert not s.undo()
    assert s.over or len(s.record.actions) == 500


@pytest.mark.parametrize("game", ALL)
def test_bots_never_undo_and_nothing_before_a_bot_action_comes_back(game):
    s = people(game, 9, bots=PLAYERS.get(game, registry.rules(game).min_players))
    rng = rng_for(9, "bots")
    for _ in range(200):
        if s.over:
            break
        s.apply(rng.choice(s.rules.legal_actions(s.state)))
        assert not s.can_undo() and s.undo_states == []


# --- records with undos ----------------------------------------------------------------------
@pytest.mark.parametrize("game", ALL)
def test_a_record_with_undos_replays_to_the_same_state(game):
    for seed in range(6):
        s = people(game, seed)
        rng = rng_for(seed, "undo-replay")
        undone = 0
        for _ in range(3000):
            if s.over:
                break
            if s.can_undo() and rng.random() < 0.4:
                assert s.undo()
                undone += 1
                continue
            s.apply(rng.choice(s.rules.legal_actions(s.state)))
        replayed = GameRecord.from_json(s.record.to_json()).replay(s.rules)
        assert replayed == s.state
        again = Session.from_record(GameRecord.from_json(s.record.to_json()))
        assert again.state == s.state and again.can_undo() == s.can_undo()
        if undone:
            return
    assert game not in PLAYERS, f"{game}: no undo happened in 6 games"


def test_a_game_without_secret_ids_but_with_secrets_never_undoes():
    """The safe default for a game (e.g. one being built) that cannot say what is hidden."""
    from games.core.engine import GameRules

    class Blind(GameRules):
        game_id, min_players, max_players = "blind", 2, 2

        def new_game(self, players, seed, options=None): ...
        def current_player(self, s): return 0
        def legal_actions(self, s): return []
        def _apply(self, s, a): ...
        def outcome(self, s): return None
        def view(self, s, seat): return {}

    assert Blind().commits(object(), Action.of("x"), object())
    Blind.has_secrets = False
    assert not Blind().commits(object(), Action.of("x"), object())
