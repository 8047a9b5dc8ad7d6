"""`huntkit new`: plan the files of a new pack, refuse to overwrite anything, then write them.

Planning and writing are separate steps so the command can name every file that already exists
before it writes a single byte.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from toolkit import __version__
from toolkit.authoring import templates
from toolkit.authoring.install import install_spec
from toolkit.core.files import write_text_atomic
from toolkit.core.packs import builtin_schema_root
from toolkit.games import all_games

ScaffoldKind = Literal["campaign", "pack"]

BOARD_GAME = "bloodborne-board"
SCHEMA_FILE = "huntkit.schema.json"
SCHEMA_COPY_FOLDER = Path(".huntkit") / "schema"
"""Where a scaffolded pack keeps its copy of the schemas."""
PACK_SCHEMA_FILE = "pack.schema.json"
SCENARIO_TESTS_FOLDER = "tests"


class ScaffoldError(ValueError):
    """The new pack cannot be made as asked (a bad name, a game without campaigns, files in the way)."""


@dataclass(frozen=True, slots=True)
class ChapterPlan:
    """What one chapter of the skeleton campaign uses, all from the `core` pack."""

    enemies: tuple[str, str, str]
    tiles: tuple[str, str, str]
    goal_tile: str
    """The tile whose named location the hunt mission leads to; the boss appears there."""
    insight_tile: str
    """Ending a move on this tile reveals the insight mission."""
    boss: str
    insight_enemy: str


CHAPTERS = (
    ChapterPlan(
        ("scourge-beast", "hunter-mob", "huntsmans-minion"),
        ("oedon-chapel", "graveyard", "alleyway"),
        "oedon-chapel",
        "alleyway",
        "father-gascoigne",
        "hunter-mob",
    ),
    ChapterPlan(
        ("male-beast-patient", "female-beast-patient", "church-servant"),
        ("iosefkas-clinic", "ransacked-house", "barred-window"),
        "iosefkas-clinic",
        "barred-window",
        "blood-starved-beast",
        "church-servant",
    ),
    ChapterPlan(
        ("church-giant", "church-servant", "scourge-beast"),
        ("grand-cathedral", "church-of-the-good-chalice", "the-great-bridge"),
        "grand-cathedral",
        "the-great-bridge",
        "vicar-amelia",
        "church-giant",
    ),
)

_NOT_ID = re.compile(r"[^a-z0-9]+")


def pack_id_for(name: str) -> str:
    """The kebab-case pack id for a name the author typed (`My Hunt` → `my-hunt`)."""
    return _NOT_ID.sub("-", name.lower()).strip("-")


def root_for(name: str, parent: Path) -> Path:
    """The new pack's folder: its id, inside ``parent``; :class:`ScaffoldError` for a path or no id.

    ``new campaign ../../escape-hunt`` wrote two folders above the working folder, and a missing
    ``--dir`` was created with all its parents: the name is refused when it holds a path, and the
    folder it goes in must exist.
    """
    separators = {"/", os.sep, *((os.altsep,) if os.altsep else ())}
    if any(separator in name for separator in separators) or name.strip() in (".", ".."):
        raise ScaffoldError(
            f"{name!r} is a path; give the new pack's name (such as my-hunt) and say where with --dir"
        )
    pack_id = pack_id_for(name)
    if not pack_id:
        raise ScaffoldError(
            f"{name!r} has no letters a-z or digits to make a pack id from; pick a name such as my-hunt"
        )
    if os.path.lexists(parent) and not parent.is_dir():
        raise ScaffoldError(f"{parent} is a file, not a folder; nothing was written")
    if not parent.is_dir():
        raise ScaffoldError(f"the folder {parent} does not exist; create it first, or give another --dir")
    return parent / pack_id


def title_for(name: str) -> str:
    """A readable title from a folder-like name (`my-hunt` → `My Hunt`)."""
    words = [word for word in re.split(r"[-_\s]+", name) if word]
    return " ".join(word[:1].upper() + word[1:] for word in words) or name


def schema_reference(schema: Path, from_folder: Path) -> str:
    """How a file in ``from_folder`` should name ``schema`` in its modeline.

    A relative path when both share a folder other than the filesystem root (it survives moving the
    whole tree); otherwise the absolute path, which yaml-language-server also accepts.
    """
    schema = schema.resolve()
    folder = from_folder.resolve()
    common = Path(os.path.commonpath([schema, folder]))
    if common != Path(common.anchor):
        return Path(os.path.relpath(schema, folder)).as_posix()
    return schema.as_posix()


def editor_settings(schemas: str) -> str:
    """yaml-language-server settings (VS Code's `.vscode/settings.json`) that give every document of
    every YAML file its schema: a modeline covers only a file's first document, a glob covers all."""
    association = {
        f"{schemas}/{SCHEMA_FILE}": ["*.yaml", "**/*.yaml", "!pack.yaml", "!**/pack.yaml"],
        f"{schemas}/{PACK_SCHEMA_FILE}": ["pack.yaml", "**/pack.yaml"],
    }
    return json.dumps({"yaml.schemas": association}, indent=2) + "\n"


def modeline(schema: Path, from_folder: Path) -> str:
    return f"# yaml-language-server: $schema={schema_reference(schema, from_folder)}"


def plan(
    kind: ScaffoldKind,
    name: str,
    parent: Path,
    game: str = BOARD_GAME,
) -> dict[Path, str]:
    """Every file of the new pack and its text, without touching the disk.

    The folder is named by the pack's id (``My Hunt!`` → ``my-hunt/``, titled "My Hunt!"), so that
    folder and id never differ; ``name`` is a name, not a path (``--dir`` says where).
    """
    root = root_for(name, parent)
    pack_id = root.name
    games = all_games()
    if game not in games:
        raise ScaffoldError(f"unknown game {game!r}; use one of {', '.join(sorted(games))}")
    if kind == "campaign" and game != BOARD_GAME:
        raise ScaffoldError(f"campaigns are for {BOARD_GAME}; use `huntkit new pack` for {game}")
    installed = builtin_schema_root()
    # The pack carries its own copy of the schemas, so editors find them wherever the pack moves
    # (its own repository, another machine); `huntkit schema export --out .huntkit/schema` refreshes it.
    schemas = root / SCHEMA_COPY_FOLDER
    fields = {
        "pack_id": pack_id,
        "title": title_for(name.strip()),
        "game": game,
        "core": games[game].core_pack,
        "modeline": modeline(schemas / SCHEMA_FILE, root),
        "modeline_pack": modeline(schemas / PACK_SCHEMA_FILE, root),
    }
    files: dict[Path, str] = {}
    if kind == "campaign":
        files.update(_campaign_files(root, fields))
        file_list = templates.CAMPAIGN_FILES
    else:
        files[root / "pack.yaml"] = templates.PACK_ONLY.format(**fields)
        file_list = templates.PACK_FILES
    runs_tests = kind == "campaign"
    if runs_tests:
        tests = root / SCENARIO_TESTS_FOLDER
        files[tests / "campaign.yaml"] = templates.SCENARIO_TEST.format(
            **{**fields, "modeline": modeline(schemas / SCHEMA_FILE, tests)}
        )
    files[root / "README.md"] = templates.README.format(
        title=fields["title"],
        game_title=games[game].title,
        file_list=file_list,
        test_line="huntkit test .                # the scenario tests in tests/\n" if runs_tests else "",
    )
    spec, reachable = install_spec()
    files[root / ".github" / "workflows" / "huntkit.yml"] = templates.WORKFLOW.format(
        test_step=templates.WORKFLOW_TEST_STEP if runs_tests else "",
        spec=spec,
        spec_comment=(
            "It names the huntkit this pack was made with."
            if reachable
            else f"This pack was made with huntkit {__version__}: a package index must have that\n"
            "      # version, else name where CI gets huntkit."
        ),
    )
    for name in (SCHEMA_FILE, PACK_SCHEMA_FILE):
        files[schemas / name] = (installed / name).read_text(encoding="utf-8")
    files[root / ".vscode" / "settings.json"] = editor_settings(f"./{SCHEMA_COPY_FOLDER.as_posix()}")
    files[root / ".pre-commit-config.yaml"] = templates.PRE_COMMIT_CONFIG
    files[root / ".gitignore"] = templates.GITIGNORE
    return files


def _campaign_files(root: Path, fields: Mapping[str, str]) -> dict[Path, str]:
    files = {
        root / "pack.yaml": templates.PACK.format(**fields),
        root / "campaign.yaml": templates.CAMPAIGN.format(**fields),
    }
    for number, chapter in enumerate(CHAPTERS, start=1):
        first = (number - 1) * 10 + 1
        files[root / f"chapter-{number}.yaml"] = templates.CHAPTER.format(
            **fields,
            number=number,
            first=first,
            second=first + 1,
            insight_card=first + 2,
            insight=30 + number,
            enemies=", ".join(chapter.enemies),
            tiles=", ".join(chapter.tiles),
            goal_tile=chapter.goal_tile,
            insight_tile=chapter.insight_tile,
            boss=chapter.boss,
            insight_enemy=chapter.insight_enemy,
        )
    files[root / "insight-cards.yaml"] = templates.INSIGHT_CARDS.format(**fields)
    return files


def existing(files: Mapping[Path, str]) -> list[Path]:
    """The planned files that are already on disk (they are never overwritten).

    A symlink counts even when it leads nowhere: writing the file would replace the link.
    """
    return [path for path in files if os.path.lexists(path)]


def blocked_folder(files: Mapping[Path, str]) -> Path | None:
    """A file (not a folder) standing where one of the planned folders must go, if any."""
    for path in files:
        for folder in reversed(path.parents):
            if os.path.lexists(folder) and not folder.is_dir():
                return folder
    return None


def write(files: Mapping[Path, str]) -> None:
    """Write the planned files; the caller has checked that none exists.

    If one cannot be written (a read-only folder, a full disk), the files and folders made so far
    are removed again and :class:`ScaffoldError` says why: half a pack is worse than none.
    """
    made: list[Path] = []
    for path, text in files.items():
        try:
            _make_folders(path.parent, made)
            write_text_atomic(path, text)
        except OSError as error:
            _remove(made)
            reason = error.strerror or str(error)
            raise ScaffoldError(f"cannot write {path}: {reason}; nothing was left behind") from None
        made.append(path)


def _make_folders(folder: Path, made: list[Path]) -> None:
    """Create ``folder`` and the missing folders above it (the pack's own: :func:`root_for` made sure
    the folder the pack goes in exists), noting each in ``made`` as it is made."""
    missing = [parent for parent in (folder, *folder.parents) if not parent.exists()]
    for parent in reversed(missing):
        parent.mkdir()
        made.append(parent)


def _remove(made: list[Path]) -> None:
    for path in reversed(made):
        with contextlib.suppress(OSError):
            if path.is_dir():
                path.rmdir()
            else:
                path.unlink()
