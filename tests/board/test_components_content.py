"""The built-in `content/core` pack: every document validates against its model, and the ids and
numbers other parts of huntkit rely on are there."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from toolkit.core.model import Document
from toolkit.games.board.model import (
    COMPONENT_KINDS,
    Boss,
    Enemy,
    EnemyActionDeck,
    Hunter,
    HuntTrack,
    NpcEnemy,
    StatCard,
    Tile,
    TrickWeapon,
)

CORE = Path(__file__).resolve().parents[2] / "content" / "core"
CONTENT_FILES = sorted(p for p in CORE.glob("*.yaml") if p.name != "pack.yaml")


def load_core() -> list[Document]:
    documents: list[Document] = []
    for path in CONTENT_FILES:
        for data in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            documents.append(COMPONENT_KINDS[data["kind"]].model_validate(data))
    return documents


@pytest.fixture(scope="module")
def core() -> dict[str, dict[str, Document]]:
    by_kind: dict[str, dict[str, Document]] = {}
    for document in load_core():
        key = document.document_key()
        assert key is not None
        bucket = by_kind.setdefault(document.kind, {})
        assert key not in bucket, f"duplicate {document.kind} id {key}"
        bucket[key] = document
    return by_kind


@pytest.mark.parametrize("path", CONTENT_FILES, ids=lambda p: p.name)
def test_every_core_document_validates_against_its_model(path: Path) -> None:
    for data in yaml.safe_load_all(path.read_text(encoding="utf-8")):
        COMPONENT_KINDS[data["kind"]].model_validate(data)


def test_core_pack_manifest_names_the_board_game() -> None:
    manifest = yaml.safe_load((CORE / "pack.yaml").read_text(encoding="utf-8"))
    assert manifest["id"] == "core"
    assert manifest["game"] == "bloodborne-board"


def test_core_has_the_ids_other_packs_refer_to(core: dict[str, dict[str, Document]]) -> None:
    tiles = {
        "central-lamp", "courtyard-lamp", "oedon-chapel", "tomb-of-oedon", "alleyway",
        "the-great-bridge", "ransacked-house", "barred-window", "church-of-the-good-chalice",
        "graveyard", "occupied-house", "grand-cathedral", "iosefkas-clinic",
    } | {f"unnamed-{n}" for n in range(1, 8)}  # fmt: skip
    assert set(core["tile"]) == tiles
    assert set(core["enemy"]) == {
        "male-beast-patient", "female-beast-patient", "huntsmans-minion", "church-giant",
        "scourge-beast", "church-servant", "hunter-mob",
    }  # fmt: skip
    assert set(core["boss"]) == {
        "father-gascoigne", "father-gascoigne-transformed", "blood-starved-beast",
        "vicar-amelia", "cleric-beast",
    }  # fmt: skip
    assert set(core["hunter"]) == {
        "saw-cleaver-hunter", "threaded-cane-hunter", "ludwigs-holy-blade-hunter",
        "hunter-axe-hunter",
    }  # fmt: skip
    assert set(core["trick-weapon"]) == {
        "saw-cleaver", "threaded-cane", "ludwigs-holy-blade", "hunter-axe",
    }  # fmt: skip
    assert set(core["hunt-track"]) == {"hunt-track"}
    assert set(core["enemy-action-deck"]) == {"enemy-action-deck"}
    assert "rogue-hunter" in core["npc-enemy"]


def test_core_meets_the_component_counts(core: dict[str, dict[str, Document]]) -> None:
    stat_cards = [c for c in core["stat-card"].values() if isinstance(c, StatCard)]
    assert len([c for c in stat_cards if c.tier == "upgrade"]) >= 20
    assert len(core["consumable"]) >= 12
    assert len(core["reward"]) >= 8
    assert {r.type for r in core["reward"].values()} == {"hunter-tool", "caryll-rune"}  # type: ignore[attr-defined]
    basic = Counter[str]()
    for card in stat_cards:
        if card.tier == "basic":
            basic[card.stat] += card.count
    assert basic == {"endurance": 3, "skill": 3, "strength": 3, "vitality": 3}


def test_hunter_references_resolve_within_core(core: dict[str, dict[str, Document]]) -> None:
    for hunter in core["hunter"].values():
        assert isinstance(hunter, Hunter)
        assert hunter.trick_weapon in core["trick-weapon"]
        assert hunter.starting_firearm in core["firearm"]
        assert (hunter.max_hp, hunter.hand_size, hunter.deck_size, hunter.echo_cap) == (6, 3, 12, 3)


def test_rulebook_example_deadly_thrust_with_basic_strength_slays_a_scourge_beast(
    core: dict[str, dict[str, Document]],
) -> None:
    cane = core["trick-weapon"]["threaded-cane"]
    beast = core["enemy"]["scourge-beast"]
    strength = core["stat-card"]["basic-strength"]
    assert isinstance(cane, TrickWeapon) and isinstance(beast, Enemy)
    assert isinstance(strength, StatCard)
    thrusts = [
        attack
        for form in (cane.forms.a, cane.forms.b)
        for attack in form.attacks
        if attack.name == "Deadly Thrust"
    ]
    (thrust,) = thrusts
    bonus = sum(getattr(effect, "damage", 0) for effect in strength.effects)
    assert thrust.speed == "slow"
    assert thrust.damage + bonus == beast.hp == 4
    quick_swipe = beast.sides.a.basic
    assert (quick_swipe.name, quick_swipe.speed, quick_swipe.damage) == ("Quick Swipe", "fast", 2)


def test_boss_hp_tables_cover_one_to_four_hunters(core: dict[str, dict[str, Document]]) -> None:
    cleric = core["boss"]["cleric-beast"]
    assert isinstance(cleric, Boss)
    assert [cleric.phases[0].hp.evaluate(hunters=n) for n in (1, 2, 3, 4)] == [10, 14, 20, 24]
    for boss in core["boss"].values():
        assert isinstance(boss, Boss)
        for phase in boss.phases:
            assert phase.hp.table_counts() == frozenset({1, 2, 3, 4})
            assert phase.deck_size() == 5


def test_rogue_hunter_hp_by_hunter_count(core: dict[str, dict[str, Document]]) -> None:
    rogue = core["npc-enemy"]["rogue-hunter"]
    assert isinstance(rogue, NpcEnemy)
    hp = [side.hp for n in (1, 2, 3, 4) if (side := rogue.side_for(n)) is not None]
    assert hp == [10, 10, 18, 18]


def test_hunt_track_and_enemy_action_deck(core: dict[str, dict[str, Document]]) -> None:
    track = core["hunt-track"]["hunt-track"]
    deck = core["enemy-action-deck"]["enemy-action-deck"]
    assert isinstance(track, HuntTrack) and isinstance(deck, EnemyActionDeck)
    assert [s for s in range(1, 17) if track.is_reset(s)] == [4, 8, 12, 15, 16]
    assert deck.composition() == {"basic": 3, "special": 2, "ability": 1}


def test_central_lamp_is_three_spaces_in_a_row_lamp_in_the_middle(
    core: dict[str, dict[str, Document]],
) -> None:
    tile = core["tile"]["central-lamp"]
    assert isinstance(tile, Tile)
    assert [s.id for s in tile.spaces] == ["west", "central-lamp", "east"]
    middle = tile.space("central-lamp")
    assert middle is not None and "lamp" in middle.icons
    assert sorted(middle.adjacent) == ["east", "west"]


def test_every_named_tile_has_its_named_location_space(
    core: dict[str, dict[str, Document]],
) -> None:
    for tile in core["tile"].values():
        assert isinstance(tile, Tile)
        if tile.named_location is not None:
            space = tile.space(tile.id)
            assert space is not None and "named-location" in space.icons
