"""The game context the rule modules share: rules, world, map, mission port, and the two ways a
rule asks for input — a player decision or a chance draw.

Rules are written as generators: a rule that needs input yields a :class:`Decision` and receives
the chosen option string back (``choice = yield from g.ask(player, options)``). The state in
:mod:`.state` drives the generator, which is what makes the engine follow OpenSpiel's contract.
The turn's loop (:func:`.turn.play_chapter`) yields its own frequent questions as the same
:class:`Decision` ``ask`` would, so that an answer does not pass through a generator per level.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from toolkit.games.board.engine.map import MapView
from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.engine.tables import UNKNOWN, Tables, tables
from toolkit.games.board.engine.world import EnemyState, HunterState, Place, World

if TYPE_CHECKING:
    from toolkit.games.board.engine.missions import MissionOutcome, MissionPort

CHANCE = -1
"""`current_player()` at a chance node."""
TERMINAL = -4
"""`current_player()` once the chapter is over."""

MASK64 = (1 << 64) - 1
TWO_53 = float(1 << 53)


def mix_base(seed: int) -> int:
    """The seed's part of :func:`seeded_pick`'s sum, computed once per game."""
    return seed * 0x9E3779B97F4A7C15 + 0x94D049BB133111EB


def uniform(base: int, step: int) -> float:
    """A uniform number in [0, 1) from a seed's :func:`mix_base` and a step (splitmix64)."""
    z = (base + step * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    z ^= z >> 31
    return (z >> 11) / TWO_53


def seeded_pick(
    base: int,
    step: int,
    options: list[str],
    probabilities: list[float],
    cumulative: list[float] | None,
) -> str:
    """The chance outcome a seed gives at move ``step``: a uniform number in [0, 1) from the seed
    and the move number (splitmix64, ``base`` from :func:`mix_base`), then the first outcome whose
    running sum of probabilities exceeds it (ruling `board-lazy-decks`)."""
    u = uniform(base, step)
    if cumulative is not None:
        # The first outcome whose running sum exceeds u, as the loop below finds it.
        found = bisect_right(cumulative, u)
        return options[found if found < len(cumulative) else -1]
    total = 0.0
    for outcome, probability in zip(options, probabilities, strict=True):
        total += probability
        if u < total:
            return outcome
    return options[-1]


@dataclass(slots=True)
class Decision:
    """A question the rules ask: who answers, the options, and (for chance) their probabilities."""

    player: int
    options: list[str]
    probabilities: list[float] | None = None
    topic: str = ""
    """What is being decided (`action`, `step`, `dodge`, …), for bots and transcripts."""
    cumulative: list[float] | None = None
    """At a chance node, the running sums of the probabilities (for sampling by bisection)."""


T = TypeVar("T")
Gen = Generator[Decision, str, T]
"""A rule that may ask questions and finally returns a T."""


def _done() -> Gen[None]:
    return
    yield  # a generator function that returns at once


DONE: Gen[None] = _done()
"""A rule with nothing left to do, for a procedure that returns the generator of the rest of its
work (``yield from g.event(...)``) instead of being one: ``yield from DONE`` costs no frame. It is
exhausted once here, and an exhausted generator stays one, so it can be shared."""
DONE.close()


class Upcalls(NamedTuple):
    """The rule procedures that low-level rules call back into, handed to each :class:`Game`.

    The rules recurse: a mission outcome spawns and wounds, which tell the missions, whose
    outcomes run again; a card's Move effect is a whole move, which reveals tiles, which runs
    card effects. Passing these two in (:mod:`.assembly` fills them) keeps every rule module
    importing only the ones below it, so the engine has no import cycle."""

    run_mission: Callable[[Game, list[MissionOutcome]], Gen[None]]
    """Carry out what the mission interpreter answered (:func:`.mission_effects.run_mission`)."""
    free_move: Callable[[Game, int, int], Gen[None]]
    """A move granted by an effect (:func:`.turn.free_move`)."""


class HunterDown(Exception):
    """The active hunter was slain: their turn (and the enemy activation) ends at once."""


class ChapterOver(Exception):
    """The chapter ended: the hunt was completed or the final round ran out."""


@dataclass(slots=True)
class GameStats:
    """What the simulator reports about one game."""

    rounds: int = 0
    deaths: int = 0
    dream_trips: int = 0
    resets: int = 0
    enemies_slain: int = 0
    revealed: list[int] = field(default_factory=list)
    goals_met: list[str] = field(default_factory=list)
    narrative: list[str] = field(default_factory=list)
    falls: list[tuple[str, str]] = field(default_factory=list)
    """Each hunter slain, as (what slew them, the tile they stood on)."""
    dream_causes: dict[str, int] = field(default_factory=dict)
    """Trips to the Hunter's Dream by why the hunter went: `slain` or `chose to`."""


class Game:
    """Rules, world and map of one chapter in play, with the helpers every rule module uses."""

    def __init__(
        self, rules: Rules, hunters: int, seed: int, missions: MissionPort, upcalls: Upcalls
    ) -> None:
        self.rules = rules
        self.n = hunters
        self.seed = seed
        self.world = World()
        self.map = MapView(rules, self.world)
        self.tables: Tables = tables(rules)
        """Lookups derived once from the rules."""
        self.missions = missions
        self.upcalls = upcalls
        """The procedures the rules call back into (:class:`Upcalls`)."""
        self.stats = GameStats()
        self.active = 0
        """The hunter whose turn (or whose activation) is being played."""
        self.pending_dreams: list[int] = []
        """Hunters just slain or sent to the Dream whose Dream steps have not run yet: they run as
        soon as the strike, ability or action that sent them there is over (rulebook: a slain
        hunter goes to the Dream immediately, whoever's turn it is)."""
        self.weapon_ability_used = False
        self.lineup: list[str] = rules.hunter_order()[:hunters]
        """Which hunters play, in seat order (the first ones of the content by default)."""
        self.deferred: list[Any] = []
        """Mission placements waiting for their tile to be revealed (`WorldEffect`s)."""
        self.track_pending = False
        """True between telling the interpreter the track moves (round end, Dream) and moving the
        engine's own token; decisions in between see the two tracks one space apart."""
        self.protection_ends: dict[str, Any] = {}
        """`make_invulnerable` keys and the mission condition that ends each."""
        self.last_event_place: Place | None = None
        """Where the event being handled happened (for `event_space` places)."""
        self.history: list[str] = []
        """The answers given so far (the state's history; the move number of a draw is its length)."""
        self.auto_until = -1
        """While ``len(history)`` is below this, a draw is not asked: the rules take the outcome the
        seed gives at that move and record it in the history themselves (the state's auto-chance
        mode, for playouts). Otherwise every draw is a chance node."""
        self.mix_base = mix_base(seed)

    # --- asking ---------------------------------------------------------------------------------

    def ask(self, player: int, options: list[str], topic: str = "") -> Gen[str]:
        """A decision; a forced choice (one option) is taken without asking."""
        if not options:
            raise RuntimeError(f"no options for {topic}")
        if len(options) == 1:
            return options[0]
        choice = yield Decision(player, options, None, topic)
        return choice

    def draw(self, pool: list[str], topic: str) -> Gen[str]:
        """Draw one item from an unordered pool as a chance outcome and remove it from the pool."""
        tables = self.tables
        chances = tables.chance_memo.get(tuple(pool), UNKNOWN)
        if chances is UNKNOWN:
            chances = tables.chances(pool)
        history = self.history
        step = len(history)
        if chances is None:
            item = pool[0]
        elif step < self.auto_until:
            # What the driver would answer with `sample_chance()`, without a round trip to it:
            # `seeded_pick` with `uniform` written out, the draw being the engine's most frequent
            # question. Searching the sums below the last one gives the last outcome when none
            # exceeds u, as `seeded_pick` does.
            z = (self.mix_base + step * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            item = chances[0][bisect_right(chances[2], (z >> 11) / TWO_53, 0, chances[3])]
            history.append(item)
        else:
            item = yield Decision(CHANCE, chances[0], chances[1], topic, chances[2])
        pool.remove(item)
        return item

    # --- reading ---------------------------------------------------------------------------------

    def hunter(self, index: int) -> HunterState:
        return self.world.hunters[index]

    def log(self, line: str) -> None:
        world = self.world
        world.log.append(f"r{world.round} {line}")

    def label(self, place: Place | None) -> str:
        return "the Hunter's Dream" if place is None else self.map.label(place)

    # These run for every piece on every turn: loops rather than comprehensions, which are
    # function calls of their own.

    def hunters_on_map(self) -> list[int]:
        found: list[int] = []
        for i, hunter in enumerate(self.world.hunters):
            if hunter.place is not None:
                found.append(i)
        return found

    def enemies_at(self, place: Place) -> list[EnemyState]:
        found: list[EnemyState] = []
        for enemy in self.world.enemies:
            if enemy.place == place:
                found.append(enemy)
        return found

    def enemy_name(self, enemy: EnemyState) -> str:
        return f"{enemy.type}#{enemy.uid}"

    def find_enemy(self, uid: int) -> EnemyState | None:
        for enemy in self.world.enemies:
            if enemy.uid == uid:
                return enemy
        return None

    def event(self, kind: str, **data: Any) -> Gen[None]:
        """Tell the mission port that something happened (now) and return what applies its
        answer, for ``yield from``; most events change nothing, and then no generator is made."""
        place = data.get("place")
        if isinstance(place, list):
            self.last_event_place = (int(place[0]), str(place[1]))
        missions = self.missions
        outcomes = missions.notify(kind, data)
        if outcomes or self.protection_ends or missions.pending_choice() is not None:
            return self.upcalls.run_mission(self, outcomes)
        return DONE
