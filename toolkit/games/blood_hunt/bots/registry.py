"""Every Blood Hunt bot by name, as the commands ask for them (``random``, ``heuristic``, ``search:12``)."""

from __future__ import annotations

from collections.abc import Callable

from toolkit.games.blood_hunt.bots.base import Bot, RandomBot
from toolkit.games.blood_hunt.bots.heuristic import HeuristicBot
from toolkit.games.blood_hunt.bots.search import SearchBot

BotFactory = Callable[[int, int], Bot]


def bot_factories() -> dict[str, BotFactory]:
    """Every bot by name (``search`` takes an optional sample count: ``search:12``)."""
    return {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}


def make_bot(spec: str, seat: int, seed: int) -> Bot:
    """Build a bot from ``name`` or ``search:samples``; raises ``ValueError`` for unknown names."""
    name, _, argument = spec.partition(":")
    factories = bot_factories()
    if name not in factories:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(sorted(factories))}")
    if argument:
        if name != "search" or not argument.isdigit() or int(argument) < 1:
            raise ValueError(f"bot {spec!r}: only search takes a sample count (search:12)")
        return SearchBot(seat, seed, samples=int(argument))
    return factories[name](seat, seed)
