"""Which instant effects a moment of the game sets off, and what they do to Blood Echoes.

Damage modifiers inside lasting triggers are handled by :mod:`toolkit.games.card.rules.modifiers`;
this module handles the instant verbs (`bank_echoes`, `gain_echoes`, `heal`, `damage_monster`,
`damage_hunters`) that a trigger sets off once when its moment comes — the Hunter Rune banking
echoes when its owner plays a weapon, say.

>>> from toolkit.games.card.model.cards import Rune
>>> rune = Rune.model_validate({"id": "hunter-rune", "name": "Hunter Rune", "effects": [
...     {"when_playing_weapon": [{"bank_echoes": {"portion": "half", "rounding": "down"}}]}]})
>>> ann = Party.hunter("ann")
>>> fired = fired_effects("playing-weapon", ann, [CardInPlay(rune, ann)])
>>> apply_echo_effects(Echoes(unbanked=7), [effect for _, effect in fired])
Echoes(unbanked=4, banked=3)
"""

from __future__ import annotations

from collections.abc import Iterable

from toolkit.games.card.model.effects import (
    INSTANT_VERBS,
    BankEchoes,
    BasicEffect,
    GainEchoes,
    Situation,
    flatten,
)
from toolkit.games.card.rules.echoes import Echoes, bank
from toolkit.games.card.rules.modifiers import CardInPlay, Party


def _belongs_to(card: CardInPlay, hunter: Party) -> bool:
    if card.owner is None:  # a main boss: its effects belong to every hunter
        return hunter.side == "hunter"
    return card.owner == hunter


def fired_effects(
    situation: Situation, hunter: Party, cards: Iterable[CardInPlay]
) -> list[tuple[CardInPlay, BasicEffect]]:
    """The instant effects of ``cards`` that ``situation`` sets off for ``hunter``, in card order.

    Damage modifiers are left out: they are not set off, they apply to damage while their trigger's
    situation lasts.
    """
    fired: list[tuple[CardInPlay, BasicEffect]] = []
    for card in cards:
        if not _belongs_to(card, hunter):
            continue
        for trigger, effect in flatten(card.card.effects):
            if trigger is not None and trigger.situation == situation and effect.verb in INSTANT_VERBS:
                fired.append((card, effect))
    return fired


def apply_echo_effects(echoes: Echoes, effects: Iterable[BasicEffect]) -> Echoes:
    """Apply the Blood Echo verbs among ``effects`` in order; other verbs leave echoes alone."""
    for effect in effects:
        if isinstance(effect, BankEchoes):
            echoes = bank(echoes, effect.bank_echoes.portion, effect.bank_echoes.rounding)
        elif isinstance(effect, GainEchoes):
            echoes = Echoes(echoes.unbanked + effect.gain_echoes, echoes.banked)
    return echoes
