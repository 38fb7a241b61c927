"""Why a Fuji 99 move is good, in one line (BOTS-4): ``explain(rules, view, action)``.

Works from the mover's view alone: the bags, the sheets, the hands and the odds the risk
helper shows are public in Fuji 99 (only the deck's order is hidden, and the odds are
computed from its public contents).  Texts: ``data/i18n/fuji99_why.yaml``.

- FUJI99-REASONS-1 The numbers are the view's own odds (odds.py, FUJI99-RULES-17): a draw's
  red-bust chance, and for "again" / "stop" the chance of the smallest next draw, which
  is the least a player who goes again risks.  A chance shows as a whole percent; a chance
  above 0 never shows as 0 and one below 1 never as 100 ("<1", ">99"), so "no risk" is said
  only when there is none.
- FUJI99-REASONS-2 A card's line names its main gain in this order: reaching 99, steps,
  a red cube off the sheet, clear cubes into the bag, a lower crisis sum, and otherwise the
  clear cubes lying on it coming back to the bag.  The lines are true of the move whoever
  makes it; "the cheapest card" for a clear cube is said only when it is.
- FUJI99-REASONS-3 Going again at a high bust chance (``RACE_RISK``) while a rival is within
  ``RACE_NEAR`` steps of 99 is explained by the race, as the tengu weighs it (its urgency,
  games/fuji99/bot.py): banked steps count for little when a rival may win next turn.
- FUJI99-REASONS-4 When even the smallest draw is a certain red bust (reds counted and
  reds in the bag), a draw says that any draw busts instead of "100%" for its size.
"""
from __future__ import annotations

from games.core.engine import Action

Reason = tuple[str, dict] | None
RACE_NEAR = 30  # a rival this close to 99 may win on their next turn (the tengu's urgency)
RACE_RISK = 0.25  # going again at this bust chance or more is explained by the race


def explain(rules, view: dict, action: Action) -> Reason:
    """The i18n key (``fuji99_why.*``) and params saying why ``action`` is good, or None."""
    if view.get("over") or view.get("turn_seat") is None or not view.get("odds"):
        return None
    step = _STEPS.get(action.kind)
    return step(rules, view, action) if step else None


def _key(name: str, **params) -> tuple[str, dict]:
    return f"fuji99_why.{name}", params


def pct(p: float) -> str:
    """A chance as a whole percent, never rounded to 0 or 100 (FUJI99-REASONS-1)."""
    if p <= 0:
        return "0"
    if p >= 1:
        return "100"
    whole = round(p * 100)
    return "<1" if whole < 1 else ">99" if whole > 99 else str(whole)


def _me(view: dict) -> dict:
    return view["seats"][view["turn_seat"]]


def _risk(view: dict, n: int) -> float:
    table = view["odds"]["bust_by_n"]
    return table[min(n, len(table) - 1)]


def _draw(rules, view: dict, action: Action) -> Reason:
    """R-2.1, R-2.2: how many cubes, and the chance of a red bust."""
    n = action.args[0]
    risk = _risk(view, n)
    goal = view["rules"]["goal"]
    if view["token"] + n + _me(view)["move_bonus"] >= goal:
        return _key("draw_goal", n=n, risk=pct(risk), goal=goal)
    if risk <= 0:
        return _key("draw_safe", n=n)
    if _risk(view, view["draw_range"][0] if view.get("draw_range") else n) >= 1:
        return _key("draw_doomed", n=n)  # every draw busts: the fewest cubes is as good as any
    top = view["draw_range"][1] if view.get("draw_range") else n
    if n >= top:
        return _key("draw_all", n=n, risk=pct(risk))
    return _key("draw", n=n, risk=pct(risk), more=pct(_risk(view, n + 1)))


def _again(rules, view: dict, action: Action) -> Reason:
    """R-2.9: go again; the steps made this turn are at stake."""
    me, odds = _me(view), view["odds"]
    n = min(view["rules"]["min_draw"], sum(odds["bag"].values()))
    at_stake = view["token"] - me["position"]
    left = view["rules"]["goal"] - view["token"]
    if n + me["move_bonus"] >= left:
        return _key("again_goal", n=n, left=left, risk=pct(_risk(view, n)))
    goal, risk = view["rules"]["goal"], _risk(view, n)
    rivals = [s for s in view["seats"] if s["seat"] != view["turn_seat"]]
    rival = max(rivals, key=lambda s: (s["position"], -s["seat"]))
    if risk >= RACE_RISK and goal - rival["position"] <= RACE_NEAR:
        return _key("again_race", n=n, risk=pct(risk), target=rival["seat"], left=goal - rival["position"])
    return _key("again", n=n, risk=pct(risk), steps=at_stake)


def _stop(rules, view: dict, action: Action) -> Reason:
    """R-2.9: stop and bank the steps; say what going on would risk."""
    me, odds = _me(view), view["odds"]
    n = min(view["rules"]["min_draw"], sum(odds["bag"].values()))
    params = {"steps": view["token"] - me["position"], "to": view["token"]}
    risk, crisis = _risk(view, n), odds["crisis"]
    if crisis > risk:
        return _key("stop_crisis", crisis=pct(crisis), **params)
    return _key("stop", n=n, risk=pct(risk), **params)


def _use(rules, view: dict, action: Action) -> Reason:
    """R-2.6: a card paid with this draw's yellow cubes; its main gain (FUJI99-REASONS-2)."""
    card = action.args[0]
    info, me = rules.card_info(card), _me(view)
    cost = info["cost"] or 0
    steps = sum(_steps(view, e) for e in info["effects"])
    if steps and view["token"] + steps >= view["rules"]["goal"]:
        return _key("use_goal", card=card, goal=view["rules"]["goal"])
    if steps:
        return _key("use_advance", card=card, steps=steps, cost=cost)
    types = {e["type"]: e for e in info["effects"]}
    if "return_red" in types and me["sheet_reds"]:
        reds = me["reds_counted"]
        return _key("use_purify", card=card, before=reds, after=max(0, reds - types["return_red"]["count"]))
    if "add_clear_to_bag" in types and view["pagoda"]:
        return _key("use_clear", card=card, count=min(types["add_clear_to_bag"]["count"], view["pagoda"]))
    table, total = view["odds"]["crisis_by_total"], me["hand_total"]
    after = max(0, total - info["value"])
    if _at(table, after) < _at(table, total):
        return _key("use_relief", card=card, before=total, after=after,
                    risk=pct(_at(table, total)), risk_after=pct(_at(table, after)))
    clear = next((h["clear"] for h in me["hand"] if h["id"] == card), 0)
    if clear:
        return _key("use_cubes", card=card, count=clear)
    return _key("use_plain", card=card, cost=cost)


def _at(table: list, total: int) -> float:
    return table[max(0, min(total, len(table) - 1))]


def _steps(view: dict, e: dict) -> int:
    """The steps an effect moves the token now (R-2.6, R-4.4, R-4.5, FUJI99-RULES-1/2)."""
    kind = e["type"]
    if kind == "advance":
        return e["steps"]
    if kind == "advance_by_clear_drawn":
        return view["last_draw"]["clear"]
    if kind != "advance_to_rank_above":
        return 0
    if view["players"] == 2:
        return e["two_players_steps"] + e["then_steps"]
    token = view["token"]
    ahead = [s["position"] for s in view["seats"] if s["seat"] != view["turn_seat"] and s["position"] > token]
    return min(ahead) - token + e["then_steps"] if ahead else 0


def _discover(rules, view: dict, action: Action) -> Reason:
    """R-2.7, R-2.8: draw a Fuji card; the chance that it ends the turn in a crisis."""
    crisis = view["odds"]["crisis"]
    limit = view["rules"]["crisis_limit"]
    total = _me(view)["hand_total"]
    if crisis <= 0:
        return _key("discover_safe", total=total, limit=limit)
    name = "discover_keep" if view.get("usable") else "discover"
    return _key(name, crisis=pct(crisis), total=total, limit=limit)


def _give(rules, view: dict, action: Action) -> Reason:
    """R-2.9, FUJI99-RULES-5: the pagoda runs short; which card gets the clear cube."""
    card = action.args[0]
    costs = {c: rules.card_info(c)["cost"] or 0 for c in view.get("give") or {}}
    cost = costs.get(card, rules.card_info(card)["cost"] or 0)
    if costs and cost <= min(costs.values()):
        return _key("give_cheap", card=card, cost=cost)
    return _key("give", card=card)


_STEPS = {"draw": _draw, "again": _again, "stop": _stop, "use": _use, "discover": _discover,
          "give": _give}
