"""The board game with OpenSpiel's contract.

``new_initial_state(content, campaign, chapter, hunters, seed)`` gives a :class:`BoardState`.
``current_player()`` is a hunter index, :data:`CHANCE` or :data:`TERMINAL`; ``legal_actions()``
lists readable action strings (at a chance node: the outcomes); ``chance_outcomes()`` gives
(outcome, probability); ``apply_action`` plays one. Every shuffle is lazy — a deck is an unordered
pool and each draw is a chance node — so a game replays exactly from (seed, actions), and
``sample_chance()`` picks an outcome from the seed and the move number alone (ruling
`board-lazy-decks`). Each chapter is played from fresh hunters (ruling `board-standalone-chapters`).

A playout that takes every draw by the seed anyway (``play_out``, ``huntkit simulate``) can switch
the state to auto-chance (``BoardState(..., auto_chance=True)`` or :meth:`BoardState.set_auto_chance`):
the rules then take each such outcome themselves, without stopping at a chance node, and record it
in the history as ``apply_action`` would — the same game, history, serialization and replays.

A choice with a single option is taken without asking; it does not appear in the history.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Generator
from copy import deepcopy
from typing import Any

from toolkit.core.index import ContentIndex
from toolkit.games.board.engine.assembly import new_game
from toolkit.games.board.engine.core import (
    CHANCE,
    TERMINAL,
    Decision,
    Game,
    mix_base,
    seeded_pick,
    uniform,
)
from toolkit.games.board.engine.missions import MissionPort, NullMissions
from toolkit.games.board.engine.rules import Rules, load_rules
from toolkit.games.board.engine.setup import setup
from toolkit.games.board.engine.tables import Tables
from toolkit.games.board.engine.turn import play_chapter, resume_at_action

MissionFactory = Callable[[Rules, int], MissionPort]
"""Builds the mission interpreter for a chapter and a hunter count."""

MAX_HUNTERS = 4


def game_info(rules: Rules) -> dict[str, int | float]:
    """Declared facts of the game, which the playout tests check: players, returns, length."""
    return {
        "min_hunters": 1,
        "max_hunters": min(MAX_HUNTERS, len(rules.hunters)),
        "min_utility": 0.0,
        "max_utility": 1.0,
        # The track advances every round after the first, so the final round comes by then.
        "max_rounds": rules.track.length,
    }


class IllegalActionError(ValueError):
    """An action that is not among the legal ones."""


def default_missions(rules: Rules, hunters: int) -> MissionPort:
    """The mission interpreter of issue 4 when installed, else the null stand-in."""
    if rules.index is None:
        return NullMissions()
    from toolkit.games.board.engine.interpreter_adapter import make_port

    return make_port(rules, hunters)


def opening(g: Game) -> Generator[Decision, str, None]:
    """The setup and the start of the hunt."""
    yield from setup(g)
    yield from g.event("start_of_hunt")


def play(g: Game) -> Generator[Decision, str, None]:
    """The whole chapter as one generator of decisions."""
    return play_chapter(g, opening(g))


_MISSING = object()


class _SharedMemo(dict[int, Any]):
    """A :func:`copy.deepcopy` memo that answers "already copied: itself" for every object of
    the rules bundle, so a copied game shares them instead of copying them."""

    def __init__(self, shared: dict[int, Any]) -> None:
        super().__init__()
        self.shared = shared

    def get(self, key: int, default: Any = None) -> Any:
        found = dict.get(self, key, _MISSING)
        return self.shared.get(key, default) if found is _MISSING else found


def shared_objects(rules: Rules) -> dict[int, Any]:
    """Every object reachable from the rules bundle and what is built once per bundle (tables,
    the interpreter's campaign book and lookups, parsed events), by id. Games already share them,
    so none is per-game state; computed on the first copy (objects built later are copied)."""
    tables = rules.cache.get("engine-tables")
    if isinstance(tables, Tables) and tables.shared is not None:
        return tables.shared
    seen: dict[int, Any] = {id(rules): rules}
    if rules.index is not None:
        seen[id(rules.index)] = rules.index  # reached only through the rules: not walked
    stack: list[Any] = list(rules.cache.values())
    while stack:
        item = stack.pop()
        if isinstance(item, str | int | float | bool | bytes | type) or item is None or id(item) in seen:
            continue
        seen[id(item)] = item
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif hasattr(item, "__dict__"):
            stack.extend(vars(item).values())
        else:
            stack.extend(getattr(item, name, None) for name in getattr(type(item), "__slots__", ()))
    if isinstance(tables, Tables):
        tables.shared = seen
    return seen


def mix(seed: int, step: int) -> float:
    """A uniform number in [0, 1) from the seed and the move number (splitmix64)."""
    return uniform(mix_base(seed), step)


class BoardState:
    """A chapter in play. Mutable: ``clone()`` before exploring."""

    def __init__(
        self,
        rules: Rules,
        hunters: int,
        seed: int,
        missions: MissionFactory = default_missions,
        *,
        auto_chance: bool = False,
    ) -> None:
        if not 1 <= hunters <= min(MAX_HUNTERS, len(rules.hunters)):
            raise ValueError(f"hunters must be 1-{MAX_HUNTERS}, got {hunters}")
        self.rules = rules
        self.hunters = hunters
        self.seed = seed
        self._factory = missions
        self.game = new_game(rules, hunters, seed, missions(rules, hunters))
        self.history: list[str] = self.game.history
        """Every answer and chance outcome so far (the rules append the draws they take in
        auto-chance mode to this same list)."""
        if auto_chance:
            self.game.auto_until = sys.maxsize
        self._script = play(self.game)
        self._decision: Decision | None = None
        self._step(None)

    # --- driving the generator ----------------------------------------------------------------------

    def _step(self, answer: str | None) -> None:
        try:
            self._decision = next(self._script) if answer is None else self._script.send(answer)
        except StopIteration:
            self._decision = None
            if not self.game.world.outcome:
                self.game.world.outcome = "lost"

    # --- the contract -------------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self._decision is None else self._decision.player

    def is_terminal(self) -> bool:
        return self._decision is None

    def is_chance_node(self) -> bool:
        return self._decision is not None and self._decision.player == CHANCE

    def decision(self) -> Decision | None:
        """The pending question (options, topic), for bots."""
        return self._decision

    def legal_actions(self) -> list[str]:
        return [] if self._decision is None else list(self._decision.options)

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self._decision is None or self._decision.probabilities is None:
            return []
        return list(zip(self._decision.options, self._decision.probabilities, strict=True))

    def apply_action(self, action: str) -> None:
        decision = self._decision
        if decision is None or action not in decision.options:
            raise IllegalActionError(f"`{action}` is not legal here")
        self.history.append(action)
        # `_step(action)`, written out: this runs once per move.
        try:
            self._decision = self._script.send(action)
        except StopIteration:
            self._decision = None
            if not self.game.world.outcome:
                self.game.world.outcome = "lost"

    def sample_chance(self) -> str:
        """The chance outcome this seed gives at this move."""
        decision = self._decision
        if decision is None or decision.probabilities is None:
            raise IndexError("not a chance node")
        # `mix(self.seed, len(self.history))`, with the seed's part of the sum computed once.
        return seeded_pick(
            self.game.mix_base,
            len(self.history),
            decision.options,
            decision.probabilities,
            decision.cumulative,
        )

    def apply_chance(self) -> None:
        """At a chance node, play the outcome this seed gives (``apply_action(sample_chance())``
        without checking again that the outcome is legal)."""
        action = self.sample_chance()
        self.history.append(action)
        self._step(action)

    def set_auto_chance(self, on: bool = True, until: int | None = None) -> None:
        """Switch auto-chance on or off. While on, every draw takes the outcome
        :meth:`sample_chance` would give, inside the rules, and appends it to the history; no chance
        node is shown. ``until`` stops that once the history holds that many moves (later draws are
        chance nodes again), so a step cap falls where it would with explicit chance steps. A chance
        node pending when switched on is played at once (within ``until``)."""
        game = self.game
        game.auto_until = (sys.maxsize if until is None else until) if on else -1
        while self.is_chance_node() and len(self.history) < game.auto_until:
            self.apply_chance()

    @property
    def auto_chance(self) -> bool:
        """True while draws are taken by the seed inside the rules (see :meth:`set_auto_chance`)."""
        return self.game.auto_until > len(self.history)

    def returns(self) -> list[float]:
        """1 for every hunter when the hunt is complete, 0 otherwise (a cooperative game)."""
        won = self.game.world.outcome == "won"
        return [1.0 if won else 0.0] * self.hunters

    def action_to_string(self, action: str) -> str:
        return action

    # --- copies -------------------------------------------------------------------------------------

    def clone(self) -> BoardState:
        """A separate state in the same position.

        A generator cannot be copied, so in general the copy replays the game from the seed and
        the history. At a hunter's action decision — where a search tries its options — nothing
        is pending but the table itself, so the table is copied and a new generator resumes the
        turn there (:func:`.turn.resume_at_action`); that costs a copy, not a replay.

        The copy shows every chance node (auto-chance off), whatever this state's mode."""
        decision = self._decision
        if decision is not None and decision.topic == "action" and decision.player >= 0:
            copy = self._copy_at_action(decision)
            if copy is not None:
                return copy
        return self.replay()

    def replay(self) -> BoardState:
        """A separate state in the same position, replayed from the seed and the history."""
        copy = BoardState(self.rules, self.hunters, self.seed, self._factory)
        for action in self.history:
            copy.apply_action(action)
        return copy

    def _copy_at_action(self, decision: Decision) -> BoardState | None:
        """A copy of the table with a generator resuming at this action decision, or None if the
        resumed generator does not ask the same question (then the caller replays)."""
        copy = BoardState.__new__(BoardState)
        copy.rules, copy.hunters, copy.seed = self.rules, self.hunters, self.seed
        copy._factory = self._factory
        memo = _SharedMemo(shared_objects(self.rules))
        copy.history = list(self.history)
        memo[id(self.history)] = copy.history  # the copied game appends to the copy's history
        memo[id(self.game.upcalls)] = self.game.upcalls  # functions: shared, as the rules are
        copy.game = deepcopy(self.game, memo)
        copy.game.auto_until = -1
        copy._script = resume_at_action(copy.game, decision.player)
        copy._decision = None
        copy._step(None)
        resumed = copy._decision
        if resumed is None or (resumed.player, resumed.options, resumed.topic) != (
            decision.player,
            decision.options,
            decision.topic,
        ):
            return None
        return copy

    def serialize(self) -> str:
        return json.dumps(
            {
                "campaign": self.rules.campaign.id,
                "chapter": self.rules.chapter.number,
                "hunters": self.hunters,
                "seed": self.seed,
                "actions": self.history,
            },
            sort_keys=True,
        )

    def snapshot(self) -> dict[str, Any]:
        """Everything observable, as a JSON value: equal snapshots mean equal states."""
        world = self.game.world.snapshot()
        return {
            "world": world,
            "missions": self.game.missions.snapshot(),
            "pending": None if self._decision is None else [self._decision.player, self._decision.options],
        }

    def __str__(self) -> str:
        return "\n".join(self.game.world.log[-20:])


def deserialize(rules: Rules, text: str, missions: MissionFactory = default_missions) -> BoardState:
    """Rebuild a state from :meth:`BoardState.serialize` output and the same rules."""
    data = json.loads(text)
    state = BoardState(rules, int(data["hunters"]), int(data["seed"]), missions)
    for action in data["actions"]:
        state.apply_action(action)
    return state


def new_initial_state(
    content: ContentIndex | Rules,
    campaign: str = "",
    chapter: int = 1,
    hunters: int = 2,
    seed: int = 0,
    *,
    pack: str = "",
    missions: MissionFactory = default_missions,
) -> BoardState:
    """A new chapter: ``content`` is a content index (with ``pack`` to look from) or a rules bundle."""
    rules = (
        content if isinstance(content, Rules) else load_rules(content, pack or campaign, campaign, chapter)
    )
    return BoardState(rules, hunters, seed, missions)
