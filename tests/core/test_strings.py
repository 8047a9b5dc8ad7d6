"""`huntkit strings export|import`: a pack's texts out to a PO file and back into its YAML.

The round trip is run on a copy of a small pack full of comments (and not in `huntkit fmt`'s canonical
form, so a rewrite of the whole file would show); each refusal is pinned by its exit code, its message
and a pack left byte for byte as it was.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from toolkit.cli import run
from toolkit.core.pipeline import validate_paths

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "strings" / "lantern-pack"

POLISH = {
    "pack/lantern-pack:name": "Paczka latarni",
    "consumable/lantern-oil:name": "Olej do latarni",
    "consumable/lantern-oil:flavor": (
        "Gęsty olej, który pachnie kaplicą. Pali się powoli, a jego światło na jakiś czas trzyma "
        "bestie na dystans."
    ),
    "consumable/widow-tea:name": "Herbata wdowy",
}


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    folder = tmp_path / "lantern-pack"
    shutil.copytree(FIXTURE, folder)
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def export(pack: Path, target: Path, capsys: pytest.CaptureFixture[str]) -> Catalog:
    assert run(["strings", "export", str(pack), "--lang", "pl", "--out", str(target)]) == 0
    capsys.readouterr()
    with target.open("rb") as po:
        return read_po(po)


def save(catalog: Catalog, target: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100)
    target.write_bytes(buffer.getvalue())


def fill(catalog: Catalog, translations: dict[str, str]) -> Catalog:
    for message in catalog:
        if message.id and message.context in translations:
            message.string = translations[message.context]
    return catalog


def test_export_lists_every_text_with_its_id_its_place_and_its_source_text(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = export(pack, tmp_path / "pl.po", capsys)
    messages = {m.context: m for m in catalog if m.id}
    assert list(messages) == list(POLISH)
    oil = messages["consumable/lantern-oil:flavor"]
    assert oil.locations == [("items.yaml", 9)]
    assert oil.id == (
        "Thick oil that smells of the chapel. It burns slowly, and the light it gives keeps the beasts "
        "at a distance for a while."
    )
    assert oil.string == ""
    assert messages["consumable/lantern-oil:name"].locations == [("items.yaml", 4)]
    assert messages["consumable/widow-tea:name"].string == "Herbata wdowy"  # already in the pack
    assert str(catalog.locale) == "pl"


def test_a_round_trip_gives_a_pack_with_no_translation_warning_and_every_comment_kept(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = {name: text.decode() for name, text in snapshot(pack).items()}
    assert any(d.code == "BB0208" for d in validate_paths([pack]).diagnostics)
    po = tmp_path / "pl.po"
    save(fill(export(pack, po, capsys), POLISH), po)

    assert run(["strings", "import", str(pack), str(po)]) == 0
    assert "3 pl texts written into 2 files of lantern-pack (1 already there" in capsys.readouterr().out

    result = validate_paths([pack])
    assert [d.code for d in result.diagnostics] == []
    after = {name: text.decode() for name, text in snapshot(pack).items()}
    for name, text in before.items():
        comments = [line[line.index("#") :] for line in text.splitlines() if "#" in line]
        assert comments and all(comment in after[name] for comment in comments), name
    items = after["items.yaml"].splitlines()
    assert items[3] == "name: {en: Lantern Oil, pl: Olej do latarni}  # shown on the card's title bar"
    assert items[5] == "count: 1"  # the keys keep their order (`huntkit fmt` would move `count`)
    assert 'version: "1.0"' in after["pack.yaml"]  # and the quotes their style
    assert items[8:15] == [
        "flavor:",
        "  en: >-",
        "    Thick oil that smells of the chapel. It burns slowly, and the light it gives keeps the beasts",
        "    at a distance for a while.",
        "  pl: >-",
        "    Gęsty olej, który pachnie kaplicą. Pali się powoli, a jego światło na jakiś czas trzyma",
        "    bestie na dystans.",
    ]
    oil = next(d for d in result.packs[0].documents if d.data.get("id") == "lantern-oil")
    assert oil.data["flavor"]["pl"] == POLISH["consumable/lantern-oil:flavor"]

    # Exported again, everything is translated, and importing it again changes nothing.
    again = export(pack, tmp_path / "again.po", capsys)
    assert all(m.string for m in again if m.id)
    assert run(["strings", "import", str(pack), str(tmp_path / "again.po")]) == 0
    assert {name: text.decode() for name, text in snapshot(pack).items()} == after


def refused(pack: Path, po: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    before = snapshot(pack)
    code = run(["strings", "import", str(pack), str(po), *extra])
    err = capsys.readouterr().err
    assert code == 1, err
    assert snapshot(pack) == before  # nothing written, not even the entries that were fine
    assert "nothing was written" in err
    return err


def test_import_refuses_a_file_whose_source_text_changed_since_the_export(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    po = tmp_path / "pl.po"
    save(fill(export(pack, po, capsys), POLISH), po)
    items = pack / "items.yaml"
    items.write_text(items.read_text().replace("name: Lantern Oil", "name: Lamp Oil"))
    err = refused(pack, po, capsys)
    with po.open("rb") as stream:
        line = next(m.lineno for m in read_po(stream) if m.context == "consumable/lantern-oil:name")
    assert f"pl.po:{line}: the en text of consumable/lantern-oil:name changed since the export" in err
    assert "'Lantern Oil'" in err and "items.yaml:4 now says 'Lamp Oil'" in err


def test_import_refuses_an_unknown_msgctxt(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    po = tmp_path / "pl.po"
    catalog = fill(export(pack, po, capsys), POLISH)
    save(catalog, po)
    po.write_text(
        po.read_text().replace(
            'msgctxt "consumable/lantern-oil:name"', 'msgctxt "consumable/lantern-oill:name"'
        )
    )
    err = refused(pack, po, capsys)
    assert "msgctxt 'consumable/lantern-oill:name' names no text of the pack 'lantern-pack'" in err
    assert "did you mean 'consumable/lantern-oil:name'?" in err


def test_import_does_not_write_through_a_file_that_leads_outside_the_pack(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    po = tmp_path / "pl.po"
    save(fill(export(pack, po, capsys), POLISH), po)
    outside = tmp_path / "elsewhere" / "items.yaml"
    outside.parent.mkdir()
    shutil.move(pack / "items.yaml", outside)
    (pack / "items.yaml").symlink_to(outside)
    kept, before = outside.read_bytes(), snapshot(pack)
    # The loader refuses the link (BB0120) before the import plans anything; the plan refuses
    # such a file again on its own (see toolkit.core.strings.plan._outside).
    assert run(["strings", "import", str(pack), str(po)]) == 1
    err = capsys.readouterr().err
    assert "BB0120" in err and "a symbolic link to a file outside the pack" in err
    assert "fix them before importing translations" in err
    assert outside.read_bytes() == kept and snapshot(pack) == before


def test_import_keeps_a_translation_that_differs_unless_told_to_overwrite(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    po = tmp_path / "pl.po"
    save(fill(export(pack, po, capsys), {**POLISH, "consumable/widow-tea:name": "Napar wdowy"}), po)
    err = refused(pack, po, capsys)
    assert (
        "consumable/widow-tea:name already has a pl text that differs ('Herbata wdowy' at items.yaml:16)"
        in err
    )
    assert "--overwrite" in err
    assert run(["strings", "import", str(pack), str(po), "--overwrite"]) == 0
    assert "name: {en: Widow's Tea, pl: Napar wdowy}" in (pack / "items.yaml").read_text()


def test_import_refuses_a_file_exported_from_another_pack(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    po = tmp_path / "pl.po"
    save(fill(export(pack, po, capsys), POLISH), po)
    po.write_text(po.read_text().replace("huntkit pack lantern-pack in", "huntkit pack other-pack in"))
    assert "exported from the pack 'other-pack', not 'lantern-pack'" in refused(pack, po, capsys)


def test_untranslated_and_fuzzy_entries_are_left_out(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    po = tmp_path / "pl.po"
    catalog = fill(export(pack, po, capsys), {"consumable/lantern-oil:name": "Olej do latarni"})
    message = catalog.get("Lantern Oil", context="consumable/lantern-oil:name")
    assert message is not None
    message.flags.add("fuzzy")
    save(catalog, po)
    before = snapshot(pack)
    assert run(["strings", "import", str(pack), str(po)]) == 0
    assert "0 pl texts written into 0 files" in capsys.readouterr().out
    assert snapshot(pack) == before


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("de", "does not declare the language 'de' (it declares en, pl); add it to `languages`"),
        ("en", "'en' is the pack's source language"),
        ("polish", "'polish' is not a language code"),
    ],
)
def test_export_refuses_a_language_the_pack_cannot_be_translated_into(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str, message: str
) -> None:
    target = tmp_path / "out.po"
    assert run(["strings", "export", str(pack), "--lang", language, "--out", str(target)]) == 2
    assert message in capsys.readouterr().err
    assert not target.exists()


def test_import_refuses_a_po_file_it_cannot_read(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    po = tmp_path / "broken.po"
    po.write_text('msgid "unterminated\n', encoding="utf-8")
    before = snapshot(pack)
    assert run(["strings", "import", str(pack), str(po), "--lang", "pl"]) == 2
    assert "is not a readable PO file" in capsys.readouterr().err
    assert snapshot(pack) == before


def test_a_text_without_the_source_language_is_left_out_and_said(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    items = pack / "items.yaml"
    items.write_text(items.read_text().replace("{en: Widow's Tea, pl: Herbata wdowy}", "{pl: Herbata wdowy}"))
    assert run(["strings", "export", str(pack), "--lang", "pl", "--out", str(tmp_path / "pl.po")]) == 0
    err = capsys.readouterr().err
    assert (
        "items.yaml:16: this text has no en version (the pack's source language), so it was left out" in err
    )
    with (tmp_path / "pl.po").open("rb") as po:
        assert "consumable/widow-tea:name" not in {m.context for m in read_po(po)}


def test_a_text_with_a_question_mark_gets_a_block_mapping_both_parsers_read_alike(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from toolkit.core.loader import load_bytes

    items = pack / "items.yaml"
    items.write_text(items.read_text().replace("name: Lantern Oil", "name: Lantern Oil?"))
    po = tmp_path / "pl.po"
    save(fill(export(pack, po, capsys), {"consumable/lantern-oil:name": "Olej do latarni?"}), po)
    assert run(["strings", "import", str(pack), str(po)]) == 0
    text = items.read_text()
    assert "name:  # shown on the card's title bar\n  en: Lantern Oil?\n  pl: Olej do latarni?\n" in text
    raw = items.read_bytes()
    fast, slow = load_bytes(raw, items), load_bytes(raw, items, parser="python")
    assert [d.data for d in fast.documents] == [d.data for d in slow.documents]
    assert fast.documents[0].data["name"] == {"en": "Lantern Oil?", "pl": "Olej do latarni?"}
