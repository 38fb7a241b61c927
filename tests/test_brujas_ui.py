"""Brujas through the real scenes: drag and drop, click-select, curtains, secrecy frame by frame."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from games.app.play import PlayScene  # noqa: E402
from games.app.results import ResultsScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.core.engine import Action  # noqa: E402
from games.core.i18n import text_of  # noqa: E402
from tests.ui_driver import Driver, play_through  # noqa: E402

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def test_one_human_and_two_bots_reach_results_by_drag_and_drop():
    driver = Driver("en")
    seats = [SeatSetup("Aoi"), SeatSetup("Bo", "sage"), SeatSetup("Cy", "random")]
    session = Session.start("brujas", seats, 11, {"start_player": 0})
    counts = play_through(driver, session, 11, check_secrets=True)
    assert counts["private"] == 13 and counts["public"] > 0, counts
    assert counts["curtains"] == 0  # one person: nothing to hide from anyone at the device
    assert isinstance(driver.scene, ResultsScene)
    assert driver.scene.extra is not None  # the final witch order box


def test_four_players_two_people_two_bots_reach_results_with_curtains():
    driver = Driver("ja")
    seats = [SeatSetup("Aoi"), SeatSetup("Bo", "sage"), SeatSetup("Cy"), SeatSetup("Di", "sage")]
    session = Session.start("brujas", seats, 23, {"start_player": 0})
    counts = play_through(driver, session, 23, check_secrets=True)
    assert counts["private"] == 20 and counts["curtains"] > 0, counts  # 10 cards each for two people
    assert isinstance(driver.scene, ResultsScene)


def test_all_human_game_never_draws_another_seats_card_face_up():
    driver = Driver("ja")
    seats = [SeatSetup(n) for n in ("あおい", "ひなた", "そら")]
    session = Session.start("brujas", seats, 5, {})
    counts = play_through(driver, session, 5, check_secrets=True)
    assert counts["private"] == 39 and counts["public_spectator"] == counts["public"] > 0, counts
    assert isinstance(driver.scene, ResultsScene)


def test_no_curtain_for_the_witch_move_and_the_draft_with_two_people():
    driver = Driver("en")
    seats = [SeatSetup("Aoi"), SeatSetup("Bo"), SeatSetup("Cy", "sage")]
    session = Session.start("brujas", seats, 8, {"start_player": 0})
    counts = play_through(driver, session, 8, check_secrets=True)
    # a curtain only ever precedes a hand decision (asserted inside), never the public ones
    assert 0 < counts["curtains"] <= counts["private"] == 26, counts
    assert counts["public"] > 0 and counts["public_spectator"] == counts["public"], counts


def _colour_lead_deal():
    """A 3-player session where two plays set a colour lead and seat 2 holds that colour."""
    from games.brujas.rules import RULES
    seats = [SeatSetup("Bo", "random"), SeatSetup("Cy", "random"), SeatSetup("Aoi")]
    for seed in range(300):
        session = Session.start("brujas", seats, seed, {"start_player": 0})
        st = session.state
        for first in st.hands[0]:
            colour, number = RULES.keys[first]
            second = next((c for c in st.hands[1] if RULES.keys[c][0] == colour
                           and RULES.keys[c][1] != number), None)
            mine = [c for c in st.hands[2] if RULES.keys[c][0] == colour]
            other = [c for c in st.hands[2] if RULES.keys[c][0] != colour]
            if second and mine and other:
                session.apply(Action.of("play", first))
                session.apply(Action.of("play", second))
                return session, colour, other[0]
    raise AssertionError("no suitable deal")


def test_illegal_drop_snaps_back_with_the_follow_reason():
    driver = Driver("en")
    session, colour, illegal = _colour_lead_deal()
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    driver.step(2)
    assert scene.table.view["lead"] == {"kind": "colour", "value": colour}
    piece = scene.table.piece(f"hand:{illegal}")
    home = piece.rect.copy()
    before = list(session.record.actions)
    driver.drag(home.center, scene.table.zone("trick").rect.center)
    assert session.record.actions == before
    assert scene.snap is not None and scene.snap[0] == f"hand:{illegal}"
    name = text_of(session.rules.data.colour(colour).name, "en")
    assert scene.reason[0] == f"You hold {name}: you must follow {name}."  # the rules' own reason
    driver.step(30)  # the card flies home
    assert scene.snap is None and scene.table.piece(f"hand:{illegal}").rect == home
    # while dragging a legal card only the trick glows; an illegal one lights nothing
    assert scene.glowing_for(f"hand:{illegal}") == set()
    legal = next(a.args[0] for a in session.rules.legal_actions(session.state))
    assert scene.glowing_for(f"hand:{legal}") == {"trick"}
    driver.perform(Action.of("play", legal), use_drag=False)  # click-select, then the target
    # the click played exactly that card (a bot trick winner may move its witch right after)
    assert session.record.actions[len(before)] == f"play {legal}"


def test_witch_zones_glow_only_in_legal_directions_and_wrong_pile_refuses():
    driver = Driver("en")
    seats = [SeatSetup("Aoi"), SeatSetup("Bo"), SeatSetup("Cy")]
    session = Session.start("brujas", seats, 3, {"start_player": 0})
    rules = session.rules
    while session.state.pending is None:
        session.apply(rules.legal_actions(session.state)[0])
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    driver.step(2)
    assert scene.curtain_for() is None and scene.viewer() is None  # public: no curtain, no hand
    colour = rules.card_info(session.state.winning_card)["colour"]
    dirs = {a.args[0] for a in rules.legal_actions(session.state)}
    assert scene.glowing_for(f"witch:{colour}") == {f"witch:{d}" for d in dirs}
    assert not any(p.id.startswith("hand:") for p in scene.table.pieces)
    driver.perform(sorted(rules.legal_actions(session.state))[0])
    assert session.state.pending.kind == "pick"
    picker = session.state.turn_seat
    card = session.state.table[0]
    wrong = (picker + 1) % 3
    assert scene.glowing_for(f"trick:{card}") == {f"pile:{picker}"}
    driver.drag(scene.table.piece(f"trick:{card}").rect.center, scene.table.zone(f"pile:{wrong}").rect.center)
    assert session.state.pending.kind == "pick" and session.state.turn_seat == picker and scene.reason is not None
    assert session.names[picker] in scene.reason[0]  # says whose pick it is
    driver.step(30)
    driver.drag(scene.table.piece(f"trick:{card}").rect.center, scene.table.zone(f"pile:{picker}").rect.center)
    assert card in session.state.captured[picker]
