"""`huntkit play` for the board game: the table companion's loop, saves and scripts.

Lines come from the keyboard (with tab completion of commands, tiles, enemies, tokens and card
numbers) or from a script file (`--script`), one report or command per line. With `--save FILE` the
campaign is saved atomically after every change; `--resume FILE` continues a saved campaign.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from toolkit.core.files import MAX_SCRIPT_BYTES, InputTooLarge, read_text_bounded
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.strings.catalogue import _
from toolkit.games.board.companion.saves import SaveError, SaveFile, check_save, load_game, save_game
from toolkit.games.board.companion.session import Session
from toolkit.games.board.interpreter.book import CampaignNotFound, book_from_index
from toolkit.games.board.interpreter.machine import EventRejected, MissionInterpreter, new_state

PROMPT = "hunt> "


def play(
    index: ContentIndex,
    pack: Pack,
    *,
    campaign: str | None = None,
    count: int | None = None,
    save: Path | None = None,
    resume: Path | None = None,
    script: Path | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Run the companion; 0 when the session ends normally, 2 for a usage problem."""
    out = stdout or sys.stdout
    source = stdin or sys.stdin
    lines: list[str] | None = None
    if script is not None:
        # Read before the opening autosave, so a script that cannot be read leaves the save alone.
        try:
            # utf-8-sig: a script saved by a Windows editor starts with a BOM, not with its first line.
            lines = read_text_bounded(script, MAX_SCRIPT_BYTES, encoding="utf-8-sig").splitlines()
        except (OSError, UnicodeDecodeError, InputTooLarge) as error:
            print(f"error: cannot read the script {script}: {error}", file=sys.stderr)
            return 2
    try:
        if count is None and resume is None:
            book_from_index(index, pack.id, campaign)  # a mistyped campaign is said before the question
            count = _ask_hunters(source, out, interactive=lines is None and _is_tty(source))
            if count is None:
                print(
                    "error: say how many hunters are at the table with --hunters N (1 to 4)", file=sys.stderr
                )
                return 2
        session, save_to = open_session(index, pack, campaign, count, save, resume)
    except (CampaignNotFound, EventRejected, SaveError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    _write(out, session.opening())
    saver = _Autosaver(pack, save_to, out)
    saver.save(session)
    if lines is not None:
        _loop(session, saver, iter(lines), out, echo=True)
        return saver.exit_code()
    interactive = _is_tty(source)
    if interactive:
        _enable_completion(session)
        _write(out, [_("Type `help` for the commands.")])
    _loop(session, saver, _prompted(source, interactive, out), out, echo=not interactive)
    return saver.exit_code()


def _is_tty(source: TextIO) -> bool:
    return source.isatty() if hasattr(source, "isatty") else False


def _ask_hunters(source: TextIO, out: TextIO, *, interactive: bool) -> int | None:
    """The number of hunters, asked at the keyboard; None when no one can be asked (a script, a
    pipe) or the question is left unanswered. Never a guess: the setup and every scaled number
    depend on it."""
    if not interactive:
        return None
    while True:
        try:
            answer = input(_("How many hunters are at the table (1 to 4)? ")).strip()
        except (EOFError, KeyboardInterrupt):
            _write(out, [""])
            return None
        if answer in ("1", "2", "3", "4"):
            return int(answer)
        _write(out, [_("{answer} is not 1, 2, 3 or 4.").format(answer=repr(answer))])


def open_session(
    index: ContentIndex,
    pack: Pack,
    campaign: str | None,
    count: int | None,
    save: Path | None,
    resume: Path | None,
) -> tuple[Session, Path | None]:
    if resume is not None:
        saved = load_game(resume)
        wanted = campaign or saved.state.campaign.campaign
        if wanted != saved.state.campaign.campaign:
            raise SaveError(f"{resume} holds campaign {saved.state.campaign.campaign!r}, not {wanted!r}")
        if count is not None and count != saved.state.campaign.hunters:
            raise SaveError(f"{resume} was saved with {saved.state.campaign.hunters} hunters, not {count}")
        book = book_from_index(index, pack.id, saved.state.campaign.campaign)
        check_save(saved, pack.id, book, resume)
        session = Session(MissionInterpreter(book, saved.state), points=dict(saved.points))
        return session, save or resume
    if count is None:
        raise EventRejected(_("say how many hunters are at the table (--hunters 1 to 4)"))
    book = book_from_index(index, pack.id, campaign)
    state = new_state(book, count)
    return Session(MissionInterpreter(book, state)), save


def _loop(session: Session, saver: _Autosaver, lines: Iterator[str], out: TextIO, *, echo: bool) -> None:
    for line in lines:
        if echo and line.strip() and not line.lstrip().startswith("#"):
            _write(out, [f"{PROMPT}{line.strip()}"])
        reply = session.handle(line)
        _write(out, reply.lines)
        if reply.changed:
            saver.save(session)
        if reply.quit:
            break


def _prompted(source: TextIO, interactive: bool, out: TextIO) -> Iterator[str]:
    while True:
        try:
            if interactive:
                line = input(PROMPT)
            else:
                line = source.readline()
                if not line:
                    return
        except EOFError:
            return
        except KeyboardInterrupt:
            _write(out, ["", _("(Ctrl-C) Type `quit` to leave; nothing was lost.")])
            continue
        yield line


class _Autosaver:
    """Saves after every change. A failed save is said at once and the session goes on (the table's
    state is still in memory, and the next save may succeed once the disk has room); a session that
    ends with its last change unsaved exits 1, so a script or a shell sees that it was not saved."""

    def __init__(self, pack: Pack, path: Path | None, out: TextIO) -> None:
        self.pack = pack
        self.path = path
        self.out = out
        self.failure: str | None = None

    def save(self, session: Session) -> None:
        if self.path is None:
            return
        try:
            save_game(self.path, SaveFile(pack=self.pack.id, state=session.state, points=session.points))
        except SaveError as error:
            _write(self.out, [f"warning: {error}; the session goes on unsaved"])
            self.failure = str(error)
        except KeyboardInterrupt:
            _write(self.out, ["(Ctrl-C during a save) The previous save is intact."])
        else:
            if self.failure is not None:
                _write(self.out, [f"saved to {self.path} again"])
            self.failure = None

    def exit_code(self) -> int:
        if self.failure is None:
            return 0
        print(
            f"error: the session's last changes were not saved: {self.failure}; "
            f"{self.path} holds the last save that succeeded",
            file=sys.stderr,
        )
        return 1


def _write(out: TextIO, lines: list[str]) -> None:
    for line in lines:
        out.write(line + "\n")
    out.flush()


def _enable_completion(session: Session) -> None:
    try:
        import readline
    except ImportError:  # not on every platform; the prompt still works without completion
        return

    from toolkit.games.board.companion.completion import complete as matching

    def complete(text: str, state: int) -> str | None:
        # What comes before the word being completed decides what fits there (tiles after `move`).
        before = readline.get_line_buffer()[: readline.get_begidx()]
        matches = matching(session, before, text)
        return matches[state] if state < len(matches) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")
