"""The site in each language of its packs: pages, the header's language menu, the site's own words,
search per language, the note on pages shown in another language, and `--lang` on the command line."""

from __future__ import annotations

import html
import json
import posixpath
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.site.conftest import POLISH_PACK, REPO
from tests.site.site_html import scan
from toolkit.cli import run
from toolkit.publish.build import prepare
from toolkit.publish.glossary import load_terms
from toolkit.publish.messages import LOCALE_DIR, words
from toolkit.publish.site import RULES_NAV, _listed
from toolkit.publish.site_languages import SiteLanguages, site_languages_for
from toolkit.publish.translations import translation_path

ENEMY = "content/lantern-road/enemy/lamp-warden/index.html"
CONSUMABLE = "content/lantern-road/consumable/lamp-oil/index.html"
NOTE = re.compile(r'<div class="admonition note hk-untranslated">.*?</div>', re.DOTALL)


def plain(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def heading(page: str) -> str:
    """The page's first heading, as read (without its permalink sign)."""
    found = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.DOTALL)
    assert found is not None
    return plain(found.group(1)).replace("¶", "").strip()


def language_menu(page: Path) -> dict[str, str]:
    """hreflang → href of the header's language menu."""
    html = page.read_text(encoding="utf-8")
    return {
        lang: href
        for href, lang in re.findall(
            r'<a href="([^"]*)" hreflang="([^"]*)" lang="[^"]*" target="_self" class="md-select__link">',
            html,
        )
    }


def landing(site: Path, page: str, href: str) -> Path:
    """The built file a relative link on the page at ``page`` (site-relative) opens."""
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), href))
    return site / target / "index.html" if not target.endswith(".html") else site / target


def test_every_page_has_a_polish_version_at_the_same_address_under_pl(built_site: Path) -> None:
    english = {
        p.relative_to(built_site)
        for p in built_site.rglob("index.html")
        if p.parts[len(built_site.parts)] != "pl"
    }
    polish = {p.relative_to(built_site / "pl") for p in (built_site / "pl").rglob("index.html")}
    assert len(english) > 100
    assert english == polish


def test_the_language_menu_of_an_english_page_leads_to_the_same_page_in_polish_and_back(
    built_site: Path,
) -> None:
    menu = language_menu(built_site / ENEMY)
    assert menu == {
        "en": "../../../../content/lantern-road/enemy/lamp-warden/",
        "pl": "../../../../pl/content/lantern-road/enemy/lamp-warden/",
    }
    assert landing(built_site, ENEMY, menu["pl"]) == built_site / "pl" / ENEMY
    back = language_menu(built_site / "pl" / ENEMY)["en"]
    assert landing(built_site, f"pl/{ENEMY}", back) == built_site / ENEMY
    # The home page too, where the path is empty.
    assert language_menu(built_site / "index.html")["pl"] == "pl/"
    assert language_menu(built_site / "pl" / "index.html")["en"] == "../"


def test_a_polish_page_shows_polish_text_headings_and_navigation(built_site: Path) -> None:
    page = (built_site / "pl" / ENEMY).read_text(encoding="utf-8")
    assert '<html lang="pl"' in page
    assert heading(page) == "Strażnik Lampy"
    text = plain(page)
    assert "Pilnuje, by latarnie na drodze płonęły" in text
    tabs = [t.strip() for t in re.findall(r'class="md-tabs__link[^"]*"[^>]*>\s*([^<]+)<', page)]
    assert tabs[:4] == ["Start", "Zasady", "Poradniki", "Słowniczek"]
    assert "paczka" in text and "Droga Latarni" in text
    assert not NOTE.search(page), "a page whose every text is in Polish has no note"
    english = (built_site / ENEMY).read_text(encoding="utf-8")
    assert heading(english) == "Lamp Warden" and '<html lang="en"' in english


def test_a_polish_page_with_english_text_says_so_naming_the_language(built_site: Path) -> None:
    page = (built_site / "pl" / CONSUMABLE).read_text(encoding="utf-8")
    note = NOTE.search(page)
    assert note is not None
    assert "Brak tłumaczenia" in note.group(0)
    assert "jest pokazana w języku: angielski" in note.group(0)
    assert "Thick oil that smells of the road." in plain(page)
    assert not NOTE.search((built_site / CONSUMABLE).read_text(encoding="utf-8"))


def test_hand_written_pages_show_their_translation_or_say_they_are_in_english(built_site: Path) -> None:
    setup = (built_site / "pl" / "rules" / "board" / "saving" / "index.html").read_text(encoding="utf-8")
    assert heading(setup) == "Zapisywanie postępów"
    assert not NOTE.search(setup)
    blood_hunt = (built_site / "pl" / "rules" / "blood-hunt" / "index.html").read_text(encoding="utf-8")
    assert NOTE.search(blood_hunt) and heading(blood_hunt) == "Blood Hunt"
    assert "rules/board/saving.pl" not in "".join(scan(built_site / "pl" / "index.html").links)


def test_each_language_has_its_own_search_index(built_site: Path) -> None:
    polish = json.loads((built_site / "pl" / "search" / "search_index.json").read_text(encoding="utf-8"))
    english = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    polish_text = " ".join(d["title"] + d["text"] for d in polish["docs"])
    english_text = " ".join(d["title"] + d["text"] for d in english["docs"])
    assert "Strażnik Lampy" in polish_text and "Strażnik Lampy" not in english_text
    assert "Lamp Warden" in english_text and "Lamp Warden" not in polish_text
    # No English stemmer on Polish words (lunr has no Polish one).
    assert polish["config"]["pipeline"] == []
    assert english["config"]["pipeline"] != []


def test_the_glossary_gives_each_term_in_polish_and_links_polish_uses(built_site: Path) -> None:
    terms = load_terms(REPO / "site" / "glossary.yml")
    assert [t.term for t in terms if t.translation("pl") is None] == []
    glossary = plain((built_site / "pl" / "glossary" / "index.html").read_text(encoding="utf-8"))
    assert "Broń przemienna" in glossary and "angielski: Trick weapon" in glossary
    assert "Polish: Broń przemienna" in plain((built_site / "glossary" / "index.html").read_text("utf-8"))
    combat = (built_site / "pl" / "rules" / "board" / "combat" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../../glossary/#trick-weapon"' in combat


def test_every_board_rules_page_has_a_polish_translation() -> None:
    pages = [p for p in _listed(RULES_NAV) if p.startswith("rules/board/")] + ["rules/index.md", "index.md"]
    missing = [p for p in pages if not (REPO / "site" / translation_path(p, "pl")).is_file()]
    assert missing == []


def test_the_generator_asks_the_polish_catalogue_for_no_word_it_lacks() -> None:
    polish = words("pl")
    polish.missing.clear()
    prepare(REPO, REPO / "site", [POLISH_PACK], spoilers=True, language="pl")
    assert polish.missing == set()


def test_the_polish_catalogue_has_no_untranslated_or_fuzzy_entry() -> None:
    with (LOCALE_DIR / "pl.po").open("rb") as handle:
        catalogue = read_po(handle, locale="pl")
    bad = [m.id for m in catalogue if m.id and (not m.string or m.fuzzy)]
    assert bad == []
    placeholders = re.compile(r"\{[a-z]+\}")
    assert [
        m.id
        for m in catalogue
        if m.id and sorted(placeholders.findall(str(m.id))) != sorted(placeholders.findall(str(m.string)))
    ] == []


def test_an_unknown_language_is_refused_with_exit_2_naming_it_and_the_known_ones(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run(["site", "build", "--lang", "en,xx", "--out", str(tmp_path / "site")]) == 2
    error = capsys.readouterr().err
    assert "--lang xx: the site has no words in this language; it has en, pl" in error
    assert not (tmp_path / "site").exists()
    assert run(["site", "build", "--lang", "pl,pl", "--out", str(tmp_path / "site")]) == 2
    assert "named twice" in capsys.readouterr().err


def test_a_site_is_built_in_the_languages_the_packs_declare_that_it_has_words_for(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: three-tongues\ngame: bloodborne-board\nname: Three\nlanguages: [pl, en, de]\n", "utf-8"
    )
    assert site_languages_for((pack,)) == SiteLanguages(("pl", "en"), skipped=("de",))
    assert site_languages_for(()) == SiteLanguages(("en",))


def test_a_language_without_words_is_a_build_error_for_plain_mkdocs_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mkdocs.config import load_config
    from mkdocs.exceptions import PluginError

    monkeypatch.setenv("HUNTKIT_SITE_LANGUAGE", "xx")
    config = load_config(config_file=str(REPO / "mkdocs.yml"))
    with pytest.raises(PluginError, match="HUNTKIT_SITE_LANGUAGE=xx: the site has no words in this language"):
        config.plugins.on_config(config)


def test_the_menu_links_hold_for_any_first_language_and_page_depth() -> None:
    from toolkit.publish.alternates import page_alternates

    def links(url: str, current: str, languages: tuple[str, ...]) -> dict[str, str]:
        return {a.lang: a.href for a in page_alternates(url, current, languages)}

    # A pack written in Polish first: Polish at the root, English under en/.
    assert links("rules/board/setup/", "pl", ("pl", "en")) == {
        "pl": "../../../rules/board/setup/",
        "en": "../../../en/rules/board/setup/",
    }
    assert links("rules/board/setup/", "en", ("pl", "en"))["pl"] == "../../../../rules/board/setup/"
    assert links("", "en", ("pl", "en")) == {"pl": "../", "en": "../en/"}
    # Three languages: from one under its folder to another under its own.
    assert links("glossary/", "de", ("en", "pl", "de"))["pl"] == "../../pl/glossary/"
