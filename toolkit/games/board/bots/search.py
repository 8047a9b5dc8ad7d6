"""A search bot over the heuristic team that searches only the decisions that decide the chapter.

The heuristic plays every decision; the bot looks ahead at two kinds only, where a look-ahead pays:

- **Mission choices** (`choose:` on a mission card — take the lantern or see the widow home,
  follow the sexton or not). The heuristic takes them at random so that every branch of a
  campaign gets played; the bot plays every option out to the end of the chapter a few times
  with the heuristic team and takes the one that wins most often.
- **The endgame**: a hunter's action decision once the Hunt Track is within
  :attr:`SearchSettings.endgame_spaces` of its last space. A few candidates (the heuristic's pick,
  the cheapest card for every other kind of action, the best blows on each enemy, every item,
  ending the turn) are played out to the end of the chapter, which is then only a round or two
  away, so a rollout is short and its result is the thing that counts: won or lost. The
  heuristic's pick stands unless another candidate wins in at least
  :attr:`SearchSettings.margin_wins` more rollouts.

Earlier designs searched every action decision with rollouts two rounds deep, scored by a
hand-weighted position value (or a fitted one); they cost about 5 CPU-seconds a game and did not
beat the heuristic (docs/board-simulation.md, "The search bot"): a two-round look-ahead sees
damage and deaths, not what decides a chapter. Searching few decisions to the end sees exactly
that, and costs far less.

The rollouts of every candidate share their random numbers (common random numbers): rollout ``k``
draws its chance outcomes from the same seed, keyed by the kind of draw and how many of that kind
came before, whatever the candidate, and its heuristic team is seeded alike, so the candidates are
compared on the same luck. The rollout seeds come from the bot's own seed, never from the game's:
the bot does not peek at the decks.

**Budget.** The cost is counted in engine moves: every move a rollout plays, and every move a
copy of the game replays (a copy at a mission choice replays the game; at an action decision it is
a table copy, counted as :data:`ACTION_COPY_MOVES`). A game's search never spends more than
:attr:`SearchSettings.budget` moves: a search that would go over it is dropped and the heuristic's
pick played, so the cost per game has a ceiling whatever the chapter.
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

CHOICE_TOPIC = "mission-choice"
ACTION_TOPIC = "action"

WIN = 1000.0
"""The score of a won chapter (a lost one scores minus this)."""

ACTION_COPY_MOVES = 30
"""What a copy at a hunter's action decision is charged, in moves: it copies the table instead
of replaying (about 1 ms, the time of some 30 moves of a heuristic playout)."""

SEED_SALT = 0x5EA7C4
"""Mixed into the bot's seed for its rollout seeds, so they are not the heuristic's own draws."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard the search bot thinks, and where."""

    choice_rollouts: int = 8
    """Rollouts to the end of the chapter per option of a mission choice (0: choices are the
    heuristic's)."""
    endgame_spaces: int = 1
    """Action decisions are searched once the Hunt Track is at most this many spaces from its
    last one (1: on the last two spaces, the final round included)."""
    rollouts: int = 4
    """Rollouts to the end of the chapter per candidate of an endgame action decision (0: actions
    are the heuristic's)."""
    max_candidates: int = 5
    """At most this many candidates per endgame decision (the heuristic's pick always among them)."""
    attacks_per_enemy: int = 2
    """Blows tried on each enemy: the best by the heuristic's attack score."""
    margin_wins: int = 1
    """How many more rollouts (at least) an endgame candidate must win than the heuristic's pick to
    be played instead (a mission choice has no default worth keeping: the heuristic's is random)."""
    budget: int = 20_000
    """Engine moves the search may spend in one game (rollouts and replayed copies)."""
    step_cap: int = 3_000
    """Moves per rollout at most (a safety net; chapters end long before)."""


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
    Hunt Track left, health, deaths, enemies about to strike, and the way to the next goal.

    The search's rollouts run to the end of the chapter, so this is ±:data:`WIN` for them; the
    rest only orders a rollout cut off by :attr:`SearchSettings.step_cap`."""
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


class OverBudget(Exception):
    """A search would spend more moves than the game's budget has left."""


class SearchBot:
    """The heuristic team, with paired rollouts to the end of the chapter at mission choices and
    at the endgame's action decisions."""

    name = "search"

    def __init__(self, seed: int, settings: SearchSettings | None = None) -> None:
        self.rng = random.Random(seed ^ SEED_SALT)
        self.heuristic = HeuristicBot(seed)
        self.settings = settings or SearchSettings()
        self.spent = 0
        """Engine moves spent on the search so far (rollouts and replayed copies): the budget's
        counter."""
        self.searched: Counter[str] = Counter()
        """Decisions searched so far, by topic."""
        self.overruled: Counter[str] = Counter()
        """Searched decisions where the bot played something other than the heuristic's pick."""
        self.dropped = 0
        """Searches given up because the budget ran out (the heuristic's pick was played)."""
        self.rollouts_played = 0

    def act(self, state: BoardState) -> str:
        decision = state.decision()
        assert decision is not None
        # The heuristic decides every time, so its plan for a move (where it heads, where it
        # retreats) is made as it would be without the search.
        default = self.heuristic.act(state)
        if len(decision.options) == 1 or self.spent >= self.settings.budget:
            return default
        if decision.topic == CHOICE_TOPIC and self.settings.choice_rollouts > 0:
            candidates, rollouts, margin = list(decision.options), self.settings.choice_rollouts, 0
        elif decision.topic == ACTION_TOPIC and self.settings.rollouts > 0 and self.in_endgame(state.game):
            candidates = self.candidates(state, default)
            rollouts, margin = self.settings.rollouts, self.settings.margin_wins
        else:
            return default
        if len(candidates) == 1:
            return default
        seeds = [self.rng.randrange(1 << 62) for _ in range(rollouts)]
        try:
            values = self.values(state, candidates, seeds)
        except OverBudget:
            # The moves already played count: the budget is a ceiling on the work done.
            self.dropped += 1
            return default
        self.searched[decision.topic] += 1
        best = self.choose(values, default, margin)
        if best != default:
            self.overruled[decision.topic] += 1
        return best

    def in_endgame(self, g: Game) -> bool:
        """Whether the Hunt Track is close enough to its end for an action to be searched."""
        return g.world.track >= g.rules.track.length - self.settings.endgame_spaces

    @staticmethod
    def choose(values: dict[str, list[float]], default: str, margin_wins: int) -> str:
        """The candidate with the best total over its rollouts, if it beats the default's by at
        least ``margin_wins`` won rollouts' worth (a won rollout scores 2 × :data:`WIN` more than a
        lost one) or, with no margin, at all; else the default. Ties go to the earlier candidate."""
        base = sum(values[default])
        best, bar = default, base + margin_wins * 2 * WIN - (1e-6 if margin_wins else 0.0)
        for option, scores in values.items():
            total = sum(scores)
            if option != default and total > bar:
                best, bar = option, total
        return best

    def values(self, state: BoardState, candidates: list[str], seeds: list[int]) -> dict[str, list[float]]:
        """The rollout scores of each candidate, rollout ``k`` of every candidate on seed ``k``."""
        return {option: [self.rollout(state, option, seed) for seed in seeds] for option in candidates}

    def candidates(self, state: BoardState, default: str) -> list[str]:
        """The options worth a rollout at an action decision: the heuristic's pick; for moves,
        interactions, transformations and the Dream the cheapest card (which card is spent matters
        less than what is done); every item used or fired; ending the turn; the best blows on each
        enemy."""
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

    def charge(self, moves: int) -> None:
        """Count ``moves`` against the budget, or raise :class:`OverBudget` if they do not fit."""
        if self.spent + moves > self.settings.budget:
            raise OverBudget
        self.spent += moves

    def rollout(self, state: BoardState, option: str, seed: int) -> float:
        """Play ``option``, then the heuristic team to the end of the chapter, chance drawn from
        ``seed``; the final position's :func:`evaluate`."""
        decision = state.decision()
        assert decision is not None
        self.charge(ACTION_COPY_MOVES if decision.topic == ACTION_TOPIC else len(state.history))
        self.rollouts_played += 1
        copy = state.clone()
        policy = HeuristicBot(seed)
        # The policy decides here first so that its plan for the move (where it heads, where it
        # retreats) is the one the real team's heuristic made.
        policy.act(copy)
        copy.apply_action(option)
        self.charge(1)
        drawn: Counter[str] = Counter()
        for _ in range(self.settings.step_cap):
            if copy.is_terminal():
                break
            self.charge(1)
            if copy.is_chance_node():
                copy.apply_action(chance_pick(copy, seed, drawn))
            else:
                copy.apply_action(policy.act(copy))
        return evaluate(copy)
