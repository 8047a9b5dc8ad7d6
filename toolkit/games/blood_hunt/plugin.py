"""Blood Hunt as a plug-in: its content kinds, checks, and the hooks the shared ``huntkit
simulate``, ``play`` and ``test`` commands call (the engine loads only when one runs)."""

from __future__ import annotations

from typing import TextIO

from toolkit.core.index import ContentIndex, Pack
from toolkit.core.plugin import GamePlugin, PlayOptions, SimulateOptions
from toolkit.core.vocabulary import not_simulated_check
from toolkit.games.blood_hunt.checks.content import BLOOD_HUNT_CHECKS
from toolkit.games.blood_hunt.hooks import play_hook, simulate_hook
from toolkit.games.blood_hunt.model.documents import BLOOD_HUNT_KINDS
from toolkit.games.blood_hunt.scenarios import run_scenarios
from toolkit.games.blood_hunt.vocabulary import VOCABULARIES
from toolkit.publish.faces.check import check_card_text


def play(index: ContentIndex, pack: Pack, options: PlayOptions, /) -> int:
    """`huntkit play`: you are P1 and bots take the other seats."""
    return play_hook(
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
    """`huntkit simulate`: seeded games between bots; no campaigns, chapters, plots or clusters."""
    return simulate_hook(
        index,
        pack,
        campaign=options.campaign,
        chapter=options.chapter,
        counts=options.counts,
        games=options.games,
        seed=options.seed,
        bot=options.bot,
        workers=options.workers,
        format=options.format,
        plot=options.plot,
        cluster=options.cluster,
        out=out,
    )


PLUGIN = GamePlugin(
    id="blood-hunt",
    title="Blood Hunt",
    kinds=BLOOD_HUNT_KINDS,
    checks=(*BLOOD_HUNT_CHECKS, not_simulated_check(VOCABULARIES), check_card_text),
    count_variable="players",
    player_counts=(2, 3, 4),
    core_pack="blood-hunt",
    play=play,
    test=run_scenarios,
    simulate=simulate,
    vocabularies=VOCABULARIES,
)
