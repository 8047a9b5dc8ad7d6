"""The shape of a game plug-in: its content kinds, its checks, and what its numbers scale with.

A game is a plug-in of the core (DESIGN.md): the pipeline loads, schema-validates and indexes any
pack, then dispatches on the pack's ``game`` to that game's checks. Engines, bots and commands are
looked up through the same plug-in by the commands that need them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import Document
from toolkit.core.vocabulary import Vocabulary

Check = Callable[[ContentIndex, Pack], Iterable[Diagnostic]]
"""A rule or graph check: reads the index, reports on the documents of one pack."""


@dataclass(frozen=True)
class GamePlugin:
    """Everything the core needs to know about one game."""

    id: str
    """The pack ``game`` value: ``bloodborne-board``, ``bloodborne-card`` or ``blood-hunt``."""

    title: str
    kinds: Mapping[str, type[Document]]
    """Content kinds by their ``kind`` value. Kind names are unique across all games."""

    checks: Sequence[Check] = ()
    slow_checks: Sequence[Check] = ()
    """Those of ``checks`` that explore (seconds rather than milliseconds): an editor shows the other
    checks' results first and these when they are done. They play content through (the board
    game's mission flow), so they also wait, on each part of a pack, until it has no reading,
    schema or reference error (BB01xx-BB03xx): played with an unknown name in it, content mostly
    shows the same error again, further from where it is."""

    check_scope: Callable[[Any], str | None] | None = None
    """The part of a pack a document belongs to, from its plain data (the board game: its
    campaign, named like ``campaign 'the-pale-bell'``), or None for the pack as a whole. A document
    that cannot be read or validated holds back the checks of its part only; without this, of
    the whole pack."""

    count_variable: str = "hunters"
    """The name scaling expressions use for the player count."""

    player_counts: tuple[int, ...] = (1, 2, 3, 4)
    core_pack: str = "core"
    """The built-in pack a lone file of this game is checked against."""

    extras: Mapping[str, object] = field(default_factory=dict)
    """Engine factories, bots and the like, for the commands that use them."""

    vocabularies: Sequence[Vocabulary] = ()
    """The game's content vocabularies, each with the code that plays it and the one list of what
    is not simulated (the coverage test and the BB0620 warnings read them)."""
