"""`huntkit site build | serve`: the rules-and-content reference site."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from toolkit.core.arguments import path_value
from toolkit.publish.runner import (
    SiteError,
    SiteFolderError,
    SiteRequest,
    address_problem,
    build,
    request_problem,
    serve,
)
from toolkit.publish.site_languages import site_languages_for

site_app = typer.Typer(help="The rules-and-content reference site (MkDocs).", no_args_is_help=True)

PacksArgument = Annotated[
    list[Path] | None,
    typer.Argument(
        help="Packs or folders of packs to publish (default: the built-in content).", parser=path_value
    ),
]
NoSpoilersOption = Annotated[
    bool,
    typer.Option("--no-spoilers", help="Leave mission-card stories, goals and outcomes out."),
]
SpoilersOption = Annotated[
    bool,
    typer.Option(
        "--spoilers",
        help="Let the site's search find mission-card stories, goals and scenario tests too (they are on"
        " their pages either way, collapsed).",
    ),
]
LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="Languages to build, separated by commas (en,pl): the first at the site's root, each"
        " other one under /<code>/, switched from the header. Default: the languages the packs"
        " declare.",
    ),
]
StrictOption = Annotated[
    bool, typer.Option("--strict", help="Also fail when the content has validation warnings.")
]


@site_app.command(
    "build",
    epilog="Examples:\n\n  huntkit site build\n\n  huntkit site build --out public --no-spoilers "
    "path/to/my-campaign",
)
def build_command(
    packs: PacksArgument = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Folder to write the site to (default: site-build).", parser=path_value),
    ] = None,
    no_spoilers: NoSpoilersOption = False,
    spoilers: SpoilersOption = False,
    strict: StrictOption = False,
    lang: LangOption = None,
    report: Annotated[
        list[Path] | None,
        typer.Option(
            "--report",
            parser=path_value,
            help="A `huntkit simulate --format json` report to show on its chapters' pages (repeatable).",
        ),
    ] = None,
) -> int:
    """Validate the content, then build the reference site (fails on any broken link)."""
    if spoilers and no_spoilers:
        typer.echo("error: --spoilers and --no-spoilers contradict each other; give one", err=True)
        return 2
    request = SiteRequest(
        tuple(packs or ()),
        spoilers=not no_spoilers,
        search_spoilers=spoilers,
        strict=strict,
        reports=tuple(report or ()),
        languages=_languages(lang),
    )
    problem = request_problem(request)
    if problem is not None:
        typer.echo(f"error: {problem}", err=True)
        return 2
    if not request.languages:
        found = site_languages_for(request.packs)
        if found.skipped:
            typer.echo(
                f"warning: the packs declare {', '.join(found.skipped)}, which the site has no words"
                f" in; building {', '.join(found.languages)} (give --lang to choose)",
                err=True,
            )
        request = replace(request, languages=found.languages)
    try:
        folder = build(request, out)
    except SiteFolderError as error:
        typer.echo(f"error: --out: {error}", err=True)
        return 2
    except SiteError as error:
        typer.echo(f"error: {error}", err=True)
        return 1
    typer.echo(f"built the site in {folder}")
    return 0


@site_app.command("serve", epilog="Example:\n\n  huntkit site serve --address 127.0.0.1:8000")
def serve_command(
    packs: PacksArgument = None,
    address: Annotated[str, typer.Option("--address", help="Host and port to serve on.")] = (
        "127.0.0.1:8000"
    ),
    no_spoilers: NoSpoilersOption = False,
) -> int:
    """Serve the site locally, rebuilding when the rules pages change."""
    request = SiteRequest(tuple(packs or ()), spoilers=not no_spoilers)
    problem = request_problem(request) or address_problem(address)
    if problem is not None:
        typer.echo(f"error: {problem}", err=True)
        return 2
    try:
        serve(request, address)
    except SiteError as error:
        typer.echo(f"error: {error}", err=True)
        return 1
    return 0


def _languages(option: str | None) -> tuple[str, ...]:
    """``en, pl`` → ``("en", "pl")``; an empty entry is dropped (``en,`` is ``en``)."""
    if option is None:
        return ()
    return tuple(code.strip() for code in option.split(",") if code.strip()) or ("",)


def register(app: typer.Typer) -> None:
    app.add_typer(site_app, name="site")
