"""Checks BB0812, BB0813, BB0815 and BB0816: can every rule that draws or places be served?

For every player count the game seats (:data:`toolkit.games.card.content.PLAYER_COUNTS`, 3–5; a
pack cannot narrow it), the set-up rules the expansion defines must find what they take:

- rune set-up (:func:`toolkit.games.card.rules.runes.draw_runes`): 2 runes per hunter from the
  runes in play;
- choosing the main boss: at least one main boss in play;
- placing death tokens (:func:`toolkit.games.card.rules.death_track.new_track`): one trophy track,
  and for each type it places, `per_hunter` tokens per hunter from the box (`in_box`);
- a monster's kill (:func:`toolkit.games.card.rules.death_track.monster_kills_hunter`): a token of
  each of its types on the track (BB0813).

Not covered, because the sources do not give them: the base game's Upgrade and Chalice Dungeon
decks (their sizes and how many cards each round draws are base-game rules we do not have).
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, Location, Related
from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.card.checks.types import type_paths
from toolkit.games.card.codes import (
    DEATH_TYPE_NOT_ON_TRACK,
    SUPPLY_SHORT,
    SUPPLY_UNVERIFIED,
    TRACKS_IN_PLAY,
)
from toolkit.games.card.content import PLAYER_COUNTS, CardSet, card_set
from toolkit.games.card.rules.runes import RUNES_DRAWN


def _pack_location(pack: Pack) -> Location:
    if pack.manifest_document is not None:
        return pack.manifest_document.locate(("id",))
    return Location(pack.root)


def _field_or_id(document: LoadedDocument, field: str) -> Location:
    """Where ``field`` is written, or the document's id when it is left to its default."""
    written = isinstance(document.data, dict) and field in document.data
    return document.locate((field,) if written else ("id",))


def check_supply(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Report set-up rules that cannot be served at some player count."""
    cards = card_set(index, pack.id)
    counts = PLAYER_COUNTS
    yield from _runes(pack, cards, counts)
    if not cards.main_bosses:
        yield SUPPLY_SHORT.at(
            _pack_location(pack),
            "no main boss is in play, and set-up starts by choosing one",
            hint="add a `nightmare-boss` with `main: true`, or require `hunters-nightmare`",
        )
    yield from _tracks(pack, cards)
    yield from _death_tokens(pack, cards, max(counts))
    yield from _types_on_track(pack, cards)


def _runes(pack: Pack, cards: CardSet, counts: tuple[int, ...]) -> Iterator[Diagnostic]:
    short = [n for n in counts if RUNES_DRAWN * n > len(cards.runes)]
    if not short:
        return
    needed = ", ".join(f"{RUNES_DRAWN * n} for {n}" for n in short)
    yield SUPPLY_SHORT.at(
        _pack_location(pack),
        f"{_runes_in_play(len(cards.runes))}, but every hunter draws {RUNES_DRAWN} at set-up: "
        f"{needed} hunters",
        hint=f"add runes until there are at least {RUNES_DRAWN * max(counts)}",
    )


def _runes_in_play(count: int) -> str:
    return "1 rune is in play" if count == 1 else f"{count} runes are in play"


def _tracks(pack: Pack, cards: CardSet) -> Iterator[Diagnostic]:
    if not cards.tracks:
        yield SUPPLY_SHORT.at(
            _pack_location(pack),
            "no trophy track is in play, so there is nowhere to place death tokens",
            hint="add a `trophy-track`, or require `hunters-nightmare`",
        )
        return
    first_document, first = cards.tracks[0]
    for document, track in cards.tracks[1:]:
        if document.pack_id != pack.id and first_document.pack_id != pack.id:
            continue
        mine = document if document.pack_id == pack.id else first_document
        other = first_document if mine is document else document
        yield TRACKS_IN_PLAY.at(
            mine.locate(("id",)),
            f"trophy tracks `{first.id}` and `{track.id}` are both in play; a hunter board has one",
            hint=f"to replace `{other.pack_id}:{other.model.document_key() if other.model else ''}`, "
            "give this track its id and `replaces:`",
            related=(Related(other.locate(("id",)), "the other trophy track"),),
        )


def _death_tokens(pack: Pack, cards: CardSet, largest: int) -> Iterator[Diagnostic]:
    track = cards.track
    if track is None:
        return
    for document, token in cards.death_tokens:
        if document.pack_id != pack.id or token.type not in track.death_token_types:
            continue
        needed = token.per_hunter * largest
        if token.in_box is None:
            yield SUPPLY_UNVERIFIED.at(
                document.locate(("type",)),
                f"the box count of `{token.type}` death tokens is not given, so whether "
                f"{largest} hunters can each place {token.per_hunter} was not checked",
                hint=f"add `in_box:` (at least {needed})",
            )
        elif token.in_box < needed:
            yield SUPPLY_SHORT.at(
                document.locate(("in_box",)),
                f"the box holds {token.in_box} `{token.type}` death tokens, but {largest} hunters "
                f"each place {token.per_hunter} at set-up ({needed} needed)",
                hint=f"raise `in_box` to {needed}, or lower `per_hunter`",
            )


def _types_on_track(pack: Pack, cards: CardSet) -> Iterator[Diagnostic]:
    """Monster types with a death token that the track in play does not place (BB0813)."""
    if not cards.tracks:
        return
    track_document, track = cards.tracks[0]
    placed = set(track.death_token_types)
    tokens = {token.type for _, token in cards.death_tokens}
    placing = Related(_field_or_id(track_document, "death_token_types"), "the types it places")
    missing_by_track: dict[str, str] = {}
    for document, model in cards.fighters:
        for path, name in type_paths(model):
            if name in placed or name not in tokens:
                continue  # a type without a death token at all is BB0801's
            if document.pack_id == pack.id:
                yield DEATH_TYPE_NOT_ON_TRACK.at(
                    document.locate(path),
                    f"`{name}` has a death token, but the trophy track `{track.id}` does not place "
                    f"it, so when `{model.id}` kills a hunter there is no `{name}` token to move",
                    hint=f"add `{name}` to `death_token_types` of a trophy track that replaces "
                    f"`{track_document.pack_id}:{track.id}` (same id and `replaces:`)",
                    related=(placing,),
                )
            else:
                missing_by_track.setdefault(name, model.id)
    if track_document.pack_id == pack.id:
        for name, monster in missing_by_track.items():
            yield DEATH_TYPE_NOT_ON_TRACK.at(
                _field_or_id(track_document, "death_token_types"),
                f"`{monster}` is a `{name}` monster in play, but this track places no `{name}` "
                "death token, so its kills have no token to move",
                hint=f"add `{name}` to `death_token_types`",
            )
