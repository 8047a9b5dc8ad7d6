"""What the heuristic team reads of the table while it answers one decision: the mission
situation, the enemies on each space, and who would strike a hunter where; each part worked out
once, on first use, instead of once per candidate space or option."""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.games.board.bots.choices import Choices
from toolkit.games.board.bots.targets import Situation, Targets, mission_situation
from toolkit.games.board.engine.activation import movement
from toolkit.games.board.engine.core import Game
from toolkit.games.board.engine.enemies import invulnerable, selectors
from toolkit.games.board.engine.world import EnemyState, Place

NOBODY: tuple[EnemyState, ...] = ()


class Sight:
    """One decision's reading of a table. Every answer is kept for the life of the object, so it
    is only valid while the table stays as it was: make a new one for every decision."""

    __slots__ = (
        "_by_uid",
        "_crowds",
        "_movers",
        "_situation",
        "_threats",
        "_wanted",
        "choices",
        "destinations",
        "g",
        "goal_set",
        "goals",
    )

    def __init__(self, g: Game) -> None:
        self.g = g
        self._situation: Situation | None = None
        self._crowds: dict[Place, list[EnemyState]] | None = None
        self._movers: list[tuple[Place, int]] | None = None
        self._threats: dict[Place, int] = {}
        self._by_uid: dict[int, EnemyState] | None = None
        self._wanted: tuple[Targets, list[EnemyState]] | None = None
        # The bot's own answers for this decision.
        self.goals: list[tuple[Targets, bool, list[Place]]] = []
        """(targets, moves only, goal places) for each asked (a few a decision)."""
        self.goal_set: set[Place] | None = None
        """The goal places of every target in play."""
        self.destinations: dict[int, Place | None] = {}
        """Where each hunter heads, by hunter index."""
        self.choices: tuple[list[str], Choices] | None = None
        """The option list read last, and what was read."""

    @property
    def situation(self) -> Situation:
        """The mission :class:`Situation` now (:func:`mission_situation`)."""
        found = self._situation
        if found is None:
            found = self._situation = mission_situation(self.g)
        return found

    def crowd(self, place: Place) -> Sequence[EnemyState]:
        """The enemies on ``place``, in the table's order (:meth:`Game.enemies_at`)."""
        crowds = self._crowds if self._crowds is not None else self.crowds()
        return crowds.get(place, NOBODY)

    def crowds(self) -> dict[Place, list[EnemyState]]:
        """The enemies on each space where some stand, in the table's order (do not change)."""
        crowds = self._crowds
        if crowds is None:
            crowds = self._crowds = {}
            for enemy in self.g.world.enemies:
                crowds.setdefault(enemy.place, []).append(enemy)
        return crowds

    def enemy(self, uid: int) -> EnemyState | None:
        """The first enemy with ``uid`` (:meth:`Game.find_enemy`)."""
        by_uid = self._by_uid
        if by_uid is None:
            by_uid = self._by_uid = {}
            for enemy in self.g.world.enemies:
                if enemy.uid not in by_uid:
                    by_uid[enemy.uid] = enemy
        return by_uid.get(uid)

    def threat(self, place: Place) -> int:
        """Enemies that would reach and attack a hunter on ``place`` in the next activation: within
        their movement over the enemies' graph and in activation range (on the tile or a joined
        one, no fog gates between)."""
        threats = self._threats
        known = threats.get(place)
        if known is not None:
            return known
        movers = self._movers
        if movers is None:
            g = self.g
            movers = self._movers = [(enemy.place, movement(g, enemy)) for enemy in g.world.enemies]
        distances = self.g.map.distances(place, enemy=True)
        reach = self.g.map.tiles_in_range(place[0])
        count = 0
        for where, steps in movers:
            d = distances.get(where)
            if d is not None and d <= steps and where[0] in reach:
                count += 1
        threats[place] = count
        return count

    def exposure(self, place: Place, leaving: Place | None = None) -> int:
        """Enemies that would attack a hunter ending the turn on ``place``: those of
        :meth:`threat`, and those on ``leaving`` when it is more than a step away (they pursue a
        hunter who walks away, then close in)."""
        count = self.threat(place)
        if leaving is not None and leaving != place:
            near = self.g.map.distances(place, enemy=True)
            if near.get(leaving, 99) > 1:
                count += len(self.crowd(leaving))
        return count

    def wanted(self, targets: Targets) -> list[EnemyState]:
        """The enemies ``targets`` want slain that can be harmed now (:func:`wants_slain`), in the
        table's order."""
        kept = self._wanted
        if kept is not None and kept[0] is targets:
            return kept[1]
        found: list[EnemyState] = []
        if targets.enemies:
            # `wants_slain` over every enemy, unrolled: this runs at most decisions.
            g, slays, wanted = self.g, targets.slays, targets.enemies
            shielded = g.world.invulnerable
            for enemy in g.world.enemies:
                kind = (enemy.kind, enemy.type, enemy.tag)
                if kind not in slays:
                    slays[kind] = any(key in wanted for key in selectors(enemy))
                if slays[kind] and (not shielded or not invulnerable(g, enemy)):
                    found.append(enemy)
        self._wanted = (targets, found)
        return found

    def shielded(self, uid: int) -> bool:
        """Whether the enemy ``uid`` is on the table and cannot be harmed yet."""
        if not self.g.world.invulnerable:
            return False
        enemy = self.enemy(uid)
        return enemy is not None and invulnerable(self.g, enemy)


def wants_slain(g: Game, enemy: EnemyState, targets: Targets) -> bool:
    """Whether ``targets`` want this enemy slain (one of its selectors) and it can be harmed now."""
    if not targets.enemies:
        return False
    slays, kind = targets.slays, (enemy.kind, enemy.type, enemy.tag)
    if kind not in slays:
        wanted = targets.enemies
        slays[kind] = any(key in wanted for key in selectors(enemy))
    return slays[kind] and (not g.world.invulnerable or not invulnerable(g, enemy))
