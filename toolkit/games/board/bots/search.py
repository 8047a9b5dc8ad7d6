"""A Monte Carlo search bot over the heuristic team.

At each action decision of a hunter's turn the bot lists a few sensible candidates (the heuristic's
own pick, the cheapest card for every other kind of action, the best blows on each enemy, every
item), plays each of them out with a few short rollouts by the heuristic team, and keeps the
candidate whose rollouts end best — but leaves the heuristic's pick only when another candidate
beats it by a clear margin, since the heuristic is already a decent player and a noisy estimate
would otherwise talk it out of good moves.

The rollouts of every candidate share their random numbers (common random numbers): rollout ``k``
draws its chance outcomes from the same seed, keyed by the kind of draw and how many of that kind
came before, whatever the candidate, and its heuristic team is seeded alike, so the candidates are
compared on the same luck. The rollout seeds come from the bot's own seed, never from the game's:
the bot does not peek at the decks. A rollout ends at the hunter's action decision two rounds later
(enemy activations and the track's advances included) and the position is scored by
:func:`evaluate`. :class:`SearchSettings` sets the budget: candidates, rollouts per candidate,
rounds of look-ahead, and the margin.

Everything else (steps, combat answers, the Dream) is left to the heuristic: those decisions are
not at a hunter's action, where a clone costs a table copy; elsewhere a clone replays the game.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from dataclasses import dataclass

from toolkit.games.board.bots.heuristic import HeuristicBot, attack_score, threat
from toolkit.games.board.bots.targets import mission_targets
from toolkit.games.board.engine.core import Game, mix_base, seeded_pick
from toolkit.games.board.engine.state import BoardState

SEARCHED_TOPICS = frozenset({"action"})
"""Decisions worth searching: where a clone is a table copy, and where the turn's plan is made."""

WIN = 1000.0
"""The score of a won chapter (a lost one scores minus this)."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard the search bot thinks: its cost per decision is about
    ``candidates x rollouts`` short rollouts of one round each."""

    rollouts: int = 3
    """Rollouts per candidate, with the same random numbers for every candidate."""
    rounds: int = 2
    """Look-ahead of a rollout: it ends at the searching hunter's action decision this many rounds
    later (or at the end of the chapter)."""
    max_candidates: int = 6
    """At most this many candidates per decision (the heuristic's pick always among them)."""
    attacks_per_enemy: int = 2
    """Blows tried on each enemy: the best by the heuristic's attack score."""
    margin: float = 10.0
    """How much better (in :func:`evaluate` points, mean of the paired differences) a candidate
    must score than the heuristic's pick to be played instead; it must also score better in at
    least three rollouts out of four (all of them when there are three)."""
    step_cap: int = 600
    """Decisions and chance draws per rollout at most (a safety net; rounds end long before)."""


def wanted_damage(g: Game) -> int:
    """Damage dealt to the enemies the missions want slain (bosses above all)."""
    targets = mission_targets(g)
    return sum(e.damage for e in g.world.enemies if HeuristicBot.wanted(g, e, targets))


def goal_distance(g: Game, bot: HeuristicBot) -> int:
    """Steps from each hunter on the map to where the heuristic would head, summed."""
    total = 0
    for index, hunter in enumerate(g.world.hunters):
        if hunter.place is None:
            continue
        goal = bot.destination(g, index)
        if goal is not None:
            total += min(g.map.distances(hunter.place, enemy=False).get(goal, 8), 8)
    return total


def evaluate(state: BoardState) -> float:
    """How well the hunters stand: a win dwarfs everything, then mission progress (steps
    completed, insight, cards revealed, damage on the enemies the missions want slain), then the
    Hunt Track left, health, deaths, enemies about to strike, and the way to the next goal."""
    g = state.game
    world = g.world
    if world.outcome == "won":
        return WIN
    if world.outcome == "lost":
        return -WIN
    machine = getattr(g.missions, "machine", None)
    completed = len(machine.chapter.completed) if machine is not None else 0
    insight = len(machine.state.campaign.insight) if machine is not None else 0
    hp = sum(h.hp for h in world.hunters if h.place is not None)
    echoes = sum(h.echoes for h in world.hunters)
    deaths = sum(h.deaths for h in world.hunters)
    danger = sum(threat(g, i, h.place) for i, h in enumerate(world.hunters) if h.place is not None)
    return (
        60.0 * completed
        + 40.0 * insight
        + 15.0 * len(g.missions.revealed())
        + 3.0 * wanted_damage(g)
        + 2.0 * hp
        + 2.0 * echoes
        - 12.0 * world.track
        - 10.0 * deaths
        - 2.0 * danger
        - 3.0 * goal_distance(g, HeuristicBot(0))
    )


def chance_pick(state: BoardState, seed: int, drawn: Counter[str]) -> str:
    """A chance outcome drawn from ``seed`` (never the game's seed), the kind of draw and how many
    of that kind the rollout has drawn before: the third enemy action card of a rollout comes from
    the same random number whatever the candidate, even when the candidates' histories differ in
    length (keyed by move number, one extra step would shift every later draw)."""
    decision = state.decision()
    assert decision is not None and decision.probabilities is not None
    topic = decision.topic
    step = drawn[topic]
    drawn[topic] += 1
    return seeded_pick(
        mix_base(seed ^ zlib.crc32(topic.encode())),
        step,
        decision.options,
        decision.probabilities,
        decision.cumulative,
    )


class SearchBot:
    """Flat Monte Carlo over a hunter's actions, with paired heuristic rollouts and the heuristic's
    pick as the default."""

    name = "search"

    def __init__(self, seed: int, settings: SearchSettings | None = None) -> None:
        self.rng = random.Random(seed)
        self.heuristic = HeuristicBot(seed)
        self.settings = settings or SearchSettings()
        self.searched = 0
        """Decisions searched so far."""
        self.overruled = 0
        """Decisions where the search played something other than the heuristic's pick."""
        self.rollouts_played = 0
        """Rollouts played so far (the bot's cost)."""

    def act(self, state: BoardState) -> str:
        decision = state.decision()
        assert decision is not None
        default = self.heuristic.act(state)
        if decision.topic not in SEARCHED_TOPICS or len(decision.options) == 1:
            return default
        candidates = self.candidates(state, default)
        if len(candidates) == 1:
            return default
        self.searched += 1
        seeds = [self.rng.randrange(1 << 62) for _ in range(self.settings.rollouts)]
        values = self.values(state, candidates, seeds)
        best = self.choose(values, default)
        if best != default:
            self.overruled += 1
        return best

    def choose(self, values: dict[str, list[float]], default: str) -> str:
        """The candidate to play: the one with the best mean, if it beats the default by more than
        the margin on the mean of the paired differences and in most of the rollouts; else the
        default."""
        base = values[default]
        best, best_gain = default, self.settings.margin
        for option, scores in values.items():
            diffs = [a - b for a, b in zip(scores, base, strict=True)]
            gain = sum(diffs) / len(diffs)
            ahead = sum(1 for d in diffs if d > 0)
            if gain > best_gain and 4 * ahead >= 3 * len(diffs):
                best, best_gain = option, gain
        return best

    def values(self, state: BoardState, candidates: list[str], seeds: list[int]) -> dict[str, list[float]]:
        """The rollout scores of each candidate, rollout ``k`` of every candidate on seed ``k``."""
        return {option: [self.rollout(state, option, seed) for seed in seeds] for option in candidates}

    def candidates(self, state: BoardState, default: str) -> list[str]:
        """The options worth a rollout: the heuristic's pick; for moves, interactions,
        transformations and the Dream the cheapest card (which card is spent matters less than
        what is done); the best blows on each enemy; every item used or fired; ending the turn."""
        decision = state.decision()
        assert decision is not None
        g = state.game
        index = decision.player
        picked = [default]
        for word in ("move", "interact", "transform", "dream"):
            cheapest = self.heuristic.cheapest(g, decision.options, word)
            if cheapest is not None:
                picked.append(cheapest)
        by_enemy: dict[int, list[tuple[float, str]]] = {}
        for option in decision.options:
            if option.startswith("attack "):
                uid = int(option.rsplit("#", 1)[1])
                enemy = g.find_enemy(uid)
                if enemy is not None:
                    by_enemy.setdefault(uid, []).append((attack_score(g, index, option, enemy), option))
            elif option.startswith(("use ", "fire ")) or option == "end turn":
                picked.append(option)
        for uid in sorted(by_enemy):
            best = sorted(by_enemy[uid], key=lambda pair: (-pair[0], pair[1]))
            picked += [option for _, option in best[: self.settings.attacks_per_enemy]]
        unique = list(dict.fromkeys(picked))
        return unique[: self.settings.max_candidates]

    def rollout(self, state: BoardState, option: str, seed: int) -> float:
        """Play ``option`` then :attr:`SearchSettings.rounds` rounds on with the heuristic team,
        chance drawn from ``seed``."""
        self.rollouts_played += 1
        decision = state.decision()
        assert decision is not None
        player = decision.player
        copy = state.clone()
        policy = HeuristicBot(seed)
        # The policy decides here first so that its plan for the move (where it heads, where it
        # retreats) is the one the real team's heuristic made.
        policy.act(copy)
        copy.apply_action(option)
        drawn: Counter[str] = Counter()
        start = copy.game.world.round
        for _ in range(self.settings.step_cap):
            if copy.is_terminal():
                break
            if copy.is_chance_node():
                copy.apply_action(chance_pick(copy, seed, drawn))
                continue
            pending = copy.decision()
            assert pending is not None
            later = copy.game.world.round - start
            if later > self.settings.rounds or (
                later == self.settings.rounds and pending.topic == "action" and pending.player == player
            ):
                break
            copy.apply_action(policy.act(copy))
        return evaluate(copy)
