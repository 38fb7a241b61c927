"""The Suma no Mori table (pygame): controller, view, layout, art and panels."""
from __future__ import annotations


def busiest_screen(app):
    """The benchmark's busiest Suma screen: 7 players, round 2, a well-filled map, seat 0 to act."""
    from games import registry
    from games.app.session import SeatSetup, Session
    from games.core.rng import rng_for
    rules = registry.rules("suma")
    bot = registry.bots("suma")["forester"]
    seats = [SeatSetup(f"Player {i + 1}") for i in range(rules.max_players)]
    probe = Session.start("suma", seats, 2024, {"start_player": 0})
    bots = [bot(rules, i) for i in range(len(seats))]
    actions, best, best_fill = [], 0, -1
    for step in range(6000):
        s = probe.state
        if probe.over:
            break
        fill = sum(x is not None for x in s.board)
        if s.round == 2 and s.pending is None and not s.over and s.turn_seat == 0 and fill > best_fill:
            best, best_fill = len(actions), fill
        cur = rules.current_player(s)
        a = bots[cur].choose(rules.view(s, cur), rules.legal_actions(s), rng_for(2024, step))
        actions.append(a)
        probe.apply(a)
    session = Session.start("suma", seats, 2024, {"start_player": 0})
    for a in actions[:max(0, best - 40)]:
        session.apply(a)
    scene = app.make("play", session, instant=True)
    app.push(scene)
    for a in actions[max(0, best - 40):best]:  # through the scene: the log and announcements fill
        scene.unlocked = session.current
        scene.submit(a)
    scene.unlocked = session.current
    scene.controller.local["close_summary"] = True
    scene.refresh()
    scene.bot_turn = None
    return scene
