"""Running MkDocs on the project's ``mkdocs.yml`` with huntkit's build options.

The options reach the hook in ``site/hooks/`` through environment variables, so a plain
``mkdocs build`` and ``huntkit site build`` run the very same generator.
"""

from __future__ import annotations

import logging
import os
import shutil
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.publish.messages import SOURCE_LANGUAGE, site_languages
from toolkit.publish.site_languages import site_languages_for

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

PACKS_VARIABLE = "HUNTKIT_SITE_PACKS"
SPOILERS_VARIABLE = "HUNTKIT_SITE_SPOILERS"
SEARCH_SPOILERS_VARIABLE = "HUNTKIT_SITE_SEARCH_SPOILERS"
STRICT_VARIABLE = "HUNTKIT_SITE_STRICT"
REPORTS_VARIABLE = "HUNTKIT_SITE_REPORTS"
LANGUAGE_VARIABLE = "HUNTKIT_SITE_LANGUAGE"
LANGUAGES_VARIABLE = "HUNTKIT_SITE_LANGUAGES"
SITE_MARKER = ".huntkit-site"
"""Left in a built site's folder (MkDocs keeps dot files when it empties the folder), so that the
next build knows the folder is a site it may empty."""


class SiteError(Exception):
    """The site could not be built (invalid content, a broken link, a missing mkdocs.yml)."""


class SiteFolderError(SiteError):
    """The folder asked for cannot take the site (a file, or a folder of the user's): a usage error."""


@dataclass(frozen=True, slots=True)
class SiteRequest:
    """One build or serve, as the command line asked for it."""

    packs: tuple[Path, ...] = ()
    """Packs or folders of packs to publish; empty means the built-in content."""

    spoilers: bool = True
    search_spoilers: bool = False
    """Put the spoilers in the search index too (`--spoilers`)."""
    strict: bool = False
    """Also fail on content warnings (MkDocs itself always builds strictly)."""

    reports: tuple[Path, ...] = ()
    """Simulation reports (JSON) whose results appear on their chapters' pages."""

    languages: tuple[str, ...] = ()
    """Languages to build, the first at the site's root and each other one under ``<code>/``;
    empty: the languages the packs declare (see :func:`site_languages_for`)."""


def config_file() -> Path:
    """The project's ``mkdocs.yml`` (the site is built from a source checkout)."""
    path = Path(__file__).resolve().parents[2] / "mkdocs.yml"
    if not path.is_file():
        raise SiteError(f"no mkdocs.yml at {path}; build the site from a huntkit source checkout")
    return path


@contextmanager
def site_environment(
    request: SiteRequest, language: str = SOURCE_LANGUAGE, languages: tuple[str, ...] = ()
) -> Iterator[None]:
    """Set the hook's variables for the duration of a build (of one language), then restore them."""
    values = {
        LANGUAGE_VARIABLE: language,
        LANGUAGES_VARIABLE: ",".join(languages or (language,)),
        PACKS_VARIABLE: os.pathsep.join(str(p.resolve()) for p in request.packs),
        SPOILERS_VARIABLE: "1" if request.spoilers else "0",
        SEARCH_SPOILERS_VARIABLE: "1" if request.search_spoilers else "0",
        STRICT_VARIABLE: "1" if request.strict else "0",
        REPORTS_VARIABLE: os.pathsep.join(str(p.resolve()) for p in request.reports),
        # Material prints a banner about its successor on every build; it is noise here.
        "NO_MKDOCS_2_WARNING": "1",
    }
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _show_mkdocs_log() -> logging.Handler:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    handler.setLevel(logging.INFO)
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    return handler


def build(request: SiteRequest, out: Path | None = None) -> Path:
    """Build the site into ``out`` (default: ``site-build/``); return the folder written.

    MkDocs writes into a new folder beside ``out``, which replaces ``out`` only once the build is
    whole: a build that fails (broken content, a full disk, Ctrl-C) leaves the earlier site as it
    was and no half-written one.
    """
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    from toolkit.core.pipeline import UsageError, short_path

    languages = request.languages or site_languages_for(request.packs).languages
    handler = _show_mkdocs_log()
    try:
        overrides = {"site_dir": str(out.resolve())} if out is not None else {}
        with site_environment(request, languages[0], languages):
            folder = Path(load_config(config_file=str(config_file()), **overrides).site_dir)
        check_site_folder(folder)
        # Marked before building: a build that is interrupted or fails halfway leaves a folder
        # the next build may empty, instead of one it refuses as the user's.
        created = not folder.exists()
        mark_site_folder(folder)
        staging = _staging_folder(folder)
        try:
            mark_site_folder(staging)  # so that the next build clears it if this one is killed
            # The first language first: MkDocs empties the folder it builds into, and the other
            # languages are folders inside the first one's.
            for language in languages:
                within = staging if language == languages[0] else staging / language
                with site_environment(request, language, languages):
                    config = load_config(config_file=str(config_file()), strict=True, **overrides)
                    config.site_dir = str(within)
                    _build_one(mkdocs_build, config)
            _replace_folder(folder, staging)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            if created:
                _remove_if_only_marked(folder)
            raise
        return folder
    except MkDocsException as error:
        raise SiteError(str(error)) from None
    except UsageError as error:  # a path the hook's validation cannot use (a device, say)
        raise SiteError(str(error)) from None
    except OSError as error:  # a full disk, a folder that became read-only
        where = f" ({short_path(Path(error.filename))})" if error.filename else ""
        raise SiteError(
            f"cannot write the site: {error.strerror or error}{where}; the earlier site is unchanged"
        ) from None
    finally:
        logging.getLogger("mkdocs").removeHandler(handler)


def _build_one(mkdocs_build: Callable[[MkDocsConfig], None], config: MkDocsConfig) -> None:
    """One MkDocs build of one language, with the plug-ins' start and end around it."""
    config.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build(config)
    finally:
        config.plugins.on_shutdown()


STAGING_PREFIX = ".huntkit-building-"


def _staging_folder(folder: Path) -> Path:
    """A new empty folder beside ``folder`` for the build, after clearing those of killed builds."""
    for stale in folder.parent.glob(f"{STAGING_PREFIX}{folder.name}-*"):
        if (stale / SITE_MARKER).is_file() or not any(stale.iterdir()):
            shutil.rmtree(stale, ignore_errors=True)
    try:
        staging = Path(tempfile.mkdtemp(prefix=f"{STAGING_PREFIX}{folder.name}-", dir=folder.parent))
        umask = os.umask(0)
        os.umask(umask)
        staging.chmod(0o777 & ~umask)  # mkdtemp's 0700 would hide the site from a web server
    except OSError as error:
        raise SiteError(f"cannot write the site beside {folder}: {error.strerror or error}") from None
    return staging


def _replace_folder(folder: Path, built: Path) -> None:
    """Put the whole build in ``folder``: its old entries removed, then the new ones moved in.

    Renames within one file system need no room, so a full disk cannot stop this halfway. The folder
    itself stays (it may be the working folder, a mount point, or one a web server serves).
    """
    for entry in folder.iterdir():
        if entry.name != SITE_MARKER:
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
    for entry in built.iterdir():
        os.replace(entry, folder / entry.name)
    built.rmdir()


def mark_site_folder(folder: Path) -> None:
    """Create the site folder if need be and leave huntkit's marker in it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / SITE_MARKER).write_text(
            "Built by `huntkit site build`: the next build empties this folder.\n", encoding="utf-8"
        )
    except OSError as error:
        raise SiteError(f"cannot write the site to {folder}: {error.strerror or error}") from None


def _remove_if_only_marked(folder: Path) -> None:
    """Take back a folder this build made when the build wrote nothing else into it."""
    try:
        if [entry.name for entry in folder.iterdir()] == [SITE_MARKER]:
            (folder / SITE_MARKER).unlink()
            folder.rmdir()
    except OSError:
        pass


def check_site_folder(folder: Path) -> None:
    """Refuse to build into a folder of the user's: MkDocs empties the site folder before it writes.

    A folder that does not exist yet, an empty one, and an earlier build (huntkit's marker, or the
    search index every MkDocs build writes) may be emptied; anything else may hold work of the user's.
    """
    if not folder.exists():
        return
    if not folder.is_dir():
        raise SiteFolderError(f"{folder} is a file; give a folder for the site")
    if (folder / SITE_MARKER).is_file() or (folder / "search" / "search_index.json").is_file():
        return
    if any(folder.iterdir()):
        raise SiteFolderError(
            f"{folder} holds files that are not a built site, and a build empties its folder first; "
            "give a new or empty folder with --out"
        )


def request_problem(request: SiteRequest) -> str | None:
    """Why the packs or reports named cannot be used, before MkDocs starts (a build takes a while)."""
    from toolkit.core.pipeline import UsageError, resolve_targets

    try:
        # What validation will make of each path (a device is refused), not only that it exists.
        resolve_targets(request.packs)
    except UsageError as error:
        return str(error)
    unknown = [code for code in request.languages if code not in site_languages()]
    if unknown:
        return (
            f"--lang {','.join(unknown)}: the site has no words in "
            f"{'this language' if len(unknown) == 1 else 'these languages'}; it has "
            f"{', '.join(site_languages())} (a language is added with a catalogue "
            "toolkit/publish/locale/<code>.po)"
        )
    if len(set(request.languages)) != len(request.languages):
        return f"--lang {','.join(request.languages)}: a language is named twice"
    from toolkit.publish.build import load_report

    for report in request.reports:
        if not report.is_file():
            return f"--report: no such file: {report}"
        try:
            load_report(report)
        except ValueError as error:  # said plainly here, not as MkDocs' "Aborted with a BuildError!"
            return f"--report: {error}"
    return None


def address_problem(address: str) -> str | None:
    """Why ``address`` cannot be served on, found before the build rather than after it.

    MkDocs accepts any number as the port and leaves its temporary site folder behind when the
    address is malformed; a port in use or out of range would fail only after a full build.
    """
    host, _, port_text = address.rpartition(":")
    if not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        return f"--address {address!r}: give a host and a port from 1 to 65535, as 127.0.0.1:8000"
    try:
        family, kind, _, _, where = socket.getaddrinfo(host.strip("[]"), int(port_text))[0]
        with socket.socket(family, kind) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(where)
    except OSError as error:
        return f"cannot serve on {address}: {error.strerror or error}"
    return None


def serve(request: SiteRequest, address: str) -> None:
    """Serve the site with live reload until interrupted."""
    from mkdocs.commands.serve import serve as mkdocs_serve
    from mkdocs.exceptions import MkDocsException

    from toolkit.core.packs import builtin_content_root

    # One language: MkDocs serves one build, so the language menu would lead nowhere.
    language = (request.languages or site_languages_for(request.packs).languages)[0]
    handler = _show_mkdocs_log()
    try:
        with site_environment(request, language, (language,)):
            # Watch the content too, so an edited pack shows up (or fails loudly) on save.
            watched = [str(p.resolve()) for p in request.packs] or [str(builtin_content_root())]
            mkdocs_serve(config_file=str(config_file()), dev_addr=address, strict=True, watch=watched)
    except MkDocsException as error:
        raise SiteError(str(error)) from None
    finally:
        logging.getLogger("mkdocs").removeHandler(handler)
