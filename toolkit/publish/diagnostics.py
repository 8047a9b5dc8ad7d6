"""One page per diagnostic code, with the broken and fixed example from its fixture folder."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.codes import CODES, Code
from toolkit.publish import escape
from toolkit.publish.code_examples import cached_broken_report
from toolkit.publish.markdown import code_block, doc_cell, doc_text

MAX_FILES = 8
MAX_FILE_CHARS = 3000
# Code ranges in catalogue order, as documented in toolkit.core.codes.
RANGES = {
    "BB01": "Reading files and YAML",
    "BB02": "Schema: keys, types, values",
    "BB03": "Packs and references",
    "BB04": "Board game components",
    "BB05": "Board game campaigns and mission graphs",
    "BB06": "Board game mission flow and scenarios",
    "BB07": "Blood Hunt",
    "BB08": "Card game (The Hunter's Nightmare)",
    "BB09": "Authoring tools",
}


def code_page(code: Code) -> str:
    return f"reference/codes/{escape.slug(code.id)}.md"


def range_title(code: Code) -> str:
    return RANGES.get(code.id[:4], "Other")


def all_codes() -> list[Code]:
    return sorted(CODES.values(), key=lambda c: c.id)


def _show_file(path: Path, root: Path, prefix: str) -> str:
    with path.open("rb") as handle:
        raw = handle.read(MAX_FILE_CHARS + 1)
    text = raw.decode("utf-8", errors="replace")
    note = ""
    if len(raw) > MAX_FILE_CHARS:
        text = text[:MAX_FILE_CHARS]
        note = f"\n\n{prefix}*(first {MAX_FILE_CHARS} characters shown)*"
    name = escape.inline(path.relative_to(root).as_posix()) if path != root else escape.inline(path.name)
    return f"{prefix}**{name}**\n\n{code_block(text, 'yaml', prefix)}{note}"


def _example(folder: Path | None, prefix: str) -> str:
    """The files of one fixture (a pack folder or a lone YAML file)."""
    if folder is None:
        return f"{prefix}*No example yet.*"
    if folder.is_file():
        return _show_file(folder, folder, prefix)
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    if not files:
        return f"{prefix}*No example yet.*"
    shown = [_show_file(p, folder, prefix) for p in files[:MAX_FILES]]
    if len(files) > MAX_FILES:
        shown.append(f"{prefix}*…and {len(files) - MAX_FILES} more files.*")
    return "\n\n".join(shown)


def _fixture(root: Path | None, code: Code, name: str) -> Path | None:
    if root is None:
        return None
    base = root / code.id
    for candidate in (base / name, base / f"{name}.yaml"):
        if candidate.exists():
            return candidate
    return None


def _reported(root: Path | None, code: Code) -> str:
    """The report `huntkit validate` prints for the broken example, run now."""
    case = root / code.id if root is not None else None
    if case is None or not (case / "negative").exists():
        return ""
    report = cached_broken_report(case)
    if report is None:
        return ""
    return "    `huntkit validate` on these files prints:\n\n" + code_block(report, "text", "    ")


def code_markdown(code: Code, fixtures_root: Path | None) -> str:
    """The page of one code: what it means, then the broken and the fixed example as tabs."""
    negative = _fixture(fixtures_root, code, "negative")
    positive = _fixture(fixtures_root, code, "positive")
    expected = _reported(fixtures_root, code)
    broken = _example(negative, "    ")
    fixed = _example(positive, "    ")
    parts = [
        f"# {code.id} `{code.name}`",
        f"**Severity:** {code.severity.value} · **Group:** {escape.inline(range_title(code))}",
        doc_text(code.summary),
        "## Example",
        '=== "Broken"\n\n' + broken + ("\n\n" + expected if expected else ""),
        '=== "Fixed"\n\n' + fixed,
    ]
    return "\n\n".join(parts) + "\n"


def codes_index_markdown(codes: list[Code]) -> str:
    lines = [
        "# Diagnostic codes",
        "",
        "Every problem `huntkit validate` reports carries one of these "
        "stable codes. Each page shows an input that produces the code and its fixed version.",
        "",
    ]
    current = ""
    for code in codes:
        title = range_title(code)
        if title != current:
            lines += [
                "",
                f"## {escape.inline(title)}",
                "",
                "| Code | Name | Severity | Meaning |",
                "|---|---|---|---|",
            ]
            current = title
        lines.append(
            f"| [{code.id}]({escape.slug(code.id)}.md) | `{code.name}` | {code.severity.value} | "
            f"{doc_cell(code.summary)} |"
        )
    return "\n".join(lines) + "\n"
