"""The board game as a plug-in: component kinds, campaign kinds, their checks, and its hooks."""

from __future__ import annotations

from typing import TextIO

from toolkit.core.index import ContentIndex, Pack
from toolkit.core.plugin import GamePlugin, PlayOptions, PlayWebOptions, SimulateOptions, TuneOptions
from toolkit.core.vocabulary import not_simulated_check
from toolkit.games.board.checks import BOARD_CHECKS
from toolkit.games.board.checks.flow import FLOW_CHECKS
from toolkit.games.board.checks.scope import campaign_scope
from toolkit.games.board.mission import MISSION_KINDS
from toolkit.games.board.model import COMPONENT_KINDS
from toolkit.games.board.scenarios.entry import SCENARIO_KINDS, play_companion, run_scenarios
from toolkit.games.board.vocabulary import VOCABULARIES
from toolkit.publish.faces.check import check_card_text

DEFAULT_COUNTS = (2,)
"""Hunters `simulate` plays when none are given."""
DEFAULT_BOT = "heuristic"


def play(index: ContentIndex, pack: Pack, options: PlayOptions, /) -> int:
    """`huntkit play` for the board game: the table companion."""
    return play_companion(
        index,
        pack,
        campaign=options.campaign,
        count=options.count,
        save=options.save,
        resume=options.resume,
        script=options.script,
        seed=options.seed,
        bot=options.bot,
    )


def simulate(index: ContentIndex, pack: Pack, options: SimulateOptions, out: TextIO, /) -> int:
    """`huntkit simulate` for the board game; the engine and bots load only when it runs."""
    from toolkit.games.board.simulate import run

    return run(
        index,
        pack,
        campaign=options.campaign,
        chapter=options.chapter,
        counts=options.counts or DEFAULT_COUNTS,
        games=options.games,
        seed=options.seed,
        bot=options.bot or DEFAULT_BOT,
        workers=options.workers,
        format=options.format,
        plot=options.plot,
        cluster=options.cluster,
        out=out,
    )


def tune(index: ContentIndex, pack: Pack, options: TuneOptions, out: TextIO, /) -> int:
    """`huntkit tune` for the board game (engine and bots load only when it runs)."""
    from toolkit.games.board.tune_hook import run

    return run(
        index,
        pack,
        knob=options.knob,
        target=options.target,
        chapter=options.chapter,
        campaign=options.campaign,
        counts=options.counts,
        games=options.games,
        seed=options.seed,
        bot=options.bot,
        workers=options.workers,
        low=options.low,
        high=options.high,
        cluster=options.cluster,
        format=options.format,
        out=out,
    )


def play_web(index: ContentIndex, pack: Pack, options: PlayWebOptions, /) -> int:
    """`huntkit play --web` for the board game (Starlette and uvicorn load only when it runs)."""
    from toolkit.games.board.web.entry import play_web as run

    return run(
        index,
        pack,
        campaign=options.campaign,
        count=options.count,
        save=options.save,
        resume=options.resume,
        host=options.host,
        port=options.port,
    )


PLUGIN = GamePlugin(
    id="bloodborne-board",
    title="Bloodborne: The Board Game",
    kinds={**COMPONENT_KINDS, **MISSION_KINDS, **SCENARIO_KINDS},
    checks=(*BOARD_CHECKS, not_simulated_check(VOCABULARIES), check_card_text),
    slow_checks=FLOW_CHECKS,
    check_scope=campaign_scope,
    count_variable="hunters",
    player_counts=(1, 2, 3, 4),
    core_pack="core",
    play=play,
    play_web=play_web,
    test=run_scenarios,
    simulate=simulate,
    tune=tune,
    vocabularies=VOCABULARIES,
)
