"""The combat tables (engine/combat_tables.py) agree with working each fact out from the content,
for every weapon form, stat card, enemy, NPC enemy and boss of every built-in chapter."""

from __future__ import annotations

import pytest

from tests.board.test_engine_playouts import CHAPTERS, rules_for
from toolkit.games.board.engine.combat import HunterSide, Strike, _modify, parse_slot_option
from toolkit.games.board.engine.combat_tables import (
    AT_ONCE,
    BLOCK,
    CANCEL,
    COMBAT_ONLY,
    DAMAGE,
    FOLD_KIND,
    OTHER_COMBAT,
    SELECTOR_OF,
    SELECTORS,
    SPEED,
    STAGGER,
    Folded,
    Line,
    combat_tables,
    fold,
)
from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.model import effects as fx
from toolkit.games.board.model.combat import SPEED_RANK, Attack
from toolkit.games.board.model.enemies import BossAttackCard


def _folded_by_hand(
    speed: int, damage: int, effects: list[fx.BasicEffect], hunter: bool
) -> tuple[object, ...]:
    """What a strike and a fresh side hold after the combat's own fold, one effect at a time."""
    strike = Strike("x", speed, damage)
    side = HunterSide() if hunter else None
    rest = _modify(strike, effects, side)
    side_block = side.block if side is not None else 0
    cancel_enemy = side.cancel_enemy if side is not None else False
    return (
        strike.speed,
        strike.damage,
        strike.stagger,
        strike.cancel,
        strike.block,
        side_block,
        cancel_enemy,
        rest,
    )


def _as_tuple(f: Folded) -> tuple[object, ...]:
    return (f.speed, f.damage, f.stagger, f.cancel, f.block, f.side_block, f.cancel_enemy, list(f.rest))


@pytest.mark.parametrize(("pack", "campaign", "chapter"), CHAPTERS)
def test_every_weapon_slot_folds_its_attack_as_the_combat_would(
    pack: str, campaign: str, chapter: int
) -> None:
    rules = rules_for(pack, campaign, chapter)
    tables = combat_tables(rules)
    for weapon_id, weapon in rules.weapons.items():
        for face, form in (("a", weapon.forms.a), ("b", weapon.forms.b)):
            facts = tables.forms[(weapon_id, face)]
            assert facts.form is form
            assert [s.index for s in facts.slots] == list(range(len(form.attacks)))
            for slot, attack in enumerate(form.attacks):
                found = facts.slots[slot]
                assert found.where == f"in slot {slot + 1} ({attack.name})"
                assert found.rank == SPEED_RANK[attack.speed]
                effects = [e for _, e in fx.flatten(attack.effects)]
                assert _as_tuple(found.strike) == _folded_by_hand(found.rank, attack.damage, effects, True)
            timed = fx.flatten(form.ability.effects) if form.ability is not None else []
            assert list(facts.attacking) == [e for t, e in timed if t in ("on-attack", "immediate")]
            assert list(facts.on_kill) == [e for t, e in timed if t == "on-kill"]
            assert list(facts.transforming) == [e for t, e in timed if t == "on-transform"]


@pytest.mark.parametrize(("pack", "campaign", "chapter"), CHAPTERS)
def test_every_stat_card_is_sorted_into_kills_returns_dodges_and_steps(
    pack: str, campaign: str, chapter: int
) -> None:
    rules = rules_for(pack, campaign, chapter)
    tables = combat_tables(rules)
    for card_id, card in rules.stat_cards.items():
        facts = tables.cards[card_id]
        timed = fx.flatten(card.effects)
        assert list(facts.on_kill) == [e for t, e in timed if t == "on-kill"]
        others = [e for t, e in timed if t != "on-kill"]
        assert facts.returns == any(isinstance(e, fx.ReturnToHand) for e in others)
        assert facts.dodges == any(isinstance(e, fx.Dodge) for _, e in timed)
        assert list(facts.steps) == [e for e in others if not isinstance(e, fx.ReturnToHand | fx.Dodge)]
        # A card "only folds" exactly when the combat's fold leaves nothing of its steps to run.
        assert facts.folds_only == (_modify(Strike("x", 2, 2), list(facts.steps), HunterSide()) == [])


def _lines(rules: Rules, hunters: int) -> list[tuple[str, tuple[object, ...], Line]]:
    """Every enemy action line a flip can show, with the table and key it is filed under."""
    found: list[tuple[str, tuple[object, ...], Line]] = []
    for enemy_id, enemy in rules.enemies.items():
        for face, side in (("a", enemy.sides.a), ("b", enemy.sides.b)):
            for action in ("basic", "special"):
                found.append(("enemy_lines", (enemy_id, face, action), getattr(side, action)))
    for npc_id, npc in rules.npcs.items():
        npc_side = npc.side_for(hunters)
        if npc_side is not None:
            for action in ("basic", "special"):
                found.append(
                    ("npc_lines", (npc_id, 1 if hunters <= 2 else 3, action), getattr(npc_side, action))
                )
    for boss_id, boss in rules.bosses.items():
        for phase, model in enumerate(boss.phases, start=1):
            for index, card in enumerate(model.actions):
                found.append(("boss_lines", (boss_id, phase, index), card))
    return found


@pytest.mark.parametrize("hunters", [1, 2, 3, 4])
@pytest.mark.parametrize(("pack", "campaign", "chapter"), CHAPTERS)
def test_every_enemy_action_line_is_filed_with_the_strike_the_combat_would_build(
    pack: str, campaign: str, chapter: int, hunters: int
) -> None:
    rules = rules_for(pack, campaign, chapter)
    tables = combat_tables(rules)
    lines = _lines(rules, hunters)
    assert lines
    for table, key, line in lines:
        filed, facts = getattr(tables, table)[key]
        assert filed is line
        effects = [e for _, e in fx.flatten(line.effects)]
        if isinstance(line, Attack | BossAttackCard):
            speed, damage, attack = SPEED_RANK[line.speed], line.damage, True
        else:
            speed, damage, attack = (AT_ONCE if line.speed is None else SPEED_RANK[line.speed]), 0, False
        assert (facts.name, facts.is_attack, facts.speed, facts.damage) == (
            str(line.name),
            attack,
            speed,
            damage,
        )
        assert _as_tuple(facts.plain) == _folded_by_hand(speed, damage, effects, False)


def test_a_mission_change_to_an_attack_is_folded_from_the_changed_numbers() -> None:
    # Why a changed attack is not the plain fold plus the change: damage stops at 0 at each
    # modifier, so 1 damage changed by +2 then -2 is 1, while the plain fold (1 - 2, stopped at 0)
    # plus 2 would be 2. The flip folds a changed attack from the changed numbers.
    effects: list[fx.BasicEffect] = [fx.DamageModifier(damage=-2)]
    assert fold(2, 1 + 2, effects, False).damage == 1
    assert fold(2, 1, effects, False).damage + 2 == 2
    assert _as_tuple(fold(2, 3, effects, False)) == _folded_by_hand(2, 3, effects, False)


@pytest.mark.parametrize(("pack", "campaign", "chapter"), CHAPTERS)
def test_movement_and_selectors_match_the_content(pack: str, campaign: str, chapter: int) -> None:
    rules = rules_for(pack, campaign, chapter)
    tables = combat_tables(rules)
    kinds = (("enemy", rules.enemies), ("npc", rules.npcs), ("boss", rules.bosses))
    for kind, models in kinds:
        for type_, model in models.items():
            assert tables.movement[(kind, type_)] == model.movement
            for tag in ("", "lantern"):
                first = f"boss:{type_}" if kind == "boss" else f"enemy:{type_}"
                assert SELECTORS[(kind, type_, tag)] == ((first, f"tag:{tag}") if tag else (first,))
    assert SELECTOR_OF["card-7|tag:a|b"] == "tag:a|b"


@pytest.mark.parametrize(
    ("option", "parsed"),
    [
        ("attack basic-strength in slot 2 (Rising Strike)", ("basic-strength", 1)),
        ("counter basic-skill in slot 1 (Quick Slash)", ("basic-skill", 0)),
        ("dodge basic-dodge in slot 3 (Long Reach (charged))", ("basic-dodge", 2)),
    ],
)
def test_a_slot_option_is_parsed_to_its_card_and_slot(option: str, parsed: tuple[str, int]) -> None:
    assert parse_slot_option(option) == parsed
    assert parse_slot_option(option) == parsed  # the second read comes from the memo


FILED = {
    fx.DamageModifier: DAMAGE,
    fx.SpeedModifier: SPEED,
    fx.Stagger: STAGGER,
    fx.CancelAttack: CANCEL,
    fx.Block: BLOCK,
    fx.Dodge: OTHER_COMBAT,
    fx.ReturnToHand: OTHER_COMBAT,
}
"""How a strike folds each combat-only verb (every other verb is carried out: 0)."""


@pytest.mark.parametrize("verb", list(fx.EFFECT_VERBS.values()), ids=list(fx.EFFECT_VERBS))
def test_every_effect_verb_is_filed_as_the_combat_folds_it(verb: type[fx.EffectVerb]) -> None:
    assert FOLD_KIND[verb] == FILED.get(verb, 0)
    assert bool(FOLD_KIND[verb]) == issubclass(verb, COMBAT_ONLY)
