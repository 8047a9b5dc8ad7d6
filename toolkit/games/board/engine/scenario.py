"""Scripted play for scenario tests: set a table, then run one rule with scripted answers.

>>> # game = table(rules, 1); drive(combat(game, 0, enemy, card="basic-strength", slot=2), ["basic"])
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TypeVar

from toolkit.games.board.engine.core import CHANCE, Decision, Game
from toolkit.games.board.engine.missions import MissionPort, NullMissions
from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.engine.setup import setup
from toolkit.games.board.engine.world import EnemyState, Place

T = TypeVar("T")


class ScriptError(AssertionError):
    """The rules asked a question the script did not answer as expected."""


def drive(rule: Generator[Decision, str, T], answers: Sequence[str] = ()) -> T:
    """Run a rule, answering each question with the next scripted answer.

    An answer matches an option exactly or as its prefix. With the script used up, a chance node
    takes its first outcome and a decision fails with the options it offered.
    """
    queue = list(answers)
    try:
        decision = next(rule)
        while True:
            if queue:
                wanted = queue.pop(0)
                match = [o for o in decision.options if o == wanted] or [
                    o for o in decision.options if o.startswith(wanted)
                ]
                if not match:
                    raise ScriptError(f"`{wanted}` is not among {decision.options} ({decision.topic})")
                decision = rule.send(match[0])
            elif decision.player == CHANCE:
                decision = rule.send(decision.options[0])
            else:
                raise ScriptError(f"unanswered {decision.topic}: {decision.options}")
    except StopIteration as stop:
        if queue:
            raise ScriptError(f"answers left over: {queue}") from None
        return stop.value  # type: ignore[no-any-return]


def table(
    rules: Rules, hunters: int = 1, missions: MissionPort | None = None, lineup: Sequence[str] = ()
) -> Game:
    """A game just after setup, every choice and draw taken as the first option."""
    game = Game(rules, hunters, 0, missions or NullMissions())
    if lineup:
        game.lineup = list(lineup)
    rule = setup(game)
    try:
        decision = next(rule)
        while True:
            decision = rule.send(decision.options[0])
    except StopIteration:
        pass
    for hunter in game.world.hunters:
        hunter.deck = sorted(hunter.deck + hunter.hand)
        hunter.hand = []
    game.world.enemies = []
    return game


def put_enemy(
    game: Game, enemy: str, place: Place, *, kind: str = "enemy", slot: int = 1, side: str = "a"
) -> EnemyState:
    """Put an enemy on the map in a chosen slot and side (replacing the slot's enemy)."""
    if kind == "enemy":
        game.world.slots[str(slot)] = [enemy, side]
    piece = EnemyState(game.world.take_uid(), kind, enemy, place, slot=slot if kind == "enemy" else 0)
    game.world.enemies.append(piece)
    return piece
