"""The greedy heuristic bot of Blood Hunt."""

from __future__ import annotations

from toolkit.games.blood_hunt.bots.determinize import determinize
from toolkit.games.blood_hunt.bots.evaluation import advantage
from toolkit.games.blood_hunt.engine.rng import SeededRandom
from toolkit.games.blood_hunt.engine.state import BloodHuntState


class HeuristicBot:
    """Greedy: tries each legal action on a copy and keeps the one that leaves its seat's
    advantage (collected points, set progress, likely tokens) highest, judged only from what the
    seat can see. Ties go to the first action.

    The copy is a determinization (hidden cards re-dealt at random), because trying an action on
    the true state would peek: after a swap with an opponent (card 8) or a forced reveal (card 1)
    the copy would show the opponent's real card."""

    name = "heuristic"

    def __init__(self, seat: int, seed: int, *, resample: bool = True) -> None:
        self.seat = seat
        self.rng = SeededRandom(seed)
        self.resample = resample
        """Re-deal hidden cards before trying actions; off for the search bot's playouts, whose
        states are samples already."""

    def step(self, state: BloodHuntState) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        base = determinize(state, self.seat, self.rng) if self.resample else state
        best, best_score = actions[0], float("-inf")
        for action in actions:
            child = base.clone()
            child.apply_action(action)
            score = advantage(child, self.seat, self.seat)
            if score > best_score:
                best, best_score = action, score
        return best
