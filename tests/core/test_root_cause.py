"""Root cause first: a YAML error costs only its own document and says so, what it costs holds back
only the checks that need it, and reports read from the earliest layer's problems on."""

from __future__ import annotations

import shutil
from pathlib import Path

from toolkit.core.diagnostics import Diagnostic, Location, Severity, Span
from toolkit.core.loader import Limits, load_bytes
from toolkit.core.pipeline import validate_paths

FILE = Path("cards.yaml")
REPO = Path(__file__).resolve().parents[2]
PALE_BELL = REPO / "content" / "campaigns" / "the-pale-bell"
CHAPTERS = REPO / "tests" / "fixtures" / "codes" / "BB0520" / "positive"


def test_reading_resumes_at_the_next_document_after_a_bad_indent() -> None:
    result = load_bytes(b"a: 1\n---\nb: 2\n  c: 3\n---\nd: 4\n", FILE)
    assert [(d.index, d.data) for d in result.documents] == [(0, {"a": 1}), (2, {"d": 4})]
    (error,) = result.diagnostics
    assert (error.code, error.line, error.column) == ("BB0101", 4, 3)  # the misindented key
    assert error.message.endswith("; document 2 of cards.yaml (lines 2–4) was not read")
    (unread,) = result.unread
    assert (unread.index, unread.first_line, unread.last_line) == (1, 2, 4)
    assert unread.data == {"b": "2 c"}  # what was read of it, for the pipeline to place it


def test_an_unclosed_flow_mapping_is_reported_where_the_brace_is_missing() -> None:
    result = load_bytes(b"kind: x\nat: {space: a\nnext: 1\n---\nkind: y\n", FILE)
    (error,) = result.diagnostics
    assert (error.code, error.line, error.column) == ("BB0101", 2, 14)
    assert [d.data for d in result.documents] == [{"kind": "y"}]


def test_a_colon_inside_a_plain_value_is_reported_at_the_colon() -> None:
    (error,) = load_bytes(b"story: Her home: beyond\n", FILE).diagnostics
    assert (error.line, error.column) == (1, 16)


def test_after_the_error_limit_the_rest_of_the_file_is_named_as_unread() -> None:
    text = "".join(f"---\nk{i}: [\n" for i in range(8)).encode()
    result = load_bytes(text, FILE, Limits(max_syntax_errors=3))
    assert [d.code for d in result.diagnostics] == ["BB0101"] * 3
    assert result.diagnostics[-1].message.endswith(
        "documents 4–8 of cards.yaml (from line 7) were not read either: after 3 YAML errors huntkit "
        "stops reading the file"
    )
    assert [u.index for u in result.unread] == list(range(8))


def test_a_file_that_cannot_be_decoded_is_unread_as_a_whole() -> None:
    result = load_bytes(b"kind: x\nname: \xff\n", FILE)
    assert [(u.whole_file, u.index) for u in result.unread] == [(True, 0)]


def _copy(tmp_path: Path, edits: dict[str, tuple[str, str]]) -> Path:
    folder = tmp_path / PALE_BELL.name
    shutil.copytree(PALE_BELL, folder)
    manifest = folder / "pack.yaml"  # a copy keeping the built-in's id would be warned about (BB0315)
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("id: the-pale-bell", "id: my-bell"))
    for name, (old, new) in edits.items():
        path = folder / name
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1
        path.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def _shown(diagnostics: list[Diagnostic]) -> list[tuple[str, str, int | None]]:
    return [(d.code, d.file.name if d.file else "", d.line) for d in diagnostics]


def test_a_bad_indent_in_one_card_holds_back_only_its_campaign_s_checks(tmp_path: Path) -> None:
    folder = _copy(
        tmp_path,
        {
            "chapter-1.yaml": (
                "title: {en: The Bell Without a Rope",
                "  title: {en: The Bell Without a Rope",
            ),
            # A problem of the pack's own component, outside the campaign: still found.
            "npc-enemies.yaml": ("movement: 1", "movement: 1\nmovement: 2"),
        },
    )
    result = validate_paths([folder])
    shown = _shown(result.sorted_diagnostics())
    assert shown == [
        ("BB0101", "chapter-1.yaml", 48),
        ("BB0103", "npc-enemies.yaml", 8),
        ("BB0310", "chapter-1.yaml", 42),
    ]
    held = result.sorted_diagnostics()[-1]
    assert "campaign 'the-pale-bell'" in held.message
    assert "document 3 of chapter-1.yaml was not read" in held.message


def test_a_pack_of_two_campaigns_checks_the_one_that_was_read(tmp_path: Path) -> None:
    folder = _copy(
        tmp_path,
        {"chapter-1.yaml": ("title: {en: The Bell Without a Rope, pl: Dzwon bez sznura}", "  title: X")},
    )
    other = REPO / "tests" / "fixtures" / "codes" / "BB0507" / "negative"
    for source in other.glob("*.yaml"):
        if source.name != "pack.yaml":
            shutil.copy(source, folder / f"other-{source.name}")
    result = validate_paths([folder])
    codes = {d.code for d in result.diagnostics}
    assert "BB0507" in codes  # the other campaign's graph checks ran
    assert not {c for c in codes if c.startswith("BB05") and c != "BB0507"}


def test_an_unknown_boss_holds_back_the_flow_checks_and_suggests_no_unknown_name(tmp_path: Path) -> None:
    folder = _copy(tmp_path, {"chapter-1.yaml": ("{boss: cleric-beast,", "{boss: cleric-beest,")})
    result = validate_paths([folder])
    found = result.sorted_diagnostics()
    assert _shown(found) == [("BB0305", "chapter-1.yaml", 105), ("BB0310", "chapter-1.yaml", 105)]
    assert found[0].hint == "did you mean 'cleric-beast'?"
    assert "flow checks of campaign 'the-pale-bell'" in found[1].message
    assert found[1].severity is Severity.INFO


def test_reports_list_the_earliest_layer_first_then_by_place() -> None:
    def at(code: str, line: int, severity: Severity = Severity.ERROR) -> Diagnostic:
        return Diagnostic(code, severity, "m", Location(Path("b.yaml"), Span(line, 1)))

    found = [
        at("BB0601", 1),
        at("BB0305", 9),
        at("BB0101", 20),
        at("BB0305", 2),
        at("BB0310", 1, Severity.INFO),
    ]
    ordered = sorted(found, key=Diagnostic.sort_key)
    assert [(d.code, d.line) for d in ordered] == [
        ("BB0101", 20),
        ("BB0305", 2),
        ("BB0305", 9),
        ("BB0601", 1),
        ("BB0310", 1),  # notes on what was held back come after the problems
    ]
