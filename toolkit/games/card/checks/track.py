"""Check BB0802: a trophy track's spaces and death-token set-up are well formed."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.core.diagnostics import Diagnostic, Related
from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.card.codes import MALFORMED_TROPHY_TRACK
from toolkit.games.card.model.track import TrophyTrack


def _track_problems(document: LoadedDocument, track: TrophyTrack) -> Iterator[Diagnostic]:
    for i in range(1, len(track.spaces)):
        if track.spaces[i] <= track.spaces[i - 1]:
            yield MALFORMED_TROPHY_TRACK.at(
                document.locate(("spaces", i)),
                f"space {i + 1} has value {track.spaces[i]}, not more than the space before it "
                f"({track.spaces[i - 1]}); trophy spaces run from the lowest value to the highest",
                related=(Related(document.locate(("spaces", i - 1)), "the space before"),),
            )
    if track.death_tokens_start_after not in track.spaces:
        yield MALFORMED_TROPHY_TRACK.at(
            document.locate(("death_tokens_start_after",)),
            f"death tokens start after the space valued {track.death_tokens_start_after}, "
            "but the track has no such space",
            hint="use one of the values in `spaces` (the expansion starts them after 8)",
        )
    seen: dict[str, int] = {}
    for i, token_type in enumerate(track.death_token_types):
        if token_type in seen:
            yield MALFORMED_TROPHY_TRACK.at(
                document.locate(("death_token_types", i)),
                f"death-token type `{token_type}` is listed twice; each type is placed once "
                "(use `per_hunter` on the death token for more tokens of a type)",
                related=(Related(document.locate(("death_token_types", seen[token_type])), "first"),),
            )
        seen.setdefault(token_type, i)


def check_trophy_tracks(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Report malformed trophy tracks in ``pack``."""
    for document, track in index.models_of("trophy-track", TrophyTrack, [pack.id]):
        yield from _track_problems(document, track)
