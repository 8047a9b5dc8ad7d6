"""The shape of a game plug-in: its content kinds, its checks, and the hooks the commands call.

A game is a plug-in of the core (DESIGN.md): the pipeline loads, schema-validates and indexes any
pack, then dispatches on the pack's ``game`` to that game's checks. ``huntkit play``, ``test``,
``simulate`` and ``tune`` validate the pack and call the game's hook with the validated index, the
pack and one options value; a game that has no hook for a command leaves it ``None`` and the
command says so (exit 2). Plug-ins are found through entry points (:mod:`toolkit.core.registry`).

What each consumer reads:

- ``validate``, ``fmt``, ``schema``: :attr:`GamePlugin.kinds` and :attr:`GamePlugin.checks`;
- ``lsp``: the same, running :attr:`GamePlugin.slow_checks` after the others have answered;
- the site: ``kinds`` (a page per kind), ``title``, and the verb tables of the plug-in's package;
- ``new``: ``core_pack``;
- ``play`` (``--web``), ``test``, ``simulate``, ``tune``: the hook of that name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TextIO

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import ID_PATTERN, Document
from toolkit.core.vocabulary import Vocabulary

if TYPE_CHECKING:
    from toolkit.core.scenario.results import ScenarioResult

Check = Callable[[ContentIndex, Pack], Iterable[Diagnostic]]
"""A rule or graph check: reads the index, reports on the documents of one pack."""

ReportFormat = Literal["text", "json"]


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """``huntkit play``'s options. ``None`` is "not given": the game picks, or refuses what it
    cannot honour (the board companion has no bots, so it refuses ``seed`` and ``bot``)."""

    campaign: str | None = None
    count: int | None = None
    """``--hunters`` or ``--players``."""
    save: Path | None = None
    resume: Path | None = None
    script: Path | None = None
    """Read the reports from this file instead of the keyboard."""
    seed: int | None = None
    bot: str | None = None
    """Opponent bots, comma-separated."""


@dataclass(frozen=True, slots=True)
class PlayWebOptions:
    """``huntkit play --web``'s options: the companion served on ``host:port`` until Ctrl-C."""

    host: str
    port: int
    campaign: str | None = None
    count: int | None = None
    save: Path | None = None
    resume: Path | None = None
    language: str | None = None
    """``--lang``: the language of huntkit's words on the page (the index is already in it)."""


@dataclass(frozen=True, slots=True)
class SimulateOptions:
    """``huntkit simulate``'s options, checked for size by the command before the pack loads."""

    games: int = 100
    seed: int = 0
    workers: int = 1
    format: ReportFormat = "text"
    counts: tuple[int, ...] | None = None
    """Player counts; ``None``: the game's own default."""
    bot: str | None = None
    """Bots, comma-separated; ``None``: the game's default bot."""
    campaign: str | None = None
    chapter: int | None = None
    plot: Path | None = None
    cluster: str | None = None


@dataclass(frozen=True, slots=True)
class TuneOptions:
    """``huntkit tune``'s options: one knob, a wanted win rate, and how to play for it."""

    knob: str
    target: float
    """The wanted win rate, 0 to 1."""
    chapter: int
    counts: tuple[int, ...]
    campaign: str | None = None
    games: int = 100
    seed: int = 0
    bot: str = "heuristic"
    workers: int = 1
    low: int | None = None
    high: int | None = None
    cluster: str | None = None
    format: ReportFormat = "text"


class PlayHook(Protocol):
    """Play a validated pack at the terminal; returns the exit code (0 done, 1 broke, 2 refused)."""

    def __call__(self, index: ContentIndex, pack: Pack, options: PlayOptions, /) -> int: ...


class PlayWebHook(Protocol):
    """Serve the companion in a browser; returns 0 after Ctrl-C, 2 for a usage problem."""

    def __call__(self, index: ContentIndex, pack: Pack, options: PlayWebOptions, /) -> int: ...


class SimulateHook(Protocol):
    """Play many games with bots and write the balance report to ``out``; returns the exit code."""

    def __call__(self, index: ContentIndex, pack: Pack, options: SimulateOptions, out: TextIO, /) -> int: ...


class TuneHook(Protocol):
    """Search the knob's value per count and write the table to ``out``; returns the exit code."""

    def __call__(self, index: ContentIndex, pack: Pack, options: TuneOptions, out: TextIO, /) -> int: ...


class ScenarioHook(Protocol):
    """Run every scenario document of one pack (``huntkit test``)."""

    def __call__(self, index: ContentIndex, pack: Pack, /) -> list[ScenarioResult]: ...


HOOKS = ("play", "play_web", "test", "simulate", "tune")
"""The commands a game may offer, each a field of :class:`GamePlugin` of the same name."""


@dataclass(frozen=True)
class GamePlugin:
    """Everything huntkit needs to know about one game."""

    id: str
    """The pack ``game`` value (``bloodborne-board``); also the name of its entry point."""

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

    vocabularies: Sequence[Vocabulary] = ()
    """The game's content vocabularies, each with the code that plays it and the one list of what
    is not simulated (the coverage test and the BB0620 warnings read them)."""

    play: PlayHook | None = None
    play_web: PlayWebHook | None = None
    """`huntkit play --web`."""
    test: ScenarioHook | None = None
    simulate: SimulateHook | None = None
    tune: TuneHook | None = None


_ID = re.compile(ID_PATTERN)


def contract_problems(plugin: GamePlugin) -> list[str]:
    """What of ``plugin`` breaks the contract (a third-party object is checked before it is used:
    a wrong field would otherwise fail deep inside a command, far from its cause)."""
    problems: list[str] = []
    if not isinstance(plugin.id, str) or not _ID.match(plugin.id):
        problems.append(f"its id {plugin.id!r} is not a kebab-case id")
    if not isinstance(plugin.kinds, Mapping):
        return [*problems, "its kinds are not a mapping of kind names to Document classes"]
    for kind, model in plugin.kinds.items():
        if not (isinstance(model, type) and issubclass(model, Document)):
            problems.append(f"its kind {kind!r} maps to {model!r}, not a Document class")
    for name in ("checks", "slow_checks"):
        if any(not callable(check) for check in getattr(plugin, name)):
            problems.append(f"its {name} hold something that cannot be called")
    problems.extend(
        f"its {hook} hook cannot be called"
        for hook in HOOKS
        if getattr(plugin, hook) is not None and not callable(getattr(plugin, hook))
    )
    return problems
