"""The positioned YAML loader: values, positions, YAML 1.2 scalars, and refusals."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.loader import Limits, load_bytes

FILE = Path("doc.yaml")


def test_every_value_key_and_item_has_its_line_and_column() -> None:
    result = load_bytes(b"kind: enemy\nsides:\n  - name: A\n    hp: 4\n", FILE)
    (document,) = result.documents
    assert document.locate(("sides", 0, "hp")).span is not None
    span = document.source_map.value_span(("sides", 0, "hp"))
    assert span is not None and (span.line, span.column) == (4, 9)
    key = document.source_map.key_span(("sides", 0, "hp"))
    assert key is not None and (key.line, key.column) == (4, 5)
    item = document.source_map.value_span(("sides", 0))
    assert item is not None and (item.line, item.column) == (3, 5)


def test_columns_count_characters_not_bytes() -> None:
    result = load_bytes("name: Żółć\nhp: x\n".encode(), FILE)
    span = result.documents[0].source_map.value_span(("hp",))
    assert span is not None and span.column == 5
    result = load_bytes("name: Żółć, hp: [\n".encode(), FILE)
    assert result.diagnostics[0].code == "BB0101"


def test_scalars_follow_yaml_1_2_core_schema() -> None:
    data = (
        load_bytes(b"a: no\nb: yes\nc: on\nd: true\ne: ~\nf: 0o17\ng: 0x1F\nh: 1.5\ni: 012\nj: '3'\n", FILE)
        .documents[0]
        .data
    )
    assert data == {
        "a": "no",
        "b": "yes",
        "c": "on",
        "d": True,
        "e": None,
        "f": 15,
        "g": 31,
        "h": 1.5,
        "i": 12,
        "j": "3",
    }


def test_integer_keys_become_strings_for_player_count_tables() -> None:
    data = load_bytes(b"hp: {1: 10, 2: 10, 3: 18, 4: 18}\n", FILE).documents[0].data
    assert data == {"hp": {"1": 10, "2": 10, "3": 18, "4": 18}}


def test_multi_document_files_keep_every_document_and_its_index() -> None:
    result = load_bytes(b"kind: a\n---\nkind: b\n---\n---\nkind: c\n", FILE)
    kinds = [(d.index, d.data and d.data.get("kind")) for d in result.documents]
    assert kinds == [(0, "a"), (1, "b"), (2, None), (3, "c")]


def test_a_duplicate_key_is_reported_at_the_second_with_the_first_related() -> None:
    result = load_bytes(b"a: 1\nb: 2\na: 3\n", FILE)
    (diagnostic,) = result.diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("BB0103", 3, 1)
    assert diagnostic.related[0].location.line == 1
    assert result.documents[0].data == {"a": 1, "b": 2}


def test_problems_in_later_documents_do_not_hide_earlier_ones() -> None:
    result = load_bytes(b"a: !!python/name:os.system x\n---\nb: 1\nb: 2\n", FILE)
    assert [(d.code, d.line) for d in result.diagnostics] == [("BB0107", 1), ("BB0103", 4)]
    assert [d.data for d in result.documents] == [{}, {"b": 1}]


def test_alias_values_are_shared_and_located_at_the_alias() -> None:
    result = load_bytes(b"base: &b {hp: 4}\ncopy: *b\n", FILE)
    document = result.documents[0]
    assert document.data["copy"] == {"hp": 4}
    span = document.source_map.value_span(("copy", "hp"))
    assert span is not None and (span.line, span.column) == (2, 7)


def test_limits_are_explicit_and_configurable() -> None:
    limits = Limits(max_depth=3)
    result = load_bytes(b"a: {b: {c: {d: 1}}}\n", FILE, limits)
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [("BB0109", 1, 12)]


def test_a_tagged_standard_value_that_does_not_match_its_tag_is_refused() -> None:
    result = load_bytes(b"a: !!int abc\nb: !!str 12\n", FILE)
    assert [(d.code, d.line) for d in result.diagnostics] == [("BB0107", 1)]
    assert result.documents[0].data == {"b": "12"}


def test_a_utf8_byte_order_mark_is_accepted() -> None:
    result = load_bytes(b"\xef\xbb\xbfa: 1\n", FILE)
    assert not result.diagnostics and result.documents[0].data == {"a": 1}


def test_utf16_files_get_a_hint() -> None:
    result = load_bytes("a: 1\n".encode("utf-16"), FILE)
    assert result.diagnostics[0].code == "BB0104"
    assert "UTF-16" in (result.diagnostics[0].hint or "")


def test_an_overlong_number_is_refused_instead_of_crashing() -> None:
    result = load_bytes(b"a: " + b"9" * 5000 + b"\n", FILE)
    assert [d.code for d in result.diagnostics] == ["BB0205"]


def test_libyaml_and_the_pure_python_parser_give_the_same_values_and_positions() -> None:
    from toolkit.core.packs import builtin_content_root

    files = sorted(builtin_content_root().rglob("*.yaml"))
    assert len(files) > 20
    for path in files:
        raw = path.read_bytes()
        fast, slow = load_bytes(raw, path), load_bytes(raw, path, parser="python")
        assert [d.data for d in fast.documents] == [d.data for d in slow.documents], path
        assert [d.source_map for d in fast.documents] == [d.source_map for d in slow.documents], path
        assert fast.diagnostics == slow.diagnostics, path
