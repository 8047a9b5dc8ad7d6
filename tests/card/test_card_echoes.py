"""Banking Blood Echoes, as the Hunter Rune and the house upgrades use it."""

from __future__ import annotations

from toolkit.core.model import Document
from toolkit.games.card.model.cards import Rune
from toolkit.games.card.model.effects import BankEchoes, Trigger
from toolkit.games.card.rules.echoes import Echoes, bank


def test_hunter_rune_banks_half_rounding_down(content: dict[str, dict[str, Document]]) -> None:
    rune = content["rune"]["hunter-rune"]
    assert isinstance(rune, Rune)
    [trigger] = rune.effects
    assert isinstance(trigger, Trigger)
    [effect] = trigger.wrapped()
    assert isinstance(effect, BankEchoes)
    options = effect.bank_echoes
    assert bank(Echoes(7, 1), options.portion, options.rounding) == Echoes(unbanked=4, banked=4)


def test_banking_all_leaves_nothing_unbanked() -> None:
    assert bank(Echoes(5, 2), "all") == Echoes(0, 7)


def test_banking_half_rounding_up() -> None:
    assert bank(Echoes(5), "half", "up") == Echoes(2, 3)


def test_banking_nothing_changes_nothing() -> None:
    assert bank(Echoes(0, 3), "half") == Echoes(0, 3)
