"""The steps of a turn, one function per rulebook step (R-1 set-up, R-2.1 to R-2.10).

Functions mutate the (already cloned) state and append Events.  A step that needs no
decision runs straight into the next one, so after every action the state waits for a
real choice: how many cubes to draw, which card to use, again or stop, where to put
the pagoda's last clear cubes.
"""
from __future__ import annotations

from games.core.engine import Event
from games.core.pending import Pending
from games.core.rng import Stream
from games.fuji99.data import CUBES, Fuji99Data
from games.fuji99.effects import draw_fuji, move_token, use_effects
from games.fuji99.state import ABILITY, CLEAR, DECIDE, DRAW, GIVE, RED, YELLOW, State


# --- R-1 set-up -----------------------------------------------------------------------------
def setup(d: Fuji99Data, players: int, seed: int | str, options: dict) -> State:
    """R-1.1 to R-1.4: colours and stories, filled bags, pagoda, yellow spaces, deck, start."""
    if not d.min_players <= players <= d.max_players:
        raise ValueError(f"fuji99 is for {d.min_players}-{d.max_players} players, not {players}")
    rng = Stream.for_game(seed, options)
    start = options.get("start_player")
    if not (isinstance(start, int) and not isinstance(start, bool) and 0 <= start < players):
        start = rng.randrange(players, "start")
    deck = rng.shuffled(d.card_ids, "deck", 0)
    s = State(seed=seed, players=players, options=dict(options), rng=rng,
              colours=_colours(d, players, options.get("colours")),
              stories=_stories(d, players, rng, options.get("stories")),
              start_player=start, turn_seat=start, pending=Pending(DRAW, start),
              positions=[0] * players, bags=[list(d.bag) for _ in range(players)],
              sheet_reds=[0] * players, used_yellows=[0] * players,
              hands=[[] for _ in range(players)], deck=deck,
              rocks_waiting=[[] for _ in range(players)], rocks_active=[[] for _ in range(players)],
              space_stock=[d.yellow_per_player * players for _ in d.yellow_spaces],
              bonuses=[[] for _ in range(players)], pagoda=d.components[CLEAR] - d.bag[CLEAR] * players)
    begin_turn(s, d, start)
    return s


def _colours(d: Fuji99Data, players: int, wanted) -> list:
    """Colours by seat order (FUJI99-RULES-10): a valid ``colours`` option, else the data's order."""
    if (isinstance(wanted, (list, tuple)) and len(wanted) >= players
            and len(set(wanted[:players])) == players and all(c in d.colours for c in wanted[:players])):
        return list(wanted[:players])
    return list(d.colours[:players])


def _stories(d: Fuji99Data, players: int, rng: Stream, wanted) -> list:
    """R-1.1: one story per seat; missing or unknown ids are picked from the seed (FUJI99-RULES-10)."""
    ids = [st.id for st in d.stories]
    wanted = list(wanted) if isinstance(wanted, (list, tuple)) else []
    return [wanted[i] if i < len(wanted) and wanted[i] in ids else rng.choice(ids, "story", i)
            for i in range(players)]


def begin_turn(s: State, d: Fuji99Data, seat: int) -> None:
    """A new turn: the token starts on the pawn, waiting 落石 cards become active (R-4.3)."""
    s.turn_seat, s.pending, s.turn = seat, Pending(DRAW, seat), s.turn + 1
    s.token = s.positions[seat]
    s.draws_this_turn = 0
    s.events.append(Event("fuji99.turn_start", {"seat": seat, "turn": s.turn}, None, None))
    if s.rocks_waiting[seat]:
        s.rocks_active[seat] = s.rocks_active[seat] + s.rocks_waiting[seat]  # rows: copy on write
        s.rocks_waiting[seat] = []
        s.events.append(Event("fuji99.rocks_active", {"seat": seat, "count": len(s.rocks_active[seat]),
                                                            "reds": rock_reds(s, d, seat)}, None, None))


# --- counts the steps rely on ----------------------------------------------------------------
def rock_reds(s: State, d: Fuji99Data, seat: int) -> int:
    """Reds counted for the seat's active 落石 cards."""
    return sum(map(d.per_card.rock_reds.__getitem__, s.rocks_active[seat]))


def reds_counted(s: State, d: Fuji99Data, seat: int) -> int:
    """Reds already on the sheet plus active 落石 cards (R-2.2)."""
    return s.sheet_reds[seat] + rock_reds(s, d, seat)


def move_bonus(s: State, d: Fuji99Data, seat: int) -> int:
    """Extra steps in every Move step from continuous cards in hand (健脚, R-2.3)."""
    return sum(map(d.per_card.move_bonus.__getitem__, s.hands[seat]))


def hand_total(s: State, d: Fuji99Data, seat: int) -> int:
    """The crisis values of the cards in hand (R-2.8)."""
    return sum(map(d.per_card.value.__getitem__, s.hands[seat]))


def draw_range(s: State, d: Fuji99Data) -> tuple[int, int]:
    """Smallest and largest N for ``draw N`` (R-2.1): at least 5, or the whole bag if smaller."""
    size = sum(s.bags[s.turn_seat])
    return min(d.min_draw, size), size


def usable_cards(s: State, d: Fuji99Data) -> list[str]:
    """Hand cards the current player can pay for with this draw's yellow cubes (R-2.6)."""
    have, cost = s.tray[YELLOW], d.per_card.use_cost
    return [c for c in s.hands[s.turn_seat] if cost[c] is not None and cost[c] <= have]


# --- draw, threat, move -------------------------------------------------------
def sample_cubes(s: State, n: int) -> list[str]:
    """N cubes drawn blind from the current bag, in draw order (tests may replace this)."""
    bag = s.bags[s.turn_seat]
    pool = [CUBES[0]] * bag[0] + [CUBES[1]] * bag[1] + [CUBES[2]] * bag[2]  # in colour order
    return s.stream().sample(pool, min(n, len(pool)), "draw", s.next_salt())


def step_draw(s: State, d: Fuji99Data, n: int) -> None:
    """R-2.1 [行動]: draw N cubes, then threat, move and the ability step."""
    seat = s.turn_seat
    order = sample_cubes(s, n)
    counts = [order.count(CUBES[0]), order.count(CUBES[1]), order.count(CUBES[2])]
    bag = s.own(s.bags, seat)
    for i in range(3):
        bag[i] -= counts[i]
    s.tray = list(counts)
    s.last_draw, s.last_order, s.last_seat = list(counts), list(order), seat
    s.draws_this_turn += 1
    s.events.append(Event("fuji99.drew", {"seat": seat, "n": len(order), "clear": counts[CLEAR],
                                                "yellow": counts[YELLOW], "red": counts[RED],
                                                "order": list(order)}, None, None))
    if step_threat(s, d) or step_move(s, d):
        return
    enter_ability(s, d)


def step_threat(s: State, d: Fuji99Data) -> bool:
    """R-2.2 [脅威]: reds drawn + on the sheet + 落石 reaching the limit is a red bust."""
    seat = s.turn_seat
    reds = s.tray[RED] + reds_counted(s, d, seat)
    if reds < d.red_limit:
        return False
    s.events.append(Event("fuji99.red_bust", {"seat": seat, "reds": reds,
                                                    "lost": s.token - s.positions[seat]}, None, None))
    s.token = s.positions[seat]
    end_turn(s, d)
    return True


def step_move(s: State, d: Fuji99Data) -> bool:
    """R-2.3 [移動]: every cube drawn plus 健脚 bonuses; reds go to the sheet."""
    seat = s.turn_seat
    bonus = move_bonus(s, d, seat)
    steps = sum(s.tray) + bonus
    s.sheet_reds[seat] += s.tray[RED]
    s.tray[RED] = 0
    s.events.append(Event("fuji99.moved", {"seat": seat, "steps": steps, "bonus": bonus,
                                                 "from": s.token, "to": min(d.goal, s.token + steps)}, None, None))
    return move_token(s, d, steps)


# --- ability, discover, crisis --------------------------------------------------
def enter_ability(s: State, d: Fuji99Data) -> None:
    """R-2.6 [能力]: wait for card uses, or go straight on when no card can be paid (FUJI99-RULES-4)."""
    s.pending = Pending(ABILITY, s.turn_seat)
    if not usable_cards(s, d):
        step_discover(s, d)


def step_use(s: State, d: Fuji99Data, card: str) -> None:
    """R-2.6: pay yellow from this draw, clear cubes on the card go to the bag, resolve."""
    seat, kind = s.turn_seat, d.kind(card)
    s.tray[YELLOW] -= kind.cost
    used = s.used_yellows = s.used_yellows[:]  # copy on write (State.successor)
    used[seat] += kind.cost
    s.own(s.hands, seat).remove(card)
    clear = 0
    if card in s.card_clear:
        on_cards = s.card_clear = s.card_clear.copy()  # copy on write (State.successor)
        clear = on_cards.pop(card)
    s.own(s.bags, seat)[CLEAR] += clear
    s.discard = [*s.discard, card]
    s.events.append(Event("fuji99.card_used", {"seat": seat, "card": card, "cost": kind.cost,
                                                     "clear": clear}, None, None))
    use_effects(s, d, kind, card)  # the ability step waits for ``discover`` (FUJI99-RULES-4): the use can be undone


def step_discover(s: State, d: Fuji99Data) -> None:
    """R-2.7 [発見]: draw one Fuji card (immediate effects happen), then the crisis check."""
    draw_fuji(s, d, s.turn_seat, "discover")
    step_crisis(s, d)


def step_crisis(s: State, d: Fuji99Data) -> None:
    """R-2.8 [危機]: a hand worth 7 or more is a crisis bust: hand and its cubes are lost."""
    seat = s.turn_seat
    total = hand_total(s, d, seat)
    if total < d.crisis_limit:
        s.pending = Pending(DECIDE, seat)
        return
    on_cards = s.card_clear = s.card_clear.copy()  # copy on write (State.successor)
    cubes = sum(on_cards.pop(c, 0) for c in s.hands[seat])
    s.pagoda += cubes
    s.events.append(
        Event(
            "fuji99.crisis_bust",
            {
                "seat": seat,
                "total": total,
                "cards": len(s.hands[seat]),
                "cubes": cubes,
                "lost": s.token - s.positions[seat],
            },
        )
    )
    s.discard = s.discard + s.hands[seat]
    s.hands[seat] = []
    s.token = s.positions[seat]
    end_turn(s, d)


# --- decide, R-2.10 end of turn -------------------------------------------------------------
def step_again(s: State, d: Fuji99Data) -> None:
    """R-2.9 go again: drawn cubes except sheet reds and paid yellows return to the bag."""
    seat = s.turn_seat
    bag = s.own(s.bags, seat)
    for i in range(3):
        bag[i] += s.tray[i]
    s.tray = [0, 0, 0]
    s.pending = Pending(DRAW, seat)
    s.events.append(Event("fuji99.again", {"seat": seat}, None, None))


def step_stop(s: State, d: Fuji99Data) -> None:
    """R-2.9 stop: clear cubes from the pagoda onto each hand card, then move the pawn."""
    seat = s.turn_seat
    due = {c: d.kind(c).clear for c in s.hands[seat] if d.kind(c).clear > 0}
    if sum(due.values()) <= s.pagoda:
        for card, k in due.items():
            _put_clear(s, card, k)
        finish_stop(s, d)
        return
    s.events.append(Event("fuji99.pagoda_short", {"seat": seat, "available": s.pagoda,
                                                        "needed": sum(due.values())}, None, None))
    s.pending = Pending(GIVE, seat, more=tuple(due.items()))
    settle_give(s, d)


def step_give(s: State, d: Fuji99Data, card: str) -> None:
    """R-2.9: the player chooses which card gets one of the pagoda's last cubes."""
    _put_clear(s, card, 1)
    p = s.pending
    left = tuple((c, k - (c == card)) for c, k in p.more)
    s.pending = Pending(GIVE, p.seat, more=tuple((c, k) for c, k in left if k))
    settle_give(s, d)


def settle_give(s: State, d: Fuji99Data) -> None:
    """Finish the pagoda choice once nothing is left to choose (FUJI99-RULES-5)."""
    left = s.pending.more
    if s.pagoda and len(left) == 1:
        card, k = left[0]
        _put_clear(s, card, min(k, s.pagoda))
        left = ()
    if not s.pagoda or not left:
        finish_stop(s, d)


def _put_clear(s: State, card: str, k: int) -> None:
    s.pagoda -= k
    on_cards = s.card_clear = s.card_clear.copy()  # copy on write (State.successor)
    on_cards[card] = on_cards.get(card, 0) + k
    s.events.append(Event("fuji99.clear_placed", {"seat": s.turn_seat, "card": card, "count": k}, None, None))


def finish_stop(s: State, d: Fuji99Data) -> None:
    """The pawn moves to the token; the turn ends (R-2.9)."""
    seat = s.turn_seat
    s.events.append(
        Event("fuji99.stopped", {"seat": seat, "from": s.positions[seat], "to": s.token}, None, None)
    )
    positions = s.positions = s.positions[:]  # copy on write (State.successor)
    positions[seat] = s.token
    end_turn(s, d)


def end_turn(s: State, d: Fuji99Data) -> None:
    """R-2.10: every cube but those on cards returns to the bag; active 落石 are discarded."""
    seat = s.turn_seat
    bag = s.own(s.bags, seat)
    for i in range(3):
        bag[i] += s.tray[i]
    bag[RED] += s.sheet_reds[seat]
    bag[YELLOW] += s.used_yellows[seat]
    s.tray, s.sheet_reds[seat] = [0, 0, 0], 0
    if s.used_yellows[seat]:
        used = s.used_yellows = s.used_yellows[:]  # copy on write (State.successor)
        used[seat] = 0
    if s.rocks_active[seat]:
        s.events.append(
            Event("fuji99.rocks_discarded", {"seat": seat, "count": len(s.rocks_active[seat])}, None, None)
        )
        s.discard = s.discard + s.rocks_active[seat]
        s.rocks_active[seat] = []
    begin_turn(s, d, (seat + 1) % s.players)
