"""Fuji 99 against the engine contract: views, i18n, purity, records (random playouts:
tests/test_engine_invariants.py)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from games.core.engine import Action, OptionSpec
from games.core.i18n import catalog
from games.core.record import GameRecord
from games.core.rng import rng_for
from games.fuji99.rules import RULES
from tests.playouts import every_state

ROOT = Path(__file__).resolve().parents[1]
VIEW_KEYS = {"game", "viewer", "players", "rules", "turn_seat", "pending", "stage", "round", "turn", "over",
             "winners", "end_reason", "hand", "hand_counts", "start_player", "token",
             "seats", "last_draw", "tray", "draws_this_turn", "draw_range", "usable", "give", "spaces",
             "pagoda", "deck", "discard", "odds", "winner_story", "options", "events"}
SEAT_KEYS = {"seat", "colour", "position", "standing", "bag", "bag_total", "sheet_reds", "used_yellows",
             "rocks_waiting", "rocks_active", "rock_reds", "reds_counted", "hand", "hand_total",
             "move_bonus", "bonuses", "story"}


def random_game(seed: int, players: int):
    """Every state of one random game (the playout test's policy)."""
    return list(every_state(RULES, players, seed, rng_for(seed, "contract")))


def test_rules_never_import_pygame():
    code = ("import sys; sys.modules['pygame'] = None\n"
            "import games.fuji99.rules, games.fuji99.bot, games.fuji99.odds, games.fuji99.position\n"
            "from games.core.simulate import simulate; simulate('fuji99', 2, seed=1, players=2)")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_options_and_privacy():
    assert RULES.option_specs() == [OptionSpec("risk_helper", "fuji99.option_risk_helper", "bool", True)]
    s = RULES.new_game(2, 1)
    assert s.options["risk_helper"] is True and RULES.view(s, 0)["options"] == {"risk_helper": True}
    assert RULES.view(RULES.new_game(2, 1, {"risk_helper": False}), 0)["options"]["risk_helper"] is False
    assert RULES.needs_privacy(s) is False and RULES.has_secrets is False


def test_view_schema_json_and_only_the_deck_order_hidden():
    for players in (2, 3, 4):
        for s in random_game(players, players)[::5]:
            for seat in (None, *range(players)):
                view = RULES.view(s, seat)
                assert json.loads(json.dumps(view)) == view
                assert set(view) == VIEW_KEYS and all(set(p) == SEAT_KEYS for p in view["seats"])
                text = json.dumps(view)
                assert not [c for c in s.deck if f'"{c}"' in text]
                assert view["deck"] == len(s.deck)
            views = [RULES.view(s, seat) for seat in range(players)]
            assert all({k: v for k, v in x.items() if k not in ("viewer", "hand")} ==
                       {k: v for k, v in views[0].items() if k not in ("viewer", "hand")} for x in views)
            assert all(x["hand"] == [c["id"] for c in x["seats"][i]["hand"]] for i, x in enumerate(views))


def test_actions_round_trip_and_replay():
    states = random_game(3, 2)
    record = GameRecord("fuji99", 2, 3, {}, [], [])
    for before, _after in zip(states, states[1:], strict=False):
        legal = RULES.legal_actions(before)
        assert all(Action.parse(str(a)) == a for a in legal)
        assert legal == sorted(legal, key=legal.index)  # deterministic order, no duplicates
    s = RULES.new_game(2, 3)
    rng = rng_for(3, "contract")
    while RULES.current_player(s) is not None:
        a = rng.choice(RULES.legal_actions(s))
        record.actions.append(str(a))
        s = RULES.apply(s, a)
    assert GameRecord.from_json(record.to_json()).replay(RULES) == s == states[-1]


def test_every_key_the_rules_use_is_translated():
    cat = catalog()
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "games" / "fuji99").glob("*.py"))
    used = set(re.findall(r'"(fuji99\.[a-z_]+)"', source))
    used.discard("fuji99.yaml")  # the data file name
    used |= {f"fuji99.phase_{p}" for p in ("draw", "ability", "decide", "give", "over")}
    used |= {f"fuji99.timing_{t}" for t in ("use", "immediate", "continuous")}
    used |= {f"fuji99.colour_{c}" for c in RULES.data.colours}
    used |= {f"fuji99.eff_{t}" for t in ("advance", "advance_by_clear_drawn", "advance_to_rank_above",
                                          "advance_to_rank_above_then", "return_red", "add_clear_to_bag",
                                          "move_bonus", "company", "falling_rock")}
    missing = sorted(k for k in used if k not in cat)
    assert not missing


def test_every_event_reads_well_in_both_languages():
    seen = {}
    for seed in range(30):
        for s in random_game(seed, 2 + seed % 3):
            for e in s.events:
                seen.setdefault(e.key, e.params)
    assert {"fuji99.drew", "fuji99.red_bust", "fuji99.crisis_bust", "fuji99.card_used",
            "fuji99.company", "fuji99.rock_falls", "fuji99.reached_goal", "fuji99.yellow_taken"} <= set(seen)
    for key, params in seen.items():
        for lang in ("ja", "en"):
            text = RULES.event_text(key, params, lang, names=["Aki", "Ben", "Chie", "Dai"])
            assert "{" not in text and "fuji99." not in text, (key, lang, text)
            assert not re.search(r"[a-z]+-\d", text), text  # card ids are shown as names
    assert RULES.event_text("fuji99.card_used", {"seat": 1, "card": "shortcut-1", "cost": 3}, "ja",
                            ["A", "B"]) == "Bが「近道」を使いました（黄色3個）。"


def test_reasons_read_well_in_both_languages():
    s = RULES.new_game(2, 1, {"start_player": 0})
    for text in ("draw 4", "draw 40", "use advance-1", "use banana-1", "discover", "stop", "give advance-1",
                 "fly 3", "draw"):
        try:
            RULES.check(s, Action.parse(text))
        except Exception as err:  # IllegalAction
            for lang in ("ja", "en"):
                msg = RULES.event_text(err.key, err.params, lang)
                assert err.key in catalog() and "{" not in msg, (text, msg)
        else:
            raise AssertionError(f"{text} should be refused")
