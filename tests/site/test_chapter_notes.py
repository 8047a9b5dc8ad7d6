"""A chapter's designer's notes (the Pale Bell's measured win rates) show on its reference page."""

from __future__ import annotations

from toolkit.publish.build import BuildState


def test_chapter_page_shows_the_designers_notes_with_the_measured_win_rates(generated: BuildState) -> None:
    page = generated.content.pages.pages["content/the-pale-bell/chapter/the-pale-bell-1.md"].markdown
    assert "## Designer's notes" in page
    notes = page.split("## Designer's notes", 1)[1]
    assert "with 2 hunters" in notes
    assert "100 seeded games" in notes


def test_a_chapter_without_notes_has_no_notes_heading(generated: BuildState) -> None:
    chapters = [
        page.markdown
        for path, page in generated.content.pages.pages.items()
        if "/chapter/" in path and "the-pale-bell" not in path
    ]
    assert chapters
    assert all("## Designer's notes" not in markdown for markdown in chapters)
