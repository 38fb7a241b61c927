"""Scoring (R-5.1 to R-5.4, R-6.3): the scores and winners of a game as it stands."""
from __future__ import annotations

from games.core.engine import Outcome, rank_by
from games.toutomi.data import ToutomiData
from games.toutomi.state import State


def scores(data: ToutomiData, s: State) -> Outcome:
    """R-5.1 to R-5.4 (standard) or R-6.3 (short variant): the scores as the game stands."""
    if s.short:
        counts = [len(p) for p in s.points]
        ranking, winners = rank_by([(c,) for c in counts])
        return Outcome(tuple(counts), winners, ranking,
                       tuple({"toutomi.bd_point_cards": c} for c in counts), None)
    counts = [len(p) for p in s.situations]
    fewest = min(counts)
    scores, breakdown = [], []
    for seat, held in enumerate(s.situations):
        faces = [data.by_card[c] for c in held]
        plain = sum(f.points for f in faces if f.kind == "points")
        bonus = sum(f.points for f in faces if f.kind == "new_world") if counts[seat] == fewest else 0
        scores.append(plain + bonus)
        breakdown.append({"toutomi.bd_points": plain, "toutomi.bd_new_world": bonus})
    ranking, winners = rank_by(list(zip(scores, counts, strict=True)))
    best = max(scores)
    tied = [i for i in range(s.players) if scores[i] == best]
    tiebreak = None
    if len(tied) > 1:  # more situation cards; still tied, a shared win
        tiebreak = "toutomi.tiebreak_cards" if len(winners) < len(tied) else "toutomi.tiebreak_shared"
    return Outcome(tuple(scores), winners, ranking, tuple(breakdown), tiebreak)
