"""The board game's scaling fields by what they count, each with the range it needs at 1-4 hunters.

Every `Scaling` field of a board-game model is one of these types, never a bare `Scaling`
(`tests/core/test_scaling_fields.py` fails on one that forgets its range), so a value such as
`hunters - 1` for a spawn count is rejected with "with 1 hunter this is 0".
"""

from __future__ import annotations

from typing import Annotated

from toolkit.core.expressions import MAX_MAGNITUDE, Scaling
from toolkit.core.scaling_range import ScalingRange

HUNTER_COUNTS = (1, 2, 3, 4)
"""The board game seats one to four hunters."""


def per_hunter(
    what: str, minimum: int = -MAX_MAGNITUDE, maximum: int = MAX_MAGNITUDE, *, complete: bool = True
) -> ScalingRange:
    """The range of a board-game scaling field, evaluated at each hunter count."""
    return ScalingRange(minimum, maximum, what, HUNTER_COUNTS, "hunters", complete)


BossHp = Annotated[Scaling, per_hunter("a boss's HP", 1, complete=False)]
"""HP of a boss phase: 1 or more. Missing rows are BB0409's to report (with the boss and phase)."""

Amount = Annotated[Scaling, per_hunter("an amount", 1)]
"""Damage, healing or a reward: 1 or more (0 would do nothing)."""

SpawnCount = Annotated[Scaling, per_hunter("a spawn count", 1)]
"""Miniatures spawned at once: 1 or more."""

TokenCount = Annotated[Scaling, per_hunter("a token count", 1)]
"""Tokens placed at once: 1 or more (a goal or rule names them)."""

SlayCount = Annotated[Scaling, per_hunter("a slay count", 1)]
"""Enemies a goal asks to slay: 1 or more (0 would be met at once)."""

InsightNeeded = Annotated[Scaling, per_hunter("the collected insight a goal needs", 1)]
"""Collected insight a goal needs: 1 or more (0 would be met at once)."""

CounterTarget = Annotated[Scaling, per_hunter("a counter's target", 1)]
"""The value a counter goal waits for: 1 or more (a counter starts at 0, so 0 is met at once)."""

CounterValue = Annotated[Scaling, per_hunter("a counter's value", 0)]
"""The value a counter is set to: 0 or more (goals only ever test `at_least`)."""

CounterChange = Annotated[Scaling, per_hunter("a counter's change")]
"""Added to a counter: any whole number within the limit (negative counts down)."""

HpChange = Annotated[Scaling, per_hunter("an HP change")]
"""Added to enemies' HP: any whole number within the limit (negative lowers it)."""

TileCount = Annotated[Scaling, per_hunter("a tile count", 0)]
"""Random tiles added to the tile deck: 0 or more."""

TilesWanted = Annotated[Scaling, per_hunter("the tiles a goal waits for", 1)]
"""Tiles a goal waits to see revealed: 1 or more (0 would be met at once)."""
