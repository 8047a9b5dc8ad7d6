"""`huntkit play PACK --web`: open or resume the game the web companion serves, then serve it."""

from __future__ import annotations

import sys
from pathlib import Path

from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board.companion.app import open_session
from toolkit.games.board.companion.saves import SaveError
from toolkit.games.board.interpreter.book import CampaignNotFound
from toolkit.games.board.interpreter.machine import EventRejected
from toolkit.games.board.web.hub import GameHub

DEFAULT_HOST = "127.0.0.1"
"""Only this machine, unless the user names another address: the game is open to whoever reaches it."""

DEFAULT_PORT = 8765


def play_web(
    index: ContentIndex,
    pack: Pack,
    *,
    campaign: str | None = None,
    count: int | None = None,
    save: Path | None = None,
    resume: Path | None = None,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    language: str | None = None,
) -> int:
    """Serve the companion; 0 after Ctrl-C, 2 for a usage problem.

    With ``--resume`` (or ``--hunters``) the game begins at once; otherwise the first page asks for
    the campaign, the chapter and the number of hunters.
    """
    from toolkit.games.board.web.server import serve

    try:
        hub = open_hub(index, pack, campaign, count, save, resume)
        hub.language = language
    except (CampaignNotFound, EventRejected, SaveError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if hub.save_path is None:
        print("The game is not saved to a file; start with --save FILE to keep it.", flush=True)
    return serve(hub, host, port)


def open_hub(
    index: ContentIndex,
    pack: Pack,
    campaign: str | None,
    count: int | None,
    save: Path | None,
    resume: Path | None,
) -> GameHub:
    """The game to serve: resumed, begun (hunters given), or none yet (the start page asks)."""
    hub = GameHub(index, pack, save or resume)
    if resume is None and count is None:
        return hub
    session, _ = open_session(index, pack, campaign, count, save, resume)
    if resume is not None:
        hub.resume(session)
    else:
        hub.begin(session)
    return hub


def resumed_hub(index: ContentIndex, pack: Pack, path: Path) -> GameHub:
    """The game saved at ``path`` (by the web page or the terminal), served and saved there again."""
    return open_hub(index, pack, None, None, None, path)
