"""The rules of a built-in chapter, loaded once per process, for the engine's machinery tests and
benchmarks (playouts, clones, golden transcripts, bots).

Rules situations are not set up here: a table, the engine's actions and what must follow are
written as `rule-scenario` documents (toolkit/games/board/scenarios/), run by `huntkit test`.
"""

from __future__ import annotations

from toolkit.games.board.engine.rules import Rules

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
