"""Rune set-up: after the Main Boss is chosen, each hunter draws 2 Runes, keeps 1 face up.

The kept Rune is in effect for the whole game. The booklet does not say whether the Rune a hunter
discards goes back before the next hunter draws; ruling `rune-draw-without-replacement` decides it
does not: all draws come from one shuffled deck, and discards are set aside.

Randomness is passed in (a seeded :class:`random.Random`), so a set-up replays from its seed.

>>> import random
>>> draws = draw_runes(["ann", "bo"], ["hunter", "beast", "moon", "lake"], random.Random(1))
>>> sorted(len(pair) for pair in draws.values())
[2, 2]
>>> kept = keep_runes(draws, {"ann": draws["ann"][1], "bo": draws["bo"][0]})
>>> kept.kept["ann"] == draws["ann"][1]
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

RUNES_DRAWN = 2
"""How many Runes each hunter draws."""

RUNES_KEPT = 1
"""How many of them each hunter keeps."""


class RuneSetupError(ValueError):
    """A rune set-up that the rules do not allow."""


class NotEnoughRunesError(RuneSetupError):
    """The deck holds fewer Runes than the hunters must draw."""


class RuneChoiceError(RuneSetupError):
    """A hunter keeps a Rune they did not draw, or a hunter's choice is missing."""


@dataclass(frozen=True, slots=True)
class RuneSetup:
    """The outcome of rune set-up."""

    kept: Mapping[str, str]
    """The Rune each hunter keeps face up, by hunter."""

    discarded: Mapping[str, str]
    """The Rune each hunter discards, by hunter."""


def draw_runes(hunters: Sequence[str], deck: Sequence[str], rng: random.Random) -> dict[str, tuple[str, str]]:
    """Shuffle ``deck`` with ``rng`` and deal 2 Runes to each hunter, in seat order."""
    needed = RUNES_DRAWN * len(hunters)
    if len(set(hunters)) != len(hunters):
        raise RuneSetupError("each hunter draws once; a hunter is listed twice")
    if needed > len(deck):
        raise NotEnoughRunesError(
            f"{len(hunters)} hunters draw {needed} Runes but the deck holds {len(deck)}"
        )
    shuffled = list(deck)
    rng.shuffle(shuffled)
    return {hunter: (shuffled[2 * seat], shuffled[2 * seat + 1]) for seat, hunter in enumerate(hunters)}


def keep_runes(draws: Mapping[str, tuple[str, str]], choices: Mapping[str, str]) -> RuneSetup:
    """Each hunter keeps the Rune ``choices`` names (one of the two drawn) and discards the other."""
    kept: dict[str, str] = {}
    discarded: dict[str, str] = {}
    for hunter, pair in draws.items():
        choice = choices.get(hunter)
        if choice is None:
            raise RuneChoiceError(f"{hunter} has not chosen a Rune")
        if choice not in pair:
            raise RuneChoiceError(f"{hunter} keeps {choice!r} but drew {pair[0]!r} and {pair[1]!r}")
        kept[hunter] = choice
        discarded[hunter] = pair[1] if choice == pair[0] else pair[0]
    unknown = set(choices) - set(draws)
    if unknown:
        raise RuneChoiceError(f"choices for hunters who drew no Runes: {sorted(unknown)}")
    return RuneSetup(kept=kept, discarded=discarded)
