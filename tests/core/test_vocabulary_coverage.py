"""Nothing is silently ignored: every field and verb of every game's vocabulary is read by the code
that plays it, or is declared not simulated (and then warned about where content writes it)."""

from __future__ import annotations

import shutil
import sys
import textwrap
from pathlib import Path
from typing import ClassVar

import pytest
from pydantic import BaseModel

from toolkit.core.model import ContentModel
from toolkit.core.pipeline import validate_paths
from toolkit.core.vocabulary import (
    NotSimulated,
    ReadByName,
    Vocabulary,
    stale_declarations,
    unread_fields,
)
from toolkit.games import all_games
from toolkit.games.board.model import effects as fx
from toolkit.games.board.vocabulary import BOARD_EFFECTS

REPO = Path(__file__).resolve().parents[2]
VOCABULARIES = [(game.id, vocabulary) for game in all_games().values() for vocabulary in game.vocabularies]


def test_every_game_declares_its_vocabularies() -> None:
    declared = {game_id for game_id, _ in VOCABULARIES}
    assert declared == set(all_games())


@pytest.mark.parametrize(("game", "vocabulary"), VOCABULARIES, ids=[v.name for _, v in VOCABULARIES])
def test_every_field_and_verb_is_read_or_declared_not_simulated(game: str, vocabulary: Vocabulary) -> None:
    assert unread_fields(vocabulary) == [], (
        f"{game}: read these in the code that plays them, or declare them in the game's "
        "vocabulary (`not_simulated` with a reason, or `read_by_name` saying where)"
    )


@pytest.mark.parametrize(("game", "vocabulary"), VOCABULARIES, ids=[v.name for _, v in VOCABULARIES])
def test_no_declaration_is_stale(game: str, vocabulary: Vocabulary) -> None:
    assert stale_declarations(vocabulary) == [], f"{game}: these are read after all, or no longer exist"


# --- the check itself fails when it should ----------------------------------------------------------


class PiercingBlock(fx.Block):
    """A block that also pierces: a field the engine has never heard of."""

    verb: ClassVar[str] = "piercing_block"
    pierce: int = 0


def _with(**changes: object) -> Vocabulary:
    fields = {name: getattr(BOARD_EFFECTS, name) for name in BOARD_EFFECTS.__dataclass_fields__}
    fields.update(changes)
    return Vocabulary(**fields)  # type: ignore[arg-type]


def test_a_field_added_to_a_model_and_never_read_fails_the_check() -> None:
    vocabulary = _with(models=(*BOARD_EFFECTS.models, PiercingBlock))
    assert unread_fields(vocabulary) == ["PiercingBlock.pierce"]


def test_a_verb_the_engine_never_dispatches_fails_the_check() -> None:
    vocabulary = _with(verbs=(*BOARD_EFFECTS.verbs, PiercingBlock))
    assert "PiercingBlock" in unread_fields(vocabulary)


def test_declaring_the_field_not_simulated_passes_it() -> None:
    gap = NotSimulated(PiercingBlock, "pierce", "piercing is not played")
    vocabulary = _with(models=(*BOARD_EFFECTS.models, PiercingBlock), not_simulated=(gap,))
    assert unread_fields(vocabulary) == [] and stale_declarations(vocabulary) == []


def test_a_declaration_for_a_field_the_engine_reads_is_stale() -> None:
    gap = NotSimulated(fx.Block, "block", "said to be ignored, but combat reads it")
    assert stale_declarations(_with(not_simulated=(gap,))) == ["Block.block"]
    wrong = ReadByName(fx.Block, "no_such_field", "nowhere")
    assert stale_declarations(_with(read_by_name=(wrong,))) == ["Block.no_such_field"]


class Lantern(ContentModel):
    """A tiny vocabulary for a tiny engine."""

    light: int = 0
    fuel: int = 0


def test_only_attributes_the_reader_loads_count_as_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "lantern_engine.py").write_text(
        textwrap.dedent(
            """
            def burn(lantern, fuel):
                fuel = 3              # a local variable of the same name is not a read
                lantern.fuel = fuel   # neither is a store
                return lantern.light
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    vocabulary = Vocabulary("lanterns", (Lantern,), ("lantern_engine",))
    assert unread_fields(vocabulary) == ["Lantern.fuel"]
    sys.modules.pop("lantern_engine", None)


def test_nested_option_models_are_part_of_the_vocabulary() -> None:
    names = {model.__name__ for model in BOARD_EFFECTS.all_models()}
    assert {"Targeted", "TeleportOptions", "Attack", "Ability", "BossPhase"} <= names
    assert all(issubclass(model, BaseModel) for model in BOARD_EFFECTS.all_models())


# --- content that writes a not-simulated verb is warned, at the verb ---------------------------------


def test_a_heal_added_to_a_rune_is_warned_at_its_key(tmp_path: Path) -> None:
    pack = tmp_path / "hunters-nightmare"
    shutil.copytree(REPO / "content" / "hunters-nightmare", pack)
    runes = pack / "runes.yaml"
    lines = runes.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip() == "- heal: 1")
    lines.insert(at + 1, lines[at].replace("heal: 1", "heal: 3"))
    runes.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = validate_paths([pack])
    found = [(d.code, d.file.name if d.file else None, d.line, d.column) for d in result.diagnostics]
    column = lines[at].index("heal") + 1
    assert ("BB0620", "runes.yaml", at + 2, column) in found
    assert ("BB0620", "runes.yaml", at + 1, column) in found  # the heal already there
    assert not any(code.startswith("BB02") or code == "BB0999" for code, *_ in found)
