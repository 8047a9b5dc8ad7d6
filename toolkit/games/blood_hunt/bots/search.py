"""An information-set search bot: determinized sampling with common samples for every action.

The one-step evaluation first cuts the legal actions to a short list of candidates. Then, for each
of ``samples`` determinizations of what its seat has seen (:mod:`.determinize`), the bot tries every
candidate, finishes its own turn with the heuristic policy (chance draws come from the
sample's own generator), and scores the result with the static evaluation. Every action is scored
on the same samples, so the comparison between actions is not drowned by the luck of the draw; the
action with the best total wins (ties: the lowest action number).

A UCB tree over the same information sets (SO-ISMCTS) was tried first and not kept; see
docs/blood-hunt.md for what was measured and why it does not settle the question.
"""

from __future__ import annotations

from toolkit.games.blood_hunt.bots.determinize import determinize
from toolkit.games.blood_hunt.bots.evaluation import advantage
from toolkit.games.blood_hunt.bots.heuristic import HeuristicBot
from toolkit.games.blood_hunt.engine.rng import SeededRandom
from toolkit.games.blood_hunt.engine.state import BloodHuntState

DEFAULT_SAMPLES = 6
DEFAULT_CANDIDATES = 4
"""Actions searched in depth; the rest are cut by a one-step evaluation first."""


class SearchBot:
    """Determinized search of its seat's information set; see the module docstring."""

    name = "search"

    def __init__(self, seat: int, seed: int, samples: int = DEFAULT_SAMPLES) -> None:
        self.seat = seat
        self.rng = SeededRandom(seed)
        self.samples = samples
        self.candidates = DEFAULT_CANDIDATES
        self.greedy = HeuristicBot(seat, seed, resample=False)
        self.seer: int | None = seat
        """Whose knowledge the leaf evaluation uses; ``None`` trusts the sampled cards."""

    def step(self, state: BloodHuntState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        legal = self._shortlist(state, legal)
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            sample = determinize(state, self.seat, self.rng)
            for index, action in enumerate(legal):
                child = sample.clone()
                child.apply_action(action)
                self._finish_turn(child)
                totals[index] += advantage(child, self.seat, self.seer)
        best = max(range(len(legal)), key=lambda i: (totals[i], -legal[i]))
        return legal[best]

    def _shortlist(self, state: BloodHuntState, legal: list[int]) -> list[int]:
        """The ``candidates`` actions the one-step evaluation likes best (all when few)."""
        if len(legal) <= self.candidates:
            return legal
        sample = determinize(state, self.seat, self.rng)
        scored = []
        for action in legal:
            child = sample.clone()
            child.apply_action(action)
            scored.append((-advantage(child, self.seat, self.seer), action))
        return [action for _, action in sorted(scored)[: self.candidates]]

    def _finish_turn(self, sample: BloodHuntState) -> None:
        """Play the rest of the seat's own turn with the heuristic policy."""
        while not sample.is_terminal():
            if sample.is_chance_node():
                sample.apply_action(sample.sample_chance())
            elif sample.current_player() == self.seat:
                sample.apply_action(self.greedy.step(sample))
            else:
                return
