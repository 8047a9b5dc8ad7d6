"""Scripted play for scenario tests: set a table, then run one rule with scripted answers.

>>> # game = table(rules, 1); drive(combat(game, 0, enemy, card="basic-strength", slot=2), ["basic"])
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TypeVar

from toolkit.games.board.engine.assembly import new_game
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

    An answer matches an option exactly or as its prefix. A chance node the next answer does not
    match takes its first outcome; an unanswered decision fails with the options it offered.
    """
    queue = list(answers)
    try:
        decision = next(rule)
        while True:
            if decision.player == CHANCE and (not queue or not _matches(decision.options, queue[0])):
                # Draws the script does not name take their first outcome.
                decision = rule.send(decision.options[0])
            elif queue:
                wanted = queue.pop(0)
                match = [o for o in decision.options if o == wanted] or [
                    o for o in decision.options if o.startswith(wanted)
                ]
                if not match:
                    raise ScriptError(f"`{wanted}` is not among {decision.options} ({decision.topic})")
                decision = rule.send(match[0])
            else:
                raise ScriptError(f"unanswered {decision.topic}: {decision.options}")
    except StopIteration as stop:
        if queue:
            raise ScriptError(f"answers left over: {queue}") from None
        return stop.value  # type: ignore[no-any-return]


def _matches(options: list[str], wanted: str) -> bool:
    return any(o == wanted or o.startswith(wanted) for o in options)


def table(
    rules: Rules, hunters: int = 1, missions: MissionPort | None = None, lineup: Sequence[str] = ()
) -> Game:
    """A game just after setup, every choice and draw taken as the first option."""
    game = new_game(rules, hunters, 0, missions or NullMissions())
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


_BUILTIN: dict[tuple[str, int], Rules] = {}


def builtin_rules(campaign: str = "the-pale-bell", chapter: int = 1) -> Rules:
    """The rules of a chapter of a built-in campaign (loaded once per process)."""
    key = (campaign, chapter)
    if key not in _BUILTIN:
        from toolkit.core.packs import builtin_content_root
        from toolkit.core.pipeline import validate_paths
        from toolkit.games.board.engine.rules import load_rules

        result = validate_paths([builtin_content_root() / "campaigns" / campaign])
        _BUILTIN[key] = load_rules(result.index, campaign, campaign, chapter)
    return _BUILTIN[key]


def reveal(game: Game, origin: Place, edge: str, tile: str, join: str) -> Place:
    """Reveal ``tile`` through ``origin``'s exit ``edge``, joining by its ``join`` edge."""
    from toolkit.games.board.engine.tiles import reveal_tile

    rest = [t for t in game.world.tile_deck if t != tile]
    game.world.tile_deck = [tile]
    answers = [f"join by {join}"] if len(game.rules.tiles[tile].exits) > 1 else []
    entry = drive(reveal_tile(game, 0, origin, edge), answers)
    game.world.tile_deck = rest
    assert entry is not None
    return entry
